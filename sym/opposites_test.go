package sym_test

import (
	"errors"
	"testing"

	"github.com/cutealg/cutealg/sym"
)

// TestOppositeConditionsInconsistent: a condition over products of symbols
// and ceil_div or floor_div atoms, which the relaxations read as unrelated
// terms, is refuted together with its negation (two facts whose sum is a
// negative constant, or an equation beside its disequation); conditions
// whose sum is not a negative constant stay consistent.
func TestOppositeConditionsInconsistent(t *testing.T) {
	for _, c := range []struct {
		assume []string
		conds  []string
		bad    bool
	}{
		{nil, []string{"K*ceil_div(N-M,K-J)-J*ceil_div(N-M,K-J) >= N-M", "K*ceil_div(N-M,K-J)-J*ceil_div(N-M,K-J) < N-M"}, true},
		{[]string{"N > M", "K > J"}, []string{"K*ceil_div(N-M,K-J)-J*ceil_div(N-M,K-J) >= N-M", "K*ceil_div(N-M,K-J)-J*ceil_div(N-M,K-J) < N-M"}, true},
		{nil, []string{"M*ceil_div(N,K) <= K*N", "M*ceil_div(N,K) > K*N"}, true},
		{nil, []string{"M*floor_div(N,K) == K+2", "M*floor_div(N,K) >= K+3"}, true},
		{nil, []string{"M*floor_div(N,K) == K+2", "M*floor_div(N,K) <= K+1"}, true},
		{nil, []string{"M*floor_div(N,K) == K+2", "M*floor_div(N,K) != K+2"}, true},
		{nil, []string{"M*ceil_div(N-M,K-J) == K*ceil_div(N,J)", "M*ceil_div(N-M,K-J) >= K*ceil_div(N,J)+1"}, true},
		{nil, []string{"M*ceil_div(N-M,K-J) == K*ceil_div(N,J)", "M*ceil_div(N-M,K-J) <= K*ceil_div(N,J)-1"}, true},
		{nil, []string{"M*ceil_div(N-M,K-J) == K*ceil_div(N,J)", "M*ceil_div(N-M,K-J) != K*ceil_div(N,J)"}, true},
		{nil, []string{"M*ceil_div(N-M,K-J) != K*ceil_div(N,J)", "M*ceil_div(N-M,K-J) == K*ceil_div(N,J)"}, true},
		{nil, []string{"M*N == K*J", "M*N != K*J"}, true},
		{nil, []string{"M*N == K*J", "M*N > K*J"}, true},
		{nil, []string{"M*N > K*J", "M*N == K*J"}, true},
		// p >= 0 and -p >= 0 meet at p == 0; p >= 0 and 1-p >= 0 too
		{nil, []string{"M*ceil_div(N,K) >= K*N", "M*ceil_div(N,K) <= K*N"}, false},
		{nil, []string{"M*ceil_div(N,K) >= K*N", "M*ceil_div(N,K) <= K*N+1"}, false},
		{nil, []string{"M*floor_div(N,K) == K+2", "M*floor_div(N,K) >= K+2"}, false},
		{nil, []string{"M*floor_div(N,K) == K+2", "M*floor_div(N,K) != K+3"}, false},
		{nil, []string{"M*N == K*J", "M*N >= K*J"}, false},
		{nil, []string{"M*N == K*J", "M*N != K*J+1"}, false},
		{nil, []string{"M*N >= K*J", "M*N != K*J"}, false},
	} {
		ctx, err := sym.Assume(c.assume...)
		if err != nil {
			t.Fatal(err)
		}
		var conds []sym.Cond
		for _, s := range c.conds {
			cs, err := sym.ParseConds(s)
			if err != nil {
				t.Fatal(err)
			}
			conds = append(conds, cs...)
		}
		_, err = ctx.WithConds(conds...)
		var inc *sym.InconsistentError
		if got := errors.As(err, &inc); got != c.bad {
			t.Errorf("%v under %v: inconsistent %v (%v), want %v", c.conds, c.assume, got, err, c.bad)
		}
	}
}
