package proofs_test

import (
	"strings"
	"testing"

	"github.com/cutealg/cutealg/proofs"
	"github.com/cutealg/cutealg/rules"
)

// A merged case names the case it was merged from by its letter: in
// complement((_4,_8):(_1,M), _32*M*K), case 3 is merged from a
// (M/4==1) and b (M/4!=1); b's guards with M%4==0 dropped no longer
// include case 3's.
func TestRejectionMergedLetter(t *testing.T) {
	d, err := rules.Derive(rules.Request{Op: "complement", Args: []string{"(_4,_8):(_1,M)", "_32*M*K"}})
	if err != nil {
		t.Fatal(err)
	}
	d = clone(t, d)
	if len(d.Cases) != 3 || len(d.Cases[2].From) != 2 || len(d.Cases[2].From[1].When) != 3 {
		t.Fatalf("the derivation's cases changed: %+v", d.Cases)
	}
	d.Cases[2].From[1].When = []string{d.Cases[2].From[1].When[0], d.Cases[2].From[1].When[2]}
	want := "case 3: merged from case b, whose guards do not include the case's"
	if err := proofs.Check(d); err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("Check gives %v, want %q", err, want)
	}
}
