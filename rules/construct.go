package rules

import (
	"fmt"
	"strings"

	"github.com/cutealg/cutealg/internal/catalog"
	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/internal/tuple"
	"github.com/cutealg/cutealg/sym"
)

// Construction and queries (layout.hpp: make_layout with LayoutLeft and
// LayoutRight, coalesce; stride.hpp: crd2idx). Each step is a rule of
// data/construct.rules.

// compact returns the layout of a shape with compact strides, column
// major (left) or row major.
func (w *world) compact(shape sym.IntTuple, right bool) sym.Layout {
	st, _ := w.compactFrom(shape, sym.S(1), right, "")
	return sym.Layout{Shape: shape, Stride: st}
}

// compactFrom is CuTe's detail::compact<LayoutLeft/Right>(shape, d): the
// strides of the shape, column major (left) or row major, starting at d,
// and the running product after the last leaf. A static _1 extent gets
// the stride _0 and does not advance. at prefixes the steps' positions.
func (w *world) compactFrom(shape sym.IntTuple, d sym.Int, right bool, at string) (sym.IntTuple, sym.Int) {
	leaves := shape.Leaves(nil)
	strides := make([]sym.Int, len(leaves))
	id := "make.left"
	if right {
		id = "make.right"
	}
	for k := range leaves {
		i := k
		if right {
			i = len(leaves) - 1 - k
		}
		s := leaves[i]
		if isStaticConst(s, 1) {
			strides[i] = sym.S(0)
			continue
		}
		strides[i] = d
		d = w.step(id, fmt.Sprintf("%smode %d", at, i), Env{"s": s, "d": d})["d2"]
	}
	w.step("make.compact", strings.TrimSpace(at+"shape"), Env{"d": d})
	k := 0
	return tuple.Map(shape, func(sym.Int) sym.Int { k++; return strides[k-1] }), d
}

// coalesce is the documentation's coalesce: size-1 modes drop, a mode
// merges into the one before it where that is proved (d1 == s0*d0), the
// result has depth at most 1.
func (w *world) coalesce(a sym.Layout, at string) sym.Layout {
	if w.dynamic {
		w.step("coal.run-time", at, nil)
		return modesLayout(w.coalesceModes(flatModes(a)))
	}
	var out []mode
	for i, m := range flatModes(a) {
		mat := fmt.Sprintf("%s mode %d", at, i)
		if w.decide(sym.MakeCond(m.s.E, sym.EQ, sym.Const(1))) == sym.True {
			w.step("coal.unit", mat, Env{"s": m.s})
			continue
		}
		if len(out) > 0 {
			p := out[len(out)-1]
			r, e := w.choose("coal.join", mat, Env{"s0": p.s, "d0": p.d, "s1": m.s, "d1": m.d})
			if r.ID == "coal.merge" {
				w.claim(w.last(), func() (notation.Node, notation.Node) {
					return modesLayout([]mode{p, m}).Node(), leafLayout(e["s2"], p.d).Node()
				})
				out[len(out)-1] = mode{e["s2"], p.d}
				continue
			}
		} else {
			w.step("coal.first", mat, Env{"s": m.s, "d": m.d})
		}
		out = append(out, m)
	}
	if len(out) > 0 {
		last := out[len(out)-1]
		w.step("coal.done", at, Env{"s": last.s, "d": last.d})
	}
	return modesLayout(out)
}

// coalesceProfile is coalesce(A, P): by mode for a tuple profile.
func (w *world) coalesceProfile(a sym.Layout, p sym.IntTuple, at string) sym.Layout {
	if p.IsLeaf() {
		return w.coalesce(a, at)
	}
	if p.Rank() > rank(a) {
		w.fail("coalesce: the profile has %d modes, the layout %d", p.Rank(), rank(a))
	}
	w.step("coal.by-mode", at, nil)
	ks := p.Kids()
	ls := make([]sym.Layout, 0, rank(a))
	for i, k := range ks {
		ls = append(ls, w.coalesceProfile(modeOf(a, i), k, fmt.Sprintf("%s mode %d", at, i)))
	}
	for i := len(ks); i < rank(a); i++ {
		ls = append(ls, modeOf(a, i))
	}
	return concat(ls)
}

