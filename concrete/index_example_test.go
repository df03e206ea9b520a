package concrete_test

import (
	"fmt"

	"github.com/cutealg/cutealg/concrete"
)

func ExampleLayout_Index() {
	l, _ := concrete.ParseLayout("(3,(2,3)):(3,(12,1))")
	for _, i := range []int64{0, 1, 3, 16, 17} {
		v, err := l.Index(i)
		fmt.Println(i, v, err)
	}
	// Output:
	// 0 0 <nil>
	// 1 3 <nil>
	// 3 12 <nil>
	// 16 17 <nil>
	// 17 20 <nil>
}
