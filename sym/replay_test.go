package sym

import (
	"math/rand"
	"strconv"
	"strings"
	"testing"
)

// TestVerifiedMatchesVerify checks Ctx.verified (the proof checked on a
// copy of the context's replay, made once) against Verify (which replays
// the assumptions itself) on the certificates of random questions under
// random contexts, and on the same certificates with their claim changed
// (a wrong one must be rejected by both alike).
func TestVerifiedMatchesVerify(t *testing.T) {
	r := rand.New(rand.NewSource(5))
	accepted, rejected := 0, 0
	randomCerts(r, 400, func(c *Ctx, cert *Certificate) {
		if err := Verify(cert); err != nil {
			t.Fatalf("under %s: %s accepted by verified, rejected by Verify: %v", c, cert, err)
		}
		accepted++
		// the same proof of another claim
		bad := *cert
		bad.Claim.B = addPoly(pl(cert.Claim.B), constPoly(ratInt(int64(r.Intn(3)-1))))
		bad.Claim.A = mulPoly(pl(cert.Claim.A), constPoly(ratInt(int64(r.Intn(2)+1))))
		want := Verify(&bad) == nil
		if got := c.verified(&bad) != nil; got != want {
			t.Fatalf("under %s: %s: verified %v, Verify %v", c, &bad, got, want)
		}
		if !want {
			rejected++
		}
	})
	if accepted < 500 || rejected < 100 {
		t.Fatalf("too few certificates: %d accepted, %d changed ones rejected", accepted, rejected)
	}
}

// randomCerts calls f with the certificates of random questions (<=, <,
// !=, divides, ==, where the context proves them) under n random
// contexts.
func randomCerts(r *rand.Rand, n int, f func(c *Ctx, cert *Certificate)) {
	atoms := []string{"M%8==0", "M%128==0", "N>=64", "K<=M", "N%M==0", "M!=4", "K>=2", "N==4*M", "M%3==1",
		"min(M,N)>=2", "K%N==0", "M/2>=3", "M*N%16==0", "L<=8", "M<N", "floor_div(M,4)>=2"}
	exprs := []string{"1", "0", "4", "M", "N", "K", "2*M", "M*N", "M+N", "N-M", "K*M", "min(M,N)", "M%8", "floor_div(N,4)", "ceil_div(M,8)*8", "128", "64*K", "L"}
	for it := 0; it < n; it++ {
		var conds []string
		for n := r.Intn(4); n > 0; n-- {
			conds = append(conds, atoms[r.Intn(len(atoms))])
		}
		c, err := Assume(strings.Join(append([]string{"M>=1"}, conds...), " && "))
		if err != nil {
			continue
		}
		for q := 0; q < 6; q++ {
			a, b := pl(MustParse(exprs[r.Intn(len(exprs))])), pl(MustParse(exprs[r.Intn(len(exprs))]))
			for _, cert := range []*Certificate{c.proveLe(a, b, false), c.proveLe(a, b, true), c.proveNe(a, b), c.proveDivides(a, b), c.proveEq(a, b)} {
				if cert != nil {
					f(c, cert)
				}
			}
		}
	}
}

