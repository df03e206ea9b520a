package sym

import (
	"encoding/json"
	"math"
	"math/big"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/cutealg/cutealg/internal/notation"
)

// Issue 14, the survivors of branch mutsym9 (docs/mutation/mutexpr.md,
// mutprove.md, mutatoms.md).

// A value over a group atom has one form however it was built, a sum
// that leaves one term too: x = (M*M*N^maxExp + M*M)/(M*M+N) is not
// reduced (its division by M*M+N passes maxExp), and x minus its first
// term is M*M/(M*M+N), reduced like the quotient built directly.
func TestMutGroupSumOneTerm(t *testing.T) {
	m, n := varPoly(symVar("M")), varPoly(symVar("N"))
	m2 := mulPoly(m, m)
	y := addPoly(m2, n)
	big1 := mulPoly(m2, powPoly(n, maxExp))
	x := exactDivPoly(addPoly(big1, m2), y)
	first := exactDivPoly(big1, y)
	if x.err != nil || first.err != nil || len(x.t) != 2 {
		t.Fatalf("the unreduced sum: %d terms (err %v, %v)", len(x.t), x.err, first.err)
	}
	got, want := subPoly(x, first), exactDivPoly(m2, y)
	if !polyEq(got, want) {
		t.Errorf("x - M*M*N^maxExp/(M*M+N) = %s, want the form of M*M/(M*M+N), %s", got, want)
	}
	for _, b := range []Binding{{"M": 1, "N": 1}, {"M": 2, "N": 4}, {"M": 3, "N": 2}} {
		mm, nn := b["M"], b["N"]
		wantRat(t, "M*M/(M*M+N)", got, b, big.NewRat(mm*mm, mm*mm+nn))
	}
}

// unusableFactCtx keeps a fact that no order proof can use and no !=
// fact: a bound over a product of six ceil_div atoms (its shift has 64
// terms, past maxAtomShift).
const unusableFactCtx = "ceil_div(A,2)*ceil_div(B,2)*ceil_div(C,2)*ceil_div(D,2)*ceil_div(E,2)*ceil_div(F,2)<=G"

// In a context whose kept facts no order proof can use (usableFacts
// empty), proofFactFree holds whatever the facts are (no != fact here):
// for atom-free operands the general path's proveLe and proveNe prove no
// more than the shift argument; TestShiftPossibleMatchesGeneral compares
// shiftPossible with the general path in this context.
func TestMutShiftPossibleUnusableFacts(t *testing.T) {
	ctx := mustCtx(t, unusableFactCtx)
	if len(ctx.facts) == 0 || len(ctx.usableFacts()) != 0 || !ctx.proofFactFree() {
		t.Fatalf("%d facts, %d usable: not the case tested", len(ctx.facts), len(ctx.usableFacts()))
	}
	for _, f := range ctx.facts {
		if f.kind == fNe {
			t.Fatalf("a != fact kept: not the case tested")
		}
	}
	// the general path answers with the shift argument alone: G >= 1 but
	// not G >= 2, though G >= ceil_div(A,2)*... >= 1
	if got := ctx.Possible(MustParse("G"), MustParse("2")); got != Less|Same|Greater {
		t.Errorf("Possible(G, 2) = %s", got)
	}
}

