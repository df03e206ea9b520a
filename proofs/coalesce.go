package proofs

import (
	"errors"
	"fmt"

	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/rules"
	"github.com/cutealg/cutealg/sym"
)

// The coalesce walk: the steps of a request coalesce(A) or
// coalesce_profile(A, P), A a layout, are re-derived here from A (and P)
// alone, by the documentation's coalesce (seed 000, "Coalesce" and
// "By-mode Coalesce"): the leaves of A in order, each either dropped as a
// mode of size 1 (coal.unit, where s == 1 is decided under the
// assumptions and the guards), the first mode kept (coal.first), or joined
// to the last mode kept (the group coal.join: coal.merge or coal.keep,
// whose condition and order are checked with the step), and coal.done with
// the last mode kept; a tuple profile walks A mode by mode (coal.by-mode,
// each mode of A the profile reaches coalesced in turn at its place, the
// modes beyond it unchanged); CuTe's coalesce with the symbols as run-time
// integers (a dynamic derivation), and coalesce_profile with an integer
// profile, is the one step coal.run-time. The steps of the case are the
// walk's, in order, each at its place with its values, then the claim
// about the request; a tuple profile with more modes than A is CuTe's
// refusal, where the steps end.

// errProfileRank is the walk reaching a tuple profile with more modes than
// the layout it coalesces (CuTe refuses it).
var errProfileRank = errors.New("the profile has more modes than the layout")

// walkRequest checks the steps of a case of a request whose steps are a
// walk of this package's: coalesce and coalesce_profile (this file),
// slice and dice (slice.go); nothing for any other request, or for a
// layout that is no plain layout (a composed layout's operation forwards
// to its inner layout, swz.forward).
func (c *checker) walkRequest(cs rules.Case) error {
	switch c.d.Op {
	case "coalesce", "coalesce_profile", "slice", "dice":
	default:
		return nil
	}
	call, ok := c.request.(*notation.Call)
	if !ok {
		return fmt.Errorf("the request %s is no call of %s", notation.Print(c.request), c.d.Op)
	}
	layoutArg := 0
	if c.d.Op == "slice" || c.d.Op == "dice" {
		layoutArg = 1
	}
	a, ok := call.Args[layoutArg].(*notation.Layout)
	if !ok {
		return nil
	}
	guards, err := parseConds(cs.When)
	if err != nil {
		return err
	}
	var failing *string
	if cs.Error != "" {
		f := failingRule(cs.Error)
		failing = &f
	}
	w := &sliceWalk{c: c, steps: cs.Steps, guards: guards, failing: failing}
	w.skipExtents()
	if w.next == len(cs.Steps) && failing != nil && *failing == "arg.extent" {
		return nil // the case ends at an extent's obligation, which walkArgs checks
	}
	switch c.d.Op {
	case "coalesce":
		err = w.coalesce(a, "A")
	case "coalesce_profile":
		if len(call.Args) != 2 {
			return fmt.Errorf("coalesce_profile takes a layout and a profile, not %s", notation.Print(c.request))
		}
		if _, isTuple := call.Args[1].(*notation.Tuple); isTuple {
			err = w.profile(a, call.Args[1], "A")
		} else {
			// an integer profile: CuTe's top-level modes, with the
			// symbols as run-time integers, are the answer's
			_, err = w.take("A", "coal.run-time")
		}
	default:
		err = w.slice(call.Args[0], a, "c", c.d.Op == "dice")
		if err == nil && cs.Error == "" {
			res, perr := parseTerm(cs.Result)
			if perr != nil {
				return perr
			}
			if got, want := notation.Print(res), notation.Print(w.keptLayout(call.Args[0], a)); got != want {
				return fmt.Errorf("%s keeps %s, not %s", notation.Print(c.request), want, got)
			}
		}
	}
	switch {
	case errors.Is(err, errSliceEnd) && (c.d.Op == "slice" || c.d.Op == "dice") && !w.refused:
		// slice and dice compute nothing: CuTe's refusal of the
		// coordinate is their only error
		return fmt.Errorf("the steps end before the walk of %s reaches CuTe's refusal", notation.Print(call.Args[0]))
	case errors.Is(err, errSliceEnd):
		return nil // an error case ends inside the walk
	case errors.Is(err, errProfileRank):
		if cs.Error == "" {
			return fmt.Errorf("%s: CuTe refuses it, but the case has a result", err)
		}
		if w.next != len(cs.Steps) {
			s := cs.Steps[w.next]
			return fmt.Errorf("step %d (%s at %s) follows CuTe's refusal (%v)", w.next+1, s.Rule, s.At, err)
		}
		return nil
	case err != nil:
		return err
	}
	answer, err := w.afterWalk(cs)
	if err != nil || answer == nil {
		return err
	}
	before, err := parseTerm(answer.Before)
	if err != nil {
		return err
	}
	if notation.Print(before) != notation.Print(c.request) {
		return fmt.Errorf("step %d claims about %s, not the request %s, after the walk", w.next+1, answer.Before, notation.Print(c.request))
	}
	return nil
}

