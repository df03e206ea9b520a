package concrete

import (
	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/internal/tuple"
)

// This file transcribes the layout functions of CuTe's layout.hpp (and the
// IntTuple functions of int_tuple.hpp and tuple_algorithms.hpp they apply
// to the shape and the stride) that issue 19 adds to the catalogue:
// recast_layout, make_layout_like, make_fragment_like, filter_zeros,
// coshape, coprofile, zip, unflatten, tile_unzip, domain_distribute,
// max_alignment, ceil_div of a layout and make_identity_layout.

func init() {
	register(
		&Op{Op: spec("recast_layout"),
			run: func(c *calc, a []Value) Value {
				return LayoutValue(recastLayout(c, a[0].Layout, paramInt(a[1]), paramInt(a[2])))
			}},
		&Op{Op: spec("make_layout_like"),
			run: func(_ *calc, a []Value) Value { return LayoutValue(makeLayoutLike(a[0].Layout)) }},
		&Op{Op: spec("make_fragment_like"),
			run: func(c *calc, a []Value) Value { return LayoutValue(makeFragmentLike(c, a[0].Layout)) }},
		&Op{Op: spec("filter_zeros"),
			run: func(_ *calc, a []Value) Value {
				l := a[0].Layout
				profile := l.Stride
				if len(a) > 1 {
					profile = a[1].Tuple
				}
				return LayoutValue(Layout{filterZeros(profile, l.Shape), l.Stride})
			}},
		&Op{Op: spec("coshape"),
			run: func(_ *calc, a []Value) Value { return TupleValue(leaf(cosize(layoutOf[Int](a[0].Layout)))) }},
		&Op{Op: spec("coprofile"),
			run: func(_ *calc, _ []Value) Value { return TupleValue(leaf(S(0))) }},
		&Op{Op: spec("zip"),
			run: func(_ *calc, a []Value) Value {
				l := a[0].Layout
				if len(a) > 1 {
					b := a[1].Layout
					return LayoutValue(Layout{zipTuple(tup(l.Shape, b.Shape)), zipTuple(tup(l.Stride, b.Stride))})
				}
				return LayoutValue(Layout{zipTuple(l.Shape), zipTuple(l.Stride)})
			}},
		&Op{Op: spec("unflatten"),
			run: func(c *calc, a []Value) Value { return LayoutValue(unflattenLayout(c, a[0].Layout, a[1].Tuple)) }},
		&Op{Op: spec("tile_unzip"),
			run: func(_ *calc, a []Value) Value {
				return LayoutValue(Layout(zip2By(layoutOf[Int](a[0].Layout), a[1].Tiler)))
			}},
		&Op{Op: spec("domain_distribute"),
			run: func(_ *calc, a []Value) Value { return LayoutValue(domainDistribute(a[0].Tuple, a[1].Tuple)) }},
		&Op{Op: spec("max_alignment"),
			run: func(c *calc, a []Value) Value { return TupleValue(leaf(maxAlignment(c, a[0].Layout))) }},
		&Op{Op: spec("ceil_div_layout"),
			run: func(c *calc, a []Value) Value {
				return TupleValue(sub(c, "complement", LayoutValue(a[1].Layout), a[0]).Layout.Shape)
			}},
		&Op{Op: spec("make_identity_layout"),
			run: func(_ *calc, a []Value) Value {
				return Value{Kind: ValBasis, Basis: MakeIdentityLayout(a[0].Tuple)}
			}},
	)
}

// sub runs the catalogue's operation name on arguments already checked,
// inside another operation (its errors are the caller's).
func sub(c *calc, name string, args ...Value) Value {
	op, ok := implemented[name]
	if !ok {
		panic("concrete: " + name + " is not implemented")
	}
	return op.call(c, args)
}

// RecastLayout mirrors cute::recast_layout<OldType,NewType>(layout) for
// element types of oldBits and newBits bits: with newBits/oldBits reduced to
// num/den, the layout itself (1/1), downcast<den> (num 1), upcast<num> (den
// 1), or downcast<den>(upcast<num>(layout)). Bit widths must be positive.
func RecastLayout(l Layout, oldBits, newBits int, opts ...Option) (r Layout, err error) {
	err = guard("recast_layout", func() {
		requireCongruent(&l)
		var c calc
		c.apply(opts)
		r = recastLayout(&c, l, oldBits, newBits)
	})
	return
}

