package proofs

import (
	"errors"
	"fmt"

	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/rules"
	"github.com/cutealg/cutealg/sym"
)

// The composition walk: the steps of each composition(A, B) of a case,
// from its comp.coalesce-lhs step (which states the coalesced A), are
// re-derived here from the coalesced A and B alone, by CuTe's
// composition_impl and the left distributivity the documentation states
// (seed 000, "Computing Composition"): a B of tuple shape is distributed
// over its modes (comp.distribute at B's place, its claim exactly
// composition(A, B) == (composition(A, B0), composition(A, B1), ...) as
// Check builds it from A and B), each mode walked in turn at its place
// (B mode i); a leaf of B is composed with A's modes: comp.stride-zero
// (the leaf ends), or an optional comp.stride-positive, then
// comp.lhs-integral for an A of one mode, else the fold, at each mode k
// of A but the last, one step of the group comp.step at "against mode k
// of A" (after comp.step.divide one of comp.take), then comp.last and
// comp.leaf at the leaf's place. The size-1 decisions of the static
// reading (compl.unit, compl.nonunit) may come between any two steps.
// A leaf reaches mode k of A unless its step there is comp.step.skip,
// up to the largest index the step's values give (r*(n-1) for n elements
// at stride r, s-r where the mode's s elements are taken whole, r*(t-1)
// for CuTe's t elements where it fires with run-time values).
//
// Then the carry checks: the modes of A but the last fall into runs on
// which A is linear (carryRuns, decided by Check under the assumptions
// and the guards in force after the leaves); every run into which at
// least two leaves of B reach must have its comp.no-carry step, one per
// run in order, at the run's place (mode k of A, or modes k to l of A),
// its s the run's size and its t the largest index of the run the leaves
// reach together (the sum over the leaves and the run's modes of each
// largest index times the size of the run's modes before that mode). In an error case the steps may end inside the
// walk where it would apply the rule whose condition fails (any rule for
// an error no rule names); a step of an error rule (not fired with
// run-time values) ends the case.

// compWalk is the state of the walk of one composition: the steps it
// reads (a sliceWalk's reader), the coalesced A's flat modes, and per
// leaf of B that folds over A's modes the largest index it reaches in
// each mode (nil where it steps over the mode).
type compWalk struct {
	sliceWalk
	a      notation.Node // the coalesced A, as comp.coalesce-lhs states it
	b      notation.Node // B
	shape  []sym.Expr
	stride []sym.Expr
	reach  [][]sym.Expr
}

// carryRun is a run of modes of the coalesced A on which A is linear,
// modes of size 1 left out.
type carryRun struct {
	modes []int
	size  sym.Expr
	// sum is the largest index of the run the leaves of B reach together
	// (set where the run's carry check is due)
	sum sym.Expr
}

// place is where the engine records the run's comp.no-carry step.
func (r carryRun) place() string {
	if first, last := r.modes[0], r.modes[len(r.modes)-1]; first != last {
		return fmt.Sprintf("modes %d to %d of A", first, last)
	}
	return fmt.Sprintf("mode %d of A", r.modes[0])
}

// startComposition begins the walk of the composition whose
// comp.coalesce-lhs step is steps[i]: it reads the coalesced A and B from
// that step's claim (composition(A, B) == composition(coalesced A, B)).
func (c *checker) startComposition(steps []rules.Step, i int, failing *string) (*compWalk, notation.Node, error) {
	t, err := parseTerm(steps[i].After)
	if err != nil {
		return nil, nil, fmt.Errorf("comp.coalesce-lhs's after: %v", err)
	}
	call, ok := t.(*notation.Call)
	if !ok || call.Name != "composition" || len(call.Args) != 2 {
		return nil, nil, fmt.Errorf("comp.coalesce-lhs's after %s is no composition", steps[i].After)
	}
	a, err := sym.LayoutFromNode(call.Args[0])
	if err != nil {
		return nil, nil, fmt.Errorf("comp.coalesce-lhs's A: %v", err)
	}
	w := &compWalk{sliceWalk: sliceWalk{c: c, steps: steps, next: i + 1, failing: failing}, a: call.Args[0], b: call.Args[1]}
	for _, x := range a.Shape.Leaves(nil) {
		w.shape = append(w.shape, x.E)
	}
	for _, x := range a.Stride.Leaves(nil) {
		w.stride = append(w.stride, x.E)
	}
	return w, call.Args[1], nil
}

