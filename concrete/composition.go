package concrete

import (
	"iter"

	"github.com/cutealg/cutealg/internal/tuple"
)

// This file transcribes CuTe's composition (layout.hpp:
// detail::composition_impl and the composition overloads for a Layout and a
// Tiler) and adds the documented checks CuTe leaves out.

var (
	compositionOp = newLayoutOp("composition", func(c calc, x opArgs) Layout {
		return Layout(composition(&c, layoutOf[Int](x.a), layoutOf[Int](x.b)))
	})
	compositionTilerOp = newLayoutOp("composition_tiler", func(c calc, x opArgs) Layout {
		return Layout(compositionTiler(&c, layoutOf[Int](x.a), x.t))
	})
)

func init() {
	register(
		&Op{Op: spec("composition"), layout: compositionOp},
		&Op{Op: spec("composition_tiler"), layout: compositionTilerOp},
		&Op{Op: spec("composition_shape"),
			run: func(c *calc, a []Value) Value {
				return LayoutValue(Layout(compositionShape(c, layoutOf[Int](a[0].Layout), a[1].Tuple)))
			}},
	)
}

// Composition mirrors cute::composition(Layout, Layout): the layout R = A o B
// with R(c) = A(B(c)). B's modes are composed one by one (R is congruent with
// B at its top levels); each integral mode s:d of B walks the modes of
// coalesce_x(A), dividing d out of A's shape and keeping s elements. The
// static/dynamic marks decide the printed structure exactly as in CuTe:
// composition((10,2):(16,4), (5,4):(1,5)) is ((5,1),(2,2)):((16,4),(80,4))
// with dynamic integers and (_5,(_2,_2)):(_16,(_80,_4)) with static ones.
//
// Post-conditions (CuTe's @post): compatible(shape(B), shape(R)) and
// R(c) == A(B(c)) for every c in the domain of B. CuTe refuses the static
// violations of its weak divisibility conditions ("Stride Divisibility
// Condition", "Shape Divisibility Condition"); where the values are dynamic
// it computes a wrong layout silently. In CuTe mode the result then comes
// with a warning naming the broken condition and a witness; in strict mode
// it is an error. With dynamic integers, the divisibility conditions are
// those CuTe enforces on the same numbers made static: a composition whose
// all-static version CuTe refuses (or computes wrongly) is reported the same
// way, even where the dynamic value happens to be right.
func Composition(a, b Layout, opts ...Option) (r Layout, err error) {
	err = run(compositionOp, &r, &operands{a: &a, b: &b}, opts)
	return
}

// CompositionTiler mirrors cute::composition(Layout, Tiler): a tuple tiler is
// applied mode by mode (modes of A beyond the tiler are dropped), a layout
// element is composed with its mode, an integer n means the layout n:_1 and
// `_` keeps the mode unchanged; nested tilers recurse into nested modes.
// The tiler may have at most rank(A) modes.
//
// Post-conditions: those of Composition, for every mode composed.
func CompositionTiler(a Layout, t Tiler, opts ...Option) (r Layout, err error) {
	err = run(compositionTilerOp, &r, &operands{a: &a, t: &t}, opts)
	return
}

// CompositionShape mirrors cute::composition(Layout, Shape): the shape is a
// tiler whose integers n mean n:_1, so composition((12,(4,8)):(59,(13,1)),
// (_3,_8)) is (_3,(4,2)):(59,(13,1)); a bare integer n composes A with n:_1.
//
// Post-conditions: those of Composition, for every mode composed.
func CompositionShape(a Layout, s IntTuple, opts ...Option) (r Layout, err error) {
	err = guard("composition_shape", func() {
		requireCongruent(&a)
		var c calc
		c.apply(opts)
		r = Layout(compositionShape(&c, layoutOf[Int](a), s))
	})
	return
}

// composition is cute::composition(Layout, Layout): composition_impl on
// coalesce_x(A) (CuTe coalesces A by its coprofile, which is an integer for
// integer strides), followed by the documented post-condition checks.
func composition[I integer[I]](c *calc, a, b layoutOf[I]) layoutOf[I] {
	r := compositionImpl(coalesceX(a), b.Shape, b.Stride)
	if checksWanted(c) {
		checkComposition(c, plainLayout(a), plainLayout(b), plainLayout(r))
	}
	return r
}

