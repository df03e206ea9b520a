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
func printLayout(l Layout) string {
	requireCongruent(&l)
	var rowMode, colMode Layout
	switch l.Rank() {
	case 1:
		rowMode = l
		colMode = Layout{Shape: leaf(S(1)), Stride: leaf(S(0))}
	case 2:
		rowMode, colMode = l.Mode(0), l.Mode(1)
	default:
		refuse("rank(layout) == 2 required (a rank-1 layout is drawn as a column); got rank %d", l.Rank())
	}
	rows, cols := size(rowMode).val(), size(colMode).val()
	if rows > MaxPrintLayoutDim || cols > MaxPrintLayoutDim {
		badInput("grid of %d x %d cells exceeds MaxPrintLayoutDim (%d rows and columns)", rows, cols, MaxPrintLayoutDim)
	}
	cosize := cosize(l).val()
	if cosize > math.MaxInt32 {
		badInput("cosize %d does not fit in CuTe's int", cosize)
	}
	rows, cols = max(rows, 0), max(cols, 0)
	w := numDigits(cosize) + 2
	sep := "    " + strings.Repeat("+"+strings.Repeat("-", w), int(cols)) + "+\n"
	var b strings.Builder
	b.WriteString(l.String())
	b.WriteString("\n    ")
	for n := range cols {
		fmt.Fprintf(&b, "  %*d ", w-2, n)
	}
	b.WriteString("\n")
	for m := range rows {
		b.WriteString(sep)
		fmt.Fprintf(&b, "%2d  ", m)
		vm := index(rowMode, m)
		for n := range cols {
			v := addInt64(vm, index(colMode, n))
			if v > math.MaxInt32 || v < math.MinInt32 {
				// Only reachable with non-positive extents: for positive
				// ones |v| < cosize.
				badInput("value %d at (%d,%d) does not fit in CuTe's int", v, m, n)
			}
			fmt.Fprintf(&b, "| %*d ", w-2, v)
		}
		b.WriteString("|\n")
	}
	b.WriteString(sep)
	return b.String()
}

// numDigits is CuTe's num_digits(int x): the number of decimal digits of x
// for 0 <= x < 10^10, 1 for any x below 10.
func numDigits(x int64) int {
	d := 1
	for p := int64(10); d < 10 && x >= p; p *= 10 {
		d++
	}
	return d
}
