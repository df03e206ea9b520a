package concrete

import (
	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/internal/tuple"
)

// IntTuple is CuTe's IntTuple: an Int or a tuple of IntTuples. Shapes,
// strides, coordinates and profiles are IntTuples.
type IntTuple = tuple.T[Int]

// Layout is CuTe's Layout<Shape,Stride>: a function from coordinates (or
// 1-D indices) to indices, given by congruent Shape and Stride IntTuples.
// Values are immutable: operations never modify their arguments.
type Layout struct {
	Shape, Stride IntTuple
}

// layoutOf is Layout over the integer type I of the generic transcriptions
// (see integer): layoutOf[Int] and Layout have the same fields, and convert
// into each other without a copy.
type layoutOf[I any] struct {
	Shape, Stride tuple.T[I]
}

// tilerLeaf is the leaf type of the tilers the generic transcriptions take
// apart (see integer): TilerLeaf for I = Int, or the planner's traced
// leaf. Its methods read the fields of TilerLeaf.
type tilerLeaf[I any] interface {
	kind() TilerKind
	layout() layoutOf[I] // kind() == TileLayout
	integer() I          // kind() == TileInt
}

func (l TilerLeaf) kind() TilerKind       { return l.Kind }
func (l TilerLeaf) layout() layoutOf[Int] { return layoutOf[Int](l.Layout) }
func (l TilerLeaf) integer() Int          { return l.Int }

// rank and mode are Layout.Rank and Layout.Mode.
func (l layoutOf[I]) rank() int { return l.Shape.Rank() }

func (l layoutOf[I]) mode(i int) layoutOf[I] { return layoutOf[I]{l.Shape.At(i), l.Stride.At(i)} }

// plainLayout is l with Int leaves, for a message or a check (l itself
// when I is Int).
func plainLayout[I integer[I]](l layoutOf[I]) Layout {
	return Layout{plainTuple(l.Shape), plainTuple(l.Stride)}
}

// plainTuple is t with Int leaves (see integer.plainTuple).
func plainTuple[I integer[I]](t tuple.T[I]) IntTuple {
	var z I
	return z.plainTuple(t)
}

// String prints l exactly as CuTe's print(layout) does, e.g.
// `(_5,(_2,_2)):(_16,(_80,_4))`.
func (l Layout) String() string { return notation.Print(layoutNode(l)) }

// Rank is CuTe's rank(layout): the number of top-level modes.
func (l Layout) Rank() int { return l.Shape.Rank() }

// Mode is CuTe's layout<i>(l): the i-th top-level mode as a layout. Like a
// slice index it panics when i is out of range (0 <= i < Rank()) or when l
// is a hand-built layout whose shape and stride are not congruent; Get and
// the catalogue's `get` check both and return an error instead.
func (l Layout) Mode(i int) Layout { return Layout{l.Shape.At(i), l.Stride.At(i)} }

// TilerKind says what a Tiler leaf is.
type TilerKind uint8

const (
	// TileLayout: the leaf is a Layout (composed with the mode).
	TileLayout TilerKind = iota
	// TileInt: the leaf is an integer n, meaning make_layout(n): n:_1 (a
	// static _1 is _1:_0 where the divides and products read it;
	// composition reads every n as n:_1).
	TileInt
	// TileKeep: the leaf is CuTe's `_` (keep the mode unchanged).
	TileKeep
)

// TilerLeaf is one leaf of a Tiler: a layout, an integer or `_`.
type TilerLeaf struct {
	Kind   TilerKind
	Layout Layout // Kind == TileLayout
	Int    Int    // Kind == TileInt
}

// Tiler is CuTe's Tiler: a Layout, an integer, `_`, or a tuple of Tilers
// (CuTe prints `(_3:_4,_8:_2)`, the docs write `<3:4,8:2>`). A plain shape
// such as `(_3,_8)` is a tuple of integer tilers.
type Tiler = tuple.T[TilerLeaf]

// LayoutTiler wraps a Layout as a Tiler.
func LayoutTiler(l Layout) Tiler { return tuple.Leaf(TilerLeaf{Kind: TileLayout, Layout: l}) }

// String-form helpers: conversion to the notation AST, so that printing
// goes through the one printer of internal/notation.

func intNode(i Int) notation.Node { return &notation.Int{Value: i.val(), Static: i.Static} }

func tupleNode(t IntTuple) notation.Node {
	if t.IsLeaf() {
		return intNode(t.Value())
	}
	ks := t.Kids()
	elems := make([]notation.Node, len(ks))
	for i, k := range ks {
		elems[i] = tupleNode(k)
	}
	return &notation.Tuple{Elems: elems}
}

func layoutNode(l Layout) notation.Node {
	return &notation.Layout{Shape: tupleNode(l.Shape), Stride: tupleNode(l.Stride)}
}

func tilerNode(t Tiler) notation.Node {
	if t.IsLeaf() {
		lf := t.Value()
		switch lf.Kind {
		case TileLayout:
			return layoutNode(lf.Layout)
		case TileInt:
			return intNode(lf.Int)
		default:
			return &notation.Underscore{}
		}
	}
	ks := t.Kids()
	elems := make([]notation.Node, len(ks))
	for i, k := range ks {
		elems[i] = tilerNode(k)
	}
	return &notation.Tuple{Elems: elems}
}

// FormatTuple prints an IntTuple as CuTe does: `(_1,(2,_3))`, `_6`.
func FormatTuple(t IntTuple) string { return notation.Print(tupleNode(t)) }

// FormatTiler prints a Tiler as CuTe does: `(_3:_4,_8:_2)`.
func FormatTiler(t Tiler) string { return notation.Print(tilerNode(t)) }
