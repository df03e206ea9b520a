package proofs

import (
	"errors"
	"fmt"

	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/rules"
	"github.com/cutealg/cutealg/sym"
)

// The casts' walk (seed 002, "6. Static vs Dynamic Integer"; CuTe's
// upcast<N> and downcast<N> of a layout, layout.hpp, one decision per
// leaf in order): the steps of a request upcast(A, N) or downcast(A, N), A
// a layout, are re-derived here from A and N alone. After the arguments'
// extents (extent.go), the arguments must be read (argsRead, construct.go)
// and N be a positive integer, else the request is refused before any
// step. upcast is cast.by-mode at "A", then at "mode i" for each leaf i:
// a static stride _0 is cast.up.zero with its extent s; a static stride d
// is cast.up.static (or CuTe's refusal, cast.up.static-bad) with a = |d|,
// its sign g and N, then a rule of the group cast.up.extent with s and
// the c that cast.up.static computed; any other stride must be decided
// d >= 0 under the assumptions and the guards in force (else the engine
// refuses it there, with no rule) and is a rule of the group
// cast.up.dynamic with d and N. downcast needs a leaf of the static
// stride _1 (else CuTe refuses it before any step): it is
// cast.down.adjacent and cast.by-mode at "A", then per leaf
// cast.down.extent with s and N for a static stride _1 or _-1, else
// cast.down.stride with d and N. The steps of a case are the walk's, in
// order, each at its place with its values, then the claim about the
// request; an error case ends where the walk meets its refusal (an error
// rule's step, one not fired with run-time values, ends it), or after the
// whole walk where the cast's value overflows int64.

// errCastRefused is the walk reaching a refusal that no rule's step
// records: an N that is not a positive integer, a downcast with no leaf
// of the static stride _1, or a dynamic stride not known to be
// non-negative.
var errCastRefused = errors.New("the cast is refused")

// walkCast checks the steps of a case of an upcast or downcast request
// whose layout is a plain layout (nothing for any other request).
func (c *checker) walkCast(cs rules.Case) error {
	if c.d.Op != "upcast" && c.d.Op != "downcast" {
		return nil
	}
	if cs.Error != "" && failingRule(cs.Error) == "arg.extent" {
		return nil // the case ends at an argument's obligation (extent.go)
	}
	if len(c.d.Args) != 2 {
		return fmt.Errorf("%s takes a layout and N, not %d arguments", c.d.Op, len(c.d.Args))
	}
	an, err := notation.Parse(c.d.Args[0])
	if err != nil {
		return err
	}
	if _, ok := an.(*notation.Layout); !ok {
		return nil // a composed layout's
	}
	a, err := sym.LayoutFromNode(an)
	if err != nil {
		return fmt.Errorf("the layout %s: %v", c.d.Args[0], err)
	}
	w := &sliceWalk{c: c, steps: cs.Steps}
	if f := failingRule(cs.Error); f != "" {
		// a rule's condition failing ends the case where the walk
		// re-derives it (failsAt); an error of no rule's condition ends
		// it only at a refusal (errCastRefused)
		w.failing = &f
	}
	w.skipExtents()
	if w.next > 0 {
		if w.guards, err = parseConds(cs.Steps[w.next-1].Guards); err != nil {
			return err
		}
	}
	var cast castWalk
	read, err := c.argsRead()
	if err != nil {
		return err
	}
	n, err := castFactor(c.d.Args[1], read)
	if err == nil {
		if c.d.Op == "upcast" {
			cast, err = w.upcast(a, n)
		} else {
			cast, err = w.downcast(a, n)
		}
	}
	switch {
	case errors.Is(err, errCastRefused):
		if cs.Error == "" {
			return fmt.Errorf("%v, but the case has a result", err)
		}
		if w.next != len(cs.Steps) {
			s := cs.Steps[w.next]
			return fmt.Errorf("step %d (%s at %s) follows the refusal (%v)", w.next+1, s.Rule, s.At, err)
		}
		return nil
	case err != nil:
		return err
	case cast.failed:
		// an error rule's step: the case ends there (errorStep checks it
		// is the case's error)
		if w.next != len(cs.Steps) {
			s := cs.Steps[w.next]
			return fmt.Errorf("step %d (%s at %s) follows the error rule's step", w.next+1, s.Rule, s.At)
		}
		if cs.Error == "" {
			return fmt.Errorf("the walk ends at an error rule's step, but the case has a result")
		}
		return nil
	case cs.Error != "" && w.next == len(cs.Steps):
		// after the whole walk only the value's overflow is an error
		for _, x := range cast.leaves {
			if !sym.CoefficientsFit(x) {
				return nil
			}
		}
		return fmt.Errorf("the case ends in an error after the walk of %s, whose value fits in int64", notation.Print(c.request))
	}
	_, err = w.afterWalk(cs)
	return err
}

