package sym

import (
	"errors"
	"fmt"
	"math/big"
	"math/rand"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// Tests of the polynomial arithmetic's limits and of the paths that restore
// the canonical form, each against an independent reference: the limits as
// documented (MaxTerms, maxExp, maxPow, mulPoly's work bound, maxEvalBits),
// values against Go integer arithmetic and big.Rat, the canonical form
// against Equal's contract (one polynomial, one form).

// symSum returns the sum of the n symbols prefix000, prefix001, ...
func symSum(prefix string, n int) *poly {
	s := zeroPoly
	for i := 0; i < n; i++ {
		s = addPoly(s, varPoly(symVar(fmt.Sprintf("%s%03d", prefix, i))))
	}
	return s
}

// powerSum returns 1 + M + M^2 + ... + M^(n-1).
func powerSum(m *poly, n int) *poly {
	s := zeroPoly
	for i := 0; i < n; i++ {
		s = addPoly(s, powPoly(m, i))
	}
	return s
}

func wantTooLarge(t *testing.T, what string, p *poly) {
	t.Helper()
	if !errors.Is(p.err, ErrTooLarge) {
		t.Errorf("%s: err %v, want ErrTooLarge", what, p.err)
	}
}

func wantTerms(t *testing.T, what string, p *poly, n int) {
	t.Helper()
	if p.err != nil || len(p.t) != n {
		t.Errorf("%s: %d terms (err %v), want %d", what, len(p.t), p.err, n)
	}
}

func TestMutInvalidNil(t *testing.T) {
	if Invalid(nil).Err() == nil {
		t.Errorf("Invalid(nil) is valid")
	}
	e := errors.New("mine")
	if err := Invalid(e).Err(); !errors.Is(err, e) {
		t.Errorf("Invalid(e).Err() = %v, want e", err)
	}
}

// Exponents reach ±maxExp and no further, by a product or by a power.
func TestMutExponentLimit(t *testing.T) {
	m := varPoly(symVar("M"))
	for _, c := range []struct {
		what string
		p    *poly
		e    int32
	}{
		{"M^(2^19)*M^(2^19)", mulPoly(powPoly(m, maxExp/2), powPoly(m, maxExp/2)), maxExp},
		{"M^-(2^19)*M^-(2^19)", mulPoly(powPoly(m, -maxExp/2), powPoly(m, -maxExp/2)), -maxExp},
		{"M^maxExp", powPoly(m, maxExp), maxExp},
		{"M^-maxExp", powPoly(m, -maxExp), -maxExp},
		{"(M^2)^(2^19)", powPoly(powPoly(m, 2), maxExp/2), maxExp},
	} {
		if c.p.err != nil || len(c.p.t) != 1 || len(c.p.t[0].m) != 1 || c.p.t[0].m[0].e != c.e {
			t.Errorf("%s = %v (err %v), want M^%d", c.what, c.p, c.p.err, c.e)
		}
	}
	wantTooLarge(t, "M^maxExp*M", mulPoly(powPoly(m, maxExp), m))
	wantTooLarge(t, "M^-maxExp/M", mulPoly(powPoly(m, -maxExp), powPoly(m, -1)))
	wantTooLarge(t, "M^(maxExp+1)", powPoly(m, maxExp+1))
	wantTooLarge(t, "M^-(maxExp+1)", powPoly(m, -maxExp-1))
}

// A sum is raised to at most the power maxPow: (M+1)^64 has the binomial
// coefficients, (M+1)^65 is too large.
func TestMutPowerOfSumLimit(t *testing.T) {
	m := varPoly(symVar("M"))
	s := addPoly(m, constPoly(ratOne))
	p := powPoly(s, maxPow)
	wantTerms(t, "(M+1)^64", p, maxPow+1)
	for x := int64(1); x <= 3; x++ {
		want := new(big.Int).Exp(big.NewInt(x+1), big.NewInt(maxPow), nil)
		wantRat(t, "(M+1)^64", p, Binding{"M": x}, new(big.Rat).SetInt(want))
	}
	wantTooLarge(t, "(M+1)^65", powPoly(s, maxPow+1))
}

// A polynomial has at most MaxTerms terms, built by a product (normalize)
// or by a sum (addSigned).
func TestMutMaxTerms(t *testing.T) {
	a, b := symSum("A", 128), symSum("B", 128) // 128*128 == MaxTerms
	p := mulPoly(a, b)
	wantTerms(t, "A*B", p, MaxTerms)
	wantTooLarge(t, "(A+C)*B", mulPoly(addPoly(a, varPoly(symVar("C"))), b))
	one := mulPoly(varPoly(symVar("A000")), varPoly(symVar("B000")))
	q := subPoly(p, one)
	wantTerms(t, "A*B-A000*B000", q, MaxTerms-1)
	c := varPoly(symVar("C"))
	wantTerms(t, "A*B-A000*B000+C", addPoly(q, c), MaxTerms)
	wantTooLarge(t, "A*B+C", addPoly(p, c))
	wantTooLarge(t, "C+A*B", addPoly(c, p))
}

// mulPoly's work bound: at most 4*MaxTerms products of terms, even where
// they merge into few terms.
func TestMutProductWorkBound(t *testing.T) {
	m := varPoly(symVar("M"))
	s256 := powerSum(m, 256) // 256*256 == 4*MaxTerms products
	p := mulPoly(s256, s256)
	wantTerms(t, "(1+...+M^255)^2", p, 511)
	v := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1))
	wantRat(t, "(1+...+M^255)^2", p, Binding{"M": 2}, new(big.Rat).SetInt(new(big.Int).Mul(v, v)))
	s257 := powerSum(m, 257)
	wantTooLarge(t, "(1+...+M^256)^2", mulPoly(s257, s257))
}

