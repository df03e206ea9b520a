package concrete

import (
	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/internal/tuple"
)

// This file transcribes CuTe's slicing of a layout by a coordinate that
// holds `_` (underscore.hpp: slice, dice; layout.hpp: slice_and_offset) and
// the partitions built on it (tensor_impl.hpp: local_tile through
// inner_partition, local_partition through outer_partition), on layouts:
// a partition's answer is the layout of the tensor it makes and the offset
// its data pointer moves by.

func init() {
	register(
		&Op{Op: spec("slice"),
			run: func(_ *calc, a []Value) Value { return LayoutValue(sliceLayout(a[0].Tiler, a[1].Layout)) }},
		&Op{Op: spec("dice"),
			run: func(_ *calc, a []Value) Value { return LayoutValue(diceLayout(a[0].Tiler, a[1].Layout)) }},
		&Op{Op: spec("slice_and_offset"),
			run: func(_ *calc, a []Value) Value {
				l, off := sliceAndOffset(a[0].Tiler, a[1].Layout)
				return pairValue(LayoutValue(l), off)
			}},
		&Op{Op: spec("local_tile"),
			run: func(c *calc, a []Value) Value {
				l, off := localTile(c, a[0].Layout, a[1].Tiler, a[2].Tiler)
				return pairValue(LayoutValue(l), off)
			}},
		&Op{Op: spec("local_partition"),
			run: func(c *calc, a []Value) Value {
				if !a[2].Tuple.IsLeaf() {
					refuse("is_integral<Index>::value")
				}
				l, off := localPartition(c, a[0].Layout, a[1].Layout, a[2].Tuple.Value())
				return pairValue(LayoutValue(l), off)
			}},
	)
}

// Slice mirrors cute::slice(c, layout): the modes of the layout that the
// coordinate c leaves open with `_`, in order (a `_` standing for a tuple
// mode keeps it whole; the tuples of c are dissolved into the result). A
// coordinate of only `_` gives the layout itself, an integer coordinate the
// empty layout `():()`. c is a Tiler whose leaves are integers (TileInt)
// and `_` (TileKeep). A tuple of c meeting an integer mode, or a mode of
// another rank, is CuTe's refusal.
//
// Post-condition: R(j) == A(c_j) - crd2idx(c, A) for every j < size(R),
// c_j the coordinate c with its `_` set to the coordinate of j.
func Slice(c Tiler, l Layout) (r Layout, err error) {
	err = guard("slice", func() {
		requireCongruent(&l)
		requireCoord(c)
		r = sliceLayout(c, l)
	})
	return
}

// Dice mirrors cute::dice(c, layout): the modes of the layout that c fixes
// with an integer, in order (the complement of Slice's modes).
func Dice(c Tiler, l Layout) (r Layout, err error) {
	err = guard("dice", func() {
		requireCongruent(&l)
		requireCoord(c)
		r = diceLayout(c, l)
	})
	return
}

// SliceAndOffset mirrors cute::slice_and_offset(c, layout): Slice's layout
// and the offset crd2idx(c, layout), CuTe's `_` counting as the static `_0`.
// slice_and_offset((_,2), (_4,6):(_1,_4)) is `((_4):(_1),8)`.
func SliceAndOffset(c Tiler, l Layout) (r Layout, off Int, err error) {
	err = guard("slice_and_offset", func() {
		requireCongruent(&l)
		requireCoord(c)
		r, off = sliceAndOffset(c, l)
	})
	return
}

// LocalTile mirrors cute::local_tile(tensor, tiler, coord) on the tensor's
// layout: zipped_divide(layout, tiler) sliced at (_..._, coord) - every tile
// mode kept, the rest modes indexed by coord (a tuple coord padded with `_`
// to the rank of the rest mode) - and the offset of the tile. A coordinate
// with more modes than the rest mode is refused as CuTe refuses it.
func LocalTile(l Layout, t Tiler, coord Tiler, opts ...Option) (r Layout, off Int, err error) {
	err = guard("local_tile", func() {
		requireCongruent(&l)
		requireTiler(&t)
		requireCoord(coord)
		var c calc
		c.apply(opts)
		r, off = localTile(&c, l, t, coord)
	})
	return
}

