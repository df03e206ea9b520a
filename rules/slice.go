package rules

import (
	"fmt"

	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/internal/tuple"
	"github.com/cutealg/cutealg/sym"
)

// Slices and partitions (underscore.hpp: slice, dice; layout.hpp:
// slice_and_offset; tensor_impl.hpp: local_tile through inner_partition,
// local_partition through outer_partition), on layouts. Each step is a
// rule of data/slice.rules; the offsets use crd2idx's rules of
// data/construct.rules and the partitions the divide family's.

// keepLeaf is CuTe's `_` as a coordinate leaf.
func keepLeaf() sym.Tiler { return tuple.Leaf(sym.TilerLeaf{Kind: sym.TileKeep}) }

// intLeaf is the integer x as a coordinate leaf.
func intLeaf(x sym.Int) sym.Tiler { return tuple.Leaf(sym.TilerLeaf{Kind: sym.TileInt, Int: x}) }

// emptyLayout is CuTe's empty layout ():(), what a slice keeps of a mode
// an integer fixes.
func emptyLayout() sym.Layout {
	return sym.Layout{Shape: tuple.Of[sym.Int](), Stride: tuple.Of[sym.Int]()}
}

// sliceLayout is slice(c, A) (dice when dice is set): at the top, a leaf
// of c keeps A whole (a `_` for slice, an integer for dice) or gives the
// empty layout; a tuple c gathers the modes each of its modes keeps.
func (w *world) sliceLayout(c sym.Tiler, a sym.Layout, dice bool) sym.Layout {
	if c.IsLeaf() {
		if w.keeps(c, "c", dice) {
			return a
		}
		return emptyLayout()
	}
	ls := w.lift(c, a, dice, "c", nil)
	if len(ls) == 0 {
		return emptyLayout()
	}
	return concat(ls)
}

// keeps records what a leaf of the coordinate does to its mode and
// reports whether the mode is kept.
func (w *world) keeps(c sym.Tiler, at string, dice bool) bool {
	lf := c.Value()
	switch {
	case dice && lf.Kind == sym.TileInt:
		w.step("dice.keep", at, Env{"c": lf.Int})
		return true
	case dice:
		w.step("dice.drop", at, nil)
		return false
	case lf.Kind == sym.TileKeep:
		w.step("slice.keep", at, nil)
		return true
	}
	w.step("slice.fix", at, Env{"c": lf.Int})
	return false
}

// lift appends to dst the modes of a that the coordinate c keeps (CuTe's
// lift_slice and lift_dice: a tuple's kept modes are spliced into the
// enclosing tuple).
func (w *world) lift(c sym.Tiler, a sym.Layout, dice bool, at string, dst []sym.Layout) []sym.Layout {
	if c.IsLeaf() {
		if w.keeps(c, at, dice) {
			return append(dst, a)
		}
		return dst
	}
	op := "slice"
	if dice {
		op = "dice"
	}
	if a.Shape.IsLeaf() {
		w.fail("%s: the coordinate %s is a tuple where the layout has the integer mode %s (CuTe refuses it: tuple_size of an integer)", op, sym.FormatTiler(c), a)
	}
	if c.Rank() != rank(a) {
		w.fail("%s: Mismatched Ranks: the coordinate %s has %d modes, the layout %s %d", op, sym.FormatTiler(c), c.Rank(), a, rank(a))
	}
	w.step(op+".by-mode", at, nil)
	for i, k := range c.Kids() {
		dst = w.lift(k, modeOf(a, i), dice, fmt.Sprintf("%s mode %d", at, i), dst)
	}
	return dst
}

