package concrete

import "github.com/cutealg/cutealg/internal/tuple"

// This file transcribes CuTe's coalesce family (layout.hpp: bw_coalesce,
// coalesce_x, coalesce, coalesce with a target profile, filter_zeros,
// filter) and the shape-only coalesce of int_tuple.hpp. Every merge decision
// is taken at "compile time" exactly as CuTe takes it: two modes merge only
// when the front of the accumulated shape is static and s*d == d' is a
// static truth, and only static `_1` modes are dropped.

var (
	coalesceOp = newLayoutOp("coalesce", func(_ calc, x opArgs) Layout { return Layout(coalesce(layoutOf[Int](x.a))) })
	filterOp   = newLayoutOp("filter", func(_ calc, x opArgs) Layout { return Layout(filter(layoutOf[Int](x.a))) })
)

func init() {
	register(
		&Op{Op: spec("coalesce"), layout: coalesceOp},
		&Op{Op: spec("coalesce_profile"),
			run: func(_ *calc, a []Value) Value {
				return LayoutValue(Layout(coalesceProfile(layoutOf[Int](a[0].Layout), a[1].Tuple)))
			}},
		&Op{Op: spec("filter"), layout: filterOp},
	)
}

// Coalesce mirrors cute::coalesce(layout): it flattens the layout and merges
// adjacent modes s0:d0, s1:d1 into s0*s1:d0 where d1 == s0*d0 is known
// statically, dropping static size-`_1` modes. Dynamic values are never
// merged, so `(2,3):(1,2)` stays as it is while `(_2,_3):(_1,_2)` becomes
// `_6:_1`; a single remaining mode is unwrapped and a layout of only `_1`
// modes becomes `_1:_0`.
//
// Post-conditions (CuTe's @post): size(result) == size(layout),
// depth(result) <= 1, and result(i) == layout(i) for 0 <= i < size(layout).
func Coalesce(l Layout, opts ...Option) (r Layout, err error) {
	err = run(coalesceOp, &r, &operands{a: &l}, opts)
	return
}

// CoalesceProfile mirrors cute::coalesce(layout, trg_profile), the by-mode
// coalesce: where the profile is an integer the corresponding sub-layout is
// coalesced as a whole; where it is a tuple the layout's modes are treated
// one by one (modes beyond the profile's rank are kept unchanged). Only the
// tuple structure of the profile matters, not its values.
//
// Post-conditions: the result has the profile's structure down to its
// integer terminals, and each coalesced sub-layout keeps its size and its
// values.
func CoalesceProfile(l Layout, profile IntTuple, opts ...Option) (r Layout, err error) {
	err = guard("coalesce_profile", func() {
		requireCongruent(&l)
		r = Layout(coalesceProfile(layoutOf[Int](l), profile))
	})
	return
}

// Filter mirrors cute::filter(layout) = coalesce(filter_zeros(layout)): it
// replaces the shape of every static stride-`_0` mode with `_1` and
// coalesces, removing broadcast modes and size-1 modes. Dynamic zero strides
// are not recognised (CuTe only sees static `_0`). A layout with nothing left
// is `_1:_0`.
//
// Post-condition: the image of the result equals the image of the layout.
func Filter(l Layout, opts ...Option) (r Layout, err error) {
	err = run(filterOp, &r, &operands{a: &l}, opts)
	return
}

// flatModes returns the modes of flatten(l): the leaves of its shape and of
// its stride, in order, as two new slices. Like requireCongruent, it
// refuses a layout whose shape and stride are not congruent.
func flatModes[I integer[I]](l layoutOf[I]) (shape, stride []I) {
	// one allocation, with room for the mode bw_coalesce appends
	n := l.Shape.NumLeaves() + 1
	buf := make([]I, 2*n)
	shape, stride, ok := appendModes(buf[:0:n], buf[n:n], l.Shape, l.Stride)
	if !ok {
		notCongruent(plainLayout(l))
	}
	return shape, stride
}

// flatLayout is the layout of the modes shape[i]:stride[i] (at least one):
// a single mode is an integral layout s:d, as bw_coalesce leaves it, more
// modes a tuple of them.
func flatLayout[I integer[I]](shape, stride []I) layoutOf[I] {
	if len(shape) == 1 {
		return layoutOf[I]{tuple.Leaf(shape[0]), tuple.Leaf(stride[0])}
	}
	sh := make([]tuple.T[I], 2*len(shape))
	st := sh[len(shape):]
	sh = sh[:len(shape)]
	for i := range shape {
		sh[i], st[i] = tuple.Leaf(shape[i]), tuple.Leaf(stride[i])
	}
	return layoutOf[I]{tuple.Of(sh...), tuple.Of(st...)}
}

