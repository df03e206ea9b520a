package proofs_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cutealg/cutealg/rules"
	"github.com/cutealg/cutealg/sym"
)

// TestErrorOfConditionlessRule: an error case whose error says a rule's
// condition fails, where the rule states no condition, is refused
// (finding 43: such cases, cut after their arguments' extents, were
// accepted, since the walks end an error case where its failing rule
// comes next and errorStep read only the follows line).
func TestErrorOfConditionlessRule(t *testing.T) {
	// cutTo keeps a result case's steps up to its last arg.extent and
	// makes it an error of rule id's condition
	cutTo := func(id string) func(d *rules.Derivation) {
		return func(d *rules.Derivation) {
			for i := range d.Cases {
				c := &d.Cases[i]
				if c.Result == "" {
					continue
				}
				k := 0
				for k < len(c.Steps) && c.Steps[k].Rule == "arg.extent" {
					k++
				}
				c.Steps = c.Steps[:k]
				c.Result, c.Error = "", d.Op+": the rule fails: needs M>=1 (rule "+id+")"
				return
			}
			t.Fatalf("%s: no result case", d.Op)
		}
	}
	checkWalkRows(t, []walkRow{
		{"local_partition cut after its extents, tile.product-each's condition said to fail",
			assumed(t, nil, "local_partition", "(M,N-M):(_1,M)", "(_32,_4):(_4,_1)", "t"), cutTo("tile.product-each"),
			"case 1: the error is rule tile.product-each's condition failing, but the rule states no condition"},
		{"make_layout_left cut after its extents, make.left's condition said to fail",
			assumed(t, nil, "make_layout_left", "(M,N-M)"), cutTo("make.left"),
			"case 1: the error is rule make.left's condition failing, but the rule states no condition"},
	})
}

// requireRules are the rules whose condition failing ends a case (policy
// require, a condition), in the rule set's order.
func requireRules() []*rules.Rule {
	var out []*rules.Rule
	for _, r := range rules.Standard().Rules() {
		if r.Policy == rules.Require && r.If != "" {
			out = append(out, r)
		}
	}
	return out
}

// failingError splits an error that says a rule's condition fails, as
// the engine writes it ("...SAYS: needs COND (rule ID)" or "...SAYS:
// fails: COND (rule ID)"), into the text up to the condition (its verb
// included), the condition and the rule; ok false for any other error.
func failingError(e string) (head, cond, id string, ok bool) {
	k := strings.LastIndex(e, " (rule ")
	if k < 0 || !strings.HasSuffix(e, ")") {
		return "", "", "", false
	}
	id = e[k+len(" (rule ") : len(e)-1]
	if strings.ContainsAny(id, " :") {
		return "", "", "", false
	}
	rest := e[:k]
	v, n := strings.LastIndex(rest, ": needs "), len(": needs ")
	if f := strings.LastIndex(rest, ": fails: "); f > v {
		v, n = f, len(": fails: ")
	}
	if v < 0 {
		return "", "", "", false
	}
	return rest[:v+n], rest[v+n:], id, true
}

// failingCase reports whether a case's error says a rule's condition
// fails.
func failingCase(c *rules.Case) bool {
	_, _, _, ok := failingError(c.Error)
	return ok
}

// ownCond is the condition a step of a rule of requireRules discharged
// for its own rule (the last it checked), as the engine's error writes
// it ("d divides n" as n%d==0).
func ownCond(st rules.Step) (string, bool) {
	if len(st.Checked) == 0 {
		return "", false
	}
	text := st.Checked[len(st.Checked)-1].Cond
	if d, n, ok := strings.Cut(text, " divides "); ok {
		x, err1 := sym.Parse(d)
		y, err2 := sym.Parse(n)
		if err1 != nil || err2 != nil {
			return "", false
		}
		return sym.Divisible(x, y).String(), true
	}
	return text, true
}

