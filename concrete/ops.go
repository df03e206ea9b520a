package concrete

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/cutealg/cutealg/internal/catalog"
	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/internal/tuple"
)

// ValueKind says which field of a Value is set.
type ValueKind uint8

const (
	// ValLayout: Value.Layout.
	ValLayout ValueKind = iota
	// ValTuple: Value.Tuple (an integer or an IntTuple).
	ValTuple
	// ValTiler: Value.Tiler.
	ValTiler
	// ValText: Value.Text (evaluate's comma list).
	ValText
	// ValComposed: Value.Composed (a ComposedLayout).
	ValComposed
	// ValSwizzle: Value.Swizzle.
	ValSwizzle
	// ValPair: a layout and its offset (Value.Composed when it is set,
	// Value.Layout otherwise; the offset in Value.Tuple), printed as CuTe
	// prints the tuple: `((_4):(_1),8)`.
	ValPair
	// ValBasis: Value.Basis (a layout with scaled-basis strides).
	ValBasis
	// ValCoord: Value.Tiler holding a coordinate (integers and `_`).
	ValCoord
)

// Value is an argument or a result of an operation of the catalogue.
type Value struct {
	Kind     ValueKind
	Layout   Layout
	Tuple    IntTuple
	Tiler    Tiler
	Text     string
	Composed *Composed
	Swizzle  Swizzle
	Basis    *BasisLayout
}

// String prints v exactly as CuTe prints it.
func (v Value) String() string {
	switch v.Kind {
	case ValLayout:
		return v.Layout.String()
	case ValTuple:
		return FormatTuple(v.Tuple)
	case ValTiler, ValCoord:
		return FormatTiler(v.Tiler)
	case ValComposed, ValSwizzle, ValPair, ValBasis:
		return notation.Print(extNode(v))
	default:
		return v.Text
	}
}

// LayoutValue wraps a layout as a Value.
func LayoutValue(l Layout) Value { return Value{Kind: ValLayout, Layout: l} }

// TupleValue wraps an integer or IntTuple as a Value.
func TupleValue(t IntTuple) Value { return Value{Kind: ValTuple, Tuple: t} }

// TilerValue wraps a tiler as a Value.
func TilerValue(t Tiler) Value { return Value{Kind: ValTiler, Tiler: t} }

// Op is the concrete engine's implementation of one entry of the operation
// catalogue (internal/catalog, shared by the CLI, the oracle, the symbolic
// engine and the tests; each operation also has a typed Go function). Its
// name, argument kinds and CuTe call are the catalogue's. Apply checks
// argument kinds, refuses layouts whose shape and stride are not congruent,
// and refuses non-positive extents; the typed functions refuse the first two
// as well but follow CuTe on non-positive extents.
type Op struct {
	*catalog.Op
	// run computes the operation on arguments Apply has checked; an
	// operation whose result is a layout has layout set instead (it runs
	// through the planner).
	run    func(c *calc, args []Value) Value
	layout *layoutOp
}

// layoutOp is an operation whose operands are layouts, a tiler or an
// integer tuple and whose result is a layout: the operations the planner
// (plan.go) can replay. f is its CuTe transcription; the exported function
// calls it through run (plan.go), the catalogue's entry (Op.layout) through
// apply. (f takes the mode and the operands by value: what a function
// value is given by pointer escapes to the heap.)
type layoutOp struct {
	name string // the operation named in errors
	id   int    // the operation's index in the planner's tables
	f    func(c calc, x opArgs) Layout
}

// opArgs are the operands of a layoutOp's transcription, those of its
// operands it does not have left zero.
type opArgs struct {
	a, b Layout
	t    Tiler
	m    IntTuple
}

// operands are the operands of one call of a layoutOp: layouts a and b,
// tiler t and integer tuple m, each nil when the operation has no such
// operand.
type operands struct {
	a, b *Layout
	t    *Tiler
	m    *IntTuple
}

// maxLayoutOps bounds the number of layoutOps (the planner keeps a table
// indexed by layoutOp.id).
const maxLayoutOps = 64

var layoutOps int

// newLayoutOp declares the operation name computed by the transcription f.
// It is called only in package variable declarations.
func newLayoutOp(name string, f func(c calc, x opArgs) Layout) *layoutOp {
	if layoutOps == maxLayoutOps {
		panic("concrete: more than maxLayoutOps layout operations")
	}
	op := &layoutOp{name: name, id: layoutOps, f: f}
	layoutOps++
	return op
}

// compute runs op's transcription on x after refusing layouts whose shape
// and stride are not congruent (see requireCongruent).
func (op *layoutOp) compute(c *calc, x *operands) Layout {
	requireOperands(x)
	y := opArgs{a: *x.a}
	if x.b != nil {
		y.b = *x.b
	}
	if x.t != nil {
		y.t = *x.t
	}
	if x.m != nil {
		y.m = *x.m
	}
	return op.f(*c, y)
}