// checkModes is CuTe's static_assert of transform_layout that a tuple (a
// profile or a tiler) of rank n has no more modes than a layout of rank r.
func checkModes(n, r int) {
	if n > r {
		refuse("%d modes for a layout of rank %d (CuTe's static_assert: tuple_size <= rank)", n, r)
	}
}

// compositionTiler is cute::composition(Layout, Tiler): a tuple tiler
// composes mode by mode, dropping the modes of A beyond it; a layout is
// composed with A, an integer n means the layout n:_1 and `_` keeps A.
func compositionTiler[I integer[I], L tilerLeaf[I]](c *calc, a layoutOf[I], t tuple.T[L]) layoutOf[I] {
	if !t.IsLeaf() {
		return byMode(a, t.Rank(), false, func(i int, m layoutOf[I]) layoutOf[I] {
			return compositionTiler(c, m, t.At(i))
		})
	}
	switch lf := t.Value(); lf.kind() {
	case TileLayout:
		return composition(c, a, lf.layout())
	case TileInt:
		return composition(c, a, layoutOf[I]{tuple.Leaf(lf.integer()), tuple.Leaf(static[I](1))})
	}
	return a // `_`
}

// compositionShape is cute::composition(Layout, Shape): the shape as a tiler
// of integers.
func compositionShape[I integer[I]](c *calc, a layoutOf[I], s tuple.T[I]) layoutOf[I] {
	if !s.IsLeaf() {
		return byMode(a, s.Rank(), false, func(i int, m layoutOf[I]) layoutOf[I] {
			return compositionShape(c, m, s.At(i))
		})
	}
	return composition(c, a, layoutOf[I]{s, tuple.Leaf(static[I](1))})
}

// compositionImpl is CuTe's detail::composition_impl of the coalesced left
// operand lhs (coalesce_x(A)) and the layout bs:bd (congruent): right
// distributivity over the modes of B, compositionMode for each integer mode.
func compositionImpl[I integer[I]](lhs layoutOf[I], bs, bd tuple.T[I]) layoutOf[I] {
	if bs.IsLeaf() {
		return compositionMode(lhs, bs.Value(), bd.Value())
	}
	ks, kd := bs.Kids(), bd.Kids()
	modes := make([]layoutOf[I], len(ks))
	var fault *Error
	for i := range ks {
		if fault == nil {
			fault = divisionFault(func() { modes[i] = compositionImpl(lhs, ks[i], kd[i]) })
		} else {
			// CuTe refuses the whole instantiation before it runs (see
			// transformByTiler)
			staticRefusals(func() { compositionImpl(lhs, ks[i], kd[i]) })
		}
	}
	if fault != nil {
		throw(fault)
	}
	return makeLayoutConcat(modes...)
}

// compositionMode is composition_impl of the flat lhs and the integer mode
// s:d of B: the mode walks the modes of lhs, dividing d out of their shapes
// and keeping s elements.
func compositionMode[I integer[I]](lhs layoutOf[I], s, d I) layoutOf[I] {
	if d.IsConst(0) { // a static stride-0 mode of B short-circuits
		return layoutOf[I]{tuple.Leaf(s), tuple.Leaf(d)}
	}
	if lhs.Shape.IsLeaf() { // integral A
		return layoutOf[I]{tuple.Leaf(s), tuple.Leaf(d.mul(lhs.Stride.Value()))}
	}
	shape, stride := lhs.Shape.Kids(), lhs.Stride.Kids()
	n := len(shape)
	restShape, restStride := s, d
	buf := make([]I, 2*n) // (room for every mode: one allocation)
	resShape, resStride := buf[:0:n], buf[n:n]
	for i := range n - 1 {
		currShape, currStride := shape[i].Value(), stride[i].Value()
		if currShape.isStatic() && restStride.isStatic() && restStride.rem(currShape).val() != 0 && restStride.val() >= currShape.val() {
			refuse("Stride Divisibility Condition")
		}
		nextShape := currShape.ceilDiv(restStride.abs())
		nextStride := restStride.abs().ceilDiv(currShape).mul(restStride.signum())
		if nextShape.IsConst(1) || restShape.IsConst(1) {
			restStride = nextStride
			continue
		}
		newShape := nextShape.min(restShape)
		if newShape.isStatic() && restShape.isStatic() && restShape.rem(newShape).val() != 0 {
			refuse("Shape Divisibility Condition")
		}
		resShape, resStride = append(resShape, newShape), append(resStride, restStride.mul(currStride))
		restShape = restShape.quo(newShape)
		restStride = nextStride
	}
	last := restStride.mul(stride[n-1].Value())
	// the rest, unless it is `_1` after other modes; a single mode is an
	// integral layout
	if len(resShape) == 0 || !restShape.IsConst(1) {
		resShape, resStride = append(resShape, restShape), append(resStride, last)
	}
	return flatLayout(resShape, resStride)
}