// offset is crd2idx(c, A) with CuTe's `_` read as the static _0: the sum
// of what each integer of c contributes in its mode (crd2idx's rules),
// each checked to lie in its mode (slice.in-range) unless inRange says it
// does by construction; static as CuTe's sum of static integers is.
func (w *world) offset(c sym.Tiler, a sym.Layout, at string, inRange bool) sym.Int {
	if c.IsLeaf() {
		lf := c.Value()
		if lf.Kind == sym.TileKeep {
			return sym.S(0)
		}
		if !inRange {
			s := sizeOf(a.Shape)
			w.step("slice.non-negative", at, Env{"c": lf.Int})
			w.step("slice.in-range", at, Env{"c": lf.Int, "s": leavesMark(s, a.Shape)})
		}
		v := w.crd2idx(tuple.Leaf(lf.Int), a.Shape, a.Stride, at)
		return sym.Mark(v, crdStatic(lf.Int, a), lf.Int.Run || anyRun(a.Shape, a.Stride))
	}
	// (c matches the profile of a here: sliceLayout refused it otherwise)
	sum, static, run := sym.Const(0), true, false
	for i, k := range c.Kids() {
		o := w.offset(k, modeOf(a, i), fmt.Sprintf("%s mode %d", at, i), inRange)
		sum, static, run = sym.Add(sum, o.E), static && o.Static, run || o.Run
	}
	return sym.Mark(w.ctx.Simplify(sum), static, run)
}

// crdStatic reports whether CuTe's crd2idx of the integer c in the layout
// a is a static integer, as crd2idx_itt computes it: over a tuple, c
// splits into c % product(mode) (the static _0 where that product is the
// static _1: CuTe's int % _1) and c / product(mode) for the modes after
// it, the last mode taking the rest; a leaf contributes c*d, static where
// both are or either is the static _0; a static _0 coordinate gives _0 in
// every mode.
func crdStatic(c sym.Int, a sym.Layout) bool {
	v, known := sym.IsConst(c.E)
	return crdMarkStatic(crdMark{static: c.Static, known: c.Static && known, val: v}, a.Shape, a.Stride)
}

// crdMark is what crdStatic knows of a coordinate: static, and then
// perhaps its value.
type crdMark struct {
	static, known bool
	val           int64
}

func (m crdMark) zero() bool { return m.known && m.val == 0 }

func crdMarkStatic(c crdMark, s, d sym.IntTuple) bool {
	if c.zero() {
		return true
	}
	if s.IsLeaf() {
		return isStaticConst(d.Value(), 0) || c.static && d.Value().Static
	}
	for i := 0; i < s.Rank()-1; i++ {
		p, pStatic := sizeOf(s.At(i)), allLeavesStatic(s.At(i))
		pv, pKnown := sym.IsConst(p)
		pKnown = pKnown && pStatic
		var mod, div crdMark
		switch {
		case pKnown && pv == 1:
			mod = crdMark{static: true, known: true}
			div = c
		case c.static && pStatic:
			mod, div = crdMark{static: true}, crdMark{static: true}
			if c.known && pKnown && pv != 0 {
				mod, div = crdMark{static: true, known: true, val: c.val % pv}, crdMark{static: true, known: true, val: c.val / pv}
			}
		}
		if !crdMarkStatic(mod, s.At(i), d.At(i)) {
			return false
		}
		c = div
		if c.zero() {
			return true
		}
	}
	return crdMarkStatic(c, s.At(s.Rank()-1), d.At(s.Rank()-1))
}

// crdTupleStatic reports whether CuTe's crd2idx of the coordinate c in the
// layout a is a static integer: for a tuple, each mode's is (CuTe sums
// them); for an integer, see crdStatic.
func crdTupleStatic(c sym.IntTuple, a sym.Layout) bool {
	if c.IsLeaf() {
		return crdStatic(c.Value(), a)
	}
	if a.Shape.IsLeaf() || c.Rank() != a.Shape.Rank() {
		return false
	}
	for i := 0; i < c.Rank(); i++ {
		if !crdTupleStatic(c.At(i), modeOf(a, i)) {
			return false
		}
	}
	return true
}

// pair is the value of a layout and its offset.
func pair(l sym.Layout, off sym.Int) sym.Value {
	v := layoutValue(l)
	v.Offset = &off
	return v
}

// pairTerm is the term (R, offset) a slice_and_offset claims.
func pairTerm(l sym.Layout, off sym.Int) notation.Node {
	return &notation.Tuple{Elems: []notation.Node{l.Node(), off.Node()}}
}

