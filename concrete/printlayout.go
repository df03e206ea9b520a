package concrete

import (
	"fmt"
	"math"
	"strings"
)

// MaxPrintLayoutDim is the largest number of rows, and of columns, that
// PrintLayout draws (256 each, so at most 65,536 cells); a larger grid is
// refused with a BadInput error before any cell is computed.
const MaxPrintLayoutDim = 256

// PrintLayout returns the text that CuTe's print_layout(layout)
// (cute/util/print_tensor.hpp) prints for l, byte for byte:
//
//   - the layout as print(layout) writes it, on a line of its own;
//   - four spaces, then each column index n as "  %*d " (width w-2);
//   - for each row m: four spaces and a separator "+" + w dashes per column
//   - "+", then the row index as "%2d  " and each cell l(m,n) as
//     "| %*d " (width w-2), closed by "|";
//   - a closing separator.
//
// The cell width w is num_digits(cosize(l)) + 2, counting the digits of
// cosize as CuTe's num_digits does (1 to 10). Rows are the 1-D indices of
// mode 0 and columns those of mode 1, so deeper layouts are drawn through
// their two top-level modes, each mode walked colexicographically.
//
// CuTe's print_layout only compiles for rank-2 layouts. A rank-1 layout is
// drawn as a single column: the grid CuTe prints for
// make_layout(l, Layout<_1,_0>{}), under l's own header line. Other ranks are
// refused (CuTe's static assertion rank(layout) == 2). CuTe prints cells and
// the cosize as C++ int; a layout whose cosize or cells do not fit in 32
// bits is refused rather than printed with wrapped numbers, and so is a grid
// of more than MaxPrintLayoutDim rows or columns. A mode of size zero or
// less draws no rows (or columns), as CuTe's loops do.
func PrintLayout(l Layout) (s string, err error) {
	err = guard("print_layout", func() { s = printLayout(l) })
	return
}

// printLayout is PrintLayout's grid.
func printLayout(l Layout) string { return printGrid(l.String(), l, nil) }

// printGrid is print_layout's grid for the layout l under the header line,
// each cell's value passed through cell when it is not nil (a composed
// layout's swizzle and offset; the width still counts cosize(l)).
func printGrid(header string, l Layout, cell func(int64) int64) string {
	requireCongruent(&l)
	if r := l.Rank(); r != 1 && r != 2 {
		refuse("rank(layout) == 2 required (a rank-1 layout is drawn as a column); got rank %d", r)
	}
	g := newGrid(l)
	rows, cols := g.Rows, g.Cols
	cosize := cosize(layoutOf[Int](l)).val()
	if cosize > math.MaxInt32 {
		badInput("cosize %d does not fit in CuTe's int", cosize)
	}
	w := numDigits(cosize) + 2
	sep := "    " + strings.Repeat("+"+strings.Repeat("-", w), int(cols)) + "+\n"
	var b strings.Builder
	b.WriteString(header)
	b.WriteString("\n    ")
	for n := range cols {
		fmt.Fprintf(&b, "  %*d ", w-2, n)
	}
	b.WriteString("\n")
	for m := range rows {
		b.WriteString(sep)
		fmt.Fprintf(&b, "%2d  ", m)
		for n := range cols {
			v := g.cell(m, n)
			if cell != nil {
				v = cell(v)
			}
			fmt.Fprintf(&b, "| %*d ", w-2, v)
		}
		b.WriteString("|\n")
	}
	b.WriteString(sep)
	return b.String()
}

// PrintLatex returns the text that CuTe's print_latex(layout) (default
// colouring TikzColor_BWx8, cute/util/print_latex.hpp) prints for l, byte for
// byte: a standalone LaTeX document holding one TikZ picture.
//
//   - a comment line "% Layout: " and the layout as print(layout) writes it,
//     after padding l to rank 2 with _1:_0 modes (CuTe's
//     append<2>(l, Layout<_1,_0>{}); a rank-1 layout 8:2 is printed as
//     (8,_1):(2,_0));
//   - the document and tikzpicture header, x pointing down and y right;
//   - for each row m and column n (m outer), a node at (m,n) holding
//     l(m,n), filled with the grey black!P where P is 00, 40, 20, 60, 10,
//     50, 30, 70 for l(m,n) mod 8 = 0..7;
//   - the grid lines, the row indices at (m,-1) and the column indices at
//     (-1,n), and the closing lines.
//
// Rows are the 1-D indices of mode 0 and columns those of mode 1, as in
// PrintLayout. Ranks above 2 are refused (CuTe's static assertion
// rank(layout) <= 2). Grids of more than MaxPrintLayoutDim rows or columns
// are refused, and so is a cell that does not fit in CuTe's int or is
// negative (CuTe would index its colour table out of bounds).
func PrintLatex(l Layout) (s string, err error) {
	err = guard("print_latex", func() { s = printLatex(l) })
	return
}

// latexGreys is CuTe's TikzColor_BWx8 colour table, indexed by value mod 8.
var latexGreys = [8]string{"black!00", "black!40", "black!20", "black!60", "black!10", "black!50", "black!30", "black!70"}

