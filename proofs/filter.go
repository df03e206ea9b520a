package proofs

import (
	"fmt"
	"slices"

	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/rules"
	"github.com/cutealg/cutealg/sym"
)

// The walk of the complement's filter and coalesce: the size-1 decisions
// (compl.unit, compl.nonunit) of CuTe's filter and of its coalesce from
// the back (bw_coalesce), re-derived here from the layout they run over.
// CuTe's complement (layout.hpp) filters A first (a mode of the static
// stride _0 gets the shape _1, then the modes are coalesced) and
// coalesces the holes and the rest last. Reading the symbols as static
// integers, a mode whose symbolic shape is not decided to be 1 under the
// assumptions and the guards in force is a decision of its own, at its
// place: "filter mode i" for each flat mode i of A, then, over the flat
// modes from the back, "coalesce mode i" for mode i, "coalesce last mode"
// for the one mode kept so far, and "coalesce result" for the one mode
// left; a mode merges into the next kept where the product of its shape
// and stride is decided equal to the next stride (both static). The steps
// between the step before the decisions (one of another rule) and the
// step that ends them (compl.filter, or compl.negative-stride, CuTe's
// refusal of the filtered layout; compl.coalesce after compl.result) must
// be the walk's decisions, in order, each at its place with its s: a due
// decision dropped, moved or added is rejected. With the symbols as
// run-time integers CuTe decides only static literals, and there is no
// step.

// unitRules are the rules of the size-1 decisions (the group
// compl.unit-of).
var unitRules = []string{"compl.unit", "compl.nonunit"}

// walkUnits checks the size-1 decisions before the step si of steps: the
// filter of A before compl.filter (A the call's first argument) and
// before compl.negative-stride (A that of next, the call the term
// evaluates next), the coalesce of the holes and the rest before
// compl.coalesce where compl.result comes before them. Nothing for any
// other step.
func (c *checker) walkUnits(steps []rules.Step, si int, next notation.Node) error {
	_, err := c.units(steps, si, next)
	return err
}

// units is walkUnits, and returns the modes of filter(A) where steps[si]
// is compl.filter or compl.negative-stride (the complement's walk,
// complement.go, goes on from them).
func (c *checker) units(steps []rules.Step, si int, next notation.Node) ([]unitMode, error) {
	st := steps[si]
	start := si
	for start > 0 && isUnitStep(steps[start-1]) {
		start--
	}
	// the decisions rest on the symbols read as static, which a step of a
	// rule of their requires line states
	saved := c.static
	defer func() { c.static = saved }()
	if r, ok := c.set.Rule(unitRules[0]); ok {
		c.static = c.static || slices.ContainsFunc(steps, func(x rules.Step) bool { return slices.Contains(r.Requires, x.Rule) })
	}
	w := &sliceWalk{c: c, steps: steps[:si], next: start}
	if start > 0 {
		g, err := parseConds(steps[start-1].Guards)
		if err != nil {
			return nil, err
		}
		w.guards = g
	}
	var err error
	var filtered []unitMode
	switch st.Rule {
	case "compl.filter", "compl.negative-stride":
		call := next
		if st.Rule == "compl.filter" {
			if call, err = parseTerm(st.Before); err != nil {
				return nil, err
			}
		}
		a, ok := complementOf(call)
		if !ok {
			return nil, fmt.Errorf("%s: the call %s is no complement of a layout", st.Rule, printOrNone(call))
		}
		var ms []unitMode
		if ms, err = c.unitModes(a); err != nil {
			return nil, err
		}
		filtered, err = w.filter(ms)
	case "compl.coalesce":
		if start == 0 || steps[start-1].Rule != "compl.result" {
			// after compl.zero the whole cotarget is compact: no
			// coalesce of modes, no decision
			break
		}
		var before notation.Node
		if before, err = parseTerm(st.Before); err != nil {
			return nil, err
		}
		call, ok := before.(*notation.Call)
		if !ok || call.Name != "coalesce" || len(call.Args) != 1 {
			return nil, fmt.Errorf("compl.coalesce claims about %s, not a coalesce of the holes and the rest", st.Before)
		}
		if c.runLiterals() {
			// the holes' and the rest's run-time marks are not in
			// their printed form (M/4 prints its static _4 as 4)
			return nil, nil
		}
		var ms []unitMode
		if ms, err = c.unitModes(call.Args[0]); err != nil {
			return nil, err
		}
		_, err = w.coalesceModes(ms)
	default:
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("the size-1 decisions before %s: %v", st.Rule, err)
	}
	if w.next != len(w.steps) {
		s := w.steps[w.next]
		return nil, fmt.Errorf("step %d (%s at %s) is no size-1 decision of the walk before %s", w.next+1, s.Rule, s.At, st.Rule)
	}
	return filtered, nil
}

