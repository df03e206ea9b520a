package rules

import (
	"fmt"

	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/internal/tuple"
	"github.com/cutealg/cutealg/sym"
)

// The divide and product families (layout.hpp: logical_divide,
// zipped/tiled/flat_divide, logical_product, zipped/tiled/flat_product,
// blocked_product, raked_product), built on composition and complement.
// Each step is a rule of data/divide.rules or data/product.rules.

// coalesceShape is shape(coalesce(A)) with CuTe's static merges.
func (w *world) coalesceShape(a sym.Layout) sym.IntTuple {
	ms := w.coalesceModes(flatModes(a))
	if ms == nil {
		return tuple.Leaf(sym.S(1))
	}
	return modesLayout(ms).Shape
}

// logicalDivide is logical_divide(A, B) for a layout B.
func (w *world) logicalDivide(a, b sym.Layout, at string) sym.Layout {
	// the cotarget first: its size-1 decisions are guards the claim
	// rests on, so they come before the step that states it
	s := w.coalesceShape(a)
	w.step("div.coalesce", at, nil)
	w.step("div.logical", at, nil)
	w.claim(w.last(), func() (notation.Node, notation.Node) {
		return call("logical_divide", a.Node(), b.Node()), call("composition", a.Node(), terms(b.Node(), call("complement", b.Node(), sym.TupleNode(s))))
	})
	bc := w.complement(b, s, at+" complement")
	return w.compose(a, concat([]sym.Layout{b, bc}))
}

// divideTiler is logical_divide(A, T) for a tiler.
func (w *world) divideTiler(a sym.Layout, t sym.Tiler, at string) sym.Layout {
	return w.withTiler(a, t, at, "div", "logical_divide", w.logicalDivide)
}

// withTiler applies a layout operation (logical_divide or
// logical_product) along a tiler, as CuTe's tiler overloads do: a layout
// element is the operation, an integer n is the layout make_layout(n), n:_1
// (_1:_0 for a static _1), `_` keeps the mode, a tuple goes by mode (keeping the modes of A beyond it). family is
// the rule files' prefix of the steps.
func (w *world) withTiler(a sym.Layout, t sym.Tiler, at, family, name string, op func(a, b sym.Layout, at string) sym.Layout) sym.Layout {
	if t.IsLeaf() {
		lf := t.Value()
		switch lf.Kind {
		case sym.TileLayout:
			return op(a, lf.Layout, at)
		case sym.TileInt:
			// make_layout(n): n:_1, but _1:_0 for a static _1 (CuTe's
			// compact stride of a static _1 extent)
			b := leafLayout(lf.Int, sym.S(1))
			if isStaticConst(lf.Int, 1) {
				b = leafLayout(lf.Int, sym.S(0))
				w.step(family+".int-unit", at, nil)
			} else {
				w.step(family+".int", at, Env{"n": lf.Int})
			}
			w.claim(w.last(), func() (notation.Node, notation.Node) {
				return call(name+"_tiler", a.Node(), lf.Int.Node()), call(name, a.Node(), b.Node())
			})
			return op(a, b, at)
		}
		w.step(family+".keep", at, nil)
		w.claim(w.last(), func() (notation.Node, notation.Node) {
			return call(name+"_tiler", a.Node(), &notation.Underscore{}), a.Node()
		})
		return a
	}
	if t.Rank() > rank(a) {
		w.fail("%s: too many modes in tiler: %d for a layout of rank %d", name, t.Rank(), rank(a))
	}
	w.step(family+".by-mode", at, nil)
	w.claim(w.last(), func() (notation.Node, notation.Node) {
		return call(name+"_tiler", a.Node(), sym.TilerNode(t)), byModeTerms(name+"_tiler", a, t, true)
	})
	return w.byMode(a, t, at, func(a sym.Layout, t sym.Tiler, at string) sym.Layout {
		return w.withTiler(a, t, at, family, name, op)
	})
}

// byMode applies f to the modes of A that the tiler has and keeps the
// others (CuTe's transform_layout of two tuples).
func (w *world) byMode(a sym.Layout, t sym.Tiler, at string, f func(sym.Layout, sym.Tiler, string) sym.Layout) sym.Layout {
	ks := t.Kids()
	ls := make([]sym.Layout, 0, rank(a))
	for i, k := range ks {
		ls = append(ls, f(modeOf(a, i), k, fmt.Sprintf("%s mode %d", at, i)))
	}
	for i := len(ks); i < rank(a); i++ {
		ls = append(ls, modeOf(a, i))
	}
	return concat(ls)
}

