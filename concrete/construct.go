package concrete

import "github.com/cutealg/cutealg/internal/tuple"

// This file transcribes CuTe's layout construction and the operations that
// treat a layout as a tuple of modes (layout.hpp: make_layout and its
// overloads, make_ordered_layout, get/layout<I...>, take, select, flatten,
// append, prepend, replace, group; stride.hpp: compact_major,
// compact_order; tuple_algorithms.hpp: the tuple versions they apply to the
// shape and to the stride). An integer shape counts as a tuple of rank 1
// whose only element is itself, as CuTe's get<0>(integer) does.

func init() {
	register(
		&Op{Op: spec("make_layout"),
			run: func(_ *calc, a []Value) Value {
				if len(a) == 1 {
					return LayoutValue(Layout(makeLayoutLeft(a[0].Tuple)))
				}
				return LayoutValue(makeLayout(a[0].Tuple, a[1].Tuple))
			}},
		&Op{Op: spec("make_layout_left"),
			run: func(_ *calc, a []Value) Value { return LayoutValue(Layout(makeLayoutLeft(a[0].Tuple))) }},
		&Op{Op: spec("make_layout_right"),
			run: func(_ *calc, a []Value) Value { return LayoutValue(makeLayoutRight(a[0].Tuple)) }},
		&Op{Op: spec("make_ordered_layout"),
			run: func(_ *calc, a []Value) Value { return LayoutValue(makeOrderedLayout(a[0].Tuple, a[1].Tuple)) }},
		&Op{Op: spec("make_layout_concat"),
			run: func(_ *calc, a []Value) Value {
				ls := make([]layoutOf[Int], len(a))
				for i, v := range a {
					ls[i] = layoutOf[Int](v.Layout)
				}
				return LayoutValue(Layout(makeLayoutConcat(ls...)))
			}},
		&Op{Op: spec("append"),
			run: func(_ *calc, a []Value) Value { return LayoutValue(appendLayout(a[0].Layout, a[1].Layout)) }},
		&Op{Op: spec("prepend"),
			run: func(_ *calc, a []Value) Value { return LayoutValue(prependLayout(a[0].Layout, a[1].Layout)) }},
		&Op{Op: spec("replace"),
			run: func(_ *calc, a []Value) Value {
				return LayoutValue(replaceLayout(a[0].Layout, paramInt(a[1]), a[2].Layout))
			}},
		&Op{Op: spec("take"),
			run: func(_ *calc, a []Value) Value {
				return LayoutValue(takeLayout(a[0].Layout, paramInt(a[1]), paramInt(a[2])))
			}},
		&Op{Op: spec("select"),
			run: func(_ *calc, a []Value) Value { return LayoutValue(selectLayout(a[0].Layout, paramInts(a[1]))) }},
		&Op{Op: spec("group"),
			run: func(_ *calc, a []Value) Value {
				return LayoutValue(groupLayout(a[0].Layout, paramInt(a[1]), paramInt(a[2])))
			}},
		&Op{Op: spec("get"),
			run: func(_ *calc, a []Value) Value { return LayoutValue(getLayout(a[0].Layout, paramInts(a[1]))) }},
		&Op{Op: spec("flatten"),
			run: func(_ *calc, a []Value) Value { return LayoutValue(flattenLayout(a[0].Layout)) }},
	)
}

// MakeLayout mirrors cute::make_layout(shape) and make_layout(shape, stride).
// Without a stride it is MakeLayoutLeft(shape): the compact column-major
// layout, e.g. `(_2,4)` gives `(_2,4):(_1,_2)`. With a stride, which must be
// congruent with the shape, it is the layout shape:stride. More than one
// stride is an error.
//
// Post-condition: shape(result) == shape.
func MakeLayout(shape IntTuple, stride ...IntTuple) (r Layout, err error) {
	err = guard("make_layout", func() {
		switch len(stride) {
		case 0:
			r = Layout(makeLayoutLeft(shape))
		case 1:
			r = makeLayout(shape, stride[0])
		default:
			badInput("more than one stride (%d)", len(stride))
		}
	})
	return
}

