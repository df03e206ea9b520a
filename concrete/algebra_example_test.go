package concrete_test

import (
	"fmt"

	"github.com/cutealg/cutealg/concrete"
)

// The examples of this file are CuTe's own answers: the same calls are in
// the captured vectors (gpuval/testdata/algebra).

func ExampleSlice() {
	l, _ := concrete.ParseLayout("((2,3),4):((1,2),6)")
	for _, c := range []string{"((_,1),_)", "(_,2)", "_", "(1,3)"} {
		crd, _ := concrete.ParseCoord(c)
		r, err := concrete.Slice(crd, l)
		fmt.Println(c, r, err)
	}
	// Output:
	// ((_,1),_) (2,4):(1,6) <nil>
	// (_,2) ((2,3)):((1,2)) <nil>
	// _ ((2,3),4):((1,2),6) <nil>
	// (1,3) ():() <nil>
}

func ExampleDice() {
	l, _ := concrete.ParseLayout("((2,3),4):((1,2),6)")
	crd, _ := concrete.ParseCoord("((_,1),_)")
	fmt.Println(concrete.Dice(crd, l))
	// Output:
	// (3):(2) <nil>
}

func ExampleSliceAndOffset() {
	l, _ := concrete.ParseLayout("(_4,6):(_1,_4)")
	crd, _ := concrete.ParseCoord("(_,2)")
	fmt.Println(concrete.SliceAndOffset(crd, l))
	crd, _ = concrete.ParseCoord("(_,_2)")
	fmt.Println(concrete.SliceAndOffset(crd, l))
	// Output:
	// (_4):(_1) 8 <nil>
	// (_4):(_1) _8 <nil>
}

func ExampleLocalTile() {
	// CuTe's comment: a (_32,_64) tile of an (M,N) tensor at the block
	// coordinate (bx,by)
	l, _ := concrete.ParseLayout("(128,256):(_1,128)")
	tiler, _ := concrete.ParseTiler("(_32,_64)")
	crd, _ := concrete.ParseCoord("(1,2)")
	fmt.Println(concrete.LocalTile(l, tiler, crd))
	// Output:
	// (_32,_64):(_1,128) 16416 <nil>
}

func ExampleLocalPartition() {
	// CuTe's comment: thread 5 of a (_2,_16) thread layout over a
	// (_16,_64) tensor owns a (_8,_4) partition
	l, _ := concrete.ParseLayout("(_16,_64):(_64,_1)")
	threads, _ := concrete.ParseLayout("(_2,_16):(_16,_1)")
	fmt.Println(concrete.LocalPartition(l, threads, concrete.D(5)))
	// Output:
	// (_8,_4):(_128,_16) 5 <nil>
}

func ExampleSwizzle_Apply() {
	sw, _ := concrete.ParseSwizzle("Sw<3,4,3>")
	for _, x := range []concrete.Int{concrete.S(200), concrete.D(200), concrete.D(1023)} {
		r, err := sw.Apply(x)
		fmt.Println(sw, x, r, err)
	}
	// Output:
	// Sw<3,4,3> _200 _216 <nil>
	// Sw<3,4,3> 200 216 <nil>
	// Sw<3,4,3> 1023 911 <nil>
}

func ExampleCompositionSwizzle() {
	l, _ := concrete.ParseLayout("(_8,_64):(_64,_1)")
	sw, _ := concrete.ParseSwizzle("Sw<3,4,3>")
	fmt.Println(concrete.CompositionSwizzle(sw, l))
	id, _ := concrete.ParseSwizzle("Sw<0,4,3>")
	fmt.Println(concrete.CompositionSwizzle(id, l))
	// Output:
	// Sw<3,4,3> o _0 o (_8,_64):(_64,_1) <nil>
	// (_8,_64):(_64,_1) <nil>
}

func ExampleComposed_Index() {
	c, _ := concrete.ParseComposed("Sw<1,1,1> o _0 o _8:_1")
	for i := range int64(8) {
		v, _ := c.Index(i)
		fmt.Print(v, " ")
	}
	fmt.Println()
	// Output:
	// 0 1 2 3 6 7 4 5
}

