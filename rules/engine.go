package rules

import (
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/sym"
)

// Limits of the engine: beyond them an answer is a *NeedsError.
const (
	// MaxBranches is the most branches (runs of an algorithm along
	// different decisions) one answer may have.
	MaxBranches = 32
	// MaxSteps is the most rule applications one branch may make.
	MaxSteps = 4096
)

// Env binds metavariables to integers.
type Env map[string]sym.Int

// Discharged is a side condition the engine decided for a step.
type Discharged struct {
	Cond string `json:"cond"` // the condition, instantiated
	// By is "proved", "refuted", "guard" (assumed in this case), "negated
	// guard", or Undecided
	By string `json:"by"`
	// Certificates are sym's certificates (their stable JSON form, which
	// sym.ParseCertificate reads and sym.Verify re-checks) of a proved or
	// refuted condition: the proofs of the condition, or of its negation.
	Certificates []json.RawMessage `json:"certificates,omitempty"`
	// NoCertificate says why a decided condition has none (a condition
	// decided by the inconsistency of its negation has none to give).
	NoCertificate string `json:"no_certificate,omitempty"`

	// the condition before it is printed (Cond is filled in when the
	// derivation is asked for): a comparison, or d divides n
	c    sym.Cond
	div  bool
	d, n sym.Expr
	ctx  *sym.Ctx // the assumptions and guards it was decided under
}

// Undecided is how a step records the condition of an earlier rule of its
// group that declined because sym decides it neither way (a rule with the
// policy decline).
const Undecided = "undecided (the rule declines)"

// discharged records a condition decided under the world's assumptions and
// guards; it is printed (and its certificates made) later.
func (w *world) discharged(c sym.Cond, by string) Discharged {
	return Discharged{c: c, By: by, ctx: w.ctx}
}

func (d *Discharged) fill() {
	if d.Cond != "" {
		return
	}
	switch {
	case d.div && d.c.Rel == sym.NE:
		d.Cond = fmt.Sprintf("not %s divides %s", d.d, d.n)
	case d.div:
		d.Cond = fmt.Sprintf("%s divides %s", d.d, d.n)
	default:
		d.Cond = d.c.String()
	}
	if d.ctx == nil || (d.By != "proved" && d.By != "refuted") {
		if strings.Contains(d.By, "inconsistent") {
			d.NoCertificate = "decided by the inconsistency of the other side with the assumptions and guards"
		}
		return
	}
	if d.div && (d.c.Rel == sym.NE) != (d.By == "refuted") {
		// "d does not divide n" at every binding is decided for constants
		// or by the inconsistency of the divisibility with the assumptions
		// and guards: no certificate states it
		d.NoCertificate = "a non-divisibility decided for constants or by an inconsistent divisibility"
		return
	}
	var certs []*sym.Certificate
	var err error
	switch {
	case d.div:
		var cert *sym.Certificate
		cert, err = d.ctx.Divides(d.d, d.n).Certificate()
		certs = append(certs, cert)
	case d.By == "proved":
		certs, err = d.ctx.Decide(d.c).Certificates()
	default:
		certs, err = d.ctx.Decide(d.c.Negate()).Certificates()
	}
	if err != nil {
		d.NoCertificate = err.Error()
		return
	}
	for _, c := range certs {
		b, err := json.Marshal(c)
		if err != nil {
			d.NoCertificate = err.Error()
			d.Certificates = nil
			return
		}
		d.Certificates = append(d.Certificates, b)
	}
}