// LocalPartition mirrors cute::local_partition(tensor, tile, index) on the
// tensor's layout: zipped_divide(layout, product_each(shape(tile))) sliced
// at (flat coordinate of index in tile, _..._) - the element of every tile
// that index owns, over all tiles - and its offset. The flat coordinate is
// CuTe's tile.get_flat_coord(index): idx2crd(index, shape, stride) per mode
// ((index / stride) % shape, `_0` for a static `_1` extent), each mode's
// coordinate then made 1-D.
func LocalPartition(l, tile Layout, index Int, opts ...Option) (r Layout, off Int, err error) {
	err = guard("local_partition", func() {
		requireCongruent(&l)
		requireCongruent(&tile)
		var c calc
		c.apply(opts)
		r, off = localPartition(&c, l, tile, index)
	})
	return
}

// CoordFromNode converts a parsed coordinate: integers, `_` and tuples of
// them, as a Tiler of TileInt and TileKeep leaves.
func CoordFromNode(n notation.Node) (Tiler, error) {
	switch n := n.(type) {
	case *notation.Layout:
		return Tiler{}, semErr(n, "a coordinate (integers, '_' and tuples of them)", "a layout is not a coordinate")
	case *notation.Tuple:
		if n.Angle {
			return Tiler{}, semErr(n, "a coordinate (...)", "'<...>' is a tiler, not a coordinate")
		}
		kids := make([]Tiler, len(n.Elems))
		for i, e := range n.Elems {
			k, err := CoordFromNode(e)
			if err != nil {
				return Tiler{}, err
			}
			kids[i] = k
		}
		return tuple.Of(kids...), nil
	}
	return TilerFromNode(n)
}

// requireCoord refuses a hand-built coordinate holding a layout.
func requireCoord(c Tiler) {
	tuple.Fold(c, 0, func(_ int, lf TilerLeaf) int {
		if lf.Kind == TileLayout {
			badInput("a coordinate holds the layout %s", lf.Layout)
		}
		return 0
	})
}

// allUnderscore is CuTe's all_underscore<Coord>.
func allUnderscore(c Tiler) bool {
	return tuple.Fold(c, true, func(ok bool, lf TilerLeaf) bool { return ok && lf.Kind == TileKeep })
}

// sliceLayout is slice(c, layout) on the shape and the stride.
func sliceLayout(c Tiler, l Layout) Layout {
	return Layout{cut(c, l.Shape, TileKeep), cut(c, l.Stride, TileKeep)}
}

// diceLayout is dice(c, layout) on the shape and the stride.
func diceLayout(c Tiler, l Layout) Layout {
	return Layout{cut(c, l.Shape, TileInt), cut(c, l.Stride, TileInt)}
}

// cut is CuTe's slice (keep == TileKeep) or dice (keep == TileInt) of t by
// c at the top: a leaf of c of the kept kind keeps t whole, a leaf of the
// other kind gives the empty tuple, and a tuple gathers what its modes keep
// (lifted: see lift).
func cut(c Tiler, t IntTuple, keep TilerKind) IntTuple {
	if c.IsLeaf() {
		if c.Value().Kind == keep {
			return t
		}
		return tup()
	}
	return tup(lift(c, t, keep, nil)...)
}

// lift appends to dst what c keeps of t as elements of the enclosing tuple
// (CuTe's lift_slice, lift_dice: filter_tuple concatenates them).
func lift(c Tiler, t IntTuple, keep TilerKind, dst []IntTuple) []IntTuple {
	if c.IsLeaf() {
		if c.Value().Kind == keep {
			return append(dst, t)
		}
		return dst
	}
	if t.IsLeaf() {
		noTupleSize(t.Value())
	}
	if c.Rank() != t.Rank() {
		refuse("Mismatched Ranks")
	}
	for i := range c.Kids() {
		dst = lift(c.At(i), t.At(i), keep, dst)
	}
	return dst
}

// coordInts is c with CuTe's `_` read as what it is, the static `_0`.
func coordInts(c Tiler) IntTuple {
	if c.IsLeaf() {
		if lf := c.Value(); lf.Kind == TileInt {
			return leaf(lf.Int)
		}
		return leaf(S(0))
	}
	kids := make([]IntTuple, c.Rank())
	for i := range kids {
		kids[i] = coordInts(c.At(i))
	}
	return tup(kids...)
}

// sliceAndOffset is slice_and_offset(c, layout).
func sliceAndOffset(c Tiler, l Layout) (Layout, Int) {
	r := sliceLayout(c, l)
	return r, crd2idxLayout(coordInts(c), l)
}

// keepLeaf is CuTe's `_` as a coordinate leaf.
func keepLeaf() Tiler { return tuple.Leaf(TilerLeaf{Kind: TileKeep}) }

