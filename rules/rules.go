package rules

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"fmt"
	"path"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/cutealg/cutealg/internal/catalog"
	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/sym"
)

//go:embed data/*.rules
var ruleFiles embed.FS

// Policy says what the engine does when a rule's side condition is
// neither proved nor refuted under the assumptions and guards in force.
type Policy uint8

const (
	// Decline: the rule does not fire (a simplification that is only
	// taken when it is proved to apply).
	Decline Policy = iota
	// Split: the answer splits into a case where the condition holds (the
	// rule fires) and a case where it does not (the next rule of the group
	// is tried).
	Split
	// Require: like Split, but the case where the condition fails is an
	// error naming the condition: the rule states an obligation of the
	// answer.
	Require
	// Refuse: the answer is an error naming the assumption needed.
	Refuse
)

var policyNames = [...]string{Decline: "decline", Split: "split", Require: "require", Refuse: "refuse"}

func (p Policy) String() string {
	if int(p) < len(policyNames) {
		return policyNames[p]
	}
	return fmt.Sprintf("Policy(%d)", p)
}

// Rule is one rule of a rule file. See the grammar at the top of every
// file under data/.
type Rule struct {
	ID      string
	Version int
	Policy  Policy
	Group   string // the group the rule belongs to ("" for none)
	File    string // the rule file
	Line    int    // the line of the rule's header
	Doc     string // the seed passage it mirrors: file and section
	In      []string
	If      string // the side condition as written ("" for none)
	cond    []ruleCond
	Lets    []Let
	Error   string // a refusing rule: the error its application gives
	Says    string // the step as the documentation writes it
	// Unchecked names the documented post-condition CuTe's value may
	// break because CuTe does not check this rule's condition (or, for an
	// error rule, the conditions of its group) when the integers are
	// run-time values; "" for a condition CuTe always checks or that is
	// not CuTe's. In dynamic mode such a rule fires with its Runtime lets
	// where its condition is not proved, and the case carries a warning.
	Unchecked string
	// Asserts is the condition CuTe asserts at compile time (a
	// static_assert) when its metavariables are all static: where it
	// fails there, CuTe refuses even in dynamic mode ("" for none).
	Asserts string
	asserts []ruleCond
	// Runtime are the values CuTe computes with run-time integers where
	// the condition is not proved (they replace the lets of the same name).
	Runtime []Let
	// Claims lists the operations whose calls the step's claim rewrites
	// ("layout" for a layout restated, "request" for the request itself);
	// empty for a rule that only computes its lets.
	Claims []string
	// Rewrites is the rule's equation as a pattern (a rewrites line), ""
	// for none: Lhs => Rhs, two terms of the notation whose integer leaves
	// are expressions over the rule's metavariables and lets (runtime
	// values where it fires with them) and whose other names are term
	// variables (a capital first letter): one stands for any term, or,
	// as an element of a tuple (at most one such per tuple), for the
	// elements between those before and after it (none or more). A term
	// variable of Rhs only stands for whatever term is there: the step's
	// spot check alone ties it to Lhs (compl.filter's filtered layout).
	// The step's before is Lhs with its metavariables and lets
	// instantiated and its term variables bound, and its after is Rhs
	// with the same values (package proofs matches it with a matcher of
	// its own).
	Lhs, Rhs string
	// Follows lists the rules one of which the step directly follows in
	// its case (a follows line; empty for none), and Same the names whose
	// values the two steps share (the line's "with" part): the
	// algorithm's order and data flow, where a step's pattern alone does
	// not show them.
	Follows, Same []string
	// Flows are the rule's flows lines: values that come from an earlier
	// step of the case that need not be the one directly before (a chain
	// of values through interleaved steps, and the step that ends it).
	Flows []Flow
	// Later lists the rules one of which a later step of its case applies
	// wherever the case has a result (a later line; empty for none): a
	// condition the algorithm asks further on because of this step, or the
	// step that ends what it starts; Before (the line's before part) lists
	// rules a step of which that later step must come before.
	Later, Before []string
	// Requires lists the rules one of which some step of its case applies
	// (a requires line; empty for none): the reading of the symbols or
	// the condition this step rests on, which the case may not drop.
	Requires []string
	// Then lists the rules one of which the step directly after it in its
	// case applies (a then line; empty for none), where the case goes on.
	Then []string
	// Shadows lists the rules whose rewrites lines this rule's is a
	// special case of (a shadows line; empty for none): where this rule's
	// left side matches a call, static marks included, they do not
	// rewrite it, so that a step of theirs at such a call is no step of
	// the algorithm (make_layout's stride _0 of a static _1 in a tiler,
	// div.int-unit, where any other integer n is n:_1, div.int).
	Shadows []string
	// Computes lists the operations the rule computes at the top of a
	// request (a computes line; empty for none): every case with a result
	// of a request of one of them has a step of the rule (the rule may
	// also serve other operations).
	Computes []string
	// Text is the rule as written in its file: its header and its lines,
	// each trimmed, joined by newlines (comments and blank lines left
	// out). A derivation step quotes TextHash(Text), so that a checker
	// refuses a step made by another text of the rule.
	Text string
	Hash string // TextHash(Text)
}

