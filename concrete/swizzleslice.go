package concrete

import (
	"math"
	"math/bits"

	"github.com/cutealg/cutealg/internal/tuple"
)

// This file transcribes swizzle_layout.hpp's slice_and_offset of a swizzled
// layout at a coordinate that fixes some modes with integers: the fixed
// modes' contribution is split into the bits the swizzle reads or writes
// (folded into the offset) and the others (the returned offset), and the
// swizzle either stays (when the remaining layout reaches a Y bit and its Z
// bit together) or decays into a layout whose strides carry its effect.

// swizzleDecay is slice_and_offset(c, Sw o O o B) for a coordinate with an
// integer. It follows CuTe for a static inner layout, static integer
// coordinates and a static offset; other inputs (where CuTe mixes static
// and dynamic bits, MixedBits) are refused as not implemented.
func swizzleDecay(c *calc, coord Tiler, cl *Composed) (Value, Int) {
	sw, b := cl.Swizzle, cl.Layout
	static := isStaticTuple(b.Shape) && isStaticTuple(b.Stride) && cl.Offset.Static
	tuple.Fold(coord, 0, func(_ int, lf TilerLeaf) int {
		static = static && (lf.Kind != TileInt || lf.Int.Static)
		return 0
	})
	if !static {
		badInput("slicing a swizzled layout at integer coordinates is implemented for static layouts, offsets and coordinates only (CuTe mixes static and dynamic bits there)")
	}
	bw, m, s := int64(sw.B), int64(sw.M), int64(abs(sw.S))
	p2 := func(e int64) Int { return S(int64(1) << e) }
	shape := tup(leaf(p2(m)), leaf(p2(bw)), leaf(p2(s-bw)), leaf(p2(bw)), leaf(S(1)))
	// the column-major strides of that shape: _1, _2^M, _2^(M+B), _2^(M+S), _0
	antiZY := Layout{shape, tup(leaf(S(1)), leaf(S(0)), leaf(p2(m+bw)), leaf(S(0)), leaf(p2(m+bw+s)))}
	onlyZY := Layout{shape, tup(leaf(S(0)), leaf(p2(m)), leaf(S(0)), leaf(p2(m+s)), leaf(S(0)))}
	sliced := sliceLayout(coord, b)
	diced := diceLayout(coord, b)
	dicedCoord := cut(coord, coordInts(coord), TileInt)
	comp := func(a, x Layout) Layout { return sub(c, "composition", LayoutValue(a), LayoutValue(x)).Layout }
	offOnly := ixor(cl.Offset, toMixedBits(comp(onlyZY, diced), dicedCoord))
	offAnti := crd2idxLayout(dicedCoord, comp(antiZY, diced))
	slicedOnly := comp(onlyZY, sliced)
	active := S(index(slicedOnly, subInt64(size(slicedOnly).val(), 1)))
	if active.val()&^swizzleApply(sw, active).val() != 0 {
		// hits Y and Z together: not reducible
		r := composeBack(sw, offOnly, sliced)
		checkDecay(c, coord, cl, r, offAnti)
		return r, offAnti
	}
	yyy, zzz := sw.yyyMask(), sw.zzzMask()
	z, y := zzz&-zzz, yyy&-yyy
	lo := swizzleStrides(z < y, z, y, offOnly.val(), sw.B)
	hi := swizzleStrides(z > y, z, y, offOnly.val(), sw.B)
	if sw.B == 1 {
		// CuTe pairs repeat<1>(_2), the integer _2, with the 1-tuple of
		// one stride; its composition reads that stride as the integer
		// (captured: slice_and_offset((_1,_), Sw<1,2,3> o _0 o
		// (_8,_8):(_8,_1)) is ((_8):(_1),_8))
		lo, hi = lo.At(0), hi.At(0)
	}
	twos := func() IntTuple { return repeatInt(S(2), sw.B) }
	decayed := Layout{
		tup(leaf(p2(m)), twos(), leaf(p2(s-bw)), twos(), leaf(S(1))),
		tup(leaf(S(1)), lo, leaf(p2(m+bw)), hi, leaf(p2(m+bw+s))),
	}
	r := LayoutValue(comp(decayed, sliced))
	off := iadd(swizzleApply(sw, offOnly), offAnti)
	checkDecay(c, coord, cl, r, off)
	return r, off
}

