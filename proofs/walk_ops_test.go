package proofs_test

import (
	"strings"
	"testing"

	"github.com/cutealg/cutealg/proofs"
	"github.com/cutealg/cutealg/rules"
)

// walkRow is a derivation, one change to it and the start of the
// rejection Check gives the changed derivation (the place and why).
type walkRow struct {
	name   string
	d      rules.Derivation
	change func(d *rules.Derivation)
	want   string
}

// checkWalkRows applies each row's change and wants Check's rejection to
// start with the row's text.
func checkWalkRows(t *testing.T, rows []walkRow) {
	t.Helper()
	for _, c := range rows {
		c.change(&c.d)
		err := proofs.Check(c.d)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: Check gives %v, want a rejection %q...", c.name, err, c.want)
		}
	}
}

// dropStep removes the step of a rule at a place from a case.
func dropStep(t *testing.T, c *rules.Case, rule, at string) {
	t.Helper()
	i := stepIndex(t, c, rule, at)
	c.Steps = append(c.Steps[:i:i], c.Steps[i+1:]...)
}

// stepIndex is the index of the case's step of rule at the place at.
func stepIndex(t *testing.T, c *rules.Case, rule, at string) int {
	t.Helper()
	for i, st := range c.Steps {
		if st.Rule == rule && st.At == at {
			return i
		}
	}
	t.Fatalf("no step %s at %s", rule, at)
	return -1
}

// The walk of nullspace (nullspace.go) requires its steps at their
// places, in order, with their values.
func TestWalkNullspace(t *testing.T) {
	// nullspace((M,(N,_4)):(_0,(_1,_0))): null.compact, make.left at
	// the three leaves, make.compact, null.keep at modes 0 and 2
	kernel := func() rules.Derivation { return assumed(t, nil, "nullspace", "(M,(N,_4)):(_0,(_1,_0))") }
	checkWalkRows(t, []walkRow{
		{"null.compact dropped", kernel(), func(d *rules.Derivation) {
			dropStep(t, &d.Cases[0], "null.compact", "A")
		}, "case 1: step 1 applies make.left at flatten(shape(A)) mode 0 where the walk applies [null.compact] at A"},
		{"the compact strides' last step dropped", kernel(), func(d *rules.Derivation) {
			dropStep(t, &d.Cases[0], "make.compact", "flatten(shape(A)) shape")
		}, "case 1: step 5 applies null.keep at mode 0 where the walk applies [make.compact] at flatten(shape(A)) shape"},
		{"a mode of the kernel dropped", kernel(), func(d *rules.Derivation) {
			dropStep(t, &d.Cases[0], "null.keep", "mode 2")
		}, "case 1: step 7 applies op.answer at the request where the walk applies [null.keep] at mode 2"},
		{"a mode of the kernel at another stride", kernel(), func(d *rules.Derivation) {
			d.Cases[0].Steps[6].Bind["d"] = "M"
		}, "case 1: step null.keep at mode 2 binds d = M where the walk has M*N"},
		{"null.compact after the first stride", kernel(), func(d *rules.Derivation) {
			s := d.Cases[0].Steps
			s[0], s[1] = s[1], s[0]
		}, "case 1: step 1 applies make.left at flatten(shape(A)) mode 0 where the walk applies [null.compact] at A"},
		{"null.none where there is no mode of stride _0, dropped", assumed(t, nil, "nullspace", "(M,N):(_1,M)"), func(d *rules.Derivation) {
			dropStep(t, &d.Cases[0], "null.none", "A")
		}, "case 1: step 5 applies op.answer at the request where the walk applies [null.none] at A"},
	})
}

