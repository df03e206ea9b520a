package rules

import (
	"testing"

	"github.com/cutealg/cutealg/sym"
)

// A fuzzed request (docs/verification.md, Fuzzing): a static layout
// divided by a tiler with one symbolic stride. Its branches build
// contexts whose facts are products of eight atoms, and every question
// under them went to proofs that subtracted 256-term facts again and
// again: 15.7 million work units of sym's proofs by facts
// (sym.ProofWork) and 5.6 s of CPU before each proof was bounded, 2.0
// million since. The answer was more than MaxBranches cases, with what it
// depends on; since divisibility conditions clear their operands'
// denominators (sym.Divisible, review finding 30), sym decides more of
// them and the answer has 26 cases (the square holds at 5416 bindings of
// the review's probe grid, with S_96 written N).
func TestFuzzedFlatDivideBoundedWork(t *testing.T) {
	req := Request{Op: "flat_divide", Args: []string{
		"((_4,_3),_4,(_2,_2,_2),_3):((_288,_1),_36,(_3,_144,_6),_1152)",
		"(_2,_2):(_2,S_96)",
	}}
	const limit = 4_000_000 // work units: twice what the request takes
	before := sym.ProofWork()
	_, err := Compute(req)
	spent := sym.ProofWork() - before
	if err != nil {
		t.Errorf("%s%v: error %v, want an answer", req.Op, req.Args, err)
	}
	if spent > limit {
		t.Errorf("%s%v: %d work units of proofs, more than %d", req.Op, req.Args, spent, limit)
	}
}