// checkDecay checks the meaning of the slice of a tensor over the swizzled
// layout cl at coord: R(j) + off == Sw(O + B(c_j)) for j < size(R), c_j the
// coordinate with its `_` set to j's. CuTe's decay assumes that adding the
// offset carries into no swizzled bit; where it does (an offset O that is
// not aligned, for one), CuTe's value silently breaks this: a warning in
// CuTe mode, an error in strict mode.
func checkDecay(c *calc, coord Tiler, cl *Composed, r Value, off Int) {
	if !checksWanted(c) {
		return
	}
	sliced := sliceLayout(coord, cl.Layout)
	base := addInt64(cl.Offset.val(), crd2idxLayout(coordInts(coord), cl.Layout).val())
	at := func(j int64) int64 { return index(r.Layout, j) }
	if r.Kind == ValComposed {
		at = func(j int64) int64 { return composedIndex(r.Composed, j) }
	}
	for j := range checkIndices(size(sliced).val()) {
		want := swizzleApply(cl.Swizzle, D(addInt64(base, index(sliced, j)))).val()
		if got := addInt64(at(j), off.val()); got != want {
			c.violated(Violation{Op: "slice_and_offset", Cond: "slice.function", Index: j, Got: itoa(got), Want: itoa(want), Operands: []string{"c=" + FormatTiler(coord), "A=" + cl.String(), "R=" + r.String()}},
				"slice of the swizzled layout %v at %s breaks R(j)+offset == Sw(O+B(c_j)) at j=%d: R(%d)+%d = %d, Sw(O+B(c_%d)) = %d [R=%v]", cl, FormatTiler(coord), j, j, off.val(), got, j, want, r)
			return
		}
	}
}

// repeatInt is CuTe's repeat<n>(x): x itself for n == 1, else an n-tuple.
func repeatInt(x Int, n int) IntTuple {
	if n == 1 {
		return leaf(x)
	}
	kids := make([]IntTuple, n)
	for i := range kids {
		kids[i] = leaf(x)
	}
	return tup(kids...)
}

// swizzleStrides is detail::make_swizzle_strides: for the bits i < B, with
// zFirst, Z*2^i or -Z*2^i as the offset's Y bit i is clear or set; without,
// (Y+Z)*2^i or (Y-Z)*2^i as its Z bit i is clear or set. Always a tuple.
func swizzleStrides(zFirst bool, z, y, off int64, bits int) IntTuple {
	kids := make([]IntTuple, bits)
	for i := range kids {
		var v int64
		switch {
		case zFirst && off&(y<<i) == 0:
			v = z << i
		case zFirst:
			v = -(z << i)
		case off&(z<<i) == 0:
			v = (y + z) << i
		default:
			v = (y - z) << i
		}
		kids[i] = leaf(S(v))
	}
	return tup(kids...)
}

// toMixedBits is swizzle.hpp's to_mixed_bits(layout, coord) for a static
// layout and coordinate: the xor over the leaves of (c*d) & ((s-1)*d), c
// the leaf's coordinate (idx2crd(coord, shape)); CuTe requires s*d to be 0
// or a power of two.
func toMixedBits(l Layout, coord IntTuple) Int {
	crd := idx2crd(coord, l.Shape)
	var walk func(s, d, c IntTuple) int64
	walk = func(s, d, c IntTuple) int64 {
		if s.IsLeaf() != d.IsLeaf() || s.IsLeaf() != c.IsLeaf() {
			refuse("Either Shape, Stride, and Coord must be all tuples, or they must be all integral (in the sense of cute::is_integral).")
		}
		if s.IsLeaf() {
			sd := mulInt64(s.Value().val(), d.Value().val())
			if sd != 0 && sd&(sd-1) != 0 {
				refuse("Requires pow2 shape*stride.")
			}
			dv := d.Value().val()
			return mulInt64(c.Value().val(), dv) & mulInt64(s.Value().val()-1, dv)
		}
		if s.Rank() != d.Rank() || s.Rank() != c.Rank() {
			refuse("Mismatched ranks")
		}
		var r int64
		for i := range s.Kids() {
			r ^= walk(s.At(i), d.At(i), c.At(i))
		}
		return r
	}
	return S(walk(l.Shape, l.Stride, crd))
}

// ixor is a ^ b, static when both are.
func ixor(a, b Int) Int { return Int{V: a.val() ^ b.val(), Static: a.Static && b.Static} }

