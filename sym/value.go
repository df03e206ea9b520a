package sym

import (
	"fmt"

	"github.com/cutealg/cutealg/concrete"
	"github.com/cutealg/cutealg/internal/catalog"
	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/internal/tuple"
)

// TilerKind says what a leaf of a symbolic Tiler is.
type TilerKind uint8

const (
	// TileLayout: the leaf is a Layout (composed with the mode).
	TileLayout TilerKind = iota
	// TileInt: the leaf is an integer n (possibly symbolic), meaning the
	// layout n:_1.
	TileInt
	// TileKeep: the leaf is CuTe's `_` (keep the mode unchanged).
	TileKeep
)

// TilerLeaf is one leaf of a symbolic Tiler.
type TilerLeaf struct {
	Kind   TilerKind
	Layout Layout // Kind == TileLayout
	Int    Int    // Kind == TileInt
}

// Tiler is a symbolic CuTe Tiler: a Layout, an integer, `_`, or a tuple of
// Tilers, as concrete.Tiler with symbolic integers: (TM,TN), <_4:_2,N:_1>,
// (_,_8).
type Tiler = tuple.T[TilerLeaf]

// LayoutTiler wraps a Layout as a Tiler.
func LayoutTiler(l Layout) Tiler { return tuple.Leaf(TilerLeaf{Kind: TileLayout, Layout: l}) }

// TilerNode returns the notation tree of a Tiler.
func TilerNode(t Tiler) notation.Node {
	if t.IsLeaf() {
		lf := t.Value()
		switch lf.Kind {
		case TileLayout:
			return lf.Layout.Node()
		case TileInt:
			return lf.Int.Node()
		}
		return &notation.Underscore{}
	}
	ks := t.Kids()
	elems := make([]notation.Node, len(ks))
	for i, k := range ks {
		elems[i] = TilerNode(k)
	}
	return &notation.Tuple{Elems: elems}
}

// FormatTiler prints a Tiler as CuTe does: (_3:_4,TN).
func FormatTiler(t Tiler) string { return notation.Print(TilerNode(t)) }

// ParseTiler parses a symbolic tiler: a layout, an integer expression, `_`,
// or a tuple of tilers, in parentheses or angle brackets.
func ParseTiler(src string) (Tiler, error) {
	n, err := notation.Parse(src)
	if err != nil {
		return Tiler{}, err
	}
	return TilerFromNode(n)
}

// TilerFromNode converts a parsed tiler.
func TilerFromNode(n notation.Node) (Tiler, error) {
	switch n := n.(type) {
	case *notation.Layout:
		l, err := LayoutFromNode(n)
		if err != nil {
			return Tiler{}, err
		}
		return LayoutTiler(l), nil
	case *notation.Underscore:
		return tuple.Leaf(TilerLeaf{Kind: TileKeep}), nil
	case *notation.Tuple:
		if n == nil {
			return Tiler{}, semErr(nil, "a tiler", "nil node")
		}
		kids := make([]Tiler, len(n.Elems))
		for i, e := range n.Elems {
			k, err := TilerFromNode(e)
			if err != nil {
				return Tiler{}, err
			}
			kids[i] = k
		}
		return tuple.Of(kids...), nil
	case *notation.Int, *notation.Sym, *notation.Binary, *notation.Func:
		i, err := IntFromNode(n)
		if err != nil {
			return Tiler{}, err
		}
		return tuple.Leaf(TilerLeaf{Kind: TileInt, Int: i}), nil
	}
	return Tiler{}, semErr(n, "a tiler (layout, integer, '_' or tuple of tilers)", describeNode(n)+" where a tiler is expected")
}

// EvalTiler grounds a tiler at a binding that satisfies the assumptions.
func (c *Ctx) EvalTiler(t Tiler, b Binding) (concrete.Tiler, error) {
	if err := c.Satisfies(b); err != nil {
		return concrete.Tiler{}, err
	}
	return evalTiler(t, b)
}

func evalTiler(t Tiler, b Binding) (concrete.Tiler, error) {
	if t.IsLeaf() {
		lf := t.Value()
		switch lf.Kind {
		case TileLayout:
			l, err := evalLayout(lf.Layout, b)
			if err != nil {
				return concrete.Tiler{}, err
			}
			return concrete.LayoutTiler(l), nil
		case TileInt:
			v, err := evalInt(lf.Int, b)
			if err != nil {
				return concrete.Tiler{}, err
			}
			return tuple.Leaf(concrete.TilerLeaf{Kind: concrete.TileInt, Int: v}), nil
		}
		return tuple.Leaf(concrete.TilerLeaf{Kind: concrete.TileKeep}), nil
	}
	ks := t.Kids()
	out := make([]concrete.Tiler, len(ks))
	for i, k := range ks {
		v, err := evalTiler(k, b)
		if err != nil {
			return concrete.Tiler{}, err
		}
		out[i] = v
	}
	return tuple.Of(out...), nil
}