// TextHash is the hash a derivation step quotes of its rule's Text: the
// first 16 hexadecimal digits of its SHA-256.
func TextHash(text string) string {
	h := sha256.Sum256([]byte(text))
	return hex.EncodeToString(h[:8])
}

// Flow is one flows line: the step's metavariable Name has the value
// Source of the latest earlier step in its case of one of the rules
// named (From), after the latest step of the rules of Since (if any), or,
// where there is no such step, Else: an integer the value must equal,
// "any" for no constraint, or "" when such an earlier step is required.
type Flow struct {
	Name string
	From []FlowSource
	Else string
	// Since lists the rules whose steps start a new chain: the search for
	// an earlier step stops at the latest of them (a since part).
	Since []string
}

// FlowSource is one rule of a flows line and the name (a metavariable or
// let of that rule) whose value flows.
type FlowSource struct{ Rule, Name string }

// Let is one value a rule computes from its metavariables.
type Let struct {
	Name string
	Text string
	expr sym.Expr
}

// Group is an ordered list of alternative rules for one step of an
// algorithm. In a group of kind "first" the first rule whose condition
// holds fires (order matters: a later rule may assume that earlier ones
// did not apply). In a group of kind "any" every rule computes a correct
// result wherever its condition holds, so the engine fires any rule whose
// condition is proved before it splits on an undecided one.
type Group struct {
	Name  string
	Any   bool
	Rules []*Rule
	File  string
	Line  int
}

// Set is a loaded, linted set of rules.
type Set struct {
	byID   map[string]*Rule
	groups map[string]*Group
	order  []*Rule
	cont   map[string]*Group // Continuation
}

// Rule returns the rule with the given id.
func (s *Set) Rule(id string) (*Rule, bool) { r, ok := s.byID[id]; return r, ok }

// Group returns the group with the given name.
func (s *Set) Group(name string) (*Group, bool) { g, ok := s.groups[name]; return g, ok }

// Rules returns every rule, in file order.
func (s *Set) Rules() []*Rule { return append([]*Rule(nil), s.order...) }

// Continuation returns the group that continues the rule id (nil for
// none): a group of other rules each of which follows id alone (its
// follows line names only id), as comp.take continues comp.step.divide.
// An alternative of an any group holds, with the values it computes,
// only where an alternative of its continuation holds too: CuTe's one
// formula for the group (its error rule's runtime lets) is right where
// the whole chain is. Parse refuses a chain of continuations that comes
// back to a group it passed.
func (s *Set) Continuation(id string) *Group { return s.cont[id] }

// ParseError is an error of a rule file, with its position.
type ParseError struct {
	File string
	Line int
	Msg  string
}

func (e *ParseError) Error() string { return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg) }

