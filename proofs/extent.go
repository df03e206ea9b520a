package proofs

import (
	"fmt"

	"github.com/cutealg/cutealg/internal/catalog"
	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/rules"
	"github.com/cutealg/cutealg/sym"
)

// The extents' walk: every extent of an argument (the shape of a layout,
// the shapes and integers of a tiler, a shape argument) is a positive
// integer (seed 000, "Layouts"). Before the operation's own steps, a
// case's steps are the obligation arg.extent at "argument i" for each
// symbolic extent, argument by argument and leaf by leaf, that the
// assumptions and the guards in force (those of the decisions before it)
// do not decide to be at least 1, with its s; an extent decided needs
// none (a step there with its s is read all the same). No other step
// applies arg.extent. An error case may end inside the walk: its error is
// then the next obligation failing ("needs s>=1 (rule arg.extent)"), and
// an error of that rule's condition failing ends nowhere else.

// walkArgs checks the steps of a case that the request's arguments make
// due: the arguments' extents (walkExtents), tile_to_shape's tiles
// (walkTile, tile.go), local_partition's flat coordinate (walkPartition,
// partition.go) and the compact layouts' strides (walkCompact,
// compact.go).
func (c *checker) walkArgs(cs rules.Case) error {
	ended, err := c.walkExtents(cs)
	if err != nil {
		return err
	}
	if ended {
		return nil // the case ends at an argument's obligation
	}
	if failingRule(cs.Error) == "arg.extent" {
		return fmt.Errorf("the error is rule arg.extent's condition failing, but no obligation of the arguments' extents is left to fail after the case's steps")
	}
	if err := c.walkTile(cs); err != nil {
		return err
	}
	if err := c.walkPartition(cs); err != nil {
		return err
	}
	return c.walkCompact(cs)
}

// walkExtents checks the arg.extent steps of a case, and reports whether
// the case ends at an obligation left to fail: the next one due after its
// steps, which its error must then state failing (its condition, "(rule
// arg.extent)").
func (c *checker) walkExtents(cs rules.Case) (bool, error) {
	w := &sliceWalk{c: c, steps: cs.Steps}
	for i, a := range c.d.Args {
		n, err := notation.Parse(a)
		if err != nil {
			return false, fmt.Errorf("argument %d: %v", i+1, err)
		}
		v, err := sym.ArgFromNode(n, c.op.Args[i])
		if err != nil {
			return false, fmt.Errorf("argument %d: %v", i+1, err)
		}
		at := fmt.Sprintf("argument %d", i+1)
		for _, s := range extents(v, c.op.Args[i]) {
			err := w.extent(s, at)
			if err == errSliceEnd && cs.Error != "" {
				// the case ends at a failing obligation, which its error
				// states (fails.go)
				if failingRule(cs.Error) != "arg.extent" {
					return false, fmt.Errorf("the case's steps end at the obligation of %s at %s, but its error %q is not it failing (rule arg.extent)", s.E, at, cs.Error)
				}
				if err := c.rederive("arg.extent", at, []any{"s", s.E}); err != nil {
					return false, err
				}
				return true, nil
			}
			if err != nil {
				return false, err
			}
		}
	}
	for k := w.next; k < len(cs.Steps); k++ {
		if st := cs.Steps[k]; st.Rule == "arg.extent" {
			return false, fmt.Errorf("step %d applies arg.extent at %s, after the walk of the arguments' extents", k+1, st.At)
		}
	}
	return false, nil
}

// extents returns the extents of an argument of the kind k, in order.
func extents(v sym.Value, k catalog.ArgKind) []sym.Int {
	switch {
	case v.Kind == catalog.Layout:
		return v.Layout.Shape.Leaves(nil)
	case v.Kind == catalog.Tiler:
		var out []sym.Int
		for _, lf := range v.Tiler.Leaves(nil) {
			switch lf.Kind {
			case sym.TileLayout:
				out = append(out, lf.Layout.Shape.Leaves(nil)...)
			case sym.TileInt:
				out = append(out, lf.Int)
			}
		}
		return out
	case k == catalog.Shape:
		return v.Tuple.Leaves(nil)
	}
	return nil
}

// extent reads the obligation s >= 1 at the place at, where one is due:
// a literal needs none (the engine refuses one below 1 outright), nor a
// symbolic extent decided at least 1 (a step there with its s is read all
// the same); any other is the next step, arg.extent with s. The
// obligation's guard is in force from there on.
func (w *sliceWalk) extent(s sym.Int, at string) error {
	if _, isC := sym.IsConst(s.E); isC {
		return nil
	}
	decided := w.c.redecide(sym.MakeCond(s.E, sym.GE, sym.Const(1)), w.guards) == nil
	if decided && (w.next >= len(w.steps) || w.steps[w.next].At != at || !w.binds(w.steps[w.next], "s", s.E)) {
		return nil
	}
	if w.next >= len(w.steps) && !decided {
		return errSliceEnd
	}
	st, err := w.take(at, "arg.extent")
	if err != nil {
		return err
	}
	if err := w.expect(st, "s", s.E); err != nil {
		return err
	}
	w.guards, err = parseConds(st.Guards)
	return err
}
