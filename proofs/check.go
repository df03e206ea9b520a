package proofs

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/cutealg/cutealg/concrete"
	"github.com/cutealg/cutealg/internal/catalog"
	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/rules"
	"github.com/cutealg/cutealg/sym"
)

// Rejection is why Check refuses a derivation: the case and step (1-based;
// 0 when the fault is the case's or the derivation's), the step's rule, and
// the reason.
type Rejection struct {
	Case, Step int
	Rule       string
	Why        string
}

// Error names the case and step (when there is one), the rule and why.
func (r *Rejection) Error() string {
	switch {
	case r.Case == 0:
		return "derivation: " + r.Why
	case r.Step == 0:
		return fmt.Sprintf("case %d: %s", r.Case, r.Why)
	}
	return fmt.Sprintf("case %d step %d (%s): %s", r.Case, r.Step, r.Rule, r.Why)
}

// Samples per spot-check: bindings at which a step's claim and a case's
// result are evaluated with package concrete.
const (
	stepSamples = 4
	caseSamples = 12
)

// checker holds what Check builds once per derivation.
type checker struct {
	d       rules.Derivation
	set     *rules.Set
	ctx     *sym.Ctx
	assumed map[string]bool // the assumptions, as sym prints them
	symbols []string
	request notation.Node
	op      *catalog.Op // the request's operation
	samples map[string][]sym.Binding
	static  bool // the symbols are read as static integers (see staticRules)
	dynamic bool // CuTe with the symbols as run-time integers (rules.Request.Dynamic)
	// fail: in an error case whose error says a rule's condition fails,
	// that error (fails.go), nil in any other case (and where the error
	// cannot be such: the case is refused)
	fail *failure
}

// staticRules are the rules that state that a derivation reads its symbols
// as static integers (CuTe computes the operation only with values known
// at compile time): its terms are then evaluated with static values.
var staticRules = map[string]bool{"compl.static-oracle": true, "inv.left.static": true, "tile.static": true}

// readsStatic reports whether a case (or one it was merged from) has a
// step of a rule of staticRules.
func readsStatic(cs rules.Case) bool {
	for _, st := range cs.Steps {
		if staticRules[st.Rule] {
			return true
		}
	}
	return slices.ContainsFunc(cs.From, readsStatic)
}

// Check re-verifies a derivation and returns nil when every step of every
// case checks, or a *Rejection naming the first that does not and why. It
// trusts nothing the engine computed: see the package documentation for
// what it checks.
func Check(d rules.Derivation) error {
	c, err := newChecker(d)
	if err != nil {
		return &Rejection{Why: err.Error()}
	}
	if len(d.Cases) == 0 {
		return &Rejection{Why: "no case"}
	}
	guards := make([][]sym.Cond, len(d.Cases))
	for i, cs := range d.Cases {
		g, err := parseConds(cs.When)
		if err != nil {
			return &Rejection{Case: i + 1, Why: err.Error()}
		}
		if _, err := c.ctx.WithConds(g...); err != nil {
			return &Rejection{Case: i + 1, Why: fmt.Sprintf("the guards %s contradict the assumptions: %v", strings.Join(cs.When, " && "), err)}
		}
		guards[i] = g
	}
	if err := c.partition(guards); err != nil {
		return err
	}
	for i, cs := range d.Cases {
		if err := c.checkCase(i, cs, guards[i]); err != nil {
			return err
		}
	}
	if err := c.staticWarranted(); err != nil {
		return &Rejection{Why: err.Error()}
	}
	return nil
}

// newChecker makes the checker of a derivation: its assumptions and its
// request read (setup).
func newChecker(d rules.Derivation) (*checker, error) {
	c := &checker{d: d, set: rules.Standard(), assumed: map[string]bool{}, samples: map[string][]sym.Binding{}, dynamic: d.Dynamic}
	return c, c.setup()
}

// setup reads the assumptions and the request.
func (c *checker) setup() error {
	c.ctx = sym.NewCtx()
	for _, a := range c.d.Assume {
		n, err := c.ctx.With(a)
		if err != nil {
			return fmt.Errorf("assumption %q: %v", a, err)
		}
		c.ctx = n
		cs, err := sym.ParseConds(a)
		if err != nil {
			return fmt.Errorf("assumption %q: %v", a, err)
		}
		for _, x := range cs {
			c.assumed[x.String()] = true
			c.symbols = append(c.symbols, sym.Symbols(x.X)...)
			c.symbols = append(c.symbols, sym.Symbols(x.Y)...)
		}
	}
	op, ok := catalog.Lookup(c.d.Op)
	if !ok {
		return fmt.Errorf("no operation %s in the catalogue", c.d.Op)
	}
	if len(c.d.Args) < op.MinArgs || len(c.d.Args) > len(op.Args) {
		return fmt.Errorf("the request: %s takes %s, not %d arguments", c.d.Op, op.Usage(), len(c.d.Args))
	}
	c.op = op
	args := make([]notation.Node, len(c.d.Args))
	for i, a := range c.d.Args {
		n, err := notation.Parse(a)
		if err != nil {
			return fmt.Errorf("argument %d: %v", i+1, err)
		}
		args[i] = n
		c.symbols = append(c.symbols, notation.Symbols(n)...)
	}
	req, err := normalize(&notation.Call{Name: c.d.Op, Args: args})
	if err != nil {
		return fmt.Errorf("the request: %v", err)
	}
	c.request = req
	return nil
}

func parseConds(texts []string) ([]sym.Cond, error) {
	var out []sym.Cond
	for _, t := range texts {
		cs, err := sym.ParseConds(t)
		if err != nil {
			return nil, fmt.Errorf("guard %q: %v", t, err)
		}
		out = append(out, cs...)
	}
	return out, nil
}

// partition checks that the cases' guards are pairwise disjoint (their
// conjunction contradicts the assumptions, as sym decides) and cover the
// assumptions (a case split on each guard, by sym decisions), and, at
// sampled bindings of the assumptions, that exactly one case's guards hold.
func (c *checker) partition(guards [][]sym.Cond) error {
	for i := range guards {
		for j := i + 1; j < len(guards); j++ {
			if opposed(guards[i], guards[j]) {
				continue
			}
			both := append(append([]sym.Cond(nil), guards[i]...), guards[j]...)
			if _, err := c.ctx.WithConds(both...); !isInconsistent(err) {
				return &Rejection{Case: j + 1, Why: fmt.Sprintf("its guards are not shown disjoint from those of case %d", i+1)}
			}
		}
	}
	if !covers(c.ctx, guards, 0) {
		return &Rejection{Why: "the cases' guards are not shown to cover the assumptions"}
	}
	for _, b := range c.ctx.Sample(c.symbols, caseSamples, 1) {
		n := 0
		for _, g := range guards {
			if holdsAll(g, b) {
				n++
			}
		}
		if n != 1 {
			return &Rejection{Why: fmt.Sprintf("at the binding %s, %d cases' guards hold", bindingText(b), n)}
		}
	}
	return nil
}

// opposed reports whether one list holds a condition and the other its
// negation.
func opposed(a, b []sym.Cond) bool {
	for _, x := range a {
		for _, y := range b {
			if x.Negate().String() == y.String() {
				return true
			}
		}
	}
	return false
}

// bindingText prints a binding as "M=192, N=57" in name order.
func bindingText(b sym.Binding) string {
	names := make([]string, 0, len(b))
	for k := range b {
		names = append(names, k)
	}
	sort.Strings(names)
	parts := make([]string, len(names))
	for i, k := range names {
		parts[i] = fmt.Sprintf("%s=%d", k, b[k])
	}
	return strings.Join(parts, ", ")
}

func isInconsistent(err error) bool {
	var inc *sym.InconsistentError
	return errors.As(err, &inc)
}

func holdsAll(cs []sym.Cond, b sym.Binding) bool {
	for _, g := range cs {
		if ok, err := g.Holds(b); err != nil || !ok {
			return false
		}
	}
	return true
}