// MakeLayoutLeft mirrors cute::make_layout(shape, LayoutLeft{}) (CuTe's
// compact_col_major): the strides are the running product of the shape's
// leaves from the left, starting at the static `_1`. A static `_1` extent
// gets stride `_0` and does not advance the product; a dynamic 1 is an
// ordinary extent. `(2,(2,2))` gives `(2,(2,2)):(_1,(2,4))`.
//
// Post-conditions: shape(result) == shape and, when no extent is `_1`,
// result is a bijection of [0, size(shape)) onto itself.
func MakeLayoutLeft(shape IntTuple) (r Layout, err error) {
	err = guard("make_layout_left", func() {
		r = Layout(makeLayoutLeft(shape))
	})
	return
}

// MakeLayoutRight mirrors cute::make_layout(shape, LayoutRight{}) (CuTe's
// compact_row_major): the strides are the running product of the shape's
// leaves from the right, over all leaves of a nested shape, starting at the
// static `_1`; a static `_1` extent gets stride `_0`. `(2,(2,2))` gives
// `(2,(2,2)):(4,(2,_1))`.
//
// Post-condition: shape(result) == shape.
func MakeLayoutRight(shape IntTuple) (r Layout, err error) {
	err = guard("make_layout_right", func() {
		r = makeLayoutRight(shape)
	})
	return
}

// MakeOrderedLayout mirrors cute::make_ordered_layout(shape, order): a
// compact layout whose modes are laid out in the order given by order
// (weakly congruent with shape: one order value per mode or sub-shape).
// Each leaf of order starts its sub-shape's column-major strides at the
// product of the sub-shapes of smaller order. Dynamic values in order are
// ignored, considered larger than every static one and ordered from left to
// right, so the static/dynamic marks of order matter:
// `make_ordered_layout((2,3,4,5), (_2,67,42,_50))` is `(2,3,4,5):(_1,10,30,2)`.
//
// Post-condition: shape(result) == shape.
func MakeOrderedLayout(shape, order IntTuple) (r Layout, err error) {
	err = guard("make_ordered_layout", func() {
		r = makeOrderedLayout(shape, order)
	})
	return
}

// MakeLayoutConcat mirrors cute::make_layout(layout0, layout1, ...): the
// layout whose modes are the given layouts, `(shape0,shape1,...):
// (stride0,stride1,...)`. A single layout is wrapped into a rank-1 layout:
// `_3:_1` gives `(_3):(_1)`.
//
// Post-condition: layout<i>(result) == layouts[i].
func MakeLayoutConcat(first Layout, rest ...Layout) Layout {
	ls := append(make([]layoutOf[Int], 0, 1+len(rest)), layoutOf[Int](first))
	for _, l := range rest {
		ls = append(ls, layoutOf[Int](l))
	}
	return Layout(makeLayoutConcat(ls...))
}

// Append mirrors cute::append(a, b): the layout `(a...,b)` whose modes are
// those of a followed by b as one mode (an integer-shaped a counts as one
// mode).
//
// Post-conditions: rank(result) == rank(a)+1 and layout<rank(a)>(result) == b.
func Append(a, b Layout) Layout { return appendLayout(a, b) }

// Prepend mirrors cute::prepend(a, b): the layout `(b,a...)` whose first mode
// is b followed by the modes of a.
//
// Post-conditions: rank(result) == rank(a)+1 and layout<0>(result) == b.
func Prepend(a, b Layout) Layout { return prependLayout(a, b) }

// Replace mirrors cute::replace<I>(a, b): a with its mode I replaced by b. An
// index out of range is CuTe's "Index out of range" refusal.
//
// Post-condition: layout<I>(result) == b, every other mode as in a.
func Replace(a Layout, i int, b Layout) (r Layout, err error) {
	err = guard("replace", func() {
		requireCongruent(&a)
		requireCongruent(&b)
		r = replaceLayout(a, i, b)
	})
	return
}

