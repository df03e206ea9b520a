package proofs

import (
	"errors"
	"fmt"
	"slices"

	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/rules"
	"github.com/cutealg/cutealg/sym"
)

// The slice chain: a claim slice_and_offset(C, A) = (L, O), A a layout,
// is re-derived here from C and A alone, by CuTe's definition
// (layout.hpp: slice_and_offset is the pair slice(C, A), crd2idx(C, A)
// with each _ of C counting as _0): L must be the modes of A that the _ of
// C keep (lift_slice), and O the sum of what each integer of C contributes
// in its mode (crd2idx: the inner product with the strides, an integer
// over a tuple mode split colexicographically, the last mode taking the
// rest); a claim crd2idx(C, A) = O likewise. The steps that compute them,
// between the last claim before it and the claim, must be the walk of C
// that this derivation expects, in its order, each at its place and with
// its values: slice.by-mode at a tuple of C, slice.keep at a _, slice.fix
// at an integer; then, for each integer in turn, its range checks
// (slice.non-negative, slice.in-range with the size of its mode) but
// where the coordinate is a remainder by construction (a case of a rule
// of inRangeRules), a split (a rule of the group crd.split-of) of the
// coordinate reaching each mode of a tuple but the last, crd.inner at
// each leaf with its stride, and crd.sum at the integer's place. The
// same walk of the coordinate reads the steps of a slice or dice request
// (walkRequest, coalesce.go).

// inRangeRules are the rules after which every integer of the coordinate
// that slice_and_offset slices at lies in its mode by construction
// (local_partition's flat coordinate, remainders): the offset's steps
// have no range checks there.
var inRangeRules = map[string]bool{"tile.outer": true}

// sliceWalk is the state of one re-derivation: the steps it reads, the
// next one, the modes kept and the integers of C with their modes.
type sliceWalk struct {
	c      *checker
	steps  []rules.Step
	next   int
	guards []sym.Cond
	kept   []*notation.Layout
	fixed  []fixedLeaf
	// run is crd2idx's running sum, the v of the latest crd.inner
	run sym.Expr
	// failing: in an error case, the rule whose condition fails ("" for
	// an error no rule names), nil in a case with a result
	failing *string
	// refused: the steps of an error case end at CuTe's refusal of the
	// coordinate
	refused bool
	// merge, where set, reads a merge of coalesce that the checker
	// decides but the engine's weaker decision may not have made
	// (merges): true to merge; nil merges wherever the checker decides
	merge func() bool
}

// fixedLeaf is an integer of the coordinate, its place and its mode.
type fixedLeaf struct {
	at   string
	c    notation.Node
	mode *notation.Layout
}

// skipExtents moves a walk from a case's start past its arg.extent
// steps: the arguments' extents come first (extent.go checks them).
func (w *sliceWalk) skipExtents() {
	for w.next < len(w.steps) && w.steps[w.next].Rule == "arg.extent" {
		w.next++
	}
}

// errSliceEnd is where the steps of an error case end inside the walk.
var errSliceEnd = errors.New("the steps end")

// walked returns the operation, coordinate and layout of a call that the
// walk re-derives: slice_and_offset(C, A) or crd2idx(C, A), A a layout
// (ok false for any other term). A claim about slice(C, A) is not walked:
// div.unpack's and prod.unpack's slice only unpacks, with no steps.
func walked(n notation.Node) (op string, c notation.Node, a *notation.Layout, ok bool) {
	call, isCall := n.(*notation.Call)
	if !isCall || len(call.Args) != 2 {
		return "", nil, nil, false
	}
	switch call.Name {
	case "slice_and_offset", "crd2idx":
		a, ok = call.Args[1].(*notation.Layout)
		return call.Name, call.Args[0], a, ok
	}
	return "", nil, nil, false
}

