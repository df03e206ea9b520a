package rules

import (
	"fmt"

	"github.com/cutealg/cutealg/sym"
)

// The inverses (layout.hpp: right_inverse, left_inverse): coalesce, sort
// the strides, follow them from 1. Each step is a rule of
// data/inverse.rules.

// coalescedModes is CuTe's coalesce(A) as flat modes (_1:_0 for nothing).
func (w *world) coalescedModes(a sym.Layout) []mode {
	w.step("inv.coalesce", "A", nil)
	if ms := w.coalesceModes(flatModes(a)); ms != nil {
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
				r, _ := w.choose("compl.min", "stride sort", Env{"d": a, "e": b})
				swap = r.ID == "compl.min.later"
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
	for _, m := range ms {
		if _, c := sym.IsConst(m.d.E); !c && !w.static {
			panic(errStatic{"Left inverse requires static strides."})
		}
	}
	if w.static {
		w.step("inv.left.static", "A", nil)
	}
	for i, m := range ms {
		if v, ok := sym.IsConst(m.d.E); ok && v < 0 {
			w.step("inv.left.negative", fmt.Sprintf("mode %d", i), Env{"d": m.d})
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
			w.step("inv.left.zero", fmt.Sprintf("mode %d", i), Env{"d": m.d})
			continue
		}
		if prev != nil {
			w.step("inv.left.disjoint", fmt.Sprintf("mode %d", i), Env{"d": m.d, "e": prev.d.Mul(prev.s)})
		}
		prev = &ms[i]
		e := w.step("inv.left.mode", fmt.Sprintf("mode %d", i), Env{"d": m.d, "z": z, "p": pre[i]})
		shapes = append(shapes, e["h"])
		strides = append(strides, pre[i])
		z = z.Mul(e["h"])
	}
	shapes = append(shapes, ms[order[len(order)-1]].s)
	out := make([]mode, len(shapes))
	for i := range shapes {
		out[i] = mode{shapes[i], strides[i]}
	}
	return w.coalesced(out)
}