// castRatio is recast_layout's newBits/oldBits reduced to num/den.
func castRatio(oldBits, newBits int) (num, den int64) {
	if oldBits <= 0 || newBits <= 0 {
		badInput("bit widths %d and %d: want positive widths", oldBits, newBits)
	}
	g := int64(1)
	for a, b := int64(newBits), int64(oldBits); b != 0; a, b = b, a%b {
		g = b
	}
	return int64(newBits) / g, int64(oldBits) / g
}

func recastLayout(c *calc, l Layout, oldBits, newBits int) Layout {
	num, den := castRatio(oldBits, newBits)
	if num != 1 {
		l = sub(c, "upcast", LayoutValue(l), TupleValue(leaf(S(num)))).Layout
	}
	if den != 1 {
		l = sub(c, "downcast", LayoutValue(l), TupleValue(leaf(S(den)))).Layout
	}
	return l
}

// MakeLayoutLike mirrors cute::make_layout_like(layout): the compact layout
// of the same shape whose strides follow the order of layout's strides
// (make_ordered_layout with them as the order), the modes with a static
// `_0` stride keeping `_0`: `(2,3,4,5):(_0,42,_1,_0)` gives
// `(2,3,4,5):(_0,4,_1,_0)`.
func MakeLayoutLike(l Layout) (r Layout, err error) {
	err = guard("make_layout_like", func() {
		requireCongruent(&l)
		r = makeLayoutLike(l)
	})
	return
}

func makeLayoutLike(l Layout) Layout {
	return Layout{l.Shape, makeOrderedLayout(filterZeros(l.Stride, l.Shape), l.Stride).Stride}
}

// MakeFragmentLike mirrors cute::make_fragment_like(layout): for a static
// shape of rank > 1, tiled_product of mode 0 made column-major (static `_0`
// strides kept) with make_ordered_layout of the other modes in the order of
// their strides; otherwise the column-major layout of the shape.
func MakeFragmentLike(l Layout, opts ...Option) (r Layout, err error) {
	err = guard("make_fragment_like", func() {
		requireCongruent(&l)
		var c calc
		c.apply(opts)
		r = makeFragmentLike(&c, l)
	})
	return
}

func makeFragmentLike(c *calc, l Layout) Layout {
	r := 1
	if !l.Shape.IsLeaf() {
		r = l.Rank()
	}
	if r <= 1 || !isStaticTuple(l.Shape) {
		return Layout(makeLayoutLeft(l.Shape))
	}
	s0, d0 := l.Shape.At(0), l.Stride.At(0)
	d, _ := compactLeft(filterZeros(d0, s0), S(1))
	first := Layout{s0, d}
	rest := makeOrderedLayout(takeModes(l.Shape, 1, r), takeModes(l.Stride, 1, r))
	return sub(c, "tiled_product", LayoutValue(first), TilerValue(LayoutTiler(rest))).Layout
}

// isStaticTuple is CuTe's is_static<IntTuple>.
func isStaticTuple(t IntTuple) bool {
	return tuple.Fold(t, true, func(ok bool, x Int) bool { return ok && x.Static })
}

// FilterZeros mirrors cute::filter_zeros(layout[, profile]): the layout with
// the extent _1 in every mode where the profile (by default the stride)
// holds the static `_0`; a dynamic 0 is kept. With a profile, the profile
// must match the shape's structure down to its leaves.
func FilterZeros(l Layout, profile ...IntTuple) (r Layout, err error) {
	err = guard("filter_zeros", func() {
		requireCongruent(&l)
		p := l.Stride
		if len(profile) > 0 {
			p = profile[0]
		}
		r = Layout{filterZeros(p, l.Shape), l.Stride}
	})
	return
}

// filterZeros is int_tuple.hpp's filter_zeros(a, b): b with _1 where a
// holds the static `_0` (the whole sub-tree of b under such a leaf).
func filterZeros(a, b IntTuple) IntTuple {
	if a.IsLeaf() {
		if a.Value().IsConst(0) {
			return repeatLike(b, S(1))
		}
		return b
	}
	if b.IsLeaf() {
		noTupleSize(b.Value())
	}
	if a.Rank() != b.Rank() {
		refuse("Mismatched Ranks")
	}
	kids := make([]IntTuple, a.Rank())
	for i := range kids {
		kids[i] = filterZeros(a.At(i), b.At(i))
	}
	return tup(kids...)
}

