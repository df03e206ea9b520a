package sym

import (
	"fmt"
	"strconv"
	"testing"
)

// Tests of the general decision path's parts (prove.go) against their
// documented contracts: the divisors that atom facts and rounding accept,
// the work budget and its accounting, the bounds of the per-context
// caches, and claimHolds against Go's own integer relations.

// TestDivisorPosContract checks divisorPos ("an integer >= 1 at every
// allowed binding") and positiveMonoCtx ("a monomial with a positive
// integer coefficient over unknowns >= 1, no atoms, no negative
// exponent") on a table, and every divisor accepted against its values at
// sampled allowed bindings.
func TestDivisorPosContract(t *testing.T) {
	for _, tc := range []struct {
		ctx, y     string
		pos, mono  bool
		unknownArg bool // y is the context's own unknown behind M (M%8==3: M = 8*m+3, m >= 0)
	}{
		{"", "0", false, false, false},
		{"", "1", true, true, false},
		{"", "2", true, true, false},
		{"", "-1", false, false, false},
		{"", "1/2", false, false, false},
		{"", "M", true, true, false},
		{"", "2*M", true, true, false},
		{"", "M*N", true, true, false},
		{"", "0-M", false, false, false},
		{"", "M/2", false, false, false},
		{"", "M-1", false, false, false},
		{"M>=2", "M-1", true, false, false},
		{"", "N+1", true, false, false},
		{"", "min(M,N)", true, false, false},
		{"", "ceil_div(M,2)", true, false, false},
		{"", "floor_div(M,2)", false, false, false},
		{"M%8==3", "M", true, true, true},
	} {
		c := mustCtx(t, tc.ctx)
		y := pl(MustParse(tc.y))
		what := fmt.Sprintf("%s | %s", tc.y, tc.ctx)
		if tc.unknownArg {
			// the unknown m of M = 8*m+3 has lower bound 0: neither test accepts it
			var m *variable
			c.theta(y).eachVar(func(v *variable) { m = v })
			if m == nil || m.kind != kUnknown {
				t.Fatalf("%s: no unknown behind M", what)
			}
			if c.divisorPos(varPoly(m)) || c.positiveMonoCtx(varPoly(m)) {
				t.Errorf("%s: the unknown %s (>= 0) is taken for a divisor >= 1", what, m.name)
			}
		}
		if got := c.divisorPos(y); got != tc.pos {
			t.Errorf("divisorPos(%s) = %v, want %v", what, got, tc.pos)
		}
		if got := c.positiveMonoCtx(y); got != tc.mono {
			t.Errorf("positiveMonoCtx(%s) = %v, want %v", what, got, tc.mono)
		}
		if !tc.pos {
			continue
		}
		for _, b := range c.Sample([]string{"M", "N"}, 30, 1) {
			v, err := evalRat(y, b)
			if err != nil || !v.isInt() || v.cmp(ratOne) < 0 {
				t.Errorf("%s accepted as a divisor >= 1, but it is %s at %v (%v)", what, v, b, err)
			}
		}
	}
}

// TestRoundDivisorsContract checks roundDivisors: the distinct divisors of
// q's floor_div and ceil_div atoms that are integers >= 1, at most
// maxRound of them.
func TestRoundDivisorsContract(t *testing.T) {
	c := mustCtx(t, "")
	for _, tc := range []struct {
		q    string
		want []string // as a set
	}{
		{"floor_div(M,2) + floor_div(N,3) + ceil_div(M,5)", nil}, // three divisors: the first maxRound in q's order
		{"floor_div(M,2) + ceil_div(N,2) + floor_div(M,3)", []string{"2", "3"}},
		{"floor_div(M,2) + ceil_div(N,2)", []string{"2"}},
		{"floor_div(M,N-1) + ceil_div(N,M)", []string{"M"}},
		{"M%4 + min(M,N)", []string{}},
	} {
		q := pl(MustParse(tc.q))
		got := c.roundDivisors(q)
		if tc.want == nil {
			if len(got) != maxRound {
				t.Errorf("roundDivisors(%s): %d divisors, want %d", tc.q, len(got), maxRound)
			}
			continue
		}
		if len(got) != len(tc.want) {
			t.Errorf("roundDivisors(%s) = %d divisors, want %v", tc.q, len(got), tc.want)
			continue
		}
		for _, w := range tc.want {
			found := false
			for _, r := range got {
				found = found || polyEq(r, pl(MustParse(w)))
			}
			if !found {
				t.Errorf("roundDivisors(%s): %s missing", tc.q, w)
			}
		}
	}
}

