package sym

import (
	"errors"
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/cutealg/cutealg/internal/notation"
)

// Rel is a comparison operator of the condition language.
type Rel uint8

// The comparison operators.
const (
	EQ Rel = iota // ==
	NE            // !=
	LT            // <
	LE            // <=
	GT            // >
	GE            // >=
)

var relText = [...]string{EQ: "==", NE: "!=", LT: "<", LE: "<=", GT: ">", GE: ">="}

func (r Rel) String() string {
	if int(r) < len(relText) {
		return relText[r]
	}
	return fmt.Sprintf("Rel(%d)", r)
}

// Order is the set of relations between X and Y for which X r Y holds
// (Less|Same for <=).
func (r Rel) Order() Order {
	switch r {
	case EQ:
		return Same
	case NE:
		return Less | Greater
	case LT:
		return Less
	case LE:
		return Less | Same
	case GT:
		return Greater
	}
	return Same | Greater
}

// Negate returns the operator of the negated comparison (== and !=, < and
// >=, <= and >).
func (r Rel) Negate() Rel {
	switch r {
	case EQ:
		return NE
	case NE:
		return EQ
	case LT:
		return GE
	case LE:
		return GT
	case GT:
		return LE
	}
	return LT
}

// Cond is one comparison X Rel Y of integer expressions. A divisibility
// condition is written with Mod: M%8==0 is Cond{EQ, Mod(M,8), 0}. A list of
// Conds is their conjunction.
type Cond struct {
	Rel  Rel
	X, Y Expr
}

// MakeCond returns the condition x rel y.
func MakeCond(x Expr, rel Rel, y Expr) Cond { return Cond{Rel: rel, X: pl(x), Y: pl(y)} }

// Divisible returns the condition b % a == 0 (a divides b). Where a or b
// has a term with a rational coefficient, both are first multiplied by the
// least common multiple of their coefficients' denominators (the quotient
// is the same): N/2 divides x is the condition 2*x%N==0, whose text is an
// integer wherever the symbols are (a guard or a need that reads x%(N/2)
// holds an inexact division where N is odd). A symbolic denominator stays
// (16/M%N==0): multiplied out, sym would lose the relations it finds
// between such a condition and the others of a case. A remainder of one
// term is written without its constant factor: 8 divides 2*M is M%4==0,
// not M%4*2==0.
func Divisible(a, b Expr) Cond {
	pa, pb := clearedPair(pl(a), pl(b))
	r := modPoly(pb, pa)
	if t, ok := r.monomial(); ok && len(t.m) > 0 && !t.c.isOne() {
		// one term c*m: c*m == 0 exactly where m == 0 ((8*M)%128 is
		// M%16*8, and the condition reads M%16==0)
		r = &poly{t: []term{{ratOne, t.m}}}
	}
	return Cond{Rel: EQ, X: r, Y: Const(0)}
}

// clearedPair returns a*d and b*d, d the least common multiple of the
// denominators of their coefficients; a and b when it is 1 or one is
// invalid.
func clearedPair(a, b *poly) (*poly, *poly) {
	if a.err != nil || b.err != nil {
		return a, b
	}
	d := big.NewInt(1)
	for _, p := range [2]*poly{a, b} {
		for _, t := range p.t {
			if t.c.isInt() {
				continue
			}
			den := t.c.den()
			d.Mul(d, new(big.Int).Quo(den, new(big.Int).GCD(nil, nil, d, den)))
		}
	}
	if d.Cmp(big.NewInt(1)) == 0 {
		return a, b
	}
	c := ratFromBigInt(d)
	return scalePoly(a, c), scalePoly(b, c)
}

// Negate returns the negated condition.
func (c Cond) Negate() Cond { return Cond{Rel: c.Rel.Negate(), X: c.X, Y: c.Y} }

// String returns the condition in the notation: M%8==0, N>=64.
func (c Cond) String() string { return notation.Print(c.Node()) }

// Same reports whether c and d are the same condition, as their texts
// are (c.String() == d.String()): the same relation between operands of
// identical canonical forms, decided without printing them.
func (c Cond) Same(d Cond) bool {
	if c.Err() != nil || d.Err() != nil {
		return c.String() == d.String()
	}
	return c.Rel == d.Rel && polyEq(pl(c.X), pl(d.X)) && polyEq(pl(c.Y), pl(d.Y))
}

// AppendKey appends to dst a key that identifies the condition, for
// tables keyed by conditions: two conditions have the same key exactly
// when they have the same relation and their operands the same canonical
// form (as for String, which is injective on canonical forms, but made
// without building and printing a notation tree). It is not meant to be
// read; a map indexed by string(key) is read without making the string.
func (c Cond) AppendKey(dst []byte) []byte {
	dst = appendKey(dst, pl(c.X))
	dst = append(dst, byte('0'+c.Rel))
	return appendKey(dst, pl(c.Y))
}

