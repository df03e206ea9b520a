package proofs

import (
	"errors"
	"testing"

	"github.com/cutealg/cutealg/concrete"
	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/sym"
)

func parseT(t *testing.T, s string) notation.Node {
	t.Helper()
	n, err := notation.Parse(s)
	if err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	return n
}

// normalize's canonical forms, as its documentation lists them: a tuple of
// layouts is one layout (its modes), but inside a tiler argument and when
// empty; a tiler operation with a layout as its tiler is the layout
// operation; a call of an operation outside the catalogue keeps its
// arguments.
func TestNormalize(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"(4:1,8:4)", "(4,8):(1,4)"},
		{"()", "()"},
		{"(4:1,8)", "(4:1,8)"},
		{"logical_divide_tiler(16:1,(4:1,2:1))", "logical_divide_tiler(16:1,(4:1,2:1))"},
		{"logical_divide_tiler(16:1,4:1)", "logical_divide(16:1,4:1)"},
		{"composition(16:1,(4:1,2:4))", "composition(16:1,(4,2):(1,4))"},
		{"nosuchop((4:1,2:4),(4:1,2:4))", "nosuchop((4,2):(1,4),(4,2):(1,4))"},
		{"composition(16:1,(4:1,2:4),(4:1,2:4))", "composition(16:1,(4,2):(1,4),(4,2):(1,4))"},
	} {
		n, err := normalize(parseT(t, c.in))
		if err != nil {
			t.Errorf("normalize(%s): %v", c.in, err)
			continue
		}
		if got := notation.Print(n); got != c.want {
			t.Errorf("normalize(%s) = %s, want %s", c.in, got, c.want)
		}
	}
}

// sameFunction compares layouts of up to maxIndices indices at every
// index, and larger ones at stridePoints indices spread over them and the
// last one: a difference at each such index is found, and equal layouts
// compare equal.
func TestSameFunctionLarge(t *testing.T) {
	for _, c := range []struct {
		x, y  string
		index int64 // -1: the same function
	}{
		{"8192:1", "(16,512):(1,16)", -1},
		{"(2,4096):(1,2)", "8192:1", -1},
		// the same function, but not past the last index (not compared)
		{"(8192,1):(1,5)", "8192:1", -1},
		// differ at every index but the multiples of 4 and those = 3 mod 4
		// (the last): all of a 4096-index layout is compared
		{"(2,2,1024):(2,1,4)", "4096:1", 1},
		// differ at index 16 (a multiple of the stride through 8192)
		{"(16,256,2):(1,32,16)", "8192:1", 16},
		// differ at every index but the multiples of 16: the last one
		{"(16,512):(2,16)", "8192:1", 8191},
	} {
		lx, errX := concrete.ParseLayout(c.x)
		ly, errY := concrete.ParseLayout(c.y)
		if errX != nil || errY != nil {
			t.Fatal(errX, errY)
		}
		err := sameFunction(concrete.LayoutValue(lx), concrete.LayoutValue(ly), false)
		var m *mismatch
		switch {
		case c.index < 0 && err != nil:
			t.Errorf("%s vs %s: %v, want the same function", c.x, c.y, err)
		case c.index >= 0 && (!errors.As(err, &m) || m.index != c.index):
			t.Errorf("%s vs %s: %v, want a difference at index %d", c.x, c.y, err, c.index)
		}
	}
}

// The claims compared as functions only (without their top-level mode
// sizes): the rank-free operations and a composition with an integral B.
func TestCompareModes(t *testing.T) {
	for _, c := range []struct {
		term  string
		modes bool
	}{
		{"(4,2):(1,4)", false},
		{"coalesce((4,2):(1,4))", false},
		{"left_inverse((4,2):(1,4))", false},
		{"composition((4,2):(1,4),4:2)", false},
		{"composition((4,2):(1,4),(2,2):(2,1))", true},
		{"logical_divide((4,2):(1,4),4:2)", true},
		{"logical_divide((4,2):(1,4),(2,2):(2,1))", true},
	} {
		if got := compareModes(parseT(t, c.term)); got != c.modes {
			t.Errorf("compareModes(%s) = %v, want %v", c.term, got, c.modes)
		}
	}
}

// ValueAt evaluates each argument as the kind its operation expects: a
// layout-valued call is a tiler where a tiler is expected, and a call of
// another kind is refused where a layout is.
func TestValueAtArgumentKinds(t *testing.T) {
	got, err := ValueAt(parseT(t, "logical_divide_tiler(_8:_1,coalesce((_2,_2):(_1,_2)))"), sym.Binding{})
	if err != nil {
		t.Fatal(err)
	}
	want, err := ValueAt(parseT(t, "logical_divide(_8:_1,_4:_1)"), sym.Binding{})
	if err != nil {
		t.Fatal(err)
	}
	if err := sameFunction(got, want, true); err != nil {
		t.Errorf("logical_divide_tiler(_8:_1,coalesce((_2,_2):(_1,_2))) = %s, want %s: %v", got, want, err)
	}
	if v, err := ValueAt(parseT(t, "coalesce(size(4:1))"), sym.Binding{}); err == nil {
		t.Errorf("coalesce(size(4:1)) = %s, want an error (an integer is not a layout)", v)
	}
}

// Cases are lettered a..z, then aa, ab, ...: the letters of spreadsheet
// columns.
func TestCaseLetter(t *testing.T) {
	for i, want := range map[int]string{0: "a", 25: "z", 26: "aa", 27: "ab", 51: "az", 52: "ba", 701: "zz", 702: "aaa"} {
		if got := caseLetter(i); got != want {
			t.Errorf("caseLetter(%d) = %q, want %q", i, got, want)
		}
	}
}
