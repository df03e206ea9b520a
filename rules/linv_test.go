package rules

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cutealg/cutealg/concrete"
	"github.com/cutealg/cutealg/internal/catalog"
	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/sym"
)

// Finding 70 (docs/verification.md): left_inverse with a negative stride.
// CuTe's sort puts the negative stride first, so R starts with the
// extent d at stride 0; the rules derive the forms whose value keeps the
// quasi-inverse condition: the negative stride A's one non-zero stride
// (inv.left.reverse), and beside its opposite, where the opposite mode
// ends A (inv.left.opposite-last) or its extent t is at least the
// negative one's s (inv.left.opposite); any other is inv.left.negative,
// CuTe's fold with a warning in dynamic mode. Each request is compared
// at every binding in 1..top with concrete's value with the symbols as
// run-time integers (the strides are static literals, so CuTe computes
// with run-time shapes; static where a stride is symbolic); the table
// says how many bindings have a value, and the rule of the errors. In
// dynamic mode the answer has CuTe's value wherever CuTe computes one.
// Every case with a value and no warning must keep the post-condition
// wherever it holds (concrete's strict mode).
func TestLeftInverseNegativeAgainstConcrete(t *testing.T) {
	const top = 6
	for _, c := range []struct {
		arg    string
		assume []string
		values int    // bindings with a value (of top^symbols)
		rule   string // the rule of the errors, if any
		static bool   // CuTe refuses the run-time strides: the static reading
	}{
		{"M:_-1", nil, 6, "", false},
		{"_8:_-2", nil, 1, "", false},
		{"(M,N):(_-2,_0)", nil, 36, "", false},
		{"(M,(N,_3)):(_0,(_0,_-4))", nil, 36, "", false},
		{"(_4,_3):(_-1,_-4)", nil, 1, "", false}, // coalesced to one mode
		// CuTe merges the modes only where M is static: with a run-time
		// M the two negative strides fail its divisibility condition
		{"(_4,M):(_-1,_-4)", nil, 0, "inv.left.negative", false},
		{"(M,_2):(_1,_-1)", nil, 5, "inv.left.opposite", false},
		{"(M,_2):(_1,_-1)", []string{"M >= 2"}, 5, "", false},
		// the opposite mode ends A: nothing wraps (inv.left.opposite-last)
		{"(_4,M):(_-1,_1)", nil, 6, "", false},
		{"(_4,(N,M)):(_-1,(_1,N))", nil, 31, "inv.left.negative", true}, // static: N merges the two (N == 1 leaves the symbolic stride N)
		// ... but not after a static _1 leaf, which the coalesce drops
		{"(_4,M,_1):(_-1,_1,_5)", nil, 3, "inv.left.opposite", false},
		{"(M,N,_3):(_2,_0,_-2)", nil, 24, "inv.left.opposite", false},
		{"(N,M):(_-3,_3)", nil, 36, "", false},
		{"(M,N):(_3,_-3)", nil, 21, "inv.left.opposite", false},
		// the refusals: other negative forms
		{"(_4,M):(_-1,_4)", nil, 0, "inv.left.negative", false},
		{"(M,_2):(_4,_-2)", nil, 0, "inv.left.negative", false},
		{"(M,N):(_-1,_-2)", nil, 0, "inv.left.negative", false},
		// a symbolic stride: the static reading (CuTe refuses run-time
		// strides), where N == 1 leaves M:_-1 and M == 1 leaves N:N
		{"(M,N):(_-1,N)", nil, 11, "inv.left.negative", true},
	} {
		call := fmt.Sprintf("left_inverse(%s) under %v", c.arg, c.assume)
		ctx, _ := sym.Assume(c.assume...)
		n, _ := notation.Parse(c.arg)
		a, err := sym.LayoutFromNode(n)
		if err != nil {
			t.Fatal(err)
		}
		v := sym.Value{Kind: catalog.Layout, Layout: a}
		if c.static {
			v, _ = staticSymbols(v)
		}
		var names []string
		for _, n := range v.Symbols() {
			if !slices.Contains(names, n) {
				names = append(names, n)
			}
		}
		// CuTe's values at the bindings, and whether each keeps the
		// post-condition
		cute, valid := map[string]bool{}, map[string]bool{}
		for _, b := range bindings(names, top) {
			if ctx.Satisfies(b) != nil {
				continue
			}
			l, err := ctx.EvalValue(v, b)
			if err != nil {
				t.Fatal(err)
			}
			_, err1 := concrete.LeftInverse(l.Layout)
			_, err2 := concrete.LeftInverse(l.Layout, concrete.StrictMode())
			cute[fmt.Sprint(b)], valid[fmt.Sprint(b)] = err1 == nil, err2 == nil
		}
		for _, dynamic := range []bool{false, true} {
			if dynamic && c.static {
				continue // CuTe refuses run-time strides
			}
			req := Request{Op: "left_inverse", Args: []string{c.arg}, Assume: c.assume, Dynamic: dynamic}
			bound, values := checkAgainst(t, call, req, top, c.static)
			want := c.values
			if dynamic { // CuTe's value wherever it computes one
				want = 0
				for _, ok := range cute {
					if ok {
						want++
					}
				}
			}
			if values != want {
				t.Errorf("%s (dynamic %v): values at %d of %d bindings, want %d", call, dynamic, values, bound, want)
			}
			ans, err := Compute(req)
			if err != nil {
				t.Fatal(err)
			}
			for _, br := range ans.Branches {
				if br.Err != nil {
					if !dynamic && (c.rule == "" || !strings.Contains(br.Err.Error(), "rule "+c.rule)) {
						t.Errorf("%s: case %v: %v, want no error or one of rule %q", call, br.Guards, br.Err, c.rule)
					}
					continue
				}
				// a value without a warning keeps the post-condition
				// wherever its case holds
				for _, b := range bindings(names, top) {
					if ctx.Satisfies(b) != nil || slices.ContainsFunc(br.Guards, func(g sym.Cond) bool { h, err := g.Holds(b); return err != nil || !h }) {
						continue
					}
					if !valid[fmt.Sprint(b)] && len(br.Warnings) == 0 {
						t.Errorf("%s (dynamic %v) at %v: the case %v has a value and no warning, but CuTe's value breaks the post-condition", call, dynamic, b, br.Value)
					}
				}
			}
		}
	}
}
