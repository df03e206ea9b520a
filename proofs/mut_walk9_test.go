package proofs_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/cutealg/cutealg/proofs"
	"github.com/cutealg/cutealg/rules"
)

// The walks' own rejections, each named by its place: every row alters
// one derivation the way a faulty engine could (a claim about another
// term, a step outside its walk, an error case cut short) and wants
// Check's rejection to contain the reason given.
func TestWalkRejectionsNamed(t *testing.T) {
	// at finds the first case with a step of rule at the place, and
	// that step's index
	at := func(d *rules.Derivation, rule, place string) (*rules.Case, int) {
		for _, c := range cases(d.Cases) {
			for i, st := range c.Steps {
				if st.Rule == rule && st.At == place {
					return c, i
				}
			}
		}
		t.Fatalf("no step %s at %s", rule, place)
		return nil, 0
	}
	for _, c := range []struct {
		name   string
		d      rules.Derivation
		change func(d *rules.Derivation)
		want   string
	}{
		// the answer of coalesce((M,N,K):(_1,M,M*N)) replaced by one
		// more merge, of the result with a mode _1:K*M*N: a true claim
		// whose value is the result, but about a layout, not the request
		{"coalesce's last claim about another term",
			assumed(t, nil, "coalesce", "(M,N,K):(_1,M,M*N)"), func(d *rules.Derivation) {
				m := d.Cases[0].Steps[2] // a merge: its rule, passage and text
				m.Bind, m.Checked = nil, nil
				if err := json.Unmarshal([]byte(`{"at": "A mode 3",
					"bind": {"d0": "_1", "d1": "K*M*N", "s0": "K*M*N", "s1": "_1", "s2": "K*M*N"},
					"before": "(K*M*N,_1):(_1,K*M*N)", "after": "K*M*N:_1",
					"checked": [{"cond": "K*M*N==K*M*N", "by": "proved", "certificates": [{"version": 1, "claim": {"op": "==", "a": "K*M*N", "b": "K*M*N"}, "universal": true}]}]}`), &m); err != nil {
					t.Fatal(err)
				}
				d.Cases[0].Steps[4] = m
			}, "claims about (K*M*N,_1):(_1,K*M*N), not the request"},
		// left_inverse((M,N):(_1,M)), the case where M and N are not 1:
		// CuTe's coalesce of A decides M at mode 0, N at the last mode
		// (the guard N != 1), then the result M*N (no guard: N != 1
		// implies it)
		{"a size-1 decision before inv.coalesce dropped",
			assumed(t, nil, "left_inverse", "(M,N):(_1,M)"), func(d *rules.Derivation) {
				c, _ := at(d, "compl.nonunit", "coalesce last mode")
				_, i := at(&rules.Derivation{Cases: []rules.Case{*c}}, "compl.nonunit", "coalesce result")
				c.Steps = append(c.Steps[:i:i], c.Steps[i+1:]...)
			}, "step 3 (inv.coalesce): the size-1 decisions before inv.coalesce: no step applies [compl.unit compl.nonunit] at coalesce result"},
		{"a size-1 decision before inv.coalesce made twice",
			assumed(t, nil, "left_inverse", "(M,N):(_1,M)"), func(d *rules.Derivation) {
				c, _ := at(d, "compl.nonunit", "coalesce last mode")
				_, i := at(&rules.Derivation{Cases: []rules.Case{*c}}, "compl.nonunit", "coalesce result")
				c.Steps = append(c.Steps[:i+1:i+1], c.Steps[i:]...)
			}, "step 4 (compl.nonunit at coalesce result) is no size-1 decision of the walk before inv.coalesce"},
		// a request with fewer or more arguments than its operation
		// takes is refused before any step is read
		{"a request with no argument",
			assumed(t, nil, "right_inverse", "(M,N):(_1,M)"), func(d *rules.Derivation) {
				d.Args = nil
			}, "the request: right_inverse takes right_inverse(layout), not 0 arguments"},
		{"a request with an argument more than its operation takes",
			assumed(t, []string{"N <= M"}, "size", "(M,N-M):(_1,_1)"), func(d *rules.Derivation) {
				d.Args = append(d.Args, "_4")
			}, "the request: size takes size(layout), not 2 arguments"},
		// composition((M,N):(_1,M), _4:K-M), case K-M < 1: its steps end
		// where comp.stride-positive may fail; an error said to be a
		// later rule's (comp.take.bad) needs the steps up to that rule
		{"an error case cut short before the rule it names",
			assumed(t, nil, "composition", "(M,N):(_1,M)", "_4:K-M"), func(d *rules.Derivation) {
				for _, c := range cases(d.Cases) {
					c.Error = strings.Replace(c.Error, "(rule comp.stride-positive)", "(rule comp.take.bad)", 1)
				}
			}, "the composition from step 1: no step applies [comp.step.divide comp.step.skip comp.step.within comp.step.bad] at B against mode 0 of A (the walk's steps end early)"},
		// left_inverse((M,N):(_1,M)): a true claim of comp.leaf (it may
		// follow a size-1 decision) after the coalesce of R, in no
		// composition's walk
		{"a composition's step outside any composition",
			assumed(t, nil, "left_inverse", "(M,N):(_1,M)"), func(d *rules.Derivation) {
				leaf := assumed(t, nil, "composition", "(M,N):(_1,M)", "_4:_1")
				lc, j := at(&leaf, "comp.leaf", "B")
				st := lc.Steps[j]
				for _, c := range cases(d.Cases) {
					for i := 0; i+1 < len(c.Steps); i++ {
						if c.Steps[i].Rule == "inv.left.end" && c.Steps[i+1].Rule == "compl.nonunit" {
							st.Before, st.After, st.Guards = "(M,N):(_1,M)", "(M,N):(_1,M)", c.Steps[i+1].Guards
							c.Steps = append(c.Steps[:i+2:i+2], append([]rules.Step{st}, c.Steps[i+2:]...)...)
							return
						}
					}
				}
				t.Fatal("no case with a decision after inv.left.end")
			}, "step 9 (comp.leaf at B) is in no composition's walk: no step of comp.coalesce-lhs begins it"},
	} {
		c.change(&c.d)
		err := proofs.Check(c.d)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: Check gives %v, want a rejection containing %q", c.name, err, c.want)
		}
	}
}

