package proofs

import (
	"fmt"
	"slices"
	"sync"

	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/rules"
	"github.com/cutealg/cutealg/sym"
)

// The rules' rewrites lines (rules.Rule.Lhs, Rhs), matched here by a
// matcher of Check's own: a step of such a rule must rewrite its rule's
// left side, instantiated with the step's metavariables and lets, into its
// right side.

// pattern is a rule's rewrites line parsed, and its metavariables (with
// no values: what a free match needs to tell them from term variables).
type pattern struct {
	lhs, rhs notation.Node
	in       map[string]sym.Int
}

// patterns caches the parsed rewrites lines by rule id and hash (a rule
// set is read-only once loaded; the matcher never changes a pattern).
var patterns sync.Map

// patternOf parses a rule's rewrites line once.
func patternOf(r *rules.Rule) (*pattern, error) {
	key := r.ID + " " + r.Hash
	if p, ok := patterns.Load(key); ok {
		return p.(*pattern), nil
	}
	lhs, err := notation.Parse(r.Lhs)
	if err != nil {
		return nil, fmt.Errorf("rule %s: rewrites: %v", r.ID, err)
	}
	rhs, err := notation.Parse(r.Rhs)
	if err != nil {
		return nil, fmt.Errorf("rule %s: rewrites: %v", r.ID, err)
	}
	p := &pattern{lhs: lhs, rhs: rhs, in: map[string]sym.Int{}}
	for _, m := range r.In {
		p.in[m] = sym.Int{}
	}
	patterns.Store(key, p)
	return p, nil
}

// binding is what a term variable of a pattern stands for: one term, or
// (last in a tuple) the elements that remain.
type binding struct {
	nodes []notation.Node
	rest  bool
}

// matcher matches the patterns of one step, or (free) any instance of a
// pattern: its leaves over metavariables then match any integer.
type matcher struct {
	c      *checker
	env    map[string]sym.Int
	guards []sym.Cond
	vars   map[string]binding
	free   bool
}

// rewrites returns the id of a rule whose rewrites line has a left side of
// which the call t is an instance (for some values of its metavariables),
// or "" when there is none (or t is nil).
func (c *checker) rewrites(t notation.Node) string {
	if t == nil {
		return ""
	}
	for _, r := range c.set.Rules() {
		if r.Lhs == "" {
			continue
		}
		p, err := patternOf(r)
		if err != nil {
			continue // rewrite reports it where the rule's step is checked
		}
		m := &matcher{c: c, env: p.in, vars: map[string]binding{}, free: true}
		if m.match(p.lhs, t) == nil {
			return r.ID
		}
	}
	return ""
}

// rewrite checks a step of a rule with a rewrites line: before is the
// rule's left side and after its right side, for the step's values.
func (c *checker) rewrite(r *rules.Rule, env map[string]sym.Int, before, after notation.Node, guards []sym.Cond) error {
	p, err := patternOf(r)
	if err != nil {
		return err
	}
	lhs, rhs := p.lhs, p.rhs
	m := &matcher{c: c, env: env, guards: guards, vars: map[string]binding{}}
	if err := m.match(lhs, before); err != nil {
		return fmt.Errorf("%s is not %s for the step's values: %v", notation.Print(before), r.Lhs, err)
	}
	if err := m.match(rhs, after); err != nil {
		return fmt.Errorf("%s is not %s for the step's values: %v", notation.Print(after), r.Rhs, err)
	}
	// a rule that shadows r rewrites the calls its left side matches
	for _, o := range c.set.Rules() {
		if !slices.Contains(o.Shadows, r.ID) {
			continue
		}
		op, err := patternOf(o)
		if err != nil {
			return err
		}
		m := &matcher{c: c, env: op.in, vars: map[string]binding{}, free: true}
		if m.match(op.lhs, before) == nil {
			return fmt.Errorf("%s is %s, which rule %s rewrites (it shadows %s there)", notation.Print(before), o.Lhs, o.ID, r.ID)
		}
	}
	return nil
}

// termVar reports whether a pattern node is a term variable: a name with
// a capital first letter that is no metavariable or let of the step.
func (m *matcher) termVar(p notation.Node) (string, bool) {
	s, ok := p.(*notation.Sym)
	if !ok {
		return "", false
	}
	if _, isValue := m.env[s.Name]; isValue || s.Name[0] < 'A' || s.Name[0] > 'Z' {
		return "", false
	}
	return s.Name, true
}

// bindVar binds a term variable, or checks a bound one.
func (m *matcher) bindVar(name string, b binding) error {
	old, ok := m.vars[name]
	if !ok {
		m.vars[name] = b
		return nil
	}
	if printNodes(old.nodes) != printNodes(b.nodes) {
		return fmt.Errorf("%s stands for %s and for %s", name, printNodes(old.nodes), printNodes(b.nodes))
	}
	return nil
}

func printNodes(ns []notation.Node) string {
	s := ""
	for i, n := range ns {
		if i > 0 {
			s += ","
		}
		s += notation.Print(n)
	}
	return s
}