// printLatex is PrintLatex's document.
func printLatex(l Layout) string {
	requireCongruent(&l)
	if r := l.Rank(); r > 2 {
		refuse("rank(layout) <= 2 required; got rank %d", r)
	}
	g := newGrid(l)
	var b strings.Builder
	fmt.Fprintf(&b, "%% Layout: %s\n", g.Layout)
	b.WriteString(latexHeader)
	for m := range g.Rows {
		for n := range g.Cols {
			v := g.cell(m, n)
			if v < 0 {
				badInput("value %d at (%d,%d) is negative (CuTe would index its colour table at value %% 8 < 0)", v, m, n)
			}
			fmt.Fprintf(&b, "\\node[fill=%s] at (%d,%d) {%d};\n", latexGreys[v%8], m, n, v)
		}
	}
	latexFooter(&b, g.Rows, g.Cols)
	return b.String()
}

// latexHeader is the document and tikzpicture header that CuTe's
// print_latex and print_latex_tv print after their comment line: x points
// down the rows, y right along the columns, 1cm cells.
const latexHeader = "\\documentclass[convert]{standalone}\n\\usepackage{tikz}\n\n\\begin{document}\n" +
	"\\begin{tikzpicture}[x={(0cm,-1cm)},y={(1cm,0cm)},every node/.style={minimum size=1cm, outer sep=0pt}]\n\n"

// latexFooter writes what print_latex and print_latex_tv print after the
// cells: the grid of rows x cols cells, the row indices at (m,-1), the
// column indices at (-1,n), and the closing lines.
func latexFooter(b *strings.Builder, rows, cols int64) {
	fmt.Fprintf(b, "\\draw[color=black,thick,shift={(-0.5,-0.5)}] (0,0) grid (%d,%d);\n\n", rows, cols)
	for m := range rows {
		fmt.Fprintf(b, "\\node at (%d,-1) {\\Large{\\texttt{%d}}};\n", m, m)
	}
	for n := range cols {
		fmt.Fprintf(b, "\\node at (-1,%d) {\\Large{\\texttt{%d}}};\n", n, n)
	}
	b.WriteString("\\end{tikzpicture}\n\\end{document}\n")
}

// Grid is the rank-2 grid that print_layout and print_latex draw for a
// layout of rank 2 or less: Layout is the layout padded to rank 2 with _1:_0
// modes (CuTe's append<2>(l, Layout<_1,_0>{})), its mode 0 indexes the Rows
// and its mode 1 the Cols (each mode walked colexicographically, so deeper
// layouts are drawn through their two top-level modes). Pictures of layouts
// (internal/picture) draw the same grid.
type Grid struct {
	Layout     Layout
	Rows, Cols int64 // the sizes of the two modes, at least 0
}

// NewGrid returns the grid of l, a layout of rank 2 or less whose modes
// have at most MaxPrintLayoutDim elements each (larger grids, higher ranks
// and shapes and strides that are not congruent are refused).
func NewGrid(l Layout) (g Grid, err error) {
	err = guard("grid", func() {
		requireCongruent(&l)
		if r := l.Rank(); r > 2 {
			refuse("rank(layout) <= 2 required; got rank %d", r)
		}
		g = newGrid(l)
	})
	return
}

// Cell returns the value of the grid at row m and column n, l(m,n): mode
// 0 at m plus mode 1 at n. It is refused unless 0 <= m < Rows and 0 <= n
// < Cols, and unless the value fits in CuTe's int (32 bits).
func (g Grid) Cell(m, n int64) (v int64, err error) {
	err = guard("grid", func() {
		if m < 0 || m >= g.Rows || n < 0 || n >= g.Cols {
			badInput("cell (%d,%d) is outside the %d x %d grid", m, n, g.Rows, g.Cols)
		}
		v = g.cell(m, n)
	})
	return
}

// newGrid is NewGrid for a congruent layout of rank <= 2, throwing.
func newGrid(l Layout) Grid {
	one := Layout{Shape: leaf(S(1)), Stride: leaf(S(0))}
	modes := []Layout{one, one}
	switch {
	case l.Shape.IsLeaf():
		modes[0] = l
	default:
		for i := range l.Rank() {
			modes[i] = l.Mode(i)
		}
	}
	padded := Layout{Shape: tup(modes[0].Shape, modes[1].Shape), Stride: tup(modes[0].Stride, modes[1].Stride)}
	rows, cols := size(modes[0]).val(), size(modes[1]).val()
	if rows > MaxPrintLayoutDim || cols > MaxPrintLayoutDim {
		badInput("grid of %d x %d cells exceeds MaxPrintLayoutDim (%d rows and columns)", rows, cols, MaxPrintLayoutDim)
	}
	return Grid{Layout: padded, Rows: max(rows, 0), Cols: max(cols, 0)}
}

// cell is the value at row m and column n: mode 0 at m plus mode 1 at n,
// refused unless it fits in CuTe's int.
func (g Grid) cell(m, n int64) int64 {
	v := addInt64(index(g.Layout.Mode(0), m), index(g.Layout.Mode(1), n))
	if v > math.MaxInt32 || v < math.MinInt32 {
		// For positive extents |v| < cosize; print_layout checks the cosize
		// first, so there only non-positive extents reach here.
		badInput("value %d at (%d,%d) does not fit in CuTe's int", v, m, n)
	}
	return v
}

// numDigits is CuTe's num_digits(int x): the number of decimal digits of x
// for 0 <= x < 10^10, 1 for any x below 10, and 10 for any x from 10^9 on
// (a C++ int has at most ten digits).
func numDigits(x int64) int {
	d := 1
	for p := int64(10); d < 10 && x >= p; p *= 10 {
		d++
	}
	return d
}
