package concrete_test

import (
	"fmt"

	"github.com/cutealg/cutealg/concrete"
)

func ExampleUpcast() {
	a, _ := concrete.ParseLayout("(_4,_8):(_8,_1)")
	r, _ := concrete.Upcast(a, 2)
	fmt.Println(r)
	// A dynamic stride is divided without a check.
	b, _ := concrete.ParseLayout("(_4,_8):(8,1)")
	r, _ = concrete.Upcast(b, 2)
	fmt.Println(r)
	// Output:
	// (_4,_4):(_4,_1)
	// (_4,_8):(4,0)
}

func ExampleDowncast() {
	a, _ := concrete.ParseLayout("(8,5):(_1,_8)")
	r, _ := concrete.Downcast(a, 2)
	fmt.Println(r)
	// Output: (16,5):(_1,_16)
}
