package proofs_test

import (
	"strings"
	"testing"

	"github.com/cutealg/cutealg/proofs"
	"github.com/cutealg/cutealg/rules"
)

// TestTileStaticReading: tile_to_shape of a static target by a block mode
// that is not static does not compile with run-time integers, so outside
// dynamic mode its cases read the symbols static (tile.static after
// tile.pad; finding 46 under the ruling, docs/verification.md). Check
// accepts the engine's derivations, plain and dynamic, and rejects each
// change: the reading dropped or claimed where CuTe computes with
// run-time integers, CuTe's refusal kept at every binding in plain mode
// (the engine's answer before), a static reading's tiles read as a
// dynamic target's.
func TestTileStaticReading(t *testing.T) {
	plain := func(args ...string) rules.Derivation { return assumed(t, nil, "tile_to_shape", args...) }
	dyn := func(args ...string) rules.Derivation {
		d, err := rules.Derive(rules.Request{Op: "tile_to_shape", Args: args, Dynamic: true})
		if err != nil {
			t.Fatal(err)
		}
		return clone(t, d)
	}
	for _, d := range []rules.Derivation{
		plain("(M,_2):(_1,M)", "(_8,_4)"),
		plain("(M,2):(_1,M)", "(K,N)"),
		plain("(M,N):(_1,M)", "(_8,_8)"),
		plain("(M,_2):(_1,M)", "(_8,N)"),
		plain("(M,1):(_1,M)", "(_8,_4)"),
		plain("(_4,M):(_1,_4)", "(_8,_8)"),
		plain("(_4,M):(_1,_4)", "(_8,N)"),
		plain("(M,_2):(_1,M)", "(_8,_4)", "(_1,_0)"),
		dyn("(M,_2):(_1,M)", "(_8,_4)"),
		dyn("(_4,M):(_1,_4)", "(_8,N)"),
	} {
		if err := proofs.Check(d); err != nil {
			t.Errorf("%s%v (dynamic %v): %v", d.Op, d.Args, d.Dynamic, err)
		}
	}
	// the case's step of rule at the place at, with its index
	find := func(c *rules.Case, rule string) int { return stepIndex(t, c, rule, "A") }
	// a real tile.static step, after tile.pad with no guard
	static := plain("(_4,M):(_1,_4)", "(_8,_8)")
	for _, c := range []struct {
		name   string
		d      rules.Derivation
		change func(d *rules.Derivation)
		want   string
	}{
		// (_4,M):(_1,_4) has static strides: tile.static alone says the
		// case reads the symbols static
		{"tile.static dropped where nothing else reads static",
			plain("(_4,M):(_1,_4)", "(_8,_8)"), func(d *rules.Derivation) {
				dropStep(t, &d.Cases[0], "tile.static", "A")
			}, "case 1: the target is static and the block's mode 1 is not: CuTe refuses it with the symbols as run-time integers, so the case reads them static, and no step of tile.static says so"},
		// (M,_2):(_1,M): the product's complement reads static too
		{"tile.static dropped where the complement reads static",
			plain("(M,_2):(_1,M)", "(_8,_4)"), func(d *rules.Derivation) {
				dropStep(t, &d.Cases[1].From[0], "tile.static", "A")
			}, "case 2: merged from case a: case 2: the case reads the symbols as static integers: step 2 applies tile.evenly at mode 0 where the walk applies [tile.static] at A"},
		// a dynamic target: CuTe computes with run-time integers (the
		// error case N%M!=0, which ends before the product)
		{"tile.static claimed for a dynamic target",
			plain("(_4,M):(_1,_4)", "(_8,N)"), func(d *rules.Derivation) {
				cs := &d.Cases[1]
				i := find(cs, "tile.pad") + 1
				st := static.Cases[0].Steps[find(&static.Cases[0], "tile.static")]
				cs.Steps = append(cs.Steps[:i:i], append([]rules.Step{st}, cs.Steps[i:]...)...)
			}, "case 2: step 3 applies tile.divides at mode 0 where the walk applies [tile.evenly] at mode 0"},
		// the engine's answer before: CuTe's refusal at every binding
		{"the refusal of the run-time template kept in plain mode",
			dyn("(M,_2):(_1,M)", "(_8,_4)"), func(d *rules.Derivation) {
				d.Dynamic = false
			}, "case 1: the target is static and the block's mode 0 is not: CuTe refuses it with the symbols as run-time integers, so the case reads them static"},
		// the dynamic literal 1 keeps the refusal: a value there is wrong
		{"the dynamic literal's refusal replaced by a value",
			plain("(M,1):(_1,M)", "(_8,_4)"), func(d *rules.Derivation) {
				d.Cases[0].Error = ""
				d.Cases[0].Result = "((M,8/M),(1,_4)):((_1,M),(M,8))"
			}, "case 1: the target is static and the block's mode 1 is not: CuTe refuses it, but the case does not end there with its refusal"},
	} {
		c.change(&c.d)
		err := proofs.Check(c.d)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: Check gives %v,\nwant a rejection %q...", c.name, err, c.want)
		}
	}
}

