package concrete

import (
	"github.com/cutealg/cutealg/internal/tuple"
)

// This file holds the IntTuple arithmetic of CuTe's int_tuple.hpp that the
// operations share. Every function tracks static/dynamic exactly as CuTe's
// templates do.

// leaf and tup are short constructors used throughout the engine.
func leaf(i Int) IntTuple           { return tuple.Leaf(i) }
func tup(kids ...IntTuple) IntTuple { return tuple.Of(kids...) }

// product is CuTe's product(t): a left fold of * over the leaves; `_1` for
// the empty tuple.
func product[I integer[I]](t tuple.T[I]) I {
	if t.IsLeaf() {
		return t.Value()
	}
	ks := t.Kids()
	if len(ks) == 0 {
		return static[I](1)
	}
	p := product(ks[0])
	for _, k := range ks[1:] {
		p = p.mul(product(k))
	}
	return p
}

// appendLeaves appends the leaves of t to dst (t.Leaves without the generic
// dictionary calls of the recursion).
func appendLeaves[I any](dst []I, t tuple.T[I]) []I {
	if t.IsLeaf() {
		return append(dst, t.Value())
	}
	for _, k := range t.Kids() {
		dst = appendLeaves(dst, k)
	}
	return dst
}

// Size is CuTe's size(layout): the product of the shape.
func size(l Layout) Int { return product(l.Shape) }

// Cosize is CuTe's cosize(layout) = inner_product(shape - _1, abs(stride)) + _1.
// It is computed without building the two mapped tuples: the mapped leaves
// are computed in order first (so that their overflows are raised first, in
// the order CuTe's transforms meet them), then summed in the nesting of the
// layout.
func cosize[I integer[I]](l layoutOf[I]) I {
	var sa, da [8]I // (room for the leaves of most layouts, without allocating)
	s, d := appendLeaves(sa[:0], l.Shape), appendLeaves(da[:0], l.Stride)
	for i := range s {
		s[i] = s[i].sub(static[I](1))
	}
	for i := range d {
		d[i] = d[i].abs()
	}
	r, _ := cosizeInner(&l.Shape, &l.Stride, s, d, 0)
	return r.add(static[I](1))
}

// cosizeInner is CuTe's inner_product of the mapped shape and stride for
// congruent shape st and stride dt, whose mapped leaves from position i on
// are s[i:] and d[i:]: `_0 + ... + s_i*d_i`. It returns the position after
// the last leaf.
func cosizeInner[I integer[I]](st, dt *tuple.T[I], s, d []I, i int) (I, int) {
	if st.IsLeaf() || dt.IsLeaf() {
		if !st.IsLeaf() || !dt.IsLeaf() {
			refuse("Mismatched ranks")
		}
		return s[i].mul(d[i]), i + 1
	}
	ks, kd := st.Kids(), dt.Kids()
	if len(ks) != len(kd) {
		refuse("Mismatched ranks")
	}
	r := static[I](0)
	for j := range ks {
		var x I
		x, i = cosizeInner(&ks[j], &kd[j], s, d, i)
		r = r.add(x)
	}
	return r, i
}

// compatible is CuTe's compatible(a, b) on shapes: every coordinate of a is
// a coordinate of b. The result is a value only (the checks that use it run
// on concrete numbers).
func compatible(a, b IntTuple) bool {
	if a.IsLeaf() {
		return a.Value().val() == product(b).val()
	}
	if b.IsLeaf() || a.Rank() != b.Rank() {
		return false
	}
	for i := range a.Kids() {
		if !compatible(a.At(i), b.At(i)) {
			return false
		}
	}
	return true
}

// index evaluates l at the 1-D index i as CuTe's layout(i) does: the index
// is split colexicographically over the modes, the last mode of every tuple
// absorbing what is left (so indices beyond size(l) extend the last mode),
// with C++ truncating division. Only the value is computed.
func index(l Layout, i int64) int64 {
	return indexOf(i, l.Shape, l.Stride)
}

func indexOf(c int64, s, d IntTuple) int64 {
	if s.IsLeaf() {
		return mulInt64(c, d.Value().val())
	}
	ks := s.Kids()
	var r int64
	for j := range ks {
		if j == len(ks)-1 {
			return addInt64(r, indexOf(c, ks[j], d.At(j)))
		}
		p := product(ks[j]).val()
		r = addInt64(r, indexOf(remInt64(c, p), ks[j], d.At(j)))
		c = quoInt64(c, p)
	}
	return r // empty tuple: index 0
}

// Size mirrors CuTe's size(layout): the product of the shape, static only
// when every extent is. It fails only on int64 overflow.
func Size(l Layout) (r Int, err error) {
	err = guard("size", func() {
		requireCongruent(&l)
		r = size(l)
	})
	return
}

// Cosize mirrors CuTe's cosize(layout) = inner_product(shape - _1,
// abs(stride)) + _1: one more than the largest index the layout reaches. It
// fails only on int64 overflow.
func Cosize(l Layout) (r Int, err error) {
	err = guard("cosize", func() {
		requireCongruent(&l)
		r = cosize(layoutOf[Int](l))
	})
	return
}
