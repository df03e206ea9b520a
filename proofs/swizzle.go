package proofs

import (
	"errors"
	"fmt"

	"github.com/cutealg/cutealg/internal/catalog"
	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/rules"
	"github.com/cutealg/cutealg/sym"
)

// The walk of the swizzles (CuTe's Swizzle<B,M,S>, swizzle.hpp, and
// ComposedLayout, layout_composed.hpp): composition_swizzle(Sw, L) is
// the one step swz.identity at "Sw o L" where Sw has B = 0 bits (CuTe
// gives L itself), else swz.compose there; swizzle(Sw, x) is the one
// step swz.apply at "x" with x. An operation on a swizzled layout
// Sw o O o L (at the catalogue's composed-argument position) begins,
// after the arguments' extents, with the catalogue's use of it:
// swz.inner at "Sw o O o L" where CuTe's answer is the operation on L
// alone (size, cosize, rank, depth, complement), swz.forward there where
// CuTe applies the operation to L and composes Sw and O back (coalesce(L)
// is then its walk, coalesce.go, and the claim about the request); for
// crd2idx(C, Sw o O o L), CuTe's operator()(C), the steps are crd2idx's
// walk of C over L (slice.go) to crd.sum, then swz.eval at "Sw o O o L
// at c" with the offset o = O and the index i = crd2idx(C, L), then
// swz.apply at "O + L(c)" with the x = o + i of swz.eval, then the claim
// about the request. An error case may end inside the walk (at CuTe's
// refusal of a coordinate not congruent with L too).

// walkSwizzle checks the steps of a case of a request of a swizzle, or of
// an operation on a swizzled layout (nothing for any other request).
func (c *checker) walkSwizzle(cs rules.Case) error {
	op, ok := catalog.Lookup(c.d.Op)
	if !ok {
		return fmt.Errorf("no operation %s in the catalogue", c.d.Op)
	}
	req, ok := c.request.(*notation.Call)
	if !ok {
		return fmt.Errorf("the request %s is no call of %s", notation.Print(c.request), c.d.Op)
	}
	var sw *notation.Composed
	if k := op.ComposedArg(); k >= 0 && k < len(req.Args) {
		sw, _ = req.Args[k].(*notation.Composed)
	}
	if sw == nil && c.d.Op != "composition_swizzle" && c.d.Op != "swizzle" {
		return nil
	}
	args := make([]notation.Node, len(c.d.Args))
	for i, a := range c.d.Args {
		n, err := notation.Parse(a)
		if err != nil {
			return err
		}
		args[i] = n
	}
	if k := op.ComposedArg(); sw != nil {
		sw, _ = args[k].(*notation.Composed) // as the request writes it
	}
	w := c.opWalk(cs)
	if w == nil {
		return nil // the case ends at an argument's obligation
	}
	var err error
	switch {
	case c.d.Op == "composition_swizzle" && len(args) == 2:
		err = w.composeSwizzle(args[0])
		if err == nil && w.next != len(cs.Steps) {
			s := cs.Steps[w.next]
			err = fmt.Errorf("step %d (%s at %s) follows composition_swizzle's one step", w.next+1, s.Rule, s.At)
		}
	case c.d.Op == "swizzle" && len(args) == 2:
		err = w.applySwizzle(args[0], args[1])
		if err == nil && w.next != len(cs.Steps) {
			s := cs.Steps[w.next]
			err = fmt.Errorf("step %d (%s at %s) follows swizzle's one step", w.next+1, s.Rule, s.At)
		}
	case sw == nil:
		return fmt.Errorf("%s takes a swizzle and a layout or an index, not %d arguments", c.d.Op, len(args))
	default:
		err = w.swizzled(cs, op, sw, args)
	}
	if errors.Is(err, errSliceEnd) {
		return nil // an error case ends inside the walk
	}
	return err
}

// composeSwizzle reads the step of composition_swizzle(s, L).
func (w *sliceWalk) composeSwizzle(s notation.Node) error {
	id := "swz.compose"
	if sz, ok := s.(*notation.Swizzle); ok && sz.B == 0 {
		id = "swz.identity"
	}
	_, err := w.take("Sw o L", id)
	return err
}