// covers reports whether the guard lists cover every binding ctx allows:
// one list is empty, or, splitting on a condition g of the first list, the
// lists compatible with g (g removed) cover ctx && g and those compatible
// with !g cover ctx && !g (a side that contradicts ctx is covered).
func covers(ctx *sym.Ctx, lists [][]sym.Cond, depth int) bool {
	for _, l := range lists {
		if len(l) == 0 {
			return true
		}
	}
	if depth > 64 {
		return false
	}
	g := lists[0][0]
	for _, side := range []sym.Cond{g, g.Negate()} {
		sub, err := ctx.WithConds(side)
		if isInconsistent(err) {
			continue
		}
		if err != nil {
			return false
		}
		var rest [][]sym.Cond
		for _, l := range lists {
			var keep []sym.Cond
			ok := true
			for _, x := range l {
				switch x.String() {
				case side.String():
				case side.Negate().String():
					ok = false
				default:
					keep = append(keep, x)
				}
			}
			if ok {
				rest = append(rest, keep)
			}
		}
		if len(rest) == 0 || !covers(sub, rest, depth+1) {
			return false
		}
	}
	return true
}

// sample returns bindings of the request's symbols that satisfy the
// assumptions and the conditions, each checked here.
func (c *checker) sample(conds []sym.Cond, n int) ([]sym.Binding, error) {
	key := fmt.Sprint(n, sym.FormatConds(conds))
	if bs, ok := c.samples[key]; ok {
		return bs, nil
	}
	ctx, err := c.ctx.WithConds(conds...)
	if err != nil {
		return nil, fmt.Errorf("the guards %s contradict the assumptions: %v", sym.FormatConds(conds), err)
	}
	var out []sym.Binding
	for _, b := range ctx.Sample(c.symbols, n, 7) {
		if c.ctx.Satisfies(b) == nil && holdsAll(conds, b) {
			out = append(out, b)
		}
	}
	if len(out) == 0 {
		// sym's sampler draws through its parametrization; search a box of
		// small values too, which proves the conditions empty when it
		// holds every binding they allow (see smallBox)
		box, complete := c.smallBox(conds)
		for _, b := range box {
			if c.ctx.Satisfies(b) == nil && holdsAll(conds, b) {
				out = append(out, b)
				if len(out) == n {
					break
				}
			}
		}
		if len(out) == 0 && complete {
			c.samples[key] = nil
			return nil, nil
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no binding found that satisfies the assumptions and %s", sym.FormatConds(conds))
	}
	c.samples[key] = out
	return out, nil
}

// checkCase checks one case: its steps one by one, the chain of their
// claims from the request to the result, and the result itself against
// package concrete.
func (c *checker) checkCase(ci int, cs rules.Case, when []sym.Cond) error {
	// each case states its own reading of the symbols
	saved := c.static
	c.static = readsStatic(cs)
	defer func() { c.static = saved }()
	if len(cs.From) > 0 {
		if err := c.checkMerged(ci, cs, when); err != nil {
			return err
		}
		if cs.Error != "" {
			return nil
		}
		res, err := parseTerm(cs.Result)
		if err != nil {
			return &Rejection{Case: ci + 1, Why: fmt.Sprintf("result: %v", err)}
		}
		if err := c.spotCheck(c.request, res, when, caseSamples); err != nil {
			return &Rejection{Case: ci + 1, Why: fmt.Sprintf("the result against concrete: %v", err)}
		}
		return nil
	}
	// an error of a rule's condition failing, which a walk must re-derive
	// where the case's steps end (fails.go)
	// (an error that cannot be such is refused after the walks, which
	// may name the step where the case goes wrong first)
	savedFail := c.fail
	defer func() { c.fail = savedFail }()
	var failErr error
	c.fail = nil
	if cs.Error != "" {
		c.fail, failErr = c.failureOf(cs, when)
	}
	// the chain: a stack of terms, the request at the bottom; a claim
	// rewrites the next call the top term evaluates (its leftmost
	// innermost call), or opens a lemma (its after) on top; a term whose
	// calls are all rewritten is done and leaves the stack
	open := []notation.Node{c.request}
	var prev []string
	src := sources{}
	src.addTerm(c.request)
	for si, st := range cs.Steps {
		rej := func(format string, args ...any) error {
			return &Rejection{Case: ci + 1, Step: si + 1, Rule: st.Rule, Why: fmt.Sprintf(format, args...)}
		}
		// the guards in force only grow along a case
		if len(st.Guards) < len(prev) || strings.Join(st.Guards[:len(prev)], "&&") != strings.Join(prev, "&&") {
			return rej("its guards %v do not extend those of the step before (%v)", st.Guards, prev)
		}
		// and the step decides each guard it adds (a split on its
		// condition): a guard no step decided is no step's
		for _, x := range st.Guards[len(prev):] {
			if !decides(st, x) {
				return rej("it adds the guard %s, which none of its conditions decides as a guard", x)
			}
		}
		prev = st.Guards
		// and each is one of the case's: a case holds where its steps'
		// guards do
		for _, x := range st.Guards {
			if !slices.Contains(cs.When, x) {
				return rej("its guard %s is not one of the case's (%s)", x, strings.Join(cs.When, " && "))
			}
		}
		g, err := parseConds(st.Guards)
		if err != nil {
			return rej("%v", err)
		}
		if _, err := c.ctx.WithConds(append(append([]sym.Cond(nil), when...), g...)...); err != nil {
			return rej("its guards contradict the case's: %v", err)
		}
		env, err := c.checkStep(st, g, cs.Error != "" && si == len(cs.Steps)-1, cs.Warnings)
		if err != nil {
			return rej("%v", err)
		}
		r, _ := c.set.Rule(st.Rule) // checkStep found it
		if len(r.Follows) > 0 {
			if err := follows(r, st, cs.Steps[:si]); err != nil {
				return rej("%v", err)
			}
		}
		if len(r.Requires) > 0 && !slices.ContainsFunc(cs.Steps, func(x rules.Step) bool { return slices.Contains(r.Requires, x.Rule) }) {
			return rej("no step of its case applies %s (rule %s's requires line)", strings.Join(r.Requires, " or "), r.ID)
		}
		if err := flows(r, st, cs.Steps[:si]); err != nil {
			return rej("%v", err)
		}
		if len(r.Then) > 0 && (si+1 < len(cs.Steps) || cs.Error == "") {
			if si+1 == len(cs.Steps) || !slices.Contains(r.Then, cs.Steps[si+1].Rule) {
				return rej("the step after it applies none of %s (rule %s's then line)", strings.Join(r.Then, ", "), r.ID)
			}
		}
		if err := src.trace(r, st); err != nil {
			return rej("%v", err)
		}
		if err := c.derive(r, st, env, cs.Steps[:si], g); err != nil {
			return rej("%v", err)
		}
		if err := c.walkUnits(cs.Steps, si, nextCall(open[len(open)-1])); err != nil {
			return rej("%v", err)
		}
		if st.Before == "" {
			continue
		}
		before, err := parseTerm(st.Before)
		if err != nil {
			return rej("before: %v", err)
		}
		after, err := parseTerm(st.After)
		if err != nil {
			return rej("after: %v", err)
		}
		if err := c.spotCheck(before, after, g, stepSamples); err != nil {
			return rej("%v", err)
		}
		if err := c.walkClaim(cs.Steps, si, before, after, g); err != nil {
			return rej("%v", err)
		}
		if r.Lhs == "" {
			// (a rewrite's arguments are its pattern's)
			if err := c.restated(before, after, g); err != nil {
				return rej("%v", err)
			}
		}
		top := open[len(open)-1]
		if _, isCall := before.(*notation.Call); !isCall {
			// a layout restated: in place where the term holds it (a
			// mode of a layout included) outside its calls' arguments,
			// else in the arguments of the calls still to evaluate but
			// the next one (the values computed for them) or, where a
			// rewrite is due there, of the next one too; else a lemma of
			// its own
			next := nextCall(top)
			id := c.rewrites(next)
			skip := next
			if id != "" {
				skip = nil
			}
			t, ok := replaceLayout(top, notation.Print(before), after, false, nil)
			if !ok {
				t, ok = replaceLayout(top, notation.Print(before), after, true, skip)
			}
			if !ok && id != "" {
				return rej("it restates %s, which the term does not hold, while rule %s rewrites %s, the call the term evaluates next", st.Before, id, notation.Print(next))
			}
			if ok {
				if open[len(open)-1], err = normalize(t); err != nil {
					return rej("%v", err)
				}
			}
			continue
		}
		next := nextCall(top)
		if r.Lhs != "" {
			// a rewrite of its rule's pattern: of the call the term
			// evaluates next, or a lemma where no rule's pattern matches
			// that call (below: composition_shape's tiler form)
			if err := c.rewrite(r, env, before, after, g); err != nil {
				return rej("%v", err)
			}
		}
		if next != nil && notation.Print(next) == notation.Print(before) {
			t, _ := replaceFirst(top, notation.Print(before), after)
			if open[len(open)-1], err = normalize(t); err != nil {
				return rej("%v", err)
			}
		} else {
			// a lemma: never while a rule's pattern rewrites the call the
			// term evaluates next (that rewrite must come first)
			if id := c.rewrites(next); id != "" {
				return rej("it sets aside %s, the call the term evaluates next, which rule %s rewrites", notation.Print(next), id)
			}
			// nor once the term's evaluation has begun: a call inside
			// it is next, the parts before it computed by its steps
			if next != nil && next != top {
				return rej("it sets aside %s, the call the term evaluates next, inside %s", notation.Print(next), notation.Print(top))
			}
			open = append(open, after)
		}
		for len(open) > 1 && !hasCall(open[len(open)-1]) {
			open = open[:len(open)-1]
		}
	}
	rejCase := func(format string, args ...any) error {
		return &Rejection{Case: ci + 1, Why: fmt.Sprintf(format, args...)}
	}
	// in a case with a result, each later line names a step to come
	// (before the walks, which find its absence too: the rejection
	// names the step whose line fails)
	for si, st := range cs.Steps {
		if r, _ := c.set.Rule(st.Rule); cs.Error == "" && len(r.Later) > 0 && !later(r, cs.Steps[si+1:]) {
			return &Rejection{Case: ci + 1, Step: si + 1, Rule: st.Rule, Why: fmt.Sprintf("no later step applies %s (rule %s's later line)", strings.Join(r.Later, " or "), r.ID)}
		}
	}
	// coalesce's, slice's and dice's steps are their walks
	if err := c.walkRequest(cs); err != nil {
		return rejCase("%v", err)
	}
	// and each composition's (composition.go)
	if err := c.walkCompositions(cs, nextCall(open[len(open)-1])); err != nil {
		return rejCase("%v", err)
	}
	// and the inverse's (inverse.go)
	if err := c.walkInverse(cs); err != nil {
		return rejCase("%v", err)
	}
	// and each complement's (complement.go)
	if err := c.walkComplements(cs, nextCall(open[len(open)-1])); err != nil {
		return rejCase("%v", err)
	}
	// and the obligations on the arguments' extents come first;
	// tile_to_shape's tiles are its walk
	if err := c.walkArgs(cs); err != nil {
		return rejCase("%v", err)
	}
	// nullspace's, max_common_*'s and the swizzles' steps are their walks
	// (nullspace.go, maxcommon.go, swizzle.go)
	if err := c.walkNullspace(cs); err != nil {
		return rejCase("%v", err)
	}
	if err := c.walkCommon(cs); err != nil {
		return rejCase("%v", err)
	}
	if err := c.walkSwizzle(cs); err != nil {
		return rejCase("%v", err)
	}
	// the casts' steps are their walk (cast.go), the constructions' and
	// queries' one step comes first (construct.go)
	if err := c.walkCast(cs); err != nil {
		return rejCase("%v", err)
	}
	if err := c.walkOneStep(cs); err != nil {
		return rejCase("%v", err)
	}
	if cs.Error != "" {
		if cs.Result != "" {
			return rejCase("both a result and an error")
		}
		if failErr != nil {
			return rejCase("%v", failErr)
		}
		r, err := c.errorStep(cs)
		if err != nil {
			return rejCase("%v", err)
		}
		// the error arises at the call the term evaluates next: a rewrite
		// due there and skipped is no error of that call
		next := nextCall(open[len(open)-1])
		if id := c.rewrites(next); r != nil && id != "" && !slices.Contains(r.Claims, next.(*notation.Call).Name) {
			return rejCase("the error is rule %s's, which is not about %s, the call the term evaluates next, which rule %s rewrites", r.ID, notation.Print(next), id)
		}
		// an error inside the slice of slice_and_offset ends its walk
		g, err := parseConds(cs.When)
		if err != nil {
			return rejCase("%v", err)
		}
		if err := c.walkError(cs.Steps, next, failingRule(cs.Error), g); err != nil {
			return rejCase("%v", err)
		}
		// and an error rule that claims about operations arises at a
		// call of one of them
		if r != nil && len(r.Claims) > 0 && (next == nil || !slices.Contains(r.Claims, next.(*notation.Call).Name)) {
			return rejCase("the error is rule %s's, about %s, but the call the term evaluates next is %s", r.ID, strings.Join(r.Claims, " or "), printOrNone(next))
		}
		// and a rule's condition failing is re-derived where a walk
		// stops with that rule due (fails.go)
		if c.fail != nil && c.fail.at == "" {
			return rejCase("the error is rule %s's condition %s failing, but no walk of the case's steps ends where that rule is due with its condition failing", c.fail.id, c.fail.cond)
		}
		return nil
	}
	for _, t := range open {
		if r := nextCall(t); r != nil {
			return rejCase("no step computes %s (in %s)", notation.Print(r), notation.Print(t))
		}
	}
	for _, r := range c.set.Rules() {
		if slices.Contains(r.Computes, c.d.Op) && !slices.ContainsFunc(cs.Steps, func(st rules.Step) bool { return st.Rule == r.ID }) {
			return rejCase("no step applies rule %s, which computes %s", r.ID, c.d.Op)
		}
	}
	res, err := parseTerm(cs.Result)
	if err != nil {
		return rejCase("result: %v", err)
	}
	if notation.Print(open[0]) != notation.Print(res) {
		if err := c.spotCheck(open[0], res, when, caseSamples); err != nil {
			return rejCase("the steps give %s, not the result: %v", notation.Print(open[0]), err)
		}
	}
	if err := c.spotCheck(c.request, res, when, caseSamples); err != nil {
		return rejCase("the result against concrete: %v", err)
	}
	return nil
}

// printOrNone prints a term, or "none" for nil.
func printOrNone(n notation.Node) string {
	if n == nil {
		return "none"
	}
	return notation.Print(n)
}

// decides reports whether a step discharged one of its conditions as the
// guard g (by "guard", or by "negated guard" for its negation).
func decides(st rules.Step, g string) bool {
	for _, d := range st.Checked {
		if d.By != "guard" && d.By != "negated guard" {
			continue
		}
		cs, err := parseConds([]string{d.Cond})
		if err != nil {
			continue
		}
		x := cs[0]
		if d.By == "negated guard" {
			x = x.Negate()
		}
		if x.String() == g {
			return true
		}
	}
	return false
}

// errorStep checks an error case whose error is an error rule's (it
// names the rule and where it applied, as "(rule ID at ..."): its last
// step applies that rule, and the error ends with the rule's error text,
// the place and the step's values. It returns that rule, or nil for an
// error that no rule states: a limit of the engine, or a condition a rule
// requires failing (named as "(rule ID)": failureOf and the walks check
// it, fails.go).
func (c *checker) errorStep(cs rules.Case) (*rules.Rule, error) {
	k := strings.LastIndex(cs.Error, "(rule ")
	if k < 0 || failingRule(cs.Error) != "" {
		return nil, nil
	}
	id, _, ok := strings.Cut(cs.Error[k+len("(rule "):], " at ")
	r, known := c.set.Rule(id)
	if !ok || !known || r.Error == "" {
		return nil, nil
	}
	if len(cs.Steps) == 0 {
		return nil, fmt.Errorf("the error is rule %s's, which no step applies", id)
	}
	st := cs.Steps[len(cs.Steps)-1]
	if st.Rule != id || st.Runtime {
		return nil, fmt.Errorf("the error is rule %s's, but the last step applies %s", id, st.Rule)
	}
	want := fmt.Sprintf("%s (rule %s at %s, %s)", r.Error, r.ID, st.At, rules.BindText(st.Bind))
	if !strings.HasSuffix(cs.Error, want) {
		return nil, fmt.Errorf("the error %q is not rule %s's as its last step applies it (%q)", cs.Error, id, want)
	}
	return r, nil
}

// failingRule returns the rule whose condition fails in an error ("(rule
// ID)" at its end, or a refusal's "(rule ID: SAYS)"), or "" for an error
// of no rule's condition.
func failingRule(e string) string {
	k := strings.LastIndex(e, "(rule ")
	if k < 0 {
		return ""
	}
	rest, ok := strings.CutSuffix(e[k+len("(rule "):], ")")
	id, _, _ := strings.Cut(rest, ": ")
	if !ok || strings.ContainsAny(id, " :") {
		return ""
	}
	return id
}

// restated checks a claim that rewrites a call into a call of the same
// operation: it restates the arguments (A coalesced, a layout padded with
// size-1 modes), so each argument that changes must be the same value (a
// layout the same function) as the one it replaces, at sampled bindings.
func (c *checker) restated(before, after notation.Node, conds []sym.Cond) error {
	x, ok1 := before.(*notation.Call)
	y, ok2 := after.(*notation.Call)
	if !ok1 || !ok2 || x.Name != y.Name || len(x.Args) != len(y.Args) {
		return nil
	}
	for i := range x.Args {
		if notation.Print(x.Args[i]) == notation.Print(y.Args[i]) {
			continue
		}
		if err := c.spotCheck(x.Args[i], y.Args[i], conds, stepSamples); err != nil {
			return fmt.Errorf("%s restates argument %d of %s: %v", notation.Print(after), i+1, notation.Print(before), err)
		}
	}
	return nil
}

// checkMerged checks a case merged from others: it has no steps; each case
// it was merged from has the case's guards and more, those cases partition
// the case's guards, each checks, and an error case merges errors only.
func (c *checker) checkMerged(ci int, cs rules.Case, when []sym.Cond) error {
	rej := func(format string, args ...any) error {
		return &Rejection{Case: ci + 1, Why: fmt.Sprintf(format, args...)}
	}
	if len(cs.Steps) > 0 {
		return rej("a merged case has steps of its own")
	}
	ctx, err := c.ctx.WithConds(when...)
	if err != nil {
		return rej("%v", err)
	}
	have := map[string]bool{}
	for _, w := range cs.When {
		have[w] = true
	}
	extra := make([][]sym.Cond, len(cs.From))
	subs := make([][]sym.Cond, len(cs.From))
	for k, f := range cs.From {
		if (f.Error == "") != (cs.Error == "") || (cs.Error != "" && f.Error != cs.Error) {
			return rej("merged from case %c, whose outcome differs in kind", 'a'+k)
		}
		g, err := parseConds(f.When)
		if err != nil {
			return rej("%v", err)
		}
		n := 0
		for i, w := range f.When {
			if have[w] {
				n++
				continue
			}
			extra[k] = append(extra[k], g[i])
		}
		if n != len(cs.When) {
			return rej("merged from case %c, whose guards do not include the case's", 'a'+k)
		}
		subs[k] = g
	}
	for i := range extra {
		for j := i + 1; j < len(extra); j++ {
			if !opposed(extra[i], extra[j]) {
				return rej("the cases it was merged from (%c, %c) are not shown disjoint", 'a'+i, 'a'+j)
			}
		}
	}
	if !covers(ctx, extra, 0) {
		return rej("the cases it was merged from do not cover it")
	}
	if err := mergedGuards(cs); err != nil {
		return rej("%v", err)
	}
	for k, f := range cs.From {
		if err := c.checkCase(ci, f, subs[k]); err != nil {
			return rej("merged from case %c: %v", 'a'+k, err)
		}
	}
	return nil
}

// refusal is the reason of CuTe's refusal, without the name of the call
// that reports it (a logical_product refuses for its complement's reason).
func refusal(err error) string {
	var ce *concrete.Error
	if errors.As(err, &ce) {
		return ce.Msg
	}
	return err.Error()
}

// spotCheck evaluates before and after at sampled bindings of the
// assumptions and conds and compares them as functions (sameFunction). A binding
// where either side or the comparison leaves int64 is outside the domain
// of the symbols (sym.OutOfRange) and is passed over; at least one binding
// must be compared.
func (c *checker) spotCheck(before, after notation.Node, conds []sym.Cond, n int) error {
	bs, err := c.sample(conds, n)
	if err != nil {
		return err
	}
	modes := compareModes(before)
	compared := 0
	for _, b := range bs {
		x, errX := evalAt(before, b, c.static)
		y, errY := evalAt(after, b, c.static)
		if sym.OutOfRange(errX) || sym.OutOfRange(errY) {
			continue
		}
		if (errX == nil) != (errY == nil) {
			// one side refused: where CuTe's value breaks a documented
			// condition, concrete may refuse it as the argument of a
			// later call (a non-positive extent: finding 73); both
			// sides are then compared as strict mode refuses them
			_, sX := evalAt(before, b, c.static, concrete.StrictMode())
			_, sY := evalAt(after, b, c.static, concrete.StrictMode())
			if sX != nil && sY != nil && !sym.OutOfRange(sX) && !sym.OutOfRange(sY) {
				errX, errY = sX, sY
			}
		}
		switch {
		case errX != nil && errY != nil:
			// both sides undefined there: CuTe refuses both, for one reason
			if refusal(errX) != refusal(errY) {
				return fmt.Errorf("%s and %s are refused differently at %s: %v; %v", notation.Print(before), notation.Print(after), bindingText(b), errX, errY)
			}
		case errX != nil:
			return fmt.Errorf("%s at %s: %v", notation.Print(before), bindingText(b), errX)
		case errY != nil:
			return fmt.Errorf("%s at %s: %v", notation.Print(after), bindingText(b), errY)
		default:
			err := sameFunction(x, y, modes)
			if sym.OutOfRange(err) {
				continue
			}
			if err != nil {
				return fmt.Errorf("%s != %s at %s: %v", notation.Print(before), notation.Print(after), bindingText(b), err)
			}
		}
		compared++
	}
	if compared == 0 && len(bs) > 0 {
		return fmt.Errorf("%s and %s: at none of the %d bindings sampled do both fit int64 (%s)", notation.Print(before), notation.Print(after), len(bs), bindingText(bs[0]))
	}
	return nil
}

// evalAt evaluates t at the binding b (the symbols static where static
// says so), in CuTe mode unless opts say otherwise.
func evalAt(t notation.Node, b sym.Binding, static bool, opts ...concrete.Option) (v concrete.Value, err error) {
	bt, err := bind(t, b, static)
	if err != nil {
		return v, err
	}
	return eval(bt, opts...)
}

// checkStep checks one step on its own: its rule (id, version and the hash
// of its text), its bindings and lets, and each condition it discharged.
// A step that fired with its rule's runtime values (dynamic mode) is
// checked as CuTe computes it with run-time integers: see runtimeStep.
func (c *checker) checkStep(st rules.Step, guards []sym.Cond, last bool, warnings []string) (map[string]sym.Int, error) {
	r, ok := c.set.Rule(st.Rule)
	if !ok {
		return nil, fmt.Errorf("no rule %s", st.Rule)
	}
	if r.Version != st.Version {
		return nil, fmt.Errorf("rule %s is at version %d, the step cites version %d", r.ID, r.Version, st.Version)
	}
	if h := rules.TextHash(r.Text); h != st.Hash {
		return nil, fmt.Errorf("rule %s's text hashes to %s, the step cites %s", r.ID, h, st.Hash)
	}
	// what the docs-style text prints for the step is its rule's
	if st.Doc != r.Doc || st.Says != r.Says {
		return nil, fmt.Errorf("the step's passage and text (%s: %q) are not rule %s's (%s: %q)", st.Doc, st.Says, r.ID, r.Doc, r.Says)
	}
	if st.Runtime && (!c.dynamic || r.Unchecked == "") {
		return nil, fmt.Errorf("the step fires rule %s with run-time values, which only a derivation with run-time integers (dynamic) of a rule CuTe does not check may", r.ID)
	}
	if r.Error != "" && !last && !st.Runtime {
		return nil, fmt.Errorf("rule %s is an error (%s): only the last step of an error case applies it", r.ID, r.Error)
	}
	if err := c.claimKind(r, st); err != nil {
		return nil, err
	}
	env, err := c.bindings(r, st, guards)
	if err != nil {
		return nil, err
	}
	if st.Runtime {
		if err := c.runtimeStep(r, st.At, env, guards, warnings); err != nil {
			return nil, err
		}
	}
	return env, c.conditions(r, st, env, guards)
}

// runtimeStep checks what lets a rule fire with CuTe's run-time values
// (rules.Rule.Unchecked): CuTe's static_assert (the rule's asserts line)
// holds wherever its integers are all static, and the case warns of the
// post-condition CuTe's value may break unless the rule is an error whose
// alternatives cannot all fail (one of them holds at every binding the
// assumptions and guards allow: CuTe's formula is then right).
func (c *checker) runtimeStep(r *rules.Rule, at string, env map[string]sym.Int, guards []sym.Cond, warnings []string) error {
	if r.Asserts != "" {
		as, err := condsOf(r.ID, r.Asserts, env)
		if err != nil {
			return err
		}
		for _, a := range as {
			static := true
			for _, x := range [][]string{sym.Symbols(a.orig.X), sym.Symbols(a.orig.Y)} {
				for _, s := range x {
					static = static && env[s].Static
				}
			}
			if !static {
				continue
			}
			if h, err := a.c.Holds(sym.Binding{}); err != nil || !h {
				return fmt.Errorf("CuTe's static_assert %s fails (%s): CuTe refuses at compile time", r.Asserts, a.text)
			}
		}
	}
	// the warning names the post-condition, the rule and where it fired
	want := fmt.Sprintf("CuTe's value may break %s (rule %s at %s, ", r.Unchecked, r.ID, at)
	for _, w := range warnings {
		if strings.HasPrefix(w, want) {
			return nil
		}
	}
	if r.Error == "" || r.Group == "" {
		return fmt.Errorf("the case does not warn that CuTe's value may break %s", r.Unchecked)
	}
	g, ok := c.set.Group(r.Group)
	if !ok {
		return fmt.Errorf("no group %s", r.Group)
	}
	ways, err := c.failingTogether(g, env)
	if err != nil {
		return fmt.Errorf("the case does not warn that CuTe's value may break %s (%v)", r.Unchecked, err)
	}
	for _, way := range ways {
		all := append(append([]sym.Cond(nil), guards...), way...)
		if _, err := c.ctx.WithConds(all...); !isInconsistent(err) {
			return fmt.Errorf("the case does not warn that CuTe's value may break %s, and the alternatives of group %s are not shown to hold", r.Unchecked, g.Name)
		}
	}
	return nil
}

// failingTogether lists the ways the alternatives of group g (its rules
// with a condition and no error) can all fail, bound by env, each a
// conjunction: an alternative fails where its one condition fails, or
// where it holds and every alternative of the group continuing it
// (rules.Set.Continuation: comp.take after comp.step.divide) fails at the
// values its lets give. An alternative whose condition is not one
// comparison is an error: the check cannot show the alternatives hold.
// (rules.Parse refuses a chain of continuations that comes back.)
func (c *checker) failingTogether(g *rules.Group, env map[string]sym.Int) ([][]sym.Cond, error) {
	ways := [][]sym.Cond{nil}
	for _, o := range g.Rules {
		if o.If == "" || o.Error != "" {
			continue
		}
		ocs, err := ruleConds(o, env)
		if err != nil {
			return nil, err
		}
		if len(ocs) != 1 {
			return nil, fmt.Errorf("rule %s's condition is not one comparison", o.ID)
		}
		held := ocs[0].c
		alts := [][]sym.Cond{{held.Negate()}}
		if next := c.set.Continuation(o.ID); next != nil {
			after := map[string]sym.Int{}
			for k, v := range env {
				after[k] = v
			}
			for _, l := range o.Lets {
				x, err := sym.Parse(l.Text)
				if err != nil {
					return nil, fmt.Errorf("rule %s: let %s = %s: %v", o.ID, l.Name, l.Text, err)
				}
				after[l.Name] = sym.Int{E: sym.Substitute(x, exprs(after))}
			}
			tail, err := c.failingTogether(next, after)
			if err != nil {
				return nil, err
			}
			for _, t := range tail {
				alts = append(alts, append([]sym.Cond{held}, t...))
			}
		}
		var grown [][]sym.Cond
		for _, w := range ways {
			for _, a := range alts {
				grown = append(grown, append(append([]sym.Cond(nil), w...), a...))
			}
		}
		ways = grown
	}
	return ways, nil
}

// claimKind checks that a step claims what its rule says it claims: an
// equation whose before is a call of one of the rule's operations (a
// layout for "layout", the request for "request"), or nothing.
func (c *checker) claimKind(r *rules.Rule, st rules.Step) error {
	// an error rule claims only where it fires with run-time values (it
	// is an error elsewhere)
	if len(r.Claims) == 0 || r.Error != "" && !st.Runtime {
		if st.Before != "" || st.After != "" {
			return fmt.Errorf("rule %s claims nothing, the step claims %s == %s", r.ID, st.Before, st.After)
		}
		return nil
	}
	if st.Before == "" || st.After == "" {
		return fmt.Errorf("rule %s claims an equation, the step has none", r.ID)
	}
	n, err := notation.Parse(st.Before)
	if err != nil {
		return fmt.Errorf("before: %v", err)
	}
	what := "layout"
	if call, ok := n.(*notation.Call); ok {
		what = call.Name
	}
	for _, k := range r.Claims {
		if k == what {
			return nil
		}
		if k == "request" {
			b, err := normalize(n)
			if err != nil {
				return err
			}
			if notation.Print(b) == notation.Print(c.request) {
				return nil
			}
		}
	}
	return fmt.Errorf("rule %s claims about %s, the step about %s", r.ID, strings.Join(r.Claims, " or "), st.Before)
}

// bindings reads the step's metavariables and recomputes its lets from the
// rule's text: its let lines, or, where the step fired with run-time values
// (dynamic mode), its runtime lines, whose values the engine simplifies
// under the assumptions and the guards in force (CuTe's floor and ceil
// divisions resolved where they decide them): those must equal the
// recorded ones there, by sym's decision with certificates that verify.
func (c *checker) bindings(r *rules.Rule, st rules.Step, guards []sym.Cond) (map[string]sym.Int, error) {
	bind := st.Bind
	env := map[string]sym.Int{}
	known := map[string]bool{}
	for _, m := range r.In {
		t, ok := bind[m]
		if !ok {
			return nil, fmt.Errorf("metavariable %s is not bound", m)
		}
		v, err := sym.ParseInt(t)
		if err != nil {
			return nil, fmt.Errorf("metavariable %s = %q: %v", m, t, err)
		}
		env[m] = v
		known[m] = true
	}
	lets := r.Lets
	if st.Runtime {
		lets = r.Runtime
	}
	for _, l := range lets {
		x, err := sym.Parse(l.Text)
		if err != nil {
			return nil, fmt.Errorf("let %s = %s: %v", l.Name, l.Text, err)
		}
		v := sym.Substitute(x, exprs(env))
		if err := v.Err(); err != nil {
			return nil, fmt.Errorf("let %s = %s: %v", l.Name, l.Text, err)
		}
		t, ok := bind[l.Name]
		if !ok {
			return nil, fmt.Errorf("let %s is not recorded", l.Name)
		}
		got, err := sym.ParseInt(t)
		if err != nil {
			return nil, fmt.Errorf("let %s = %q: %v", l.Name, t, err)
		}
		if !sym.Equal(got.E, v) && (!st.Runtime || c.redecide(sym.MakeCond(got.E, sym.EQ, v), guards) != nil) {
			return nil, fmt.Errorf("let %s = %s is %s, the step records %s", l.Name, l.Text, v, t)
		}
		// static: a constant of static values, or CuTe's _0 * x (a
		// product with a factor bound to the static _0)
		static, zero := true, false
		for _, s := range sym.Symbols(x) {
			static = static && env[s].Static
			c, isC := sym.IsConst(env[s].E)
			zero = zero || env[s].Static && isC && c == 0
		}
		zero = zero && !strings.ContainsAny(l.Text, "+-/%(,")
		if c, isConst := sym.IsConst(got.E); got.Static != (isConst && (static || c == 0 && zero)) {
			return nil, fmt.Errorf("let %s = %s: the step records the static mark of %s wrongly", l.Name, l.Text, t)
		}
		env[l.Name] = got
		known[l.Name] = true
	}
	for k := range bind {
		if !known[k] {
			return nil, fmt.Errorf("%s is bound but is no metavariable or let of rule %s", k, r.ID)
		}
	}
	return env, nil
}

func exprs(env map[string]sym.Int) map[string]sym.Expr {
	out := make(map[string]sym.Expr, len(env))
	for k, v := range env {
		out[k] = v.E
	}
	return out
}

// cond is one comparison of a rule's condition, instantiated.
type cond struct {
	text string   // as a derivation prints it (a guard prints as c)
	c    sym.Cond // as sym decides it ("d divides n" is n%d==0)
	div  bool     // a divisibility: n%d==0 or its negation
	d, n sym.Expr
	orig sym.Cond // over the rule's metavariables (a divisibility: n==d)
}

// ruleConds parses a rule's condition from its text and instantiates it.
func ruleConds(r *rules.Rule, env map[string]sym.Int) ([]cond, error) {
	return condsOf(r.ID, r.If, env)
}

// condsOf parses a condition of rule id (its if or asserts line) and
// instantiates it.
func condsOf(id, text string, env map[string]sym.Int) ([]cond, error) {
	if text == "" {
		return nil, nil
	}
	root, err := notation.ParseCond(text)
	if err != nil {
		return nil, err
	}
	parts := notation.Conjuncts(root)
	by := exprs(env)
	var out []cond
	for _, p := range parts {
		cmp, ok := p.(*notation.Compare)
		if !ok {
			return nil, fmt.Errorf("rule %s: %s is not a comparison", id, notation.Print(p))
		}
		if b, ok := cmp.X.(*notation.Binary); ok && b.Op == '%' && (cmp.Op == "==" || cmp.Op == "!=") {
			if z, ok := cmp.Y.(*notation.Int); ok && z.Value == 0 {
				n, err1 := sym.FromNode(b.X)
				d, err2 := sym.FromNode(b.Y)
				if err1 != nil || err2 != nil {
					return nil, fmt.Errorf("rule %s: %s", id, notation.Print(p))
				}
				orig := sym.MakeCond(n, sym.EQ, d)
				n, d = sym.Substitute(n, by), sym.Substitute(d, by)
				x := cond{c: sym.Divisible(d, n), div: true, d: d, n: n, text: fmt.Sprintf("%s divides %s", d, n), orig: orig}
				if cmp.Op == "!=" {
					x.c, x.text = x.c.Negate(), "not "+x.text
				}
				out = append(out, x)
				continue
			}
		}
		cs, err := sym.CondsFromNode(p)
		if err != nil || len(cs) != 1 {
			return nil, fmt.Errorf("rule %s: %s is not one comparison", id, notation.Print(p))
		}
		ic := sym.MakeCond(sym.Substitute(cs[0].X, by), cs[0].Rel, sym.Substitute(cs[0].Y, by))
		out = append(out, cond{c: ic, text: ic.String(), orig: cs[0]})
	}
	return out, nil
}

// How a step that fires with run-time values (dynamic mode) records a
// condition of its rule that CuTe does not check.
const (
	notProvedRuntime = "not proved (CuTe does not check it with run-time integers)"
	refutedRuntime   = "refuted (CuTe does not check it with run-time integers)"
)

// conditions checks the conditions a step discharged: each of its rule's
// comparisons holds (proved, with certificates it verifies, or a guard of
// the case), and in a group whose first applicable rule fires (a "first"
// group, or an "any" group where the step's condition is not proved), each
// earlier rule was shown not to apply (refuted, negated as a guard, or, one
// that declines, left undecided); nothing else is discharged.
func (c *checker) conditions(r *rules.Rule, st rules.Step, env map[string]sym.Int, guards []sym.Cond) error {
	own, err := ruleConds(r, env)
	if err != nil {
		return err
	}
	used := make([]bool, len(st.Checked))
	unchecked := false
	proved := len(own) > 0 // its condition proved, every comparison
	for _, oc := range own {
		k := find(st.Checked, oc, used, true)
		if k < 0 {
			return fmt.Errorf("its condition %s is not discharged", oc.text)
		}
		used[k] = true
		proved = proved && st.Checked[k].By == "proved"
		if by := st.Checked[k].By; by == notProvedRuntime || by == refutedRuntime {
			// CuTe does not check it with run-time integers (runtimeStep
			// checked the rest); only a step fired with run-time values
			if !st.Runtime {
				return fmt.Errorf("%s: discharged as %q by a step that does not fire with run-time values", oc.text, by)
			}
			unchecked = true
			continue
		}
		if err := c.discharge(oc, st.Checked[k], true, guards); err != nil {
			return fmt.Errorf("%s: %v", oc.text, err)
		}
	}
	if st.Runtime && !unchecked && r.Error == "" {
		return fmt.Errorf("the step fires with run-time values, but none of its conditions is left unchecked")
	}
	if r.Group != "" && !(st.Runtime && r.Error != "") {
		// (an error rule fired with run-time values is CuTe's formula
		// where no alternative is proved: runtimeStep checked it)
		g, ok := c.set.Group(r.Group)
		if !ok {
			return fmt.Errorf("no group %s", r.Group)
		}
		for _, o := range g.Rules {
			if o == r {
				break
			}
			ocs, err := ruleConds(o, env)
			if err != nil {
				return err
			}
			shown := false
			for _, oc := range ocs {
				k := find(st.Checked, oc, used, false)
				if k < 0 {
					continue
				}
				used[k] = true
				if st.Checked[k].By == rules.Undecided && o.Policy != rules.Decline {
					return fmt.Errorf("%s (rule %s): left undecided, but the rule does not decline", oc.text, o.ID)
				}
				if err := c.discharge(oc, st.Checked[k], false, guards); err != nil {
					return fmt.Errorf("%s (rule %s): %v", oc.text, o.ID, err)
				}
				shown = true
			}
			// in a "first" group a later rule may rely on the earlier ones
			// failing (those that decline need not be decided); an error
			// rule is justified only by every alternative failing; in an
			// "any" group a rule whose condition is proved fires first,
			// and one that fires otherwise (no condition, or one decided
			// as a guard) is the first in the group's order whose
			// condition holds: the earlier ones are shown not to apply
			// there, as in a "first" group
			if o.If != "" && !shown && (r.Error != "" || !g.Any || !proved) {
				return fmt.Errorf("rule %s comes before it in group %s and is not shown not to apply", o.ID, g.Name)
			}
		}
	}
	for k, u := range used {
		if !u {
			return fmt.Errorf("%s is discharged but is no condition of rule %s or of the rules before it", st.Checked[k].Cond, r.ID)
		}
	}
	return nil
}

// find returns the first discharged condition not used yet that is x,
// one whose discharge says x holds where holds is set (else fails) when
// there is one: two rules of a group may state one comparison (in
// compl.bound-of, r <= m and r <= ceil_div(m, a)*a where a is m), once
// left undecided by the rule that declines and once a guard of the rule
// that fires (finding 52).
func find(ds []rules.Discharged, x cond, used []bool, holds bool) int {
	first := -1
	for k, d := range ds {
		if used[k] || d.Cond != x.text && d.Cond != x.c.String() {
			continue
		}
		if dischargedHolds(d.By) == holds {
			return k
		}
		if first < 0 {
			first = k
		}
	}
	return first
}

// dischargedHolds reports whether a discharge says its condition holds
// (proved, a guard, or left unchecked where the step fires with CuTe's
// run-time values) rather than fails.
func dischargedHolds(by string) bool {
	switch by {
	case "proved", "guard", "proved (its negation is inconsistent)", notProvedRuntime, refutedRuntime:
		return true
	}
	return false
}

// discharge checks one discharged condition: holds says whether the step
// needs it to hold (its own rule's) or to fail (an earlier rule's).
func (c *checker) discharge(x cond, d rules.Discharged, holds bool, guards []sym.Cond) error {
	want := x.c
	if !holds {
		want = x.c.Negate()
	}
	switch d.By {
	case "guard", "negated guard":
		g := x.c
		if d.By == "negated guard" {
			g = g.Negate()
		}
		if (d.By == "guard") != holds {
			return fmt.Errorf("discharged as %q where the step needs it to %s", d.By, holdsText(holds))
		}
		for _, h := range guards {
			if h.String() == g.String() {
				return nil
			}
		}
		return fmt.Errorf("%s is not a guard in force", g)
	case "proved", "refuted":
		if (d.By == "proved") != holds {
			return fmt.Errorf("discharged as %q where the step needs it to %s", d.By, holdsText(holds))
		}
		if len(d.Certificates) == 0 {
			return c.redecide(want, guards)
		}
		return c.certified(x, holds, d.Certificates, guards)
	case rules.Undecided:
		// an earlier rule that declines (conditions checks its policy):
		// not firing it is sound whatever its condition's truth
		if holds {
			return fmt.Errorf("discharged as %q where the step needs it to hold", d.By)
		}
		return nil
	case "proved (its negation is inconsistent)", "refuted (inconsistent)":
		if strings.HasPrefix(d.By, "proved") != holds {
			return fmt.Errorf("discharged as %q where the step needs it to %s", d.By, holdsText(holds))
		}
		return c.redecide(want, guards)
	}
	return fmt.Errorf("unknown discharge %q", d.By)
}

// matches reports whether a comparison certificate is about the operands
// of c (their difference, either way).
func matches(cl sym.Claim, c sym.Cond) bool {
	d := sym.Sub(cl.B, cl.A)
	return sym.Equal(d, sym.Sub(c.Y, c.X)) || sym.Equal(d, sym.Sub(c.X, c.Y))
}

func holdsText(h bool) string {
	if h {
		return "hold"
	}
	return "fail"
}

// redecide decides a condition without a certificate: a comparison of
// constants by arithmetic, anything else by the inconsistency of its
// negation with the assumptions and the guards in force.
func (c *checker) redecide(want sym.Cond, guards []sym.Cond) error {
	ctx, err := c.ctx.WithConds(guards...)
	if err != nil {
		return err
	}
	if _, err := ctx.WithConds(want.Negate()); isInconsistent(err) {
		return nil
	}
	if ctx.Decide(want).Truth == sym.True {
		// sym decides it (the certificate was left out): accept only
		// with a certificate that verifies
		certs, err := ctx.Decide(want).Certificates()
		if err != nil {
			return err
		}
		for _, ct := range certs {
			if err := sym.Verify(ct); err != nil {
				return err
			}
		}
		return nil
	}
	return fmt.Errorf("%s is not decided under the assumptions and guards", want)
}

// certified verifies the certificates of a decided condition: each must
// verify, rest on the assumptions and the guards in force only, and
// together state the condition (holds) or its negation.
func (c *checker) certified(x cond, holds bool, raw []json.RawMessage, guards []sym.Cond) error {
	allowed := map[string]bool{}
	for k := range c.assumed {
		allowed[k] = true
	}
	for _, g := range guards {
		allowed[g.String()] = true
	}
	var excluded sym.Order
	divides := false
	for _, b := range raw {
		ct, err := sym.ParseCertificate(b)
		if err != nil {
			return fmt.Errorf("certificate: %v", err)
		}
		if !ct.Universal {
			return fmt.Errorf("certificate of %s is a witness, not a proof", ct.Claim)
		}
		if err := sym.Verify(ct); err != nil {
			return err
		}
		for _, a := range ct.Assumptions {
			if !allowed[a.String()] {
				return fmt.Errorf("certificate of %s rests on %s, which is neither an assumption nor a guard in force", ct.Claim, a)
			}
		}
		a, b := ct.Claim.A, ct.Claim.B
		diff := sym.Sub(b, a)
		before, wasDivides := excluded, divides
		switch ct.Claim.Op {
		case sym.ClaimDivides:
			divides = wasDivides || x.div && sym.Equal(a, x.d) && sym.Equal(b, x.n)
		case sym.ClaimLe, sym.ClaimLt:
			// b - a >= 0 (> 0)
			ex := sym.Order(0)
			if sym.Equal(diff, sym.Sub(x.c.Y, x.c.X)) { // Y >= X: not Greater
				ex |= sym.Greater
			}
			if sym.Equal(diff, sym.Sub(x.c.X, x.c.Y)) { // X >= Y: not Less
				ex |= sym.Less
			}
			if ex != 0 && ct.Claim.Op == sym.ClaimLt {
				ex |= sym.Same
			}
			excluded |= ex
		case sym.ClaimEq:
			if sym.Equal(diff, sym.Sub(x.c.Y, x.c.X)) || sym.Equal(diff, sym.Sub(x.c.X, x.c.Y)) {
				excluded |= sym.Less | sym.Greater
			}
		case sym.ClaimNe:
			if sym.Equal(diff, sym.Sub(x.c.Y, x.c.X)) || sym.Equal(diff, sym.Sub(x.c.X, x.c.Y)) {
				excluded |= sym.Same
			}
		}
		if ct.Claim.Op == sym.ClaimDivides && !divides || ct.Claim.Op != sym.ClaimDivides && excluded == before && !matches(ct.Claim, x.c) {
			return fmt.Errorf("the certificate of %s is not about %s", ct.Claim, x.text)
		}
	}
	want := x.c
	if !holds {
		want = x.c.Negate()
	}
	if x.div && want.Rel == sym.EQ {
		if divides {
			return nil
		}
		return fmt.Errorf("no certificate states %s", x.text)
	}
	if rejected := sym.AnyOrder &^ want.Rel.Order(); rejected&^excluded == 0 {
		return nil
	}
	return fmt.Errorf("the certificates do not state %s", want)
}

// smallBox lists the bindings of the request's symbols to small values
// (1 to 8 each, fewer per symbol when there are many), and reports
// whether the box holds every binding the conditions allow: each symbol
// is bounded by a condition c%s==0 (s divides the positive constant c,
// so s <= c) or s<=c, s<c, c>=s, c>s, within the box.
func (c *checker) smallBox(conds []sym.Cond) ([]sym.Binding, bool) {
	names := uniq(c.symbols)
	if len(names) == 0 {
		return nil, false
	}
	hi := int64(8)
	for k := len(names); k > 4 && hi > 2; k-- {
		hi /= 2
	}
	complete := true
	for _, s := range names {
		b, ok := upperBound(conds, s)
		complete = complete && ok && b <= hi
	}
	var out []sym.Binding
	cur := make([]int64, len(names))
	for i := range cur {
		cur[i] = 1
	}
	for {
		b := sym.Binding{}
		for i, s := range names {
			b[s] = cur[i]
		}
		out = append(out, b)
		i := 0
		for i < len(cur) && cur[i] == hi {
			cur[i] = 1
			i++
		}
		if i == len(cur) {
			return out, complete
		}
		cur[i]++
	}
}

func uniq(xs []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, x := range xs {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

// upperBound finds a bound s <= b stated by one of the conditions.
func upperBound(conds []sym.Cond, s string) (int64, bool) {
	for _, g := range conds {
		n, err := notation.ParseCond(g.String())
		if err != nil {
			continue
		}
		cmp, ok := n.(*notation.Compare)
		if !ok {
			continue
		}
		x, y, op := cmp.X, cmp.Y, cmp.Op
		if _, isSym := y.(*notation.Sym); isSym {
			x, y = y, x
			op = map[string]string{"<=": ">=", "<": ">", ">=": "<=", ">": "<", "==": "==", "!=": "!="}[op]
		}
		if m, ok := x.(*notation.Binary); ok && m.Op == '%' && op == "==" {
			num, ok1 := m.X.(*notation.Int)
			den, ok2 := m.Y.(*notation.Sym)
			if z, ok3 := y.(*notation.Int); ok1 && ok2 && ok3 && z.Value == 0 && den.Name == s && num.Value > 0 {
				return num.Value, true
			}
			continue
		}
		v, ok1 := x.(*notation.Sym)
		k, ok2 := y.(*notation.Int)
		if !ok1 || !ok2 || v.Name != s {
			continue
		}
		switch op {
		case "<=", "==":
			return k.Value, true
		case "<":
			return k.Value - 1, true
		}
	}
	return 0, false
}

// sources are the values a case has made available so far (the
// printed expressions, static marks aside): the integer leaves of the
// request, and of every step before, its metavariables, its lets and the
// integer leaves of its claim's two sides, and the size of every tuple of
// integers there but a layout's strides (the product of its leaves: the
// size of a mode that crd2idx's split divides by, the cotarget's size
// that compl.zero states).
type sources map[string]bool

func (s sources) add(t string) {
	if i, err := sym.ParseInt(t); err == nil {
		s[i.E.String()] = true
	}
}

// addTerm adds every integer leaf of a term and the size of every tuple
// of integers in it that is no stride.
func (s sources) addTerm(n notation.Node) { s.addNode(n, true) }

// addNode adds the integer leaves of n and, where sized, the sizes of
// its tuples of integers; it returns the size of n where n is an integer
// or a tuple of integers.
func (s sources) addNode(n notation.Node, sized bool) (sym.Expr, bool) {
	switch n := n.(type) {
	case *notation.Call:
		for _, a := range n.Args {
			s.addNode(a, true)
		}
	case *notation.Tuple:
		p, all := sym.Const(1), true
		for _, e := range n.Elems {
			x, ok := s.addNode(e, sized)
			all = all && ok
			if ok {
				p = sym.Mul(p, x)
			}
		}
		if all {
			if sized {
				s[p.String()] = true
			}
			return p, true
		}
	case *notation.Layout:
		s.addNode(n.Shape, true)
		s.addNode(n.Stride, false)
	case *notation.Composed:
		s.addNode(n.O, true)
		s.addNode(n.B, true)
	case *notation.Underscore, *notation.Swizzle:
	default:
		if i, err := sym.IntFromNode(n); err == nil {
			s[i.E.String()] = true
			return i.E, true
		}
	}
	return nil, false
}

// computed are the metavariables (rule and name) whose values the
// engine's algorithms compute from a whole layout rather than take from
// one place (a cosize, a size, a rank, a
// starting stride or count, the rest of B that reaches A's last mode,
// simplified under the guards, a swizzle's bits), so that they are not traced: each is still
// tied to the step by its rule's condition and lets, and the case's
// result is checked against concrete.
var computed = map[string]bool{
	"compl.cosize a": true, "compl.cosize r": true, "compl.cosize m": true,
	"compl.size a": true, "compl.size r": true,
	"compl.nonunit s": true, "compl.injective c": true, "compl.rest m": true, "compl.rest-within m": true, "compl.rest-beyond m": true,
	"comp.last n": true, "comp.last r": true,
	"inv.left.mode p": true, "inv.left.mode z": true, "inv.left.zero d": true, "inv.right.follow p": true,
	// (re-derived by the inverses' walk, inverse.go: a coalesced extent,
	// the span reached)
	"inv.left.mode s": true, "inv.left.zero s": true, "inv.left.end s": true, "inv.left.end z": true, "inv.right.end c": true,
	"make.left d": true, "make.right d": true, "make.compact d": true, "crd.inner a": true, "make.ordered.unranked i": true,
	// (the compact walk re-derives it: the largest static order value, or
	// 0 where every static one is negative: finding 55)
	"make.ordered.unranked m": true,
	"tile.pad R":              true,
	// |d| and the sign of a static stride d (the casts' walk, cast.go,
	// re-derives them from A)
	"cast.up.static a": true, "cast.up.static g": true, "cast.up.static-bad a": true, "cast.up.static-bad g": true,
	// a swizzled layout's index (crd2idx's sum over the modes), and the
	// swizzle's split of an index x = t + c with the swizzled constant y
	"swz.eval i": true, "swz.apply t": true, "swz.apply k": true, "swz.apply y": true,
	"slice.in-range s": true, "tile.product-each p": true,
}

// derived are the metavariables (rule and name) whose values Check
// re-derives from the steps before them in their case instead of tracing
// them to one place: each function lists the values the metavariable may
// take there, under the guards in force.
var derived = map[string]func(c *checker, before []rules.Step, guards []sym.Cond) ([]sym.Expr, error){
	"comp.no-carry s": (*checker).noCarrySize,
	"comp.no-carry t": (*checker).noCarrySum,
}

// derive checks the step's derived metavariables: each has one of the
// values its function re-derives.
func (c *checker) derive(r *rules.Rule, st rules.Step, env map[string]sym.Int, before []rules.Step, guards []sym.Cond) error {
	for _, m := range r.In {
		f := derived[r.ID+" "+m]
		if f == nil {
			continue
		}
		vals, err := f(c, before, guards)
		if err != nil {
			return fmt.Errorf("metavariable %s: %v", m, err)
		}
		if !slices.ContainsFunc(vals, func(v sym.Expr) bool { return sym.Equal(v, env[m].E) }) {
			return fmt.Errorf("metavariable %s = %s is none of the values the steps before give it (%s)", m, st.Bind[m], exprList(vals))
		}
	}
	return nil
}

func exprList(es []sym.Expr) string {
	ts := make([]string, len(es))
	for i, e := range es {
		ts[i] = e.String()
	}
	return strings.Join(ts, ", ")
}

// trace checks that every metavariable of the step (but the computed and
// derived ones) has a value the case made available before it (or its
// own before, the term it rewrites), then adds the step's values.
func (s sources) trace(r *rules.Rule, st rules.Step) error {
	if st.Before != "" {
		n, err := notation.Parse(st.Before)
		if err != nil {
			return fmt.Errorf("before: %v", err)
		}
		s.addTerm(n)
	}
	for _, m := range r.In {
		i, err := sym.ParseInt(st.Bind[m])
		if err != nil {
			return fmt.Errorf("metavariable %s: %v", m, err)
		}
		if !computed[r.ID+" "+m] && derived[r.ID+" "+m] == nil && !s[i.E.String()] && !flowsElse(r, m, i) {
			return fmt.Errorf("metavariable %s = %s comes from nowhere: neither the request nor a step before has that value", m, st.Bind[m])
		}
	}
	for _, v := range st.Bind {
		s.add(v)
	}
	if strings.HasPrefix(r.ID, "comp.step.") {
		// CuTe's fold computes the mode's next shape ceil_div(s, r)
		// (shape_div): with the symbols static, the size-1 decision
		// after the step may be about it (composition.go, the size-1
		// decisions of the static reading)
		x, err1 := sym.ParseInt(st.Bind["s"])
		y, err2 := sym.ParseInt(st.Bind["r"])
		if err1 == nil && err2 == nil {
			s[sym.CeilDiv(x.E, y.E).String()] = true
		}
	}
	if st.After != "" {
		n, err := notation.Parse(st.After)
		if err != nil {
			return fmt.Errorf("after: %v", err)
		}
		s.addTerm(n)
	}
	return nil
}

// flowsElse reports whether the metavariable m of rule r has the else
// value of a flows line of r (a constant of the rule's text, which flows
// checks where no earlier step gives it: make.ordered.before's d = 1
// where the request holds no 1, finding 55).
func flowsElse(r *rules.Rule, m string, v sym.Int) bool {
	for _, f := range r.Flows {
		if f.Name != m || f.Else == "" || f.Else == "any" {
			continue
		}
		if e, err := sym.ParseInt(f.Else); err == nil && sym.Equal(e.E, v.E) {
			return true
		}
	}
	return false
}

// later reports whether one of the steps after a step of rule r applies
// a rule of r's later line, before any step of a rule of its before part.
func later(r *rules.Rule, after []rules.Step) bool {
	for _, x := range after {
		if slices.Contains(r.Later, x.Rule) {
			return true
		}
		if slices.Contains(r.Before, x.Rule) {
			return false
		}
	}
	return false
}

// flows checks a step's flows lines: each value named is that of the
// latest earlier step of one of the rules the line names (the name the
// line gives for that rule), after the latest step of a rule of its since
// part, or, where there is none, the line's else value ("any": no
// constraint; none: such a step is required).
func flows(r *rules.Rule, st rules.Step, before []rules.Step) error {
	for _, f := range r.Flows {
		got, err := sym.ParseInt(st.Bind[f.Name])
		if err != nil {
			return fmt.Errorf("metavariable %s: %v", f.Name, err)
		}
		want, from := "", ""
		for i := len(before) - 1; i >= 0 && from == "" && !slices.Contains(f.Since, before[i].Rule); i-- {
			for _, src := range f.From {
				if before[i].Rule == src.Rule {
					want, from = before[i].Bind[src.Name], fmt.Sprintf("%s.%s of the step of %s before it", src.Rule, src.Name, src.Rule)
					break
				}
			}
		}
		if from == "" {
			switch f.Else {
			case "any":
				continue
			case "":
				return fmt.Errorf("%s flows from an earlier step of %s, and the case has none", f.Name, flowRules(f))
			}
			want, from = f.Else, "its value where no step of "+flowRules(f)+" comes before"
		}
		w, err := sym.ParseInt(want)
		if err != nil || !sym.Equal(got.E, w.E) {
			return fmt.Errorf("%s = %s, but %s is %s", f.Name, st.Bind[f.Name], from, want)
		}
	}
	return nil
}

func flowRules(f rules.Flow) string {
	var ids []string
	for _, src := range f.From {
		ids = append(ids, src.Rule)
	}
	return strings.Join(ids, " or ")
}

// follows checks a step of a rule with a follows line: the step before it
// is of one of the rules named, with the same value for each name of the
// line's "with" part.
func follows(r *rules.Rule, st rules.Step, before []rules.Step) error {
	if len(before) == 0 || !slices.Contains(r.Follows, before[len(before)-1].Rule) {
		return fmt.Errorf("rule %s follows a step of %s, and the step before is not one", r.ID, strings.Join(r.Follows, " or "))
	}
	prev := before[len(before)-1]
	for _, k := range r.Same {
		if v, w := st.Bind[k], prev.Bind[k]; w != v {
			return fmt.Errorf("%s = %s, but %s = %s in the step of %s before it", k, v, k, w, prev.Rule)
		}
	}
	return nil
}
