package proofs_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/cutealg/cutealg/proofs"
	"github.com/cutealg/cutealg/rules"
)

// A Rejection names the step that fails. complement((_2,_2):(_1,_3), _5)
// fills the hole below stride 3 with floor(3/2) elements (the span 2
// does not divide 3: compl.hole.floor), whose later line asks for the
// size post-condition (compl.size) after it; without that step the
// derivation is rejected at the compl.hole.floor step of case 1.
func TestRejectionNamesLaterLineStep(t *testing.T) {
	d, err := rules.Derive(rules.Request{Op: "complement", Args: []string{"(_2,_2):(_1,_3)", "_5"}})
	if err != nil {
		t.Fatal(err)
	}
	if err := proofs.Check(d); err != nil {
		t.Fatalf("the derivation is rejected as made: %v", err)
	}
	d = clone(t, d)
	steps := d.Cases[0].Steps
	floor := slices.IndexFunc(steps, func(s rules.Step) bool { return s.Rule == "compl.hole.floor" })
	size := slices.IndexFunc(steps, func(s rules.Step) bool { return s.Rule == "compl.size" })
	if len(d.Cases) != 1 || floor < 0 || size < floor {
		t.Fatalf("the derivation's steps changed: %+v", d.Cases)
	}
	d.Cases[0].Steps = slices.Delete(steps, size, size+1)
	err = proofs.Check(d)
	var r *proofs.Rejection
	if !errors.As(err, &r) || r.Case != 1 || r.Step != floor+1 || r.Rule != "compl.hole.floor" || !strings.Contains(r.Why, "later line") {
		t.Errorf("Check gives %v, want a rejection of case 1 step %d (compl.hole.floor) for its later line", err, floor+1)
	}
}

// Format prints a derivation whose request is no term (a saved derivation
// edited by hand, which Check rejects: an argument that does not parse,
// or divides by zero) as given: the request line as written, and each
// claim, which rewrites no term of the request, as a bullet.
func TestFormatRequestNoTerm(t *testing.T) {
	d, err := rules.Derive(rules.Request{Op: "composition", Args: []string{"(_4,_2):(_1,_4)", "_2:_2"}})
	if err != nil {
		t.Fatal(err)
	}
	claims := 0
	for _, s := range d.Cases[0].Steps {
		if s.Before != "" {
			claims++
		}
	}
	for _, a := range []string{"((", "(_4,_2):(_1,x/0)"} {
		d := clone(t, d)
		d.Args[0] = a
		if err := proofs.Check(d); err == nil {
			t.Errorf("Check accepts the request composition(%s, _2:_2)", a)
		}
		lines := strings.Split(strings.TrimSuffix(proofs.Format(d), "\n"), "\n")
		bullets := 0
		for _, l := range lines {
			if strings.HasPrefix(l, "   * ") && strings.Contains(l, " => ") {
				bullets++
			}
		}
		if lines[0] != a+" o _2:_2" || bullets != claims || lines[len(lines)-1] != "= "+d.Cases[0].Result {
			t.Errorf("Format with the argument %s:\n%s\nwant the request as written, %d claims as bullets, the result", a, strings.Join(lines, "\n"), claims)
		}
	}
}
