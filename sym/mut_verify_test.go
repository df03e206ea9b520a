package sym

import (
	"math/big"
	"strconv"
	"strings"
	"testing"
)

// handCerts are certificates written by hand, each the way the deciding
// code writes them (the JSON of ParseCertificate) but most of them never
// produced by it: witnesses, proofs with one deliberate flaw, and valid
// proofs that take the verifier through a path the engine's certificates
// rarely reach. ok is whether Verify must accept it; errHas, when set, is
// a text its error must contain (the part or case that fails). The claim
// of each one Verify must refuse fails at some binding its assumptions
// allow, or is not defined there (claimSound finds it), unless flawed
// says that it is true and only its proof is wrong.
var handCerts = []struct {
	name   string
	json   string
	ok     bool
	flawed bool
	errHas string
}{
	// witnesses: min and max evaluated, < strict, <= not
	{name: "witness min true", json: `{"version":1,"claim":{"op":"==","a":"min(M,N)","b":"2"},"universal":false,"binding":{"M":2,"N":3}}`, ok: true},
	{name: "witness min false", json: `{"version":1,"claim":{"op":"==","a":"min(M,N)","b":"3"},"universal":false,"binding":{"M":2,"N":3}}`},
	{name: "witness max false", json: `{"version":1,"claim":{"op":"==","a":"max(M,N)","b":"2"},"universal":false,"binding":{"M":2,"N":3}}`},
	{name: "witness < at equal values", json: `{"version":1,"claim":{"op":"<","a":"M","b":"N"},"universal":false,"binding":{"M":2,"N":2}}`},
	{name: "witness <= at equal values", json: `{"version":1,"claim":{"op":"<=","a":"M","b":"N"},"universal":false,"binding":{"M":2,"N":2}}`, ok: true},
	{name: "witness <= false", json: `{"version":1,"claim":{"op":"<=","a":"M","b":"N"},"universal":false,"binding":{"M":3,"N":2}}`},
	// x%2 != r gives a congruence only for r 0 or 1: M%2 != 2 holds for
	// every M and says nothing of M's parity
	{name: "x%2 != 2 is no congruence", json: `{"version":1,"claim":{"op":"==","a":"M%2","b":"1"},"universal":true,"assumptions":[{"rel":"!=","x":"M%2","y":"2"}],"steps":[{"kind":"congruence","src":{"cond":0},"var":"M","new":"M'1'","mod":2,"rem":1}]}`},
	// M = 8w+3 with M >= 1 gives w >= 0, not w >= 1
	{name: "congruence's new lower bound too high", json: `{"version":1,"claim":{"op":"<=","a":"11","b":"M"},"universal":true,"assumptions":[{"rel":"==","x":"M%8","y":"3"}],"steps":[{"kind":"congruence","src":{"cond":0},"var":"M","new":"M'1'","new_lo":1,"mod":8,"rem":3}]}`},
	// an unknown is any name with a quote, wherever the quote is
	{name: "unknown named from its quote", json: `{"version":1,"claim":{"op":"<=","a":"3","b":"M"},"universal":true,"assumptions":[{"rel":"==","x":"M%8","y":"3"}],"steps":[{"kind":"congruence","src":{"cond":0},"var":"M","new":"'w","mod":8,"rem":3}]}`, ok: true},
	// a modulus whose image is 0 (floor_div(N,8) at N = 4): an error,
	// not a division by zero
	{name: "congruence modulo 0", json: `{"version":1,"claim":{"op":"<=","a":"1","b":"M"},"universal":true,"assumptions":[{"rel":"==","x":"N","y":"4"},{"rel":"==","x":"M%floor_div(N,8)","y":"1"}],"steps":[{"kind":"solve","src":{"cond":0},"var":"N","expr":"4"},{"kind":"congruence","src":{"cond":1},"var":"M","new":"M'1'","mod":1}]}`, flawed: true},
	// an equation fixes a min atom read from either side
	{name: "resolution by an equation, atom on the right", json: `{"version":1,"claim":{"op":"==","a":"min(M,N)","b":"4"},"universal":true,"assumptions":[{"rel":"==","x":"4","y":"min(M,N)"}],"resolved":[{"atom":"min(M,N)","pick":0,"cond":0}]}`, ok: true},
	{name: "resolution by an equation, atom on the left", json: `{"version":1,"claim":{"op":"==","a":"min(M,N)","b":"4"},"universal":true,"assumptions":[{"rel":"==","x":"min(M,N)","y":"4"}],"resolved":[{"atom":"min(M,N)","pick":0,"cond":0}]}`, ok: true},
	// the bound of a min by an operand needs no integral operand
	{name: "min bounded by its operand", json: `{"version":1,"claim":{"op":"<=","a":"min(M,N+1/2)","b":"M"},"universal":true,"uses":[{"src":{"cond":-1,"upper":true,"side":1,"atom":"min(M,N+1/2)"},"mult":"1"}]}`, ok: true},
	// floor_div(N, w) >= 0 only for w >= 1: here w = (M-3)/8 >= 0
	{name: "floor_div by an unknown that may be 0", json: `{"version":1,"claim":{"op":"<=","a":"0","b":"floor_div(N,M/8-3/8)"},"universal":true,"assumptions":[{"rel":"==","x":"M%8","y":"3"}],"steps":[{"kind":"congruence","src":{"cond":0},"var":"M","new":"M'1'","mod":8,"rem":3}]}`},
	// x%y >= 0 only for a positive divisor: here floor_div(N-20,8) = -2
	{name: "remainder by a negative image", json: `{"version":1,"claim":{"op":"<=","a":"0","b":"M%floor_div(N-20,8)"},"universal":true,"assumptions":[{"rel":"==","x":"N","y":"4"}],"steps":[{"kind":"solve","src":{"cond":0},"var":"N","expr":"4"}]}`},
	// the verifier's own normal form of the images (the parser cannot
	// simplify the claims before N is replaced by M): min of operands
	// ordered for symbols >= 1 (min(M,2M-1), min(M,M+1/M)), a common
	// factor of the constant divisor and the dividend taken out
	{name: "min of ordered images", json: `{"version":1,"claim":{"op":"==","a":"min(M,2*N-1)","b":"M"},"universal":true,"assumptions":[{"rel":"==","x":"N","y":"M"}],"steps":[{"kind":"solve","src":{"cond":0},"var":"N","expr":"M"}]}`, ok: true},
	{name: "min of ordered images with a division", json: `{"version":1,"claim":{"op":"==","a":"min(M,N+1/M)","b":"M"},"universal":true,"assumptions":[{"rel":"==","x":"N","y":"M"}],"steps":[{"kind":"solve","src":{"cond":0},"var":"N","expr":"M"}]}`, ok: true},
	{name: "floor_div reduced by a common factor", json: `{"version":1,"claim":{"op":"==","a":"floor_div(N+M+2,4)","b":"floor_div(M+1,2)"},"universal":true,"assumptions":[{"rel":"==","x":"N","y":"M"}],"steps":[{"kind":"solve","src":{"cond":0},"var":"N","expr":"M"}]}`, ok: true},
	// an assumption 0 == x%y is read as x%y == 0
	{name: "congruence from a remainder on the right", json: `{"version":1,"claim":{"op":"divides","a":"4","b":"M"},"universal":true,"assumptions":[{"rel":"==","x":"0","y":"M%4"}],"unknowns":[{"alias":"u1","name":"M'1"}],"steps":[{"kind":"congruence","src":{"cond":0},"var":"M","new":"M'1","new_lo":1,"mod":4}],"quotient":"u1"}`, ok: true},
	// a fact used times a scale still has to prove the claim
	{name: "scaled fact, false claim", json: `{"version":1,"claim":{"op":"<=","a":"TM*m","b":"1"},"universal":true,"assumptions":[{"rel":"<","x":"m","y":"64/TM"}],"uses":[{"src":{"cond":0},"mult":"1","scale":"TM"}]}`},
	// a divisibility by its remainder with rational operands is checked
	// after clearing the denominators
	{name: "divisibility by remainder, rational operands", json: `{"version":1,"claim":{"op":"divides","a":"M/2","b":"M+1"},"universal":true,"parts":[{"version":1,"claim":{"op":"==","a":"0","b":"0"},"universal":true}]}`},
	// an equality by order needs both parts
	{name: "equality by order, second part false", json: `{"version":1,"claim":{"op":"==","a":"M","b":"M+N"},"universal":true,"direction":"<=","parts":[` +
		`{"version":1,"claim":{"op":"<=","a":"M","b":"M+N"},"universal":true},` +
		`{"version":1,"claim":{"op":"<=","a":"M+N","b":"M"},"universal":true}]}`, errHas: "part 2"},
	// cases on min(M,N) with both guards strict miss M == N, where
	// min(M,N) < M+N-min(M,N) fails
	{name: "cases, both guards strict", json: casesCert(`"op":"<"`, `"rel":"<","x":"N","y":"M"`, `"a":"N","b":"M"`)},
	{name: "cases, second part of another relation", json: casesCert(`"op":"<="`, `"rel":"<","x":"N","y":"M"`, `"a":"N","b":"M"`), errHas: "case 2"},
	{name: "cases, second guard picks the other operand", json: casesCert(`"op":"<"`, `"rel":"<","x":"M","y":"N"`, `"a":"N","b":"M"`), errHas: "case 2"},
	{name: "cases, second part proves another claim", json: casesCert(`"op":"<"`, `"rel":"<","x":"N","y":"M"`, `"a":"N","b":"M+1"`), errHas: "case 2"},
	{name: "cases, second part does not verify", json: casesCert(`"op":"<"`, `"rel":"<=","x":"N","y":"M"`, `"a":"N","b":"M"`), errHas: "case 2"},
}

