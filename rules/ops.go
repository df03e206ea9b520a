package rules

import (
	"errors"
	"fmt"

	"github.com/cutealg/cutealg/internal/catalog"
	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/internal/tuple"
	"github.com/cutealg/cutealg/sym"
)

// impl computes one operation of the catalogue in a world.
type impl func(w *world, args []sym.Value) sym.Value

var impls = map[string]impl{
	"composition": func(w *world, a []sym.Value) sym.Value {
		return layoutValue(w.compose(a[0].Layout, a[1].Layout))
	},
	"composition_tiler": func(w *world, a []sym.Value) sym.Value {
		return layoutValue(w.composeTiler(a[0].Layout, a[1].Tiler, "T"))
	},
	"composition_shape": func(w *world, a []sym.Value) sym.Value {
		return layoutValue(w.composeTiler(a[0].Layout, shapeTiler(a[1].Tuple), "S"))
	},
	"complement": func(w *world, a []sym.Value) sym.Value {
		return layoutValue(w.complement(a[0].Layout, a[1].Tuple, "A"))
	},
	"logical_divide": func(w *world, a []sym.Value) sym.Value {
		return layoutValue(w.logicalDivide(a[0].Layout, a[1].Layout, "A / B"))
	},
	"logical_divide_tiler": func(w *world, a []sym.Value) sym.Value {
		return layoutValue(w.divideTiler(a[0].Layout, a[1].Tiler, "A / T"))
	},
	"zipped_divide": func(w *world, a []sym.Value) sym.Value {
		return layoutValue(w.arrange(w.divideTiler(a[0].Layout, a[1].Tiler, "A / T"), a[1].Tiler, "zipped", "div", "A / T"))
	},
	"tiled_divide": func(w *world, a []sym.Value) sym.Value {
		return layoutValue(w.arrange(w.divideTiler(a[0].Layout, a[1].Tiler, "A / T"), a[1].Tiler, "tiled", "div", "A / T"))
	},
	"flat_divide": func(w *world, a []sym.Value) sym.Value {
		return layoutValue(w.arrange(w.divideTiler(a[0].Layout, a[1].Tiler, "A / T"), a[1].Tiler, "flat", "div", "A / T"))
	},
	"logical_product": func(w *world, a []sym.Value) sym.Value {
		return layoutValue(w.logicalProduct(a[0].Layout, a[1].Layout, "A x B"))
	},
	"logical_product_tiler": func(w *world, a []sym.Value) sym.Value {
		return layoutValue(w.productTiler(a[0].Layout, a[1].Tiler, "A x T"))
	},
	"zipped_product": func(w *world, a []sym.Value) sym.Value {
		return layoutValue(w.arrange(w.productTiler(a[0].Layout, a[1].Tiler, "A x T"), a[1].Tiler, "zipped", "prod", "A x T"))
	},
	"tiled_product": func(w *world, a []sym.Value) sym.Value {
		return layoutValue(w.arrange(w.productTiler(a[0].Layout, a[1].Tiler, "A x T"), a[1].Tiler, "tiled", "prod", "A x T"))
	},
	"flat_product": func(w *world, a []sym.Value) sym.Value {
		return layoutValue(w.arrange(w.productTiler(a[0].Layout, a[1].Tiler, "A x T"), a[1].Tiler, "flat", "prod", "A x T"))
	},
	"blocked_product": func(w *world, a []sym.Value) sym.Value {
		return layoutValue(w.blockedRaked(a[0].Layout, a[1].Layout, false))
	},
	"raked_product": func(w *world, a []sym.Value) sym.Value {
		return layoutValue(w.blockedRaked(a[0].Layout, a[1].Layout, true))
	},
	"make_layout_left": func(w *world, a []sym.Value) sym.Value {
		return layoutValue(w.compact(a[0].Tuple, false))
	},
	"make_layout_right": func(w *world, a []sym.Value) sym.Value {
		return layoutValue(w.compact(a[0].Tuple, true))
	},
	"coalesce": func(w *world, a []sym.Value) sym.Value {
		return layoutValue(w.coalesce(a[0].Layout, "A"))
	},
	"coalesce_profile": func(w *world, a []sym.Value) sym.Value {
		return layoutValue(w.coalesceProfile(a[0].Layout, a[1].Tuple, "A"))
	},
	"crd2idx": func(w *world, a []sym.Value) sym.Value {
		l := a[1].Layout
		e := w.crd2idx(a[0].Tuple, l.Shape, l.Stride, "c")
		return sym.Value{Kind: catalog.Tuple, Tuple: tuple.Leaf(sym.Dyn(w.ctx.Simplify(e)))}
	},
	"right_inverse": func(w *world, a []sym.Value) sym.Value {
		return layoutValue(w.rightInverse(a[0].Layout))
	},
	"left_inverse": func(w *world, a []sym.Value) sym.Value {
		return layoutValue(w.leftInverse(a[0].Layout))
	},
	"complement_default": func(w *world, a []sym.Value) sym.Value {
		f := w.filter(a[0].Layout)
		m := sym.S(1)
		if f != nil {
			m = sym.Int{E: cosizeOf(f), Static: allStatic(f)}
		}
		return layoutValue(w.complement(a[0].Layout, tuple.Leaf(m), "A"))
	},
}

