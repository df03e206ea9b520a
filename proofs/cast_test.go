package proofs_test

import (
	"strings"
	"testing"

	"github.com/cutealg/cutealg/proofs"
	"github.com/cutealg/cutealg/rules"
)

// The casts' walk (cast.go), the constructions' and queries' one step
// (construct.go) and the earlier rules of an "any" group where a rule
// fires without its condition proved (check.go): each row changes one
// derivation and wants Check's rejection to start with the place and
// reason given; a row with no change wants the derivation accepted (a
// refusal that the walk re-derives before the steps it would need).
func TestCastAndOneStepWalks(t *testing.T) {
	at := func(c *rules.Case, rule, place string) int { return stepIndex(t, c, rule, place) }
	drop := func(c *rules.Case, rule, place string) { dropStep(t, c, rule, place) }
	for _, c := range []struct {
		name   string
		d      rules.Derivation
		change func(d *rules.Derivation)
		want   string
	}{
		// upcast((M,_6):(_1,_8), 4): mode 0 is cast.up.static, then
		// cast.up.extent, 4 divides M left undecided by cast.up.extent-exact
		{"an any group's earlier rule not shown not to apply",
			assumed(t, nil, "upcast", "(M,_6):(_1,_8)", "4"), func(d *rules.Derivation) {
				d.Cases[0].Steps[at(&d.Cases[0], "cast.up.extent", "mode 0")].Checked = nil
			}, "case 1 step 3 (cast.up.extent): rule cast.up.extent-exact comes before it in group cast.up.extent and is not shown not to apply"},
		// upcast((M,8):(8,1), 2): cast.up.dynamic-exact at mode 0 (2
		// divides 8), cast.up.dynamic-below at mode 1 (1 divides 2)
		{"the last mode's step dropped",
			assumed(t, nil, "upcast", "(M,8):(8,1)", "2"), func(d *rules.Derivation) {
				drop(&d.Cases[0], "cast.up.dynamic-below", "mode 1")
			}, "case 1: step 3 applies op.answer at the request where the walk applies [cast.up.dynamic-exact cast.up.dynamic-below cast.up.dynamic-bad] at mode 1"},
		{"two modes' steps exchanged",
			assumed(t, nil, "upcast", "(M,8):(8,1)", "2"), func(d *rules.Derivation) {
				s := d.Cases[0].Steps
				s[1], s[2] = s[2], s[1]
			}, "case 1: step 2 applies cast.up.dynamic-below at mode 1 where the walk applies [cast.up.dynamic-exact cast.up.dynamic-below cast.up.dynamic-bad] at mode 0"},
		{"an error after the whole walk, where the value fits",
			assumed(t, nil, "upcast", "(M,8):(8,1)", "2"), func(d *rules.Derivation) {
				c := &d.Cases[0]
				c.Steps = c.Steps[:len(c.Steps)-1]
				c.Result, c.Error = "", "upcast: integer overflow"
			}, "case 1: the case ends in an error after the walk of upcast((M,8):(8,1),2), whose value fits in int64"},
		// upcast((M,N):(_1,K-M), 2): the engine refuses the stride K-M of
		// unknown sign at mode 1, after mode 0's steps
		{"a step before a refusal dropped",
			assumed(t, nil, "upcast", "(M,N):(_1,K-M)", "2"), func(d *rules.Derivation) {
				drop(&d.Cases[0], "cast.up.extent", "mode 0")
			}, "case 1: no step applies [cast.up.extent-exact cast.up.extent] at mode 0 (the walk's steps end early)"},
		{"a refusal of a stride of unknown sign", assumed(t, nil, "upcast", "(M,N):(_1,K-M)", "2"), func(*rules.Derivation) {}, ""},
		// downcast((M,N):(_1,M), 4): cast.down.adjacent, cast.by-mode,
		// then mode 0 (stride _1) and mode 1
		{"downcast's adjacency dropped",
			assumed(t, nil, "downcast", "(M,N):(_1,M)", "4"), func(d *rules.Derivation) {
				drop(&d.Cases[0], "cast.down.adjacent", "A")
			}, "case 1: step 1 applies cast.by-mode at A where the walk applies [cast.down.adjacent] at A"},
		{"a downcast's step at another place",
			assumed(t, nil, "downcast", "(M,N):(_1,M)", "4"), func(d *rules.Derivation) {
				d.Cases[0].Steps[at(&d.Cases[0], "cast.down.stride", "mode 1")].At = "mode 0"
			}, "case 1: step 4 applies cast.down.stride at mode 0 where the walk applies [cast.down.stride] at mode 1"},
		{"a downcast with no stride _1", assumed(t, nil, "downcast", "(M,N):(1,M)", "4"), func(*rules.Derivation) {}, ""},
		// finding 35: the value's size leaves int64 at M >= 8, where CuTe's
		// value is the same layout: the spot check compares at M <= 7
		{"a value whose size leaves int64", assumed(t, nil, "downcast", "(_1099511627776,M):(_1,_1099511627776)", "1048576"), func(*rules.Derivation) {}, ""},
		{"a cast by 0", assumed(t, nil, "upcast", "(M,N):(_1,M)", "0"), func(*rules.Derivation) {}, ""},
		// cast.up.static-bad's |d| and sign, re-derived by the walk
		{"a static stride that N does not divide", assumed(t, nil, "upcast", "(M,N):(_-2,_1)", "3"), func(*rules.Derivation) {}, ""},
		// take((M,N,K):(_1,M,M*N), 2, 2): make.take, then the empty range
		{"take's step before its empty range dropped",
			assumed(t, nil, "take", "(M,N,K):(_1,M,M*N)", "2", "2"), func(d *rules.Derivation) {
				drop(&d.Cases[0], "make.take", "A")
			}, "case 1: no step applies [make.take] at A (the walk's steps end early)"},
		{"take's step before its empty range replaced",
			assumed(t, nil, "take", "(M,N,K):(_1,M,M*N)", "2", "2"), func(d *rules.Derivation) {
				st := &d.Cases[0].Steps[0]
				r, _ := rules.Standard().Rule("make.select")
				st.Rule, st.Version, st.Hash, st.Doc, st.Says = r.ID, r.Version, r.Hash, r.Doc, r.Says
			}, "case 1: step 1 applies make.select at A where the walk applies [make.take] at A"},
		{"take's parameter beyond the engine's bound", assumed(t, nil, "take", "(M,N,K):(_1,M,M*N)", "2097152", "3"), func(*rules.Derivation) {}, ""},
		// size of a shape whose product overflows: query.size, then the error
		{"size's step before its overflow dropped",
			assumed(t, nil, "size", "(_1099511627776,_1099511627776,M):(_1,_1,_1)"), func(d *rules.Derivation) {
				drop(&d.Cases[0], "query.size", "A")
			}, "case 1: no step applies [query.size] at A (the walk's steps end early)"},
		{"size of a literal extent below 1", assumed(t, nil, "size", "(M,_0):(_1,_1)"), func(*rules.Derivation) {}, ""},
	} {
		c.change(&c.d)
		err := proofs.Check(c.d)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: Check gives %v, want it accepted", c.name, err)
		case c.want != "" && (err == nil || !strings.HasPrefix(err.Error(), c.want)):
			t.Errorf("%s: Check gives %v, want a rejection %q...", c.name, err, c.want)
		}
	}
}
