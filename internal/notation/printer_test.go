package notation

import "testing"

// TestPrintConstructed prints trees built by hand, including ones the
// notation cannot represent: Print must not panic and writes them plainly.
func TestPrintConstructed(t *testing.T) {
	sym := func(s string) *Sym { return &Sym{Name: s} }
	cmp := func(x string, op string, y int64) *Compare {
		return &Compare{Op: op, X: sym(x), Y: &Int{Value: y}}
	}
	tests := []struct {
		n    Node
		want string
	}{
		{&Int{Value: 4, Static: true}, "_4"},
		{&Int{Value: -1, Static: true}, "_-1"},
		{&Int{Value: -1}, "-1"},
		{&Tuple{}, "()"},
		{&Tuple{Elems: []Node{&Int{Value: 8}}}, "(8)"},
		{&Tuple{Angle: true, Elems: []Node{&Layout{Shape: &Int{Value: 4}, Stride: &Int{Value: 1}}, &Underscore{}}}, "<4:1,_>"},
		{&Call{Name: "size", Args: []Node{sym("A")}}, "size(A)"},
		{&Func{Name: "min", X: sym("M"), Y: &Binary{Op: '*', X: sym("N"), Y: &Int{Value: 2}}}, "min(M,N*2)"},
		{&Binary{Op: '-', X: sym("M"), Y: &Int{Value: -1}}, "M--1"},
		{&Binary{Op: '+', X: sym("M"), Y: &Binary{Op: '*', X: &Int{Value: -1}, Y: sym("N")}}, "M+-1*N"},
		// Not representable: printed without grouping.
		{&Binary{Op: '*', X: sym("M"), Y: &Binary{Op: '+', X: sym("N"), Y: &Int{Value: 1}}}, "M*N+1"},
		{&Layout{Shape: &Layout{Shape: sym("a"), Stride: sym("b")}, Stride: sym("c")}, "a:b:c"},
		// Conditions: parentheses only where precedence needs them.
		{&Logic{Op: "&&", X: &Logic{Op: "||", X: cmp("a", "<", 1), Y: cmp("b", "<", 1)}, Y: cmp("c", "<", 1)}, "(a<1||b<1)&&c<1"},
		{&Logic{Op: "||", X: &Logic{Op: "&&", X: cmp("a", "<", 1), Y: cmp("b", "<", 1)}, Y: cmp("c", "<", 1)}, "a<1&&b<1||c<1"},
		{&Logic{Op: "||", X: cmp("a", "<", 1), Y: &Logic{Op: "||", X: cmp("b", "<", 1), Y: cmp("c", "<", 1)}}, "a<1||(b<1||c<1)"},
		{&Logic{Op: "&&", X: cmp("a", "<", 1), Y: &Logic{Op: "||", X: cmp("b", "<", 1), Y: cmp("c", "<", 1)}}, "a<1&&(b<1||c<1)"},
		{&Not{X: cmp("M", "<", 4)}, "!(M<4)"},
		{&Not{X: &Not{X: cmp("M", "<", 4)}}, "!!(M<4)"},
		{&Logic{Op: "&&", X: &Not{X: cmp("M", "<", 4)}, Y: cmp("N", ">=", 64)}, "!(M<4)&&N>=64"},
		// Broken trees print without panicking.
		{nil, "<nil>"},
		{(*Int)(nil), "<nil>"},
		{&Tuple{Elems: []Node{nil, (*Layout)(nil)}}, "(<nil>,<nil>)"},
		{&Not{X: (*Not)(nil)}, "!(<nil>)"},
		{&Logic{Op: "??", X: (*Logic)(nil), Y: &Binary{}}, "<nil>??<nil>\x00<nil>"},
	}
	for i, tt := range tests {
		if got := Print(tt.n); got != tt.want {
			t.Errorf("case %d: Print = %q, want %q", i, got, tt.want)
		}
	}
}

// TestRoundTripCanonical checks Print(Parse(x)) == x on canonical texts and
// that the parsed tree of the printed text is the same.
func TestRoundTripCanonical(t *testing.T) {
	values := []string{
		"(_5,(_2,_2)):(_16,(_80,_4))", "(8):(1)", "_1:_0", "(_3:_4,_8:_2)", "<4:1,8:1>",
		"(_16:_1,_)", "((M,N)):((_1,M))", "(M*N,_4*K):(_1,M%4*128)", "ceil_div(M,_128)",
		"logical_divide((M,N):(1,M),<4:1,8:1>)", "_-1", "-1", "(1,(1,2))", "()", "((),(()))",
		"(((_8,M),(N*_2,_8)),_8):(((_128*N*M,_128*N),(_64,_8)),_1)",
		"m0*1+m1*N1*M0*N0+n*M0", "M--1", "M-_-1*-2", "max(min(M,N),floor_div(K,_2)):_1",
		"tile_to_shape(A:B,(M,N),(1,0))",
		"Sw<3,4,3>", "Sw<2,0,-3>", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "Sw<1,2,3> o 32 o 8:1",
		"(2,(_3,4)):(_1@0,(_1@0@1,_1@1@1))", "slice((_,2),Sw<1,2,3> o 4 o 8:1)", "2@1",
	}
	for _, x := range values {
		n, err := Parse(x)
		if err != nil {
			t.Errorf("Parse(%q): %v", x, err)
			continue
		}
		got := Print(n)
		if got != x {
			t.Errorf("Print(Parse(%q)) = %q", x, got)
		}
		if n2, err := Parse(got); err != nil || dump(n2) != dump(n) {
			t.Errorf("reparse of %q: %v, tree %s vs %s", got, err, dump(n2), dump(n))
		}
	}
}

var benchInputs = []string{
	"(_5,(_2,_2)):(_16,(_80,_4))",
	"((M,N),K,L):((_1,M),M*N,M*N*K)",
	"logical_divide((M,N):(1,M), <4:1,8:1>)",
}

func BenchmarkParse(b *testing.B) {
	for _, in := range benchInputs {
		b.Run(in, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(in)))
			for b.Loop() {
				if _, err := Parse(in); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkPrint(b *testing.B) {
	for _, in := range benchInputs {
		n, err := Parse(in)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(in, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = Print(n)
			}
		})
	}
}

// PrintDocs writes compositions as the docs' A o B and spaces the tuples
// of terms.
func TestPrintDocs(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"(composition(20:2,5:4),composition(20:2,4:1))", "(20:2 o 5:4, 20:2 o 4:1)"},
		{"composition_tiler((M,N):(_1,M),<_4:_1,_8:_1>)", "(M,N):(_1,M) o <_4:_1, _8:_1>"},
		{"logical_divide((M,N):(_1,M),_32:_1)", "logical_divide((M,N):(_1,M), _32:_1)"},
		{"((5,1):(16,4),(2,2):(80,4))", "((5,1):(16,4), (2,2):(80,4))"},
		{"(M,(N,K)):(_1,(M,M*N))", "(M,(N,K)):(_1,(M,M*N))"},
	} {
		n, err := Parse(c.in)
		if err != nil {
			t.Fatal(err)
		}
		if got := PrintDocs(n); got != c.want {
			t.Errorf("PrintDocs(%s) = %s, want %s", c.in, got, c.want)
		}
		if got := Print(n); got != c.in {
			t.Errorf("Print(%s) = %s", c.in, got)
		}
	}
}