// Products of mod atoms and divisions by them (fixMods) evaluate as the
// integer reference does, and a monomial with one mod atom keeps its form
// beside one that is expanded.
func TestMutModProducts(t *testing.T) {
	m, n := MustParse("M"), MustParse("N")
	m4, n3 := Mod(m, Const(4)), Mod(n, Const(3))
	prod := Mul(m4, n3)
	cases := []struct {
		what string
		e    Expr
		ref  func(m, n int64) *big.Rat
	}{
		{"(M%4)*(N%3) + M%4 + N", Sum(prod, m4, n), func(m, n int64) *big.Rat {
			return big.NewRat(modRef(m, 4)*modRef(n, 3)+modRef(m, 4)+n, 1)
		}},
		{"N + (M%4)*(M%4)*(N%3)", Add(n, Mul(prod, m4)), func(m, n int64) *big.Rat {
			return big.NewRat(n+modRef(m, 4)*modRef(m, 4)*modRef(n, 3), 1)
		}},
		{"M/(N%3) + (M%4)*(N%3)", Add(ExactDiv(m, n3), prod), func(m, n int64) *big.Rat {
			return new(big.Rat).Add(big.NewRat(m, modRef(n, 3)), big.NewRat(modRef(m, 4)*modRef(n, 3), 1))
		}},
		{"M*(N%3)/(M%4)^2", ExactDiv(Mul(m, n3), Mul(m4, m4)), func(m, n int64) *big.Rat {
			return big.NewRat(m*modRef(n, 3), modRef(m, 4)*modRef(m, 4))
		}},
	}
	for _, c := range cases {
		if err := c.e.Err(); err != nil {
			t.Errorf("%s: %v", c.what, err)
			continue
		}
		for mv := int64(1); mv <= 9; mv++ {
			for nv := int64(1); nv <= 7; nv++ {
				if modRef(mv, 4) == 0 || modRef(nv, 3) == 0 {
					continue // a division by zero in some cases
				}
				wantRat(t, c.what, c.e, Binding{"M": mv, "N": nv}, c.ref(mv, nv))
			}
		}
	}
	if got, want := Sub(Sum(prod, m4, n), prod), Add(m4, n); !Equal(got, want) {
		t.Errorf("(M%%4)*(N%%3) + M%%4 + N - (M%%4)*(N%%3) = %s, want the form of %s", got, want)
	}
}

