package proofs

import (
	"errors"
	"fmt"

	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/internal/tuple"
	"github.com/cutealg/cutealg/rules"
	"github.com/cutealg/cutealg/sym"
)

// The walk of tile_to_shape(A, S[, O]) (seed 002, "4. Blocked Product";
// CuTe's tile_to_shape): A is padded with _1:_0 modes to the rank R of S
// (tile.pad, its R), then each mode i of the target takes t/b tiles of
// the block's mode, t the size of S's mode i and b that of A's padded
// mode i: tile.evenly at "mode i" where S is static (CuTe asserts
// evenly_divides), tile.divides where it is not, each with its t and b,
// mode after mode; then tile.blocked, and the layout of the tiles: their
// counts q (each mode's step states them) laid out column major, or by
// make_ordered_layout in the order O, as compact.go reads those steps.
// An error case may end inside the walk where the rule that fails comes
// next (at a mode's tile.evenly or tile.divides only where the case's
// guards show that b does not divide t, its error that condition failing:
// fails.go); one whose error names no rule, in
// the steps up to tile.blocked, only at CuTe's refusals: a block of larger
// rank than S (before any step), or a static S whose block mode i is not
// static (after tile.pad, before the modes' steps: in dynamic mode, or
// with the symbols read static where the mode has a dynamic literal).
// Outside dynamic mode CuTe refuses that run-time template, so the case
// reads the symbols static: tile.static follows tile.pad, and the
// integers without a dynamic literal are static (isStatic) for the
// target and the block alike.

// walkTile checks the steps of a case of a tile_to_shape request whose
// block is a layout (nothing for any other request).
func (c *checker) walkTile(cs rules.Case) error {
	if c.d.Op != "tile_to_shape" {
		return nil
	}
	if len(c.d.Args) < 2 {
		return fmt.Errorf("tile_to_shape takes a block and a target shape, not %d arguments", len(c.d.Args))
	}
	an, err := notation.Parse(c.d.Args[0])
	if err != nil {
		return err
	}
	a, ok := an.(*notation.Layout)
	if !ok {
		return nil // a composed layout's (swz.forward)
	}
	sn, err := notation.Parse(c.d.Args[1])
	if err != nil {
		return err
	}
	target, err := sym.TupleFromNode(sn)
	if err != nil {
		return fmt.Errorf("the target %s: %v", c.d.Args[1], err)
	}
	var failing *string
	if cs.Error != "" {
		f := failingRule(cs.Error)
		failing = &f
	}
	var order *sym.IntTuple
	if len(c.d.Args) > 2 {
		on, err := notation.Parse(c.d.Args[2])
		if err != nil {
			return err
		}
		o, err := sym.TupleFromNode(on)
		if err != nil {
			return fmt.Errorf("the order %s: %v", c.d.Args[2], err)
		}
		order = &o
	}
	w := &sliceWalk{c: c, steps: cs.Steps, failing: failing}
	w.skipExtents()
	err = w.tile(a, target, order)
	if errors.Is(err, errSliceEnd) || errors.Is(err, errRefused) && cs.Error != "" {
		return nil // an error case ends inside the walk
	}
	return err
}

// tile reads the steps of tile_to_shape(a, target[, order]) from
// tile.pad to the tiles' layout.
func (w *sliceWalk) tile(a *notation.Layout, target sym.IntTuple, order *sym.IntTuple) error {
	r := target.Rank()
	bmodes, err := modes(a)
	if err != nil {
		return err
	}
	if bmodes == nil {
		bmodes = []*notation.Layout{a} // a leaf is its own one mode
	}
	// an error that names no rule is, up to tile.blocked, one of CuTe's
	// refusals: the steps before it must all be there
	failing := w.failing
	refusal := failing != nil && *failing == ""
	if refusal {
		w.failing = nil
	}
	refuse := func(why string) error {
		if !refusal {
			return fmt.Errorf("%s: CuTe refuses it, but the case does not end there with its refusal", why)
		}
		if w.next != len(w.steps) {
			return fmt.Errorf("%s: CuTe refuses it, but the case goes on with step %d", why, w.next+1)
		}
		return errSliceEnd
	}
	if len(bmodes) > r {
		return refuse(fmt.Sprintf("the block %s has more modes than the target", notation.Print(a)))
	}
	st, err := w.take("A", "tile.pad")
	if err != nil {
		return err
	}
	if err := w.expect(st, "R", sym.Const(int64(r))); err != nil {
		return err
	}
	w.guards, err = parseConds(st.Guards)
	if err != nil {
		return err
	}
	// the reading of the symbols: static where the case says so
	// (tile.static, the first step after tile.pad), as the rest of the
	// case's steps read them (readsStatic)
	if w.c.static {
		if _, err := w.take("A", "tile.static"); err != nil {
			return fmt.Errorf("the case reads the symbols as static integers: %v", err)
		}
	}
	static := allStatic(w, target)
	id := "tile.divides"
	if static {
		id = "tile.evenly"
	}
	// CuTe's evenly_divides of a static target by a block mode that is
	// not static does not compile: in dynamic mode or with the symbols
	// static (a dynamic literal) that is the case's refusal, before any
	// mode divides; elsewhere CuTe refuses the run-time template, and the
	// case reads the symbols static
	for i := range min(r, len(bmodes)) {
		bt, err := sym.TupleFromNode(bmodes[i].Shape)
		if err != nil {
			return err
		}
		if static && !allStatic(w, bt) {
			why := fmt.Sprintf("the target is static and the block's mode %d is not", i)
			if !w.c.static && !w.c.dynamic {
				return fmt.Errorf("%s: CuTe refuses it with the symbols as run-time integers, so the case reads them static, and no step of tile.static says so", why)
			}
			return refuse(why)
		}
	}
	tiles := make([]sym.IntTuple, r)
	for i := range r {
		t := sym.Const(1)
		ti := target.At(i)
		for _, l := range ti.Leaves(nil) {
			t = sym.Mul(t, l.E)
		}
		b := sym.Expr(sym.Const(1))
		if i < len(bmodes) {
			if b, err = size(bmodes[i].Shape); err != nil {
				return err
			}
		}
		// the case's error may be the divisibility of mode i failing
		if err := w.failsAt(fmt.Sprintf("mode %d", i), []any{"t", t, "b", b}, id); err != nil {
			return err
		}
		st, err := w.take(fmt.Sprintf("mode %d", i), id)
		if err != nil {
			return err
		}
		if err := w.expects(st, "t", t, "b", b); err != nil {
			return err
		}
		if w.guards, err = parseConds(st.Guards); err != nil {
			return err
		}
		q, err := sym.ParseInt(st.Bind["q"])
		if err != nil {
			return fmt.Errorf("step %s at mode %d: q: %v", id, i, err)
		}
		tiles[i] = tuple.Leaf(q)
	}
	if _, err = w.take("A", "tile.blocked"); err != nil {
		return err
	}
	w.failing = failing
	if order != nil {
		return w.ordered(tuple.Of(tiles...), *order)
	}
	return w.compactFrom(tuple.Of(tiles...), sym.Const(1), false, "")
}

// allStatic reports whether every leaf of t is static in the walk's
// reading of the symbols (isStatic).
func allStatic(w *sliceWalk, t sym.IntTuple) bool {
	for _, l := range t.Leaves(nil) {
		if !w.isStatic(l) {
			return false
		}
	}
	return true
}
