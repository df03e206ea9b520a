package sym

import (
	"errors"
	"fmt"
	"sort"

	"github.com/cutealg/cutealg/internal/notation"
)

// Const returns the integer constant v.
func Const(v int64) Expr { return constPoly(ratInt(v)) }

// Symbol returns the symbol called name, a positive integer unknown. The
// name must be a valid symbol of the notation (see ValidSymbol).
func Symbol(name string) (Expr, error) {
	if !ValidSymbol(name) {
		return nil, fmt.Errorf("sym: %q is not a valid symbol name", name)
	}
	return varPoly(symVar(name)), nil
}

// Invalid returns an invalid Expr carrying err (which must not be nil).
func Invalid(err error) Expr {
	if err == nil {
		err = errors.New("sym: invalid value")
	}
	return invalid(err)
}

// Add returns a + b.
func Add(a, b Expr) Expr { return addPoly(pl(a), pl(b)) }

// Sub returns a - b.
func Sub(a, b Expr) Expr { return subPoly(pl(a), pl(b)) }

// Neg returns -a.
func Neg(a Expr) Expr { return negPoly(pl(a)) }

// Mul returns a * b.
func Mul(a, b Expr) Expr { return mulPoly(pl(a), pl(b)) }

// Sum returns the sum of the operands (0 for none).
func Sum(xs ...Expr) Expr {
	r := zeroPoly
	for _, x := range xs {
		r = addPoly(r, pl(x))
	}
	return r
}

// Product returns the product of the operands (1 for none).
func Product(xs ...Expr) Expr {
	r := constPoly(ratOne)
	for _, x := range xs {
		r = mulPoly(r, pl(x))
	}
	return r
}

// ExactDiv returns a / b, the notation's '/': an exact division whose
// exactness is the caller's obligation (discharge it with Ctx.Divides). By
// a monomial it is multiplication by the inverse monomial, which may leave
// rational coefficients and negative exponents (M*N/2, M/K); by a
// polynomial that divides a as a polynomial it is the quotient; otherwise
// it stays an exact quotient over a group atom (M/(N+1) prints as
// M/min(N+1,N+1)), whose value is the rational a/b at every binding, so
// that Mul(ExactDiv(M, N+1), N+1) is M. Division by the constant 0 gives
// an invalid value (ErrDivByZero).
func ExactDiv(a, b Expr) Expr { return exactDivPoly(pl(a), pl(b)) }

// FloorDiv returns floor(a/b), reduced where that holds for all integer
// values (8*M+3 by 8 is M, floor_div(floor_div(M,2),4) is floor_div(M,8)),
// otherwise the atom floor_div(a,b). Ctx.FloorDiv decides under
// assumptions.
func FloorDiv(a, b Expr) Expr { return floorDivPoly(pl(a), pl(b)) }

// CeilDiv returns ceil(a/b) = -floor_div(-a, b), reduced like FloorDiv,
// otherwise the atom ceil_div(a,b).
func CeilDiv(a, b Expr) Expr { return ceilDivPoly(pl(a), pl(b)) }

// Mod returns a % b = a - b*floor_div(a,b) (the remainder has the sign of
// b, as Python's %; for a positive b it is the non-negative remainder).
// The atom a%b is kept when a is one term and b a single factor (an
// integer, a symbol or a call); otherwise the value is the expansion
// a - b*floor_div(a,b), because the notation cannot write (M+1)%8.
func Mod(a, b Expr) Expr { return modPoly(pl(a), pl(b)) }

// Min returns the smaller of a and b: one of them when that holds for all
// positive values of the symbols (min(M, M*N) is M), otherwise the atom
// min(a,b). Ctx.Min decides under assumptions.
func Min(a, b Expr) Expr { return minMaxPoly(opMin, pl(a), pl(b)) }

// Max returns the larger of a and b, like Min.
func Max(a, b Expr) Expr { return minMaxPoly(opMax, pl(a), pl(b)) }

// Equal reports whether a and b have the same canonical form. Canonical
// forms are unique on the polynomial fragment (sums of monomials with
// rational coefficients over symbols, negative exponents included), so
// there Equal is equality of functions; expressions with atoms may be equal
// as functions without being Equal (Ctx.Equal decides more). Invalid
// values are equal to nothing.
func Equal(a, b Expr) bool { return polyEq(pl(a), pl(b)) }

// IsConst reports whether e is an integer constant and returns it when it
// fits in int64.
func IsConst(e Expr) (int64, bool) {
	c, ok := pl(e).constant()
	if !ok {
		return 0, false
	}
	return c.int64()
}

// ConstTerm returns the constant term of e (0 when it has none) when it is
// an integer that fits in int64: e is ConstTerm(e) plus terms that each
// hold a symbol or an atom.
func ConstTerm(e Expr) (int64, bool) {
	p := pl(e)
	if p.err != nil {
		return 0, false
	}
	for _, t := range p.t {
		if len(t.m) == 0 {
			return t.c.int64()
		}
	}
	return 0, true
}

// IsMonomial reports whether e is a single term c*x1^e1*...*xn^en (a
// constant included, 0 excluded).
func IsMonomial(e Expr) bool {
	_, ok := pl(e).monomial()
	return ok
}

