package concrete

import (
	"strconv"

	"github.com/cutealg/cutealg/internal/tuple"
)

// This file holds the divide family of CuTe's layout.hpp (logical_divide and
// its zipped/tiled/flat rearrangements) and the mode-regrouping helpers that
// the product family (product.go) shares with it: transform_layout by mode,
// tile_unzip (zip2_by) and the `_` slices of tiled_*/flat_*.

var (
	logicalDivideOp = newLayoutOp("logical_divide", func(c calc, x opArgs) Layout {
		return Layout(logicalDivide(&c, layoutOf[Int](x.a), layoutOf[Int](x.b)))
	})
	logicalDivideTilerOp = newLayoutOp("logical_divide", func(c calc, x opArgs) Layout {
		return Layout(logicalDivideTiler(&c, layoutOf[Int](x.a), x.t))
	})
	zippedDivideOp = newLayoutOp("zipped_divide", func(c calc, x opArgs) Layout {
		return Layout(zippedDivide(&c, layoutOf[Int](x.a), x.t))
	})
	tiledDivideOp = newLayoutOp("tiled_divide", func(c calc, x opArgs) Layout {
		return Layout(tiledDivide(&c, layoutOf[Int](x.a), x.t))
	})
	flatDivideOp = newLayoutOp("flat_divide", func(c calc, x opArgs) Layout {
		return Layout(flatDivide(&c, layoutOf[Int](x.a), x.t))
	})
)

func init() {
	register(
		&Op{Op: spec("logical_divide"), layout: logicalDivideOp},
		&Op{Op: spec("logical_divide_tiler"), layout: logicalDivideTilerOp},
		&Op{Op: spec("zipped_divide"), layout: zippedDivideOp},
		&Op{Op: spec("tiled_divide"), layout: tiledDivideOp},
		&Op{Op: spec("flat_divide"), layout: flatDivideOp},
	)
}

// LogicalDivide mirrors cute::logical_divide(Layout, Layout): A ⊘ B =
// composition(A, make_layout(B, complement(B, shape(coalesce(A))))). The
// first mode of the result holds the elements of A that B points to (the
// tile), the second mode iterates over the tiles.
//
// Post-conditions (checked; CuTe mode warns, StrictMode refuses): the
// complement is ordered, disjoint from the image of B, with
// cosize((B,B*)) >= size(shape(coalesce(A))) and the other bounds of CuTe's
// complement test; the composition satisfies compatible((B,B*), R) and
// R(i) == A((B,B*)(i)) for every i < size((B,B*)).
func LogicalDivide(a, b Layout, opts ...Option) (r Layout, err error) {
	err = run(logicalDivideOp, &r, &operands{a: &a, b: &b}, opts)
	return
}

// LogicalDivideTiler mirrors cute::logical_divide(Layout, Tiler): a tuple
// tiler divides mode i of A by element i (recursively; an integer n means
// the layout make_layout(n), `_` keeps the mode) and keeps the modes of A
// beyond the tiler's rank; a layout tiler is LogicalDivide. CuTe refuses a
// tiler with more modes than A ("Too many modes in tiler").
//
// Post-conditions: those of LogicalDivide, for every mode divided.
func LogicalDivideTiler(a Layout, t Tiler, opts ...Option) (r Layout, err error) {
	err = run(logicalDivideTilerOp, &r, &operands{a: &a, t: &t}, opts)
	return
}

// ZippedDivide mirrors cute::zipped_divide(Layout, Tiler): the logical
// divide, with the tiles of every mode gathered into mode 0 and the rests
// (and the modes of A beyond the tiler) into mode 1:
// ((TileM,TileN,...),(RestM,RestN,...,L,...)). Like CuTe it does not accept
// a `_` tiler element that meets a mode it cannot split in two ("Index out
// of range"), nor a nested tiler element that meets a mode of lower rank.
//
// Post-conditions: those of the logical divide it rearranges.
func ZippedDivide(a Layout, t Tiler, opts ...Option) (r Layout, err error) {
	err = run(zippedDivideOp, &r, &operands{a: &a, t: &t}, opts)
	return
}

// TiledDivide mirrors cute::tiled_divide(Layout, Tiler): ZippedDivide with
// mode 1 unpacked: ((TileM,TileN,...),RestM,RestN,...,L,...). As in CuTe, a
// rest mode of rank 1 stays packed.
//
// Post-conditions: those of the logical divide it rearranges.
func TiledDivide(a Layout, t Tiler, opts ...Option) (r Layout, err error) {
	err = run(tiledDivideOp, &r, &operands{a: &a, t: &t}, opts)
	return
}

