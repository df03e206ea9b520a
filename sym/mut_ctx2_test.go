package sym

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// TestDivisorOfConstant: an assumption k % N == 0 with k a constant bounds
// N by |k| and keeps the congruence too (N divides 6: N is 1, 2, 3 or 6),
// and where the bound leaves one value (N divides 1) N is that value.
func TestDivisorOfConstant(t *testing.T) {
	checkDecisions(t, []decisionCase{
		{"6 % N == 0", "N <= 6", True, 12},
		{"6 % N == 0", "6 % N == 0", True, 12},
		{"-6 % N == 0", "N <= 6", True, 12},
		{"-6 % N == 0", "N <= 5", False, 12},
		{"1 % N == 0", "M % N == 0", True, 12},
		{"1 % N == 0", "M*N == M", True, 12},
	})
}

// TestFixedStepSources: where the bounds leave an unknown one value (N
// divides 1, M <= 5 and M >= 5), the parametrization substitutes it: a
// fixed step (StepFixed). The steps of a certificate name an assumption by
// its index, and a source that names none (a fixed step, a bound) has
// Cond -1, as Source documents; each certificate verifies.
func TestFixedStepSources(t *testing.T) {
	for _, tc := range []struct{ ctx, q string }{
		{"1 % N == 0", "M % N == 0"},
		{"N <= 1 && M % 4 == 0", "M*N % 4 == 0"},
		{"M >= 5 && M <= 5", "M*N >= 5*N"},
	} {
		fixed := false
		for _, c := range trueCertificates(t, tc.ctx, tc.q) {
			if err := Verify(c); err != nil {
				t.Fatalf("under %s: %s: %v", tc.ctx, tc.q, err)
			}
			for _, s := range c.Steps {
				none := s.Kind == StepFixed || s.Src.Bound != "" || s.Src.Atom != nil
				fixed = fixed || s.Kind == StepFixed
				if none && s.Src.Cond != -1 {
					t.Errorf("under %s: step %s names assumption %d", tc.ctx, s, s.Src.Cond)
				}
				if !none && (s.Src.Cond < 0 || s.Src.Cond >= len(c.Assumptions)) {
					t.Errorf("under %s: step %s names assumption %d of %d", tc.ctx, s, s.Src.Cond, len(c.Assumptions))
				}
			}
		}
		if !fixed {
			t.Errorf("under %s: %s: no fixed step (the bounds leave one value)", tc.ctx, tc.q)
		}
	}
}

// TestSettleWorkBound: the compilation processes at most maxSettle facts
// (ErrTooComplex past it, as ErrTooComplex documents), and assumptions
// that need fewer compile.
func TestSettleWorkBound(t *testing.T) {
	conds := func(n int) []Cond {
		var out []Cond
		for i := 0; i < n; i++ {
			out = append(out, mustConds(t, fmt.Sprintf("M <= %d", 2*maxSettle-i))...)
		}
		return out
	}
	if _, err := NewCtx().WithConds(conds(maxSettle / 2)...); err != nil {
		t.Fatalf("%d assumptions: %v", maxSettle/2, err)
	}
	if _, err := NewCtx().WithConds(conds(maxSettle + 2)...); !errors.Is(err, ErrTooComplex) {
		t.Fatalf("%d assumptions: got %v, want ErrTooComplex", maxSettle+2, err)
	}
}

// exprAtoms counts the atoms of an expression in its printed form (each
// %, floor_div, ceil_div, min and max, nested ones included), apart from
// the package's own count.
func exprAtoms(e Expr) int {
	s := e.String()
	n := strings.Count(s, "%")
	for _, f := range []string{"floor_div(", "ceil_div(", "min(", "max("} {
		n += strings.Count(s, f)
	}
	return n
}

// TestSimplifyNoMoreAtoms: Simplify's result has no more atoms, nested ones
// counted, than the expression (as Simplify documents), and equals it at
// every allowed binding of a box. Under M % 8 == 4, M%16 over the
// parametrization is a sum of nested floor_divs: the expression stays.
func TestSimplifyNoMoreAtoms(t *testing.T) {
	for _, tc := range []struct{ ctx, e string }{
		{"M % 8 == 4", "min(M % 16, N)"},
		{"M % 8 == 4", "M % 16 + N % 3"},
		{"M % 4 == 0", "min(M % 8, N)"},
	} {
		ctx := mustCtx(t, tc.ctx)
		e := MustParse(tc.e)
		got := ctx.Simplify(e)
		if _, isConst := pl(got).constant(); !isConst && exprAtoms(got) > exprAtoms(e) {
			t.Errorf("under %s: Simplify(%s) = %s has more atoms", tc.ctx, e, got)
		}
		q := Cond{Rel: EQ, X: e, Y: got}
		if all, some := bruteTruth(t, mustConds(t, tc.ctx), &q, 20); !all || !some {
			t.Errorf("under %s: %s differs from Simplify's %s (or no binding)", tc.ctx, e, got)
		}
	}
}

