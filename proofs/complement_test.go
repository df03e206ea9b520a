package proofs_test

import (
	"strings"
	"testing"

	"github.com/cutealg/cutealg/proofs"
	"github.com/cutealg/cutealg/rules"
)

// The complement's walk (complement.go) and the guards of a merged case
// (merged.go): each row changes one derivation and wants Check's
// rejection to start with the place and reason given.
func TestComplementWalk(t *testing.T) {
	derive := func(op string, assume []string, args ...string) rules.Derivation {
		return assumed(t, assume, op, args...)
	}
	drop := func(c *rules.Case, rule, at string) { dropStep(t, c, rule, at) }
	// complement((_4,_8):(_1,M), _32*M*K): case 2 (M<4) ends at
	// compl.injective.one; case 3 (M>=4 && M%4==0) is merged from M/4==1
	// and M/4!=1
	compl := func() rules.Derivation { return derive("complement", nil, "(_4,_8):(_1,M)", "_32*M*K") }
	// logical_divide((M,N):(_1,M), _32:_1) under M%32==0: the complement
	// of _32:_1 in the cotarget (M,N) has a rest at each of its modes
	divide := func() rules.Derivation {
		return derive("logical_divide", []string{"M % 32 == 0"}, "(M,N):(_1,M)", "_32:_1")
	}
	const rest = "A / B complement rest mode "
	for _, c := range []struct {
		name   string
		d      rules.Derivation
		change func(d *rules.Derivation)
		want   string
	}{
		{"the static reading dropped where CuTe refuses the run-time one", compl(), func(d *rules.Derivation) {
			drop(&d.Cases[1], "compl.static-oracle", "A")
		}, "case 2: the complement from step 1: CuTe refuses complement((_4,_8):(_1,M),32*K*M) with the symbols as run-time integers (Dynamic-stride complement only for rank-1 layouts: the stride M)"},
		{"the static reading stated at another place", compl(), func(d *rules.Derivation) {
			d.Cases[1].Steps[0].At = "B"
		}, "case 2: the complement from step 2: the case reads the symbols as static integers, but no step of compl.static-oracle at A comes before the size-1 decisions of the filter (step 2)"},
		{"the rest of the cotarget's first mode dropped", divide(), func(d *rules.Derivation) {
			drop(&d.Cases[0], "compl.rest-exact", rest+"0")
		}, "case 1: the complement from step 3: step 7 applies compl.rest-exact at " + rest + "1 where the walk applies [compl.rest-exact compl.rest-within compl.rest-beyond compl.rest] at " + rest + "0"},
		{"the rest of the cotarget's last mode dropped", divide(), func(d *rules.Derivation) {
			drop(&d.Cases[0], "compl.rest-exact", rest+"1")
		}, "case 1: the complement from step 3: step 8 applies compl.cosize at A / B complement where the walk applies [compl.rest-exact compl.rest-within compl.rest-beyond compl.rest] at " + rest + "1"},
		{"the rests of the cotarget's modes exchanged", divide(), func(d *rules.Derivation) {
			s := d.Cases[0].Steps
			s[6], s[7] = s[7], s[6]
		}, "case 1: the complement from step 3: step 7 applies compl.rest-exact at " + rest + "1 where the walk applies [compl.rest-exact compl.rest-within compl.rest-beyond compl.rest] at " + rest + "0"},
		// finding 65: finding 34's static restart, reverted by the ruling
		// (CuTe computes a complement of static strides with run-time
		// integers), is no rule: a derivation that reads a case static
		// because a kept shape is 1 is refused
		{"finding 34's reading of a shape 1 static", derive("complement", nil, "(_4,N):(_1,_6)", "_8"), func(d *rules.Derivation) {
			d.Cases[0].Steps = append([]rules.Step{{Rule: "compl.known", Version: 1, At: "the request", Bind: map[string]string{"s": "N"}}}, d.Cases[0].Steps...)
		}, "case 1 step 1 (compl.known): no rule compl.known"},
		{"a merged case's guard dropped, implied by the other", compl(), func(d *rules.Derivation) {
			d.Cases[2].When = d.Cases[2].When[1:]
		}, "case 3: merged from case a, whose guards are not the case's and one condition more"},
		{"a merged case's guards reordered", compl(), func(d *rules.Derivation) {
			w := d.Cases[2].When
			w[0], w[1] = w[1], w[0]
		}, "case 3: merged from case a, whose guards are not the case's and one condition more"},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := clone(t, c.d)
			if err := proofs.Check(d); err != nil {
				t.Fatalf("the derivation before the change is rejected: %v", err)
			}
			c.change(&d)
			err := proofs.Check(d)
			if err == nil || !strings.HasPrefix(err.Error(), c.want) {
				t.Errorf("Check gives %v, want %q", err, c.want)
			}
		})
	}
}
