package concrete_test

import (
	"fmt"
	"testing"

	"github.com/cutealg/cutealg/concrete"
)

func TestDivideKeepsArguments(t *testing.T) {
	a, _ := concrete.ParseLayout("(_9,(_4,_8)):(_59,(_13,_1))")
	tl, _ := concrete.ParseTiler("(_3:_3,(_2,_4):(_1,_8))")
	before := a.String() + " " + concrete.FormatTiler(tl)
	for _, f := range []func(concrete.Layout, concrete.Tiler, ...concrete.Option) (concrete.Layout, error){
		concrete.LogicalDivideTiler, concrete.ZippedDivide, concrete.TiledDivide, concrete.FlatDivide,
	} {
		if _, err := f(a, tl); err != nil {
			t.Fatal(err)
		}
	}
	if after := a.String() + " " + concrete.FormatTiler(tl); after != before {
		t.Errorf("arguments modified: %s became %s", before, after)
	}
}

func mustLayout(s string) concrete.Layout {
	l, err := concrete.ParseLayout(s)
	if err != nil {
		panic(err)
	}
	return l
}

func mustTiler(s string) concrete.Tiler {
	t, err := concrete.ParseTiler(s)
	if err != nil {
		panic(err)
	}
	return t
}

// The 1-D logical divide of CuTe's layout-algebra documentation, all static
// and all dynamic: the dynamic version keeps the size-1 modes that CuTe
// cannot prove away at compile time.
func ExampleLogicalDivide() {
	r, _ := concrete.LogicalDivide(mustLayout("(_4,_2,_3):(_2,_1,_8)"), mustLayout("_4:_2"))
	fmt.Println(r)
	r, _ = concrete.LogicalDivide(mustLayout("(4,2,3):(2,1,8)"), mustLayout("4:2"))
	fmt.Println(r)
	// Output:
	// ((_2,_2),(_2,_3)):((_4,_1),(_2,_8))
	// ((2,2,1),((2,1,1),(1,1,3))):((4,1,8),((2,1,8),(16,2,8)))
}

// The 2-D logical divide of the documentation: 3:3 down the columns and
// (2,4):(1,8) across the rows.
func ExampleLogicalDivideTiler() {
	r, _ := concrete.LogicalDivideTiler(mustLayout("(_9,(_4,_8)):(_59,(_13,_1))"), mustTiler("<_3:_3,(_2,_4):(_1,_8)>"))
	fmt.Println(r)
	// Output: ((_3,_3),((_2,_4),(_2,_2))):((_177,_59),((_13,_2),(_26,_1)))
}

func ExampleZippedDivide() {
	r, _ := concrete.ZippedDivide(mustLayout("(_9,(_4,_8)):(_59,(_13,_1))"), mustTiler("<_3:_3,(_2,_4):(_1,_8)>"))
	fmt.Println(r)
	// A `_` in the tiler keeps a mode that zipped_divide cannot split.
	_, err := concrete.ZippedDivide(mustLayout("(_8,_3):(_10,_1)"), mustTiler("(_,_3:_1)"))
	fmt.Println(err)
	// Output:
	// ((_3,(_2,_4)),(_3,(_2,_2))):((_177,(_13,_2)),(_59,(_26,_1)))
	// zipped_divide: Index out of range
}

func ExampleTiledDivide() {
	r, _ := concrete.TiledDivide(mustLayout("(_9,(_4,_8)):(_59,(_13,_1))"), mustTiler("<_3:_3,(_2,_4):(_1,_8)>"))
	fmt.Println(r)
	// Output: ((_3,(_2,_4)),_3,(_2,_2)):((_177,(_13,_2)),_59,(_26,_1))
}

func ExampleFlatDivide() {
	r, _ := concrete.FlatDivide(mustLayout("(_9,(_4,_8)):(_59,(_13,_1))"), mustTiler("<_3:_3,(_2,_4):(_1,_8)>"))
	fmt.Println(r)
	// Output: (_3,(_2,_4),_3,(_2,_2)):(_177,(_13,_2),_59,(_26,_1))
}
