package proofs

import (
	"strings"
	"testing"

	"github.com/cutealg/cutealg/concrete"
	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/rules"
	"github.com/cutealg/cutealg/sym"
)

// A term variable among a tuple's elements takes the elements between
// the pattern's ones before and after it; an element after it that does
// not match fails the match.
func TestMatchRest(t *testing.T) {
	for _, c := range []struct {
		pat, term string
		ok        bool
		rest      string // what R stands for
	}{
		{"(_1,R,_2)", "(_1,_5,_6,_2)", true, "_5,_6"},
		{"(_1,R,_2)", "(_1,_2)", true, ""},
		{"(_1,R,_2)", "(_1,_5,_3)", false, ""},
		{"(_1,R,_2,_4)", "(_1,_5,_2,_3)", false, ""},
		{"(R,_2)", "(_7,_3)", false, ""},
		{"(R,_2)", "(_7,_2)", true, "_7"},
	} {
		p, err := notation.Parse(c.pat)
		if err != nil {
			t.Fatal(err)
		}
		x, err := notation.Parse(c.term)
		if err != nil {
			t.Fatal(err)
		}
		m := &matcher{vars: map[string]binding{}, free: true}
		err = m.match(p, x)
		if (err == nil) != c.ok {
			t.Errorf("match(%s, %s): %v, want a match %v", c.pat, c.term, err, c.ok)
			continue
		}
		if err == nil {
			if got := printNodes(m.vars["R"].nodes); got != c.rest {
				t.Errorf("match(%s, %s): R = %s, want %s", c.pat, c.term, got, c.rest)
			}
		}
	}
}

// A term variable bound twice must stand for the same elements: a,b and
// ab differ, and the message lists each binding's elements.
func TestBindVarTwice(t *testing.T) {
	sym := func(names ...string) []notation.Node {
		var out []notation.Node
		for _, n := range names {
			out = append(out, &notation.Sym{Name: n})
		}
		return out
	}
	m := &matcher{vars: map[string]binding{}}
	if err := m.bindVar("R", binding{nodes: sym("a", "b"), rest: true}); err != nil {
		t.Fatal(err)
	}
	if err := m.bindVar("R", binding{nodes: sym("a", "b"), rest: true}); err != nil {
		t.Errorf("the same elements again: %v", err)
	}
	err := m.bindVar("R", binding{nodes: sym("ab"), rest: true})
	if err == nil || err.Error() != "R stands for a,b and for ab" {
		t.Errorf("a,b then ab: %v", err)
	}
}

// failingRule and failureOf read "(rule ID)" wherever it sits in the
// error, at its very start included (and a refusal's "(rule ID: SAYS)").
func TestFailingRuleAtStart(t *testing.T) {
	for _, c := range []struct{ e, id string }{
		{"(rule compl.zero)", "compl.zero"},
		{"x (rule compl.zero)", "compl.zero"},
		{"x (rule compl.zero at A)", ""},
		{"x", ""},
		{"needs M%1024==0 (rule swz.apply: Sw(x) = t + Sw(c) = t + y)", "swz.apply"},
		{"x (rule swz.apply at x, k=_1024: y)", ""},
	} {
		if got := failingRule(c.e); got != c.id {
			t.Errorf("failingRule(%q) = %q, want %q", c.e, got, c.id)
		}
	}
	c := testChecker(t, nil, "complement", "_4:_1", "_8")
	// compl.zero follows compl.filter: a case that stops at its failing
	// condition with no step before it is refused
	if _, err := c.failureOf(rules.Case{Error: "(rule compl.zero)"}, nil); err == nil {
		t.Errorf("an error of compl.zero's condition with no step: accepted")
	}
}

// nextCarryRun needs a comp.coalesce-lhs step among the steps before it.
func TestNextCarryRunWithoutCoalesce(t *testing.T) {
	c := testChecker(t, nil, "composition", "(M,N):(_1,M)", "_2:_1")
	_, err := c.nextCarryRun([]rules.Step{{Rule: "comp.leaf"}})
	if err == nil || !strings.Contains(err.Error(), "no step of comp.coalesce-lhs") {
		t.Errorf("nextCarryRun without comp.coalesce-lhs: %v", err)
	}
}

// sameFunction compares a swizzled layout with a layout, either way round,
// through the swizzle (the inner layouts being one function does not make
// them one); and two swizzled layouts of exactly maxIndices indices at
// every index: here they differ only at indices that are not multiples of
// 8 and not the last.
func TestSameFunctionSwizzled(t *testing.T) {
	value := func(op string, args ...string) concrete.Value {
		v, err := concrete.ApplyText(op, args)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	l := value("coalesce", "_16:_1")
	sw := value("composition_swizzle", "Sw<1,0,1>", "_16:_1")
	if err := sameFunction(l, sw, false); err == nil {
		t.Errorf("%s and %s: one function", l, sw)
	}
	if err := sameFunction(sw, l, false); err == nil {
		t.Errorf("%s and %s: one function", sw, l)
	}
	x := value("composition_swizzle", "Sw<1,4,1>", "((_2,_2,_2),_512):((_1,_2,_4),_8)")
	y := value("composition_swizzle", "Sw<1,4,1>", "((_2,_2,_2),_512):((_2,_1,_4),_8)")
	if err := sameFunction(x, y, false); err == nil {
		t.Errorf("%s and %s: one function", x, y)
	}
	if err := sameFunction(x, x, true); err != nil {
		t.Errorf("%s and itself: %v", x, err)
	}
}

// A request with fewer arguments than its operation takes (a slice with
// no layout) is refused before any walk reads it.
func TestWalkRequestNoLayout(t *testing.T) {
	_, err := newChecker(rules.Derivation{Op: "slice", Args: []string{"(_,2)"}})
	if err == nil || !strings.Contains(err.Error(), "slice takes slice(coordinate, layout), not 1 arguments") {
		t.Errorf("slice((_,2)): %v", err)
	}
}

// A walk's step binds each value the walk has, each decided equal under
// the assumptions (M == 4: M is 4) and no other.
func TestWalkExpects(t *testing.T) {
	c := testChecker(t, []string{"M == 4"}, "coalesce", "(M,N):(_1,M)")
	w := &sliceWalk{c: c}
	st := rules.Step{Rule: "coal.done", At: "A", Bind: map[string]string{"s": "M", "d": "N"}}
	m, err := sym.Symbol("M")
	if err != nil {
		t.Fatal(err)
	}
	n, err := sym.Symbol("N")
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range []struct {
		s, d sym.Expr
		ok   bool
	}{
		{m, n, true},
		{sym.Const(4), n, true},
		{m, sym.Add(n, sym.Const(1)), false},
		{sym.Const(5), n, false},
		{m, sym.Const(4), false},
	} {
		if err := w.expects(st, "s", x.s, "d", x.d); (err == nil) != x.ok {
			t.Errorf("s=%s d=%s: %v, want ok %v", x.s, x.d, err, x.ok)
		}
	}
}