// repeatLike is CuTe's repeat_like(t, x).
func repeatLike(t IntTuple, x Int) IntTuple {
	if t.IsLeaf() {
		return leaf(x)
	}
	kids := make([]IntTuple, t.Rank())
	for i := range kids {
		kids[i] = repeatLike(t.At(i), x)
	}
	return tup(kids...)
}

// zipTuple is tuple_algorithms.hpp's zip(t): for a tuple of tuples of one
// rank r, the r-tuple of their i-th elements; a tuple whose first element
// is an integer becomes the 1-tuple (t); an integer stays.
func zipTuple(t IntTuple) IntTuple {
	if t.IsLeaf() {
		return t
	}
	if t.Rank() == 0 {
		refuse("Index out of range")
	}
	first := t.At(0)
	if first.IsLeaf() {
		return tup(t)
	}
	r := first.Rank()
	for _, k := range t.Kids() {
		if k.IsLeaf() {
			noTupleSize(k.Value())
		}
		if k.Rank() != r {
			refuse("Mismatched Ranks")
		}
	}
	out := make([]IntTuple, r)
	for j := range out {
		col := make([]IntTuple, t.Rank())
		for i, k := range t.Kids() {
			col[i] = k.At(j)
		}
		out[j] = tup(col...)
	}
	return tup(out...)
}

// Zip mirrors cute::zip(layout) and, with a second layout, zip(a, b) =
// zip of the pair: the i-th mode of the result gathers the i-th sub-mode of
// every mode. `((_2,_3),(_4,_5)):((_1,_2),(_6,_24))` gives
// `((_2,_4),(_3,_5)):((_1,_6),(_2,_24))`.
func Zip(a Layout, b ...Layout) (r Layout, err error) {
	err = guard("zip", func() {
		requireCongruent(&a)
		if len(b) > 0 {
			requireCongruent(&b[0])
			r = Layout{zipTuple(tup(a.Shape, b[0].Shape)), zipTuple(tup(a.Stride, b[0].Stride))}
			return
		}
		r = Layout{zipTuple(a.Shape), zipTuple(a.Stride)}
	})
	return
}

// Unflatten mirrors cute::unflatten(layout, profile): the flat layout's
// modes regrouped into the profile's structure, one mode per leaf of the
// profile. CuTe refuses a profile with fewer leaves than the layout has
// modes (its rank(remainder) == _0 assertion) or more; it does not check
// that the layout is flat: then the result is not congruent with the
// profile (a warning in CuTe mode, an error in strict mode).
func Unflatten(l Layout, profile IntTuple, opts ...Option) (r Layout, err error) {
	err = guard("unflatten", func() {
		requireCongruent(&l)
		var c calc
		c.apply(opts)
		r = unflattenLayout(&c, l, profile)
	})
	return
}

func unflattenLayout(c *calc, l Layout, profile IntTuple) Layout {
	r := Layout{unflatten(l.Shape, profile), unflatten(l.Stride, profile)}
	if checksWanted(c) && !tuple.Congruent(r.Shape, profile) {
		c.violated(Violation{Op: "unflatten", Cond: "unflatten.congruent", Index: -1, Got: r.String(), Operands: []string{"A=" + l.String(), "P=" + FormatTuple(profile)}},
			"unflatten: %v is not flat, so the result %v is not congruent with the profile %s", l, r, FormatTuple(profile))
	}
	return r
}

// unflatten is tuple_algorithms.hpp's unflatten(flat, profile).
func unflatten(flat, profile IntTuple) IntTuple {
	elems := []IntTuple{flat}
	if !flat.IsLeaf() {
		elems = flat.Kids()
	}
	r, rest := unflattenImpl(elems, profile)
	if len(rest) != 0 {
		refuse("rank(flat_remainder) == Int<0>{}")
	}
	return r
}