// int64Factors packs the factors greedily: the product of two adjacent
// literals exceeds MaxInt64, and the literals multiply to the number.
// 7^2*73*127*337*92737^2*649657^2 has the prefix 7^2*73*127*337*92737*649657
// = MaxInt64 exactly: one literal.
func TestMutInt64FactorsPacking(t *testing.T) {
	r := new(big.Int).Mul(big.NewInt(92737), big.NewInt(649657))
	maxInt := new(big.Int).Mul(big.NewInt(7*7*73*127*337), r)
	if maxInt.Cmp(big.NewInt(math.MaxInt64)) != 0 {
		t.Fatalf("%s is not MaxInt64", maxInt)
	}
	pow2 := new(big.Int).Lsh(big.NewInt(1), 200)
	for _, d := range []*big.Int{
		new(big.Int).Mul(maxInt, r),
		new(big.Int).Mul(maxInt, big.NewInt(2)),
		pow2,
		new(big.Int).Mul(pow2, big.NewInt(3*5*7*11*13)),
		new(big.Int).Exp(big.NewInt(65521), big.NewInt(9), nil),
	} {
		lits := int64Factors(d)
		prod := big.NewInt(1)
		var prev *big.Int
		for _, l := range lits {
			i, ok := l.(*notation.Int)
			if !ok {
				t.Fatalf("%s: a factor beyond int64: %v", d, l)
			}
			v := big.NewInt(i.Value)
			if prev != nil && new(big.Int).Mul(prev, v).Cmp(maxInt) <= 0 {
				t.Errorf("%s: literals %s and %s could be one", d, prev, v)
			}
			prod.Mul(prod, v)
			prev = v
		}
		if prod.Cmp(d) != 0 {
			t.Errorf("%s: literals multiply to %s", d, prod)
		}
	}
}

// A denominator whose prime factors are all below 2^16 prints as int64
// divisions that read back as the same value, however many factors
// (2^128 and 2^300 took a recursion past its bound of 64 before).
func TestMutPrintSmoothDenominators(t *testing.T) {
	m := MustParse("M")
	for _, d := range []*big.Int{
		new(big.Int).Lsh(big.NewInt(1), 127),
		new(big.Int).Lsh(big.NewInt(1), 128),
		new(big.Int).Lsh(big.NewInt(1), 300),
		new(big.Int).Exp(big.NewInt(3*65521), big.NewInt(70), nil),
	} {
		e := mulPoly(pl(m), constPoly(ratFromBig(new(big.Rat).SetFrac(big.NewInt(1), d))))
		s := e.String()
		back, err := Parse(s)
		if err != nil {
			t.Errorf("M/%s prints as %.60s...: %v", d, s, err)
			continue
		}
		if !Equal(back, e) {
			t.Errorf("M/%s prints as %.60s..., which reads back as another value", d, s)
		}
	}
}

// subtractFacts' second choice (fewest) takes, among the fact terms of
// least degree, the first that leaves the fewest negative terms: the
// shifted s = N+K-M+1 with the facts 2L-M+1 (first) and N-M is proved by
// N-M alone (K+1 is left), which the first choice, taking 2L-M+1, misses;
// with the facts L+P-M+1 (two negative terms left), N+L-M+1 and N+P-M+1
// (one each: the first of them wins the tie) and K-L, it is proved by
// N+L-M+1 then K-L. Each proof is checked: s minus the uses has no
// negative coefficient.
func TestMutSubtractFactsFewest(t *testing.T) {
	c := NewCtx()
	for _, tc := range []struct {
		facts []string
		uses  int
	}{
		{[]string{"2*L-M+1", "N-M"}, 1},
		{[]string{"L+P-M+1", "N+L-M+1", "N+P-M+1", "K-L"}, 2},
	} {
		var facts []usableFact
		for i, f := range tc.facts {
			facts = append(facts, usableFact{src: Source{Cond: i}, shifted: pl(MustParse(f))})
		}
		s := pl(MustParse("N+K-M+1"))
		for _, fewest := range []bool{false, true} {
			work := proofWork
			pr, ok := c.subtractFacts(orderProof{}, s, facts, false, fewest, &work)
			if ok != fewest {
				t.Errorf("%v, fewest %v: proved %v", tc.facts, fewest, ok)
			}
			if !ok {
				continue
			}
			if len(pr.uses) != tc.uses {
				t.Errorf("%v: %d uses, want %d", tc.facts, len(pr.uses), tc.uses)
			}
			rest := s
			for _, u := range pr.uses {
				rest = subPoly(rest, mulPoly(pl(u.Mult), facts[u.Src.Cond].shifted))
			}
			if nonneg, _ := nonnegCoefs(rest); !nonneg {
				t.Errorf("%v: s minus the uses is %s", tc.facts, rest)
			}
		}
	}
}

