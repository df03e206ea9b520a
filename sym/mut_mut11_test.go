package sym

import (
	"math/big"
	"testing"
)

// vquo gives up once its quotient holds more than vmaxTerms/len(d) terms,
// so that its work does not grow with the degree of s: M^n divided by
// M+1 (the quotient M^(n-1) - M^(n-2) + ..., n terms, and the remainder
// +-1, so no quotient) takes the same number of steps at n = 30,000 and at
// n = 99,999, both beyond the bound's 16,385 steps, which the allocations
// count (exponents of five digits in both, so that the keys of the
// monomials are as long).
func TestVquoWorkBoundedInDegree(t *testing.T) {
	d := vadd(vvar("M"), vconst(big.NewRat(1, 1)))
	allocs := func(n int64) float64 {
		m := []vf{{"M", n}}
		s := vpoly{monoKey(m): {big.NewRat(1, 1), m}}
		return testing.AllocsPerRun(1, func() {
			if q, ok := vquo(s, d); ok {
				t.Fatalf("vquo(M^%d, M+1) = %s, want no quotient", n, polyKey(q))
			}
		})
	}
	low, high := allocs(30000), allocs(99999)
	if high > 1.2*low {
		t.Errorf("vquo(M^n, M+1) allocates %.0f times at n = 99,999 and %.0f at n = 30,000: its work grows with the degree past the bound", high, low)
	}
}
