package sym

import (
	"errors"
	"strings"
	"testing"
)

// TestWithCacheBound: the cache of children keeps every child until it
// holds maxWithCache of them, and never more (it is emptied when full).
func TestWithCacheBound(t *testing.T) {
	c := &ctxCache{m: map[withKey]withResult{}}
	parent := NewCtx()
	key := func(i int) withKey { return withKey{parent: parent, conds: strings.Repeat("x", i)} }
	for i := 0; i < maxWithCache; i++ {
		c.put(key(i), withResult{ctx: parent})
	}
	for i := 0; i < maxWithCache; i++ {
		if _, ok := c.get(key(i)); !ok {
			t.Fatalf("entry %d of %d lost before the cache was full", i, maxWithCache)
		}
	}
	c.put(key(maxWithCache), withResult{ctx: parent})
	if n := len(c.m); n > maxWithCache || n == 0 {
		t.Fatalf("after one entry past a full cache it holds %d (at most %d, at least the new one)", n, maxWithCache)
	}
	if _, ok := c.get(key(maxWithCache)); !ok {
		t.Fatal("the entry put into a full cache is lost")
	}
}

// TestCloneMapOfNothing: cloneMap of a nil or empty map is a new empty map
// that can be written.
func TestCloneMapOfNothing(t *testing.T) {
	for _, m := range []map[*variable]int{nil, {}} {
		out := cloneMap(m)
		if out == nil || len(out) != 0 {
			t.Fatalf("cloneMap(%v) = %v, want an empty map", m, out)
		}
		out[unknownVar("U'1", 1)] = 1
		if len(m) != 0 {
			t.Fatal("writing the clone wrote the original")
		}
	}
}

// bruteTruth evaluates q at every binding of the symbols of the
// assumptions and q to 1..top that satisfies the assumptions: all reports
// whether q holds at each (vacuously true when none does), some whether one
// satisfies the assumptions at all.
func bruteTruth(t *testing.T, conds []Cond, q *Cond, top int64) (all, some bool) {
	t.Helper()
	cs := conds
	if q != nil {
		cs = append(append([]Cond(nil), conds...), *q)
	}
	names := sortedSymbols(map[string]bool{}, cs)
	all = true
	b := Binding{}
	var walk func(i int)
	walk = func(i int) {
		if i == len(names) {
			if !allowed(conds, b) {
				return
			}
			some = true
			if q != nil {
				if h, err := q.Holds(b); err != nil || !h {
					all = false
				}
			}
			return
		}
		for v := int64(1); v <= top; v++ {
			b[names[i]] = v
			walk(i + 1)
		}
	}
	walk(0)
	return all, some
}

// TestCompiledDecisions: decisions under assumptions that exercise the
// compilation's paths (congruences with one value left, bounds met exactly,
// x%2 compared with a remainder, atoms that an equation fixes, maxima whose
// order a proof settles) agree with brute force over a box: a True holds at
// every allowed binding of the box, a False fails at one, and the wanted
// answer is the one that the assumptions imply (said in each case).
func TestCompiledDecisions(t *testing.T) {
	cases := []struct {
		ctx, q string
		want   Truth
		top    int64
	}{
		// M/8 is an integer and M <= 8, M/8 >= 1: M = 8 (one value left)
		{"8 >= M && M/8 >= 1", "M == 8", True, 40},
		// x%2 >= 1 is x odd, x%2 < 1 x even, x%2 != 0 x odd
		{"M % 2 >= 1", "M % 2 == 1", True, 20},
		{"M % 2 >= 1", "M % 2 == 0", False, 20},
		{"M % 2 < 1", "M % 2 == 0", True, 20},
		{"M % 2 != 0", "M % 2 == 1", True, 20},
		{"M % 2 != 1", "M % 2 == 0", True, 20},
		{"M % 2 > 0", "M % 2 == 1", True, 20},
		// an equation fixes min(M,N) to 3
		{"M % 4 == 0 && min(M,N) == 3", "min(M,N) == 3", True, 12},
		// the bound of M carried to its multiple
		{"M >= 5 && M % N == 0", "M >= 5", True, 12},
		// K = M-4 >= 1 bounds M before M/N makes it a multiple of N
		{"M - 4 == Z && M/N == P", "M >= 5", True, 12},
		{"M - 4 == Z && M/N == P", "M >= 6", False, 12},
		// a kept congruence fixes the atom (M*N)%4
		{"M*N % 4 == 1", "M*N % 4 + M >= 2", True, 12},
		{"M*N % 4 == 1 && M*N % 4 <= 1", "M*N % 4 == 1", True, 12},
		// the maximum of two ordered values, in either order
		{"M <= N", "max(N,M) == N", True, 12},
		{"M <= N", "max(M,N) == N", True, 12},
		{"M <= N", "min(N,M) == M", True, 12},
		{"N <= M", "max(M,N) == M", True, 12},
		{"N <= M", "max(N,M) >= M", True, 12},
		// M%-3 lies in (-3, 0]
		{"", "M % -3 <= 0", True, 12},
		{"", "M % -3 >= 0", False, 12},
		{"", "M % -3 < 0", False, 12},
	}
	for _, tc := range cases {
		ctx := mustCtx(t, tc.ctx)
		var conds []Cond
		if tc.ctx != "" {
			conds = mustConds(t, tc.ctx)
		}
		q := mustConds(t, tc.q)[0]
		all, some := bruteTruth(t, conds, &q, tc.top)
		if !some {
			t.Fatalf("%s: no binding in the box", tc.ctx)
		}
		if (tc.want == True) != all {
			t.Fatalf("%s: %s: the case's answer %s disagrees with brute force", tc.ctx, tc.q, tc.want)
		}
		for _, off := range []bool{false, true} {
			var d CondDecision
			var err error
			decide := func() { d, err = ctx.DecideText(tc.q) }
			if off {
				withPathsOff(decide)
			} else {
				decide()
			}
			if err != nil {
				t.Fatal(err)
			}
			if d.Truth != tc.want {
				t.Errorf("under %s (fast paths off: %v): %s is %s, want %s", tc.ctx, off, tc.q, d.Truth, tc.want)
			}
		}
	}
}

