package proofs

import (
	"fmt"
	"slices"

	"github.com/cutealg/cutealg/internal/catalog"
	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/rules"
	"github.com/cutealg/cutealg/sym"
)

// The constructions' and queries' one step (seed 001 and 002: size,
// cosize, rank, depth, flatten, filter, append, prepend,
// make_layout(A0, A1, ...), take, select, group, get, replace): CuTe
// computes each from its arguments at once, and its derivation records
// that as one step of the rule whose computes line names the operation,
// at "A". Before it come only the readings of the arguments: their
// extents (extent.go; a literal extent below 1 is refused there) and the
// template parameters (integers of at most catalog.MaxParam in
// magnitude; one integer each, but for select's and get's lists, a flat
// tuple). Where those hold, the operation's step is the first after the
// arguments' extents in every case: with a result, and with an error,
// which then arises inside the operation (take's empty range, an index
// out of range, cosize's stride of unknown sign, make_layout's shapes
// not congruent) or after it (its value overflowing int64).

// oneStepOps are the operations computed in one step at "A", and
// paramLists those whose template parameter is a list (CuTe's
// select<I0,I1,...> and layout<I0,...>).
var (
	oneStepOps = map[string]bool{
		"size": true, "cosize": true, "rank": true, "depth": true, "flatten": true, "filter": true,
		"append": true, "prepend": true, "make_layout_concat": true,
		"take": true, "select": true, "group": true, "get": true, "replace": true,
	}
	paramLists = map[string]bool{"select": true, "get": true}
)

// walkOneStep checks that a case of a request of oneStepOps whose
// arguments CuTe reads (plain layouts, extents not below 1, template
// parameters that are integers) has its operation's step first after the
// arguments' extents (nothing for any other request).
func (c *checker) walkOneStep(cs rules.Case) error {
	if !oneStepOps[c.d.Op] {
		return nil
	}
	if cs.Error != "" && failingRule(cs.Error) == "arg.extent" {
		return nil // the case ends at an argument's obligation (extent.go)
	}
	read, err := c.argsRead()
	if err != nil || !read {
		return err
	}
	var ids []string
	for _, r := range c.set.Rules() {
		if slices.Contains(r.Computes, c.d.Op) {
			ids = append(ids, r.ID)
		}
	}
	if len(ids) == 0 {
		return fmt.Errorf("no rule computes %s", c.d.Op)
	}
	w := &sliceWalk{c: c, steps: cs.Steps}
	w.skipExtents()
	_, err = w.take("A", ids...)
	return err
}

// argsRead reports whether the engine reads the request's arguments
// without refusing them before the operation starts: every layout argument
// a plain layout, every literal extent at least 1, every template
// parameter integers of at most catalog.MaxParam in magnitude (one, or a
// flat tuple for a list).
func (c *checker) argsRead() (bool, error) {
	op, ok := catalog.Lookup(c.d.Op)
	if !ok {
		return false, fmt.Errorf("no operation %s in the catalogue", c.d.Op)
	}
	if len(c.d.Args) > len(op.Args) {
		return false, fmt.Errorf("%s takes %d arguments, not %d", c.d.Op, len(op.Args), len(c.d.Args))
	}
	for i, a := range c.d.Args {
		n, err := notation.Parse(a)
		if err != nil {
			return false, fmt.Errorf("argument %d: %v", i+1, err)
		}
		if _, composed := n.(*notation.Composed); composed {
			return false, nil // a composed layout's operation forwards
		}
		v, err := sym.ArgFromNode(n, op.Args[i])
		if err != nil {
			return false, fmt.Errorf("argument %d: %v", i+1, err)
		}
		for _, s := range extents(v, op.Args[i]) {
			if k, isC := sym.IsConst(s.E); isC && k < 1 {
				return false, nil
			}
		}
		if op.Args[i] != catalog.Param {
			continue
		}
		if !v.Tuple.IsLeaf() && (!paramLists[c.d.Op] || v.Tuple.Depth() > 1) {
			return false, nil
		}
		for _, l := range v.Tuple.Leaves(nil) {
			if k, isC := sym.IsConst(l.E); !isC || k < -catalog.MaxParam || k > catalog.MaxParam {
				return false, nil
			}
		}
	}
	return true, nil
}