// applySwizzle reads the step of swizzle(sw, x).
func (w *sliceWalk) applySwizzle(sw, x notation.Node) error {
	if i, err := sym.IntFromNode(x); err == nil {
		if err := w.refusesApply(sw, "x", i.E); err != nil {
			return err
		}
	}
	st, err := w.take("x", "swz.apply")
	if err != nil {
		return err
	}
	i, err := sym.IntFromNode(x)
	if err != nil {
		return fmt.Errorf("the index %s: %v", notation.Print(x), err)
	}
	return w.expect(st, "x", i.E)
}

// refusesApply re-derives a refusal of swz.apply at the place at, for
// the index x under the swizzle sw, where an error case ends there
// (failsAt): its condition t % k == 0 with x = t + c, c the constant
// part of x mod k = 2^(B+M+|S|) (rules' swizzleOf), not proved.
func (w *sliceWalk) refusesApply(sw notation.Node, at string, x sym.Expr) error {
	if w.next < len(w.steps) || w.failing == nil || *w.failing != "swz.apply" {
		return nil
	}
	s, ok := sw.(*notation.Swizzle)
	if !ok {
		return fmt.Errorf("%s is no swizzle", notation.Print(sw))
	}
	bits := s.B + s.M + max(s.S, -s.S)
	if s.B < 0 || s.M < 0 || bits > 31 {
		return fmt.Errorf("the swizzle %s reads %d bits", notation.Print(sw), bits)
	}
	k := int64(1) << bits
	c, _ := sym.ConstTerm(x)
	c = (c%k + k) % k
	return w.failsAt(at, []any{"x", x, "t", sym.Sub(x, sym.Const(c)), "k", sym.Const(k)}, "swz.apply")
}

// swizzled reads the steps of an operation on the swizzled layout sw.
func (w *sliceWalk) swizzled(cs rules.Case, op *catalog.Op, sw *notation.Composed, args []notation.Node) error {
	inner, ok := sw.B.(*notation.Layout)
	if !ok {
		return fmt.Errorf("the swizzled layout %s has no inner layout", notation.Print(sw))
	}
	switch op.Composed {
	case catalog.ComposedInner:
		_, err := w.take("Sw o O o L", "swz.inner")
		return err
	case catalog.ComposedForward:
		if _, err := w.take("Sw o O o L", "swz.forward"); err != nil {
			return err
		}
		if w.c.d.Op != "coalesce" {
			return nil // the operation's claims are walked (composition.go, the chain)
		}
		if err := w.coalesce(inner, "A"); err != nil {
			return err
		}
		_, err := w.afterWalk(cs)
		return err
	}
	if w.c.d.Op != "crd2idx" || len(args) != 2 {
		return nil
	}
	// crd2idx's walk of C over L, up to the swizzle's first step
	k := w.next
	for k < len(cs.Steps) {
		if r, ok := w.c.set.Rule(cs.Steps[k].Rule); ok && r.File == "swizzle.rules" {
			break
		}
		k++
	}
	guards, err := parseConds(cs.When)
	if err != nil {
		return err
	}
	var failing *string
	if k == len(cs.Steps) {
		failing = w.failing
	}
	cw, sum, err := w.c.walkCall(cs.Steps[:k], "crd2idx", args[0], inner, guards, failing)
	if errors.Is(err, errRefused) && failing != nil && *failing == "" {
		if cw.next != k {
			s := cs.Steps[cw.next]
			return fmt.Errorf("step %d (%s at %s) follows CuTe's refusal (%v)", cw.next+1, s.Rule, s.At, err)
		}
		return nil // the case ends at CuTe's refusal of the coordinate, after its steps
	}
	if err != nil {
		return err
	}
	w.next, w.guards = k, guards
	st, err := w.take("Sw o O o L at c", "swz.eval")
	if err != nil {
		return err
	}
	o, err := sym.IntFromNode(sw.O)
	if err != nil {
		return fmt.Errorf("the offset %s: %v", notation.Print(sw.O), err)
	}
	if err := w.expects(st, "o", o.E, "i", sum); err != nil {
		return err
	}
	x, err := value(st, "x")
	if err != nil {
		return err
	}
	if err := w.refusesApply(sw.A, "O + L(c)", x); err != nil {
		return err
	}
	if st, err = w.take("O + L(c)", "swz.apply"); err != nil {
		return err
	}
	if err := w.expect(st, "x", x); err != nil {
		return err
	}
	_, err = w.afterWalk(cs)
	return err
}
