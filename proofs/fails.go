package proofs

import (
	"fmt"
	"slices"
	"strings"

	"github.com/cutealg/cutealg/rules"
	"github.com/cutealg/cutealg/sym"
)

// A rule's condition failing (finding 43). The engine ends a case with
// "SAYS: needs COND (rule ID)" where a rule of policy require meets a
// condition COND it does not prove, in the case its negation guards (or
// where COND contradicts the assumptions and guards), and with "SAYS:
// fails: COND (rule ID)" where it refutes COND; the rule's step is then
// not recorded: the case's steps end where the rule comes next. Check
// re-derives such an error where the walk that reads the case's steps
// stops (sliceWalk.failsAt, rederive): the rule is one the walk applies next
// there, its condition instantiated with the walk's own values has COND
// as one of its comparisons, and COND fails under the assumptions and the
// case's guards (its negation decided there, redecide, or one of the
// case's guards). A rule of policy
// refuse (swz.apply) ends a case with "needs COND (rule ID: SAYS)" where
// COND is not proved: re-derived likewise, COND not proved under the
// case's guards. The rule must be one of that policy, with a condition
// (failureOf; after the walks,
// which may name the step where such a case goes wrong first); a case
// whose error names one and that no walk re-derives is refused
// (checkCase).

// failure is the error of an error case that says a rule's condition
// fails.
type failure struct {
	id     string     // the rule
	cond   sym.Cond   // the comparison the error says fails
	refuse bool       // a refusal (policy refuse): cond is not proved
	when   []sym.Cond // the case's guards
	at     string     // where a walk re-derived it ("" until one does)
}

// failureOf reads the error of a case that says a rule's condition fails
// ("... SAYS: needs COND (rule ID)" or "... SAYS: fails: COND (rule
// ID)", or a refusal's "... needs COND (rule ID: SAYS)"): nil for any
// other error. The rule must be one the engine ends a case with so: of
// policy require (refuse for a refusal), with a condition, its says text
// where the engine writes it; where it has a follows line, the case's
// last step is of a rule it follows.
func (c *checker) failureOf(cs rules.Case, when []sym.Cond) (*failure, error) {
	id := failingRule(cs.Error)
	if id == "" {
		return nil, nil
	}
	r, known := c.set.Rule(id)
	refuse := !strings.HasSuffix(cs.Error, " (rule "+id+")")
	policy := rules.Require
	if refuse {
		policy = rules.Refuse
	}
	switch {
	case !known:
		return nil, fmt.Errorf("the error is rule %s's condition failing, but there is no rule %s", id, id)
	case r.If == "":
		return nil, fmt.Errorf("the error is rule %s's condition failing, but the rule states no condition", id)
	case r.Policy != policy:
		return nil, fmt.Errorf("the error is rule %s's condition failing, but the rule's policy is %s: only a rule of policy %s ends a case so", id, r.Policy, policy)
	case c.dynamic && r.Unchecked != "" && r.Asserts == "":
		// with run-time integers CuTe does not check the condition: the
		// rule gives CuTe's value, with a warning
		return nil, fmt.Errorf("the error is rule %s's condition failing, but in dynamic mode the rule gives CuTe's value with a warning (%s)", id, r.Unchecked)
	}
	if len(r.Follows) > 0 {
		// the rule's step would come next: the last step is one it follows
		if len(cs.Steps) == 0 || !slices.Contains(r.Follows, cs.Steps[len(cs.Steps)-1].Rule) {
			return nil, fmt.Errorf("the error is rule %s's condition failing, but the last step is not of a rule it follows (%s)", id, strings.Join(r.Follows, ", "))
		}
	}
	var text string
	if refuse {
		head, ok := strings.CutSuffix(cs.Error, " (rule "+id+": "+r.Says+")")
		k := strings.LastIndex(head, "needs ")
		if !ok || k < 0 || k > 0 && !strings.HasSuffix(head[:k], ": ") {
			return nil, fmt.Errorf("the error %q names rule %s but is not its refusal (\"needs COND (rule %s: %s)\")", cs.Error, id, id, r.Says)
		}
		text = head[k+len("needs "):]
	} else {
		rest := strings.TrimSuffix(cs.Error, " (rule "+id+")")
		k, n := strings.LastIndex(rest, ": needs "), len(": needs ")
		if f := strings.LastIndex(rest, ": fails: "); f > k {
			k, n = f, len(": fails: ")
		}
		if k < 0 {
			return nil, fmt.Errorf("the error %q names rule %s but states no condition failing (\": needs COND\" or \": fails: COND\")", cs.Error, id)
		}
		if !strings.HasSuffix(rest[:k], r.Says) {
			return nil, fmt.Errorf("the error %q names rule %s but does not say what the rule says (%q)", cs.Error, id, r.Says)
		}
		text = rest[k+n:]
	}
	conds, err := parseConds([]string{text})
	if err != nil || len(conds) != 1 {
		return nil, fmt.Errorf("the error's condition %q is not one comparison", text)
	}
	return &failure{id: id, cond: conds[0], refuse: refuse, when: when}, nil
}