func ExampleMakeIdentityLayout() {
	s, _ := concrete.ParseTuple("(2,(_3,4))")
	fmt.Println(concrete.MakeIdentityLayout(s))
	// Output:
	// (2,(_3,4)):(_1@0,(_1@0@1,_1@1@1))
}

func ExampleRecastLayout() {
	l, _ := concrete.ParseLayout("(_4,_8):(_8,_1)")
	fmt.Println(concrete.RecastLayout(l, 16, 8))
	fmt.Println(concrete.RecastLayout(l, 8, 16))
	// Output:
	// (_4,_16):(_16,_1) <nil>
	// (_4,_4):(_4,_1) <nil>
}

func ExampleMakeLayoutLike() {
	// the examples of CuTe's comment
	for _, s := range []string{"(_2,_2,_2,_2):(_0,_2,_4,_1)", "(2,3,4,5):(_0,42,_1,_0)"} {
		l, _ := concrete.ParseLayout(s)
		fmt.Println(concrete.MakeLayoutLike(l))
	}
	// Output:
	// (_2,_2,_2,_2):(_0,_2,_4,_1) <nil>
	// (2,3,4,5):(_0,4,_1,_0) <nil>
}

func ExampleMakeFragmentLike() {
	l, _ := concrete.ParseLayout("(_2,_3,_4):(_12,_1,_3)")
	fmt.Println(concrete.MakeFragmentLike(l))
	// Output:
	// (_2,_3,_4):(_1,_2,_6) <nil>
}

func ExampleFilterZeros() {
	l, _ := concrete.ParseLayout("((_2,3),4):((_0,_1),0)")
	fmt.Println(concrete.FilterZeros(l))
	// Output:
	// ((_1,3),4):((_0,_1),0) <nil>
}

func ExampleZip() {
	l, _ := concrete.ParseLayout("((_2,_3),(_4,_5)):((_1,_2),(_6,_24))")
	fmt.Println(concrete.Zip(l))
	// Output:
	// ((_2,_4),(_3,_5)):((_1,_6),(_2,_24)) <nil>
}

func ExampleUnflatten() {
	l, _ := concrete.ParseLayout("(_2,_3,_4):(_1,_2,_6)")
	p, _ := concrete.ParseTuple("((0,0),0)")
	fmt.Println(concrete.Unflatten(l, p))
	// Output:
	// ((_2,_3),_4):((_1,_2),_6) <nil>
}

func ExampleDomainDistribute() {
	// CuTe's comment: any 6 elements of a (_15,_14) layout
	a, _ := concrete.ParseTuple("(_15,_14)")
	b, _ := concrete.ParseTuple("_6")
	fmt.Println(concrete.DomainDistribute(a, b))
	// Output:
	// (_3,_2):(_1,_15) <nil>
}

func ExampleMaxAlignment() {
	l, _ := concrete.ParseLayout("(_8,_8):(_8,_1)")
	fmt.Println(concrete.MaxAlignment(l))
	l, _ = concrete.ParseLayout("(_4,6):(_1,_4)")
	fmt.Println(concrete.MaxAlignment(l))
	// Output:
	// _64 <nil>
	// _4 <nil>
}

func ExampleCoshape() {
	l, _ := concrete.ParseLayout("(_4,6):(_1,_4)")
	fmt.Println(concrete.Coshape(l))
	// Output:
	// 24 <nil>
}

func ExampleTileUnzip() {
	l, _ := concrete.ParseLayout("((2,2),(3,4)):((1,8),(2,16))")
	t, _ := concrete.ParseTiler("(2:1,3:1)")
	fmt.Println(concrete.TileUnzip(l, t))
	// Output:
	// ((2,3),(2,4)):((1,2),(8,16)) <nil>
}

func ExampleCeilDivLayout() {
	s, _ := concrete.ParseTuple("(_12,_8)")
	t, _ := concrete.ParseLayout("(_4,_2):(_1,_4)")
	r, err := concrete.CeilDivLayout(s, t)
	fmt.Println(concrete.FormatTuple(r), err)
	// Output:
	// _16 <nil>
}
