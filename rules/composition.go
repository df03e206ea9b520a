package rules

import (
	"fmt"

	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/internal/tuple"
	"github.com/cutealg/cutealg/sym"
)

// The composition family, along CuTe's composition (layout.hpp:
// detail::coalesce_x and detail::composition_impl), with symbols as CuTe's
// dynamic integers. Each step is a rule of data/composition.rules.

// coalesceX mirrors CuTe's coalesce_x on the flattened layout A: from the
// back, static size-1 modes are dropped and a mode merges into the next
// one only when the merge is decided statically (CuTe compares static
// integers only). The last mode absorbs any overflow, so its shape is
// never used.
//
// The step claims composition(A, B) == composition(coalesce_x(A), B) for
// the B the caller composes with.
func (w *world) coalesceX(a, b sym.Layout) []mode {
	flat := flatModes(a)
	if len(flat) == 0 {
		w.fail("the layout has no modes")
	}
	w.step("comp.coalesce-lhs", "A", nil)
	i := w.last()
	out := []mode{flat[len(flat)-1]}
	for i := len(flat) - 2; i >= 0; i-- {
		m := flat[i]
		f := out[0]
		switch {
		case w.unitShape(m.s, fmt.Sprintf("coalesce_x mode %d", i)):
			continue
		case w.isStatic(f.s) && w.staticEq(m.s.Mul(m.d), f.d):
			out[0] = mode{m.s.Mul(f.s), m.d}
		default:
			out = append([]mode{m}, out...)
		}
	}
	w.claim(i, func() (notation.Node, notation.Node) {
		return call("composition", a.Node(), b.Node()), call("composition", flatNode(out), b.Node())
	})
	return out
}

// compose is composition(A, B) for layouts.
func (w *world) compose(a, b sym.Layout) sym.Layout {
	flat := w.coalesceX(a, b)
	return w.compTop(flat, b.Shape, b.Stride, "B")
}

// compTop composes every leaf of B with the coalesced A and, when B has
// more than one leaf, checks that the leaves do not carry into each other
// in any run of A's modes but the last (left distributivity is then a
// property of the function, not only of CuTe's formula).
func (w *world) compTop(flat []mode, bs, bd sym.IntTuple, at string) sym.Layout {
	var reach [][]sym.Expr
	l := w.compImpl(flat, bs, bd, at, &reach)
	if bs.IsLeaf() {
		return l
	}
	for _, rn := range w.carryRuns(flat) {
		// the largest index of the run each leaf reaches, summed over the
		// leaves that reach into the run
		var t []sym.Expr
		leaves := 0
		for _, row := range reach {
			in := false
			for j, k := range rn.modes {
				if row[k] != nil {
					t = append(t, sym.Mul(rn.weights[j], row[k]))
					in = true
				}
			}
			if in {
				leaves++
			}
		}
		if leaves < 2 {
			continue
		}
		pos := fmt.Sprintf("mode %d of A", rn.modes[0])
		if k := rn.modes[len(rn.modes)-1]; k != rn.modes[0] {
			pos = fmt.Sprintf("modes %d to %d of A", rn.modes[0], k)
		}
		w.step("comp.no-carry", pos, Env{"s": rn.size, "t": sym.Dyn(sym.Sum(t...))})
	}
	// leaves of B of both signs: where A is not linear throughout, a
	// negative index borrows from the modes a positive one reaches (an A
	// of one mode has no carry run: CuTe's integral shortcut)
	if d, e, ok := w.mixedStrides(bd); ok && len(w.carryRuns(flat)) > 0 {
		w.step("comp.signs", at, Env{"d": d, "e": e})
	}
	return l
}

// negative reports whether an integer is negative: a negative constant,
// or an expression decided at most -1 under the assumptions and guards.
func (w *world) negative(x sym.Int) bool {
	if v, ok := sym.IsConst(x.E); ok {
		return v < 0
	}
	return w.decide(sym.MakeCond(x.E, sym.LE, sym.Const(-1))) == sym.True
}

