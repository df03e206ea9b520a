package sym

import (
	"fmt"

	"github.com/cutealg/cutealg/concrete"
	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/internal/tuple"
)

// Int is a leaf of a symbolic IntTuple: a value with CuTe's static mark.
// As in concrete, a literal written _4 is static (cute::Int<4>) and 4
// dynamic; a symbol, and every expression that mentions one, is dynamic (a
// run-time int in CuTe's terms). Static is true only for constants.
//
// Run records that a dynamic literal (4, not _4) occurs in the value: it is
// a run-time integer in CuTe even where the symbols are read as static
// integers (CuTe compiled with each symbol an Int<v>, as the static oracle
// of the symbolic vectors does): L*_4 is static in that reading, L*4 is
// not. A static value never has Run set.
type Int struct {
	E      Expr
	Static bool
	Run    bool
}

// S returns the static integer v (_v).
func S(v int64) Int { return Int{E: Const(v), Static: true} }

// D returns the dynamic integer v.
func D(v int64) Int { return Int{E: Const(v), Run: true} }

// Dyn returns the dynamic integer e.
func Dyn(e Expr) Int { return Int{E: pl(e)} }

// Sym returns the dynamic symbol name (invalid names give an invalid
// value).
func Sym(name string) Int {
	e, err := Symbol(name)
	if err != nil {
		return Int{E: Invalid(err)}
	}
	return Int{E: e}
}

// Mark returns the leaf e with CuTe's marks: static where static is set and
// e is a constant; otherwise dynamic, with Run set where run is (see Int).
func Mark(e Expr, static, run bool) Int {
	_, isConst := IsConst(e)
	static = static && isConst
	return Int{E: pl(e), Static: static, Run: run && !static}
}

// Add is CuTe's a + b: static when both are.
func (a Int) Add(b Int) Int { return Mark(Add(a.E, b.E), a.Static && b.Static, a.Run || b.Run) }

// Sub is CuTe's a - b: static when both are.
func (a Int) Sub(b Int) Int { return Mark(Sub(a.E, b.E), a.Static && b.Static, a.Run || b.Run) }

// Mul is CuTe's a * b: static when both are, and the static _0 when
// either is the static _0.
func (a Int) Mul(b Int) Int {
	if a.isStaticZero() || b.isStaticZero() {
		return S(0)
	}
	return Mark(Mul(a.E, b.E), a.Static && b.Static, a.Run || b.Run)
}

func (a Int) isStaticZero() bool {
	v, ok := IsConst(a.E)
	return a.Static && ok && v == 0
}

// String prints the leaf: _4, 4, M*N.
func (a Int) String() string { return notation.Print(a.Node()) }

// Node returns the notation tree of the leaf.
func (a Int) Node() notation.Node {
	if v, ok := IsConst(a.E); ok && a.Static {
		return &notation.Int{Value: v, Static: true}
	}
	return Node(a.E)
}

// Same reports whether a and b print the same (String) without printing
// them: equal canonical forms (which print alike, and only they), and for
// a constant the same static mark.
func (a Int) Same(b Int) bool {
	pa, pb := pl(a.E), pl(b.E)
	if pa.err != nil || pb.err != nil {
		return a.String() == b.String()
	}
	if !polyEq(pa, pb) {
		return false
	}
	if _, ok := IsConst(a.E); ok {
		return a.Static == b.Static
	}
	return true
}

// IntTuple is a symbolic CuTe IntTuple: an Int or a tuple of IntTuples.
type IntTuple = tuple.T[Int]

// Layout is a symbolic CuTe Layout: congruent Shape and Stride.
type Layout struct {
	Shape, Stride IntTuple
}

// String prints the layout in CuTe's syntax: (M,N):(_1,M).
func (l Layout) String() string { return notation.Print(l.Node()) }

// Same reports whether l and m print the same (String) without printing
// them: the same tuples, leaf by leaf the same (Int.Same).
func (l Layout) Same(m Layout) bool {
	return sameTuple(&l.Shape, &m.Shape) && sameTuple(&l.Stride, &m.Stride)
}

func sameTuple(a, b *IntTuple) bool {
	if a.Arity() != b.Arity() {
		return false
	}
	if a.IsLeaf() {
		return a.Leaf().Same(*b.Leaf())
	}
	ak, bk := a.Kids(), b.Kids()
	for i := range ak {
		if !sameTuple(&ak[i], &bk[i]) {
			return false
		}
	}
	return true
}

// Node returns the notation tree of the layout.
func (l Layout) Node() notation.Node {
	return &notation.Layout{Shape: TupleNode(l.Shape), Stride: TupleNode(l.Stride)}
}

// TupleNode returns the notation tree of an IntTuple.
func TupleNode(t IntTuple) notation.Node {
	if t.IsLeaf() {
		return t.Value().Node()
	}
	ks := t.Kids()
	elems := make([]notation.Node, len(ks))
	for i, k := range ks {
		elems[i] = TupleNode(k)
	}
	return &notation.Tuple{Elems: elems}
}

// FormatTuple prints an IntTuple: (M,(_2,N*K)).
func FormatTuple(t IntTuple) string { return notation.Print(TupleNode(t)) }

// ParseInt parses one leaf: an integer expression with static marks (an
// expression is static only when it has no symbol and every literal in it
// is static: _4*_2 is _8, _4*2 is 8).
func ParseInt(src string) (Int, error) {
	n, err := notation.Parse(src)
	if err != nil {
		return Int{}, err
	}
	return IntFromNode(n)
}