// failsAt re-derives the end of an error case at the place at, where the
// walk applies one of the rules ids next with the values vals (name,
// value pairs, as expects gives them; every metavariable of the rule's
// condition): where the case's steps end there and its error is the
// condition of one of those rules failing, rederive checks it and failsAt
// returns errSliceEnd (or why not); anywhere else it returns nil, and the
// walk takes its step (take).
func (w *sliceWalk) failsAt(at string, vals []any, ids ...string) error {
	if w.next < len(w.steps) || w.failing == nil || w.c.fail == nil || !slices.Contains(ids, *w.failing) {
		return nil // (an error that cannot be a condition failing: failureOf refuses the case)
	}
	if err := w.c.rederive(*w.failing, at, vals); err != nil {
		return err
	}
	return errSliceEnd
}

// rederive checks that the error of the case being checked is the
// condition of rule id, instantiated with the walk's values vals at the
// place at, failing under the assumptions and the case's guards, and
// records where.
func (c *checker) rederive(id, at string, vals []any) error {
	f := c.fail
	if f == nil || f.id != id {
		return fmt.Errorf("the case ends at %s, where rule %s is due, but its error is not that rule's condition failing", at, id)
	}
	r, _ := c.set.Rule(id) // failureOf found it
	env := map[string]sym.Int{}
	for i := 0; i+1 < len(vals); i += 2 {
		env[vals[i].(string)] = sym.Dyn(vals[i+1].(sym.Expr))
	}
	conds, err := ruleConds(r, env)
	if err != nil {
		return err
	}
	var texts []string
	for _, x := range conds {
		for _, s := range append(sym.Symbols(x.orig.X), sym.Symbols(x.orig.Y)...) {
			if _, ok := env[s]; !ok {
				return fmt.Errorf("the walk gives rule %s's condition no value for %s at %s", id, s, at)
			}
		}
		texts = append(texts, x.c.String())
		if x.c.String() != f.cond.String() {
			continue
		}
		if f.refuse {
			// a refusal: the condition is not proved there
			if c.redecide(x.c, f.when) == nil {
				return fmt.Errorf("the case ends at %s with rule %s refusing for want of %s, but its guards show it", at, id, x.c)
			}
		} else if err := c.redecide(x.c.Negate(), f.when); err != nil {
			return fmt.Errorf("the case ends at %s with rule %s's condition %s failing, but its guards do not show that it fails (%v)", at, id, x.c, err)
		}
		f.at = at
		return nil
	}
	return fmt.Errorf("the case ends at %s, where rule %s's condition is %s, but its error says %s fails", at, id, strings.Join(texts, " && "), f.cond)
}