// checkComposition runs the documented post-conditions of R = A o B:
// compatible(shape(B), shape(R)) and R(i) == A(B(i)) for i < size(B), with
// A evaluated the way CuTe evaluates it (beyond its size the last mode
// absorbs the index; negative coordinates follow C++'s truncating division).
//
// CuTe checks its divisibility conditions only between static values. When
// A or B has dynamic integers the conditions are evaluated as CuTe evaluates
// them for the same numbers all static (the "all-static twin" of the vectors):
// the twin's structure differs (static size-1 modes and static merges are
// simplified away), so this is the form of the conditions CuTe itself would
// enforce. A twin that CuTe refuses, or whose value breaks a post-condition,
// makes the dynamic composition a violation even where its own value is
// right. Each composition reports at most one broken condition.
func checkComposition(c *calc, a, b, r Layout) {
	if !checksWanted(c) {
		return
	}
	ops := []string{"A=" + a.String(), "B=" + b.String(), "R=" + r.String()}
	broken := func(cond string, i int64, got, want string) Violation {
		return Violation{Op: "composition", Cond: cond, Index: i, Got: got, Want: want, Operands: ops}
	}
	if !compatible(b.Shape, r.Shape) {
		c.violated(broken("composition.compatible", -1, FormatTuple(r.Shape), FormatTuple(b.Shape)), "composition R = A o B breaks compatible(shape(B), shape(R)) [A=%v B=%v R=%v]", a, b, r)
		return
	}
	for i := range checkIndices(size(b).val()) {
		bi := index(b, i)
		want, fault := indexDefined(a, bi)
		if fault != nil {
			// A has a zero extent (a truncated complement inside a product):
			// CuTe's short-cut for a static stride-0 B never evaluates A,
			// and the condition cannot hold
			c.violated(broken("composition.function", i, itoa(index(r, i)), "undefined"), "composition R = A o B breaks R(i) == A(B(i)) at i=%d: A(B(%d))=A(%d) is undefined (%v) [A=%v B=%v R=%v]",
				i, i, bi, fault.Msg, a, b, r)
			return
		}
		if got := index(r, i); got != want {
			c.violated(broken("composition.function", i, itoa(got), itoa(want)), "composition R = A o B breaks R(i) == A(B(i)) at i=%d: R(%d)=%d but A(B(%d))=A(%d)=%d [A=%v B=%v R=%v]",
				i, i, got, i, bi, want, a, b, r)
			return
		}
	}
	if !c.noTwin && (!isStatic(a) || !isStatic(b)) {
		if err := compositionTwin(a, b); err != nil {
			c.violated(Violation{Op: "composition", Cond: "static.twin", Index: -1, Got: err.Error(), Operands: ops[:2], Cause: err},
				"composition with dynamic integers whose all-static version fails: %v [A=%v B=%v]", err, a, b)
		}
	}
}

// indexDefined is l(i), or the division by zero that evaluating it meets
// (a layout with a zero extent, whose domain is empty, has no value at any
// index; CuTe's evaluation faults); other errors are thrown on.
func indexDefined(l Layout, i int64) (v int64, fault *Error) {
	fault = divisionFault(func() { v = index(l, i) })
	return
}

// compositionTwin computes the composition of the all-static versions of a
// and b in strict mode and returns its error.
func compositionTwin(a, b Layout) error {
	return guard("", func() {
		tc := calc{strict: true}
		composition(&tc, layoutOf[Int](staticLayout(a)), layoutOf[Int](staticLayout(b)))
	})
}

