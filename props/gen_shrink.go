package props

import (
	"slices"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"

	"github.com/cutealg/cutealg/internal/catalog"
	"github.com/cutealg/cutealg/internal/notation"
)

// Shrink is gopter's explicit shrinker of a Case: a finite stream of
// Cases, each one step smaller than c in one argument, the structural
// steps first: a layout loses a mode (of shape and stride together), a
// nested mode is spliced into its parent, a 1-tuple is unwrapped; a tuple
// or tiler loses an element; then one integer: a dynamic one first
// becomes static (so that a disagreement that does not depend on
// static-ness ends all static), then it shrinks towards 0 by gopter's
// Int64Shrinker, keeping its mark (an argument the catalogue calls a
// shape, and a layout's extents, stay at least 1). A layout whose shape
// and stride are not congruent at the top shrinks its shape and stride
// each on its own. Each step lowers (leaves, nodes, dynamic integers, the
// sum of the integers' magnitudes) in lexicographic order, so repeated
// shrinking ends. An argument that does not parse is left as it is. The
// candidates need not be admissible: the caller's predicate decides.
func Shrink(c Case) gopter.Shrink {
	var shrinks []gopter.Shrink
	op, _ := catalog.Lookup(c.Op)
	for i, a := range c.Args {
		n, err := notation.Parse(a)
		if err != nil {
			continue
		}
		kind := catalog.Tuple
		if op != nil && i < len(op.Args) {
			kind = op.Args[i]
		}
		shrinks = append(shrinks, gopter.Shrink(nodeShrink(n, kind, true)).Map(func(m notation.Node) Case {
			args := slices.Clone(c.Args)
			args[i] = notation.Print(m)
			return Case{Op: c.Op, Args: args, Flavor: c.Flavor, Admissible: c.Admissible}
		}))
	}
	return gopter.ConcatShrinks(shrinks...)
}

// Minimize shrinks c greedily, as gopter's properties do: the first
// candidate of Shrink for which fails holds replaces the case and
// shrinking starts again from it, until no candidate fails or fails has
// been called budget times. It returns the smallest failing case found
// (c itself when none) and the number of calls of fails.
func Minimize(c Case, fails func(Case) bool, budget int) (Case, int) {
	calls := 0
	for {
		s := Shrink(c)
		improved := false
		for v, ok := s(); ok; v, ok = s() {
			if calls >= budget {
				return c, calls
			}
			calls++
			if cand := v.(Case); fails(cand) {
				c, improved = cand, true
				break
			}
		}
		if !improved {
			return c, calls
		}
	}
}

// nodeShrink returns the one-step shrinks of a node as a stream; kind
// is the argument kind of what the node is in (catalog.Shape: extents,
// which stay at least 1; catalog.Param: template parameters, which have no
// static mark); without structural, only its integers shrink (the shape
// and stride of a layout change structure together, in layoutSteps).
func nodeShrink(n notation.Node, kind catalog.ArgKind, structural bool) gopter.Shrink {
	switch n := n.(type) {
	case *notation.Int:
		lo := int64(0)
		if kind == catalog.Shape {
			lo = 1
		}
		var marks []notation.Node
		if !n.Static && kind != catalog.Param {
			marks = append(marks, &notation.Int{Value: n.Value, Static: true})
		}
		return gopter.ConcatShrinks(listShrink(marks), gen.Int64Shrinker(n.Value).Filter(func(v any) bool {
			x := v.(int64)
			return x >= lo && abs64(x) < abs64(n.Value)
		}).Map(func(x int64) notation.Node { return &notation.Int{Value: x, Static: n.Static} }))
	case *notation.Tuple:
		var cands []notation.Node
		if structural && len(n.Elems) == 1 {
			cands = append(cands, n.Elems[0])
		}
		for j := range n.Elems {
			if structural && len(n.Elems) > 1 {
				cands = append(cands, &notation.Tuple{Elems: slices.Delete(slices.Clone(n.Elems), j, j+1), Angle: n.Angle})
			}
		}
		shrinks := []gopter.Shrink{listShrink(cands)}
		for j, e := range n.Elems {
			shrinks = append(shrinks, nodeShrink(e, kind, structural).Map(func(m notation.Node) notation.Node {
				es := slices.Clone(n.Elems)
				es[j] = m
				return &notation.Tuple{Elems: es, Angle: n.Angle}
			}))
		}
		return gopter.ConcatShrinks(shrinks...)
	case *notation.Layout:
		steps := layoutSteps(n)
		_, sleaf := n.Shape.(*notation.Int)
		_, dleaf := n.Stride.(*notation.Int)
		apart := steps == nil && !(sleaf && dleaf) // not congruent at the top
		return gopter.ConcatShrinks(
			listShrink(steps),
			nodeShrink(n.Shape, catalog.Shape, apart).Map(func(m notation.Node) notation.Node { return &notation.Layout{Shape: m, Stride: n.Stride} }),
			nodeShrink(n.Stride, catalog.Tuple, apart).Map(func(m notation.Node) notation.Node { return &notation.Layout{Shape: n.Shape, Stride: m} }),
		)
	}
	return listShrink(nil)
}

// layoutSteps are the structural shrinks of a layout whose shape and
// stride are congruent tuples at the top: drop mode j, splice a nested
// mode j into the top level, unwrap a 1-tuple.
func layoutSteps(l *notation.Layout) []notation.Node {
	s, sok := l.Shape.(*notation.Tuple)
	d, dok := l.Stride.(*notation.Tuple)
	if !sok || !dok || len(s.Elems) != len(d.Elems) {
		return nil
	}
	var out []notation.Node
	if len(s.Elems) == 1 {
		out = append(out, &notation.Layout{Shape: s.Elems[0], Stride: d.Elems[0]})
	}
	for j := range s.Elems {
		if len(s.Elems) > 1 {
			out = append(out, &notation.Layout{
				Shape:  &notation.Tuple{Elems: slices.Delete(slices.Clone(s.Elems), j, j+1)},
				Stride: &notation.Tuple{Elems: slices.Delete(slices.Clone(d.Elems), j, j+1)},
			})
		}
	}
	for j := range s.Elems {
		sj, ok1 := s.Elems[j].(*notation.Tuple)
		dj, ok2 := d.Elems[j].(*notation.Tuple)
		if ok1 && ok2 && len(sj.Elems) == len(dj.Elems) {
			out = append(out, &notation.Layout{
				Shape:  &notation.Tuple{Elems: slices.Concat(s.Elems[:j], sj.Elems, s.Elems[j+1:])},
				Stride: &notation.Tuple{Elems: slices.Concat(d.Elems[:j], dj.Elems, d.Elems[j+1:])},
			})
		}
	}
	return out
}

// listShrink streams the given nodes.
func listShrink(ns []notation.Node) gopter.Shrink {
	i := 0
	return func() (any, bool) {
		if i == len(ns) {
			return nil, false
		}
		i++
		return ns[i-1], true
	}
}

func abs64(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}
