package concrete

import (
	"strconv"
	"strings"

	"github.com/cutealg/cutealg/internal/tuple"
)

// This file holds the product family of CuTe's layout.hpp: logical_product
// and its zipped/tiled/flat rearrangements, the rank-sensitive
// blocked_product and raked_product, and tile_to_shape. The mode-regrouping
// helpers are shared with the divide family (divide.go).

var (
	logicalProductOp = newLayoutOp("logical_product", func(c calc, x opArgs) Layout {
		return Layout(logicalProduct(&c, layoutOf[Int](x.a), layoutOf[Int](x.b)))
	})
	logicalProductTilerOp = newLayoutOp("logical_product", func(c calc, x opArgs) Layout {
		return Layout(logicalProductTiler(&c, layoutOf[Int](x.a), x.t))
	})
	zippedProductOp = newLayoutOp("zipped_product", func(c calc, x opArgs) Layout {
		return Layout(zippedProduct(&c, layoutOf[Int](x.a), x.t))
	})
	tiledProductOp = newLayoutOp("tiled_product", func(c calc, x opArgs) Layout {
		return Layout(tiledProduct(&c, layoutOf[Int](x.a), x.t))
	})
	flatProductOp = newLayoutOp("flat_product", func(c calc, x opArgs) Layout {
		return Layout(flatProduct(&c, layoutOf[Int](x.a), x.t))
	})
	blockedProductOp = newLayoutOp("blocked_product", func(c calc, x opArgs) Layout {
		return Layout(blockedProduct(&c, layoutOf[Int](x.a), layoutOf[Int](x.b)))
	})
	rakedProductOp = newLayoutOp("raked_product", func(c calc, x opArgs) Layout {
		return Layout(rakedProduct(&c, layoutOf[Int](x.a), layoutOf[Int](x.b)))
	})
)

func init() {
	register(
		&Op{Op: spec("logical_product"), layout: logicalProductOp},
		&Op{Op: spec("logical_product_tiler"), layout: logicalProductTilerOp},
		&Op{Op: spec("zipped_product"), layout: zippedProductOp},
		&Op{Op: spec("tiled_product"), layout: tiledProductOp},
		&Op{Op: spec("flat_product"), layout: flatProductOp},
		&Op{Op: spec("blocked_product"), layout: blockedProductOp},
		&Op{Op: spec("raked_product"), layout: rakedProductOp},
		&Op{Op: spec("tile_to_shape"),
			run: func(c *calc, a []Value) Value {
				if len(a) == 3 {
					return LayoutValue(tileToShape(c, a[0].Layout, a[1].Tuple, &a[2].Tuple))
				}
				return LayoutValue(tileToShape(c, a[0].Layout, a[1].Tuple, nil))
			}},
	)
}

// LogicalProduct mirrors cute::logical_product(Layout, Layout): A ⊗ B =
// make_layout(A, composition(complement(A, size(A)*cosize(B)), B)). Mode 0
// of the result is A, mode 1 is B with every element replaced by a unique
// replication of A.
//
// Post-conditions (checked; CuTe mode warns, StrictMode refuses): the
// complement is ordered and disjoint from the image of A (the bounds that
// (A,A*) covers size(A)*cosize(B) are not required: CuTe's own unit test
// computes a product that misses them and is still correct as a function);
// the composition satisfies compatible(B, R) and
// R(i) == A*(B(i)) for every i < size(B). rank(result) == 2,
// compatible(A, layout<0>(result)), compatible(B, layout<1>(result)).
func LogicalProduct(a, b Layout, opts ...Option) (r Layout, err error) {
	err = run(logicalProductOp, &r, &operands{a: &a, b: &b}, opts)
	return
}

// LogicalProductTiler mirrors cute::logical_product(Layout, Tiler): a tuple
// tiler multiplies mode i of A by element i (recursively; an integer n
// means the layout make_layout(n), `_` keeps the mode) and keeps the modes
// of A beyond the tiler's rank; a layout tiler is LogicalProduct. CuTe
// refuses a tiler with more modes than A ("Too many modes in tiler").
//
// Post-conditions: those of LogicalProduct, for every mode multiplied.
func LogicalProductTiler(a Layout, t Tiler, opts ...Option) (r Layout, err error) {
	err = run(logicalProductTilerOp, &r, &operands{a: &a, t: &t}, opts)
	return
}