// compositionWithSwizzle is swizzle_layout.hpp's composition(layout,
// swizzle): the swizzle that a's values at the swizzle's Y and Z masks
// name (make_swizzle<a(yyy), a(zzz)>), composed with a. CuTe computes both
// values at compile time: a must be static.
func compositionWithSwizzle(a Layout, sw Swizzle) Value {
	checkSwizzle(sw)
	if !isStaticTuple(a.Shape) || !isStaticTuple(a.Stride) {
		refuse("composition(layout, swizzle) needs a static layout: its values at the swizzle masks are template arguments")
	}
	return composeBack(makeSwizzle(a, sw, index(a, sw.yyyMask()), index(a, sw.zzzMask())), S(0), a)
}

// zzzMask is CuTe's zzz_msk: the B bits from M-min(0,S).
func (s Swizzle) zzzMask() int64 { return (int64(1)<<s.B - 1) << (s.M - min(0, s.S)) }

// makeSwizzle is swizzle.hpp's make_swizzle<Y, Z>(): the swizzle whose
// YYY and ZZZ masks are y and z (what a layout a made of the masks of sw,
// for the error). It refuses Y and Z masks of different bit counts, the
// parameters Swizzle<B,M,S> itself refuses, and masks that no
// Swizzle<B,M,S> makes.
func makeSwizzle(a Layout, sw Swizzle, y, z int64) Swizzle {
	if y < 0 || z < 0 || y > math.MaxUint32 || z > math.MaxUint32 {
		badInput("composition(%v, %v): the masks map to %d and %d, outside CuTe's uint32_t", a, sw, y, z)
	}
	by, bz := bits.OnesCount64(uint64(y)), bits.OnesCount64(uint64(z))
	if by != bz {
		refuse("Number of bits in Y and Z don't match")
	}
	ctz := func(x int64) int {
		if x == 0 {
			return 32
		}
		return bits.TrailingZeros64(uint64(x))
	}
	made := Swizzle{B: by, M: min(ctz(y), ctz(z)) % 32, S: ctz(y) - ctz(z)}
	checkSwizzle(made) // Swizzle<B,M,S>'s own static assertions come first
	if made.yyyMask()|made.zzzMask() != y|z {
		refuse("Something went wrong.")
	}
	return made
}

// logicalProductOfComposed is swizzle_layout.hpp's logical_product(a,
// Sw o O o B): the product a x B, behind the swizzle that CuTe finds for
// it. It projects the swizzle's Z and Y bits through B (the layout P of
// the masks composed with B, at its last index: the active bits), takes
// the active Z and Y bits through B and then through the product at the
// coordinate (0, B(bits)), and makes the swizzle of those masks. CuTe
// requires the offset _0, and computes all of it at compile time: a and B
// must be static.
func logicalProductOfComposed(c *calc, a Layout, cl *Composed) Value {
	if !cl.Offset.IsConst(0) {
		refuse("Require Swizzle offset == 0.")
	}
	sw, b := cl.Swizzle, cl.Layout
	checkSwizzle(sw)
	for _, t := range []IntTuple{a.Shape, a.Stride, b.Shape, b.Stride} {
		if !isStaticTuple(t) {
			refuse("logical_product(layout, swizzled layout) needs static layouts: the new swizzle's masks are template arguments")
		}
	}
	product := sub(c, "logical_product", LayoutValue(a), LayoutValue(b)).Layout
	p2 := func(e int) Int { return S(int64(1) << e) }
	proj := Layout{
		Shape:  tup(leaf(p2(sw.M)), leaf(p2(sw.B)), leaf(p2(abs(sw.S)-sw.B)), leaf(p2(sw.B)), leaf(S(1))),
		Stride: tup(leaf(S(0)), leaf(p2(sw.M)), leaf(S(0)), leaf(p2(sw.M+abs(sw.S))), leaf(S(0))),
	}
	zy := sub(c, "composition", LayoutValue(proj), LayoutValue(b)).Layout
	active := index(zy, size(zy).val()-1)
	through := func(mask int64) int64 {
		return crd2idxLayout(tup(leaf(S(0)), leaf(S(index(b, active&mask)))), product).val()
	}
	made := makeSwizzle(product, sw, through(sw.yyyMask()), through(sw.zzzMask()))
	return composeBack(made, S(0), product)
}

// compositionOfComposed is layout_composed.hpp's composition(a, Sw o O o
// B): composition(composition(a, Sw), B), CuTe requiring the offset _0.
func compositionOfComposed(c *calc, a Layout, cl *Composed) Value {
	if !cl.Offset.IsConst(0) {
		refuse("Require offset == 0.")
	}
	return sub(c, "composition", compositionWithSwizzle(a, cl.Swizzle), LayoutValue(cl.Layout))
}
