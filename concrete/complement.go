package concrete

import (
	"github.com/cutealg/cutealg/internal/tuple"
)

// This file transcribes CuTe's complement (layout.hpp: detail::complement
// and its two overloads) with the checks of CuTe's complement unit test.

var (
	complementOp = newLayoutOp("complement", func(c calc, x opArgs) Layout {
		return Layout(complementWith(&c, layoutOf[Int](x.a), x.m, complementAll))
	})
	complementDefaultOp = newLayoutOp("complement_default", func(c calc, x opArgs) Layout {
		return Layout(complementDefault(&c, layoutOf[Int](x.a)))
	})
)

func init() {
	register(
		&Op{Op: spec("complement"), layout: complementOp},
		&Op{Op: spec("complement_default"), layout: complementDefaultOp},
	)
}

// Complement mirrors cute::complement(layout, cotarget): the layout R of the
// "rest" of the codomain [0, size(M)) not reached by A, ordered, so that
// (A, R) covers the cotarget M (an integer or an integer tuple whose static
// modes keep the result static as far as possible). CuTe works on
// filter(A): it sorts its modes by stride, fills each hole with
// stride / previous stride (truncating, so non-admissible layouts give
// truncated complements), then appends coalesce(ceil_div(M, last)) with
// column-major strides and coalesces. CuTe refuses a multi-mode filter(A)
// with a dynamic stride ("Dynamic-stride complement only for rank-1
// layouts") and a static zero hole ("Non-injective Layout detected in
// complement."). For example complement(_4:_2, _24) is (_2,_3):(_1,_8).
//
// Pre-conditions: filter(A) injective with non-negative strides.
// Post-conditions (CuTe's @post and unit test): R(i-1) < R(i) for
// 0 < i < size(R); R(i) is not in the image of A for i > 0;
// cosize((A,R)) >= size(M); size(R) >= size(M)/size(filter(A)). In CuTe
// mode a broken condition gives CuTe's value with a warning, in strict mode
// an error with a witness.
func Complement(a Layout, cotarget IntTuple, opts ...Option) (r Layout, err error) {
	err = run(complementOp, &r, &operands{a: &a, m: &cotarget}, opts)
	return
}

// ComplementDefault mirrors cute::complement(layout), the complement with
// respect to cosize(filter(layout)): the holes of the layout inside its own
// codomain. complement((_2,_2):(_1,_6)) (cosize _8) is _3:_2.
//
// Pre- and post-conditions: those of Complement with M = cosize(filter(A)).
func ComplementDefault(a Layout, opts ...Option) (r Layout, err error) {
	err = run(complementDefaultOp, &r, &operands{a: &a}, opts)
	return
}

// complementCheck selects documented checks of a complement; callers that
// perform a complement inside another operation choose which apply there
// (see complementWith).
type complementCheck uint8

const (
	// complementPre: filter(A) is injective and its strides are
	// non-negative (preconditions).
	complementPre complementCheck = 1 << iota
	// complementOrdered: R(i-1) < R(i) for 0 < i < size(R).
	complementOrdered
	// complementDisjoint: R(i) is not in the image of A for 0 < i < size(R).
	complementDisjoint
	// complementCover: cosize((A,R)) >= size(M), "complement post (1)" of
	// the vectors (CuTe's unit test's bound (1)).
	complementCover
	// complementSize: size(R) >= size(M) / size(filter(A)) (C++ integer
	// division).
	complementSize

	// complementAll is every check. The unit test's last bound,
	// cosize((A,R)) <= cosize(R) + cosize(A), is not listed: by the
	// definition of cosize, cosize((A,R)) == cosize(A) + cosize(R) - 1.
	complementAll = complementPre | complementOrdered | complementDisjoint | complementCover | complementSize
)

// complementDefault is cute::complement(layout) = complement with respect to
// cosize(filter(layout)), with every documented check.
func complementDefault[I integer[I]](c *calc, a layoutOf[I]) layoutOf[I] {
	f := filter(a)
	m := tuple.Leaf(cosize(f))
	r := complementImpl(f, m)
	if checksWanted(c) {
		checkComplement(c, plainLayout(a), plainTuple(m), plainLayout(r), complementAll)
	}
	return r
}