// runLiterals reports whether an argument of the request, as written,
// has a dynamic literal (a bare 4: a run-time integer in CuTe whatever
// the symbols), or a term whose integers this does not read (a
// swizzle's).
func (c *checker) runLiterals() bool {
	var walk func(n notation.Node) bool
	walk = func(n notation.Node) bool {
		switch n := n.(type) {
		case *notation.Int:
			return !n.Static
		case *notation.Sym, *notation.Underscore:
			return false
		case *notation.Binary:
			return walk(n.X) || walk(n.Y)
		case *notation.Func:
			return walk(n.X) || walk(n.Y)
		case *notation.Layout:
			return walk(n.Shape) || walk(n.Stride)
		case *notation.Tuple:
			return slices.ContainsFunc(n.Elems, walk)
		case *notation.Call:
			return slices.ContainsFunc(n.Args, walk)
		}
		return true
	}
	for _, a := range c.d.Args {
		n, err := notation.Parse(a)
		if err != nil || walk(n) {
			return true
		}
	}
	return false
}

// isUnitStep reports whether a step is a size-1 decision.
func isUnitStep(st rules.Step) bool {
	return st.Rule == unitRules[0] || st.Rule == unitRules[1]
}

// complementOf returns the layout A of a call complement(A, M).
func complementOf(n notation.Node) (notation.Node, bool) {
	call, ok := n.(*notation.Call)
	if !ok || call.Name != "complement" || len(call.Args) != 2 {
		return nil, false
	}
	_, ok = call.Args[0].(*notation.Layout)
	return call.Args[0], ok
}

// unitMode is a flat mode s:d, its integers with their static and
// run-time marks.
type unitMode struct{ s, d sym.Int }

// flatUnitModes returns the flat modes of a layout, or of a tuple of
// layouts in order (the holes and the rest).
func flatUnitModes(n notation.Node) ([]unitMode, error) {
	if t, ok := n.(*notation.Tuple); ok {
		var out []unitMode
		for _, e := range t.Elems {
			ms, err := flatUnitModes(e)
			if err != nil {
				return nil, err
			}
			out = append(out, ms...)
		}
		return out, nil
	}
	l, err := sym.LayoutFromNode(n)
	if err != nil {
		return nil, fmt.Errorf("the layout %s: %v", notation.Print(n), err)
	}
	shape, stride := l.Shape.Leaves(nil), l.Stride.Leaves(nil)
	if len(shape) != len(stride) {
		return nil, fmt.Errorf("the layout %s has a stride not congruent with its shape", notation.Print(n))
	}
	out := make([]unitMode, len(shape))
	for i := range shape {
		out[i] = unitMode{shape[i], stride[i]}
	}
	return out, nil
}

// unitModes returns the flat modes of a layout (or a tuple of layouts)
// that a term prints, with their marks: where the request has no dynamic
// literal, no integer the engine computes from it is a run-time one, so
// none is read as such (a term prints M*_2 as 2*M, whose 2 reads as a
// dynamic literal).
func (c *checker) unitModes(n notation.Node) ([]unitMode, error) {
	ms, err := flatUnitModes(n)
	if err != nil || c.runLiterals() {
		return ms, err
	}
	for i := range ms {
		ms[i].s.Run, ms[i].d.Run = false, false
	}
	return ms, nil
}

// isStatic reports whether CuTe knows i at compile time: a static
// literal, or, with the symbols read as static, anything without a
// dynamic literal.
func (w *sliceWalk) isStatic(i sym.Int) bool { return i.Static || w.c.static && !i.Run }

// staticEq reports whether CuTe decides a == b statically: both static,
// and equal (static literals) or decided equal under the assumptions and
// the guards in force.
func (w *sliceWalk) staticEq(a, b sym.Int) bool {
	if !w.isStatic(a) || !w.isStatic(b) {
		return false
	}
	if a.Static && b.Static {
		return sym.Equal(a.E, b.E)
	}
	return w.c.redecide(sym.MakeCond(a.E, sym.EQ, b.E), w.guards) == nil
}

