package notation

import (
	"fmt"
	"math"
	"unicode/utf8"
)

// tokKind is the kind of a token.
type tokKind uint8

const (
	tEOF        tokKind = iota
	tIllegal            // a lexical error, kept in parser.lexErr
	tInt                // 4, _4, _-1 (a dynamic -1 is tMinus then digits, see parser.factor)
	tSym                // M, tile_m, logical_divide
	tUnderscore         // _ alone
	tLParen             // (
	tRParen             // )
	tLess               // < (opens an angle tuple in values, compares in conditions)
	tGreater            // > (closes an angle tuple in values, compares in conditions)
	tComma              // ,
	tColon              // :
	tPlus               // +
	tMinus              // -
	tStar               // *
	tSlash              // /
	tPercent            // %
	tAt                 // @ (a scaled basis element, _1@0)
	// Condition tokens, produced only in condition mode.
	tEq  // ==
	tNe  // !=
	tLe  // <=
	tGe  // >=
	tAnd // &&
	tOr  // ||
	tNot // !
)

// text of fixed tokens, for messages and for printing operators.
var tokText = [...]string{
	tEOF: "end of input", tIllegal: "illegal", tInt: "integer", tSym: "symbol",
	tUnderscore: "_", tLParen: "(", tRParen: ")", tLess: "<", tGreater: ">",
	tComma: ",", tColon: ":", tPlus: "+", tMinus: "-", tStar: "*", tSlash: "/",
	tPercent: "%", tAt: "@", tEq: "==", tNe: "!=", tLe: "<=", tGe: ">=", tAnd: "&&",
	tOr: "||", tNot: "!",
}

// token is one lexical token: src[off:end] at pos. val holds an integer
// literal's value, static whether it had the '_' mark.
type token struct {
	kind     tokKind
	static   bool
	off, end int
	pos      Pos
	val      int64
}

func isDigit(c byte) bool  { return '0' <= c && c <= '9' }
func isLetter(c byte) bool { u := c &^ 0x20; return 'A' <= u && u <= 'Z' }
func isIdent(c byte) bool  { return isLetter(c) || isDigit(c) || c == '_' }

// posAt returns the position of byte off, which must be on the current line.
func (p *parser) posAt(off int) Pos {
	return Pos{Offset: off, Line: p.line, Col: off - p.lineStart + 1}
}

// next scans the token starting at p.off (after whitespace) into p.tok. A
// lexical error gives a tIllegal token and sets p.lexErr.
func (p *parser) next() {
	src := p.src
	i := p.off
	for ; i < len(src); i++ {
		c := src[i]
		if c == '\n' {
			p.line++
			p.lineStart = i + 1
		} else if c != ' ' && c != '\t' && c != '\r' {
			break
		}
	}
	p.tok = token{off: i, end: i + 1, pos: p.posAt(i)}
	if i >= len(src) {
		p.tok.kind = tEOF
		p.tok.end = i
		p.off = i
		return
	}
	c := src[i]
	kind := tIllegal
	switch {
	case isDigit(c):
		p.number(i, i, false, false)
		return
	case isLetter(c):
		j := i + 1
		for j < len(src) && isIdent(src[j]) {
			j++
		}
		p.tok.kind, p.tok.end, p.off = tSym, j, j
		return
	case c == '_':
		p.underscore(i)
		return
	}
	switch c {
	case '(':
		kind = tLParen
	case ')':
		kind = tRParen
	case ',':
		kind = tComma
	case ':':
		kind = tColon
	case '+':
		kind = tPlus
	case '-':
		kind = tMinus
	case '*':
		kind = tStar
	case '/':
		kind = tSlash
	case '%':
		kind = tPercent
	case '@':
		if !p.cond {
			kind = tAt
		}
	case '<':
		kind = tLess
		if p.cond && i+1 < len(src) && src[i+1] == '=' {
			kind = tLe
		}
	case '>':
		kind = tGreater
		if p.cond && i+1 < len(src) && src[i+1] == '=' {
			kind = tGe
		}
	case '=', '!', '&', '|':
		if p.cond {
			if kind = p.condOp(i); kind == tIllegal {
				return // condOp recorded the error
			}
		}
	}
	if kind == tIllegal {
		p.illegalChar(i, "")
		return
	}
	p.tok.kind = kind
	p.tok.end = i + len(tokText[kind])
	p.off = p.tok.end
}

