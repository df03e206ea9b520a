package proofs_test

import (
	"testing"

	"github.com/cutealg/cutealg/proofs"
	"github.com/cutealg/cutealg/rules"
)

// TestStrideZeroDynamicOneMode: an error case that says CuTe divides by a
// dynamic stride 0 of B where the coalesced A has one mode is refused
// (finding 41: CuTe's integral shortcut n:r*d divides by nothing, and the
// engine gave that error for logical_product(_1:_1, (M,M,M):(_1,_1,0))).
func TestStrideZeroDynamicOneMode(t *testing.T) {
	// the step of the rule, as the engine writes it where A has two modes
	two := assumed(t, nil, "composition", "(M,N):(_1,M)", "N:0")
	var zero rules.Step
	for _, st := range two.Cases[0].Steps {
		if st.Rule == "comp.stride-zero-dynamic" {
			zero = st
		}
	}
	if zero.Rule == "" {
		t.Fatalf("composition((M,N):(_1,M), N:0): no comp.stride-zero-dynamic step: %+v", two.Cases)
	}
	toError := func(d *rules.Derivation) {
		c := &d.Cases[0]
		i := stepIndex(t, c, "comp.lhs-integral", "B")
		c.Steps = append(c.Steps[:i:i], zero)
		c.Result, c.Error = "", two.Cases[0].Error
	}
	checkWalkRows(t, []walkRow{
		{"composition(M:_2, N:0) made the error comp.stride-zero-dynamic",
			assumed(t, nil, "composition", "M:_2", "N:0"), toError,
			"case 1: the composition from step 1: step 2 (comp.stride-zero-dynamic at B): A has one mode, where CuTe does not divide by B's stride"},
	})
	// and the engine's own derivations of both are accepted
	for _, d := range []rules.Derivation{two, assumed(t, nil, "composition", "M:_2", "N:0"), assumed(t, nil, "logical_product", "_1:_1", "(M,M,M):(_1,_1,0)")} {
		if err := proofs.Check(d); err != nil {
			t.Errorf("%s%v: %v", d.Op, d.Args, err)
		}
	}
}
