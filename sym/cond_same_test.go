package sym

import "testing"

// TestCondSameMatchesText checks Cond.Same against the equality of the
// conditions' texts on every pair of a set of conditions (the same
// operands under every relation, operands equal as functions but not in
// form, atoms, an invalid operand) and their negations.
func TestCondSameMatchesText(t *testing.T) {
	exprs := []Expr{MustParse("M"), MustParse("N"), MustParse("2*M"), MustParse("M+M"), MustParse("M*N%8"),
		MustParse("min(M,N)"), MustParse("min(N,M)"), Const(0), Const(1), Mod(MustParse("M"), Const(0))}
	var conds []Cond
	for _, x := range exprs {
		for _, y := range exprs[:4] {
			for _, rel := range []Rel{EQ, NE, LT, LE, GT, GE} {
				conds = append(conds, Cond{Rel: rel, X: x, Y: y})
			}
		}
	}
	same := 0
	for _, a := range conds {
		for _, b := range conds {
			for _, d := range []Cond{b, b.Negate()} {
				want := a.String() == d.String()
				if got := a.Same(d); got != want {
					t.Fatalf("%s Same %s = %v, texts equal %v", a, d, got, want)
				}
				if want {
					same++
				}
			}
		}
	}
	if same < len(conds) {
		t.Fatalf("only %d equal pairs among %d conditions", same, len(conds))
	}
}