// sliceAndOffset is slice_and_offset(c, A): slice(c, A) (which refuses a
// coordinate that does not match A's profile) and the offset of c (see
// offset); the step slice.pair, last, states the pair.
func (w *world) sliceAndOffset(c sym.Tiler, a sym.Layout, inRange bool) sym.Value {
	r := w.sliceLayout(c, a, false)
	off := w.offset(c, a, "c", inRange)
	w.step("slice.pair", "c", nil)
	w.claim(w.last(), func() (notation.Node, notation.Node) {
		return call("slice_and_offset", sym.TilerNode(c), a.Node()), pairTerm(r, off)
	})
	return pair(r, off)
}

// repeatKeep is CuTe's repeat<n>(_): `_` itself for n == 1.
func repeatKeep(n int) sym.Tiler {
	if n == 1 {
		return keepLeaf()
	}
	ks := make([]sym.Tiler, n)
	for i := range ks {
		ks[i] = keepLeaf()
	}
	return tuple.Of(ks...)
}

// checkAppend is CuTe's static_assert of append<n>(c, _): a tuple c has
// at most n modes.
func (w *world) checkAppend(c sym.Tiler, n int, op string) {
	if !c.IsLeaf() && c.Rank() > n {
		w.fail("%s: Mismatched ranks: the coordinate %s has %d modes, the mode it indexes %d", op, sym.FormatTiler(c), c.Rank(), n)
	}
}

// padKeep is CuTe's append<n>(c, _): the tuple c padded with `_` to n
// modes (an integer c stays; checkAppend refuses a c of more).
func padKeep(c sym.Tiler, n int) sym.Tiler {
	if c.IsLeaf() {
		return c
	}
	ks := append([]sym.Tiler(nil), c.Kids()...)
	for len(ks) < n {
		ks = append(ks, keepLeaf())
	}
	return tuple.Of(ks...)
}

// modeRank is rank<i>(z) of a zipped layout (a leaf counts 1).
func modeRank(z sym.Layout, i int) int { return rank(modeOf(z, i)) }

// partition is the request req sliced: the step id (tile.inner or
// tile.outer) states that req is slice_and_offset(x, zipped_divide(A, T)),
// x the coordinate coord gives for the ranks of the zipped layout's two
// modes (where the run ends before it has them, as the tiler gives them:
// its modes and A's); the divide's steps compute zipped_divide(A, T), and
// slice_and_offset the rest. check is CuTe's check of the coordinate (checkAppend).
func (w *world) partition(id string, req notation.Node, a sym.Layout, t sym.Tiler, coord func(r0, r1 int) sym.Tiler, check func(r0, r1 int), inRange bool) sym.Value {
	if !t.IsLeaf() {
		// a tuple tiler gives the ranks (its modes, A's): CuTe's check
		// comes before the divide
		check(t.Rank(), rank(a))
	}
	var x sym.Tiler
	known := false
	w.step(id, "A", nil)
	w.claim(w.last(), func() (notation.Node, notation.Node) {
		c := x
		if !known {
			c = coord(t.Rank(), rank(a))
		}
		return req, call("slice_and_offset", sym.TilerNode(c), call("zipped_divide", a.Node(), sym.TilerNode(t)))
	})
	z := w.arranged(a, t, "zipped", "div")
	x, known = coord(modeRank(z, 0), modeRank(z, 1)), true
	check(modeRank(z, 0), modeRank(z, 1))
	return w.sliceAndOffset(x, z, inRange)
}

