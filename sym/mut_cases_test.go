package sym

import (
	"encoding/json"
	"math/rand"
	"strconv"
	"strings"
	"testing"
)

// Tests of documented contracts of certificates, proofs by cases and
// reasons that the general path's answers rely on.

// TestSourceNamesNoAssumption: a source that is a bound of an unknown or
// an atom's definition names no assumption (Source: Cond is -1), in the
// proofs of random questions under random contexts and under contexts
// whose solved equations give bounds.
func TestSourceNamesNoAssumption(t *testing.T) {
	bounds, atoms := 0, 0
	check := func(c *Ctx, cert *Certificate) {
		for _, u := range cert.Uses {
			if u.Src.Bound == "" && u.Src.Atom == nil {
				continue
			}
			if u.Src.Bound != "" {
				bounds++
			} else {
				atoms++
			}
			if u.Src.Cond != -1 {
				t.Errorf("under %s: %s: the source %s names assumption %d", c, cert, u.Src, u.Src.Cond)
			}
		}
	}
	randomCerts(rand.New(rand.NewSource(11)), 60, check)
	for _, src := range []string{"N==M+K && M<=8", "K==M+4 && M<=8 && N<=K", "L<=8 && M==L+N", "M+N==10", "M+N*K==10"} {
		c := mustCtx(t, src)
		for _, q := range [][2]string{{"M", "8"}, {"K", "12"}, {"N", "K"}, {"L", "8"}, {"M", "N+8"}, {"K", "N+12"}, {"N", "9"}, {"N*K", "9"}} {
			a, b := pl(MustParse(q[0])), pl(MustParse(q[1]))
			for _, cert := range []*Certificate{c.proveLe(a, b, false), c.proveLe(a, b, true), c.proveNe(a, b)} {
				if cert != nil {
					check(c, cert)
				}
			}
		}
	}
	if bounds == 0 || atoms == 0 {
		t.Fatalf("%d uses of bounds, %d of atoms: the test needs both", bounds, atoms)
	}
}

// TestProveClaimByOrderAndCases checks the general path's proofs of
// divides and == claims (proveClaim): an equation whose images differ is
// proved by its two orders, and the package doc's example of a proof by
// cases, min(M,16) divides 16 under M%8==0, whose first case needs the
// strict guard M < 16 and whose second then takes 16 <= M.
func TestProveClaimByOrderAndCases(t *testing.T) {
	for _, tc := range []struct {
		ctx   string
		op    ClaimOp
		a, b  string
		split bool
	}{
		{"M*N<=6 && M*N>=6", ClaimEq, "M*N", "6", false},
		{"M*N<=6 && M*N>=6", ClaimEq, "6", "M*N", false},
		{"M%8==0", ClaimDivides, "min(M,16)", "16", true},
		{"M%8==0", ClaimDivides, "min(16,M)", "32", true},
	} {
		c := mustCtx(t, tc.ctx)
		a, b := pl(MustParse(tc.a)), pl(MustParse(tc.b))
		cl := Claim{tc.op, a, b}
		if tc.op == ClaimEq && c.proveEq(a, b) != nil {
			t.Fatalf("%s | %s: proved by the images: the case does not need the orders", cl, tc.ctx)
		}
		cert := c.proveClaim(cl, 0)
		if cert == nil {
			t.Errorf("%s | %s: not proved", cl, tc.ctx)
			continue
		}
		if err := Verify(cert); err != nil {
			t.Errorf("%s | %s: %v", cl, tc.ctx, err)
		}
		if (cert.Split != nil) != tc.split {
			t.Errorf("%s | %s: split %v, want %v", cl, tc.ctx, cert.Split != nil, tc.split)
		}
	}
}

// TestComparedReasons: a comparison is a reason exactly when it excluded
// a relation or witnessed one (compared).
func TestComparedReasons(t *testing.T) {
	for _, tc := range []struct {
		possible, witnessed Order
		reason              bool
	}{
		{AnyOrder, 0, false},
		{AnyOrder, Less, true},
		{Less | Same, 0, true},
		{Less, Less, true},
		{Greater, 0, true},
	} {
		got := compared(Comparison{Possible: tc.possible, Witnessed: tc.witnessed})
		if (got != nil) != tc.reason {
			t.Errorf("compared(possible %s, witnessed %s) = %v, want a reason %v", tc.possible, tc.witnessed, got, tc.reason)
		}
	}
}

// TestCertificateStringScaledUse: Certificate.String names the scale of a
// fact used with one (an assumption with a negative exponent, M <= 64/K,
// used as K*(64/K - M) >= 0).
func TestCertificateStringScaledUse(t *testing.T) {
	c := mustCtx(t, "M<=64/K")
	cert := c.proveLe(pl(MustParse("M*K")), pl(MustParse("64")), false)
	if cert == nil {
		t.Fatal("M*K <= 64 | M<=64/K: not proved")
	}
	scaled := 0
	for _, u := range cert.Uses {
		if u.Scale != nil {
			scaled++
		}
	}
	want := scaled
	if cert.Scale != nil {
		want++ // the claim's own scale
	}
	if got := strings.Count(cert.String(), " scaled by "); scaled == 0 || got != want {
		t.Errorf("%s: %d uses scaled, %d scales named, want %d", cert, scaled, got, want)
	}
}

// sumOfTerms returns first plus the n-1 symbols A1, A2, ...: a
// polynomial of n terms, each at least 1 (first at least 0).
func sumOfTerms(first string, n int) *poly {
	p := pl(MustParse(first))
	for i := 1; i < n; i++ {
		p = addPoly(p, pl(MustParse("A"+strconv.Itoa(i))))
	}
	return p
}

