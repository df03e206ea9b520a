package notation

import (
	"fmt"
	"strings"
	"sync"
)

// Limits on the input that Parse and ParseCond accept. Exceeding any of them
// gives a *SyntaxError at the place where it was detected.
const (
	// MaxBytes is the longest input accepted, in bytes.
	MaxBytes = 1 << 20
	// MaxDepth is the deepest AST accepted: no path from the root to a
	// leaf may hold more than MaxDepth nodes. Every tuple, call, function,
	// layout, binary operator and '!' adds a level; grouping parentheses in
	// a condition add none but may not be nested more than MaxDepth deep.
	MaxDepth = 128
	// MaxNodes is the largest AST accepted, in nodes.
	MaxNodes = 1 << 16
)

// parser holds the state of one Parse or ParseCond call. Parse functions
// take d, a lower bound on the depth of the node they parse (0 for the
// root; the exact depth is not known for the first operand of an operator
// chain), and return the node, its height (1 for a leaf) and an error.
type parser struct {
	src  string
	cond bool // condition mode: '<' '>' compare, and == != <= >= && || ! exist

	// scanner
	off       int // offset of the byte after p.tok
	line      int
	lineStart int // offset of the first byte of the current line
	tok       token
	lexErr    *SyntaxError // the error of a tIllegal token

	nodes   int    // nodes made so far
	groups  int    // open grouping parentheses (conditions)
	scratch []Node // elements of the open tuples and calls, innermost last
	buf     [16]Node

	// Slabs from which the most common nodes are allocated, to make one
	// allocation per several nodes rather than one per node.
	ints    []Int
	syms    []Sym
	tuples  []Tuple
	layouts []Layout
}

// alloc returns a zero T from the slab *s, refilling the slab when it is
// empty with room for up to 32 nodes, fewer when the rest of the input is
// too short to hold that many.
func alloc[T any](p *parser, s *[]T) *T {
	if len(*s) == 0 {
		*s = make([]T, min(32, max(2, (len(p.src)-p.off)/6)))
	}
	x := &(*s)[0]
	*s = (*s)[1:]
	return x
}

// Parse parses one CuTe value: an integer expression, '_', a tuple, an angle
// tuple, a layout Shape:Stride or a call such as logical_divide(A, B). See
// the package documentation for the grammar. Every error is a *SyntaxError.
func Parse(src string) (Node, error) {
	p, err := newParser(src, false)
	if err != nil {
		return nil, err
	}
	defer p.release()
	if p.tok.kind == tEOF {
		return nil, &SyntaxError{Pos: p.tok.pos, Msg: "empty input", Expected: expValue}
	}
	n, _, err := p.elem(0)
	if err != nil {
		return nil, err
	}
	if p.tok.kind != tEOF {
		if p.tok.kind == tColon {
			if _, ok := n.(*Layout); ok {
				return nil, p.unexpected("after a layout (a stride cannot be a layout)", expEOF)
			}
		}
		return nil, p.unexpected("after a complete value", expEOF)
	}
	return n, nil
}

// ParseCond parses a condition such as "M % 8 == 0 && N >= 64": comparisons
// of integer expressions joined by '&&', '||' and '!', with parentheses for
// grouping. Every error is a *SyntaxError.
func ParseCond(src string) (Node, error) {
	p, err := newParser(src, true)
	if err != nil {
		return nil, err
	}
	defer p.release()
	if p.tok.kind == tEOF {
		return nil, &SyntaxError{Pos: p.tok.pos, Msg: "empty input", Expected: expCond}
	}
	n, _, err := p.or(0)
	if err != nil {
		return nil, err
	}
	if p.tok.kind != tEOF {
		return nil, p.unexpected("after a complete condition", "'&&', '||' or end of input")
	}
	return n, nil
}