// A product by a sum whose constant term comes first (a term of negative
// degree follows it) is the whole product, not a scaling.
func TestMutProductConstantFirst(t *testing.T) {
	m, n := MustParse("M"), MustParse("N")
	s := Add(Const(1), ExactDiv(Const(1), m)) // 1 + 1/M
	for _, e := range []Expr{Mul(n, s), Mul(s, n)} {
		for mv := int64(1); mv <= 4; mv++ {
			for nv := int64(1); nv <= 4; nv++ {
				wantRat(t, "N*(1+1/M)", e, Binding{"M": mv, "N": nv}, big.NewRat(nv*(mv+1), mv))
			}
		}
	}
}

// Evaluation holds values of up to maxEvalBits bits, numerator and
// denominator, and no more: 2^16383 has 16384 bits, 2^16384 one more.
func TestMutEvalBits(t *testing.T) {
	m := varPoly(symVar("M"))
	b := Binding{"M": 2}
	top := new(big.Int).Lsh(big.NewInt(1), maxEvalBits-1)
	wantRat(t, "M^16383", powPoly(m, maxEvalBits-1), b, new(big.Rat).SetInt(top))
	wantRat(t, "M^-16383", powPoly(m, -(maxEvalBits-1)), b, new(big.Rat).SetFrac(big.NewInt(1), top))
	for _, e := range []int{maxEvalBits, -maxEvalBits} {
		if v, err := EvalRat(powPoly(m, e), b); err == nil {
			t.Errorf("M^%d at M=2 = %s, want an error (over %d bits)", e, v.RatString(), maxEvalBits)
		}
	}
}

// iroot is floor(n^(1/k)): r^k <= n < (r+1)^k.
func TestMutIroot(t *testing.T) {
	rng := rand.New(rand.NewSource(14))
	var ns []*big.Int
	for bits := 1; bits <= 200; bits += 7 {
		ns = append(ns, new(big.Int).Rand(rng, new(big.Int).Lsh(big.NewInt(1), uint(bits))))
		all := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(bits)), big.NewInt(1))
		ns = append(ns, all, new(big.Int).Add(all, big.NewInt(2)))
	}
	for _, n := range ns {
		if n.Sign() == 0 {
			continue
		}
		for k := uint(2); k <= 4; k++ {
			r := iroot(n, k)
			kk := big.NewInt(int64(k))
			lo := new(big.Int).Exp(r, kk, nil)
			hi := new(big.Int).Exp(new(big.Int).Add(r, big.NewInt(1)), kk, nil)
			if lo.Cmp(n) > 0 || hi.Cmp(n) <= 0 {
				t.Errorf("iroot(%s, %d) = %s", n, k, r)
			}
		}
	}
}

// Coefficients and denominators around the shared small integers print
// and read back.
func TestMutPrintSmallCoefficients(t *testing.T) {
	m := MustParse("M")
	for v := int64(-3); v <= 70; v++ {
		for _, e := range []Expr{Mul(Const(v), m), ExactDiv(m, Const(v))} {
			if e.Err() != nil {
				continue // M/0
			}
			back, err := Parse(e.String())
			if err != nil || !Equal(back, e) {
				t.Errorf("v=%d: %s reads back as %v (%v)", v, e, back, err)
			}
		}
	}
}

// The decision memo keeps its answers, and at most maxDecisionMemo.
func TestMutDecisionMemo(t *testing.T) {
	if fastOff || factFastOff {
		t.Skip("the memo is off")
	}
	c := NewCtx()
	c.memoize([]byte("a"), 1)
	c.memoize([]byte("b"), 2)
	for k, want := range map[string]uint8{"a": 1, "b": 2} {
		if v, ok := c.memoized([]byte(k)); !ok || v != want {
			t.Errorf("memoized(%q) = %d, %v; want %d", k, v, ok, want)
		}
	}
	for i := 0; i <= 2*maxDecisionMemo; i++ {
		c.memoize([]byte(fmt.Sprint(i)), 3)
		if n := len(c.dm.Load().m); n > maxDecisionMemo {
			t.Fatalf("after %d answers the memo holds %d", i+3, n)
		}
	}
}