// units skips the size-1 decisions of the static reading, which may come
// between the composition's steps (coalesce_x's and the fold's).
func (w *compWalk) units() {
	for w.next < len(w.steps) && isUnitStep(w.steps[w.next]) {
		w.next++
	}
}

// take returns the next step but the size-1 decisions, which must apply
// one of the rules named at the place at.
func (w *compWalk) take(at string, ids ...string) (rules.Step, error) {
	w.units()
	return w.sliceWalk.take(at, ids...)
}

// optional takes the next step (but the size-1 decisions) where it
// applies the rule id at the place at; where the steps of an error case
// whose error names no rule end there, the walk ends (a rule's condition
// failing there is re-derived before, failsAt).
func (w *compWalk) optional(at, id string) (bool, error) {
	w.units()
	if w.next == len(w.steps) {
		if w.failing != nil && *w.failing == "" {
			return true, errSliceEnd
		}
		return false, nil
	}
	if st := w.steps[w.next]; st.Rule == id && st.At == at {
		w.next++
		return true, nil
	}
	return false, nil
}

// ends reports whether the step is an error rule's, not fired with
// run-time values: its case ends there (errSliceEnd, or why not).
func (w *compWalk) ends(st rules.Step) error {
	if r, ok := w.c.set.Rule(st.Rule); !ok || r.Error == "" || st.Runtime {
		return nil
	}
	if w.next != len(w.steps) {
		s := w.steps[w.next]
		return fmt.Errorf("step %d (%s at %s) follows the error of rule %s at %s", w.next+1, s.Rule, s.At, st.Rule, st.At)
	}
	return errSliceEnd
}

// root is the place of the composition's B: the place of the step
// comp.tile-int directly before its comp.coalesce-lhs step (an integer n
// of a tiler, composed as n:_1), else B.
func root(steps []rules.Step, i int) string {
	if i > 0 && steps[i-1].Rule == "comp.tile-int" {
		return steps[i-1].At
	}
	return "B"
}

// term walks the steps of composition(A, b) at the place at: distributed
// over the modes of a b of tuple shape, else a leaf.
func (w *compWalk) term(b notation.Node, at string) error {
	l, ok := b.(*notation.Layout)
	if !ok {
		return fmt.Errorf("the B %s of the composition at %s is no layout", notation.Print(b), at)
	}
	ms, err := modes(l)
	if err != nil {
		return err
	}
	if ms == nil {
		return w.leaf(at, l)
	}
	st, err := w.take(at, "comp.distribute")
	if err != nil {
		return err
	}
	parts := make([]notation.Node, len(ms))
	for i, m := range ms {
		parts[i] = &notation.Call{Name: "composition", Args: []notation.Node{w.a, m}}
	}
	for _, x := range []struct{ what, got, want string }{
		{"before", st.Before, notation.Print(&notation.Call{Name: "composition", Args: []notation.Node{w.a, l}})},
		{"after", st.After, notation.Print(&notation.Tuple{Elems: parts})},
	} {
		got, err := parseTerm(x.got)
		if err != nil {
			return fmt.Errorf("step %d (comp.distribute at %s): %s: %v", w.next, at, x.what, err)
		}
		if notation.Print(got) != x.want {
			return fmt.Errorf("step %d (comp.distribute at %s) has the %s %s where the distribution over the modes of B has %s", w.next, at, x.what, notation.Print(got), x.want)
		}
	}
	for i, m := range ms {
		if err := w.term(m, fmt.Sprintf("%s mode %d", at, i)); err != nil {
			return err
		}
	}
	return nil
}

// negative reports whether x is negative: a negative constant, or decided
// at most -1 under the assumptions and the guards.
func (w *compWalk) negative(x sym.Expr, guards []sym.Cond) bool {
	if v, ok := sym.IsConst(x); ok {
		return v < 0
	}
	return w.c.redecide(sym.MakeCond(x, sym.LE, sym.Const(-1)), guards) == nil
}

// negativeStride reports whether the leaf b of B has a negative stride,
// under the guards of the step before.
func (w *compWalk) negativeStride(b *notation.Layout) (bool, error) {
	l, err := sym.LayoutFromNode(b)
	if err != nil || !l.Stride.IsLeaf() {
		return false, nil
	}
	g, err := parseConds(w.steps[w.next-1].Guards)
	if err != nil {
		return false, err
	}
	return w.negative(l.Stride.Value().E, g), nil
}

