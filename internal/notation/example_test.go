package notation_test

import (
	"fmt"

	"github.com/cutealg/cutealg/internal/notation"
)

func ExampleParse() {
	n, err := notation.Parse("logical_divide((M, N):(1, M), <4:1, 8:1>)")
	if err != nil {
		fmt.Println(err)
		return
	}
	call := n.(*notation.Call)
	fmt.Println(call.Name, len(call.Args))
	fmt.Println(notation.Print(n))

	l, _ := notation.Parse("(_5,(_2,_2)):(_16,(_80,_4))")
	fmt.Println(notation.Print(l.(*notation.Layout).Stride))

	_, err = notation.Parse("(8,\n  (4;2))")
	fmt.Println(err)
	// Output:
	// logical_divide 2
	// logical_divide((M,N):(1,M),<4:1,8:1>)
	// (_16,(_80,_4))
	// 2:5: unexpected character ';'
}

func ExampleParseCond() {
	c, err := notation.ParseCond("!(K <= M) || N == 4*M && M % 8 == 0")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(notation.Print(c))
	fmt.Println(c.(*notation.Logic).Op)

	_, err = notation.ParseCond("M = 4")
	fmt.Println(err)
	// Output:
	// !(K<=M)||N==4*M&&M%8==0
	// ||
	// 1:3: unexpected character '='; expected '=='
}

func ExamplePrint() {
	for _, s := range []string{"( 8 ) : ( 1 )", "_-1", "M - -1", "ceil_div( M , _128 )"} {
		n, _ := notation.Parse(s)
		fmt.Println(notation.Print(n))
	}
	// Output:
	// (8):(1)
	// _-1
	// M--1
	// ceil_div(M,_128)
}

func ExampleSymbols() {
	n, _ := notation.Parse("composition((M,N):(_1,M), _4:K)")
	fmt.Println(notation.Symbols(n))
	// Output: [M N M K]
}

func ExampleConjuncts() {
	c, _ := notation.ParseCond("M % 8 == 0 && (N >= 64 && K <= M)")
	for _, p := range notation.Conjuncts(c) {
		fmt.Println(notation.Print(p))
	}
	// Output:
	// M%8==0
	// N>=64
	// K<=M
}
