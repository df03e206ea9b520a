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
// assumptions were made: for every order, the context built all at once
// (With of the conjunction) and the one built one assumption at a time
// are either all reported inconsistent (and then no binding in a box
// satisfies the assumptions) or all consistent, and then Divides, Equal
// and Compare (Possible and Witnessed) give the same answers (Unknown
// against a decided answer is a difference).
//
// Restriction: built one assumption at a time, an order may stop early,
// at a prefix that is found inconsistent while the whole set is not (the
// consistency checks are incomplete and not monotone in the set of
// assumptions: N<M&&N/M>=1 is found, N<M&&N/M>=1&&N%2==0 is not, because
// N%2==0 turns N/M>=1 into 2*N'1%M==0, which no step solves). Such an
// order reports a real contradiction earlier; it is checked against
// brute force instead of compared.
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
		compare := func(order string, c *sym.Ctx) {
			cmp := c.Compare(a, b)
			got := answers{c.Divides(a, b).Truth, c.Equal(a, b).Truth, cmp.Possible, cmp.Witnessed}
			if first == nil {
				first, firstOrder = &got, order
				return
			}
			if got != *first {
				t.Fatalf("%s vs %s (a=%s, b=%s): divides %s/%s, equal %s/%s, possible %s/%s, witnessed %s/%s",
					firstOrder, order, a, b, first.div, got.div, first.eq, got.eq, first.possible, got.possible, first.witnessed, got.witnessed)
			}
		}
		isInconsistent := func(order string, err error) bool {
			var ie *sym.InconsistentError
			if !errors.As(err, &ie) {
				t.Fatalf("%s: %v", order, err)
			}
			return true
		}
		allAtOnce := map[bool]string{}
		earlyStop := ""
		for _, p := range permuteStrings(parts) {
			all := strings.Join(p, "&&")
			c, err := sym.NewCtx().With(all)
			if err != nil && isInconsistent(all, err) {
				allAtOnce[true] = all
			} else {
				allAtOnce[false] = all
				compare("at once "+all, c)
			}
			order := strings.Join(p, " then ")
			c = sym.NewCtx()
			for _, s := range p {
				if c, err = c.With(s); err != nil {
					break
				}
			}
			switch {
			case err != nil && isInconsistent(order, err):
				earlyStop = order
			case allAtOnce[true] != "":
				t.Fatalf("consistent as %s, inconsistent at once as %s", order, allAtOnce[true])
			default:
				compare(order, c)
			}
		}
		if allAtOnce[true] != "" && allAtOnce[false] != "" {
			t.Fatalf("at once: inconsistent as %s, consistent as %s", allAtOnce[true], allAtOnce[false])
		}
		if earlyStop != "" {
			if bd, ok := findBinding(strings.Join(parts, "&&")); ok {
				t.Fatalf("%s: reported inconsistent, but %v satisfies it", earlyStop, bd)
			}
		}
	})
}
