package sym

import (
	"reflect"
	"testing"
)

// TestKeepInPlace: keep adds the fact it is given (Ctx.keep). While settle
// processes the kept facts again, facts kept in their places of the
// previous list make a prefix of that list, without a copy (and with no
// room past it, so that an append never writes the shared list); a fact
// that differs from the one in its place in any of kind, p, d, r and src
// is kept as itself, in a list of its own.
func TestKeepInPlace(t *testing.T) {
	prev := []fact{
		{kind: fDiv, p: pl(MustParse("M*N")), d: pl(MustParse("4")), r: ratOne, src: factSrc{cond: 0}},
		{kind: fGe, p: pl(MustParse("N-M")), src: factSrc{cond: 1}},
	}
	c := &Ctx{reuse: prev}
	for _, f := range prev {
		c.keep(f)
	}
	if len(c.facts) != len(prev) || &c.facts[0] != &prev[0] || cap(c.facts) != len(prev) {
		t.Fatalf("facts kept in place: got a list of %d (cap %d), not the previous list", len(c.facts), cap(c.facts))
	}
	first := prev[0]
	variants := map[string]fact{"kind": first, "p": first, "d": first, "r": first, "src": first}
	for name, f := range variants {
		switch name {
		case "kind":
			f.kind = fEq
		case "p":
			f.p = pl(MustParse("M*N+4"))
		case "d":
			f.d = pl(MustParse("8"))
		case "r":
			f.r = ratInt(3)
		case "src":
			f.src = factSrc{cond: 0, side: 1}
		}
		c := &Ctx{reuse: prev}
		c.keep(f)
		if len(c.facts) != 1 || &c.facts[0] == &prev[0] || !reflect.DeepEqual(c.facts[0], f) {
			t.Errorf("a fact with another %s: kept %d facts, the first the previous one: %v", name, len(c.facts), &c.facts[0] == &prev[0])
		}
		if !reflect.DeepEqual(prev[0], first) {
			t.Fatalf("keeping a fact with another %s wrote the previous list", name)
		}
	}
}

// TestCompiledSteps: assumptions whose compilation needs a step that only
// one path makes, each decided as brute force over a box says (the wanted
// answer follows from the assumptions, said in each case).
func TestCompiledSteps(t *testing.T) {
	checkDecisions(t, []decisionCase{
		// a kept fact that a later bound makes a step is processed again
		// (settle): under N % 8 == 3, N = 8*N'+3 with N' >= 0, so
		// M % floor_div(N,8) == 0 is kept (its divisor N' may be 0); N >= 11,
		// after it in the canonical order, gives N' >= 1, and the fact then
		// makes M a multiple of N' (M = N'*Q with Q >= 1): M >= N'
		{"N % 8 == 3 && M % floor_div(N,8) == 0 && N >= 11", "M >= floor_div(N,8)", True, 30},
		{"N % 8 == 3 && M % floor_div(N,8) == 0 && N >= 11", "M >= floor_div(N,8) + 1", False, 30},
		// a bound before a congruence in the canonical order (A >= 9, then
		// B >= A/4, whose side A/4 is an integer: A = 4*A' with A' >= 3):
		// the new unknown keeps the bound (newUnknown), so A >= 12
		{"A >= 9 && B >= A/4", "A >= 12", True, 30},
		{"A >= 9 && B >= A/4", "A >= 13", False, 30},
		// an equation solved for one unknown keeps the others free
		// (processEq solves for the greatest, in cmpVar's order): N == M + K
		// gives N = K + M, so K divides N - M
		{"N == M + K", "N % K == M % K", True, 12},
		{"N == M + K", "floor_div(N,K) == floor_div(M,K) + 1", True, 12},
		{"N == M + K", "N % M == K", False, 12},
		// a side that must be an integer and has an atom whose arguments
		// are integral (M/2 + N%4) gives the exact congruence of its
		// numerator (exactSide: M + 2*(N%4) divisible by 2, so M even:
		// M = 2*M' with M' >= 1), not the side kept as it is
		{"M/2 + N%4 >= 1", "M % 2 == 0", True, 12},
		{"M/2 + N%4 >= 1", "M >= 2", True, 12},
		{"M/2 + N%4 >= 1", "M >= 3", False, 12},
	})
}