// The walk of max_common_vector and max_common_layout (maxcommon.go)
// requires the right inverse's steps and the common part's at their
// places, in order, with their values; the inverse's walk (inverse.go)
// reads R's steps first, so their rejections are its.
func TestWalkCommon(t *testing.T) {
	// max_common_vector((M,N):(_1,M), (M,N):(_1,M)): R follows mode 0
	// (M:_1), skips mode 1 (the dynamic stride M), ends at c = M
	vector := func() rules.Derivation {
		return assumed(t, nil, "max_common_vector", "(M,N):(_1,M)", "(M,N):(_1,M)")
	}
	// max_common_layout((_8,M):(_1,_16), (_8,M):(_1,_8)): R follows
	// modes 0 and 1, then common.layout with n = _8, then R o _8:_1
	layout := func() rules.Derivation {
		return assumed(t, nil, "max_common_layout", "(_8,M):(_1,_16)", "(_8,M):(_1,_8)")
	}
	checkWalkRows(t, []walkRow{
		{"a mode of dynamic stride not skipped", vector(), func(d *rules.Derivation) {
			dropStep(t, &d.Cases[0], "inv.right.skip", "mode 1")
		}, "case 1: the inverse's walk: step 3 applies inv.right.follow at mode 0 where the walk applies [inv.right.skip] at mode 1"},
		{"the right inverse's end dropped", vector(), func(d *rules.Derivation) {
			dropStep(t, &d.Cases[0], "inv.right.end", "R")
		}, "case 1: the inverse's walk: step 5 applies comp.coalesce-lhs at A where the walk applies [inv.right.end] at R"},
		{"the right inverse's end at another stride", vector(), func(d *rules.Derivation) {
			d.Cases[0].Steps[4].Bind["c"] = "N"
		}, "case 1 step 5 (inv.right.end)"},
		{"the common part's step dropped", vector(), func(d *rules.Derivation) {
			dropStep(t, &d.Cases[0], "common.none", "A o R")
		}, "case 1: step 11 applies op.answer at the request inside a composition's walk, where the walk applies common.vector or common.none next"},
		{"a step of the right inverse after the composition", layout(), func(d *rules.Derivation) {
			s := d.Cases[0].Steps
			s[4], s[5] = s[5], s[4]
		}, "case 1 step 5 (comp.coalesce-lhs)"},
		{"common.layout dropped", layout(), func(d *rules.Derivation) {
			dropStep(t, &d.Cases[0], "common.layout", "R")
		}, "case 1: step 22 applies op.answer at the request inside a composition's walk, where the walk applies common.layout or common.none next"},
		// B = (_2,_3,_2,_2):(_2,_5,_2,_1): CuTe's exchange sort puts mode
		// 2 before mode 0 (both of stride _2), so R follows modes 3, 2
		{"the mode of equal stride first in B followed instead", sorted(t), func(d *rules.Derivation) {
			d.Cases[0].Steps[3].At = "mode 0"
		}, "case 1: the inverse's walk: step 4 applies inv.right.follow at mode 0 where the walk applies [inv.right.follow] at mode 2"},
	})
	// and accepts those derivations unchanged
	if err := proofs.Check(sorted(t)); err != nil {
		t.Errorf("max_common_layout with equal strides in B: %v", err)
	}
}

// sorted derives max_common_layout((_4,_8):(_1,_4),
// (_2,_3,_2,_2):(_2,_5,_2,_1)).
func sorted(t *testing.T) rules.Derivation {
	return assumed(t, nil, "max_common_layout", "(_4,_8):(_1,_4)", "(_2,_3,_2,_2):(_2,_5,_2,_1)")
}