// mixedStrides finds leaf strides of both signs in a stride tuple: the
// first negative one d (see negative) and the first e that is neither
// negative nor the constant 0 (ok false where there are not both).
func (w *world) mixedStrides(st sym.IntTuple) (d, e sym.Int, ok bool) {
	var neg, pos bool
	for _, x := range st.Leaves(nil) {
		v, isConst := sym.IsConst(x.E)
		switch {
		case w.negative(x):
			if !neg {
				d, neg = x, true
			}
		case (!isConst || v != 0) && !pos:
			e, pos = x, true
		}
	}
	return d, e, neg && pos
}

// carryRun is a run of modes of the coalesced A on which A is linear: the
// stride of each mode is the size of the modes before it in the run times
// the run's first stride, modes of size 1 skipped wherever they are
// (their index is always 0). An index of the run is the sum of each
// mode's index times its weight, below size.
type carryRun struct {
	modes   []int // the modes of A, size-1 modes left out
	weights []sym.Expr
	size    sym.Int
}

// carryRuns lists the runs of the coalesced A in which the leaves of B
// could carry into each other: every run but the last, which holds A's
// last mode (that mode absorbs any overflow, so A is linear from the
// last run on, whatever the last mode's size). Where the assumptions do
// not decide a size 1 or a stride, the runs are cut there: shorter runs
// ask more, never less.
func (w *world) carryRuns(flat []mode) []carryRun {
	// decided: at every binding the assumptions and guards allow (sym
	// decides it, or its negation contradicts them: Check's test, so that
	// both cut the runs alike; finding 66)
	holds := func(x, y sym.Expr) bool {
		c := sym.MakeCond(x, sym.EQ, y)
		return w.decide(c) == sym.True || !w.mayFail(c)
	}
	var out []carryRun
	var cur *carryRun
	var first sym.Expr // the stride of the run's first mode
	for k, m := range flat {
		last := k == len(flat)-1
		if !last && holds(m.s.E, sym.Const(1)) {
			continue
		}
		if cur != nil && holds(m.d.E, sym.Mul(cur.size.E, first)) {
			if last {
				return out
			}
			cur.modes = append(cur.modes, k)
			cur.weights = append(cur.weights, cur.size.E)
			cur.size = cur.size.Mul(m.s)
			continue
		}
		if cur != nil {
			out = append(out, *cur)
		}
		if last {
			return out
		}
		cur = &carryRun{modes: []int{k}, weights: []sym.Expr{sym.Const(1)}, size: m.s}
		first = m.d.E
	}
	return out
}