// crd2idx is CuTe's crd2idx(c, shape, stride): the inner product for a
// coordinate congruent with the shape, a colexicographic split for an
// integer coordinate over a tuple (the last mode takes the rest). The
// steps keep the sum so far (crd.inner adds a leaf's contribution to it)
// and crd.sum states it.
func (w *world) crd2idx(c sym.IntTuple, s, d sym.IntTuple, at string) sym.Expr {
	sum := sym.Dyn(sym.Const(0))
	w.crdSum(c, s, d, at, &sum)
	w.step("crd.sum", at, Env{"v": sum})
	return sum.E
}

// crdSum adds the contributions of the coordinate c over the shape s and
// stride d to sum.
func (w *world) crdSum(c sym.IntTuple, s, d sym.IntTuple, at string, sum *sym.Int) {
	if !c.IsLeaf() {
		if s.IsLeaf() || c.Rank() != s.Rank() {
			w.fail("crd2idx: the coordinate %s does not match the shape %s", sym.FormatTuple(c), sym.FormatTuple(s))
		}
		for i := 0; i < c.Rank(); i++ {
			w.crdSum(c.At(i), s.At(i), d.At(i), fmt.Sprintf("%s mode %d", at, i), sum)
		}
		return
	}
	x := c.Value()
	if s.IsLeaf() {
		*sum = w.step("crd.inner", at, Env{"c": x, "d": d.Value(), "a": *sum})["v"]
		return
	}
	last := s.Rank() - 1
	for i := 0; i < last; i++ {
		mat := fmt.Sprintf("%s mode %d", at, i)
		_, e := w.choose("crd.split-of", mat, Env{"c": x, "s": sym.Dyn(sizeOf(s.At(i)))})
		w.crdSum(tuple.Leaf(e["m"]), s.At(i), d.At(i), mat, sum)
		x = e["q"]
	}
	w.crdSum(tuple.Leaf(x), s.At(last), d.At(last), fmt.Sprintf("%s mode %d", at, last), sum)
}

func intValue(i sym.Int) sym.Value {
	return sym.Value{Kind: catalog.Tuple, Tuple: tuple.Leaf(i)}
}

// leavesMark is the leaf e computed from the leaves of ts: static when they
// all are, Run when one of them is (see sym.Int).
func leavesMark(e sym.Expr, ts ...sym.IntTuple) sym.Int {
	return sym.Mark(e, allLeavesStatic(ts...), anyRun(ts...))
}

// anyRun reports whether a leaf of ts holds a dynamic literal (sym.Int's
// Run): a value CuTe computes from them is a run-time integer in every
// reading.
func anyRun(ts ...sym.IntTuple) bool {
	for _, t := range ts {
		for _, l := range t.Leaves(nil) {
			if l.Run {
				return true
			}
		}
	}
	return false
}

func allLeavesStatic(ts ...sym.IntTuple) bool {
	for _, t := range ts {
		for _, l := range t.Leaves(nil) {
			if !l.Static {
				return false
			}
		}
	}
	return true
}

// size is CuTe's size(A): the product of the shape.
func (w *world) size(a sym.Layout) sym.Value {
	w.step("query.size", "A", nil)
	return intValue(leavesMark(sizeOf(a.Shape), a.Shape))
}

// cosize is CuTe's cosize(A): 1 + the sum of (s-1)*|d|.
func (w *world) cosize(a sym.Layout) sym.Value {
	w.step("query.cosize", "A", nil)
	ms := flatModes(a)
	abs := make([]mode, len(ms))
	for i, m := range ms {
		abs[i] = m
		if _, isC := sym.IsConst(m.d.E); isC {
			continue // cosizeOf takes a constant's magnitude
		}
		switch {
		case w.negative(m.d):
			abs[i].d.E = sym.Neg(m.d.E)
		case w.decide(sym.MakeCond(m.d.E, sym.GE, sym.Const(0))) != sym.True:
			w.fail("cosize: the sign of the stride %s is not known", m.d)
		}
	}
	return intValue(sym.Mark(cosizeOf(abs), cosizeStatic(ms), anyRun(a.Shape, a.Stride)))
}

