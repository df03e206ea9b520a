package concrete

import (
	"testing"

	"github.com/cutealg/cutealg/internal/notation"
)

// TestRunTimeRefusal pins which of CuTe's refusals are those of a run-time
// integer where it asks for a static one (RunTimeRefusal): the symbolic
// engine reads the symbols static exactly there.
func TestRunTimeRefusal(t *testing.T) {
	for _, c := range []struct {
		expr string
		want bool
	}{
		{"complement((2,4):(_1,2), 16)", true},
		{"logical_divide(_16:_1, (2,4):(_1,2))", true},
		{"left_inverse((4,2):(_1,4))", true},
		{"tile_to_shape((1,_2):(_1,1), (_8,_4))", true},
		// refusals that stay with the values static
		{"tile_to_shape((_3,_2):(_1,_3), (_8,_4))", false},
		{"upcast((_3,_2):(_1,_3), 2)", false},
	} {
		n, err := notation.Parse(c.expr)
		if err != nil {
			t.Fatal(err)
		}
		_, err = Eval(n)
		if err == nil {
			t.Errorf("%s: no error", c.expr)
			continue
		}
		if got := RunTimeRefusal(err); got != c.want {
			t.Errorf("%s: RunTimeRefusal(%v) = %v, want %v", c.expr, err, got, c.want)
		}
	}
	if RunTimeRefusal(nil) {
		t.Error("RunTimeRefusal(nil) = true")
	}
}