// HasAtoms reports whether e mentions floor_div, ceil_div, mod, min or max
// that could not be reduced.
func HasAtoms(e Expr) bool { return pl(e).hasAtoms() }

// Integral reports whether every coefficient of e is an integer and no
// exponent is negative, so that e is an integer at every binding.
func Integral(e Expr) bool { p := pl(e); return p.err == nil && p.integral() }

// Symbols returns the names of the symbols of e, atoms' arguments
// included, sorted.
func Symbols(e Expr) []string {
	seen := map[string]bool{}
	var walk func(p *poly)
	walk = func(p *poly) {
		p.eachVar(func(v *variable) {
			switch v.kind {
			case kSym:
				seen[v.name] = true
			case kAtom:
				walk(v.x)
				walk(v.y)
			}
		})
	}
	walk(pl(e))
	out := make([]string, 0, len(seen))
	for s := range seen {
		out = append(out, s)
	}
	sort.Strings(out)
	return out
}

// EverySymbol reports whether f holds for every symbol of e, atoms'
// arguments included (f may see a symbol more than once; it is not
// called after it fails).
func EverySymbol(e Expr, f func(name string) bool) bool { return everySym(pl(e), f) }

func everySym(p *poly, f func(name string) bool) bool {
	if p == nil {
		return true
	}
	for _, t := range p.t {
		for _, x := range t.m {
			switch v := x.v; v.kind {
			case kSym:
				if !f(v.name) {
					return false
				}
			case kAtom:
				if !everySym(v.x, f) || !everySym(v.y, f) {
					return false
				}
			}
		}
	}
	return true
}

// Substitute replaces symbols by expressions (a symbol missing from the map
// stays) and returns the canonical result.
func Substitute(e Expr, by map[string]Expr) Expr {
	return SubstituteFunc(e, func(name string) (Expr, bool) {
		r, ok := by[name]
		return r, ok
	})
}

// SubstituteFunc is Substitute with the replacements given by a function:
// by(name) returns what replaces the symbol name, or false where it stays.
func SubstituteFunc(e Expr, by func(name string) (Expr, bool)) Expr {
	return substPoly(pl(e), func(v *variable) *poly {
		if v.kind != kSym {
			return nil
		}
		if r, ok := by(v.name); ok {
			return pl(r)
		}
		return nil
	})
}

// substPoly replaces every variable v for which f returns a non-nil
// polynomial, inside atoms too (an atom for which f returns nil has its
// arguments substituted and is rebuilt; one for which it returns a value
// is replaced whole), and re-canonicalizes.
func substPoly(p *poly, f func(v *variable) *poly) *poly {
	r, _ := substPolyExact(p, f)
	return r
}

// substPolyExact is substPoly, and reports whether every division it
// formed was exact as polynomials (false when a division by a sum became a
// floor_div, which equals the quotient only where that is an integer).
func substPolyExact(p *poly, f func(v *variable) *poly) (*poly, bool) {
	if p.err != nil {
		return p, true
	}
	exact := true
	memo := map[*variable]*poly{}
	var sub func(v *variable) *poly
	var walk func(p *poly) *poly
	sub = func(v *variable) *poly {
		if r, ok := memo[v]; ok {
			return r
		}
		r := f(v)
		if r == nil && v.kind == kAtom {
			x, y := walk(v.x), walk(v.y)
			if x == v.x && y == v.y {
				r = nil
			} else {
				r = rebuildAtom(v.op, x, y)
			}
		}
		memo[v] = r
		return r
	}
	walk = func(p *poly) *poly {
		changed := false
		for _, t := range p.t {
			for _, x := range t.m {
				if sub(x.v) != nil {
					changed = true
				}
			}
		}
		if !changed {
			return p
		}
		acc := zeroPoly
		var items []divItem
		for _, t := range p.t {
			// the term as a numerator over the product of its substituted
			// negative powers
			r := constPoly(t.c)
			den := constPoly(ratOne)
			var keep mono
			for _, x := range t.m {
				s := sub(x.v)
				if s == nil {
					keep = append(keep, x)
					continue
				}
				if x.e > 0 {
					r = mulPoly(r, powPoly(s, int(x.e)))
				} else {
					den = mulPoly(den, powPoly(s, int(-x.e)))
				}
			}
			if len(keep) > 0 {
				r = mulPoly(r, &poly{t: []term{{ratOne, keep}}})
			}
			if err := firstErr(r, den); err != nil {
				return invalid(err)
			}
			if !polyEq(den, constPoly(ratOne)) {
				if simpleDivisor(den) {
					r = exactDivPoly(r, den)
				} else {
					// divisions by sums are formed once, over all terms
					items = append(items, divItem{r, den})
					continue
				}
			}
			acc = addPoly(acc, r)
			if acc.err != nil {
				return acc
			}
		}
		res, ok := combineDivs(acc, items)
		if !ok {
			exact = false
		}
		return res
	}
	r := walk(p)
	return r, exact
}

