package proofs_test

import (
	"fmt"

	"github.com/cutealg/cutealg/proofs"
)

// Equiv proves that dividing an M x N column-major layout into 32-element
// tiles keeps its function when 32 divides M, and refutes the same
// question between the column-major and row-major layouts with a binding
// and an index.
func ExampleEquiv() {
	eq, err := proofs.Equiv("logical_divide((M,N):(_1,M), _32:_1)", "M*N:_1", []string{"M % 32 == 0"})
	if err != nil {
		panic(err)
	}
	fmt.Println(eq.Verdict, eq.Regions[0].A, eq.Regions[0].B)
	eq, err = proofs.Equiv("make_layout_left((M,N))", "make_layout_right((M,N))", nil)
	if err != nil {
		panic(err)
	}
	fmt.Println(eq.Verdict, eq.At(), eq.Index)
	// Output:
	// same M*N:_1 M*N:_1
	// differ M=2, N=2 1
}
