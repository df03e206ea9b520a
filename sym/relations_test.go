package sym

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand"
	"slices"
	"testing"
)

// The relations of an atom x%d, floor_div(x,d), ceil_div(x,d) to its
// argument (issue 11 item 3, review findings 8 and 18): decided for
// symbolic divisors (L*L, M, min(M,N)), arguments that are atoms
// themselves, with and without assumptions; every decision's certificates
// verify, also after the JSON round trip.

// relCase is one condition and its truth under ctx.
type relCase struct {
	ctx, cond string
	want      Truth
}

var relCases = []relCase{
	// d*ceil_div(x,d) in [x, x+d-1], d*floor_div(x,d) in [x-d+1, x]
	{"", "L*L*ceil_div(M,L*L)>=M", True},
	{"M%128==0", "L*L*ceil_div(M,L*L)>=M", True},
	{"", "4*ceil_div(min(M,N),4)>=min(M,N)", True},
	{"M%128==0 && N%64==0", "4*ceil_div(min(M,N),4)>=min(M,N)", True},
	{"", "min(M,N)*ceil_div(K,min(M,N))>=K", True},
	{"", "M*ceil_div(N,M)<=N+M-1", True},
	{"", "M*floor_div(N,M)<=N", True},
	{"", "M*floor_div(N,M)>=N-M+1", True},
	{"", "L*L*floor_div(M,L*L)<=M", True},
	{"", "N%M<=M-1", True},
	{"", "N%min(M,K)<=min(M,K)-1", True},
	{"", "ceil_div(K,min(M,N))>=1", True},
	// the identity x == d*floor_div(x,d) + x%d
	{"", "N==M*floor_div(N,M)+N%M", True},
	// ceil_div(a,b) == 1 for 0 < a <= b, floor_div(a,b) == 0 for 0 <= a < b
	{"M<=N", "ceil_div(M,N)==1", True},
	{"M<N", "floor_div(M,N)==0", True},
	{"", "ceil_div(M,M+N)==1", True},
	{"", "floor_div(M,M+N)==0", True},
	{"K<=L*L", "ceil_div(K,L*L)==1", True},
	// monotonicity
	{"M<=N", "floor_div(M,K)<=floor_div(N,K)", True},
	{"M<=N", "ceil_div(M,K*K)<=ceil_div(N,K*K)", True},
	// a rounding that needs the content out: 2*floor_div(M,2) >= 2
	{"M>=2 && M%2!=0", "M+2*floor_div(M,2)>=M+2", True},
	// a kept != fact on a remainder gives it >= 1
	{"M>=4 && M%4!=0", "4*floor_div(M,4)<M", True},
	// a divisibility whose remainder a kept fact pins to 0
	{"M%128==0 && M-L*L*floor_div(M,L*L)==0", "M%min(L*L,L*L)==0", True},
	// and what does not hold
	{"", "L*L*ceil_div(M,L*L)>M", False},
	{"", "ceil_div(M,N)==1", False},
	{"M<=N", "floor_div(M,N)==0", False},
	{"", "M*floor_div(N,M)==N", False},
	{"M<=N", "floor_div(M,K)<floor_div(N,K)", False},
}

func TestDivModRelations(t *testing.T) {
	for _, tc := range append(slices.Clip(relCases), atomBoundCases...) {
		ctx := mustCtx(t, tc.ctx)
		d, err := ctx.DecideText(tc.cond)
		if err != nil {
			t.Fatalf("%s: %v", tc.cond, err)
		}
		what := fmt.Sprintf("%s | %s", tc.cond, tc.ctx)
		if d.Truth != tc.want {
			t.Errorf("%s: got %s, want %s", what, d.Truth, tc.want)
			continue
		}
		certs, err := d.Certificates()
		if err != nil {
			t.Errorf("%s: %v", what, err)
			continue
		}
		for _, c := range certs {
			checkRoundTrip(t, what, c)
		}
	}
}

// checkRoundTrip verifies c, and c read back from its stored form.
func checkRoundTrip(t *testing.T, what string, c *Certificate) {
	t.Helper()
	if err := Verify(c); err != nil {
		t.Errorf("%s: %v: %s", what, err, c)
		return
	}
	b, err := json.Marshal(c)
	if err != nil {
		t.Errorf("%s: marshal: %v", what, err)
		return
	}
	back, err := ParseCertificate(b)
	if err != nil {
		t.Errorf("%s: read back: %v", what, err)
		return
	}
	if err := Verify(back); err != nil {
		t.Errorf("%s: read back: %v\n%s", what, err, b)
	}
}

// The relations refute assumptions: a guard and its negation, a bound
// below the definition of an atom.
func TestDivModInconsistent(t *testing.T) {
	for _, src := range []string{
		"M%128==0 && M-L*L*floor_div(M,L*L)==0 && M-L*L*floor_div(M,L*L)!=0",
		"L*L*ceil_div(M,L*L)<M",
		"4*ceil_div(min(M,N),4)<min(M,N)",
		"ceil_div(M,N)>=2 && M<=N",
		"floor_div(M,N)>=1 && M<N",
		"M<=N && floor_div(M,K)>floor_div(N,K)",
	} {
		_, err := NewCtx().With(src)
		var inc *InconsistentError
		if !errors.As(err, &inc) {
			t.Errorf("%s: got %v, want inconsistent assumptions", src, err)
		}
	}
	// and what is consistent stays so
	for _, src := range []string{"L*L*ceil_div(M,L*L)>M", "floor_div(M,N)>=1 && M<=2*N", "M%4!=0 && 4*floor_div(M,4)>=4"} {
		if _, err := NewCtx().With(src); err != nil {
			t.Errorf("%s: %v", src, err)
		}
	}
}

