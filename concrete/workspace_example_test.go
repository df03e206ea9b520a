package concrete_test

import (
	"fmt"

	"github.com/cutealg/cutealg/concrete"
)

// A loop computing many results takes their memory from one Workspace; the
// results of a round are used before the Reset that recycles them.
func ExampleWorkspace() {
	var ws concrete.Workspace
	for _, ab := range [][2]string{
		{"(10,2):(16,4)", "(5,4):(1,5)"},
		{"(6,2):(8,2)", "(4,3):(3,1)"},
		{"(3,6,2,8):(1000,100,10,1)", "16:9"},
	} {
		a, _ := concrete.ParseLayout(ab[0])
		b, _ := concrete.ParseLayout(ab[1])
		r, err := concrete.Composition(a, b, concrete.InWorkspace(&ws))
		fmt.Println(r, err)
		ws.Reset() // r must not be used after this
	}
	// Output:
	// ((5,1),(2,2)):((16,4),(80,4)) <nil>
	// ((2,2),(3,1)):((24,2),(8,2)) <nil>
	// (1,2,2,4):(9000,300,10,1) <nil>
}