// failMutants are the mutants of the errors that say a rule's condition
// fails (finding 43), made by TestCheckMutants and TestLibraryMutants
// with the others: the rule renamed (with its says text), the condition
// altered, the case cut a step early or a step late (its next step taken
// from a case that shares its steps up to there), and a case with a
// result cut before a step of a rule of requireRules, its error that
// step's condition failing (which holds there).
var failMutants = []mutant{
	{"a failing condition's rule renamed", func(d *rules.Derivation, k int, sel stepFilter) bool {
		all := requireRules()
		return nthCase(d, k, sel, failingCase, func(c *rules.Case) {
			head, cond, id, _ := failingError(c.Error)
			for j, r := range all {
				if r.ID == id {
					o := all[(j+1+k%(len(all)-1))%len(all)]
					head = strings.Replace(head, r.Says, o.Says, 1)
					c.Error = fmt.Sprintf("%s%s (rule %s)", head, cond, o.ID)
					return
				}
			}
			c.Error = fmt.Sprintf("%s%s (rule %s)", head, cond, all[k%len(all)].ID)
		})
	}},
	{"a failing condition altered", func(d *rules.Derivation, k int, sel stepFilter) bool {
		return nthCase(d, k, sel, failingCase, func(c *rules.Case) {
			head, cond, id, _ := failingError(c.Error)
			c.Error = fmt.Sprintf("%s%s (rule %s)", head, alterCond(cond), id)
		})
	}},
	{"a failing condition's case cut a step early", func(d *rules.Derivation, k int, sel stepFilter) bool {
		return nthCase(d, k, sel, func(c *rules.Case) bool { return failingCase(c) && len(c.Steps) > 0 }, func(c *rules.Case) {
			c.Steps = c.Steps[:len(c.Steps)-1]
		})
	}},
	{"a failing condition's case cut a step late", func(d *rules.Derivation, k int, sel stepFilter) bool {
		// the step another case takes after the same steps
		after := func(c *rules.Case) (rules.Step, bool) {
			for _, o := range cases(d.Cases) {
				if o == c || len(o.Steps) <= len(c.Steps) {
					continue
				}
				same := true
				for i, st := range c.Steps {
					same = same && o.Steps[i].Rule == st.Rule && o.Steps[i].At == st.At
				}
				if same {
					return o.Steps[len(c.Steps)], true
				}
			}
			return rules.Step{}, false
		}
		return nthCase(d, k, sel, func(c *rules.Case) bool {
			_, ok := after(c)
			return failingCase(c) && ok
		}, func(c *rules.Case) {
			st, _ := after(c)
			c.Steps = append(c.Steps, st)
		})
	}},
	{"a result case cut at a required condition, said failing", func(d *rules.Derivation, k int, sel stepFilter) bool {
		set := rules.Standard()
		return nthStep(d, k, sel, func(c *rules.Case, i int) bool {
			r, ok := set.Rule(c.Steps[i].Rule)
			_, has := ownCond(c.Steps[i])
			return c.Result != "" && ok && r.Policy == rules.Require && r.If != "" && has
		}, func(c *rules.Case, i int) {
			r, _ := set.Rule(c.Steps[i].Rule)
			cond, _ := ownCond(c.Steps[i])
			c.Steps = c.Steps[:i]
			c.Result, c.Error = "", fmt.Sprintf("%s: %s: needs %s (rule %s)", d.Op, r.Says, cond, r.ID)
		})
	}},
}

// errCase changes the case i (from 1) of a derivation: its steps cut to
// the first n (all where n < 0), its error made "OP: SAYS: VERB COND
// (rule ID)" of rule id.
func errCase(t *testing.T, i, n int, verb, cond, id string) func(d *rules.Derivation) {
	return func(d *rules.Derivation) {
		r, ok := rules.Standard().Rule(id)
		if !ok {
			t.Fatalf("no rule %s", id)
		}
		c := &d.Cases[i-1]
		if n >= 0 {
			c.Steps = c.Steps[:n]
		}
		c.Result, c.Error = "", fmt.Sprintf("%s: %s: %s %s (rule %s)", d.Op, r.Says, verb, cond, id)
	}
}