// zip2By splits each mode the tiler divided into its two halves and
// gathers them (CuTe's zip2_by): for a tuple tiler, the tuple of the first
// halves, and the tuple of the second halves followed by the modes beyond
// the tiler; for a leaf, the two modes of the divided mode.
func (w *world) zip2By(l sym.Layout, t sym.Tiler, at string) (first, second sym.Layout) {
	if t.IsLeaf() {
		if t.Value().Kind == sym.TileKeep && rank(l) != 2 {
			w.step("div.unzip-keep", at, nil)
		}
		if rank(l) != 2 {
			w.fail("%s: a mode of rank %d cannot be split into two", at, rank(l))
		}
		return modeOf(l, 0), modeOf(l, 1)
	}
	ks := t.Kids()
	var fs, ss []sym.Layout
	for i, k := range ks {
		f, s := w.zip2By(modeOf(l, i), k, fmt.Sprintf("%s mode %d", at, i))
		fs = append(fs, f)
		ss = append(ss, s)
	}
	for i := len(ks); i < rank(l); i++ {
		ss = append(ss, modeOf(l, i))
	}
	return concat(fs), concat(ss)
}

// modesOf lists the top-level modes of a layout (a leaf is one mode).
func modesOf(l sym.Layout) []sym.Layout {
	out := make([]sym.Layout, rank(l))
	for i := range out {
		out[i] = modeOf(l, i)
	}
	return out
}

// arranged is zipped_, tiled_ or flat_ (how) divide or product (family
// "div" or "prod") of A by the tiler T, as CuTe's layout.hpp builds them:
// zipped is tile_unzip(logical(A, T), T), ((tiles), (rests)); tiled and
// flat slice the zipped layout with (_, repeat<R1>(_)) and (repeat<R0>(_),
// repeat<R1>(_)), ((tiles), rests...) and (tiles..., rests...). Each is a
// step rewriting its call: the request, then the zipped one, the logical
// one (its own steps), tile_unzip and the slice; for a leaf tiler, whose
// ranks the steps find, the tiled or flat request is rewritten last.
func (w *world) arranged(a sym.Layout, t sym.Tiler, how, family string) sym.Layout {
	name, at, logical := "divide", "A / T", w.divideTiler
	if family == "prod" {
		name, at, logical = "product", "A x T", w.productTiler
	}
	tn := sym.TilerNode(t)
	zipped := call("zipped_"+name, a.Node(), tn)
	var coord notation.Node // the slice's, for a tuple tiler
	req := call(how+"_"+name, a.Node(), tn)
	if how != "zipped" && !t.IsLeaf() {
		// a tuple tiler gives the zipped layout's ranks (its modes, A's)
		// before the steps: the request is rewritten first (a leaf
		// tiler's is rewritten last, by the unpacking step)
		coord = unpackCoord(how, t.Rank(), rank(a))
		w.step(family+"."+how, at, nil)
		w.claim(w.last(), func() (notation.Node, notation.Node) {
			return req, call("slice", coord, zipped)
		})
	}
	w.step(family+".zipped", at, nil)
	w.claim(w.last(), func() (notation.Node, notation.Node) {
		return zipped, call("tile_unzip", call("logical_"+name+"_tiler", a.Node(), tn), tn)
	})
	l := logical(a, t, at)
	first, second := w.zip2By(l, t, at)
	z := concat([]sym.Layout{first, second})
	w.step(family+".zip", at, nil)
	w.claim(w.last(), func() (notation.Node, notation.Node) {
		return call("tile_unzip", l.Node(), tn), z.Node()
	})
	if how == "zipped" {
		return z
	}
	r := concat(append(sliceModes(first), sliceModes(second)...))
	if how == "tiled" {
		r = concat(append([]sym.Layout{first}, sliceModes(second)...))
	}
	w.step(family+".unpack", at, nil)
	if t.IsLeaf() {
		w.closed = req // the request, rewritten last
	}
	w.claim(w.last(), func() (notation.Node, notation.Node) {
		if t.IsLeaf() {
			return req, r.Node()
		}
		return call("slice", coord, z.Node()), r.Node()
	})
	return r
}