// A product that leaves one term with two mod atoms and another with one
// expands the first only: the second keeps its form (Equal's contract).
func TestMutModKeepsSingle(t *testing.T) {
	m4 := Mod(MustParse("M"), Const(4))
	sq := Mul(m4, m4)
	p := Mul(Add(m4, Const(1)), m4) // (M%4)^2 + M%4
	if got := Sub(p, sq); !Equal(got, m4) {
		t.Errorf("(M%%4+1)*(M%%4) - (M%%4)^2 = %s, want the form of %s", got, m4)
	}
	for mv := int64(1); mv <= 9; mv++ {
		r := modRef(mv, 4)
		wantRat(t, "(M%4+1)*(M%4)", p, Binding{"M": mv}, big.NewRat((r+1)*r, 1))
	}
}

// A term divided by a mod atom (a negative exponent, as a substitution may
// leave before its normal form) is restored to one division.
func TestMutModDivisor(t *testing.T) {
	m := symVar("M")
	m4 := pl(Mod(MustParse("M"), Const(4))).t[0].m[0].v
	n3 := pl(Mod(MustParse("N"), Const(3))).t[0].m[0].v
	mono1, _ := monoMul(mono{{m, 1}}, mono{{m4, -1}})
	mono2, _ := monoMul(mono{{m4, 1}}, mono{{n3, -2}})
	p := normalize([]term{{ratOne, mono1}, {ratInt(3), mono2}, {ratInt(2), mono{{m, 1}}}})
	if p.err != nil {
		t.Fatal(p.err)
	}
	for mv := int64(1); mv <= 9; mv++ {
		for nv := int64(1); nv <= 5; nv++ {
			if modRef(mv, 4) == 0 || modRef(nv, 3) == 0 {
				continue
			}
			want := new(big.Rat).Add(big.NewRat(mv, modRef(mv, 4)), big.NewRat(3*modRef(mv, 4), modRef(nv, 3)*modRef(nv, 3)))
			wantRat(t, "M/(M%4) + 3*(M%4)/(N%3)^2 + 2*M", p, Binding{"M": mv, "N": nv}, want.Add(want, big.NewRat(2*mv, 1)))
		}
	}
}

// Sums over a group atom (a division by a sum) take the reduced form,
// that of the value written without the division: (M/(N+1))*(N+1) is M.
func TestMutGroupSums(t *testing.T) {
	m, n, k := MustParse("M"), MustParse("N"), MustParse("K")
	n1, k1 := Add(n, Const(1)), Add(k, Const(1))
	n1sq := Mul(n1, n1)
	for _, c := range []struct {
		what    string
		e, want Expr
	}{
		{"(M/(N+1))*(N+1)", Mul(ExactDiv(m, n1), n1), m},
		{"M*N/(N+1) + M/(N+1)", Add(ExactDiv(Mul(m, n), n1), ExactDiv(m, n1)), m},
		{"M/(N+1) + M*N/(N+1)", Add(ExactDiv(m, n1), ExactDiv(Mul(m, n), n1)), m},
		{"(M*N+M)/(N+1)", ExactDiv(Add(Mul(m, n), m), n1), m},
		{"(M/(N+1)^2)*(N+1)^2", Mul(ExactDiv(m, n1sq), n1sq), m},
		{"(M/(N+1)/(K+1))*(N+1)*(K+1)", Mul(Mul(ExactDiv(ExactDiv(m, n1), k1), n1), k1), m},
		{"(M/(N+1) + M/(K+1))*(N+1)*(K+1)", Mul(Mul(Add(ExactDiv(m, n1), ExactDiv(m, k1)), n1), k1), Add(Mul(m, k1), Mul(m, n1))},
		{"(M/(N+1) + M/(K+1))*((N+1)*(K+1))", Mul(Add(ExactDiv(m, n1), ExactDiv(m, k1)), Mul(n1, k1)), Add(Mul(m, k1), Mul(m, n1))},
		{"(M/(N+1) + N/(K+1))*((N+1)*(K+1))", Mul(Add(ExactDiv(m, n1), ExactDiv(n, k1)), Mul(n1, k1)), Add(Mul(m, k1), Mul(n, n1))},
		{"(M/(N+1)^2 + 1/(K+1))*(N+1)^2*(K+1)", Mul(Mul(Add(ExactDiv(m, n1sq), ExactDiv(Const(1), k1)), n1sq), k1), Add(Mul(m, k1), n1sq)},
	} {
		if !Equal(c.e, c.want) {
			t.Errorf("%s = %s, want the form of %s", c.what, c.e, c.want)
		}
	}
}

