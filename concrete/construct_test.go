package concrete_test

import (
	"fmt"
	"testing"

	"github.com/cutealg/cutealg/concrete"
)

// TestConstructNotModified checks that the tuple operations return new
// values and leave their arguments as they were.
func TestConstructNotModified(t *testing.T) {
	a, _ := concrete.ParseLayout("(_2,(_3,_5),_7):(_1,(_2,_6),_30)")
	b, _ := concrete.ParseLayout("(4,2):(2,1)")
	before := a.String()
	concrete.Append(a, b)
	concrete.Prepend(a, b)
	concrete.Flatten(a)
	if _, err := concrete.Replace(a, 1, b); err != nil {
		t.Fatal(err)
	}
	if _, err := concrete.Group(a, 0, 2); err != nil {
		t.Fatal(err)
	}
	if _, err := concrete.Select(a, 2, 0); err != nil {
		t.Fatal(err)
	}
	if got := a.String(); got != before {
		t.Errorf("argument modified: %s, was %s", got, before)
	}
}

// TestConstructNotCongruent checks that hand-built layouts whose shape and
// stride are not congruent get an error, not a panic.
func TestConstructNotCongruent(t *testing.T) {
	s, _ := concrete.ParseTuple("(2,3)")
	d, _ := concrete.ParseTuple("1")
	bad := concrete.Layout{Shape: s, Stride: d}
	if _, err := concrete.MakeLayout(s, d); err == nil {
		t.Error("MakeLayout of non-congruent shape and stride: no error")
	}
	if _, err := concrete.Take(bad, 0, 2); err == nil {
		t.Error("Take of a non-congruent layout: no error")
	}
	if _, err := concrete.Select(bad, 1); err == nil {
		t.Error("Select of a non-congruent layout: no error")
	}
	if _, err := concrete.Get(bad, 1); err == nil {
		t.Error("Get of a non-congruent layout: no error")
	}
	if _, err := concrete.MakeLayout(s, d, d); err == nil {
		t.Error("MakeLayout with two strides: no error")
	}
}

func ExampleMakeLayout() {
	for _, s := range []string{"_8", "8", "(_2,4)"} {
		shape, _ := concrete.ParseTuple(s)
		l, _ := concrete.MakeLayout(shape)
		fmt.Println(l)
	}
	shape, _ := concrete.ParseTuple("(2,(2,2))")
	stride, _ := concrete.ParseTuple("(4,(2,1))")
	l, _ := concrete.MakeLayout(shape, stride)
	fmt.Println(l)
	// Output:
	// _8:_1
	// 8:_1
	// (_2,4):(_1,_2)
	// (2,(2,2)):(4,(2,1))
}

func ExampleMakeLayoutLeft() {
	shape, _ := concrete.ParseTuple("(2,(2,2))")
	l, _ := concrete.MakeLayoutLeft(shape)
	fmt.Println(l)
	// Output: (2,(2,2)):(_1,(2,4))
}

func ExampleMakeLayoutRight() {
	for _, s := range []string{"(_2,4)", "(2,(2,2))"} {
		shape, _ := concrete.ParseTuple(s)
		l, _ := concrete.MakeLayoutRight(shape)
		fmt.Println(l)
	}
	// Output:
	// (_2,4):(4,_1)
	// (2,(2,2)):(4,(2,_1))
}

func ExampleMakeOrderedLayout() {
	shape, _ := concrete.ParseTuple("(_2,_2,_2,_2)")
	order, _ := concrete.ParseTuple("(_0,_2,_3,_1)")
	l, _ := concrete.MakeOrderedLayout(shape, order)
	fmt.Println(l)
	// Dynamic order values count as larger than the static ones.
	shape, _ = concrete.ParseTuple("(2,3,4,5)")
	order, _ = concrete.ParseTuple("(_2,67,42,_50)")
	l, _ = concrete.MakeOrderedLayout(shape, order)
	fmt.Println(l)
	// Output:
	// (_2,_2,_2,_2):(_1,_4,_8,_2)
	// (2,3,4,5):(_1,10,30,2)
}