// Take mirrors cute::take<B,E>(layout): the modes [B, E) as a new layout
// (always a tuple, `(_8):(_2)` for a single mode). CuTe requires B < E
// ("take: empty range error") and 0 <= B, E <= rank ("take: range out of
// bounds").
//
// Post-condition: rank(result) == E-B and layout<i>(result) == layout<B+i>(a).
func Take(a Layout, begin, end int) (r Layout, err error) {
	err = guard("take", func() {
		requireCongruent(&a)
		r = takeLayout(a, begin, end)
	})
	return
}

// Select mirrors cute::select<I0,I1,...>(layout): the layout made of the
// given modes in the given order (repetitions allowed), always a tuple.
//
// Post-condition: layout<k>(result) == layout<I_k>(a).
func Select(a Layout, modes ...int) (r Layout, err error) {
	err = guard("select", func() {
		requireCongruent(&a)
		r = selectLayout(a, modes)
	})
	return
}

// Group mirrors cute::group<B,E>(layout): the modes [B, E) gathered into one
// mode, e.g. group<0,2> of `(_2,_3,_5,_7):(_1,_2,_6,_30)` is
// `((_2,_3),_5,_7):((_1,_2),_6,_30)`. E == -1 means rank(a); B == E leaves
// the modes as they are.
//
// Post-condition: flatten(result) == flatten(a).
func Group(a Layout, begin, end int) (r Layout, err error) {
	err = guard("group", func() {
		requireCongruent(&a)
		r = groupLayout(a, begin, end)
	})
	return
}

// Get mirrors cute::layout<I0,I1,...>(layout) (equivalently get<I0,...>):
// the sub-layout at the path of mode indices; no index is the layout itself.
//
// Post-condition: result == layout<In>(...layout<I0>(a)).
func Get(a Layout, path ...int) (r Layout, err error) {
	err = guard("get", func() {
		requireCongruent(&a)
		r = getLayout(a, path)
	})
	return
}

// Flatten mirrors cute::flatten(layout): a layout of depth at most 1 with
// the leaves of a as its modes; an integer-shaped layout stays as it is.
//
// Post-conditions: depth(result) <= 1 and result(i) == a(i) for every i.
func Flatten(a Layout) Layout { return flattenLayout(a) }

// makeLayout is make_layout(shape, stride) for congruent tuples.
func makeLayout(shape, stride IntTuple) Layout {
	if !tuple.Congruent(shape, stride) {
		badInput("shape %s and stride %s are not congruent", FormatTuple(shape), FormatTuple(stride))
	}
	return Layout{shape, stride}
}

// makeLayoutLeft is make_layout(shape) = make_layout(shape, LayoutLeft{}).
func makeLayoutLeft[I integer[I]](shape tuple.T[I]) layoutOf[I] {
	d, _ := compactLeft(shape, static[I](1))
	return layoutOf[I]{shape, d}
}

// makeLayoutRight is make_layout(shape, LayoutRight{}).
func makeLayoutRight(shape IntTuple) Layout {
	d, _ := compactRight(shape, S(1))
	return Layout{shape, d}
}

// compactLeft is CuTe's detail::compact<LayoutLeft>(shape, current): the
// column-major strides of shape starting at current, and the running
// product after the last leaf. A static `_1` extent gets the stride `_0`
// and does not advance the product.
func compactLeft[I integer[I]](shape tuple.T[I], current I) (tuple.T[I], I) {
	if shape.IsLeaf() {
		d, next := compactLeaf(shape.Value(), current)
		return tuple.Leaf(d), next
	}
	ks := shape.Kids()
	out := make([]tuple.T[I], len(ks))
	for i, k := range ks {
		out[i], current = compactLeft(k, current)
	}
	return tuple.Of(out...), current
}

