package proofs

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/cutealg/cutealg/rules"
	"github.com/cutealg/cutealg/sym"
)

// testChecker is the checker of a derivation of op(args) under the
// assumptions (no cases: the parts of Check are tested one by one).
func testChecker(t *testing.T, assume []string, op string, args ...string) *checker {
	t.Helper()
	c, err := newChecker(rules.Derivation{Op: op, Args: args, Assume: assume})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func conds(t *testing.T, texts ...string) []sym.Cond {
	t.Helper()
	cs, err := parseConds(texts)
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

// upperBound reads the bound s <= b of each form smallBox documents:
// s<=c, s<c, s==c, c>=s, c>s and c%s==0 (s divides c > 0), and no other.
func TestUpperBound(t *testing.T) {
	for _, c := range []struct {
		cond string
		b    int64 // -1: none
	}{
		{"M <= 5", 5}, {"M < 5", 4}, {"M == 3", 3}, {"5 >= M", 5}, {"5 > M", 4},
		{"12 % M == 0", 12},
		{"M >= 5", -1}, {"M != 5", -1}, {"M % 12 == 0", -1}, {"12 % M != 0", -1},
		{"N <= 5", -1}, {"12 % N == 0", -1}, {"M*N <= 5", -1},
	} {
		b, ok := upperBound(conds(t, c.cond), "M")
		if ok != (c.b >= 0) || ok && b != c.b {
			t.Errorf("upperBound(%s, M) = %d, %v, want %d", c.cond, b, ok, c.b)
		}
	}
}

// smallBox lists every binding of the symbols to 1..hi, hi 8 for up to 4
// symbols and halved for each further one down to 2, and is complete
// exactly when every symbol is bounded by hi.
func TestSmallBox(t *testing.T) {
	names := []string{"A", "B", "C", "D", "E", "F", "G"}
	his := []int64{8, 8, 8, 8, 4, 2, 2}
	for n := 1; n <= len(names); n++ {
		c := &checker{symbols: names[:n]}
		box, complete := c.smallBox(nil)
		want := 1
		for range n {
			want *= int(his[n-1])
		}
		if len(box) != want || complete {
			t.Errorf("%d symbols: %d bindings (complete %v), want %d (not complete)", n, len(box), complete, want)
		}
		seen := map[string]bool{}
		for _, b := range box {
			for _, s := range names[:n] {
				if b[s] < 1 || b[s] > his[n-1] {
					t.Fatalf("%d symbols: binding %v out of the box", n, b)
				}
			}
			seen[bindingText(b)] = true
		}
		if len(seen) != want {
			t.Errorf("%d symbols: %d distinct bindings, want %d", n, len(seen), want)
		}
	}
	c := &checker{symbols: []string{"M", "N"}}
	for _, x := range []struct {
		conds    []string
		complete bool
	}{
		{[]string{"M <= 8", "N < 9"}, true},
		{[]string{"M <= 8", "8 % N == 0"}, true},
		{[]string{"M <= 9", "N <= 8"}, false},
		{[]string{"M <= 8"}, false},
	} {
		if _, complete := c.smallBox(conds(t, x.conds...)); complete != x.complete {
			t.Errorf("smallBox(%v): complete %v, want %v", x.conds, complete, x.complete)
		}
	}
}

// covers follows at most 64 nested splits, and fails closed (false)
// beyond: a list of n conditions, each implied by the assumptions, takes
// n-1 nested splits before its last one.
func TestCoversDepth(t *testing.T) {
	ctx, err := sym.Assume("M % 128 == 0")
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range []struct {
		n    int
		want bool
	}{{3, true}, {65, true}, {66, false}} {
		var l []sym.Cond
		for k := 1; k <= x.n; k++ {
			l = append(l, conds(t, fmt.Sprintf("M >= %d", k))...)
		}
		if got := covers(ctx, [][]sym.Cond{l}, 0); got != x.want {
			t.Errorf("covers of %d conditions = %v, want %v", x.n, got, x.want)
		}
	}
}

// Where sym's sampler draws no binding (K*K == 2*M*M+1, a Pell equation
// whose smallest solution is K=3, M=2), sample searches the small box:
// it returns the bindings found there (each satisfying the assumptions and
// the conditions), and, where the box is not complete (a symbol not
// bounded within it) and holds none, fails for want of a binding.
func TestSampleBox(t *testing.T) {
	c := testChecker(t, []string{"K*K == 2*M*M+1"}, "composition", "K:M", "M:K")
	if bs := c.ctx.Sample(c.symbols, 4, 7); len(bs) != 0 {
		t.Fatalf("sym's sampler draws %v: the test no longer reaches the box", bs)
	}
	for _, x := range []struct {
		conds []string
		n     int // bindings wanted back
		err   bool
	}{
		{nil, 1, false},
		{[]string{"K <= 8", "M <= 8"}, 1, false},
		{[]string{"K <= 2"}, 0, true},
	} {
		cs := conds(t, x.conds...)
		bs, err := c.sample(cs, 4)
		if (err != nil) != x.err || len(bs) != x.n {
			t.Errorf("sample(%v) = %v, %v: want %d bindings (error %v)", x.conds, bs, err, x.n, x.err)
		}
		for _, b := range bs {
			if c.ctx.Satisfies(b) != nil || !holdsAll(cs, b) {
				t.Errorf("sample(%v): %v breaks them", x.conds, b)
			}
		}
	}
}

// A certificate shows exactly what its claim states: a proof of M <= 5
// (resting on the assumption M <= 4, or M <= 5) shows M <= 5, and shows
// M < 5 only as a strict claim (M < 5, verified with a positive constant).
func TestCertifiedStrict(t *testing.T) {
	cert := func(assume, claim string) json.RawMessage {
		ctx, err := sym.Assume(assume)
		if err != nil {
			t.Fatal(err)
		}
		cs, err := ctx.Decide(conds(t, "M <= 5")[0]).Certificates()
		if err != nil || len(cs) == 0 || cs[0].Claim.Op != sym.ClaimLe {
			t.Fatalf("the proof of M <= 5 under %s: %v %v", assume, cs, err)
		}
		raw, err := json.Marshal(cs[0])
		if err != nil {
			t.Fatal(err)
		}
		if claim != "<=" {
			// encoding/json writes < as \u003c
			strict := strings.Replace(string(raw), `"op":"\u003c="`, `"op":"\u003c"`, 1)
			if strict == string(raw) {
				t.Fatalf("no claim <= in %s", raw)
			}
			raw = []byte(strict)
		}
		return raw
	}
	for _, x := range []struct {
		assume, claim, cond string
		ok                  bool
	}{
		{"M <= 5", "<=", "M <= 5", true},
		{"M <= 5", "<=", "M < 5", false},
		{"M <= 4", "<=", "M < 5", false},
		{"M <= 4", "<", "M < 5", true},
		{"M <= 4", "<", "M <= 5", true},
	} {
		c := testChecker(t, []string{x.assume}, "composition", "M:1", "1:1")
		xs, err := condsOf("test", x.cond, nil)
		if err != nil {
			t.Fatal(err)
		}
		err = c.certified(xs[0], true, []json.RawMessage{cert(x.assume, x.claim)}, nil)
		if (err == nil) != x.ok {
			t.Errorf("under %s, a %s certificate of M, 5 for %s: %v, want accepted %v", x.assume, x.claim, x.cond, err, x.ok)
		}
	}
}

// redecide accepts a condition without a certificate only where the
// assumptions and guards decide it.
func TestRedecide(t *testing.T) {
	c := testChecker(t, []string{"M % 4 == 0"}, "composition", "M:1", "1:1")
	for _, x := range []struct {
		cond   string
		guards []string
		ok     bool
	}{
		{"M >= 4", nil, true},
		{"M >= 8", nil, false},
		{"M >= 8", []string{"M != 4"}, true},
		{"M < 4", nil, false},
	} {
		err := c.redecide(conds(t, x.cond)[0], conds(t, x.guards...))
		if (err == nil) != x.ok {
			t.Errorf("redecide(%s) under %v: %v, want accepted %v", x.cond, x.guards, err, x.ok)
		}
	}
}

// A step claims what its rule's claims line says: op.answer claims the
// request itself, comp.distribute a composition, a rule without claims
// nothing.
func TestClaimKind(t *testing.T) {
	c := testChecker(t, nil, "composition", "(4,2):(1,4)", "_4:_2")
	for _, x := range []struct {
		rule, before, after string
		ok                  bool
	}{
		{"op.answer", "composition((4,2):(1,4),_4:_2)", "4:2", true},
		{"op.answer", "composition((4,2):(1,4),_2:_2)", "2:2", false},
		{"op.answer", "4:2", "4:2", false},
		{"comp.distribute", "composition(4:1,(2,2):(1,2))", "(composition(4:1,2:1),composition(4:1,2:2))", true},
		{"comp.distribute", "coalesce(4:1)", "4:1", false},
		{"compl.hole", "", "", true},
		{"compl.hole", "composition(4:1,2:1)", "2:1", false},
	} {
		r, ok := c.set.Rule(x.rule)
		if !ok {
			t.Fatalf("no rule %s", x.rule)
		}
		err := c.claimKind(r, rules.Step{Rule: x.rule, Before: x.before, After: x.after})
		if (err == nil) != x.ok {
			t.Errorf("%s claiming %s == %s: %v, want accepted %v", x.rule, x.before, x.after, err, x.ok)
		}
	}
}

// A rule fired with run-time values still meets CuTe's static_assert
// (its asserts line) wherever its integers are all static, whatever the
// case warns.
func TestRuntimeStepAsserts(t *testing.T) {
	c := testChecker(t, nil, "composition", "M:1", "M:1")
	r, ok := c.set.Rule("comp.step.bad")
	if !ok || r.Asserts == "" {
		t.Fatal("comp.step.bad has no asserts line")
	}
	warning := fmt.Sprintf("CuTe's value may break %s (rule %s at B, ", r.Unchecked, r.ID)
	for _, x := range []struct {
		r, s sym.Int
		ok   bool
	}{
		{sym.S(2), sym.S(4), true},
		{sym.S(8), sym.S(4), false},
		{sym.Int{E: sym.Const(8)}, sym.S(4), true}, // r dynamic: not CuTe's static_assert
	} {
		env := map[string]sym.Int{"r": x.r, "s": x.s, "d": sym.S(1), "n": sym.S(2)}
		err := c.runtimeStep(r, "B", env, nil, []string{warning + "...)"})
		if (err == nil) != x.ok {
			t.Errorf("r=%v s=%v: %v, want accepted %v", x.r, x.s, err, x.ok)
		}
	}
}

// The spot check compares where the symbols are in their domain: a
// binding where a side or the comparison leaves int64 is passed over
// (finding 35: the request's value and the answer are one layout whose
// size leaves int64 at M >= 8, and CuTe's value there is that layout), a
// wrong claim is still refused at the bindings in range, and a claim
// compared at no binding at all is refused.
func TestSpotCheckDomain(t *testing.T) {
	c := testChecker(t, nil, "downcast", "(_1099511627776,M):(_1,_1099511627776)", "1048576")
	for _, x := range []struct {
		after, want string // want: the start of the error, "" for none
	}{
		{"(_1152921504606846976,M):(_1,_1152921504606846976)", ""},
		{"(_1152921504606846976,M):(_2,_1152921504606846976)", "downcast((_1099511627776,M):(_1,_1099511627776),1048576) != (_1152921504606846976,M):(_2,_1152921504606846976) at M="},
		{"(_4611686018427387904,_4):(_1,_0)", "downcast((_1099511627776,M):(_1,_1099511627776),1048576) and (_4611686018427387904,_4):(_1,_0): at none of the"},
	} {
		after, err := parseTerm(x.after)
		if err != nil {
			t.Fatal(err)
		}
		// many bindings, so that both sides of M = 8 are drawn
		err = c.spotCheck(c.request, after, nil, 64)
		switch {
		case x.want == "" && err != nil:
			t.Errorf("%s: %v", x.after, err)
		case x.want != "" && (err == nil || !strings.HasPrefix(err.Error(), x.want)):
			t.Errorf("%s: %v, want an error starting %q", x.after, err, x.want)
		}
	}
	bs, err := c.sample(nil, 64)
	if err != nil {
		t.Fatal(err)
	}
	small, large := false, false
	for _, b := range bs {
		small, large = small || b["M"] < 8, large || b["M"] >= 8
	}
	if !small || !large {
		t.Errorf("the bindings %v miss one side of M = 8", bs)
	}
}