// A proof by cases whose first case needs the strict guard: under
// M%8==0 && N==16, min(M,N) divides 16 as M under M < N (M is 8 there;
// under M <= N it may be 8 or 16, which no proof of M | 16 covers) and as
// N under N <= M. True at every binding (brute force over M).
func TestMutCasesFirstStrict(t *testing.T) {
	for m := int64(8); m <= 256; m += 8 {
		if 16%min(m, 16) != 0 {
			t.Fatalf("min(%d,16) does not divide 16", m)
		}
	}
	c := mustCtx(t, "M%8==0 && N==16")
	a, b := MustParse("min(M,N)"), MustParse("16")
	cert := c.proveClaim(Claim{ClaimDivides, pl(a), pl(b)}, 0)
	if cert == nil || cert.Split == nil || len(cert.Parts) != 2 {
		t.Fatalf("min(M,N) | 16: no proof by cases: %v", cert)
	}
	if err := Verify(cert); err != nil {
		t.Fatal(err)
	}
	guard := cert.Parts[0].Assumptions[len(cert.Parts[0].Assumptions)-1]
	if guard.Rel != LT {
		t.Errorf("the first case's guard is %s, want the strict M<N", guard)
	}
	checkDecision(t, "min(M,N) | 16", c.Divides(a, b), True)
}

// A certificate's stored form keeps the lower bound that an unknown's name
// carries (a trailing quote: >= 0): under M%8==3 && M>=11, M is 8*u+3 with
// u >= 0 as an unknown, and the certificates of max(M,11) and min(M,11)
// resolve max(11,8*u+3), an atom only where u may be 0. Read back with
// u >= 1 it would be 8*u+3, which Verify refuses as a resolution.
func TestMutCertificateJSONUnknownLowerBound(t *testing.T) {
	ctx := mustCtx(t, "M%8==3 && M>=11")
	n := 0
	for _, cert := range certsOf(t, ctx, [][2]string{{"max(M,11)", "M"}, {"min(M,11)", "11"}, {"max(M,11)", "M+1"}}) {
		data, err := json.Marshal(cert)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(data), `"name":"M'1'"`) || len(cert.Resolved) == 0 {
			continue
		}
		n++
		checkRoundTrip(t, cert.Claim.String(), cert)
	}
	if n < 4 {
		t.Errorf("only %d certificates resolve an atom over a non-negative unknown", n)
	}
}

// floor_div and ceil_div by a divisor that divides the dividend as a
// polynomial with an integral quotient are that quotient, a one-term
// divisor with a fractional coefficient too (splitDiv takes integral
// divisors only): floor_div(M*N/2, M/2) is N, floor_div(M, M/2) is 2.
// Checked against floor and ceil of the rational values.
func TestMutDivByMonomialExact(t *testing.T) {
	for _, c := range []struct{ x, y, want string }{
		{"M*N/2", "M/2", "N"},
		{"M", "M/2", "2"},
		{"3*M*K/4+3*M/4", "3*M/4", "K+1"},
		{"M*N", "M", "N"},
	} {
		x, y, want := MustParse(c.x), MustParse(c.y), MustParse(c.want)
		for _, op := range []struct {
			name string
			f    func(a, b Expr) Expr
		}{{"floor_div", FloorDiv}, {"ceil_div", CeilDiv}} {
			got := op.f(x, y)
			if !Equal(got, want) {
				t.Errorf("%s(%s, %s) = %s, want %s", op.name, c.x, c.y, got, c.want)
			}
			for _, b := range []Binding{{"M": 1, "N": 1, "K": 1}, {"M": 3, "N": 5, "K": 2}, {"M": 7, "N": 2, "K": 9}} {
				xv, err1 := EvalRat(x, b)
				yv, err2 := EvalRat(y, b)
				if err1 != nil || err2 != nil {
					t.Fatal(err1, err2)
				}
				// an integer, its own floor and ceiling
				q := new(big.Rat).Quo(xv, yv)
				if !q.IsInt() {
					t.Fatalf("%s/%s at %v is %s", c.x, c.y, b, q.RatString())
				}
				wantRat(t, op.name+"("+c.x+", "+c.y+")", got, b, q)
			}
		}
	}
}