// FlatDivide mirrors cute::flat_divide(Layout, Tiler): ZippedDivide with
// both modes unpacked: (TileM,TileN,...,RestM,RestN,...,L,...). As in CuTe,
// a mode of rank 1 stays packed.
//
// Post-conditions: those of the logical divide it rearranges.
func FlatDivide(a Layout, t Tiler, opts ...Option) (r Layout, err error) {
	err = run(flatDivideOp, &r, &operands{a: &a, t: &t}, opts)
	return
}

// logicalDivide is CuTe's logical_divide(Layout, Layout):
// composition(A, make_layout(B, complement(B, shape(coalesce(A))))).
func logicalDivide[I integer[I]](c *calc, a, b layoutOf[I]) layoutOf[I] {
	m := coalesce(a).Shape
	rest := complementWith(c, b, m, complementAll)
	return composition(c, a, makeLayoutConcat(b, rest))
}

// logicalDivideTiler is CuTe's logical_divide(Layout, Tiler): by mode
// through a tuple tiler (transformByTiler), A itself for `_`, and
// logical_divide(A, make_layout(n)) for an integer n.
func logicalDivideTiler[I integer[I], L tilerLeaf[I]](c *calc, a layoutOf[I], t tuple.T[L]) layoutOf[I] {
	return transformByTiler(c, a, t, "logical_divide", logicalDivide[I])
}

// transformByTiler is the operation f (logical_divide or logical_product,
// called name in CuTe's refusal) of A by the tiler t, as CuTe's overloads
// for a Tiler compute it: a tuple tiler meets the static_assert that it has
// no more modes than A ("Too many modes in tiler"), then transform_layout
// applies element i of the tiler to mode i and keeps the modes of A beyond
// the tiler; an integer n means the layout make_layout(n), `_` keeps the
// mode.
func transformByTiler[I integer[I], L tilerLeaf[I]](c *calc, a layoutOf[I], t tuple.T[L], name string, f func(c *calc, a, b layoutOf[I]) layoutOf[I]) layoutOf[I] {
	if !t.IsLeaf() {
		n, r := t.Rank(), a.rank()
		if n > r {
			refuse("%s: Too many modes in tiler.", name)
		}
		modes := make([]layoutOf[I], r)
		var fault *Error
		for i := range r {
			m := a.mode(i)
			switch {
			case i < n && fault == nil:
				fault = divisionFault(func() { m = transformByTiler(c, m, t.At(i), name, f) })
			case i < n:
				// CuTe refuses the whole instantiation before it runs:
				// a static refusal of a later mode comes before the
				// run-time division by zero of an earlier one
				staticRefusals(func() { transformByTiler(c, m, t.At(i), name, f) })
			}
			modes[i] = m
		}
		if fault != nil {
			throw(fault)
		}
		return makeLayoutConcat(modes...)
	}
	switch lf := t.Value(); lf.kind() {
	case TileLayout:
		return f(c, a, lf.layout())
	case TileInt:
		return f(c, a, makeLayoutLeft(tuple.Leaf(lf.integer())))
	}
	return a // `_`
}

// divisionFault runs f (through guard, the one place that recovers) and
// returns the division by zero it faults with (nil if none); any other
// error is thrown on.
func divisionFault(f func()) *Error {
	err := guard("", f)
	if err == nil {
		return nil
	}
	e := err.(*Error)
	if e.Kind != DivByZero {
		throw(e)
	}
	return e
}

// staticRefusals runs f (through guard) for its compile-time refusals only
// (errors of kind Refused or BadInput, thrown on): its result, its
// run-time faults and its post-condition checks are dropped.
func staticRefusals(f func()) {
	if err := guard("", f); err != nil {
		if e := err.(*Error); e.Kind == Refused || e.Kind == BadInput {
			throw(e)
		}
	}
}

// zippedDivide is CuTe's zipped_divide: tile_unzip(logical_divide(A, T), T).
func zippedDivide[I integer[I], L tilerLeaf[I]](c *calc, a layoutOf[I], t tuple.T[L]) layoutOf[I] {
	return zip2By(logicalDivideTiler(c, a, t), t)
}