// compactRight is detail::compact<LayoutRight>(shape, current): the same
// fold from the last leaf to the first.
func compactRight(shape IntTuple, current Int) (IntTuple, Int) {
	if shape.IsLeaf() {
		d, next := compactLeaf(shape.Value(), current)
		return leaf(d), next
	}
	ks := shape.Kids()
	out := make([]IntTuple, len(ks))
	for i := len(ks) - 1; i >= 0; i-- {
		out[i], current = compactRight(ks[i], current)
	}
	return tup(out...), current
}

// compactLeaf is compact of one extent s: its stride and the next product.
func compactLeaf[I integer[I]](s, current I) (I, I) {
	if s.IsConst(1) {
		return static[I](0), current
	}
	return current, current.mul(s)
}

// makeOrderedLayout is make_ordered_layout(shape, order) with CuTe's
// compact_order: the reference order replaces each dynamic order value by
// max_static+1+position, and each order leaf's sub-shape starts at the
// product of the sub-shapes whose reference order is smaller.
func makeOrderedLayout(shape, order IntTuple) Layout {
	var refShape []Int
	var collect func(s, o IntTuple)
	collect = func(s, o IntTuple) { // flatten(product_like(shape, order))
		if o.IsLeaf() {
			refShape = append(refShape, product(s))
			return
		}
		if s.IsLeaf() || s.Rank() != o.Rank() {
			refuse("Need equal rank of shape and order")
		}
		for i := range o.Kids() {
			collect(s.At(i), o.At(i))
		}
	}
	collect(shape, order)
	refOrder := order.Leaves(make([]Int, 0, len(refShape)))
	maxOrder := int64(0)
	for _, o := range refOrder {
		if o.Static {
			maxOrder = max(maxOrder, o.val())
		}
	}
	for i, o := range refOrder {
		if !o.Static {
			refOrder[i] = S(maxOrder + 1 + int64(i))
		}
	}
	next := 0
	var strides func(s, o IntTuple) IntTuple
	strides = func(s, o IntTuple) IntTuple {
		if !o.IsLeaf() {
			kids := make([]IntTuple, o.Rank())
			for i := range kids {
				kids[i] = strides(s.At(i), o.At(i))
			}
			return tup(kids...)
		}
		ord := refOrder[next]
		next++
		var start Int
		for j, r := range refOrder {
			f := S(1)
			if r.val() < ord.val() {
				f = refShape[j]
			}
			if j == 0 {
				start = f
			} else {
				start = imul(start, f)
			}
		}
		d, _ := compactLeft(s, start)
		return d
	}
	return Layout{shape, strides(shape, order)}
}

// makeLayoutConcat is make_layout(layout0, layout1, ...).
func makeLayoutConcat[I any](ls ...layoutOf[I]) layoutOf[I] {
	kids := make([]tuple.T[I], 2*len(ls))
	sh, st := kids[:len(ls)], kids[len(ls):]
	for i, l := range ls {
		sh[i], st[i] = l.Shape, l.Stride
	}
	return layoutOf[I]{tuple.Of(sh...), tuple.Of(st...)}
}

// appendLayout is append(a, x): (a..., x).
func appendLayout(a, x Layout) Layout {
	return Layout{appendMode(a.Shape, x.Shape), appendMode(a.Stride, x.Stride)}
}

// prependLayout is prepend(a, x): (x, a...).
func prependLayout(a, x Layout) Layout {
	return Layout{prependMode(a.Shape, x.Shape), prependMode(a.Stride, x.Stride)}
}

func appendMode(t, x IntTuple) IntTuple {
	if t.IsLeaf() {
		return tup(t, x)
	}
	kids := make([]IntTuple, 0, t.Rank()+1)
	return tup(append(append(kids, t.Kids()...), x)...)
}

