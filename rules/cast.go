package rules

import (
	"fmt"

	"github.com/cutealg/cutealg/internal/tuple"
	"github.com/cutealg/cutealg/sym"
)

// The casts (layout.hpp: upcast<N> and downcast<N> of a layout), leaf by
// leaf, keeping the shape's structure. Each step is a rule of
// data/cast.rules.

// castFactor reads the template parameter N of a cast, which must be
// positive.
func (w *world) castFactor(v sym.Value, what string) sym.Int {
	n := w.param(v, what)
	if n <= 0 {
		w.fail("%s: N = %d: want a positive factor", what, n)
	}
	return sym.S(int64(n))
}

// castLeaves rebuilds a layout with f applied to each leaf mode, in order.
func castLeaves(l sym.Layout, f func(i int, m mode) mode) sym.Layout {
	ms := flatModes(l)
	for i, m := range ms {
		ms[i] = f(i, m)
	}
	k := 0
	sh := tuple.Map(l.Shape, func(sym.Int) sym.Int { k++; return ms[k-1].s })
	k = 0
	st := tuple.Map(l.Stride, func(sym.Int) sym.Int { k++; return ms[k-1].d })
	return sym.Layout{Shape: sh, Stride: st}
}

// upcast is upcast<N>(A): a static _0 stride is kept; a static stride d
// and N must divide one another, the extent becomes ceil_div(s,
// ceil_div(N, |d|)) and the stride signum(d)*ceil_div(|d|, N); a dynamic
// stride (non-negative) is divided by N (C++ truncation) and the extent
// kept, which is an error where neither divides the other (the same
// numbers made static are refused by CuTe's Divisibility condition; in
// dynamic mode, CuTe's truncation and a warning). Strides of both signs
// (a static negative one beside one not known to be at most 0) are
// refused after the leaves, cast.up.signs (finding 41: CuTe's value may
// then break cast.function); in dynamic mode, CuTe's value and a warning.
func (w *world) upcast(a sym.Layout, n sym.Int) sym.Layout {
	w.step("cast.by-mode", "A", nil)
	r := castLeaves(a, func(i int, m mode) mode {
		at := fmt.Sprintf("mode %d", i)
		if isStaticConst(m.d, 0) {
			w.step("cast.up.zero", at, Env{"s": m.s})
			return m
		}
		if v, ok := sym.IsConst(m.d.E); ok && m.d.Static {
			a, g := v, int64(1) // the rule reads |d| and the sign of d
			if v < 0 {
				a, g = -v, -1
			}
			_, e := w.choose("cast.up.static", at, Env{"a": sym.S(a), "g": sym.S(g), "n": n})
			_, x := w.choose("cast.up.extent", at, Env{"s": m.s, "c": e["c"]})
			return mode{x["s2"], e["d2"]}
		}
		d, sign := m.d, int64(1)
		if w.negative(m.d) {
			// C++ truncates toward zero: d/N is -((-d)/N)
			d, sign = w.step("cast.up.dynamic-negative", at, Env{"d": m.d})["d1"], -1
		} else if w.decide(sym.MakeCond(m.d.E, sym.GE, sym.Const(0))) != sym.True {
			// C++ truncates toward zero, the rules' floor_div toward -inf
			w.fail("upcast: the dynamic stride %s is not known to be non-negative or negative: not supported symbolically", m.d)
		}
		_, e := w.choose("cast.up.dynamic", at, Env{"d": d, "n": n})
		return mode{m.s, sym.Mark(sym.Mul(sym.Const(sign), e["d2"].E), false, m.d.Run)} // a quotient of a dynamic stride is dynamic
	})
	// upcast<1> is the identity, whatever the signs
	if d, e, ok := w.mixedStrides(a.Stride); ok && !isConst(n, 1) {
		w.step("cast.up.signs", "A", Env{"d": d, "e": e})
	}
	return r
}

// downcast is downcast<N>(A): A must have a static _1 stride; a mode of
// the static stride _1 or _-1 gets N times its extent, every other stride
// is multiplied by N.
func (w *world) downcast(a sym.Layout, n sym.Int) sym.Layout {
	adjacent := false
	for _, m := range flatModes(a) {
		adjacent = adjacent || isStaticConst(m.d, 1)
	}
	if !adjacent {
		w.fail("downcast: Downcast requires adjacent elements (no mode of the static stride _1)")
	}
	w.step("cast.down.adjacent", "A", nil)
	w.step("cast.by-mode", "A", nil)
	return castLeaves(a, func(i int, m mode) mode {
		at := fmt.Sprintf("mode %d", i)
		if isStaticConst(m.d, 1) || isStaticConst(m.d, -1) {
			return mode{w.step("cast.down.extent", at, Env{"s": m.s, "n": n})["s2"], m.d}
		}
		return mode{m.s, w.step("cast.down.stride", at, Env{"d": m.d, "n": n})["d2"]}
	})
}
