package props

import (
	"flag"
	"fmt"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"

	"github.com/cutealg/cutealg/concrete"
	"github.com/cutealg/cutealg/internal/tuple"
)

// Properties over layouts generated from lists of integers, checked with
// gopter, whose shrinking reduces a failing list mode by mode and number by
// number (fewer modes, extent index and stride towards 0, marks towards
// static) and so reports a minimal counterexample.

var concGopterTests = flag.Int("concrete.gopter.tests", 300, "successful tests per gopter property of the concrete engine")

// concGMode is one mode of a generated layout: Ext indexes concExtents,
// the Dyn fields are 1 for a dynamic integer and 0 for a static one.
type concGMode struct {
	Ext, Stride, ShapeDyn, StrideDyn int
}

// concGModes generates 1 to 6 modes.
func concGModes() gopter.Gen {
	return gen.SliceOf(gen.Struct(reflect.TypeOf(concGMode{}), map[string]gopter.Gen{
		"Ext":       gen.IntRange(0, len(concExtents)-1),
		"Stride":    gen.IntRange(0, 64),
		"ShapeDyn":  gen.IntRange(0, 1),
		"StrideDyn": gen.IntRange(0, 1),
	})).SuchThat(func(ms []concGMode) bool { return len(ms) >= 1 })
}

// concGLayout assembles the modes into a layout; group picks the nesting:
// 0 a flat tuple, 1 a bare integer for a single mode, 2 the first two modes
// nested, 3 the last two.
func concGLayout(ms []concGMode, group int) concrete.Layout {
	var ss, ds []concrete.IntTuple
	for _, m := range ms {
		ss = append(ss, tuple.Leaf(concrete.Int{V: concExtents[m.Ext], Static: m.ShapeDyn == 0}))
		ds = append(ds, tuple.Leaf(concrete.Int{V: int64(m.Stride), Static: m.StrideDyn == 0}))
	}
	n := len(ms)
	switch {
	case group == 1 && n == 1:
		return concrete.Layout{Shape: ss[0], Stride: ds[0]}
	case group == 2 && n >= 3:
		ss = append([]concrete.IntTuple{tuple.Of(ss[0], ss[1])}, ss[2:]...)
		ds = append([]concrete.IntTuple{tuple.Of(ds[0], ds[1])}, ds[2:]...)
	case group == 3 && n >= 3:
		ss = append(slices.Clone(ss[:n-2]), tuple.Of(ss[n-2], ss[n-1]))
		ds = append(slices.Clone(ds[:n-2]), tuple.Of(ds[n-2], ds[n-1]))
	}
	return concrete.Layout{Shape: tuple.Of(ss...), Stride: tuple.Of(ds...)}
}

func concGopter(t *testing.T, name string, p gopter.Prop) {
	params := gopter.DefaultTestParametersWithSeed(time.Now().UnixNano())
	params.MinSuccessfulTests = *concGopterTests
	params.MinSize, params.MaxSize = 1, 7 // 1 to 6 modes
	props := gopter.NewProperties(params)
	props.Property(name, p)
	props.TestingRun(t)
}

// concImage is the sorted set of values of l on [0, size(l)).
func concImage(l concrete.Layout) []int64 {
	vs := concValues(l)
	slices.Sort(vs)
	return slices.Compact(vs)
}

// TestConcreteGopterFilter: filter keeps the image of the layout, has depth
// <= 1, and keeps no mode of static stride `_0` or static extent `_1`
// (unless nothing is left: `_1:_0`); it is never refused.
func TestConcreteGopterFilter(t *testing.T) {
	concGopter(t, "filter keeps the image, drops static _0 strides and _1 extents", prop.ForAll(
		func(ms []concGMode, group int) string {
			a := concGLayout(ms, group)
			call := fmt.Sprintf("filter(%v)", a)
			r, err := concrete.Filter(a, concrete.StrictMode())
			if err != nil {
				return fmt.Sprintf("%s: %v", call, err)
			}
			if d := cmp.Diff(concImage(a), concImage(r)); d != "" {
				return fmt.Sprintf("%s = %v: the image differs (-A +R):\n%s", call, r, d)
			}
			if r.Shape.Depth() > 1 {
				return fmt.Sprintf("%s = %v: depth > 1", call, r)
			}
			if r.String() == "_1:_0" {
				return ""
			}
			ss, ds := r.Shape.Leaves(nil), r.Stride.Leaves(nil)
			for i := range ss {
				if ds[i].IsConst(0) || ss[i].IsConst(1) {
					return fmt.Sprintf("%s = %v keeps the mode %v:%v", call, r, ss[i], ds[i])
				}
			}
			return ""
		},
		concGModes(), gen.IntRange(0, 3),
	))
}

