package proofs

import (
	"errors"
	"fmt"

	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/rules"
	"github.com/cutealg/cutealg/sym"
)

// The walk of tile_to_shape(A, S[, O]) (seed 002, "4. Blocked Product";
// CuTe's tile_to_shape): A is padded with _1:_0 modes to the rank R of S
// (tile.pad, its R), then each mode i of the target takes t/b tiles of
// the block's mode, t the size of S's mode i and b that of A's padded
// mode i: tile.evenly at "mode i" where S is static (CuTe asserts
// evenly_divides), tile.divides where it is not, each with its t and b,
// mode after mode; then tile.blocked. An error case may end inside the
// walk, where the rule that fails comes next.

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
	w := &sliceWalk{c: c, steps: cs.Steps, failing: failing}
	for w.next < len(cs.Steps) && cs.Steps[w.next].Rule == "arg.extent" {
		w.next++ // the arguments' extents come first (extent.go)
	}
	err = w.tile(a, target)
	if errors.Is(err, errSliceEnd) {
		return nil // an error case ends inside the walk
	}
	return err
}

// tile reads the steps of tile_to_shape(a, target) from tile.pad to
// tile.blocked.
func (w *sliceWalk) tile(a *notation.Layout, target sym.IntTuple) error {
	r := target.Rank()
	bmodes, err := modes(a)
	if err != nil {
		return err
	}
	if bmodes == nil {
		bmodes = []*notation.Layout{a} // a leaf is its own one mode
	}
	if len(bmodes) > r {
		// CuTe's refusal, before any step
		if w.failing == nil {
			return fmt.Errorf("the block %s has more modes than the target (CuTe refuses it), but the case has a result", notation.Print(a))
		}
		return errSliceEnd
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
	static := true
	for _, l := range target.Leaves(nil) {
		static = static && l.Static
	}
	id := "tile.divides"
	if static {
		id = "tile.evenly"
	}
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
	}
	_, err = w.take("A", "tile.blocked")
	return err
}
