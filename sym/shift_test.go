package sym

import (
	"fmt"
	"math/big"
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
// moduli (up to 2^62).
func TestCongruenceMatchesBig(t *testing.T) {
	r := rand.New(rand.NewSource(11))
	counts := [4]int{}
	for it := 0; it < 50000; it++ {
		D := int64(r.Intn(200) + 1)
		switch r.Intn(20) {
		case 0, 1:
			D = r.Int63n(1<<31-1) + 1
		case 2: // solved in math/big
			D = 1<<31 + r.Int63n(1<<61)
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

// TestCongruenceBigCoefficients checks congruences whose coefficients or
// modulus are beyond int64: a*u + b0 = r (mod D) has the solutions of
// (a mod D)*u + (b0 mod D) = (r mod D) (mod D), and a modulus beyond int64
// gives solutions that are all, none, or beyond int64 too.
func TestCongruenceBigCoefficients(t *testing.T) {
	r := rand.New(rand.NewSource(12))
	two64 := new(big.Int).Lsh(big.NewInt(1), 64)
	lifted := 0
	for range 3000 {
		D := int64(r.Intn(60) + 1)
		x := [3]int64{r.Int63n(2*D+1) - D, r.Int63n(D), r.Int63n(D)} // a, b0, r
		wm, wr0, wsol := congruence(ratInt(x[0]), ratInt(x[1]), ratInt(x[2]), ratInt(D))
		// one of them plus k*2^64*D for k in [-3, 3] (beyond int64 unless
		// k is 0): the same residue
		args := [3]rat{ratInt(x[0]), ratInt(x[1]), ratInt(x[2])}
		i := r.Intn(3)
		k := new(big.Int).Mul(two64, big.NewInt((r.Int63n(7)-3)*D))
		if args[i] = ratFromBigInt(k.Add(k, big.NewInt(x[i]))); args[i].b != nil {
			lifted++
		}
		m, r0, sol := congruence(args[0], args[1], args[2], ratInt(D))
		if m != wm || r0 != wr0 || sol != wsol {
			t.Fatalf("%s*u + %s = %s mod %d: %d,%d,%d; with the residues %v: %d,%d,%d", args[0], args[1], args[2], D, m, r0, sol, x, wm, wr0, wsol)
		}
	}
	if lifted < 1000 {
		t.Fatalf("only %d coefficients beyond int64", lifted)
	}
	// a modulus beyond int64: 2^64 * D
	for _, c := range []struct{ a, b0, r int64 }{{1, 0, 1}, {2, 0, 1}, {3, 5, 7}, {0, 0, 0}} {
		D := ratFromBigInt(two64)
		m, r0, sol := congruence(ratInt(c.a), ratInt(c.b0), ratInt(c.r), D)
		switch {
		case c.a == 0 && c.b0 == c.r:
			if sol != congAll {
				t.Errorf("%d*u + %d = %d mod 2^64: %d,%d,%d, want all", c.a, c.b0, c.r, m, r0, sol)
			}
		case c.a%2 == 0 && (c.r-c.b0)%2 != 0:
			if sol != congNone {
				t.Errorf("%d*u + %d = %d mod 2^64: %d,%d,%d, want none", c.a, c.b0, c.r, m, r0, sol)
			}
		default:
			if sol != congBig {
				t.Errorf("%d*u + %d = %d mod 2^64: %d,%d,%d, want a solution beyond int64", c.a, c.b0, c.r, m, r0, sol)
			}
		}
	}
}

// shiftQuick decides, with the expansion's answer, the cases it is meant
// for: a negative term of greatest monomial (negativeTop), a product with
// a variable of lower bound 0 (to any power: it is not shifted), 256 terms;
// and it leaves to the expansion a product whose expansion passes
// MaxTerms (where the expansion gives up and answers no).
func TestShiftQuickDecides(t *testing.T) {
	M, N, K := symVar("M"), symVar("N"), unknownVar("K'3'", 0)
	lo := func(v *variable) (int64, bool) {
		if v == K {
			return 0, true
		}
		return v.lo, v.hasLo
	}
	one := constPoly(ratOne)
	vp := varPoly
	linear := one
	for i := 0; i < 255; i++ {
		linear = addPoly(linear, varPoly(symVar(fmt.Sprintf("Z%03d", i))))
	}
	var squares = one
	for i := 0; i < 9; i++ {
		squares = mulPoly(squares, powPoly(varPoly(symVar(fmt.Sprintf("Z%03d", i))), 2))
	}
	cases := []struct {
		name string
		p    *poly
		sign int
		done bool
	}{
		{"1 - M*N", addPoly(one, negPoly(mulPoly(vp(M), vp(N)))), 1, true},
		{"M*N - 1, negated", addPoly(mulPoly(vp(M), vp(N)), negPoly(one)), -1, true},
		{"M*K + 1 (K >= 0)", addPoly(mulPoly(vp(M), vp(K)), one), 1, true},
		{"K^65 + M*N", addPoly(powPoly(vp(K), 65), mulPoly(vp(M), vp(N))), 1, true},
		{"K^20000*M + 1", addPoly(mulPoly(powPoly(vp(K), 20000), vp(M)), one), 1, true},
		{"1 + 255 symbols", linear, 1, true},
		{"prod of 9 squares + 1", addPoly(squares, one), 1, false},
	}
	for _, cs := range cases {
		if cs.p.err != nil {
			t.Fatalf("%s: %v", cs.name, cs.p.err)
		}
		if cs.name == "1 + 255 symbols" && len(cs.p.t) != 256 {
			t.Fatalf("%s: %d terms", cs.name, len(cs.p.t))
		}
		q := cs.p
		if cs.sign < 0 {
			q = negPoly(q)
		}
		wantOK, wantStrict := shiftExpanded(q, lo)
		ok, strict, done := shiftQuick(cs.p, cs.sign, lo)
		if done != cs.done {
			t.Errorf("%s: shiftQuick done %v, want %v", cs.name, done, cs.done)
		}
		if done && (ok != wantOK || strict != wantStrict) {
			t.Errorf("%s: shiftQuick %v,%v, expansion %v,%v", cs.name, ok, strict, wantOK, wantStrict)
		}
		if top := negativeTop(cs.p, cs.sign); top && wantOK {
			t.Errorf("%s: negativeTop, but the expansion proves it", cs.name)
		}
	}
	if !negativeTop(addPoly(one, negPoly(mulPoly(vp(M), vp(N)))), 1) {
		t.Errorf("negativeTop misses -M*N in 1 - M*N")
	}
	if negativeTop(addPoly(mulPoly(powPoly(vp(M), 2), vp(N)), negPoly(mulPoly(vp(M), vp(N)))), 1) {
		t.Errorf("negativeTop takes -M*N in M^2*N - M*N, whose monomial divides M^2*N")
	}
}
