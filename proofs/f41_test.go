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

// TestUpcastSigns: the walk of upcast asks for cast.up.signs where A has
// strides of both signs (finding 41), and accepts its failing condition as
// the case's error only where the condition can fail.
func TestUpcastSigns(t *testing.T) {
	dyn, err := rules.Derive(rules.Request{Op: "upcast", Args: []string{"(M,M):(_4,_-1)", "2"}, Dynamic: true})
	if err != nil {
		t.Fatal(err)
	}
	mixed := assumed(t, nil, "upcast", "(M,M):(_4,_-1)", "2")
	for _, d := range []rules.Derivation{dyn, mixed} {
		if err := proofs.Check(d); err != nil {
			t.Errorf("%s%v (dynamic %v): %v", d.Op, d.Args, d.Dynamic, err)
		}
	}
	checkWalkRows(t, []walkRow{
		{"upcast((M,M):(_4,_-1), 2) in dynamic mode without its cast.up.signs step",
			clone(t, dyn), func(d *rules.Derivation) { dropStep(t, &d.Cases[0], "cast.up.signs", "A") },
			"case 1: step 6 applies op.answer at the request where the walk applies [cast.up.signs] at A"},
		{"upcast((M,M):(_-4,_-1), 2) made the error of cast.up.signs",
			assumed(t, nil, "upcast", "(M,M):(_-4,_-1)", "2"), func(d *rules.Derivation) {
				c := &d.Cases[0]
				c.Steps = c.Steps[:stepIndex(t, c, "op.answer", "the request")]
				c.Result, c.Error = "", mixed.Cases[0].Error
			},
			"case 1: the case ends in an error after the walk"},
	})
}

// TestCompositionNegativeStride: a leaf of B of negative stride against
// an A of several modes is comp.stride-negative, the fold with the
// stride's magnitude, then comp.negate; leaves of both signs where A is
// not linear throughout are comp.signs (finding 41). The engine's
// derivations check; one without either step does not.
func TestCompositionNegativeStride(t *testing.T) {
	var ds []rules.Derivation
	for _, dynamic := range []bool{false, true} {
		for _, args := range [][]string{
			{"(M,M,M):(_1,M,M*M)", "(_2,_2):(_-1,_4)"},
			{"(M,N):(_1,M)", "_4:_-1"},
			{"(M,_3):(_1,_9)", "_2:_-4"},
			{"(_2,M):(_1,_10)", "(_2,_2):(_-1,_2)"},
		} {
			d, err := rules.Derive(rules.Request{Op: "composition", Args: args, Dynamic: dynamic})
			if err != nil {
				t.Fatal(err)
			}
			if err := proofs.Check(d); err != nil {
				t.Errorf("composition%v (dynamic %v): %v", args, dynamic, err)
			}
			ds = append(ds, d)
		}
	}
	checkWalkRows(t, []walkRow{
		{"composition((M,N):(_1,M), _4:_-1) without comp.negate",
			clone(t, ds[5]), func(d *rules.Derivation) { dropStep(t, &d.Cases[0], "comp.negate", "B") },
			"case 1: the composition from step 1: no step applies [comp.negate] at B"},
		{"composition((M,N):(_1,M), _4:_-1) without comp.stride-negative",
			clone(t, ds[5]), func(d *rules.Derivation) { dropStep(t, &d.Cases[0], "comp.stride-negative", "B") },
			"case 1 step 2 (comp.step.divide)"},
		{"composition((_2,M):(_1,_10), (_2,_2):(_-1,_2)) without comp.signs",
			clone(t, ds[7]), func(d *rules.Derivation) { dropStep(t, &d.Cases[0], "comp.signs", "B") },
			"case 1: the composition from step 1: no step applies [comp.signs] at B"},
	})
}