func unflattenImpl(flat []IntTuple, profile IntTuple) (IntTuple, []IntTuple) {
	if profile.IsLeaf() {
		if len(flat) == 0 {
			refuse("Index out of range")
		}
		return flat[0], flat[1:]
	}
	kids := make([]IntTuple, profile.Rank())
	for i := range kids {
		kids[i], flat = unflattenImpl(flat, profile.At(i))
	}
	return tup(kids...), flat
}

// DomainDistribute mirrors cute::domain_distribute(a, b): the ordered
// layout over the static shape a that takes gcd(a_i, rest of size(b)) of
// each leaf, column-major in a, coalesced. b must be a static integer and a
// static. domain_distribute((_15,_14), _6) is `(_3,_2):(_1,_15)`.
func DomainDistribute(a, b IntTuple, opts ...Option) (r Layout, err error) {
	err = guard("domain_distribute", func() {
		r = domainDistribute(a, b)
	})
	return
}

func domainDistribute(a, b IntTuple) Layout {
	if !b.IsLeaf() {
		refuse("is_integral<ShapeB>::value")
	}
	if !b.Value().Static {
		refuse("is_static<ShapeB>::value")
	}
	flat := a.Leaves(nil)
	for _, x := range flat {
		if !x.Static {
			refuse("is_static<decltype(flat_shape_a)>::value")
		}
	}
	rest := b.Value()
	shape := make([]IntTuple, len(flat))
	for i, x := range flat {
		g := igcd(x, rest)
		shape[i] = leaf(g)
		rest = idiv(rest, g)
	}
	flatShape := make([]IntTuple, len(flat))
	for i, x := range flat {
		flatShape[i] = leaf(x)
	}
	stride, _ := compactLeft(tup(flatShape...), S(1))
	return Layout(coalesce(layoutOf[Int]{tup(shape...), stride}))
}

// igcd is CuTe's gcd of two integers: static when both are, never negative.
func igcd(a, b Int) Int {
	x, y := absInt64(a.val()), absInt64(b.val())
	for y != 0 {
		x, y = y, x%y
	}
	return Int{V: x, Static: a.Static && b.Static}
}

// MaxAlignment mirrors cute::max_alignment(layout): the largest N for which
// upcast<N>(layout) compiles, from the static shapes and strides of the
// coalesced layout only (dynamic extents count as _1, dynamic strides as
// `_0`): gcd(size<0>(P), stride<1>(P)) for P = logical_divide(F,
// right_inverse(F)), F that static part. Always static.
func MaxAlignment(l Layout, opts ...Option) (r Int, err error) {
	err = guard("max_alignment", func() {
		requireCongruent(&l)
		var c calc
		c.apply(opts)
		r = maxAlignment(&c, l)
	})
	return
}

func maxAlignment(c *calc, l Layout) Int {
	flat := Layout(coalesce(layoutOf[Int](l)))
	keep := func(t IntTuple, dyn Int) IntTuple {
		if t.IsLeaf() {
			if t.Value().Static {
				return t
			}
			return leaf(dyn)
		}
		kids := make([]IntTuple, t.Rank())
		for i, k := range t.Kids() {
			if x := k.Value(); x.Static {
				kids[i] = k
			} else {
				kids[i] = leaf(dyn)
			}
		}
		return tup(kids...)
	}
	f := Layout{keep(flat.Shape, S(1)), keep(flat.Stride, S(0))}
	inv := sub(c, "right_inverse", LayoutValue(f)).Layout
	p := sub(c, "logical_divide", LayoutValue(f), LayoutValue(inv)).Layout
	d1 := p.Stride.At(1)
	if !d1.IsLeaf() {
		refuse("no matching function for call to gcd of a tuple stride %s", FormatTuple(d1))
	}
	return igcd(product(p.Shape.At(0)), d1.Value())
}

// BasisLayout is a layout whose strides are CuTe's scaled basis elements
// (arithmetic_tuple.hpp's ScaledBasis), the result of make_identity_layout:
// `(2,(_3,4)):(_1@0,(_1@0@1,_1@1@1))`. It is a result only; the algebra
// over such strides (ArithmeticTuple codomains) is not part of this engine.
type BasisLayout struct {
	Shape  IntTuple
	Stride tuple.T[Basis]
}

// Basis is one scaled basis element: the integer Value at the position
// Modes (outermost mode first: E<0,1> is mode 1 of mode 0), printed by
// CuTe in the reverse order, `_1@1@0`.
type Basis struct {
	Value Int
	Modes []int
}