// walkCall reads the steps of the walk of op(cn, a): they start after the
// last step of steps with a claim (the term the walk's call is in was
// computed by then) and end with steps. In an error case (failing set:
// the rule whose condition fails, "" where the error names none) the
// steps may end inside the walk, where it applies the rule failing. It
// returns the walk and the offset (crd2idx's sum).
func (c *checker) walkCall(steps []rules.Step, op string, cn notation.Node, a *notation.Layout, guards []sym.Cond, failing *string) (w *sliceWalk, sum sym.Expr, err error) {
	start := len(steps)
	for start > 0 && steps[start-1].Before == "" {
		start--
	}
	w = &sliceWalk{c: c, steps: steps, next: start, guards: guards, failing: failing, run: sym.Const(0)}
	if start == 0 {
		w.skipExtents()
	}
	if w.next == len(steps) && failing != nil && *failing == "arg.extent" {
		return w, nil, errSliceEnd // the case ends at an extent's obligation, which walkArgs checks
	}
	sum = sym.Const(0)
	if op == "crd2idx" {
		if sum, err = w.crdTuple(cn, a, "c"); err != nil {
			return w, nil, err
		}
		st, err := w.take("c", "crd.sum")
		if err != nil {
			return w, nil, err
		}
		if err := w.expect(st, "v", sum); err != nil {
			return w, nil, err
		}
	} else {
		if err := w.slice(cn, a, "c", false); err != nil {
			return w, nil, err
		}
		inRange := slices.ContainsFunc(steps, func(st rules.Step) bool { return inRangeRules[st.Rule] })
		for _, f := range w.fixed {
			v, err := w.offset(f, inRange)
			if err != nil {
				return w, nil, err
			}
			sum = sym.Add(sum, v)
		}
	}
	if w.next != len(steps) {
		s := w.steps[w.next]
		return nil, nil, fmt.Errorf("step %d (%s at %s) is no step of %s(%s, %s)", w.next+1, s.Rule, s.At, op, notation.Print(cn), notation.Print(a))
	}
	if failing != nil {
		return nil, nil, fmt.Errorf("the steps of %s end without the error", op)
	}
	return w, sum, nil
}

// walkClaim re-derives a step's claim about slice_and_offset(C, A) (the
// pair (L, O)) or crd2idx(C, A) (O), and the steps
// before it that compute it (steps[:si], of the case); where the claim is
// about no such call it does nothing.
func (c *checker) walkClaim(steps []rules.Step, si int, before, after notation.Node, guards []sym.Cond) error {
	op, cn, a, ok := walked(before)
	if !ok {
		return nil
	}
	w, sum, err := c.walkCall(steps[:si], op, cn, a, guards, nil)
	if err != nil {
		return err
	}
	l, off := after, after
	if op == "slice_and_offset" {
		pair, ok := after.(*notation.Tuple)
		if !ok || len(pair.Elems) != 2 {
			return fmt.Errorf("slice_and_offset gives a pair (layout, offset), not %s", notation.Print(after))
		}
		l, off = pair.Elems[0], pair.Elems[1]
	}
	if op != "crd2idx" {
		if got, want := notation.Print(l), notation.Print(w.keptLayout(cn, a)); got != want {
			return fmt.Errorf("slice(%s, %s) keeps %s, not %s", notation.Print(cn), notation.Print(a), want, got)
		}
	}
	{
		o, err := sym.IntFromNode(off)
		if err != nil {
			return fmt.Errorf("the offset %s: %v", notation.Print(off), err)
		}
		if !w.same(o.E, sum) {
			return fmt.Errorf("the offset %s is not crd2idx's sum %s", notation.Print(off), sum)
		}
	}
	return nil
}

// walkError checks the steps of an error case whose call next is one the
// walk re-derives: they are the walk's up to where it stops, and where
// the error is a rule's condition failing, the walk applies that rule
// next.
func (c *checker) walkError(steps []rules.Step, next notation.Node, failing string, guards []sym.Cond) error {
	op, cn, a, ok := walked(next)
	if !ok {
		return nil
	}
	w, _, err := c.walkCall(steps, op, cn, a, guards, &failing)
	if errors.Is(err, errRefused) && failing == "" {
		// CuTe refuses the coordinate (crd2idx's Mismatched Ranks, a
		// tuple over an integer mode): the case ends there, after its
		// steps (finding 53)
		if w.next != len(steps) {
			s := steps[w.next]
			return fmt.Errorf("step %d (%s at %s) follows CuTe's refusal (%v)", w.next+1, s.Rule, s.At, err)
		}
		return nil
	}
	if err != errSliceEnd {
		if err == nil {
			err = fmt.Errorf("the steps of %s end without the error", op)
		}
		return err
	}
	return nil
}

