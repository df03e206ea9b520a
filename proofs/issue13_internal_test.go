package proofs

import (
	"strings"
	"testing"

	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/rules"
	"github.com/cutealg/cutealg/sym"
)

// The three derivations of issue 13, and three its sweep found: a logical_divide whose cotarget's
// size-1 decisions (N==1 drops N) are guards its div.logical claim rests
// on, a tiler written with angle brackets, and a complement with guards no
// binding satisfies (M even, M/2 != 1, ceil_div(5,2*M) != 1), which sym
// now refutes. Check accepts the second and third, and rejects the others
// only for want of a binding (a case's guards are empty, which sym does
// not prove: TestCheckCorpus's unsampled); and at every binding of a box
// exactly one case's guards hold, and a case with a result gives CuTe's
// value there (package concrete, the symbols static as in section 3.3).
func TestIssue13Derivations(t *testing.T) {
	for _, tc := range []struct {
		op     string
		args   []string
		checks bool
	}{
		{"logical_divide", []string{"(M,N):(_1,M)", "(_2,_4):(M,_1)"}, false},
		{"tiled_divide", []string{"(M,N):(_1,M)", "<(_2,M):(_1,_2),_4:_1>"}, true},
		{"complement", []string{"(_2,_2):(_1,M)", "_5"}, true},
		// the sweep's: each has a case whose guards are empty, which sym
		// does not prove (docs/verification.md, findings of the tenth
		// session)
		{"composition", []string{"(M,N):(_1,M)", "(K,_2):(_2,K)"}, false},
		{"logical_divide", []string{"(M,N):(_1,M)", "_4:K"}, false},
		{"logical_divide", []string{"(M,N):(N,_1)", "(_2,_4):(_1,_2)"}, false},
	} {
		name := tc.op + "(" + strings.Join(tc.args, ", ") + ")"
		d, err := rules.Derive(rules.Request{Op: tc.op, Args: tc.args})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		err = Check(d)
		if tc.checks && err != nil {
			t.Errorf("%s: Check: %v", name, err)
		}
		if !tc.checks && (err == nil || !strings.Contains(err.Error(), "no binding found")) {
			t.Errorf("%s: Check gives %v, want a rejection for want of a binding", name, err)
		}
		call := &notation.Call{Name: tc.op}
		var names []string
		for _, a := range tc.args {
			n, err := notation.Parse(a)
			if err != nil {
				t.Fatal(err)
			}
			call.Args = append(call.Args, n)
			names = append(names, notation.Symbols(n)...)
		}
		req, err := normalize(call)
		if err != nil {
			t.Fatal(err)
		}
		guards := make([][]sym.Cond, len(d.Cases))
		for i, cs := range d.Cases {
			if guards[i], err = parseConds(cs.When); err != nil {
				t.Fatal(err)
			}
		}
		compared := 0
		for m := int64(1); m <= 40; m++ {
			for n := int64(1); n <= 12; n++ {
				for k := int64(1); k <= 8; k++ {
					b := sym.Binding{}
					for _, s := range names {
						b[s] = map[string]int64{"M": m, "N": n, "K": k}[s]
					}
					if _, hasK := b["K"]; !hasK && k > 1 {
						continue
					}
					var hold []int
					for i, g := range guards {
						if holdsAll(g, b) {
							hold = append(hold, i)
						}
					}
					if len(hold) != 1 {
						t.Fatalf("%s at %s: the guards of cases %v hold", name, bindingText(b), hold)
					}
					cs := d.Cases[hold[0]]
					if cs.Result == "" {
						continue
					}
					res, err := parseTerm(cs.Result)
					if err != nil {
						t.Fatal(err)
					}
					want, err := evalAt(req, b, true)
					if err != nil {
						t.Fatalf("%s at %s: case %d gives %s, CuTe refuses: %v", name, bindingText(b), hold[0]+1, cs.Result, err)
					}
					got, err := evalAt(res, b, true)
					if err != nil {
						t.Fatalf("%s at %s: case %d: %v", name, bindingText(b), hold[0]+1, err)
					}
					if err := sameFunction(want, got, compareModes(req)); err != nil {
						t.Errorf("%s at %s: case %d: %s, CuTe %s: %v", name, bindingText(b), hold[0]+1, got, want, err)
					}
					compared++
				}
			}
		}
		if compared == 0 {
			t.Errorf("%s: no binding of the box reaches a case with a result", name)
		}
	}
}
