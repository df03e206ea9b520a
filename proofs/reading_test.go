package proofs_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cutealg/cutealg/proofs"
	"github.com/cutealg/cutealg/rules"
)

// TestStaticReadingWarranted pins finding 65 in the checker: a derivation
// may read the symbols as static integers only where CuTe refuses
// run-time integers somewhere in the computation. The derivations under
// testdata/forged were made by an engine that read a complement of rank >
// 1 (static strides, which CuTe computes at run time) or of rank 1 (a
// dynamic stride, which it computes at run time too) static: each is
// coherent in every other respect (Check's walks pass; the cases at N ==
// 1 are finding 34's static values, _2:_4 where CuTe gives 2:6; in
// complement-merged-static every case is merged, each of the same
// function as CuTe's), and Check refuses it for its reading alone. The engine's own static derivations, where CuTe refuses
// a complement (a dynamic stride at rank > 1) or a left_inverse, check.
func TestStaticReadingWarranted(t *testing.T) {
	const why = "a case reads the symbols as static integers (compl.static-oracle), but CuTe computes every complement of the derivation with them as run-time integers"
	files, err := filepath.Glob(filepath.Join("testdata", "forged", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no forged derivations: %v", err)
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var d rules.Derivation
		if err := json.Unmarshal(src, &d); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if err := proofs.Check(d); err == nil || !strings.Contains(err.Error(), why) {
			t.Errorf("%s: Check gives %v, want the refusal of its static reading", f, err)
		}
	}
	for _, c := range []struct {
		op   string
		args []string
	}{
		{"complement", []string{"(_4,_8):(_1,M)", "_32*M*K"}},
		{"complement", []string{"(M,N):(_1,M)", "K"}},
		{"logical_divide", []string{"(M,N):(_1,M)", "(_2,N):(_1,M)"}},
		{"left_inverse", []string{"(M,N):(_1,M)"}},
	} {
		d, err := rules.Derive(rules.Request{Op: c.op, Args: c.args})
		if err != nil {
			t.Fatal(err)
		}
		static := false
		for _, cs := range cases(d.Cases) {
			for _, st := range cs.Steps {
				static = static || st.Rule == "compl.static-oracle" || st.Rule == "inv.left.static"
			}
		}
		if !static {
			t.Errorf("%s(%s): the derivation does not read the symbols static", c.op, strings.Join(c.args, ", "))
		}
		if err := proofs.Check(d); err != nil {
			t.Errorf("%s(%s): %v", c.op, strings.Join(c.args, ", "), err)
		}
	}
}