// Step is one rule application of a derivation. What it claims is either
// an equation Before == After between two terms (layouts, integers, tuples
// of terms and calls of catalogue operations, in the notation; see
// package proofs) that holds as functions wherever the assumptions and the
// guards in force hold, or, for a step that only computes values of the
// algorithm's state, its lets (in Bind), which follow from its
// metavariables by the rule's text.
type Step struct {
	Rule    string            `json:"rule"`              // rule id
	Version int               `json:"version"`           // rule version
	Hash    string            `json:"hash"`              // TextHash of the rule's text
	Doc     string            `json:"doc"`               // the seed passage the rule mirrors
	At      string            `json:"at"`                // where the rule applies, in the algorithm's terms
	Bind    map[string]string `json:"bind,omitempty"`    // metavariables and lets, as text
	Before  string            `json:"before,omitempty"`  // the term the step rewrites
	After   string            `json:"after,omitempty"`   // what it rewrites it to
	Says    string            `json:"says"`              // the step as the documentation writes it
	Checked []Discharged      `json:"checked,omitempty"` // side conditions decided for this step
	Guards  []string          `json:"guards,omitempty"`  // the case's guards in force when it fired
	// Runtime: the rule fired with its runtime values (CuTe's run-time
	// formula, dynamic mode) where its condition is not proved.
	Runtime bool `json:"runtime,omitempty"`

	// what the text fields are made of, printed when the derivation is
	// asked for
	env     Env
	in      []string // the rule's metavariables (the rule's own list)
	lets    []Let    // its lets, or runtime values, as computed (the rule's own list)
	guards  []sym.Cond
	claimed func() (before, after notation.Node)
	common  bool // claimed before the run's first split (see claimsRequest)
}

// fill prints the step's bindings, conditions and guards.
func (st *Step) fill() {
	if st.Bind == nil && len(st.in)+len(st.lets) > 0 {
		st.Bind = map[string]string{}
		for _, m := range st.in {
			st.Bind[m] = st.env[m].String()
		}
		for _, l := range st.lets {
			st.Bind[l.Name] = st.env[l.Name].String()
		}
	}
	for i := range st.Checked {
		st.Checked[i].fill()
	}
	if st.claimed != nil && st.Before == "" {
		b, a := st.claimed()
		st.Before, st.After = notation.Print(b), notation.Print(a)
	}
	if st.Guards == nil {
		for _, g := range st.guards {
			st.Guards = append(st.Guards, g.String())
		}
	}
}

// Branch is one case of an answer: the guards (beyond the assumptions)
// under which it holds, and its value or error, with the derivation of the
// case. Warnings (dynamic mode only) name the documented post-conditions
// CuTe's value may break in this case: conditions CuTe does not check for
// run-time integers and the assumptions and guards do not prove.
//
// A branch made by merging two (their guards differ in one condition and
// its negation, and one outcome serves both) has no steps of its own: From
// holds the two, each with its guards, outcome and steps.
type Branch[T any] struct {
	Guards   []sym.Cond
	Value    T
	Err      error
	Steps    []Step
	Warnings []string
	From     []Branch[T]
}

// Answer is the result of a symbolic operation: one branch (a plain
// answer) or several with disjoint guards that cover every binding the
// assumptions allow.
type Answer[T any] struct {
	Branches []Branch[T]
	fired    map[string]bool // every rule applied in any run (for the lints)
}

// Plain returns the value of an answer with one branch and no guard.
func (a Answer[T]) Plain() (T, bool) {
	if len(a.Branches) == 1 && len(a.Branches[0].Guards) == 0 && a.Branches[0].Err == nil {
		return a.Branches[0].Value, true
	}
	var z T
	return z, false
}

// NeedsError reports an answer that would need more than MaxBranches
// cases. Needs lists the simplest conditions the engine split on (at most
// MaxNeeds, shortest first): assuming them (or their negations) is what
// makes an answer smaller.
type NeedsError struct {
	Needs []sym.Cond
}

// MaxNeeds is the most conditions a NeedsError lists.
const MaxNeeds = 6

func (e *NeedsError) Error() string {
	parts := make([]string, len(e.Needs))
	for i, c := range e.Needs {
		parts[i] = c.String()
	}
	return fmt.Sprintf("more than %d cases; the answer depends on %s", MaxBranches, strings.Join(parts, ", "))
}

func needsError(split []sym.Cond) *NeedsError {
	var cs []sym.Cond
	for _, g := range split {
		cs = appendCond(cs, g)
	}
	sort.SliceStable(cs, func(i, j int) bool { return len(cs[i].String()) < len(cs[j].String()) })
	if len(cs) > MaxNeeds {
		cs = cs[:MaxNeeds]
	}
	return &NeedsError{Needs: cs}
}

// errPrune ends a run whose guards contradict the assumptions.
type errPrune struct{}

// refusal ends a run with an error answer.
type refusal struct{ err error }

