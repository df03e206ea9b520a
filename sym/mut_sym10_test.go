package sym

import (
	"fmt"
	"math/big"
	"slices"
	"strings"
	"testing"
)

// oddK is the stored form of the assumption K%2!=0, compiled as K =
// 2*K'1'+1 (the alias u1), for hand-written certificates.
const oddK = `"assumptions":[{"rel":"!=","x":"K%2","y":"0"}],"unknowns":[{"alias":"u1","name":"K'1'"}],` +
	`"steps":[{"kind":"congruence","src":{"cond":0},"var":"K","new":"K'1'","mod":2,"rem":1}]`

// oddPower is (2*u1+1)^n expanded by the binomial theorem, sum over k of
// C(n,k)*2^k*u1^k, in the notation: the image of K^n under K%2!=0,
// computed without the package's arithmetic.
func oddPower(n int64) string {
	var terms []string
	for k := int64(0); k <= n; k++ {
		c := new(big.Int).Lsh(new(big.Int).Binomial(n, k), uint(k))
		terms = append(terms, c.String()+strings.Repeat("*u1", int(k)))
	}
	return strings.Join(terms, "+")
}

// divCert is the stored certificate of "a divides b" under K%2!=0 with
// the quotient q (over u1).
func divCert(a, b, q string) string {
	return `{"version":1,"claim":{"op":"divides","a":"` + a + `","b":"` + b + `"},"universal":true,` + oddK +
		`,"quotient":"` + q + `"}`
}

// TestMutSym10GroupPowersBound: Verify multiplies the reciprocal of a sum
// out of a Divides quotient (or an order proof's scale) at most
// vmaxGroupPowers (16) times. Under K%2!=0 (K = 2*K'+1), 2/K^n divides 2
// with the quotient K^n, whose image (2*K'+1)^n holds the sum 2*K'+1
// exactly n times: accepted for n <= 16 (each claim true by brute force),
// refused for n = 17 with the documented error, as is 2/K^16 dividing
// 2*K (a true claim whose quotient K^17 holds the sum 17 times). A
// quotient with its constant term off is refused. The engine decides
// the claim at n = 16, and leaves it Unknown at n = 17, where its own
// certificate would be refused.
func TestMutSym10GroupPowersBound(t *testing.T) {
	recip := func(n int) string { return "2" + strings.Repeat("/K", n) }
	for _, n := range []int{1, 2, 15, 16} {
		checkTampered(t, divCert(recip(n), "2", oddPower(int64(n))), true)
	}
	for _, c := range [][3]string{
		{recip(17), "2", oddPower(17)},
		{recip(16), "2*K", oddPower(17)},
	} {
		s := divCert(c[0], c[1], c[2])
		cert, err := ParseCertificate([]byte(s))
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		if sound, b := claimSound(cert); !sound {
			t.Fatalf("the claim %s fails at %v", cert.Claim, b)
		}
		want := fmt.Sprintf("more than %d times", vmaxGroupPowers)
		if err := Verify(cert); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s divides %s with a quotient holding the sum 17 times: Verify = %v, want %q", c[0], c[1], err, want)
		}
	}
	rest, ok := strings.CutPrefix(oddPower(16), "1+")
	if !ok {
		t.Fatalf("the constant term is not first: %s", oddPower(16))
	}
	checkTampered(t, divCert(recip(16), "2", "3+"+rest), false)

	for n, want := range map[int]Truth{16: True, 17: Unknown} {
		if d := mustCtx(t, "K%2!=0").Divides(MustParse(recip(n)), MustParse("2")); d.Truth != want {
			t.Errorf("2/K^%d divides 2 under K%%2!=0: %v, want %v", n, d.Truth, want)
		}
	}
}

// TestMutSym10ZeroQuotientEnds is the shape of finding 38's hang: a
// Divides claim whose B is a sum that the substitutions make 0 (M-N under
// M==N), so that its only quotient is 0, which the reciprocal's sum
// 2*K'+1 of A = 2/K divides as often as asked. Verify ends, refusing it
// at the bound with the documented error (the claim is true: 0 is a
// multiple of everything).
func TestMutSym10ZeroQuotientEnds(t *testing.T) {
	s := `{"version":1,"claim":{"op":"divides","a":"2/K","b":"M-N"},"universal":true,` +
		`"assumptions":[{"rel":"!=","x":"K%2","y":"0"},{"rel":"==","x":"M","y":"N"}],` +
		`"unknowns":[{"alias":"u1","name":"K'1'"}],` +
		`"steps":[{"kind":"solve","src":{"cond":1},"var":"N","expr":"M"},` +
		`{"kind":"congruence","src":{"cond":0},"var":"K","new":"K'1'","mod":2,"rem":1}],"quotient":"0"}`
	cert, err := ParseCertificate([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("more than %d times", vmaxGroupPowers)
	if err := Verify(cert); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("Verify = %v, want %q", err, want)
	}
}

// TestMutSym10OffsetLandsOnUpperBound: in boxIter's pseudo-random phase an
// unknown moved by an offset that lands exactly on its upper bound stays
// there; only one that passes it goes back to the lower bound. The phase's
// choices are the same sequence for every box of n unknowns (boxIter's
// doc), so two boxes of four unknowns, each unknown in [lo, lo+2] in one
// and unbounded above in the other, are enumerated side by side: wherever
// the unbounded box's unknown is at lo+2 (the offset 2), the bounded box's
// is at lo+2, its upper bound (drawn as the bound, or landed on).
func TestMutSym10OffsetLandsOnUpperBound(t *testing.T) {
	los := []int64{1, 0, 3, 2}
	var bounded, open []boxBounds
	for _, lo := range los {
		bounded = append(bounded, boxBounds{bounds: bounds{lo: lo, hi: lo + 2, hasHi: true}})
		open = append(open, boxBounds{bounds: bounds{lo: lo}})
	}
	random := func(bd []boxBounds) [][]int64 {
		var it boxIter
		pt := make([]int64, len(bd))
		var out [][]int64
		for it.next(bd, pt) {
			if it.phase == 3 {
				out = append(out, slices.Clone(pt))
			}
		}
		return out
	}
	a, b := random(bounded), random(open)
	landed := 0
	for k := range min(len(a), len(b)) {
		for i, lo := range los {
			if b[k][i] != lo+2 {
				continue
			}
			landed++
			if a[k][i] != lo+2 {
				t.Errorf("pseudo-random point %d: unknown %d is %d in [%d, %d], want %d (the offset 2 lands on the upper bound)",
					k, i, a[k][i], lo, lo+2, lo+2)
			}
		}
	}
	if landed == 0 {
		t.Fatal("no pseudo-random point moves an unknown by the offset 2")
	}
}
