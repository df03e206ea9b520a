package props_test

import (
	"fmt"

	"github.com/cutealg/cutealg/concrete"
	"github.com/cutealg/cutealg/props"
)

// Cases draws calls of the named operations; Example draws one for a seed
// outside a test (CaseAt does so for the stream of cute diff).
func ExampleCases() {
	g := props.Cases([]string{"composition", "complement"}, props.Static, true)
	for seed := range 3 {
		fmt.Println(g.Example(seed).Call())
	}
	bad := props.Cases([]string{"complement"}, props.Dynamic, false).Example(1)
	fmt.Println(bad.Call(), bad.Admissible)
	// Output:
	// complement(((_2,_3),(_4,_1)):((_216,_24),(_2,_72)), _813)
	// composition(((_2,_1)):((_1,_2)), (_2,(_1)):(_1,(_2)))
	// complement((_4,_1):(_4,_2), _23)
	// complement((3,3):(1,1), 20) false
}

// Minimize shrinks a case while a predicate holds, here while the
// layout has at least two top-level modes: modes go, nesting flattens,
// extents shrink to 1 and strides to 0.
func ExampleMinimize() {
	c := props.Case{Op: "coalesce", Args: []string{"((_4,_2),_3,_5):((_1,_4),_8,_24)"}}
	twoModes := func(c props.Case) bool {
		l, err := concrete.ParseLayout(c.Args[0])
		return err == nil && !l.Shape.IsLeaf() && l.Rank() >= 2
	}
	m, _ := props.Minimize(c, twoModes, 1000)
	fmt.Println(m.Call())
	// Output:
	// coalesce((_1,_1):(_0,_0))
}