// ZippedProduct mirrors cute::zipped_product(Layout, Tiler): the logical
// product with the blocks of every mode gathered into mode 0 and the tile
// repetitions (and the modes of A beyond the tiler) into mode 1:
// ((M,N,...),(TileM,TileN,...,L,...)). Like CuTe it does not accept a `_`
// tiler element that meets a mode it cannot split in two ("Index out of
// range").
//
// Post-conditions: those of the logical product it rearranges.
func ZippedProduct(a Layout, t Tiler, opts ...Option) (r Layout, err error) {
	err = run(zippedProductOp, &r, &operands{a: &a, t: &t}, opts)
	return
}

// TiledProduct mirrors cute::tiled_product(Layout, Tiler): ZippedProduct
// with mode 1 unpacked: ((M,N,...),TileM,TileN,...,L,...). As in CuTe, a
// mode 1 of rank 1 stays packed.
//
// Post-conditions: those of the logical product it rearranges.
func TiledProduct(a Layout, t Tiler, opts ...Option) (r Layout, err error) {
	err = run(tiledProductOp, &r, &operands{a: &a, t: &t}, opts)
	return
}

// FlatProduct mirrors cute::flat_product(Layout, Tiler): ZippedProduct with
// both modes unpacked: (M,N,...,TileM,TileN,...,L,...). As in CuTe, a mode
// of rank 1 stays packed.
//
// Post-conditions: those of the logical product it rearranges.
func FlatProduct(a Layout, t Tiler, opts ...Option) (r Layout, err error) {
	err = run(flatProductOp, &r, &operands{a: &a, t: &t}, opts)
	return
}

// BlockedProduct mirrors cute::blocked_product(Layout, Layout): both
// layouts are padded with `_1:_0` modes to the larger rank R, multiplied as
// 1-D layouts (LogicalProduct), and mode i of the result is (A_i, B_i):
// every element of B becomes a block A, blocks arranged as B says.
//
// Post-conditions: rank(result) == max(rank(A), rank(B)) and those of the
// logical product it is built on.
func BlockedProduct(a, b Layout, opts ...Option) (r Layout, err error) {
	err = run(blockedProductOp, &r, &operands{a: &a, b: &b}, opts)
	return
}

// RakedProduct mirrors cute::raked_product(Layout, Layout): BlockedProduct
// with the pairs swapped, mode i of the result is (B_i, A_i): the blocks
// are interleaved.
//
// Post-conditions: rank(result) == max(rank(A), rank(B)) and those of the
// logical product it is built on.
func RakedProduct(a, b Layout, opts ...Option) (r Layout, err error) {
	err = run(rakedProductOp, &r, &operands{a: &a, b: &b}, opts)
	return
}

// TileToShape mirrors cute::tile_to_shape(Layout, Shape): the block,
// padded to the rank of the target, is repeated (blocked_product) over the
// column-major layout of ceil_div(target, block) tiles. With a static
// target CuTe requires the block to divide it ("tile_to_shape: block shape
// does not divide the target shape."); a dynamic target is rounded up
// silently.
//
// Pre-condition: rank(block) <= rank(target) (CuTe's static_assert).
// Post-condition (checked; CuTe mode warns, StrictMode refuses): the size of
// every mode of the result equals the size of the target's mode
// (compatible(target, shape(result))), plus those of the blocked product.
func TileToShape(block Layout, target IntTuple, opts ...Option) (r Layout, err error) {
	err = guard("tile_to_shape", func() {
		requireCongruent(&block)
		var c calc
		c.apply(opts)
		r = tileToShape(&c, block, target, nil)
	})
	return
}

// TileToShapeOrdered mirrors cute::tile_to_shape(Layout, Shape, ModeOrder):
// TileToShape with the tiles laid out as make_ordered_layout(ceil_div(
// target, block), order) says, e.g. order (_2,_1) repeats the block along
// mode 1 first. Dynamic order values count as larger than every static one
// and are taken left to right, as in CuTe.
//
// Pre- and post-conditions: those of TileToShape.
func TileToShapeOrdered(block Layout, target, order IntTuple, opts ...Option) (r Layout, err error) {
	err = guard("tile_to_shape", func() {
		requireCongruent(&block)
		var c calc
		c.apply(opts)
		r = tileToShape(&c, block, target, &order)
	})
	return
}