// take returns the next step, which must apply one of the rules named at
// the place at. The steps of an error case may end there where its error
// names no rule or the condition of one of those rules failing (the
// walk re-derives that first, failsAt: a case whose error no walk
// re-derives is refused, checkCase).
func (w *sliceWalk) take(at string, ids ...string) (rules.Step, error) {
	if w.next >= len(w.steps) {
		if w.failing != nil && (*w.failing == "" || slices.Contains(ids, *w.failing)) {
			return rules.Step{}, errSliceEnd
		}
		return rules.Step{}, fmt.Errorf("no step applies %v at %s (the walk's steps end early)", ids, at)
	}
	st := w.steps[w.next]
	if !slices.Contains(ids, st.Rule) || st.At != at {
		return rules.Step{}, fmt.Errorf("step %d applies %s at %s where the walk applies %v at %s", w.next+1, st.Rule, st.At, ids, at)
	}
	w.next++
	return st, nil
}

// step takes the next step of a walk, one of the rules named at the
// place at, and puts its guards in force (the casts', the inverses' and
// the complement's walks).
func (w *sliceWalk) step(at string, ids ...string) (rules.Step, error) {
	st, err := w.take(at, ids...)
	if err != nil {
		return st, err
	}
	w.guards, err = parseConds(st.Guards)
	return st, err
}

// value parses the value a step binds to the name n.
func value(st rules.Step, n string) (sym.Expr, error) {
	i, err := sym.ParseInt(st.Bind[n])
	if err != nil {
		return nil, fmt.Errorf("step %s at %s: %s: %v", st.Rule, st.At, n, err)
	}
	return i.E, nil
}

// same reports whether x and y are identical, decided equal under the
// assumptions and the guards in force, or equal once sym simplifies
// their difference there (a crd2idx sum whose quotients and remainders
// the bounds of the coordinates fix: floor_div(m0, M0) is 0 where
// m0 < M0, which the order decision does not find in a sum of many
// terms).
func (w *sliceWalk) same(x, y sym.Expr) bool {
	if sym.Equal(x, y) || w.c.redecide(sym.MakeCond(x, sym.EQ, y), w.guards) == nil {
		return true
	}
	ctx, err := w.c.ctx.WithConds(w.guards...)
	if err != nil {
		return false
	}
	v, ok := sym.IsConst(ctx.Simplify(sym.Sub(x, y)))
	return ok && v == 0
}

// expect checks that the step binds n to the integer node want.
func (w *sliceWalk) expect(st rules.Step, n string, want sym.Expr) error {
	got, err := value(st, n)
	if err != nil {
		return err
	}
	if !w.same(got, want) {
		return fmt.Errorf("step %s at %s binds %s = %s where the walk has %s", st.Rule, st.At, n, st.Bind[n], want)
	}
	return nil
}

// modes returns the modes of a layout of tuple shape (nil for a leaf).
func modes(a *notation.Layout) ([]*notation.Layout, error) {
	sh, ok := a.Shape.(*notation.Tuple)
	if !ok {
		return nil, nil
	}
	st, ok := a.Stride.(*notation.Tuple)
	if !ok || len(st.Elems) != len(sh.Elems) {
		return nil, fmt.Errorf("the layout %s has a stride not congruent with its shape", notation.Print(a))
	}
	ms := make([]*notation.Layout, len(sh.Elems))
	for i := range ms {
		ms[i] = &notation.Layout{Shape: sh.Elems[i], Stride: st.Elems[i]}
	}
	return ms, nil
}