// Load parses and lints the embedded rule files.
func Load() (*Set, error) {
	names, err := ruleFiles.ReadDir("data")
	if err != nil {
		return nil, err
	}
	srcs := map[string]string{}
	for _, n := range names {
		b, err := ruleFiles.ReadFile(path.Join("data", n.Name()))
		if err != nil {
			return nil, err
		}
		srcs[n.Name()] = string(b)
	}
	return Parse(srcs)
}

// Parse parses rule files (name -> text) and lints them: duplicate ids,
// unknown policies, unbound metavariables, rules after an unconditional
// rule of a "first" group (they can never fire), and rule references that
// do not parse.
func Parse(files map[string]string) (*Set, error) {
	s := &Set{byID: map[string]*Rule{}, groups: map[string]*Group{}, cont: map[string]*Group{}}
	var names []string
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, name := range names {
		if err := s.parseFile(name, files[name]); err != nil {
			return nil, err
		}
	}
	if err := s.lint(); err != nil {
		return nil, err
	}
	for _, r := range s.order {
		r.Hash = TextHash(r.Text)
	}
	return s, nil
}

func (s *Set) parseFile(name, src string) error {
	var cur *Rule
	var group *Group
	for i, raw := range strings.Split(src, "\n") {
		ln := i + 1
		perr := func(format string, args ...any) error {
			return &ParseError{File: name, Line: ln, Msg: fmt.Sprintf(format, args...)}
		}
		line := strings.TrimSpace(raw)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, rest, _ := strings.Cut(line, " ")
		rest = strings.TrimSpace(rest)
		switch key {
		case "group":
			f := strings.Fields(rest)
			if len(f) != 2 || (f[1] != "any" && f[1] != "first") {
				return perr("want: group NAME any|first")
			}
			if _, dup := s.groups[f[0]]; dup {
				return perr("duplicate group %s", f[0])
			}
			group = &Group{Name: f[0], Any: f[1] == "any", File: name, Line: ln}
			s.groups[f[0]] = group
			cur = nil
		case "end":
			group, cur = nil, nil
		case "rule":
			f := strings.Fields(rest)
			if len(f) < 2 || len(f) > 3 || !strings.HasPrefix(f[1], "v") {
				return perr("want: rule ID vN [POLICY]")
			}
			v, err := strconv.Atoi(f[1][1:])
			if err != nil || v < 1 {
				return perr("bad version %q", f[1])
			}
			r := &Rule{ID: f[0], Version: v, File: name, Line: ln, Text: line}
			if len(f) == 3 {
				p := -1
				for k, pn := range policyNames {
					if pn == f[2] {
						p = k
					}
				}
				if p < 0 {
					return perr("unknown policy %q (want decline, split, require or refuse)", f[2])
				}
				r.Policy = Policy(p)
			}
			if _, dup := s.byID[r.ID]; dup {
				return perr("duplicate rule id %s", r.ID)
			}
			s.byID[r.ID] = r
			s.order = append(s.order, r)
			if group != nil {
				r.Group = group.Name
				group.Rules = append(group.Rules, r)
			}
			cur = r
		case "doc", "in", "if", "let", "runtime", "error", "says", "unchecked", "asserts", "claims", "rewrites", "follows", "flows", "later", "requires", "computes", "then", "shadows":
			if cur == nil {
				return perr("%s outside a rule", key)
			}
			cur.Text += "\n" + line
			switch key {
			case "doc":
				cur.Doc = rest
			case "in":
				cur.In = strings.Fields(rest)
			case "if":
				if cur.If != "" {
					return perr("a rule has at most one condition")
				}
				cs, err := parseRuleConds(rest)
				if err != nil {
					return perr("condition %q: %v", rest, err)
				}
				cur.If, cur.cond = rest, cs
			case "let", "runtime":
				n, e, ok := strings.Cut(rest, "=")
				n = strings.TrimSpace(n)
				if !ok || !sym.ValidSymbol(n) {
					return perr("want: %s NAME = EXPR", key)
				}
				x, err := sym.Parse(strings.TrimSpace(e))
				if err != nil {
					return perr("%s %s: %v", key, n, err)
				}
				l := Let{Name: n, Text: strings.TrimSpace(e), expr: x}
				if key == "let" {
					cur.Lets = append(cur.Lets, l)
				} else {
					cur.Runtime = append(cur.Runtime, l)
				}
			case "unchecked":
				cur.Unchecked = rest
			case "asserts":
				cs, err := parseRuleConds(rest)
				if err != nil || len(cs) != 1 {
					return perr("asserts %q: want one comparison (%v)", rest, err)
				}
				cur.Asserts, cur.asserts = rest, cs
			case "error":
				cur.Error = rest
			case "says":
				cur.Says = rest
			case "claims":
				cur.Claims = strings.Fields(rest)
			case "then":
				cur.Then = strings.Fields(rest)
			case "shadows":
				cur.Shadows = strings.Fields(rest)
			case "computes":
				cur.Computes = strings.Fields(rest)
			case "requires":
				cur.Requires = strings.Fields(rest)
			case "later":
				ids, before, _ := strings.Cut(rest, " before ")
				cur.Later, cur.Before = strings.Fields(ids), strings.Fields(before)
			case "follows":
				ids, with, _ := strings.Cut(rest, " with ")
				cur.Follows, cur.Same = strings.Fields(ids), strings.Fields(with)
			case "flows":
				f, err := parseFlow(rest)
				if err != nil {
					return perr("%v", err)
				}
				cur.Flows = append(cur.Flows, f)
			case "rewrites":
				l, r, ok := strings.Cut(rest, "=>")
				if !ok || cur.Lhs != "" {
					return perr("want one line: rewrites LHS => RHS")
				}
				cur.Lhs, cur.Rhs = strings.TrimSpace(l), strings.TrimSpace(r)
			}
		default:
			return perr("unknown line %q", key)
		}
	}
	return nil
}