// world is one run of an algorithm along one sequence of decisions.
type world struct {
	set     *Set
	ctx     *sym.Ctx // assumptions and guards
	guards  []sym.Cond
	path    []bool
	pos     int
	pending *[][]bool
	steps   []Step
	checked []Discharged
	static  bool                              // the symbols are read as static integers (see errStatic)
	dynamic bool                              // CuTe with the symbols as run-time integers (Request.Dynamic)
	warns   []string                          // the case's warnings (dynamic mode)
	memo    map[*sym.Ctx]map[string]sym.Truth // decisions by context and question, shared by the runs (see cached)
	// the number of steps made before the run's first split (-1 before
	// it): every run makes them, and their claims, alike
	common int
	first  *firstClaim // shared by the runs (see answer)
	// closed: the call a step of the run rewrote last (a leaf tiler's
	// tiled or flat divide or product), where it is the request op.answer
	// is not needed
	closed notation.Node
	// negLeaf: the fold under way is that of a leaf of B of negative
	// stride, computed with the stride's magnitude (comp.stride-negative),
	// where CuTe's Stride Divisibility Condition does not hold
	negLeaf bool
}

// run executes f along every sequence of undecided conditions it meets:
// each Split decision forks the run. A run that meets what CuTe refuses
// with the symbols as run-time integers (errStatic) starts them all again
// with the symbols read as static integers (an error in dynamic mode).
func run[T any](set *Set, ctx *sym.Ctx, dynamic bool, f func(w *world) T) (Answer[T], error) {
	ans, why, err := runAll(set, ctx, f, false, dynamic)
	if why != "" && dynamic {
		return Answer[T]{}, fmt.Errorf("CuTe refuses this with the symbols as run-time integers: %s", why)
	}
	if why != "" {
		ans, _, err = runAll(set, ctx, f, true, false)
	}
	return ans, err
}

// runAll runs f along every sequence of decisions: the answer, or why the
// computation must start again with the symbols static (errStatic).
func runAll[T any](set *Set, ctx *sym.Ctx, f func(w *world) T, static, dynamic bool) (_ Answer[T], restart string, _ error) {
	var out Answer[T]
	pending := [][]bool{nil}
	var split []sym.Cond
	memo := map[*sym.Ctx]map[string]sym.Truth{}
	first := &firstClaim{}
	most := 0 // the most steps a run made so far: the next run's room
	for len(pending) > 0 {
		if len(out.Branches) >= MaxBranches {
			return Answer[T]{}, "", needsError(split)
		}
		path := pending[0]
		pending = pending[1:]
		w := &world{set: set, ctx: ctx, path: path, pending: &pending, static: static, dynamic: dynamic, memo: memo,
			steps: make([]Step, 0, most), common: -1, first: first}
		b, pruned, again := runOne(w, f)
		most = max(most, len(w.steps))
		if again != "" {
			return Answer[T]{}, again, nil
		}
		if out.fired == nil {
			out.fired = map[string]bool{}
		}
		for _, s := range w.steps {
			out.fired[s.Rule] = true
		}
		split = append(split, w.guards...)
		if !pruned {
			out.Branches = append(out.Branches, b)
		}
	}
	if len(out.Branches) == 0 {
		return out, "", errors.New("rules: every case contradicts the assumptions")
	}
	return out, "", nil
}

func appendCond(cs []sym.Cond, c sym.Cond) []sym.Cond {
	for _, d := range cs {
		if d.String() == c.String() || d.Negate().String() == c.String() {
			return cs
		}
	}
	return append(cs, c)
}

func runOne[T any](w *world, f func(w *world) T) (b Branch[T], pruned bool, restart string) {
	defer func() {
		if r := recover(); r != nil {
			switch r := r.(type) {
			case errPrune:
				pruned = true
			case errStatic:
				if w.static {
					// a dynamic literal keeps CuTe's refusal even with the
					// symbols static
					b = Branch[T]{Guards: w.guards, Err: fmt.Errorf("%s (a dynamic literal such as 1 is a run-time integer in CuTe whatever the symbols: _1 is static)", r.why), Steps: w.steps}
					return
				}
				restart = r.why
			case refusal:
				b = Branch[T]{Guards: w.guards, Err: r.err, Steps: w.steps, Warnings: w.warns}
			default:
				panic(r)
			}
		}
	}()
	v := f(w)
	return Branch[T]{Guards: w.guards, Value: v, Steps: w.steps, Warnings: w.warns}, false, ""
}

