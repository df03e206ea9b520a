package fuzz

import (
	"errors"
	"testing"

	"github.com/cutealg/cutealg/internal/notation"
)

var valueSeeds = []string{
	"(_5,(_2,_2)):(_16,(_80,_4))",
	"(8):(1)",
	"8:1",
	"_1:_0",
	"(_3:_4,_8:_2)",
	"<4:1,8:1>",
	"(_16:_1,_)",
	"((M,N)):((_1,M))",
	"(M*N,_4*K):(_1,M%4*128)",
	"ceil_div(M,_128)",
	"min(M,max(N,floor_div(K,_2)))",
	"logical_divide((M,N):(1,M), <4:1,8:1>)",
	"(1:_0,((4,2)):((_1,_4)))",
	"_-1",
	"-1",
	"M--1",
	"M-_-1*-2",
	"(1,(1,2))",
	"()",
	"_",
	"-9223372036854775808",
	"9223372036854775808",
	"_x",
	"_-",
	"(T%4)*128",
	"a:b:c",
	"(1,2>",
	"f(1,2",
	" ( 8 ,\n M ) :\r\n( 1 , M ) ",
	"((((((((((1))))))))))",
	"é",
	"\xff",
}

var condSeeds = []string{
	"M % 8 == 0",
	"N >= 64 && M != 3",
	"!(K <= M) || N == 4*M",
	"(a<1||b<1)&&c<1",
	"!!M<4",
	"min(M,N) <= ceil_div(K,_8)",
	"c0 < M*4",
	"M > -1",
	"M = 4",
	"M<4 & N<2",
	"((M<4)",
	"M<N<K",
}

// check verifies the round trip of a parsed node: its printed form parses
// and prints the same.
func check(t *testing.T, in string, n notation.Node, err error, parse func(string) (notation.Node, error)) {
	t.Helper()
	if err != nil {
		var se *notation.SyntaxError
		if !errors.As(err, &se) {
			t.Fatalf("%q: error %T is not a *SyntaxError: %v", in, err, err)
		}
		if se.Pos.Offset < 0 || se.Pos.Offset > len(in) || se.Pos.Line < 1 || se.Pos.Col < 1 {
			t.Fatalf("%q: error position %+v outside the input", in, se.Pos)
		}
		if n != nil {
			t.Fatalf("%q: node returned with an error", in)
		}
		return
	}
	s := notation.Print(n)
	n2, err := parse(s)
	if err != nil {
		t.Fatalf("%q printed as %q, which does not parse: %v", in, s, err)
	}
	if s2 := notation.Print(n2); s2 != s {
		t.Fatalf("%q printed as %q, which prints back as %q", in, s, s2)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range valueSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		n, err := notation.Parse(in)
		check(t, in, n, err, notation.Parse)
	})
}

func FuzzParseCond(f *testing.F) {
	for _, s := range condSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		n, err := notation.ParseCond(in)
		check(t, in, n, err, notation.ParseCond)
	})
}