func (s *Set) lint() error {
	for _, r := range s.order {
		at := func(format string, args ...any) error {
			return &ParseError{File: r.File, Line: r.Line, Msg: r.ID + ": " + fmt.Sprintf(format, args...)}
		}
		if r.Doc == "" {
			return at("no doc line (the seed passage the rule mirrors)")
		}
		if r.Says == "" {
			return at("no says line")
		}
		bound := map[string]bool{}
		for _, m := range r.In {
			if !sym.ValidSymbol(m) {
				return at("metavariable %q is not a valid name", m)
			}
			bound[m] = true
		}
		use := func(what string, names []string) error {
			for _, n := range names {
				if !bound[n] {
					return at("%s uses %s, which is not bound", what, n)
				}
			}
			return nil
		}
		for _, c := range r.cond {
			if err := use("the condition", append(sym.Symbols(c.c.X), sym.Symbols(c.c.Y)...)); err != nil {
				return err
			}
		}
		for _, l := range r.Lets {
			if err := use("let "+l.Name, sym.Symbols(l.expr)); err != nil {
				return err
			}
			bound[l.Name] = true
		}
		runBound := map[string]bool{}
		for _, m := range r.In {
			runBound[m] = true
		}
		for _, l := range r.Runtime {
			for _, n := range sym.Symbols(l.expr) {
				if !runBound[n] {
					return at("runtime %s uses %s, which is not bound", l.Name, n)
				}
			}
			runBound[l.Name] = true
		}
		if (len(r.Runtime) > 0 || r.Asserts != "") && r.Unchecked == "" {
			return at("runtime or asserts lines without an unchecked line")
		}
		for _, c := range r.asserts {
			for _, m := range append(sym.Symbols(c.c.X), sym.Symbols(c.c.Y)...) {
				if !runBound[m] {
					return at("asserts uses %s, which is not a metavariable", m)
				}
			}
		}
		if r.Unchecked != "" && r.Error == "" && (r.If == "" || r.Policy != Require) {
			return at("unchecked on a rule that is neither an error nor a required condition")
		}
		if r.Unchecked != "" && r.Error == "" {
			for _, l := range r.Lets {
				if !runBound[l.Name] {
					return at("let %s has no runtime value (needed where its condition is not proved)", l.Name)
				}
			}
		}
		if err := lintRewrites(r, bound, runBound); err != nil {
			return at("%v", err)
		}
		if len(r.cond) > 1 && r.Policy != Decline {
			return at("a condition with && can only decline (its negation is a disjunction)")
		}
	}
	for _, r := range s.order {
		for _, op := range r.Computes {
			if _, ok := catalog.Lookup(op); !ok {
				return &ParseError{File: r.File, Line: r.Line, Msg: r.ID + ": computes the unknown operation " + op}
			}
		}
		for _, f := range append(append(append(slices.Clip(r.Then), r.Later...), r.Before...), r.Requires...) {
			if _, ok := s.byID[f]; !ok {
				return &ParseError{File: r.File, Line: r.Line, Msg: r.ID + ": then, later or requires the unknown rule " + f}
			}
		}
		for _, f := range r.Shadows {
			if err := lintShadows(r, s.byID[f], f); err != nil {
				return &ParseError{File: r.File, Line: r.Line, Msg: r.ID + ": " + err.Error()}
			}
		}
		for _, f := range r.Follows {
			o, ok := s.byID[f]
			if !ok {
				return &ParseError{File: r.File, Line: r.Line, Msg: r.ID + ": follows the unknown rule " + f}
			}
			for _, n := range r.Same {
				if !slices.Contains(r.In, n) || !slices.Contains(o.In, n) && !slices.ContainsFunc(o.Lets, func(l Let) bool { return l.Name == n }) {
					return &ParseError{File: r.File, Line: r.Line, Msg: r.ID + ": follows " + f + " with " + n + ", which is not a metavariable of both"}
				}
			}
		}
	}
	for _, r := range s.order {
		if err := s.lintFlows(r); err != nil {
			return &ParseError{File: r.File, Line: r.Line, Msg: r.ID + ": " + err.Error()}
		}
	}
	if err := s.lintContinuations(); err != nil {
		return err
	}
	for _, g := range s.groups {
		if len(g.Rules) == 0 {
			return &ParseError{File: g.File, Line: g.Line, Msg: "group " + g.Name + " has no rules"}
		}
		if g.Any {
			continue
		}
		for i, r := range g.Rules[:len(g.Rules)-1] {
			if r.If == "" {
				nx := g.Rules[i+1]
				return &ParseError{File: nx.File, Line: nx.Line, Msg: fmt.Sprintf("%s can never fire: %s before it in group %s is unconditional", nx.ID, r.ID, g.Name)}
			}
		}
	}
	return nil
}