// match matches pattern p against term t, binding term variables.
func (m *matcher) match(p, t notation.Node) error {
	if name, ok := m.termVar(p); ok {
		if b, bound := m.vars[name]; bound && b.rest {
			// a rest used alone: one element stands for itself, more for
			// their tuple
			if len(b.nodes) == 1 {
				return m.bindVar(name, binding{nodes: []notation.Node{t}, rest: true})
			}
			tt, ok := t.(*notation.Tuple)
			if !ok {
				return fmt.Errorf("%s is not the tuple %s stands for", notation.Print(t), name)
			}
			return m.bindVar(name, binding{nodes: tt.Elems, rest: true})
		}
		return m.bindVar(name, binding{nodes: []notation.Node{t}})
	}
	switch p := p.(type) {
	case *notation.Call:
		// (normalize writes a tiler operation whose tiler is a layout as
		// the layout operation: the pattern's tiler argument tells them)
		x, ok := t.(*notation.Call)
		if !ok || x.Name != p.Name && x.Name != tilerOps[p.Name] || len(x.Args) != len(p.Args) {
			return fmt.Errorf("%s is not a call of %s", notation.Print(t), p.Name)
		}
		for i := range p.Args {
			if err := m.match(p.Args[i], x.Args[i]); err != nil {
				return err
			}
		}
		return nil
	case *notation.Layout:
		x, ok := t.(*notation.Layout)
		if !ok {
			return fmt.Errorf("%s is not a layout", notation.Print(t))
		}
		if err := m.match(p.Shape, x.Shape); err != nil {
			return err
		}
		return m.match(p.Stride, x.Stride)
	case *notation.Tuple:
		x, ok := t.(*notation.Tuple)
		if !ok || x.Angle != p.Angle {
			return fmt.Errorf("%s is not a tuple", notation.Print(t))
		}
		k := len(p.Elems)
		for j, e := range p.Elems {
			// a term variable among the elements: those between the ones
			// before and after it (the rules' lint allows one a tuple)
			name, ok := m.termVar(e)
			if !ok {
				continue
			}
			n := len(x.Elems) - (k - 1)
			if n < 0 {
				return fmt.Errorf("%s has fewer than %d elements", notation.Print(t), k-1)
			}
			for i := range k {
				switch {
				case i < j:
					if err := m.match(p.Elems[i], x.Elems[i]); err != nil {
						return err
					}
				case i > j:
					if err := m.match(p.Elems[i], x.Elems[i+n-1]); err != nil {
						return err
					}
				}
			}
			return m.bindVar(name, binding{nodes: x.Elems[j : j+n], rest: true})
		}
		if len(x.Elems) != k {
			return fmt.Errorf("%s does not have %d elements", notation.Print(t), k)
		}
		for i := range p.Elems {
			if err := m.match(p.Elems[i], x.Elems[i]); err != nil {
				return err
			}
		}
		return nil
	case *notation.Underscore:
		if _, ok := t.(*notation.Underscore); !ok {
			return fmt.Errorf("%s is not _", notation.Print(t))
		}
		return nil
	}
	return m.leaf(p, t)
}

// leaf matches an integer leaf: the pattern's expression over the step's
// values must be the term's integer, identical or decided equal under the
// assumptions and the guards in force; an integer written static in the
// pattern (_1) matches only a static one, other leaves either mark.
func (m *matcher) leaf(p, t notation.Node) error {
	pe, err := sym.FromNode(p)
	if err != nil {
		return fmt.Errorf("pattern %s: %v", notation.Print(p), err)
	}
	if pi, ok := p.(*notation.Int); ok && pi.Static {
		if got, err := sym.IntFromNode(t); err != nil || !got.Static {
			return fmt.Errorf("%s is not the static %s", notation.Print(t), notation.Print(p))
		}
	}
	if m.free {
		got, err := sym.IntFromNode(t)
		if err != nil {
			return fmt.Errorf("%s is not an integer", notation.Print(t))
		}
		if len(sym.Symbols(pe)) > 0 || sym.Equal(got.E, pe) {
			return nil
		}
		return fmt.Errorf("%s is not %s", notation.Print(t), notation.Print(p))
	}
	for _, s := range sym.Symbols(pe) {
		if _, ok := m.env[s]; !ok {
			return fmt.Errorf("pattern %s: %s is not a value of the step", notation.Print(p), s)
		}
	}
	want := sym.Substitute(pe, exprs(m.env))
	if err := want.Err(); err != nil {
		return fmt.Errorf("pattern %s: %v", notation.Print(p), err)
	}
	got, err := sym.IntFromNode(t)
	if err != nil {
		return fmt.Errorf("%s is not an integer", notation.Print(t))
	}
	if sym.Equal(got.E, want) || m.c.redecide(sym.MakeCond(got.E, sym.EQ, want), m.guards) == nil {
		return nil
	}
	return fmt.Errorf("%s is not %s = %s", notation.Print(t), notation.Print(p), want)
}
