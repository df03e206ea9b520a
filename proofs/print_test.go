package proofs_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/proofs"
	"github.com/cutealg/cutealg/rules"
)

// The seed's composition example 1 ("Reshape a layout into a matrix"),
// in the documentation's style: 20:2 o (5,4):(4,1) = (5,4):(8,2).
func ExampleFormat() {
	d, err := rules.Derive(rules.Request{Op: "composition", Args: []string{"20:2", "(5,4):(4,1)"}})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(proofs.Format(d))
	// Output:
	// 20:2 o (5,4):(4,1)
	//    * 20:2 o (5,4):(4,1) => 20:2 o (5,4):(4,1). A is coalesced (only modes whose merge is static, as CuTe's coalesce_x does), keeping its function outside its domain.
	//      [comp.coalesce-lhs v2 at A; 000_83cfef9268bce55b.txt "Composition" (A is first coalesced)]
	// 1. = (20:2 o 5:4, 20:2 o 4:1). A o (B0, B1, ...) = (A o B0, A o B1, ...): composition is left-distributive over the modes of B.
	//    [comp.distribute v2 at B; 000_83cfef9268bce55b.txt "Computing Composition" (left distributivity)]
	//    * 20:2 o 5:4 => 5:8. A = s:d is one mode: s:d o n:r = n:r*d (A's last mode absorbs any overflow).
	//      [comp.lhs-integral v2 at B mode 0; 000_83cfef9268bce55b.txt "Composition" (the trivial case)]
	//      with d = 2, d2 = 8, n = 5, r = 4, s2 = 5
	//    * 20:2 o 4:1 => 4:2. A = s:d is one mode: s:d o n:r = n:r*d (A's last mode absorbs any overflow).
	//      [comp.lhs-integral v2 at B mode 1; 000_83cfef9268bce55b.txt "Composition" (the trivial case)]
	//      with d = 2, d2 = 2, n = 4, r = 1, s2 = 4
	// 2. = (5:8, 4:2). By the steps above.
	// = (5,4):(8,2)
}

// A derivation with cases prints each case with its guards, its steps and
// its outcome, errors included.
func TestFormatCases(t *testing.T) {
	d, err := rules.Derive(rules.Request{Op: "composition", Args: []string{"(M,N):(_1,M)", "_4:_1"}})
	if err != nil {
		t.Fatal(err)
	}
	out := proofs.Format(d)
	for _, want := range []string{"2a. Case 4<=M:", "2c. Case ", "2a.2. = (4,1):(_1,M).", "comp.step.divide v2", "= error: composition: shape divisibility", "- 4<=M: guard"} {
		if !strings.Contains(out, want) {
			t.Errorf("Format lacks %q:\n%s", want, out)
		}
	}
}

// TestLines checks the terms Lines attaches to the lines of Format: a
// numbered line and a bullet that rewrites a part show their new term, an
// outcome line the result; a line of a case carries the case's guards.
func TestLines(t *testing.T) {
	d, err := rules.Derive(rules.Request{Op: "composition", Args: []string{"(N,_2,_4):(_1,N,_2*N)", "_4:_2"}})
	if err != nil {
		t.Fatal(err)
	}
	lines := proofs.Lines(d)
	var text strings.Builder
	terms, guarded := 0, 0
	for _, l := range lines {
		text.WriteString(l.Text + "\n")
		if len(l.When) > 0 {
			guarded++
		}
		if l.Term == nil {
			if trimmed := strings.TrimSpace(l.Text); strings.HasPrefix(trimmed, "= ") && !strings.HasPrefix(trimmed, "= error: ") {
				t.Errorf("outcome %q shows no term", l.Text)
			}
			continue
		}
		terms++
		shown := notation.PrintDocs(l.Term)
		trimmed := strings.TrimSpace(l.Text)
		switch {
		case strings.HasPrefix(trimmed, "* "):
			if !strings.Contains(l.Text, "=> "+shown+". ") {
				t.Errorf("bullet %q shows term %s", l.Text, shown)
			}
		case strings.HasPrefix(trimmed, "= "):
			if trimmed != "= "+shown {
				t.Errorf("outcome %q shows term %s", l.Text, shown)
			}
		default:
			if !strings.Contains(l.Text, ". = "+shown+". ") {
				t.Errorf("numbered line %q shows term %s", l.Text, shown)
			}
		}
	}
	if text.String() != proofs.Format(d) {
		t.Error("the lines are not Format's text")
	}
	if terms == 0 || guarded == 0 {
		t.Errorf("%d lines show a term, %d carry guards: want some of each", terms, guarded)
	}
}

// The steps every case shares print once, before the cases (a case that
// has only those steps, first or later, included), and each case prints
// its own steps after them.
func TestFormatSharedPrefix(t *testing.T) {
	d, err := rules.Derive(rules.Request{Op: "composition", Args: []string{"(M,N):(_1,M)", "_4:_1"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Cases) < 2 || len(d.Cases[0].Steps) < 3 || d.Cases[0].Steps[1].Rule != "comp.step.divide" || d.Cases[1].Steps[1].Rule != "comp.step.divide" {
		t.Fatalf("the cases of %s(%s) no longer share two steps", d.Op, strings.Join(d.Args, ", "))
	}
	for k := range 3 {
		x := clone(t, d)
		if k > 0 {
			// case k-1 has only the shared steps
			x.Cases[k-1].Steps = x.Cases[k-1].Steps[:2]
		}
		out := proofs.Format(x)
		shared := strings.Index(out, "[comp.step.divide")
		first := strings.Index(out, "a. Case")
		if strings.Count(out, "[comp.coalesce-lhs") != 1 || strings.Count(out, "[comp.step.divide") != 1 || shared < 0 || first < shared {
			t.Errorf("the shared steps are not printed once before the cases:\n%s", out)
		}
		if k != 1 && !strings.Contains(out[first:], "[comp.take.rest") {
			t.Errorf("case a's own steps are missing:\n%s", out)
		}
	}
}
