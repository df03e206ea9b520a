package concrete

import "slices"

// This file transcribes CuTe's upcast<N> and downcast<N> of a layout
// (layout.hpp), the index maps of a reinterpretation of the elements as
// elements N times larger (upcast) or smaller (downcast).

func init() {
	register(
		&Op{Op: spec("upcast"),
			run: func(c *calc, a []Value) Value { return LayoutValue(upcastChecked(c, a[0].Layout, castFactor(a[1]))) }},
		&Op{Op: spec("downcast"),
			run: func(_ *calc, a []Value) Value { return LayoutValue(downcast(a[0].Layout, castFactor(a[1]))) }},
	)
}

// Upcast mirrors cute::upcast<N>(layout), leaf by leaf (the shape's
// structure is kept):
//   - a static `_0` stride is kept;
//   - a static stride d must divide N or be divisible by it (CuTe's
//     "Divisibility condition"); the extent becomes
//     ceil_div(s, ceil_div(N, |d|)) and the stride signum(d)*ceil_div(|d|, N),
//     so a stride-`_1` mode shrinks by N and larger strides are divided;
//   - a dynamic stride is simply divided (C++ truncation), the extent kept.
//
// `(_4,_8):(_8,_1)` with N = 2 gives `(_4,_4):(_4,_1)`. N must be positive.
//
// With a dynamic stride CuTe assumes the division exact and does not check
// it: where the all-static version of the same layout would be refused by
// the Divisibility condition, CuTe mode returns CuTe's value with a warning
// and StrictMode refuses.
//
// Post-condition (checked, "cast.function"): R reads A in elements N times
// wider, i.e. the image of R is {A(i)/N} (C++'s truncating division), for
// an injective A whose dynamic strides N divides (CuTe's assumption). It
// holds where every non-zero stride has one sign; with strides of both
// signs CuTe's value may break it: `(_2,_2):(_4,_-1)` gives
// `(_2,_1):(_2,_-1)`, whose image {0,2} misses A(3)/2 = 1 (finding 41).
// CuTe mode then returns CuTe's value with a warning and StrictMode
// refuses.
func Upcast(l Layout, n int, opts ...Option) (r Layout, err error) {
	err = guard("upcast", func() {
		requireCongruent(&l)
		var c calc
		c.apply(opts)
		r = upcastChecked(&c, l, castN(int64(n)))
	})
	return
}

// Downcast mirrors cute::downcast<N>(layout), leaf by leaf: a mode with the
// static stride `_1` or `_-1` gets N times its extent, every other stride is
// multiplied by N. CuTe requires a static `_1` stride somewhere ("Downcast
// requires adjacent elements"). `(8,5):(_1,_8)` with N = 2 gives
// `(16,5):(_1,_16)`. N must be positive.
func Downcast(l Layout, n int) (r Layout, err error) {
	err = guard("downcast", func() {
		requireCongruent(&l)
		r = downcast(l, castN(int64(n)))
	})
	return
}

// castFactor reads the template parameter N of upcast/downcast.
func castFactor(v Value) Int { return castN(int64(paramInt(v))) }

// castN is the static N of upcast<N>/downcast<N>, which must be positive.
func castN(n int64) Int {
	if n <= 0 {
		badInput("N = %d: want a positive factor", n)
	}
	return S(n)
}

