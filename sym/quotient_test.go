package sym

import (
	"math/big"
	"strings"
	"testing"
)

// Regression tests for issue 11 item 4: an exact division by a sum stays
// an exact division (it was a floor_div, so that (M/(N+1))*(N+1) was not
// M), its text reads back as the same value, and the ShapeDiv error prints
// conditions that read back as the same values.

func TestRegressExactDivBySumTimesDivisor(t *testing.T) {
	M, N := MustParse("M"), MustParse("N")
	n1 := Add(N, Const(1))
	q := ExactDiv(M, n1)
	back := Mul(q, n1)
	if !Equal(back, M) {
		t.Errorf("(M/(N+1))*(N+1) = %s, want M", back)
	}
	if d := NewCtx().Equal(back, M); d.Truth != True {
		t.Errorf("Ctx.Equal((M/(N+1))*(N+1), M) = %v, want True", d.Truth)
	}
	if d := NewCtx().Equal(Mul(n1, q), M); d.Truth != True {
		t.Errorf("Ctx.Equal((N+1)*(M/(N+1)), M) = %v, want True", d.Truth)
	}
	// under assumptions too (the images of both sides are identical)
	c, err := NewCtx().With("M%8==0&&N>=3")
	if err != nil {
		t.Fatal(err)
	}
	if d := c.Equal(back, M); d.Truth != True {
		t.Errorf("under M%%8==0&&N>=3: Ctx.Equal((M/(N+1))*(N+1), M) = %v, want True", d.Truth)
	}
	// the sum of the quotients over one divisor divides out
	if s := Add(q, ExactDiv(Mul(M, N), n1)); !Equal(s, M) {
		t.Errorf("M/(N+1)+M*N/(N+1) = %s, want M", s)
	}
	// and the quotient of a multiple is the polynomial quotient
	if s := ExactDiv(Mul(M, n1), n1); !Equal(s, M) {
		t.Errorf("(M*(N+1))/(N+1) = %s, want M", s)
	}
	// squares
	sq := Mul(n1, n1)
	if s := Mul(ExactDiv(M, sq), sq); !Equal(s, M) {
		t.Errorf("(M/(N+1)^2)*(N+1)^2 = %s, want M", s)
	}
	if s := Mul(ExactDiv(q, n1), n1); !Equal(s, q) {
		t.Errorf("(M/(N+1)/(N+1))*(N+1) = %s, want %s", s, q)
	}
}

// The value of the quotient is the rational x/y: Eval and Holds fail where
// it is not an integer, and nothing rounds.
func TestRegressExactDivBySumValue(t *testing.T) {
	q := ExactDiv(MustParse("M"), MustParse("N+1"))
	wantRat(t, "M/(N+1)", q, Binding{"M": 3, "N": 1}, big.NewRat(3, 2))
	wantRat(t, "M/(N+1)", q, Binding{"M": 6, "N": 2}, big.NewRat(2, 1))
	if v, err := Eval(q, Binding{"M": 3, "N": 1}); err == nil {
		t.Errorf("Eval(M/(N+1)) at M=3,N=1 = %d, want an inexact-division error", v)
	}
	if v, err := Eval(q, Binding{"M": 6, "N": 2}); err != nil || v != 2 {
		t.Errorf("Eval(M/(N+1)) at M=6,N=2 = %d, %v, want 2", v, err)
	}
	c := MakeCond(q, GE, Const(1))
	if h, err := c.Holds(Binding{"M": 3, "N": 1}); err == nil {
		t.Errorf("%s holds %v at M=3,N=1, want an inexact-division error", c, h)
	}
	if h, err := c.Holds(Binding{"M": 6, "N": 2}); err != nil || !h {
		t.Errorf("%s at M=6,N=2: %v, %v, want true", c, h, err)
	}
	// a floor_div would have been 1 at M=3,N=1; the product must be 3
	wantRat(t, "(M/(N+1))*(N+1)", Mul(q, MustParse("N+1")), Binding{"M": 3, "N": 1}, big.NewRat(3, 1))
	// substitution divides the whole exactly
	e := Substitute(MustParse("M/K+N/K"), map[string]Expr{"K": MustParse("N+1")})
	if want := ExactDiv(MustParse("M+N"), MustParse("N+1")); !Equal(e, want) {
		t.Errorf("Substitute(M/K+N/K, K=N+1) = %s, want %s", e, want)
	}
	wantRat(t, "Substitute(M/K+N/K, K=N+1)", e, Binding{"M": 2, "N": 2}, big.NewRat(4, 3))
}