// Value is an argument or a result of a symbolic operation of the
// catalogue (internal/catalog): a layout, an IntTuple (an integer is a
// leaf), a tiler, a coordinate that may hold `_` (a Tiler of TileInt and
// TileKeep leaves), or a layout and its offset (the results of kind
// catalog.ResPair: Kind is catalog.Layout and Offset is set).
type Value struct {
	Kind   catalog.ArgKind // catalog.Layout, catalog.Tiler, catalog.Coord, catalog.Swizzle, or catalog.Tuple for tuples, shapes and parameters
	Layout Layout
	Tuple  IntTuple
	Tiler  Tiler // catalog.Tiler and catalog.Coord
	Offset *Int  // a layout and its offset (slice_and_offset, local_tile, local_partition)
	// Swizzle is the value of kind catalog.Swizzle: CuTe's
	// Swizzle<B,M,S>, whose parameters are static.
	Swizzle concrete.Swizzle
	// Head, when not nil on a layout, makes the value the swizzled layout
	// Head.Swizzle o Head.Offset o Layout (CuTe's ComposedLayout).
	Head *Swizzled
}

// Swizzled is the head Sw o O of a swizzled layout over symbols, CuTe's
// ComposedLayout<Swizzle<B,M,S>, O, Layout>, the function c ->
// Sw(O + Layout(c)): a swizzle with static parameters and an offset, an
// integer that may hold symbols.
type Swizzled struct {
	Swizzle concrete.Swizzle
	Offset  Int
}

// String prints the value in CuTe's syntax; a layout and its offset as
// CuTe prints the tuple: ((_4):(_1),j*M).
func (v Value) String() string { return notation.Print(v.Node()) }

// Same reports whether v and w print the same (String); a layout with no
// swizzle and no offset is compared without printing (Layout.Same).
func (v Value) Same(w Value) bool {
	if v.Kind == catalog.Layout && w.Kind == catalog.Layout && v.Head == nil && w.Head == nil && v.Offset == nil && w.Offset == nil {
		return v.Layout.Same(w.Layout)
	}
	return v.String() == w.String()
}

// Node returns the value in the notation: a layout (a swizzled one as
// Sw<B,M,S> o O o L; a layout and its offset as CuTe prints the tuple), a
// tiler or a coordinate, a swizzle, or an integer tuple.
func (v Value) Node() notation.Node {
	switch v.Kind {
	case catalog.Layout:
		if v.Head != nil {
			return &notation.Composed{A: v.Head.Swizzle.Node(), O: v.Head.Offset.Node(), B: v.Layout.Node()}
		}
		if v.Offset != nil {
			return &notation.Tuple{Elems: []notation.Node{v.Layout.Node(), v.Offset.Node()}}
		}
		return v.Layout.Node()
	case catalog.Tiler, catalog.Coord:
		return TilerNode(v.Tiler)
	case catalog.Swizzle:
		return v.Swizzle.Node()
	}
	return TupleNode(v.Tuple)
}

// CoordFromNode converts a parsed coordinate that may hold CuTe's `_`:
// integers (symbolic ones too), `_` and tuples of them, as a Tiler of
// TileInt and TileKeep leaves: (_,j), ((1,_),_).
func CoordFromNode(n notation.Node) (Tiler, error) {
	switch n := n.(type) {
	case *notation.Layout:
		return Tiler{}, semErr(n, "a coordinate (integers, '_' and tuples of them)", "a layout is not a coordinate")
	case *notation.Tuple:
		if n == nil {
			return Tiler{}, semErr(nil, "a coordinate", "nil node")
		}
		if n.Angle {
			return Tiler{}, semErr(n, "a coordinate (...)", "'<...>' is a tiler, not a coordinate")
		}
		kids := make([]Tiler, len(n.Elems))
		for i, e := range n.Elems {
			k, err := CoordFromNode(e)
			if err != nil {
				return Tiler{}, err
			}
			kids[i] = k
		}
		return tuple.Of(kids...), nil
	}
	return TilerFromNode(n)
}

