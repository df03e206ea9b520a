package concrete

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/internal/tuple"
)

// Palette is the one colour palette of cutealg's pictures: CuTe's
// TikzColor_TV (cute/util/print_latex.hpp), eight light colours as red,
// green, blue in 0..255. print_latex_tv colours a cell by its thread t
// with Palette[t%8]; the SVG pictures (internal/picture) take their
// colours from it too.
var Palette = [8][3]uint8{
	{175, 175, 255}, {175, 255, 175}, {255, 255, 175}, {255, 175, 175},
	{210, 210, 255}, {210, 255, 210}, {255, 255, 210}, {255, 210, 210},
}

// MaxTVPairs is the largest number of (thread, value) pairs, size(tv),
// that NewTVGrid walks; a larger TV layout is refused.
const MaxTVPairs = 1 << 20

// TVCell is one cell of a TV grid: the tile coordinate (M, N) and the
// (thread, value) pair (T, V) drawn in it.
type TVCell struct{ M, N, T, V int64 }

// TVGrid is what CuTe's print_latex_tv(layout_tv, tile_mn) draws for a
// (thread, value) -> index layout tv over a tile of Rows x Cols elements,
// called as CuTe's users call it: print_latex_tv(composition(
// make_identity_layout(tile), tv), tile). The index k of an element is its
// column-major position in the tile, (k % Rows, k / Rows).
type TVGrid struct {
	// Composed is how CuTe prints composition(make_identity_layout(tile),
	// tv): the shape of the composition and its strides as scaled basis
	// elements, k@0 a step of k rows and k@1 a step of k columns (a static
	// stride _0 stays _0).
	Composed   string
	Rows, Cols int64
	// Cells are the cells drawn, in print_latex_tv's order: threads t
	// outer, values v inner, each tile coordinate drawn by the first pair
	// that reaches it.
	Cells []TVCell
}

// NewTVGrid returns the TV grid of tv over tile. tv must have rank 2 (its
// modes are the threads and the values; CuTe's static assertion
// rank(layout_tv) == 2), tile must be a pair of two integers (M,N) with at
// most MaxPrintLayoutDim each, and size(tv) at most MaxTVPairs. Every pair
// must land inside the tile: CuTe's print_latex_tv would index outside its
// (M,N) table otherwise, so a pair that does not is refused.
//
// The composition with the identity layout (M,N):(_1@0,_1@1) is computed
// by this package's Composition with the integer strides (_1,_B) in
// place of the basis, B larger than every stride of tv: CuTe's
// composition and coalesce treat the two alike (they only multiply
// strides, and merge modes only where a static shape times a stride equals
// the next stride, which B never makes true), so each stride of the
// result is k (k@0) or k*B (k@1). A dynamic 0 stride only arises where
// the identity layout coalesced to its column mode (M is _1), so it is
// 0@1.
func NewTVGrid(tv Layout, tile IntTuple) (g TVGrid, err error) {
	err = guard("print_latex_tv", func() { g = newTVGrid(tv, tile) })
	return
}