// lintContinuations finds each group that continues a rule (see
// Continuation) and refuses a chain of them that comes back to a group.
func (s *Set) lintContinuations() error {
	for _, r := range s.order {
		g := s.groups[r.Group]
		if g == nil || len(r.Follows) != 1 || s.byID[r.Follows[0]] == nil || s.byID[r.Follows[0]].Group == g.Name {
			continue
		}
		if !slices.ContainsFunc(g.Rules, func(o *Rule) bool { return len(o.Follows) != 1 || o.Follows[0] != r.Follows[0] }) {
			s.cont[r.Follows[0]] = g
		}
	}
	// every continuation of every rule of a group on the path is
	// followed (the engine's and the checker's recursions do the same),
	// in file order: the same error every time
	onPath := map[*Group]bool{}
	var from func(g *Group) error
	from = func(g *Group) error {
		if onPath[g] {
			return &ParseError{File: g.File, Line: g.Line, Msg: "group " + g.Name + " continues a rule of a group it continues (a chain of continuations comes back)"}
		}
		onPath[g] = true
		defer delete(onPath, g)
		for _, o := range g.Rules {
			if next := s.cont[o.ID]; next != nil {
				if err := from(next); err != nil {
					return err
				}
			}
		}
		return nil
	}
	for _, r := range s.order {
		if g := s.cont[r.ID]; g != nil {
			if err := from(g); err != nil {
				return err
			}
		}
	}
	return nil
}

