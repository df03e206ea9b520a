package sym

import (
	"fmt"
	"testing"
)

// TestCondHoldsRelations evaluates M rel N for every relation at M below,
// equal to and above N, and prints the relations and claim operators by
// name (an unknown one by number).
func TestCondHoldsRelations(t *testing.T) {
	want := map[Rel][3]bool{ // at M < N, M == N, M > N
		EQ: {false, true, false}, NE: {true, false, true},
		LT: {true, false, false}, LE: {true, true, false},
		GT: {false, false, true}, GE: {false, true, true},
	}
	for rel, w := range want {
		c := MakeCond(MustParse("M"), rel, MustParse("N"))
		for i, m := range []int64{2, 3, 4} {
			got, err := c.Holds(Binding{"M": m, "N": 3})
			if err != nil || got != w[i] {
				t.Errorf("%s at M=%d, N=3: %v, %v; want %v", c, m, got, err, w[i])
			}
		}
	}
	names := fmt.Sprint(EQ, NE, LT, LE, GT, GE, Rel(6), ClaimDivides, ClaimNotDivides, ClaimEq, ClaimNe, ClaimLt, ClaimLe, ClaimOp(6))
	if want := "== != < <= > >= Rel(6) divides does not divide == != < <= ClaimOp(6)"; names != want {
		t.Errorf("names: %q, want %q", names, want)
	}
}
