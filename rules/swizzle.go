package rules

import (
	"fmt"

	"github.com/cutealg/cutealg/concrete"
	"github.com/cutealg/cutealg/internal/catalog"
	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/sym"
)

// Swizzles over symbols (swizzle.rules). A swizzle's parameters are
// static; the layout it is composed with and the offset may hold symbols.
// What is decidable: everything CuTe computes on the inner layout (the
// operations it forwards, and those whose answer is the inner layout's),
// and the swizzle of an index x where the assumptions fix the bits of x it
// reads: Sw<B,M,S> reads and writes only the bits below B+M+|S|, so where
// 2^(B+M+|S|) divides x - c for a constant c, Sw(x) = x - c + Sw(c). sym
// has no bitwise operations, so elsewhere the answer is an error naming
// the divisibility it needs (rule swz.apply refuses).

// swizzleImpl is swizzle(Sw, x): Swizzle<B,M,S>{}(x).
func swizzleImpl(w *world, a []sym.Value) sym.Value {
	if !a[1].Tuple.IsLeaf() {
		w.fail("argument 2: want an integer index, not the tuple %s", sym.FormatTuple(a[1].Tuple))
	}
	x := a[1].Tuple.Value()
	return intValue(w.swizzleOf(a[0].Swizzle, x, "x"))
}

// compositionSwizzleImpl is composition(Swizzle<B,M,S>{}, L): Sw o _0 o L,
// or L for the identity swizzle.
func compositionSwizzleImpl(w *world, a []sym.Value) sym.Value {
	sw, l := a[0].Swizzle, a[1].Layout
	checkSwizzle(w, sw)
	v := swizzled(&sym.Swizzled{Swizzle: sw, Offset: sym.S(0)}, layoutValue(l))
	id := "swz.compose"
	if v.Head == nil {
		id = "swz.identity"
	}
	w.step(id, "Sw o L", nil)
	w.claim(w.last(), func() (notation.Node, notation.Node) {
		return call("composition_swizzle", sw.Node(), l.Node()), v.Node()
	})
	return v
}

// checkSwizzle refuses the parameters CuTe refuses (concrete's checks).
func checkSwizzle(w *world, sw concrete.Swizzle) {
	if _, err := sw.Apply(concrete.D(0)); err != nil {
		w.fail("%v", err)
	}
}

// swizzled is CuTe's composition(Sw, O, L) of a head Sw o O and a layout
// value: the swizzled layout, or the layout alone for a swizzle of B = 0
// bits with the static offset _0 (CuTe's identity).
func swizzled(h *sym.Swizzled, v sym.Value) sym.Value {
	if c, ok := sym.IsConst(h.Offset.E); h.Swizzle.B == 0 && ok && c == 0 && h.Offset.Static {
		return v
	}
	v.Head = h
	return v
}

// swizzleOf is Sw(x) where the assumptions and guards fix the bits of x
// the swizzle reads (rule swz.apply, which refuses elsewhere), static when
// x is.
func (w *world) swizzleOf(sw concrete.Swizzle, x sym.Int, at string) sym.Int {
	checkSwizzle(w, sw)
	k := int64(1) << sw.Bits() // Bits <= 31 (checkSwizzle)
	c, _ := sym.ConstTerm(x.E) // 0 where it has none (then k must divide x itself)
	c = (c%k + k) % k
	y, err := sw.Apply(concrete.S(c))
	if err != nil {
		w.fail("%v", err)
	}
	t := sym.Mark(sym.Sub(x.E, sym.Const(c)), x.Static, x.Run)
	e := w.step("swz.apply", at, Env{"x": x, "t": t, "k": sym.S(k), "y": sym.S(y.V)})
	r := sym.Mark(e["r"].E, x.Static, x.Run)
	w.claim(w.last(), func() (notation.Node, notation.Node) {
		return call("swizzle", sw.Node(), x.Node()), r.Node()
	})
	return r
}

// swizzledArg returns the position of an argument that is a swizzled
// layout.
func swizzledArg(vals []sym.Value) (int, bool) {
	for i, v := range vals {
		if v.Head != nil {
			return i, true
		}
	}
	return 0, false
}

// swizzledImpl is the operation op with the swizzled layout at argument
// at, as CuTe treats it (catalog.ComposedUse): forwarded to the inner
// layout and composed back, answered by the inner layout, or crd2idx's
// own rule; an error for an operation without a symbolic version of its
// rule for swizzled layouts.
func swizzledImpl(op *catalog.Op, at int, f impl) (impl, error) {
	switch {
	case at == 1 && (op.Name == "composition" || op.Name == "logical_product"):
		// CuTe's composition and logical_product(Layout, ComposedLayout)
		return nil, fmt.Errorf("argument 2: %s of a layout and a swizzled layout has no symbolic version (CuTe makes a new swizzle from the layouts' values at the swizzle's bits: static integers only)", op.Name)
	case at != op.ComposedArg() || op.Composed == catalog.ComposedNo:
		return nil, fmt.Errorf("argument %d: %s takes no swizzled layout here", at+1, op.Name)
	}
	inner := func(a []sym.Value) []sym.Value {
		out := append([]sym.Value(nil), a...)
		out[at].Head = nil
		return out
	}
	var g impl
	switch {
	case op.Composed == catalog.ComposedForward:
		g = func(w *world, a []sym.Value) sym.Value {
			w.step("swz.forward", "Sw o O o L", nil)
			return swizzled(a[at].Head, f(w, inner(a)))
		}
	case op.Composed == catalog.ComposedInner:
		g = func(w *world, a []sym.Value) sym.Value {
			w.step("swz.inner", "Sw o O o L", nil)
			return f(w, inner(a))
		}
	case op.Name == "crd2idx":
		g = func(w *world, a []sym.Value) sym.Value {
			h, l := a[1].Head, a[1].Layout
			i := sym.Dyn(w.ctx.Simplify(w.crd2idx(a[0].Tuple, l.Shape, l.Stride, "c")))
			x := w.step("swz.eval", "Sw o O o L at c", Env{"o": h.Offset, "i": i})["x"]
			r := w.swizzleOf(h.Swizzle, x, "O + L(c)")
			return intValue(sym.Mark(r.E, false, r.Run))
		}
	default:
		return nil, fmt.Errorf("argument %d: %s of a swizzled layout has no symbolic version (CuTe's own rule for it is computed on integers only)", at+1, op.Name)
	}
	return func(w *world, a []sym.Value) sym.Value {
		checkSwizzle(w, a[at].Head.Swizzle) // as concrete, for every operation
		return g(w, a)
	}, nil
}
