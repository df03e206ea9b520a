package proofs

import (
	"errors"
	"fmt"

	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/rules"
	"github.com/cutealg/cutealg/sym"
)

// The walk of nullspace(A) (seed 000, "Complement"; CuTe's nullspace,
// layout.hpp): the coordinates of A are numbered column major over the
// leaves of its shape (null.compact at "A", then the compact strides of
// flatten(shape(A)) from 1: make.left at "flatten(shape(A)) mode i" and
// make.compact at "flatten(shape(A)) shape", as compact.go reads them);
// then each leaf i of A whose stride is the static _0 (a dynamic 0 is
// not seen, as in CuTe), in order, is a mode of the kernel: null.keep at
// "mode i" with its shape s and the stride d its coordinate has in that
// numbering (the product of the extents before it; _0 for a static _1
// extent); where there is none, null.none at "A". The steps after the
// arguments' extents are the walk's, in order, each at its place with its
// values, then the claim about the request.

// walkNullspace checks the steps of a case of a nullspace request of a
// layout (nothing for any other request).
func (c *checker) walkNullspace(cs rules.Case) error {
	if c.d.Op != "nullspace" {
		return nil
	}
	n, err := notation.Parse(c.d.Args[0])
	if err != nil {
		return err
	}
	if _, ok := n.(*notation.Layout); !ok {
		return nil // no symbolic nullspace of a composed layout
	}
	l, err := sym.LayoutFromNode(n)
	if err != nil {
		return fmt.Errorf("the layout %s: %v", c.d.Args[0], err)
	}
	w := c.opWalk(cs)
	if w == nil {
		return nil // the case ends at an argument's obligation
	}
	err = w.nullspace(l)
	switch {
	case errors.Is(err, errSliceEnd):
		return nil // an error case ends inside the walk
	case err != nil:
		return err
	}
	_, err = w.afterWalk(cs)
	return err
}

// opWalk is the walk of the steps of a case after the arguments' extents
// (extent.go), which come first, with the assumptions alone in force (a
// decision's guards come into force at its step); nil where the case
// ends at one of them.
func (c *checker) opWalk(cs rules.Case) *sliceWalk {
	w := &sliceWalk{c: c, steps: cs.Steps}
	if cs.Error != "" {
		f := failingRule(cs.Error)
		if f == "arg.extent" {
			return nil
		}
		w.failing = &f
	}
	w.skipExtents()
	return w
}

// nullspace reads the steps of nullspace(l) from null.compact to the
// last null.keep, or null.none.
func (w *sliceWalk) nullspace(l sym.Layout) error {
	if _, err := w.take("A", "null.compact"); err != nil {
		return err
	}
	if err := w.compactFrom(l.Shape, sym.Const(1), false, "flatten(shape(A)) "); err != nil {
		return err
	}
	shape, stride := l.Shape.Leaves(nil), l.Stride.Leaves(nil)
	if len(shape) != len(stride) {
		return fmt.Errorf("the layout %s has a stride not congruent with its shape", l)
	}
	// the column-major index of each leaf's coordinate 1
	idx := make([]sym.Expr, len(shape))
	d := sym.Const(1)
	for i, s := range shape {
		if v, ok := sym.IsConst(s.E); ok && v == 1 && s.Static {
			idx[i] = sym.Const(0)
			continue
		}
		idx[i], d = d, sym.Mul(d, s.E)
	}
	kept := false
	for i, x := range stride {
		if v, ok := sym.IsConst(x.E); !ok || v != 0 || !x.Static {
			continue
		}
		st, err := w.take(fmt.Sprintf("mode %d", i), "null.keep")
		if err != nil {
			return err
		}
		if err := w.expects(st, "s", shape[i].E, "d", idx[i]); err != nil {
			return err
		}
		kept = true
	}
	if !kept {
		_, err := w.take("A", "null.none")
		return err
	}
	return nil
}