// productComplementChecks are the complement checks a logical product
// applies: not the two bounds that (A,A*) covers the cotarget
// size(A)*cosize(B) (cosize((A,A*)) >= size(M) and size(A*) >=
// size(M)/size(filter(A))). A product needs A* only at the coordinates B
// reaches, where A* ∘ B is checked as a composition, which evaluates A*
// beyond its domain as CuTe does; CuTe's unit test has a correct product
// whose complement misses both bounds (the vectors' unit-logical_product-21).
const productComplementChecks = complementAll &^ (complementCover | complementSize)

// logicalProduct is CuTe's logical_product(Layout, Layout):
// make_layout(A, composition(complement(A, size(A)*cosize(B)), B)).
func logicalProduct[I integer[I]](c *calc, a, b layoutOf[I]) layoutOf[I] {
	rest := complementWith(c, a, tuple.Leaf(product(a.Shape).mul(cosize(b))), productComplementChecks)
	inner := *c
	inner.noTwin = true
	r := makeLayoutConcat(a, composition(&inner, rest, b))
	if checksWanted(c) {
		checkProductTwin(c, plainLayout(a), plainLayout(b))
	}
	return r
}

// checkProductTwin reports, with checks wanted, a logical product of
// layouts with dynamic integers whose all-static version fails.
func checkProductTwin(c *calc, a, b Layout) {
	if isStatic(a) && isStatic(b) {
		return
	}
	if err := productTwin(a, b); err != nil {
		c.violated(Violation{Op: "logical_product", Cond: "static.twin", Index: -1, Got: err.Error(), Operands: []string{"A=" + a.String(), "B=" + b.String()}, Cause: err},
			"logical_product with dynamic integers whose all-static version fails: %v [A=%v B=%v]", err, a, b)
	}
}

// productTwin computes the logical product of the all-static versions of a
// and b in strict mode (the "all-static twin" of the vectors) and returns
// its error.
func productTwin(a, b Layout) error {
	return guard("", func() {
		tc := calc{strict: true}
		logicalProduct(&tc, layoutOf[Int](staticLayout(a)), layoutOf[Int](staticLayout(b)))
	})
}

// logicalProductTiler is CuTe's logical_product(Layout, Tiler).
func logicalProductTiler[I integer[I], L tilerLeaf[I]](c *calc, a layoutOf[I], t tuple.T[L]) layoutOf[I] {
	return transformByTiler(c, a, t, "logical_product", logicalProduct[I])
}

// zippedProduct is CuTe's zipped_product: tile_unzip(logical_product(A, T), T).
func zippedProduct[I integer[I], L tilerLeaf[I]](c *calc, a layoutOf[I], t tuple.T[L]) layoutOf[I] {
	return zip2By(logicalProductTiler(c, a, t), t)
}

// tiledProduct is CuTe's tiled_product: zipped_product(A, T)(_,
// repeat<R1>(_)).
func tiledProduct[I integer[I], L tilerLeaf[I]](c *calc, a layoutOf[I], t tuple.T[L]) layoutOf[I] {
	return unpackModes(zippedProduct(c, a, t), false)
}

// flatProduct is CuTe's flat_product: zipped_product(A, T)(repeat<R0>(_),
// repeat<R1>(_)).
func flatProduct[I integer[I], L tilerLeaf[I]](c *calc, a layoutOf[I], t tuple.T[L]) layoutOf[I] {
	return unpackModes(zippedProduct(c, a, t), true)
}

// blockedProduct is CuTe's blocked_product: zip(layout<0>(P),
// layout<1>(P)) for P = logical_product(append<R>(A), append<R>(B)),
// R = max(rank(A), rank(B)).
func blockedProduct[I integer[I]](c *calc, a, b layoutOf[I]) layoutOf[I] {
	r := max(a.rank(), b.rank())
	p := logicalProduct(c, padRank(a, r), padRank(b, r))
	return zipLayouts(p.mode(0), p.mode(1))
}

// rakedProduct is CuTe's raked_product: blocked_product with the two modes
// of P swapped, zip(layout<1>(P), layout<0>(P)).
func rakedProduct[I integer[I]](c *calc, a, b layoutOf[I]) layoutOf[I] {
	r := max(a.rank(), b.rank())
	p := logicalProduct(c, padRank(a, r), padRank(b, r))
	return zipLayouts(p.mode(1), p.mode(0))
}

