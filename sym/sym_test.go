package sym

import (
	"errors"
	"math"
	"math/big"
	"strings"
	"testing"

	"github.com/cutealg/cutealg/internal/notation"
)

func TestRatArithmeticNeverWraps(t *testing.T) {
	big1 := ratInt(math.MaxInt64)
	sq := big1.mul(big1)
	if sq.b == nil {
		t.Fatalf("MaxInt64^2 should be big, got %v", sq)
	}
	want := new(big.Rat).Mul(big.NewRat(math.MaxInt64, 1), big.NewRat(math.MaxInt64, 1))
	if sq.toBig().Cmp(want) != 0 {
		t.Fatalf("MaxInt64^2 = %v", sq)
	}
	back := sq.quo(big1)
	if back.b != nil || back.n != math.MaxInt64 || back.d != 1 {
		t.Fatalf("MaxInt64^2/MaxInt64 = %+v, want the small form", back)
	}
	if s := big1.add(ratOne); s.b == nil || s.toBig().Cmp(new(big.Rat).Add(big.NewRat(math.MaxInt64, 1), big.NewRat(1, 1))) != 0 {
		t.Fatalf("MaxInt64+1 = %v", s)
	}
	if m := ratInt(math.MinInt64); m.b == nil || m.neg().toBig().Cmp(new(big.Rat).Neg(big.NewRat(math.MinInt64, 1))) != 0 {
		t.Fatalf("-MinInt64 = %v", m.neg())
	}
	for _, c := range []struct {
		n, d        int64
		floor, ceil int64
	}{{7, 2, 3, 4}, {-7, 2, -4, -3}, {6, 3, 2, 2}, {-1, 3, -1, 0}} {
		x := ratInt(c.n).quo(ratInt(c.d))
		if f, _ := x.floor().int64(); f != c.floor {
			t.Errorf("floor(%d/%d) = %d", c.n, c.d, f)
		}
		if f, _ := x.ceil().int64(); f != c.ceil {
			t.Errorf("ceil(%d/%d) = %d", c.n, c.d, f)
		}
	}
	if ratInt(1).quo(ratInt(3)).cmp(ratInt(1).quo(ratInt(2))) >= 0 {
		t.Error("1/3 >= 1/2")
	}
}

func TestBigCoefficientsRoundTrip(t *testing.T) {
	m := MustParse("M")
	huge := Mul(Const(math.MaxInt64), Const(math.MaxInt64))
	for _, e := range []Expr{
		Mul(huge, m),
		Sub(Const(1), Mul(huge, m)),
		ExactDiv(m, huge),
		ExactDiv(Mul(Const(3), m), Mul(Const(1<<62), Const(1<<62))),
		Add(Mul(huge, Mul(m, m)), Neg(huge)),
	} {
		if e.Err() != nil {
			t.Fatalf("%v: %v", e, e.Err())
		}
		back, err := Parse(e.String())
		if err != nil {
			t.Fatalf("%s does not parse: %v", e, err)
		}
		if !Equal(e, back) {
			t.Fatalf("%s parses back as %s", e, back)
		}
	}
}