// Every shape of quotient prints as text that reads back as the same value.
func TestRegressExactDivBySumRoundTrip(t *testing.T) {
	M, N, K := MustParse("M"), MustParse("N"), MustParse("K")
	n1 := Add(N, Const(1))
	q := ExactDiv(M, n1)
	for _, tc := range []struct {
		what string
		e    Expr
		text string // the expected text, when given
	}{
		{"M/(N+1)", q, "M/min(N+1,N+1)"},
		{"3*M/(-2*N-2)", ExactDiv(Mul(Const(3), M), Mul(Const(-2), n1)), "-3*M/2/min(N+1,N+1)"},
		{"M/(N/K+1)", ExactDiv(M, Add(ExactDiv(N, K), Const(1))), "M-M*N/min(K+N,K+N)"},
		{"M*N/(N+1)", ExactDiv(Mul(M, N), n1), "M-M/min(N+1,N+1)"},
		{"M/(N/2+1/2)", ExactDiv(M, Add(ExactDiv(N, Const(2)), ExactDiv(Const(1), Const(2)))), "2*M/min(N+1,N+1)"},
		{"1/(M/(N+1))", ExactDiv(Const(1), q), "min(N+1,N+1)/M"},
		{"K/(M*N+M)", ExactDiv(K, Add(Mul(M, N), M)), "K/M/min(N+1,N+1)"},
		{"(N+1)/(M*N+M)", ExactDiv(n1, Add(Mul(M, N), M)), "1/M"},
		{"(N/M+1/M)/(N+1)", ExactDiv(ExactDiv(n1, M), n1), "1/M"},
		{"(M+K)/(N+1)", ExactDiv(Add(M, K), n1), "min(K+M,K+M)/min(N+1,N+1)"},
		{"M/(N+1)+N/(M+1)", Add(q, ExactDiv(N, Add(M, Const(1)))), "min(M*M+N*N+M+N,M*M+N*N+M+N)/min(M+1,M+1)/min(N+1,N+1)"},
		{"M/(N+1)+M/2", Add(q, ExactDiv(M, Const(2))), ""},
		{"M/(2*N)+M/(N+1)", Add(ExactDiv(M, Mul(Const(2), N)), q), "M/2/N+M/min(N+1,N+1)"},
		{"M/2+1/2", ExactDiv(Add(M, Const(1)), Const(2)), "min(M+1,M+1)/2"},
		{"N-M/2-1/2", Sub(N, ExactDiv(Add(M, Const(1)), Const(2))), "N-min(M+1,M+1)/2"},
		{"-M/2-1/2", ExactDiv(Add(M, Const(1)), Const(-2)), "-1*min(M+1,M+1)/2"},
		{"M/128+N/64", Add(ExactDiv(M, Const(128)), ExactDiv(N, Const(64))), "min(M+2*N,M+2*N)/128"},
		{"M*N/2-M*M/2", ExactDiv(Sub(Mul(M, N), Mul(M, M)), Const(2)), "min(M*N-M*M,M*N-M*M)/2"},
		{"(M+N)/K+M*N", Add(ExactDiv(Add(M, N), K), Mul(M, N)), "M*N+min(M+N,M+N)/K"},
		{"M/(N+1)/(M+1)", ExactDiv(q, Add(M, Const(1))), ""},
		{"M/(N+1)/(N+1)", ExactDiv(q, n1), ""},
		{"M/(N+1)%8", Mod(q, Const(8)), ""},
		{"floor_div(M/(N+1),2)", FloorDiv(q, Const(2)), ""},
		{"min(K,M/(N+1))", Min(K, q), ""},
		{"K/(M/(N+1)+1)", ExactDiv(K, Add(q, Const(1))), ""},
		{"M/(N%8+1)", ExactDiv(M, Add(Mod(N, Const(8)), Const(1))), ""},
		{"M/(N%8)", ExactDiv(M, Mod(N, Const(8))), ""},
		{"M/(N+1)*N%4", Mul(q, Mod(N, Const(4))), ""},
		{"M*N%(2*K)", Mod(Mul(M, N), Mul(Const(2), K)), ""},
		{"(M*N%2)*K", Mul(Mod(Mul(M, N), Const(2)), K), "M*N%2*K"},
		{"M%8*N%4", Mul(Mod(M, Const(8)), Mod(N, Const(4))), ""},
	} {
		if err := tc.e.Err(); err != nil {
			t.Errorf("%s: invalid: %v", tc.what, err)
			continue
		}
		text := tc.e.String()
		if tc.text != "" && text != tc.text {
			t.Errorf("%s prints as %s, want %s", tc.what, text, tc.text)
		}
		back, err := Parse(text)
		if err != nil {
			t.Errorf("%s prints as %s, which does not parse: %v", tc.what, text, err)
			continue
		}
		if !Equal(back, tc.e) {
			t.Errorf("%s prints as %s, which reads back as %s", tc.what, text, back)
		}
		for _, b := range []Binding{{"M": 6, "N": 2, "K": 5}, {"M": 3, "N": 1, "K": 2}, {"M": 24, "N": 11, "K": 7}} {
			x, err1 := EvalRat(tc.e, b)
			y, err2 := EvalRat(back, b)
			if (err1 == nil) != (err2 == nil) || (err1 == nil && x.Cmp(y) != 0) {
				t.Errorf("%s and its text %s differ at %v: %v %v / %v %v", tc.what, text, b, x, err1, y, err2)
			}
		}
	}
}

