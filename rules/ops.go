package rules

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/cutealg/cutealg/internal/catalog"
	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/internal/tuple"
	"github.com/cutealg/cutealg/sym"
)

// impl computes one operation of the catalogue in a world.
type impl func(w *world, args []sym.Value) sym.Value

var impls = map[string]impl{
	"composition": func(w *world, a []sym.Value) sym.Value {
		return layoutValue(w.compose(a[0].Layout, a[1].Layout))
	},
	"composition_tiler": func(w *world, a []sym.Value) sym.Value {
		return layoutValue(w.composeTiler(a[0].Layout, a[1].Tiler, "T"))
	},
	"composition_shape": func(w *world, a []sym.Value) sym.Value {
		t := shapeTiler(a[1].Tuple)
		w.step("comp.shape", "S", nil)
		w.claim(w.last(), func() (notation.Node, notation.Node) {
			return call("composition_shape", a[0].Layout.Node(), sym.TupleNode(a[1].Tuple)), call("composition_tiler", a[0].Layout.Node(), sym.TilerNode(t))
		})
		return layoutValue(w.composeTiler(a[0].Layout, t, "S"))
	},
	"complement": func(w *world, a []sym.Value) sym.Value {
		return layoutValue(w.complement(a[0].Layout, a[1].Tuple, "A"))
	},
	"logical_divide": func(w *world, a []sym.Value) sym.Value {
		return layoutValue(w.logicalDivide(a[0].Layout, a[1].Layout, "A / B"))
	},
	"logical_divide_tiler": func(w *world, a []sym.Value) sym.Value {
		return layoutValue(w.divideTiler(a[0].Layout, a[1].Tiler, "A / T"))
	},
	"zipped_divide": arranged("zipped", "div"),
	"tiled_divide":  arranged("tiled", "div"),
	"flat_divide":   arranged("flat", "div"),
	"logical_product": func(w *world, a []sym.Value) sym.Value {
		return layoutValue(w.logicalProduct(a[0].Layout, a[1].Layout, "A x B"))
	},
	"logical_product_tiler": func(w *world, a []sym.Value) sym.Value {
		return layoutValue(w.productTiler(a[0].Layout, a[1].Tiler, "A x T"))
	},
	"zipped_product": arranged("zipped", "prod"),
	"tiled_product":  arranged("tiled", "prod"),
	"flat_product":   arranged("flat", "prod"),
	"blocked_product": func(w *world, a []sym.Value) sym.Value {
		return layoutValue(w.blockedRaked(a[0].Layout, a[1].Layout, false))
	},
	"raked_product": func(w *world, a []sym.Value) sym.Value {
		return layoutValue(w.blockedRaked(a[0].Layout, a[1].Layout, true))
	},
	"make_layout_left": func(w *world, a []sym.Value) sym.Value {
		return layoutValue(w.compact(a[0].Tuple, false))
	},
	"make_layout_right": func(w *world, a []sym.Value) sym.Value {
		return layoutValue(w.compact(a[0].Tuple, true))
	},
	"make_ordered_layout": func(w *world, a []sym.Value) sym.Value {
		return layoutValue(w.orderedLayout(a[0].Tuple, a[1].Tuple))
	},
	"tile_to_shape": func(w *world, a []sym.Value) sym.Value {
		if len(a) == 3 {
			return layoutValue(w.tileToShape(a[0].Layout, a[1].Tuple, &a[2].Tuple))
		}
		return layoutValue(w.tileToShape(a[0].Layout, a[1].Tuple, nil))
	},
	"upcast": func(w *world, a []sym.Value) sym.Value {
		return layoutValue(w.upcast(a[0].Layout, w.castFactor(a[1], "upcast")))
	},
	"downcast": func(w *world, a []sym.Value) sym.Value {
		return layoutValue(w.downcast(a[0].Layout, w.castFactor(a[1], "downcast")))
	},
	"max_common_vector": func(w *world, a []sym.Value) sym.Value { return w.maxCommonVector(a[0].Layout, a[1].Layout) },
	"max_common_layout": func(w *world, a []sym.Value) sym.Value {
		return layoutValue(w.maxCommonLayout(a[0].Layout, a[1].Layout))
	},
	"nullspace": func(w *world, a []sym.Value) sym.Value { return layoutValue(w.nullspace(a[0].Layout)) },
	"slice": func(w *world, a []sym.Value) sym.Value {
		return layoutValue(w.sliceLayout(a[0].Tiler, a[1].Layout, false))
	},
	"dice": func(w *world, a []sym.Value) sym.Value {
		return layoutValue(w.sliceLayout(a[0].Tiler, a[1].Layout, true))
	},
	"slice_and_offset": func(w *world, a []sym.Value) sym.Value {
		return w.sliceAndOffset(a[0].Tiler, a[1].Layout, false)
	},
	"local_tile": func(w *world, a []sym.Value) sym.Value { return w.localTile(a[0].Layout, a[1].Tiler, a[2].Tiler) },
	"local_partition": func(w *world, a []sym.Value) sym.Value {
		if !a[2].Tuple.IsLeaf() {
			w.fail("local_partition: the index %s is not an integer (CuTe's static_assert is_integral<Index>)", sym.FormatTuple(a[2].Tuple))
		}
		return w.localPartition(a[0].Layout, a[1].Layout, a[2].Tuple.Value())
	},
	"coalesce": func(w *world, a []sym.Value) sym.Value {
		return layoutValue(w.coalesce(a[0].Layout, "A"))
	},
	"coalesce_profile": func(w *world, a []sym.Value) sym.Value {
		if a[1].Tuple.IsLeaf() {
			// an integer profile coalesces the whole layout into CuTe's
			// top-level modes, which are part of the answer (unlike
			// coalesce's): with the symbols as run-time integers CuTe
			// merges only static modes
			w.step("coal.run-time", "A", nil)
			return layoutValue(modesLayout(w.coalesceModes(flatModes(a[0].Layout))))
		}
		return layoutValue(w.coalesceProfile(a[0].Layout, a[1].Tuple, "A"))
	},
	"crd2idx": func(w *world, a []sym.Value) sym.Value {
		l := a[1].Layout
		e := w.crd2idx(a[0].Tuple, l.Shape, l.Stride, "c")
		return intValue(sym.Mark(w.ctx.Simplify(e), crdTupleStatic(a[0].Tuple, l), anyRun(a[0].Tuple, l.Shape, l.Stride)))
	},
	"right_inverse": func(w *world, a []sym.Value) sym.Value {
		return layoutValue(w.rightInverse(a[0].Layout))
	},
	"left_inverse": func(w *world, a []sym.Value) sym.Value {
		return layoutValue(w.leftInverse(a[0].Layout))
	},
	"size":   func(w *world, a []sym.Value) sym.Value { return w.size(a[0].Layout) },
	"cosize": func(w *world, a []sym.Value) sym.Value { return w.cosize(a[0].Layout) },
	"rank": func(w *world, a []sym.Value) sym.Value {
		w.step("query.rank", "A", nil)
		return intValue(sym.S(int64(rank(a[0].Layout))))
	},
	"depth": func(w *world, a []sym.Value) sym.Value {
		w.step("query.depth", "A", nil)
		return intValue(sym.S(int64(a[0].Layout.Shape.Depth())))
	},
	"flatten": func(w *world, a []sym.Value) sym.Value { return layoutValue(w.flatten(a[0].Layout)) },
	"filter": func(w *world, a []sym.Value) sym.Value {
		w.step("make.filter", "A", nil)
		if ms := w.filter(a[0].Layout); ms != nil {
			return layoutValue(modesLayout(ms))
		}
		return layoutValue(leafLayout(sym.S(1), sym.S(0)))
	},
	"make_layout": func(w *world, a []sym.Value) sym.Value {
		if len(a) == 1 {
			return layoutValue(w.makeLayout(a[0].Tuple, nil))
		}
		return layoutValue(w.makeLayout(a[0].Tuple, &a[1].Tuple))
	},
	"append": func(w *world, a []sym.Value) sym.Value {
		return layoutValue(w.appendPrepend(a[0].Layout, a[1].Layout, false))
	},
	"prepend": func(w *world, a []sym.Value) sym.Value {
		return layoutValue(w.appendPrepend(a[0].Layout, a[1].Layout, true))
	},
	"make_layout_concat": func(w *world, a []sym.Value) sym.Value {
		w.step("make.concat", "A", nil)
		ls := make([]sym.Layout, len(a))
		for i, v := range a {
			ls[i] = v.Layout
		}
		return layoutValue(concat(ls))
	},
	"take": func(w *world, a []sym.Value) sym.Value {
		return layoutValue(w.take(a[0].Layout, w.param(a[1], "take"), w.param(a[2], "take")))
	},
	"select": func(w *world, a []sym.Value) sym.Value {
		return layoutValue(w.selectModes(a[0].Layout, w.params(a[1], "select")))
	},
	"group": func(w *world, a []sym.Value) sym.Value {
		return layoutValue(w.group(a[0].Layout, w.param(a[1], "group"), w.param(a[2], "group")))
	},
	"get": func(w *world, a []sym.Value) sym.Value {
		return layoutValue(w.get(a[0].Layout, w.params(a[1], "layout<...>")))
	},
	"replace": func(w *world, a []sym.Value) sym.Value {
		return layoutValue(w.replace(a[0].Layout, w.param(a[1], "replace"), a[2].Layout))
	},
	"swizzle":             swizzleImpl,
	"composition_swizzle": compositionSwizzleImpl,
	"complement_default": func(w *world, a []sym.Value) sym.Value {
		f := w.filter(a[0].Layout)
		m := sym.S(1)
		if f != nil {
			fl := modesLayout(f)
			m = leavesMark(cosizeOf(f), fl.Shape, fl.Stride)
		}
		w.step("compl.default", "A", nil)
		w.claim(w.last(), func() (notation.Node, notation.Node) {
			return call("complement_default", a[0].Layout.Node()), call("complement", a[0].Layout.Node(), m.Node())
		})
		return layoutValue(w.complement(a[0].Layout, tuple.Leaf(m), "A"))
	},
}