// cosizeStatic reports whether CuTe's cosize, the sum over the modes of
// (s-_1)*abs(d), plus _1 (coshape), is a static integer: every term is,
// which takes a static _0 stride or a static shape _1 (_0*x is _0), or a
// static shape and a static stride.
func cosizeStatic(ms []mode) bool {
	for _, m := range ms {
		zero := m.d.Static && isConst(m.d, 0) || m.s.Static && isConst(m.s, 1)
		if !zero && !(m.s.Static && m.d.Static) {
			return false
		}
	}
	return true
}

// flatten is CuTe's flatten(A).
func (w *world) flatten(a sym.Layout) sym.Layout {
	w.step("make.flatten", "A", nil)
	if a.Shape.IsLeaf() {
		return a
	}
	ms := flatModes(a)
	ls := make([]sym.Layout, len(ms))
	for i, m := range ms {
		ls[i] = leafLayout(m.s, m.d)
	}
	return concat(ls)
}

// makeLayout is make_layout(S) (compact column major) or make_layout(S, D).
func (w *world) makeLayout(s sym.IntTuple, d *sym.IntTuple) sym.Layout {
	w.step("make.layout", "S", nil)
	if d == nil {
		return w.compact(s, false)
	}
	if !tuple.Congruent(s, *d) {
		w.fail("make_layout: the shape %s and the stride %s are not congruent", sym.FormatTuple(s), sym.FormatTuple(*d))
	}
	return sym.Layout{Shape: s, Stride: *d}
}

// appendPrepend is append(A, B) or prepend(A, B).
func (w *world) appendPrepend(a, b sym.Layout, front bool) sym.Layout {
	ms := modesOf(a)
	if front {
		w.step("make.prepend", "A", nil)
		return concat(append([]sym.Layout{b}, ms...))
	}
	w.step("make.append", "A", nil)
	return concat(append(ms, b))
}

// params reads a template parameter: an integer, or a flat tuple of them.
func (w *world) params(v sym.Value, what string) []int {
	var out []int
	for _, l := range v.Tuple.Leaves(nil) {
		c, ok := sym.IsConst(l.E)
		if !ok || c < -catalog.MaxParam || c > catalog.MaxParam {
			w.fail("%s: the template parameter %s is not a small integer", what, l)
		}
		out = append(out, int(c))
	}
	if !v.Tuple.IsLeaf() && v.Tuple.Depth() > 1 {
		w.fail("%s: the template parameter %s is not a flat tuple", what, sym.FormatTuple(v.Tuple))
	}
	return out
}

func (w *world) param(v sym.Value, what string) int {
	if !v.Tuple.IsLeaf() {
		w.fail("%s: the template parameter %s is not an integer", what, sym.FormatTuple(v.Tuple))
	}
	return w.params(v, what)[0]
}

// take is take<B,E>(A).
func (w *world) take(a sym.Layout, b, e int) sym.Layout {
	w.step("make.take", "A", nil)
	if b >= e {
		w.fail("take: empty range error (B=%d, E=%d)", b, e)
	}
	if b < 0 || e > rank(a) {
		w.fail("take: range out of bounds (B=%d, E=%d, rank %d)", b, e, rank(a))
	}
	return concat(modesOf(a)[b:e])
}

// selectModes is select<I0,I1,...>(A).
func (w *world) selectModes(a sym.Layout, is []int) sym.Layout {
	w.step("make.select", "A", nil)
	ms := modesOf(a)
	out := make([]sym.Layout, len(is))
	for k, i := range is {
		if i < 0 || i >= len(ms) {
			w.fail("select: Index out of range (%d for rank %d)", i, len(ms))
		}
		out[k] = ms[i]
	}
	return concat(out)
}

