package props

import (
	"fmt"
	"strconv"

	"pgregory.net/rapid"

	"github.com/cutealg/cutealg/concrete"
	"github.com/cutealg/cutealg/internal/tuple"
)

// The builders of issue 19's operations (catalog.Op.Ext): slicing by a
// coordinate holding `_` and the partitions built on it, the layout
// functions of layout.hpp, and the swizzle.

// coord draws a coordinate for the layout of the given shape: per mode
// `_`, an integer in range (a 1-D coordinate of the mode), or, for a tuple
// mode, a tuple of such coordinates of its modes.
func (g *caseGen) coord(s concrete.IntTuple, label string) concrete.Tiler {
	switch g.draw(0, 2, label) {
	case 0:
		return keepTile()
	case 1:
		return intTile(g.int(int64(g.draw(0, int(size(s))-1, label+".i")), label+".i"))
	}
	if s.IsLeaf() {
		return intTile(g.int(int64(g.draw(0, int(s.Value().V)-1, label+".i")), label+".i"))
	}
	ks := make([]concrete.Tiler, s.Rank())
	for i, k := range s.Kids() {
		ks[i] = g.coord(k, fmt.Sprintf("%s.%d", label, i))
	}
	return tuple.Of(ks...)
}

// topCoord draws a coordinate of the rank of s: a tuple with one
// coordinate per mode (coord), or, for an integer shape, `_` or an index.
func (g *caseGen) topCoord(s concrete.IntTuple) concrete.Tiler {
	if s.IsLeaf() {
		if g.coin("keep") {
			return keepTile()
		}
		return intTile(g.int(int64(g.draw(0, int(s.Value().V)-1, "c")), "c"))
	}
	ks := make([]concrete.Tiler, s.Rank())
	for i, k := range s.Kids() {
		ks[i] = g.coord(k, fmt.Sprintf("c%d", i))
	}
	return tuple.Of(ks...)
}

// slicer is the builder of slice, dice and slice_and_offset: a layout and
// a coordinate of its profile holding `_`; inadmissible, a coordinate with
// one mode more than the layout.
func slicer() builder {
	return builder{
		good: func(g *caseGen) []string {
			a := g.layout(4, 256, anyStrides)
			return []string{concrete.FormatTiler(g.topCoord(a.Shape)), a.String()}
		},
		bad: func(g *caseGen) []string {
			a := g.layout(4, 256, anyStrides)
			ks := make([]concrete.Tiler, rank(a)+1)
			for i := range ks {
				ks[i] = keepTile()
			}
			ks[0] = intTile(g.int(0, "c"))
			return []string{concrete.FormatTiler(tuple.Of(ks...)), a.String()}
		},
	}
}

// swizzle draws a swizzle Sw<B,M,S> CuTe accepts (|S| >= B), small enough
// that its masks stay within 12 bits.
func (g *caseGen) swizzle() concrete.Swizzle {
	b := g.draw(0, 3, "B")
	m := g.draw(0, 4, "M")
	s := g.draw(b, 4, "S")
	if g.coin("negS") {
		s = -s
	}
	return concrete.Swizzle{B: b, M: m, S: s}
}

// badSwizzle draws a swizzle CuTe refuses: |S| < B.
func (g *caseGen) badSwizzle() concrete.Swizzle {
	b := g.draw(1, 3, "B")
	return concrete.Swizzle{B: b, M: g.draw(0, 4, "M"), S: g.draw(0, b-1, "S")}
}

// zippable draws a layout whose every mode is a tuple of the same rank,
// the argument of zip; with bad, of rank >= 2 and the last mode with one
// sub-mode more.
func (g *caseGen) zippable(bad bool) concrete.Layout {
	r, k := g.draw(1, 3, "rank"), g.draw(1, 3, "k")
	if bad {
		r = g.draw(2, 3, "rank")
	}
	ss, ds := make([]concrete.IntTuple, r), make([]concrete.IntTuple, r)
	for i := range ss {
		n := k
		if bad && i == r-1 {
			n++
		}
		ms, md := make([]concrete.IntTuple, n), make([]concrete.IntTuple, n)
		for j := range ms {
			ms[j] = tuple.Leaf(g.int(int64(g.draw(1, 4, "e")), "e"))
			md[j] = tuple.Leaf(g.int(int64(g.draw(0, 32, "d")), "d"))
		}
		ss[i], ds[i] = tuple.Of(ms...), tuple.Of(md...)
	}
	return concrete.Layout{Shape: tuple.Of(ss...), Stride: tuple.Of(ds...)}
}

