package rules

import (
	"testing"

	"github.com/cutealg/cutealg/internal/vectors"
	"github.com/cutealg/cutealg/sym"
)

// BenchmarkCorpus answers every case of the public symbolic corpus
// (../shared/vectors/symbolic/cases.jsonl) that the engine computes, once
// per iteration: the target is the whole corpus in under a second.
func BenchmarkCorpus(b *testing.B) {
	dir, ok := vectors.Dir()
	if !ok {
		b.Skip("../shared/vectors absent")
	}
	cases, err := vectors.LoadSymbolic(dir)
	if err != nil {
		b.Fatal(err)
	}
	var reqs []Request
	for _, c := range cases {
		if Implemented(c.Op) {
			reqs = append(reqs, Request{Op: c.Op, Args: c.Args, Assume: c.Assume})
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, r := range reqs {
			_, _ = Compute(r)
		}
	}
	b.ReportMetric(float64(len(reqs)), "cases")
}

// BenchmarkSeedExamples computes worked examples of the seeds (each
// should take well under a millisecond).
func BenchmarkSeedExamples(b *testing.B) {
	reqs := []Request{
		{Op: "composition", Args: []string{"(10,2):(16,4)", "(5,4):(1,5)"}},
		{Op: "blocked_product", Args: []string{"(M0,N0):(_1,M0)", "(M1,N1):(N1,_1)"}},
		{Op: "complement", Args: []string{"(_2,_2):(_1,_6)", "M"}, Assume: []string{"M % 24 == 0"}},
		{Op: "make_layout_left", Args: []string{"(M,N,K)"}},
		{Op: "logical_divide", Args: []string{"(M,N):(_1,M)", "_32:_1"}, Assume: []string{"M % 32 == 0"}},
	}
	for _, r := range reqs {
		b.Run(r.Op, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Compute(r); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkFuzzedFlatDivide answers the fuzzed request of
// TestFuzzedFlatDivideBoundedWork (more than MaxBranches cases), reporting
// the work units of sym's proofs by facts per answer (sym.ProofWork).
func BenchmarkFuzzedFlatDivide(b *testing.B) {
	req := Request{Op: "flat_divide", Args: []string{
		"((_4,_3),_4,(_2,_2,_2),_3):((_288,_1),_36,(_3,_144,_6),_1152)",
		"(_2,_2):(_2,S_96)",
	}}
	b.ReportAllocs()
	before := sym.ProofWork()
	for b.Loop() {
		_, _ = Compute(req)
	}
	b.ReportMetric(float64(sym.ProofWork()-before)/float64(b.N), "proof-units/op")
}
