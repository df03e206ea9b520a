package notation

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// dump writes the structure of n as an S-expression, so that tests check the
// tree and not only its printed form.
func dump(n Node) string {
	var b strings.Builder
	var walk func(Node)
	list := func(head string, elems []Node) {
		b.WriteString("(" + head)
		for _, e := range elems {
			b.WriteByte(' ')
			walk(e)
		}
		b.WriteByte(')')
	}
	walk = func(n Node) {
		switch n := n.(type) {
		case *Int, *Sym, *Underscore:
			b.WriteString(Print(n))
		case *Binary:
			list(string(n.Op), []Node{n.X, n.Y})
		case *Func:
			list(n.Name, []Node{n.X, n.Y})
		case *Tuple:
			if n.Angle {
				list("angle", n.Elems)
			} else {
				list("tuple", n.Elems)
			}
		case *Layout:
			list(":", []Node{n.Shape, n.Stride})
		case *Call:
			list("call "+n.Name, n.Args)
		case *Compare:
			list(n.Op, []Node{n.X, n.Y})
		case *Logic:
			list(n.Op, []Node{n.X, n.Y})
		case *Not:
			list("!", []Node{n.X})
		default:
			b.WriteString("?")
		}
	}
	walk(n)
	return b.String()
}

func TestParseValid(t *testing.T) {
	tests := []struct {
		in, tree string
	}{
		{"(_5,(_2,_2)):(_16,(_80,_4))", "(: (tuple _5 (tuple _2 _2)) (tuple _16 (tuple _80 _4)))"},
		{"(8):(1)", "(: (tuple 8) (tuple 1))"},
		{"8:1", "(: 8 1)"},
		{"_1:_0", "(: _1 _0)"},
		{"(_3:_4,_8:_2)", "(tuple (: _3 _4) (: _8 _2))"},
		{"<4:1,8:1>", "(angle (: 4 1) (: 8 1))"},
		{"(_16:_1,_)", "(tuple (: _16 _1) _)"},
		{"_", "_"},
		{"()", "(tuple)"},
		{"(())", "(tuple (tuple))"},
		{"((M,N)):((_1,M))", "(: (tuple (tuple M N)) (tuple (tuple _1 M)))"},
		{"(M*N,_4*K):(_1,M%4*128)", "(: (tuple (* M N) (* _4 K)) (tuple _1 (* (% M 4) 128)))"},
		{"ceil_div(M,_128)", "(ceil_div M _128)"},
		{"floor_div(M+1,N)*2", "(* (floor_div (+ M 1) N) 2)"},
		{"min(M,max(N,_4))", "(min M (max N _4))"},
		{"logical_divide((M,N):(1,M),<4:1,8:1>)", "(call logical_divide (: (tuple M N) (tuple 1 M)) (angle (: 4 1) (: 8 1)))"},
		{"f(x)", "(call f x)"},
		{"f(1):g(2)", "(: (call f 1) (call g 2))"},
		{"_-1", "_-1"},
		{"-1", "-1"},
		{"(1,(1,2))", "(tuple 1 (tuple 1 2))"},
		{"(_3:_4,(_2,_4):(_1,_8))", "(tuple (: _3 _4) (: (tuple _2 _4) (tuple _1 _8)))"},
		{"(1:_0,((4,2)):((_1,_4)))", "(tuple (: 1 _0) (: (tuple (tuple 4 2)) (tuple (tuple _1 _4))))"},
		{"<<4:1>,_>", "(angle (angle (: 4 1)) _)"},
		{"M-N-1", "(- (- M N) 1)"},
		{"M--1", "(- M -1)"},
		{"M-_-1", "(- M _-1)"},
		{"M+N*K-L/2%3", "(- (+ M (* N K)) (% (/ L 2) 3))"},
		{"-9223372036854775808", "-9223372036854775808"},
		{"_9223372036854775807", "_9223372036854775807"},
		{"min", "min"},
		{"(max,ceil_div)", "(tuple max ceil_div)"},
		{"N0_x:tile_m", "(: N0_x tile_m)"},
	}
	for _, tt := range tests {
		n, err := Parse(tt.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.in, err)
			continue
		}
		if got := dump(n); got != tt.tree {
			t.Errorf("Parse(%q) = %s, want %s", tt.in, got, tt.tree)
		}
		if got := Print(n); got != tt.in {
			t.Errorf("Print(Parse(%q)) = %q", tt.in, got)
		}
	}
}