// casesCert is a proof of min(M,N) < M+N-min(M,N) by cases on min(M,N):
// the first case (guard M < N) is right; the second has the given
// relation, guard and operands.
func casesCert(op2, guard2, operands2 string) string {
	return `{"version":1,"claim":{"op":"<","a":"min(M,N)","b":"M+N-min(M,N)"},"universal":true,"split":"min(M,N)","parts":[` +
		`{"version":1,"claim":{"op":"<","a":"M","b":"N"},"universal":true,"assumptions":[{"rel":"<","x":"M","y":"N"}],"uses":[{"src":{"cond":0},"mult":"1"}]},` +
		`{"version":1,"claim":{` + op2 + `,` + operands2 + `},"universal":true,"assumptions":[{` + guard2 + `}],"uses":[{"src":{"cond":0},"mult":"1"}]}]}`
}

// TestVerifyHandWrittenCertificates: Verify accepts exactly the hand
// written certificates marked ok (each a claim claimSound finds true by
// brute force), refuses the others with an error (never a panic), naming
// the failing part or case where errHas says so; each refused one is a
// false claim unless marked flawed.
func TestVerifyHandWrittenCertificates(t *testing.T) {
	for _, h := range handCerts {
		c, err := ParseCertificate([]byte(h.json))
		if err != nil {
			t.Errorf("%s: %v", h.name, err)
			continue
		}
		sound, b := claimSound(c)
		if h.ok && !sound {
			t.Fatalf("%s: the table's claim fails at %v", h.name, b)
		}
		if !h.ok && !h.flawed && sound {
			t.Fatalf("%s: the table's claim holds: it tests no soundness", h.name)
		}
		err = Verify(c)
		switch {
		case h.ok && err != nil:
			t.Errorf("%s: Verify refuses a valid certificate: %v", h.name, err)
		case !h.ok && err == nil:
			t.Errorf("%s: Verify accepts it", h.name)
		case err != nil && !strings.Contains(err.Error(), h.errHas):
			t.Errorf("%s: error %q does not name %q", h.name, err, h.errHas)
		}
	}
}