// Eval's errors, each with whether it is out of range (OutOfRange: an
// int64 overflow, or an intermediate value beyond the evaluator's bound)
// rather than a value the expression lacks (an inexact division, a
// division by zero, a missing symbol).
func TestEvalErrors(t *testing.T) {
	// M^512 (M squared 9 times) at M = 2^62 has 31,744 bits: beyond
	// maxEvalBits while it is computed
	power := MustParse("M")
	for range 9 {
		power = Mul(power, power)
	}
	cases := []struct {
		e          Expr
		b          Binding
		want       string // "" for a value
		val        int64
		outOfRange bool
	}{
		{MustParse("M*N/2"), Binding{"M": 3, "N": 5}, "inexact division", 0, false},
		{MustParse("M*N/2"), Binding{"M": 3, "N": 4}, "", 6, false},
		{MustParse("M*M*M*M"), Binding{"M": 1 << 20}, "overflows int64", 0, true},
		{power, Binding{"M": 1 << 62}, "intermediate value too large", 0, true},
		{MustParse("M*M*M*M-M*M*M*M/M*M"), Binding{"M": 1 << 20}, "", 0, false},
		{MustParse("M"), Binding{}, "symbol M has no value", 0, false},
		{MustParse("floor_div(M,N-K)"), Binding{"M": 1, "N": 2, "K": 2}, "division by zero", 0, false},
		{MustParse("floor_div(-7,2)"), nil, "", -4, false},
		{MustParse("ceil_div(-7,2)"), nil, "", -3, false},
		{MustParse("-7%3"), nil, "", 2, false},
		{MustParse("7%-3"), nil, "", -2, false},
	}
	for _, c := range cases {
		v, err := Eval(c.e, c.b)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("eval %s at %v: %v", c.e, c.b, err)
		case c.want == "" && v != c.val:
			t.Errorf("eval %s at %v = %d, want %d", c.e, c.b, v, c.val)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("eval %s at %v: error %v, want %q", c.e, c.b, err, c.want)
		case c.want != "" && OutOfRange(err) != c.outOfRange:
			t.Errorf("eval %s at %v: error %v, OutOfRange %v, want %v", c.e, c.b, err, OutOfRange(err), c.outOfRange)
		}
	}
}

func TestParseErrorsHavePositions(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"M/0", "1:1: division by zero"},
		{"M+floor_div(N,0)", "1:3: division by zero"},
		{"(M,N)", "1:1: a tuple where an integer expression is expected"},
		{"M:N", "1:1: a layout where an integer expression is expected"},
		{"M+", "1:3:"},
		{"(M+1)%8", "1:6:"},
	} {
		_, err := Parse(c.src)
		var se *notation.SyntaxError
		if err == nil || !errors.As(err, &se) || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("Parse(%q) = %v, want an error starting %q", c.src, err, c.want)
		}
	}
}

func TestInvalidValuesPropagate(t *testing.T) {
	z := ExactDiv(MustParse("M"), Const(0))
	if !errors.Is(z.Err(), ErrDivByZero) {
		t.Fatalf("M/0: %v", z.Err())
	}
	for _, e := range []Expr{Add(z, Const(1)), Mul(z, Const(0)), FloorDiv(Const(1), z), Min(z, Const(1)), Mod(Const(1), Const(0))} {
		if e.Err() == nil {
			t.Errorf("%s should be invalid", e)
		}
	}
	if Equal(z, z) {
		t.Error("an invalid value is equal to nothing")
	}
	if d := NewCtx().Divides(z, Const(1)); d.Truth != Unknown {
		t.Errorf("Divides on an invalid value = %s", d.Truth)
	}
	if got := z.String(); !strings.HasPrefix(got, "invalid(") {
		t.Errorf("invalid prints as %q", got)
	}
	// nil reads as 0
	if !Equal(Add(nil, Const(2)), Const(2)) {
		t.Error("nil is not 0")
	}
}

func TestSizeLimits(t *testing.T) {
	// (M+1)^k through substitution: powers of sums beyond maxPow are refused
	e := MustParse(strings.Repeat("M*", 100) + "M")
	r := Substitute(e, map[string]Expr{"M": MustParse("N+1")})
	if !errors.Is(r.Err(), ErrTooLarge) {
		t.Fatalf("(N+1)^101: %v", r.Err())
	}
	// a context whose substitution would blow up still answers
	ctx, err := NewCtx().With("M%8==3")
	if err != nil {
		t.Fatal(err)
	}
	if d := ctx.Divides(Const(2), e); d.Truth == True {
		t.Fatalf("2 | M^101 under M%%8==3: %s", d.Truth)
	}
}

