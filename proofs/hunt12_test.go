package proofs_test

import (
	"strings"
	"testing"

	"github.com/cutealg/cutealg/proofs"
	"github.com/cutealg/cutealg/rules"
)

// The twelfth session's review (docs/verification.md, "Findings of the
// twelfth session"): derivations the checker refused although every step
// is right, each accepted now, in both modes; and what the fixes must
// still refuse.
func TestHunt12Accepted(t *testing.T) {
	for _, tc := range []struct {
		finding string
		assume  []string
		op      string
		args    []string
	}{
		// 51: the offset tid%32*N+floor_div(tid,32)%8 is N*tid under
		// tid < 32, which Simplify reached in one pass only for
		// outermost atoms
		{"51", []string{"tid < 32"}, "local_partition", []string{"(M,N):(N,_1)", "(_32,_8):(_1,_32)", "tid"}},
		{"51", []string{"t < 64"}, "slice_and_offset", []string{"((t%32,floor_div(t,32)%8),_)", "((_32,_8),M):((_1,_32),_256)"}},
		// 52: compl.bound-of's two rules state one comparison (r <= m,
		// and r <= ceil_div(m,a)*a where a is m): undecided by the
		// first, a guard (or unchecked) of the second
		{"52", nil, "complement_default", []string{"K:M*N"}},
		{"52", []string{"N >= 64"}, "zipped_divide", []string{"((_2,M),N,_96):((N,N*_2),_1,N*_2*M)", "_4"}},
		{"52", nil, "raked_product", []string{"1:_2", "_8:_2"}},
		// 53: an error case at CuTe's refusal of a coordinate of
		// another rank
		{"53", nil, "crd2idx", []string{"(1,(0,1))", "(_16,L,(2)):(_2*2*L,_2*2,(_2))"}},
		{"53", nil, "crd2idx", []string{"(1,0)", "(_16,L,_2):(L,_4,_2)"}},
		{"53", nil, "slice", []string{"(1,(0,1))", "(_16,L,_2):(_4,_4,_2)"}},
		// 55: make_ordered_layout's values the request does not hold:
		// m = 0 where every static order value is negative, d = 1 (the
		// flows line's else value) where the request has no 1
		{"55", nil, "make_ordered_layout", []string{"(M,M,1)", "(5,_-1,_-1)"}},
		{"55", nil, "make_ordered_layout", []string{"(M,N)", "(5,_3)"}},
	} {
		for _, dynamic := range []bool{false, true} {
			req := rules.Request{Op: tc.op, Args: tc.args, Assume: tc.assume, Dynamic: dynamic}
			d, err := rules.Derive(req)
			if err != nil {
				t.Errorf("finding %s: %s%v (dynamic %v): %v", tc.finding, tc.op, tc.args, dynamic, err)
				continue
			}
			if err := proofs.Check(d); err != nil {
				t.Errorf("finding %s: %s%v (dynamic %v): %v", tc.finding, tc.op, tc.args, dynamic, err)
			}
		}
	}
}

// TestHunt12Refused: the fixes of findings 52, 53 and 55 accept no more
// than they should: a refused coordinate's case with a step after the
// refusal, make.ordered.unranked's m not the largest static order value
// (or 0), and compl.bound's own comparison discharged only as undecided (the
// guard dropped), are rejected.
func TestHunt12Refused(t *testing.T) {
	d := assumed(t, nil, "crd2idx", "(1,0)", "(_16,L,_2):(L,_4,_2)")
	ok := assumed(t, nil, "crd2idx", "(1,0)", "(_16,L):(L,_4)")
	d.Cases[0].Steps = append(d.Cases[0].Steps, ok.Cases[0].Steps[0])
	if err := proofs.Check(d); err == nil || !strings.Contains(err.Error(), "follows CuTe's refusal") {
		t.Errorf("a step after crd2idx's refusal: %v", err)
	}

	d = assumed(t, nil, "make_ordered_layout", "(M,M,1)", "(5,_-1,_-1)")
	bent := false
	for i, st := range d.Cases[0].Steps {
		if st.Rule == "make.ordered.unranked" {
			d.Cases[0].Steps[i].Bind["m"] = "_2"
			bent = true
		}
	}
	if !bent {
		t.Fatal("make_ordered_layout((M,M,1), (5,_-1,_-1)) has no make.ordered.unranked step")
	}
	if err := proofs.Check(d); err == nil {
		t.Error("make.ordered.unranked with m = 2 where the order's static values are negative is accepted")
	}

	d = assumed(t, nil, "complement_default", "K:M*N")
	cut := false
	for ci := range d.Cases {
		for si, st := range d.Cases[ci].Steps {
			if st.Rule != "compl.bound" {
				continue
			}
			var kept []rules.Discharged
			for _, x := range st.Checked {
				if x.By != "guard" {
					kept = append(kept, x)
				}
			}
			if len(kept) < len(st.Checked) {
				d.Cases[ci].Steps[si].Checked = kept
				cut = true
			}
		}
	}
	if !cut {
		t.Fatal("complement_default(K:M*N) has no compl.bound step decided by a guard")
	}
	if err := proofs.Check(d); err == nil {
		t.Error("compl.bound with its guard dropped (only the undecided record of compl.bound.within) is accepted")
	}
}