// leaf walks the steps of a leaf b of B at the place at, and records the
// modes of A it reaches where it folds over them. A negative stride
// against an A of more than one mode is comp.stride-negative, the fold
// with its magnitude, then comp.negate.
func (w *compWalk) leaf(at string, b *notation.Layout) error {
	if ok, err := w.optional(at, "comp.stride-zero"); ok || err != nil {
		return err
	}
	if ok, err := w.optional(at, "comp.stride-zero-dynamic"); ok || err != nil {
		if err != nil {
			return err
		}
		if len(w.shape) == 1 {
			// CuTe's integral shortcut n:r*d for an A of one mode
			// divides by nothing (finding 41)
			return fmt.Errorf("step %d (comp.stride-zero-dynamic at %s): A has one mode, where CuTe does not divide by B's stride", w.next, at)
		}
		return w.ends(w.steps[w.next-1])
	}
	neg := false
	if len(w.shape) > 1 {
		var err error
		if neg, err = w.negativeStride(b); err != nil {
			return err
		}
	}
	if neg {
		if _, err := w.take(at, "comp.stride-negative"); err != nil {
			return err
		}
	}
	// (comp.stride-positive is due where B's stride r, its magnitude
	// after comp.stride-negative, is not decided positive: an error case
	// may end there with r >= 1 failing)
	r, err := sym.IntFromNode(b.Stride)
	if err != nil {
		return fmt.Errorf("the stride of B at %s: %v", at, err)
	}
	re := r.E
	if neg {
		re = sym.Neg(re)
	}
	w.units()
	if err := w.failsAt(at, []any{"r", re}, "comp.stride-positive"); err != nil {
		return err
	}
	if ok, err := w.optional(at, "comp.stride-positive"); err != nil {
		return err
	} else if ok && len(w.shape) == 1 {
		// CuTe's integral shortcut divides by nothing (finding 41)
		return fmt.Errorf("step %d (comp.stride-positive at %s): A has one mode, where CuTe does not divide by B's stride", w.next, at)
	}
	if len(w.shape) == 1 {
		_, err := w.take(at, "comp.lhs-integral")
		return err
	}
	row := make([]sym.Expr, len(w.shape))
	for k := 0; k+1 < len(w.shape); k++ {
		mat := fmt.Sprintf("%s against mode %d of A", at, k)
		st, err := w.take(mat, "comp.step.divide", "comp.step.skip", "comp.step.within", "comp.step.bad")
		if err != nil {
			return err
		}
		if err := w.ends(st); err != nil {
			return err
		}
		last := st
		if st.Rule == "comp.step.divide" {
			if last, err = w.take(mat, "comp.take.rest", "comp.take.all", "comp.take.bad"); err != nil {
				return err
			}
			if err := w.ends(last); err != nil {
				return err
			}
		}
		if row[k], err = largest(st, last); err != nil {
			return err
		}
	}
	if _, err := w.take(at, "comp.last"); err != nil {
		return err
	}
	if _, err := w.take(at, "comp.leaf"); err != nil {
		return err
	}
	w.reach = append(w.reach, row)
	if neg {
		if _, err := w.take(at, "comp.negate"); err != nil {
			return err
		}
	}
	return nil
}

// mixedStrides finds leaf strides of both signs in B: the first negative
// one d (see negative) and the first e neither negative nor the constant
// 0.
func (w *compWalk) mixedStrides(b notation.Node) (d, e sym.Expr, ok bool) {
	l, err := sym.LayoutFromNode(b)
	if err != nil {
		return nil, nil, false
	}
	for _, x := range l.Stride.Leaves(nil) {
		v, isConst := sym.IsConst(x.E)
		switch {
		case w.negative(x.E, w.guards):
			if d == nil {
				d = x.E
			}
		case (!isConst || v != 0) && e == nil:
			e = x.E
		}
	}
	return d, e, d != nil && e != nil
}

// largest is the largest index a leaf of B reaches in a mode of A, from
// the step of the group comp.step there and, after comp.step.divide, the
// step of the group comp.take: nil where the leaf steps over the mode.
func largest(st, take rules.Step) (sym.Expr, error) {
	get := func(st rules.Step, names ...string) ([]sym.Expr, error) {
		out := make([]sym.Expr, len(names))
		for i, n := range names {
			v, err := value(st, n)
			if err != nil {
				return nil, err
			}
			out[i] = v
		}
		return out, nil
	}
	// count elements at stride r reach r*(count-1)
	span := func(st rules.Step, count string) (sym.Expr, error) {
		v, err := get(st, "r", count)
		if err != nil {
			return nil, err
		}
		return sym.Mul(v[0], sym.Sub(v[1], sym.Const(1))), nil
	}
	switch take.Rule {
	case "comp.step.skip":
		return nil, nil
	case "comp.step.within", "comp.take.rest":
		return span(take, "n")
	case "comp.step.bad", "comp.take.bad":
		return span(take, "t")
	case "comp.take.all":
		v, err := get(st, "s", "r")
		if err != nil {
			return nil, err
		}
		return sym.Sub(v[0], v[1]), nil
	}
	return nil, fmt.Errorf("step %s at %s is no step of the fold", take.Rule, take.At)
}