// afterWalk checks the steps after a request's walk: none in an error
// case, else exactly one, a claim (the answer, returned).
func (w *sliceWalk) afterWalk(cs rules.Case) (*rules.Step, error) {
	rest := cs.Steps[w.next:]
	if cs.Error != "" {
		if len(rest) != 0 {
			return nil, fmt.Errorf("step %d (%s at %s) is no step of the walk", w.next+1, rest[0].Rule, rest[0].At)
		}
		return nil, nil
	}
	if len(rest) != 1 || rest[0].Before == "" {
		if len(rest) == 0 {
			return nil, errors.New("no step states the request's value after the walk")
		}
		return nil, fmt.Errorf("step %d (%s at %s) is no step of the walk", w.next+1, rest[0].Rule, rest[0].At)
	}
	return &rest[0], nil
}

// coalesce reads the steps of coalesce(a) at the place at: with the
// symbols as run-time integers the one step coal.run-time, else the
// documentation's walk over the leaves of a.
func (w *sliceWalk) coalesce(a *notation.Layout, at string) error {
	if w.c.dynamic {
		_, err := w.take(at, "coal.run-time")
		return err
	}
	l, err := sym.LayoutFromNode(a)
	if err != nil {
		return fmt.Errorf("the layout %s: %v", notation.Print(a), err)
	}
	shape, stride := l.Shape.Leaves(nil), l.Stride.Leaves(nil)
	var kept [][2]sym.Expr // the modes kept so far, s and d
	for i := range shape {
		m := [2]sym.Expr{shape[i].E, stride[i].E}
		mat := fmt.Sprintf("%s mode %d", at, i)
		if w.c.redecide(sym.MakeCond(m[0], sym.EQ, sym.Const(1)), w.guards) == nil {
			st, err := w.take(mat, "coal.unit")
			if err != nil {
				return err
			}
			if err := w.expect(st, "s", m[0]); err != nil {
				return err
			}
			continue
		}
		if len(kept) == 0 {
			st, err := w.take(mat, "coal.first")
			if err != nil {
				return err
			}
			if err := w.expects(st, "s", m[0], "d", m[1]); err != nil {
				return err
			}
			kept = append(kept, m)
			continue
		}
		p := kept[len(kept)-1]
		st, err := w.take(mat, "coal.merge", "coal.keep")
		if err != nil {
			return err
		}
		if err := w.expects(st, "s0", p[0], "d0", p[1], "s1", m[0], "d1", m[1]); err != nil {
			return err
		}
		if st.Rule == "coal.keep" {
			kept = append(kept, m)
			continue
		}
		s2, err := value(st, "s2") // (its let, recomputed with the step)
		if err != nil {
			return err
		}
		kept[len(kept)-1] = [2]sym.Expr{s2, p[1]}
	}
	if len(kept) == 0 {
		return nil
	}
	st, err := w.take(at, "coal.done")
	if err != nil {
		return err
	}
	last := kept[len(kept)-1]
	return w.expects(st, "s", last[0], "d", last[1])
}

// profile reads the steps of coalesce(a, p) at the place at: an integer
// p coalesces a whole; a tuple p walks a mode by mode (coal.by-mode), the
// modes of a beyond p unchanged.
func (w *sliceWalk) profile(a *notation.Layout, p notation.Node, at string) error {
	t, ok := p.(*notation.Tuple)
	if !ok {
		return w.coalesce(a, at)
	}
	ms, err := modes(a)
	if err != nil {
		return err
	}
	if ms == nil {
		ms = []*notation.Layout{a} // a leaf is its own one mode
	}
	if len(t.Elems) > len(ms) {
		return fmt.Errorf("%w: %s over %s at %s", errProfileRank, notation.Print(p), notation.Print(a), at)
	}
	if _, err := w.take(at, "coal.by-mode"); err != nil {
		return err
	}
	for i, k := range t.Elems {
		if err := w.profile(ms[i], k, fmt.Sprintf("%s mode %d", at, i)); err != nil {
			return err
		}
	}
	return nil
}

// expects checks that the step binds each name of kv (name, value pairs)
// to its value.
func (w *sliceWalk) expects(st rules.Step, kv ...any) error {
	for i := 0; i+1 < len(kv); i += 2 {
		if err := w.expect(st, kv[i].(string), kv[i+1].(sym.Expr)); err != nil {
			return err
		}
	}
	return nil
}