// flatLayout is the flat layout of l's leaves.
func flatLayout(l concrete.Layout) concrete.Layout {
	return concrete.Layout{Shape: tupleOfLeaves(leaves(l.Shape)), Stride: tupleOfLeaves(leaves(l.Stride))}
}

// restShape is the shape of the rest mode of zipped_divide(a, t), what
// local_tile's coordinate indexes; false where CuTe refuses the divide for
// static-ness alone (a dynamic-stride complement of rank > 1), as it then
// refuses local_tile.
func restShape(a, t string) (concrete.IntTuple, bool) {
	z, err := concrete.ApplyText("zipped_divide", []string{a, t})
	if err != nil {
		return concrete.IntTuple{}, false
	}
	return z.Layout.Shape.Kids()[1], true
}

// tileCoord draws local_tile's coordinate for the rest shape: an index,
// `_`, or a tuple of coordinates of the first 1..rank modes (CuTe pads it
// with `_`); with bad, a tuple of one mode more than the rest has.
func (g *caseGen) tileCoord(rest concrete.IntTuple, bad bool) concrete.Tiler {
	if bad {
		n := 2
		if !rest.IsLeaf() {
			n = rest.Rank() + 1
		}
		ks := make([]concrete.Tiler, n)
		for i := range ks {
			ks[i] = intTile(g.int(0, "c"))
		}
		return tuple.Of(ks...)
	}
	c := g.coord(rest, "c")
	if c.IsLeaf() || c.Rank() == 1 {
		return c
	}
	return tuple.Of(c.Kids()[:g.draw(1, c.Rank(), "prefix")]...)
}

// tiled draws the arguments of local_tile: a layout, an admissible tiler
// (as for zipped_divide) and a coordinate of the rest mode (tileCoord); `_`
// where CuTe refuses the divide for static-ness (the case is then refused
// as the divide is).
func (g *caseGen) tiled(bad bool) []string {
	a := g.sized(4, 256, anyStrides)
	t := g.divisorTiler(a, false)
	rest, ok := restShape(a.String(), t)
	c := keepTile()
	if ok {
		c = g.tileCoord(rest, bad)
	}
	return []string{a.String(), t, concrete.FormatTiler(c)}
}

// partitioned draws the arguments of local_partition: a thread layout L
// (compact in a permuted order), a layout A whose top-level mode i has
// extent size(mode i of L) times 1..3 (so that product_each(shape(L))
// divides it), and an index below size(L) (with bad, size(L) itself is
// still an index CuTe takes modulo: bad is an A with one mode fewer than
// L).
func (g *caseGen) partitioned(bad bool) []string {
	l := tupled(g.layout(3, 16, bijectiveStrides))
	r := rank(l)
	n := r
	if bad {
		if r == 1 {
			l = concrete.Layout{Shape: tuple.Of(l.Shape.Kids()[0], tuple.Leaf(g.int(2, "e"))), Stride: tuple.Of(l.Stride.Kids()[0], tuple.Leaf(g.int(size(l.Shape), "d")))}
			r = 2
		}
		n = r - 1
	}
	ss, ds := make([]concrete.IntTuple, n), make([]concrete.IntTuple, n)
	p := int64(1)
	for i := range ss {
		e := size(mode(l, i).Shape) * int64(g.draw(1, 3, "k"))
		ss[i], ds[i] = tuple.Leaf(g.int(e, "e")), tuple.Leaf(g.int(p, "d"))
		p *= e
	}
	a := concrete.Layout{Shape: tuple.Of(ss...), Stride: tuple.Of(ds...)}
	return []string{a.String(), l.String(), concrete.FormatTuple(tuple.Leaf(g.int(int64(g.draw(0, int(size(l.Shape))-1, "i")), "i")))}
}

