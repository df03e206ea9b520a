package proofs

import (
	"errors"
	"fmt"
	"strings"

	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/rules"
	"github.com/cutealg/cutealg/sym"
)

// The inverses' walk: the steps of right_inverse(A) and left_inverse(A)
// (and of the right inverse of max_common_vector's and
// max_common_layout's B) are re-derived here from A alone, by CuTe's
// algorithms (layout.hpp):
//
//   - both coalesce A first (bw_coalesce: the size-1 decisions of the
//     static reading, at their places, as filter.go walks them for the
//     complement), then inv.coalesce at "A"; the prefix products of the
//     coalesced shapes are the strides R gives each mode;
//   - right_inverse leaves out every mode whose stride is not a static
//     constant (inv.right.skip at "mode i", with its d), sorts the others
//     by stride, and follows them from the stride _1: a mode whose stride
//     is the static span c reached so far continues R
//     (inv.right.follow at "mode i" with its s, d, prefix product p and c;
//     c becomes s*d), any other is passed over; inv.right.end at "R" with
//     the last c; R is _1:_0 then the modes followed, each s at p;
//   - left_inverse needs static strides: where a coalesced stride is not
//     static with the symbols as run-time integers, CuTe's value is the
//     one it computes with the symbols read as static (the case's steps
//     then read them so: inv.left.static at "A" after inv.coalesce, or,
//     for a stride with a dynamic literal, inv.left.dynamic-literal at
//     its mode, CuTe's refusal, ending the case); a derivation of CuTe
//     with run-time integers has no such case; then each stride in
//     order: a negative constant is inv.left.reverse where it is A's
//     one non-zero stride and every stride is a constant, nothing where
//     its opposite is the one other non-zero stride (inv.left.opposite
//     comes in the fold), else, at the first negative constant,
//     inv.left.negative: the case's error, or in dynamic mode a step at
//     run time (CuTe's fold goes on, with a warning); a symbolic one not
//     decided >= 1 under the assumptions
//     and the guards in force is the obligation inv.left.positive; then
//     all modes are sorted by stride and folded: a stride decided 0 is
//     skipped (inv.left.zero, its d and s the mode's), any other mode
//     is shown disjoint from the one before it in stride order
//     (inv.left.disjoint, its e that mode's stride times its shape; the
//     opposite of a negative stride: inv.left.opposite, its d, s and t
//     the negative stride, its extent and the mode's extent, or
//     inv.left.opposite-last where that mode holds A's last leaf; nothing
//     after a step of inv.left.negative) and
//     placed (inv.left.mode with its d, the size z of R so far, its
//     prefix product p and its s; R gets d/z at the stride of the
//     previous mode placed, _0 for the first); inv.left.end at "R" with
//     the last mode's s in stride order and the final z, whose shape
//     ends R at the last mode placed's prefix product;
//   - the sort is CuTe's exchange sort (detail::SortByKey): for i < j in
//     turn, the modes at i and j exchange where the stride at j is less;
//     two constant strides are compared here, any other pair is the step
//     inv.min.first (they stay) or inv.min.later (exchanged) at "stride
//     sort" with d the stride at i and e the one at j;
//   - R is coalesced (its size-1 decisions, at their places).
//
// Each step is at its place with its values (identical or decided
// equal under the assumptions and the guards in force), in this order,
// and nothing else between; the request's steps before the walk are its
// arguments' extents (extent.go), max_common's common.inverse, and after
// it the one claim of the request's value. An error case ends inside the
// walk: at an error rule's step, or where the rule whose condition fails
// comes next. A merge of the coalesces that the checker decides (two
// modes whose shape times stride is decided equal to the next stride,
// not identical) may be one the engine's decision did not find: the
// modes then stay apart, the same function, and the walk reads such a
// merge both ways (merges, filter.go), never merging modes the checker
// does not decide equal.

// invWalk is the state of one inverse's walk: the steps it reads (a
// sliceWalk's reader) and the coalesced modes of A.
type invWalk struct {
	sliceWalk
	ms  []unitMode
	pre []sym.Int // the prefix products of the coalesced shapes
}