// TestChargeContract: charge takes n units when at least n are left, and
// none (false) otherwise.
func TestChargeContract(t *testing.T) {
	for _, tc := range []struct{ have, n, left int }{{5, 5, 0}, {5, 4, 1}, {4, 5, 4}, {0, 0, 0}, {0, 1, 0}} {
		w := tc.have
		ok := charge(&w, tc.n)
		if ok != (tc.have >= tc.n) || w != tc.left {
			t.Errorf("charge(%d, %d) = %v, %d left; want %v, %d left", tc.have, tc.n, ok, w, tc.have >= tc.n, tc.left)
		}
	}
}

// TestClaimHoldsMatchesInt checks claimHolds against Go's integer
// relations on a grid of integer values (divides: the remainder is 0,
// with 0 dividing only 0).
func TestClaimHoldsMatchesInt(t *testing.T) {
	a, b := MustParse("M-3"), MustParse("N-3")
	for m := int64(1); m <= 7; m++ {
		for n := int64(1); n <= 7; n++ {
			x, y := m-3, n-3
			div := y == 0
			if x != 0 {
				div = y%x == 0
			}
			for op, want := range map[ClaimOp]bool{
				ClaimLe: x <= y, ClaimLt: x < y, ClaimEq: x == y, ClaimNe: x != y,
				ClaimDivides: div, ClaimNotDivides: !div,
			} {
				got, ok := claimHolds(Claim{op, a, b}, Binding{"M": m, "N": n})
				if !ok || got != want {
					t.Errorf("claimHolds(%s %v %s) at M=%d N=%d = %v (%v), want %v", a, op, b, m, n, got, ok, want)
				}
			}
		}
	}
	if _, ok := claimHolds(Claim{ClaimLe, MustParse("M/2"), b}, Binding{"M": 1, "N": 1}); ok {
		t.Errorf("claimHolds of M/2 at M=1: defined, want not an integer")
	}
}

// TestShiftFactAtomBound checks shiftFact's bound: a polynomial with atoms
// whose shift has more than maxAtomShift terms is refused, one with at
// most that many is not (sums of n distinct floor_div atoms, around the
// bound).
func TestShiftFactAtomBound(t *testing.T) {
	c := mustCtx(t, "")
	at := map[bool]bool{}
	for n := maxAtomShift - 3; n <= maxAtomShift+3; n++ {
		p := constPoly(ratZero)
		for k := 2; k < n+2; k++ {
			p = addPoly(p, floorDivPoly(pl(MustParse("M")), constPoly(ratInt(int64(k)))))
		}
		s, ok := shiftPoly(p, c.loOf)
		if !ok {
			t.Fatalf("%d atoms: no shift", n)
		}
		_, got := c.shiftFact(p)
		if want := len(s.t) <= maxAtomShift; got != want {
			t.Errorf("%d atoms, a shift of %d terms: usable %v, want %v", n, len(s.t), got, want)
		}
		if len(s.t) == maxAtomShift || len(s.t) == maxAtomShift+1 {
			at[len(s.t) == maxAtomShift] = true
		}
	}
	if !at[true] || !at[false] {
		t.Fatalf("no shift of exactly %d or %d terms: the test misses the bound", maxAtomShift, maxAtomShift+1)
	}
}

// TestCacheBounds checks the per-context caches' bounds: the atom
// definitions hold at most maxAtomDefs atoms and the proof memo at most
// maxDecisionMemo outcomes, each emptied when full, and each keeps every
// entry until then.
func TestCacheBounds(t *testing.T) {
	c := mustCtx(t, "")
	m := pl(MustParse("M"))
	for i := 1; i <= maxAtomDefs+1; i++ {
		v, ok := singleAtom(floorDivPoly(m, constPoly(ratInt(int64(i+1)))))
		if !ok {
			t.Fatalf("floor_div(M,%d) is no atom", i+1)
		}
		c.atomDefs(v)
		want := i
		if i > maxAtomDefs {
			want = 1
		}
		if got := len(c.ad.Load().m); got != want {
			t.Fatalf("after %d atoms: %d definitions held, want %d", i, got, want)
		}
	}
	for i := 1; i <= maxDecisionMemo+1; i++ {
		c.memoizeProof([]byte(strconv.Itoa(i)), memoProof{spent: i})
		want := i
		if i > maxDecisionMemo {
			want = 1
		}
		if got := len(c.pm.Load().m); got != want {
			t.Fatalf("after %d proofs: %d outcomes held, want %d", i, got, want)
		}
		if v, ok := c.proofMemoized([]byte(strconv.Itoa(i))); !ok || v.spent != i {
			t.Fatalf("proof %d: not remembered", i)
		}
	}
}