// IntFromNode converts a parsed expression into a leaf.
func IntFromNode(n notation.Node) (Int, error) {
	e, err := fromNode(n)
	if err != nil {
		return Int{}, err
	}
	return Mark(e, allStatic(n), anyDynamic(n)), nil
}

// anyDynamic reports whether a dynamic literal occurs in n.
func anyDynamic(n notation.Node) bool {
	switch n := n.(type) {
	case *notation.Int:
		return !n.Static
	case *notation.Binary:
		return anyDynamic(n.X) || anyDynamic(n.Y)
	case *notation.Func:
		return anyDynamic(n.X) || anyDynamic(n.Y)
	}
	return false
}

func allStatic(n notation.Node) bool {
	switch n := n.(type) {
	case *notation.Int:
		return n.Static
	case *notation.Binary:
		return allStatic(n.X) && allStatic(n.Y)
	case *notation.Func:
		return allStatic(n.X) && allStatic(n.Y)
	}
	return false
}

// ParseTuple parses a symbolic IntTuple: (M,(_2,N*K)), M*N.
func ParseTuple(src string) (IntTuple, error) {
	n, err := notation.Parse(src)
	if err != nil {
		return IntTuple{}, err
	}
	return TupleFromNode(n)
}

// TupleFromNode converts a parsed tuple of expressions.
func TupleFromNode(n notation.Node) (IntTuple, error) {
	if t, ok := n.(*notation.Tuple); ok && t != nil {
		if t.Angle {
			return IntTuple{}, semErr(n, "an integer tuple (...)", "'<...>' is a tiler, not an integer tuple")
		}
		kids := make([]IntTuple, len(t.Elems))
		for i, e := range t.Elems {
			k, err := TupleFromNode(e)
			if err != nil {
				return IntTuple{}, err
			}
			kids[i] = k
		}
		return tuple.Of(kids...), nil
	}
	i, err := IntFromNode(n)
	if err != nil {
		return IntTuple{}, err
	}
	return tuple.Leaf(i), nil
}

// ParseLayout parses a symbolic layout Shape:Stride; shape and stride must
// be congruent.
func ParseLayout(src string) (Layout, error) {
	n, err := notation.Parse(src)
	if err != nil {
		return Layout{}, err
	}
	return LayoutFromNode(n)
}

// LayoutFromNode converts a parsed layout.
func LayoutFromNode(n notation.Node) (Layout, error) {
	ln, ok := n.(*notation.Layout)
	if !ok || ln == nil {
		return Layout{}, semErr(n, "a layout Shape:Stride", describeNode(n)+" where a layout is expected")
	}
	sh, err := TupleFromNode(ln.Shape)
	if err != nil {
		return Layout{}, err
	}
	st, err := TupleFromNode(ln.Stride)
	if err != nil {
		return Layout{}, err
	}
	if !tuple.Congruent(sh, st) {
		return Layout{}, semErr(ln.Stride, "a stride congruent with the shape", "shape and stride are not congruent")
	}
	return Layout{Shape: sh, Stride: st}, nil
}

// TupleSymbols returns the sorted names of the symbols of an IntTuple.
func TupleSymbols(t IntTuple) []string {
	seen := map[string]bool{}
	for _, l := range t.Leaves(nil) {
		for _, s := range Symbols(l.E) {
			seen[s] = true
		}
	}
	out := make([]string, 0, len(seen))
	for s := range seen {
		out = append(out, s)
	}
	sortStrings(out)
	return out
}

// EvalInt grounds a leaf at a binding that satisfies the assumptions: the
// concrete integer keeps the static mark.
func (c *Ctx) EvalInt(i Int, b Binding) (concrete.Int, error) {
	if err := c.Satisfies(b); err != nil {
		return concrete.Int{}, err
	}
	return evalInt(i, b)
}

func evalInt(i Int, b Binding) (concrete.Int, error) {
	v, err := Eval(i.E, b)
	if err != nil {
		return concrete.Int{}, err
	}
	return concrete.Int{V: v, Static: i.Static}, nil
}

// EvalTuple grounds an IntTuple at a binding that satisfies the
// assumptions.
func (c *Ctx) EvalTuple(t IntTuple, b Binding) (concrete.IntTuple, error) {
	if err := c.Satisfies(b); err != nil {
		return concrete.IntTuple{}, err
	}
	return evalTuple(t, b)
}

func evalTuple(t IntTuple, b Binding) (concrete.IntTuple, error) {
	if t.IsLeaf() {
		v, err := evalInt(t.Value(), b)
		if err != nil {
			return concrete.IntTuple{}, err
		}
		return tuple.Leaf(v), nil
	}
	ks := t.Kids()
	out := make([]concrete.IntTuple, len(ks))
	for i, k := range ks {
		v, err := evalTuple(k, b)
		if err != nil {
			return concrete.IntTuple{}, err
		}
		out[i] = v
	}
	return tuple.Of(out...), nil
}

// EvalLayout grounds a layout at a binding that satisfies the assumptions.
func (c *Ctx) EvalLayout(l Layout, b Binding) (concrete.Layout, error) {
	if err := c.Satisfies(b); err != nil {
		return concrete.Layout{}, err
	}
	return evalLayout(l, b)
}

func evalLayout(l Layout, b Binding) (concrete.Layout, error) {
	sh, err := evalTuple(l.Shape, b)
	if err != nil {
		return concrete.Layout{}, fmt.Errorf("shape: %w", err)
	}
	st, err := evalTuple(l.Stride, b)
	if err != nil {
		return concrete.Layout{}, fmt.Errorf("stride: %w", err)
	}
	return concrete.Layout{Shape: sh, Stride: st}, nil
}
