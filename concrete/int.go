package concrete

import (
	"math"
	"math/bits"
	"strconv"

	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/internal/tuple"
)

// Int is one integer leaf of a CuTe IntTuple: a value tagged static (CuTe's
// compile-time cute::C<v>, printed `_v`) or dynamic (a run-time int, printed
// `v`).
//
// Arithmetic follows CuTe's integral_constant.hpp: an operation on two static
// values is static, anything with a dynamic operand is dynamic, except the
// special cases `_0 * x`, `x * _0`, `_0 / x`, `_0 % x` and `x % _±1`, which
// are the static `_0` whatever x is.
type Int struct {
	V      int64
	Static bool
}

// S returns the static integer v (CuTe's Int<v>{}).
func S(v int64) Int { return Int{V: v, Static: true} }

// D returns the dynamic integer v (a run-time int).
func D(v int64) Int { return Int{V: v} }

// String prints i as CuTe does: `_4` for a static, `4` for a dynamic value.
func (i Int) String() string { return notation.Print(intNode(i)) }

// IsConst reports whether i is the static value v (CuTe's is_constant<v>).
func (i Int) IsConst(v int64) bool { return i.Static && i.V == v }

// integer is the integer type of the transcriptions of the layout
// operations: they are written once over any I satisfying it, like CuTe's
// templates over its integer types, and compute on Int (the exported
// operations call them with I = Int); the planner instantiates them with an
// integer type of its own that records the arithmetic (plan.go). Its
// methods are Int's: IsConst, isStatic (the field Static), constant (S),
// add, sub, mul, quo, rem, ceilDiv, min, abs, signum (iadd, isub, imul,
// idiv, imod, iceilDiv, imin, iabs, isignum), staticEq (a == b is a static
// truth), val (the value, for a decision) and plainTuple (a tuple of them
// as an IntTuple).
type integer[I any] interface {
	IsConst(v int64) bool
	isStatic() bool
	// constant returns the static integer v; the receiver gives only the
	// type
	constant(v int64) I
	add(b I) I
	sub(b I) I
	mul(b I) I
	quo(b I) I
	rem(b I) I
	ceilDiv(b I) I
	min(b I) I
	abs() I
	signum() I
	staticEq(b I) bool
	val() int64
	// plainTuple returns t with Int leaves, for a message or a check (t
	// itself when I is Int); the receiver gives only the type
	plainTuple(t tuple.T[I]) IntTuple
}

// static is the static integer v of type I (CuTe's Int<v>{}), S for the
// generic transcriptions.
func static[I integer[I]](v int64) I {
	var z I
	return z.constant(v)
}

func (i Int) isStatic() bool               { return i.Static }
func (Int) constant(v int64) Int           { return S(v) }
func (i Int) add(b Int) Int                { return iadd(i, b) }
func (i Int) sub(b Int) Int                { return isub(i, b) }
func (i Int) mul(b Int) Int                { return imul(i, b) }
func (i Int) quo(b Int) Int                { return idiv(i, b) }
func (i Int) rem(b Int) Int                { return imod(i, b) }
func (i Int) min(b Int) Int                { return imin(i, b) }
func (i Int) signum() Int                  { return isignum(i) }
func (i Int) ceilDiv(b Int) Int            { return iceilDiv(i, b) }
func (i Int) abs() Int                     { return iabs(i) }
func (i Int) staticEq(b Int) bool          { return Eq(i, b).StaticTrue() }
func (Int) plainTuple(t IntTuple) IntTuple { return t }

// both reports whether a and b are both static.
func both(a, b Int) bool { return a.Static && b.Static }

// Bool is a truth value that may be known at compile time (static) or only
// at run time, like CuTe's true_type/false_type versus bool.
type Bool struct {
	V      bool
	Static bool
}

// StaticTrue reports whether b is the compile-time truth (CuTe's true_type).
func (b Bool) StaticTrue() bool { return b.Static && b.V }

// StaticFalse reports whether b is the compile-time falsehood.
func (b Bool) StaticFalse() bool { return b.Static && !b.V }

// And is CuTe's && on truth values: a static false on either side wins.
func (b Bool) And(c Bool) Bool {
	if b.StaticFalse() || c.StaticFalse() {
		return Bool{V: false, Static: true}
	}
	return Bool{V: b.V && c.V, Static: b.Static && c.Static}
}

// Or is CuTe's || on truth values: a static true on either side wins.
func (b Bool) Or(c Bool) Bool {
	if b.StaticTrue() || c.StaticTrue() {
		return Bool{V: true, Static: true}
	}
	return Bool{V: b.V || c.V, Static: b.Static && c.Static}
}

// Eq is a == b, static when both are.
func Eq(a, b Int) Bool { return Bool{V: a.V == b.V, Static: both(a, b)} }

// Lt is a < b, static when both are.
func Lt(a, b Int) Bool { return Bool{V: a.V < b.V, Static: both(a, b)} }

// Checked int64 arithmetic, and the Int arithmetic of CuTe's
// integral_constant.hpp built on it (iadd, isub, imul, idiv, imod, iceilDiv,
// imin, iabs). A fault (overflow, division by zero) panics with an
// arithFault value, which the exported operations recover (see guard) and
// return as an *Error of kind Overflow or DivByZero: arithmetic never wraps,
// and no panic leaves the package. Panicking with a plain value rather than
// calling a reporting function keeps these functions small enough to be
// inlined (the inliner does not charge for panics as it does for calls).