// upcastChecked is CuTe's upcast<N>(layout) with its cast.function check.
func upcastChecked(c *calc, l Layout, n Int) Layout {
	r := upcast(c, l, n)
	if !checksWanted(c) || !positiveExtents(l) || size(l).val() > checkLimit {
		return r
	}
	for _, d := range l.Stride.Leaves(make([]Int, 0, l.Stride.NumLeaves())) {
		if !d.Static && remInt64(d.val(), n.val()) != 0 {
			return r // CuTe's assumption fails: static.twin's business
		}
	}
	img := make(map[int64]bool)
	for i := range size(l).val() {
		img[index(l, i)] = true
	}
	if int64(len(img)) != size(l).val() {
		return r // overlapping modes are each read wider: no one image
	}
	want := make(map[int64]bool)
	for v := range img {
		want[v/n.val()] = true
	}
	got := make(map[int64]bool)
	for i := range size(r).val() {
		got[index(r, i)] = true
	}
	// got is within want, so only a value of want can be missing: R(j) =
	// A(i)/N exactly for the i whose coordinate in each leaf is j's times
	// N/|d| where A's static stride d divides N (below A's extent, as R's
	// extent there is ceil_div(s, N/|d|)), and j's where N divides d
	// (the _0 and dynamic strides included)
	var missing []int64
	for v := range want {
		if !got[v] {
			missing = append(missing, v)
		}
	}
	if len(missing) == 0 {
		return r
	}
	w := slices.Min(missing)
	c.violated(Violation{Op: "upcast", Cond: "cast.function", Index: -1, Got: itoa(w), Want: "missing", Operands: []string{"A=" + l.String(), "N=" + itoa(n.val()), "R=" + r.String()}},
		"upcast<%d> R of A breaks cast.function (the image of R is {A(i)/N}): the index %d is missing from the image of R [A=%v R=%v]", n.val(), w, l, r)
	return r
}

// upcast is CuTe's upcast<N>(layout).
func upcast(c *calc, l Layout, n Int) Layout {
	if !l.Shape.IsLeaf() {
		return castModes(l, func(m Layout) Layout { return upcast(c, m, n) })
	}
	s, d := l.Shape.Value(), l.Stride.Value()
	switch {
	case d.IsConst(0):
		return l
	case d.Static:
		if imod(d, n).val() != 0 && imod(n, d).val() != 0 {
			refuse("Divisibility condition")
		}
		return Layout{leaf(iceilDiv(s, iceilDiv(n, iabs(d)))), leaf(imul(isignum(d), iceilDiv(iabs(d), n)))}
	}
	if d.val() != 0 && remInt64(d.val(), n.val()) != 0 && remInt64(n.val(), d.val()) != 0 {
		c.violated(Violation{Op: "upcast", Cond: "static.twin", Index: -1, Got: itoa(d.val() / n.val()), Operands: []string{"A=" + l.String(), "N=" + itoa(n.val())}},
			"upcast<%d> of the dynamic stride %d: the all-static twin is rejected by CuTe's Divisibility condition (neither divides the other); CuTe truncates %d/%d to %d", n.val(), d.val(), d.val(), n.val(), d.val()/n.val())
	}
	return Layout{l.Shape, leaf(idiv(d, n))}
}

// downcast is CuTe's downcast<N>(layout) with its static_assert.
func downcast(l Layout, n Int) Layout {
	found := false
	for _, d := range l.Stride.Leaves(make([]Int, 0, l.Stride.NumLeaves())) {
		found = found || d.IsConst(1)
	}
	if !found {
		refuse("Downcast requires adjacent elements")
	}
	return downcastModes(l, n)
}

func downcastModes(l Layout, n Int) Layout {
	if !l.Shape.IsLeaf() {
		return castModes(l, func(m Layout) Layout { return downcastModes(m, n) })
	}
	s, d := l.Shape.Value(), l.Stride.Value()
	if d.IsConst(1) || d.IsConst(-1) {
		return Layout{leaf(imul(s, n)), l.Stride}
	}
	return Layout{l.Shape, leaf(imul(d, n))}
}

// castModes is the transform_layout over the modes of a tuple-shaped layout
// that upcast and downcast recurse with: the concatenation of f of each
// mode.
func castModes(l Layout, f func(Layout) Layout) Layout {
	ms := make([]layoutOf[Int], l.Rank())
	for i := range ms {
		ms[i] = layoutOf[Int](f(l.Mode(i)))
	}
	return Layout(makeLayoutConcat(ms...))
}