// ruleCond is one comparison of a rule's condition. A divisibility
// written n % d == 0 (or != 0) keeps its operands, so that the engine asks
// Divides(d, n) rather than compare a remainder with 0.
type ruleCond struct {
	c    sym.Cond
	div  bool
	n, d sym.Expr
}

func parseRuleConds(src string) ([]ruleCond, error) {
	n, err := notation.ParseCond(src)
	if err != nil {
		return nil, err
	}
	nodes := notation.Conjuncts(n)
	var out []ruleCond
	for _, n := range nodes {
		cs, err := sym.CondsFromNode(n)
		if err != nil {
			return nil, err
		}
		if len(cs) != 1 {
			return nil, fmt.Errorf("%s is not one comparison", notation.Print(n))
		}
		rc := ruleCond{c: cs[0]}
		if cmp, ok := n.(*notation.Compare); ok && (cmp.Op == "==" || cmp.Op == "!=") {
			if b, ok := cmp.X.(*notation.Binary); ok && b.Op == '%' {
				if z, ok := cmp.Y.(*notation.Int); ok && z.Value == 0 {
					num, err1 := sym.FromNode(b.X)
					den, err2 := sym.FromNode(b.Y)
					if err1 == nil && err2 == nil {
						rc.div, rc.n, rc.d = true, num, den
					}
				}
			}
		}
		out = append(out, rc)
	}
	return out, nil
}

var std *Set

func init() {
	s, err := Load()
	if err != nil {
		panic("rules: " + err.Error())
	}
	std = s
}

// Standard returns the embedded rule set the engine uses.
func Standard() *Set { return std }

// lintRewrites checks a rule's rewrites line: both sides parse, the left
// side is a call of an operation the rule claims about, every name is a
// metavariable or let (or runtime value) of the rule or a term variable
// (a capital first letter), and no tuple has two term variables among its
// elements (each would stand for the elements that remain).
func lintRewrites(r *Rule, bound, runBound map[string]bool) error {
	if r.Lhs == "" {
		return nil
	}
	lhs, err := notation.Parse(r.Lhs)
	if err != nil {
		return fmt.Errorf("rewrites: left side: %v", err)
	}
	rhs, err := notation.Parse(r.Rhs)
	if err != nil {
		return fmt.Errorf("rewrites: right side: %v", err)
	}
	c, ok := lhs.(*notation.Call)
	if !ok || !slices.Contains(r.Claims, c.Name) {
		return fmt.Errorf("rewrites: the left side is not a call of an operation the rule claims about")
	}
	for _, n := range []notation.Node{lhs, rhs} {
		for _, name := range notation.Symbols(n) {
			if !bound[name] && !runBound[name] && (name[0] < 'A' || name[0] > 'Z') {
				return fmt.Errorf("rewrites: %s is neither a metavariable, a let nor a term variable", name)
			}
		}
		if t := twoRests(n, func(name string) bool { return bound[name] || runBound[name] }); t != "" {
			return fmt.Errorf("rewrites: the tuple %s has two term variables", t)
		}
	}
	return nil
}