// TestProofWorkAccounting checks the work budget's contract (proofWork,
// proofMemo): ProofWork counts exactly the units that proveNonneg and
// proveLe spend, a remembered outcome charges what it cost (the budget
// left is what it would have been without the memo, for the p >= 0 and
// the p > 0 proof of one difference alike), and only a proof made with
// the whole budget is remembered (one that ran out of a smaller budget
// does not decide a later one).
func TestProofWorkAccounting(t *testing.T) {
	const ctx = "K<=M && N%4==0"
	for _, q := range []struct{ a, b string }{
		{"K", "M"},              // M - K >= 0: the fact itself
		{"K", "M+N"},            // and more
		{"M", "K"},              // no proof
		{"K+1", "M"},            // no proof (M == K is allowed)
		{"4*K", "M*N"},          // a multiple of the fact
		{"M%4", "3"},            // the atom's bound
		{"N", "M%N+N-1"},        // no proof
		{"M", "4*K+M%4"},        // no proof
		{"K*N", "M*N+1"},        // the fact times N
		{"2*K", "M+K+N"},        // the fact and the shift
		{"floor_div(M,4)", "M"}, // the atom's bound
	} {
		a, b := pl(MustParse(q.a)), pl(MustParse(q.b))
		for _, strict := range []bool{false, true} {
			what := fmt.Sprintf("%s <= %s (strict %v) | %s", q.a, q.b, strict, ctx)
			// the reference: one proof within the whole budget, in a
			// fresh context
			ref := mustCtx(t, ctx)
			ta, tb, _ := ref.images(a, b)
			p := subPoly(tb, ta)
			w := proofWork
			_, want := ref.proveNonnegIn(p, strict, &w)
			spent := proofWork - w

			c := mustCtx(t, ctx)
			before := ProofWork()
			if _, ok := c.proveNonneg(p, strict); ok != want {
				t.Errorf("%s: proveNonneg %v, proveNonnegIn %v", what, ok, want)
			}
			if got := ProofWork() - before; got != int64(spent) {
				t.Errorf("%s: ProofWork counted %d units, the proof spent %d", what, got, spent)
			}
			// asked again: remembered, the same units charged
			w2 := proofWork
			if _, ok := c.proveNonnegIn(p, strict, &w2); ok != want || proofWork-w2 != spent {
				t.Errorf("%s: again %v with %d units, first %v with %d", what, ok, proofWork-w2, want, spent)
			}
			// proveLe counts its units too
			c2 := mustCtx(t, ctx)
			before = ProofWork()
			cert := c2.proveLe(a, b, strict)
			if got := ProofWork() - before; got != int64(spent) {
				t.Errorf("%s: proveLe counted %d units, the proof spent %d", what, got, spent)
			}
			if (cert != nil) != want {
				t.Errorf("%s: proveLe %v, proveNonnegIn %v", what, cert != nil, want)
			}
			if !strict {
				continue
			}
			// p > 0 after p >= 0 (which reads p >= 0's remembered failure
			// for its own first steps): the work of p > 0 alone
			c3 := mustCtx(t, ctx)
			w3 := proofWork
			c3.proveNonnegIn(p, false, &w3)
			w3 = proofWork
			if _, ok := c3.proveNonnegIn(p, true, &w3); ok != want || proofWork-w3 != spent {
				t.Errorf("%s after p >= 0: %v with %d units, alone %v with %d", what, ok, proofWork-w3, want, spent)
			}
			// a budget too small for the proof, then a whole one minus
			// one unit: the second is made afresh
			if !want || spent < 2 {
				continue
			}
			c4 := mustCtx(t, ctx)
			small := 1
			c4.proveNonnegIn(p, strict, &small)
			most := proofWork - 1
			if _, ok := c4.proveNonnegIn(p, strict, &most); !ok || proofWork-1-most != spent {
				t.Errorf("%s with %d units after a budget of 1: %v with %d units, want a proof with %d", what, proofWork-1, ok, proofWork-1-most, spent)
			}
		}
	}
}

// TestProveEqImages: proveEq proves a == b where the images over the
// unknowns are identical (M == 2*N makes M's image 2*N), and the
// certificate verifies.
func TestProveEqImages(t *testing.T) {
	for _, tc := range []struct{ ctx, a, b string }{
		{"M==2*N", "M", "2*N"},
		{"M%8==0 && N==M/8", "8*N", "M"},
		{"K==M*N", "K+M", "M*N+M"},
	} {
		c := mustCtx(t, tc.ctx)
		cert := c.proveEq(pl(MustParse(tc.a)), pl(MustParse(tc.b)))
		if cert == nil {
			t.Errorf("%s == %s | %s: not proved", tc.a, tc.b, tc.ctx)
			continue
		}
		if err := Verify(cert); err != nil {
			t.Errorf("%s == %s | %s: %v", tc.a, tc.b, tc.ctx, err)
		}
	}
}
