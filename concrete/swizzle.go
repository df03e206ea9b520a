package concrete

import (
	"github.com/cutealg/cutealg/internal/catalog"
	"github.com/cutealg/cutealg/internal/notation"
)

// This file transcribes CuTe's swizzles (swizzle.hpp) and the layouts
// composed with them (layout_composed.hpp, swizzle_layout.hpp): the value
// Swizzle<B,M,S>, its function on indices, ComposedLayout A o O o B with a
// swizzle A, and the way the operations of the catalogue treat a composed
// first argument (catalog.Op.Composed).

func init() {
	register(
		&Op{Op: spec("swizzle"),
			run: func(_ *calc, a []Value) Value {
				if !a[1].Tuple.IsLeaf() {
					badInput("argument 2: want an integer index, not the tuple %s", FormatTuple(a[1].Tuple))
				}
				return TupleValue(leaf(swizzleApply(a[0].Swizzle, a[1].Tuple.Value())))
			}},
		&Op{Op: spec("composition_swizzle"),
			run: func(_ *calc, a []Value) Value { return composeBack(a[0].Swizzle, S(0), a[1].Layout) }},
	)
}

// Swizzle is CuTe's Swizzle<B,M,S>: the function on indices that xors the
// B bits starting at bit M+max(0,S) (the YYY mask) into the B bits starting
// at bit M-min(0,S) (the ZZZ mask), `x ^ ((x & YYY) >> S)`. CuTe prints it
// `Sw<3,4,3>`. CuTe requires B >= 0, M >= 0 and |S| >= B; its masks are C++
// ints, so B+M+|S| must stay within 31 bits here.
type Swizzle struct {
	B, M, S int
}

// String prints the swizzle as CuTe does: `Sw<3,4,3>`.
func (s Swizzle) String() string { return notation.Print(s.Node()) }

// Apply mirrors Swizzle<B,M,S>::apply(x): x with the YYY bits xored into the
// ZZZ bits. The result is static when x is. It fails on a swizzle CuTe
// refuses (see Swizzle).
func (s Swizzle) Apply(x Int) (r Int, err error) {
	err = guard("swizzle", func() {
		checkSwizzle(s)
		r = swizzleApply(s, x)
	})
	return
}

// Composed is CuTe's ComposedLayout<Swizzle<B,M,S>, Offset, Layout>: the
// function c -> Swizzle(Offset + Layout(c)), printed `Sw<3,4,3> o _0 o
// (_8,_64):(_64,_1)`. Its shape, size, rank and depth are the inner
// layout's. Values are immutable.
type Composed struct {
	Swizzle Swizzle
	Offset  Int
	Layout  Layout
}

// String prints the composed layout as CuTe does.
func (c Composed) String() string { return notation.Print(composedNode(&c)) }

// ComposedValue wraps a composed layout as a Value.
func ComposedValue(c Composed) Value { return Value{Kind: ValComposed, Composed: &c} }

// Index evaluates the composed layout at the 1-D index i as CuTe's
// (A o O o B)(i) = A(O + B(i)) does.
func (c Composed) Index(i int64) (r int64, err error) {
	err = guard("index", func() {
		checkSwizzle(c.Swizzle)
		requireCongruent(&c.Layout)
		r = composedIndex(&c, i)
	})
	return
}

// CompositionSwizzle mirrors cute::composition(Swizzle<B,M,S>{}, layout):
// the composed layout Sw o _0 o layout, or the layout itself when B is 0
// (CuTe's identity swizzle with a static zero offset).
func CompositionSwizzle(s Swizzle, l Layout) (v Value, err error) {
	err = guard("composition_swizzle", func() {
		checkSwizzle(s)
		requireCongruent(&l)
		v = composeBack(s, S(0), l)
	})
	return
}

// checkSwizzle refuses the parameters CuTe refuses (its static_asserts) and
// those whose masks do not fit the C++ int CuTe computes them in.
func checkSwizzle(s Swizzle) {
	switch {
	case s.M < 0:
		refuse("MBase must be positive.")
	case s.B < 0:
		refuse("BBits must be positive.")
	case abs(s.S) < s.B:
		refuse("abs(SShift) must be more than BBits.")
	case s.B+s.M+abs(s.S) > 31:
		badInput("Sw<%d,%d,%d>: the swizzle masks do not fit CuTe's 32-bit int", s.B, s.M, s.S)
	}
}