// appendKey appends the canonical form of p to dst: its terms, each as
// its coefficient and its factors (the variable's name, which is unique
// across kinds and, for an atom, its canonical text, and the exponent).
func appendKey(dst []byte, p *poly) []byte {
	if p.err != nil {
		dst = append(dst, '\x01')
		dst = append(dst, p.err.Error()...)
		return append(dst, '\x01')
	}
	for _, t := range p.t {
		dst = append(dst, '\x02')
		if t.c.b != nil {
			dst = append(dst, t.c.b.RatString()...)
		} else {
			dst = strconv.AppendInt(dst, t.c.n, 10)
			if t.c.d != 1 {
				dst = append(dst, '/')
				dst = strconv.AppendInt(dst, t.c.d, 10)
			}
		}
		for _, f := range t.m {
			dst = append(dst, '\x03')
			dst = append(dst, f.v.name...)
			dst = append(dst, '^')
			dst = strconv.AppendInt(dst, int64(f.e), 10)
		}
	}
	return append(dst, '\x04')
}

// Node returns the notation tree of the condition.
func (c Cond) Node() notation.Node {
	return &notation.Compare{Op: c.Rel.String(), X: Node(c.X), Y: Node(c.Y)}
}

// Err returns the error of an invalid operand.
func (c Cond) Err() error {
	if err := pl(c.X).err; err != nil {
		return err
	}
	return pl(c.Y).err
}

// Holds evaluates the condition at the binding.
func (c Cond) Holds(b Binding) (bool, error) {
	x, err := evalRat(pl(c.X), b)
	if err != nil {
		return false, &EvalError{Expr: c.String(), Msg: err.Error()}
	}
	y, err := evalRat(pl(c.Y), b)
	if err != nil {
		return false, &EvalError{Expr: c.String(), Msg: err.Error()}
	}
	if !x.isInt() || !y.isInt() {
		return false, &EvalError{Expr: c.String(), Msg: "inexact division"}
	}
	return relHolds(c.Rel, x.cmp(y)), nil
}

func relHolds(r Rel, cmp int) bool {
	switch r {
	case EQ:
		return cmp == 0
	case NE:
		return cmp != 0
	case LT:
		return cmp < 0
	case LE:
		return cmp <= 0
	case GT:
		return cmp > 0
	}
	return cmp >= 0
}

func condEq(a, b Cond) bool {
	return a.Rel == b.Rel && Equal(a.X, b.X) && Equal(a.Y, b.Y)
}

// ErrUnsupported is wrapped by the errors of conditions outside the
// supported fragment ('||', and '!' over a conjunction).
var ErrUnsupported = errors.New("unsupported condition")

// ParseConds reads a condition of the notation and returns it as a
// conjunction of comparisons. Supported: comparisons (== != < <= > >=),
// '&&', and '!' over a comparison (negated) or over '||' (by De Morgan).
// Not supported: '||', and '!' over '&&' — they would need a disjunction;
// the error (wrapping ErrUnsupported) says to assume each alternative in its
// own context instead. Syntax errors are *notation.SyntaxError values.
func ParseConds(src string) ([]Cond, error) {
	n, err := notation.ParseCond(src)
	if err != nil {
		return nil, err
	}
	return CondsFromNode(n)
}

// CondsFromNode converts a parsed condition (see ParseConds).
func CondsFromNode(n notation.Node) ([]Cond, error) {
	var out []Cond
	if err := condsFrom(n, false, &out); err != nil {
		return nil, err
	}
	return out, nil
}

func condsFrom(n notation.Node, neg bool, out *[]Cond) error {
	switch n := n.(type) {
	case *notation.Compare:
		if n == nil {
			return semErr(nil, "a condition", "nil node")
		}
		rel, ok := relOf(n.Op)
		if !ok {
			return semErr(n, "== != < <= > >=", "unknown comparison "+n.Op)
		}
		x, err := fromNode(n.X)
		if err != nil {
			return err
		}
		y, err := fromNode(n.Y)
		if err != nil {
			return err
		}
		if neg {
			rel = rel.Negate()
		}
		*out = append(*out, Cond{Rel: rel, X: x, Y: y})
		return nil
	case *notation.Logic:
		if n == nil {
			return semErr(nil, "a condition", "nil node")
		}
		and := n.Op == "&&"
		if !and && n.Op != "||" {
			return semErr(n, "&& or ||", "unknown connective "+n.Op)
		}
		if and == neg { // || , or !(a && b)
			what := "'||'"
			if neg {
				what = "'!' over '&&'"
			}
			return &notation.SyntaxError{Pos: n.Pos(),
				Msg: fmt.Sprintf("%s: %s in %s needs a disjunction; assume each alternative in its own context (Ctx.With per case)",
					ErrUnsupported, what, notation.Print(n))}
		}
		if err := condsFrom(n.X, neg, out); err != nil {
			return err
		}
		return condsFrom(n.Y, neg, out)
	case *notation.Not:
		if n == nil {
			return semErr(nil, "a condition", "nil node")
		}
		return condsFrom(n.X, !neg, out)
	}
	return semErr(n, "a condition", describeNode(n)+" where a condition is expected")
}

func relOf(op string) (Rel, bool) {
	for r, s := range relText {
		if s == op {
			return Rel(r), true
		}
	}
	return 0, false
}

// FormatConds prints a conjunction as the notation writes it: a&&b.
func FormatConds(cs []Cond) string {
	if len(cs) == 0 {
		return "true"
	}
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = c.String()
	}
	return strings.Join(parts, "&&")
}

// IsUnsupported reports whether err is the error of an unsupported
// condition.
func IsUnsupported(err error) bool {
	var se *notation.SyntaxError
	if errors.As(err, &se) {
		return strings.HasPrefix(se.Msg, ErrUnsupported.Error())
	}
	return errors.Is(err, ErrUnsupported)
}
