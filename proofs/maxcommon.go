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

// The walk of max_common_vector(A, B) and max_common_layout(A, B) (seed
// 000, "Composition" and "Coalesce"; CuTe's max_common_vector and
// max_common_layout, layout.hpp): R = right_inverse(B), then the first
// mode of coalesce(A o R). The steps after the arguments' extents are:
// common.inverse at "A, B"; then B's right inverse, read by the
// inverse's walk (inverse.go: the size-1 decisions of B's coalesce,
// inv.coalesce, inv.right.skip, inv.right.follow, inv.right.end and R's
// coalesce). The next claim is comp.coalesce-lhs about composition(A, R)
// with A the request's and R the modes followed, each s at its p (spot-
// checked as functions: the engine coalesces R); then only steps of
// composition.rules and size-1 decisions until common.vector or
// common.none at "A o R" (max_common_vector) or common.layout at "R" or
// common.none at "A o R" (max_common_layout); after common.layout, the
// next claim is comp.coalesce-lhs about composition(R, n:_1) with the
// same R and the n of common.layout; then steps of composition.rules and
// size-1 decisions, and the claim about the request. An error case may
// end inside the walk (inside a composition).

// walkCommon checks the steps of a case of a max_common_vector or
// max_common_layout request of two layouts (nothing for any other
// request).
func (c *checker) walkCommon(cs rules.Case) error {
	switch c.d.Op {
	case "max_common_vector", "max_common_layout":
	default:
		return nil
	}
	var args [2]*notation.Layout
	for i, s := range c.d.Args {
		n, err := notation.Parse(s)
		if err != nil {
			return err
		}
		a, ok := n.(*notation.Layout)
		if !ok {
			return nil // no symbolic version for a composed layout
		}
		args[i] = a
	}
	w := c.opWalk(cs)
	if w == nil {
		return nil // the case ends at an argument's obligation
	}
	err := w.common(args[0], args[1], c.d.Op == "max_common_layout")
	switch {
	case errors.Is(err, errSliceEnd):
		return nil // an error case ends inside the walk
	case err != nil:
		return err
	}
	_, err = w.afterWalk(cs)
	return err
}

// common reads the steps of max_common_vector(a, b) (max_common_layout
// where layout is set) up to the claim about the request.
func (w *sliceWalk) common(a, b *notation.Layout, layout bool) error {
	if _, err := w.take("A, B", "common.inverse"); err != nil {
		return err
	}
	// B's right inverse: the inverse's walk (inverse.go), which checks
	// its steps, read again here for R
	iw := &invWalk{sliceWalk: *w}
	ms, err := iw.right(b)
	*w = iw.sliceWalk
	if err != nil {
		return err
	}
	r := rLayout(ms)
	comp, err := w.nextComposition()
	if err != nil {
		return err
	}
	if err := w.c.spotCheck(comp.Args[0], a, w.guards, stepSamples); err != nil {
		return fmt.Errorf("the composition after the right inverse is not of A: %v", err)
	}
	if err := w.c.spotCheck(comp.Args[1], r, w.guards, stepSamples); err != nil {
		return fmt.Errorf("the composition after the right inverse is not with R = %s: %v", notation.Print(r), err)
	}
	ids, at := []string{"common.vector", "common.none"}, "A o R"
	if layout {
		ids = []string{"common.layout", "common.none"}
	}
	if err := w.compositionSteps(ids...); err != nil {
		return err
	}
	if layout && w.steps[w.next].Rule == "common.layout" { // (the steps stop at one of ids)
		at = "R"
	}
	st, err := w.take(at, ids...)
	if err != nil {
		return err
	}
	if st.Rule != "common.layout" {
		return nil
	}
	n, err := value(st, "n")
	if err != nil {
		return err
	}
	comp2, err := w.nextComposition()
	if err != nil {
		return err
	}
	if notation.Print(comp2.Args[0]) != notation.Print(comp.Args[1]) {
		return fmt.Errorf("the composition after common.layout is of %s, not of R = %s", notation.Print(comp2.Args[0]), notation.Print(comp.Args[1]))
	}
	l, err := sym.LayoutFromNode(comp2.Args[1])
	if err != nil {
		return err
	}
	if !l.Shape.IsLeaf() || !w.same(l.Shape.Leaves(nil)[0].E, n) || !l.Stride.Leaves(nil)[0].Same(sym.S(1)) {
		return fmt.Errorf("the composition after common.layout is with %s, not with the first n = %s indices (n:_1)", notation.Print(comp2.Args[1]), n)
	}
	return w.compositionSteps()
}

// rLayout is the layout of R's modes as the inverse's walk returns them
// (_1:_0, then the modes followed): _1:_0 where none is followed.
func rLayout(ms []unitMode) notation.Node {
	if len(ms) > 1 {
		ms = ms[1:]
	}
	if len(ms) == 1 {
		return &notation.Layout{Shape: ms[0].s.Node(), Stride: ms[0].d.Node()}
	}
	shapes, strides := make([]notation.Node, len(ms)), make([]notation.Node, len(ms))
	for i, m := range ms {
		shapes[i], strides[i] = m.s.Node(), m.d.Node()
	}
	return &notation.Layout{Shape: &notation.Tuple{Elems: shapes}, Stride: &notation.Tuple{Elems: strides}}
}

// nextComposition reads the next step, comp.coalesce-lhs, whose claim
// begins the walk of a composition of two layouts, and returns its call.
func (w *sliceWalk) nextComposition() (*notation.Call, error) {
	if w.next < len(w.steps) && isUnitStep(w.steps[w.next]) {
		if err := w.compositionSteps("comp.coalesce-lhs"); err != nil {
			return nil, err
		}
	}
	st, err := w.take("A", "comp.coalesce-lhs")
	if err != nil {
		return nil, err
	}
	before, err := parseTerm(st.Before)
	if err != nil {
		return nil, err
	}
	call, ok := before.(*notation.Call)
	if !ok || call.Name != "composition" || len(call.Args) != 2 {
		return nil, fmt.Errorf("step %s at %s claims about %s, not a composition of two layouts", st.Rule, st.At, st.Before)
	}
	return call, nil
}

// compositionSteps reads the steps of a composition's walk (the rules of
// composition.rules, which composition.go checks, and size-1 decisions)
// up to the next step of one of the rules named (up to the claim after
// them where none is named); in an error case the steps may end there.
func (w *sliceWalk) compositionSteps(until ...string) error {
	for ; w.next < len(w.steps); w.next++ {
		st := w.steps[w.next]
		if slices.Contains(until, st.Rule) {
			return nil
		}
		r, ok := w.c.set.Rule(st.Rule)
		if !ok || r.File != "composition.rules" && !isUnitStep(st) {
			if len(until) == 0 && w.next == len(w.steps)-1 {
				return nil // the claim about the request
			}
			return fmt.Errorf("step %d applies %s at %s inside a composition's walk, where the walk applies %s next", w.next+1, st.Rule, st.At, strings.Join(until, " or "))
		}
	}
	if w.failing != nil {
		return errSliceEnd
	}
	if len(until) == 0 {
		return nil // afterWalk finds no claim
	}
	return fmt.Errorf("no step applies %s (the walk's steps end early)", strings.Join(until, " or "))
}