// compImpl mirrors composition_impl of the coalesced A (flat) with B's
// shape and stride. It appends to reach, per leaf of B, the largest index
// the leaf reaches in each mode of A but the last (nil where it steps
// over the mode).
func (w *world) compImpl(flat []mode, bs, bd sym.IntTuple, at string, reach *[][]sym.Expr) sym.Layout {
	if !bs.IsLeaf() {
		w.step("comp.distribute", at, nil)
		kids := bs.Kids()
		dk := bd.Kids()
		w.claim(w.last(), func() (notation.Node, notation.Node) {
			af := flatNode(flat)
			parts := make([]notation.Node, len(kids))
			for i := range kids {
				parts[i] = call("composition", af, sym.Layout{Shape: kids[i], Stride: dk[i]}.Node())
			}
			return call("composition", af, sym.Layout{Shape: bs, Stride: bd}.Node()), terms(parts...)
		})
		ls := make([]sym.Layout, len(kids))
		for i := range kids {
			ls[i] = w.compImpl(flat, kids[i], dk[i], fmt.Sprintf("%s mode %d", at, i), reach)
		}
		return concat(ls)
	}
	n, r := bs.Value(), bd.Value()
	n0, r0 := n, r
	leaf := func() notation.Node { return call("composition", flatNode(flat), leafLayout(n0, r0).Node()) }
	if isStaticConst(r, 0) {
		w.step("comp.stride-zero", at, Env{"n": n})
		w.claim(w.last(), func() (notation.Node, notation.Node) {
			return leaf(), leafLayout(n, r).Node()
		})
		return leafLayout(n, r)
	}
	// CuTe divides by B's stride only in its fold over the modes of A: an
	// A of one mode takes the integral shortcut n:r*d whatever r is (a
	// dynamic 0, negative, or not known to be positive)
	if len(flat) > 1 && isConst(r, 0) {
		w.step("comp.stride-zero-dynamic", at, Env{"n": n, "r": r})
	}
	if len(flat) > 1 && w.negative(r) {
		// CuTe's fold with the stride -r: the shapes of its fold with r
		// (ceil_div by |r|), the strides negated (signum(r)): A o n:-r is
		// -(A o n:r) = A' o n:r for A' = A with its strides negated, as
		// A(-x) = -A(x) with C++'s truncating division
		e := w.step("comp.stride-negative", at, Env{"n": n, "r": r, "s": flat[0].s, "d": flat[0].d})
		r2 := e["r2"]
		w.claim(w.last(), func() (notation.Node, notation.Node) {
			return leaf(), call("composition", negator.Node(), call("composition", flatNode(flat), leafLayout(n, r2).Node()))
		})
		was := w.negLeaf
		w.negLeaf = true
		l := w.compImpl(flat, tuple.Leaf(n), tuple.Leaf(r2), at, reach)
		w.negLeaf = was
		negate := func(l sym.Layout) sym.Layout {
			return sym.Layout{Shape: l.Shape, Stride: tuple.Map(l.Stride, func(d sym.Int) sym.Int { return sym.Mark(sym.Neg(d.E), d.Static, d.Run) })}
		}
		neg := negate(l)
		// the term holds the fold's value as comp.leaf's claim states it
		// before its restatement (the nested modes), which restates it in
		// place only where a rule's pattern rewrites _2:_-1 o it: where it
		// is one mode
		held := func() (notation.Node, notation.Node) { return l.Node(), neg.Node() }
		if k := len(w.steps) - 1; w.steps[k].Rule == "comp.leaf" { // claimed where it is made
			f := w.steps[k].claimed
			held = func() (notation.Node, notation.Node) {
				b, _ := f()
				if bl, err := sym.LayoutFromNode(b); err == nil && bl.Shape.IsLeaf() {
					return l.Node(), neg.Node()
				}
				if nb, ok := negTerm(b, negate); ok {
					return b, nb
				}
				return b, neg.Node()
			}
		}
		w.step("comp.negate", at, nil)
		w.claim(w.last(), func() (notation.Node, notation.Node) {
			b, a := held()
			return call("composition", negator.Node(), b), a
		})
		return neg
	}
	last := flat[len(flat)-1]
	if len(flat) == 1 {
		e := w.step("comp.lhs-integral", at, Env{"n": n, "r": r, "d": last.d})
		w.claim(w.last(), func() (notation.Node, notation.Node) {
			return leaf(), leafLayout(n, e["d2"]).Node()
		})
		return leafLayout(n, e["d2"])
	}
	if _, ok := sym.IsConst(r.E); !ok && w.decide(sym.MakeCond(r.E, sym.GE, sym.Const(1))) != sym.True {
		w.step("comp.stride-positive", at, Env{"r": r})
	}
	row := make([]sym.Expr, len(flat))
	*reach = append(*reach, row)
	// CuTe's fold: each mode of A appends next:r*d with next = min(ceil(s/r),
	// n), unless ceil(s/r) or n is the static 1; the rules decide the
	// values, the static marks decide the structure, as in CuTe. Each step
	// rewrites the fold's state, composition(the modes of A left, n:r),
	// into the mode it finds (if any) followed by the state that remains
	// (see the rules' rewrites lines); comp.leaf then restates the nested
	// modes as CuTe's layout.
	var out []mode
	var found []mode // the modes the state found, in order
	for i, m := range flat[:len(flat)-1] {
		mat := fmt.Sprintf("%s against mode %d of A", at, i)
		nextStatic := w.isStatic(m.s) && w.isStatic(r)
		n0, r0 := n, r
		before := func() notation.Node { return foldState(flat[i:], n0, r0) }
		// the marks of what the step computes from n: static only where
		// CuTe's operands are (Run where, with the symbols read as static,
		// a dynamic literal or operand makes it a run-time value)
		mark := func(e sym.Expr) sym.Int { return sym.Mark(e, nextStatic && n.Static, !nextStatic || n.Run) }
		markPtr := func(e sym.Expr) *sym.Int { v := mark(e); return &v }
		rule, e := w.choose("comp.step", mat, Env{"s": m.s, "d": m.d, "n": n, "r": r})
		k := w.last()
		var take sym.Int // the shape of the mode CuTe appends (min(ceil(s/r), n))
		var nextR sym.Int
		var rest *sym.Int  // what remains of B after the mode, where not n/take
		var stride sym.Int // the stride of the mode the state finds (none after a skip)
		switch rule.ID {
		case "comp.step.bad": // dynamic mode: CuTe's formula, with a warning
			take = mark(e["t"].E)
			nextR, rest = e["r2"], markPtr(e["n2"].E)
			nextR.Static = nextStatic
			row[i] = sym.Mul(r.E, sym.Sub(take.E, sym.Const(1)))
			stride = e["d2"]
		case "comp.step.skip":
			take = mark(sym.Const(1))
			nextR = e["r2"]
		case "comp.step.divide":
			q := e["q"]
			one := sym.Mark(sym.Const(1), nextStatic, !nextStatic)
			divided := func() notation.Node {
				return foldState(append([]mode{{q, r0.Mul(m.d)}}, flat[i+1:]...), n0, one)
			}
			undivided := before
			w.claim(k, func() (notation.Node, notation.Node) { return undivided(), divided() })
			before = divided
			tr, te := w.choose("comp.take", mat, Env{"q": q, "d": m.d, "n": n, "r": r})
			k = w.last()
			switch tr.ID {
			case "comp.take.rest":
				take = mark(n.E)
				row[i] = sym.Mul(r.E, sym.Sub(n.E, sym.Const(1)))
			case "comp.take.all":
				take = mark(q.E)
				row[i] = sym.Sub(m.s.E, r.E)
			case "comp.take.bad": // dynamic mode: CuTe's formula, with a warning
				take = mark(te["t"].E)
				rest = markPtr(te["n2"].E)
				row[i] = sym.Mul(r.E, sym.Sub(take.E, sym.Const(1)))
			}
			nextR = one
			stride = te["d2"]
		case "comp.step.within":
			take = mark(n.E)
			row[i] = sym.Mul(r.E, sym.Sub(n.E, sym.Const(1)))
			nextR = sym.Mark(sym.Const(1), nextStatic, !nextStatic)
			stride = e["d2"]
		}
		nextOne := nextStatic && w.unitShape(sym.Int{E: sym.CeilDiv(m.s.E, r.E), Static: true}, mat)
		if !(nextOne || w.unitShape(n, mat)) {
			out = append(out, mode{take, r.Mul(m.d)})
			if rest != nil {
				n = *rest
			} else {
				n = sym.Mark(sym.ExactDiv(n.E, take.E), n.Static && take.Static, n.Run || take.Run)
			}
		}
		r = nextR
		n1, skip := n, rule.ID == "comp.step.skip"
		if !skip {
			found = append(found, mode{take, stride})
		}
		from := before
		w.claim(k, func() (notation.Node, notation.Node) {
			after := foldState(flat[i+1:], n1, nextR)
			if !skip {
				after = terms(leafLayout(take, stride).Node(), after)
			}
			return from(), after
		})
	}
	// the rest of B meets A's last mode, which absorbs it (CuTe appends
	// the mode unless the rest is the static 1 after others)
	e := w.step("comp.last", at, Env{"n": n, "r": r, "d": last.d})
	nl, rl := n, r
	w.claim(w.last(), func() (notation.Node, notation.Node) {
		return foldState(flat[len(flat)-1:], nl, rl), leafLayout(nl, e["d2"]).Node()
	})
	if len(out) == 0 || !w.unitShape(n, at) {
		out = append(out, mode{n, e["d2"]})
	}
	res := modesLayout(out)
	w.step("comp.leaf", at, nil)
	w.claim(w.last(), func() (notation.Node, notation.Node) {
		nested := leafLayout(nl, e["d2"]).Node()
		for j := len(found) - 1; j >= 0; j-- {
			nested = terms(leafLayout(found[j].s, found[j].d).Node(), nested)
		}
		return nested, res.Node()
	})
	return res
}