func rebuildAtom(op atomOp, x, y *poly) *poly {
	switch op {
	case opFloorDiv, opCeilDiv:
		return divPoly(op, x, y)
	case opMod:
		return modPoly(x, y)
	}
	return minMaxPoly(op, x, y)
}

// ---- notation

// Parse reads an integer expression of the notation (DESIGN section 2):
// integers, symbols, + - * / %, ceil_div, floor_div, min, max. Static marks
// are accepted and ignored (an Expr is a value; see Int for the marks).
// Errors are *notation.SyntaxError values pointing at the offending
// character.
func Parse(src string) (Expr, error) {
	n, err := notation.Parse(src)
	if err != nil {
		return nil, err
	}
	p, err := FromNode(n)
	if err != nil {
		return nil, err
	}
	return p, nil
}

// MustParse is Parse for constant text in programs and tests: it panics
// when src does not parse.
func MustParse(src string) Expr {
	e, err := Parse(src)
	if err != nil {
		panic("sym.MustParse(" + src + "): " + err.Error())
	}
	return e
}

// FromNode converts a parsed expression into its canonical form.
func FromNode(n notation.Node) (Expr, error) {
	p, err := fromNode(n)
	if err != nil {
		return nil, err
	}
	return p, nil
}

func semErr(n notation.Node, expected, msg string) error {
	var pos notation.Pos
	if n != nil {
		pos = n.Pos()
	}
	return &notation.SyntaxError{Pos: pos, Msg: msg, Expected: expected}
}

func fromNode(n notation.Node) (*poly, error) { return fromNodeWith(n, nil) }

// fromNodeWith is fromNode where res, when not nil, may map a symbol name
// to a variable of its own (ParseCertificate reads unknowns this way).
func fromNodeWith(n notation.Node, res func(name string) *variable) (*poly, error) {
	var p *poly
	switch n := n.(type) {
	case *notation.Int:
		if n == nil {
			return nil, semErr(nil, "an integer expression", "nil node")
		}
		p = constPoly(ratInt(n.Value))
	case *notation.Sym:
		if n == nil {
			return nil, semErr(nil, "an integer expression", "nil node")
		}
		if res != nil {
			if v := res(n.Name); v != nil {
				p = varPoly(v)
				break
			}
		}
		if !ValidSymbol(n.Name) {
			return nil, semErr(n, "a symbol", fmt.Sprintf("%q is not a valid symbol name", n.Name))
		}
		p = varPoly(symVar(n.Name))
	case *notation.Binary:
		if n == nil {
			return nil, semErr(nil, "an integer expression", "nil node")
		}
		x, err := fromNodeWith(n.X, res)
		if err != nil {
			return nil, err
		}
		y, err := fromNodeWith(n.Y, res)
		if err != nil {
			return nil, err
		}
		switch n.Op {
		case '+':
			p = addPoly(x, y)
		case '-':
			p = subPoly(x, y)
		case '*':
			p = mulPoly(x, y)
		case '/':
			p = exactDivPoly(x, y)
		case '%':
			p = modPoly(x, y)
		default:
			return nil, semErr(n, "+ - * / %", fmt.Sprintf("unknown operator %q", n.Op))
		}
	case *notation.Func:
		if n == nil {
			return nil, semErr(nil, "an integer expression", "nil node")
		}
		x, err := fromNodeWith(n.X, res)
		if err != nil {
			return nil, err
		}
		y, err := fromNodeWith(n.Y, res)
		if err != nil {
			return nil, err
		}
		switch n.Name {
		case "floor_div":
			p = floorDivPoly(x, y)
		case "ceil_div":
			p = ceilDivPoly(x, y)
		case "min":
			p = minMaxPoly(opMin, x, y)
		case "max":
			p = minMaxPoly(opMax, x, y)
		default:
			return nil, semErr(n, "ceil_div, floor_div, min or max", "unknown function "+n.Name)
		}
	default:
		return nil, semErr(n, "an integer expression", fmt.Sprintf("%s where an integer expression is expected", describeNode(n)))
	}
	if p.err != nil {
		msg := p.err.Error()
		if errors.Is(p.err, ErrDivByZero) {
			msg = "division by zero"
		} else if errors.Is(p.err, ErrTooLarge) {
			msg = "expression too large"
		}
		return nil, semErr(n, "", msg)
	}
	return p, nil
}

func describeNode(n notation.Node) string {
	switch n.(type) {
	case *notation.Tuple:
		return "a tuple"
	case *notation.Layout:
		return "a layout"
	case *notation.Underscore:
		return "'_'"
	case *notation.Call:
		return "a call"
	case *notation.Compare, *notation.Logic, *notation.Not:
		return "a condition"
	case nil:
		return "nothing"
	}
	return "an unexpected node"
}

// Node returns the notation tree of e (see the package documentation for
// its shape); notation.Print(Node(e)) == e.String(). An invalid e gives a
// leaf that prints as invalid(<error>), which does not parse (a condition
// over it, invalid(...)==0, must not read back as one about a symbol
// called invalid).
func Node(e Expr) notation.Node {
	p := pl(e)
	if p.err != nil {
		return &notation.Sym{Name: printPoly(p)}
	}
	return polyNode(p)
}
