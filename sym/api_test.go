package sym

import (
	"math/big"
	"testing"
)

// The small exported helpers rules and proofs use, against their doc
// comments: Sum and Product (0 and 1 for none), IsMonomial, HasAtoms,
// Integral.
func TestExprPredicates(t *testing.T) {
	m, n := MustParse("M"), MustParse("N")
	for _, c := range []struct {
		got  Expr
		want string
	}{
		{Sum(), "0"},
		{Sum(m, n, m), "2*M+N"},
		{Product(), "1"},
		{Product(m, Const(2), n), "2*M*N"},
	} {
		if !Equal(c.got, MustParse(c.want)) {
			t.Errorf("got %v, want %s", c.got, c.want)
		}
	}
	for _, c := range []struct {
		e                         string
		monomial, atoms, integral bool
	}{
		{"3*M*N", true, false, true},
		{"5", true, false, true},
		{"0", false, false, true},
		{"M+1", false, false, true},
		{"M/2", true, false, false},
		{"floor_div(M,4)", true, true, true},
		{"ceil_div(M,N)+min(M,N)", false, true, true},
	} {
		e := MustParse(c.e)
		if IsMonomial(e) != c.monomial || HasAtoms(e) != c.atoms || Integral(e) != c.integral {
			t.Errorf("%s: monomial %v, atoms %v, integral %v; want %v, %v, %v", c.e, IsMonomial(e), HasAtoms(e), Integral(e), c.monomial, c.atoms, c.integral)
		}
	}
}

// EvalBig is Eval without the int64 limit, and refuses a value that is
// not an integer.
func TestEvalBig(t *testing.T) {
	v, err := EvalBig(MustParse("M*M*M+1"), Binding{"M": 1 << 30})
	want := new(big.Int).Add(new(big.Int).Lsh(big.NewInt(1), 90), big.NewInt(1))
	if err != nil || v.Cmp(want) != 0 {
		t.Errorf("EvalBig(M*M*M+1) at M=2^30 = %v, %v; want %v", v, err, want)
	}
	if _, err := Eval(MustParse("M*M*M+1"), Binding{"M": 1 << 30}); err == nil {
		t.Error("Eval(M*M*M+1) at M=2^30: want an overflow error")
	}
	if v, err := EvalBig(MustParse("M/2"), Binding{"M": 3}); err == nil {
		t.Errorf("EvalBig(M/2) at M=3 = %v, want an error", v)
	}
}

// ProvesDivides answers true only with a proof under the assumptions.
func TestProvesDivides(t *testing.T) {
	ctx, err := Assume("M % 8 == 0")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"4", "M", true},
		{"8", "3*M", true},
		{"16", "M", false},
		{"3", "M", false},
		{"M", "M*N", true},
		{"N", "M", false},
	} {
		if got := ctx.ProvesDivides(MustParse(c.a), MustParse(c.b)); got != c.want {
			t.Errorf("ProvesDivides(%s, %s) under M %% 8 == 0 = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}