// carryRuns lists the runs of the coalesced A that the carry checks are
// asked of: its modes fall into runs on which A is linear (each mode's
// stride is the size of the run's modes before it times the run's first
// stride, decided under the assumptions and guards; a mode of size 1 but
// the last is skipped, its index being always 0), and every run is listed
// but the last, which holds A's last mode (that mode absorbs any
// overflow; a last mode that breaks the run is a run of its own). Where
// a size 1 or a stride is not decided, the run is cut there: a shorter
// run asks more, never less.
func (c *checker) carryRuns(shape, stride []sym.Expr, guards []sym.Cond) []carryRun {
	holds := func(x, y sym.Expr) bool { return c.redecide(sym.MakeCond(x, sym.EQ, y), guards) == nil }
	var out []carryRun
	var cur *carryRun
	var first sym.Expr // the stride of the run's first mode
	for k := range shape {
		last := k == len(shape)-1
		if !last && holds(shape[k], sym.Const(1)) {
			continue
		}
		if cur != nil && holds(stride[k], sym.Mul(cur.size, first)) {
			if last {
				return out
			}
			cur.modes = append(cur.modes, k)
			cur.size = sym.Mul(cur.size, shape[k])
			continue
		}
		if cur != nil {
			out = append(out, *cur)
		}
		if last {
			return out
		}
		cur = &carryRun{modes: []int{k}, size: shape[k]}
		first = stride[k]
	}
	return out
}

// due lists the runs whose carry check is due: those into which at least
// two leaves of B reach, under the guards in force after the leaves.
func (w *compWalk) due() ([]carryRun, error) {
	// the walk starts after its comp.coalesce-lhs step: a step before
	// next always exists
	g, err := parseConds(w.steps[w.next-1].Guards)
	if err != nil {
		return nil, err
	}
	w.guards = g
	var out []carryRun
	for _, rn := range w.c.carryRuns(w.shape, w.stride, w.guards) {
		leaves := 0
		var terms []sym.Expr
		for _, row := range w.reach {
			in := false
			weight := sym.Const(1) // the size of the run's modes before mode k
			for _, k := range rn.modes {
				if row[k] != nil {
					terms = append(terms, sym.Mul(weight, row[k]))
					in = true
				}
				weight = sym.Mul(weight, w.shape[k])
			}
			if in {
				leaves++
			}
		}
		if leaves >= 2 {
			rn.sum = sym.Sum(terms...)
			out = append(out, rn)
		}
	}
	return out, nil
}

// walkComposition walks the composition whose comp.coalesce-lhs step is
// steps[i] up to its carry checks, and returns the runs due and the
// walk, its next step the first carry check.
func (c *checker) walkComposition(steps []rules.Step, i int, failing *string) (*compWalk, []carryRun, error) {
	w, b, err := c.startComposition(steps, i, failing)
	if err != nil {
		return nil, nil, err
	}
	if err := w.term(b, root(steps, i)); err != nil {
		return nil, nil, err
	}
	due, err := w.due()
	return w, due, err
}

// walkedRules are the rules whose steps only a composition's walk
// takes: each such step lies inside the walk of a composition, which its
// comp.coalesce-lhs step begins.
var walkedRules = map[string]bool{
	"comp.distribute": true, "comp.stride-zero": true, "comp.stride-zero-dynamic": true, "comp.stride-positive": true,
	"comp.lhs-integral": true, "comp.step.divide": true, "comp.step.skip": true, "comp.step.within": true, "comp.step.bad": true,
	"comp.take.rest": true, "comp.take.all": true, "comp.take.bad": true, "comp.last": true, "comp.leaf": true, "comp.no-carry": true,
	"comp.stride-negative": true, "comp.negate": true, "comp.signs": true,
}