// maxMerges is the most merges of an inverse's coalesces that the walk
// reads both ways (merges): beyond them, each is made.
const maxMerges = 6

// inverseArg returns the index of the argument whose inverse a request
// of op computes, or -1 for an operation that computes none.
func inverseArg(op string) int {
	switch op {
	case "right_inverse", "left_inverse":
		return 0
	case "max_common_vector", "max_common_layout":
		return 1 // right_inverse(B)
	}
	return -1
}

// isInverseRule reports whether a rule is one of the inverses' walk.
func isInverseRule(id string) bool { return strings.HasPrefix(id, "inv.") }

// walkInverse checks the steps of the inverse of a case (from the size-1
// decisions before its inv.coalesce step to the coalesce of R): they are
// the walk's, and every step of an inverse rule lies in it.
func (c *checker) walkInverse(cs rules.Case) error {
	steps := cs.Steps
	si := -1
	for i, st := range steps {
		if st.Rule == "inv.coalesce" {
			si = i
			break
		}
	}
	if si < 0 {
		for i, st := range steps {
			if isInverseRule(st.Rule) {
				return fmt.Errorf("step %d (%s at %s) is in no inverse's walk: no step of inv.coalesce begins it", i+1, st.Rule, st.At)
			}
		}
		return nil
	}
	arg := inverseArg(c.d.Op)
	if arg < 0 {
		return fmt.Errorf("step %d (inv.coalesce) in a request of %s, which inverts no argument", si+1, c.d.Op)
	}
	arg0, err := notation.Parse(c.d.Args[arg])
	if err != nil {
		return err
	}
	a, ok := arg0.(*notation.Layout)
	if !ok {
		return fmt.Errorf("step %d (inv.coalesce): argument %d, %s, is no layout", si+1, arg+1, c.d.Args[arg])
	}
	start := si
	for start > 0 && isUnitStep(steps[start-1]) {
		start--
	}
	for i, st := range steps[:start] {
		if st.Rule != "arg.extent" && !(st.Rule == "common.inverse" && i == start-1 && arg == 1) {
			return fmt.Errorf("step %d (%s at %s) comes before the inverse's walk, where only the arguments' extents do", i+1, st.Rule, st.At)
		}
	}
	var failing *string
	if cs.Error != "" {
		f := failingRule(cs.Error)
		failing = &f
	}
	var guards []sym.Cond
	if start > 0 {
		if guards, err = parseConds(steps[start-1].Guards); err != nil {
			return err
		}
	}
	saved := c.static
	defer func() { c.static = saved }()
	// a merge of the coalesces that the checker decides and the engine
	// may not have is read both ways (merges): the walk with every such
	// merge made first, then with each set of the first maxMerges of
	// them left out in turn
	run := func(mask uint) (*invWalk, int, error) {
		w := &invWalk{sliceWalk: sliceWalk{c: c, steps: steps, next: start, guards: guards, failing: failing}}
		n := 0
		w.merge = func() bool {
			n++
			return n > maxMerges || mask>>(n-1)&1 == 0
		}
		var err error
		if c.d.Op == "left_inverse" {
			err = w.left(a)
		} else {
			_, err = w.right(a)
		}
		return w, n, err
	}
	w, seen, err := run(0)
	for mask := uint(1); err != nil && !errors.Is(err, errSliceEnd) && mask < 1<<min(seen, maxMerges); mask++ {
		x, n, xerr := run(mask)
		seen = max(seen, n)
		if xerr == nil || errors.Is(xerr, errSliceEnd) {
			w, err = x, xerr
		}
	}
	if errors.Is(err, errSliceEnd) {
		return nil // an error case ends inside the walk
	}
	if err != nil {
		return fmt.Errorf("the inverse's walk: %v", err)
	}
	for i, st := range steps[w.next:] {
		if isInverseRule(st.Rule) {
			return fmt.Errorf("step %d (%s at %s) comes after the inverse's walk", w.next+i+1, st.Rule, st.At)
		}
	}
	if arg == 1 {
		return nil // the common part's steps follow
	}
	if cs.Error != "" {
		return fmt.Errorf("the inverse's walk ends without the error")
	}
	answer, err := w.afterWalk(cs)
	if err != nil {
		return err
	}
	before, err := parseTerm(answer.Before)
	if err != nil {
		return err
	}
	if notation.Print(before) != notation.Print(c.request) {
		return fmt.Errorf("step %d claims about %s, not the request %s, after the inverse's walk", w.next+1, answer.Before, notation.Print(c.request))
	}
	return nil
}

