package proofs_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cutealg/cutealg/proofs"
	"github.com/cutealg/cutealg/rules"
)

func ExampleFormat() {
	d, err := rules.Derive(rules.Request{Op: "make_layout_left", Args: []string{"(M,N)"}})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(proofs.Format(d))
	// Output:
	// make_layout_left((M,N))
	// 1. column major: a mode s at stride d, and the next mode's stride is d*s (a static _1 extent gets the stride _0).
	//    [make.left v1 at mode 0; 002_4ea065bbee33b297.txt "1. Shape and Stride" (LayoutLeft, column major)]
	//    with d = _1, d2 = M, s = M
	// 2. column major: a mode s at stride d, and the next mode's stride is d*s (a static _1 extent gets the stride _0).
	//    [make.left v1 at mode 1; 002_4ea065bbee33b297.txt "1. Shape and Stride" (LayoutLeft, column major)]
	//    with d = M, d2 = M*N, s = N
	// = (M,N):(_1,M)
}

// A derivation with cases prints each case with its guards, its steps and
// its outcome, errors included.
func TestFormatCases(t *testing.T) {
	d, err := rules.Derive(rules.Request{Op: "composition", Args: []string{"(M,N):(_1,M)", "_4:_1"}})
	if err != nil {
		t.Fatal(err)
	}
	out := proofs.Format(d)
	for _, want := range []string{"3a. Case 4<=M:", "3c. Case ", "comp.step.divide v1", "= error: composition: shape divisibility", "- 4<=M: guard"} {
		if !strings.Contains(out, want) {
			t.Errorf("Format lacks %q:\n%s", want, out)
		}
	}
}
