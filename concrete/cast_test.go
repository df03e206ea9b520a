package concrete_test

import (
	"fmt"
	"testing"

	"github.com/cutealg/cutealg/concrete"
)

func TestCast(t *testing.T) {
	runOpCases(t, []opCase{
		// upcast: static strides divide (checked), dynamic ones truncate.
		{op: "upcast", args: []string{"(_4,_8):(_8,_1)", "2"}, want: "(_4,_4):(_4,_1)"},
		{op: "upcast", args: []string{"(_4,_8):(8,1)", "2"}, want: "(_4,_8):(4,0)"},
		{op: "upcast", args: []string{"(8,_16,(2,_1)):(8,_768,(_4,_0))", "4"}, want: "(8,_16,(2,_1)):(2,_192,(_1,_0))"},
		{op: "upcast", args: []string{"(_4):(_-2)", "4"}, want: "(_2):(_-1)"},
		{op: "upcast", args: []string{"(_5,_5,_4):(_1,_5,_25)", "2"}, want: "error: Divisibility condition"},
		{op: "upcast", args: []string{"(5,5,4):(1,5,25)", "2"}, want: "(5,5,4):(0,2,12)", warn: "all-static twin is rejected"},
		{op: "upcast", args: []string{"(5,5):(0,1)", "2"}, want: "(5,5):(0,0)"},
		{op: "upcast", args: []string{"8:1", "0"}, want: "error: want a positive factor"},
		// downcast: a static _1 stride must exist.
		{op: "downcast", args: []string{"(8,5):(_1,_8)", "2"}, want: "(16,5):(_1,_16)"},
		{op: "downcast", args: []string{"(_4,_2):(_-1,_1)", "2"}, want: "(_8,_4):(_-1,_1)"},
		{op: "downcast", args: []string{"(_32):(_4)", "2"}, want: "error: Downcast requires adjacent elements"},
		{op: "downcast", args: []string{"(4,4,16):(64,16,1)", "8"}, want: "error: Downcast requires adjacent elements"},
		{op: "downcast", args: []string{"8:_1", "-2"}, want: "error: want a positive factor"},
	})
}

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
