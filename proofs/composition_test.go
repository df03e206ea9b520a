package proofs_test

import (
	"strings"
	"testing"

	"github.com/cutealg/cutealg/proofs"
	"github.com/cutealg/cutealg/rules"
)

// compositionWalked are requests whose derivations have comp.distribute
// in every case and comp.no-carry in some: a trailing size-1 mode of
// stride _0 that breaks the run before it (issue 13's survivors), a
// dynamic 1 and a symbol assumed 1 inside a run, and a run that holds A's
// last mode (no carry check due).
var compositionWalked = []rules.Request{
	{Op: "composition", Args: []string{"(M,N,_2):(_1,M,_0)", "(_2,_2):(_1,_1)"}},
	{Op: "composition", Args: []string{"(M,N,_2):(_1,L,_0)", "(_2,_2):(_1,_1)"}, Assume: []string{"L == M"}},
	{Op: "composition", Args: []string{"(M,1,N):(_1,_5,M)", "(_2,_2):(_1,_2)"}},
	{Op: "composition", Args: []string{"(M,1,N,_1):(_1,_5,M,_0)", "(_2,_2):(_1,_1)"}},
	{Op: "composition", Args: []string{"(M,L,N,_1):(_1,_5,M,_0)", "(_2,_2):(_1,_1)"}, Assume: []string{"L == 1"}},
}

// Check re-derives a composition's distribution over the modes of B and
// the carry checks due from its own reading of the coalesced A and B:
// dropping any case's comp.distribute or comp.no-carry step is rejected
// at that composition, and the derivations themselves check.
func TestCompositionStepsRequired(t *testing.T) {
	for _, req := range compositionWalked {
		d, err := rules.Derive(req)
		if err != nil {
			t.Fatal(err)
		}
		name := req.Op + "(" + strings.Join(req.Args, ", ") + ")"
		if err := proofs.Check(d); err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		dropped := map[string]int{}
		for _, rule := range []string{"comp.distribute", "comp.no-carry"} {
			for k := 0; ; k++ {
				x := clone(t, d)
				if !nthStep(&x, k, nil, func(c *rules.Case, i int) bool { return c.Steps[i].Rule == rule }, func(c *rules.Case, i int) {
					c.Steps = append(c.Steps[:i:i], c.Steps[i+1:]...)
				}) {
					break
				}
				dropped[rule]++
				err := proofs.Check(x)
				if err == nil || !strings.Contains(err.Error(), rule) {
					t.Errorf("%s with its %d-th %s dropped: Check gives %v, want a rejection naming %s", name, k+1, rule, err, rule)
				}
			}
		}
		if dropped["comp.distribute"] == 0 {
			t.Errorf("%s: no comp.distribute step", name)
		}
	}
}

// A Rejection of the composition walk names the case, the composition
// (the step of its comp.coalesce-lhs) and the step where the walk and
// the derivation part.
func TestCompositionWalkPlace(t *testing.T) {
	// composition((M,N,_2):(_1,M,_0), (_2,_2):(_1,_1)): case 1 (2<=M &&
	// 2<=M*N-1) asks comp.no-carry of modes 0 to 1 of A (step 15), case 3
	// (2<=M && 2>M*N-1) is that condition failing
	comp := func() rules.Derivation {
		d, err := rules.Derive(compositionWalked[0])
		if err != nil {
			t.Fatal(err)
		}
		return clone(t, d)
	}
	for _, c := range []struct {
		name   string
		change func(d *rules.Derivation)
		want   string
	}{
		{"comp.distribute dropped from an error case", func(d *rules.Derivation) {
			s := d.Cases[2].Steps
			d.Cases[2].Steps = append(s[:1:1], s[2:]...)
		}, "case 3: the composition from step 1: step 2 applies comp.step.divide at B mode 0 against mode 0 of A where the walk applies [comp.distribute] at B"},
		{"comp.no-carry dropped", func(d *rules.Derivation) {
			d.Cases[0].Steps = d.Cases[0].Steps[:14]
		}, "case 1: the composition from step 1: no step applies [comp.no-carry] at modes 0 to 1 of A (the walk's steps end early)"},
		{"comp.no-carry at another run's place", func(d *rules.Derivation) {
			d.Cases[0].Steps[14].At = "mode 1 of A"
		}, "case 1: the composition from step 1: step 15 applies comp.no-carry at mode 1 of A where the walk applies [comp.no-carry] at modes 0 to 1 of A"},
		{"comp.no-carry asked twice", func(d *rules.Derivation) {
			d.Cases[0].Steps = append(d.Cases[0].Steps, d.Cases[0].Steps[14])
		}, "case 1 step 16 (comp.no-carry): metavariable s: no carry check is due"},
		{"comp.no-carry of a part of the run", func(d *rules.Derivation) {
			d.Cases[0].Steps[14].Bind["s"] = "M"
		}, "case 1 step 15 (comp.no-carry): "},
	} {
		d := comp()
		c.change(&d)
		err := proofs.Check(d)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: Check gives %v, want a rejection %q...", c.name, err, c.want)
		}
	}
}
