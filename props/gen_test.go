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
				case !adm && c.Admissible && !slices.Contains([]string{"make_layout_left", "make_layout_right", "make_identity_layout"}, op):
					t.Fatalf("%s: no inadmissible case drawn", op)
				}
			})
		})
	}
}

// TestMinimize: a predicate that holds while a layout has a mode of
// extent >= 3 shrinks a drawn layout to the single mode 3:0 (no other
// mode, extent 3, stride 0, no nesting), every candidate smaller.
func TestMinimize(t *testing.T) {
	has3 := func(c Case) bool {
		l, err := concrete.ParseLayout(c.Args[0])
		if err != nil {
			return false
		}
		for _, x := range l.Shape.Leaves(nil) {
			if x.V >= 3 {
				return true
			}
		}
		return false
	}
	rapid.Check(t, func(t *rapid.T) {
		c := Cases([]string{"coalesce"}, rapid.SampledFrom(Flavors()).Draw(t, "flavor"), true).Draw(t, "case")
		if !has3(c) {
			t.Skip("no extent >= 3")
		}
		m, calls := Minimize(c, has3, 10000)
		l, err := concrete.ParseLayout(m.Args[0])
		if err != nil || !has3(m) {
			t.Fatalf("Minimize(%s) = %s: does not hold (%v)", c.Call(), m.Call(), err)
		}
		if calls >= 10000 {
			t.Fatalf("Minimize(%s) did not end within its budget", c.Call())
		}
		if got := notationBare(l); got != "3:0" {
			t.Fatalf("Minimize(%s) = %s, want 3:0 up to marks", c.Call(), m.Call())
		}
	})
}

// notationBare prints a layout without static marks.
func notationBare(l concrete.Layout) string { return strings.ReplaceAll(l.String(), "_", "") }
