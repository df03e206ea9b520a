package rules

import (
	"fmt"

	"github.com/cutealg/cutealg/internal/tuple"
	"github.com/cutealg/cutealg/sym"
)

// The inverses (layout.hpp: right_inverse, left_inverse): coalesce, sort
// the strides, follow them from 1. Each step is a rule of
// data/inverse.rules.

// coalescedModes is CuTe's coalesce(A) as flat modes (_1:_0 for nothing).
func (w *world) coalescedModes(a sym.Layout) []mode {
	ms := w.coalesceModes(flatModes(a))
	// (the step follows the decisions of which modes are size 1)
	w.step("inv.coalesce", "A", nil)
	if ms != nil {
		return ms
	}
	return []mode{{sym.S(1), sym.S(0)}}
}

// prefixProducts returns 1, s0, s0*s1, ... for the modes.
func prefixProducts(ms []mode) []sym.Int {
	p := []sym.Int{sym.S(1)}
	for _, m := range ms {
		p = append(p, p[len(p)-1].Mul(m.s))
	}
	return p
}

// exchangeSort orders the indices by stride as CuTe's compile-time
// detail::SortByKey does: an exchange sort (a[j] and a[i] swap when
// a[j] < a[i]), which does not keep the order of equal strides. Symbolic
// strides (read as static) are compared with the stride-sort rules.
func (w *world) exchangeSort(idx []int, ms []mode) {
	for i := range idx {
		for j := i + 1; j < len(idx); j++ {
			a, b := ms[idx[i]].d, ms[idx[j]].d
			ca, ok1 := sym.IsConst(a.E)
			cb, ok2 := sym.IsConst(b.E)
			swap := false
			if ok1 && ok2 {
				swap = cb < ca
			} else {
				r, _ := w.choose("inv.min", "stride sort", Env{"d": a, "e": b})
				swap = r.ID == "inv.min.later"
			}
			if swap {
				idx[i], idx[j] = idx[j], idx[i]
			}
		}
	}
}

// rightInverse is right_inverse(A).
func (w *world) rightInverse(a sym.Layout) sym.Layout {
	ms := w.coalescedModes(a)
	pre := prefixProducts(ms)
	var order []int
	for i, m := range ms {
		if _, c := sym.IsConst(m.d.E); m.d.Static && c {
			order = append(order, i)
		} else {
			w.step("inv.right.skip", fmt.Sprintf("mode %d", i), Env{"d": m.d})
		}
	}
	w.exchangeSort(order, ms)
	out := []mode{{sym.S(1), sym.S(0)}}
	curr := sym.S(1)
	for _, i := range order {
		m := ms[i]
		if !curr.Static || !sym.Equal(m.d.E, curr.E) {
			continue
		}
		e := w.step("inv.right.follow", fmt.Sprintf("mode %d", i), Env{"s": m.s, "d": m.d, "p": pre[i], "c": curr})
		out = append(out, mode{m.s, pre[i]})
		curr = e["c2"]
	}
	w.step("inv.right.end", "R", Env{"c": curr})
	return w.coalesced(out)
}

// coalesced is CuTe's coalesce of flat modes as a layout.
func (w *world) coalesced(ms []mode) sym.Layout {
	if c := w.coalesceModes(ms); c != nil {
		return modesLayout(c)
	}
	return leafLayout(sym.S(1), sym.S(0))
}

// leftInverse is left_inverse(A).
func (w *world) leftInverse(a sym.Layout) sym.Layout {
	ms := w.coalescedModes(a)
	for i, m := range ms {
		if !w.isStatic(m.d) { // CuTe asks for static strides, not constant ones
			if w.static {
				// read static already: a dynamic literal
				w.step("inv.left.dynamic-literal", fmt.Sprintf("mode %d", i), Env{"d": m.d})
			}
			panic(errStatic{"Left inverse requires static strides."})
		}
	}
	if w.static {
		w.step("inv.left.static", "A", nil)
	}
	// a negative stride: one of the two forms the rules derive, or
	// (other) CuTe's fold with a warning in dynamic mode, else an error
	neg, opp := negativeForm(ms)
	other := false
	for i, m := range ms {
		if v, ok := sym.IsConst(m.d.E); ok && v < 0 {
			switch {
			case neg < 0 && !other:
				w.leftNegative(fmt.Sprintf("mode %d", i), m.d)
				other = true
			case neg == i && opp < 0:
				w.step("inv.left.reverse", fmt.Sprintf("mode %d", i), Env{"d": m.d})
			}
		} else if !ok && w.decide(sym.MakeCond(m.d.E, sym.GE, sym.Const(1))) != sym.True {
			w.step("inv.left.positive", fmt.Sprintf("mode %d", i), Env{"d": m.d})
		}
	}
	pre := prefixProducts(ms)
	order := make([]int, len(ms))
	for i := range order {
		order[i] = i
	}
	w.exchangeSort(order, ms)
	var shapes []sym.Int
	strides := []sym.Int{sym.S(0)}
	z := sym.S(1)
	var prev *mode
	for _, i := range order {
		m := ms[i]
		if w.decide(sym.MakeCond(m.d.E, sym.EQ, sym.Const(0))) == sym.True {
			w.step("inv.left.zero", fmt.Sprintf("mode %d", i), Env{"d": m.d, "s": m.s})
			continue
		}
		switch {
		case prev == nil || other: // CuTe's fold, nothing shown
		case i == opp && endsA(a, ms, i):
			w.step("inv.left.opposite-last", fmt.Sprintf("mode %d", i), Env{"d": prev.d, "s": prev.s, "t": m.s})
		case i == opp:
			w.step("inv.left.opposite", fmt.Sprintf("mode %d", i), Env{"d": prev.d, "s": prev.s, "t": m.s})
		default:
			w.step("inv.left.disjoint", fmt.Sprintf("mode %d", i), Env{"d": m.d, "e": prev.d.Mul(prev.s)})
		}
		prev = &ms[i]
		e := w.step("inv.left.mode", fmt.Sprintf("mode %d", i), Env{"d": m.d, "z": z, "p": pre[i], "s": m.s})
		shapes = append(shapes, e["h"])
		strides = append(strides, pre[i])
		z = e["z2"]
	}
	last := ms[order[len(order)-1]].s
	w.step("inv.left.end", "R", Env{"s": last, "z": z})
	shapes = append(shapes, last)
	out := make([]mode, len(shapes))
	for i := range shapes {
		out[i] = mode{shapes[i], strides[i]}
	}
	return w.coalesced(out)
}