// fail ends the run with an error.
func (w *world) fail(format string, args ...any) {
	panic(refusal{fmt.Errorf(format, args...)})
}

func isInconsistent(err error) bool {
	var inc *sym.InconsistentError
	return errors.As(err, &inc)
}

// assume adds a guard; a guard the assumptions contradict prunes the run.
func (w *world) assume(c sym.Cond) {
	n, err := w.ctx.WithConds(c) // sym remembers the children of a context
	if err != nil {
		var inc *sym.InconsistentError
		if errors.As(err, &inc) {
			panic(errPrune{})
		}
		// the case is the one where c holds: its guards carry c, so that
		// it does not overlap the case of !c
		w.guards = append(w.guards, c)
		w.fail("cannot assume %s: %v", c, err)
	}
	w.ctx = n
	w.guards = append(w.guards, c)
}

// cached answers a question once per set of guards: the runs of an
// algorithm ask the same questions again along their common prefix. The
// memo is indexed by the context of the assumptions and guards in force,
// which stands for the guards (contexts are immutable, and sym returns the
// same child for the same guards added to the same context; where its
// cache was emptied in between, a new child with the same assumptions is
// a miss, never a wrong answer), then by the kind of question ('c'
// whether the condition is consistent with them, 'd' its decision, 'v' a
// divisibility) and the condition's key (sym.Cond.AppendKey).
func (w *world) cached(kind byte, c sym.Cond, f func() sym.Truth) sym.Truth {
	var buf [128]byte
	k := c.AppendKey(append(buf[:0], kind))
	m := w.memo[w.ctx]
	if t, ok := m[string(k)]; ok {
		return t
	}
	t := f()
	if m == nil {
		m = map[string]sym.Truth{}
		w.memo[w.ctx] = m
	}
	m[string(k)] = t
	return t
}

// fork decides an undecided condition by splitting: the first run takes
// it as true, a later one as false.
func (w *world) fork(c sym.Cond) bool {
	// a side the assumptions and guards contradict is no case: the
	// consistency check sees contradictions the decisions do not prove
	consistent := func(c sym.Cond) func() sym.Truth {
		return func() sym.Truth {
			if _, err := w.ctx.WithConds(c); isInconsistent(err) {
				return sym.False
			}
			return sym.True
		}
	}
	if w.cached('c', c.Negate(), consistent(c.Negate())) == sym.False {
		w.checked = append(w.checked, w.discharged(c, "proved (its negation is inconsistent)"))
		return true
	}
	if w.cached('c', c, consistent(c)) == sym.False {
		w.checked = append(w.checked, w.discharged(c, "refuted (inconsistent)"))
		return false
	}
	if w.common < 0 {
		w.common = len(w.steps)
	}
	var choice bool
	if w.pos < len(w.path) {
		choice = w.path[w.pos]
	} else {
		alt := append(append([]bool(nil), w.path...), false)
		*w.pending = append(*w.pending, alt)
		w.path = append(w.path, true)
		choice = true
	}
	w.pos++
	if choice {
		w.assume(c)
		w.checked = append(w.checked, w.discharged(c, "guard"))
	} else {
		w.assume(c.Negate())
		w.checked = append(w.checked, w.discharged(c, "negated guard"))
	}
	return choice
}

// decide answers a condition under the assumptions and guards: True when
// it holds at every allowed binding, False when it fails at every one,
// Unknown otherwise (sym's False only means "fails somewhere", which is
// Unknown here unless the negation is proved).
func (w *world) decide(c sym.Cond) sym.Truth {
	return w.cached('d', c, func() sym.Truth { return w.decideNow(c) })
}

func (w *world) decideNow(c sym.Cond) sym.Truth {
	holds := c.Rel.Order()
	p := w.ctx.Possible(c.X, c.Y)
	switch {
	case p&^holds == 0:
		return sym.True
	case p&holds == 0:
		return sym.False
	}
	return sym.Unknown
}

// divides decides d | n: True at every allowed binding, False at none
// (decided for constants, or when the guard d | n contradicts the
// assumptions), Unknown otherwise.
func (w *world) divides(d, n sym.Expr) sym.Truth {
	return w.cached('v', sym.Divisible(d, n), func() sym.Truth { return w.dividesNow(d, n) })
}