func newTVGrid(tv Layout, tile IntTuple) TVGrid {
	requireCongruent(&tv)
	if r := tv.Rank(); r != 2 || tv.Shape.IsLeaf() {
		refuse("rank(layout_tv) == 2 required; got rank %d", r)
	}
	pair := !tile.IsLeaf() && tile.Rank() == 2
	var tm, tn IntTuple
	if pair {
		tm, tn = tile.At(0), tile.At(1)
	}
	if !pair || !tm.IsLeaf() || !tn.IsLeaf() {
		badInput("the tile must be two integers (M,N); got %s", FormatTuple(tile))
	}
	rows, cols := tm.Value(), tn.Value()
	nr, nc := rows.val(), cols.val()
	if nr < 1 || nc < 1 || nr > MaxPrintLayoutDim || nc > MaxPrintLayoutDim {
		badInput("tile (%d,%d) must have 1 to MaxPrintLayoutDim (%d) rows and columns", nr, nc, MaxPrintLayoutDim)
	}
	threads, values := size(tv.Mode(0)).val(), size(tv.Mode(1)).val()
	if threads < 0 || values < 0 || threads*values > MaxTVPairs {
		badInput("%d threads x %d values: more than MaxTVPairs (%d) pairs, or a negative size", threads, values, MaxTVPairs)
	}
	// the stand-in for the column basis: larger than any stride of tv and
	// unequal to M (so that M*_1 == _B never merges the two modes)
	b := tuple.Fold(tv.Stride, int64(1), func(acc int64, d Int) int64 { return max(acc, absInt64(d.val())+1) })
	if b == nr {
		b++
	}
	id := Layout{Shape: tup(leaf(rows), leaf(cols)), Stride: tup(leaf(S(1)), leaf(S(b)))}
	c := Layout(composition(&calc{}, layoutOf[Int](id), layoutOf[Int](tv)))
	// split the strides: rowPart holds the k of k@0, colPart the k of k@1
	basis := tuple.Map(c.Stride, func(d Int) scaled {
		switch {
		case d.val() == 0 && d.Static:
			return scaled{k: d, mode: -1}
		case d.val() == 0 && rows.IsConst(1):
			return scaled{k: d, mode: 1}
		case d.val() == 0:
			badInput("dynamic stride 0 in %s: unexpected basis (report this)", c)
		case d.val()%b == 0:
			return scaled{k: Int{V: d.val() / b, Static: d.Static}, mode: 1}
		}
		return scaled{k: d, mode: 0}
	})
	part := func(mode int) Layout {
		return Layout{Shape: c.Shape, Stride: tuple.Map(basis, func(s scaled) Int {
			if s.mode == mode {
				return s.k
			}
			return S(0)
		})}
	}
	rowPart, colPart := part(0), part(1)
	g := TVGrid{
		Composed: notation.Print(&notation.Layout{Shape: tupleNode(c.Shape), Stride: basisNode(basis)}),
		Rows:     nr,
		Cols:     nc,
	}
	filled := make([]bool, nr*nc)
	for t := range threads {
		for v := range values {
			m := addInt64(index(rowPart.Mode(0), t), index(rowPart.Mode(1), v))
			n := addInt64(index(colPart.Mode(0), t), index(colPart.Mode(1), v))
			if m < 0 || m >= nr || n < 0 || n >= nc {
				badInput("(t,v) = (%d,%d) maps to (%d,%d), outside the tile (%d,%d)", t, v, m, n, nr, nc)
			}
			if !filled[m+n*nr] {
				filled[m+n*nr] = true
				g.Cells = append(g.Cells, TVCell{M: m, N: n, T: t, V: v})
			}
		}
	}
	return g
}

// scaled is a stride of a composition with an identity layout: k times
// the basis element of the tile's mode (-1: a plain integer, CuTe's _0).
type scaled struct {
	k    Int
	mode int
}

// basisNode is the notation of a tuple of scaled strides, each leaf
// written as CuTe prints a ScaledBasis, k@mode (a name the printer writes
// as it is).
func basisNode(t tuple.T[scaled]) notation.Node {
	if t.IsLeaf() {
		s := t.Value()
		text := s.k.String()
		if s.mode >= 0 {
			text += "@" + strconv.Itoa(s.mode)
		}
		return &notation.Sym{Name: text}
	}
	ks := t.Kids()
	elems := make([]notation.Node, len(ks))
	for i, k := range ks {
		elems[i] = basisNode(k)
	}
	return &notation.Tuple{Elems: elems}
}

// PrintLatexTV returns the text that CuTe's print_latex_tv(layout_tv,
// tile_mn) (default colouring TikzColor_TV, cute/util/print_latex.hpp)
// prints for print_latex_tv(composition(make_identity_layout(tile), tv),
// tile), byte for byte: a standalone LaTeX document holding one TikZ
// picture.
//
//   - a comment line "% Layout TV: " and the composition as CuTe prints it
//     (TVGrid.Composed);
//   - the document and tikzpicture header, as print_latex's;
//   - for each thread t and value v (t outer) whose tile coordinate (m,n)
//     is not drawn yet, a node at (m,n) reading "T<t> \\ V<v>" stacked,
//     filled with Palette[t%8] as {rgb,255:red,R;green,G;blue,B};
//   - the grid of M x N cells, the row and column indices, and the closing
//     lines, as print_latex's.
//
// The conditions are NewTVGrid's, and the tile must be static (CuTe's
// static assertion in make_tensor<bool>(tile): "Dynamic owning tensors
// not supported").
func PrintLatexTV(tv Layout, tile IntTuple) (s string, err error) {
	err = guard("print_latex_tv", func() {
		g := newTVGrid(tv, tile)
		if !tuple.Fold(tile, true, func(all bool, i Int) bool { return all && i.Static }) {
			refuse("the tile %s must be static (CuTe: Dynamic owning tensors not supported)", FormatTuple(tile))
		}
		var b strings.Builder
		fmt.Fprintf(&b, "%% Layout TV: %s\n", g.Composed)
		b.WriteString(latexHeader)
		for _, c := range g.Cells {
			p := Palette[c.T%8]
			fmt.Fprintf(&b, "\\node[fill={rgb,255:red,%d;green,%d;blue,%d}] at (%d,%d) {\\shortstack{T%d \\\\ V%d}};\n",
				p[0], p[1], p[2], c.M, c.N, c.T, c.V)
		}
		latexFooter(&b, g.Rows, g.Cols)
		s = b.String()
	})
	return
}
