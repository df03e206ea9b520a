package notation

import "strconv"

// Print returns the canonical text of n: no whitespace, static integers with
// their '_' mark (_4, _-1), tuples (a,b), angle tuples <a,b>, layouts S:D,
// calls name(a,b), functions min(a,b), expressions M*N+1 and conditions
// M%8==0&&N>=64, with parentheses in conditions only where precedence needs
// them ((a||b)&&c) and always around the operand of '!' unless that operand
// is itself a '!' (!(M<4), !!(M<4)).
//
// Print(n) parses back to n for every n that Parse or ParseCond produced.
// It never panics, but it requires a representable tree for that guarantee:
// the notation has no grouping parentheses in expressions, so an operand
// that would need them (a sum under a product, a right operand of the same
// precedence as its operator: M*(N+1), M-(N-1)) is printed as it is, without
// parentheses, and reads back as a different tree. Likewise a layout whose
// shape or stride is a layout, a call without arguments or an empty angle
// tuple print but do not parse back. A nil node prints as "<nil>".
func Print(n Node) string {
	p := printer{buf: make([]byte, 0, 64)}
	p.node(n)
	return string(p.buf)
}

type printer struct {
	buf  []byte
	docs bool // the documentation's style (PrintDocs)
}

// PrintDocs prints n as the CuTe documentation writes derivations: as
// Print, except that a composition (composition, composition_tiler,
// composition_shape with two arguments) prints as the docs' infix `A o B`,
// and a tuple that holds layouts or calls separates its elements with ", "
// (`(20:2 o 5:4, 20:2 o 4:1)`). Its output is for reading: the parser does
// not read `o`; Print is the form that parses back.
func PrintDocs(n Node) string {
	p := printer{buf: make([]byte, 0, 64), docs: true}
	p.node(n)
	return string(p.buf)
}

// composes reports whether a call prints as A o B in the docs' style.
func composes(c *Call) bool {
	switch c.Name {
	case "composition", "composition_tiler", "composition_shape":
		return len(c.Args) == 2
	}
	return false
}

// holdsTerms reports whether a tuple holds layouts or calls (at any depth).
func holdsTerms(t *Tuple) bool {
	for _, e := range t.Elems {
		switch e := e.(type) {
		case *Layout, *Call:
			return true
		case *Tuple:
			if holdsTerms(e) {
				return true
			}
		}
	}
	return false
}

func (p *printer) str(s string) { p.buf = append(p.buf, s...) }
func (p *printer) nilNode()     { p.str("<nil>") }

func (p *printer) node(n Node) {
	switch n := n.(type) {
	case *Int:
		if n == nil {
			p.nilNode()
			return
		}
		if n.Static {
			p.buf = append(p.buf, '_')
		}
		p.buf = strconv.AppendInt(p.buf, n.Value, 10)
	case *Sym:
		if n == nil {
			p.nilNode()
			return
		}
		p.str(n.Name)
	case *Binary:
		if n == nil {
			p.nilNode()
			return
		}
		p.node(n.X)
		p.buf = append(p.buf, n.Op)
		p.node(n.Y)
	case *Func:
		if n == nil {
			p.nilNode()
			return
		}
		p.str(n.Name)
		p.buf = append(p.buf, '(')
		p.node(n.X)
		p.buf = append(p.buf, ',')
		p.node(n.Y)
		p.buf = append(p.buf, ')')
	case *Underscore:
		if n == nil {
			p.nilNode()
			return
		}
		p.buf = append(p.buf, '_')
	case *Tuple:
		if n == nil {
			p.nilNode()
			return
		}
		sep := ","
		if p.docs && holdsTerms(n) {
			sep = ", "
		}
		if n.Angle {
			p.list(n.Elems, '<', '>', sep)
		} else {
			p.list(n.Elems, '(', ')', sep)
		}
	case *Layout:
		if n == nil {
			p.nilNode()
			return
		}
		p.node(n.Shape)
		p.buf = append(p.buf, ':')
		p.node(n.Stride)
	case *Swizzle:
		if n == nil {
			p.nilNode()
			return
		}
		p.str("Sw<")
		p.buf = strconv.AppendInt(p.buf, n.B, 10)
		p.buf = append(p.buf, ',')
		p.buf = strconv.AppendInt(p.buf, n.M, 10)
		p.buf = append(p.buf, ',')
		p.buf = strconv.AppendInt(p.buf, n.S, 10)
		p.buf = append(p.buf, '>')
	case *Composed:
		if n == nil {
			p.nilNode()
			return
		}
		p.node(n.A)
		p.str(" o ")
		p.node(n.O)
		p.str(" o ")
		p.node(n.B)
	case *Basis:
		if n == nil {
			p.nilNode()
			return
		}
		p.node(n.Value)
		for _, m := range n.Modes {
			p.buf = append(p.buf, '@')
			p.buf = strconv.AppendInt(p.buf, m, 10)
		}
	case *Call:
		if n == nil {
			p.nilNode()
			return
		}
		if p.docs && composes(n) {
			p.node(n.Args[0])
			p.str(" o ")
			p.node(n.Args[1])
			return
		}
		p.str(n.Name)
		sep := ","
		if p.docs {
			sep = ", "
		}
		p.list(n.Args, '(', ')', sep)
	case *Compare:
		if n == nil {
			p.nilNode()
			return
		}
		p.node(n.X)
		p.str(n.Op)
		p.node(n.Y)
	case *Logic:
		if n == nil {
			p.nilNode()
			return
		}
		prec := logicPrec(n)
		p.operand(n.X, logicPrec(n.X) < prec)
		p.str(n.Op)
		_, yLogic := n.Y.(*Logic)
		p.operand(n.Y, yLogic && logicPrec(n.Y) <= prec)
	case *Not:
		if n == nil {
			p.nilNode()
			return
		}
		p.buf = append(p.buf, '!')
		x, isNot := n.X.(*Not)
		p.operand(n.X, !isNot || x == nil)
	default: // nil
		p.nilNode()
	}
}

// list prints elems between open and close, separated by sep.
func (p *printer) list(elems []Node, open, close byte, sep string) {
	p.buf = append(p.buf, open)
	for i, e := range elems {
		if i > 0 {
			p.str(sep)
		}
		p.node(e)
	}
	p.buf = append(p.buf, close)
}

// operand prints n, in parentheses if paren.
func (p *printer) operand(n Node, paren bool) {
	if !paren {
		p.node(n)
		return
	}
	p.buf = append(p.buf, '(')
	p.node(n)
	p.buf = append(p.buf, ')')
}

// logicPrec is the binding strength of n as an operand of '&&' or '||': 1
// for '||', 2 for '&&', 3 for anything else (a comparison or a '!').
func logicPrec(n Node) int {
	if l, ok := n.(*Logic); ok && l != nil {
		switch l.Op {
		case "||":
			return 1
		case "&&":
			return 2
		}
	}
	return 3
}