// arithFault is an overflow (op '+', '-', '*', '/') or a division by zero
// (op '0' for a / 0, '%' for a % 0) of a and b.
type arithFault struct {
	op   byte
	a, b int64
}

// err is the *Error of the fault.
func (f arithFault) err() *Error {
	a, b := strconv.FormatInt(f.a, 10), strconv.FormatInt(f.b, 10)
	switch f.op {
	case '0':
		return &Error{Kind: DivByZero, Msg: "division by zero in " + a + " / 0 (CuTe: runtime SIGFPE)"}
	case '%':
		return &Error{Kind: DivByZero, Msg: "division by zero in " + a + " % 0 (CuTe: runtime SIGFPE)"}
	}
	return &Error{Kind: Overflow, Msg: "int64 overflow in " + a + " " + string(f.op) + " " + b}
}

func addInt64(a, b int64) int64 {
	c := a + b
	if (a^c)&(b^c) < 0 {
		panic(arithFault{'+', a, b})
	}
	return c
}

func subInt64(a, b int64) int64 {
	c := a - b
	if (a^b)&(a^c) < 0 {
		panic(arithFault{'-', a, b})
	}
	return c
}

// mulInt64 is a * b, checked through the 128-bit product.
func mulInt64(a, b int64) int64 {
	hi, lo := bits.Mul64(uint64(a), uint64(b))
	// the signed high word: subtract b (a) when a (b) is negative
	hi -= uint64(a>>63)&uint64(b) + uint64(b>>63)&uint64(a)
	if hi != uint64(int64(lo)>>63) {
		panic(arithFault{'*', a, b})
	}
	return int64(lo)
}

// quoInt64 is C++'s truncating a / b.
func quoInt64(a, b int64) int64 {
	if b == 0 {
		panic(arithFault{'0', a, b})
	}
	if b == -1 && a == math.MinInt64 {
		panic(arithFault{'/', a, b})
	}
	return a / b
}

// remInt64 is C++'s a % b (sign of a).
func remInt64(a, b int64) int64 {
	if b == 0 {
		panic(arithFault{'%', a, b})
	}
	return a % b // (Go defines MinInt64 % -1 as 0, C++'s value where it is defined)
}

// absInt64 is |a| (|MinInt64| overflows).
func absInt64(a int64) int64 {
	if a == math.MinInt64 {
		panic(arithFault{'*', a, -1})
	}
	return max(a, -a)
}

// sgnInt64 is -1, 0 or 1 by the sign of a.
func sgnInt64(a int64) int64 {
	switch {
	case a > 0:
		return 1
	case a < 0:
		return -1
	}
	return 0
}

// iadd is CuTe's a + b.
func iadd(a, b Int) Int {
	return Int{V: addInt64(a.V, b.V), Static: a.Static && b.Static}
}

// isub is CuTe's a - b.
func isub(a, b Int) Int {
	return Int{V: subInt64(a.V, b.V), Static: a.Static && b.Static}
}

// imul is CuTe's a * b: static when both are static, and `_0` when either is
// the static zero.
func imul(a, b Int) Int {
	// a static zero operand gives the value 0 anyway: only the flag differs
	return Int{V: mulInt64(a.V, b.V), Static: a.Static && (b.Static || a.V == 0) || b.Static && b.V == 0}
}

// idiv is CuTe's truncating a / b; `_0 / x` is `_0` without dividing.
func idiv(a, b Int) Int {
	if a.IsConst(0) {
		return S(0)
	}
	return Int{V: quoInt64(a.V, b.V), Static: a.Static && b.Static}
}

// imod is CuTe's a % b (C++ remainder); `_0 % x` and `x % _1`, `x % _-1` are
// `_0`.
func imod(a, b Int) Int {
	if a.IsConst(0) {
		return S(0)
	}
	// x % ±1 is 0 anyway: only the flag differs
	return Int{V: remInt64(a.V, b.V), Static: b.Static && (a.Static || b.V == 1 || b.V == -1)}
}

// iceilDiv is CuTe's integer ceil_div(a, b) = (a + b - 1) / b (the
// `_0 / x` rule of the division applies when a + b - 1 is `_0`).
func iceilDiv(a, b Int) Int {
	return idiv(isub(iadd(a, b), S(1)), b)
}

// imin is CuTe's min: static only when both operands are.
func imin(a, b Int) Int {
	return Int{V: min(a.V, b.V), Static: both(a, b)}
}

// iabs is CuTe's abs: keeps staticness.
func iabs(a Int) Int {
	return Int{V: absInt64(a.V), Static: a.Static}
}

// isignum is CuTe's signum: -1, 0 or 1, static when x is.
func isignum(a Int) Int {
	return Int{V: sgnInt64(a.V), Static: a.Static}
}

// val returns the value of i for a decision or a computation outside the
// arithmetic above (in the transcriptions, where I may be the planner's
// traced integer, reading a value for a decision goes through this method:
// see integer).
func (i Int) val() int64 { return i.V }

// val returns the truth value of b for a decision, like Int.val.
func (b Bool) val() bool { return b.V }