// TestConcreteGopterCoalesce: coalesce keeps the size and the function and
// has depth <= 1.
func TestConcreteGopterCoalesce(t *testing.T) {
	concGopter(t, "coalesce keeps the function", prop.ForAll(
		func(ms []concGMode, group int) string {
			a := concGLayout(ms, group)
			call := fmt.Sprintf("coalesce(%v)", a)
			r, err := concrete.Coalesce(a, concrete.StrictMode())
			if err != nil {
				return fmt.Sprintf("%s: %v", call, err)
			}
			if r.Shape.Depth() > 1 {
				return fmt.Sprintf("%s = %v: depth > 1", call, r)
			}
			if d := cmp.Diff(concValues(a), concValues(r)); d != "" {
				return fmt.Sprintf("%s = %v: R(i) != A(i) (-A +R):\n%s", call, r, d)
			}
			return ""
		},
		concGModes(), gen.IntRange(0, 3),
	))
}

// TestConcreteGopterCoordinates: for every index i of the shape S,
// c = idx2crd(i, S) is a natural coordinate of S (congruent, each leaf
// within its extent, statically marked only where i and the extents are),
// crd2idx(c, L) == crd2idx(i, L) == L(i) for the layout L built on S, and
// crd2idx(c, make_layout(S)) == i: the compact layout is a bijection with
// idx2crd as inverse.
func TestConcreteGopterCoordinates(t *testing.T) {
	concGopter(t, "idx2crd and crd2idx round trip", prop.ForAll(
		func(ms []concGMode, group int) string {
			l := concGLayout(ms, group)
			compact, err := concrete.MakeLayoutLeft(l.Shape)
			if err != nil {
				return fmt.Sprintf("make_layout_left(%s): %v", concrete.FormatTuple(l.Shape), err)
			}
			for i := range concSize(l.Shape) {
				c, err := concrete.Idx2Crd(tuple.Leaf(concrete.D(i)), l.Shape)
				call := fmt.Sprintf("idx2crd(%d, %s)", i, concrete.FormatTuple(l.Shape))
				if err != nil {
					return fmt.Sprintf("%s: %v", call, err)
				}
				if w := concNatural(c, l.Shape); w != "" {
					return fmt.Sprintf("%s = %s: %s", call, concrete.FormatTuple(c), w)
				}
				for k, m := range []concrete.Layout{l, compact} {
					want := concL(m, i)
					if k == 1 && want != i {
						return fmt.Sprintf("make_layout_left(%s) = %v maps %d to %d", concrete.FormatTuple(l.Shape), compact, i, want)
					}
					for _, x := range []concrete.IntTuple{c, tuple.Leaf(concrete.D(i))} {
						got, err := concrete.Crd2Idx(x, m)
						if err != nil || got.V != want {
							return fmt.Sprintf("crd2idx(%s, %v) = %v, %v; want %d (%s = %s)", concrete.FormatTuple(x), m, got, err, want, call, concrete.FormatTuple(c))
						}
					}
				}
			}
			return ""
		},
		concGModes(), gen.IntRange(0, 3),
	))
}

// concNatural returns why c is not a natural coordinate of the shape s, or
// "": congruent with s, 0 <= c_k < s_k at every leaf. The index was dynamic,
// so every leaf of c must be dynamic except the static `_0` that CuTe gives
// for a static extent `_1`.
func concNatural(c, s concrete.IntTuple) string {
	if !tuple.Congruent(c, s) {
		return "not congruent with the shape"
	}
	cs, ss := c.Leaves(nil), s.Leaves(nil)
	for k := range cs {
		if cs[k].V < 0 || cs[k].V >= ss[k].V {
			return fmt.Sprintf("leaf %d is %v, outside [0, %v)", k, cs[k], ss[k])
		}
		if cs[k].Static && !ss[k].IsConst(1) {
			return fmt.Sprintf("leaf %d is the static %v although the index is dynamic", k, cs[k])
		}
	}
	return ""
}
