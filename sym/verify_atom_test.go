package sym

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// vevalTest evaluates a verifier polynomial at a binding of its symbols,
// its atoms by the test's own arithmetic (floor through big.Int's
// Euclidean division by a positive denominator); ok is false where a
// divisor or a negative power's base is 0.
func vevalTest(p vpoly, atoms map[string]*vatom, b map[string]int64) (*big.Rat, bool) {
	sum := new(big.Rat)
	for _, t := range p {
		x := new(big.Rat).Set(t.c)
		for _, f := range t.m {
			var base *big.Rat
			if a, isAtom := atoms[f.v]; isAtom {
				xv, ok := vevalTest(a.x, atoms, b)
				if !ok {
					return nil, false
				}
				yv, ok := vevalTest(a.y, atoms, b)
				if !ok {
					return nil, false
				}
				if base, ok = atomValueTest(a.op, xv, yv); !ok {
					return nil, false
				}
			} else {
				n, bound := b[f.v]
				if !bound {
					panic("unbound " + f.v)
				}
				base = big.NewRat(n, 1)
			}
			e := f.e
			if e < 0 {
				if base.Sign() == 0 {
					return nil, false
				}
				base, e = new(big.Rat).Inv(base), -e
			}
			for range e {
				x.Mul(x, base)
			}
		}
		sum.Add(sum, x)
	}
	return sum, true
}

// atomValueTest is op(x, y) for the verifier's operator names.
func atomValueTest(op string, x, y *big.Rat) (*big.Rat, bool) {
	switch op {
	case "min":
		if x.Cmp(y) <= 0 {
			return x, true
		}
		return y, true
	case "max":
		if x.Cmp(y) >= 0 {
			return x, true
		}
		return y, true
	}
	if y.Sign() == 0 {
		return nil, false
	}
	q := new(big.Rat).Quo(x, y)
	fl := new(big.Int).Div(q.Num(), q.Denom()) // Euclidean, denominator > 0: the floor
	switch op {
	case "floor_div":
		return new(big.Rat).SetInt(fl), true
	case "ceil_div":
		if q.IsInt() {
			return new(big.Rat).SetInt(fl), true
		}
		return new(big.Rat).SetInt(fl.Add(fl, big.NewInt(1))), true
	case "mod":
		return new(big.Rat).Sub(x, new(big.Rat).Mul(y, new(big.Rat).SetInt(fl))), true
	}
	panic("unknown operator " + op)
}

