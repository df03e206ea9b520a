package props

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/cutealg/cutealg/internal/catalog"
	"github.com/cutealg/cutealg/rules"
	"github.com/cutealg/cutealg/sym"
)

// A third adversarial generator (with -review): odd arguments for every
// operation of the rules engine, drawn by the catalogue's argument kinds
// from fragments the other generators never make: tuples and layouts of
// no modes and with empty modes, negative and zero literals in
// coordinates, shapes, strides and parameters, symbolic differences that
// are negative at some binding (K-M), and huge constants. Each call must
// answer or refuse, never panic (symbolic and dynamic: panicCase), and
// meet the commuting square at bindings drawn independently of sym's
// Sample.

var oddInts = []string{"M", "N", "K", "K-M", "M-1", "-1", "_-1", "0", "_0", "_1", "2", "_4", "-3", "M*N", "_4611686018427387904", "M%4", "ceil_div(M,_3)", "-1*M"}

func oddInt(t *rapid.T, label string) string { return rapid.SampledFrom(oddInts).Draw(t, label) }

// oddTuple draws an integer tuple: a leaf, (), or a tuple of up to three
// odd tuples.
func oddTuple(t *rapid.T, label string, depth int) string {
	switch k := rapid.IntRange(0, 6).Draw(t, label+"#k"); {
	case k == 0:
		return "()"
	case k <= 3 || depth <= 0:
		return oddInt(t, label)
	}
	return revTuple(t, label, func(l string) string { return oddTuple(t, l, depth-1) })
}

// oddLayout draws a layout whose stride is congruent with its shape: odd
// extents (mostly positive ones) and odd strides.
func oddLayout(t *rapid.T, label string) string {
	if rapid.IntRange(0, 9).Draw(t, label+"#empty") == 0 {
		return rapid.SampledFrom([]string{"():()", "(M,()):(_1,())", "((),M):((),_1)", "(()):(())"}).Draw(t, label+"#e")
	}
	shape := oddTuple(t, label+"#s", 2)
	if !strings.Contains(shape, "()") && rapid.Bool().Draw(t, label+"#pos") {
		shape = revShape(t, label+"#rs", 2)
	}
	ls := splitLeaves(shape)
	st := make([]string, len(ls))
	for i := range st {
		st[i] = oddInt(t, fmt.Sprintf("%s#d%d", label, i))
	}
	return shape + ":" + rebuild(shape, st)
}

// oddTiler draws a tiler: a layout, an integer, _, or a tuple of tilers.
func oddTiler(t *rapid.T, label string, depth int) string {
	switch k := rapid.IntRange(0, 5).Draw(t, label+"#k"); {
	case k == 0:
		return "_"
	case k == 1:
		return "()"
	case k == 2:
		return oddInt(t, label)
	case k == 3 || depth <= 0:
		return oddLayout(t, label)
	}
	return revTuple(t, label, func(l string) string { return oddTiler(t, l, depth-1) })
}

// oddArg draws an argument of a kind.
func oddArg(t *rapid.T, label string, k catalog.ArgKind) string {
	switch k {
	case catalog.Layout:
		return oddLayout(t, label)
	case catalog.Tiler:
		return oddTiler(t, label, 2)
	case catalog.Param:
		return rapid.SampledFrom([]string{"0", "1", "2", "3", "-1", "(0,1)", "(1,0)", "()", "4", "9"}).Draw(t, label)
	}
	return oddTuple(t, label, 2)
}

func TestReviewOddInputs(t *testing.T) {
	if !*reviewFlag {
		t.Skip("the review's odd inputs run with -review")
	}
	var ops []string
	for _, op := range catalog.All() {
		if rules.Implemented(op.Name) {
			ops = append(ops, op.Name)
		}
	}
	slices.Sort(ops)
	rapid.Check(t, func(t *rapid.T) {
		op := rapid.SampledFrom(ops).Draw(t, "op")
		spec, _ := catalog.Lookup(op)
		n := rapid.IntRange(spec.MinArgs, len(spec.Args)).Draw(t, "nargs")
		if spec.MinArgs == 0 && n == 0 {
			n = len(spec.Args)
		}
		args := make([]string, n)
		for i := range args {
			args[i] = oddArg(t, fmt.Sprintf("arg%d", i), spec.Args[i])
		}
		assume := wideAssume(t)
		ctx, err := sym.Assume(assume...)
		if err != nil {
			return
		}
		var c collector
		panicCase(&c, op, args, assume)
		if _, _, _, err := symArgs(op, args, nil); err == nil && len(c.msgs) == 0 {
			var sq collector
			squareCase(&sq, "odd", op, args, assume, revBindings(ctx, revSyms, rapid.Uint64().Draw(t, "seed"), 40))
			for _, m := range sq.msgs {
				// concrete evaluates no layout with an empty mode, so
				// the square cannot compare such values
				if !strings.Contains(m, "cannot evaluate at") {
					c.Errorf("%s", m)
				}
			}
		}
		if len(c.msgs) == 0 {
			return
		}
		if *reviewLog == "" {
			t.Fatalf("%s", c.msgs[0])
		}
		reviewRecord(t, op, args, assume, c.msgs)
	})
}