func TestParseNormalizes(t *testing.T) {
	tests := []struct{ in, want string }{
		{" ( 8 , M ) : ( 1 , M ) ", "(8,M):(1,M)"},
		{"\t(_5,\n (_2, _2))\r\n:(_16,(_80,_4))\n", "(_5,(_2,_2)):(_16,(_80,_4))"},
		{"logical_divide((M,N):(1,M), <4:1,8:1>)", "logical_divide((M,N):(1,M),<4:1,8:1>)"},
		{"ceil_div ( M , _128 )", "ceil_div(M,_128)"},
		{"M - -1", "M--1"},
		{"M - 1", "M-1"},
		{"M -1", "M-1"},
		{"007", "7"},
		{"_-0", "_0"},
		{"-0", "0"},
		{"f (1)", "f(1)"},
	}
	for _, tt := range tests {
		n, err := Parse(tt.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.in, err)
			continue
		}
		got := Print(n)
		if got != tt.want {
			t.Errorf("Print(Parse(%q)) = %q, want %q", tt.in, got, tt.want)
		}
		n2, err := Parse(got)
		if err != nil || Print(n2) != got {
			t.Errorf("reparse of %q: %v, %q", got, err, Print(n2))
		}
	}
}

// TestPositions checks every node's position, across lines.
func TestPositions(t *testing.T) {
	n, err := Parse("( 8 ,\n  M*2):\n(1,_-3)")
	if err != nil {
		t.Fatal(err)
	}
	pos := func(off, line, col int) Pos { return Pos{Offset: off, Line: line, Col: col} }
	want := &Layout{
		P: pos(0, 1, 1),
		Shape: &Tuple{P: pos(0, 1, 1), Elems: []Node{
			&Int{P: pos(2, 1, 3), Value: 8},
			&Binary{P: pos(8, 2, 3), Op: '*', X: &Sym{P: pos(8, 2, 3), Name: "M"}, Y: &Int{P: pos(10, 2, 5), Value: 2}},
		}},
		Stride: &Tuple{P: pos(14, 3, 1), Elems: []Node{
			&Int{P: pos(15, 3, 2), Value: 1},
			&Int{P: pos(17, 3, 4), Value: -3, Static: true},
		}},
	}
	if diff := cmp.Diff(want, n); diff != "" {
		t.Errorf("Parse mismatch (-want +got):\n%s", diff)
	}

	c, err := ParseCond("!(M <= 4)\n|| N == 2")
	if err != nil {
		t.Fatal(err)
	}
	wantC := &Logic{P: pos(0, 1, 1), Op: "||",
		X: &Not{P: pos(0, 1, 1), X: &Compare{P: pos(2, 1, 3), Op: "<=",
			X: &Sym{P: pos(2, 1, 3), Name: "M"}, Y: &Int{P: pos(7, 1, 8), Value: 4}}},
		Y: &Compare{P: pos(13, 2, 4), Op: "==",
			X: &Sym{P: pos(13, 2, 4), Name: "N"}, Y: &Int{P: pos(18, 2, 9), Value: 2}},
	}
	if diff := cmp.Diff(wantC, c); diff != "" {
		t.Errorf("ParseCond mismatch (-want +got):\n%s", diff)
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", "1:1: empty input; expected integer, symbol, '(', '<' or '_'"},
		{"  \n ", "2:2: empty input; expected integer, symbol, '(', '<' or '_'"},
		{"(1;2)", "1:3: unexpected character ';'"},
		{"(1,\n 2 é)", "2:4: unexpected character 'é' (U+00E9)"},
		{"(1,\xff)", "1:4: unexpected character byte 0xff (not UTF-8)"},
		{"(1,2", "1:5: unterminated tuple: '(' at 1:1 is never closed; expected ',' or ')'"},
		{"(1,\n(2,3)\n", "3:1: unterminated tuple: '(' at 1:1 is never closed; expected ',' or ')'"},
		{"<4:1,8:1", "1:9: unterminated angle tuple: '<' at 1:1 is never closed; expected ',' or '>'"},
		{"(1,2>", "1:5: unexpected '>' in tuple opened by '(' at 1:1; expected ',' or ')'"},
		{"<1,2)", "1:5: unexpected ')' in angle tuple opened by '<' at 1:1; expected ',' or '>'"},
		{"(1,2))", "1:6: unexpected ')' after a complete value; expected end of input"},
		{"8 9", "1:3: unexpected integer 9 after a complete value; expected end of input"},
		{"(8):(1) M", "1:9: unexpected symbol M after a complete value; expected end of input"},
		{"1:2:3", "1:4: unexpected ':' after a layout (a stride cannot be a layout); expected end of input"},
		{"(1:2:3)", "1:5: unexpected ':' after a layout (a stride cannot be a layout); expected ',' or ')'"},
		{"(1,)", "1:4: unexpected ')'; expected integer, symbol, '(', '<' or '_'"},
		{"(,1)", "1:2: unexpected ','; expected integer, symbol, '(', '<' or '_'"},
		{"<>", "1:2: unexpected '>'; expected integer, symbol, '(', '<' or '_'"},
		{"8:", "1:3: unexpected end of input; expected integer, symbol, '(', '<' or '_'"},
		{"M*", "1:3: unexpected end of input; expected integer or symbol"},
		{"M*_", "1:3: unexpected '_'; expected integer or symbol"},
		{"-M", "1:1: unexpected '-'; expected integer or symbol"},
		{"(T%4)*128", "1:6: unexpected '*' after a tuple, call or '_' ('(' always opens a tuple, never groups an expression); expected ',', ':' or the end of the value"},
		{"M*(N+1)", "1:3: unexpected '(' in an integer expression ('(' always opens a tuple, never groups an expression); expected integer or symbol"},
		{"9223372036854775808", "1:1: integer literal 9223372036854775808 out of int64 range"},
		{"(1,_-9223372036854775809)", "1:4: integer literal _-9223372036854775809 out of int64 range"},
		{"(1, -99999999999999999999999999999)", "1:5: integer literal -99999999999999999999999... out of int64 range"},
		{"_x", "1:2: unexpected 'x' after '_'; expected digit or '-' (a static integer such as _4 or _-1), or '_' alone"},
		{"(_,__)", "1:5: unexpected '_' after '_'; expected digit or '-' (a static integer such as _4 or _-1), or '_' alone"},
		{"_-", "1:3: unexpected end of input in static integer literal after '_-'; expected digit"},
		{"_-x", "1:3: unexpected 'x' in static integer literal after '_-'; expected digit"},
		{"_ 4", "1:3: unexpected integer 4 after a complete value; expected end of input"},
		{"M*f(1)", "1:3: call of f inside an integer expression (only ceil_div, floor_div, min and max may appear there)"},
		{"min(1)", "1:6: unexpected ')' (min takes exactly two arguments); expected ','"},
		{"min(1,2,3)", "1:8: unexpected ',' (min takes exactly two arguments); expected ')'"},
		{"max(1,2", "1:8: unterminated call of max: '(' at 1:4 is never closed; expected ')'"},
		{"min((1),2)", "1:5: unexpected '(' in an integer expression ('(' always opens a tuple, never groups an expression); expected integer or symbol"},
		{"f()", "1:3: unexpected ')'; expected integer, symbol, '(', '<' or '_'"},
		{"f(1,2", "1:6: unterminated call of f: '(' at 1:2 is never closed; expected ',' or ')'"},
		{"M == 4", "1:3: unexpected character '='"},
		{"M<4", "1:2: unexpected '<' after a complete value; expected end of input"},
		{"!M", "1:1: unexpected character '!'"},
		{"M\n  # comment", "2:3: unexpected character '#'"},
		{"M\x00", "1:2: unexpected character '\\x00'"},
		{"Sw<1,2>", "1:7: unexpected '>' in a swizzle Sw<B,M,S>; expected ','"},
		{"Sw<1,_2,3>", "1:6: unexpected integer _2 in a swizzle Sw<B,M,S>; expected a plain integer parameter"},
		{"Sw<1,2,3", "1:9: unexpected end of input in a swizzle Sw<B,M,S>; expected '>'"},
		{"Sw<1,2,3> o 0", "1:14: unexpected end of input in a composed layout A o O o B; expected 'o' and the inner layout"},
		{"Sw<1,2,3> o 0 o 8:1 o 2", "1:21: unexpected symbol o after a composed layout A o O o B; expected ',' or the end of the value"},
		{"_1@", "1:4: unexpected end of input after '@' in a scaled basis element; expected a mode index (digits)"},
		{"_1@_0", "1:4: unexpected integer _0 after '@' in a scaled basis element; expected a mode index (digits)"},
		{"2+1@0", "1:1: the value of a scaled basis element must be an integer literal; expected an integer such as _1"},
	}
	for _, tt := range tests {
		n, err := Parse(tt.in)
		if err == nil {
			t.Errorf("Parse(%q) = %s, want error %q", tt.in, Print(n), tt.want)
			continue
		}
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("Parse(%q) error %T, want *SyntaxError", tt.in, err)
		}
		if err.Error() != tt.want {
			t.Errorf("Parse(%q) error\n got %q\nwant %q", tt.in, err, tt.want)
		}
		if n != nil {
			t.Errorf("Parse(%q) returned a node with an error", tt.in)
		}
		// The position must point into the input, at most at its end.
		if se != nil && (se.Pos.Offset < 0 || se.Pos.Offset > len(tt.in)) {
			t.Errorf("Parse(%q) error offset %d outside the input", tt.in, se.Pos.Offset)
		}
	}
}

