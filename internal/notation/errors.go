package notation

import (
	"fmt"
	"strconv"
)

// String returns the position as "line:col".
func (p Pos) String() string {
	return strconv.Itoa(p.Line) + ":" + strconv.Itoa(p.Col)
}

// SyntaxError is the only kind of error returned by Parse and ParseCond. Pos
// points at the offending character: the first byte of the unexpected token,
// the end of the input for input that stops too early, or the place where a
// limit was exceeded.
type SyntaxError struct {
	// Pos is where the error was detected.
	Pos Pos
	// Msg says what is wrong, without the position.
	Msg string
	// Expected, when not empty, says what would have been valid at Pos,
	// e.g. "',' or ')'".
	Expected string
}

// Error formats the error as "line:col: msg", followed by "; expected X"
// when Expected is set.
func (e *SyntaxError) Error() string {
	s := e.Pos.String() + ": " + e.Msg
	if e.Expected != "" {
		s += "; expected " + e.Expected
	}
	return s
}

// What the parser expects at the common places; used as SyntaxError.Expected.
const (
	expValue   = "integer, symbol, '(', '<' or '_'"
	expOperand = "integer or symbol"
	expCond    = "integer, symbol, '(' or '!'"
	expCompare = "'==', '!=', '<', '<=', '>' or '>='"
	expEOF     = "end of input"
)

func errTooDeep(pos Pos) *SyntaxError {
	return &SyntaxError{Pos: pos, Msg: fmt.Sprintf("nesting too deep: more than MaxDepth (%d) levels", MaxDepth)}
}

func errTooManyNodes(pos Pos) *SyntaxError {
	return &SyntaxError{Pos: pos, Msg: fmt.Sprintf("value too large: more than MaxNodes (%d) nodes", MaxNodes)}
}

// snippet quotes s for an error message, shortening it when it is long.
func snippet(s string) string {
	const max = 24
	if len(s) > max {
		return s[:max] + "..."
	}
	return s
}