// leftNegative is the step of inv.left.negative at the mode at with the
// stride d: an error, or in dynamic mode CuTe's value (the fold goes on)
// with a warning.
func (w *world) leftNegative(at string, d sym.Int) {
	r, _ := w.set.Rule("inv.left.negative")
	if e := (Env{"d": d}); w.unchecked(r, e) {
		w.applyLets(r, at, e, true, true)
		return
	}
	w.step("inv.left.negative", at, Env{"d": d})
}

// endsA reports whether the coalesced mode i of A (ms) holds A's last
// leaf: it is the last coalesced mode and that leaf is not a static _1
// (which the coalesce drops). CuTe's index of A then gives the mode the
// whole quotient, wrapping no coordinate.
func endsA(a sym.Layout, ms []mode, i int) bool {
	flat := flatModes(a)
	return i == len(ms)-1 && !isStaticConst(flat[len(flat)-1].s, 1)
}

// negativeForm finds the two forms of a left_inverse with a negative
// stride that the rules derive (inv.left.reverse, inv.left.opposite):
// every stride a constant, exactly one negative (its mode neg), and no
// other non-zero stride (opp -1) or exactly one, the negative one's
// opposite (its mode opp). Otherwise neg is -1 (and so is opp).
func negativeForm(ms []mode) (neg, opp int) {
	neg, opp = -1, -1
	var vals []int64
	for _, m := range ms {
		v, ok := sym.IsConst(m.d.E)
		if !ok {
			return -1, -1
		}
		vals = append(vals, v)
	}
	for i, v := range vals {
		switch {
		case v < 0 && neg >= 0, v > 0 && opp >= 0:
			return -1, -1
		case v < 0:
			neg = i
		case v > 0:
			opp = i
		}
	}
	if neg < 0 || (opp >= 0 && vals[opp] != -vals[neg]) {
		return -1, -1
	}
	return neg, opp
}

// commonPrefix is what max_common_vector and max_common_layout share:
// R = right_inverse(B), and the first mode of CuTe's coalesce(A o R); ok
// reports whether that mode has a static extent and the static stride _1.
// Where the composition is not the function A o R the case is an error
// (the composition's own conditions), so that in every other case
// A(R(i)) == i == B(R(i)) for i below the mode's extent.
func (w *world) commonPrefix(a, b sym.Layout) (inv sym.Layout, first mode, ok bool) {
	w.step("common.inverse", "A, B", nil)
	inv = w.rightInverse(b)
	first = mode{sym.S(1), sym.S(0)}
	if ms := w.coalesceModes(flatModes(w.compose(a, inv))); ms != nil {
		first = ms[0]
	}
	return inv, first, first.s.Static && isStaticConst(first.d, 1)
}

// maxCommonVector is max_common_vector(A, B): the static extent n of the
// first mode of coalesce(A o right_inverse(B)) when its stride is the
// static _1, else _1.
func (w *world) maxCommonVector(a, b sym.Layout) sym.Value {
	_, first, ok := w.commonPrefix(a, b)
	if !ok {
		w.step("common.none", "A o R", nil)
		return intValue(sym.S(1))
	}
	w.step("common.vector", "A o R", Env{"n": first.s})
	return intValue(first.s) // static (commonPrefix's ok)
}

// maxCommonLayout is max_common_layout(A, B): right_inverse(B) o n:_1
// with n as in maxCommonVector, or _1:_0.
func (w *world) maxCommonLayout(a, b sym.Layout) sym.Layout {
	inv, first, ok := w.commonPrefix(a, b)
	if !ok {
		w.step("common.none", "A o R", nil)
		return leafLayout(sym.S(1), sym.S(0))
	}
	w.step("common.layout", "R", Env{"n": first.s})
	return w.compose(inv, leafLayout(first.s, first.d))
}

// nullspace is nullspace(A): the modes of flatten(A) with the static
// stride _0, each at the stride its coordinates have in the column-major
// numbering of flatten(shape(A)), so that A(K(i)) == 0; _1:_0 when there
// is none (dynamic zero strides are not seen, as in CuTe).
func (w *world) nullspace(a sym.Layout) sym.Layout {
	w.step("null.compact", "A", nil)
	rs, _ := w.compactFrom(tuple.Flatten(a.Shape), sym.S(1), false, "flatten(shape(A)) ")
	idx := rs.Leaves(nil)
	var out []mode
	for i, m := range flatModes(a) {
		if isStaticConst(m.d, 0) {
			w.step("null.keep", fmt.Sprintf("mode %d", i), Env{"s": m.s, "d": idx[i]})
			out = append(out, mode{m.s, idx[i]})
		}
	}
	if len(out) == 0 {
		w.step("null.none", "A", nil)
	}
	return modesLayout(out)
}
