package sym

import (
	"math/rand"
	"testing"
)

// shiftExpanded is shiftNonneg without shiftQuick: the shifted polynomial
// expanded.
func shiftExpanded(p *poly, lo loFunc) (ok, strict bool) {
	pp, laurent, ok := shiftSplit(p, lo)
	if !ok {
		return false, false
	}
	s, ok := shiftPoly(pp, lo)
	if !ok {
		return false, false
	}
	ok, strict = nonnegCoefs(s)
	return ok, strict || (ok && laurent)
}

// TestShiftQuickMatchesExpansion checks shiftQuick against the expansion
// of the shifted polynomial on random polynomials (linear ones, ones with
// positive coefficients, others) over symbols, unknowns and an atom, with
// random lower bounds (some missing): wherever shiftQuick decides, it
// gives the expansion's answer, for p and for -p.
func TestShiftQuickMatchesExpansion(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	vars := []*variable{symVar("M"), symVar("N"), unknownVar("K'1", 1), unknownVar("K'2'", 0), pl(MustParse("M%8")).t[0].m[0].v}
	decided, both := 0, 0
	for it := 0; it < 20000; it++ {
		los := map[*variable]int64{}
		for _, v := range vars {
			switch r.Intn(5) {
			case 0: // no bound
			case 1:
				los[v] = 0
			default:
				los[v] = int64(r.Intn(7) - 1)
			}
		}
		lo := func(v *variable) (int64, bool) { l, ok := los[v]; return l, ok }
		p := zeroPoly
		kind := r.Intn(3)
		for n := r.Intn(5); n >= 0; n-- {
			c := ratInt(int64(r.Intn(21) - 10))
			if kind == 1 {
				c = ratInt(int64(r.Intn(9) + 1))
			}
			if r.Intn(6) == 0 {
				c = c.quo(ratInt(int64(r.Intn(3) + 2)))
			}
			m := constPoly(c)
			deg := 1
			if kind != 0 {
				deg = r.Intn(4)
			}
			for d := 0; d < deg; d++ {
				f := varPoly(vars[r.Intn(len(vars))])
				if kind == 2 && r.Intn(8) == 0 {
					f = powPoly(f, -1)
				}
				m = mulPoly(m, f)
			}
			if r.Intn(4) == 0 {
				m = constPoly(ratInt(int64(r.Intn(21) - 10)))
			}
			p = addPoly(p, m)
		}
		if p.err != nil {
			t.Fatal(p.err)
		}
		for _, sign := range []int{1, -1} {
			q := p
			if sign < 0 {
				q = negPoly(p)
			}
			wantOK, wantStrict := shiftExpanded(q, lo)
			ok, strict, done := shiftQuick(p, sign, lo)
			if !done {
				continue
			}
			decided++
			if wantOK {
				both++
			}
			if ok != wantOK || strict != wantStrict {
				t.Fatalf("%s (sign %d, lo %v): shiftQuick %v,%v, expansion %v,%v", printPoly(p), sign, los, ok, strict, wantOK, wantStrict)
			}
		}
	}
	if decided < 10000 || both < 2000 {
		t.Fatalf("shiftQuick decided %d cases, %d of them non-negative: too few to test", decided, both)
	}
}