// The certificate forms of the relations fail closed: a rounding divisor
// that is not an integer >= 1, a remainder part about another remainder.
func TestDivModCertificatesFailClosed(t *testing.T) {
	ctx := mustCtx(t, "M<=N")
	d, err := ctx.DecideText("ceil_div(M,N)<=1")
	if err != nil || d.Truth != True {
		t.Fatalf("ceil_div(M,N)<=1 | M<=N: %v %v", d.Truth, err)
	}
	certs, err := d.Certificates()
	if err != nil {
		t.Fatal(err)
	}
	var rounded *Certificate
	for _, c := range certs {
		if c.Round != nil {
			rounded = c
		}
	}
	if rounded == nil {
		t.Fatalf("no rounded proof among %v", certs)
	}
	for _, r := range []string{"0", "M-N", "M/2", "3"} {
		bad := *rounded
		bad.Round = MustParse(r)
		if Verify(&bad) == nil {
			t.Errorf("a proof rounded by %s verifies: %s", r, &bad)
		}
	}

	ctx = mustCtx(t, "M%128==0 && M-L*L*floor_div(M,L*L)==0")
	dv := ctx.Divides(MustParse("L*L"), MustParse("M"))
	cert, err := dv.Certificate()
	if err != nil || len(cert.Parts) != 1 {
		t.Fatalf("L*L | M: %v %v", cert, err)
	}
	checkRoundTrip(t, "L*L | M", cert)
	bad := *cert
	bad.Claim = Claim{ClaimDivides, MustParse("L"), MustParse("M")}
	if Verify(&bad) == nil {
		t.Errorf("a remainder part proves another divisibility: %s", &bad)
	}
}

// A brute-force check of the decisions on pairs related through an atom
// with a symbolic divisor (d*ceil_div(x,d) against x, x%d against d-1,
// floor_div(x,d) against floor_div(y,d), ...), under a few contexts: a
// True answer must hold at every binding of a box that
// satisfies the assumptions, and every certificate verify (a False
// answer's witness binding, which Verify evaluates, may lie beyond the
// box).
func TestDivModRelationsBruteForce(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	divisors := []string{"4", "M", "K*K", "min(M,N)", "N+1", "ceil_div(M,2)"}
	args := []string{"N", "M*N", "min(M,N)", "K+N", "floor_div(N,3)", "3", "N-1"}
	ctxs := []string{"", "M<=N", "M%4==0", "N%M==0", "K<=3", "M%2!=0 && M>=3"}
	tmpl := [][2]string{
		{"D*ceil_div(X,D)", "X"}, {"D*floor_div(X,D)", "X"}, {"X%D", "D-1"}, {"X%D", "0"},
		{"ceil_div(X,D)", "1"}, {"floor_div(X,D)", "0"}, {"floor_div(X,D)", "floor_div(Y,D)"},
		{"ceil_div(X,D)", "ceil_div(Y,D)"}, {"D*floor_div(X,D)+X%D", "X"}, {"D*ceil_div(X,D)", "X+D-1"},
	}
	sub := func(s, x, y, d string) string {
		out := ""
		for _, r := range s {
			switch r {
			case 'X':
				out += "min(" + x + "," + x + ")"
			case 'Y':
				out += "min(" + y + "," + y + ")"
			case 'D':
				out += "min(" + d + "," + d + ")"
			default:
				out += string(r)
			}
		}
		return out
	}
	for i := 0; i < 150; i++ {
		src := ctxs[rng.Intn(len(ctxs))]
		ctx := mustCtx(t, src)
		tp := tmpl[rng.Intn(len(tmpl))]
		x, y, d := args[rng.Intn(len(args))], args[rng.Intn(len(args))], divisors[rng.Intn(len(divisors))]
		a, err1 := Parse(sub(tp[0], x, y, d))
		b, err2 := Parse(sub(tp[1], x, y, d))
		if err1 != nil || err2 != nil {
			t.Fatalf("%v %v", err1, err2)
		}
		for _, rel := range []Rel{LE, GE, EQ, LT} {
			cond := MakeCond(a, rel, b)
			dec := ctx.Decide(cond)
			what := fmt.Sprintf("%s | %s", cond, src)
			if dec.Truth == Unknown {
				continue
			}
			certs, err := dec.Certificates()
			if err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			for _, c := range certs {
				if err := Verify(c); err != nil {
					t.Fatalf("%s: %v: %s", what, err, c)
				}
			}
			holdsAll := true
			for m := int64(1); m <= 9; m++ {
				for n := int64(1); n <= 9; n++ {
					for k := int64(1); k <= 4; k++ {
						bd := Binding{"M": m, "N": n, "K": k}
						if ctx.Satisfies(bd) != nil {
							continue
						}
						h, err := cond.Holds(bd)
						if err != nil {
							continue // an operand not defined there
						}
						holdsAll = holdsAll && h
					}
				}
			}
			if dec.Truth == True && !holdsAll {
				t.Fatalf("%s: True, but it fails at a binding of the box", what)
			}
		}
	}
}