// unpackCoord is the coordinate with which tiled (how) or flat divide or
// product slice the zipped layout whose modes have ranks r0 and r1: (_,
// repeat<r1>(_)) or (repeat<r0>(_), repeat<r1>(_)), repeat<1>(_) being _
// itself.
func unpackCoord(how string, r0, r1 int) notation.Node {
	rep := func(n int) notation.Node {
		if n == 1 {
			return &notation.Underscore{}
		}
		us := make([]notation.Node, n)
		for i := range us {
			us[i] = &notation.Underscore{}
		}
		return &notation.Tuple{Elems: us}
	}
	if how == "tiled" {
		return &notation.Tuple{Elems: []notation.Node{&notation.Underscore{}, rep(r1)}}
	}
	return &notation.Tuple{Elems: []notation.Node{rep(r0), rep(r1)}}
}

// sliceModes is what CuTe's slice keeps of a mode sliced with repeat<R>(_),
// R its rank: its modes, spliced into the result, or for R == 1 (where
// repeat<1>(_) is _ itself) the whole mode, nesting included.
func sliceModes(l sym.Layout) []sym.Layout {
	if rank(l) == 1 {
		return []sym.Layout{l}
	}
	return modesOf(l)
}

// logicalProduct is logical_product(A, B) for a layout B.
func (w *world) logicalProduct(a, b sym.Layout, at string) sym.Layout {
	w.step("prod.logical", at, nil)
	m := sym.Mul(sizeOf(a.Shape), cosizeOf(flatModes(b)))
	mi := leavesMark(m, a.Shape, b.Shape, b.Stride)
	w.claim(w.last(), func() (notation.Node, notation.Node) {
		return call("logical_product", a.Node(), b.Node()), terms(a.Node(), call("composition", call("complement", a.Node(), mi.Node()), b.Node()))
	})
	ac := w.complement(a, tuple.Leaf(mi), at+" complement")
	return concat([]sym.Layout{a, w.compose(ac, b)})
}

// productTiler is logical_product(A, T) for a tiler.
func (w *world) productTiler(a sym.Layout, t sym.Tiler, at string) sym.Layout {
	return w.withTiler(a, t, at, "prod", "logical_product", w.logicalProduct)
}

// padTo appends _1:_0 modes up to rank r (CuTe's append<R>).
func padTo(l sym.Layout, r int) sym.Layout {
	ms := modesOf(l)
	for len(ms) < r {
		ms = append(ms, leafLayout(sym.S(1), sym.S(0)))
	}
	if len(ms) == 1 && rank(l) == 1 {
		return l
	}
	return concat(ms)
}

// blockedRaked is blocked_product (raked false) or raked_product.
func (w *world) blockedRaked(a, b sym.Layout, raked bool) sym.Layout {
	r := max(rank(a), rank(b))
	name := "blocked_product"
	if raked {
		name = "raked_product"
	}
	w.step("prod.pad", "A, B", nil)
	pa, pb := padTo(a, r), padTo(b, r)
	w.claim(w.last(), func() (notation.Node, notation.Node) {
		return call(name, a.Node(), b.Node()), call(name, pa.Node(), pb.Node())
	})
	id := "prod.blocked"
	if raked {
		id = "prod.raked"
	}
	w.step(id, "A x B", nil)
	w.claim(w.last(), func() (notation.Node, notation.Node) {
		arg := call("logical_product", pa.Node(), pb.Node())
		if raked {
			arg = call("select", arg, exchange)
		}
		return call(name, pa.Node(), pb.Node()), call("zip", arg)
	})
	p := w.logicalProduct(pa, pb, "A x B")
	x, y := modeOf(p, 0), modeOf(p, 1)
	sel := p
	if raked {
		x, y = y, x
		sel = concat([]sym.Layout{x, y})
		w.step("prod.exchange", "A x B", nil)
		w.claim(w.last(), func() (notation.Node, notation.Node) {
			return call("select", p.Node(), exchange), sel.Node()
		})
	}
	z := w.zip(x, y)
	w.step("prod.interleave", "A x B", nil)
	w.claim(w.last(), func() (notation.Node, notation.Node) {
		return call("zip", sel.Node()), z.Node()
	})
	return z
}

