package concrete_test

import (
	"fmt"

	"github.com/cutealg/cutealg/concrete"
)

func ExampleFormatTuple() {
	t, _ := concrete.ParseTuple("( _1, (2, _3) )")
	fmt.Println(concrete.FormatTuple(t))
	// Output: (_1,(2,_3))
}

func ExampleFormatTiler() {
	t, _ := concrete.ParseTiler("<_3:_4, _8:_2>")
	fmt.Println(concrete.FormatTiler(t))
	// Output: (_3:_4,_8:_2)
}

func ExampleParseLayout() {
	_, err := concrete.ParseLayout("(4,8):(1,4,32)")
	fmt.Println(err)
	l, _ := concrete.ParseLayout("(_4, 8) : (_1, _4)")
	fmt.Println(l)
	// Output:
	// 1:7: shape (4,8) and stride (1,4,32) are not congruent; expected a stride congruent with the shape
	// (_4,8):(_1,_4)
}
