package concrete

import "strconv"

// This file transcribes CuTe's queries of a layout and its coordinate maps
// (layout.hpp: size, cosize, rank, depth, layout(i); stride.hpp: crd2idx,
// idx2crd; int_tuple.hpp: shape_div). rank and depth are always static;
// size, cosize and crd2idx are static only when everything they are
// computed from is; idx2crd keeps the staticness of each coordinate.

func init() {
	register(
		&Op{Op: spec("size"),
			run: func(_ *calc, a []Value) Value { return TupleValue(leaf(size(a[0].Layout))) }},
		&Op{Op: spec("cosize"),
			run: func(_ *calc, a []Value) Value { return TupleValue(leaf(cosize(layoutOf[Int](a[0].Layout)))) }},
		&Op{Op: spec("rank"),
			run: func(_ *calc, a []Value) Value { return TupleValue(leaf(Rank(a[0].Layout))) }},
		&Op{Op: spec("depth"),
			run: func(_ *calc, a []Value) Value { return TupleValue(leaf(Depth(a[0].Layout))) }},
		&Op{Op: spec("evaluate"),
			run: func(_ *calc, a []Value) Value { return evaluateText(evaluate(a[0].Layout)) }},
		&Op{Op: spec("crd2idx"),
			run: func(_ *calc, a []Value) Value {
				return TupleValue(leaf(crd2idxLayout(a[0].Tuple, a[1].Layout)))
			}},
		&Op{Op: spec("idx2crd"),
			run: func(_ *calc, a []Value) Value { return TupleValue(idx2crd(a[0].Tuple, a[1].Tuple)) }},
		&Op{Op: spec("shape_div"),
			run: func(c *calc, a []Value) Value { return TupleValue(shapeDiv(c, a[0].Tuple, a[1].Tuple)) }},
	)
}

// MaxEvaluate is the largest size of a layout that Evaluate lists (2^20
// values). Larger layouts are refused with a BadInput error at once, so that
// a 2^60-element layout costs neither time nor memory.
const MaxEvaluate = 1 << 20

// Rank mirrors cute::rank(layout): the number of top-level modes, always a
// static integer (`_1` for an integer-shaped layout).
func Rank(l Layout) Int { return S(int64(l.Shape.Rank())) }

// Depth mirrors cute::depth(layout): the nesting depth of the shape, always
// static: `_0` for an integer shape, `_1` for a flat tuple, and so on.
func Depth(l Layout) Int { return S(int64(l.Shape.Depth())) }

// Evaluate lists l(i) for i = 0 ... size(l)-1, each computed as CuTe's
// layout(i) with a run-time int i (crd2idx of a 1-D coordinate). A layout of
// size <= 0 gives no values; a size above MaxEvaluate is refused.
//
// Post-condition: len(result) == max(size(l), 0).
func Evaluate(l Layout) (vs []int64, err error) {
	err = guard("evaluate", func() {
		requireCongruent(&l)
		vs = evaluate(l)
	})
	return
}

// Index evaluates the layout at the 1-D index i as CuTe's layout(i) does
// with a run-time int i (crd2idx of an integer coordinate): i is split
// colexicographically over the modes, the last mode of every tuple taking
// what is left, so indices beyond size(l) extend the last mode; negative
// indices follow C++'s truncating division. It fails on int64 overflow and
// on a layout whose shape and stride are not congruent.
func (l Layout) Index(i int64) (r int64, err error) {
	err = guard("index", func() {
		requireCongruent(&l)
		r = index(l, i)
	})
	return
}

// Crd2Idx mirrors cute::crd2idx(coord, layout) =
// crd2idx(coord, shape(layout), stride(layout)): the index of a coordinate.
// coord may be natural (congruent with the shape), a 1-D integer index, or
// anything between: an integer meeting a tuple mode is split over that
// mode's leaves colexicographically, the last mode taking what is left. The
// result is static only when everything it depends on is:
// crd2idx(16, (_3,(_2,_3)):(_3,(_12,_1))) is `17`, with `_16` it is `_17`.
// A tuple coordinate against an integer mode is CuTe's "Invalid
// parameters", a rank mismatch its "Mismatched Ranks".
func Crd2Idx(coord IntTuple, l Layout) (r Int, err error) {
	err = guard("crd2idx", func() {
		requireCongruent(&l)
		r = crd2idxLayout(coord, l)
	})
	return
}

// crd2idxLayout is CuTe's crd2idx(coord, layout).
func crd2idxLayout(coord IntTuple, l Layout) Int {
	return crd2idx(coord, l.Shape, l.Stride)
}

// Idx2Crd mirrors the two-argument cute::idx2crd(coord, shape): an integer
// meeting a tuple shape is split into the natural coordinate of that shape
// (colexicographically, the last mode taking what is left), an integer
// meeting an integer is kept as it is, and a tuple is converted mode by
// mode. Each coordinate keeps its own staticness: idx2crd((_1,5),
// (_3,(_2,_3))) is `(_1,(1,2))`.
//
// Post-condition: crd2idx(result, shape) == crd2idx(coord, shape) for
// coordinates inside the shape.
func Idx2Crd(coord, shape IntTuple) (r IntTuple, err error) {
	err = guard("idx2crd", func() {
		r = idx2crd(coord, shape)
	})
	return
}