// complementWith is cute::complement(layout, cotarget) running only the
// documented checks selected by checks (complementAll for the operation
// itself). Operations built on complement pass the subset that their own
// definition needs: e.g. a logical_product whose cotarget is not a
// multiple of cosize(A) may leave cosize((A,R)) < size(M) and
// size(R) < size(M)/size(filter(A)) while CuTe's result is still a valid
// product (the vectors' unit-logical_product-21 breaks exactly these two),
// so such a caller leaves out complementCover and complementSize. CuTe's own
// refusals are always raised.
func complementWith[I integer[I]](c *calc, a layoutOf[I], cotarget tuple.T[I], checks complementCheck) layoutOf[I] {
	r := complementImpl(filter(a), cotarget)
	if checksWanted(c) {
		checkComplement(c, plainLayout(a), plainTuple(cotarget), plainLayout(r), checks)
	}
	return r
}

// complementImpl is CuTe's detail::complement(shape, stride, cotarget) of
// the filtered layout f = filter(A).
func complementImpl[I integer[I]](f layoutOf[I], cotarget tuple.T[I]) layoutOf[I] {
	if f.Shape.IsLeaf() && f.Stride.Value().IsConst(0) {
		// the irreducible rank-1 stride-0 layout `_1:_0`: coalesce(M) with
		// its column-major strides
		sh := coalesceLeaves(appendLeaves(nil, cotarget), 0)
		return flatLayout(sh, compactLeaves(nil, sh, static[I](1)))
	}
	shape, stride := flatModes(f)
	n := len(shape)
	if n > 1 {
		for _, d := range stride {
			if !d.isStatic() {
				refuse("%s", msgDynamicStrideComplement)
			}
		}
	}
	// The result's modes, before the rest of the cotarget: n shapes and
	// n strides starting with `_1`.
	// (room for the rest too: one allocation)
	m := n + cotarget.NumLeaves()
	buf := make([]I, 2*m)
	resShape, resStride := buf[:0:m], append(buf[m:m], static[I](1))
	for i := range n - 1 {
		// the first mode of least stride (all strides are static here)
		mi := 0
		for j := range stride {
			if stride[j].val() < stride[mi].val() {
				mi = j
			}
		}
		minStride := stride[mi]
		newShape := minStride.quo(resStride[i])
		if newShape.IsConst(0) {
			refuse("Non-injective Layout detected in complement.")
		}
		resShape = append(resShape, newShape)
		resStride = append(resStride, minStride.mul(shape[mi]))
		shape = append(shape[:mi], shape[mi+1:]...)
		stride = append(stride[:mi], stride[mi+1:]...)
	}
	newShape := stride[0].quo(resStride[n-1])
	if newShape.IsConst(0) {
		refuse("Non-injective Layout detected in complement.")
	}
	resShape = append(resShape, newShape)
	newStride := stride[0].mul(shape[0])
	// coalesce((result_shape, rest_shape) : (result_stride, rest_stride)),
	// the rest computed after the result's modes
	all := coalesceLeaves(ceilDivLeaves(resShape, cotarget, newStride), n)
	return bwCoalesceAll(all, compactLeaves(resStride, all[n:], newStride), false)
}

// ceilDivLeaves appends the leaves of CuTe's ceil_div(IntTuple a, integer b)
// to dst: for a tuple, each mode is divided by what is left of b, which is
// divided by the mode in turn.
func ceilDivLeaves[I integer[I]](dst []I, a tuple.T[I], b I) []I {
	if a.IsLeaf() {
		return append(dst, a.Value().ceilDiv(b))
	}
	for _, k := range a.Kids() {
		dst = ceilDivLeaves(dst, k, b)
		b = b.ceilDiv(product(k))
	}
	return dst
}

// compactLeaves appends to dst the column-major strides of the extents s
// starting at current (CuTe's compact<LayoutLeft>, see compactLeaf).
func compactLeaves[I integer[I]](dst []I, s []I, current I) []I {
	for _, x := range s {
		var d I
		d, current = compactLeaf(x, current)
		dst = append(dst, d)
	}
	return dst
}

