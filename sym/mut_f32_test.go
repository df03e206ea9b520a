package sym

import (
	"math/big"
	"testing"
)

// Tests for the survivors of the mutation run on branch f32's verifier
// code (docs/mutation/mutf32.md): the reciprocal of a sum as an atom, the
// order of monomials it is normalized by, and the printing of large
// denominators.

// TestMutF32MonoOrder: vmonoCmp is graded lexicographic order on exponent
// vectors (total degree first, then the exponent of each variable by
// name, the first foremost), compared here with the test's own dense
// reading over K, M, N with exponents -1..2, on every pair of monomials.
func TestMutF32MonoOrder(t *testing.T) {
	names := []string{"K", "M", "N"}
	var vecs [][3]int64
	for a := int64(-1); a <= 2; a++ {
		for b := int64(-1); b <= 2; b++ {
			for c := int64(-1); c <= 2; c++ {
				vecs = append(vecs, [3]int64{a, b, c})
			}
		}
	}
	mono := func(x [3]int64) []vf {
		var m []vf
		for i, e := range x {
			if e != 0 {
				m = append(m, vf{names[i], e})
			}
		}
		return m
	}
	want := func(x, y [3]int64) int {
		dx, dy := x[0]+x[1]+x[2], y[0]+y[1]+y[2]
		if dx != dy {
			if dx < dy {
				return -1
			}
			return 1
		}
		for i := range x {
			if x[i] != y[i] {
				if x[i] < y[i] {
					return -1
				}
				return 1
			}
		}
		return 0
	}
	for _, x := range vecs {
		for _, y := range vecs {
			if got, w := vmonoCmp(mono(x), mono(y)), want(x, y); got != w {
				t.Fatalf("vmonoCmp(%v, %v) = %d, want %d", mono(x), mono(y), got, w)
			}
		}
	}
}

// TestMutF32InverseValue: the verifier's reciprocal of a sum p is one
// term c*g*@inv(P0), P0 an integer polynomial of several terms without
// negative exponents, and its value (P0 evaluated by the test, the atom
// read as 1/P0) times the value of p is 1 at every binding of M, N, K to
// 1..4 where p is not 0, by exact rational arithmetic.
func TestMutF32InverseValue(t *testing.T) {
	for _, s := range []string{"M+N", "M-N", "N-M", "6*N+3", "-2*N-1", "M*N+M", "N/M+1/M",
		"M*M*N+M*N*N", "K*M+K*N+1", "N*N-M", "3*M*M/2-2*M*N", "M/K-N/K/K"} {
		v := newVerifier()
		p, err := v.conv(MustParse(s))
		if err != nil {
			t.Fatal(err)
		}
		r, err := v.inverse(p)
		if err != nil {
			t.Fatalf("1/(%s): %v", s, err)
		}
		term, ok := r.single()
		if !ok {
			t.Fatalf("1/(%s) is not one term: %v", s, r)
		}
		var p0 vpoly
		var rest []vf
		for _, f := range term.m {
			if a, ok := v.atoms[f.v]; ok {
				if a.op != "inv" || f.e != 1 || p0 != nil {
					t.Fatalf("1/(%s) = %v: not one reciprocal atom", s, r)
				}
				p0 = a.x
				continue
			}
			rest = append(rest, f)
		}
		if len(p0) < 2 || !allIntExp(p0) {
			t.Fatalf("1/(%s): the atom's argument %v is not a sum without negative exponents", s, p0)
		}
		for _, t0 := range p0 {
			if !t0.c.IsInt() {
				t.Fatalf("1/(%s): the atom's argument %v has a fraction", s, p0)
			}
		}
		others := vpoly{monoKey(rest): {term.c, rest}}
		for m := int64(1); m <= 4; m++ {
			for n := int64(1); n <= 4; n++ {
				for k := int64(1); k <= 4; k++ {
					b := map[string]int64{"M": m, "N": n, "K": k}
					pv, ok1 := vevalTest(p, nil, b)
					qv, ok2 := vevalTest(p0, nil, b)
					ov, ok3 := vevalTest(others, nil, b)
					if !ok1 || !ok2 || !ok3 || pv.Sign() == 0 {
						continue
					}
					if qv.Sign() == 0 {
						t.Fatalf("1/(%s): P0 = %v is 0 at %v where p is not", s, p0, b)
					}
					got := new(big.Rat).Quo(ov, qv)
					if got.Mul(got, pv).Cmp(big.NewRat(1, 1)) != 0 {
						t.Fatalf("1/(%s) = %v with @inv(%v): times p is %v at %v, not 1", s, r, p0, got, b)
					}
				}
			}
		}
	}
	// one atom for a sum and its negation
	v := newVerifier()
	a, _ := v.conv(MustParse("1/min(M-N,M-N)"))
	b, _ := v.conv(MustParse("-1/min(N-M,N-M)"))
	if !veq(a, b) {
		t.Errorf("1/(M-N) is %v, -1/(N-M) is %v", a, b)
	}
}