func newParser(src string, cond bool) (*parser, error) {
	if len(src) > MaxBytes {
		head := src[:MaxBytes]
		line := 1 + strings.Count(head, "\n")
		col := MaxBytes - strings.LastIndexByte(head, '\n')
		return nil, &SyntaxError{
			Pos: Pos{Offset: MaxBytes, Line: line, Col: col},
			Msg: fmt.Sprintf("input too long: %d bytes, more than MaxBytes (%d)", len(src), MaxBytes),
		}
	}
	p := parsers.Get().(*parser)
	// a parser from the pool keeps the rest of its slabs (nodes not
	// handed out yet); everything else starts anew
	*p = parser{src: src, cond: cond, line: 1, ints: p.ints, syms: p.syms, tuples: p.tuples, layouts: p.layouts}
	p.scratch = p.buf[:0]
	p.next()
	return p, nil
}

// parsers holds parsers between calls: the parser is a few hundred bytes
// (the scratch array), and nothing it holds outlives its call except the
// nodes handed out, which are separate from it.
var parsers = sync.Pool{New: func() any { return new(parser) }}

// release returns p to the pool; p is not used after.
func (p *parser) release() {
	p.src, p.lexErr = "", nil
	clear(p.buf[:])
	parsers.Put(p)
}

// unexpected reports the current token as unexpected; context, when not
// empty, follows the token's description in the message. A tIllegal token
// reports its lexical error instead.
func (p *parser) unexpected(context, expected string) *SyntaxError {
	if p.tok.kind == tIllegal {
		return p.lexErr
	}
	msg := "unexpected " + p.describe()
	if context != "" {
		msg += " " + context
	}
	return &SyntaxError{Pos: p.tok.pos, Msg: msg, Expected: expected}
}

// count accounts for one more node at pos.
func (p *parser) count(pos Pos) error {
	p.nodes++
	if p.nodes > MaxNodes {
		return errTooManyNodes(pos)
	}
	return nil
}

// fits checks that a node of height h at depth d (a lower bound) stays within
// MaxDepth; pos is where the error is reported.
func fits(d, h int, pos Pos) error {
	if d+h > MaxDepth {
		return errTooDeep(pos)
	}
	return nil
}

// leaf accounts for a leaf node at depth d.
func (p *parser) leaf(d int, pos Pos) error {
	if err := fits(d, 1, pos); err != nil {
		return err
	}
	return p.count(pos)
}

// open accounts for a node at depth d that holds other nodes, before its
// children are parsed.
func (p *parser) open(d int, pos Pos) error {
	if d >= MaxDepth {
		return errTooDeep(pos)
	}
	return p.count(pos)
}

// elem := part ['o' part 'o' part]
func (p *parser) elem(d int) (Node, int, error) {
	a, ha, err := p.part(d)
	if err != nil || !p.atO() {
		return a, ha, err
	}
	o := p.tok.pos
	if err := p.open(d, o); err != nil {
		return nil, 0, err
	}
	p.next()
	off, hoff, err := p.part(d + 1)
	if err != nil {
		return nil, 0, err
	}
	if !p.atO() {
		return nil, 0, p.unexpected("in a composed layout A o O o B", "'o' and the inner layout")
	}
	p.next()
	b, hb, err := p.part(d + 1)
	if err != nil {
		return nil, 0, err
	}
	if p.atO() {
		return nil, 0, p.unexpected("after a composed layout A o O o B", "',' or the end of the value")
	}
	return &Composed{P: a.Pos(), A: a, O: off, B: b}, 1 + max(ha, hoff, hb), nil
}

// atO reports whether the current token is the composition mark 'o'.
func (p *parser) atO() bool { return p.tok.kind == tSym && p.tokText() == "o" }