// maybeSwizzled prints l, or one time in four the swizzled layout
// Sw<B,M,S> o off o l (CuTe's ComposedLayout), for the operations that
// take one as their first argument (catalog.Op.Composed).
func (g *caseGen) maybeSwizzled(l concrete.Layout) string {
	if g.draw(0, 3, "swizzled") != 0 {
		return l.String()
	}
	c := concrete.Composed{Swizzle: g.swizzle(), Offset: g.int(int64(g.draw(0, 64, "offset")), "offset"), Layout: l}
	return c.String()
}

// extBuilders are the builders of the Ext operations (added to builders).
func extBuilders() map[string]builder {
	return map[string]builder{
		"slice":            slicer(),
		"dice":             slicer(),
		"slice_and_offset": slicer(),
		"coshape":          oneLayout(256, anyStrides),
		"make_layout_like": oneLayout(256, anyStrides),
		"make_fragment_like": {
			good: func(g *caseGen) []string { return []string{g.maybeSwizzled(g.layout(4, 256, anyStrides))} },
			bad:  func(g *caseGen) []string { return []string{g.malformed()} },
		},
		"filter_zeros": {
			good: func(g *caseGen) []string {
				a := g.layout(4, 256, anyStrides)
				if g.coin("default") {
					return []string{a.String()}
				}
				p := tuple.Map(a.Shape, func(concrete.Int) concrete.Int {
					if g.coin("zero") {
						return concrete.S(0)
					}
					return g.int(1, "p")
				})
				return []string{a.String(), concrete.FormatTuple(p)}
			},
			bad: func(g *caseGen) []string { return []string{g.malformed()} },
		},
		"unflatten": {
			good: func(g *caseGen) []string {
				l := g.layout(4, 256, anyStrides)
				return []string{flatLayout(l).String(), concrete.FormatTuple(l.Shape)}
			},
			bad: func(g *caseGen) []string {
				l := g.layout(4, 256, anyStrides)
				p := tuple.Of(l.Shape, tuple.Leaf(g.int(1, "p")))
				return []string{flatLayout(l).String(), concrete.FormatTuple(p)}
			},
		},
		"zip": {
			good: func(g *caseGen) []string {
				if g.coin("two") {
					a := g.zippable(false)
					b := g.zippable(false)
					if rank(a) != rank(b) {
						return []string{a.String()}
					}
					return []string{a.String(), b.String()}
				}
				return []string{g.maybeSwizzled(g.zippable(false))}
			},
			bad: func(g *caseGen) []string { return []string{g.zippable(true).String()} },
		},
		"domain_distribute": {
			// CuTe needs both shapes static, B an integer
			good: func(g *caseGen) []string {
				s := tuple.Map(g.shape(4, 256), func(x concrete.Int) concrete.Int { return concrete.S(x.V) })
				return []string{concrete.FormatTuple(s), concrete.FormatTuple(tuple.Leaf(concrete.S(int64(g.draw(1, 64, "b")))))}
			},
			bad: func(g *caseGen) []string {
				s := tuple.Map(g.shape(4, 256), func(x concrete.Int) concrete.Int { return concrete.S(x.V) })
				b := tuple.Of(tuple.Leaf(concrete.S(int64(g.draw(1, 8, "b0")))), tuple.Leaf(concrete.S(int64(g.draw(1, 8, "b1")))))
				return []string{concrete.FormatTuple(s), concrete.FormatTuple(b)}
			},
		},
		"local_tile": {
			good: func(g *caseGen) []string { return g.tiled(false) },
			bad:  func(g *caseGen) []string { return g.tiled(true) },
		},
		"local_partition": {
			good: func(g *caseGen) []string { return g.partitioned(false) },
			bad:  func(g *caseGen) []string { return g.partitioned(true) },
		},
		"recast_layout": {
			// the widths of CuTe's uint_bit_t, their ratio a power of 2:
			// upcast's and downcast's cases with the widths N apart
			good: func(g *caseGen) []string {
				w := rapid.SampledFrom([]int{8, 16, 32}).Draw(g.t, "bits")
				switch g.draw(0, 2, "cast") {
				case 0:
					return []string{g.layout(3, 64, anyStrides).String(), param(w), param(w)}
				case 1:
					args := builders["upcast"].good(g)
					n, _ := strconv.Atoi(args[1])
					return []string{args[0], param(w), param(w * n)}
				}
				args := builders["downcast"].good(g)
				n, _ := strconv.Atoi(args[1])
				return []string{args[0], param(w * n), param(w)}
			},
			bad: func(g *caseGen) []string {
				args := builders["upcast"].bad(g)
				return []string{args[0], param(8), param(16)}
			},
		},
		"make_identity_layout": {
			good: func(g *caseGen) []string { return []string{concrete.FormatTuple(g.shape(4, 256))} },
			bad:  func(*caseGen) []string { return nil },
		},
		"max_alignment": {
			// a compact layout in a permuted order, mixed as static shapes
			// with dynamic strides or the reverse: where its static part
			// (dynamic shapes made _1, dynamic strides _0) has a hole that
			// right_inverse does not cover, CuTe's max_alignment does not
			// compile (gcd of a tuple stride)
			good: func(g *caseGen) []string {
				a := g.layout(4, 256, bijectiveStrides)
				if g.f == Mixed {
					s := g.coin("staticShape")
					a.Shape = tuple.Map(a.Shape, func(x concrete.Int) concrete.Int { return concrete.Int{V: x.V, Static: s} })
					a.Stride = tuple.Map(a.Stride, func(x concrete.Int) concrete.Int { return concrete.Int{V: x.V, Static: !s} })
				}
				return []string{a.String()}
			},
			bad: func(g *caseGen) []string { return []string{g.malformed()} },
		},
		"coprofile": oneLayout(256, anyStrides),
		"tile_unzip": {
			// what zipped_divide unzips, logical_divide's shape: a rank-2
			// mode (tile, rest) at every terminal of the tiler, modes
			// beyond it kept
			good: func(g *caseGen) []string {
				r := g.draw(1, 3, "rank")
				ms := make([]concrete.Layout, r+g.draw(0, 1, "extra"))
				ts := make([]concrete.Tiler, r)
				for i := range ms {
					if i < r {
						ts[i] = layoutTile(g.rhs(2, 6))
						ms[i] = layoutOf(g.layout(2, 8, anyStrides), g.layout(2, 8, anyStrides))
						continue
					}
					ms[i] = g.layout(2, 8, anyStrides)
				}
				return []string{g.maybeSwizzled(layoutOf(ms...)), tilerText(ts)}
			},
			bad: func(g *caseGen) []string {
				return []string{g.malformed(), tilerText([]concrete.Tiler{intTile(g.int(2, "t"))})}
			},
		},
		"ceil_div_layout": {
			// a target shape and a tiler complementable in it
			good: func(g *caseGen) []string {
				args := builders["complement"].good(g)
				return []string{args[1], args[0]}
			},
			bad: func(g *caseGen) []string {
				args := builders["complement"].bad(g)
				return []string{args[1], args[0]}
			},
		},
		"swizzle": {
			good: func(g *caseGen) []string {
				sw := g.swizzle()
				return []string{sw.String(), concrete.FormatTuple(tuple.Leaf(g.int(int64(g.draw(0, 1<<12-1, "x")), "x")))}
			},
			bad: func(g *caseGen) []string {
				return []string{g.badSwizzle().String(), concrete.FormatTuple(tuple.Leaf(g.int(int64(g.draw(0, 255, "x")), "x")))}
			},
		},
		"composition_swizzle": {
			good: func(g *caseGen) []string {
				return []string{g.swizzle().String(), g.layout(4, 256, anyStrides).String()}
			},
			bad: func(g *caseGen) []string {
				return []string{g.badSwizzle().String(), g.layout(4, 256, anyStrides).String()}
			},
		},
	}
}

// layoutOf is the layout whose modes are ls (CuTe's make_layout(l0, l1,
// ...)).
func layoutOf(ls ...concrete.Layout) concrete.Layout {
	ss, ds := make([]concrete.IntTuple, len(ls)), make([]concrete.IntTuple, len(ls))
	for i, l := range ls {
		ss[i], ds[i] = l.Shape, l.Stride
	}
	return concrete.Layout{Shape: tuple.Of(ss...), Stride: tuple.Of(ds...)}
}