func (w *world) dividesNow(d, n sym.Expr) sym.Truth {
	if w.ctx.ProvesDivides(d, n) {
		return sym.True
	}
	if _, ok := sym.IsConst(d); ok {
		if _, ok := sym.IsConst(n); ok {
			return sym.False // ProvesDivides decides constants: d does not divide n
		}
	}
	if _, err := w.ctx.WithConds(sym.Divisible(d, n)); isInconsistent(err) {
		return sym.False
	}
	return sym.Unknown
}

// decideRule answers a rule's comparison instantiated in e, and returns
// the condition as a guard.
func (w *world) decideRule(rc ruleCond, e Env) (sym.Truth, sym.Cond) {
	if !rc.div {
		c := e.cond(rc.c)
		return w.decide(c), c
	}
	n, d := e.expr(rc.n), e.expr(rc.d)
	c := sym.Divisible(d, n)
	t := w.divides(d, n)
	if rc.c.Rel == sym.NE {
		c, t = c.Negate(), -t
	}
	return t, c
}

// shown records a decided rule condition: a divisibility reads "d divides
// n" in a derivation (its remainder form may have simplified).
func (w *world) shown(rc ruleCond, e Env, c sym.Cond, by string) Discharged {
	d := w.discharged(c, by)
	if rc.div {
		d.div, d.d, d.n = true, e.expr(rc.d), e.expr(rc.n)
	}
	return d
}

// cond substitutes the environment into a rule's condition.
func (e Env) cond(c sym.Cond) sym.Cond {
	return sym.MakeCond(e.expr(c.X), c.Rel, e.expr(c.Y))
}

func (e Env) expr(x sym.Expr) sym.Expr {
	return sym.SubstituteFunc(x, func(s string) (sym.Expr, bool) {
		v, ok := e[s]
		return v.E, ok
	})
}

// static reports whether every metavariable of x is bound to a static
// integer.
func (e Env) static(x sym.Expr) bool {
	return sym.EverySymbol(x, func(s string) bool {
		v, ok := e[s]
		return ok && v.Static
	})
}

// run reports whether a metavariable of x is bound to a value in which a
// dynamic literal occurs (sym.Int's Run).
func (e Env) run(x sym.Expr) bool {
	return !sym.EverySymbol(x, func(s string) bool {
		v, ok := e[s]
		return !ok || !v.Run
	})
}

// staticZeroFactor reports whether let l is a product with a factor bound
// to the static _0: CuTe's _0 * x is _0, static whatever x is.
func (e Env) staticZeroFactor(l Let) bool {
	if strings.ContainsAny(l.Text, "+-/%(,") {
		return false
	}
	for _, s := range sym.Symbols(l.expr) {
		if v, ok := e[s]; ok && v.Static {
			if c, ok := sym.IsConst(v.E); ok && c == 0 {
				return true
			}
		}
	}
	return false
}

// apply fires rule r: its lets are computed and the step recorded.
func (w *world) apply(r *Rule, at string, e Env) Env { return w.applyLets(r, at, e, false, false) }

// applyLets fires rule r with its lets, or (runtime) with the values CuTe
// computes with run-time integers where the rule's condition is not
// proved: an unchecked rule in dynamic mode (see Rule.Unchecked), whose
// case then warns (warn).
func (w *world) applyLets(r *Rule, at string, e Env, runtime, warn bool) Env {
	if len(w.steps) >= MaxSteps {
		w.fail("rules: more than %d steps", MaxSteps)
	}
	for _, m := range r.In {
		if _, ok := e[m]; !ok {
			panic("rules: internal error: rule " + r.ID + " applied without its metavariable " + m)
		}
	}
	lets := r.Lets
	if runtime {
		lets = r.Runtime
	}
	out := make(Env, len(e)+len(lets))
	for k, v := range e {
		out[k] = v
	}
	for _, l := range lets {
		v := out.expr(l.expr)
		if runtime {
			v = w.ctx.Simplify(v) // CuTe's floor and ceil divisions, resolved where the context decides them
		}
		if err := v.Err(); err != nil {
			w.fail("%s: let %s = %s: %v", r.ID, l.Name, l.Text, err)
		}
		c, isConst := sym.IsConst(v)
		static := isConst && (out.static(l.expr) || c == 0 && out.staticZeroFactor(l))
		out[l.Name] = sym.Int{E: v, Static: static, Run: !static && out.run(l.expr)}
	}
	st := Step{Rule: r.ID, Version: r.Version, Hash: r.Hash, Doc: r.Doc, At: at, Says: r.Says, Checked: w.checked,
		Runtime: runtime, env: out, in: r.In, lets: lets, guards: w.guards}
	w.checked = nil
	w.steps = append(w.steps, st)
	if runtime {
		if warn {
			st.fill()
			w.warns = append(w.warns, fmt.Sprintf("CuTe's value may break %s (rule %s at %s, %s)", r.Unchecked, r.ID, at, BindText(st.Bind)))
		}
		return out
	}
	if r.Error != "" {
		st.fill()
		w.fail("%s (rule %s at %s, %s)", r.Error, r.ID, at, BindText(st.Bind))
	}
	return out
}