// TestRoundingTermBound checks the bound on the terms that a rounded
// proof takes (maxRoundTerms): proveByRounding and proveIntegerPos prove
// a sum of at most that many terms (floor_div(M,2) + A1 + ... >= 0,
// rounded by 2; A1 + A2 + ... > 0, rounded by 1), and refuse a longer one.
func TestRoundingTermBound(t *testing.T) {
	c := mustCtx(t, "")
	for n := maxRoundTerms - 1; n <= maxRoundTerms+1; n++ {
		q := sumOfTerms("floor_div(M,2)", n)
		work := proofWork
		pr, ok := c.proveByRounding(orderProof{}, q, nil, false, &work)
		if want := n <= maxRoundTerms; ok != want {
			t.Errorf("rounded proof of %s >= 0 (%d terms): %v, want %v", printPoly(q), n, ok, want)
		} else if ok && (pr.round == nil || !polyEq(pr.round, pl(MustParse("2")))) {
			t.Errorf("rounded proof of %s >= 0: rounded by %v, want 2", printPoly(q), pr.round)
		}
		p := sumOfTerms("A0", n)
		pr, ok = c.proveIntegerPos(p)
		if want := n <= maxRoundTerms; ok != want {
			t.Errorf("integer proof of %s > 0 (%d terms): %v, want %v", printPoly(p), n, ok, want)
		} else if ok && (pr.round == nil || !polyEq(pr.round, constPoly(ratOne))) {
			t.Errorf("integer proof of %s > 0: rounded by %v, want 1", printPoly(p), pr.round)
		}
	}
}

// TestFewestChoiceWork: where one fact can take each negative term, the
// search that picks the fact leaving the fewest negative terms makes the
// subtractions of the first choice and charges the same work (a
// subtraction of a multiple of a fact costs the terms of both, proofWork).
func TestFewestChoiceWork(t *testing.T) {
	for _, tc := range []struct{ ctx, p string }{
		{"K<=M", "M-K"},
		{"K<=M", "2*M-2*K+N"},
		{"K*N<=M", "M-K*N"},
		{"K*N<=M", "3*M-3*K*N+1"},
	} {
		c := mustCtx(t, tc.ctx)
		p := pl(MustParse(tc.p))
		pr, q, s, proved, ok := c.shiftProof(p, false)
		if !ok || proved {
			t.Fatalf("%s | %s: shift alone %v (ok %v): no search", tc.p, tc.ctx, proved, ok)
		}
		facts := c.proofFacts(q)
		var spent [2]int
		var uses [2]int
		for i, fewest := range [2]bool{false, true} {
			work := proofWork
			r, ok := c.subtractFacts(pr, s, facts, false, fewest, &work)
			if !ok {
				t.Fatalf("%s | %s (fewest %v): not proved", tc.p, tc.ctx, fewest)
			}
			spent[i], uses[i] = proofWork-work, len(r.uses)
		}
		if spent[0] != spent[1] || uses[0] != uses[1] {
			t.Errorf("%s | %s: the first choice spent %d units in %d uses, the fewest %d in %d", tc.p, tc.ctx, spent[0], uses[0], spent[1], uses[1])
		}
	}
}

// TestCondKeyCoefficients: conditions whose coefficients differ only in
// their denominators (or are integers) have different keys, as their
// texts differ (Cond.AppendKey).
func TestCondKeyCoefficients(t *testing.T) {
	coefs := []string{"1", "2", "3", "1/2", "1/3", "2/3", "3/2", "1/4"}
	keys := map[string]string{}
	for _, k := range coefs {
		c := MakeCond(MustParse(k+"*M"), EQ, MustParse("N"))
		key := string(c.AppendKey(nil))
		if prev, ok := keys[key]; ok {
			t.Errorf("%s and %s have the same key", prev, c)
		}
		keys[key] = c.String()
	}
}

// TestCertificateJSONUnknownAliases: proofs whose facts are used times
// monomials of unknowns keep the unknowns' aliases through the JSON round
// trip and verify after it: three unknowns (M*N*K's image under the
// congruences), and an unknown that may be 0 (N = 4*N'1'+3), whose
// upper bound is used too.
func TestCertificateJSONUnknownAliases(t *testing.T) {
	for _, tc := range []struct {
		ctx, a, b string
		unknowns  int
	}{
		{"M%2==0 && N%4==0 && K%8==0 && M*N*K<=4096", "M*N*K*M*N*K", "4096*M*N*K", 3},
		{"N%4==3 && N<=99", "N*N", "99*N", 1},
		{"N%4==3 && K%2==1 && K*N<=99", "K*N*K*N", "99*K*N", 2},
	} {
		c := mustCtx(t, tc.ctx)
		what := tc.a + " <= " + tc.b + " | " + tc.ctx
		cert := c.proveLe(pl(MustParse(tc.a)), pl(MustParse(tc.b)), false)
		if cert == nil {
			t.Fatalf("%s: not proved", what)
		}
		data, err := json.Marshal(cert)
		if err != nil {
			t.Fatal(err)
		}
		var raw struct{ Unknowns []json.RawMessage }
		if err := json.Unmarshal(data, &raw); err != nil || len(raw.Unknowns) != tc.unknowns {
			t.Fatalf("%s: %d unknowns named (%v), want %d", data, len(raw.Unknowns), err, tc.unknowns)
		}
		back, err := ParseCertificate(data)
		if err != nil {
			t.Fatalf("%s: %v", data, err)
		}
		if back.String() != cert.String() {
			t.Errorf("round trip changed the certificate:\n%s\n%s", cert, back)
		}
		if err := Verify(back); err != nil {
			t.Errorf("%s: %v", data, err)
		}
	}
}
