package notation

// Symbols returns the names of the symbols of n (M, N, ...) in the order
// they appear, repeats included: the leaves of values, the operands of
// arithmetic, functions and conditions, and the arguments of calls.
func Symbols(n Node) []string {
	var out []string
	var walk func(n Node)
	walk = func(n Node) {
		switch n := n.(type) {
		case *Sym:
			out = append(out, n.Name)
		case *Binary:
			walk(n.X)
			walk(n.Y)
		case *Func:
			walk(n.X)
			walk(n.Y)
		case *Tuple:
			for _, e := range n.Elems {
				walk(e)
			}
		case *Layout:
			walk(n.Shape)
			walk(n.Stride)
		case *Composed:
			walk(n.A)
			walk(n.O)
			walk(n.B)
		case *Call:
			for _, e := range n.Args {
				walk(e)
			}
		case *Compare:
			walk(n.X)
			walk(n.Y)
		case *Logic:
			walk(n.X)
			walk(n.Y)
		case *Not:
			walk(n.X)
		}
	}
	walk(n)
	return out
}

// Conjuncts splits a condition at its top-level && operators: `a && (b &&
// c)` gives a, b, c; any other condition is its own only conjunct.
func Conjuncts(n Node) []Node {
	if l, ok := n.(*Logic); ok && l.Op == "&&" {
		return append(Conjuncts(l.X), Conjuncts(l.Y)...)
	}
	return []Node{n}
}