// ArgFromNode is the symbolic engine's one converter from parsed notation
// to an argument of the kind an operation of the catalogue expects: a
// layout, a tiler (a layout, an integer, `_` or a tuple of tilers), or an
// IntTuple for tuples, shapes and parameters. A parameter (a template
// argument of CuTe: take<1,3>) must be constant.
//
// A swizzle (catalog.Swizzle) is Sw<B,M,S>; where a layout is expected, a
// swizzled layout Sw<B,M,S> o O o L (O an integer, which may hold symbols)
// is a layout value with a Head.
func ArgFromNode(n notation.Node, k catalog.ArgKind) (Value, error) {
	switch k {
	case catalog.Layout:
		if cn, ok := n.(*notation.Composed); ok {
			return composedFromNode(cn)
		}
		l, err := LayoutFromNode(n)
		return Value{Kind: catalog.Layout, Layout: l}, err
	case catalog.Swizzle:
		sw, err := concrete.SwizzleFromNode(n)
		return Value{Kind: catalog.Swizzle, Swizzle: sw}, err
	case catalog.Tiler:
		t, err := TilerFromNode(n)
		return Value{Kind: catalog.Tiler, Tiler: t}, err
	case catalog.Coord:
		t, err := CoordFromNode(n)
		return Value{Kind: catalog.Coord, Tiler: t}, err
	}
	t, err := TupleFromNode(n)
	if err != nil {
		return Value{}, err
	}
	if k == catalog.Param {
		for _, l := range t.Leaves(nil) {
			if _, ok := IsConst(l.E); !ok {
				return Value{}, semErr(n, "a constant template parameter", fmt.Sprintf("parameter %s is not a constant", l))
			}
		}
	}
	return Value{Kind: catalog.Tuple, Tuple: t}, nil
}

// Symbols lists the symbols of a value (repeats included, in the order of
// its leaves): those of a layout's shape and stride (and offset), of a
// tiler's or a coordinate's layouts and integers, or of an integer tuple.
func (v Value) Symbols() []string {
	switch v.Kind {
	case catalog.Layout:
		out := append(TupleSymbols(v.Layout.Shape), TupleSymbols(v.Layout.Stride)...)
		if v.Head != nil {
			out = append(out, Symbols(v.Head.Offset.E)...)
		}
		if v.Offset != nil {
			out = append(out, Symbols(v.Offset.E)...)
		}
		return out
	case catalog.Swizzle:
		return nil
	case catalog.Tiler, catalog.Coord:
		var out []string
		tuple.Fold(v.Tiler, 0, func(_ int, lf TilerLeaf) int {
			switch lf.Kind {
			case TileLayout:
				out = append(out, TupleSymbols(lf.Layout.Shape)...)
				out = append(out, TupleSymbols(lf.Layout.Stride)...)
			case TileInt:
				out = append(out, Symbols(lf.Int.E)...)
			}
			return 0
		})
		return out
	}
	return TupleSymbols(v.Tuple)
}

// EvalValue grounds a value at a binding the context allows (EvalLayout,
// EvalTiler or EvalTuple by its kind; a layout and its offset as
// concrete's ValPair).
func (c *Ctx) EvalValue(v Value, b Binding) (concrete.Value, error) {
	switch v.Kind {
	case catalog.Layout:
		l, err := c.EvalLayout(v.Layout, b)
		if err != nil {
			return concrete.Value{}, err
		}
		if v.Head != nil {
			off, err := evalInt(v.Head.Offset, b)
			if err != nil {
				return concrete.Value{}, fmt.Errorf("offset: %w", err)
			}
			return concrete.ComposedValue(concrete.Composed{Swizzle: v.Head.Swizzle, Offset: off, Layout: l}), nil
		}
		if v.Offset != nil {
			off, err := evalInt(*v.Offset, b)
			return concrete.Value{Kind: concrete.ValPair, Layout: l, Tuple: tuple.Leaf(off)}, err
		}
		return concrete.LayoutValue(l), nil
	case catalog.Swizzle:
		return concrete.Value{Kind: concrete.ValSwizzle, Swizzle: v.Swizzle}, nil
	case catalog.Tiler:
		t, err := c.EvalTiler(v.Tiler, b)
		return concrete.TilerValue(t), err
	case catalog.Coord:
		t, err := c.EvalTiler(v.Tiler, b)
		return concrete.Value{Kind: concrete.ValCoord, Tiler: t}, err
	}
	t, err := c.EvalTuple(v.Tuple, b)
	return concrete.TupleValue(t), err
}

// composedFromNode converts a parsed swizzled layout Sw<B,M,S> o O o L.
func composedFromNode(n *notation.Composed) (Value, error) {
	sw, err := concrete.SwizzleFromNode(n.A)
	if err != nil {
		return Value{}, err
	}
	off, err := IntFromNode(n.O)
	if err != nil {
		return Value{}, err
	}
	l, err := LayoutFromNode(n.B)
	if err != nil {
		return Value{}, err
	}
	return Value{Kind: catalog.Layout, Layout: l, Head: &Swizzled{Swizzle: sw, Offset: off}}, nil
}