// requireOperands refuses operands x with a layout whose shape and stride
// are not congruent (see requireCongruent).
func requireOperands(x *operands) {
	requireCongruent(x.a)
	if x.b != nil {
		requireCongruent(x.b)
	}
	if x.t != nil {
		requireTiler(x.t)
	}
}

// apply is the catalogue's entry for op: it runs op on arguments converted
// and checked by Op.Apply, through the planner like the exported function.
func (op *layoutOp) apply(c *calc, args []Value) Value {
	var x operands
	for i := range args {
		switch v := &args[i]; v.Kind {
		case ValLayout:
			if x.a == nil {
				x.a = &v.Layout
			} else {
				x.b = &v.Layout
			}
		case ValTiler:
			x.t = &v.Tiler
		case ValTuple:
			x.m = &v.Tuple
		}
	}
	var r Layout
	c.planned(&r, op, &x)
	return LayoutValue(r)
}

var implemented = map[string]*Op{}

// spec returns the catalogue entry an implementation binds to.
func spec(name string) *catalog.Op {
	op, ok := catalog.Lookup(name)
	if !ok {
		panic("concrete: " + name + " is not in the catalogue")
	}
	return op
}

// register adds implementations; called from the init functions of the
// files that implement them.
func register(ops ...*Op) {
	for _, op := range ops {
		if _, dup := implemented[op.Name]; dup {
			panic("concrete: duplicate op " + op.Name)
		}
		implemented[op.Name] = op
	}
}

// Lookup returns the implementation of an operation of the catalogue.
func Lookup(name string) (*Op, bool) {
	op, ok := implemented[name]
	return op, ok
}

// Ops returns every implemented operation, sorted by name (every operation
// of the catalogue: a test checks it).
func Ops() []*Op {
	ops := make([]*Op, 0, len(implemented))
	for _, op := range implemented {
		ops = append(ops, op)
	}
	slices.SortFunc(ops, func(a, b *Op) int { return cmp.Compare(a.Name, b.Name) })
	return ops
}

// Apply runs the operation on already converted arguments.
func (op *Op) Apply(args []Value, opts ...Option) (v Value, err error) {
	err = guard(op.Name, func() {
		if len(args) < op.MinArgs || len(args) > len(op.Args) {
			badInput("wrong number of arguments: got %d, want %s", len(args), op.Usage())
		}
		for i, a := range args {
			checkArg(i, a, op.Args[i])
		}
		var c calc
		c.apply(opts)
		v = op.call(&c, args)
	})
	return
}

// checkArg refuses an argument of the wrong kind, layouts whose shape and
// stride are not congruent (see requireCongruent), and non-positive extents:
// CuTe's algebra is defined for positive shapes only (with zero or negative
// extents CuTe divides by zero or returns meaningless values), so shapes of
// layouts, integer tiler elements and shape arguments must be >= 1. Strides
// and coordinates may be zero or negative.
func checkArg(i int, v Value, k catalog.ArgKind) {
	want := map[catalog.ArgKind]ValueKind{catalog.Layout: ValLayout, catalog.Tuple: ValTuple, catalog.Param: ValTuple, catalog.Shape: ValTuple, catalog.Tiler: ValTiler, catalog.Coord: ValCoord, catalog.Swizzle: ValSwizzle}[k]
	if k == catalog.Layout && v.Kind == ValComposed && v.Composed != nil {
		// the operation's catalogue entry says whether it takes one (Op.call)
		checkSwizzle(v.Composed.Swizzle)
		v = LayoutValue(v.Composed.Layout)
	}
	if v.Kind != want {
		badInput("argument %d: want a %s", i+1, k)
	}
	switch k {
	case catalog.Layout:
		requireCongruent(&v.Layout)
		positiveShape(i, "shape", v.Layout.Shape)
	case catalog.Shape:
		positiveShape(i, "shape", v.Tuple)
	case catalog.Swizzle:
		checkSwizzle(v.Swizzle)
	case catalog.Tiler:
		tuple.Fold(v.Tiler, 0, func(_ int, lf TilerLeaf) int {
			switch lf.Kind {
			case TileLayout:
				requireCongruent(&lf.Layout)
				positiveShape(i, "tiler shape", lf.Layout.Shape)
			case TileInt:
				positiveShape(i, "tiler element", tuple.Leaf(lf.Int))
			}
			return 0
		})
	}
}

func positiveShape(i int, what string, t IntTuple) {
	tuple.Fold(t, 0, func(_ int, x Int) int {
		if x.val() < 1 {
			badInput("argument %d: %s extent %s is not positive", i+1, what, x)
		}
		return 0
	})
}

