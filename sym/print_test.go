package sym

import (
	"math"
	"strings"
	"testing"
)

// Terms with coefficients beyond int64 print in the documented form: after
// the first term, a sign, then the term's magnitude (never "+-" or "--"), a
// numerator that fits int64 as one literal over its denominator's factors,
// and a denominator that is a power of a prime beyond 2^31 as that prime
// repeated (found as a perfect power: Pollard's rho within its bound does
// not split the square of a prime near 2^40); each text reads back as the
// same value.
func TestPrintBigTerms(t *testing.T) {
	m, n := MustParse("M"), MustParse("N")
	huge := Mul(Const(math.MaxInt64), Const(math.MaxInt64))
	const p = 1099511627791 // the least prime above 2^40
	for _, tc := range []struct {
		e      Expr
		prefix string
	}{
		{Add(m, Mul(huge, n)), ""},
		{Sub(m, Mul(huge, n)), ""},
		{Sub(Mul(huge, m), Mul(huge, Mul(n, n))), ""},
		{Add(Const(1), ExactDiv(n, huge)), ""},
		{ExactDiv(Mul(Const(1<<40), m), huge), "1099511627776*M/"},
		{ExactDiv(m, Mul(Const(p), Const(p))), "M/1099511627791/1099511627791"},
		{ExactDiv(m, Product(Const(p), Const(p), Const(p))), "M/1099511627791/1099511627791/1099511627791"},
	} {
		s := tc.e.String()
		if strings.Contains(s, "+-") || strings.Contains(s, "--") {
			t.Errorf("%s: a sign after an operator", s)
		}
		if !strings.HasPrefix(s, tc.prefix) {
			t.Errorf("%s: want it to begin %s", s, tc.prefix)
		}
		back, err := Parse(s)
		if err != nil || !Equal(back, tc.e) {
			t.Errorf("%s reads back as %v (%v)", s, back, err)
		}
	}
}