func TestCtxEvalChecksAssumptions(t *testing.T) {
	ctx, err := Assume("M%8==0", "N>=M")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ctx.Eval(MustParse("M*N"), Binding{"M": 8, "N": 4}); err == nil || !strings.Contains(err.Error(), "N>=M") {
		t.Errorf("N<M accepted: %v", err)
	}
	if _, err := ctx.Eval(MustParse("M*N"), Binding{"M": 0, "N": 4}); err == nil || !strings.Contains(err.Error(), "positive") {
		t.Errorf("M=0 accepted: %v", err)
	}
	if v, err := ctx.Eval(MustParse("M*N"), Binding{"M": 8, "N": 9}); err != nil || v != 72 {
		t.Errorf("M*N at 8,9 = %d, %v", v, err)
	}
	if len(ctx.Conds()) != 2 || ctx.String() != "M%8==0&&N>=M" {
		t.Errorf("conds %v", ctx)
	}
}

func TestCtxIsImmutable(t *testing.T) {
	parent, _ := Assume("M%8==0")
	a, err := parent.With("M<16")
	if err != nil {
		t.Fatal(err)
	}
	b, err := parent.With("M>=16")
	if err != nil {
		t.Fatal(err)
	}
	m := MustParse("M")
	if got := a.Equal(m, Const(8)).Truth; got != True {
		t.Errorf("M==8 under M%%8==0&&M<16: %s", got)
	}
	if got := b.Compare(m, Const(16)).Possible; got != Same|Greater {
		t.Errorf("M vs 16 under M>=16: %s", got)
	}
	if got := parent.Compare(m, Const(16)).Possible; got != AnyOrder {
		t.Errorf("the parent changed: %s", got)
	}
}

func TestTuplesAndLayouts(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"(M,N):(_1,M)", "(M,N):(_1,M)"},
		{"((M0,M1),(N0,N1)):((_1,N1*M0*N0),(M0,M0*N0))", "((M0,M1),(N0,N1)):((_1,M0*N0*N1),(M0,M0*N0))"},
		{"(_4*_2,_4*2,_4*M):(1,_0,_-1)", "(_8,8,4*M):(1,_0,_-1)"},
		{"(8):(1)", "(8):(1)"},
	} {
		l, err := ParseLayout(c.src)
		if err != nil {
			t.Fatalf("%s: %v", c.src, err)
		}
		if got := l.String(); got != c.want {
			t.Errorf("%s prints as %s, want %s", c.src, got, c.want)
		}
		back, err := ParseLayout(l.String())
		if err != nil || back.String() != l.String() {
			t.Errorf("%s does not round-trip: %v %v", l, back, err)
		}
	}
	if _, err := ParseLayout("(M,N):(1)"); err == nil {
		t.Error("non-congruent layout accepted")
	}
	if _, err := ParseTuple("<M,N>"); err == nil {
		t.Error("a tiler accepted as a tuple")
	}
	l, _ := ParseLayout("(M,(N,_2)):(_1,(M,M*N))")
	ctx, _ := Assume("N%2==0")
	c, err := ctx.EvalLayout(l, Binding{"M": 3, "N": 4})
	if err != nil || c.String() != "(3,(4,_2)):(_1,(3,12))" {
		t.Errorf("eval: %v %v", c, err)
	}
	if _, err := ctx.EvalLayout(l, Binding{"M": 3, "N": 5}); err == nil {
		t.Error("a binding violating N%2==0 accepted")
	}
	// static arithmetic follows CuTe
	if got := S(0).Mul(Sym("M")); got.String() != "_0" || !got.Static {
		t.Errorf("_0*M = %v", got)
	}
	if got := S(4).Mul(S(2)); got.String() != "_8" {
		t.Errorf("_4*_2 = %v", got)
	}
	if got := S(4).Add(D(2)); got.String() != "6" || got.Static {
		t.Errorf("_4+2 = %v", got)
	}
}

