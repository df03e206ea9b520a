package proofs

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cutealg/cutealg/rules"
)

// carryRuns re-derives the runs the carry checks are asked of from the
// coalesced A: each run of modes on which A is linear (size-1 modes, a
// dynamic 1 or a symbol known to be 1, skipped), but the one that holds
// A's last mode; a last mode that breaks the run is a run of its own.
func TestCarryRuns(t *testing.T) {
	for _, c := range []struct {
		assume []string
		a      string
		guards []string
		want   string // each run's place and size
	}{
		// two runs (a gap: stride 3*M after 2*M), the last mode _1:_0
		{nil, "(M,_2,N,_2,_1):(_1,M,_3*M,_3*M*N,_0)", nil, "modes 0 to 1 of A: 2*M; modes 2 to 3 of A: 2*N"},
		// a dynamic 1 and a symbol known to be 1 inside a run
		{[]string{"L == 1"}, "(M,1,_2,L,N,_4):(_1,_7,M,_9,_2*M,_0)", nil, "modes 0 to 4 of A: 2*M*N"},
		// contiguous under a guard only: one run there, two without it
		{nil, "(M,N,_2):(_1,L,_0)", []string{"L == M"}, "modes 0 to 1 of A: M*N"},
		{nil, "(M,N,_2):(_1,L,_0)", nil, "mode 0 of A: M; mode 1 of A: N"},
		// the run holds A's last mode: none asked
		{nil, "(M,N):(_1,M)", nil, ""},
		{nil, "(M,1,N):(_1,_5,M)", nil, ""},
		// a layout of one mode: that mode is the last
		{nil, "M:_1", nil, ""},
	} {
		c0 := testChecker(t, c.assume, "composition", c.a, "_2:_1")
		w, _, err := c0.startComposition([]rules.Step{{Rule: "comp.coalesce-lhs", After: "composition(" + c.a + ",_2:_1)"}}, 0, nil)
		if err != nil {
			t.Fatalf("%s: %v", c.a, err)
		}
		var got []string
		for _, r := range c0.carryRuns(w.shape, w.stride, conds(t, c.guards...)) {
			got = append(got, fmt.Sprintf("%s: %s", r.place(), r.size))
		}
		if strings.Join(got, "; ") != c.want {
			t.Errorf("carryRuns of %s under %v %v = %q, want %q", c.a, c.assume, c.guards, strings.Join(got, "; "), c.want)
		}
	}
	// no coalesced A before the step
	if _, err := testChecker(t, nil, "composition", "M:_1", "_2:_1").noCarrySize([]rules.Step{{Rule: "comp.leaf"}}, nil); err == nil {
		t.Error("noCarrySize with no step of comp.coalesce-lhs: no error")
	}
}

// nextCarryRun re-derives comp.no-carry's s and t from the steps before
// it: composition((M,N,_2):(_1,M,_0), (_2,_2):(_1,_1)) asks it of modes 0
// to 1 of A (s = M*N) in case 1, where each leaf takes 2 of mode 0 (t =
// 1+1), and of mode 1 alone in case 2 (M < 2), where each takes all of
// mode 0 and 2/M of mode 1 (t = 2*(2/M-1)).
func TestNextCarryRun(t *testing.T) {
	req := rules.Request{Op: "composition", Args: []string{"(M,N,_2):(_1,M,_0)", "(_2,_2):(_1,_1)"}}
	d, err := rules.Derive(req)
	if err != nil {
		t.Fatal(err)
	}
	c, err := newChecker(d)
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []string{"modes 0 to 1 of A: s=M*N t=2", "mode 1 of A: s=N t=4/M-2"} {
		steps := d.Cases[i].Steps
		k := len(steps) - 1
		if steps[k].Rule != "comp.no-carry" {
			t.Fatalf("case %d ends with %s, not comp.no-carry", i+1, steps[k].Rule)
		}
		rn, err := c.nextCarryRun(steps[:k])
		if err != nil {
			t.Fatalf("case %d: %v", i+1, err)
		}
		if got := fmt.Sprintf("%s: s=%s t=%s", rn.place(), rn.size, rn.sum); got != want {
			t.Errorf("case %d: the run due is %s, want %s", i+1, got, want)
		}
		// and none after it
		if _, err := c.nextCarryRun(steps); err == nil {
			t.Errorf("case %d: a second carry check is due", i+1)
		}
	}
}