// TestMutF32InverseOfMonomial: under M == N (the certificate solves N =
// M), the image of the sum M+N is the monomial 2*M, and the reciprocal
// atom 1/(M+N) becomes its reciprocal 1/(2*M), not 2*M. True claims
// about 1/(M+N) verify; the false claims 1/(M+N) >= 1 and == 2*M, which
// read 1/(M+N) as M+N, are refused (brute force checks what verifies).
func TestMutF32InverseOfMonomial(t *testing.T) {
	const steps = `"assumptions":[{"rel":"==","x":"M","y":"N"}],"steps":[{"kind":"solve","src":{"cond":0},"var":"N","expr":"M"}]`
	for _, c := range []struct {
		claim, rest string
		ok          bool
	}{
		{`{"op":"\u003c=","a":"1/min(M+N,M+N)","b":"1/2"}`, `,"scale":"M"`, true},
		{`{"op":"==","a":"N/min(M+N,M+N)","b":"1/2"}`, ``, true},
		{`{"op":"==","a":"M*M/min(M+N,M+N)","b":"M/2"}`, ``, true},
		// false: 1/(M+N) is at most 1/2
		{`{"op":"\u003c=","a":"1","b":"1/min(M+N,M+N)"}`, ``, false},
		{`{"op":"\u003c=","a":"2","b":"1/min(M+N,M+N)"}`, ``, false},
		{`{"op":"==","a":"1/min(M+N,M+N)","b":"2*M"}`, ``, false},
		{`{"op":"==","a":"1/min(M+N,M+N)","b":"M+N"}`, ``, false},
	} {
		checkTampered(t, `{"version":1,"claim":`+c.claim+`,"universal":true,`+steps+c.rest+`}`, c.ok)
	}
}

// TestMutF32PrintLargeDenominator: a denominator beyond int64 prints as
// int64 literals: its prime factors below 2^16 taken out in increasing
// order until the rest is within int64, packed greedily (splitFactors,
// int64Factors). 2^70 is eight 2s (256) and 2^62; 3^45 is six 3s (729)
// and 3^39; 256*2^62 and 729*3^39 exceed MaxInt64, so each is two
// literals. The text reads back as the same value.
func TestMutF32PrintLargeDenominator(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"M/1073741824/1073741824/1024", "M/256/4611686018427387904"},
		{"M/205891132094649/14348907", "M/729/4052555153018976267"}, // 3^30*3^15
	} {
		e := MustParse(c.in)
		if got := e.String(); got != c.want {
			t.Errorf("%s prints as %s, want %s", c.in, got, c.want)
		}
		if back, err := Parse(e.String()); err != nil || !Equal(back, e) {
			t.Errorf("%s does not read back: %v %v", e, back, err)
		}
	}
}
