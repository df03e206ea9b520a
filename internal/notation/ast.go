package notation

// Pos is a position in the parsed text: Line and Col are 1-based (Col counts
// bytes), Offset is the 0-based byte offset.
type Pos struct {
	Offset, Line, Col int
}

// Node is any parsed value: an expression (Int, Sym, Binary, Func), the
// underscore `_`, a Tuple, a Layout, a Swizzle, a Composed layout, a scaled
// Basis element, a condition (Compare, Logic, Not) or a Call. The interface is sealed. Pos returns the position of the node's
// first character (for Binary, Layout, Compare and Logic, that of the left
// operand).
type Node interface {
	Pos() Pos
	node()
}

// Int is an integer literal. Static is true for CuTe's compile-time integers,
// written with a leading underscore: `_4`, `_-1`.
type Int struct {
	P      Pos
	Value  int64
	Static bool
}

// Sym is a symbolic integer (a name): `M`, `N0`, `tile_m`.
type Sym struct {
	P    Pos
	Name string
}

// Binary is X Op Y with Op one of '+', '-', '*', '/' (exact division) and '%'.
type Binary struct {
	P    Pos
	Op   byte
	X, Y Node
}

// Func is a call of one of the integer functions ceil_div, floor_div, min and
// max, always with two arguments.
type Func struct {
	P    Pos
	Name string
	X, Y Node
}

// Underscore is CuTe's `_` (keep this mode) inside a tiler.
type Underscore struct {
	P Pos
}

// Tuple is `(e0,e1,...)`, or `<e0,e1,...>` when Angle is set (the docs'
// notation for a tiler). A 1-tuple `(8)` is a Tuple, distinct from the
// integer 8.
type Tuple struct {
	P     Pos
	Elems []Node
	Angle bool
}

// Layout is Shape:Stride.
type Layout struct {
	P             Pos
	Shape, Stride Node
}

// Compare is X Op Y with Op one of "==", "!=", "<", "<=", ">", ">=".
type Compare struct {
	P    Pos
	Op   string
	X, Y Node
}

// Logic is X Op Y with Op "&&" or "||" over conditions.
type Logic struct {
	P    Pos
	Op   string
	X, Y Node
}

// Not is `!X` over a condition.
type Not struct {
	P Pos
	X Node
}

// Swizzle is CuTe's Swizzle<B,M,S> as CuTe prints it: `Sw<3,4,3>`. The
// parser takes any three int64 parameters (S may be negative); whether
// they form a valid swizzle is for the engine to say.
type Swizzle struct {
	P       Pos
	B, M, S int64
}

// Composed is CuTe's ComposedLayout as CuTe prints it: `A o O o B`, the
// function A(O + B(c)). A is a Swizzle or a Layout, O an offset (an integer
// or a tuple), B a Layout; the parser takes any elements there and leaves
// the kinds to the engine.
type Composed struct {
	P       Pos
	A, O, B Node
}

// Basis is a scaled basis element as CuTe prints one: `_1@0`, `2@1@0`, the
// integer Value at the position Modes (printed after the value, in CuTe's
// order: the innermost mode first). It appears as the strides of an
// identity layout, `(_2,_3):(_1@0,_1@1)`.
type Basis struct {
	P     Pos
	Value *Int
	Modes []int64
}

// Call is an operation applied to arguments: `logical_divide(A, B)`.
type Call struct {
	P    Pos
	Name string
	Args []Node
}

// Pos returns the position of the first character of the Int.
func (n *Int) Pos() Pos { return n.P }

// Pos returns the position of the first character of the Sym.
func (n *Sym) Pos() Pos { return n.P }

// Pos returns the position of the first character of the Binary.
func (n *Binary) Pos() Pos { return n.P }

// Pos returns the position of the first character of the Func.
func (n *Func) Pos() Pos { return n.P }

// Pos returns the position of the first character of the Underscore.
func (n *Underscore) Pos() Pos { return n.P }

// Pos returns the position of the first character of the Tuple.
func (n *Tuple) Pos() Pos { return n.P }

// Pos returns the position of the first character of the Layout.
func (n *Layout) Pos() Pos { return n.P }

// Pos returns the position of the first character of the Compare.
func (n *Compare) Pos() Pos { return n.P }

// Pos returns the position of the first character of the Logic.
func (n *Logic) Pos() Pos { return n.P }

// Pos returns the position of the first character of the Not.
func (n *Not) Pos() Pos { return n.P }

// Pos returns the position of the first character of the Swizzle.
func (n *Swizzle) Pos() Pos { return n.P }

// Pos returns the position of the first character of the Composed.
func (n *Composed) Pos() Pos { return n.P }

// Pos returns the position of the first character of the Basis.
func (n *Basis) Pos() Pos { return n.P }

// Pos returns the position of the first character of the Call.
func (n *Call) Pos() Pos { return n.P }

func (*Int) node()        {}
func (*Sym) node()        {}
func (*Binary) node()     {}
func (*Func) node()       {}
func (*Underscore) node() {}
func (*Tuple) node()      {}
func (*Layout) node()     {}
func (*Compare) node()    {}
func (*Logic) node()      {}
func (*Not) node()        {}
func (*Call) node()       {}
func (*Swizzle) node()    {}
func (*Composed) node()   {}
func (*Basis) node()      {}
