package rules

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/cutealg/cutealg/concrete"
	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/sym"
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

// againstConcrete computes a request without symbols in both engines (the
// concrete one with opts) and reports where they disagree: one refuses
// and the other does not, or the values print differently. ok is whether
// the concrete engine answered with a value.
func againstConcrete(op string, args []string, opts ...concrete.Option) (mismatch string, ok bool) {
	want, cerr := concrete.ApplyText(op, args, opts...)
	ans, err := Compute(Request{Op: op, Args: args})
	var got string
	if err == nil {
		v, plain := ans.Plain()
		switch {
		case !plain && len(ans.Branches) == 1 && ans.Branches[0].Err != nil:
			err = ans.Branches[0].Err
		case !plain:
			return fmt.Sprintf("%s%v: not plain: %d cases", op, args, len(ans.Branches)), cerr == nil
		default:
			got = v.String()
		}
	}
	switch {
	case (cerr == nil) != (err == nil):
		return fmt.Sprintf("%s%v: concrete %v (err %v), symbolic %q (err %v)", op, args, want, cerr, got, err), cerr == nil
	case cerr == nil && strings.ReplaceAll(got, " ", "") != strings.ReplaceAll(want.String(), " ", ""):
		return fmt.Sprintf("%s%v: concrete %s, symbolic %s", op, args, want, got), true
	}
	return "", cerr == nil
}

// Static requests on the paths of the symbolic algorithms that decide
// staticness and mode counts (coalesce to nothing, a static coordinate
// over a dynamic stride, one past the end of a nested last mode (CuTe's
// last mode takes the overflow), tuple coordinates, complement_default's
// cotarget, replace of a rank-1 layout, swizzle's constant term of either
// sign, nullspace with and without a kernel) answer CuTe's value exactly.
func TestStaticPathsAgainstConcrete(t *testing.T) {
	for _, line := range []string{
		"coalesce (_1,_1):(_2,_3)",
		"coalesce (_2,_1,_3):(_1,_5,_2)",
		"complement_default (_2,_2):(_1,_6)",
		"complement_default (_2,3):(_1,_6)",
		"crd2idx _5 (_2,_4):(_1,3)",
		"crd2idx 5 (_2,_3):(_1,_2)",
		"crd2idx _4 (_1,(_2,_2)):(_0,(_1,3))",
		"crd2idx (_1,_2) (_2,_4):(_1,_2)",
		"crd2idx (_1,2) (_2,_4):(_1,_2)",
		"crd2idx (_1,(_1,_2)) (_2,(_3,_4)):(_1,(_2,_6))",
		"replace _4:_1 0 _3:_2",
		"replace (_4,_2):(_1,_4) 1 _3:_2",
		"swizzle Sw<1,0,1> 5",
		"swizzle Sw<2,1,2> 13",
		"swizzle Sw<2,1,2> -3",
		"nullspace (_4,_2):(_1,_0)",
		"nullspace (_4,_2):(_1,_4)",
	} {
		r := ParseRequestLine(line)
		if msg, ok := againstConcrete(r.Op, r.Args); msg != "" || !ok {
			t.Errorf("%s: %s (concrete answered: %v)", line, msg, ok)
		}
	}
}

// The rule a step cites follows the case: nullspace cites null.none
// exactly when no mode has a static stride 0 (the result is _1:_0), and
// composition_swizzle cites swz.identity exactly for a swizzle of no bits.
func TestRuleOfTheCase(t *testing.T) {
	for _, c := range []struct {
		line, rule string
		fires      bool
	}{
		{"nullspace (_4,_2):(_1,_4)", "null.none", true},
		{"nullspace (_4,_2):(_1,_0)", "null.none", false},
		{"nullspace (_4,_2):(_1,_0)", "null.keep", true},
		{"composition_swizzle Sw<0,4,3> (_8,_8):(_1,_8)", "swz.identity", true},
		{"composition_swizzle Sw<0,4,3> (_8,_8):(_1,_8)", "swz.compose", false},
		{"composition_swizzle Sw<2,4,3> (_8,_8):(_1,_8)", "swz.identity", false},
		{"composition_swizzle Sw<2,4,3> (_8,_8):(_1,_8)", "swz.compose", true},
	} {
		a, err := Compute(ParseRequestLine(c.line))
		if err != nil {
			t.Fatalf("%s: %v", c.line, err)
		}
		if a.fired[c.rule] != c.fires {
			t.Errorf("%s: rule %s fired %v, want %v", c.line, c.rule, a.fired[c.rule], c.fires)
		}
	}
}