// errRefused is the walk reaching a coordinate that CuTe refuses (a tuple
// over an integer mode, or over a mode of another rank: slice's, and
// crd2idx's Mismatched Ranks).
var errRefused = errors.New("CuTe refuses the coordinate")

// slice walks the coordinate c over the layout a at the place at (CuTe's
// lift_slice, or lift_dice where dice is set), reading the steps that
// record it: a tuple by mode, a _ keeping its mode (dice: dropping it), an
// integer fixing it (dice: keeping it). A tuple over an integer mode or
// over a mode of another rank is CuTe's refusal: in an error case the
// steps end there.
func (w *sliceWalk) slice(c notation.Node, a *notation.Layout, at string, dice bool) error {
	keep, fix, byMode := "slice.keep", "slice.fix", "slice.by-mode"
	if dice {
		keep, fix, byMode = "dice.drop", "dice.keep", "dice.by-mode"
	}
	switch c := c.(type) {
	case *notation.Underscore:
		if _, err := w.take(at, keep); err != nil {
			return err
		}
		if !dice {
			w.kept = append(w.kept, a)
		}
		return nil
	case *notation.Tuple:
		ms, err := modes(a)
		if err != nil {
			return err
		}
		if len(ms) != len(c.Elems) {
			if w.failing != nil && w.next == len(w.steps) {
				w.refused = true
				return errSliceEnd
			}
			return fmt.Errorf("%w: %s over the mode %s at %s, but the case goes on", errRefused, notation.Print(c), notation.Print(a), at)
		}
		if _, err := w.take(at, byMode); err != nil {
			return err
		}
		for i, k := range c.Elems {
			if err := w.slice(k, ms[i], fmt.Sprintf("%s mode %d", at, i), dice); err != nil {
				return err
			}
		}
		return nil
	}
	x, err := sym.IntFromNode(c)
	if err != nil {
		return fmt.Errorf("the coordinate %s at %s: %v", notation.Print(c), at, err)
	}
	st, err := w.take(at, fix)
	if err != nil {
		return err
	}
	if err := w.expect(st, "c", x.E); err != nil {
		return err
	}
	if dice {
		w.kept = append(w.kept, a)
	} else {
		w.fixed = append(w.fixed, fixedLeaf{at: at, c: c, mode: a})
	}
	return nil
}

// keptLayout is the layout of the modes the walk of the coordinate cn
// over a kept: a leaf coordinate keeps a whole or gives the empty layout
// ():(), a tuple the modes it kept, concatenated.
func (w *sliceWalk) keptLayout(cn notation.Node, a *notation.Layout) notation.Node {
	if _, isTuple := cn.(*notation.Tuple); !isTuple && len(w.kept) == 1 {
		return a
	}
	sh, st := &notation.Tuple{}, &notation.Tuple{}
	for _, m := range w.kept {
		sh.Elems = append(sh.Elems, m.Shape)
		st.Elems = append(st.Elems, m.Stride)
	}
	return &notation.Layout{Shape: sh, Stride: st}
}

// size is the product of the leaves of a shape.
func size(n notation.Node) (sym.Expr, error) {
	if t, ok := n.(*notation.Tuple); ok {
		p := sym.Const(1)
		for _, e := range t.Elems {
			x, err := size(e)
			if err != nil {
				return nil, err
			}
			p = sym.Mul(p, x)
		}
		return p, nil
	}
	i, err := sym.IntFromNode(n)
	if err != nil {
		return nil, err
	}
	return i.E, nil
}

