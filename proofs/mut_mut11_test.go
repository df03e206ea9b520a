package proofs_test

import (
	"testing"

	"github.com/cutealg/cutealg/proofs"
)

// The inverses' walk reads the first maxMerges (6) merges it decides both
// ways, made and kept apart, since an engine that decides less keeps a
// merge apart where the checker makes it. A derivation the engine made
// under weaker assumptions is such a derivation under stronger ones:
// left_inverse of six modes whose strides double where P, Q, R, S and T
// are 1, derived under M >= 1 alone (every merge kept apart) and checked
// under P, Q, R, S, T <= 1 as well (every step still holds; the checker
// decides each merge: five of A's coalesce, then the first of R's, the
// sixth, all kept apart by the derivation).
func TestInverseMergesKeptApart(t *testing.T) {
	d := assumed(t, []string{"M >= 1"}, "left_inverse", "(_2,_2,_2,_2,_2,_2):(M,_2*M*P,_4*M*P*Q,_8*M*P*Q*R,_16*M*P*Q*R*S,_32*M*P*Q*R*S*T)")
	if err := proofs.Check(d); err != nil {
		t.Fatalf("under M >= 1: %v", err)
	}
	d.Assume = append(d.Assume, "P <= 1", "Q <= 1", "R <= 1", "S <= 1", "T <= 1")
	if err := proofs.Check(d); err != nil {
		t.Errorf("under P, Q, R, S, T <= 1 too: %v", err)
	}
}
