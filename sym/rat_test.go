package sym

import (
	"math"
	"math/big"
	"math/rand"
	"testing"
)

// ratValues are small and big rationals: edges of int64 (MaxInt64 and its
// neighbours, 2^31, 2^62), fractions near them, random ones.
func ratValues(rng *rand.Rand, n int) []rat {
	edge := []int64{0, 1, 2, 3, 5, 6, 7, 1 << 31, 1<<31 - 1, 1 << 62, math.MaxInt64 / 2, math.MaxInt64 / 6, math.MaxInt64 - 1, math.MaxInt64}
	pick := func() int64 {
		if rng.Intn(2) == 0 {
			return edge[rng.Intn(len(edge))]
		}
		return rng.Int63() >> uint(rng.Intn(63))
	}
	out := []rat{ratZero, ratOne, ratInt(-1), ratInt(math.MinInt64)}
	for len(out) < n {
		num, den := new(big.Int).SetInt64(pick()), pick()
		if den == 0 {
			den = 1
		}
		if rng.Intn(2) == 0 {
			num.Neg(num)
		}
		if rng.Intn(8) == 0 {
			num.Mul(num, big.NewInt(pick()))
		}
		out = append(out, ratFromBig(new(big.Rat).SetFrac(num, big.NewInt(den))))
	}
	return out
}

// checkNormal fails unless x is in rat's normal form: the small form
// exactly when the value fits (numerator not MinInt64), lowest terms.
func checkNormal(t *testing.T, what string, x rat, want *big.Rat) {
	t.Helper()
	if x.toBig().Cmp(want) != 0 {
		t.Fatalf("%s = %s, want %s", what, x, want.RatString())
	}
	fits := want.Num().IsInt64() && want.Num().Int64() != math.MinInt64 && want.Denom().IsInt64()
	if fits != (x.b == nil) || x.b == nil && (x.d <= 0 || gcd64(abs64(x.n), uint64(x.d)) != 1) {
		t.Fatalf("%s = %+v: not normalized (fits: %v)", what, x, fits)
	}
}

// rat's arithmetic against math/big on small, edge and big values: every
// result exact and normalized; integer helpers (floor, ceil, gcdInt,
// modInt, intDivides) on integers.
func TestRatAgainstBig(t *testing.T) {
	vals := ratValues(rand.New(rand.NewSource(5)), 90)
	for _, x := range vals {
		bx := x.toBig()
		checkNormal(t, "neg "+x.String(), x.neg(), new(big.Rat).Neg(bx))
		if x.sign() != bx.Sign() {
			t.Fatalf("sign(%s) = %d", x, x.sign())
		}
		if x.sign() != 0 {
			checkNormal(t, "inv "+x.String(), x.inv(), new(big.Rat).Inv(bx))
		}
		fl := new(big.Int).Div(bx.Num(), bx.Denom()) // Euclidean: floor for a positive divisor
		checkNormal(t, "floor "+x.String(), x.floor(), new(big.Rat).SetInt(fl))
		for _, y := range vals {
			by := y.toBig()
			what := x.String() + " op " + y.String()
			checkNormal(t, "add "+what, x.add(y), new(big.Rat).Add(bx, by))
			checkNormal(t, "sub "+what, x.sub(y), new(big.Rat).Sub(bx, by))
			checkNormal(t, "mul "+what, x.mul(y), new(big.Rat).Mul(bx, by))
			if c := x.cmp(y); c != bx.Cmp(by) {
				t.Fatalf("cmp %s = %d", what, c)
			}
			if x.eq(y) != (bx.Cmp(by) == 0) {
				t.Fatalf("eq %s = %v", what, x.eq(y))
			}
			if !x.isInt() || !y.isInt() {
				continue
			}
			gx, gy := bx.Num(), by.Num()
			g := new(big.Int).GCD(nil, nil, new(big.Int).Abs(gx), new(big.Int).Abs(gy))
			checkNormal(t, "gcd "+what, gcdInt(x, y), new(big.Rat).SetInt(g))
			if y.sign() == 0 {
				continue
			}
			m := new(big.Int).Mod(gx, new(big.Int).Abs(gy))
			checkNormal(t, "mod "+what, modInt(x, y), new(big.Rat).SetInt(m))
			if intDivides(y, x) != (m.Sign() == 0) {
				t.Fatalf("divides %s = %v", what, intDivides(y, x))
			}
		}
	}
}

// The small form's point: arithmetic on small rats allocates nothing where
// its intermediates fit (add: the cross products and their sum in int64,
// the denominators' product in uint64, the reduced result small; mul: the
// reduced product small; cmp, gcdInt, modInt: always). The inputs include
// the edges where a bound off by one would send the operation to big.Rat.
func TestRatSmallNoAlloc(t *testing.T) {
	vals := []rat{}
	for _, v := range ratValues(rand.New(rand.NewSource(9)), 120) {
		if v.b == nil {
			vals = append(vals, v)
		}
	}
	for _, e := range [][2]int64{{math.MaxInt64, 2}, {math.MaxInt64, 3}, {1, math.MaxInt64}, {2, math.MaxInt64}, {-math.MaxInt64, 2}, {1, 2}, {-1, 2}, {1, 3}, {-5, 6}, {7, 1}, {-7, 1}, {math.MaxInt64, 1}, {-math.MaxInt64, 1}} {
		vals = append(vals, ratInt(e[0]).quo(ratInt(e[1])))
	}
	fits := func(x *big.Int) bool { return x.IsInt64() && x.Int64() != math.MinInt64 }
	small := func(r *big.Rat) bool { return fits(r.Num()) && r.Denom().IsInt64() }
	var sink rat
	var sinkInt int
	checked := 0
	for _, x := range vals {
		for _, y := range vals {
			nx, dx, ny, dy := big.NewInt(x.n), big.NewInt(x.d), big.NewInt(y.n), big.NewInt(y.d)
			a, b := new(big.Int).Mul(nx, dy), new(big.Int).Mul(ny, dx)
			s := new(big.Int).Add(a, b)
			dd := new(big.Int).Mul(dx, dy)
			sum := new(big.Rat).Add(x.toBig(), y.toBig())
			addFits := fits(a) && fits(b) && s.IsInt64() && dd.IsUint64() && small(sum)
			if x.d == 1 && y.d == 1 {
				addFits = fits(s)
			}
			if addFits {
				checked++
				if n := testing.AllocsPerRun(1, func() { sink = x.add(y) }); n != 0 {
					t.Errorf("%s + %s: %v allocations", x, y, n)
				}
			}
			if small(new(big.Rat).Mul(x.toBig(), y.toBig())) {
				if n := testing.AllocsPerRun(1, func() { sink = x.mul(y) }); n != 0 {
					t.Errorf("%s * %s: %v allocations", x, y, n)
				}
			}
			if n := testing.AllocsPerRun(1, func() { sinkInt = x.cmp(y) }); n != 0 {
				t.Errorf("cmp(%s, %s): %v allocations", x, y, n)
			}
			if x.d == 1 && y.d == 1 {
				if n := testing.AllocsPerRun(1, func() { sink = gcdInt(x, y) }); n != 0 {
					t.Errorf("gcd(%s, %s): %v allocations", x, y, n)
				}
				if y.n != 0 {
					if n := testing.AllocsPerRun(1, func() { sink = modInt(x, y) }); n != 0 {
						t.Errorf("%s mod %s: %v allocations", x, y, n)
					}
				}
			}
		}
	}
	_, _ = sink, sinkInt
	if checked < 1000 {
		t.Errorf("only %d small additions", checked)
	}
}
