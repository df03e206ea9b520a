package sym

import (
	"math/big"
	"testing"
)

// Regression tests for divisions by sums that were split term by term
// (one floor_div per term), which gave wrong values where the whole
// quotient is an integer.

func wantRat(t *testing.T, what string, e Expr, b Binding, want *big.Rat) {
	t.Helper()
	got, err := EvalRat(e, b)
	if err != nil {
		t.Errorf("%s = %s: evaluating at %v: %v", what, e, b, err)
		return
	}
	if got.Cmp(want) != 0 {
		t.Errorf("%s = %s: %s at %v, want %s", what, e, got.RatString(), b, want.RatString())
	}
}

func TestRegressSubstituteDivBySum(t *testing.T) {
	e := Substitute(MustParse("M/K+N/K"), map[string]Expr{"K": MustParse("N+1")})
	wantRat(t, "Substitute(M/K+N/K, K=N+1)", e, Binding{"M": 1, "N": 1}, big.NewRat(1, 1))
	// terms over different sums and a rational term: one division
	e = Substitute(MustParse("M/2+M/K"), map[string]Expr{"K": MustParse("N+1")})
	wantRat(t, "Substitute(M/2+M/K, K=N+1)", e, Binding{"M": 3, "N": 5}, big.NewRat(2, 1))
	e = Substitute(MustParse("M/K+M/L"), map[string]Expr{"K": MustParse("N+1"), "L": MustParse("2*N+2")})
	wantRat(t, "Substitute(M/K+M/L, K=N+1, L=2*N+2)", e, Binding{"M": 2, "N": 2}, big.NewRat(1, 1))
}

func TestRegressSimplifyDivBySum(t *testing.T) {
	c, err := Assume("M==N*K")
	if err != nil {
		t.Fatal(err)
	}
	e := MustParse("M/min(M,N-K)+N/min(M,N-K)")
	s := c.Simplify(e)
	b := Binding{"K": 1, "M": 7, "N": 7}
	wantRat(t, "Simplify(M/min(M,N-K)+N/min(M,N-K)) under M==N*K", s, b, big.NewRat(7, 3))
}

func TestRegressExactDivByModQuotient(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		at   Binding
		want int64
	}{
		{"M+N", "K%3/N", Binding{"K": 2, "M": 1, "N": 1}, 1},
		{"M+N", "M%K/N", Binding{"K": 3, "M": 1, "N": 1}, 2},
		{"M+N", "M%K/N", Binding{"K": 3, "M": 2, "N": 2}, 4},
	} {
		e := ExactDiv(MustParse(tc.a), MustParse(tc.b))
		wantRat(t, "ExactDiv("+tc.a+", "+tc.b+")", e, tc.at, big.NewRat(tc.want, 1))
	}
	p := NewCtx().FloorDiv(MustParse("M+N"), MustParse("K%3/N"))
	b := Binding{"K": 2, "M": 1, "N": 1}
	br, err := p.Select(b)
	if err != nil {
		t.Fatalf("FloorDiv(M+N, K%%3/N) = %s: %v", p, err)
	}
	if br.Err == nil {
		wantRat(t, "FloorDiv(M+N, K%3/N)", br.Value, b, big.NewRat(1, 1))
	}
}

// The branch values of the context operations, at a binding in the branch.
func TestRegressBranchValuesDivBySum(t *testing.T) {
	for _, tc := range []struct {
		ctx, op, a, b string
		at            Binding
		want          int64
	}{
		{"M%N==0", "ceil_div", "M-N", "max(-1*K,M-N)", Binding{"M": 3, "N": 1, "K": 1}, 1},
		{"M==N*K", "floor_div", "2*M+N", "-1*min(M,N-K)/2", Binding{"K": 1, "M": 7, "N": 7}, -7},
		{"true", "shape_div", "3*K+M", "K%N%floor_div(M,K)*M/floor_div(N,5)", Binding{"K": 3, "M": 18, "N": 12}, 1},
	} {
		c := NewCtx()
		if tc.ctx != "true" {
			var err error
			if c, err = Assume(tc.ctx); err != nil {
				t.Fatal(err)
			}
		}
		a, b := MustParse(tc.a), MustParse(tc.b)
		var p Piecewise[Expr]
		switch tc.op {
		case "ceil_div":
			p = c.CeilDiv(a, b)
		case "floor_div":
			p = c.FloorDiv(a, b)
		case "shape_div":
			p = c.ShapeDiv(a, b)
		}
		br, err := p.Select(tc.at)
		if err != nil {
			t.Errorf("%s(%s, %s) | %s = %s: %v", tc.op, tc.a, tc.b, tc.ctx, p, err)
			continue
		}
		if br.Err != nil {
			t.Errorf("%s(%s, %s) | %s = %s: error branch at %v", tc.op, tc.a, tc.b, tc.ctx, p, tc.at)
			continue
		}
		wantRat(t, tc.op+"("+tc.a+", "+tc.b+") | "+tc.ctx+" = "+p.String(), br.Value, tc.at, big.NewRat(tc.want, 1))
	}
}