// The walk of the swizzles (swizzle.go) requires the swizzle's steps at
// their places, in order, with their values.
func TestWalkSwizzle(t *testing.T) {
	// crd2idx((3,5), Sw<3,4,3> o _0 o (M,N):(_1,M)) where M % 1024 == 0:
	// crd.inner at both modes, crd.sum, swz.eval, swz.apply
	eval := func() rules.Derivation {
		return assumed(t, []string{"M % 1024 == 0"}, "crd2idx", "(3,5)", "Sw<3,4,3> o _0 o (M,N):(_1,M)")
	}
	checkWalkRows(t, []walkRow{
		{"the swizzle's evaluation dropped", eval(), func(d *rules.Derivation) {
			dropStep(t, &d.Cases[0], "swz.eval", "Sw o O o L at c")
		}, "case 1: step 4 applies swz.apply at O + L(c) where the walk applies [swz.eval] at Sw o O o L at c"},
		{"the swizzle's evaluation before crd2idx's sum", eval(), func(d *rules.Derivation) {
			s := d.Cases[0].Steps
			s[2], s[3] = s[3], s[2]
		}, "case 1: no step applies [crd.sum] at c (the walk's steps end early)"},
		{"the swizzle of the index dropped", eval(), func(d *rules.Derivation) {
			dropStep(t, &d.Cases[0], "swz.apply", "O + L(c)")
		}, "case 1: step 5 applies op.answer at the request where the walk applies [swz.apply] at O + L(c)"},
		{"the forwarding of coalesce dropped", assumed(t, nil, "coalesce", "Sw<2,0,2> o K o (M,N):(_1,M)"), func(d *rules.Derivation) {
			dropStep(t, &d.Cases[0], "swz.forward", "Sw o O o L")
		}, "case 1: step 1 applies coal.first at A mode 0 where the walk applies [swz.forward] at Sw o O o L"},
		{"size's inner layout after its query", assumed(t, nil, "size", "Sw<3,4,3> o _0 o (M,N):(_1,M)"), func(d *rules.Derivation) {
			s := d.Cases[0].Steps
			s[0], s[1] = s[1], s[0]
		}, "case 1: step 1 applies query.size at A where the walk applies [swz.inner] at Sw o O o L"},
		{"a forwarded divide cites swz.inner", assumed(t, []string{"M % 64 == 0"}, "zipped_divide", "Sw<3,4,3> o _0 o (M,N):(_1,M)", "(_64,_8)"), func(d *rules.Derivation) {
			r, _ := rules.Standard().Rule("swz.inner")
			st := &d.Cases[0].Steps[0]
			st.Rule, st.Version, st.Hash, st.Doc, st.Says = r.ID, r.Version, r.Hash, r.Doc, r.Says
		}, "case 1: step 1 applies swz.inner at Sw o O o L where the walk applies [swz.forward] at Sw o O o L"},
		{"crd2idx's refusal of a coordinate of another rank with a step before it", assumed(t, nil, "crd2idx", "(3,5)", "Sw<0,4,3> o _0 o (_2,_2,_2):(_4,_1,_2)"), func(d *rules.Derivation) {
			eval := eval()
			d.Cases[0].Steps = eval.Cases[0].Steps[:1]
		}, "case 1: step 1 (crd.inner at c mode 0) follows CuTe's refusal (CuTe refuses the coordinate: the coordinate (3,5) does not match the modes of (_2,_2,_2):(_4,_1,_2))"},
		{"composition_swizzle of a swizzle of B = 0 bits cites swz.compose", assumed(t, nil, "composition_swizzle", "Sw<0,4,3>", "(M,N):(_1,M)"), func(d *rules.Derivation) {
			r, _ := rules.Standard().Rule("swz.compose")
			st := &d.Cases[0].Steps[0]
			st.Rule, st.Version, st.Hash, st.Doc, st.Says = r.ID, r.Version, r.Hash, r.Doc, r.Says
		}, "case 1: step 1 applies swz.compose at Sw o L where the walk applies [swz.identity] at Sw o L"},
	})
	// CuTe's refusal of a coordinate of another rank ends the case with
	// no step
	refused := assumed(t, nil, "crd2idx", "(3,5)", "Sw<0,4,3> o _0 o (_2,_2,_2):(_4,_1,_2)")
	if err := proofs.Check(refused); err != nil {
		t.Errorf("crd2idx of a coordinate of another rank: %v", err)
	}
}

// A nullspace whose layout's extent may be below 1 ends, in that case, at
// the extent's obligation, before the walk: Check accepts the derivation.
func TestNullspaceEndsAtExtent(t *testing.T) {
	d := assumed(t, nil, "nullspace", "(M,N-M):(_0,_1)")
	if err := proofs.Check(d); err != nil {
		t.Error(err)
	}
}