// arranged is zipped_, tiled_ or flat_ (how) divide or product (family
// "div" or "prod"): see world.arranged.
func arranged(how, family string) func(w *world, a []sym.Value) sym.Value {
	return func(w *world, a []sym.Value) sym.Value {
		return layoutValue(w.arranged(a[0].Layout, a[1].Tiler, how, family))
	}
}

// NotYet lists the operations of the catalogue with a symbolic version
// (catalog.Op.Symbolic) that the engine does not compute yet; a test keeps
// it honest.
var NotYet = map[string]string{}

func init() {
	for _, op := range catalog.All() {
		if _, ok := impls[op.Name]; !ok && op.Symbolic() {
			NotYet[op.Name] = "not yet written: its rules and algorithm come in a later change"
		}
	}
}

func layoutValue(l sym.Layout) sym.Value { return sym.Value{Kind: catalog.Layout, Layout: l} }

// shapeTiler reads a shape as a tiler whose integers n mean n:_1.
func shapeTiler(s sym.IntTuple) sym.Tiler {
	if s.IsLeaf() {
		return tuple.Leaf(sym.TilerLeaf{Kind: sym.TileInt, Int: s.Value()})
	}
	ks := s.Kids()
	out := make([]sym.Tiler, len(ks))
	for i, k := range ks {
		out[i] = shapeTiler(k)
	}
	return tuple.Of(out...)
}

