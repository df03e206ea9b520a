package sym

import "testing"

// TestSourceString: a Source prints what it names (its doc comment): an
// atom's bound names the argument of min or max it compares with, and
// only then.
func TestSourceString(t *testing.T) {
	m := MustParse("min(M,N)")
	for _, c := range []struct {
		src  Source
		want string
	}{
		{Source{Cond: -1, Atom: m, Side: 1, Upper: true}, "upper bound of min(M,N) by its argument 1"},
		{Source{Cond: -1, Atom: m, Side: 2, Upper: true}, "upper bound of min(M,N) by its argument 2"},
		{Source{Cond: -1, Atom: MustParse("M%4"), Upper: true}, "upper bound of M%4"},
		{Source{Cond: -1, Atom: MustParse("M%4")}, "lower bound of M%4"},
		{Source{Cond: -1, Bound: "M'1"}, "lower bound of M'1"},
	} {
		if got := c.src.String(); got != c.want {
			t.Errorf("%#v: %q, want %q", c.src, got, c.want)
		}
	}
}