func prependMode(t, x IntTuple) IntTuple {
	if t.IsLeaf() {
		return tup(x, t)
	}
	kids := make([]IntTuple, 0, t.Rank()+1)
	return tup(append(append(kids, x), t.Kids()...)...)
}

// replaceLayout is replace<i>(a, x).
func replaceLayout(a Layout, i int, x Layout) Layout {
	sh, ok1 := tuple.Set(a.Shape, x.Shape, i)
	st, ok2 := tuple.Set(a.Stride, x.Stride, i)
	if !ok1 || !ok2 {
		refuse("Index out of range")
	}
	return Layout{sh, st}
}

// takeLayout is take<b,e>(a) with layout.hpp's two static_asserts.
func takeLayout(a Layout, b, e int) Layout {
	if b >= e {
		refuse("take: empty range error")
	}
	if b < 0 || e > a.Rank() {
		refuse("take: range out of bounds")
	}
	return Layout{takeModes(a.Shape, b, e), takeModes(a.Stride, b, e)}
}

// takeModes is the tuple take<b,e>(t) for a valid range.
func takeModes(t IntTuple, b, e int) IntTuple {
	kids := make([]IntTuple, e-b)
	for i := range kids {
		kids[i] = t.At(b + i)
	}
	return tup(kids...)
}

// selectLayout is select<idx...>(a).
func selectLayout(a Layout, idx []int) Layout {
	kids := make([]IntTuple, 2*len(idx))
	sh, st := kids[:len(idx)], kids[len(idx):]
	for k, i := range idx {
		if i < 0 || i >= a.Rank() {
			refuse("Index out of range")
		}
		sh[k], st[k] = a.Shape.At(i), a.Stride.At(i)
	}
	return Layout{tup(sh...), tup(st...)}
}

// groupLayout is group<b,e>(a).
func groupLayout(a Layout, b, e int) Layout {
	if e == -1 {
		e = a.Rank()
	}
	if b > e {
		refuse("B <= E")
	}
	if b < 0 || e > a.Rank() {
		refuse("Index out of range")
	}
	return Layout{groupModes(a.Shape, b, e), groupModes(a.Stride, b, e)}
}

// groupModes is the tuple group<b,e>(t) for a valid range: the elements
// before b, the tuple of [b,e) when it is not empty, the elements from e.
func groupModes(t IntTuple, b, e int) IntTuple {
	r := t.Rank()
	kids := make([]IntTuple, 0, r-(e-b)+1)
	for i := range b {
		kids = append(kids, t.At(i))
	}
	if b < e {
		kids = append(kids, takeModes(t, b, e))
	}
	for i := e; i < r; i++ {
		kids = append(kids, t.At(i))
	}
	return tup(kids...)
}

// getLayout is layout<path...>(a).
func getLayout(a Layout, path []int) Layout {
	sh, ok := tuple.Get(a.Shape, path...)
	if !ok {
		refuse("Index out of range")
	}
	st, _ := tuple.Get(a.Stride, path...)
	return Layout{sh, st}
}

// flattenLayout is flatten(a).
func flattenLayout(a Layout) Layout {
	return Layout{tuple.Flatten(a.Shape), tuple.Flatten(a.Stride)}
}

// paramInt reads a template-parameter argument that must be one integer.
func paramInt(v Value) int {
	if !v.Tuple.IsLeaf() {
		badInput("template parameter %s: want a plain integer", FormatTuple(v.Tuple))
	}
	return int(v.Tuple.Value().val())
}

// paramInts reads a template-parameter list: an integer or a flat tuple of
// integers.
func paramInts(v Value) []int {
	t := v.Tuple
	if t.IsLeaf() {
		return []int{int(t.Value().val())}
	}
	if t.Depth() > 1 {
		badInput("template parameter %s: want an integer or a flat tuple of integers", FormatTuple(t))
	}
	ls := t.Leaves(nil)
	out := make([]int, len(ls))
	for i, x := range ls {
		out[i] = int(x.val())
	}
	return out
}