// offset reads the steps of one integer's offset (its range checks
// unless inRange, crd2idx's steps, crd.sum) and returns its contribution.
func (w *sliceWalk) offset(f fixedLeaf, inRange bool) (sym.Expr, error) {
	x, err := sym.IntFromNode(f.c)
	if err != nil {
		return nil, err
	}
	if !inRange {
		if err := w.failsAt(f.at, []any{"c", x.E}, "slice.non-negative"); err != nil {
			return nil, err
		}
		st, err := w.take(f.at, "slice.non-negative")
		if err != nil {
			return nil, err
		}
		if err := w.expect(st, "c", x.E); err != nil {
			return nil, err
		}
		s, err := size(f.mode.Shape)
		if err != nil {
			return nil, err
		}
		if err := w.failsAt(f.at, []any{"c", x.E, "s", s}, "slice.in-range"); err != nil {
			return nil, err
		}
		if st, err = w.take(f.at, "slice.in-range"); err != nil {
			return nil, err
		}
		if err := w.expects(st, "c", x.E, "s", s); err != nil {
			return nil, err
		}
	}
	w.run = sym.Const(0)
	v, err := w.crd(x.E, f.mode, f.at)
	if err != nil {
		return nil, err
	}
	st, err := w.take(f.at, "crd.sum")
	if err != nil {
		return nil, err
	}
	if err := w.expect(st, "v", v); err != nil {
		return nil, err
	}
	return v, nil
}

// crdTuple reads crd2idx's steps of the coordinate cn over the layout a
// at the place at: a tuple coordinate mode by mode (congruent with a),
// an integer by crd.
func (w *sliceWalk) crdTuple(cn notation.Node, a *notation.Layout, at string) (sym.Expr, error) {
	t, ok := cn.(*notation.Tuple)
	if !ok {
		x, err := sym.IntFromNode(cn)
		if err != nil {
			return nil, fmt.Errorf("the coordinate %s at %s: %v", notation.Print(cn), at, err)
		}
		return w.crd(x.E, a, at)
	}
	ms, err := modes(a)
	if err != nil {
		return nil, err
	}
	if len(ms) != len(t.Elems) {
		return nil, fmt.Errorf("%w: the coordinate %s does not match the modes of %s", errRefused, notation.Print(cn), notation.Print(a))
	}
	for i, k := range t.Elems {
		if _, err := w.crdTuple(k, ms[i], fmt.Sprintf("%s mode %d", at, i)); err != nil {
			return nil, err
		}
	}
	return w.run, nil
}

// crd reads crd2idx's steps of the integer x over the mode a at the place
// at and returns the sum they reach: over a tuple, each mode but the last
// takes the split's remainder m and passes its quotient q on.
func (w *sliceWalk) crd(x sym.Expr, a *notation.Layout, at string) (sym.Expr, error) {
	ms, err := modes(a)
	if err != nil {
		return nil, err
	}
	if ms == nil {
		st, err := w.take(at, "crd.inner")
		if err != nil {
			return nil, err
		}
		if err := w.expect(st, "c", x); err != nil {
			return nil, err
		}
		d, err := sym.IntFromNode(a.Stride)
		if err != nil {
			return nil, err
		}
		if err := w.expect(st, "d", d.E); err != nil {
			return nil, err
		}
		if w.run, err = value(st, "v"); err != nil {
			return nil, err
		}
		return w.run, nil
	}
	if len(ms) == 0 {
		return w.run, nil // an empty mode contributes nothing
	}
	for i, m := range ms[:len(ms)-1] {
		mat := fmt.Sprintf("%s mode %d", at, i)
		// (the group crd.split-of: its order is checked with the step's
		// conditions)
		st, err := w.take(mat, "crd.split", "crd.split.negative")
		if err != nil {
			return nil, err
		}
		s, err := size(m.Shape)
		if err != nil {
			return nil, err
		}
		if err := w.expect(st, "c", x); err != nil {
			return nil, err
		}
		if err := w.expect(st, "s", s); err != nil {
			return nil, err
		}
		r, err := value(st, "m")
		if err != nil {
			return nil, err
		}
		if _, err := w.crd(r, m, mat); err != nil {
			return nil, err
		}
		if x, err = value(st, "q"); err != nil {
			return nil, err
		}
	}
	// the last mode takes the rest; its last crd.inner has the whole sum
	return w.crd(x, ms[len(ms)-1], fmt.Sprintf("%s mode %d", at, len(ms)-1))
}