func TestMergeAndCap(t *testing.T) {
	ctx := NewCtx()
	// a chain of undecided mins grows until the cap
	syms := []string{"A", "B", "C", "D", "E", "F", "G", "H"}
	p := Plain[Expr](MustParse("A"))
	var err error
	for _, s := range syms[1:] {
		x := MustParse(s)
		p, err = Then(ctx, p, func(c *Ctx, v Expr) (Piecewise[Expr], error) { return c.Min(v, x), nil })
		if err != nil {
			break
		}
	}
	var ne *NeedsError
	if !errors.As(err, &ne) || len(ne.Needs) == 0 {
		t.Fatalf("want a NeedsError beyond %d branches, got %v (%d branches)", MaxBranches, err, len(p.Branches))
	}
	// merging: x<y and x==y with equal values join into x<=y
	a, b := MustParse("M"), MustParse("N")
	q := Merge(Piecewise[Expr]{Branches: []Branch[Expr]{
		{Guard: []Cond{{Rel: LT, X: a, Y: b}}, Value: a},
		{Guard: []Cond{{Rel: EQ, X: a, Y: b}}, Value: a},
		{Guard: []Cond{{Rel: GT, X: a, Y: b}}, Value: b},
	}}, exprEq)
	if q.String() != "when M<=N: M; when M>N: N" {
		t.Errorf("merge: %s", q)
	}
	q = Merge(Piecewise[Expr]{Branches: []Branch[Expr]{
		{Guard: []Cond{{Rel: LE, X: a, Y: b}}, Value: a},
		{Guard: []Cond{{Rel: GT, X: a, Y: b}}, Value: a},
	}}, exprEq)
	if v, ok := q.Plain(); !ok || !Equal(v, a) {
		t.Errorf("merge of complementary guards: %s", q)
	}
}

func TestCertificatesFailClosed(t *testing.T) {
	ctx, _ := Assume("M%8==0")
	d := ctx.Divides(Const(8), MustParse("M"))
	cert, err := d.Certificate()
	if err != nil {
		t.Fatal(err)
	}
	// tamper with each part in turn: every change must be refused
	bad := *cert
	bad.Quotient = Add(cert.Quotient, Const(1))
	if Verify(&bad) == nil {
		t.Error("a wrong quotient verifies")
	}
	bad = *cert
	bad.Steps = append([]Step(nil), cert.Steps...)
	bad.Steps[0].Mod = 16
	if Verify(&bad) == nil {
		t.Error("a wrong congruence step verifies")
	}
	bad = *cert
	bad.Steps = nil
	if Verify(&bad) == nil {
		t.Error("a proof without its steps verifies")
	}
	bad = *cert
	bad.Assumptions = nil
	if Verify(&bad) == nil {
		t.Error("a proof without its assumptions verifies")
	}
	bad = *cert
	bad.Claim.A = Const(16)
	if Verify(&bad) == nil {
		t.Error("a proof of another claim verifies")
	}
	w := &Certificate{Claim: Claim{ClaimNotDivides, Const(8), MustParse("M")}, Assumptions: cert.Assumptions, Binding: Binding{"M": 12}}
	if Verify(w) == nil {
		t.Error("a witness violating the assumptions verifies")
	}
	w.Binding = Binding{"M": 16}
	if Verify(w) == nil {
		t.Error("a witness where the claim fails verifies")
	}
	c := ctx.Compare(Const(8), MustParse("M"))
	certs, err := c.Certificates()
	if err != nil {
		t.Fatal(err)
	}
	for _, cert := range certs {
		if !cert.Universal {
			continue
		}
		bad := *cert
		bad.Claim.Op = ClaimLt // 8 < M does not follow (M may be 8)
		if Verify(&bad) == nil {
			t.Errorf("%s verifies as strict", cert)
		}
	}
}

func TestNeverPanicsOnText(t *testing.T) {
	inputs := []string{"", "_", "(", ")", "M%", "%M", "floor_div(", "floor_div(M)", "min(M,N,K)", "M//N",
		"M%0", "0%0", "floor_div(0,0)", "ceil_div(M,M-M)", "M/(N)", "99999999999999999999", "_-9223372036854775808",
		"-9223372036854775808*-1", "M" + strings.Repeat("*M", 5000), strings.Repeat("floor_div(", 200) + "M" + strings.Repeat(",2)", 200)}
	for _, s := range inputs {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("Parse(%.40q) panics: %v", s, r)
				}
			}()
			e, err := Parse(s)
			if err == nil {
				_ = e.String()
				_ = NewCtx().Compare(e, Const(1))
			}
			_, _ = NewCtx().With(s + "==0")
			_, _ = NewCtx().With(s)
		}()
	}
}
