package proofs

import (
	"errors"
	"fmt"

	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/rules"
	"github.com/cutealg/cutealg/sym"
)

// The walk of local_partition(A, L, i)'s flat coordinate (seed 000,
// "Zipped, Tiled, Flat Divides", outer partition; seed 002, "2. Coordinate
// Conversion"): before tile.outer, for each mode k of L in turn (L itself
// where its shape is a leaf), tile.product-each at "L mode k" with p the
// mode's size, then the coordinate of i in each leaf j of the mode, in
// turn, at "L mode k leaf j": tile.flat-unit for a static _1 extent (the
// coordinate _0), else tile.flat-coord with i and the leaf's stride d and
// extent s (the coordinate its k); then the mode's coordinates made 1-D
// from the last leaf (Horner): tile.horner at each leaf j but the last,
// from the one before the last down to 0, with that leaf's coordinate k
// and extent s and the 1-D coordinate r of the leaves after it (the first
// r the last leaf's coordinate, each next its r2). The steps after the
// arguments' extents are the walk's, in order, each at its place with its
// values, then tile.outer; an error case (CuTe's refusal of a stride not
// known to be positive) may end inside the walk.

// walkPartition checks the steps of a case of a local_partition request
// whose L is a layout (nothing for any other request).
func (c *checker) walkPartition(cs rules.Case) error {
	if c.d.Op != "local_partition" {
		return nil
	}
	ln, err := notation.Parse(c.d.Args[1])
	if err != nil {
		return err
	}
	l, ok := ln.(*notation.Layout)
	if !ok {
		return nil // a composed layout's (swz.forward)
	}
	in, err := notation.Parse(c.d.Args[2])
	if err != nil {
		return err
	}
	idx, err := sym.IntFromNode(in)
	if err != nil {
		if cs.Error != "" {
			return nil // CuTe's refusal of the index, before any step
		}
		return fmt.Errorf("the index %s: %v", c.d.Args[2], err)
	}
	w := &sliceWalk{c: c, steps: cs.Steps}
	if cs.Error != "" {
		failing := failingRule(cs.Error)
		w.failing = &failing
	}
	w.skipExtents()
	ms, err := modes(l)
	if err != nil {
		return err
	}
	if ms == nil {
		ms = []*notation.Layout{l} // a leaf is its own one mode
	}
	for k, m := range ms {
		if err := w.flatCoord(idx.E, m, fmt.Sprintf("L mode %d", k)); err != nil {
			if errors.Is(err, errSliceEnd) {
				return nil // an error case ends inside the walk
			}
			return err
		}
	}
	if _, err := w.take("A", "tile.outer"); err != nil && !errors.Is(err, errSliceEnd) {
		return err
	}
	return nil
}

// flatCoord reads the steps of mode m's part of L's flat coordinate of i
// at the place at.
func (w *sliceWalk) flatCoord(i sym.Expr, m *notation.Layout, at string) error {
	p, err := size(m.Shape)
	if err != nil {
		return err
	}
	st, err := w.take(at, "tile.product-each")
	if err != nil {
		return err
	}
	if err := w.expect(st, "p", p); err != nil {
		return err
	}
	leaves, err := flatUnitModes(m)
	if err != nil {
		return err
	}
	if len(leaves) == 0 {
		return fmt.Errorf("the mode %s of L has no leaf", notation.Print(m))
	}
	ks := make([]sym.Expr, len(leaves))
	for j, x := range leaves {
		lat := fmt.Sprintf("%s leaf %d", at, j)
		if v, ok := sym.IsConst(x.s.E); ok && v == 1 && x.s.Static {
			if _, err := w.take(lat, "tile.flat-unit"); err != nil {
				return err
			}
			ks[j] = sym.Const(0)
			continue
		}
		st, err := w.take(lat, "tile.flat-coord")
		if err != nil {
			return err
		}
		if err := w.expects(st, "i", i, "d", x.d.E, "s", x.s.E); err != nil {
			return err
		}
		if ks[j], err = value(st, "k"); err != nil {
			return err
		}
	}
	r := ks[len(ks)-1]
	for j := len(ks) - 2; j >= 0; j-- {
		st, err := w.take(fmt.Sprintf("%s leaf %d", at, j), "tile.horner")
		if err != nil {
			return err
		}
		if err := w.expects(st, "k", ks[j], "s", leaves[j].s.E, "r", r); err != nil {
			return err
		}
		if r, err = value(st, "r2"); err != nil {
			return err
		}
	}
	return nil
}
