package proofs_test

import (
	"strings"
	"testing"

	"github.com/cutealg/cutealg/proofs"
	"github.com/cutealg/cutealg/rules"
)

// TestLeftInverseNegative: the inverse's walk re-derives left_inverse with
// a negative stride (finding 70): inv.left.reverse where it is A's one
// non-zero stride, inv.left.opposite (in place of inv.left.disjoint)
// beside its opposite, inv.left.negative otherwise (CuTe's refusal as the
// rules read it, or in dynamic mode a step at run time after which the
// fold shows no disjointness). The engine's derivations check, their
// mutants at the new steps do not.
func TestLeftInverseNegative(t *testing.T) {
	dyn := func(arg string) rules.Derivation {
		d, err := rules.Derive(rules.Request{Op: "left_inverse", Args: []string{arg}, Dynamic: true})
		if err != nil {
			t.Fatal(err)
		}
		return clone(t, d)
	}
	left := func(arg string) rules.Derivation { return assumed(t, nil, "left_inverse", arg) }
	for _, d := range []rules.Derivation{left("M:_-1"), left("(M,(N,_3)):(_0,(_0,_-4))"), left("(M,_2):(_1,_-1)"),
		left("(M,N,_3):(_2,_0,_-2)"), left("(_4,M):(_-1,_4)"), left("(_4,M):(_-1,_1)"), left("(_4,M,_1):(_-1,_1,_5)"), dyn("(_4,M):(_-1,_4)"), dyn("(M,_2):(_1,_-1)"), dyn("(M,N):(_-1,_-2)"),
		// a positive stride beside a negative one that is not its opposite,
		// the positive first or last: inv.left.negative
		left("(M,_2):(_1,_-2)"), left("(_2,M):(_-2,_1)"), left("(_3,M):(_-1,_3)"),
		// two positive strides, the second the negative one's opposite
		left("(M,_3,_2):(_1,_4,_-4)")} {
		if err := proofs.Check(d); err != nil {
			t.Errorf("%s%v (dynamic %v): %v", d.Op, d.Args, d.Dynamic, err)
		}
	}
	set := func(c *rules.Case, rule, at, name, v string) { c.Steps[stepIndex(t, c, rule, at)].Bind[name] = v }
	opp := func() rules.Derivation { return assumed(t, []string{"M >= 2"}, "left_inverse", "(M,_2):(_1,_-1)") }
	// the step of inv.left.negative of (_4,M):(_-1,_4), an error
	negStep := left("(_4,M):(_-1,_4)").Cases[0].Steps
	checkWalkRows(t, []walkRow{
		{"left_inverse(M:_-1) without inv.left.reverse",
			left("M:_-1"), func(d *rules.Derivation) { dropStep(t, &d.Cases[0], "inv.left.reverse", "mode 0") },
			"case 1: the inverse's walk: step 2 applies inv.left.mode at mode 0 where the walk applies [inv.left.reverse] at mode 0"},
		{"left_inverse(M:_-1) with inv.left.reverse's d changed",
			left("M:_-1"), func(d *rules.Derivation) { set(&d.Cases[0], "inv.left.reverse", "mode 0", "d", "M") },
			"case 1: the inverse's walk: step inv.left.reverse at mode 0 binds d = M where the walk has -1"},
		{"left_inverse(M:_-1) made the error of inv.left.negative",
			left("M:_-1"), func(d *rules.Derivation) {
				c := &d.Cases[0]
				neg := negStep[len(negStep)-1]
				c.Steps = append(c.Steps[:1:1], neg)
				c.Result, c.Error = "", left("(_4,M):(_-1,_4)").Cases[0].Error
			},
			"case 1: the inverse's walk: step 2 applies inv.left.negative at mode 0 where the walk applies [inv.left.reverse] at mode 0"},
		{"left_inverse((M,_2):(_1,_-1)) under M >= 2 without inv.left.opposite",
			opp(), func(d *rules.Derivation) { dropStep(t, &d.Cases[0], "inv.left.opposite", "mode 0") },
			"case 1: the inverse's walk: step 3 applies inv.left.mode at mode 0 where the walk applies [inv.left.opposite] at mode 0"},
		{"left_inverse((M,_2):(_1,_-1)) under M >= 2 with inv.left.opposite's s _1",
			opp(), func(d *rules.Derivation) { set(&d.Cases[0], "inv.left.opposite", "mode 0", "s", "_1") },
			"case 1 step 3 (inv.left.opposite): its condition 1<=M is not discharged"},
		{"left_inverse((_4,M):(_-1,_1)) without inv.left.opposite-last",
			left("(_4,M):(_-1,_1)"), func(d *rules.Derivation) { dropStep(t, &d.Cases[0], "inv.left.opposite-last", "mode 1") },
			"case 1: the inverse's walk: step 3 applies inv.left.mode at mode 1 where the walk applies [inv.left.opposite-last] at mode 1"},
		{"dynamic left_inverse((_4,M):(_-1,_4)) made the error of inv.left.negative",
			dyn("(_4,M):(_-1,_4)"), func(d *rules.Derivation) {
				c := &d.Cases[0]
				i := stepIndex(t, c, "inv.left.negative", "mode 0")
				c.Steps = c.Steps[: i+1 : i+1]
				c.Steps[i].Runtime = false
				c.Result, c.Error, c.Warnings = "", left("(_4,M):(_-1,_4)").Cases[0].Error, nil
			},
			"case 1: the inverse's walk: step 2 (inv.left.negative at mode 0) ends a dynamic derivation where CuTe computes its fold"},
	})
}