// localTile is local_tile(A, T, c): inner_partition, zipped_divide(A, T)
// sliced at (repeat<R0>(_), append<R1>(c, _)).
//
// A tuple inside c that meets the rest of a divided mode indexes that
// rest's nesting, which the engine computes as CuTe's function but not
// always with CuTe's size-1 modes (DESIGN 3.3): where CuTe refuses such a
// coordinate for the nesting alone, a value would be wrong, so it is not
// computed symbolically.
func (w *world) localTile(a sym.Layout, t, c sym.Tiler) sym.Value {
	if !c.IsLeaf() {
		divided := c.Rank() // a leaf tiler divides the whole layout
		if !t.IsLeaf() {
			divided = min(c.Rank(), t.Rank())
		}
		for _, k := range c.Kids()[:divided] {
			if !k.IsLeaf() {
				w.fail("local_tile: the coordinate %s holds the tuple %s where it indexes the rest of a divided mode, whose nesting the symbolic engine does not promise to be CuTe's: not supported symbolically", sym.FormatTiler(c), sym.FormatTiler(k))
			}
		}
	}
	req := call("local_tile", a.Node(), sym.TilerNode(t), sym.TilerNode(c))
	return w.partition("tile.inner", req, a, t, func(r0, r1 int) sym.Tiler {
		return tuple.Of(repeatKeep(r0), padKeep(c, r1))
	}, func(_, r1 int) { w.checkAppend(c, r1, "local_tile") }, false)
}

// localPartition is local_partition(A, L, i): outer_partition,
// zipped_divide(A, product_each(shape(L))) sliced at (append<R0>(L's flat
// coordinate of i, _), repeat<R1>(_)). The flat coordinate of each mode of
// L is a remainder, inside the mode: its offset needs no range check.
func (w *world) localPartition(a, l sym.Layout, idx sym.Int) sym.Value {
	if w.decide(sym.MakeCond(idx.E, sym.GE, sym.Const(0))) != sym.True {
		// C++ truncates toward zero, the rules' floor_div toward -inf
		w.fail("local_partition: the index %s is not known to be non-negative: not supported symbolically", idx)
	}
	var ms []sym.Layout
	if l.Shape.IsLeaf() {
		ms = []sym.Layout{l}
	} else {
		ms = modesOf(l)
	}
	ks := make([]sym.Tiler, len(ms))
	cs := make([]sym.Tiler, len(ms))
	for k, m := range ms {
		at := fmt.Sprintf("L mode %d", k)
		p := leavesMark(sizeOf(m.Shape), m.Shape)
		w.step("tile.product-each", at, Env{"p": p})
		ks[k] = intLeaf(p)
		cs[k] = intLeaf(w.flatCoord(idx, m, at))
	}
	t, c := tuple.Of(ks...), tuple.Of(cs...)
	if l.Shape.IsLeaf() {
		c = cs[0] // a rank-1 layout's flat coordinate is its 1-D index
	}
	req := call("local_partition", a.Node(), l.Node(), idx.Node())
	return w.partition("tile.outer", req, a, t, func(r0, r1 int) sym.Tiler {
		return tuple.Of(padKeep(c, r0), repeatKeep(r1))
	}, func(r0, _ int) { w.checkAppend(c, r0, "local_partition") }, true)
}

// flatCoord is one mode's part of L.get_flat_coord(i): the coordinate of
// i in each leaf s:d of the mode, floor_div(i, d) % s (the static _0 for
// a static _1 extent), made 1-D over the mode's shape (Horner, from the
// last leaf).
func (w *world) flatCoord(idx sym.Int, m sym.Layout, at string) sym.Int {
	fm := flatModes(m)
	ks := make([]sym.Int, len(fm))
	for j, x := range fm {
		lat := fmt.Sprintf("%s leaf %d", at, j)
		if isStaticConst(x.s, 1) {
			w.step("tile.flat-unit", lat, nil)
			ks[j] = sym.S(0)
			continue
		}
		if w.decide(sym.MakeCond(x.d.E, sym.GE, sym.Const(1))) != sym.True {
			w.fail("local_partition: the stride %s of the tile is not known to be positive: CuTe's idx2crd divides by it", x.d)
		}
		ks[j] = w.step("tile.flat-coord", lat, Env{"i": idx, "d": x.d, "s": x.s})["k"]
	}
	r := ks[len(ks)-1]
	for j := len(ks) - 2; j >= 0; j-- {
		r = w.step("tile.horner", fmt.Sprintf("%s leaf %d", at, j), Env{"k": ks[j], "s": fm[j].s, "r": r})["r2"]
	}
	return r
}
