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
	atoms := []string{"M%8==0", "M%128==0", "N>=64", "K<=M", "N%M==0", "M!=4", "K>=2", "N==4*M", "M%3==1",
		"min(M,N)>=2", "K%N==0", "M/2>=3", "M*N%16==0", "L<=8", "M<N", "floor_div(M,4)>=2"}
	exprs := []string{"1", "0", "M", "N", "K", "2*M", "M*N", "M+N", "N-M", "K*M", "min(M,N)", "M%8", "floor_div(N,4)", "ceil_div(M,8)*8", "128", "64*K", "L"}
	accepted, rejected := 0, 0
	for it := 0; it < 400; it++ {
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
			var certs []*Certificate
			for _, cert := range []*Certificate{c.proveLe(a, b, false), c.proveLe(a, b, true), c.proveNe(a, b), c.proveDivides(a, b), c.proveEq(a, b)} {
				if cert != nil {
					certs = append(certs, cert)
				}
			}
			for _, cert := range certs {
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
			}
		}
	}
	if accepted < 500 || rejected < 100 {
		t.Fatalf("too few certificates: %d accepted, %d changed ones rejected", accepted, rejected)
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
