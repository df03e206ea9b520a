package rules

import (
	"fmt"

	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/sym"
)

// The complement, along CuTe's complement (layout.hpp: filter, then
// detail::complement): sort the strides, fill the holes below each mode,
// then the rest of the cotarget, compact above the covered span. Each step
// is a rule of data/complement.rules; the documented post-conditions are
// required of the result.

// errStatic restarts a computation with the symbols read as static
// integers: CuTe refuses it with dynamic ones (complement of a layout of
// rank > 1 with dynamic strides), so its value is the one CuTe computes
// when the values are known at compile time.
type errStatic struct{ why string }

// static reports whether i is a compile-time value in the world: a static
// literal, or anything once the symbols are read as static.
func (w *world) isStatic(i sym.Int) bool { return i.Static || w.static && !i.Run }

// staticEq reports whether a == b is decided statically: both static in
// CuTe's sense, and equal (static literals), decided equal, or equal at
// every binding the assumptions and guards allow (its negation
// inconsistent with them: no case would hold the other side).
func (w *world) staticEq(a, b sym.Int) bool {
	if !w.isStatic(a) || !w.isStatic(b) {
		return false
	}
	if a.Static && b.Static {
		return sym.Equal(a.E, b.E)
	}
	c := sym.MakeCond(a.E, sym.EQ, b.E)
	return w.decide(c) == sym.True || !w.mayFail(c)
}

func (w *world) staticOne(i sym.Int) bool { return w.staticEq(i, sym.S(1)) }

// unitShape reports whether CuTe sees the static shape 1: a static _1, or,
// with the symbols read as static, a shape that is 1 at the binding (a
// case of its own when undecided).
func (w *world) unitShape(s sym.Int, at string) bool {
	if w.staticOne(s) {
		return true
	}
	if _, isC := sym.IsConst(s.E); !w.static || isC || s.Run {
		return false
	}
	r, _ := w.choose("compl.unit-of", at, Env{"s": s})
	return r.ID == "compl.unit"
}

// coalesceModes mirrors CuTe's coalesce on flat modes (bw_coalesce): from
// the back, static size-1 modes are dropped and a mode merges into the
// next one only when the merge is decided statically. It returns nil for
// CuTe's _1:_0 (nothing left).
func (w *world) coalesceModes(flat []mode) []mode {
	if len(flat) == 0 {
		w.fail("the layout has no modes")
	}
	out := []mode{flat[len(flat)-1]}
	for i := len(flat) - 2; i >= 0; i-- {
		m := flat[i]
		f := out[0]
		switch {
		case w.unitShape(m.s, fmt.Sprintf("coalesce mode %d", i)):
			continue
		case len(out) == 1 && w.unitShape(f.s, "coalesce last mode"):
			out[0] = m
		case w.isStatic(f.s) && w.staticEq(m.s.Mul(m.d), f.d):
			out[0] = mode{m.s.Mul(f.s), m.d}
		default:
			out = append([]mode{m}, out...)
		}
	}
	if len(out) == 1 && w.unitShape(out[0].s, "coalesce result") {
		return nil
	}
	return out
}

// filter mirrors CuTe's filter: modes with a static stride 0 get the shape
// _1, then the layout is coalesced.
func (w *world) filter(a sym.Layout) []mode {
	flat := flatModes(a)
	for i, m := range flat {
		if w.isStatic(m.d) && w.staticEq(m.d, sym.S(0)) {
			flat[i].s = sym.S(1)
		}
		if w.unitShape(m.s, fmt.Sprintf("filter mode %d", i)) {
			flat[i].s = sym.S(1)
		}
	}
	return w.coalesceModes(flat)
}

// cosizeOf is 1 + the sum of (s-1)*|d| over the modes.
func cosizeOf(ms []mode) sym.Expr {
	c := sym.Const(1)
	for _, m := range ms {
		d := m.d.E
		if v, ok := sym.IsConst(d); ok && v < 0 {
			d = sym.Neg(d)
		}
		c = sym.Add(c, sym.Mul(sym.Sub(m.s.E, sym.Const(1)), d))
	}
	return c
}