// constPoly(c) is the constant c: the shared small integers, fractions
// and values beyond int64.
func TestMutConstPoly(t *testing.T) {
	cs := []rat{ratFromBig(new(big.Rat).SetFrac(new(big.Int).Lsh(big.NewInt(1), 70), big.NewInt(3)))}
	for v := int64(-3); v <= 66; v++ {
		cs = append(cs, ratInt(v), ratFromBig(big.NewRat(v, 7)))
	}
	for _, c := range cs {
		p := constPoly(c)
		if got, ok := p.constant(); !ok || !got.eq(c) {
			t.Errorf("constPoly(%s) = %s", c.toBig().RatString(), p)
		}
	}
}

// Integral is false for an atom over non-integer arguments: min(M/2, N)
// is 1/2 at M = N = 1.
func TestMutIntegralAtoms(t *testing.T) {
	m, n := MustParse("M"), MustParse("N")
	half := ExactDiv(m, Const(2))
	for _, c := range []struct {
		what string
		e    Expr
		want bool
	}{
		{"min(M/2,N)", Min(half, n), false},
		{"max(M/2,N)", Max(half, n), false},
		{"N*min(M/2,N)", Mul(n, Min(half, n)), false},
		{"min(M,N)", Min(m, n), true},
		{"floor_div(M,2)", FloorDiv(m, Const(2)), true},
	} {
		if got := Integral(c.e); got != c.want {
			t.Errorf("Integral(%s) = %v, want %v", c.what, got, c.want)
		}
	}
}

// A product that holds both a mod atom and a division by a sum takes the
// reduced form of the division too: (M%4 + M/(N+1))*(N+1) is
// (M%4)*(N+1) + M.
func TestMutModAndGroupProduct(t *testing.T) {
	m, n := MustParse("M"), MustParse("N")
	m4, n1 := Mod(m, Const(4)), Add(n, Const(1))
	got := Mul(Add(m4, ExactDiv(m, n1)), n1)
	if want := Add(Mul(m4, n1), m); !Equal(got, want) {
		t.Errorf("(M%%4 + M/(N+1))*(N+1) = %s, want the form of %s", got, want)
	}
}

// A coefficient whose prime factors are all below 2^16 prints as a
// product of int64 literals (the package's printing contract) and reads
// back.
func TestMutPrintSmoothBig(t *testing.T) {
	m := MustParse("M")
	for _, s := range []string{"3*2^124", "5^60", "2^70*3^40*7^9"} {
		c := big.NewInt(1)
		for _, f := range strings.Split(s, "*") {
			b, e, _ := strings.Cut(f, "^")
			bv, _ := strconv.ParseInt(b, 10, 64)
			ev := int64(1)
			if e != "" {
				ev, _ = strconv.ParseInt(e, 10, 64)
			}
			c.Mul(c, new(big.Int).Exp(big.NewInt(bv), big.NewInt(ev), nil))
		}
		e := mulPoly(constPoly(ratFromBig(new(big.Rat).SetInt(c))), pl(m))
		text := e.String()
		for _, lit := range regexp.MustCompile(`[0-9]+`).FindAllString(text, -1) {
			if _, err := strconv.ParseInt(lit, 10, 64); err != nil {
				t.Errorf("%s*M prints as %s: literal %s beyond int64", s, text, lit)
			}
		}
		if back, err := Parse(text); err != nil || !Equal(back, e) {
			t.Errorf("%s*M prints as %s, reads back as %v (%v)", s, text, back, err)
		}
	}
}

// A sum of a few terms is made in one allocation (polyWithRoom): the
// polynomial and its terms.
func TestMutSumOneAllocation(t *testing.T) {
	a, b := pl(MustParse("M+1")), pl(MustParse("N+2"))
	var s *poly
	if n := testing.AllocsPerRun(100, func() { s = addPoly(a, b) }); n != 1 {
		t.Errorf("(M+1)+(N+2): %v allocations, want 1", n)
	}
	if len(s.t) != 3 {
		t.Errorf("(M+1)+(N+2) = %s, want 3 terms", s)
	}
}