// Request is a symbolic operation: a catalogue name, its arguments in the
// notation, and the assumptions.
type Request struct {
	Op     string
	Args   []string
	Assume []string
	// Dynamic asks what CuTe does with the symbols as run-time integers:
	// where CuTe refuses them (a complement of rank > 1 with dynamic
	// strides, left_inverse with dynamic strides) the answer is that
	// refusal instead of the value CuTe computes with the values known.
	Dynamic bool
}

// positiveExtents requires every extent of an argument (the shape of a
// layout, of a tiler's layouts and integers, or a shape argument) to be a
// positive integer: a literal that is not is an error, a symbolic one that
// the assumptions do not make positive is the rule arg.extent's
// obligation (a case where it fails is an error).
func (w *world) positiveExtents(v sym.Value, kind catalog.ArgKind, at string) {
	check := func(s sym.Int) {
		if c, ok := sym.IsConst(s.E); ok {
			if c < 1 {
				w.fail("%s: shape extent %s is not positive", at, s)
			}
			return
		}
		if w.decide(sym.MakeCond(s.E, sym.GE, sym.Const(1))) != sym.True {
			w.step("arg.extent", at, Env{"s": s})
		}
	}
	switch {
	case v.Kind == catalog.Layout:
		for _, s := range v.Layout.Shape.Leaves(nil) {
			check(s)
		}
	case v.Kind == catalog.Tiler:
		for _, lf := range v.Tiler.Leaves(nil) {
			switch lf.Kind {
			case sym.TileLayout:
				for _, s := range lf.Layout.Shape.Leaves(nil) {
					check(s)
				}
			case sym.TileInt:
				check(lf.Int)
			}
		}
	case kind == catalog.Shape:
		for _, s := range v.Tuple.Leaves(nil) {
			check(s)
		}
	}
}