// part := tuplish [':' tuplish]
func (p *parser) part(d int) (Node, int, error) {
	shape, hs, err := p.tuplish(d)
	if err != nil || p.tok.kind != tColon {
		return shape, hs, err
	}
	colon := p.tok.pos
	p.next()
	stride, ht, err := p.tuplish(d + 1)
	if err != nil {
		return nil, 0, err
	}
	h := 1 + max(hs, ht)
	if err := fits(d, h, colon); err != nil {
		return nil, 0, err
	}
	if err := p.count(colon); err != nil {
		return nil, 0, err
	}
	l := alloc(p, &p.layouts)
	*l = Layout{P: shape.Pos(), Shape: shape, Stride: stride}
	return l, h, nil
}

// tuplish := expr | '_' | '(' [elem {',' elem}] ')' | '<' elem {',' elem} '>'
// | name '(' elem {',' elem} ')'
func (p *parser) tuplish(d int) (Node, int, error) {
	var (
		n   Node
		h   int
		err error
	)
	switch p.tok.kind {
	case tInt, tMinus:
		x, hx, err := p.expr(d)
		if err != nil || p.tok.kind != tAt {
			return x, hx, err
		}
		return p.basis(x)
	case tSym:
		if p.tokText() == "Sw" && p.followedByLess() {
			n, h, err = p.swizzle(d)
			break
		}
		if !p.followedByParen() || isFunc(p.tokText()) {
			return p.expr(d)
		}
		n, h, err = p.call(d)
	case tUnderscore:
		pos := p.tok.pos
		if err := p.leaf(d, pos); err != nil {
			return nil, 0, err
		}
		p.next()
		n, h = &Underscore{P: pos}, 1
	case tLParen, tLess:
		n, h, err = p.tuple(d)
	default:
		return nil, 0, p.unexpected("", expValue)
	}
	if err != nil {
		return nil, 0, err
	}
	if isArith(p.tok.kind) {
		return nil, 0, p.unexpected("after a tuple, call or '_' ('(' always opens a tuple, never groups an expression)", "',', ':' or the end of the value")
	}
	return n, h, nil
}

// basis parses the '@' modes of a scaled basis element whose value x has
// been read: int '@' digits {'@' digits}.
func (p *parser) basis(x Node) (Node, int, error) {
	v, ok := x.(*Int)
	if !ok {
		return nil, 0, &SyntaxError{Pos: x.Pos(), Msg: "the value of a scaled basis element must be an integer literal", Expected: "an integer such as _1"}
	}
	b := &Basis{P: v.P, Value: v}
	for p.tok.kind == tAt {
		p.next()
		if p.tok.kind != tInt || p.tok.static || p.tok.val < 0 {
			return nil, 0, p.unexpected("after '@' in a scaled basis element", "a mode index (digits)")
		}
		b.Modes = append(b.Modes, p.tok.val)
		p.next()
	}
	return b, 1, nil
}

// swizzle parses 'Sw' '<' int ',' int ',' int '>' (the parameters are
// plain integers, the last may be negative).
func (p *parser) swizzle(d int) (Node, int, error) {
	pos := p.tok.pos
	if err := p.leaf(d, pos); err != nil {
		return nil, 0, err
	}
	p.next() // Sw
	var v [3]int64
	for i, sep := range []tokKind{tLess, tComma, tComma} {
		if p.tok.kind != sep {
			return nil, 0, p.unexpected("in a swizzle Sw<B,M,S>", "'"+tokText[sep]+"'")
		}
		p.next()
		t := p.tok
		if t.kind == tMinus && t.end < len(p.src) && isDigit(p.src[t.end]) {
			p.number(t.off, t.end, true, false)
			t = p.tok
		}
		if t.kind != tInt || t.static {
			return nil, 0, p.unexpected("in a swizzle Sw<B,M,S>", "a plain integer parameter")
		}
		v[i] = t.val
		p.next()
	}
	if p.tok.kind != tGreater {
		return nil, 0, p.unexpected("in a swizzle Sw<B,M,S>", "'>'")
	}
	p.next()
	return &Swizzle{P: pos, B: v[0], M: v[1], S: v[2]}, 1, nil
}

