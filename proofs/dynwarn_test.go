package proofs_test

import (
	"testing"

	"github.com/cutealg/cutealg/proofs"
	"github.com/cutealg/cutealg/rules"
)

// TestRuntimeWarningFollowsTheChain: a dynamic-mode case that fires
// comp.step.bad with CuTe's run-time values may go without its warning
// only where an alternative of comp.step holds at every binding with,
// for comp.step.divide, an alternative of comp.take (the group continuing
// it) after it. _3:2*M under M <= 2 reaches comp.step.divide at M=1 with
// 3 elements over 2 (neither comp.take alternative holds): its case
// without the warning is refused. _2:2*M needs no warning.
func TestRuntimeWarningFollowsTheChain(t *testing.T) {
	derive := func(b string) rules.Derivation {
		d, err := rules.Derive(rules.Request{Op: "composition", Args: []string{"(_4,_8):(_1,_16)", b}, Assume: []string{"M <= 2"}, Dynamic: true})
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	for _, b := range []string{"_3:2*M", "_2:2*M"} {
		if err := proofs.Check(derive(b)); err != nil {
			t.Errorf("composition((_4,_8):(_1,_16), %s): %v", b, err)
		}
	}
	if d := derive("_2:2*M"); len(d.Cases[0].Warnings) != 0 {
		t.Errorf("composition((_4,_8):(_1,_16), _2:2*M) warns: %v", d.Cases[0].Warnings)
	}
	checkWalkRows(t, []walkRow{
		{"composition((_4,_8):(_1,_16), _3:2*M) without its warning", derive("_3:2*M"),
			func(d *rules.Derivation) { d.Cases[0].Warnings = nil },
			"case 1 step 2 (comp.step.bad): the case does not warn that CuTe's value may break R(i) == A(B(i))"},
	})
}
