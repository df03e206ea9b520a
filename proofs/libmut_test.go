package proofs_test

import (
	"strings"
	"testing"

	"github.com/cutealg/cutealg/proofs"
	"github.com/cutealg/cutealg/rules"
)

// perLibrary bounds the places of one kind mutated in one library
// derivation (no derivation of the library has more).
const perLibrary = 200

// TestLibraryMutants makes, for every derivation of the library (the
// seeds' worked examples, testdata/library), the mutants of every kind at
// every place (every third by default, every one with -mutants.full) and
// requires Check to reject each: issue 13's "every mutant of every golden
// derivation is rejected". The counts are logged (go test -v) and
// recorded in docs/verification.md.
func TestLibraryMutants(t *testing.T) {
	lib := library(t)
	ds := make([]rules.Derivation, len(lib))
	for i, e := range lib {
		d, err := rules.Derive(e.req)
		if err != nil {
			t.Fatalf("%s: %v", e.name, err)
		}
		ds[i] = d
	}
	step := 3
	if *fullFamilies {
		step = 1
	}
	total := 0
	for _, m := range mutants {
		made := 0
		for i, d := range ds {
			k := 0
			for ; k < perLibrary; k += step {
				x := clone(t, d)
				if !m.apply(&x, k, nil) {
					break
				}
				made++
				if proofs.Check(x) == nil {
					t.Errorf("%s at place %d of %s (%s(%s)): the mutant checks", m.kind, k, lib[i].name, d.Op, strings.Join(d.Args, ", "))
				}
			}
			if k >= perLibrary {
				t.Errorf("%s: %s has more than %d places of the kind (raise perLibrary)", m.kind, lib[i].name, perLibrary)
			}
		}
		t.Logf("%-42s %5d mutants, all rejected", m.kind, made)
		total += made
	}
	t.Logf("the library's %d derivations: %d mutants, all rejected", len(ds), total)
	if total == 0 {
		t.Fatal("no mutant made")
	}
}