// TestCompositionNextShapeDecision: with the symbols static, CuTe's
// composition fold appends no mode where the next shape ceil_div(s, r)
// of A's mode is the static 1, and the engine decides that shape
// (compl.unit-of at "B ... against mode k of A"). Check traced that
// decision's s to no step (the open checker finding of branch f40s,
// max_common_layout((_16,M,_2):(_1,_8,_16), (_16,M,_2):(_1,_8,_16)) read
// static there; on this branch the logical_divide requests below, whose
// complement reads static): a comp.step step now makes ceil_div(s, r)
// available. Each request is accepted, under assumptions too; a decision
// about another value is still rejected (its condition, which the step
// does not discharge, before its trace).
func TestCompositionNextShapeDecision(t *testing.T) {
	for _, c := range []struct {
		args   []string
		assume []string
	}{
		{[]string{"(_16,M,_2):(_1,_8,_16)", "(_16,_2):(_1,_16*M)"}, nil},
		{[]string{"(_16,M,_2):(_1,_8,_16)", "(_16,_2):(_1,_16*M)"}, []string{"M <= 2"}},
		{[]string{"(_16,M,_2):(_1,_8,_16)", "(_16,_2):(_1,_8*M)"}, nil},
		{[]string{"(_16,M,_2):(_1,_8,_16)", "(_16,_2):(_1,_8*M)"}, []string{"M >= 2"}},
		{[]string{"(_8,M,_4):(_1,_8,_16)", "(_8,_2):(_1,_8*M)"}, nil},
	} {
		d := assumed(t, c.assume, "logical_divide", c.args...)
		if err := proofs.Check(d); err != nil {
			t.Errorf("logical_divide%v under %v: %v", c.args, c.assume, err)
		}
	}
	// (_16,M,_2):(_1,_8,_16) / (_16,_2):(_1,_16*M): the decision that
	// ceil_div(16,16*M) is 1, its s changed to a value no step gives
	d := assumed(t, nil, "logical_divide", "(_16,M,_2):(_1,_8,_16)", "(_16,_2):(_1,_16*M)")
	found := 0
	var visit func(c *rules.Case)
	visit = func(c *rules.Case) {
		for i := range c.From {
			visit(&c.From[i])
		}
		for i, st := range c.Steps {
			if st.Rule == "compl.unit" && st.Bind["s"] == "ceil_div(16,16*M)" {
				c.Steps[i].Bind = map[string]string{"s": "ceil_div(16,32*M)"}
				found++
			}
		}
	}
	for i := range d.Cases {
		visit(&d.Cases[i])
	}
	if found == 0 {
		t.Fatal("no size-1 decision of ceil_div(16,16*M) in the derivation")
	}
	if err := proofs.Check(d); err == nil || !strings.Contains(err.Error(), "step 34 (compl.unit)") || !strings.Contains(err.Error(), "ceil_div(16,32*M)") {
		t.Errorf("the decision about ceil_div(16,32*M): Check gives %v, want step 34's rejection", err)
	}
}
