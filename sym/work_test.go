package sym

import (
	"math/rand"
	"os"
	"strings"
	"testing"
)

// TestProofWorkBounded asks a question under a context that the engine
// built for a fuzzed flat_divide request (docs/verification.md, Fuzzing:
// flat_divide(((_4,_3),_4,(_2,_2,_2),_3):((_288,_1),_36,(_3,_144,_6),_1152),
// (_2,_2):(_2,S_96)), cut to the assumptions that S_96 = 12 satisfies (the
// engine's whole context, 15 assumptions, allows no binding: sym finds
// that since it uses 2 <= 12/S_96 as 2*S_96 <= 12), whose kept facts are
// products of eight atoms: their
// shifts have 256 terms each, and without a bound the proofs of
// Possible(1152, 12) spent 71,328 work units (several milliseconds,
// thousands of such questions per request). Each of Possible's at most
// four proofs by facts stops within proofWork units, and the answer (1152
// > 12) is unchanged. Since the atoms' bounds hold for nested atoms too
// (atomLo), those shifts are refused outright (shiftFact: more than
// maxAtomShift terms), so no proof comes near the bound any more: the test
// checks that they are refused.
func TestProofWorkBounded(t *testing.T) {
	src, err := os.ReadFile("testdata/flat_divide.ctx")
	if err != nil {
		t.Fatal(err)
	}
	c, err := Assume(strings.Split(strings.TrimSpace(string(src)), "&&")...)
	if err != nil {
		t.Fatal(err)
	}
	before := ProofWork()
	got := c.Possible(Const(1152), Const(12))
	spent := ProofWork() - before
	if got != Greater {
		t.Errorf("Possible(1152, 12) = %v, want >", got)
	}
	if spent > 4*proofWork {
		t.Errorf("Possible(1152, 12) spent %d work units, more than four proofs of at most %d", spent, proofWork)
	}
	big := 0
	for _, f := range c.facts {
		if s, ok := shiftPoly(f.p, c.loOf); ok && len(s.t) > maxAtomShift && f.p.hasAtoms() {
			big++
			if _, ok := c.shiftFact(f.p); ok {
				t.Errorf("a fact whose shift has %d terms is usable: %s", len(s.t), printPoly(f.p))
			}
		}
	}
	if big == 0 {
		t.Errorf("no kept fact's shift has more than %d terms: the context no longer tests the bound", maxAtomShift)
	}
}

// TestMonoDividesMatchesQuotient checks monoDivides against the quotient
// it stands for (monoMul(b, monoInv(a)) within the exponent range, every
// exponent non-negative) on random monomials with negative exponents and
// exponents near the range's ends.
func TestMonoDividesMatchesQuotient(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	vars := []*variable{symVar("K"), symVar("M"), symVar("N"), unknownVar("M'1", 1)}
	sortVars(vars) // monomials list their variables in this order
	exps := []int32{-3, -1, 1, 2, 5, maxExp, -maxExp, maxExp - 1}
	gen := func() mono {
		var m mono
		for _, v := range vars {
			if r.Intn(2) == 0 {
				m = append(m, factor{v, exps[r.Intn(len(exps))]})
			}
		}
		return m
	}
	yes := 0
	for it := 0; it < 20000; it++ {
		a, b := gen(), gen()
		want := true
		q, ok := monoMul(b, monoInv(a))
		if !ok {
			want = false
		}
		for _, f := range q {
			if f.e < 0 {
				want = false
			}
		}
		if got := monoDivides(b, a); got != want {
			t.Fatalf("monoDivides(%v, %v) = %v, quotient %v (ok %v)", b, a, got, q, ok)
		}
		if want {
			yes++
		}
	}
	if yes < 1000 {
		t.Fatalf("only %d of 20000 pairs divide: too few to test", yes)
	}
}
