package sym

import (
	"fmt"
	"strings"
	"testing"
)

// TestSourceString: a Source prints what it names (its doc comment): an
// atom's bound names the argument of min or max it compares with, and
// only then.
func TestSourceString(t *testing.T) {
	m := MustParse("min(M,N)")
	for _, c := range []struct {
		src  Source
		want string
	}{
		{Source{Cond: -1, Atom: m, Side: 1, Upper: true}, "upper bound of min(M,N) by its argument 1"},
		{Source{Cond: -1, Atom: m, Side: 2, Upper: true}, "upper bound of min(M,N) by its argument 2"},
		{Source{Cond: -1, Atom: MustParse("M%4"), Upper: true}, "upper bound of M%4"},
		{Source{Cond: -1, Atom: MustParse("M%4")}, "lower bound of M%4"},
		{Source{Cond: -1, Bound: "M'1"}, "lower bound of M'1"},
	} {
		if got := c.src.String(); got != c.want {
			t.Errorf("%#v: %q, want %q", c.src, got, c.want)
		}
	}
}

// TestVerifyNamesTheStep: Verify's refusal of a certificate whose k-th
// step or resolution does not follow names it by its number (from 1).
func TestVerifyNamesTheStep(t *testing.T) {
	steps, resolutions := 0, 0
	for _, q := range verifyCorpus {
		ctx := mustCtx(t, q.ctx)
		d, err := ctx.DecideText(q.cond)
		if err != nil {
			t.Fatal(err)
		}
		cs, err := d.Certificates()
		if err != nil {
			t.Fatal(err)
		}
		for _, cert := range cs {
			checkNamesTheStep(t, q.ctx+" | "+q.cond, cert, &steps, &resolutions)
		}
	}
	if steps < 10 || resolutions < 1 {
		t.Fatalf("%d steps and %d resolutions changed", steps, resolutions)
	}
}

func checkNamesTheStep(t *testing.T, q string, cert *Certificate, steps, resolutions *int) {
	t.Helper()
	for k := range cert.Steps {
		bad := *cert
		bad.Steps = append([]Step(nil), cert.Steps...)
		bad.Steps[k].Var = "Z'9"
		err := Verify(&bad)
		if want := fmt.Sprintf("step %d (", k+1); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s, step %d changed: %v, want %q", q, k+1, err, want)
		}
		*steps++
	}
	for k := range cert.Resolved {
		bad := *cert
		bad.Resolved = append([]Resolution(nil), cert.Resolved...)
		bad.Resolved[k].Atom = MustParse("M")
		err := Verify(&bad)
		if want := fmt.Sprintf("resolution %d: ", k+1); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s, resolution %d changed: %v, want %q", q, k+1, err, want)
		}
		*resolutions++
	}
}