// group is group<B,E>(A) (E == -1 means rank(A)).
func (w *world) group(a sym.Layout, b, e int) sym.Layout {
	w.step("make.group", "A", nil)
	ms := modesOf(a)
	if e == -1 {
		e = len(ms)
	}
	if b > e {
		w.fail("group: B <= E (B=%d, E=%d)", b, e)
	}
	if b < 0 || e > len(ms) {
		w.fail("group: Index out of range (B=%d, E=%d, rank %d)", b, e, len(ms))
	}
	if b == e {
		return concat(ms) // CuTe's group takes a leaf as the tuple of its one mode
	}
	out := append(append(append([]sym.Layout{}, ms[:b]...), concat(ms[b:e])), ms[e:]...)
	return concat(out)
}

// get is layout<I0,...>(A).
func (w *world) get(a sym.Layout, path []int) sym.Layout {
	w.step("make.get", "A", nil)
	for _, i := range path {
		if i < 0 || i >= rank(a) {
			w.fail("layout<...>: Index out of range (%d for rank %d)", i, rank(a))
		}
		a = modeOf(a, i)
	}
	return a
}

// replace is replace<I>(A, B).
func (w *world) replace(a sym.Layout, i int, b sym.Layout) sym.Layout {
	w.step("make.replace", "A", nil)
	ms := modesOf(a)
	if i < 0 || i >= len(ms) {
		w.fail("replace: Index out of range (%d for rank %d)", i, len(ms))
	}
	ms[i] = b
	if len(ms) == 1 && a.Shape.IsLeaf() {
		return b
	}
	return concat(ms)
}

// orderedLayout is make_ordered_layout(shape, order) with CuTe's
// compact_order: the order is weakly congruent with the shape, and each of
// its leaves gives the sub-shape it covers column-major strides starting
// at the product of the sizes of the sub-shapes of smaller order. Dynamic
// order values are not read: they count as larger than every static one,
// left to right.
func (w *world) orderedLayout(shape, order sym.IntTuple) sym.Layout {
	var sizes []sym.Int // the size of the sub-shape of each order leaf
	var collect func(s, o sym.IntTuple)
	collect = func(s, o sym.IntTuple) {
		if o.IsLeaf() {
			sizes = append(sizes, leavesMark(sizeOf(s), s))
			return
		}
		if s.IsLeaf() || s.Rank() != o.Rank() {
			w.fail("make_ordered_layout: Need equal rank of shape and order (the order %s against the shape %s)", sym.FormatTuple(o), sym.FormatTuple(s))
		}
		for i := 0; i < o.Rank(); i++ {
			collect(s.At(i), o.At(i))
		}
	}
	collect(shape, order)
	ords := order.Leaves(nil)
	vals := make([]int64, len(ords))
	var top int64 // the largest static order value, or 0
	for i, o := range ords {
		c, isC := sym.IsConst(o.E)
		switch {
		case isC && o.Static:
			vals[i] = c
			top = max(top, c)
		case !isC && w.isStatic(o):
			// with the symbols read as static, CuTe ranks the modes by the
			// order's values: which comes first depends on the binding
			w.fail("make_ordered_layout: the order value %s is a symbol read as a static integer (CuTe compares its value with the others): not supported symbolically; give the order as static integers", o)
		}
	}
	for i, o := range ords {
		if !o.Static {
			e := w.step("make.ordered.unranked", fmt.Sprintf("order leaf %d", i), Env{"m": sym.S(top), "i": sym.S(int64(i))})
			vals[i], _ = sym.IsConst(e["o"].E)
		}
	}
	next := 0
	var strides func(s, o sym.IntTuple) sym.IntTuple
	strides = func(s, o sym.IntTuple) sym.IntTuple {
		if !o.IsLeaf() {
			kids := make([]sym.IntTuple, o.Rank())
			for i := range kids {
				kids[i] = strides(s.At(i), o.At(i))
			}
			return tuple.Of(kids...)
		}
		k := next
		next++
		at := fmt.Sprintf("order leaf %d", k)
		d := sym.S(1)
		for j, v := range vals {
			if v < vals[k] {
				d = w.step("make.ordered.before", at, Env{"d": d, "p": sizes[j]})["d2"]
			}
		}
		st, _ := w.compactFrom(s, d, false, at+" ")
		return st
	}
	return sym.Layout{Shape: shape, Stride: strides(shape, order)}
}