// An exact quotient that is a Laurent polynomial is one, also where the
// divisor has a negative exponent, cleared before the division:
// (1/K+1/M)/(1+K/M) is 1/K, (N/K+N/M)/(N+K*N/M) is 1/K.
func TestMutExactDivClearedLaurent(t *testing.T) {
	for _, c := range []struct{ x, y, want string }{
		{"1/K+1/M", "1+K/M", "1/K"},
		{"N/K+N/M", "N+K*N/M", "1/K"},
		{"1/K+1/M", "M+K", "1/K/M"},
	} {
		x, y := MustParse(c.x), MustParse(c.y)
		want := MustParse(c.want)
		got := ExactDiv(x, y)
		if !Equal(got, want) {
			t.Errorf("(%s)/(%s) = %s, want %s", c.x, c.y, got, want)
		}
		for _, b := range []Binding{{"M": 1, "N": 1, "K": 1}, {"M": 3, "N": 5, "K": 2}} {
			xv, _ := EvalRat(x, b)
			yv, _ := EvalRat(y, b)
			wantRat(t, "("+c.x+")/("+c.y+")", got, b, new(big.Rat).Quo(xv, yv))
		}
	}
}

// The difference-bound check finds no contradiction in a consistent
// context whose weights come near its infinity (MaxInt64/4): a path from
// a node that reaches no other node must not be taken as a path of weight
// inf+w. N <= M-(2^61-2) and K <= N-2 hold at M = 2^61+10, N = 12, K = 10
// (and the same with the roles of the facts turned: N <= M-(2^61-2), M <=
// L-2).
func TestMutDifferencesNearInfinity(t *testing.T) {
	const c = math.MaxInt64/4 - 1
	for _, tc := range []struct {
		src string
		b   Binding
	}{
		{"N <= M-2305843009213693950 && K <= N-2", Binding{"M": c + 12, "N": 12, "K": 10}},
		{"N <= M-2305843009213693950 && M <= L-2", Binding{"M": c + 12, "N": 12, "L": c + 14}},
		{"K <= N-2 && N <= M-2305843009213693950", Binding{"M": c + 12, "N": 12, "K": 10}},
	} {
		conds, err := ParseConds(tc.src)
		if err != nil {
			t.Fatal(err)
		}
		for _, cd := range conds {
			if ok, err := cd.Holds(tc.b); err != nil || !ok {
				t.Fatalf("%s does not hold at %v (%v)", cd, tc.b, err)
			}
		}
		if _, err := NewCtx().With(tc.src); err != nil {
			t.Errorf("%s, satisfied at %v: %v", tc.src, tc.b, err)
		}
	}
}

