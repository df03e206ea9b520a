package sym

import (
	"math"
	"math/big"
	"math/bits"
)

// rat is an exact rational number: a coefficient of a polynomial, a bound or
// a value during evaluation. It is normalized: when the value fits, b is nil
// and n/d holds it with d > 0, gcd(|n|, d) == 1, n != MinInt64 and d <=
// MaxInt64; otherwise b holds it (and never a value that would fit). So two
// rats are equal exactly when their fields are, up to the big.Rat pointer.
// Arithmetic never wraps: a result that does not fit in int64 moves to
// math/big.
type rat struct {
	n, d int64
	b    *big.Rat
}

var (
	ratZero = rat{n: 0, d: 1}
	ratOne  = rat{n: 1, d: 1}
)

func ratInt(v int64) rat {
	if v == math.MinInt64 {
		return ratFromBig(new(big.Rat).SetInt64(v))
	}
	return rat{n: v, d: 1}
}

// ratFromBig normalizes a big.Rat (it takes ownership of b).
func ratFromBig(b *big.Rat) rat {
	if b.Num().IsInt64() && b.Denom().IsInt64() {
		n, d := b.Num().Int64(), b.Denom().Int64()
		if n != math.MinInt64 {
			return rat{n: n, d: d}
		}
	}
	return rat{b: b}
}

// toBig returns a new big.Rat with the value of x.
func (x rat) toBig() *big.Rat {
	if x.b != nil {
		return new(big.Rat).Set(x.b)
	}
	return new(big.Rat).SetFrac64(x.n, x.d)
}

func gcd64(a, b uint64) uint64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

func abs64(v int64) uint64 {
	return uint64(max(v, -v)) // -MinInt64 is MinInt64, which gives 1<<63
}

// add64 returns a+b, false when the sum overflows int64.
func add64(a, b int64) (int64, bool) {
	s := a + b
	return s, (a^s)&(b^s) >= 0 // overflow: s's sign differs from both a's and b's
}

// mkRat builds the normalized n/d from signed numerator and positive
// denominator given as (negative flag, magnitudes), reporting false when
// the result does not fit the small form.
func mkRat(neg bool, num, den uint64) (rat, bool) {
	if den == 0 {
		return rat{}, false
	}
	if num == 0 {
		return ratZero, true
	}
	g := gcd64(num, den)
	num, den = num/g, den/g
	if num > math.MaxInt64 || den > math.MaxInt64 {
		return rat{}, false
	}
	n := int64(num)
	if neg {
		n = -n
	}
	return rat{n: n, d: int64(den)}, true
}

func (x rat) isZero() bool { return x.b == nil && x.n == 0 }
func (x rat) isOne() bool  { return x.b == nil && x.n == 1 && x.d == 1 }
func (x rat) isInt() bool {
	if x.b != nil {
		return x.b.IsInt()
	}
	return x.d == 1
}

// int64 returns the value when it is an integer that fits.
func (x rat) int64() (int64, bool) {
	if x.b != nil || x.d != 1 {
		return 0, false
	}
	return x.n, true
}

func (x rat) sign() int {
	if x.b != nil {
		return x.b.Sign()
	}
	switch {
	case x.n > 0:
		return 1
	case x.n < 0:
		return -1
	}
	return 0
}

func (x rat) eq(y rat) bool {
	if x.b == nil && y.b == nil {
		return x.n == y.n && x.d == y.d
	}
	if x.b != nil && y.b != nil {
		return x.b.Cmp(y.b) == 0
	}
	return false // normalized: a big value never equals a small one
}

func (x rat) cmp(y rat) int {
	if x.b == nil && y.b == nil {
		// compare x.n*y.d with y.n*x.d in 128 bits
		return cmp128(x.n, y.d, y.n, x.d)
	}
	return x.toBig().Cmp(y.toBig())
}

// cmp128 compares a*b with c*d (b, d > 0).
func cmp128(a, b, c, d int64) int {
	sa, sc := a < 0, c < 0
	if sa != sc {
		if sa {
			return -1
		}
		return 1
	}
	hi1, lo1 := bits.Mul64(abs64(a), uint64(b))
	hi2, lo2 := bits.Mul64(abs64(c), uint64(d))
	r := 0
	switch {
	case hi1 < hi2 || (hi1 == hi2 && lo1 < lo2):
		r = -1
	case hi1 > hi2 || lo1 > lo2:
		r = 1
	}
	if sa {
		r = -r
	}
	return r
}

func (x rat) neg() rat {
	if x.b == nil {
		return rat{n: -x.n, d: x.d}
	}
	return ratFromBig(new(big.Rat).Neg(x.b))
}