// TestVerifierPowersAndProductLimits: vpow agrees with the binomial
// theorem ((M+1)^e against big.Int's binomial coefficients) and with
// (M+1)^0 = 1, a single term is raised to any power, a sum only up to the
// 64th; vmul makes a product of exactly vmaxTerms term products (128
// times 256 distinct variables: as many distinct monomials, coefficients
// 1) and refuses one more.
func TestVerifierPowersAndProductLimits(t *testing.T) {
	one := vconst(big.NewRat(1, 1))
	m1 := vadd(vvar("M"), one)
	for _, e := range []int64{0, 1, 2, 7, 64} {
		got, err := vpow(m1, e)
		if err != nil {
			t.Fatalf("(M+1)^%d: %v", e, err)
		}
		want := vpoly{}
		for k := int64(0); k <= e; k++ {
			c := new(big.Rat).SetInt(new(big.Int).Binomial(e, k))
			var m []vf
			if k > 0 {
				m = []vf{{"M", k}}
			}
			want.addTerm(vterm{c, m})
		}
		if !veq(got, want) {
			t.Errorf("(M+1)^%d = %s, want %s", e, polyKey(got), polyKey(want))
		}
	}
	if _, err := vpow(m1, 65); err == nil {
		t.Errorf("(M+1)^65 computed: the limit is 64")
	}
	for _, e := range []int64{1, 100, -3} {
		got, err := vpow(vscale(vvar("M"), big.NewRat(2, 1)), e)
		if err != nil {
			t.Fatalf("(2M)^%d: %v", e, err)
		}
		c := new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(2), big.NewInt(max(e, -e)), nil))
		if e < 0 {
			c.Inv(c)
		}
		want := vpoly{monoKey([]vf{{"M", e}}): {c, []vf{{"M", e}}}}
		if !veq(got, want) {
			t.Errorf("(2M)^%d = %s, want %s", e, polyKey(got), polyKey(want))
		}
	}
	sum := func(prefix string, n int) vpoly {
		p := vpoly{}
		for i := range n {
			p = vadd(p, vvar(prefix+strconv.Itoa(i)))
		}
		return p
	}
	a, b := sum("A", 128), sum("B", 256)
	p, err := vmul(a, b)
	if err != nil {
		t.Fatalf("a product of %d terms: %v", len(a)*len(b), err)
	}
	if len(p) != vmaxTerms {
		t.Errorf("%d terms, want %d", len(p), vmaxTerms)
	}
	for _, x := range p {
		if x.c.Cmp(big.NewRat(1, 1)) != 0 || len(x.m) != 2 {
			t.Fatalf("term %s: want a product of two variables, coefficient 1", x.c)
		}
	}
	if _, err := vmul(vadd(a, one), b); err == nil {
		t.Errorf("a product of %d terms computed: the limit is %d", (len(a)+1)*len(b), vmaxTerms)
	}
}