// TestDivideNegativeTile: a divide whose tile has a negative stride is the
// error compl.negative-stride (CuTe's complement of the tile has the
// extents -1 and 0), and Check accepts the derivation (finding 73): the
// spot check of the divide's rewrite (div.zipped, div.tiled, div.flat,
// div.logical) found concrete refusing the rewritten term at every
// binding, CuTe's intermediate value with a negative extent being no
// argument concrete takes, where the request itself has CuTe's value; both
// sides are now compared as strict mode refuses them (the same refusal,
// the complement's precondition). A rewrite whose sides strict mode
// refuses for different reasons is still rejected.
func TestDivideNegativeTile(t *testing.T) {
	for _, op := range []string{"zipped_divide", "tiled_divide", "flat_divide", "logical_divide_tiler"} {
		for _, dynamic := range []bool{false, true} {
			d, err := rules.Derive(rules.Request{Op: op, Args: []string{"(M,N):(_1,M)", "(_4:_-1,_2:_-2)"}, Dynamic: dynamic})
			if err != nil {
				t.Fatal(err)
			}
			if len(d.Cases) != 1 || !strings.Contains(d.Cases[0].Error, "compl.negative-stride") {
				t.Errorf("%s (dynamic %v): want the one case compl.negative-stride, got %+v", op, dynamic, d.Cases)
			}
			if err := proofs.Check(d); err != nil {
				t.Errorf("%s (dynamic %v): %v", op, dynamic, err)
			}
		}
	}
	// zipped_divide's rewrite claimed with a tile whose complement strict
	// mode refuses for another reason than the request's
	d := assumed(t, nil, "zipped_divide", "(M,N):(_1,M)", "(_4:_-1,_2:_-2)")
	checkWalkRows(t, []walkRow{
		{"zipped_divide((M,N):(_1,M), (_4:_-1,_2:_-2)) with div.zipped's tile _4:_-3",
			d, func(d *rules.Derivation) {
				st := &d.Cases[0].Steps[0]
				st.After = strings.Replace(st.After, "(_4:_-1,_2:_-2)),", "(_4:_-3,_2:_-2)),", 1)
			},
			"case 1 step 1 (div.zipped): zipped_divide((M,N):(_1,M),(_4:_-1,_2:_-2)) and tile_unzip("},
	})
}

// TestZipRuleOfItsOperation: div.zip and prod.zip state the same rewrite
// (tile_unzip(L, T) => Z); each requires the step that made its
// tile_unzip (div.zipped, prod.zipped), so a derivation citing the other
// family's rule is rejected (the mutant "another rule id, doc and says"
// turned div.zip into prod.zip in local_partition once this branch's new
// rules shifted the mutants' rule indices, and it checked).
func TestZipRuleOfItsOperation(t *testing.T) {
	swap := map[string]string{"div.zip": "prod.zip", "prod.zip": "div.zip"}
	for _, c := range [][]string{
		{"local_partition", "(M,N):(_1,M)", "(_1,_32):(_0,_1)", "t"},
		{"zipped_product", "(M,N):(_1,M)", "(_4,_2)"},
		{"zipped_divide", "(M,N):(_1,M)", "(_4,_2)"},
	} {
		d := assumed(t, nil, c[0], c[1:]...)
		if err := proofs.Check(d); err != nil {
			t.Errorf("%v: %v", c, err)
		}
		swapped := 0
		for ci := range d.Cases {
			for i := range d.Cases[ci].Steps {
				st := &d.Cases[ci].Steps[i]
				if to, ok := swap[st.Rule]; ok {
					o, _ := rules.Standard().Rule(to)
					st.Rule, st.Version, st.Hash, st.Doc, st.Says = o.ID, o.Version, o.Hash, o.Doc, o.Says
					swapped++
				}
			}
		}
		if err := proofs.Check(d); swapped == 0 || err == nil || !strings.Contains(err.Error(), "requires line") {
			t.Errorf("%v with div.zip and prod.zip exchanged (%d steps): Check gives %v, want the requires line's rejection", c, swapped, err)
		}
	}
}