// lintShadows checks a shadows line of rule r naming rule o (id f): both
// have rewrites lines about calls of one operation, and r's left side is
// no metavariable's: its integers are literals, so that where it matches
// is decided by the call alone.
func lintShadows(r, o *Rule, f string) error {
	if o == nil {
		return fmt.Errorf("shadows the unknown rule %s", f)
	}
	if r.Lhs == "" || o.Lhs == "" {
		return fmt.Errorf("shadows %s, but the two do not both have a rewrites line", f)
	}
	if len(r.In) > 0 || len(r.Lets) > 0 || r.If != "" {
		return fmt.Errorf("shadows %s but has metavariables, lets or a condition (its left side must be decided by the call alone)", f)
	}
	rl, _ := notation.Parse(r.Lhs)
	ol, _ := notation.Parse(o.Lhs)
	rc, rok := rl.(*notation.Call)
	oc, ook := ol.(*notation.Call)
	if !rok || !ook || rc.Name != oc.Name || len(rc.Args) != len(oc.Args) {
		return fmt.Errorf("shadows %s, whose left side is no call of the same operation", f)
	}
	return nil
}

// parseFlow reads a flows line: "N from RULE.M ... [else V] [since
// RULE ...]".
func parseFlow(rest string) (Flow, error) {
	name, src, ok := strings.Cut(rest, " from ")
	if !ok {
		return Flow{}, fmt.Errorf("want: flows N from RULE.M ... [else V] [since RULE ...]")
	}
	src, since, _ := strings.Cut(src, " since ")
	src, els, _ := strings.Cut(src, " else ")
	f := Flow{Name: strings.TrimSpace(name), Else: strings.TrimSpace(els), Since: strings.Fields(since)}
	for _, x := range strings.Fields(src) {
		k := strings.LastIndex(x, ".")
		if k <= 0 || k == len(x)-1 {
			return Flow{}, fmt.Errorf("flows: %q is not RULE.NAME", x)
		}
		f.From = append(f.From, FlowSource{Rule: x[:k], Name: x[k+1:]})
	}
	if f.Name == "" || len(f.From) == 0 {
		return Flow{}, fmt.Errorf("want: flows N from RULE.M ... [else V] [since RULE ...]")
	}
	return f, nil
}

// lintFlows checks a rule's flows lines: the name is a metavariable of
// the rule, each source a rule that binds the name given, and the else
// value an integer or "any".
func (s *Set) lintFlows(r *Rule) error {
	binds := func(o *Rule, n string) bool {
		return slices.Contains(o.In, n) || slices.ContainsFunc(o.Lets, func(l Let) bool { return l.Name == n })
	}
	for _, f := range r.Flows {
		if !slices.Contains(r.In, f.Name) {
			return fmt.Errorf("flows %s, which is not a metavariable of the rule", f.Name)
		}
		for _, src := range f.From {
			o, ok := s.byID[src.Rule]
			if !ok {
				return fmt.Errorf("flows %s from the unknown rule %s", f.Name, src.Rule)
			}
			if !binds(o, src.Name) {
				return fmt.Errorf("flows %s from %s.%s, which rule %s does not bind", f.Name, src.Rule, src.Name, src.Rule)
			}
		}
		for _, id := range f.Since {
			if _, ok := s.byID[id]; !ok {
				return fmt.Errorf("flows %s since the unknown rule %s", f.Name, id)
			}
		}
		if f.Else != "" && f.Else != "any" {
			if _, err := sym.ParseInt(f.Else); err != nil {
				return fmt.Errorf("flows %s: else %q is neither an integer nor any", f.Name, f.Else)
			}
		}
	}
	return nil
}

// twoRests returns the first tuple of a pattern with two term variables
// among its elements (names that value does not report), or "".
func twoRests(n notation.Node, value func(string) bool) string {
	switch n := n.(type) {
	case *notation.Call:
		for _, a := range n.Args {
			if t := twoRests(a, value); t != "" {
				return t
			}
		}
	case *notation.Layout:
		if t := twoRests(n.Shape, value); t != "" {
			return t
		}
		return twoRests(n.Stride, value)
	case *notation.Tuple:
		vars := 0
		for _, e := range n.Elems {
			if s, ok := e.(*notation.Sym); ok && !value(s.Name) {
				vars++
			}
			if t := twoRests(e, value); t != "" {
				return t
			}
		}
		if vars > 1 {
			return notation.Print(n)
		}
	}
	return ""
}
