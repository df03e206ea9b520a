package concrete_test

import (
	"fmt"

	"github.com/cutealg/cutealg/concrete"
)

// The 1-D logical products of CuTe's layout-algebra documentation: B = 6:1
// repeats the block six times, B = (4,2):(2,1) changes the number and order
// of the repetitions.
func ExampleLogicalProduct() {
	a := mustLayout("(_2,_2):(_4,_1)")
	r, _ := concrete.LogicalProduct(a, mustLayout("_6:_1"))
	fmt.Println(r)
	r, _ = concrete.LogicalProduct(a, mustLayout("(_4,_2):(_2,_1)"))
	fmt.Println(r)
	// Output:
	// ((_2,_2),(_2,_3)):((_4,_1),(_2,_8))
	// ((_2,_2),(_4,_2)):((_4,_1),(_8,_2))
}

// The 2-D product by mode of the documentation's product2d figure: a 2x5
// row-major block tiled 3x4.
func ExampleLogicalProductTiler() {
	r, _ := concrete.LogicalProductTiler(mustLayout("(_2,_5):(_5,_1)"), mustTiler("<_3:_5,_4:_6>"))
	fmt.Println(r)
	// Output: ((_2,_3),(_5,_4)):((_5,_10),(_1,_30))
}

func ExampleZippedProduct() {
	r, _ := concrete.ZippedProduct(mustLayout("(_2,_5):(_5,_1)"), mustTiler("<_3:_5,_4:_6>"))
	fmt.Println(r)
	// Output: ((_2,_5),(_3,_4)):((_5,_1),(_10,_30))
}

func ExampleTiledProduct() {
	r, _ := concrete.TiledProduct(mustLayout("(_2,_5):(_5,_1)"), mustTiler("<_3:_5,_4:_6>"))
	fmt.Println(r)
	// Output: ((_2,_5),_3,_4):((_5,_1),_10,_30)
}

func ExampleFlatProduct() {
	r, _ := concrete.FlatProduct(mustLayout("(_2,_5):(_5,_1)"), mustTiler("<_3:_5,_4:_6>"))
	fmt.Println(r)
	// Output: (_2,_5,_3,_4):(_5,_1,_10,_30)
}

// The documentation's blocked product: a 2x5 row-major block arranged in a
// 3x4 column-major grid of blocks; with a dynamic grid the block stays
// static.
func ExampleBlockedProduct() {
	r, _ := concrete.BlockedProduct(mustLayout("(_2,_5):(_5,_1)"), mustLayout("(_3,_4):(_1,_3)"))
	fmt.Println(r)
	r, _ = concrete.BlockedProduct(mustLayout("(_2,_5):(_5,_1)"), mustLayout("(3,4):(1,3)"))
	fmt.Println(r)
	// Output:
	// ((_2,_3),(_5,_4)):((_5,_10),(_1,_30))
	// ((_2,3),(_5,4)):((_5,10),(_1,30))
}

// The documentation's raked product: the same blocks, interleaved.
func ExampleRakedProduct() {
	r, _ := concrete.RakedProduct(mustLayout("(_2,_5):(_5,_1)"), mustLayout("(_3,_4):(_1,_3)"))
	fmt.Println(r)
	// Output: ((_3,_2),(_4,_5)):((_10,_5),(_30,_1))
}

// A static target must be a multiple of the block; a dynamic one is rounded
// up, and the result then misses the target (a warning in CuTe mode).
func ExampleTileToShape() {
	r, _ := concrete.TileToShape(mustLayout("(_2,_1):(_1,_2)"), mustTuple("(_4,_2)"))
	fmt.Println(r)
	_, err := concrete.TileToShape(mustLayout("(_2,_4):(_4,_1)"), mustTuple("(_8,_9)"))
	fmt.Println(err)
	var warns []string
	r, _ = concrete.TileToShape(mustLayout("(_2,_4):(_4,_1)"), mustTuple("(8,9)"), concrete.CollectWarnings(&warns))
	fmt.Println(r, len(warns))
	// Output:
	// ((_2,_2),(_1,_2)):((_1,_2),(_2,_4))
	// tile_to_shape: tile_to_shape: block shape does not divide the target shape.
	// ((_2,4),(_4,3)):((_4,_8),(_1,32)) 1
}

// The order (_1,_3,_2) tiles mode 0 first, then mode 2, then mode 1.
func ExampleTileToShapeOrdered() {
	r, _ := concrete.TileToShapeOrdered(mustLayout("_2:_1"), mustTuple("(_8,_1,_4)"), mustTuple("(_1,_3,_2)"))
	fmt.Println(r)
	// Output: ((_2,_4),(_1,_1),(_1,_4)):((_1,_2),(_0,_0),(_0,_8))
}

func mustTuple(s string) concrete.IntTuple {
	t, err := concrete.ParseTuple(s)
	if err != nil {
		panic(err)
	}
	return t
}
