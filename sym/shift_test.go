package sym

import (
	"math/rand"
	"testing"
)

// TestShiftQuickMatchesExpansion checks shiftQuick against the expansion
// of the shifted polynomial on random polynomials (linear ones, ones with
// positive coefficients, of low and of high degree, others) over symbols,
// unknowns and an atom, with
// random lower bounds (some missing): wherever shiftQuick decides, it
// gives the expansion's answer, for p and for -p.
func TestShiftQuickMatchesExpansion(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	vars := []*variable{symVar("M"), symVar("N"), unknownVar("K'1", 1), unknownVar("K'2'", 0), pl(MustParse("M%8")).t[0].m[0].v}
	decided, both, high := 0, 0, 0
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
		kind := r.Intn(4)
		for n := r.Intn(5); n >= 0; n-- {
			c := ratInt(int64(r.Intn(21) - 10))
			if kind == 1 || kind == 3 {
				c = ratInt(int64(r.Intn(9) + 1))
			}
			if r.Intn(6) == 0 {
				c = c.quo(ratInt(int64(r.Intn(3) + 2)))
			}
			m := constPoly(c)
			deg := 1
			switch kind {
			case 1, 2:
				deg = r.Intn(4)
			case 3: // products of many shifted variables, and powers
				deg = r.Intn(12)
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
				for _, tm := range p.t {
					if tm.m.degree() > 4 {
						high++ // beyond the four shifted variables of old
						break
					}
				}
			}
			if ok != wantOK || strict != wantStrict {
				t.Fatalf("%s (sign %d, lo %v): shiftQuick %v,%v, expansion %v,%v", printPoly(p), sign, los, ok, strict, wantOK, wantStrict)
			}
		}
	}
	if decided < 10000 || both < 2000 || high < 100 {
		t.Fatalf("shiftQuick decided %d cases, %d of them non-negative, %d of degree > 4: too few to test", decided, both, high)
	}
	t.Logf("%d decided, %d non-negative, %d of degree > 4", decided, both, high)
}

// TestCongruenceMatchesBig checks the int64 solution of a congruence
// against math/big's on random coefficients (negative ones included) and
// moduli.
func TestCongruenceMatchesBig(t *testing.T) {
	r := rand.New(rand.NewSource(11))
	counts := [4]int{}
	for it := 0; it < 50000; it++ {
		D := int64(r.Intn(200) + 1)
		if r.Intn(10) == 0 {
			D = r.Int63n(1<<31-1) + 1
		}
		a := ratInt(r.Int63n(2*D+1) - D)
		if r.Intn(4) == 0 {
			a = ratInt(r.Int63n(1<<40) - 1<<39)
		}
		b0 := ratInt(r.Int63n(D))
		rr := ratInt(r.Int63n(D))
		m, r0, sol := congruence(a, b0, rr, ratInt(D))
		bm, br0, bsol := congruenceBig(a, b0, rr, ratInt(D))
		if m != bm || r0 != br0 || sol != bsol {
			t.Fatalf("%s*u + %s = %s mod %d: int64 %d,%d,%d; big %d,%d,%d", a, b0, rr, D, m, r0, sol, bm, br0, bsol)
		}
		counts[sol]++
	}
	if counts[congNone] < 1000 || counts[congAll] < 100 || counts[congSome] < 1000 {
		t.Fatalf("too few of each kind of congruence: %v", counts)
	}
}