// refused takes the step of an error rule at the place at, with its d,
// which ends the case.
func (w *invWalk) refused(at, id string, d sym.Int) error {
	if w.failing == nil {
		return fmt.Errorf("CuTe refuses A at %s (rule %s), but the case has a result", at, id)
	}
	st, err := w.step(at, id)
	if err != nil {
		return err
	}
	if err := w.expect(st, "d", d.E); err != nil {
		return err
	}
	if w.next != len(w.steps) {
		s := w.steps[w.next]
		return fmt.Errorf("step %d (%s at %s) follows the error of rule %s at %s", w.next+1, s.Rule, s.At, id, at)
	}
	return errSliceEnd
}

// coalesceA walks CuTe's coalesce of A (its size-1 decisions in the
// reading in force) and inv.coalesce, and keeps the coalesced modes and
// their prefix products.
func (w *invWalk) coalesceA(flat []unitMode) error {
	ms, err := w.coalesceModes(flat)
	if err != nil {
		return err
	}
	if ms == nil {
		ms = []unitMode{{sym.S(1), sym.S(0)}}
	}
	if _, err := w.step("A", "inv.coalesce"); err != nil {
		return err
	}
	w.ms = ms
	w.pre = []sym.Int{sym.S(1)}
	for _, m := range ms {
		w.pre = append(w.pre, w.pre[len(w.pre)-1].Mul(m.s))
	}
	return nil
}

// sort walks CuTe's exchange sort of the modes idx by stride and returns
// them sorted.
func (w *invWalk) sort(idx []int) ([]int, error) {
	idx = append([]int(nil), idx...)
	for i := range idx {
		for j := i + 1; j < len(idx); j++ {
			d, e := w.ms[idx[i]].d.E, w.ms[idx[j]].d.E
			cd, ok1 := sym.IsConst(d)
			ce, ok2 := sym.IsConst(e)
			exchange := ok1 && ok2 && ce < cd
			if !ok1 || !ok2 {
				st, err := w.step("stride sort", "inv.min.first", "inv.min.later")
				if err != nil {
					return nil, err
				}
				if err := w.expects(st, "d", d, "e", e); err != nil {
					return nil, err
				}
				exchange = st.Rule == "inv.min.later"
			}
			if exchange {
				idx[i], idx[j] = idx[j], idx[i]
			}
		}
	}
	return idx, nil
}

// right walks right_inverse(a) and returns R's modes before its
// coalesce (_1:_0, then the modes followed, each at its prefix product).
func (w *invWalk) right(a *notation.Layout) ([]unitMode, error) {
	flat, err := w.c.unitModes(a)
	if err != nil {
		return nil, err
	}
	if err := w.coalesceA(flat); err != nil {
		return nil, err
	}
	var kept []int
	for i, m := range w.ms {
		if _, isC := sym.IsConst(m.d.E); m.d.Static && isC {
			kept = append(kept, i)
			continue
		}
		st, err := w.step(fmt.Sprintf("mode %d", i), "inv.right.skip")
		if err != nil {
			return nil, err
		}
		if err := w.expect(st, "d", m.d.E); err != nil {
			return nil, err
		}
	}
	order, err := w.sort(kept)
	if err != nil {
		return nil, err
	}
	r := []unitMode{{sym.S(1), sym.S(0)}}
	span := sym.S(1)
	for _, i := range order {
		m := w.ms[i]
		if !span.Static || !sym.Equal(m.d.E, span.E) {
			continue
		}
		st, err := w.step(fmt.Sprintf("mode %d", i), "inv.right.follow")
		if err != nil {
			return nil, err
		}
		if err := w.expects(st, "s", m.s.E, "d", m.d.E, "p", w.pre[i].E, "c", span.E); err != nil {
			return nil, err
		}
		r = append(r, unitMode{m.s, w.pre[i]})
		span = m.s.Mul(m.d)
	}
	st, err := w.step("R", "inv.right.end")
	if err != nil {
		return nil, err
	}
	if err := w.expect(st, "c", span.E); err != nil {
		return nil, err
	}
	_, err = w.coalesceModes(r)
	return r, err
}