func abs(x int) int { return max(x, -x) }

// Bits is the number of low bits of an index the swizzle reads and
// writes, B + M + |S| (its YYY and ZZZ masks lie below bit Bits): for any
// integers t and c with t a multiple of 2^Bits, Sw(t + c) = t + Sw(c).
func (s Swizzle) Bits() int { return s.B + s.M + abs(s.S) }

// yyyMask is CuTe's yyy_msk: the B bits from bit M+max(0,S), those xored
// into the zzz_msk bits (from M-min(0,S)) by the shift S.
func (s Swizzle) yyyMask() int64 {
	return (int64(1)<<s.B - 1) << (s.M + max(0, s.S))
}

// swizzleApply is Swizzle::apply(x) = x ^ shiftr(x & YYY, S), static when x
// is. The masks fit 31 bits (checkSwizzle), so nothing overflows.
func swizzleApply(s Swizzle, x Int) Int {
	v := x.val()
	y := (v & s.yyyMask()) >> max(s.S, 0) << max(-s.S, 0) // shiftr by S: left by -S for S < 0
	return Int{V: v ^ y, Static: x.Static}
}

// composedIndex is A(O + B(i)).
func composedIndex(c *Composed, i int64) int64 {
	return swizzleApply(c.Swizzle, D(addInt64(c.Offset.val(), index(c.Layout, i)))).val()
}

// composeBack is CuTe's composition(swizzle, offset, layout): a composed
// layout, except that the identity swizzle (B = 0) with the static offset
// `_0` gives the layout itself.
func composeBack(s Swizzle, off Int, l Layout) Value {
	if s.B == 0 && off.IsConst(0) {
		return LayoutValue(l)
	}
	return ComposedValue(Composed{Swizzle: s, Offset: off, Layout: l})
}

// call runs the operation on checked arguments: a composed layout argument
// as the catalogue's entry says (catalog.ComposedUse), anything else through
// the operation's own function.
func (op *Op) call(c *calc, args []Value) Value {
	for i, a := range args {
		if a.Kind != ValComposed {
			continue
		}
		switch {
		case i == 1 && op.Name == "composition":
			// CuTe's overloads with a composed second argument
			return compositionOfComposed(c, args[0].Layout, a.Composed)
		case i == 1 && op.Name == "logical_product":
			return logicalProductOfComposed(c, args[0].Layout, a.Composed)
		}
		if i != op.ComposedArg() || op.Composed == catalog.ComposedNo {
			badInput("argument %d: %s takes no composed layout here", i+1, op.Name)
		}
		return op.callComposed(c, i, args)
	}
	if op.layout != nil {
		return op.layout.apply(c, args)
	}
	return op.run(c, args)
}

// callComposed is the operation with the composed layout args[at],
// following layout_composed.hpp and swizzle_layout.hpp.
func (op *Op) callComposed(c *calc, at int, args []Value) Value {
	cl := args[at].Composed
	inner := append([]Value(nil), args...)
	inner[at] = LayoutValue(cl.Layout)
	switch op.Composed {
	case catalog.ComposedInner:
		return op.call(c, inner)
	case catalog.ComposedForward:
		if op.Name == "zip" && len(args) > 1 {
			// CuTe's zip of a ComposedLayout takes no second layout
			refuse("no matching function for call to zip(ComposedLayout, Layout)")
		}
		r := op.call(c, inner)
		if r.Kind != ValLayout {
			panic("concrete: " + op.Name + " forwards a composed layout but returns no layout")
		}
		return composeBack(cl.Swizzle, cl.Offset, r.Layout)
	}
	switch op.Name {
	case "evaluate":
		return evaluateText(evaluateComposed(cl))
	case "nullspace":
		// layout_composed.hpp: "Do not attempt for general ComposedLayouts"
		return LayoutValue(Layout{leaf(S(1)), leaf(S(0))})
	case "max_alignment":
		return TupleValue(leaf(maxAlignmentComposed(c, cl)))
	case "crd2idx":
		// layout_composed.hpp's operator()(coord): A(O + B(coord))
		return TupleValue(leaf(swizzleApply(cl.Swizzle, iadd(cl.Offset, crd2idxLayout(args[0].Tuple, cl.Layout)))))
	case "slice", "slice_and_offset":
		return sliceComposed(op.Name, c, args[0], cl)
	case "right_inverse", "left_inverse":
		// swizzle_layout.hpp: with the static offset _0, the inverse of B
		// composed with the swizzle (its own inverse)
		if !cl.Offset.IsConst(0) {
			badInput("%s of a swizzled layout with an offset other than _0 (CuTe's ComposedLayout<Layout,Offset,Swizzle>) is not implemented", op.Name)
		}
		inv := sub(c, op.Name, LayoutValue(cl.Layout)).Layout
		return compositionWithSwizzle(inv, cl.Swizzle)
	case "upcast":
		return castComposed(c, cl, int64(paramInt(args[1])), true)
	case "downcast":
		return castComposed(c, cl, int64(paramInt(args[1])), false)
	case "recast_layout":
		num, den := castRatio(paramInt(args[1]), paramInt(args[2]))
		v := ComposedValue(*cl)
		if num != 1 {
			v = castComposedValue(c, v, num, true)
		}
		if den != 1 {
			v = castComposedValue(c, v, den, false)
		}
		return v
	}
	panic("concrete: " + op.Name + " has no rule for composed layouts")
}

