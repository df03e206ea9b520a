package concrete_test

import (
	"fmt"
	"testing"

	"github.com/cutealg/cutealg/concrete"
)

// TestInverseHuge checks that the post-condition checks of a 2^30-element
// layout finish (they sample the domain) and pass in strict mode.
func TestInverseHuge(t *testing.T) {
	l, _ := concrete.ParseLayout("(_1024,_1024,_1024):(_1048576,_1,_1024)")
	r, err := concrete.RightInverse(l, concrete.StrictMode())
	if err != nil || r.String() != "(_1048576,_1024):(_1024,_1)" {
		t.Errorf("RightInverse = %v, %v", r, err)
	}
	r, err = concrete.LeftInverse(l, concrete.StrictMode())
	if err != nil || r.String() != "(_1048576,_1024):(_1024,_1)" {
		t.Errorf("LeftInverse = %v, %v", r, err)
	}
}

func ExampleRightInverse() {
	for _, s := range []string{"(_8,_4):(_4,_1)", "(_2,_4,_6):(_4,_1,_8)", "(_4,_2):(_1,_5)", "(4,2):(_1,4)"} {
		a, _ := concrete.ParseLayout(s)
		r, _ := concrete.RightInverse(a)
		fmt.Println(s, "->", r)
	}
	// Output:
	// (_8,_4):(_4,_1) -> (_4,_8):(_8,_1)
	// (_2,_4,_6):(_4,_1,_8) -> (_4,_2,_6):(_2,_1,_8)
	// (_4,_2):(_1,_5) -> _4:_1
	// (4,2):(_1,4) -> 4:_1
}

func ExampleLeftInverse() {
	for _, s := range []string{"(_8,_4):(_4,_1)", "(_4,_2):(_1,_16)", "(_128,_64):(_131072,_2)", "(3,4):(1,3)"} {
		a, _ := concrete.ParseLayout(s)
		r, err := concrete.LeftInverse(a)
		if err != nil {
			fmt.Println(s, "->", err)
			continue
		}
		fmt.Println(s, "->", r)
	}
	// Output:
	// (_8,_4):(_4,_1) -> (_4,_8):(_8,_1)
	// (_4,_2):(_1,_16) -> (_16,_2):(_1,_4)
	// (_128,_64):(_131072,_2) -> (_2,_65536,_128):(_0,_128,_1)
	// (3,4):(1,3) -> left_inverse: Left inverse requires static strides.
}

func ExampleLeftInverse_warning() {
	a, _ := concrete.ParseLayout("(_4,_16):(_24,_4)")
	var warnings []string
	r, _ := concrete.LeftInverse(a, concrete.CollectWarnings(&warnings))
	fmt.Println(r, len(warnings))
	_, err := concrete.LeftInverse(a, concrete.StrictMode())
	fmt.Println(err != nil)
	// Output:
	// (_4,_6,_4):(_0,_4,_1) 1
	// true
}

func ExampleMaxCommonVector() {
	a, _ := concrete.ParseLayout("(((_5,_8,_2),_2),_4):(((_8,_160,_4),_80),_1)")
	n, _ := concrete.MaxCommonVector(a, a)
	fmt.Println(n)
	b, _ := concrete.ParseLayout("(((5,8,2),2),4):(((8,160,4),80),1)")
	n, _ = concrete.MaxCommonVector(b, b)
	fmt.Println(n)
	// Output:
	// _40
	// _1
}

func ExampleMaxCommonLayout() {
	a, _ := concrete.ParseLayout("(_2,_16,_1):(_16,_1,_2)")
	r, _ := concrete.MaxCommonLayout(a, a)
	fmt.Println(r)
	// Output: (_16,_2):(_2,_1)
}

func ExampleNullspace() {
	for _, s := range []string{"(_2,_2,_2):(_1,_0,_2)", "(_7,_5,_16):(_3,_1,_0)", "(_7,_5,_16):(_0,_0,_0)"} {
		a, _ := concrete.ParseLayout(s)
		k, _ := concrete.Nullspace(a)
		fmt.Println(s, "->", k)
	}
	// Output:
	// (_2,_2,_2):(_1,_0,_2) -> _2:_2
	// (_7,_5,_16):(_3,_1,_0) -> _16:_35
	// (_7,_5,_16):(_0,_0,_0) -> (_7,_5,_16):(_1,_7,_35)
}

// TestInverseZeroExtent: the inverses check their post-conditions only for
// positive extents (evaluating a layout with an extent 0 divides by zero).
// The catalogue refuses such layouts; the Go functions take them and give
// their value with no check run and no violation.
func TestInverseZeroExtent(t *testing.T) {
	for _, s := range []string{"(0,4):(1,0)", "(4,0):(1,4)", "0:1"} {
		l, err := concrete.ParseLayout(s)
		if err != nil {
			t.Fatal(err)
		}
		for name, f := range map[string]func(concrete.Layout, ...concrete.Option) (concrete.Layout, error){
			"RightInverse": concrete.RightInverse,
			"Nullspace":    concrete.Nullspace,
			"MaxCommonLayout": func(a concrete.Layout, opts ...concrete.Option) (concrete.Layout, error) {
				return concrete.MaxCommonLayout(a, a, opts...)
			},
		} {
			var broken []concrete.Violation
			r, err := f(l, concrete.CollectViolations(&broken))
			w, werr := f(l)
			if err != nil || werr != nil || r.String() != w.String() || len(broken) != 0 {
				t.Errorf("%s(%s) checked: %v %v %v; unchecked: %v %v", name, s, r, err, broken, w, werr)
			}
		}
	}
}
