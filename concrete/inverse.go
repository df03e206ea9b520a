package concrete

import "github.com/cutealg/cutealg/internal/tuple"

// This file transcribes CuTe's inverses and the operations built on them
// (layout.hpp: right_inverse, left_inverse, max_common_layout,
// max_common_vector, nullspace) and checks their documented
// post-conditions. CuTe sorts the modes by stride at compile time, so only
// static strides take part: right_inverse drops dynamic-stride modes,
// left_inverse refuses them, nullspace sees only static `_0` strides.

func init() {
	register(
		&Op{Op: spec("right_inverse"),
			run: func(c *calc, a []Value) Value { return LayoutValue(rightInverse(c, a[0].Layout)) }},
		&Op{Op: spec("left_inverse"),
			run: func(c *calc, a []Value) Value { return LayoutValue(leftInverse(c, a[0].Layout)) }},
		&Op{Op: spec("max_common_vector"),
			run: func(c *calc, a []Value) Value {
				return TupleValue(leaf(maxCommonVector(c, a[0].Layout, a[1].Layout)))
			}},
		&Op{Op: spec("max_common_layout"),
			run: func(c *calc, a []Value) Value { return LayoutValue(maxCommonLayout(c, a[0].Layout, a[1].Layout)) }},
		&Op{Op: spec("nullspace"),
			run: func(c *calc, a []Value) Value { return LayoutValue(nullspace(c, a[0].Layout)) }},
	)
}

// RightInverse mirrors cute::right_inverse(layout): a layout R with
// A(R(i)) == i for i < size(R), as large as CuTe finds it. CuTe coalesces
// A, keeps the modes with static strides, sorts them by stride and chains
// the modes whose stride equals the product of the chained extents so far,
// starting at `_1` (stride-0 modes are skipped; the chain ends where the
// next stride is not the product, or where a dynamic extent makes the
// product dynamic). A fully dynamic layout gives `_1:_0`;
// `(_8,_4):(_4,_1)` gives `(_4,_8):(_8,_1)`.
//
// Post-condition (checked): A(R(i)) == i for every i < size(R).
func RightInverse(l Layout, opts ...Option) (r Layout, err error) {
	err = guard("right_inverse", func() {
		requireCongruent(&l)
		var c calc
		c.apply(opts)
		r = rightInverse(&c, l)
	})
	return
}

// LeftInverse mirrors cute::left_inverse(layout): the quasi-inverse R of A,
// a left inverse when A is injective. CuTe coalesces A, requires all its
// strides to be static ("Left inverse requires static strides."), sorts the
// modes by stride and gives each non-zero stride d the extent d/size(R so
// far), which must divide exactly ("Left inverse divisibility condition");
// the last mode in stride order gets A's extent. `(_4,_2):(_1,_16)` gives
// `(_16,_2):(_1,_4)`.
//
// Post-condition (checked): A(R(A(i))) == A(i) for every i < size(A), R
// evaluated as CuTe evaluates it (C++'s truncating division, also where a
// negative stride of A gives R a negative extent). CuTe breaks it for some
// non-injective layouts (`(_4,_16):(_24,_4)`) and for some with negative
// strides (`(_8,_8,_8):(_0,_2,_-1)` gives `(_-1,_-2,_8):(_0,_64,_8)`):
// there CuTe mode returns CuTe's value with a warning and StrictMode
// refuses. CuTe states no precondition on the strides' signs, and its
// value keeps the condition for some negative strides (`_4:_-1` gives
// `(_-1,_4):(_0,_1)`), so the condition itself decides.
func LeftInverse(l Layout, opts ...Option) (r Layout, err error) {
	err = guard("left_inverse", func() {
		requireCongruent(&l)
		var c calc
		c.apply(opts)
		r = leftInverse(&c, l)
	})
	return
}