// TestVerifierAtomsAreIdentities: the verifier's normal form of an atom
// (verifier.atom: constants computed, the terms a divisor divides taken
// out, by a constant or a monomial with a coefficient, a common factor of a constant divisor and the remainder's
// coefficients reduced, % written x - y*floor_div(x,y) where it is not
// kept, min and max of ordered or nested operands decided) has the value
// of the atom, by the test's own arithmetic, at every binding of the
// symbols to positive integers (the verifier's bound of a symbol at its
// introduction) where both are defined. The operands are random
// polynomials over M, N and K with integer, fractional and negative
// exponents and coefficients, holding atoms made the same way.
func TestVerifierAtomsAreIdentities(t *testing.T) {
	r := rand.New(rand.NewPCG(14, 90))
	ops := []string{"floor_div", "ceil_div", "mod", "min", "max"}
	syms := []string{"M", "N", "K"}
	checked := 0
	for trial := 0; trial < 1000; trial++ {
		v := newVerifier()
		var gen func(depth int) vpoly
		gen = func(depth int) vpoly {
			switch k := r.IntN(10); {
			case k < 3 || depth == 0:
				p := vvar(syms[r.IntN(len(syms))])
				if r.IntN(8) == 0 {
					p, _ = vpow(p, -1)
				}
				return p
			case k < 4:
				return vconst(big.NewRat(int64(r.IntN(13)-6), 1))
			case k < 6:
				return vadd(gen(depth-1), gen(depth-1))
			case k < 7:
				c := big.NewRat(int64(r.IntN(9)-4), int64(1+r.IntN(2)))
				return vscale(gen(depth-1), c)
			case k < 8:
				p, err := vmul(gen(depth-1), gen(depth-1))
				if err != nil {
					t.Fatal(err)
				}
				return p
			default:
				p, err := v.atom(ops[r.IntN(len(ops))], gen(depth-1), gen(depth-1))
				if err != nil {
					return vconst(big.NewRat(1, 1)) // a zero divisor
				}
				return p
			}
		}
		// operands of the shapes the rules look for: a multiple of the
		// divisor plus a rest; an operand of min or max that is a nested
		// atom of the other (or its multiple or square); a constant
		// divisor sharing a factor with the dividend's coefficients
		x, y := gen(3), gen(2)
		op := ops[r.IntN(len(ops))]
		switch r.IntN(7) {
		case 0:
			q, err := vmul(gen(1), y)
			if err != nil {
				t.Fatal(err)
			}
			x = vadd(x, q)
		case 1:
			inner, err := v.atom(ops[r.IntN(len(ops))], x, gen(1))
			if err != nil {
				continue
			}
			if r.IntN(3) == 0 {
				if inner, err = vpow(inner, 2); err != nil {
					t.Fatal(err)
				}
			}
			y = vscale(inner, big.NewRat(int64(1+r.IntN(2)), 1))
			op = ops[3+r.IntN(2)]
		case 2:
			ds := []int64{2, 3, 4, 6, 8, -4}
			y = vconst(big.NewRat(ds[r.IntN(len(ds))], 1))
			x = vadd(vscale(gen(2), big.NewRat(ds[r.IntN(4)], 1)), vconst(big.NewRat(int64(r.IntN(13)-6), 1)))
		case 3:
			// a multiple of the divisor times an atom that is not an
			// integer (its arguments are not): not taken out
			a, err := v.atom(ops[2+r.IntN(3)], vscale(gen(1), big.NewRat(1, 2)), gen(1))
			if err != nil {
				continue
			}
			d := int64(2 + r.IntN(3))
			y = vconst(big.NewRat(d, 1))
			if r.IntN(2) == 0 {
				d, y = 1, vvar(syms[r.IntN(len(syms))])
			}
			ya, err := vmul(y, a)
			if err != nil {
				t.Fatal(err)
			}
			x = vadd(vscale(ya, big.NewRat(d, 1)), gen(1))
			op = ops[r.IntN(3)]
		case 4:
			// a monomial divisor with a coefficient, c*Y, and a dividend
			// whose terms are multiples c2*Q*Y (taken out where c
			// divides c2) plus a rest (finding 37: ceil_div(4*K*M,
			// 2*K) is 2*M)
			c := int64(2 + r.IntN(3))
			ym := vvar(syms[r.IntN(len(syms))])
			if r.IntN(2) == 0 {
				var err error
				if ym, err = vmul(ym, vvar(syms[r.IntN(len(syms))])); err != nil {
					t.Fatal(err)
				}
			}
			y = vscale(ym, big.NewRat(c, 1))
			qy, err := vmul(gen(1), ym)
			if err != nil {
				t.Fatal(err)
			}
			x = vscale(qy, big.NewRat(int64(1+r.IntN(8)), 1))
			if r.IntN(2) == 0 {
				x = vadd(x, gen(1))
			}
			op = ops[r.IntN(3)]
		}
		got, err := v.atom(op, x, y)
		if err != nil {
			if len(y) == 0 && op != "min" && op != "max" {
				continue
			}
			t.Fatalf("%s(%s, %s): %v", op, polyKey(x), polyKey(y), err)
		}
		for range 40 {
			b := map[string]int64{}
			for _, s := range syms {
				b[s] = 1 + r.Int64N(9)
				if r.IntN(4) == 0 {
					b[s] = 1 + r.Int64N(200)
				}
			}
			xv, ok1 := vevalTest(x, v.atoms, b)
			yv, ok2 := vevalTest(y, v.atoms, b)
			if !ok1 || !ok2 {
				continue
			}
			want, ok := atomValueTest(op, xv, yv)
			if !ok {
				continue
			}
			gv, ok := vevalTest(got, v.atoms, b)
			if !ok {
				continue
			}
			checked++
			if gv.Cmp(want) != 0 {
				t.Fatalf("trial %d: %s(%s, %s) normalized to %s: %s at %v, want %s", trial, op, polyKey(x), polyKey(y), polyKey(got), gv.RatString(), b, want.RatString())
			}
		}
	}
	t.Logf("%d values compared", checked)
	if checked < 5000 {
		t.Fatalf("only %d values compared", checked)
	}
}