// walkCompositions walks every composition of a case (each from its
// comp.coalesce-lhs step), its carry checks included: each due run has
// its comp.no-carry step in turn, at the run's place.
// Every step of a rule of walkedRules lies inside such a walk, and an
// error case whose call next (the call the chain's term evaluates next
// at its end) is a composition of two layouts ends inside a walk (the
// engine coalesces A before anything of a composition can fail).
func (c *checker) walkCompositions(cs rules.Case, next notation.Node) error {
	var failing *string
	if cs.Error != "" {
		f := failingRule(cs.Error)
		failing = &f
	}
	walked := make([]bool, len(cs.Steps))
	ended := false
	for i := 0; i < len(cs.Steps) && !ended; i++ {
		if cs.Steps[i].Rule != "comp.coalesce-lhs" {
			continue
		}
		w, due, err := c.walkComposition(cs.Steps, i, failing)
		if err == nil {
			// (their s and t: noCarrySize, noCarrySum)
			for _, rn := range due {
				w.units()
				if err = w.failsAt(rn.place(), []any{"s", rn.size, "t", rn.sum}, "comp.no-carry"); err != nil {
					break
				}
				if _, err = w.take(rn.place(), "comp.no-carry"); err != nil {
					break
				}
			}
		}
		if err == nil {
			// leaves of B of both signs, where A is not linear
			// throughout: comp.signs (finding 41)
			if d, e, ok := w.mixedStrides(w.b); ok && len(c.carryRuns(w.shape, w.stride, w.guards)) > 0 {
				at := root(cs.Steps, i)
				if err = w.failsAt(at, []any{"d", d, "e", e}, "comp.signs"); err == nil {
					var st rules.Step
					if st, err = w.take(at, "comp.signs"); err == nil {
						err = w.expects(st, "d", d, "e", e)
					}
				}
			}
		}
		end := len(cs.Steps)
		switch {
		case errors.Is(err, errSliceEnd):
			ended = true // an error case ends inside the composition
		case err != nil:
			return fmt.Errorf("the composition from step %d: %v", i+1, err)
		default:
			end = w.next
		}
		for j := i; j < end; j++ {
			walked[j] = true
		}
	}
	for j, st := range cs.Steps {
		if walkedRules[st.Rule] && !walked[j] {
			return fmt.Errorf("step %d (%s at %s) is in no composition's walk: no step of comp.coalesce-lhs begins it", j+1, st.Rule, st.At)
		}
	}
	if call, ok := next.(*notation.Call); ok && cs.Error != "" && !ended && call.Name == "composition" && len(call.Args) == 2 {
		_, la := call.Args[0].(*notation.Layout)
		_, lb := call.Args[1].(*notation.Layout)
		if la && lb {
			return fmt.Errorf("the error arises at %s, the call the term evaluates next, but no walk of a composition (from its comp.coalesce-lhs step) ends at it", notation.Print(next))
		}
	}
	return nil
}

// nextCarryRun re-derives the run of comp.no-carry's step from the
// steps before it: the latest composition (from its comp.coalesce-lhs
// step) walked, its leaves done, the next run whose carry check is due
// after the comp.no-carry steps already taken.
func (c *checker) nextCarryRun(before []rules.Step) (carryRun, error) {
	i := len(before) - 1
	for i >= 0 && before[i].Rule != "comp.coalesce-lhs" {
		i--
	}
	if i < 0 {
		return carryRun{}, errors.New("no step of comp.coalesce-lhs comes before it")
	}
	w, due, err := c.walkComposition(before, i, nil)
	if err != nil {
		return carryRun{}, err
	}
	for _, rn := range due {
		if w.next == len(before) {
			return rn, nil
		}
		if _, err := w.take(rn.place(), "comp.no-carry"); err != nil {
			return carryRun{}, err
		}
	}
	return carryRun{}, errors.New("no carry check is due: every run that two leaves of B reach has its step before it")
}

// noCarrySize is comp.no-carry's s, the size of its run (nextCarryRun).
func (c *checker) noCarrySize(before []rules.Step, _ []sym.Cond) ([]sym.Expr, error) {
	rn, err := c.nextCarryRun(before)
	return []sym.Expr{rn.size}, err
}

// noCarrySum is comp.no-carry's t, the largest index of its run the
// leaves of B reach together (nextCarryRun).
func (c *checker) noCarrySum(before []rules.Step, _ []sym.Cond) ([]sym.Expr, error) {
	rn, err := c.nextCarryRun(before)
	return []sym.Expr{rn.sum}, err
}