// cutAfter is the number of steps of case i (from 1) up to and with the
// step of rule at the place at.
func cutAfter(t *testing.T, d rules.Derivation, i int, rule, at string) int {
	t.Helper()
	return stepIndex(t, &d.Cases[i-1], rule, at) + 1
}

// TestFailingConditionRederived: an error that says a rule's condition
// fails is re-derived where the case's walk stops (finding 43): the rule
// is the one due there, its condition with the walk's values is the
// error's, and it fails under the case's guards; anything else is
// refused, a case cut early or late, a rule renamed, a condition that
// holds there or another condition.
func TestFailingConditionRederived(t *testing.T) {
	common := assumed(t, nil, "max_common_layout", "(_8,M):(_1,_16)", "(M,N):(_1,M)")
	tile := assumed(t, nil, "tile_to_shape", "(_4,_8):(_8,_1)", "(M,N)")
	slice := assumed(t, nil, "slice_and_offset", "(_,j)", "(M,N):(_1,M)")
	compl := assumed(t, nil, "complement", "(_2,_2):(_1,_5)", "_30")
	size := assumed(t, nil, "size", "(M,N-M):(_1,_1)")
	left := assumed(t, nil, "left_inverse", "(M,M):(_2,_1)")
	divide := assumed(t, nil, "logical_divide", "(M,N):(_1,M)", "_4:_1")
	swz := assumed(t, []string{"M % 64 == 0"}, "crd2idx", "(3,5)", "Sw<3,4,3> o _0 o (M,N):(_1,M)")
	swzOK := assumed(t, []string{"M % 1024 == 0"}, "swizzle", "Sw<3,4,3>", "M")
	apply, _ := rules.Standard().Rule("swz.apply")
	refusal := func(i, n int, cond string) func(d *rules.Derivation) {
		return func(d *rules.Derivation) {
			c := &d.Cases[i-1]
			if n >= 0 {
				c.Steps = c.Steps[:n]
			}
			c.Result, c.Error = "", fmt.Sprintf("%s: needs %s (rule swz.apply: %s)", d.Op, cond, apply.Says)
		}
	}
	checkWalkRows(t, []walkRow{
		// max_common_layout's case 1 cut after its right inverse (mutwalk's
		// maxcommon.go:155:12): a rule of another policy, or one the walk
		// does not reach there
		{"max_common_layout cut after inv.right.end, query.size's condition said to fail",
			clone(t, common), errCase(t, 1, cutAfter(t, common, 1, "inv.right.end", "R"), "needs", "M>=1", "query.size"),
			"case 1: no step applies [comp.coalesce-lhs] at A"},
		{"max_common_layout cut after inv.right.end, comp.stride-positive's condition said to fail",
			clone(t, common), errCase(t, 1, cutAfter(t, common, 1, "inv.right.end", "R"), "needs", "M>=1", "comp.stride-positive"),
			"case 1: no step applies [comp.coalesce-lhs] at A"},
		// tile_to_shape: case 1 (M%4==0 && N%8==0) cut before mode 0's
		// tile.divides, whose condition holds there
		{"tile_to_shape's result case cut before tile.divides, its condition said to fail",
			clone(t, tile), errCase(t, 1, cutAfter(t, tile, 1, "tile.pad", "A"), "needs", "M%4==0", "tile.divides"),
			"case 1: the case ends at mode 0 with rule tile.divides's condition M%4==0 failing, but its guards do not show that it fails"},
		{"tile_to_shape's error case with another condition",
			clone(t, tile), errCase(t, 2, -1, "needs", "M%8==0", "tile.divides"),
			"case 2: the case ends at mode 0, where rule tile.divides's condition is M%4==0, but its error says M%8==0 fails"},
		{"tile_to_shape's error case with tile.evenly's condition",
			clone(t, tile), errCase(t, 2, -1, "needs", "M%4==0", "tile.evenly"),
			"case 2: no step applies [tile.divides] at mode 0 (the walk's steps end early)"},
		{"tile_to_shape's second error case cut a step early",
			clone(t, tile), errCase(t, 3, cutAfter(t, tile, 3, "tile.pad", "A"), "needs", "N%8==0", "tile.divides"),
			"case 3: the case ends at mode 0, where rule tile.divides's condition is M%4==0, but its error says N%8==0 fails"},
		{"tile_to_shape's error case naming no rule of the set",
			clone(t, tile), func(d *rules.Derivation) {
				d.Cases[1].Error = strings.Replace(d.Cases[1].Error, "(rule tile.divides)", "(rule tile.nosuch)", 1)
			},
			"case 2: no step applies [tile.divides] at mode 0 (the walk's steps end early)"},
		{"tile_to_shape's error case saying another rule's text",
			clone(t, tile), func(d *rules.Derivation) {
				d.Cases[1].Error = "tile_to_shape: the target is too small: needs M%4==0 (rule tile.divides)"
			},
			"case 2: the error \"tile_to_shape: the target is too small: needs M%4==0 (rule tile.divides)\" names rule tile.divides but does not say what the rule says"},
		{"tile_to_shape's error case starting with its condition, saying nothing before it",
			clone(t, tile), func(d *rules.Derivation) { d.Cases[1].Error = ": needs M%4==0 (rule tile.divides)" },
			"case 2: the error \": needs M%4==0 (rule tile.divides)\" names rule tile.divides but does not say what the rule says"},
		{"tile_to_shape's error case stating no condition",
			clone(t, tile), func(d *rules.Derivation) { d.Cases[1].Error = "tile_to_shape: M%4==0 (rule tile.divides)" },
			"case 2: the error \"tile_to_shape: M%4==0 (rule tile.divides)\" names rule tile.divides but states no condition failing"},
		// a case cut where no walk reads the steps (before the
		// complement of a divide), its error a rule's that no walk
		// reaches there
		{"logical_divide cut before its complement, slice.in-range's condition said to fail",
			clone(t, divide), func(d *rules.Derivation) {
				errCase(t, 1, stepIndex(t, &d.Cases[0], "compl.filter", "A / B complement"), "needs", "M<=0", "slice.in-range")(d)
			},
			"case 1: the error is rule slice.in-range's condition M<=0 failing, but no walk of the case's steps ends where that rule is due with its condition failing"},
		{"logical_divide cut before its complement, a split rule's condition said to fail",
			clone(t, divide), func(d *rules.Derivation) {
				errCase(t, 1, stepIndex(t, &d.Cases[0], "compl.filter", "A / B complement"), "needs", "M<=0", "comp.step.divide")(d)
			},
			"case 1: the error is rule comp.step.divide's condition failing, but the rule's policy is split: only a rule of policy require ends a case so"},
		{"logical_divide cut before its complement, compl.cosize's condition said to fail",
			clone(t, divide), func(d *rules.Derivation) {
				errCase(t, 1, stepIndex(t, &d.Cases[0], "compl.filter", "A / B complement"), "needs", "M<=0", "compl.cosize")(d)
			},
			"case 1: the error is rule compl.cosize's condition failing, but the last step is not of a rule it follows"},
		{"tile_to_shape's error case stating two comparisons",
			clone(t, tile), errCase(t, 2, -1, "needs", "M%4==0&&M>=1", "tile.divides"),
			"case 2: the error's condition \"M%4==0&&M>=1\" is not one comparison"},
		// swz.apply's refusal ("needs COND (rule swz.apply: SAYS)", policy
		// refuse): where its walk applies it, COND not proved there
		{"crd2idx of a swizzled layout, its refusal cut before swz.eval",
			clone(t, swz), refusal(1, 2, "5*M%1024==0"),
			"case 1: no step applies [crd.sum] at c (the walk's steps end early)"},
		{"crd2idx of a swizzled layout, its refusal with another condition",
			clone(t, swz), refusal(1, -1, "5*M%1024==1"),
			"case 1: the case ends at O + L(c), where rule swz.apply's condition is 5*M%1024==0, but its error says 5*M%1024==1 fails"},
		// (mut11c) "needs " at the start of the error: a refusal all the
		// same, its condition read and compared
		{"crd2idx of a swizzled layout, its refusal with no operation before needs",
			clone(t, swz), func(d *rules.Derivation) {
				d.Cases[0].Error = "needs 5*M%1024==1 (rule swz.apply: " + apply.Says + ")"
			},
			"case 1: the case ends at O + L(c), where rule swz.apply's condition is 5*M%1024==0, but its error says 5*M%1024==1 fails"},
		{"crd2idx of a swizzled layout, its refusal with needs not after \": \"",
			clone(t, swz), func(d *rules.Derivation) {
				d.Cases[0].Error = "crd2idx needs 5*M%1024==0 (rule swz.apply: " + apply.Says + ")"
			},
			"case 1: the error \"crd2idx needs 5*M%1024==0 (rule swz.apply: "},
		{"swizzle's result case made its refusal where its guards prove the condition",
			clone(t, swzOK), refusal(1, 0, "M%1024==0"),
			"case 1: the case ends at x with rule swz.apply refusing for want of M%1024==0, but its guards show it"},
		{"tile_to_shape's error case written as a refusal",
			clone(t, tile), func(d *rules.Derivation) {
				r, _ := rules.Standard().Rule("tile.divides")
				d.Cases[1].Error = "tile_to_shape: needs M%4==0 (rule tile.divides: " + r.Says + ")"
			},
			"case 2: the error is rule tile.divides's condition failing, but the rule's policy is require: only a rule of policy refuse ends a case so"},
		// slice_and_offset: the range check of j, its two rules
		{"slice_and_offset's error case with slice.non-negative's condition",
			clone(t, slice), errCase(t, 2, -1, "needs", "j<=N-1", "slice.non-negative"),
			"case 2: no step applies [slice.in-range] at c mode 1 (the walk's steps end early)"},
		{"slice_and_offset's result case cut before slice.in-range",
			clone(t, slice), errCase(t, 1, cutAfter(t, slice, 1, "slice.non-negative", "c mode 1"), "needs", "j<=N-1", "slice.in-range"),
			"case 1: the case ends at c mode 1 with rule slice.in-range's condition j<=N-1 failing, but its guards do not show that it fails"},
		// complement: the covering of the cotarget refuted (fails:), then
		// named as the bound's
		{"complement's refuted covering named as compl.bound's",
			clone(t, compl), errCase(t, 1, -1, "fails:", "29>=30", "compl.bound"),
			"case 1: the complement from step 1: no step applies [compl.cosize] at A (the walk's steps end early)"},
		{"complement's refuted covering altered",
			clone(t, compl), errCase(t, 1, -1, "fails:", "29>=31", "compl.cosize"),
			"case 1: the complement from step 1: the case ends at A, where rule compl.cosize's condition is 29>=30, but its error says 29>=31 fails"},
		// (mut11c) in dynamic mode CuTe does not check compl.cosize's
		// condition (unchecked, no asserts): no case ends with it failing
		{"complement's refuted covering in a derivation marked dynamic",
			clone(t, compl), func(d *rules.Derivation) { d.Dynamic = true },
			"case 1: the error is rule compl.cosize's condition failing, but in dynamic mode the rule gives CuTe's value with a warning"},
		// an argument's extent: the obligation holds in case 1
		{"size's result case cut at its extent's obligation",
			clone(t, size), errCase(t, 1, 0, "needs", "N-M>=1", "arg.extent"),
			"case 1: the case ends at argument 1 with rule arg.extent's condition N-M>=1 failing, but its guards do not show that it fails"},
		// left_inverse: case 1 (2>=M) cut before inv.left.disjoint
		{"left_inverse's result case cut before inv.left.disjoint",
			clone(t, left), errCase(t, 1, cutAfter(t, left, 1, "inv.left.mode", "mode 1"), "needs", "2>=M", "inv.left.disjoint"),
			"case 1: the inverse's walk: the case ends at mode 0 with rule inv.left.disjoint's condition 2>=M failing, but its guards do not show that it fails"},
	})
}