// left walks left_inverse(a).
func (w *invWalk) left(a *notation.Layout) error {
	flat, err := w.c.unitModes(a)
	if err != nil {
		return err
	}
	// the reading: with the symbols as run-time integers (no decisions),
	// does CuTe's coalesce leave a stride that is not static?
	w.c.static = false
	rt := &sliceWalk{c: w.c}
	ms, err := rt.coalesceModes(flat)
	if err != nil {
		return err
	}
	static := false
	for _, m := range ms {
		static = static || !m.d.Static
	}
	if static && w.c.dynamic {
		return errors.New("CuTe refuses left_inverse of a stride that is not static with the symbols as run-time integers, but the case goes on")
	}
	w.c.static = static
	if err := w.coalesceA(flat); err != nil {
		return err
	}
	if static {
		for i, m := range w.ms {
			if !w.isStatic(m.d) {
				return w.refused(fmt.Sprintf("mode %d", i), "inv.left.dynamic-literal", m.d)
			}
		}
		if _, err := w.step("A", "inv.left.static"); err != nil {
			return err
		}
	}
	neg, opp := negativeModes(w.ms)
	other := false // a negative stride in neither form: CuTe's fold, warned
	for i, m := range w.ms {
		at := fmt.Sprintf("mode %d", i)
		v, isC := sym.IsConst(m.d.E)
		if isC && v < 0 {
			if err := w.negative(at, m.d, neg == i, opp < 0, &other); err != nil {
				return err
			}
			continue
		}
		if isC {
			continue
		}
		// an obligation where d >= 1 is not decided (a step there with
		// its d is read all the same)
		decided := w.c.redecide(sym.MakeCond(m.d.E, sym.GE, sym.Const(1)), w.guards) == nil
		if decided && (w.next >= len(w.steps) || w.steps[w.next].Rule != "inv.left.positive" || w.steps[w.next].At != at || !w.binds(w.steps[w.next], "d", m.d.E)) {
			continue
		}
		if err := w.failsAt(at, []any{"d", m.d.E}, "inv.left.positive"); err != nil {
			return err
		}
		st, err := w.step(at, "inv.left.positive")
		if err != nil {
			return err
		}
		if err := w.expect(st, "d", m.d.E); err != nil {
			return err
		}
	}
	all := make([]int, len(w.ms))
	for i := range all {
		all[i] = i
	}
	order, err := w.sort(all)
	if err != nil {
		return err
	}
	var r []unitMode
	stride := sym.S(0) // where the next shape of R sits: the previous mode placed's prefix product
	z := sym.S(1)      // the size of R's shape so far
	var prev *unitMode
	for _, i := range order {
		m := w.ms[i]
		at := fmt.Sprintf("mode %d", i)
		if w.c.redecide(sym.MakeCond(m.d.E, sym.EQ, sym.Const(0)), w.guards) == nil {
			st, err := w.step(at, "inv.left.zero")
			if err != nil {
				return err
			}
			if err := w.expects(st, "d", m.d.E, "s", m.s.E); err != nil {
				return err
			}
			continue
		}
		if prev != nil && i == opp {
			if err := w.opposite(at, prev, m, i == len(w.ms)-1 && !isStaticOne(flat[len(flat)-1].s)); err != nil {
				return err
			}
		} else if prev != nil && !other {
			if err := w.failsAt(at, []any{"d", m.d.E, "e", prev.d.Mul(prev.s).E}, "inv.left.disjoint"); err != nil {
				return err
			}
			st, err := w.step(at, "inv.left.disjoint")
			if err != nil {
				return err
			}
			if err := w.expects(st, "d", m.d.E, "e", prev.d.Mul(prev.s).E); err != nil {
				return err
			}
		}
		if err := w.failsAt(at, []any{"d", m.d.E, "z", z.E, "p", w.pre[i].E, "s", m.s.E}, "inv.left.mode"); err != nil {
			return err
		}
		st, err := w.step(at, "inv.left.mode")
		if err != nil {
			return err
		}
		if err := w.expects(st, "d", m.d.E, "z", z.E, "p", w.pre[i].E, "s", m.s.E); err != nil {
			return err
		}
		h, err := value(st, "h") // d/z, its let recomputed with the step
		if err != nil {
			return err
		}
		hi := sym.Mark(h, m.d.Static && z.Static, m.d.Run || z.Run)
		r = append(r, unitMode{hi, stride})
		stride = w.pre[i]
		z = z.Mul(hi)
		prev = &w.ms[i]
	}
	last := w.ms[order[len(order)-1]].s
	st, err := w.step("R", "inv.left.end")
	if err != nil {
		return err
	}
	if err := w.expects(st, "s", last.E, "z", z.E); err != nil {
		return err
	}
	_, err = w.coalesceModes(append(r, unitMode{last, stride}))
	return err
}

