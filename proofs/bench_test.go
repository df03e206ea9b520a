package proofs_test

import (
	"testing"

	"github.com/cutealg/cutealg/proofs"
	"github.com/cutealg/cutealg/rules"
)

// BenchmarkCheckLibrary checks the derivations of the library
// (library.txt), already derived: one op is the whole library.
func BenchmarkCheckLibrary(b *testing.B) {
	var ds []rules.Derivation
	for _, req := range libraryRequests(b) {
		d, err := rules.Derive(req)
		if err != nil {
			b.Fatal(err)
		}
		ds = append(ds, clone(b, d))
	}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		for _, d := range ds {
			if err := proofs.Check(d); err != nil {
				b.Fatal(err)
			}
		}
	}
}