// ShapeDiv mirrors cute::shape_div(a, b): a divided by b, "divide out" from
// the left. For tuples a, b it is taken mode by mode; a tuple a divided by
// an integer b divides each element by what is left of b and carries on
// with b divided by that element; an integer divided by a tuple is divided
// by its product. Two integers give ceil_div(a, b) (CuTe's rounding: 3/9 is
// 1). (6,2)/3 is (2,2) and (3,6,2,8)/72 is (1,1,1,4).
//
// CuTe requires that one of two static integers divides the other (its
// static "Divisibility Condition"); with a dynamic integer the condition
// is not checked by CuTe and its result is silently rounded: here a warning
// (an error in strict mode) names the failed condition.
func ShapeDiv(a, b IntTuple, opts ...Option) (r IntTuple, err error) {
	err = guard("shape_div", func() {
		var c calc
		c.apply(opts)
		r = shapeDiv(&c, a, b)
	})
	return
}

// evaluateText is evaluate's value list as its text: `0,16,32`.
func evaluateText(vs []int64) Value {
	b := make([]byte, 0, 4*len(vs))
	for i, v := range vs {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, v, 10)
	}
	return Value{Kind: ValText, Text: string(b)}
}

// evaluate is the value list of Evaluate.
func evaluate(l Layout) []int64 {
	return evaluateN(size(l).val(), func(i int64) int64 { return index(l, i) })
}

// evaluateN lists f(i) for i < n, refusing n beyond MaxEvaluate.
func evaluateN(n int64, f func(int64) int64) []int64 {
	if n > MaxEvaluate {
		badInput("size %d exceeds MaxEvaluate (%d)", n, MaxEvaluate)
	}
	if n <= 0 {
		return nil
	}
	vs := make([]int64, n)
	for i := range vs {
		vs[i] = f(int64(i))
	}
	return vs
}

// crd2idx is CuTe's crd2idx(coord, shape, stride).
func crd2idx(coord, shape, stride IntTuple) Int {
	if !coord.IsLeaf() {
		if shape.IsLeaf() {
			refuse("Invalid parameters")
		}
		if coord.Rank() != shape.Rank() {
			refuse("Mismatched Ranks")
		}
		if coord.Rank() == 0 {
			badInput("empty coordinate")
		}
		var r Int
		for i, k := range coord.Kids() {
			v := crd2idx(k, shape.At(i), stride.At(i))
			if i == 0 {
				r = v
			} else {
				r = iadd(r, v)
			}
		}
		return r
	}
	c := coord.Value()
	if shape.IsLeaf() {
		return imul(c, stride.Value())
	}
	// An integer against a tuple (crd2idx_itt): split c over the modes, the
	// last one taking the rest; a static `_0` is not divided any more.
	ks := shape.Kids()
	if len(ks) == 0 {
		badInput("empty shape")
	}
	var r Int
	for i, k := range ks {
		ci := c
		if i < len(ks)-1 && !c.IsConst(0) {
			p := product(k)
			ci, c = imod(c, p), idiv(c, p)
		}
		v := crd2idx(leaf(ci), k, stride.At(i))
		if i == 0 {
			r = v
		} else {
			r = iadd(r, v)
		}
	}
	return r
}

// idx2crd is the two-argument idx2crd(coord, shape).
func idx2crd(coord, shape IntTuple) IntTuple {
	if !coord.IsLeaf() {
		if shape.IsLeaf() {
			refuse("Invalid parameters")
		}
		if coord.Rank() != shape.Rank() {
			refuse("Mismatched Ranks")
		}
		kids := make([]IntTuple, coord.Rank())
		for i := range kids {
			kids[i] = idx2crd(coord.At(i), shape.At(i))
		}
		return tup(kids...)
	}
	if shape.IsLeaf() {
		return coord
	}
	return splitIndex(coord.Value(), shape)
}

// splitIndex is CuTe's crd2idx(c, shape, make_basis_like(shape)) read back
// as a coordinate: the same walk as crd2idx, keeping each leaf's share.
func splitIndex(c Int, shape IntTuple) IntTuple {
	if shape.IsLeaf() {
		return leaf(c)
	}
	ks := shape.Kids()
	if len(ks) == 0 {
		badInput("empty shape")
	}
	kids := make([]IntTuple, len(ks))
	for i, k := range ks {
		ci := c
		if i < len(ks)-1 && !c.IsConst(0) {
			p := product(k)
			ci, c = imod(c, p), idiv(c, p)
		}
		kids[i] = splitIndex(ci, k)
	}
	return tup(kids...)
}

// shapeDiv is CuTe's shape_div(a, b) (see ShapeDiv).
func shapeDiv(c *calc, a, b IntTuple) IntTuple {
	if !a.IsLeaf() {
		if !b.IsLeaf() {
			if a.Rank() != b.Rank() {
				refuse("Mismatched ranks")
			}
			kids := make([]IntTuple, a.Rank())
			for i := range kids {
				kids[i] = shapeDiv(c, a.At(i), b.At(i))
			}
			return tup(kids...)
		}
		kids := make([]IntTuple, a.Rank())
		for i, ai := range a.Kids() {
			kids[i] = shapeDiv(c, ai, b)
			b = shapeDiv(c, b, ai)
		}
		return tup(kids...)
	}
	if !b.IsLeaf() {
		return shapeDiv(c, a, leaf(product(b)))
	}
	x, y := a.Value(), b.Value()
	if remInt64(x.val(), y.val()) != 0 && remInt64(y.val(), x.val()) != 0 {
		if both(x, y) {
			refuse("Divisibility Condition")
		}
		c.violated(Violation{Op: "shape_div", Cond: "static.twin", Index: -1, Got: iceilDiv(x, y).String(), Operands: []string{"a=" + x.String(), "b=" + y.String()}},
			"shape_div breaks CuTe's Divisibility Condition with dynamic values: neither of %v and %v divides the other (CuTe rounds %v/%v up)", x, y, x, y)
	}
	return leaf(iceilDiv(x, y))
}