// castComposed is layout_composed.hpp's upcast<N> (up) or downcast<N> of a
// swizzled layout: composition(cast<N>(Sw), cast<N>(O), cast<N>(B)).
// swizzle_layout.hpp casts the swizzle by moving its base M by log2(N) (N
// a power of two; an upcast below bit 0 drops swizzle bits); CuTe casts
// only a static offset (safe_div by N, which must divide it, or a product),
// a dynamic one being a compile error.
func castComposed(c *calc, cl *Composed, n int64, up bool) Value {
	name := "downcast"
	if up {
		name = "upcast"
	}
	if n <= 0 || n&(n-1) != 0 {
		refuse("N must be a power of two")
	}
	log2 := 0
	for int64(1)<<log2 < n {
		log2++
	}
	if !cl.Offset.Static {
		refuse("no matching function for call to %s<%d>(const int&)", name, n)
	}
	sw, off := cl.Swizzle, cl.Offset
	if up {
		if off.val()%n != 0 {
			refuse("Static safe_div requires t %% u == 0")
		}
		off = idiv(off, S(n))
		if m := sw.M - log2; m >= 0 {
			sw.M = m
		} else {
			sw = Swizzle{B: max(sw.B+m, 0), M: 0, S: sw.S}
		}
	} else {
		off = imul(off, S(n))
		sw.M += log2
	}
	checkSwizzle(sw)
	l := sub(c, name, LayoutValue(cl.Layout), TupleValue(leaf(S(n)))).Layout
	return composeBack(sw, off, l)
}

// castComposedValue casts v, a composed layout or (after the identity
// swizzle collapsed) a layout.
func castComposedValue(c *calc, v Value, n int64, up bool) Value {
	if v.Kind == ValComposed {
		return castComposed(c, v.Composed, n, up)
	}
	name := "downcast"
	if up {
		name = "upcast"
	}
	return sub(c, name, v, TupleValue(leaf(S(n))))
}

// evaluateComposed lists A(O + B(i)) for i < size(B), with evaluate's cap.
func evaluateComposed(cl *Composed) []int64 {
	return evaluateN(size(cl.Layout).val(), func(i int64) int64 { return composedIndex(cl, i) })
}

// maxAlignmentComposed is swizzle_layout.hpp's max_alignment of a swizzled
// layout: gcd(max_alignment(Sw) = _2^M, max_alignment(O), max_alignment(B)).
// CuTe has max_alignment for a static offset only (the offset itself: the
// gcd with the power of two _2^M keeps its power-of-two part); a dynamic
// offset is a compile error.
func maxAlignmentComposed(c *calc, cl *Composed) Int {
	if !cl.Offset.Static {
		refuse("no matching function for call to max_alignment(const int&)")
	}
	return igcd(igcd(S(int64(1)<<cl.Swizzle.M), cl.Offset), maxAlignment(c, cl.Layout))
}

// sliceComposed is slice and slice_and_offset of a swizzled layout. With
// only `_` in the coordinate CuTe keeps the swizzle and slices the inner
// layout, the offset being `_0`; other coordinates take CuTe's decay of the
// swizzle (swizzleDecay).
func sliceComposed(name string, c *calc, coord Value, cl *Composed) Value {
	r, off := composeBack(cl.Swizzle, cl.Offset, sliceLayout(coord.Tiler, cl.Layout)), S(0)
	if !allUnderscore(coord.Tiler) {
		r, off = swizzleDecay(c, coord.Tiler, cl)
	}
	if name == "slice" {
		return r
	}
	return pairValue(r, off)
}

