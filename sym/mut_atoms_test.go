package sym

import "testing"

// throughFact turns a fact about one floor_div or ceil_div atom of an
// integral argument (c*A + k >= 0) into the same fact over the argument:
// both hold at the same bindings of a box; a fact about another atom (min,
// max, %) gives none.
func TestThroughFactByBruteForce(t *testing.T) {
	c, err := Assume("M>=1")
	if err != nil {
		t.Fatal(err)
	}
	for _, src := range []string{
		"floor_div(M,4)-2", "3-floor_div(M,4)", "ceil_div(M,4)-3", "2-ceil_div(M,4)",
		"2*floor_div(M,3)-5", "7-2*ceil_div(M,3)", "ceil_div(M,N)-2", "4-floor_div(M+N,N)",
	} {
		f := fact{kind: fGe, p: pl(MustParse(src))}
		g, ok := c.throughFact(f)
		if !ok {
			t.Errorf("%s >= 0: no fact over the argument", src)
			continue
		}
		for m := int64(1); m <= 60; m++ {
			for n := int64(1); n <= 8; n++ {
				b := Binding{"M": m, "N": n}
				x, err1 := Eval(f.p, b)
				y, err2 := Eval(g.p, b)
				if err1 != nil || err2 != nil || (x >= 0) != (y >= 0) {
					t.Fatalf("%s >= 0 is %s >= 0 at %v: %d, %d (%v, %v)", src, g.p, b, x, y, err1, err2)
				}
			}
		}
	}
	for _, src := range []string{"min(M,N)-3", "M%4-2", "5-max(M,N)", "M%N-1"} {
		if g, ok := c.throughFact(fact{kind: fGe, p: pl(MustParse(src))}); ok {
			t.Errorf("%s >= 0 gives %s >= 0, want nothing", src, g.p)
		}
	}
}