// fitsInt64 refuses a value with an integer beyond int64 (a coefficient
// that does not fit: every binding overflows CuTe's integers).
func (w *world) fitsInt64(v sym.Value) {
	var leaves []sym.Int
	switch v.Kind {
	case catalog.Layout:
		leaves = append(v.Layout.Shape.Leaves(nil), v.Layout.Stride.Leaves(nil)...)
		if v.Offset != nil {
			leaves = append(leaves, *v.Offset)
		}
	case catalog.Tuple:
		leaves = v.Tuple.Leaves(nil)
	}
	for _, l := range leaves {
		if !sym.CoefficientsFit(l.E) {
			w.fail("integer overflow: %s does not fit in int64", l)
		}
	}
}

// noAssumptions is the root context of every request. Contexts are
// immutable and sym remembers the children of each (WithConds): with one
// root, the contexts of assumptions and guards that requests share are
// compiled once per process, not once per request.
var noAssumptions = sym.NewCtx()

// Compute answers a symbolic request.
func Compute(req Request) (Answer[sym.Value], error) {
	op, ok := catalog.Lookup(req.Op)
	if !ok {
		return Answer[sym.Value]{}, fmt.Errorf("unknown operation %q", req.Op)
	}
	f, ok := impls[req.Op]
	if !ok {
		if why, listed := NotYet[req.Op]; listed {
			return Answer[sym.Value]{}, fmt.Errorf("%s: symbolic version %s", req.Op, why)
		}
		return Answer[sym.Value]{}, fmt.Errorf("%s: no symbolic version (its result is %s)", req.Op, op.Result)
	}
	if len(req.Args) < op.MinArgs || len(req.Args) > len(op.Args) {
		return Answer[sym.Value]{}, fmt.Errorf("%s: wrong number of arguments: got %d, want %s", req.Op, len(req.Args), op.Usage())
	}
	ctx := noAssumptions
	for i, a := range req.Assume {
		var err error
		if ctx, err = ctx.With(a); err != nil {
			return Answer[sym.Value]{}, fmt.Errorf("assumption %d %q: %w", i+1, a, err)
		}
	}
	vals := make([]sym.Value, len(req.Args))
	for i, a := range req.Args {
		n, err := notation.Parse(a)
		if err != nil {
			return Answer[sym.Value]{}, fmt.Errorf("argument %d: %w", i+1, err)
		}
		if vals[i], err = sym.ArgFromNode(n, op.Args[i]); err != nil {
			return Answer[sym.Value]{}, fmt.Errorf("argument %d: %w", i+1, err)
		}
		if hasEmptyTuple(vals[i]) {
			// concrete refuses an empty shape, cotarget or coordinate and
			// reads an empty mode of a layout as CuTe does; the rules read
			// () as 1 or flatten it away
			return Answer[sym.Value]{}, fmt.Errorf("argument %d: an empty tuple () is not supported symbolically (cute eval answers it with integers, as CuTe does)", i+1)
		}
	}
	if at, ok := swizzledArg(vals); ok {
		var err error
		if f, err = swizzledImpl(op, at, f); err != nil {
			return Answer[sym.Value]{}, fmt.Errorf("%s: %w", req.Op, err)
		}
	}
	argNodes := make([]notation.Node, len(vals))
	for i, v := range vals {
		argNodes[i] = v.Node()
	}
	reqNode := call(req.Op, argNodes...)
	reqText := notation.Print(reqNode)
	ans, err := run(Standard(), ctx, req.Dynamic, func(w *world) sym.Value {
		for i, v := range vals {
			w.positiveExtents(v, op.Args[i], fmt.Sprintf("argument %d", i+1))
		}
		v := f(w, vals)
		w.fitsInt64(v)
		w.answer(reqNode, reqText, v)
		return v
	})
	if err != nil {
		var ne *NeedsError
		if errors.As(err, &ne) {
			return Answer[sym.Value]{}, err
		}
		return Answer[sym.Value]{}, fmt.Errorf("%s: %w", req.Op, err)
	}
	for i, b := range ans.Branches {
		if b.Err != nil && !strings.HasPrefix(b.Err.Error(), req.Op+":") {
			ans.Branches[i].Err = fmt.Errorf("%s: %w", req.Op, b.Err)
		}
	}
	flat := rankFree[req.Op] || (req.Op == "composition" && vals[1].Layout.Shape.IsLeaf())
	return merge(ctx, ans, flat), nil
}