// TestVerifySound changes the claim of proofs so that it no longer holds
// somewhere: alone, with another valid scale, and with a change of the
// proof that would prove anything if Verify did not refuse it (a scale 0,
// negative or not a monomial; a use's multiplier negated or not a
// monomial; a use of another fact or of none; another direction), and
// changes it into a claim that holds nowhere. Whatever Verify accepts
// must hold at every binding the assumptions allow (sampled). And a proof
// by the shift argument alone of a bound that an atom does not have is
// refused.
func TestVerifySound(t *testing.T) {
	r := rand.New(rand.NewSource(8))
	tried, refused := 0, 0
	randomCerts(r, 60, func(c *Ctx, cert *Certificate) {
		if !cert.Universal {
			return
		}
		claim := cert.Claim
		claim.B = addPoly(pl(cert.Claim.B), constPoly(ratInt(-1-int64(r.Intn(3)))))
		if cert.Claim.Op == ClaimDivides {
			claim.A = mulPoly(pl(cert.Claim.A), constPoly(ratInt(2)))
		}
		var bads []Certificate
		bad := *cert
		bad.Claim = claim
		bads = append(bads, bad)
		for _, scale := range []string{"2", "M", "0", "-1", "M-1", "1/M"} {
			b := bad
			b.Scale = MustParse(scale)
			bads = append(bads, b)
		}
		for i := range cert.Uses {
			for _, m := range []Expr{Neg(cert.Uses[i].Mult), MustParse("M-1"), MustParse("1/M")} {
				b := bad
				b.Uses = append([]FactUse(nil), cert.Uses...)
				b.Uses[i].Mult = m
				bads = append(bads, b)
			}
			b := bad
			b.Uses = append([]FactUse(nil), cert.Uses...)
			b.Uses[i].Src.Cond = (b.Uses[i].Src.Cond + 1) % max(1, len(cert.Assumptions))
			bads = append(bads, b)
			// an assumption past the last, as an inequality and as a
			// divisor (Side 3)
			for _, side := range []int{0, 3} {
				b := bad
				b.Uses = append([]FactUse(nil), cert.Uses...)
				b.Uses[i].Src = Source{Cond: len(cert.Assumptions), Side: side}
				bads = append(bads, b)
			}
		}
		for _, d := range []Rel{LE, GE, EQ} {
			b := bad
			b.Direction = d
			bads = append(bads, b)
		}
		// a claim that holds nowhere, with the proof as it is
		never := *cert
		switch cert.Claim.Op {
		case ClaimLe, ClaimEq:
			never.Claim.A = addPoly(pl(cert.Claim.B), constPoly(ratOne))
		case ClaimLt, ClaimNe:
			never.Claim.A = cert.Claim.B
		case ClaimNotDivides:
			never.Claim.A = Const(1)
		}
		if never.Claim.A != cert.Claim.A {
			tried++
			if Verify(&never) == nil {
				t.Fatalf("under %s: Verify accepts %s, which holds nowhere", c, &never)
			}
			refused++
		}
		bindings := c.Sample(append(Symbols(claim.A), Symbols(claim.B)...), 40, 1)
		for i := range bads {
			tried++
			if Verify(&bads[i]) != nil {
				refused++
				continue
			}
			for _, bd := range bindings {
				if holds, ok := claimHolds(bads[i].Claim, bd); ok && !holds {
					t.Fatalf("under %s: Verify accepts %s, false at %v", c, &bads[i], bd)
				}
			}
		}
	})
	if tried < 1000 || refused < tried/2 {
		t.Fatalf("%d changed certificates, %d refused: too few", tried, refused)
	}
	t.Logf("%d changed certificates, %d refused", tried, refused)
	// bare shift proofs of lower bounds that atoms do not have (false at
	// the binding given): Verify must refuse each
	ctx, _ := Assume("M>=1")
	for _, q := range []struct {
		a, b string
		at   Binding
	}{
		{"1", "ceil_div(M-1,8)", Binding{"M": 1}},
		{"1", "ceil_div(M-1,N)", Binding{"M": 1, "N": 3}},
		{"1", "floor_div(M,8)", Binding{"M": 1}},
		{"0", "floor_div(M-2,8)", Binding{"M": 1}},
		{"0", "floor_div(M-2,N)", Binding{"M": 1, "N": 1}},
		{"1", "M%8", Binding{"M": 8}},
		{"1", "M%N", Binding{"M": 2, "N": 2}},
		{"2", "min(M,N)", Binding{"M": 1, "N": 1}},
		{"1", "min(M-1,N)", Binding{"M": 1, "N": 1}},
		{"1", "max(M-1,N-1)", Binding{"M": 1, "N": 1}},
	} {
		cert := &Certificate{Claim: Claim{ClaimLe, MustParse(q.a), MustParse(q.b)}, Universal: true, Assumptions: ctx.Conds()}
		if holds, ok := claimHolds(cert.Claim, q.at); !ok || holds {
			t.Fatalf("%s at %v: holds %v (defined %v), want false", cert.Claim, q.at, holds, ok)
		}
		if Verify(cert) == nil {
			t.Errorf("Verify accepts %s, false at %v", cert, q.at)
		}
	}
}

// TestCondKeyIdentifies checks that Cond.AppendKey tells conditions apart
// exactly as their printed text does (String is injective on canonical
// forms), on conditions between random expressions.
func TestCondKeyIdentifies(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	exprs := []string{"0", "1", "-1", "2", "1/2", "M", "N", "K", "2*M", "M*N", "M+N", "N-M", "M*M", "M/N", "min(M,N)", "max(M,2)",
		"M%8", "floor_div(N,4)", "ceil_div(M,8)*8", "9223372036854775807*M", "9223372036854775807*M*2", "M%N", "N%M+1"}
	byKey := map[string]string{}
	byText := map[string]string{}
	for it := 0; it < 5000; it++ {
		x := Add(MustParse(exprs[r.Intn(len(exprs))]), MustParse(exprs[r.Intn(len(exprs))]))
		y := Mul(MustParse(exprs[r.Intn(len(exprs))]), MustParse(exprs[r.Intn(len(exprs))]))
		c := MakeCond(x, Rel(r.Intn(6)), y)
		k, s := string(c.AppendKey(nil)), c.String()
		if prev, ok := byKey[k]; ok && prev != s {
			t.Fatalf("%s and %s have the same key", prev, s)
		}
		if prev, ok := byText[s]; ok && prev != k {
			t.Fatalf("%s has two keys", s)
		}
		byKey[k], byText[s] = s, k
	}
	if len(byKey) < 1000 {
		t.Fatalf("only %d distinct conditions", len(byKey))
	}
}

// The verifier's replay of a context is made on first use and atoms are
// found by their operands' keys: concurrent first questions that reach
// the general path (sums, whose proofs are verified) and make new atoms
// must agree with the same questions asked alone (run with -race).
func TestFirstVerifyConcurrent(t *testing.T) {
	a, b := MustParse("M*N-M+1"), MustParse("M*N")
	want := mustCtx(t, "M!=1 && N%4==0").Possible(a, b)
	for i := 0; i < 8; i++ {
		ctx := mustCtx(t, "M!=1 && N%4==0")
		done := make(chan Order, 4)
		for g := 0; g < 4; g++ {
			go func() {
				ctx.Simplify(MustParse("floor_div(M+N," + strconv.Itoa(3+i) + ")"))
				done <- ctx.Possible(a, b)
			}()
		}
		for g := 0; g < 4; g++ {
			if got := <-done; got != want {
				t.Errorf("possible %s ? %s: %s concurrently, %s alone", a, b, got, want)
			}
		}
	}
	if want != Less {
		t.Fatalf("possible %s ? %s = %s: the question should be decided (Less) by the general path", a, b, want)
	}
}
