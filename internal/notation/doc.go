// Package notation is the one lexer, parser and printer of CuTe text: the
// print syntax of CuTe's cute::print (layouts, tuples, tilers, static and
// dynamic integers), extended with symbolic integers, the integer functions
// of the symbolic engine, calls of layout operations and conditions. Every
// other package reads and writes CuTe text through Parse, ParseCond and Print.
//
// # Grammar
//
// Parse reads one value:
//
//	value   := elem
//	elem    := part ['o' part 'o' part]               Composed A o O o B (ComposedLayout)
//	part    := tuplish [':' tuplish]                  a Layout Shape:Stride
//	tuplish := expr
//	         | int '@' digits {'@' digits}            Basis (scaled basis, _1@0@1)
//	         | 'Sw' '<' pint ',' pint ',' pint '>'    Swizzle (Sw<3,4,3>)
//	         | '_'                                    Underscore (cute::_)
//	         | '(' [elem {',' elem}] ')'              Tuple; () has rank 0
//	         | '<' elem {',' elem} '>'                Tuple with Angle set
//	         | name '(' elem {',' elem} ')'           Call, name not an fn
//	expr    := term {('+' | '-') term}                left-associative
//	term    := factor {('*' | '/' | '%') factor}      left-associative
//	factor  := int | sym | fn '(' expr ',' expr ')'   Int, Sym, Func
//	fn      := 'ceil_div' | 'floor_div' | 'min' | 'max'
//	int     := ['_'] ['-'] digit {digit}              int64; '_' marks static
//	sym     := letter {letter | digit | '_'}          letters are ASCII
//	pint    := ['-'] digit {digit}                    a plain (unmarked) int64
//
// ParseCond reads one condition:
//
//	cond    := and {'||' and}                         Logic, left-associative
//	and     := unary {'&&' unary}                     Logic, left-associative
//	unary   := '!' unary                              Not
//	         | '(' cond ')'                           grouping, no node
//	         | expr cmp expr                          Compare
//	cmp     := '==' | '!=' | '<' | '<=' | '>' | '>='
//
// Details:
//   - '(' always opens a tuple (or, after a name, a call's arguments); it
//     never groups an expression, so (T%4)*128 is an error and T%4*128 is
//     the way to write it. In a condition, whose expressions hold no tuples,
//     '(' groups a condition.
//   - _4 is the static integer 4, 4 the dynamic one; _-1 is static -1. A '-'
//     directly followed by a digit where an operand starts is part of the
//     literal: -1 is a dynamic -1 and M--1 is M minus -1. Anywhere else '-'
//     is subtraction; there is no unary minus on symbols.
//   - '_' not followed by a digit or '-' is the Underscore; '_' followed by
//     a letter or '_', or "_-" not followed by a digit, is an error.
//   - A name followed by '(' is a Call, except for the four integer
//     functions, which are Func nodes inside expressions; a call of any other
//     name inside an expression is an error. A function name not followed by
//     '(' is an ordinary symbol.
//   - A layout's shape and stride cannot themselves be layouts (a:b:c is an
//     error), but tuples may hold layouts: tilers such as
//     (_3:_4,(_2,_4):(_1,_8)) and <4:1,8:1>, and a 1-tuple (8) is a Tuple,
//     distinct from the integer 8.
//   - CuTe's composed layouts and swizzles read as CuTe prints them:
//     `Sw<3,4,3> o _0 o (_8,_64):(_64,_1)` is the ComposedLayout of the
//     swizzle Sw<3,4,3>, the offset _0 and the layout (_8,_64):(_64,_1).
//     'o' is the symbol o standing between complete elements (a symbol
//     there is an error otherwise); `Sw` followed directly by '<' opens a
//     swizzle, anywhere else Sw is a symbol. The parser checks only the
//     syntax: which elements may stand in A, O and B, and which parameters
//     make a swizzle, the engines decide.
//   - `_1@0@1` is the scaled basis element CuTe prints for the stride of an
//     identity layout: an integer literal, then '@' and a mode index (plain
//     digits) one or more times, in CuTe's printed order.
//   - Whitespace (space, tab, newline, carriage return) is free between
//     tokens and never inside one.
//
// # AST
//
// Parse returns an *Int, *Sym, *Binary or *Func for an expression, an
// *Underscore, a *Tuple, a *Layout, a *Swizzle, a *Composed, a *Basis or a
// *Call. ParseCond returns a *Compare,
// *Logic or *Not; the operands of a Compare are expressions. Every node
// records the position of its first character (for a Binary, Layout,
// Compare and Logic: the first character of its left operand). Positions
// have a 1-based line and a 1-based column counted in bytes; only '\n' ends a
// line.
//
// # Printing
//
// Print writes the canonical text: no whitespace except the " o " of a
// composed layout (as CuTe prints it), static integers with '_' (_4, _-1),
// (a,b), <a,b>, S:D, Sw<3,4,3>, A o O o B, _1@0@1, name(a,b), min(a,b),
// M*N+1, M%8==0&&N>=64,
// parentheses in conditions only where precedence needs them, (a||b)&&c,
// and around the operand of '!' unless it is another '!': !(M<4). For every
// canonical text x, Print(Parse(x)) == x; for every x that parses,
// Print(Parse(Print(Parse(x)))) == Print(Parse(x)) (ParseCond likewise).
// Print requires trees that the notation can represent (see Print); every
// tree produced by the parser is one.
//
// # Errors and limits
//
// Every error is a *SyntaxError whose Error method reads "line:col: msg" or
// "line:col: msg; expected X", pointing at the offending character (the end
// of the input when the input stops too early). The parser never panics and
// its recursion is bounded, so no input can exhaust the stack or allocate
// without bound:
//
//   - MaxBytes (1 MiB): longer input is refused before parsing.
//   - MaxDepth (128): no AST path from the root to a leaf may hold more than
//     128 nodes; each tuple, call, function, layout, binary operator and '!'
//     is a level (so one expression holds at most 127 chained operators).
//     Grouping parentheses in conditions add no level but may be nested at
//     most 128 deep.
//   - MaxNodes (65536): no AST may hold more nodes.
//
// One caveat: a condition close to MaxBytes that writes '!' without
// parentheses prints two bytes longer per '!' (!M<4 prints as !(M<4)), so
// its printed form may be too long to parse back.
package notation
