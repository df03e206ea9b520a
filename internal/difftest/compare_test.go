package difftest

import (
	"strings"
	"testing"

	"github.com/cutealg/cutealg/internal/oracle"
)

func value(s string) oracle.Reply { return oracle.Reply{Result: &s} }

func refusal(s string) oracle.Reply { return oracle.Reply{Error: s} }

func warned(s, w string) oracle.Reply { return oracle.Reply{Result: &s, Warning: w} }

// TestCompare: the comparison rules of the package doc, one line each.
func TestCompare(t *testing.T) {
	for _, tc := range []struct {
		op           string
		ours, theirs oracle.Reply
		functional   bool
		want         string
	}{
		{"composition", refusal("a"), refusal("b"), false, ""},
		{"composition", warned("(2,2):(4,7)", "breaks R(i) == A(B(i))"), refusal("x"), false, ""},
		{"composition", value("_2:_1"), refusal("x"), false, KindRefuses},
		{"composition", refusal("x"), value("2:1"), false, KindAnswers},
		{"composition", value("_2:_1"), value("_2:_1"), false, ""},
		{"composition", value("_2:_1"), value("2:1"), false, KindValue},
		{"composition", value("_2:_1"), value("2:1"), true, ""},
		// the same function printed differently: an integer mode and a 1-tuple
		{"coalesce", value("_8:_1"), value("(8):(1)"), true, ""},
		// nested modes that the functional comparison flattens away
		{"logical_divide", value("((2,2),4):((1,2),4)"), value("(4,4):(1,4)"), true, ""},
		// the same values, other top-level mode sizes
		{"logical_divide", value("(4,4):(1,4)"), value("(2,8):(1,2)"), true, KindValue},
		{"logical_divide", value("(4,4):(1,4)"), value("(4,4):(1,5)"), true, KindValue},
		{"composition", value("(4,4):(1,4)"), value("(4,4"), true, KindValue},
		{"size", value("_6"), value("6"), true, ""},
		{"size", value("_6"), value("7"), true, KindValue},
		{"idx2crd", value("(_1,(1,2))"), value("(1, (1, 2))"), true, ""},
		{"evaluate", value("0,16,32"), value("0, 16, 32"), true, ""},
	} {
		if got := compare(tc.op, tc.ours, tc.theirs, tc.functional); got != tc.want {
			t.Errorf("compare(%s, %+v, %+v, functional %v) = %q, want %q", tc.op, answer(tc.ours), answer(tc.theirs), tc.functional, got, tc.want)
		}
	}
}

// TestBroken: the post-condition a peer's value breaks, checked on the
// value alone, or "" where the value keeps them.
func TestBroken(t *testing.T) {
	for _, tc := range []struct {
		op    string
		args  []string
		value string
		want  string
	}{
		{"composition", []string{"(6,2):(1,7)", "4:4"}, "(2,2):(4,7)", "composition.function"},
		{"composition", []string{"(6,2):(1,7)", "3:2"}, "3:2", ""},
		{"coalesce", []string{"(2,4):(1,4)"}, "8:1", "same.function"},
		{"coalesce", []string{"(2,4):(1,4)"}, "4:1", "same.size"},
		{"coalesce", []string{"(2,4):(1,4)"}, "((2,4)):((1,4))", "depth.flat"},
		{"coalesce", []string{"(2,4):(1,4)"}, "(2,4):(1,4)", ""},
		{"complement", []string{"4:1", "16"}, "(2,2):(8,4)", "complement.ordered"},
		{"right_inverse", []string{"(2,4):(4,1)"}, "8:1", "right_inverse"},
		{"right_inverse", []string{"(2,4):(4,1)"}, "(4,2):(2,1)", ""},
		{"left_inverse", []string{"4:2"}, "4:1", "left_inverse"},
		{"left_inverse", []string{"4:2"}, "(2,4):(0,1)", ""},
		{"size", []string{"4:2"}, "4", ""},
	} {
		got := broken(tc.op, tc.args, tc.value)
		if tc.want == "" && got != "" || !strings.HasPrefix(got, tc.want) {
			t.Errorf("broken(%s%v, %s) = %q, want %q", tc.op, tc.args, tc.value, got, tc.want)
		}
	}
}

// TestSignature: shrinking keeps the kind and the words of a refusal,
// not its numbers or quoted text.
func TestSignature(t *testing.T) {
	a := signature(KindAnswers, refusal("complement: argument 1: 1:6: shape (_1) and stride _0 are not congruent"), value("1:0"))
	b := signature(KindAnswers, refusal("complement: argument 1: 1:9: shape (_1,_1) and stride _0 are not congruent"), value("4:0"))
	c := signature(KindAnswers, refusal("complement: Non-injective Layout detected in complement."), value("1:0"))
	if a != b || a == c {
		t.Errorf("signatures %q, %q, %q: want the first two equal, the third different", a, b, c)
	}
	if signature(KindValue, value("1:0"), value("2:0")) != signature(KindValue, value("4:0"), value("3:0")) {
		t.Error("value disagreements have different signatures")
	}
}