// negativeModes finds the forms of a left_inverse with a negative stride
// that have a derivation: every coalesced stride a constant, exactly one
// negative (its mode neg), and either no other non-zero stride (opp -1:
// inv.left.reverse) or exactly one, its opposite (the mode opp:
// inv.left.opposite). Otherwise both are -1.
func negativeModes(ms []unitMode) (neg, opp int) {
	neg, opp = -1, -1
	for i, m := range ms {
		v, isC := sym.IsConst(m.d.E)
		switch {
		case !isC, v < 0 && neg >= 0, v > 0 && opp >= 0:
			return -1, -1
		case v < 0:
			neg = i
		case v > 0:
			opp = i
		}
	}
	if neg < 0 || opp >= 0 && !sym.Equal(ms[opp].d.E, sym.Neg(ms[neg].d.E)) {
		return -1, -1
	}
	return neg, opp
}

// negative reads the step of a negative constant stride d at the mode
// at: inv.left.reverse where it is A's one non-zero stride (one, the
// mode neg with no opposite), nothing more where its opposite follows
// (inv.left.opposite in the fold), else, at the first such mode,
// inv.left.negative: CuTe's refusal as the rules read it, or in dynamic
// mode CuTe's value with a warning (a step at run time), after which the
// fold shows no disjointness (other).
func (w *invWalk) negative(at string, d sym.Int, one, alone bool, other *bool) error {
	switch {
	case one && alone:
		st, err := w.step(at, "inv.left.reverse")
		if err != nil {
			return err
		}
		return w.expect(st, "d", d.E)
	case one, *other:
		return nil
	}
	*other = true
	if !w.c.dynamic {
		return w.refused(at, "inv.left.negative", d)
	}
	st, err := w.step(at, "inv.left.negative")
	if err != nil {
		return err
	}
	if !st.Runtime {
		return fmt.Errorf("step %d (inv.left.negative at %s) ends a dynamic derivation where CuTe computes its fold", w.next, at)
	}
	return w.expect(st, "d", d.E)
}

// opposite reads inv.left.opposite at the mode at, m, whose stride is
// the opposite of the negative stride of n, the mode placed before it:
// its d, s and t are n's stride, n's extent and m's extent (a case that
// ends with its condition s <= t failing ends here); where m holds A's
// last leaf (last: the last coalesced mode, A's last leaf not a static
// _1), inv.left.opposite-last, with no condition.
func (w *invWalk) opposite(at string, n *unitMode, m unitMode, last bool) error {
	id := "inv.left.opposite-last"
	if !last {
		id = "inv.left.opposite"
		if err := w.failsAt(at, []any{"d", n.d.E, "s", n.s.E, "t", m.s.E}, id); err != nil {
			return err
		}
	}
	st, err := w.step(at, id)
	if err != nil {
		return err
	}
	return w.expects(st, "d", n.d.E, "s", n.s.E, "t", m.s.E)
}

// isStaticOne reports whether an extent is the static _1.
func isStaticOne(s sym.Int) bool {
	v, isC := sym.IsConst(s.E)
	return s.Static && isC && v == 1
}
