package proofs

import (
	"errors"
	"fmt"
	"strings"

	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/rules"
	"github.com/cutealg/cutealg/sym"
)

// The walk of the compact layouts (seed 002, "1. Shape and Stride";
// CuTe's make_layout, compact_major and compact_order): the steps of a
// request make_layout(S), make_layout_left(S), make_layout_right(S) or
// make_ordered_layout(S, O) are re-derived here from S and O alone.
// make_layout(S) is make.layout, then S's column-major strides
// (make_layout(S, D) is make.layout alone). The strides of a shape from
// d: each leaf s in turn (from the last for row major) but a static _1
// extent, make.left (make.right) at "mode i" with s and d, the next d its
// d2; then make.compact with the last d. make_ordered_layout: each order
// leaf that is not a static integer, in turn, make.ordered.unranked with
// the largest static order value m and its position i (its value m+1+i);
// then for each order leaf k in turn, the sub-shape it covers laid out
// from d: make.ordered.before for each leaf j of a smaller order value,
// in turn, with p the size of j's sub-shape (the next d its d2), then
// the sub-shape's strides from d at "order leaf k mode i" and "order
// leaf k shape". The steps after the arguments' extents are the walk's,
// in order, each at its place with its values, then the claim about the
// request; an error case (CuTe's refusal of an order not congruent with
// the shape, or of a symbolic order value read as static) may end inside
// the walk.

// walkCompact checks the steps of a case of a request of the compact
// layouts (nothing for any other request).
func (c *checker) walkCompact(cs rules.Case) error {
	switch c.d.Op {
	case "make_layout", "make_layout_left", "make_layout_right", "make_ordered_layout":
	default:
		return nil
	}
	if len(c.d.Args) == 0 {
		return nil
	}
	args := make([]sym.IntTuple, len(c.d.Args))
	for i, a := range c.d.Args {
		n, err := notation.Parse(a)
		if err != nil {
			return err
		}
		if args[i], err = sym.TupleFromNode(n); err != nil {
			return fmt.Errorf("argument %d: %v", i+1, err)
		}
	}
	failing := ""
	w := &sliceWalk{c: c, steps: cs.Steps}
	if cs.Error != "" {
		failing = failingRule(cs.Error)
		w.failing = &failing
	}
	w.skipExtents()
	var err error
	switch c.d.Op {
	case "make_layout":
		if _, err = w.take("S", "make.layout"); err == nil && len(args) == 1 {
			err = w.compactFrom(args[0], sym.Const(1), false, "")
		}
	case "make_layout_left", "make_layout_right":
		err = w.compactFrom(args[0], sym.Const(1), c.d.Op == "make_layout_right", "")
	default:
		err = w.ordered(args[0], args[1])
	}
	switch {
	case errors.Is(err, errSliceEnd) || errors.Is(err, errRefused) && cs.Error != "":
		return nil // an error case ends inside the walk
	case err != nil:
		return err
	}
	_, err = w.afterWalk(cs)
	return err
}

// compactFrom reads the steps of the strides of shape from d, column
// major (or row major), at the places prefixed by at.
func (w *sliceWalk) compactFrom(shape sym.IntTuple, d sym.Expr, right bool, at string) error {
	leaves := shape.Leaves(nil)
	id := "make.left"
	if right {
		id = "make.right"
	}
	for k := range leaves {
		i := k
		if right {
			i = len(leaves) - 1 - k
		}
		s := leaves[i]
		if v, ok := sym.IsConst(s.E); ok && v == 1 && s.Static {
			continue // a static _1 extent: the stride _0, d unchanged
		}
		st, err := w.take(fmt.Sprintf("%smode %d", at, i), id)
		if err != nil {
			return err
		}
		if err := w.expects(st, "s", s.E, "d", d); err != nil {
			return err
		}
		if d, err = value(st, "d2"); err != nil {
			return err
		}
	}
	st, err := w.take(strings.TrimSpace(at+"shape"), "make.compact")
	if err != nil {
		return err
	}
	return w.expect(st, "d", d)
}

// ordered reads the steps of make_ordered_layout(shape, order).
func (w *sliceWalk) ordered(shape, order sym.IntTuple) error {
	var subs []sym.IntTuple // the sub-shape of each order leaf
	var collect func(s, o sym.IntTuple) error
	collect = func(s, o sym.IntTuple) error {
		if o.IsLeaf() {
			subs = append(subs, s)
			return nil
		}
		if s.IsLeaf() || s.Rank() != o.Rank() {
			return fmt.Errorf("%w: the order %s against the shape %s", errRefused, sym.FormatTuple(o), sym.FormatTuple(s))
		}
		for i := range o.Rank() {
			if err := collect(s.At(i), o.At(i)); err != nil {
				return err
			}
		}
		return nil
	}
	if err := collect(shape, order); err != nil {
		return err
	}
	ords := order.Leaves(nil)
	vals := make([]int64, len(ords))
	var top int64 // the largest static order value, or 0
	for i, o := range ords {
		c, isC := sym.IsConst(o.E)
		switch {
		case isC && o.Static:
			vals[i] = c
			top = max(top, c)
		case !isC && w.isStatic(o):
			return fmt.Errorf("%w: the order value %s is a symbol read as static", errRefused, o.E)
		}
	}
	for i, o := range ords {
		if o.Static {
			continue
		}
		st, err := w.take(fmt.Sprintf("order leaf %d", i), "make.ordered.unranked")
		if err != nil {
			return err
		}
		if err := w.expects(st, "m", sym.Const(top), "i", sym.Const(int64(i))); err != nil {
			return err
		}
		vals[i] = top + 1 + int64(i)
	}
	for k, s := range subs {
		at := fmt.Sprintf("order leaf %d", k)
		d := sym.Expr(sym.Const(1))
		for j, v := range vals {
			if v >= vals[k] {
				continue
			}
			p, err := size(sym.TupleNode(subs[j]))
			if err != nil {
				return err
			}
			st, err := w.take(at, "make.ordered.before")
			if err != nil {
				return err
			}
			if err := w.expects(st, "d", d, "p", p); err != nil {
				return err
			}
			if d, err = value(st, "d2"); err != nil {
				return err
			}
		}
		if err := w.compactFrom(s, d, false, at+" "); err != nil {
			return err
		}
	}
	return nil
}