// modesSize is the product of the modes' shapes.
func modesSize(ms []mode) sym.Expr {
	p := sym.Const(1)
	for _, m := range ms {
		p = sym.Mul(p, m.s.E)
	}
	return p
}

func sizeOf(t sym.IntTuple) sym.Expr {
	p := sym.Const(1)
	for _, l := range t.Leaves(nil) {
		p = sym.Mul(p, l.E)
	}
	return p
}

// complState is the state of the complement as the term
// complement((c,S):(_1,D), M): the span c covered so far as a first mode
// c:_1, then the modes of filter(A) not yet placed (see
// data/complement.rules).
func complState(c sym.Int, f []mode, cot notation.Node) notation.Node {
	sh := []notation.Node{c.Node()}
	st := []notation.Node{sym.S(1).Node()}
	for _, m := range f {
		sh = append(sh, m.s.Node())
		st = append(st, m.d.Node())
	}
	return call("complement", &notation.Layout{Shape: &notation.Tuple{Elems: sh}, Stride: &notation.Tuple{Elems: st}}, cot)
}

// complHoles is the term coalesce((h0:c0, (h1:c1, ... x))): the holes
// placed so far before the term x.
func complHoles(holes []mode, x notation.Node) notation.Node {
	for j := len(holes) - 1; j >= 0; j-- {
		x = terms(leafLayout(holes[j].s, holes[j].d).Node(), x)
	}
	return call("coalesce", x)
}