// bwCoalesce is CuTe's detail::bw_coalesce: it walks the flat modes
// shape[i]:stride[i] from the back to the front, starting from the
// accumulated front mode s:d, and for each mode
//   - skips it when its shape is the static `_1`;
//   - replaces the accumulated mode when that is still the integer `_1`;
//   - merges it into the front when the front shape is static and
//     shape[i]*stride[i] == front stride is a static truth;
//   - prepends it otherwise.
//
// The accumulated shape stays an integer until the first prepend. At the end
// an integer `_1` becomes `_1:_0`. The argument slices are overwritten.
func bwCoalesce[I integer[I]](shape, stride []I, s, d I) layoutOf[I] {
	// The accumulated modes are kept at the end of the argument slices:
	// mode I is only read before position I is overwritten, so the merge
	// can run in place. The front is at position pos.
	n := len(shape)
	shape, stride = append(shape, s), append(stride, d)
	pos := n
	for i := n - 1; i >= 0; i-- {
		si, di := shape[i], stride[i]
		switch {
		case si.IsConst(1):
			// a static size-1 mode contributes nothing
		case pos == n && shape[pos].IsConst(1):
			shape[pos], stride[pos] = si, di
		case shape[pos].isStatic() && si.mul(di).staticEq(stride[pos]):
			shape[pos], stride[pos] = si.mul(shape[pos]), di
		default:
			pos--
			shape[pos], stride[pos] = si, di
		}
	}
	if pos == n && shape[n].IsConst(1) {
		shape[n], stride[n] = static[I](1), static[I](0)
	}
	return flatLayout(shape[pos:], stride[pos:])
}

// coalesce is cute::coalesce(layout): bw_coalesce of the flattened layout
// from its last mode. It cannot break its post-conditions.
func coalesce[I integer[I]](l layoutOf[I]) layoutOf[I] {
	sh, st := flatModes(l)
	return bwCoalesceAll(sh, st, false)
}

// coalesceX is CuTe's detail::coalesce_x(layout), the coalesce that
// composition applies to its left operand: like coalesce, but a static `_1`
// last mode starts the walk as `_2` with its own stride, so that the
// function is kept beyond the layout's domain too (the last mode absorbs
// indices past the size).
func coalesceX[I integer[I]](l layoutOf[I]) layoutOf[I] {
	sh, st := flatModes(l)
	return bwCoalesceAll(sh, st, true)
}

// bwCoalesceAll starts bw_coalesce from the last flat mode (as coalesce, or
// as coalesce_x when x is set).
func bwCoalesceAll[I integer[I]](sh, st []I, x bool) layoutOf[I] {
	r := len(sh)
	if r == 0 {
		badInput("the layout has no modes")
	}
	s := sh[r-1]
	if x && s.IsConst(1) {
		s = static[I](2)
	}
	return bwCoalesce(sh[:r-1], st[:r-1], s, st[r-1])
}

// coalesceProfile is cute::coalesce(layout, trg_profile): coalesce at the
// integer terminals of the profile, mode by mode where it is a tuple (the
// modes of the layout beyond the profile are kept as they are).
func coalesceProfile[I integer[I]](l layoutOf[I], profile IntTuple) layoutOf[I] {
	if profile.IsLeaf() {
		return coalesce(l)
	}
	return byMode(l, profile.Rank(), true, func(i int, m layoutOf[I]) layoutOf[I] {
		return coalesceProfile(m, profile.At(i))
	})
}

// byMode is CuTe's transform_layout of a layout with a tuple of rank n (a
// profile or a tiler): the result is make_layout of f(i, layout<i>) for
// i < n, followed by the remaining modes of l when keepRest is set (else
// they are dropped). CuTe requires n <= rank(l) (a static_assert).
func byMode[I any](l layoutOf[I], n int, keepRest bool, f func(i int, m layoutOf[I]) layoutOf[I]) layoutOf[I] {
	r := l.rank()
	checkModes(n, r)
	if !keepRest {
		r = n
	}
	kids := make([]tuple.T[I], 2*r)
	sh, st := kids[:r], kids[r:]
	for i := range r {
		m := l.mode(i)
		if i < n {
			m = f(i, m)
		}
		sh[i], st[i] = m.Shape, m.Stride
	}
	return layoutOf[I]{tuple.Of(sh...), tuple.Of(st...)}
}

// filter is cute::filter(layout) = coalesce(filter_zeros(layout)): the
// shape of every static `_0`-stride mode becomes `_1`, and bw_coalesce drops
// it.
func filter[I integer[I]](l layoutOf[I]) layoutOf[I] {
	sh, st := flatModes(l)
	for i, d := range st {
		if d.IsConst(0) {
			sh[i] = static[I](1)
		}
	}
	return bwCoalesceAll(sh, st, false)
}

// coalesceLeaves is the shape-only cute::coalesce(shape) of layout.hpp on
// the leaves ls[from:] of the flattened shape: a left fold that multiplies
// each leaf into the last accumulated one when both are static or both are
// dynamic, and appends it otherwise; a single result is an integer. The
// fold is done in place; ls[:from] is kept.
func coalesceLeaves[I integer[I]](ls []I, from int) []I {
	if len(ls) == from {
		badInput("empty shape")
	}
	n := from
	for _, a := range ls[from+1:] {
		if ls[n].isStatic() == a.isStatic() {
			ls[n] = ls[n].mul(a)
		} else {
			n++
			ls[n] = a
		}
	}
	return ls[:n+1]
}
