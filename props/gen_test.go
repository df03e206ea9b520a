package props

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/cutealg/cutealg/concrete"
)

// TestCasesCoverCatalogue: Cases draws every catalogue operation.
func TestCasesCoverCatalogue(t *testing.T) {
	for _, op := range Ops() {
		if _, ok := builders[op]; !ok {
			t.Errorf("no generator for %s", op)
		}
	}
	if len(builders) != len(Ops()) {
		t.Errorf("%d builders for %d operations", len(builders), len(Ops()))
	}
}

// staticRefusal reports whether err is one of CuTe's refusals that depend
// on static-ness alone (an admissible case may meet them).
func staticRefusal(err error, f Flavor) bool {
	var e *concrete.Error
	if !errors.As(err, &e) || e.Kind != concrete.Refused {
		return false
	}
	static := []string{"Dynamic-stride complement only for rank-1", "requires static strides"}
	if f == Dynamic {
		static = append(static, "Downcast requires adjacent elements")
	}
	for _, s := range static {
		if strings.Contains(e.Msg, s) {
			return true
		}
	}
	return false
}

// TestCasesAdmissible: an admissible case is answered by the engine in
// strict mode (every documented condition holds) unless CuTe refuses it
// for static-ness alone; an inadmissible one is refused in strict mode.
func TestCasesAdmissible(t *testing.T) {
	for _, op := range Ops() {
		t.Run(op, func(t *testing.T) {
			rapid.Check(t, func(t *rapid.T) {
				f := rapid.SampledFrom(Flavors()).Draw(t, "flavor")
				adm := rapid.Bool().Draw(t, "admissible")
				c := Cases([]string{op}, f, adm).Draw(t, "case")
				if c.Op != op || c.Flavor != f {
					t.Fatalf("asked for %s %v, got %+v", op, f, c)
				}
				_, err := concrete.ApplyText(c.Op, c.Args, concrete.StrictMode())
				switch {
				case c.Admissible && err != nil && !staticRefusal(err, f):
					t.Fatalf("admissible case %s refused in strict mode: %v", c.Call(), err)
				case !c.Admissible && err == nil:
					t.Fatalf("inadmissible case %s answered in strict mode", c.Call())
				case !adm && c.Admissible && !slices.Contains([]string{"make_layout_left", "make_layout_right"}, op):
					t.Fatalf("%s: no inadmissible case drawn", op)
				}
			})
		})
	}
}