// BindText prints a step's bindings as "name=value ..." in name order.
func BindText(b map[string]string) string {
	keys := make([]string, 0, len(b))
	for k := range b {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + "=" + b[k]
	}
	return strings.Join(parts, " ")
}

// step applies the unconditional rule id.
func (w *world) step(id, at string, e Env) Env {
	r, ok := w.set.Rule(id)
	if !ok {
		panic("rules: no rule " + id)
	}
	runtime := false
	if r.If != "" {
		var fire bool
		if fire, runtime = w.check(r, e); !fire {
			w.fail("%s: condition %s fails at %s", id, r.If, at)
		}
	}
	return w.applyLets(r, at, e, runtime, runtime)
}

// mayFail reports whether condition c may fail at some binding the
// assumptions and guards allow.
func (w *world) mayFail(c sym.Cond) bool {
	_, err := w.ctx.WithConds(c.Negate())
	return !isInconsistent(err)
}

// mayFailAll reports whether the conditions of every alternative of group
// g (its rules with a condition and no error) may fail together at some
// binding the assumptions and guards allow: false when each way they can
// (failWays) contradicts them.
func (w *world) mayFailAll(g *Group, e Env) bool {
	ways, ok := w.failWays(g, e)
	if !ok {
		return true
	}
	for _, way := range ways {
		if _, err := w.ctx.WithConds(way...); !isInconsistent(err) {
			return true
		}
	}
	return false
}

// failWays lists the ways every alternative of group g (its rules with a
// condition and no error) fails at once, bound by e: a disjunction of
// conjunctions of conditions. An alternative fails where its condition
// does, or, where a group continues it (Set.Continuation), where its
// condition holds and every alternative of that group fails at the values
// it computes (comp.step.divide holds but neither comp.take.rest nor
// comp.take.all does). ok is false where a way cannot be written (the
// negation of a conjunction is no one condition): it may fail.
func (w *world) failWays(g *Group, e Env) (ways [][]sym.Cond, ok bool) {
	ways = [][]sym.Cond{nil}
	for _, r := range g.Rules {
		if r.If == "" || r.Error != "" {
			continue
		}
		if len(r.cond) != 1 {
			return nil, false
		}
		_, c := w.decideRule(r.cond[0], e)
		fails := [][]sym.Cond{{c.Negate()}}
		if cg := w.set.Continuation(r.ID); cg != nil {
			after, ok := w.failWays(cg, e.withLets(r))
			if !ok {
				return nil, false
			}
			for _, a := range after {
				fails = append(fails, append([]sym.Cond{c}, a...))
			}
		}
		var next [][]sym.Cond
		for _, way := range ways {
			for _, f := range fails {
				next = append(next, append(append([]sym.Cond(nil), way...), f...))
			}
		}
		ways = next
	}
	return ways, true
}

// withLets is e with rule r's lets computed (their values only: what a
// continuation's conditions read).
func (e Env) withLets(r *Rule) Env {
	out := make(Env, len(e)+len(r.Lets))
	for k, v := range e {
		out[k] = v
	}
	for _, l := range r.Lets {
		out[l.Name] = sym.Int{E: out.expr(l.expr)}
	}
	return out
}