func (p *parser) tokText() string { return p.src[p.tok.off:p.tok.end] }

func isFunc(name string) bool {
	switch name {
	case "ceil_div", "floor_div", "min", "max":
		return true
	}
	return false
}

func isArith(k tokKind) bool {
	return k == tPlus || k == tMinus || k == tStar || k == tSlash || k == tPercent
}

// tuple parses '(' [elem {',' elem}] ')' or '<' elem {',' elem} '>'.
func (p *parser) tuple(d int) (Node, int, error) {
	open := p.tok
	if err := p.open(d, open.pos); err != nil {
		return nil, 0, err
	}
	p.next()
	if open.kind == tLParen && p.tok.kind == tRParen {
		p.next()
		tu := alloc(p, &p.tuples)
		tu.P = open.pos
		return tu, 1, nil
	}
	what := "tuple"
	if open.kind == tLess {
		what = "angle tuple"
	}
	elems, h, err := p.list(d+1, open, what)
	if err != nil {
		return nil, 0, err
	}
	tu := alloc(p, &p.tuples)
	*tu = Tuple{P: open.pos, Elems: elems, Angle: open.kind == tLess}
	return tu, h + 1, nil
}

// call parses name '(' elem {',' elem} ')'.
func (p *parser) call(d int) (Node, int, error) {
	name := p.tok
	if err := p.open(d, name.pos); err != nil {
		return nil, 0, err
	}
	p.next() // the name
	open := p.tok
	p.next() // '('
	args, h, err := p.list(d+1, open, "call of "+snippet(p.src[name.off:name.end]))
	if err != nil {
		return nil, 0, err
	}
	return &Call{P: name.pos, Name: p.src[name.off:name.end], Args: args}, h + 1, nil
}

// list parses elem {',' elem} and the closing bracket matching open; what
// names the construct in messages. It returns the elements and the largest
// height among them.
func (p *parser) list(d int, open token, what string) ([]Node, int, error) {
	closer, closeText := tRParen, "')'"
	if open.kind == tLess {
		closer, closeText = tGreater, "'>'"
	}
	base := len(p.scratch)
	h := 0
	for {
		e, he, err := p.elem(d)
		if err != nil {
			return nil, 0, err
		}
		p.scratch = append(p.scratch, e)
		h = max(h, he)
		switch p.tok.kind {
		case tComma:
			p.next()
			continue
		case closer:
			p.next()
			elems := make([]Node, len(p.scratch)-base)
			copy(elems, p.scratch[base:])
			clear(p.scratch[base:])
			p.scratch = p.scratch[:base]
			return elems, h, nil
		case tEOF:
			return nil, 0, &SyntaxError{
				Pos:      p.tok.pos,
				Msg:      fmt.Sprintf("unterminated %s: '%s' at %s is never closed", what, tokText[open.kind], open.pos),
				Expected: "',' or " + closeText,
			}
		case tRParen, tGreater:
			return nil, 0, p.unexpected(fmt.Sprintf("in %s opened by '%s' at %s", what, tokText[open.kind], open.pos), "',' or "+closeText)
		case tColon:
			return nil, 0, p.unexpected("after a layout (a stride cannot be a layout)", "',' or "+closeText)
		}
		return nil, 0, p.unexpected("", "',' or "+closeText)
	}
}

// expr := term {('+'|'-') term}
func (p *parser) expr(d int) (Node, int, error) {
	x, hx, err := p.term(d)
	if err != nil {
		return nil, 0, err
	}
	for p.tok.kind == tPlus || p.tok.kind == tMinus {
		op := p.tok
		p.next()
		y, hy, err := p.term(d)
		if err != nil {
			return nil, 0, err
		}
		if x, hx, err = p.binary(d, op, x, hx, y, hy); err != nil {
			return nil, 0, err
		}
	}
	return x, hx, nil
}