// MaxCommonVector mirrors cute::max_common_vector(a, b): the number N of
// contiguous elements that correspond in a and b, i.e. the extent of the
// first mode of coalesce(composition(a, right_inverse(b))) when that mode
// is static with stride `_1`, else `_1`. It is built on RightInverse, so
// dynamic strides give `_1`.
//
// Post-condition (checked): with R = right_inverse(b), a(R(n)) == n and
// b(R(n)) == n for every n < N.
func MaxCommonVector(a, b Layout, opts ...Option) (n Int, err error) {
	err = guard("max_common_vector", func() {
		requireCongruent(&a)
		requireCongruent(&b)
		var c calc
		c.apply(opts)
		n = maxCommonVector(&c, a, b)
	})
	return
}

// MaxCommonLayout mirrors cute::max_common_layout(a, b): the layout R of the
// largest run of contiguous elements that correspond in a and b,
// composition(right_inverse(b), layout<0>(common)) where common is as in
// MaxCommonVector, or `_1:_0` when there is none.
//
// Post-condition (checked): a(R(i)) == i and b(R(i)) == i for every
// i < size(R).
func MaxCommonLayout(a, b Layout, opts ...Option) (r Layout, err error) {
	err = guard("max_common_layout", func() {
		requireCongruent(&a)
		requireCongruent(&b)
		var c calc
		c.apply(opts)
		r = maxCommonLayout(&c, a, b)
	})
	return
}

// Nullspace mirrors cute::nullspace(layout): the layout K over the modes of
// flatten(A) with a static `_0` stride, with the compact column-major
// strides of flatten(shape(A)), so that K(i) is the 1-D index of A's i-th
// coordinate that A maps to 0; `_1:_0` when A has no `_0` stride. Dynamic
// zero strides are not seen. `(_7,_5,_16):(_3,_1,_0)` gives `_16:_35`.
//
// Post-conditions (checked): A(K(i)) == 0 for every i < size(K), and
// size(K) == size(A)/size(filter(A)).
func Nullspace(l Layout, opts ...Option) (r Layout, err error) {
	err = guard("nullspace", func() {
		requireCongruent(&l)
		var c calc
		c.apply(opts)
		r = nullspace(&c, l)
	})
	return
}

// rightInverse is CuTe's right_inverse(layout) with its post-condition check.
func rightInverse(c *calc, l Layout) Layout {
	r := rightInverseOf(l)
	if !checksWanted(c) || !positiveExtents(l) {
		return r
	}
	for i := range checkIndices(size(r).val()) {
		if v := index(l, index(r, i)); v != i {
			c.violated(Violation{Op: "right_inverse", Cond: "right_inverse", Index: i, Got: itoa(v), Want: itoa(i), Operands: []string{"A=" + l.String(), "R=" + r.String()}},
				"right_inverse R of A breaks A(R(i)) == i at i=%d: A(R(%d)) = %d [A=%v R=%v]", i, i, v, l, r)
			break
		}
	}
	return r
}

// rightInverseOf is CuTe's right_inverse(layout) without the check.
func rightInverseOf(l Layout) Layout {
	shape, stride := coalescedModes(l)
	pre := prefixProducts(shape)
	order := make([]int, 0, len(stride))
	for i, d := range stride {
		if d.Static {
			order = append(order, i)
		}
	}
	sortByStride(order, stride)
	rs := append(make([]Int, 0, len(order)+1), S(1))
	rd := append(make([]Int, 0, len(order)+1), S(0))
	curr := S(1)
	for _, i := range order {
		if curr.Static && curr.val() == stride[i].val() {
			rs, rd = append(rs, shape[i]), append(rd, pre[i])
			curr = imul(shape[i], stride[i])
		}
	}
	return Layout(coalesce(flatLayout(rs, rd)))
}