// negTerm is the term t (a layout, or a tuple of terms: the nested modes
// of comp.leaf's claim) with each layout negated by neg (ok false where a
// part is neither).
func negTerm(t notation.Node, neg func(sym.Layout) sym.Layout) (notation.Node, bool) {
	if tu, ok := t.(*notation.Tuple); ok {
		parts := make([]notation.Node, len(tu.Elems))
		for i, e := range tu.Elems {
			var ok bool
			if parts[i], ok = negTerm(e, neg); !ok {
				return nil, false
			}
		}
		return terms(parts...), true
	}
	l, err := sym.LayoutFromNode(t)
	if err != nil {
		return nil, false
	}
	return neg(l).Node(), true
}

// negator is _2:_-1, whose composition with a layout L (CuTe's shortcut
// for an integral A) is L with its strides negated.
var negator = leafLayout(sym.S(2), sym.S(-1))

// foldState is the state of CuTe's composition fold as a term: the modes
// ms of A left composed with the rest n:r of B.
func foldState(ms []mode, n, r sym.Int) notation.Node {
	return call("composition", flatNode(ms), leafLayout(n, r).Node())
}

// composeTiler is composition(A, T) for a tiler: by mode for a tuple, a
// layout composes, an integer n is n:_1, `_` keeps the mode.
func (w *world) composeTiler(a sym.Layout, t sym.Tiler, at string) sym.Layout {
	if t.IsLeaf() {
		lf := t.Value()
		switch lf.Kind {
		case sym.TileLayout:
			return w.compose(a, lf.Layout)
		case sym.TileInt:
			w.step("comp.tile-int", at, Env{"n": lf.Int})
			b := leafLayout(lf.Int, sym.S(1))
			w.claim(w.last(), func() (notation.Node, notation.Node) {
				return call("composition_tiler", a.Node(), lf.Int.Node()), call("composition", a.Node(), b.Node())
			})
			flat := w.coalesceX(a, b)
			return w.compTop(flat, b.Shape, b.Stride, at)
		}
		w.step("comp.tile-keep", at, nil)
		w.claim(w.last(), func() (notation.Node, notation.Node) {
			return call("composition_tiler", a.Node(), &notation.Underscore{}), a.Node()
		})
		return a
	}
	if t.Rank() > rank(a) {
		w.fail("composition: too many modes in tiler: %d for a layout of rank %d", t.Rank(), rank(a))
	}
	w.step("comp.by-mode", at, nil)
	w.claim(w.last(), func() (notation.Node, notation.Node) {
		return call("composition_tiler", a.Node(), sym.TilerNode(t)), byModeTerms("composition_tiler", a, t, false)
	})
	ks := t.Kids()
	ls := make([]sym.Layout, len(ks))
	for i, k := range ks {
		ls[i] = w.composeTiler(modeOf(a, i), k, fmt.Sprintf("%s mode %d", at, i))
	}
	return concat(ls)
}

// byModeTerms is the term of a by-mode operation: (op(A0, T0), op(A1, T1),
// ...), followed by the modes of A beyond the tiler unchanged where keep
// holds (the divides and products keep them, composition drops them).
func byModeTerms(op string, a sym.Layout, t sym.Tiler, keep bool) notation.Node {
	ks := t.Kids()
	parts := make([]notation.Node, 0, rank(a))
	for i, k := range ks {
		parts = append(parts, call(op, modeOf(a, i).Node(), sym.TilerNode(k)))
	}
	for i := len(ks); keep && i < rank(a); i++ {
		parts = append(parts, modeOf(a, i).Node())
	}
	return terms(parts...)
}