// complement is complement(A, M).
func (w *world) complement(a sym.Layout, cot sym.IntTuple, at string) sym.Layout {
	if w.static {
		// CuTe refused a complement of this computation with dynamic
		// strides: every complement of the run reads the symbols as static
		w.step("compl.static-oracle", at, nil)
	}
	f := w.filter(a)
	for _, m := range f {
		if v, ok := sym.IsConst(m.d.E); ok && v < 0 {
			w.step("compl.negative-stride", at, Env{"d": m.d})
		}
	}
	// (the step follows the decisions of which modes are size 1: its
	// claim holds under their guards)
	w.step("compl.filter", at, nil)
	cotNode := sym.TupleNode(cot)
	req := call("complement", a.Node(), cotNode)
	f0 := f
	w.claim(w.last(), func() (notation.Node, notation.Node) {
		return req, call("coalesce", complState(sym.S(1), f0, cotNode))
	})
	if f == nil {
		w.step("compl.zero", at, Env{"M": sym.Dyn(sizeOf(cot))})
		r := w.compactLeft(coalesceShape(cot.Leaves(nil)), sym.S(1))
		w.claim(w.last(), func() (notation.Node, notation.Node) {
			return complState(sym.S(1), f0, cotNode), r.Node()
		})
		w.step("compl.coalesce", at, nil)
		w.claim(w.last(), func() (notation.Node, notation.Node) {
			return complHoles(nil, r.Node()), r.Node()
		})
		return r
	}
	if len(f) > 1 {
		for _, m := range f {
			if !w.isStatic(m.d) {
				if w.static {
					// read static already: a dynamic literal
					w.step("compl.dynamic-literal", at, Env{"d": m.d})
				}
				panic(errStatic{"Dynamic-stride complement only for rank-1 layouts"})
			}
		}
	}

	var out []mode
	sizeF := modesSize(f)
	truncated := false // a hole that c does not divide
	c := sym.S(1)
	for len(f) > 0 {
		// the stride sort: the candidate f[0] against the next mode; the
		// one not taken goes last (the others keep their order)
		for range len(f) - 1 {
			cand, next := f[0], f[1]
			r, _ := w.choose("compl.min", fmt.Sprintf("%s stride sort", at), Env{"c": c, "s": cand.s, "d": cand.d, "t": next.s, "e": next.d})
			sorted := append(append([]mode{cand}, f[2:]...), next)
			if r.ID == "compl.min.later" {
				sorted = append(append([]mode{next}, f[2:]...), cand)
			}
			c0, from := c, f
			w.claim(w.last(), func() (notation.Node, notation.Node) {
				return complState(c0, from, cotNode), complState(c0, sorted, cotNode)
			})
			f = sorted
		}
		d := f[0].d
		hat := fmt.Sprintf("%s below stride %s", at, d)
		if len(f) == 1 {
			w.step("compl.injective.one", hat, Env{"s": f[0].s, "d": d, "c": c})
			one := complState(c, f, cotNode)
			w.claim(w.last(), func() (notation.Node, notation.Node) { return one, one })
		} else {
			w.step("compl.injective", hat, Env{"d": d, "c": c})
		}
		r, e := w.choose("compl.hole-of", hat, Env{"d": d, "c": c})
		if r.ID == "compl.hole.floor" {
			truncated = true
		}
		h := e["h"]
		out = append(out, mode{h, c})
		c2 := w.step("compl.span", hat, Env{"d": d, "s": f[0].s, "c": c, "h": h})["c2"]
		c0, from := c, f
		w.claim(w.last(), func() (notation.Node, notation.Node) {
			return complState(c0, from, cotNode), terms(leafLayout(h, c0).Node(), complState(c2, from[1:], cotNode))
		})
		c = c2
		f = f[1:]
	}
	holes := out
	// the rest: ceil_div of the cotarget by the span, mode by mode, then
	// CuTe's coalesce of that shape (neighbours that are both static or
	// both dynamic merge into their product), compact above the span
	cur := c
	var rest []sym.Int
	for i, m := range cot.Leaves(nil) {
		_, e := w.choose("compl.rest-of", fmt.Sprintf("%s rest mode %d", at, i), Env{"m": m, "c": cur})
		// CuTe's ceil_div(m, c) and ceil_div(c, m) are static only for
		// static c and m, even where their value is the constant 1
		rest = append(rest, sym.Mark(e["q"].E, cur.Static && m.Static, cur.Run || m.Run))
		cur = sym.Mark(e["c2"].E, cur.Static && m.Static, cur.Run || m.Run)
	}
	restLayout := w.compactLeft(coalesceShape(rest), c)
	out = append(out, flatModes(restLayout)...)
	env := Env{"a": sym.Dyn(cosizeOf(flatModes(a))), "r": sym.Dyn(cosizeOf(out)), "m": sym.Dyn(sizeOf(cot))}
	w.step("compl.cosize", at, env)
	// a hole truncated by CuTe's integer division may leave R smaller
	// than the documented size post-condition asks (with exact holes it
	// follows from the cover: size(filter(A))*size(R) = span*rest >= M)
	if truncated {
		w.step("compl.size", at, Env{"a": sym.Dyn(sizeF), "r": sym.Dyn(modesSize(out)), "m": sym.Dyn(sizeOf(cot))})
	}
	w.choose("compl.bound-of", at, env)
	w.step("compl.result", at, nil)
	span := c
	w.claim(w.last(), func() (notation.Node, notation.Node) {
		return complState(span, nil, cotNode), restLayout.Node()
	})
	r := leafLayout(sym.S(1), sym.S(0))
	if ms := w.coalesceModes(out); ms != nil {
		r = modesLayout(ms)
	}
	w.step("compl.coalesce", at, nil)
	w.claim(w.last(), func() (notation.Node, notation.Node) {
		return complHoles(holes, restLayout.Node()), r.Node()
	})
	return r
}

// coalesceShape is CuTe's coalesce of a shape: neighbours that are both
// static or both dynamic merge into their product.
func coalesceShape(xs []sym.Int) []sym.Int {
	var out []sym.Int
	for _, x := range xs {
		if k := len(out) - 1; k >= 0 && out[k].Static == x.Static {
			out[k] = out[k].Mul(x)
		} else {
			out = append(out, x)
		}
	}
	return out
}

// compactLeft is the layout of the shape with compact column-major strides
// starting at d (CuTe's compact_major<LayoutLeft>): a static _1 extent
// gets the stride _0 and does not advance, as in make_layout(_1) = _1:_0.
func (w *world) compactLeft(shape []sym.Int, d sym.Int) sym.Layout {
	out := make([]mode, len(shape))
	for i, s := range shape {
		if isStaticConst(s, 1) {
			out[i] = mode{s, sym.S(0)}
			continue
		}
		out[i] = mode{s, d}
		d = d.Mul(s)
	}
	return modesLayout(out)
}
