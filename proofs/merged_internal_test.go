package proofs

import (
	"strings"
	"testing"

	"github.com/cutealg/cutealg/rules"
)

// mergedGuards re-derives a merged case's guards from the two cases it
// was merged from: each has the case's guards and one condition more,
// there in the same place, the two conditions each other's negation.
func TestMergedGuards(t *testing.T) {
	merged := func(when []string, a, b []string) rules.Case {
		return rules.Case{When: when, From: []rules.Case{{When: a}, {When: b}}}
	}
	for _, c := range []struct {
		name string
		cs   rules.Case
		want string // "" where the guards check
	}{
		{"the condition last", merged([]string{"M>=4"}, []string{"M>=4", "M%4==0"}, []string{"M>=4", "M%4!=0"}), ""},
		{"the condition first", merged([]string{"M>=4"}, []string{"M%4==0", "M>=4"}, []string{"M%4!=0", "M>=4"}), ""},
		{"no guard but the condition", merged(nil, []string{"N==1"}, []string{"N!=1"}), ""},
		{"the second case's guards not the case's", merged([]string{"M>=4"}, []string{"M>=4", "M%4==0"}, []string{"M>=5", "M%4!=0"}),
			"merged from case b, whose guards are not the case's and one condition more"},
		{"a case with fewer guards than the merged one", merged([]string{"M>=4", "N>=2"}, []string{"M>=4"}, []string{"M>=4", "N>=2", "K==1"}),
			"merged from case a, whose guards are not the case's and one condition more"},
		{"two conditions that are not each other's negation", merged([]string{"M>=4"}, []string{"M>=4", "M%4==0"}, []string{"M>=4", "M%4==1"}),
			"the cases it was merged from add M%4==0 and M%4==1, not a condition and its negation"},
	} {
		err := mergedGuards(c.cs)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", c.name, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
}