// leftInverse is CuTe's left_inverse(layout) with its post-condition check.
func leftInverse(c *calc, l Layout) Layout {
	shape, stride := coalescedModes(l)
	for _, d := range stride {
		if !d.Static {
			refuse("%s", msgLeftInverseStatic)
		}
	}
	pre := prefixProducts(shape)
	order := make([]int, len(stride))
	for i := range order {
		order[i] = i
	}
	sortByStride(order, stride)
	rs := make([]Int, 0, len(order)+1)
	rd := append(make([]Int, 0, len(order)+1), S(0))
	sofar := S(1) // size(result shape so far)
	for _, i := range order {
		d := stride[i]
		if d.IsConst(0) {
			continue
		}
		if imod(d, sofar).val() != 0 {
			refuse("Left inverse divisibility condition")
		}
		q := idiv(d, sofar)
		rs, rd = append(rs, q), append(rd, pre[i])
		sofar = imul(sofar, q)
	}
	rs = append(rs, shape[order[len(order)-1]])
	r := Layout(coalesce(flatLayout(rs, rd)))
	// R may have negative extents (a negative stride of A sorts first and
	// gives one): the condition is then evaluated as CuTe evaluates R,
	// with C++'s truncating division, and holds for some such layouts
	// (`_4:_-1` gives `(_-1,_4):(_0,_1)`) but not for others (finding
	// 41: `(_8,_8,_8):(_0,_2,_-1)`); only a zero extent leaves R(i)
	// undefined
	if !checksWanted(c) || !positiveExtents(l) || !nonzeroExtents(r) {
		return r
	}
	for i := range checkIndices(size(l).val()) {
		a := index(l, i)
		if v := index(l, index(r, a)); v != a {
			c.violated(Violation{Op: "left_inverse", Cond: "left_inverse", Index: i, Got: itoa(v), Want: itoa(a), Operands: []string{"A=" + l.String(), "R=" + r.String()}},
				"left_inverse R of A breaks the quasi-inverse condition A(R(A(i))) == A(i) at i=%d: A(R(A(%d))) = %d but A(%d) = %d [A=%v R=%v]", i, i, v, i, a, l, r)
			break
		}
	}
	return r
}

// coalescedModes returns the modes of coalesce(l) (CuTe's
// wrap(shape(coalesce(l))) and wrap(stride(coalesce(l)))) as two slices.
func coalescedModes(l Layout) (shape, stride []Int) {
	return flatModes(coalesce(layoutOf[Int](l)))
}

// prefixProducts is CuTe's exclusive prefix product of the extents
// (`_1`, s0, s0*s1, ...), one entry per extent: the 1-D index of the first
// coordinate of each mode.
func prefixProducts(shape []Int) []Int {
	pre := make([]Int, len(shape))
	p := S(1)
	for i, s := range shape {
		pre[i] = p
		if i < len(shape)-1 {
			p = imul(s, p)
		}
	}
	return pre
}

// maxSortModes bounds the modes sortByStride sorts: its exchange sort is
// quadratic. Parsed values never come near it (notation.MaxNodes).
const maxSortModes = 1 << 15

// sortByStride sorts mode indices by their stride values exactly as CuTe's
// compile-time detail::SortByKey does (an exchange sort, which does not keep
// the order of equal strides).
func sortByStride(idx []int, stride []Int) {
	if len(idx) > maxSortModes {
		badInput("%d modes to sort by stride: more than %d", len(idx), maxSortModes)
	}
	for i := range idx {
		for j := i + 1; j < len(idx); j++ {
			if stride[idx[j]].val() < stride[idx[i]].val() {
				idx[i], idx[j] = idx[j], idx[i]
			}
		}
	}
}

// commonPrefix is the part shared by max_common_vector and
// max_common_layout: right_inverse(b) and the first mode of
// coalesce(composition(a, right_inverse(b))) when it is static with stride
// `_1` (ok reports whether it is). The inner operations run without their
// own checks: the post-conditions of the caller decide.
func commonPrefix(a, b Layout) (invB, common Layout, ok bool) {
	var inner calc
	invB = rightInverseOf(b)
	common = Layout(coalesce(composition(&inner, layoutOf[Int](a), layoutOf[Int](invB)))).Mode(0)
	return invB, common, common.Shape.Value().Static && common.Stride.Value().IsConst(1)
}

// maxCommonVector is CuTe's max_common_vector(a, b) with its check.
func maxCommonVector(c *calc, a, b Layout) Int {
	invB, common, ok := commonPrefix(a, b)
	if !ok {
		return S(1)
	}
	n := common.Shape.Value()
	if !checksWanted(c) || !positiveExtents(a, b, invB) {
		return n
	}
	checkCommon(c, "max_common_vector", "common.vector", a, b, invB, n.val())
	return n
}

