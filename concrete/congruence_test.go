package concrete

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cutealg/cutealg/internal/catalog"
	"github.com/cutealg/cutealg/internal/tuple"
)

// TestNonCongruentLayouts gives every exported operation that takes a
// Layout hand-built layouts whose shape and stride are not congruent (at
// the top level, in a mode, in a mode beyond a tiler): each call must
// return an error naming the problem, never panic and never return a
// value built from the malformed layout. Parsing cannot build such layouts;
// Go callers can.
func TestNonCongruentLayouts(t *testing.T) {
	bad := []Layout{
		{exTuple("(2,3)"), exTuple("1")},
		{exTuple("4"), exTuple("(1,2)")},
		{exTuple("(2,3,4)"), exTuple("(1,2)")},
		{exTuple("(2,(3,4))"), exTuple("(1,2)")},
		{exTuple("((2,3),4)"), exTuple("((1,2),(6,1))")},
	}
	good := exLayout("(4,8):(1,4)")
	tilers := []string{"_", "<_,_>", "<2:1,_>", "<2:1>", "(2,2)", "<2:1,(2:1,_)>"}
	type call struct {
		name string
		f    func(l Layout) (any, error)
	}
	var calls []call
	add := func(name string, f func(l Layout) (any, error)) { calls = append(calls, call{name, f}) }
	add("Upcast", func(l Layout) (any, error) { return Upcast(l, 2) })
	add("Downcast", func(l Layout) (any, error) { return Downcast(l, 2) })
	add("Coalesce", func(l Layout) (any, error) { return Coalesce(l) })
	add("CoalesceProfile", func(l Layout) (any, error) { return CoalesceProfile(l, exTuple("(1,1)")) })
	add("Filter", func(l Layout) (any, error) { return Filter(l) })
	add("Complement", func(l Layout) (any, error) { return Complement(l, exTuple("64")) })
	add("ComplementDefault", func(l Layout) (any, error) { return ComplementDefault(l) })
	add("Composition A", func(l Layout) (any, error) { return Composition(l, good) })
	add("Composition B", func(l Layout) (any, error) { return Composition(good, l) })
	add("CompositionShape", func(l Layout) (any, error) { return CompositionShape(l, exTuple("(2,2)")) })
	add("Replace", func(l Layout) (any, error) { return Replace(l, 0, good) })
	add("Take", func(l Layout) (any, error) { return Take(l, 0, 1) })
	add("Select", func(l Layout) (any, error) { return Select(l, 0) })
	add("Group", func(l Layout) (any, error) { return Group(l, 0, 1) })
	add("Get", func(l Layout) (any, error) { return Get(l, 0) })
	add("LogicalDivide A", func(l Layout) (any, error) { return LogicalDivide(l, exLayout("2:1")) })
	add("LogicalDivide B", func(l Layout) (any, error) { return LogicalDivide(good, l) })
	add("Size", func(l Layout) (any, error) { return Size(l) })
	add("Cosize", func(l Layout) (any, error) { return Cosize(l) })
	add("RightInverse", func(l Layout) (any, error) { return RightInverse(l) })
	add("LeftInverse", func(l Layout) (any, error) { return LeftInverse(l) })
	add("MaxCommonVector", func(l Layout) (any, error) { return MaxCommonVector(l, good) })
	add("MaxCommonLayout", func(l Layout) (any, error) { return MaxCommonLayout(good, l) })
	add("Nullspace", func(l Layout) (any, error) { return Nullspace(l) })
	add("PrintLayout", func(l Layout) (any, error) { return PrintLayout(l) })
	add("LogicalProduct A", func(l Layout) (any, error) { return LogicalProduct(l, exLayout("2:1")) })
	add("LogicalProduct B", func(l Layout) (any, error) { return LogicalProduct(exLayout("2:1"), l) })
	add("BlockedProduct A", func(l Layout) (any, error) { return BlockedProduct(l, good) })
	add("BlockedProduct B", func(l Layout) (any, error) { return BlockedProduct(good, l) })
	add("RakedProduct", func(l Layout) (any, error) { return RakedProduct(l, good) })
	add("TileToShape", func(l Layout) (any, error) { return TileToShape(l, exTuple("(8,8)")) })
	add("Evaluate", func(l Layout) (any, error) { return Evaluate(l) })
	byTiler := map[string]func(Layout, Tiler, ...Option) (Layout, error){
		"CompositionTiler": CompositionTiler, "LogicalDivideTiler": LogicalDivideTiler,
		"ZippedDivide": ZippedDivide, "TiledDivide": TiledDivide, "FlatDivide": FlatDivide,
		"LogicalProductTiler": LogicalProductTiler, "ZippedProduct": ZippedProduct,
		"TiledProduct": TiledProduct, "FlatProduct": FlatProduct,
	}
	for _, ts := range tilers {
		tl, err := ParseTiler(ts)
		if err != nil {
			t.Fatal(err)
		}
		for name, f := range byTiler {
			add(name+" "+ts, func(l Layout) (any, error) { return f(l, tl) })
		}
	}
	// the malformed layout as the tiler, or as an element of one
	for name, f := range byTiler {
		add(name+" by it", func(l Layout) (any, error) { return f(good, LayoutTiler(l)) })
		add(name+" by (it)", func(l Layout) (any, error) { return f(good, tupleTiler(LayoutTiler(l))) })
	}
	for _, l := range bad {
		for _, c := range calls {
			what := fmt.Sprintf("%s(%s:%s)", c.name, FormatTuple(l.Shape), FormatTuple(l.Stride))
			func() {
				defer func() {
					if p := recover(); p != nil {
						t.Errorf("%s panics: %v", what, p)
					}
				}()
				v, err := c.f(l)
				if err == nil || !strings.Contains(err.Error(), "not congruent") {
					t.Errorf("%s = %v, %v; want a not-congruent error", what, v, err)
				}
			}()
		}
	}
	// the catalogue refuses them too, for every operation with a layout or a
	// tiler argument (a tiler leaf may be a malformed layout)
	for _, op := range Ops() {
		for i, k := range op.Args {
			args := make([]Value, len(op.Args))
			for j, kj := range op.Args {
				switch kj {
				case catalog.Layout:
					args[j] = LayoutValue(good)
				case catalog.Tiler:
					args[j] = Value{Kind: ValTiler, Tiler: LayoutTiler(exLayout("2:1"))}
				case catalog.Coord:
					args[j] = Value{Kind: ValCoord, Tiler: tuple.Leaf(TilerLeaf{Kind: TileKeep})}
				case catalog.Swizzle:
					args[j] = Value{Kind: ValSwizzle, Swizzle: Swizzle{B: 1, M: 1, S: 1}}
				default:
					args[j] = Value{Kind: ValTuple, Tuple: exTuple("2")}
				}
			}
			switch k {
			case catalog.Layout:
				args[i] = LayoutValue(bad[0])
			case catalog.Tiler:
				args[i] = Value{Kind: ValTiler, Tiler: tupleTiler(LayoutTiler(bad[0]))}
			default:
				continue
			}
			if v, err := op.Apply(args); err == nil || !strings.Contains(err.Error(), "not congruent") {
				t.Errorf("%s with a non-congruent argument %d = %v, %v; want a not-congruent error", op.Name, i+1, v, err)
			}
		}
	}
}

