package rules

import (
	"github.com/cutealg/cutealg/internal/tuple"
	"github.com/cutealg/cutealg/sym"
)

// mode is one flat mode s:d of a layout.
type mode struct{ s, d sym.Int }

// flatModes lists the leaves of a layout as modes, in order.
func flatModes(l sym.Layout) []mode {
	// the leaves of both in one list
	ss := l.Shape.Leaves(make([]sym.Int, 0, 2*l.Shape.NumLeaves()))
	ds := l.Stride.Leaves(ss[len(ss):])
	out := make([]mode, len(ss))
	for i := range ss {
		out[i] = mode{ss[i], ds[i]}
	}
	return out
}

// leafLayout is the layout s:d.
func leafLayout(s, d sym.Int) sym.Layout {
	return sym.Layout{Shape: tuple.Leaf(s), Stride: tuple.Leaf(d)}
}

// modesLayout is the layout whose modes are ms: a leaf for one mode, a
// tuple otherwise (_1:_0 for none).
func modesLayout(ms []mode) sym.Layout {
	switch len(ms) {
	case 0:
		return leafLayout(sym.S(1), sym.S(0))
	case 1:
		return leafLayout(ms[0].s, ms[0].d)
	}
	ls := make([]sym.Layout, len(ms))
	for i, m := range ms {
		ls[i] = leafLayout(m.s, m.d)
	}
	return concat(ls)
}

// concat is the layout whose top-level modes are ls.
func concat(ls []sym.Layout) sym.Layout {
	sh := make([]sym.IntTuple, len(ls))
	st := make([]sym.IntTuple, len(ls))
	for i, l := range ls {
		sh[i], st[i] = l.Shape, l.Stride
	}
	return sym.Layout{Shape: tuple.Of(sh...), Stride: tuple.Of(st...)}
}

// modeOf returns mode i of a layout (a layout of rank 1 is its own mode 0).
func modeOf(l sym.Layout, i int) sym.Layout {
	if l.Shape.IsLeaf() {
		return l
	}
	return sym.Layout{Shape: l.Shape.At(i), Stride: l.Stride.At(i)}
}

// rank is the number of top-level modes (1 for a leaf).
func rank(l sym.Layout) int {
	if l.Shape.IsLeaf() {
		return 1
	}
	return l.Shape.Rank()
}

func isConst(i sym.Int, v int64) bool {
	c, ok := sym.IsConst(i.E)
	return ok && c == v
}

func isStaticConst(i sym.Int, v int64) bool { return i.Static && isConst(i, v) }