// unit reports whether CuTe sees the static shape 1 in s at the place at,
// reading the decision there where one is due: s decided 1 needs none (a
// decision there is read all the same), a literal or a shape with a
// dynamic literal, or any shape with the symbols as run-time integers,
// none either (CuTe sees no static 1 there); else the next step is
// compl.unit (s == 1, a guard) or compl.nonunit at the place, with s.
func (w *sliceWalk) unit(s sym.Int, at string) (bool, error) {
	due := true
	if w.staticEq(s, sym.S(1)) {
		due = false
	} else if _, isC := sym.IsConst(s.E); !w.c.static || isC || s.Run {
		return false, nil
	}
	if !due && (w.next >= len(w.steps) || w.steps[w.next].At != at || !w.binds(w.steps[w.next], "s", s.E)) {
		return true, nil
	}
	st, err := w.take(at, unitRules...)
	if err != nil {
		return false, err
	}
	if err := w.expect(st, "s", s.E); err != nil {
		return false, err
	}
	// the decision's guards are in force from here on
	if w.guards, err = parseConds(st.Guards); err != nil {
		return false, err
	}
	return st.Rule == "compl.unit", nil
}

// binds reports whether the step binds n to a value the same as want.
func (w *sliceWalk) binds(st rules.Step, n string, want sym.Expr) bool {
	got, err := value(st, n)
	return err == nil && w.same(got, want)
}

// filter walks CuTe's filter over the flat modes of A: a mode of the
// static stride _0 and a mode of shape 1 (each decided at "filter mode
// i") get the shape _1, then the modes are coalesced; it returns the
// modes of filter(A) (none where CuTe's _1:_0 is left).
func (w *sliceWalk) filter(ms []unitMode) ([]unitMode, error) {
	flat := append([]unitMode(nil), ms...)
	for i, m := range ms {
		if w.staticEq(m.d, sym.S(0)) {
			flat[i].s = sym.S(1)
		}
		one, err := w.unit(m.s, fmt.Sprintf("filter mode %d", i))
		if err != nil {
			return nil, err
		}
		if one {
			flat[i].s = sym.S(1)
		}
	}
	return w.coalesceModes(flat)
}

// merges reports whether coalesce merges a mode whose shape times stride
// is x into the next mode, of stride y: where CuTe decides x == y
// statically (staticEq). Where the two are not identical the engine's
// decision may be weaker than the checker's, and the engine may then
// keep both modes, the same function: merge, where set, reads which.
func (w *sliceWalk) merges(x, y sym.Int) bool {
	eq := w.staticEq(x, y)
	if !eq || w.merge == nil || sym.Equal(x.E, y.E) {
		return eq
	}
	return w.merge()
}

// coalesceModes walks CuTe's coalesce of flat modes from the back
// (bw_coalesce): a mode of shape 1 is dropped, a mode before a last mode
// of shape 1 replaces it, a mode whose shape times stride is statically
// the next mode's stride (that shape static) merges into it, any other
// is kept before it; one mode of shape 1 left is CuTe's _1:_0. It returns
// the modes kept (nil for _1:_0).
func (w *sliceWalk) coalesceModes(flat []unitMode) ([]unitMode, error) {
	if len(flat) == 0 {
		return nil, fmt.Errorf("a coalesce of no modes")
	}
	out := []unitMode{flat[len(flat)-1]}
	for i := len(flat) - 2; i >= 0; i-- {
		m, f := flat[i], out[0]
		one, err := w.unit(m.s, fmt.Sprintf("coalesce mode %d", i))
		if err != nil {
			return nil, err
		}
		if one {
			continue
		}
		if len(out) == 1 {
			lastOne, err := w.unit(f.s, "coalesce last mode")
			if err != nil {
				return nil, err
			}
			if lastOne {
				out[0] = m
				continue
			}
		}
		if w.isStatic(f.s) && w.merges(m.s.Mul(m.d), f.d) {
			out[0] = unitMode{m.s.Mul(f.s), m.d}
			continue
		}
		out = append([]unitMode{m}, out...)
	}
	if len(out) == 1 {
		one, err := w.unit(out[0].s, "coalesce result")
		if one || err != nil {
			return nil, err
		}
	}
	return out, nil
}