// ApplyText parses the arguments (CuTe print syntax, one string each) as
// the kinds the operation expects and runs it. This is the path of the
// oracle, the vectors test and the CLI.
func ApplyText(name string, args []string, opts ...Option) (Value, error) {
	op, ok := Lookup(name)
	if !ok {
		return Value{}, &Error{Op: name, Kind: BadInput, Msg: "unknown operation"}
	}
	if len(args) < op.MinArgs || len(args) > len(op.Args) {
		return Value{}, &Error{Op: name, Kind: BadInput, Msg: fmt.Sprintf("wrong number of arguments: got %d, want %s", len(args), op.Usage())}
	}
	vals := make([]Value, len(args))
	for i, a := range args {
		n, err := notation.Parse(a)
		if err != nil {
			return Value{}, &Error{Op: name, Kind: BadInput, Msg: fmt.Sprintf("argument %d: %v", i+1, err)}
		}
		v, err := convert(n, op.Args[i])
		if err != nil {
			return Value{}, &Error{Op: name, Kind: BadInput, Msg: fmt.Sprintf("argument %d: %v", i+1, err)}
		}
		vals[i] = v
	}
	return op.Apply(vals, opts...)
}

// Eval evaluates a call expression such as
// `logical_divide(coalesce((4,2,3):(2,1,8)), 4:2)`, or a plain layout.
// Nested calls are evaluated innermost first; warnings of every step are
// reported. When a nested call fails, its *Error carries the position of
// that call in the expression (Error.Pos).
func Eval(n notation.Node, opts ...Option) (Value, error) {
	return evalCall(n, false, opts)
}

// evalCall is Eval of n, a nested argument when nested is set.
func evalCall(n notation.Node, nested bool, opts []Option) (Value, error) {
	call, ok := n.(*notation.Call)
	if !ok {
		switch n.(type) {
		case *notation.Layout, *notation.Composed:
			return convert(n, catalog.Layout)
		case *notation.Swizzle:
			return convert(n, catalog.Swizzle)
		}
		return convert(n, catalog.Tiler)
	}
	op, ok := Lookup(call.Name)
	if !ok {
		return Value{}, semErr(call, "an operation name", "unknown operation %q", call.Name)
	}
	if len(call.Args) < op.MinArgs || len(call.Args) > len(op.Args) {
		return Value{}, semErr(call, op.Usage(), "%s: wrong number of arguments: got %d", call.Name, len(call.Args))
	}
	vals := make([]Value, len(call.Args))
	for i, a := range call.Args {
		var v Value
		var err error
		if _, isCall := a.(*notation.Call); isCall {
			v, err = evalCall(a, true, opts)
			if err == nil {
				v, err = coerce(a, v, op.Args[i])
			}
		} else {
			v, err = convert(a, op.Args[i])
		}
		if err != nil {
			return Value{}, err
		}
		vals[i] = v
	}
	v, err := op.Apply(vals, opts...)
	if e, ok := err.(*Error); ok && nested {
		e.Pos = call.Pos()
	}
	return v, err
}

// convert turns a parsed argument into a Value of the wanted kind.
func convert(n notation.Node, k catalog.ArgKind) (Value, error) {
	switch k {
	case catalog.Layout:
		if _, ok := n.(*notation.Composed); ok {
			cl, err := ComposedFromNode(n)
			return ComposedValue(cl), err
		}
		l, err := LayoutFromNode(n)
		return LayoutValue(l), err
	case catalog.Coord:
		t, err := CoordFromNode(n)
		return Value{Kind: ValCoord, Tiler: t}, err
	case catalog.Swizzle:
		sw, err := SwizzleFromNode(n)
		return Value{Kind: ValSwizzle, Swizzle: sw}, err
	case catalog.Tiler:
		t, err := TilerFromNode(n)
		return TilerValue(t), err
	default:
		t, err := TupleFromNode(n)
		return TupleValue(t), err
	}
}

// coerce adapts the result of a nested call to the kind an argument wants.
func coerce(n notation.Node, v Value, k catalog.ArgKind) (Value, error) {
	switch {
	case k == catalog.Layout && (v.Kind == ValLayout || v.Kind == ValComposed),
		(k == catalog.Tuple || k == catalog.Param || k == catalog.Shape) && v.Kind == ValTuple,
		k == catalog.Tiler && v.Kind == ValTiler:
		return v, nil
	case k == catalog.Tiler && v.Kind == ValLayout:
		return TilerValue(LayoutTiler(v.Layout)), nil
	}
	return Value{}, semErr(n, "a "+k.String(), "the result of %s is not a %s", notation.Print(n), k)
}

// ParseArg parses one argument of the given kind from CuTe's print syntax,
// as ApplyText does: a layout (or a composed layout), a coordinate, a
// swizzle, a tiler, or an integer tuple.
func ParseArg(src string, k catalog.ArgKind) (Value, error) {
	n, err := notation.Parse(src)
	if err != nil {
		return Value{}, err
	}
	return convert(n, k)
}