// isStatic reports whether every integer of l is static (CuTe's is_static).
func isStatic(l Layout) bool {
	st := func(ok bool, i Int) bool { return ok && i.Static }
	return tuple.Fold(l.Shape, true, st) && tuple.Fold(l.Stride, true, st)
}

// staticLayout is l with every integer made static.
func staticLayout(l Layout) Layout {
	st := func(i Int) Int { return S(i.val()) }
	return Layout{tuple.Map(l.Shape, st), tuple.Map(l.Stride, st)}
}

// checksWanted reports whether the documented checks of an operation can
// have an effect: in strict mode, or in CuTe mode when warnings are
// collected. Otherwise their only outcome would be a dropped warning.
func checksWanted(c *calc) bool { return c.strict || c.warnings != nil || c.violations != nil }

// checkLimit bounds the number of points a check evaluates.
const checkLimit = 1 << 16

// checkIndices yields the indices 0..n-1 a point-wise check evaluates: all
// of them up to checkLimit; beyond, the first and last checkLimit/4 and
// checkLimit/2 more spread evenly in between (a sample: such huge layouts
// are checked only at these points).
func checkIndices(n int64) iter.Seq[int64] {
	return func(yield func(int64) bool) {
		if n <= checkLimit {
			for i := range n {
				if !yield(i) {
					return
				}
			}
			return
		}
		q := int64(checkLimit / 4)
		step := (n - 2*q) / (checkLimit / 2)
		for i := range q {
			if !yield(i) {
				return
			}
		}
		// count the middle points instead of stepping i past n-q, so that
		// i never overflows when n is near the int64 maximum
		for k := range int64(checkLimit / 2) {
			if !yield(q + k*step) {
				return
			}
		}
		for i := n - q; i < n; i++ {
			if !yield(i) {
				return
			}
		}
	}
}

// requireCongruent refuses a layout whose shape and stride are not
// congruent (possible only for layouts built by hand, not parsed). Every
// exported operation that can return an error checks its layout arguments
// with it on entry, and the catalogue checks its arguments (checkArg), so
// that a malformed layout is an error, never a panic or a value built from
// it. (Flatten, Append, Prepend and MakeLayoutConcat cannot fail and do not
// check: they rearrange whatever trees they are given.)
func requireCongruent(l *Layout) {
	if !congruent(&l.Shape, &l.Stride) {
		notCongruent(*l)
	}
}

// requireTiler is requireCongruent for every layout of a tiler.
func requireTiler(t *Tiler) {
	if t.IsLeaf() {
		if lf := t.Leaf(); lf.Kind == TileLayout {
			requireCongruent(&lf.Layout)
		}
		return
	}
	for i := range t.Kids() {
		requireTiler(&t.Kids()[i])
	}
}

// notCongruent refuses l, whose shape and stride are not congruent.
func notCongruent(l Layout) {
	badInput("shape %s and stride %s are not congruent", FormatTuple(l.Shape), FormatTuple(l.Stride))
}

// congruent is CuTe's congruent(a, b): a and b have the same tree
// structure. It walks both trees through pointers (an IntTuple is four
// words) and tests leaf elements without a call.
func congruent(a, b *IntTuple) bool {
	if a.IsLeaf() || b.IsLeaf() {
		return a.IsLeaf() && b.IsLeaf()
	}
	ka, kb := a.Kids(), b.Kids()
	if len(ka) != len(kb) {
		return false
	}
	for i := range ka {
		x, y := &ka[i], &kb[i]
		if x.IsLeaf() && y.IsLeaf() {
			continue
		}
		if !congruent(x, y) {
			return false
		}
	}
	return true
}

// appendModes appends the leaves of the shape s and of the stride d to sh
// and st; it reports false when s and d are not congruent.
func appendModes[I any](sh, st []I, s, d tuple.T[I]) ([]I, []I, bool) {
	if s.IsLeaf() || d.IsLeaf() {
		if !s.IsLeaf() || !d.IsLeaf() {
			return sh, st, false
		}
		return append(sh, s.Value()), append(st, d.Value()), true
	}
	ks, kd := s.Kids(), d.Kids()
	if len(ks) != len(kd) {
		return sh, st, false
	}
	for i := range ks {
		var ok bool
		if sh, st, ok = appendModes(sh, st, ks[i], kd[i]); !ok {
			return sh, st, false
		}
	}
	return sh, st, true
}