// checkComplement runs the selected documented checks of R = complement(A,
// M), each reported once with a witness.
func checkComplement(c *calc, a Layout, m IntTuple, r Layout, checks complementCheck) {
	if !checksWanted(c) || checks == 0 {
		return
	}
	ops := []string{"A=" + a.String(), "M=" + FormatTuple(m), "R=" + r.String()}
	ctx := func() string { return operandsText(ops) }
	broken := func(cond string, i int64, got, want string) Violation {
		return Violation{Op: "complement", Cond: cond, Index: i, Got: got, Want: want, Operands: ops}
	}
	f := Layout(filter(layoutOf[Int](a)))
	sizeM := product(m).val()
	if checks&complementPre != 0 {
		neg := tuple.Fold(f.Stride, false, func(n bool, d Int) bool { return n || d.val() < 0 })
		if neg {
			c.violated(broken("complement.pre", -1, f.String(), ""), "complement precondition: filter(A) = %v has a negative stride %s", f, ctx())
		} else if n := size(f).val(); n <= checkLimit {
			seen := make(map[int64]int64, max(n, 0))
			for j := range n {
				v := index(f, j)
				if i, dup := seen[v]; dup {
					c.violated(broken("complement.pre", j, itoa(v), ""), "complement precondition: filter(A) = %v is not injective: filter(A)(%d) = filter(A)(%d) = %d %s", f, i, j, v, ctx())
					break
				}
				seen[v] = j
			}
		}
	}
	// CuTe's complement unit test: size(R) <= cosize(R). It fails when a
	// hole of a dynamic, not admissible layout truncates to extent 0 and the
	// empty R's cosize is negative (the all-static version of such numbers
	// is CuTe's "Non-injective Layout detected in complement.").
	if sr, cr := size(r).val(), cosize(layoutOf[Int](r)).val(); sr > cr {
		c.violated(broken("complement.size", -1, itoa(sr), "<= "+itoa(cr)), "complement post: size(R) <= cosize(R) fails: %d > %d %s", sr, cr, ctx())
	}
	if checks&complementOrdered != 0 {
		var prevI, prev int64
		for i := range checkIndices(size(r).val()) {
			v := index(r, i)
			if i > 0 && v <= prev {
				c.violated(broken("complement.ordered", i, itoa(v), "> "+itoa(prev)), "complement post: R is not ordered: R(%d)=%d >= R(%d)=%d %s", prevI, prev, i, v, ctx())
				break
			}
			prevI, prev = i, v
		}
	}
	if n := size(a).val(); checks&complementDisjoint != 0 && n <= checkLimit {
		img := make(map[int64]int64, max(n, 0))
		for j := range n {
			img[index(a, j)] = j
		}
		for i := range checkIndices(size(r).val()) {
			if v := index(r, i); i > 0 {
				if j, hit := img[v]; hit {
					c.violated(broken("complement.disjoint", i, itoa(v), "not A("+itoa(j)+")"), "complement post: R(%d)=%d is in the image of A: A(%d)=%d %s", i, v, j, v, ctx())
					break
				}
			}
		}
	}
	if checks&complementCover != 0 {
		ar := Layout{tup(a.Shape, r.Shape), tup(a.Stride, r.Stride)}
		if cs := cosize(layoutOf[Int](ar)).val(); cs < sizeM {
			c.violated(broken("complement.cosize", -1, itoa(cs), ">= "+itoa(sizeM)), "complement post (1): cosize(A,R)=%d < size(M)=%d %s", cs, sizeM, ctx())
		}
	}
	if sf := size(f).val(); checks&complementSize != 0 && sf != 0 {
		if sr := size(r).val(); sr < sizeM/sf {
			c.violated(broken("complement.cosize", -1, itoa(sr), ">= "+itoa(sizeM/sf)), "complement post: size(R)=%d < size(M)/size(filter(A))=%d %s", sr, sizeM/sf, ctx())
		}
	}
}