// exchange is the index list of select<1,0>: a layout's two modes
// exchanged.
var exchange = &notation.Tuple{Elems: []notation.Node{&notation.Int{Value: 1}, &notation.Int{Value: 0}}}

// zip is CuTe's zip of two layouts: mode i is (x_i, y_i); a leaf x gives
// the one mode (x, y); a tuple x with a leaf y, or ranks that differ, is
// CuTe's compile-time refusal.
func (w *world) zip(x, y sym.Layout) sym.Layout {
	if x.Shape.IsLeaf() {
		return concat([]sym.Layout{concat([]sym.Layout{x, y})})
	}
	if y.Shape.IsLeaf() {
		w.step("prod.zip-integer", "A x B", nil)
	}
	if rank(x) != rank(y) {
		w.step("prod.zip-ranks", "A x B", nil)
	}
	ms := make([]sym.Layout, rank(x))
	for i := range ms {
		ms[i] = concat([]sym.Layout{modeOf(x, i), modeOf(y, i)})
	}
	return concat(ms)
}

// tileToShape is tile_to_shape(block, target[, order]): the block, padded
// to the rank of the target, repeated by blocked_product over the
// ceil_div(target, block) tiles laid out column major (or in the order
// given, as make_ordered_layout does). Every mode of the block must divide
// the target's mode: CuTe asserts it for a static target, and for a
// dynamic one the result would not have the target's mode sizes (the
// documented post-condition), so the failing case is an error (in dynamic
// mode, CuTe's ceil_div and a warning). A static target with a block mode
// that is not static does not compile with run-time integers (CuTe's
// static_assert of evenly_divides): outside dynamic mode the computation
// starts again with the symbols static (errStatic, tile.static), where a
// dynamic literal in the block keeps the refusal; in dynamic mode it is
// CuTe's refusal (docs/verification.md, finding 46 under the ruling).
func (w *world) tileToShape(block sym.Layout, target sym.IntTuple, order *sym.IntTuple) sym.Layout {
	r := target.Rank()
	if rank(block) > r {
		w.fail("tile_to_shape: Rank of layout must be <= rank of target shape (%d > %d)", rank(block), r)
	}
	w.step("tile.pad", "A", Env{"R": sym.S(int64(r))})
	if w.static {
		w.step("tile.static", "A", nil)
	}
	padded := padTo(block, r)
	static := w.allStatic(target)
	tiles := make([]sym.IntTuple, r)
	for i := range tiles {
		// CuTe's evenly_divides of the whole shapes is no compile-time
		// value where a block mode is not static: refused before any
		// mode divides
		if static && !w.allStatic(modeOf(padded, i).Shape) {
			msg := fmt.Sprintf("tile_to_shape: the target is static and the block's mode %d is not: CuTe cannot check evenly_divides at compile time (‘value’ is not a member of ‘bool’)", i)
			if w.dynamic {
				w.fail("%s", msg)
			}
			// CuTe refuses the run-time template: its value is the one
			// with the symbols static (a dynamic literal keeps the
			// refusal: runOne)
			panic(errStatic{msg})
		}
	}
	for i := range tiles {
		bs, ts := modeOf(padded, i).Shape, target.At(i)
		b := leavesMark(sizeOf(bs), bs)
		id := "tile.divides"
		if static {
			id = "tile.evenly"
		}
		e := w.step(id, fmt.Sprintf("mode %d", i), Env{"t": leavesMark(sizeOf(ts), ts), "b": b})
		tiles[i] = tuple.Leaf(e["q"])
	}
	w.step("tile.blocked", "A", nil)
	var t sym.Layout
	if order == nil {
		t = w.compact(tuple.Of(tiles...), false)
	} else {
		t = w.orderedLayout(tuple.Of(tiles...), *order)
	}
	return w.blockedRaked(padded, t, false)
}

// allStatic reports whether every leaf of t is a compile-time value in
// the world (isStatic).
func (w *world) allStatic(t sym.IntTuple) bool {
	for _, l := range t.Leaves(nil) {
		if !w.isStatic(l) {
			return false
		}
	}
	return true
}