// unchecked reports whether rule r, bound by e, is one CuTe does not
// check with the symbols as run-time integers, in dynamic mode: CuTe does
// check its asserts line when every integer in it is static.
func (w *world) unchecked(r *Rule, e Env) bool {
	if !w.dynamic || r.Unchecked == "" {
		return false
	}
	for _, rc := range r.asserts {
		if !e.static(rc.c.X) || !e.static(rc.c.Y) {
			continue
		}
		if h, err := e.cond(rc.c).Holds(sym.Binding{}); err != nil || !h {
			if w.negLeaf {
				// CuTe asserts the condition of a positive stride only:
				// with the negative one it computes the formula
				w.fail("composition: B's negative stride meets CuTe's formula where the stride's magnitude is refused (%s, rule %s): not supported symbolically", r.Asserts, r.ID)
			}
			return false // CuTe's static_assert fails: a compile-time refusal
		}
	}
	return true
}

// check decides a rule's condition under its policy: fire when the rule
// fires, runtime when it fires with CuTe's run-time values because its
// condition, unchecked by CuTe, is not proved (dynamic mode).
func (w *world) check(r *Rule, e Env) (fire, runtime bool) {
	for _, rc := range r.cond {
		t, ci := w.decideRule(rc, e)
		switch {
		case t == sym.True:
			w.checked = append(w.checked, w.shown(rc, e, ci, "proved"))
			continue
		case t == sym.Unknown && w.unchecked(r, e) && !w.mayFail(ci):
			w.checked = append(w.checked, w.shown(rc, e, ci, "proved (its negation is inconsistent)"))
			continue
		case w.unchecked(r, e):
			by := "not proved (CuTe does not check it with run-time integers)"
			if t == sym.False {
				by = "refuted (CuTe does not check it with run-time integers)"
			}
			w.checked = append(w.checked, w.shown(rc, e, ci, by))
			runtime = true
			continue
		case t == sym.False:
			w.checked = append(w.checked, w.shown(rc, e, ci, "refuted"))
			if r.Policy == Require {
				w.fail("%s: fails: %s (rule %s)", r.Says, ci, r.ID)
			}
			return false, false
		}
		switch r.Policy {
		case Decline:
			// recorded, so that the step that fires instead shows why
			// this rule did not
			w.checked = append(w.checked, w.shown(rc, e, ci, Undecided))
			return false, false
		case Split:
			if !w.fork(ci) {
				return false, false
			}
		case Require:
			if !w.fork(ci) {
				w.fail("%s: needs %s (rule %s)", r.Says, ci, r.ID)
			}
		case Refuse:
			w.fail("needs %s (rule %s: %s)", ci, r.ID, r.Says)
		}
	}
	return true, runtime
}

// choose fires one rule of a group (see Group).
func (w *world) choose(group, at string, e Env) (*Rule, Env) {
	g, ok := w.set.Group(group)
	if !ok {
		panic("rules: no group " + group)
	}
	if g.Any {
		for _, r := range g.Rules {
			if r.If == "" {
				continue
			}
			var proved []Discharged
			for _, rc := range r.cond {
				t, ci := w.decideRule(rc, e)
				if t != sym.True {
					proved = nil
					break
				}
				proved = append(proved, w.shown(rc, e, ci, "proved"))
			}
			if proved != nil {
				w.checked = append(w.checked, proved...)
				return r, w.apply(r, at, e)
			}
		}
		// with run-time integers CuTe computes the same formula whichever
		// alternative holds: where none is proved, its value (and a
		// warning) instead of a split
		for _, r := range g.Rules {
			if r.Error != "" && w.unchecked(r, e) {
				if !w.mayFailAll(g, e) {
					// an alternative holds at every binding, which one
					// depends on it: CuTe's formula, and nothing to warn
					return r, w.applyLets(r, at, e, true, false)
				}
				return r, w.applyLets(r, at, e, true, true)
			}
		}
	}
	for _, r := range g.Rules {
		if r.If == "" {
			return r, w.apply(r, at, e)
		}
		if fire, runtime := w.check(r, e); fire {
			return r, w.applyLets(r, at, e, runtime, runtime)
		}
	}
	w.fail("rules: no rule of group %s applies at %s", group, at)
	return nil, nil
}
