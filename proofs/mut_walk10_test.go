package proofs_test

import (
	"strings"
	"testing"

	"github.com/cutealg/cutealg/proofs"
	"github.com/cutealg/cutealg/rules"
)

// The walk of max_common_* (maxcommon.go) reads a case cut short as
// ended early (a case with a result: rejected, the place named), an error
// case ending inside a composition as ended there (accepted), and the
// composition after the right inverse as one of the request's A, in an
// error case too.
func TestWalkCommonEnds(t *testing.T) {
	// max_common_layout((_8,M):(_1,_16), (M,N):(_1,M)): R = M:_1; cases
	// M <= 8 and M > 8 && M%8 == 0 have results, M > 8 && M%8 != 0 ends
	// at comp.take.bad inside the composition A o R
	layout := func() rules.Derivation {
		return assumed(t, nil, "max_common_layout", "(_8,M):(_1,_16)", "(M,N):(_1,M)")
	}
	// cut keeps the steps of case ci before the step of rule at place
	// (after it where after is set)
	cut := func(d *rules.Derivation, ci int, rule, place string, after bool) {
		c := &d.Cases[ci]
		i := stepIndex(t, c, rule, place)
		if after {
			i++
		}
		c.Steps = c.Steps[:i]
	}
	checkWalkRows(t, []walkRow{
		{"a case cut after R", layout(), func(d *rules.Derivation) {
			cut(d, 0, "inv.right.end", "R", true)
		}, "case 1: no step applies [comp.coalesce-lhs] at A (the walk's steps end early)"},
		{"a case cut inside A o R", layout(), func(d *rules.Derivation) {
			cut(d, 0, "common.none", "A o R", false)
		}, "case 1: no step applies common.layout or common.none (the walk's steps end early)"},
		// the composition of another A, (_8,M):(_1,_32), from
		// comp.coalesce-lhs on: its mode 0 is A's, so the composition's
		// steps are the same
		{"an error case's composition of another A", layout(), func(d *rules.Derivation) {
			c := &d.Cases[2]
			for i := stepIndex(t, c, "comp.coalesce-lhs", "A"); i < len(c.Steps); i++ {
				st := &c.Steps[i]
				st.Before = strings.ReplaceAll(st.Before, "(_8,M):(_1,_16)", "(_8,M):(_1,_32)")
				st.After = strings.ReplaceAll(st.After, "(_8,M):(_1,_16)", "(_8,M):(_1,_32)")
			}
		}, "case 3: the composition after the right inverse is not of A"},
	})
	// and accepts the derivations unchanged: an error case ending inside
	// the composition; R = _1:_0 where B has no stride _1
	for _, d := range []rules.Derivation{
		layout(),
		assumed(t, nil, "max_common_vector", "(M,N):(_1,M)", "(N,M):(M,_1)"),
		assumed(t, nil, "max_common_vector", "(M,N):(_1,M)", "_4:_2"),
	} {
		if err := proofs.Check(d); err != nil {
			t.Errorf("%s(%s): %v", d.Op, strings.Join(d.Args, ", "), err)
		}
	}
}

// The composition after the right inverse is with R as the inverse's walk
// reads it (the modes followed, _1:_0 where none is): a composition with
// another B's R, each step of it true, is refused, naming R.
func TestWalkCommonOtherR(t *testing.T) {
	// max_common_vector(_8:_2, B) for B = _4:_2 (no stride _1: R =
	// _1:_0) and B = _4:_1 (R = _4:_1), both _1: the steps of one B's R,
	// then the other B's composition, then the request's answer
	for _, c := range []struct{ b, other, want string }{
		{"_4:_2", "_4:_1", "case 1: the composition after the right inverse is not with R = _1:_0: "},
		{"_4:_1", "_4:_2", "case 1: the composition after the right inverse is not with R = _4:_1: "},
	} {
		d := assumed(t, nil, "max_common_vector", "_8:_2", c.b)
		e := assumed(t, nil, "max_common_vector", "_8:_2", c.other)
		ds, es := d.Cases[0].Steps, e.Cases[0].Steps
		i, j := stepIndex(t, &d.Cases[0], "inv.right.end", "R"), stepIndex(t, &e.Cases[0], "inv.right.end", "R")
		steps := append(ds[:i+1:i+1], es[j+1:len(es)-1]...)
		d.Cases[0].Steps = append(steps, ds[len(ds)-1])
		if err := proofs.Check(d); err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("B = %s with the composition of B = %s: Check gives %v, want a rejection %q...", c.b, c.other, err, c.want)
		}
	}
}

// The walk of the swizzles (swizzle.go) ends each request with its last
// step: a step more after it is refused.
func TestWalkSwizzleEnds(t *testing.T) {
	// twice repeats the last step of the rule in case 1
	twice := func(d *rules.Derivation, rule string) {
		s := d.Cases[0].Steps
		for i := len(s) - 1; i >= 0; i-- {
			if s[i].Rule == rule {
				d.Cases[0].Steps = append(s[:i+1:i+1], s[i:]...)
				return
			}
		}
		t.Fatalf("no step %s", rule)
	}
	checkWalkRows(t, []walkRow{
		{"swizzle's one step twice", assumed(t, nil, "swizzle", "Sw<3,4,3>", "100"), func(d *rules.Derivation) {
			twice(d, "swz.apply")
		}, "case 1: step 2 (swz.apply at x) follows swizzle's one step"},
		{"crd2idx's answer twice", assumed(t, []string{"M % 1024 == 0"}, "crd2idx", "(3,5)", "Sw<3,4,3> o _0 o (M,N):(_1,M)"), func(d *rules.Derivation) {
			twice(d, "op.answer")
		}, "case 1: step 6 (op.answer at the request) is no step of the walk"},
		{"the coalesce of a swizzled layout's last step twice", assumed(t, nil, "coalesce", "Sw<2,0,2> o K o (M,N):(_1,M)"), func(d *rules.Derivation) {
			twice(d, "coal.done")
		}, "case 1: step 5 (coal.done at A) is no step of the walk"},
	})
}

// A construction's one step is walked (construct.go) where CuTe reads its
// arguments: a literal extent _1, a flat list of indices, and an index of
// magnitude exactly catalog.MaxParam (2^20) are read.
func TestOneStepReadsArgsAtBounds(t *testing.T) {
	drop := func(rule string) func(d *rules.Derivation) {
		return func(d *rules.Derivation) { dropStep(t, &d.Cases[0], rule, "A") }
	}
	checkWalkRows(t, []walkRow{
		{"a literal extent _1", assumed(t, nil, "take", "(M,_1,K):(_1,M,M)", "2", "2"), drop("make.take"),
			"case 1: no step applies [make.take] at A (the walk's steps end early)"},
		{"the index 2^20", assumed(t, nil, "take", "(M,N,K):(_1,M,M*N)", "1048576", "3"), drop("make.take"),
			"case 1: no step applies [make.take] at A (the walk's steps end early)"},
		{"the index -2^20", assumed(t, nil, "take", "(M,N,K):(_1,M,M*N)", "-1048576", "3"), drop("make.take"),
			"case 1: no step applies [make.take] at A (the walk's steps end early)"},
		{"a flat list of indices", assumed(t, nil, "select", "(M,N,K):(_1,M,M*N)", "(5,0)"), drop("make.select"),
			"case 1: no step applies [make.select] at A (the walk's steps end early)"},
	})
}