// rankFree are the operations whose result is compared as a function
// only, without its top-level rank (as CuTe's post-conditions and the
// graders do).
var rankFree = map[string]bool{"coalesce": true, "complement": true, "complement_default": true, "right_inverse": true, "left_inverse": true}

// merge joins cases whose guards differ in one condition and its negation
// when one value serves both (see joinable). When one case is left, the
// answer is plain.
func merge(ctx *sym.Ctx, a Answer[sym.Value], flat bool) Answer[sym.Value] {
	bs := a.Branches
	// the search starts again after each merge: each case has an id, by
	// which the pairs found not joinable are remembered (joinable depends
	// only on the two cases)
	ids := make([]int, len(bs))
	for i := range bs {
		ids[i] = i
	}
	next := len(bs)
	not := map[[2]int]bool{}
	for changed := true; changed; {
		changed = false
	pairs:
		for i := range bs {
			for j := range bs {
				if i == j || not[[2]int{ids[i], ids[j]}] {
					continue
				}
				k, ok := splitAt(bs[i].Guards, bs[j].Guards)
				if !ok {
					continue
				}
				keep, ok := joinable(ctx, bs[i], bs[j], flat)
				if !ok {
					not[[2]int{ids[i], ids[j]}] = true
					continue
				}
				g := append(append([]sym.Cond(nil), bs[i].Guards[:k]...), bs[i].Guards[k+1:]...)
				nb := Branch[sym.Value]{Guards: g, Value: keep.Value, Err: keep.Err, From: []Branch[sym.Value]{bs[i], bs[j]},
					Warnings: unionWarnings(bs[i].Warnings, bs[j].Warnings)}
				var rest []Branch[sym.Value]
				var restIDs []int
				for x := range bs {
					if x != i && x != j {
						rest = append(rest, bs[x])
						restIDs = append(restIDs, ids[x])
					}
				}
				bs = append(rest, nb)
				ids = append(restIDs, next)
				next++
				changed = true
				break pairs
			}
		}
	}
	return Answer[sym.Value]{Branches: bs, fired: a.fired}
}

// splitAt reports the one position where two guard lists hold a
// condition and its negation, being equal elsewhere.
func splitAt(a, b []sym.Cond) (int, bool) {
	if len(a) != len(b) {
		return 0, false
	}
	k := -1
	for i := range a {
		if a[i].Same(b[i]) {
			continue
		}
		if k >= 0 || !a[i].Negate().Same(b[i]) {
			return 0, false
		}
		k = i
	}
	return k, k >= 0
}

// joinable decides whether case x and case y (their guards differ in one
// condition and its negation) can be one case, and returns the outcome
// that serves both: equal outcomes; or y's value, when under x's guards
// it is x's value as a function (each leaf simplified under x's guards:
// M == 1 pins M to 1, M%4==0 && M<8 pins M to 4).
func joinable(ctx *sym.Ctx, x, y Branch[sym.Value], flat bool) (Branch[sym.Value], bool) {
	if (x.Err == nil) != (y.Err == nil) {
		return x, false
	}
	if x.Err != nil {
		return x, x.Err.Error() == y.Err.Error()
	}
	if x.Value.Same(y.Value) {
		return y, true
	}
	if x.Value.Kind != catalog.Layout || y.Value.Kind != catalog.Layout || x.Value.Head != nil || y.Value.Head != nil || x.Value.Offset != nil || y.Value.Offset != nil {
		// (a swizzled layout, or a layout and its offset, joins only where
		// both print the same)
		return x, false
	}
	cx, err := ctx.WithConds(x.Guards...)
	if err != nil {
		return x, false
	}
	by := map[string]sym.Expr{}
	for _, g := range x.Guards {
		unitSymbols(g, by)
	}
	// y's value must be defined under x's guards: every leaf an integer
	// (its exact divisions exact there)
	yl := y.Value.Layout
	for _, l := range append(yl.Shape.Leaves(nil), yl.Stride.Leaves(nil)...) {
		if !sym.Integral(cx.Simplify(sym.Substitute(l.E, by))) {
			return x, false
		}
	}
	if sameNormal(normal(cx, by, x.Value.Layout, flat), normal(cx, by, yl, flat)) {
		return y, true
	}
	return x, false
}