// term := factor {('*'|'/'|'%') factor}
func (p *parser) term(d int) (Node, int, error) {
	x, hx, err := p.factor(d)
	if err != nil {
		return nil, 0, err
	}
	for p.tok.kind == tStar || p.tok.kind == tSlash || p.tok.kind == tPercent {
		op := p.tok
		p.next()
		y, hy, err := p.factor(d)
		if err != nil {
			return nil, 0, err
		}
		if x, hx, err = p.binary(d, op, x, hx, y, hy); err != nil {
			return nil, 0, err
		}
	}
	return x, hx, nil
}

// binary makes x op y at depth d.
func (p *parser) binary(d int, op token, x Node, hx int, y Node, hy int) (Node, int, error) {
	h := 1 + max(hx, hy)
	if err := fits(d, h, op.pos); err != nil {
		return nil, 0, err
	}
	if err := p.count(op.pos); err != nil {
		return nil, 0, err
	}
	return &Binary{P: x.Pos(), Op: tokText[op.kind][0], X: x, Y: y}, h, nil
}

// factor := int | sym | fn '(' expr ',' expr ')'
func (p *parser) factor(d int) (Node, int, error) {
	t := p.tok
	switch t.kind {
	case tMinus:
		// A '-' directly followed by a digit starts a negative literal.
		if t.end >= len(p.src) || !isDigit(p.src[t.end]) {
			break
		}
		p.number(t.off, t.end, true, false)
		if p.tok.kind == tIllegal {
			return nil, 0, p.lexErr
		}
		t = p.tok
		fallthrough
	case tInt:
		if err := p.leaf(d, t.pos); err != nil {
			return nil, 0, err
		}
		p.next()
		n := alloc(p, &p.ints)
		*n = Int{P: t.pos, Value: t.val, Static: t.static}
		return n, 1, nil
	case tSym:
		name := p.tokText()
		if p.followedByParen() {
			if isFunc(name) {
				return p.fn(d)
			}
			return nil, 0, &SyntaxError{
				Pos: t.pos,
				Msg: "call of " + snippet(name) + " inside an integer expression (only ceil_div, floor_div, min and max may appear there)",
			}
		}
		if err := p.leaf(d, t.pos); err != nil {
			return nil, 0, err
		}
		p.next()
		n := alloc(p, &p.syms)
		*n = Sym{P: t.pos, Name: name}
		return n, 1, nil
	case tLParen:
		return nil, 0, p.unexpected("in an integer expression ('(' always opens a tuple, never groups an expression)", expOperand)
	}
	return nil, 0, p.unexpected("", expOperand)
}

// fn parses name '(' expr ',' expr ')' for the four integer functions.
func (p *parser) fn(d int) (Node, int, error) {
	name := p.tok
	if err := p.open(d, name.pos); err != nil {
		return nil, 0, err
	}
	fname := p.src[name.off:name.end]
	p.next() // the name
	open := p.tok
	p.next() // '('
	x, hx, err := p.expr(d + 1)
	if err != nil {
		return nil, 0, err
	}
	if err := p.fnSep(tComma, fname, open); err != nil {
		return nil, 0, err
	}
	y, hy, err := p.expr(d + 1)
	if err != nil {
		return nil, 0, err
	}
	if err := p.fnSep(tRParen, fname, open); err != nil {
		return nil, 0, err
	}
	return &Func{P: name.pos, Name: fname, X: x, Y: y}, 1 + max(hx, hy), nil
}

// fnSep consumes the ',' or ')' (want) that follows an argument of fname.
func (p *parser) fnSep(want tokKind, fname string, open token) error {
	k := p.tok.kind
	if k == want {
		p.next()
		return nil
	}
	expected := "'" + tokText[want] + "'"
	switch k {
	case tEOF:
		return &SyntaxError{
			Pos:      p.tok.pos,
			Msg:      fmt.Sprintf("unterminated call of %s: '(' at %s is never closed", fname, open.pos),
			Expected: expected,
		}
	case tComma, tRParen:
		return p.unexpected("("+fname+" takes exactly two arguments)", expected)
	}
	return p.unexpected("", expected)
}

