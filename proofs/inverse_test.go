package proofs_test

import (
	"strings"
	"testing"

	"github.com/cutealg/cutealg/proofs"
	"github.com/cutealg/cutealg/rules"
)

// The inverses' walk (inverse.go) re-derives every step of right_inverse
// and left_inverse from A: each row changes one step of a derivation
// (dropped, moved, or a value altered) and wants Check's rejection to
// start with the place and reason given.
func TestInverseWalk(t *testing.T) {
	derive := func(op string, args ...string) rules.Derivation { return assumed(t, nil, op, args...) }
	index := func(c *rules.Case, rule, at string) int { return stepIndex(t, c, rule, at) }
	drop := func(c *rules.Case, rule, at string) { dropStep(t, c, rule, at) }
	set := func(c *rules.Case, rule, at, name, v string) {
		c.Steps[index(c, rule, at)].Bind[name] = v
	}
	// right_inverse((M,N):(N,_1)): mode 0's stride N is skipped, mode 1
	// followed from _1
	right := func() rules.Derivation { return derive("right_inverse", "(M,N):(N,_1)") }
	// left_inverse((M,N):(N,_1)), case M!=1 && N!=1 (merged twice, b of
	// b): the sort exchanges N and _1, mode 1 then mode 0, and R's
	// coalesce decides N and M
	leftMN := func() rules.Derivation { return derive("left_inverse", "(M,N):(N,_1)") }
	mn := func(d *rules.Derivation) *rules.Case { return &d.Cases[0].From[1].From[1] }
	const mnCase = "case 1: merged from case b: case 1: merged from case b: case 1: the inverse's walk: "
	// left_inverse((M,_4):(_0,_1)): mode 0 of stride _0 is skipped
	zero := func() rules.Derivation { return derive("left_inverse", "(M,_4):(_0,_1)") }
	// left_inverse((_2,_2):(_1,N-M)): the symbols read as static; case 1
	// N-M >= 2, case 2 N-M < 1 (inv.left.positive's condition failing)
	nm := func() rules.Derivation { return derive("left_inverse", "(_2,_2):(_1,N-M)") }
	for _, c := range []struct {
		name   string
		d      rules.Derivation
		change func(d *rules.Derivation)
		want   string
	}{
		{"a mode of dynamic stride not skipped", right(), func(d *rules.Derivation) {
			drop(&d.Cases[0], "inv.right.skip", "mode 0")
		}, "case 1: the inverse's walk: step 2 applies inv.right.follow at mode 1 where the walk applies [inv.right.skip] at mode 0"},
		{"another stride skipped", right(), func(d *rules.Derivation) {
			set(&d.Cases[0], "inv.right.skip", "mode 0", "d", "M")
		}, "case 1: the inverse's walk: step inv.right.skip at mode 0 binds d = M where the walk has N"},
		{"a prefix product altered", right(), func(d *rules.Derivation) {
			set(&d.Cases[0], "inv.right.follow", "mode 1", "p", "N")
		}, "case 1: the inverse's walk: step inv.right.follow at mode 1 binds p = N where the walk has M"},
		{"a comparison of the sort decided without a guard dropped", leftMN(), func(d *rules.Derivation) {
			drop(mn(d), "inv.min.later", "stride sort")
		}, mnCase + "step 5 applies inv.left.mode at mode 1 where the walk applies [inv.min.first inv.min.later] at stride sort"},
		{"a size-1 decision of R's coalesce dropped", leftMN(), func(d *rules.Derivation) {
			drop(mn(d), "compl.nonunit", "coalesce mode 1")
		}, mnCase + "step 10 applies compl.nonunit at coalesce last mode where the walk applies [compl.unit compl.nonunit] at coalesce mode 1"},
		{"the modes placed in another order", leftMN(), func(d *rules.Derivation) {
			c := mn(d)
			i, j := index(c, "inv.left.mode", "mode 1"), index(c, "inv.left.mode", "mode 0")
			c.Steps[i].At, c.Steps[j].At = "mode 0", "mode 1"
		}, mnCase + "step 6 applies inv.left.mode at mode 0 where the walk applies [inv.left.mode] at mode 1"},
		{"a mode of stride 0 with another extent", zero(), func(d *rules.Derivation) {
			set(&d.Cases[0], "inv.left.zero", "mode 0", "s", "2*M")
		}, "case 1: the inverse's walk: step inv.left.zero at mode 0 binds s = 2*M where the walk has M"},
		{"the static reading dropped in a case that ends in an error", nm(), func(d *rules.Derivation) {
			drop(&d.Cases[1], "inv.left.static", "A")
		}, "case 2: the inverse's walk: no step applies [inv.left.static] at A (the walk's steps end early)"},
		{"a positivity obligation moved to another mode", nm(), func(d *rules.Derivation) {
			d.Cases[0].Steps[index(&d.Cases[0], "inv.left.positive", "mode 1")].At = "mode 0"
		}, "case 1: the inverse's walk: step 3 applies inv.left.positive at mode 0 where the walk applies [inv.left.positive] at mode 1"},
		{"a dynamic literal stride refused at another mode", derive("left_inverse", "M:3"), func(d *rules.Derivation) {
			d.Cases[1].Steps[index(&d.Cases[1], "inv.left.dynamic-literal", "mode 0")].At = "mode 1"
		}, "case 2: the inverse's walk: step 3 applies inv.left.dynamic-literal at mode 1 where the walk applies [inv.left.dynamic-literal] at mode 0"},
	} {
		c.change(&c.d)
		err := proofs.Check(c.d)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: Check gives %v, want a rejection %q...", c.name, err, c.want)
		}
	}
}

// A merge of the inverse's coalesces that the checker decides but the
// engine did not is read both ways: under M <= 2, in the case N == 1 &&
// M*N != 1 (so M == 2), M*N*M == _4 and _2*_1 == M hold, which sym's
// order decision does not find; the engine keeps the modes apart (the
// same function), and Check accepts its derivations.
func TestInverseWalkMerges(t *testing.T) {
	for _, l := range []string{"(M*N,_8,_8,N):(M,_4,_0,_1)", "(_2,M*N,N,N):(_1,M,M*N,_3)"} {
		d, err := rules.Derive(rules.Request{Op: "left_inverse", Args: []string{l}, Assume: []string{"M <= 2"}})
		if err != nil {
			t.Fatal(err)
		}
		if err := proofs.Check(clone(t, d)); err != nil {
			t.Errorf("left_inverse(%s) assuming M <= 2: %v", l, err)
		}
	}
}