func ExampleMakeLayoutConcat() {
	a, _ := concrete.ParseLayout("_3:_1")
	b, _ := concrete.ParseLayout("_4:_3")
	q, _ := concrete.ParseLayout("(_3):(_1)")
	fmt.Println(concrete.MakeLayoutConcat(a))
	fmt.Println(concrete.MakeLayoutConcat(b, a))
	fmt.Println(concrete.MakeLayoutConcat(a, q, a))
	// Output:
	// (_3):(_1)
	// (_4,_3):(_3,_1)
	// (_3,(_3),_3):(_1,(_1),_1)
}

func ExampleAppend() {
	a, _ := concrete.ParseLayout("_3:_1")
	b, _ := concrete.ParseLayout("_4:_3")
	ab := concrete.Append(a, b)
	fmt.Println(ab)
	fmt.Println(concrete.Append(ab, ab))
	// Output:
	// (_3,_4):(_1,_3)
	// (_3,_4,(_3,_4)):(_1,_3,(_1,_3))
}

func ExamplePrepend() {
	a, _ := concrete.ParseLayout("_3:_1")
	b, _ := concrete.ParseLayout("_4:_3")
	fmt.Println(concrete.Prepend(a, b))
	// Output: (_4,_3):(_3,_1)
}

func ExampleReplace() {
	a, _ := concrete.ParseLayout("(_3,_4,(_3,_4)):(_1,_3,(_1,_3))")
	b, _ := concrete.ParseLayout("_4:_3")
	r, _ := concrete.Replace(a, 2, b)
	fmt.Println(r)
	// Output: (_3,_4,_4):(_1,_3,_3)
}

func ExampleTake() {
	a, _ := concrete.ParseLayout("(_2,_3,_5,_7):(_1,_2,_6,_30)")
	r, _ := concrete.Take(a, 1, 3)
	fmt.Println(r)
	r, _ = concrete.Take(a, 1, 4)
	fmt.Println(r)
	_, err := concrete.Take(a, 2, 2)
	fmt.Println(err)
	// Output:
	// (_3,_5):(_2,_6)
	// (_3,_5,_7):(_2,_6,_30)
	// take: take: empty range error
}

func ExampleSelect() {
	a, _ := concrete.ParseLayout("(_2,_3,_5,_7):(_1,_2,_6,_30)")
	r, _ := concrete.Select(a, 1, 3)
	fmt.Println(r)
	r, _ = concrete.Select(a, 0, 1, 3)
	fmt.Println(r)
	r, _ = concrete.Select(a, 2)
	fmt.Println(r)
	// Output:
	// (_3,_7):(_2,_30)
	// (_2,_3,_7):(_1,_2,_30)
	// (_5):(_6)
}

func ExampleGroup() {
	a, _ := concrete.ParseLayout("(_2,_3,_5,_7):(_1,_2,_6,_30)")
	g, _ := concrete.Group(a, 0, 2)
	fmt.Println(g)
	g, _ = concrete.Group(g, 1, 3)
	fmt.Println(g)
	// Output:
	// ((_2,_3),_5,_7):((_1,_2),_6,_30)
	// ((_2,_3),(_5,_7)):((_1,_2),(_6,_30))
}

func ExampleGet() {
	a, _ := concrete.ParseLayout("(_4,(_3,_6)):(_1,(_4,_12))")
	for _, path := range [][]int{{0}, {1}, {1, 0}, {1, 1}} {
		r, _ := concrete.Get(a, path...)
		fmt.Println(path, r)
	}
	// Output:
	// [0] _4:_1
	// [1] (_3,_6):(_4,_12)
	// [1 0] _3:_4
	// [1 1] _6:_12
}

func ExampleFlatten() {
	a, _ := concrete.ParseLayout("((_2,_3),(_5,_7)):((_1,_2),(_6,_30))")
	fmt.Println(concrete.Flatten(a))
	// Output: (_2,_3,_5,_7):(_1,_2,_6,_30)
}
