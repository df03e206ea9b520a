package sym

import (
	"errors"
	"fmt"
	"math/big"

	"github.com/cutealg/cutealg/concrete"
)

// Binding gives values to symbols.
type Binding map[string]int64

// EvalError is the error of an evaluation: a missing symbol, a division by
// zero, an inexact division, a non-integer or out-of-range result.
type EvalError struct {
	Expr string // the expression (or condition) evaluated
	Msg  string
	// Overflow is set where the value, an integer, is beyond int64 (or an
	// intermediate value beyond the evaluator's bound): the binding is
	// outside CuTe's integers, not a value the expression lacks.
	Overflow bool
}

func (e *EvalError) Error() string { return "sym: evaluating " + e.Expr + ": " + e.Msg }

// OutOfRange reports whether err is an int64 overflow: an *EvalError with
// Overflow set (a symbolic value grounded beyond int64) or package
// concrete's *Error of kind Overflow (a computation beyond int64), itself
// or as the cause along err's chain (a strict refusal whose all-static
// version overflows). A binding where a symbolic request, CuTe's
// computation or its answer is out of range is outside the domain of the
// symbols (package rules' doc: CuTe has no int64 value there); the
// checker and the property tests pass over such bindings.
func OutOfRange(err error) bool {
	for ; err != nil; err = errors.Unwrap(err) {
		// along the chain: concrete's strict refusal of a value whose
		// all-static version overflows unwraps to that overflow
		switch e := err.(type) {
		case *EvalError:
			if e.Overflow {
				return true
			}
		case *concrete.Error:
			if e.Kind == concrete.Overflow {
				return true
			}
		}
	}
	return false
}

// maxEvalBits bounds the size of intermediate values during evaluation.
const maxEvalBits = 1 << 14

var errEvalTooLarge = errors.New("intermediate value too large")

// evalPoly evaluates p exactly, val giving the value of every non-atom
// variable. The result is rational: exact divisions are checked by the
// caller on the final value.
func evalPoly(p *poly, val func(v *variable) (rat, error)) (rat, error) {
	if p.err != nil {
		return rat{}, p.err
	}
	sum := ratZero
	for _, t := range p.t {
		x := t.c
		for _, f := range t.m {
			var b rat
			var err error
			if f.v.kind == kAtom {
				b, err = evalAtom(f.v, val)
			} else {
				b, err = val(f.v)
			}
			if err != nil {
				return rat{}, err
			}
			e := f.e
			if e < 0 {
				if b.isZero() {
					return rat{}, fmt.Errorf("division by zero (%s is 0)", printPoly(varPoly(f.v)))
				}
				b = b.inv()
				e = -e
			}
			pw, err := powRat(b, int64(e))
			if err != nil {
				return rat{}, err
			}
			x = x.mul(pw)
			if tooBig(x) {
				return rat{}, errEvalTooLarge
			}
		}
		sum = sum.add(x)
		if tooBig(sum) {
			return rat{}, errEvalTooLarge
		}
	}
	return sum, nil
}

func tooBig(x rat) bool {
	return x.b != nil && (x.b.Num().BitLen() > maxEvalBits || x.b.Denom().BitLen() > maxEvalBits)
}

func powRat(b rat, e int64) (rat, error) {
	r := ratOne
	for e > 0 {
		if e&1 == 1 {
			r = r.mul(b)
			if tooBig(r) {
				return rat{}, errEvalTooLarge
			}
		}
		e >>= 1
		if e > 0 {
			b = b.mul(b)
			if tooBig(b) {
				return rat{}, errEvalTooLarge
			}
		}
	}
	return r, nil
}

func evalAtom(v *variable, val func(v *variable) (rat, error)) (rat, error) {
	x, err := evalPoly(v.x, val)
	if err != nil {
		return rat{}, err
	}
	y, err := evalPoly(v.y, val)
	if err != nil {
		return rat{}, err
	}
	switch v.op {
	case opMin:
		if x.cmp(y) <= 0 {
			return x, nil
		}
		return y, nil
	case opMax:
		if x.cmp(y) >= 0 {
			return x, nil
		}
		return y, nil
	}
	if y.isZero() {
		return rat{}, fmt.Errorf("division by zero in %s", v.name)
	}
	q := x.quo(y)
	switch v.op {
	case opFloorDiv:
		return q.floor(), nil
	case opCeilDiv:
		return q.ceil(), nil
	}
	return x.sub(y.mul(q.floor())), nil // mod
}

// bindingVal looks symbols up in b; unknowns are not bindable.
func bindingVal(b Binding) func(v *variable) (rat, error) {
	return func(v *variable) (rat, error) {
		if v.kind != kSym {
			return rat{}, fmt.Errorf("internal unknown %s has no value", v.name)
		}
		x, ok := b[v.name]
		if !ok {
			return rat{}, fmt.Errorf("symbol %s has no value", v.name)
		}
		return ratInt(x), nil
	}
}

// evalRat evaluates e at b exactly (no integrality check).
func evalRat(e *poly, b Binding) (rat, error) { return evalPoly(e, bindingVal(b)) }

// Eval returns the value of e at the binding b, which must give a value to
// every symbol of e. It fails on a division by zero, on an exact division
// that is not exact (the value is not an integer) and on a value beyond
// int64. It checks no assumptions: Ctx.Eval does.
func Eval(e Expr, b Binding) (int64, error) {
	p := pl(e)
	v, err := evalRat(p, b)
	if err != nil {
		return 0, &EvalError{Expr: printPoly(p), Msg: err.Error(), Overflow: err == errEvalTooLarge}
	}
	if !v.isInt() {
		return 0, &EvalError{Expr: printPoly(p), Msg: "inexact division: the value is " + v.String()}
	}
	n, ok := v.int64()
	if !ok {
		return 0, &EvalError{Expr: printPoly(p), Msg: "value " + v.String() + " overflows int64", Overflow: true}
	}
	return n, nil
}

// EvalBig is Eval without the int64 limit: it returns the exact value as a
// big.Int (or an error for a non-integer value).
func EvalBig(e Expr, b Binding) (*big.Int, error) {
	p := pl(e)
	v, err := evalRat(p, b)
	if err != nil {
		return nil, &EvalError{Expr: printPoly(p), Msg: err.Error()}
	}
	if !v.isInt() {
		return nil, &EvalError{Expr: printPoly(p), Msg: "inexact division: the value is " + v.String()}
	}
	return v.num(), nil
}

// EvalRat returns the exact rational value of e at b, without the
// integrality check of Eval (so M/2 at M=3 is 3/2).
func EvalRat(e Expr, b Binding) (*big.Rat, error) {
	p := pl(e)
	v, err := evalRat(p, b)
	if err != nil {
		return nil, &EvalError{Expr: printPoly(p), Msg: err.Error()}
	}
	return v.toBig(), nil
}
