package rules

import (
	"reflect"
	"strings"
	"testing"

	"github.com/cutealg/cutealg/internal/notation"
)

// ParseRequestLine on the edges of its grammar (request.go's doc): an
// empty line, a lone "dynamic", an "o" with no argument before it or none
// after it (then "o" is an argument like any other), and a swizzled
// layout joined into one argument.
func TestParseRequestLineEdges(t *testing.T) {
	for _, c := range []struct {
		line string
		want Request
	}{
		{"", Request{Assume: []string{}}},
		{"   | M > 0", Request{Assume: []string{}}},
		{"dynamic", Request{Assume: []string{}, Dynamic: true}},
		{"size o _4:_1", Request{Op: "size", Args: []string{"o", "_4:_1"}, Assume: []string{}}},
		{"composition A B o", Request{Op: "composition", Args: []string{"A", "B", "o"}, Assume: []string{}}},
		{"size S o _0 o _4:_1 | M > 0; ; N > 1", Request{Op: "size", Args: []string{"S o _0 o _4:_1"}, Assume: []string{"M > 0", "N > 1"}}},
	} {
		if got := ParseRequestLine(c.line); !reflect.DeepEqual(got, c.want) {
			t.Errorf("ParseRequestLine(%q) = %#v, want %#v", c.line, got, c.want)
		}
	}
}

// A flows line names its sources RULE.NAME, both parts non-empty.
func TestParseFlowSources(t *testing.T) {
	for _, c := range []struct {
		src string
		ok  bool
	}{
		{"n from r.x", true},
		{"n from r.x s.y else 3 since t", true},
		{"n from r.", false},
		{"n from .x", false},
		{"n from rx", false},
		{"n from r.x s.", false},
	} {
		f, err := parseFlow(c.src)
		if (err == nil) != c.ok {
			t.Errorf("parseFlow(%q) = %+v, %v: want ok %v", c.src, f, err, c.ok)
		}
	}
}

// A flows line's else value is an integer (an expression sym.ParseInt
// reads) or "any"; text that does not parse is refused by the lint.
func TestLintFlowsElse(t *testing.T) {
	src := &Rule{ID: "src", In: []string{"x"}}
	s := &Set{byID: map[string]*Rule{"src": src}}
	for _, c := range []struct {
		els string
		ok  bool
	}{
		{"", true}, {"any", true}, {"3", true}, {"-2", true}, {"M +", false}, {"(", false},
	} {
		r := &Rule{ID: "r", In: []string{"n"}, Flows: []Flow{{Name: "n", From: []FlowSource{{Rule: "src", Name: "x"}}, Else: c.els}}}
		if err := s.lintFlows(r); (err == nil) != c.ok {
			t.Errorf("else %q: lint %v, want ok %v", c.els, err, c.ok)
		}
	}
}

// twoRests finds a tuple with two term variables wherever it sits: in any
// argument of a call, in a layout's shape or stride, nested in a tuple;
// one term variable per tuple, or names that are values, pass.
func TestTwoRests(t *testing.T) {
	value := func(n string) bool { return strings.ToUpper(n) == n }
	for _, c := range []struct {
		pat, want string
	}{
		{"f(a, (b,c))", "(b,c)"},
		{"f((a,B), (b,c))", "(b,c)"},
		{"f(x, (A,B,c))", ""},
		{"f(x, (a,B,c))", "(a,B,c)"},
		{"f(x, (A,B):(b,c))", "(b,c)"},
		{"f(x, (a,B):(b,C))", ""},
		{"f(x, (A,(b,c)):(d,E))", "(b,c)"},
		{"f(x, (A,(B,c),(d,e)))", "(d,e)"},
		{"f(x, ((a,B),c))", ""},
	} {
		n, err := notation.Parse(c.pat)
		if err != nil {
			t.Fatalf("%s: %v", c.pat, err)
		}
		if got := twoRests(n, value); got != c.want {
			t.Errorf("twoRests(%s) = %q, want %q", c.pat, got, c.want)
		}
	}
}