// The ShapeDiv error printed M*N%2*K==0 for 2*K | M*N, which reads back as
// (M*N%2)*K==0: its conditions now print through Cond.
func TestRegressShapeDivErrorText(t *testing.T) {
	for _, tc := range [][2]string{{"M*N", "2*K"}, {"M+N", "8"}, {"M", "N+1"}, {"8", "M*N"}} {
		a, b := MustParse(tc[0]), MustParse(tc[1])
		msg := (&ShapeDivError{Op: "shape_div", A: a, B: b}).Error()
		i, j := strings.Index(msg, "neither "), strings.Index(msg, " (Divisibility")
		if i < 0 || j < 0 {
			t.Fatalf("unexpected error text %q", msg)
		}
		parts := strings.Split(msg[i+len("neither "):j], " nor ")
		if len(parts) != 2 {
			t.Fatalf("unexpected error text %q", msg)
		}
		for k, want := range []Cond{Divisible(b, a), Divisible(a, b)} {
			cs, err := ParseConds(parts[k])
			if err != nil || len(cs) != 1 {
				t.Errorf("%s: condition %q does not parse: %v", msg, parts[k], err)
				continue
			}
			if !condEq(cs[0], want) {
				t.Errorf("%s: condition %q reads back as %s, want %s", msg, parts[k], cs[0], want)
			}
		}
	}
	// and the error of the operation itself
	c := NewCtx()
	p := c.ShapeDiv(MustParse("M*N"), MustParse("2*K"))
	if s := p.String(); strings.Contains(s, "M*N%2*K") {
		t.Errorf("ShapeDiv(M*N, 2*K) = %s: prints M*N%%2*K", s)
	}
}