// tiledDivide is CuTe's tiled_divide: zipped_divide(A, T)(_, repeat<R1>(_)).
func tiledDivide[I integer[I], L tilerLeaf[I]](c *calc, a layoutOf[I], t tuple.T[L]) layoutOf[I] {
	return unpackModes(zippedDivide(c, a, t), false)
}

// flatDivide is CuTe's flat_divide: zipped_divide(A, T)(repeat<R0>(_),
// repeat<R1>(_)).
func flatDivide[I integer[I], L tilerLeaf[I]](c *calc, a layoutOf[I], t tuple.T[L]) layoutOf[I] {
	return unpackModes(zippedDivide(c, a, t), true)
}

// noTupleSize refuses as CuTe's compiler does when a tuple algorithm meets
// an integer where it needs a tuple (tuple_size of an integral type).
func noTupleSize(i Int) {
	t := "int"
	if i.Static {
		t = "cute::C<" + strconv.FormatInt(i.val(), 10) + ">"
	}
	refuse("incomplete type ‘cute::tuple_size<%s, void>’ used in nested name specifier", t)
}

// zip2By is CuTe's tile_unzip(layout, tiler), i.e. zip2_by applied to the
// shape and the stride: following the profile of the tiler, the rank-2
// modes at its terminals are split, their first halves gathered into mode 0
// and their second halves, followed by the modes the tiler does not reach,
// into mode 1.
func zip2By[I integer[I], L any](l layoutOf[I], g tuple.T[L]) layoutOf[I] {
	if g.IsLeaf() {
		if l.Shape.IsLeaf() {
			// CuTe cannot split an integer mode: tuple_size of it is
			// incomplete and get<1> of it fails its static_assert. g++
			// reports the first for an all-dynamic mode, the second
			// otherwise.
			if s, d := l.Shape.Value(), l.Stride.Value(); !s.isStatic() && !d.isStatic() {
				p := plainTuple(l.Shape)
				noTupleSize(p.Value())
			}
			refuse("Index out of range")
		}
		if l.rank() != 2 {
			refuse("Mismatched ranks")
		}
		return l
	}
	if l.Shape.IsLeaf() {
		p := plainTuple(l.Shape)
		noTupleSize(p.Value())
	}
	gr, tr := g.Rank(), l.rank()
	if tr < gr {
		refuse("Mismatched ranks")
	}
	// mode 0 gathers the first halves, mode 1 the second halves and the
	// modes beyond the tiler
	s0, d0 := make([]tuple.T[I], gr), make([]tuple.T[I], gr)
	s1, d1 := make([]tuple.T[I], 0, tr), make([]tuple.T[I], 0, tr)
	for i := range gr {
		z := zip2By(l.mode(i), g.At(i))
		s0[i], d0[i] = z.Shape.At(0), z.Stride.At(0)
		s1, d1 = append(s1, z.Shape.At(1)), append(d1, z.Stride.At(1))
	}
	for i := gr; i < tr; i++ {
		s1, d1 = append(s1, l.Shape.At(i)), append(d1, l.Stride.At(i))
	}
	return layoutOf[I]{tuple.Of(tuple.Of(s0...), tuple.Of(s1...)), tuple.Of(tuple.Of(d0...), tuple.Of(d1...))}
}

// unpackModes is the slice CuTe's tiled_* and flat_* take of a zipped
// result z: z(_, repeat<R1>(_)) (unpack0 false) or z(repeat<R0>(_),
// repeat<R1>(_)) (unpack0 true). A slice with a tuple of `_` splices the
// sub-modes into the result; repeat<1>(_) is a plain `_`, so a mode of rank
// 1 is kept whole.
func unpackModes[I any](z layoutOf[I], unpack0 bool) layoutOf[I] {
	m0, m1 := z.mode(0), z.mode(1)
	n := 1 + m1.rank()
	if unpack0 {
		n += m0.rank() - 1
	}
	buf := make([]tuple.T[I], 2*n)
	sh, st := buf[:0:n], buf[n:n]
	add := func(m layoutOf[I], unpack bool) {
		if !unpack || m.rank() == 1 {
			sh, st = append(sh, m.Shape), append(st, m.Stride)
			return
		}
		sh, st = append(sh, m.Shape.Kids()...), append(st, m.Stride.Kids()...)
	}
	add(m0, unpack0)
	add(m1, true)
	return layoutOf[I]{tuple.Of(sh...), tuple.Of(st...)}
}