// padRank is CuTe's append<n>(layout): the layout padded with `_1:_0` modes
// to rank n (n >= rank(l)); an integer-shaped layout stays as it is for
// n == 1.
func padRank[I integer[I]](l layoutOf[I], n int) layoutOf[I] {
	r := l.rank()
	if r == n {
		return l
	}
	buf := make([]tuple.T[I], 2*n)
	sh, st := buf[:0:n], buf[n:n]
	if l.Shape.IsLeaf() {
		sh, st = append(sh, l.Shape), append(st, l.Stride)
	} else {
		sh, st = append(sh, l.Shape.Kids()...), append(st, l.Stride.Kids()...)
	}
	for range n - r {
		sh, st = append(sh, tuple.Leaf(static[I](1))), append(st, tuple.Leaf(static[I](0)))
	}
	return layoutOf[I]{tuple.Of(sh...), tuple.Of(st...)}
}

// zipLayouts is CuTe's zip(layoutA, layoutB), the zip of the shapes and of
// the strides: ((a0,b0),(a1,b1),...) for tuples of equal rank ("Mismatched
// Ranks" otherwise); an integer-shaped a gives the single mode ((a,b)).
func zipLayouts[I integer[I]](a, b layoutOf[I]) layoutOf[I] {
	if a.Shape.IsLeaf() {
		return layoutOf[I]{tuple.Of(tuple.Of(a.Shape, b.Shape)), tuple.Of(tuple.Of(a.Stride, b.Stride))}
	}
	if b.Shape.IsLeaf() {
		s := plainTuple(b.Shape)
		noTupleSize(s.Value())
	}
	r := a.rank()
	if b.rank() != r {
		refuse("Mismatched Ranks")
	}
	sh, st := make([]tuple.T[I], r), make([]tuple.T[I], r)
	for i := range r {
		sh[i] = tuple.Of(a.Shape.At(i), b.Shape.At(i))
		st[i] = tuple.Of(a.Stride.At(i), b.Stride.At(i))
	}
	return layoutOf[I]{tuple.Of(sh...), tuple.Of(st...)}
}

// productEach is CuTe's product_each(shape): the product of every mode, as
// a tuple (an integer counts as a tuple of itself).
func productEach(s IntTuple) []Int {
	if s.IsLeaf() {
		return []Int{s.Value()}
	}
	ps := make([]Int, s.Rank())
	for i, k := range s.Kids() {
		ps[i] = product(k)
	}
	return ps
}

// tileToShape is CuTe's tile_to_shape(block, target[, order]); a nil order
// is CuTe's default LayoutLeft (column-major tiles).
func tileToShape(c *calc, block Layout, target IntTuple, order *IntTuple) Layout {
	r := target.Rank()
	if block.Rank() > r {
		refuse("Rank of layout must be <= rank of target shape.")
	}
	padded := Layout(padRank(layoutOf[Int](block), r))
	bs, ts := productEach(padded.Shape), productEach(target)
	static := true
	for _, t := range ts {
		static = static && t.Static
	}
	if static {
		// evenly_divides(target, block) must be a compile-time truth.
		ok := Bool{V: true, Static: true}
		for i, t := range ts {
			ok = ok.And(Eq(t, imul(bs[i], iceilDiv(t, bs[i]))))
		}
		if !ok.Static {
			refuse("%s", msgNotStaticBool)
		}
		if !ok.val() {
			refuse("tile_to_shape: block shape does not divide the target shape.")
		}
	}
	ps := make([]IntTuple, r)
	for i, t := range ts {
		ps[i] = leaf(iceilDiv(t, bs[i]))
	}
	var tiles Layout
	if order == nil {
		tiles = Layout(makeLayoutLeft(tup(ps...)))
	} else {
		tiles = makeOrderedLayout(tup(ps...), *order)
	}
	res := Layout(blockedProduct(c, layoutOf[Int](padded), layoutOf[Int](tiles)))
	for i, t := range ts {
		if size(res.Mode(i)).val() != t.val() {
			got := make([]string, r)
			want := make([]string, r)
			for j := range r {
				got[j] = strconv.FormatInt(size(res.Mode(j)).val(), 10)
				want[j] = strconv.FormatInt(ts[j].val(), 10)
			}
			c.violated(Violation{Op: "tile_to_shape", Cond: "tile.size", Index: int64(i), Got: got[i], Want: want[i],
				Operands: []string{"A=" + block.String(), "S=" + FormatTuple(target)}},
				"tile_to_shape: result mode sizes [%s] != target [%s] (mode %d differs)",
				strings.Join(got, ", "), strings.Join(want, ", "), i)
			break
		}
	}
	return res
}