func (x rat) add(y rat) rat {
	if x.b == nil && y.b == nil {
		if x.d == 1 && y.d == 1 {
			if r, ok := add64(x.n, y.n); ok && r != math.MinInt64 {
				return rat{n: r, d: 1}
			}
		} else if r, ok := addSmall(x, y); ok {
			return r
		}
	}
	return ratFromBig(new(big.Rat).Add(x.toBig(), y.toBig()))
}

// addSmall computes x+y as (x.n*y.d + y.n*x.d) / (x.d*y.d), the products
// and the sum in int64, the denominator in uint64; false when one of them
// or the reduced result does not fit.
func addSmall(x, y rat) (rat, bool) {
	a, ok1 := mul64(x.n, y.d)
	b, ok2 := mul64(y.n, x.d)
	s, ok3 := add64(a, b)
	if !ok1 || !ok2 || !ok3 {
		return rat{}, false
	}
	hd, ld := bits.Mul64(uint64(x.d), uint64(y.d))
	if hd != 0 {
		return rat{}, false
	}
	return mkRat(s < 0, abs64(s), ld)
}

func (x rat) sub(y rat) rat { return x.add(y.neg()) }

func (x rat) mul(y rat) rat {
	if x.b == nil && y.b == nil {
		if x.n == 0 || y.n == 0 {
			return ratZero
		}
		// cross-cancel first to keep numbers small
		g1 := gcd64(abs64(x.n), uint64(y.d))
		g2 := gcd64(abs64(y.n), uint64(x.d))
		hn, ln := bits.Mul64(abs64(x.n)/g1, abs64(y.n)/g2)
		hd, ld := bits.Mul64(uint64(x.d)/g2, uint64(y.d)/g1)
		if hn == 0 && hd == 0 {
			if r, ok := mkRat(x.n^y.n < 0, ln, ld); ok { // the signs differ
				return r
			}
		}
	}
	return ratFromBig(new(big.Rat).Mul(x.toBig(), y.toBig()))
}

// inv returns 1/x; x must not be zero.
func (x rat) inv() rat {
	if x.b == nil {
		if x.n < 0 {
			return rat{n: -x.d, d: -x.n}
		}
		return rat{n: x.d, d: x.n}
	}
	return ratFromBig(new(big.Rat).Inv(x.b))
}

// quo returns x/y; y must not be zero.
func (x rat) quo(y rat) rat { return x.mul(y.inv()) }

// num and den return the numerator and denominator as big.Ints (new values).
func (x rat) num() *big.Int {
	if x.b != nil {
		return new(big.Int).Set(x.b.Num())
	}
	return big.NewInt(x.n)
}

func (x rat) den() *big.Int {
	if x.b != nil {
		return new(big.Int).Set(x.b.Denom())
	}
	return big.NewInt(x.d)
}

// floor returns the largest integer <= x.
func (x rat) floor() rat {
	if x.b == nil {
		if x.d == 1 {
			return x
		}
		q := x.n / x.d
		if x.n < 0 {
			q--
		}
		return rat{n: q, d: 1}
	}
	q := new(big.Int)
	m := new(big.Int)
	q.DivMod(x.b.Num(), x.b.Denom(), m) // Euclidean; denominator > 0 so this is floor
	return ratFromBig(new(big.Rat).SetInt(q))
}

// ceil returns the smallest integer >= x.
func (x rat) ceil() rat { return x.neg().floor().neg() }

// divides reports whether the integer d divides the integer x (both must be
// integers; d != 0).
func intDivides(d, x rat) bool {
	if x.isZero() {
		return true
	}
	return x.quo(d).isInt()
}

// gcdInt returns gcd(|a|, |b|) of two integers (0 when both are 0).
func gcdInt(a, b rat) rat {
	if a.b == nil && b.b == nil {
		// at most MaxInt64: small numerators are not MinInt64
		return rat{n: int64(gcd64(abs64(a.n), abs64(b.n))), d: 1}
	}
	return ratFromBig(new(big.Rat).SetInt(new(big.Int).GCD(nil, nil, new(big.Int).Abs(a.num()), new(big.Int).Abs(b.num()))))
}

// modInt returns x mod m in [0, |m|) for integers x and m != 0.
func modInt(x, m rat) rat {
	if x.b == nil && m.b == nil {
		r := x.n % m.n
		if r < 0 {
			r += abs(m.n)
		}
		return rat{n: r, d: 1}
	}
	r := new(big.Int).Mod(x.num(), new(big.Int).Abs(m.num()))
	return ratFromBig(new(big.Rat).SetInt(r))
}

func abs(v int64) int64 { return max(v, -v) }

func (x rat) String() string {
	if x.b != nil {
		return x.b.RatString()
	}
	if x.d == 1 {
		return big.NewInt(x.n).String()
	}
	return big.NewRat(x.n, x.d).RatString()
}

func ratFromBigInt(i *big.Int) rat { return ratFromBig(new(big.Rat).SetInt(i)) }
