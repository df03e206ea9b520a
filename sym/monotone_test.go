package sym

import "testing"

// TestDecisionsMonotone: a decision that is True under some assumptions
// stays True under more (the allowed bindings only shrink). Finding 32 in
// docs/verification.md: a congruence becomes a substitution K = 2*K'+1,
// and the order proofs must bound the reciprocal of the sum (and of a
// group atom min(y,y)) by its lower bound.
func TestDecisionsMonotone(t *testing.T) {
	rows := []struct{ fewer, more, q string }{
		{"", "M % 8 == 0", "1/M <= 1"},
		{"", "M >= 4", "2/M <= 2"},
		{"", "K%2*8 != 0", "2/K <= 2"},
		{"", "K%2 != 0", "2/K <= 2"},
		{"", "K%2 == 1", "1/K <= M"},
		{"N >= 1", "N % 3 == 2", "N/N >= 1"},
		// finding 32's shape: a congruence makes K a sum, and the
		// reciprocal of a sum (or of a group atom) is bounded by the sum's
		// lower bound
		{"", "K%3 == 2", "3/K <= 3"},
		{"", "K%4 == 3", "1/K <= M"},
		{"", "K%2 != 0", "M/K <= M"},
		{"", "K%5 == 1 && N%3 == 2", "1/K+1/N <= 2"},
		{"", "K%2 == 1 && N%2 == 1", "1/K/N <= 1"},
		{"", "K%7 == 3", "K/min(K+1,K+1) < 1"},
		{"", "K >= 3", "1/min(K+1,K+1) <= 1"},
		{"", "K%2 == 1", "1/min(K+1,K+1) <= 1"},
		{"M >= 2", "M%3 == 2", "2/min(M+N,M+N) <= 2/3"},
		{"", "M%4 == 1 && N >= M", "M/min(M+N,M+N) <= 1"},
	}
	for _, r := range rows {
		fewer, more := mustCtx(t, r.fewer), mustCtx(t, r.more)
		if r.fewer != "" {
			var err error
			if more, err = more.With(r.fewer); err != nil {
				t.Fatal(err)
			}
		}
		d0, err := fewer.DecideText(r.q)
		if err != nil {
			t.Fatal(err)
		}
		if d0.Truth != True {
			t.Fatalf("%s under %q: %v, want True (the row's premise)", r.q, r.fewer, d0.Truth)
		}
		d1, err := more.DecideText(r.q)
		if err != nil {
			t.Fatal(err)
		}
		if d1.Truth != True {
			t.Errorf("%s is %v under %q, True under fewer assumptions %q", r.q, d1.Truth, r.more, r.fewer)
		}
	}
}

// TestDividesMonotone: a divisibility proved under some assumptions stays
// proved under more. Under K%2!=0, K is 2*K'+1, and 2/K divides 2 by the
// quotient K, which Verify multiplies against the reciprocal of the sum
// (found by the composition of TestCompositionCarryRuns' "two runs",
// whose guard K%2!=0 then branched past the cap).
func TestDividesMonotone(t *testing.T) {
	for _, r := range []struct{ fewer, more, a, b string }{
		{"", "K%2 != 0", "2/K", "2"},
		{"", "K%3 == 1", "M/K", "M"},
		{"", "K%2 == 1 && N%2 == 1", "M/K/N", "M"},
		{"", "K%2 != 0", "4/K", "4*M"},
	} {
		a, b := MustParse(r.a), MustParse(r.b)
		if d := mustCtx(t, r.fewer).Divides(a, b); d.Truth != True {
			t.Fatalf("%s divides %s under %q: %v, want True (the row's premise)", r.a, r.b, r.fewer, d.Truth)
		}
		more := mustCtx(t, r.more)
		if d := more.Divides(a, b); d.Truth != True {
			t.Errorf("%s divides %s: %v under %q, True under fewer assumptions %q", r.a, r.b, d.Truth, r.more, r.fewer)
		}
		if !more.ProvesDivides(a, b) {
			t.Errorf("%s divides %s: not proved under %q, proved under fewer assumptions %q", r.a, r.b, r.more, r.fewer)
		}
	}
}