// hasEmptyTuple reports an empty tuple () anywhere in a value.
func hasEmptyTuple(v sym.Value) bool {
	found := emptyIn(v.Layout.Shape) || emptyIn(v.Layout.Stride) || emptyIn(v.Tuple) || emptyIn(v.Tiler)
	for _, lf := range v.Tiler.Leaves(nil) {
		found = found || emptyIn(lf.Layout.Shape) || emptyIn(lf.Layout.Stride)
	}
	return found
}

// emptyIn reports an empty tuple () in t (a zero value is a leaf).
func emptyIn[L any](t tuple.T[L]) bool {
	if t.IsLeaf() {
		return false
	}
	if t.Rank() == 0 {
		return true
	}
	for _, k := range t.Kids() {
		if emptyIn(k) {
			return true
		}
	}
	return false
}

// unitSymbols adds to by the symbols that a guard x == 1 sets to 1, x a
// product of symbols (symbols are positive), without atoms.
func unitSymbols(g sym.Cond, by map[string]sym.Expr) {
	// (an atom is a monomial too: min(M,N) == 1 does not set M and N)
	if v, ok := sym.IsConst(g.Y); g.Rel != sym.EQ || !ok || v != 1 || !sym.IsMonomial(g.X) || !sym.Integral(g.X) || sym.HasAtoms(g.X) {
		return
	}
	ones := map[string]sym.Expr{}
	for _, s := range sym.Symbols(g.X) {
		ones[s] = sym.Const(1)
	}
	if len(ones) == 0 || !sym.Equal(sym.Substitute(g.X, ones), sym.Const(1)) {
		return // a coefficient other than 1
	}
	for k, v := range ones {
		by[k] = v
	}
}

// normal is a layout as a function under a context: per top-level mode
// (or for the whole layout when flat), its leaves with the substitution
// made and simplified under the context, size-1 leaves dropped and
// adjacent leaves merged where d1 == s0*d0 (static marks ignored).
func normal(c *sym.Ctx, by map[string]sym.Expr, l sym.Layout, flat bool) [][]mode {
	n := rank(l)
	if flat {
		n = 1
	}
	out := make([][]mode, n)
	for i := 0; i < n; i++ {
		m := modeOf(l, i)
		if flat {
			m = l
		}
		var ms []mode
		for _, x := range flatModes(m) {
			s := c.Simplify(sym.Substitute(x.s.E, by))
			d := c.Simplify(sym.Substitute(x.d.E, by))
			if v, ok := sym.IsConst(s); ok && v == 1 {
				continue
			}
			if k := len(ms) - 1; k >= 0 && sym.Equal(c.Simplify(sym.Mul(ms[k].s.E, ms[k].d.E)), d) {
				ms[k].s = sym.Dyn(c.Simplify(sym.Mul(ms[k].s.E, s)))
				continue
			}
			ms = append(ms, mode{sym.Dyn(s), sym.Dyn(d)})
		}
		out[i] = ms
	}
	return out
}

// sameNormal reports whether two normal forms are one: mode by mode the
// same shapes and strides (canonical forms, which print alike exactly when
// they are equal; an invalid value is compared by its text).
func sameNormal(a, b [][]mode) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if len(a[i]) != len(b[i]) {
			return false
		}
		for j, m := range a[i] {
			if !sameExpr(m.s.E, b[i][j].s.E) || !sameExpr(m.d.E, b[i][j].d.E) {
				return false
			}
		}
	}
	return true
}

func sameExpr(a, b sym.Expr) bool {
	if a.Err() != nil || b.Err() != nil {
		return a.String() == b.String()
	}
	return sym.Equal(a, b)
}

// Implemented reports whether the engine computes the operation.
func Implemented(op string) bool { _, ok := impls[op]; return ok }

// unionWarnings lists the warnings of two merged cases, each once.
func unionWarnings(a, b []string) []string {
	out := append([]string(nil), a...)
	for _, w := range b {
		if !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	return out
}