// checkAtomFacts tries the assumptions whose images have at most
// maxRoundTerms terms: L*L*ceil_div(M,L*L) + K1 + ... + Kn < M, false
// everywhere (L*L*ceil_div(M,L*L) >= M), is refuted up to n+2 ==
// maxRoundTerms terms (the relaxation of checkRelaxed needs a constant
// divisor, so no other check refutes it).
func TestMutAtomFactsTermBound(t *testing.T) {
	for n := maxRoundTerms - 4; n <= maxRoundTerms-2; n++ {
		var ks []string
		for i := 1; i <= n; i++ {
			ks = append(ks, "K"+strconv.Itoa(i))
		}
		src := "L*L*ceil_div(M,L*L)+" + strings.Join(ks, "+") + "<M"
		c := NewCtx()
		cd := mustConds(t, src)[0]
		if d := c.theta(subPoly(pl(cd.X), pl(cd.Y))); len(d.t) != n+2 {
			t.Fatalf("%s: %d terms, want %d", src, len(d.t), n+2)
		}
		_, err := c.With(src)
		if err == nil || !strings.Contains(err.Error(), "contradicts the bounds of its atoms") {
			t.Errorf("%s (%d terms): %v, want the contradiction", src, n+2, err)
		}
	}
}

// The pseudo-random phase of the witness search sets an unknown with an
// upper bound to it in about one point in five, and otherwise moves it by
// an offset, none in about one case in three (boxIter's doc). Counted over
// the phase's points of a box of two bounded and two unbounded unknowns
// (no offset lands on the upper bound, 1000002 passes it).
func TestMutBoxIterRandomShares(t *testing.T) {
	bd := []boxBounds{
		{bounds: bounds{lo: 1, hi: 100001, hasHi: true}}, {bounds: bounds{lo: 1}},
		{bounds: bounds{lo: 3, hi: 100003, hasHi: true}}, {bounds: bounds{lo: 0}},
	}
	pt := make([]int64, len(bd))
	var it boxIter
	points, atHi, boundedLo, unboundedLo := 0, 0, 0, 0
	for it.next(bd, pt) {
		if it.phase != 3 {
			continue
		}
		points++
		for i, b := range bd {
			switch {
			case b.hasHi && pt[i] == b.hi:
				atHi++
			case b.hasHi && pt[i] == b.lo:
				boundedLo++
			case !b.hasHi && pt[i] == b.lo:
				unboundedLo++
			}
		}
	}
	if points < 100 {
		t.Fatalf("only %d pseudo-random points", points)
	}
	share := func(k int) float64 { return float64(k) / float64(2*points) }
	// expected: 1/5; 4/5*(1/3 + 2/3*1/39) = 0.28 (no offset, or 1000002);
	// 1/3
	for _, c := range []struct {
		what   string
		got    float64
		lo, hi float64
	}{
		{"bounded unknowns at the upper bound", share(atHi), 0.12, 0.30},
		{"bounded unknowns at the lower bound", share(boundedLo), 0.18, 0.40},
		{"unbounded unknowns at the lower bound", share(unboundedLo), 0.22, 0.45},
	} {
		if c.got < c.lo || c.got > c.hi {
			t.Errorf("%s: %.3f of %d points, want within [%.2f, %.2f]", c.what, c.got, points, c.lo, c.hi)
		}
	}
}

// Sample's draw of an unknown whose bounds leave at most 8 values is
// uniform over them (draw's doc): an offset below 8 is uniform, and one
// past the upper bound is redrawn uniformly within the bounds.
func TestMutDrawUniformSmallBox(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	bd := []boxBounds{{bounds: bounds{lo: 1, hi: 8, hasHi: true}}, {bounds: bounds{lo: 5, hi: 9, hasHi: true}}}
	pt := make([]int64, len(bd))
	var it boxIter
	const draws = 8000
	counts := [2]map[int64]int{{}, {}}
	for range draws {
		it.draw(bd, pt, r)
		for i := range bd {
			counts[i][pt[i]]++
		}
	}
	for i, b := range bd {
		size := b.hi - b.lo + 1
		want := float64(draws) / float64(size)
		for x := b.lo; x <= b.hi; x++ {
			if got := float64(counts[i][x]); got < 0.85*want || got > 1.15*want {
				t.Errorf("[%d,%d]: %d drawn %d times of %d, want about %.0f", b.lo, b.hi, x, counts[i][x], draws, want)
			}
		}
	}
}