// Refusals name their cause: a template parameter within +-2^20 is read
// and then checked as an index, one beyond is not a small integer; a
// dynamic stride 0 is no negative stride for complement; B's modes that
// carry into each other in a run of A before A's last mode (here a last
// mode of size 1) are refused by comp.no-carry, though CuTe computes a
// value.
func TestRefusalCauses(t *testing.T) {
	for _, c := range []struct {
		line, want, not string
	}{
		{"select (_2,_3):(_1,_2) 1048576", "Index out of range", "small integer"},
		{"select (_2,_3):(_1,_2) -1048576", "Index out of range", "small integer"},
		{"select (_2,_3):(_1,_2) 1048577", "not a small integer", "Index"},
		{"select (_2,_3):(_1,_2) -1048577", "not a small integer", "Index"},
		{"complement _4:0 _8", "complement", "negative"},
		{"composition (_4,_1):(_1,_8) (_2,_2):(_3,_1)", "rule comp.no-carry", "rule comp.stride"},
	} {
		a, err := Compute(ParseRequestLine(c.line))
		if err == nil {
			if len(a.Branches) != 1 || a.Branches[0].Err == nil {
				t.Errorf("%s: want an error, got %s", c.line, render(a, nil))
				continue
			}
			err = a.Branches[0].Err
		}
		if msg := err.Error(); !strings.Contains(msg, c.want) || strings.Contains(msg, c.not) {
			t.Errorf("%s: error %q: want %q, not %q", c.line, msg, c.want, c.not)
		}
	}
}

// splitAt finds the one position where two guard lists hold a condition
// and its negation, equal elsewhere; two such positions, or none, or
// lists of different lengths, are no split.
func TestSplitAt(t *testing.T) {
	conds := func(src string) []sym.Cond {
		cs, err := sym.ParseConds(src)
		if err != nil {
			t.Fatal(err)
		}
		return cs
	}
	for _, c := range []struct {
		a, b string
		k    int
		ok   bool
	}{
		{"M > 4 && N > 2", "M <= 4 && N > 2", 0, true},
		{"M > 4 && N > 2", "M > 4 && N <= 2", 1, true},
		{"M > 4 && N > 2", "M <= 4 && N <= 2", 0, false},
		{"M > 4 && N > 2", "M > 4 && N > 2", 0, false},
		{"M > 4", "M <= 4 && N > 2", 0, false},
		{"M > 4 && N > 2", "M <= 4 && N > 3", 0, false},
	} {
		k, ok := splitAt(conds(c.a), conds(c.b))
		if ok != c.ok || ok && k != c.k {
			t.Errorf("splitAt(%s | %s) = %d, %v; want %d, %v", c.a, c.b, k, ok, c.k, c.ok)
		}
	}
}

// normal drops size-1 leaves and merges a leaf into the one before it
// where d1 == s0*d0, per top-level mode or (flat) over the whole layout.
func TestNormal(t *testing.T) {
	for _, c := range []struct {
		layout string
		flat   bool
		want   string
	}{
		{"(_2,_1,(_3,_4)):(_1,_9,(_2,_6))", false, "[2:1] [] [12:2]"},
		{"(_2,_1,(_3,_4)):(_1,_9,(_2,_6))", true, "[24:1]"},
		{"(_2,_3,_4):(_1,_4,_12)", true, "[2:1 12:4]"},
		{"(_1,(M,N)):(_5,(_1,M))", false, "[] [M*N:1]"},
		{"(M,_1,N):(_2,_3,_2*M)", true, "[M*N:2]"},
	} {
		l, err := sym.ParseLayout(c.layout)
		if err != nil {
			t.Fatal(err)
		}
		var parts []string
		for _, ms := range normal(sym.NewCtx(), nil, l, c.flat) {
			var p []string
			for _, m := range ms {
				p = append(p, m.s.E.String()+":"+m.d.E.String())
			}
			parts = append(parts, "["+strings.Join(p, " ")+"]")
		}
		if got := strings.Join(parts, " "); got != c.want {
			t.Errorf("normal(%s, flat %v) = %s, want %s", c.layout, c.flat, got, c.want)
		}
	}
}

// unpackCoord is (_, repeat<r1>(_)) for tiled and (repeat<r0>(_),
// repeat<r1>(_)) otherwise, repeat<1>(_) being _ itself.
func TestUnpackCoord(t *testing.T) {
	for _, c := range []struct {
		how    string
		r0, r1 int
		want   string
	}{
		{"tiled", 2, 3, "(_,(_,_,_))"},
		{"tiled", 3, 1, "(_,_)"},
		{"flat", 1, 2, "(_,(_,_))"},
		{"flat", 3, 1, "((_,_,_),_)"},
		{"flat", 1, 1, "(_,_)"},
	} {
		if got := notation.Print(unpackCoord(c.how, c.r0, c.r1)); got != c.want {
			t.Errorf("unpackCoord(%s, %d, %d) = %s, want %s", c.how, c.r0, c.r1, got, c.want)
		}
	}
}