func TestParseCond(t *testing.T) {
	tests := []struct{ in, tree, canon string }{
		{"M % 8 == 0", "(== (% M 8) 0)", "M%8==0"},
		{"N >= 64 && M != 3", "(&& (>= N 64) (!= M 3))", "N>=64&&M!=3"},
		{"!(K <= M) || N == 4*M", "(|| (! (<= K M)) (== N (* 4 M)))", "!(K<=M)||N==4*M"},
		{"M%8==0&&N>=64", "(&& (== (% M 8) 0) (>= N 64))", "M%8==0&&N>=64"},
		{"(a<1||b<1)&&c<1", "(&& (|| (< a 1) (< b 1)) (< c 1))", "(a<1||b<1)&&c<1"},
		{"a<1||b<1&&c<1", "(|| (< a 1) (&& (< b 1) (< c 1)))", "a<1||b<1&&c<1"},
		{"a<1&&(b<1&&c<1)", "(&& (< a 1) (&& (< b 1) (< c 1)))", "a<1&&(b<1&&c<1)"},
		{"a<1&&b<1&&c<1", "(&& (&& (< a 1) (< b 1)) (< c 1))", "a<1&&b<1&&c<1"},
		{"((M<4))", "(< M 4)", "M<4"},
		{"!M<4", "(! (< M 4))", "!(M<4)"},
		{"!!(M<4)", "(! (! (< M 4)))", "!!(M<4)"},
		{"!(a<1&&b<1)", "(! (&& (< a 1) (< b 1)))", "!(a<1&&b<1)"},
		{"c0 < M*4", "(< c0 (* M 4))", "c0<M*4"},
		{"M > -1", "(> M -1)", "M>-1"},
		{"_4 > _-1", "(> _4 _-1)", "_4>_-1"},
		{"min(M,N) <= ceil_div(K,_8)", "(<= (min M N) (ceil_div K _8))", "min(M,N)<=ceil_div(K,_8)"},
	}
	for _, tt := range tests {
		n, err := ParseCond(tt.in)
		if err != nil {
			t.Errorf("ParseCond(%q): %v", tt.in, err)
			continue
		}
		if got := dump(n); got != tt.tree {
			t.Errorf("ParseCond(%q) = %s, want %s", tt.in, got, tt.tree)
		}
		got := Print(n)
		if got != tt.canon {
			t.Errorf("Print(ParseCond(%q)) = %q, want %q", tt.in, got, tt.canon)
		}
		n2, err := ParseCond(got)
		if err != nil || Print(n2) != got || dump(n2) != tt.tree {
			t.Errorf("reparse of %q: %v", got, err)
		}
	}
}

func TestParseCondErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", "1:1: empty input; expected integer, symbol, '(' or '!'"},
		{"M", "1:2: unexpected end of input; expected operator or comparison ('==', '!=', '<', '<=', '>' or '>=')"},
		{"M = 4", "1:3: unexpected character '='; expected '=='"},
		{"M<4 & N<2", "1:5: unexpected character '&'; expected '&&'"},
		{"M<4 | N<2", "1:5: unexpected character '|'; expected '||'"},
		{"M<4 &&", "1:7: unexpected end of input; expected integer, symbol, '(' or '!'"},
		{"(M<4", "1:5: unterminated '(' at 1:1; expected '&&', '||' or ')'"},
		{"(M<4 N", "1:6: unexpected symbol N; expected '&&', '||' or ')'"},
		{"M<4)", "1:4: unexpected ')' after a complete condition; expected '&&', '||' or end of input"},
		{"M<N<K", "1:4: unexpected '<' after a complete condition; expected '&&', '||' or end of input"},
		{"M < (N)", "1:5: unexpected '(' in an integer expression ('(' always opens a tuple, never groups an expression); expected integer or symbol"},
		{"M:4", "1:2: unexpected ':'; expected operator or comparison ('==', '!=', '<', '<=', '>' or '>=')"},
		{"M <\n\n  _", "3:3: unexpected '_'; expected integer or symbol"},
		{"f(M) < 4", "1:1: call of f inside an integer expression (only ceil_div, floor_div, min and max may appear there)"},
		{"!", "1:2: unexpected end of input; expected integer, symbol, '(' or '!'"},
	}
	for _, tt := range tests {
		_, err := ParseCond(tt.in)
		if err == nil {
			t.Errorf("ParseCond(%q) succeeded, want error %q", tt.in, tt.want)
			continue
		}
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("ParseCond(%q) error %T, want *SyntaxError", tt.in, err)
		}
		if err.Error() != tt.want {
			t.Errorf("ParseCond(%q) error\n got %q\nwant %q", tt.in, err, tt.want)
		}
	}
}

func TestSyntaxErrorFormat(t *testing.T) {
	e := &SyntaxError{Pos: Pos{Offset: 7, Line: 2, Col: 3}, Msg: "bad"}
	if got := e.Error(); got != "2:3: bad" {
		t.Errorf("Error() = %q", got)
	}
	e.Expected = "')'"
	if got := e.Error(); got != "2:3: bad; expected ')'" {
		t.Errorf("Error() = %q", got)
	}
	if got := e.Pos.String(); got != "2:3" {
		t.Errorf("Pos.String() = %q", got)
	}
}
