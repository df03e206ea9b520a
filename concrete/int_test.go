package concrete

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"testing"
)

// arith runs f and returns its value, or the *Error that catch makes of a
// fault.
func arith(f func() int64) (v int64, err error) {
	defer catch("arith", &err)
	return f(), nil
}

// TestCheckedArithmetic compares the checked int64 operations with exact
// big.Int arithmetic on edge values: every result that fits in int64 must be
// exact, every other one an Overflow error, every division by zero a
// DivByZero error.
func TestCheckedArithmetic(t *testing.T) {
	edges := []int64{0, 1, -1, 2, -2, 3, 7, -7, 1 << 31, -1 << 31, 1<<31 - 1, 1<<32 + 1, -(1 << 32),
		3037000499, 3037000500, -3037000500, 1 << 62, -1 << 62, math.MaxInt64, math.MinInt64, math.MaxInt64 - 1, math.MinInt64 + 1}
	type op struct {
		name  string
		f     func(a, b int64) int64
		exact func(z, a, b *big.Int) *big.Int
	}
	ops := []op{
		{"+", addInt64, (*big.Int).Add},
		{"-", subInt64, (*big.Int).Sub},
		{"*", mulInt64, (*big.Int).Mul},
		{"/", quoInt64, (*big.Int).Quo},
		{"%", remInt64, (*big.Int).Rem},
	}
	minI, maxI := big.NewInt(math.MinInt64), big.NewInt(math.MaxInt64)
	for _, o := range ops {
		for _, a := range edges {
			for _, b := range edges {
				got, err := arith(func() int64 { return o.f(a, b) })
				var e *Error
				if (o.name == "/" || o.name == "%") && b == 0 {
					if !errors.As(err, &e) || e.Kind != DivByZero {
						t.Errorf("%d %s %d: got %d, %v; want a division-by-zero error", a, o.name, b, got, err)
					}
					continue
				}
				want := o.exact(new(big.Int), big.NewInt(a), big.NewInt(b))
				if want.Cmp(minI) < 0 || want.Cmp(maxI) > 0 {
					if !errors.As(err, &e) || e.Kind != Overflow {
						t.Errorf("%d %s %d: got %d, %v; want an overflow error", a, o.name, b, got, err)
					}
					continue
				}
				if err != nil || got != want.Int64() {
					t.Errorf("%d %s %d: got %d, %v; want %v", a, o.name, b, got, err, want)
				}
			}
		}
	}
	// |a|, whose one overflow is reported as a * -1
	for _, a := range edges {
		got, err := arith(func() int64 { return absInt64(a) })
		want := new(big.Int).Abs(big.NewInt(a))
		if want.Cmp(maxI) > 0 {
			var e *Error
			if msg := fmt.Sprintf("int64 overflow in %d * -1", a); !errors.As(err, &e) || e.Kind != Overflow || e.Msg != msg {
				t.Errorf("|%d|: got %d, %v; want the error %q", a, got, err, msg)
			}
			continue
		}
		if err != nil || got != want.Int64() {
			t.Errorf("|%d|: got %d, %v; want %v", a, got, err, want)
		}
	}
}

// TestIntArithmeticStatic checks the static/dynamic rules of the Int
// operations, including CuTe's static `_0` cases.
func TestIntArithmeticStatic(t *testing.T) {
	tests := []struct {
		name string
		got  Int
		want Int
	}{
		{"_2*_3", imul(S(2), S(3)), S(6)},
		{"_2*3", imul(S(2), D(3)), D(6)},
		{"_0*3", imul(S(0), D(3)), S(0)},
		{"3*_0", imul(D(3), S(0)), S(0)},
		{"0*3", imul(D(0), D(3)), D(0)},
		{"0*_3", imul(D(0), S(3)), D(0)},
		{"_0*_3", imul(S(0), S(3)), S(0)},
		{"-4*_3", imul(D(-4), S(3)), D(-12)},
		{"_0/3", idiv(S(0), D(3)), S(0)},
		{"7/_2", idiv(D(7), S(2)), D(3)},
		{"-7/_2", idiv(D(-7), S(2)), D(-3)},
		{"_7%_2", imod(S(7), S(2)), S(1)},
		{"-7%2", imod(D(-7), D(2)), D(-1)},
		{"7%_1", imod(D(7), S(1)), S(0)},
		{"7%_-1", imod(D(7), S(-1)), S(0)},
		{"_0%3", imod(S(0), D(3)), S(0)},
		{"_0%0", imod(S(0), D(0)), S(0)},
		{"_7%2", imod(S(7), D(2)), D(1)},
		{"7%1", imod(D(7), D(1)), D(0)},
		{"_7%_-1", imod(S(7), S(-1)), S(0)},
		{"ceil_div(_7,_2)", iceilDiv(S(7), S(2)), S(4)},
		{"_1+2", iadd(S(1), D(2)), D(3)},
		{"_5-_2", isub(S(5), S(2)), S(3)},
		{"abs(_-4)", iabs(S(-4)), S(4)},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s = %v, want %v", tt.name, tt.got, tt.want)
		}
	}
}

// Eq and Lt compare values, static exactly when both operands are.
func TestIntCompare(t *testing.T) {
	for _, c := range []struct {
		a, b   Int
		eq, lt bool
	}{
		{S(2), S(3), false, true},
		{S(3), S(3), true, false},
		{D(4), S(3), false, false},
		{D(-1), D(0), false, true},
	} {
		static := c.a.Static && c.b.Static
		if e := Eq(c.a, c.b); e.V != c.eq || e.Static != static {
			t.Errorf("Eq(%v, %v) = %+v, want %v (static %v)", c.a, c.b, e, c.eq, static)
		}
		if l := Lt(c.a, c.b); l.V != c.lt || l.Static != static {
			t.Errorf("Lt(%v, %v) = %+v, want %v (static %v)", c.a, c.b, l, c.lt, static)
		}
	}
}
