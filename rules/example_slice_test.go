package rules_test

import (
	"fmt"

	"github.com/cutealg/cutealg/rules"
)

// The seed's local_tile (seeds/002, "5. Local Tile"): the sub-tile
// (M0,N0) at coordinate (m1,n1) of the blocked product's layout, its
// layout and the offset of its first element, for every M0, M1, N0, N1
// with the coordinate inside the grid of tiles. Without the assumptions
// m1 < M1 and n1 < N1 the answer is piecewise: the offset of a coordinate
// outside the grid is not an element of the layout.
func ExampleCompute_localTile() {
	req := rules.Request{
		Op:     "local_tile",
		Args:   []string{"((M0,M1),(N0,N1)):((1,N1*M0*N0),(M0,M0*N0))", "(M0,N0)", "(m1,n1)"},
		Assume: []string{"m1 < M1", "n1 < N1"},
	}
	a, err := rules.Compute(req)
	if err != nil {
		fmt.Println(err)
		return
	}
	v, _ := a.Plain()
	fmt.Println(v)

	// slice a column j out of an M x N column-major matrix
	a, _ = rules.Compute(rules.Request{Op: "slice_and_offset", Args: []string{"(_,j)", "(M,N):(_1,M)"}})
	for _, b := range a.Branches {
		if b.Err != nil {
			fmt.Println(b.Guards, "error")
			continue
		}
		fmt.Println(b.Guards, b.Value)
	}
	// Output:
	// (((M0,1),(N0,1)):((1,M0*N0*N1),(M0,M0*N0)),M0*N0*N1*m1+M0*N0*n1)
	// [j<=N-1] ((M):(_1),M*j)
	// [j>N-1] error
}
