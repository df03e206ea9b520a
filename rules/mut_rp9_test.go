package rules

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/cutealg/cutealg/sym"
)

// runs counts the runs behind an answer's cases: a merged case stands for
// the cases it was merged from.
func runs(bs []Branch[sym.Value]) int {
	n := 0
	for _, b := range bs {
		if len(b.From) > 0 {
			n += runs(b.From)
		} else {
			n++
		}
	}
	return n
}

// The limit on runs is MaxBranches exactly. composition_tiler goes mode
// by mode; a mode (X0,X1):(_1,X0) composed with _4:_1 splits into B's
// rest fitting in X0 (done), X0 dividing it (X1, the last, absorbs the
// rest) or neither (an error, which ends the run): T = 2*T' + 1 runs,
// T' those of the modes after it (1 after the last). With X0 < 4 the
// first case is gone: T = T' + 1. Four plain modes after k such modes
// make 31 + k runs: k = 1 is MaxBranches runs, answered; k = 2 is one run
// past the limit, a NeedsError.
func TestMaxBranchesExactly(t *testing.T) {
	for _, k := range []int{1, 2} {
		var sh, st, tiler, assume []string
		for i := range k + 4 {
			x := string(rune('A' + i))
			sh = append(sh, fmt.Sprintf("(%s0,%s1)", x, x))
			st = append(st, fmt.Sprintf("(_1,%s0)", x))
			tiler = append(tiler, "_4:_1")
			if i < k {
				assume = append(assume, x+"0 < 4")
			}
		}
		req := Request{Op: "composition_tiler", Args: []string{"(" + strings.Join(sh, ",") + "):(" + strings.Join(st, ",") + ")", "<" + strings.Join(tiler, ",") + ">"}, Assume: assume}
		a, err := Compute(req)
		var ne *NeedsError
		switch n := 31 + k; {
		case n <= MaxBranches && (err != nil || runs(a.Branches) != n):
			t.Errorf("%v: %d runs, error %v; want %d runs", req, runs(a.Branches), err, n)
		case n > MaxBranches && !errors.As(err, &ne):
			t.Errorf("%v: error %v, want a NeedsError (%d runs)", req, err, n)
		}
	}
}

// The limit on steps is MaxSteps exactly: make_layout_left of n dynamic
// 1s makes n+2 steps (its rule, one stride per mode, the answer), so
// n = MaxSteps-2 is answered, as the concrete engine answers it, and
// n = MaxSteps-1 is refused.
func TestMaxStepsExactly(t *testing.T) {
	for _, n := range []int{MaxSteps - 2, MaxSteps - 1} {
		args := []string{"(" + strings.TrimSuffix(strings.Repeat("1,", n), ",") + ")"}
		a, err := Compute(Request{Op: "make_layout_left", Args: args})
		if err != nil || len(a.Branches) != 1 {
			t.Fatalf("make_layout_left of %d 1s: %v, %d cases", n, err, len(a.Branches))
		}
		b := a.Branches[0]
		if n+2 <= MaxSteps {
			if b.Err != nil || len(b.Steps) != MaxSteps {
				t.Errorf("make_layout_left of %d 1s: %d steps, error %v; want %d steps", n, len(b.Steps), b.Err, MaxSteps)
			}
			if msg, ok := againstConcrete("make_layout_left", args); msg != "" || !ok {
				t.Errorf("make_layout_left of %d 1s: %s (concrete answered: %v)", n, msg, ok)
			}
		} else if b.Err == nil || !strings.Contains(b.Err.Error(), fmt.Sprintf("more than %d steps", MaxSteps)) {
			t.Errorf("make_layout_left of %d 1s: error %v, want more than %d steps", n, b.Err, MaxSteps)
		}
	}
}

// merge leaves no two cases it could join (their guards differ in one
// condition and its negation, their outcomes alike), whatever order the
// merges take. Here the first merge joins a and its sibling (c, d split),
// the second joins that with a,!b,!c; the third must join the result with
// a,b though a,b was refused against !a,b (other errors) before: the
// refusal names the cases, not the places they held.
func TestMergeToFixpoint(t *testing.T) {
	e1, e2, e3 := errors.New("e1"), errors.New("e2"), errors.New("e3")
	br := func(guards string, err error) Branch[sym.Value] {
		cs, perr := sym.ParseConds(guards)
		if perr != nil {
			t.Fatal(perr)
		}
		return Branch[sym.Value]{Guards: cs, Err: err}
	}
	in := []Branch[sym.Value]{
		br("A > 1 && B > 1", e1),
		br("A > 1 && B <= 1 && C > 1 && D > 1", e1),
		br("A > 1 && B <= 1 && C > 1 && D <= 1", e1),
		br("A > 1 && B <= 1 && C <= 1", e1),
		br("A <= 1 && B <= 1", e3),
		br("A <= 1 && B > 1", e2),
	}
	got := merge(sym.NewCtx(), Answer[sym.Value]{Branches: in}, false)
	want := map[string]string{"A<=1&&B<=1": "e3", "A<=1&&B>1": "e2", "A>1": "e1"}
	if len(got.Branches) != len(want) {
		t.Errorf("merge gives %d cases, want %d", len(got.Branches), len(want))
	}
	for _, b := range got.Branches {
		if g := sym.FormatConds(b.Guards); want[g] != fmt.Sprint(b.Err) {
			t.Errorf("case %s: %v, want %s", g, b.Err, want[g])
		}
	}
}

// dividesNow decides constant pairs exactly: d divides n where n = q*d
// for an integer q (0 divides only 0). (It is asked directly: divides'
// memo holds the condition sym.Divisible(0, n), one text for every n.)
func TestDividesConstants(t *testing.T) {
	w := &world{ctx: sym.NewCtx()}
	for d := int64(-6); d <= 6; d++ {
		for n := int64(-13); n <= 13; n++ {
			want := sym.False
			for q := int64(-13); q <= 13; q++ {
				if q*d == n {
					want = sym.True
				}
			}
			if got := w.dividesNow(sym.Const(d), sym.Const(n)); got != want {
				t.Errorf("dividesNow(%d, %d) = %v, want %v", d, n, got, want)
			}
		}
	}
}
