package concrete_test

import (
	"fmt"
	"testing"

	"github.com/cutealg/cutealg/concrete"
)

func TestConstruct(t *testing.T) {
	runOpCases(t, []opCase{
		// make_layout: LayoutLeft strides start at a static _1; a static _1
		// extent gets _0 and does not advance, a dynamic 1 does.
		{op: "make_layout", args: []string{"8"}, want: "8:_1"},
		{op: "make_layout", args: []string{"(_1,7)"}, want: "(_1,7):(_0,_1)"},
		{op: "make_layout", args: []string{"(1,7)"}, want: "(1,7):(_1,1)"},
		{op: "make_layout", args: []string{"(_2,2,_4,_2)"}, want: "(_2,2,_4,_2):(_1,_2,4,16)"},
		{op: "make_layout", args: []string{"(2,3)", "(1,2)"}, want: "(2,3):(1,2)"},
		{op: "make_layout", args: []string{"(2,3)", "1"}, want: "error: not congruent"},
		{op: "make_layout_left", args: []string{"(_4,(_8,_1,(_2,_3)))"}, want: "(_4,(_8,_1,(_2,_3))):(_1,(_4,_0,(_32,_64)))"},
		{op: "make_layout_right", args: []string{"(_4,(_8,_1,(_2,_3)))"}, want: "(_4,(_8,_1,(_2,_3))):(_48,(_6,_0,(_3,_1)))"},
		{op: "make_layout_right", args: []string{"(_3,1,(_2,_8,_4))"}, want: "(_3,1,(_2,_8,_4)):(64,_64,(_32,_4,_1))"},
		// make_ordered_layout: dynamic order values are larger than every
		// static one and ordered from left to right.
		{op: "make_ordered_layout", args: []string{"(_4,(_2,_4),_2)", "(6,1,0)"}, want: "(_4,(_2,_4),_2):(_1,(_4,_8),_32)"},
		{op: "make_ordered_layout", args: []string{"(_4,(_2,_4),_2)", "(_6,_1,_0)"}, want: "(_4,(_2,_4),_2):(_16,(_2,_4),_1)"},
		{op: "make_ordered_layout", args: []string{"(4)", "(_1)"}, want: "(4):(_1)"},
		{op: "make_ordered_layout", args: []string{"(2,3)", "((1,2),3)"}, want: "error: Need equal rank of shape and order"},
		{op: "make_ordered_layout", args: []string{"(2,3)", "(1,2,3)"}, want: "error: Need equal rank of shape and order"},
		// concatenation, append, prepend, replace
		{op: "make_layout_concat", args: []string{"(_3):(_1)"}, want: "((_3)):((_1))"},
		{op: "make_layout_concat", args: []string{"_3:_1", "(_3):(_1)", "_3:_1"}, want: "(_3,(_3),_3):(_1,(_1),_1)"},
		{op: "append", args: []string{"((32)):((1))", "(3,2,(4,2)):(16,8,(1,4))"}, want: "((32),(3,2,(4,2))):((1),(16,8,(1,4)))"},
		{op: "prepend", args: []string{"(3,(8,3)):(1,(12,96))", "8:1"}, want: "(8,3,(8,3)):(1,1,(12,96))"},
		{op: "replace", args: []string{"(7,1,4,4):(24,9,3,168)", "3", "(1,2):(1,1)"}, want: "(7,1,4,(1,2)):(24,9,3,(1,1))"},
		{op: "replace", args: []string{"8:1", "0", "(1,2):(1,1)"}, want: "(1,2):(1,1)"},
		{op: "replace", args: []string{"8:1", "1", "2:1"}, want: "error: Index out of range"},
		{op: "replace", args: []string{"(2,3):(1,2)", "2", "2:1"}, want: "error: Index out of range"},
		// take: a tuple even for one mode; CuTe's two static_asserts.
		{op: "take", args: []string{"(2,8):(1,2)", "1", "2"}, want: "(8):(2)"},
		{op: "take", args: []string{"8:1", "0", "1"}, want: "(8):(1)"},
		{op: "take", args: []string{"(2,8):(1,2)", "1", "1"}, want: "error: take: empty range error"},
		{op: "take", args: []string{"(2,8):(1,2)", "1", "3"}, want: "error: take: range out of bounds"},
		{op: "take", args: []string{"(2,8):(1,2)", "(1,2)", "3"}, want: "error: want a plain integer"},
		// select: any modes, repetitions allowed, always a tuple.
		{op: "select", args: []string{"(3,2,(8),(4)):(32,4,(96),(1))", "(0,3,0)"}, want: "(3,(4),3):(32,(1),32)"},
		{op: "select", args: []string{"8:1", "0"}, want: "(8):(1)"},
		{op: "select", args: []string{"(2,8):(1,2)", "(0,2)"}, want: "error: Index out of range"},
		// group: an integer counts as a rank-1 tuple; B == E changes nothing.
		{op: "group", args: []string{"(3,2):(0,3)", "0", "1"}, want: "((3),2):((0),3)"},
		{op: "group", args: []string{"(16,5):(0,16)", "0", "2"}, want: "((16,5)):((0,16))"},
		{op: "group", args: []string{"(16,5):(0,16)", "1", "-1"}, want: "(16,(5)):(0,(16))"},
		{op: "group", args: []string{"(16,5):(0,16)", "1", "1"}, want: "(16,5):(0,16)"},
		{op: "group", args: []string{"8:1", "0", "1"}, want: "((8)):((1))"},
		{op: "group", args: []string{"8:1", "0", "0"}, want: "(8):(1)"},
		{op: "group", args: []string{"(16,5):(0,16)", "2", "1"}, want: "error: B <= E"},
		{op: "group", args: []string{"(16,5):(0,16)", "1", "3"}, want: "error: Index out of range"},
		// get: a path of mode indices; index 0 of an integer is itself.
		{op: "get", args: []string{"(((5,2),4,1),2,(6),3):(((864,2),4,4),4320,(144),16)", "(2,0)"}, want: "6:144"},
		{op: "get", args: []string{"8:1", "(0,0)"}, want: "8:1"},
		{op: "get", args: []string{"(2,8):(1,2)", "(1,1)"}, want: "error: Index out of range"},
		{op: "get", args: []string{"(2,8):(1,2)", "((1))"}, want: "error: flat tuple"},
		// flatten
		{op: "flatten", args: []string{"(8,(4,2),5):(_8,(_1,_4),_64)"}, want: "(8,4,2,5):(_8,_1,_4,_64)"},
		{op: "flatten", args: []string{"8:1"}, want: "8:1"},
		{op: "flatten", args: []string{"((8)):((1))"}, want: "(8):(1)"},
	})
}

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
