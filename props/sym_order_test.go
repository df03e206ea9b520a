package props

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/cutealg/cutealg/sym"
)

// permuteStrings returns every order of xs.
func permuteStrings(xs []string) [][]string {
	if len(xs) <= 1 {
		return [][]string{append([]string(nil), xs...)}
	}
	var out [][]string
	for i := range xs {
		rest := append(append([]string(nil), xs[:i]...), xs[i+1:]...)
		for _, p := range permuteStrings(rest) {
			out = append(out, append([]string{xs[i]}, p...))
		}
	}
	return out
}

// The answers under a context do not depend on the order in which its
// assumptions were made: for every order (each assumption added with
// With in turn), either every context is reported inconsistent (and then
// no binding satisfies the assumptions) or none is, and then Divides,
// Equal and Compare (Possible and Witnessed) give the same answers
// (Unknown against a decided answer is a difference).
func TestSymOrderIndependence(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(2, 3).Draw(t, "#assume")
		parts := make([]string, n)
		for i := range parts {
			parts[i] = genAssumptionMix(t, fmt.Sprintf("a%d", i))
		}
		var a, b sym.Expr
		var err error
		if rapid.Bool().Draw(t, "monomials") {
			a, err = sym.Parse(genMonomial(t, "a"))
			if err == nil {
				b, err = sym.Parse(genMonomial(t, "b"))
			}
		} else {
			a, err = sym.Parse(genSymExpr(t, "a", 1))
			if err == nil {
				b, err = sym.Parse(genSymExpr(t, "b", 1))
			}
		}
		if err != nil {
			t.Fatalf("generated text does not parse: %v", err)
		}
		type answers struct {
			div, eq             sym.Truth
			possible, witnessed sym.Order
		}
		var first *answers
		var firstOrder string
		inconsistent, consistent := "", ""
		for _, p := range permuteStrings(parts) {
			order := strings.Join(p, " then ")
			c := sym.NewCtx()
			for _, s := range p {
				if c, err = c.With(s); err != nil {
					break
				}
			}
			if err != nil {
				var ie *sym.InconsistentError
				if !errors.As(err, &ie) {
					t.Fatalf("%s: %v", order, err)
				}
				inconsistent = order
				continue
			}
			consistent = order
			cmp := c.Compare(a, b)
			got := answers{c.Divides(a, b).Truth, c.Equal(a, b).Truth, cmp.Possible, cmp.Witnessed}
			if first == nil {
				first, firstOrder = &got, order
				continue
			}
			if got != *first {
				t.Fatalf("%s vs %s (a=%s, b=%s): divides %s/%s, equal %s/%s, possible %s/%s, witnessed %s/%s",
					firstOrder, order, a, b, first.div, got.div, first.eq, got.eq, first.possible, got.possible, first.witnessed, got.witnessed)
			}
		}
		if inconsistent != "" && consistent != "" {
			t.Fatalf("inconsistent as %s, consistent as %s", inconsistent, consistent)
		}
		if inconsistent != "" {
			if bd, ok := findBinding(strings.Join(parts, "&&")); ok {
				t.Fatalf("%s: reported inconsistent, but %v satisfies it", strings.Join(parts, "&&"), bd)
			}
		}
	})
}