// tupleTiler is the tiler tuple of the given elements.
func tupleTiler(ts ...Tiler) Tiler { return tuple.Of(ts...) }

// TestErrorsCarryNoValue checks that an operation refusing its input in
// strict mode returns the zero Layout with the error, not the value it
// computed before the check failed.
func TestErrorsCarryNoValue(t *testing.T) {
	r, err := Composition(exLayout("(8,_-5,39):(_1,_8,_8)"), exLayout("_3:_1"), StrictMode())
	if err == nil || r != (Layout{}) {
		t.Errorf("strict Composition = %v, %v; want the zero Layout and an error", r, err)
	}
	r, err = Complement(exLayout("(2):(1)"), exTuple("0"), StrictMode())
	if err == nil || r != (Layout{}) {
		t.Errorf("strict Complement = %v, %v; want the zero Layout and an error", r, err)
	}
}

// The concrete engine implements every operation of the catalogue
// (internal/catalog), and nothing else.
func TestCatalogueImplemented(t *testing.T) {
	for _, spec := range catalog.All() {
		op, ok := Lookup(spec.Name)
		if !ok {
			t.Errorf("%s: in the catalogue, not implemented by concrete", spec.Name)
			continue
		}
		if op.Op != spec || (op.run == nil) == (op.layout == nil) {
			t.Errorf("%s: implementation not bound to its catalogue entry, or not exactly one of run and layout", spec.Name)
		}
	}
	if n, m := len(Ops()), len(catalog.All()); n != m {
		t.Errorf("concrete implements %d operations, the catalogue has %d", n, m)
	}
}
