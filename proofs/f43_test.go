package proofs_test

import (
	"testing"

	"github.com/cutealg/cutealg/rules"
)

// TestErrorOfConditionlessRule: an error case whose error says a rule's
// condition fails, where the rule states no condition, is refused
// (finding 43: such cases, cut after their arguments' extents, were
// accepted, since the walks end an error case where its failing rule
// comes next and errorStep read only the follows line).
func TestErrorOfConditionlessRule(t *testing.T) {
	// cutTo keeps a result case's steps up to its last arg.extent and
	// makes it an error of rule id's condition
	cutTo := func(id string) func(d *rules.Derivation) {
		return func(d *rules.Derivation) {
			for i := range d.Cases {
				c := &d.Cases[i]
				if c.Result == "" {
					continue
				}
				k := 0
				for k < len(c.Steps) && c.Steps[k].Rule == "arg.extent" {
					k++
				}
				c.Steps = c.Steps[:k]
				c.Result, c.Error = "", d.Op+": the rule fails: needs M>=1 (rule "+id+")"
				return
			}
			t.Fatalf("%s: no result case", d.Op)
		}
	}
	checkWalkRows(t, []walkRow{
		{"local_partition cut after its extents, tile.product-each's condition said to fail",
			assumed(t, nil, "local_partition", "(M,N-M):(_1,M)", "(_32,_4):(_4,_1)", "t"), cutTo("tile.product-each"),
			"case 1: the error is rule tile.product-each's condition failing, but the rule states no condition"},
		{"make_layout_left cut after its extents, make.left's condition said to fail",
			assumed(t, nil, "make_layout_left", "(M,N-M)"), cutTo("make.left"),
			"case 1: the error is rule make.left's condition failing, but the rule states no condition"},
	})
}
