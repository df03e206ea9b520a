package concrete

import (
	"fmt"

	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/internal/tuple"
)

// ParseTuple parses an IntTuple in CuTe print syntax: `(_2,(3,_4))`, `8`.
// Errors are *notation.SyntaxError values with a line:col position.
func ParseTuple(src string) (IntTuple, error) {
	n, err := notation.Parse(src)
	if err != nil {
		return IntTuple{}, err
	}
	return TupleFromNode(n)
}

// ParseLayout parses a Layout in CuTe print syntax: `(_4,8):(_1,_4)`.
// Shape and stride must be congruent.
func ParseLayout(src string) (Layout, error) {
	n, err := notation.Parse(src)
	if err != nil {
		return Layout{}, err
	}
	return LayoutFromNode(n)
}

// ParseTiler parses a Tiler: a layout, an integer, `_`, or a tuple of tilers
// written `(...)` or `<...>`.
func ParseTiler(src string) (Tiler, error) {
	n, err := notation.Parse(src)
	if err != nil {
		return Tiler{}, err
	}
	return TilerFromNode(n)
}

func semErr(n notation.Node, expected, format string, args ...any) error {
	return &notation.SyntaxError{Pos: n.Pos(), Msg: fmt.Sprintf(format, args...), Expected: expected}
}

// TupleFromNode converts a parsed node into an IntTuple: integer literals
// and tuples of them only.
func TupleFromNode(n notation.Node) (IntTuple, error) {
	switch n := n.(type) {
	case *notation.Int:
		return tuple.Leaf(Int{V: n.Value, Static: n.Static}), nil
	case *notation.Tuple:
		if n.Angle {
			return IntTuple{}, semErr(n, "an integer tuple (...)", "'<...>' is a tiler, not an integer tuple")
		}
		kids := make([]IntTuple, len(n.Elems))
		for i, e := range n.Elems {
			k, err := TupleFromNode(e)
			if err != nil {
				return IntTuple{}, err
			}
			kids[i] = k
		}
		return tuple.Of(kids...), nil
	case *notation.Sym, *notation.Binary, *notation.Func:
		return IntTuple{}, semErr(n, "an integer literal", "symbolic expression %s in a concrete value", notation.Print(n))
	default:
		return IntTuple{}, semErr(n, "an integer or a tuple of integers", "unexpected %s", describe(n))
	}
}

// LayoutFromNode converts a parsed Shape:Stride node into a Layout.
func LayoutFromNode(n notation.Node) (Layout, error) {
	ln, ok := n.(*notation.Layout)
	if !ok {
		return Layout{}, semErr(n, "a layout Shape:Stride", "unexpected %s", describe(n))
	}
	sh, err := TupleFromNode(ln.Shape)
	if err != nil {
		return Layout{}, err
	}
	st, err := TupleFromNode(ln.Stride)
	if err != nil {
		return Layout{}, err
	}
	if !tuple.Congruent(sh, st) {
		return Layout{}, semErr(ln.Stride, "a stride congruent with the shape", "shape %s and stride %s are not congruent", notation.Print(ln.Shape), notation.Print(ln.Stride))
	}
	return Layout{Shape: sh, Stride: st}, nil
}

// TilerFromNode converts a parsed node into a Tiler.
func TilerFromNode(n notation.Node) (Tiler, error) {
	switch n := n.(type) {
	case *notation.Layout:
		l, err := LayoutFromNode(n)
		if err != nil {
			return Tiler{}, err
		}
		return LayoutTiler(l), nil
	case *notation.Int:
		return tuple.Leaf(TilerLeaf{Kind: TileInt, Int: Int{V: n.Value, Static: n.Static}}), nil
	case *notation.Underscore:
		return tuple.Leaf(TilerLeaf{Kind: TileKeep}), nil
	case *notation.Tuple:
		kids := make([]Tiler, len(n.Elems))
		for i, e := range n.Elems {
			k, err := TilerFromNode(e)
			if err != nil {
				return Tiler{}, err
			}
			kids[i] = k
		}
		return tuple.Of(kids...), nil
	case *notation.Sym, *notation.Binary, *notation.Func:
		return Tiler{}, semErr(n, "an integer literal", "symbolic expression %s in a concrete value", notation.Print(n))
	default:
		return Tiler{}, semErr(n, "a tiler (layout, integer, '_' or tuple of tilers)", "unexpected %s", describe(n))
	}
}

func describe(n notation.Node) string {
	switch n.(type) {
	case *notation.Int:
		return "integer"
	case *notation.Sym:
		return "symbol"
	case *notation.Binary, *notation.Func:
		return "expression"
	case *notation.Underscore:
		return "'_'"
	case *notation.Tuple:
		return "tuple"
	case *notation.Layout:
		return "layout"
	case *notation.Call:
		return "call expression"
	case *notation.Swizzle:
		return "swizzle"
	case *notation.Composed:
		return "composed layout"
	case *notation.Basis:
		return "scaled basis element"
	default:
		return "condition"
	}
}
