package proofs

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/rules"
	"github.com/cutealg/cutealg/sym"
)

// The complement walk: the steps of each complement(A, M) of a case are
// re-derived here from A and M alone, by CuTe's complement (layout.hpp:
// filter A, then detail::complement: take the mode of least stride
// next, fill the hole below it, grow the span covered, and at the end
// the rest of the cotarget, ceil_div(M, span) mode by mode, compact
// above the span). Each complement's walk starts from its compl.filter
// step (whose claim states the request's call complement(A, M) and
// filter(A)), or, in a case that ends at CuTe's refusal of a negative
// stride, from that compl.negative-stride step (A from the call the term
// evaluates next):
//
//   - the reading of the symbols: where the case reads them as static
//     integers, the step before the size-1 decisions of the filter
//     (filter.go) is compl.static-oracle at the complement's place (the
//     engine states it at every complement it computes so); where the
//     case reads them as run-time integers, filter(A) is not of rank > 1
//     with a stride that is not static, since CuTe refuses that
//     complement ("Dynamic-stride complement only for rank-1 layouts"),
//     which only a static reading computes;
//   - filter(A) re-derived (filter.go's walk of the size-1 decisions),
//     the modes compl.filter's claim states equal to it (identical, or
//     decided equal under the guards in force), its first negative
//     constant stride refused by compl.negative-stride (the case's end),
//     else compl.filter;
//   - nothing left: compl.zero with the cotarget's size, then
//     compl.coalesce;
//   - with the symbols static, a stride of a filter(A) of rank > 1 that
//     is still not static (a dynamic literal) refused by
//     compl.dynamic-literal with that stride (the case's end);
//   - with k modes left, k-1 steps of the group compl.min at "stride
//     sort", each with the span c, the candidate s:d (the first mode
//     left) and the next mode t:e, the one its rule does not take going
//     last; then, at "below stride d" for the mode taken,
//     compl.injective.one (the last mode, with s) or compl.injective, a
//     step of the group compl.hole-of and compl.span, each with d and
//     the span c (compl.span with s and the hole's h), the span then
//     compl.span's c2;
//   - the rest: at "rest mode i" for each mode m of the cotarget
//     (flattened), a step of the group compl.rest-of with that m and the
//     c the mode before carries (the final span for mode 0, else the c2
//     of the step before): the rest of each mode is tied to the one
//     before it;
//   - compl.cosize with a the cosize of A, r that of the holes and the
//     rest (1 + the sum of (h-1)*c over the holes + c*(the product of
//     the q - 1), the rest being compact above the final span c) and m
//     the cotarget's size; compl.size, with a the size of filter(A) and
//     r the product of the holes and the q, where a hole was filled by
//     CuTe's integer division (compl.hole.floor); a step of the group
//     compl.bound-of with compl.cosize's a, r and m; compl.result; the
//     size-1 decisions of the final coalesce (filter.go); compl.coalesce.
//
// Every step of the complement's rules (but compl.default, a rewrite
// before the complement, and the size-1 decisions, which filter.go
// walks) lies in such a walk. In an error case the steps may end inside
// the walk where it would apply the rule whose condition fails (any rule
// for an error no rule names); a step of an error rule ends the case.

// unwalkedComplement are the rules of complement.rules whose steps no
// complement's walk takes: compl.default rewrites complement_default
// into the complement before its walk, and the size-1 decisions are
// filter.go's (they serve the composition and the inverses too).
var unwalkedComplement = map[string]bool{"compl.default": true, "compl.unit": true, "compl.nonunit": true}

// complWalk is the state of the walk of one complement: the steps it
// reads (a sliceWalk's reader; its guards those of the step taken last)
// and the complement's place.
type complWalk struct {
	sliceWalk
	at string
}

// ends checks that an error rule's step is the case's last.
func (w *complWalk) ends(st rules.Step) error {
	if w.next != len(w.steps) {
		s := w.steps[w.next]
		return fmt.Errorf("step %d (%s at %s) follows the error of rule %s at %s", w.next+1, s.Rule, s.At, st.Rule, st.At)
	}
	return errSliceEnd
}

