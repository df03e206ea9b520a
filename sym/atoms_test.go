package sym

import (
	"fmt"
	"math/big"
	"math/rand"
	"testing"
)

// refExpr is the test's own expression tree: an Expr built through the
// API beside a direct evaluator with Go integers, the reference for the
// canonical forms.
type refExpr struct {
	e    Expr
	text string
	eval func(m, n, k int64) int64
}

// floorDivRef, ceilDivRef and modRef are the tests' own integer division
// (b != 0): floor and ceiling of a/b, and a - b*floor(a/b).
func floorDivRef(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

func ceilDivRef(a, b int64) int64 { return -floorDivRef(-a, b) }

func modRef(a, b int64) int64 { return a - b*floorDivRef(a, b) }

// randomRef builds a random expression over M, N and K of the integer
// functions, with divisors that are positive or negative constants, or
// positive at every binding (symbols, products, sums, min, ceil_div).
func randomRef(rng *rand.Rand, depth int) refExpr {
	sym := func(name string, f func(m, n, k int64) int64) refExpr {
		return refExpr{MustParse(name), name, f}
	}
	leaves := []refExpr{
		sym("M", func(m, n, k int64) int64 { return m }),
		sym("N", func(m, n, k int64) int64 { return n }),
		sym("K", func(m, n, k int64) int64 { return k }),
	}
	if depth == 0 || rng.Intn(4) == 0 {
		if rng.Intn(3) == 0 {
			c := int64(rng.Intn(9) - 3)
			return refExpr{Const(c), fmt.Sprint(c), func(m, n, k int64) int64 { return c }}
		}
		return leaves[rng.Intn(len(leaves))]
	}
	divisor := func() refExpr {
		switch rng.Intn(7) {
		case 0, 1:
			c := []int64{2, 3, 4, 6, -2, -3}[rng.Intn(6)]
			return refExpr{Const(c), fmt.Sprint(c), func(m, n, k int64) int64 { return c }}
		case 2:
			return leaves[rng.Intn(3)]
		case 3:
			return sym("N*K", func(m, n, k int64) int64 { return n * k })
		case 4:
			return sym("N+1", func(m, n, k int64) int64 { return n + 1 })
		case 5:
			return sym("min(M,K)", func(m, n, k int64) int64 { return min(m, k) })
		default:
			return sym("2*M", func(m, n, k int64) int64 { return 2 * m })
		}
	}
	a := randomRef(rng, depth-1)
	var b refExpr
	op := rng.Intn(9)
	if op >= 3 && op <= 5 {
		b = divisor()
	} else {
		b = randomRef(rng, depth-1)
	}
	bin := func(e Expr, name string, f func(x, y int64) int64) refExpr {
		return refExpr{e, fmt.Sprintf("%s(%s,%s)", name, a.text, b.text), func(m, n, k int64) int64 {
			return f(a.eval(m, n, k), b.eval(m, n, k))
		}}
	}
	switch op {
	case 0:
		return bin(Add(a.e, b.e), "add", func(x, y int64) int64 { return x + y })
	case 1:
		return bin(Sub(a.e, b.e), "sub", func(x, y int64) int64 { return x - y })
	case 2:
		return bin(Mul(a.e, b.e), "mul", func(x, y int64) int64 { return x * y })
	case 3:
		return bin(FloorDiv(a.e, b.e), "floor_div", floorDivRef)
	case 4:
		return bin(CeilDiv(a.e, b.e), "ceil_div", ceilDivRef)
	case 5:
		return bin(Mod(a.e, b.e), "mod", modRef)
	case 6:
		return bin(Min(a.e, b.e), "min", func(x, y int64) int64 { return min(x, y) })
	case 7:
		return bin(Max(a.e, b.e), "max", func(x, y int64) int64 { return max(x, y) })
	default:
		// an exact division that is exact: (a*d)/d
		b = divisor()
		return bin(ExactDiv(Mul(a.e, b.e), b.e), "exact", func(x, y int64) int64 { return x })
	}
}

// Every reduction of the integer functions is an identity of values: random
// expressions over M, N and K (floor_div, ceil_div, %, min, max, exact
// divisions, by constants of either sign, symbols, products and sums)
// evaluate, in their canonical form, to what the expression tree gives with
// Go integers at every binding of a box, and print to text that reads back
// as the same form; min and max of two such expressions do not depend on
// the order of the arguments, and (a*d)/d is a for a
// divisor d that is a constant, a monomial, a sum of symbols or a min.
func TestAtomsAreIdentities(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for i := 0; i < 400; i++ {
		r := randomRef(rng, 3)
		if r.e.Err() != nil {
			t.Fatalf("%s: %v", r.text, r.e.Err())
		}
		// the documented canonical forms: min and max order their
		// arguments; a product divided by a factor is the other factor
		o := randomRef(rng, 2)
		if !Equal(Min(r.e, o.e), Min(o.e, r.e)) || !Equal(Max(r.e, o.e), Max(o.e, r.e)) {
			t.Errorf("min or max of %s and %s depends on the order: %s, %s", r.e, o.e, Min(r.e, o.e), Min(o.e, r.e))
		}
		d := MustParse([]string{"3", "-2", "N", "N*K", "N+1", "M+K+2", "min(M,K)", "2*M"}[rng.Intn(8)])
		if q := ExactDiv(Mul(r.e, d), d); !Equal(q, r.e) {
			t.Errorf("(%s)*(%s)/(%s) is %s", r.e, d, d, q)
		}
		back, err := Parse(r.e.String())
		if err != nil || !Equal(back, r.e) {
			t.Errorf("%s = %s reads back as %v (%v)", r.text, r.e, back, err)
		}
		for m := int64(1); m <= 5; m++ {
			for n := int64(1); n <= 5; n++ {
				for k := int64(1); k <= 4; k++ {
					got, err := Eval(r.e, Binding{"M": m, "N": n, "K": k})
					if err != nil {
						t.Fatalf("%s = %s at M=%d N=%d K=%d: %v", r.text, r.e, m, n, k, err)
					}
					if want := r.eval(m, n, k); got != want {
						t.Fatalf("%s = %s at M=%d N=%d K=%d: %d, want %d", r.text, r.e, m, n, k, got, want)
					}
				}
			}
		}
	}
}

// Documented canonical forms that the random expressions rarely reach: a
// sum's order does not depend on the order of its terms where one
// monomial is a prefix of another (negative exponents: K and K*M/N have
// one degree); a term with one mod atom keeps it, printed first (T%4*128,
// M%min(K,N): a call is one factor); (x/y)*y is x for a sum y, and
// floor_div, ceil_div and % of x*y by y are x, x and 0; M%(N%4) reads
// back; (N/M+1/M)/(N+1) is 1/M; and an exact division by a substituted
// mod atom keeps its value.
func TestCanonicalFormsDocumented(t *testing.T) {
	k, kmn := MustParse("K"), MustParse("K*M/N")
	if a, b := Add(k, kmn), Add(kmn, k); !Equal(a, b) || a.String() != b.String() {
		t.Errorf("K + K*M/N is %s, K*M/N + K is %s", a, b)
	}
	for _, src := range []string{"M%8*N", "T%4*128", "M%8*N%4", "M%min(K,N)", "M%floor_div(N,2)"} {
		if got := MustParse(src).String(); got != src {
			t.Errorf("%s prints as %s", src, got)
		}
	}
	for _, x := range []string{"M+2*N", "M*N-K", "floor_div(M,3)+K"} {
		for _, y := range []string{"N+1", "M+K+2"} {
			xe, ye := MustParse(x), MustParse(y)
			if got := Mul(ExactDiv(xe, ye), ye); !Equal(got, xe) {
				t.Errorf("(%s)/(%s)*(%s) is %s", x, y, y, got)
			}
			xy := Mul(xe, ye)
			if f, c, m := FloorDiv(xy, ye), CeilDiv(xy, ye), Mod(xy, ye); !Equal(f, xe) || !Equal(c, xe) || !Equal(m, Const(0)) {
				t.Errorf("floor_div, ceil_div, %% of (%s)*(%s) by %s: %s, %s, %s", x, y, y, f, c, m)
			}
		}
	}
	// a numerator with negative exponents over a sum that divides it
	for _, c := range [][3]string{{"N/M+1/M", "N+1", "1/M"}, {"K*N/M/M+K/M/M", "N+1", "K/M/M"}} {
		if got := ExactDiv(MustParse(c[0]), MustParse(c[1])); !Equal(got, MustParse(c[2])) {
			t.Errorf("(%s)/(%s) is %s, want %s", c[0], c[1], got, c[2])
		}
	}
	// a remainder by a remainder is no atom (x%y%z reads as (x%y)%z)
	mm := Mod(MustParse("M"), Mod(MustParse("N"), Const(4)))
	if back, err := Parse(mm.String()); err != nil || !Equal(back, mm) {
		t.Errorf("M%%(N%%4) prints as %s, which reads back as %v (%v)", mm, back, err)
	}
	e := Substitute(MustParse("M/K+N"), map[string]Expr{"K": MustParse("N%4")})
	for m := int64(1); m <= 6; m++ {
		for n := int64(1); n <= 11; n++ {
			if n%4 == 0 {
				continue
			}
			got, err := EvalRat(e, Binding{"M": m, "N": n})
			if err != nil || got.Cmp(new(big.Rat).SetFrac64(m+n*(n%4), n%4)) != 0 {
				t.Errorf("%s at M=%d N=%d: %v (%v)", e, m, n, got, err)
			}
		}
	}
}