// repeatKeep is CuTe's repeat<n>(_): `_` itself for n == 1.
func repeatKeep(n int) Tiler {
	if n == 1 {
		return keepLeaf()
	}
	kids := make([]Tiler, n)
	for i := range kids {
		kids[i] = keepLeaf()
	}
	return tuple.Of(kids...)
}

// appendKeep is CuTe's append<n>(c, _): the tuple c padded with `_` to n
// modes (static_assert when c has more).
func appendKeep(c Tiler, n int) Tiler {
	if c.Rank() > n {
		refuse("Mismatched ranks")
	}
	kids := append([]Tiler(nil), c.Kids()...)
	for len(kids) < n {
		kids = append(kids, keepLeaf())
	}
	return tuple.Of(kids...)
}

// localTile is inner_partition(layout, tiler, coord).
func localTile(c *calc, l Layout, t Tiler, coord Tiler) (Layout, Int) {
	z := Layout(zippedDivide(c, layoutOf[Int](l), t)) // of rank 2: (tile, rest)
	r0 := z.Mode(0).Rank()
	rest := coord
	if !coord.IsLeaf() {
		rest = appendKeep(coord, z.Mode(1).Rank())
	}
	return sliceAndOffset(tuple.Of(repeatKeep(r0), rest), z)
}

// localPartition is outer_partition(layout, product_each(shape(tile)),
// tile.get_flat_coord(index)).
func localPartition(c *calc, l, tile Layout, index Int) (Layout, Int) {
	var shapeTiler Tiler
	var coord Tiler
	if tile.Shape.IsLeaf() {
		// product_each of an integer shape is the 1-tuple (s), and a rank-1
		// layout's flat coordinate is its 1-D index
		shapeTiler = tuple.Of(tuple.Leaf(TilerLeaf{Kind: TileInt, Int: tile.Shape.Value()}))
		coord = tuple.Leaf(TilerLeaf{Kind: TileInt, Int: flatCoord(index, tile.Shape, tile.Stride)})
	} else {
		ks := make([]Tiler, tile.Rank())
		cs := make([]Tiler, tile.Rank())
		for i := range ks {
			m := tile.Mode(i)
			ks[i] = tuple.Leaf(TilerLeaf{Kind: TileInt, Int: product(m.Shape)})
			cs[i] = tuple.Leaf(TilerLeaf{Kind: TileInt, Int: flatCoord(index, m.Shape, m.Stride)})
		}
		shapeTiler, coord = tuple.Of(ks...), tuple.Of(cs...)
	}
	z := Layout(zippedDivide(c, layoutOf[Int](l), shapeTiler)) // of rank 2: (tile, rest)
	r1 := z.Mode(1).Rank()
	first := coord
	if !coord.IsLeaf() {
		first = appendKeep(coord, z.Mode(0).Rank())
	}
	return sliceAndOffset(tuple.Of(first, repeatKeep(r1)), z)
}

// flatCoord is one mode's part of get_flat_coord: crd2crd(idx2crd(i, s, d),
// s, _1), the 1-D coordinate (Horner over the mode's shape) of the
// hierarchical coordinate idx2crd(i, s, d) = (i / d) % s per leaf.
func flatCoord(i Int, s, d IntTuple) Int {
	if s.IsLeaf() {
		if s.Value().IsConst(1) {
			return S(0)
		}
		return imod(idiv(i, d.Value()), s.Value())
	}
	if d.IsLeaf() {
		refuse("Mismatched Ranks")
	}
	// Horner: c0 + s0*(c1 + s1*(...)) over the flattened coordinate
	var cs, ss []Int
	var walk func(s, d IntTuple)
	walk = func(s, d IntTuple) {
		if s.IsLeaf() {
			cs = append(cs, flatCoord(i, s, d))
			ss = append(ss, s.Value())
			return
		}
		for j := range s.Kids() {
			walk(s.At(j), d.At(j))
		}
	}
	walk(s, d)
	r := cs[len(cs)-1]
	for j := len(cs) - 2; j >= 0; j-- {
		r = iadd(cs[j], imul(ss[j], r))
	}
	return r
}

// ParseCoord parses a coordinate that may hold CuTe's `_`: `(_,2)`,
// `((1,_),_)`, `3`.
func ParseCoord(src string) (Tiler, error) {
	n, err := notation.Parse(src)
	if err != nil {
		return Tiler{}, err
	}
	return CoordFromNode(n)
}
