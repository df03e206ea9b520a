package concrete_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/cutealg/cutealg/concrete"
)

// TestEvaluateHuge checks that a 2^60-element layout is refused at once.
func TestEvaluateHuge(t *testing.T) {
	l, _ := concrete.ParseLayout("(1073741824,1073741824):(1,1073741824)")
	_, err := concrete.Evaluate(l)
	var e *concrete.Error
	if !errors.As(err, &e) || e.Kind != concrete.BadInput {
		t.Fatalf("Evaluate of a 2^60-element layout: %v; want a BadInput error", err)
	}
}

// TestEvaluateLimit: a layout of exactly MaxEvaluate elements is listed
// whole, one more is refused; a layout of size 0 lists nothing.
func TestEvaluateLimit(t *testing.T) {
	l, _ := concrete.ParseLayout(fmt.Sprintf("%d:3", concrete.MaxEvaluate))
	vs, err := concrete.Evaluate(l)
	if err != nil || len(vs) != concrete.MaxEvaluate || vs[len(vs)-1] != 3*(concrete.MaxEvaluate-1) {
		t.Errorf("Evaluate(%v): %d values, %v", l, len(vs), err)
	}
	l, _ = concrete.ParseLayout(fmt.Sprintf("%d:3", concrete.MaxEvaluate+1))
	if vs, err := concrete.Evaluate(l); err == nil {
		t.Errorf("Evaluate(%v): %d values, want a refusal", l, len(vs))
	}
	l, _ = concrete.ParseLayout("(4,0):(1,4)")
	if vs, err := concrete.Evaluate(l); err != nil || len(vs) != 0 {
		t.Errorf("Evaluate(%v) = %v, %v; want no values", l, vs, err)
	}
}

// TestCrd2IdxIdx2Crd checks crd2idx(idx2crd(i, S), compact(S)) == i over a
// compact layout, and that the 1-D, per-mode and natural coordinates agree.
func TestCrd2IdxIdx2Crd(t *testing.T) {
	shape, _ := concrete.ParseTuple("(3,(2,_3),(1,4))")
	l, _ := concrete.MakeLayoutLeft(shape)
	vs, _ := concrete.Evaluate(l)
	for i := range int64(len(vs)) {
		idx := tupleOf(t, fmt.Sprint(i))
		crd, err := concrete.Idx2Crd(idx, shape)
		if err != nil {
			t.Fatal(err)
		}
		got, err := concrete.Crd2Idx(crd, l)
		if err != nil {
			t.Fatal(err)
		}
		one, _ := concrete.Crd2Idx(idx, l)
		if got.V != i || one.V != i || vs[i] != i {
			t.Errorf("i=%d: idx2crd=%s, crd2idx(natural)=%v, crd2idx(1-D)=%v, evaluate=%d", i, concrete.FormatTuple(crd), got, one, vs[i])
		}
	}
}

func tupleOf(t *testing.T, s string) concrete.IntTuple {
	t.Helper()
	x, err := concrete.ParseTuple(s)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

func ExampleSize() {
	a, _ := concrete.ParseLayout("(_3,(_2,_3)):(_3,(_12,_1))")
	n, _ := concrete.Size(a)
	m, _ := concrete.Cosize(a)
	fmt.Println(n, m, concrete.Rank(a), concrete.Depth(a))
	// Output: _18 _21 _2 _2
}

func ExampleCosize() {
	a, _ := concrete.ParseLayout("(_3,(_2,_3)):(_3,(_12,_1))")
	b, _ := concrete.ParseLayout("2:_32")
	ca, _ := concrete.Cosize(a)
	cb, _ := concrete.Cosize(b)
	fmt.Println(ca, cb)
	// Output: _21 33
}

func ExampleRank() {
	a, _ := concrete.ParseLayout("(_3,(_2,_3)):(_3,(_12,_1))")
	b, _ := concrete.ParseLayout("(4,4):(1,0)")
	fmt.Println(concrete.Rank(a), concrete.Rank(b))
	// Output: _2 _2
}

func ExampleDepth() {
	a, _ := concrete.ParseLayout("(_3,(_2,_3)):(_3,(_12,_1))")
	b, _ := concrete.ParseLayout("8:1")
	fmt.Println(concrete.Depth(a), concrete.Depth(b))
	// Output: _2 _0
}

func ExampleEvaluate() {
	a, _ := concrete.ParseLayout("(3,(2,3)):(3,(12,1))")
	vs, _ := concrete.Evaluate(a)
	fmt.Println(vs)
	// Output: [0 3 6 12 15 18 1 4 7 13 16 19 2 5 8 14 17 20]
}

func ExampleCrd2Idx() {
	a, _ := concrete.ParseLayout("(_3,(_2,_3)):(_3,(_12,_1))")
	for _, s := range []string{"16", "_16", "(1,5)", "(_1,5)", "(_1,_5)", "(1,(1,2))", "(_1,(_1,_2))"} {
		c, _ := concrete.ParseTuple(s)
		i, _ := concrete.Crd2Idx(c, a)
		fmt.Println(s, i)
	}
	// Output:
	// 16 17
	// _16 _17
	// (1,5) 17
	// (_1,5) 17
	// (_1,_5) _17
	// (1,(1,2)) 17
	// (_1,(_1,_2)) _17
}

func ExampleIdx2Crd() {
	shape, _ := concrete.ParseTuple("(_3,(_2,_3))")
	for _, s := range []string{"16", "_16", "(1,5)", "(_1,5)", "(1,(1,2))", "(_1,(1,_2))"} {
		c, _ := concrete.ParseTuple(s)
		r, _ := concrete.Idx2Crd(c, shape)
		fmt.Println(s, concrete.FormatTuple(r))
	}
	// Output:
	// 16 (1,(1,2))
	// _16 (_1,(_1,_2))
	// (1,5) (1,(1,2))
	// (_1,5) (_1,(1,2))
	// (1,(1,2)) (1,(1,2))
	// (_1,(1,_2)) (_1,(1,_2))
}

func ExampleShapeDiv() {
	for _, c := range [][2]string{{"(6,2)", "2"}, {"(6,2)", "3"}, {"(6,2)", "6"}, {"(6,2)", "12"}, {"(3,6,2,8)", "9"}, {"(3,6,2,8)", "72"}} {
		a, _ := concrete.ParseTuple(c[0])
		b, _ := concrete.ParseTuple(c[1])
		r, _ := concrete.ShapeDiv(a, b)
		fmt.Println(c[0], "/", c[1], "=", concrete.FormatTuple(r))
	}
	// Output:
	// (6,2) / 2 = (3,2)
	// (6,2) / 3 = (2,2)
	// (6,2) / 6 = (1,2)
	// (6,2) / 12 = (1,1)
	// (3,6,2,8) / 9 = (1,2,2,8)
	// (3,6,2,8) / 72 = (1,1,1,4)
}
