package concrete

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/cutealg/cutealg/internal/notation"
)

// ErrorKind classifies an *Error.
type ErrorKind uint8

const (
	// Refused: CuTe itself refuses the input (a static_assert or another
	// compile error). Msg quotes CuTe's condition.
	Refused ErrorKind = iota + 1
	// DivByZero: CuTe would divide by zero at run time (SIGFPE).
	DivByZero
	// Overflow: an int64 computation overflowed.
	Overflow
	// BadInput: the arguments are malformed for the operation (wrong kind,
	// wrong rank, out-of-range index, non-positive shape, too large).
	BadInput
	// Violated: strict mode refused a value that breaks a documented
	// post-condition or precondition; Msg names the condition and a
	// witness, and the error unwraps to the *Violation.
	Violated
)

func (k ErrorKind) String() string {
	switch k {
	case Refused:
		return "refused"
	case DivByZero:
		return "division by zero"
	case Overflow:
		return "overflow"
	case BadInput:
		return "bad input"
	case Violated:
		return "violation"
	}
	return "error"
}

// Error is the error type of every operation of this package.
type Error struct {
	Op   string // the operation, e.g. "composition"
	Kind ErrorKind
	Msg  string
	// Pos is set by Eval when the failing call is nested in another: the
	// position of that inner call in the expression (the zero Pos
	// otherwise).
	Pos notation.Pos
	// Err is the cause, when there is one: the *Violation of a strict
	// refusal.
	Err error
}

// Error is "op: msg" (the text of the oracle protocol and the CLI).
func (e *Error) Error() string {
	if e.Op == "" {
		return e.Msg
	}
	return e.Op + ": " + e.Msg
}

// Unwrap returns the cause (Err).
func (e *Error) Unwrap() error { return e.Err }

// Violation is a documented condition that CuTe's value breaks: in CuTe
// mode a warning (see CollectViolations, CollectWarnings), in strict mode
// the cause of an *Error of kind Violated.
type Violation struct {
	// Op is the operation whose condition is broken: the call itself, or
	// the one inside it that broke it (the complement inside a
	// logical_product).
	Op string
	// Cond is the condition's id in the catalogue's post-conditions
	// (internal/catalog: PostCond.ID), e.g. "composition.function".
	Cond string
	// Index is the point of the witness (an index into the domain), or -1
	// when the condition has none.
	Index int64
	// Got and Want are the witness's value and the value the condition
	// asks for, as printed in Msg ("" when the condition has none).
	Got, Want string
	// Operands are the operands of Op, as `A=layout`, in CuTe notation.
	Operands []string
	// Msg is the whole message: the text of the warning (and of the strict
	// error, after "op: "), unchanged on the oracle's wire.
	Msg string
	// Cause is the error that broke the condition, when one did (the
	// all-static version's, for static.twin: an Overflow there is CuTe's
	// integers running out, not a value that breaks the condition).
	Cause error
}

// Error returns v.Msg.
func (v *Violation) Error() string { return v.Msg }

// Unwrap returns v.Cause.
func (v *Violation) Unwrap() error { return v.Cause }

// itoa prints an integer of a witness.
func itoa(i int64) string { return strconv.FormatInt(i, 10) }

// operandsText is the bracketed operand list that ends a violation's
// message: "[A=... B=...]".
func operandsText(ops []string) string { return "[" + strings.Join(ops, " ") + "]" }

// throw aborts the current operation with e; the exported entry point
// recovers it (see guard). It and the arithmetic faults (arithFault) are the
// engine's only uses of panic for input errors, and no panic of theirs
// escapes the package; other panics mark bugs of this package (a broken
// internal invariant, a duplicate catalogue entry at init).
func throw(e *Error) { panic(e) }

// refuse aborts with CuTe's own refusal (static_assert text).
// The refusals CuTe makes only because an integer is a run-time one (a
// static_assert or a compile-time test of a dynamic value): its
// templates with the same values as static integers compile.
const (
	msgDynamicStrideComplement = "Dynamic-stride complement only for rank-1 layouts"
	msgLeftInverseStatic       = "Left inverse requires static strides."
	msgNotStaticBool           = "‘value’ is not a member of ‘bool’"
)

// RunTimeRefusal reports whether err is one of CuTe's refusals of a
// run-time integer where it asks for a static one: complement with a
// dynamic stride at rank > 1, left_inverse with a dynamic stride,
// tile_to_shape's evenly_divides of a static target by a block mode that
// is not static. Where CuTe refuses the run-time template, the symbolic
// engine's plain answer is the static reading's (the symbols as Int<v>,
// docs/verification.md, the ruling of the eleventh session).
func RunTimeRefusal(err error) bool {
	var e *Error
	if !errors.As(err, &e) || e.Kind != Refused {
		return false
	}
	switch e.Msg {
	case msgDynamicStrideComplement, msgLeftInverseStatic, msgNotStaticBool:
		return true
	}
	return false
}

func refuse(format string, args ...any) {
	throw(&Error{Kind: Refused, Msg: fmt.Sprintf(format, args...)})
}

// badInput aborts with a malformed-argument error.
func badInput(format string, args ...any) {
	throw(&Error{Kind: BadInput, Msg: fmt.Sprintf(format, args...)})
}

// guard runs f and returns the error f throws (a thrown *Error, or an
// arithmetic fault turned into one, see arithFault), stamped with the
// operation name op; nil when f returns. Other panics (bugs) propagate.
// Every entry point of the package runs its work through guard, and nothing
// else recovers (TestOnlyGuardRecovers).
//
// Why a function of its own, called with a closure, rather than `defer
// catch(op, &err)` in each entry point: while a panic runs the deferred
// calls of a frame, the Go runtime (seen with go1.26.8, amd64) keeps
// pointers to that frame's argument area and stack pointer in its panic
// record, and the garbage collector follows them into the stack objects
// found there. An address-taken parameter passed on the stack (a Layout is)
// lies at the start of the argument area: once dead it is not scanned, the
// heap objects only it referred to are freed, and the panic then makes the
// collector scan it again - "found pointer to free object", a fatal error
// (TestRecoveredFaultsUnderGC reproduces it without guard). guard's frame
// holds nothing of the kind: its parameters come in registers and are never
// address-taken, its callee f takes no arguments, and its own stack objects
// (err, the deferred call) are live throughout.
func guard(op string, f func()) (err error) {
	defer catch(op, &err)
	f()
	return nil
}

// catch turns a thrown *Error (or an arithmetic fault, see arithFault) into
// *err, stamping the operation name. Other panics (bugs) propagate. Only
// guard defers it.
func catch(op string, err *error) {
	if r := recover(); r != nil {
		var e *Error
		switch f := r.(type) {
		case *Error:
			e = f
		case arithFault:
			e = f.err()
		default:
			panic(r)
		}
		if e.Op == "" {
			e.Op = op
		}
		*err = e
	}
}