// maxCommonLayout is CuTe's max_common_layout(a, b) with its check.
func maxCommonLayout(c *calc, a, b Layout) Layout {
	invB, common, ok := commonPrefix(a, b)
	if !ok {
		return Layout{leaf(S(1)), leaf(S(0))}
	}
	var inner calc
	r := Layout(composition(&inner, layoutOf[Int](invB), layoutOf[Int](common)))
	if !checksWanted(c) || !positiveExtents(a, b, r) {
		return r
	}
	checkCommon(c, "max_common_layout", "common.layout", a, b, r, size(r).val())
	return r
}

// checkCommon checks a(r(i)) == i == b(r(i)) for i < n: condition cond
// of operation op.
func checkCommon(c *calc, op, cond string, a, b, r Layout, n int64) {
	for i := range checkIndices(n) {
		x := index(r, i)
		if va, vb := index(a, x), index(b, x); va != i || vb != i {
			got := va
			if va == i {
				got = vb
			}
			c.violated(Violation{Op: op, Cond: cond, Index: i, Got: itoa(got), Want: itoa(i), Operands: []string{"A=" + a.String(), "B=" + b.String(), "R=" + r.String()}},
				"%s of A and B breaks A(R(i)) == i == B(R(i)) at i=%d: A(R(%d)) = %d, B(R(%d)) = %d [A=%v B=%v R=%v]", op, i, i, va, i, vb, a, b, r)
			break
		}
	}
}

// nullspace is CuTe's nullspace(layout) with its checks.
func nullspace(c *calc, l Layout) Layout {
	shape, stride := flatModes(layoutOf[Int](l))
	rs, _ := compactLeft(tuple.Flatten(l.Shape), S(1))
	rstride := rs.Leaves(make([]Int, 0, len(shape)))
	var ks, kd []Int
	for i, d := range stride {
		if d.IsConst(0) {
			ks, kd = append(ks, shape[i]), append(kd, rstride[i])
		}
	}
	if len(ks) == 0 {
		return Layout{leaf(S(1)), leaf(S(0))}
	}
	k := Layout(flatLayout(ks, kd))
	if !checksWanted(c) || !positiveExtents(l) {
		return k
	}
	sa, sf, sk := size(l).val(), size(Layout(filter(layoutOf[Int](l)))).val(), size(k).val()
	if sa%sf != 0 || sa/sf != sk {
		c.violated(Violation{Op: "nullspace", Cond: "nullspace.kernel", Index: -1, Got: itoa(sk), Want: itoa(sa) + "/" + itoa(sf), Operands: []string{"A=" + l.String(), "K=" + k.String()}},
			"nullspace K of A breaks size(K) == size(A)/size(filter(A)): %d != %d/%d [A=%v K=%v]", sk, sa, sf, l, k)
	}
	for i := range checkIndices(sk) {
		if v := index(l, index(k, i)); v != 0 {
			c.violated(Violation{Op: "nullspace", Cond: "nullspace.kernel", Index: i, Got: itoa(v), Want: "0", Operands: []string{"A=" + l.String(), "K=" + k.String()}},
				"nullspace K of A breaks A(K(i)) == 0 at i=%d: A(K(%d)) = %d [A=%v K=%v]", i, i, v, l, k)
			break
		}
	}
	return k
}

// nonzeroExtents reports whether no extent of l is 0 (evaluating l then
// divides by no zero).
func nonzeroExtents(l Layout) bool {
	return tuple.Fold(l.Shape, true, func(ok bool, s Int) bool { return ok && s.val() != 0 })
}

// positiveExtents reports whether every extent of the layouts is positive.
// The post-conditions are checked only then: evaluating a layout with an
// extent 0 divides by zero, and CuTe's statements are about positive
// shapes.
func positiveExtents(ls ...Layout) bool {
	for _, l := range ls {
		if !tuple.Fold(l.Shape, true, func(ok bool, s Int) bool { return ok && s.val() > 0 }) {
			return false
		}
	}
	return true
}