// TestSiblingsLeaveParent: a context extended by more assumptions resumes
// from its parent's compiled states (shared) and copies them before a
// write: a first child that tightens a bound the parent's last state holds
// (its assumption sorts after the parent's, so it resumes from that state)
// leaves a second child, resumed from the same state, as brute force over
// its own assumptions says.
func TestSiblingsLeaveParent(t *testing.T) {
	for _, tc := range []struct {
		parent, first, second, q string
	}{
		// M = 4*M'1 with M'1 >= 2; M = 8 is allowed
		{"M % 4 == 0 && M >= 8", "M >= 9", "N >= 1", "M >= 12"},
		{"M >= 2 && N <= 10", "N <= 9", "P >= 1", "N <= 9"},
	} {
		parent := mustCtx(t, tc.parent)
		if _, err := parent.With(tc.first); err != nil {
			t.Fatalf("%s && %s: %v", tc.parent, tc.first, err)
		}
		all := tc.parent + " && " + tc.second
		q := mustConds(t, tc.q)[0]
		if holds, some := bruteTruth(t, mustConds(t, all), &q, 20); holds || !some {
			t.Fatalf("under %s: brute force does not refute %s", all, tc.q)
		}
		child, err := parent.With(tc.second)
		if err != nil {
			t.Fatal(err)
		}
		d, err := child.DecideText(tc.q)
		if err != nil {
			t.Fatal(err)
		}
		if d.Truth == True {
			t.Errorf("under %s after a sibling with %s: %s is true (false at a binding)", all, tc.first, tc.q)
		}
	}
}

// TestCongruenceAfterBound: a congruence compiled where its unknown has a
// lower bound already (M >= 9, then M/4 an integer) carries the bound to
// the new unknown: M = 4*w with w >= 3, so M >= 12.
func TestCongruenceAfterBound(t *testing.T) {
	checkDecisions(t, []decisionCase{
		{"M >= 9 && M/4 >= 1", "M >= 12", True, 40},
		{"M >= 9 && M/4 >= 1", "M >= 13", False, 40},
		{"M >= 9 && M/4 <= 5", "M >= 12", True, 40},
	})
}

// TestBoundStepsTighten: a StepBound raises its unknown's lower bound or
// lowers its upper bound (as StepBound documents): an assumption that
// repeats a bound already known (M >= 1 of a positive symbol, a second
// M <= 5) records no step. An unknown starts at 1, or at 0 where its name
// carries a second quote.
func TestBoundStepsTighten(t *testing.T) {
	for _, tc := range []struct{ ctx, q string }{
		{"M >= 1 && M <= 5 && M <= 6", "M <= 5"},
		{"M % 4 == 0 && M >= 4 && M <= 8 && M <= 9", "M <= 8"},
		{"M >= 3 && M >= 2 && M <= 5", "M >= 3"},
	} {
		for _, c := range trueCertificates(t, tc.ctx, tc.q) {
			lo, hi := map[string]int64{}, map[string]int64{}
			for _, s := range c.Steps {
				if s.Kind != StepBound {
					continue
				}
				if _, ok := lo[s.Var]; !ok {
					lo[s.Var] = 1
					if strings.HasSuffix(s.Var, "'") {
						lo[s.Var] = 0
					}
				}
				if s.HasLo {
					if s.Lo <= lo[s.Var] {
						t.Errorf("under %s: step %s does not raise %d", tc.ctx, s, lo[s.Var])
					}
					lo[s.Var] = s.Lo
				} else {
					if h, ok := hi[s.Var]; ok && s.Hi >= h {
						t.Errorf("under %s: step %s does not lower %d", tc.ctx, s, h)
					}
					hi[s.Var] = s.Hi
				}
			}
		}
	}
}

// trueCertificates decides q under the assumptions ctx, requires True, and
// returns the decision's certificates.
func trueCertificates(t *testing.T, ctx, q string) []*Certificate {
	t.Helper()
	d, err := mustCtx(t, ctx).DecideText(q)
	if err != nil {
		t.Fatal(err)
	}
	if d.Truth != True {
		t.Fatalf("under %s: %s is %s, want true", ctx, q, d.Truth)
	}
	certs, err := d.Certificates()
	if err != nil {
		t.Fatal(err)
	}
	return certs
}