// stateModes reads the modes S:D that compl.filter's after states:
// coalesce(complement((_1,S):(_1,D), M)), with their marks as unitModes
// reads them.
func (c *checker) stateModes(after string) ([]unitMode, error) {
	t, err := parseTerm(after)
	if err != nil {
		return nil, err
	}
	outer, ok := t.(*notation.Call)
	if !ok || outer.Name != "coalesce" || len(outer.Args) != 1 {
		return nil, fmt.Errorf("compl.filter's after %s is no coalesce of the complement's state", after)
	}
	a, ok := complementOf(outer.Args[0])
	if !ok {
		return nil, fmt.Errorf("compl.filter's after %s is no coalesce of the complement's state", after)
	}
	ms, err := c.unitModes(a)
	if err != nil {
		return nil, err
	}
	if len(ms) == 0 {
		return nil, fmt.Errorf("compl.filter's state %s has no span", notation.Print(a))
	}
	return ms[1:], nil
}

// cosizeOf is 1 + the sum of (s-1)*|d| over the flat modes (|d| of a
// constant stride).
func cosizeOf(ms []unitMode) sym.Expr {
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

// product is the product of the integers.
func product(xs []sym.Expr) sym.Expr {
	p := sym.Const(1)
	for _, x := range xs {
		p = sym.Mul(p, x)
	}
	return p
}

// walkComplements walks every complement of a case, from its
// compl.filter step, or from the compl.negative-stride step that ends
// it (A then that of next, the call the term evaluates next at the
// case's end); every step of a rule of complement.rules but those of
// unwalkedComplement lies in such a walk.
func (c *checker) walkComplements(cs rules.Case, next notation.Node) error {
	var failing *string
	if cs.Error != "" {
		f := failingRule(cs.Error)
		failing = &f
	}
	walked := make([]bool, len(cs.Steps))
	for i, st := range cs.Steps {
		if st.Rule != "compl.filter" && (st.Rule != "compl.negative-stride" || i != len(cs.Steps)-1) {
			continue
		}
		begin, end, err := c.walkComplement(cs.Steps, i, next, failing)
		switch {
		case errors.Is(err, errSliceEnd):
			end = len(cs.Steps) // an error case ends inside the complement
		case err != nil:
			return fmt.Errorf("the complement from step %d: %v", i+1, err)
		}
		for j := begin; j < end; j++ {
			walked[j] = true
		}
	}
	for j, st := range cs.Steps {
		r, ok := c.set.Rule(st.Rule)
		if !ok || r.File != "complement.rules" || unwalkedComplement[st.Rule] || walked[j] {
			continue
		}
		// the static reading stated, and the case ending in the filter's
		// decisions at an error no rule names (an engine's limit: a
		// guard sym cannot add)
		if st.Rule == "compl.static-oracle" && cs.Error != "" && !strings.Contains(cs.Error, "(rule ") &&
			!slices.ContainsFunc(cs.Steps[j+1:], func(x rules.Step) bool { return !isUnitStep(x) }) {
			continue
		}
		return fmt.Errorf("step %d (%s at %s) is in no complement's walk: no step of compl.filter begins it", j+1, st.Rule, st.At)
	}
	return nil
}

// walkComplement walks the complement whose compl.filter (or
// compl.negative-stride) step is steps[si] and returns the steps its walk
// spans, begin to end; errSliceEnd where an error case ends inside it
// (begin set, the walk spanning the case's steps from there).
func (c *checker) walkComplement(steps []rules.Step, si int, next notation.Node, failing *string) (begin, end int, err error) {
	st := steps[si]
	call := next
	if st.Rule == "compl.filter" {
		if call, err = parseTerm(st.Before); err != nil {
			return 0, 0, fmt.Errorf("compl.filter's before: %v", err)
		}
	}
	a, ok := complementOf(call)
	if !ok {
		return 0, 0, fmt.Errorf("%s is at %s, which is no complement of a layout", st.Rule, printOrNone(call))
	}
	cot, err := sym.TupleFromNode(call.(*notation.Call).Args[1])
	if err != nil {
		return 0, 0, fmt.Errorf("the cotarget %s: %v", notation.Print(call.(*notation.Call).Args[1]), err)
	}
	// the size-1 decisions of the filter come directly before the step
	// (filter.go walks them), the static reading before them
	begin = si
	for begin > 0 && isUnitStep(steps[begin-1]) {
		begin--
	}
	// (the guards in force are those of each step the walk takes: its
	// first, compl.negative-stride or compl.filter, puts them in force)
	w := &complWalk{sliceWalk: sliceWalk{c: c, steps: steps, next: si, failing: failing}, at: st.At}
	if c.static {
		if begin == 0 || steps[begin-1].Rule != "compl.static-oracle" || steps[begin-1].At != w.at {
			return begin, 0, fmt.Errorf("the case reads the symbols as static integers, but no step of compl.static-oracle at %s comes before the size-1 decisions of the filter (step %d)", w.at, begin+1)
		}
		begin--
	}
	filtered, err := c.units(steps, si, next)
	if err != nil {
		return begin, 0, err
	}
	// filter(A), as compl.negative-stride refuses it or compl.filter
	// states it
	for _, m := range filtered {
		if v, ok := sym.IsConst(m.d.E); ok && v < 0 {
			neg, err := w.step(w.at, "compl.negative-stride")
			if err != nil {
				return begin, 0, fmt.Errorf("filter(%s) has the negative stride %s, which CuTe refuses before compl.filter: %v", notation.Print(a), m.d, err)
			}
			if err := w.expect(neg, "d", m.d.E); err != nil {
				return begin, 0, err
			}
			return begin, 0, w.ends(neg)
		}
	}
	if st.Rule != "compl.filter" {
		return begin, 0, fmt.Errorf("filter(%s) has no negative stride for compl.negative-stride to refuse", notation.Print(a))
	}
	if _, err := w.step(w.at, "compl.filter"); err != nil {
		return begin, 0, err
	}
	f, err := c.stateModes(st.After)
	if err != nil {
		return begin, 0, err
	}
	if len(f) != len(filtered) {
		return begin, 0, fmt.Errorf("compl.filter states %d modes of filter(%s), which has %d", len(f), notation.Print(a), len(filtered))
	}
	for i, m := range filtered {
		if !w.same(f[i].s.E, m.s.E) || !w.same(f[i].d.E, m.d.E) {
			return begin, 0, fmt.Errorf("compl.filter states the mode %s:%s of filter(%s), where it has %s:%s", f[i].s, f[i].d, notation.Print(a), m.s, m.d)
		}
	}
	// CuTe's refusal of dynamic strides at rank > 1
	if len(f) > 1 {
		for _, m := range f {
			if w.isStatic(m.d) {
				continue
			}
			if !c.static {
				return begin, 0, fmt.Errorf("CuTe refuses %s with the symbols as run-time integers (Dynamic-stride complement only for rank-1 layouts: the stride %s), so the case reads them static, and no step of compl.static-oracle says so", notation.Print(call), m.d)
			}
			dl, err := w.step(w.at, "compl.dynamic-literal")
			if err != nil {
				return begin, 0, err
			}
			if err := w.expect(dl, "d", m.d.E); err != nil {
				return begin, 0, err
			}
			return begin, 0, w.ends(dl)
		}
	}
	cotSize := product(intValues(cot.Leaves(nil)))
	if len(f) == 0 {
		z, err := w.step(w.at, "compl.zero")
		if err != nil {
			return begin, 0, err
		}
		if err := w.expect(z, "M", cotSize); err != nil {
			return begin, 0, err
		}
		_, err = w.step(w.at, "compl.coalesce")
		return begin, w.next, err
	}
	if err := w.fold(a, f, cot, cotSize); err != nil {
		return begin, 0, err
	}
	return begin, w.next, nil
}

// intValues returns the integers' values.
func intValues(xs []sym.Int) []sym.Expr {
	out := make([]sym.Expr, len(xs))
	for i, x := range xs {
		out[i] = x.E
	}
	return out
}

// fold walks the complement from compl.filter on: the stride sort, the
// hole, the injectivity and the span of each mode of filter(A) in turn,
// the rest of each mode of the cotarget, the post-conditions, the
// result and the final coalesce.
func (w *complWalk) fold(a notation.Node, f []unitMode, cot sym.IntTuple, cotSize sym.Expr) error {
	span := sym.Expr(sym.Const(1))
	sizeF := sym.Const(1)
	for _, m := range f {
		sizeF = sym.Mul(sizeF, m.s.E)
	}
	var holes []unitMode // each hole h:c
	truncated := false   // a hole that the span does not divide
	for len(f) > 0 {
		for range len(f) - 1 {
			cand, nxt := f[0], f[1]
			st, err := w.step(w.at+" stride sort", "compl.min.first", "compl.min.later")
			if err != nil {
				return err
			}
			if err := w.expects(st, "c", span, "s", cand.s.E, "d", cand.d.E, "t", nxt.s.E, "e", nxt.d.E); err != nil {
				return err
			}
			sorted := append(append([]unitMode{cand}, f[2:]...), nxt)
			if st.Rule == "compl.min.later" {
				sorted = append(append([]unitMode{nxt}, f[2:]...), cand)
			}
			f = sorted
		}
		m := f[0]
		hat := fmt.Sprintf("%s below stride %s", w.at, m.d)
		if len(f) == 1 {
			if err := w.failsAt(hat, []any{"s", m.s.E, "d", m.d.E, "c", span}, "compl.injective.one"); err != nil {
				return err
			}
			st, err := w.step(hat, "compl.injective.one")
			if err != nil {
				return err
			}
			if err := w.expects(st, "s", m.s.E, "d", m.d.E, "c", span); err != nil {
				return err
			}
		} else {
			if err := w.failsAt(hat, []any{"d", m.d.E, "c", span}, "compl.injective"); err != nil {
				return err
			}
			st, err := w.step(hat, "compl.injective")
			if err != nil {
				return err
			}
			if err := w.expects(st, "d", m.d.E, "c", span); err != nil {
				return err
			}
		}
		// (compl.hole's condition, c divides d, never fails: where it is
		// not proved, compl.hole.floor splits on its negation first)
		hole, err := w.step(hat, "compl.hole.floor", "compl.hole")
		if err != nil {
			return err
		}
		if err := w.expects(hole, "d", m.d.E, "c", span); err != nil {
			return err
		}
		truncated = truncated || hole.Rule == "compl.hole.floor"
		h, err := value(hole, "h")
		if err != nil {
			return err
		}
		holes = append(holes, unitMode{sym.Dyn(h), sym.Dyn(span)})
		sp, err := w.step(hat, "compl.span")
		if err != nil {
			return err
		}
		if err := w.expects(sp, "d", m.d.E, "s", m.s.E, "c", span, "h", h); err != nil {
			return err
		}
		if span, err = value(sp, "c2"); err != nil {
			return err
		}
		f = f[1:]
	}
	// the rest: each mode of the cotarget in turn, the c it divides by
	// carried from the mode before
	final, cur := span, span
	var qs []sym.Expr
	for i, m := range cot.Leaves(nil) {
		st, err := w.step(fmt.Sprintf("%s rest mode %d", w.at, i), "compl.rest-exact", "compl.rest-within", "compl.rest-beyond", "compl.rest")
		if err != nil {
			return err
		}
		if err := w.expects(st, "m", m.E, "c", cur); err != nil {
			return err
		}
		q, err := value(st, "q")
		if err != nil {
			return err
		}
		qs = append(qs, q)
		if cur, err = value(st, "c2"); err != nil {
			return err
		}
	}
	// the post-conditions: (A,R) covers the cotarget, R's size where a
	// hole was truncated, R's bound
	as, err := flatUnitModes(a)
	if err != nil {
		return err
	}
	restSize := product(qs)
	r := sym.Add(cosizeOf(holes), sym.Mul(final, sym.Sub(restSize, sym.Const(1))))
	cosize := []any{"a", cosizeOf(as), "r", r, "m", cotSize}
	if err := w.failsAt(w.at, cosize, "compl.cosize"); err != nil {
		return err
	}
	st, err := w.step(w.at, "compl.cosize")
	if err != nil {
		return err
	}
	if err := w.expects(st, cosize...); err != nil {
		return err
	}
	if truncated {
		hs := make([]sym.Expr, len(holes))
		for i, h := range holes {
			hs[i] = h.s.E
		}
		size := []any{"a", sizeF, "r", sym.Mul(product(hs), restSize), "m", cotSize}
		if err := w.failsAt(w.at, size, "compl.size"); err != nil {
			return err
		}
		st, err := w.step(w.at, "compl.size")
		if err != nil {
			return err
		}
		if err := w.expects(st, size...); err != nil {
			return err
		}
	}
	if err := w.failsAt(w.at, cosize, "compl.bound"); err != nil {
		return err
	}
	if st, err = w.step(w.at, "compl.bound.within", "compl.bound"); err != nil {
		return err
	}
	if err := w.expects(st, cosize...); err != nil {
		return err
	}
	if _, err := w.step(w.at, "compl.result"); err != nil {
		return err
	}
	// the size-1 decisions of the final coalesce (walked by filter.go)
	for w.next < len(w.steps) && isUnitStep(w.steps[w.next]) {
		w.next++
	}
	_, err = w.step(w.at, "compl.coalesce")
	return err
}

// staticWarranted checks a derivation's static reading against the
// ruling (docs/verification.md, "Which CuTe a symbolic answer equals";
// finding 65): a case that reads the symbols as static integers at a
// complement (compl.static-oracle) is CuTe's value only where CuTe
// refuses run-time integers somewhere in the computation, which the
// engine then computes with the symbols static throughout: a complement
// whose A, filtered with the symbols as run-time integers (CuTe's filter
// decides only static literals), keeps more than one mode and a stride
// that is not a static literal ("Dynamic-stride complement only for
// rank-1 layouts"). Where CuTe computes every complement of the
// derivation with run-time integers, its value is the reference, and a
// static reading (finding 34's compl.known, reverted) is refused.
// (left_inverse's static reading, inv.left.static, is re-derived by its
// own walk, inverse.go; no operation computes both a left_inverse and a
// complement.)
func (c *checker) staticWarranted() error {
	reads, refused := false, false
	for _, cs := range withSources(c.d.Cases) {
		for _, st := range cs.Steps {
			switch st.Rule {
			case "compl.static-oracle":
				reads = true
			case "compl.filter":
				call, err := parseTerm(st.Before)
				if err != nil {
					return err
				}
				a, ok := complementOf(call)
				if !ok {
					return fmt.Errorf("compl.filter at %s claims about %s, no complement of a layout", st.At, st.Before)
				}
				r, err := c.refusesRunTime(a)
				if err != nil {
					return err
				}
				refused = refused || r
			}
		}
	}
	if reads && !refused && !c.tileRefusesRunTime() {
		return errors.New("a case reads the symbols as static integers (compl.static-oracle), but CuTe computes every complement of the derivation with them as run-time integers (rank 1, or static strides), and its value is the reference")
	}
	return nil
}

// withSources lists the cases and, after each, the cases it was merged
// from (rules.Case.From), depth first.
func withSources(cases []rules.Case) []rules.Case {
	var out []rules.Case
	for _, cs := range cases {
		out = append(out, cs)
		out = append(out, withSources(cs.From)...)
	}
	return out
}

// tileRefusesRunTime reports whether the request is a tile_to_shape that
// CuTe refuses with the symbols as run-time integers: a static target
// (every integer a static literal) and a block with a shape that is not
// (evenly_divides is then no compile-time bool), where its derivation
// reads the symbols static throughout (tile.static, tile.go).
func (c *checker) tileRefusesRunTime() bool {
	if c.d.Op != "tile_to_shape" || len(c.d.Args) < 2 {
		return false
	}
	static := func(src string, shapeOf bool) (bool, bool) {
		n, err := notation.Parse(src)
		if err != nil {
			return false, false
		}
		if l, ok := n.(*notation.Layout); ok && shapeOf {
			n = l.Shape
		}
		t, err := sym.TupleFromNode(n)
		if err != nil {
			return false, false
		}
		for _, l := range t.Leaves(nil) {
			if !l.Static {
				return false, true
			}
		}
		return true, true
	}
	target, ok1 := static(c.d.Args[1], false)
	block, ok2 := static(c.d.Args[0], true)
	return ok1 && ok2 && target && !block
}

// refusesRunTime reports whether CuTe refuses the complement of a with
// the symbols as run-time integers: filter(a), which then decides only
// static literals, has more than one mode and a stride that is not a
// static literal.
func (c *checker) refusesRunTime(a notation.Node) (bool, error) {
	saved := c.static
	c.static = false
	defer func() { c.static = saved }()
	ms, err := c.unitModes(a)
	if err != nil {
		return false, err
	}
	f, err := (&sliceWalk{c: c}).filter(ms)
	if err != nil {
		return false, err
	}
	return len(f) > 1 && slices.ContainsFunc(f, func(m unitMode) bool { return !m.d.Static }), nil
}