// A size-1 decision where none is due (the guards already make the
// shape 1) is read all the same where the derivation states it: in
// complement((N,M,N):(_1,N,M*N), M*N*N*K), case N==1 && M!=1, filter
// mode 2's N is 1 by the guard of mode 0's decision; a derivation that
// decides it again there checks.
func TestWalkReadsDecisionNotDue(t *testing.T) {
	d := assumed(t, nil, "complement", "(N,M,N):(_1,N,M*N)", "M*N*N*K")
	for _, c := range cases(d.Cases) {
		for i := 0; i+1 < len(c.Steps); i++ {
			if c.Steps[i].Rule == "compl.unit" && c.Steps[i].At == "filter mode 0" &&
				c.Steps[i+1].Rule == "compl.nonunit" && c.Steps[i+1].At == "filter mode 1" {
				again := c.Steps[i]
				again.At, again.Guards = "filter mode 2", c.Steps[i+1].Guards
				c.Steps = append(c.Steps[:i+2:i+2], append([]rules.Step{again}, c.Steps[i+2:]...)...)
				if err := proofs.Check(d); err != nil {
					t.Errorf("N decided 1 again at filter mode 2: %v", err)
				}
				return
			}
		}
	}
	t.Fatal("no case deciding N == 1 at filter mode 0 and M at filter mode 1")
}

// local_partition's walk (partition.go) reads L's flat coordinate of the
// index mode by mode: leaves of a nested mode (tile.horner), a static _1
// leaf (tile.flat-unit), and an error case that ends at an argument's
// extent before the walk; Check accepts each derivation.
func TestPartitionWalkAccepts(t *testing.T) {
	for _, r := range []struct {
		assume []string
		args   []string
	}{
		{[]string{"M % 32 == 0", "N % 4 == 0"}, []string{"(M,N):(_1,M)", "((_4,_8),_4):((_1,_4),_32)", "t"}},
		{[]string{"M % 32 == 0"}, []string{"(M,N):(_1,M)", "((_1,_32),_1):((_0,_1),_0)", "t"}},
		{[]string{"M % 32 == 0", "N % 4 == 0"}, []string{"(M,N):(_1,M)", "((_2,_4,_4),_4):((_1,_2,_8),_32)", "t"}},
		{nil, []string{"(M,N-M):(_1,M)", "(_32,_4):(_4,_1)", "t"}},
	} {
		d := assumed(t, r.assume, "local_partition", r.args...)
		if err := proofs.Check(d); err != nil {
			t.Errorf("local_partition%v under %v: %v", r.args, r.assume, err)
		}
	}
}

// The arguments' extents (extent.go): an extent the guard of an earlier
// obligation decides needs no step of its own; Check accepts the
// derivation that states it once.
func TestExtentDecidedByEarlierGuard(t *testing.T) {
	d := assumed(t, nil, "size", "(N-M,N-M):(_1,_1)")
	if err := proofs.Check(d); err != nil {
		t.Error(err)
	}
}

// A composition whose B's stride K-M may be below 1 ends, in the case
// K-M < 1, at comp.stride-positive's refusal inside its walk, right after
// A's coalesce: Check accepts the derivation.
func TestCompositionWalkEndsAtRefusal(t *testing.T) {
	d := assumed(t, nil, "composition", "(M,N):(_1,M)", "_4:K-M")
	if err := proofs.Check(d); err != nil {
		t.Error(err)
	}
}
