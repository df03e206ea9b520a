package proofs

import (
	"strings"
	"testing"
)

// TestRederiveNeedsEveryValue: a walk that re-derives a rule's condition
// failing gives every metavariable the condition reads; one it leaves
// out is an error naming it, not a symbol of the same name (tile.divides
// reads t and b).
func TestRederiveNeedsEveryValue(t *testing.T) {
	c := testChecker(t, nil, "tile_to_shape", "(_4,_8):(_8,_1)", "(M,N)")
	when := conds(t, "M%4!=0")
	c.fail = &failure{id: "tile.divides", cond: conds(t, "M%4==0")[0], when: when}
	m := conds(t, "M>=1")[0].X
	for _, x := range []struct {
		vals []any
		want string // "" for no error
	}{
		{[]any{"t", m}, "the walk gives rule tile.divides's condition no value for b at mode 0"},
		{[]any{"b", m}, "the walk gives rule tile.divides's condition no value for t at mode 0"},
		// a name without its value (an odd count) gives no value
		{[]any{"t", m, "b"}, "the walk gives rule tile.divides's condition no value for b at mode 0"},
		{[]any{"t", m, "b", conds(t, "4>=1")[0].X}, ""},
	} {
		c.fail.at = ""
		err := c.rederive("tile.divides", "mode 0", x.vals)
		switch {
		case x.want == "" && (err != nil || c.fail.at != "mode 0"):
			t.Errorf("%v: rederive gives %v (at %q), want it re-derived at mode 0", x.vals, err, c.fail.at)
		case x.want != "" && (err == nil || !strings.HasPrefix(err.Error(), x.want)):
			t.Errorf("%v: rederive gives %v, want %q", x.vals, err, x.want)
		}
	}
}