// Decisions about a quotient by a sum answer for the bindings where it is
// an integer: no witness at a binding where M/(N+1) is a fraction.
func TestRegressExactDivBySumDecisions(t *testing.T) {
	q := ExactDiv(MustParse("M"), MustParse("N+1"))
	for _, other := range []string{"M", "1", "N", "2*M"} {
		o := MustParse(other)
		c := NewCtx().Compare(q, o)
		certs, err := c.Certificates()
		if err != nil {
			t.Fatalf("Compare(%s, %s): %v", q, o, err)
		}
		for _, cert := range certs {
			if cert.Universal {
				continue
			}
			for _, e := range []Expr{cert.Claim.A, cert.Claim.B} {
				if _, err := Eval(e, cert.Binding); err != nil {
					t.Errorf("Compare(%s, %s): witness %s at %v: %v", q, o, cert.Claim, cert.Binding, err)
				}
			}
		}
		for _, d := range []Decision{NewCtx().Divides(o, q), NewCtx().Equal(q, o)} {
			if d.Truth != False {
				continue
			}
			cert, err := d.Certificate()
			if err != nil {
				t.Fatalf("%s vs %s: False without a certificate: %v", q, o, err)
			}
			for _, e := range []Expr{cert.Claim.A, cert.Claim.B} {
				if _, err := Eval(e, cert.Binding); err != nil {
					t.Errorf("%s: refutation at %v: %v", cert.Claim, cert.Binding, err)
				}
			}
		}
	}
}

// A value over a sum and another divisor has one form whichever division
// comes first: (M/2 + 3/8)/(M+1)/min(M/2,N) built with the Go API and the
// same value read from its text (which divides by M+1 first) were two
// different canonical forms (found by TestSymValueTextReadsBack).
func TestRegressExactDivBySumOrder(t *testing.T) {
	m, _ := Symbol("M")
	n, _ := Symbol("N")
	over := Min(ExactDiv(m, Const(2)), n)
	num := Add(ExactDiv(m, Const(2)), ExactDiv(Const(3), Const(8)))
	a := ExactDiv(ExactDiv(num, over), Add(m, Const(1)))
	b := ExactDiv(ExactDiv(num, Add(m, Const(1))), over)
	if !Equal(a, b) {
		t.Fatalf("%s and %s: one value, two forms", a, b)
	}
	back, err := Parse(a.String())
	if err != nil || !Equal(back, a) {
		t.Fatalf("%s reads back as %v (%v)", a, back, err)
	}
}

// TestDivisibleOneTerm: a one-term remainder is written without its
// constant factor, and the condition holds exactly where a divides b.
func TestDivisibleOneTerm(t *testing.T) {
	for _, tc := range [][3]string{
		{"128", "8*M", "M%16==0"},
		{"_128", "M*_8", "M%16==0"},
		{"8", "2*M", "M%4==0"},
		{"8", "8*M+4", "4==0"},
		{"6", "4*M", "2*M%3==0"}, // (4*M)%6 is 2*((2*M)%3)
	} {
		a, b := MustParse(tc[0]), MustParse(tc[1])
		c := Divisible(a, b)
		if got := c.String(); got != tc[2] {
			t.Errorf("Divisible(%s, %s) = %s, want %s", tc[0], tc[1], got, tc[2])
		}
		for m := int64(1); m <= 64; m++ {
			bind := Binding{"M": m}
			holds, err := c.Holds(bind)
			av, err1 := Eval(a, bind)
			bv, err2 := Eval(b, bind)
			if err != nil || err1 != nil || err2 != nil {
				t.Fatalf("%s at M=%d: %v %v %v", c, m, err, err1, err2)
			}
			if want := bv%av == 0; holds != want {
				t.Errorf("%s at M=%d: %v, but %d divides %d is %v", c, m, holds, av, bv, want)
			}
		}
	}
}