// NotYet lists the operations of the catalogue with a symbolic version
// (catalog.Op.Symbolic) that the engine does not compute yet; a test keeps
// it honest.
var NotYet = map[string]string{}

func init() {
	for _, op := range catalog.All() {
		if _, ok := impls[op.Name]; !ok && op.Symbolic() {
			NotYet[op.Name] = "not yet written: its rules and algorithm come in a later change"
		}
	}
}

func layoutValue(l sym.Layout) sym.Value { return sym.Value{Kind: catalog.Layout, Layout: l} }

// shapeTiler reads a shape as a tiler whose integers n mean n:_1.
func shapeTiler(s sym.IntTuple) sym.Tiler {
	if s.IsLeaf() {
		return tuple.Leaf(sym.TilerLeaf{Kind: sym.TileInt, Int: s.Value()})
	}
	ks := s.Kids()
	out := make([]sym.Tiler, len(ks))
	for i, k := range ks {
		out[i] = shapeTiler(k)
	}
	return tuple.Of(out...)
}

// Request is a symbolic operation: a catalogue name, its arguments in the
// notation, and the assumptions.
type Request struct {
	Op     string
	Args   []string
	Assume []string
}

// Compute answers a symbolic request.
func Compute(req Request) (Answer[sym.Value], error) {
	op, ok := catalog.Lookup(req.Op)
	if !ok {
		return Answer[sym.Value]{}, fmt.Errorf("unknown operation %q", req.Op)
	}
	f, ok := impls[req.Op]
	if !ok {
		if why, listed := NotYet[req.Op]; listed {
			return Answer[sym.Value]{}, fmt.Errorf("%s: symbolic version %s", req.Op, why)
		}
		return Answer[sym.Value]{}, fmt.Errorf("%s: no symbolic version (its result is %s)", req.Op, op.Result)
	}
	if len(req.Args) < op.MinArgs || len(req.Args) > len(op.Args) {
		return Answer[sym.Value]{}, fmt.Errorf("%s: wrong number of arguments: got %d, want %s", req.Op, len(req.Args), op.Usage())
	}
	ctx := sym.NewCtx()
	for i, a := range req.Assume {
		var err error
		if ctx, err = ctx.With(a); err != nil {
			return Answer[sym.Value]{}, fmt.Errorf("assumption %d %q: %w", i+1, a, err)
		}
	}
	vals := make([]sym.Value, len(req.Args))
	for i, a := range req.Args {
		n, err := notation.Parse(a)
		if err != nil {
			return Answer[sym.Value]{}, fmt.Errorf("argument %d: %w", i+1, err)
		}
		if vals[i], err = sym.ArgFromNode(n, op.Args[i]); err != nil {
			return Answer[sym.Value]{}, fmt.Errorf("argument %d: %w", i+1, err)
		}
	}
	ans, err := run(Standard(), ctx, func(w *world) sym.Value { return f(w, vals) })
	if err != nil {
		var ne *sym.NeedsError
		if errors.As(err, &ne) {
			return Answer[sym.Value]{}, err
		}
		return Answer[sym.Value]{}, fmt.Errorf("%s: %w", req.Op, err)
	}
	return merge(ans), nil
}

// merge joins the branches whose outcomes print the same: when every
// branch has the same value, the answer is plain.
func merge(a Answer[sym.Value]) Answer[sym.Value] {
	if len(a.Branches) < 2 {
		return a
	}
	first := a.Branches[0]
	for _, b := range a.Branches[1:] {
		if (b.Err == nil) != (first.Err == nil) {
			return a
		}
		if b.Err == nil && b.Value.String() != first.Value.String() {
			return a
		}
		if b.Err != nil && b.Err.Error() != first.Err.Error() {
			return a
		}
	}
	return Answer[sym.Value]{Branches: []Branch[sym.Value]{{Value: first.Value, Err: first.Err, Steps: first.Steps}}}
}

// Implemented reports whether the engine computes the operation.
func Implemented(op string) bool { _, ok := impls[op]; return ok }

func allStatic(ms []mode) bool {
	for _, m := range ms {
		if !m.s.Static || !m.d.Static {
			return false
		}
	}
	return true
}