// or := and {'||' and}
func (p *parser) or(d int) (Node, int, error) {
	x, hx, err := p.and(d)
	if err != nil {
		return nil, 0, err
	}
	for p.tok.kind == tOr {
		op := p.tok
		p.next()
		y, hy, err := p.and(d)
		if err != nil {
			return nil, 0, err
		}
		if x, hx, err = p.logic(d, op, x, hx, y, hy); err != nil {
			return nil, 0, err
		}
	}
	return x, hx, nil
}

// and := unary {'&&' unary}
func (p *parser) and(d int) (Node, int, error) {
	x, hx, err := p.unary(d)
	if err != nil {
		return nil, 0, err
	}
	for p.tok.kind == tAnd {
		op := p.tok
		p.next()
		y, hy, err := p.unary(d)
		if err != nil {
			return nil, 0, err
		}
		if x, hx, err = p.logic(d, op, x, hx, y, hy); err != nil {
			return nil, 0, err
		}
	}
	return x, hx, nil
}

// logic makes x op y (op '&&' or '||') at depth d.
func (p *parser) logic(d int, op token, x Node, hx int, y Node, hy int) (Node, int, error) {
	h := 1 + max(hx, hy)
	if err := fits(d, h, op.pos); err != nil {
		return nil, 0, err
	}
	if err := p.count(op.pos); err != nil {
		return nil, 0, err
	}
	return &Logic{P: x.Pos(), Op: tokText[op.kind], X: x, Y: y}, h, nil
}

// unary := '!' unary | '(' or ')' | expr cmp expr
func (p *parser) unary(d int) (Node, int, error) {
	t := p.tok
	switch t.kind {
	case tNot:
		if err := p.open(d, t.pos); err != nil {
			return nil, 0, err
		}
		p.next()
		x, h, err := p.unary(d + 1)
		if err != nil {
			return nil, 0, err
		}
		return &Not{P: t.pos, X: x}, h + 1, nil
	case tLParen:
		if p.groups >= MaxDepth {
			return nil, 0, errTooDeep(t.pos)
		}
		p.groups++
		p.next()
		x, h, err := p.or(d)
		if err != nil {
			return nil, 0, err
		}
		switch p.tok.kind {
		case tRParen:
		case tEOF:
			return nil, 0, &SyntaxError{
				Pos:      p.tok.pos,
				Msg:      fmt.Sprintf("unterminated '(' at %s", t.pos),
				Expected: "'&&', '||' or ')'",
			}
		default:
			return nil, 0, p.unexpected("", "'&&', '||' or ')'")
		}
		p.groups--
		p.next()
		return x, h, nil
	case tInt, tMinus, tSym:
		return p.compare(d)
	}
	return nil, 0, p.unexpected("", expCond)
}

// compare := expr cmp expr
func (p *parser) compare(d int) (Node, int, error) {
	x, hx, err := p.expr(d)
	if err != nil {
		return nil, 0, err
	}
	op := p.tok
	switch op.kind {
	case tEq, tNe, tLess, tLe, tGreater, tGe:
	default:
		return nil, 0, p.unexpected("", "operator or comparison ("+expCompare+")")
	}
	p.next()
	y, hy, err := p.expr(d)
	if err != nil {
		return nil, 0, err
	}
	h := 1 + max(hx, hy)
	if err := fits(d, h, op.pos); err != nil {
		return nil, 0, err
	}
	if err := p.count(op.pos); err != nil {
		return nil, 0, err
	}
	return &Compare{P: x.Pos(), Op: tokText[op.kind], X: x, Y: y}, h, nil
}
