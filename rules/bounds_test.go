package rules

import (
	"testing"

	"github.com/cutealg/cutealg/concrete"
)

// The template parameters of the layout constructors at and beyond their
// bounds (negative, equal to the rank, one past it; empty and reversed
// ranges), on static layouts: the symbolic engine refuses exactly where
// the concrete engine (strict) does, and otherwise prints the same layout.
// The two engines check their parameters separately, so this pins each
// bound of either.
func TestParameterBoundsAgainstConcrete(t *testing.T) {
	a := "((_2,_3),_4,_5):((_1,_2),_6,_24)"
	idx := []string{"-1", "0", "1", "2", "3", "4"}
	var reqs [][]string
	for _, b := range idx {
		for _, e := range idx {
			reqs = append(reqs, []string{"take", a, b, e}, []string{"group", a, b, e})
		}
		reqs = append(reqs,
			[]string{"select", a, b},
			[]string{"select", a, "(0," + b + ")"},
			[]string{"get", a, b},
			[]string{"get", a, "(0," + b + ")"},
			[]string{"replace", a, b, "_7:_1"},
			[]string{"coalesce_profile", a, "(_1,_1," + b + ")"},
		)
	}
	values := 0
	for _, r := range reqs {
		msg, ok := againstConcrete(r[0], r[1:], concrete.StrictMode())
		if msg != "" {
			t.Error(msg)
		}
		if ok {
			values++
		}
	}
	if values == 0 || values == len(reqs) {
		t.Errorf("%d of %d requests answered with a value: the table does not reach both sides of the bounds", values, len(reqs))
	}
	t.Logf("%d requests, %d answered with a value", len(reqs), values)
}