// condOp scans a condition operator starting with '=', '!', '&' or '|' at i.
func (p *parser) condOp(i int) tokKind {
	c := p.src[i]
	var d byte
	if i+1 < len(p.src) {
		d = p.src[i+1]
	}
	switch {
	case c == '=' && d == '=':
		return tEq
	case c == '!' && d == '=':
		return tNe
	case c == '!':
		return tNot
	case c == '&' && d == '&':
		return tAnd
	case c == '|' && d == '|':
		return tOr
	}
	p.illegalChar(i, "'"+string([]byte{c, c})+"'")
	return tIllegal
}

// illegalChar records a lexical error for the character at i.
func (p *parser) illegalChar(i int, expected string) {
	p.setIllegal(i, "unexpected character "+describeChar(p.src[i:]), expected)
}

// setIllegal makes the current token a tIllegal at i with the given error.
func (p *parser) setIllegal(i int, msg, expected string) {
	p.tok.kind = tIllegal
	p.tok.off, p.tok.end, p.tok.pos = i, i, p.posAt(i)
	p.off = len(p.src) // stop scanning
	p.lexErr = &SyntaxError{Pos: p.tok.pos, Msg: msg, Expected: expected}
}

// describeChar names the first character of s for an error message: 'x',
// '\x00', 'é' (U+00E9), or a byte that is not UTF-8.
func describeChar(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError && n <= 1 {
		return fmt.Sprintf("byte 0x%02x (not UTF-8)", s[0])
	}
	if r >= utf8.RuneSelf {
		return fmt.Sprintf("%q (%U)", r, r)
	}
	return fmt.Sprintf("%q", r)
}

// underscore scans '_' at i: the underscore alone, or a static integer
// literal _4, _-1.
func (p *parser) underscore(i int) {
	src := p.src
	j := i + 1
	if j < len(src) {
		switch c := src[j]; {
		case isDigit(c):
			p.number(i, j, false, true)
			return
		case c == '-':
			if j+1 < len(src) && isDigit(src[j+1]) {
				p.number(i, j+1, true, true)
				return
			}
			what := "end of input"
			if j+1 < len(src) {
				what = describeChar(src[j+1:])
			}
			p.setIllegal(j+1, "unexpected "+what+" in static integer literal after '_-'", "digit")
			return
		case isIdent(c):
			p.setIllegal(j, "unexpected "+describeChar(src[j:])+" after '_'",
				"digit or '-' (a static integer such as _4 or _-1), or '_' alone")
			return
		}
	}
	p.tok.kind, p.tok.end, p.off = tUnderscore, j, j
}

// number scans the integer literal src[start:] whose digits begin at digits
// (after an optional "_" and "-"); neg says whether a '-' precedes the digits.
func (p *parser) number(start, digits int, neg, static bool) {
	src := p.src
	limit := uint64(math.MaxInt64)
	if neg {
		limit++
	}
	var v uint64
	overflow := false
	j := digits
	for ; j < len(src) && isDigit(src[j]); j++ {
		d := uint64(src[j] - '0')
		if v > (limit-d)/10 {
			overflow = true
		}
		v = v*10 + d
	}
	if overflow {
		p.setIllegal(start, "integer literal "+snippet(src[start:j])+" out of int64 range", "")
		return
	}
	val := int64(v) // v <= 1<<63; for neg and 1<<63 this is MinInt64 and -val stays MinInt64
	if neg {
		val = -val
	}
	p.tok = token{kind: tInt, static: static, off: start, end: j, pos: p.posAt(start), val: val}
	p.off = j
}

// describe names the current token for an error message.
func (p *parser) describe() string {
	t := p.tok
	switch t.kind {
	case tEOF:
		return "end of input"
	case tInt:
		return "integer " + snippet(p.src[t.off:t.end])
	case tSym:
		return "symbol " + snippet(p.src[t.off:t.end])
	}
	return "'" + tokText[t.kind] + "'"
}

// followedByLess reports whether the byte right after the current token is
// '<' (Sw<3,4,3>).
func (p *parser) followedByLess() bool {
	return p.tok.end < len(p.src) && p.src[p.tok.end] == '<'
}

// followedByParen reports whether the next non-blank byte after the current
// token is '('.
func (p *parser) followedByParen() bool {
	for i := p.tok.end; i < len(p.src); i++ {
		switch p.src[i] {
		case ' ', '\t', '\n', '\r':
		case '(':
			return true
		default:
			return false
		}
	}
	return false
}