// castWalk is what a cast's walk found: the integers of its value (the
// shape's and the stride's leaves) and whether it ended at an error
// rule's step.
type castWalk struct {
	leaves []sym.Expr
	failed bool
}

// castFactor reads N, CuTe's template parameter, where the engine reads
// the arguments (argsRead, construct.go): a positive integer.
func castFactor(arg string, read bool) (sym.Expr, error) {
	if !read {
		return nil, fmt.Errorf("%w: the arguments are refused before the cast", errCastRefused)
	}
	n, err := sym.ParseInt(arg)
	if err != nil {
		return nil, fmt.Errorf("the factor N = %s: %v", arg, err)
	}
	k, ok := sym.IsConst(n.E)
	if !ok || k < 1 {
		return nil, fmt.Errorf("%w: N = %s is not a positive integer", errCastRefused, arg)
	}
	return sym.Const(k), nil
}

// staticConst returns the value of a static literal (ok false for a
// dynamic or symbolic integer).
func staticConst(i sym.Int) (int64, bool) {
	v, ok := sym.IsConst(i.E)
	return v, ok && i.Static
}

// upcast reads the steps of upcast<n>(a) (see the walk above).
func (w *sliceWalk) upcast(a sym.Layout, n sym.Expr) (castWalk, error) {
	var out castWalk
	if _, err := w.step("A", "cast.by-mode"); err != nil {
		return out, err
	}
	shape, stride := a.Shape.Leaves(nil), a.Stride.Leaves(nil)
	var s2s, d2s []sym.Expr
	for i := range shape {
		at := fmt.Sprintf("mode %d", i)
		s, d := shape[i], stride[i]
		s2, d2 := s.E, d.E
		if v, static := staticConst(d); static && v == 0 {
			st, err := w.step(at, "cast.up.zero")
			if err != nil {
				return out, err
			}
			if err := w.expect(st, "s", s.E); err != nil {
				return out, err
			}
		} else if static {
			abs, sign := v, int64(1)
			if v < 0 {
				abs, sign = -v, -1
			}
			st, err := w.step(at, "cast.up.static", "cast.up.static-bad")
			if err != nil {
				return out, err
			}
			if err := w.expects(st, "a", sym.Const(abs), "g", sym.Const(sign), "n", n); err != nil {
				return out, err
			}
			if st.Rule == "cast.up.static-bad" {
				out.failed = true
				return out, nil
			}
			// c = ceil_div(N, |d|), the elements of the mode in one wide
			// element (cast.up.static's let, recomputed with the step)
			cv, err := value(st, "c")
			if err != nil {
				return out, err
			}
			if d2, err = value(st, "d2"); err != nil {
				return out, err
			}
			x, err := w.step(at, "cast.up.extent-exact", "cast.up.extent")
			if err != nil {
				return out, err
			}
			if err := w.expects(x, "s", s.E, "c", cv); err != nil {
				return out, err
			}
			if s2, err = value(x, "s2"); err != nil {
				return out, err
			}
		} else {
			// CuTe divides a dynamic stride with C++'s truncation, the
			// rules' floor_div only where d >= 0
			// a negative one (a negative constant, or decided at most -1)
			// is cast.up.dynamic-negative, then divided as -d: C++'s d/N
			// is -((-d)/N)
			dd, negative := d.E, false
			if v, ok := sym.IsConst(d.E); ok {
				negative = v < 0
			} else {
				negative = w.c.redecide(sym.MakeCond(d.E, sym.LE, sym.Const(-1)), w.guards) == nil
			}
			if negative {
				st, err := w.step(at, "cast.up.dynamic-negative")
				if err != nil {
					return out, err
				}
				if err := w.expects(st, "d", d.E); err != nil {
					return out, err
				}
				dd = sym.Neg(d.E)
			} else if w.c.redecide(sym.MakeCond(d.E, sym.GE, sym.Const(0)), w.guards) != nil {
				return out, fmt.Errorf("%w: the dynamic stride %s at %s is not known to be non-negative or negative", errCastRefused, d.E, at)
			}
			st, err := w.step(at, "cast.up.dynamic-exact", "cast.up.dynamic-below", "cast.up.dynamic-bad")
			if err != nil {
				return out, err
			}
			if err := w.expects(st, "d", dd, "n", n); err != nil {
				return out, err
			}
			if st.Rule == "cast.up.dynamic-bad" && !st.Runtime {
				out.failed = true
				return out, nil
			}
			if d2, err = value(st, "d2"); err != nil {
				return out, err
			}
			if negative {
				d2 = sym.Neg(d2)
			}
		}
		s2s, d2s = append(s2s, s2), append(d2s, d2)
	}
	out.leaves = append(s2s, d2s...)
	// strides of both signs (a static negative d, and e not a constant
	// at most 0, each the first such leaf): cast.up.signs, its condition
	// d*e >= 0 required; where the case's error is that condition
	// failing, the case ends here, and the condition must not hold
	var d, e *sym.Int
	for i := range stride {
		v, isConst := sym.IsConst(stride[i].E)
		neg := isConst && v < 0 || !isConst && w.c.redecide(sym.MakeCond(stride[i].E, sym.LE, sym.Const(-1)), w.guards) == nil
		if neg && d == nil {
			d = &stride[i]
		} else if !neg && (!isConst || v != 0) && e == nil {
			e = &stride[i]
		}
	}
	if k, _ := sym.IsConst(n); d == nil || e == nil || k == 1 {
		return out, nil // (upcast<1> is the identity)
	}
	if err := w.failsAt("A", []any{"d", d.E, "e", e.E}, "cast.up.signs"); err != nil {
		if !errors.Is(err, errSliceEnd) {
			return out, err
		}
		out.failed = true
		return out, nil
	}
	st, err := w.step("A", "cast.up.signs")
	if err != nil {
		return out, err
	}
	return out, w.expects(st, "d", d.E, "e", e.E)
}

