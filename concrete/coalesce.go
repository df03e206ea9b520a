package concrete

import (
	"strconv"
	"unsafe"
)

// This file transcribes CuTe's coalesce family (layout.hpp: bw_coalesce,
// coalesce_x, coalesce, coalesce with a target profile, filter_zeros,
// filter) and the shape-only coalesce of int_tuple.hpp. Every merge decision
// is taken at "compile time" exactly as CuTe takes it: two modes merge only
// when the front of the accumulated shape is static and s*d == d' is a
// static truth, and only static `_1` modes are dropped.

var (
	coalesceOp = newLayoutOp("coalesce", func(c calc, x opArgs) Layout { return coalesce(&c, x.a) })
	filterOp   = newLayoutOp("filter", func(c calc, x opArgs) Layout { return filter(&c, x.a) })
)

func init() {
	register(
		&Op{Op: spec("coalesce"), layout: coalesceOp},
		&Op{Op: spec("coalesce_profile"),
			run: func(c *calc, a []Value) Value { return LayoutValue(coalesceProfile(c, a[0].Layout, a[1].Tuple)) }},
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
		var c calc
		c.apply(opts)
		r = coalesceProfile(&c, l, profile)
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

// flatLayout is a layout of depth <= 1 held as parallel slices: the form
// bw_coalesce produces and composition consumes. A single mode is a plain
// integer shape (CuTe's integral shape, see scalar), never a rank-1 tuple:
// bw_coalesce unwraps a single remaining mode.
//
// The strides are held as a pointer to the first of len(shape) values
// rather than a second slice: a struct of at most four machine words is
// kept in registers, while a larger one is copied through memory at every
// call and return, and such copies stall the processor's store forwarding
// (measured: a third of the time of a small complement).
type flatLayout struct {
	shape []Int
	st    *Int
}

// flat returns the flat layout of the modes shape[i]:stride[i]. The slices
// must have the same length, at least 1: anything else is a bug of this
// package, and panics.
func flat(shape, stride []Int) flatLayout {
	if len(shape) != len(stride) || len(shape) == 0 {
		panic("concrete: flat layout of " + strconv.Itoa(len(shape)) + " shapes and " + strconv.Itoa(len(stride)) + " strides")
	}
	return flatLayout{shape: shape, st: &stride[0]}
}

// stride returns the strides of f.
func (f flatLayout) stride() []Int { return unsafe.Slice(f.st, len(f.shape)) }

// scalar reports that the shape is a plain integer rather than a tuple.
func (f flatLayout) scalar() bool { return len(f.shape) == 1 }

// layout converts f into a Layout whose nodes come from c.nodes (c may be
// nil).
func (f flatLayout) layout(c *calc) Layout {
	if f.scalar() {
		return Layout{leaf(f.shape[0]), leaf(f.stride()[0])}
	}
	sh := c.nodes(2 * len(f.shape))
	st := sh[len(f.shape):]
	sh = sh[:len(f.shape)]
	for i := range f.shape {
		sh[i], st[i] = leaf(f.shape[i]), leaf(f.stride()[i])
	}
	return Layout{tup(sh...), tup(st...)}
}

// flatLeaves returns the leaves of the layout *s:*d (shape and stride are
// passed as pointers to the trees), stored in m when
// it has room (nil: on the heap). When zeros is set, the shape of every
// static `_0`-stride leaf is replaced with `_1` (CuTe's filter_zeros). Like
// requireCongruent, it refuses a layout whose shape and stride are not
// congruent.
func flatLeaves(m *modeScratch, s, d *IntTuple, zeros bool) (shape, stride []Int) {
	shape, stride = m.slices()
	shape, stride, ok := appendModes(shape, stride, *s, *d)
	if !ok {
		notCongruent(Layout{*s, *d})
	}
	if zeros {
		for i, di := range stride {
			if di.IsConst(0) {
				shape[i] = S(1)
			}
		}
	}
	return shape, stride
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
// an integer `_1` becomes `_1:_0`. The result reuses the storage of the
// argument slices, which must not be used afterwards.
func bwCoalesce(shape, stride []Int, s, d Int) flatLayout {
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
		case shape[pos].Static && Eq(imul(si, di), stride[pos]).StaticTrue():
			shape[pos], stride[pos] = imul(si, shape[pos]), di
		default:
			pos--
			shape[pos], stride[pos] = si, di
		}
	}
	if pos == n && shape[n].IsConst(1) {
		shape[n], stride[n] = S(1), S(0)
	}
	return flat(shape[pos:], stride[pos:])
}

// coalesce is cute::coalesce(layout). It cannot break its post-conditions,
// so it reports nothing through c (which only supplies the result's memory).
func coalesce(c *calc, l Layout) Layout {
	var m modeScratch
	return coalesceFlat(&m, &l.Shape, &l.Stride).layout(c)
}

// coalesceFlat is coalesce returning the flat form, stored in m when it has
// room.
func coalesceFlat(m *modeScratch, s, d *IntTuple) flatLayout {
	sh, st := flatLeaves(m, s, d, false)
	return bwCoalesceAll(sh, st, false)
}

// coalesceX is CuTe's detail::coalesce_x(layout), the coalesce that
// composition applies to its left operand: like coalesce, but a static `_1`
// last mode starts the walk as `_2` with its own stride, so that the
// function is kept beyond the layout's domain too (the last mode absorbs
// indices past the size).
// The result is stored in m when it has room.
func coalesceX(m *modeScratch, s, d *IntTuple) flatLayout {
	sh, st := flatLeaves(m, s, d, false)
	return bwCoalesceAll(sh, st, true)
}

// bwCoalesceAll starts bw_coalesce from the last flat mode (as coalesce, or
// as coalesce_x when x is set).
func bwCoalesceAll(sh, st []Int, x bool) flatLayout {
	r := len(sh)
	if r == 0 {
		badInput("the layout has no modes")
	}
	s := sh[r-1]
	if x && s.IsConst(1) {
		s = S(2)
	}
	return bwCoalesce(sh[:r-1], st[:r-1], s, st[r-1])
}

// coalesceProfile is cute::coalesce(layout, trg_profile): coalesce at the
// integer terminals of the profile, mode by mode where it is a tuple (the
// modes of the layout beyond the profile are kept as they are).
func coalesceProfile(c *calc, l Layout, profile IntTuple) Layout {
	if profile.IsLeaf() {
		return coalesce(c, l)
	}
	return byMode(l, profile.Rank(), true, func(i int, m Layout) Layout {
		return coalesceProfile(c, m, profile.At(i))
	})
}

// byMode is CuTe's transform_layout of a layout with a tuple of rank n (a
// profile or a tiler): the result is make_layout of f(i, layout<i>) for
// i < n, followed by the remaining modes of l when keepRest is set (else
// they are dropped). CuTe requires n <= rank(l) (a static_assert).
func byMode(l Layout, n int, keepRest bool, f func(i int, m Layout) Layout) Layout {
	r := l.Rank()
	checkModes(n, r)
	if !keepRest {
		r = n
	}
	kids := make([]IntTuple, 2*r)
	sh, st := kids[:r], kids[r:]
	for i := range r {
		m := l.Mode(i)
		if i < n {
			m = f(i, m)
		}
		sh[i], st[i] = m.Shape, m.Stride
	}
	return Layout{tup(sh...), tup(st...)}
}

// filter is cute::filter(layout) = coalesce(filter_zeros(layout)).
func filter(c *calc, l Layout) Layout {
	var m modeScratch
	return filterFlat(&m, &l.Shape, &l.Stride).layout(c)
}

// filterFlat is filter returning the flat form, stored in m when it has
// room.
func filterFlat(m *modeScratch, s, d *IntTuple) flatLayout {
	sh, st := flatLeaves(m, s, d, true)
	return bwCoalesceAll(sh, st, false)
}

// coalesceLeaves is the shape-only cute::coalesce(shape) of layout.hpp on
// the leaves ls[from:] of the flattened shape: a left fold that multiplies
// each leaf into the last accumulated one when both are static or both are
// dynamic, and appends it otherwise; a single result is an integer. The
// fold is done in place; ls[:from] is kept.
func coalesceLeaves(ls []Int, from int) []Int {
	if len(ls) == from {
		badInput("empty shape")
	}
	n := from
	for _, a := range ls[from+1:] {
		if ls[n].Static == a.Static {
			ls[n] = imul(ls[n], a)
		} else {
			n++
			ls[n] = a
		}
	}
	return ls[:n+1]
}