// SwizzleFromNode converts a parsed Sw<B,M,S>.
func SwizzleFromNode(n notation.Node) (Swizzle, error) {
	sw, ok := n.(*notation.Swizzle)
	if !ok {
		return Swizzle{}, semErr(n, "a swizzle Sw<B,M,S>", "unexpected %s", describe(n))
	}
	if sw.B < -1<<31 || sw.B > 1<<31 || sw.M < -1<<31 || sw.M > 1<<31 || sw.S < -1<<31 || sw.S > 1<<31 {
		return Swizzle{}, semErr(n, "parameters that fit an int", "swizzle parameters out of range")
	}
	return Swizzle{B: int(sw.B), M: int(sw.M), S: int(sw.S)}, nil
}

// ComposedFromNode converts a parsed `Sw<B,M,S> o O o B` into a Composed:
// a swizzle, an integer offset and a layout.
func ComposedFromNode(n notation.Node) (Composed, error) {
	cn, ok := n.(*notation.Composed)
	if !ok {
		return Composed{}, semErr(n, "a composed layout Sw<B,M,S> o O o B", "unexpected %s", describe(n))
	}
	sw, err := SwizzleFromNode(cn.A)
	if err != nil {
		return Composed{}, err
	}
	off, ok := cn.O.(*notation.Int)
	if !ok {
		return Composed{}, semErr(cn.O, "an integer offset", "unexpected %s as the offset of a composed layout", describe(cn.O))
	}
	l, err := LayoutFromNode(cn.B)
	if err != nil {
		return Composed{}, err
	}
	return Composed{Swizzle: sw, Offset: Int{V: off.Value, Static: off.Static}, Layout: l}, nil
}

// Node returns the swizzle in the notation: Sw<B,M,S>.
func (s Swizzle) Node() notation.Node {
	return &notation.Swizzle{B: int64(s.B), M: int64(s.M), S: int64(s.S)}
}

func composedNode(c *Composed) notation.Node {
	return &notation.Composed{A: c.Swizzle.Node(), O: intNode(c.Offset), B: layoutNode(c.Layout)}
}

// extNode is the notation of the values of issue 19's kinds.
func extNode(v Value) notation.Node {
	switch v.Kind {
	case ValComposed:
		return composedNode(v.Composed)
	case ValSwizzle:
		return v.Swizzle.Node()
	case ValBasis:
		return basisLayoutNode(v.Basis)
	}
	first := layoutNode(v.Layout)
	if v.Composed != nil {
		first = composedNode(v.Composed)
	}
	return &notation.Tuple{Elems: []notation.Node{first, tupleNode(v.Tuple)}}
}

// pairValue is the tuple (layout or composed layout, offset).
func pairValue(first Value, off Int) Value {
	return Value{Kind: ValPair, Layout: first.Layout, Composed: first.Composed, Tuple: leaf(off)}
}

// ParseSwizzle parses a swizzle as CuTe prints it: `Sw<3,4,3>`.
func ParseSwizzle(src string) (Swizzle, error) {
	n, err := notation.Parse(src)
	if err != nil {
		return Swizzle{}, err
	}
	return SwizzleFromNode(n)
}

// ParseComposed parses a composed layout as CuTe prints it:
// `Sw<3,4,3> o _0 o (_8,_64):(_64,_1)`.
func ParseComposed(src string) (Composed, error) {
	n, err := notation.Parse(src)
	if err != nil {
		return Composed{}, err
	}
	return ComposedFromNode(n)
}

// PrintComposedLayout returns the text that CuTe's print_layout prints for
// a composed layout, byte for byte: PrintLayout's grid of the inner layout
// under the composed layout's own header line, each cell (m,n) holding
// Sw(O + B(m,n)), the width counting cosize (for a swizzled layout CuTe's
// cosize is the inner layout's). CuTe requires rank 2; a rank-1 composed
// layout is drawn as a column, as PrintLayout draws a rank-1 layout.
func PrintComposedLayout(c Composed) (s string, err error) {
	err = guard("print_layout", func() {
		checkSwizzle(c.Swizzle)
		s = printGrid(c.String(), c.Layout, func(v int64) int64 {
			return swizzleApply(c.Swizzle, D(addInt64(c.Offset.val(), v))).val()
		})
	})
	return
}