// TestCompiledInconsistent: assumptions with no binding are refuted by the
// exhaustive search over bounded unknowns (at most 4096 points, exactly
// 4096 included), brute force confirming that no binding satisfies them.
func TestCompiledInconsistent(t *testing.T) {
	cases := []struct {
		ctx string
		top int64
	}{
		// M = 3, N = 1 lies just past the upper bound of M
		{"M <= 2 && N <= 2 && M*N == 3", 4},
		// 4093 is a prime: no product of two values in 1..64
		{"M <= 64 && N <= 64 && M*N == 4093", 64},
		// 3601 = 13*277: no product of two values in 60..64
		{"M >= 60 && M <= 64 && N >= 60 && N <= 64 && M*N == 3601", 64},
		// a kept congruence fixes (M*N)%4: a second remainder, or a bound
		// that the remainder violates
		{"M*N % 4 == 1 && M*N % 4 == 2", 12},
		{"M*N % 4 == 1 && M*N % 4 >= 2", 12},
		{"M*N % 4 == 1 && M*N % 4 != 1", 12},
	}
	for _, tc := range cases {
		if _, some := bruteTruth(t, mustConds(t, tc.ctx), nil, tc.top); some {
			t.Fatalf("%s: a binding satisfies it", tc.ctx)
		}
		_, err := NewCtx().With(tc.ctx)
		var ie *InconsistentError
		if !errors.As(err, &ie) {
			t.Errorf("%s: got %v, want an inconsistency", tc.ctx, err)
		}
	}
}

// TestInconsistentNamesTheAssumption: the reason of an inconsistency names
// the assumptions that contradict each other, the first one included (a
// fact false where a kept congruence fixes its atom names both).
func TestInconsistentNamesTheAssumption(t *testing.T) {
	for _, src := range []string{
		"M < 1", "M % 4 == 5", "M % 4 == 4",
		"M*N % 4 == 1 && M*N % 4 == 2",
		"M*N % 4 == 1 && M*N % 4 >= 2",
		"M*N % 4 == 1 && M*N % 4 != 1",
	} {
		_, err := NewCtx().With(src)
		var ie *InconsistentError
		if !errors.As(err, &ie) {
			t.Fatalf("%s: got %v, want an inconsistency", src, err)
		}
		for _, cd := range mustConds(t, src) {
			if !strings.Contains(ie.Reason, cd.String()) {
				t.Errorf("%s: the reason %q does not name %s", src, ie.Reason, cd)
			}
		}
	}
}

// TestSimplifyByFixingEquation: an equation of the assumptions that fixes
// an atom to a constant replaces it, whatever equations come before it in
// the canonical order; the result equals the expression at every allowed
// binding of a box.
func TestSimplifyByFixingEquation(t *testing.T) {
	cases := []struct{ ctx, e, want string }{
		{"M % 4 == 0 && min(M,N) == 3", "min(M,N)", "3"},
		{"M % 4 == 0 && min(M,N) == 3", "min(M,N) + N", "N+3"},
		{"M % 4 == 0 && K == M + 1 && max(M,N) == 8", "max(M,N)", "8"},
	}
	for _, tc := range cases {
		ctx := mustCtx(t, tc.ctx)
		got := ctx.Simplify(MustParse(tc.e))
		if got.String() != tc.want {
			t.Errorf("under %s: Simplify(%s) = %s, want %s", tc.ctx, tc.e, got, tc.want)
		}
		q := Cond{Rel: EQ, X: MustParse(tc.e), Y: got}
		if all, some := bruteTruth(t, mustConds(t, tc.ctx), &q, 12); !all || !some {
			t.Errorf("under %s: %s differs from Simplify's %s (or no binding)", tc.ctx, tc.e, got)
		}
	}
}