// downcast reads the steps of downcast<n>(a) (see the walk above).
func (w *sliceWalk) downcast(a sym.Layout, n sym.Expr) (castWalk, error) {
	var out castWalk
	shape, stride := a.Shape.Leaves(nil), a.Stride.Leaves(nil)
	adjacent := false
	for _, d := range stride {
		v, static := staticConst(d)
		adjacent = adjacent || static && v == 1
	}
	if !adjacent {
		return out, fmt.Errorf("%w: downcast of %s, which has no leaf of the static stride _1 (CuTe: Downcast requires adjacent elements)", errCastRefused, a)
	}
	if _, err := w.step("A", "cast.down.adjacent"); err != nil {
		return out, err
	}
	if _, err := w.step("A", "cast.by-mode"); err != nil {
		return out, err
	}
	var s2s, d2s []sym.Expr
	for i := range shape {
		at := fmt.Sprintf("mode %d", i)
		s, d := shape[i], stride[i]
		s2, d2 := s.E, d.E
		if v, static := staticConst(d); static && (v == 1 || v == -1) {
			st, err := w.step(at, "cast.down.extent")
			if err != nil {
				return out, err
			}
			if err := w.expects(st, "s", s.E, "n", n); err != nil {
				return out, err
			}
			if s2, err = value(st, "s2"); err != nil {
				return out, err
			}
		} else {
			st, err := w.step(at, "cast.down.stride")
			if err != nil {
				return out, err
			}
			if err := w.expects(st, "d", d.E, "n", n); err != nil {
				return out, err
			}
			if d2, err = value(st, "d2"); err != nil {
				return out, err
			}
		}
		s2s, d2s = append(s2s, s2), append(d2s, d2)
	}
	out.leaves = append(s2s, d2s...)
	return out, nil
}