// String prints the layout as CuTe does.
func (b *BasisLayout) String() string { return notation.Print(basisLayoutNode(b)) }

// MakeIdentityLayout mirrors cute::make_identity_layout(shape): the layout
// of the shape whose stride is make_basis_like(shape), mapping every
// coordinate to itself: `(2,3)` gives `(2,3):(_1@0,_1@1)`.
func MakeIdentityLayout(shape IntTuple) *BasisLayout {
	return &BasisLayout{Shape: shape, Stride: basisLike(shape, nil)}
}

// basisLike is make_basis_like<Ns...>(shape): E<Ns...> at every leaf, the
// mode index appended at every level.
func basisLike(shape IntTuple, ns []int) tuple.T[Basis] {
	if shape.IsLeaf() {
		return tuple.Leaf(Basis{Value: S(1), Modes: append([]int(nil), ns...)})
	}
	kids := make([]tuple.T[Basis], shape.Rank())
	for i := range kids {
		kids[i] = basisLike(shape.At(i), append(ns[:len(ns):len(ns)], i))
	}
	return tuple.Of(kids...)
}

func basisLayoutNode(b *BasisLayout) notation.Node {
	var stride func(t tuple.T[Basis]) notation.Node
	stride = func(t tuple.T[Basis]) notation.Node {
		if t.IsLeaf() {
			e := t.Value()
			n := &notation.Basis{Value: &notation.Int{Value: e.Value.val(), Static: e.Value.Static}}
			for i := len(e.Modes) - 1; i >= 0; i-- {
				n.Modes = append(n.Modes, int64(e.Modes[i]))
			}
			if len(n.Modes) == 0 {
				return n.Value
			}
			return n
		}
		elems := make([]notation.Node, t.Rank())
		for i := range elems {
			elems[i] = stride(t.At(i))
		}
		return &notation.Tuple{Elems: elems}
	}
	return &notation.Layout{Shape: tupleNode(b.Shape), Stride: stride(b.Stride)}
}

// Coshape mirrors cute::coshape(layout) for integer strides:
// inner_product(shape - _1, abs(stride)) + _1, the codomain extent, which is
// cosize(layout) (static only when every leaf it is computed from is).
//
// Post-condition: size(coshape(A)) == cosize(A).
func Coshape(l Layout) (r Int, err error) {
	err = guard("coshape", func() {
		requireCongruent(&l)
		r = cosize(layoutOf[Int](l))
	})
	return
}

// Coprofile mirrors cute::coprofile(layout) for integer strides:
// repeat_like of the (integer) sum of the strides with `_0`, that is `_0`.
func Coprofile(l Layout) (r Int, err error) {
	err = guard("coprofile", func() {
		requireCongruent(&l)
		r = S(0)
	})
	return
}

// TileUnzip mirrors cute::tile_unzip(layout, tiler): zip2_by of the shape
// and the stride by the tiler's profile, the rank-2 modes at its terminals
// split into a first mode of their first halves and a second of their
// second halves followed by the modes the tiler does not reach:
// `((2,2),(3,4)):((1,8),(2,16))` by `(2:1,3:1)` is
// `((2,3),(2,4)):((1,2),(8,16))`.
func TileUnzip(l Layout, t Tiler) (r Layout, err error) {
	err = guard("tile_unzip", func() {
		requireCongruent(&l)
		requireTiler(&t)
		r = Layout(zip2By(layoutOf[Int](l), t))
	})
	return
}

// CeilDivLayout mirrors cute::ceil_div(target, tiler) for a layout tiler:
// shape(complement(tiler, shape(target))), the "rest" modes of
// logical_divide(target, tiler), computed without its compositional checks
// (CuTe's note: ceil_div may give a result where logical_divide does not).
// Complement's refusals and warnings apply.
func CeilDivLayout(target IntTuple, tiler Layout, opts ...Option) (r IntTuple, err error) {
	err = guard("ceil_div_layout", func() {
		requireCongruent(&tiler)
		var c calc
		c.apply(opts)
		r = sub(&c, "complement", LayoutValue(tiler), TupleValue(target)).Layout.Shape
	})
	return
}
