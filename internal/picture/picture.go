package picture

import (
	"fmt"
	"html"
	"strconv"
	"strings"

	"github.com/cutealg/cutealg/concrete"
	"github.com/cutealg/cutealg/internal/tuple"
)

// Cell is the side of a cell, in pixels.
const Cell = 40

// The geometry shared by every figure, in pixels.
const (
	titleHeight    = 22 // a line of the title
	titleCharWidth = 8.5
	labelHeight    = 18 // the line of the column indices
	pad            = 10 // around the figure
	charWidth      = 7.3
	fontSize       = 12
)

// geometry places a rows x cols grid under a title, the row indices at
// the left; every coordinate is a whole pixel.
type geometry struct {
	rows, cols int64
	left, top  int64 // the grid's top-left corner
	w, h       int64 // the figure's size
}

func newGeometry(title string, rows, cols int64) geometry {
	g := geometry{rows: rows, cols: cols}
	lines := strings.Split(title, "\n")
	g.left = pad + int64(charWidth*float64(len(strconv.FormatInt(max(rows-1, 0), 10)))) + 10
	g.top = pad + titleHeight*int64(len(lines)) + labelHeight
	g.w = g.left + cols*Cell + pad
	for _, l := range lines {
		g.w = max(g.w, 2*pad+int64(titleCharWidth*float64(len(l))))
	}
	g.h = g.top + rows*Cell + pad
	return g
}

// open writes the SVG header, the white background, the title and the
// row and column indices.
func (g geometry) open(b *strings.Builder, title string) {
	fmt.Fprintf(b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="DejaVu Sans Mono,Menlo,Consolas,monospace" font-size="%d">`+"\n",
		g.w, g.h, g.w, g.h, fontSize)
	fmt.Fprintf(b, `<rect width="%d" height="%d" fill="#fff"/>`+"\n", g.w, g.h)
	for i, l := range strings.Split(title, "\n") {
		fmt.Fprintf(b, `<text x="%d" y="%d" font-size="14">%s</text>`+"\n", pad, pad+17+i*titleHeight, html.EscapeString(l))
	}
	b.WriteString(`<g fill="#555" text-anchor="middle">` + "\n")
	g.row(b, g.top-5-Cell/2-4, 0, func(n int64) (string, bool) { return strconv.FormatInt(n, 10), true })
	b.WriteString(`</g><g fill="#555" text-anchor="end">` + "\n")
	for m := range g.rows {
		fmt.Fprintf(b, `<text x="%d" y="%d">%d</text>`+"\n", g.left-6, g.top+m*Cell+Cell/2+4, m)
	}
	b.WriteString("</g>\n")
}

// fills writes the background of every cell for which colour gives an
// index k, in the colour palette[k mod len(palette)]: one path per colour.
func (g geometry) fills(b *strings.Builder, palette [][3]uint8, colour func(m, n int64) (int64, bool)) {
	paths := make([][]byte, len(palette))
	np := int64(len(palette))
	for m := range g.rows {
		for n := range g.cols {
			k, ok := colour(m, n)
			if !ok {
				continue
			}
			k = (k%np + np) % np
			p := paths[k]
			p = append(p, 'M')
			p = strconv.AppendInt(p, g.left+n*Cell, 10)
			p = append(p, ' ')
			p = strconv.AppendInt(p, g.top+m*Cell, 10)
			p = append(p, "h40v40h-40z"...)
			paths[k] = p
		}
	}
	for i, p := range paths {
		if len(p) > 0 {
			c := palette[i]
			fmt.Fprintf(b, `<path fill="#%02x%02x%02x" d="%s"/>`+"\n", c[0], c[1], c[2], p)
		}
	}
}

// row writes, as one text element, the label of each column n of row m
// (those label gives) centred in its cell, dy pixels below the baseline
// of a centred line.
func (g geometry) row(b *strings.Builder, y0 int64, dy int64, label func(n int64) (string, bool)) {
	buf := make([]byte, 0, 32*g.cols+32)
	buf = append(buf, `<text y="`...)
	buf = strconv.AppendInt(buf, y0+Cell/2+4+dy, 10)
	buf = append(buf, `">`...)
	for n := range g.cols {
		s, ok := label(n)
		if !ok {
			continue
		}
		buf = append(buf, `<tspan x="`...)
		buf = strconv.AppendInt(buf, g.left+n*Cell+Cell/2, 10)
		buf = append(buf, `">`...)
		buf = append(buf, s...)
		buf = append(buf, "</tspan>"...)
	}
	buf = append(buf, "</text>\n"...)
	b.Write(buf)
}

// lines writes the thin line around every cell, the boundaries between
// rows (rowLevel) and columns (colLevel) of level 1 and more thicker, and
// the frame.
func (g geometry) lines(b *strings.Builder, rowLevel, colLevel func(int64) int) {
	x0, y0 := g.left, g.top
	x1, y1 := x0+g.cols*Cell, y0+g.rows*Cell
	var paths [5][]byte
	for m := int64(1); m < g.rows; m++ {
		l := min(rowLevel(m), 4)
		paths[l] = fmt.Appendf(paths[l], "M%d %dH%d", x0, y0+m*Cell, x1)
	}
	for n := int64(1); n < g.cols; n++ {
		l := min(colLevel(n), 4)
		paths[l] = fmt.Appendf(paths[l], "M%d %dV%d", x0+n*Cell, y0, y1)
	}
	for level, p := range paths {
		if len(p) > 0 {
			fmt.Fprintf(b, `<path d="%s" stroke="#000" stroke-width="%s" fill="none"/>`+"\n", p, strokeWidth(level))
		}
	}
	if g.rows > 0 && g.cols > 0 {
		fmt.Fprintf(b, `<rect x="%d" y="%d" width="%d" height="%d" stroke="#000" stroke-width="%s" fill="none"/>`+"\n",
			x0, y0, x1-x0, y1-y0, strokeWidth(4))
	}
}

// strokeWidth is the width of a line between cells of level 0 (the same
// tile of every sub-mode) to 4.
func strokeWidth(level int) string {
	return [5]string{"0.5", "1.5", "2.2", "2.9", "3.5"}[min(level, 4)]
}

// Tiles says which tile a cell of a grid belongs to: row m lies in tile
// row (m / RowDiv) mod RowMod and column n in tile column (n / ColDiv) mod
// ColMod (a modulus 0 takes no remainder; a divisor is at least 1).
type Tiles struct{ RowDiv, RowMod, ColDiv, ColMod int64 }

// of numbers the tile of cell (m,n) of a grid of rows rows: tiles are
// numbered down the tile rows first, as CuTe numbers the tiles of a
// divide (the rest mode of zipped_divide numbers them alike).
func (t Tiles) of(m, n, rows int64) int64 {
	div := func(x, d, mod int64) int64 {
		x /= max(d, 1)
		if mod > 0 {
			x %= mod
		}
		return x
	}
	tileRows := div(max(rows-1, 0), t.RowDiv, t.RowMod) + 1
	if t.RowMod > 0 {
		tileRows = t.RowMod
	}
	return div(m, t.RowDiv, t.RowMod) + tileRows*div(n, t.ColDiv, t.ColMod)
}

// TilesOf returns the tiles of the result of op(a, t), a divide or a
// product of the catalogue whose operands are the layout a and the tiler t
// (a layout operand B is the tiler of one leaf, concrete.LayoutTiler(B)),
// drawn as Layout draws it. The tile of a cell is its coordinate in the
// modes that number the tiles (divides) or the copies of the block
// (products), found from the sizes of the operands' modes, so that a
// result whose modes CuTe coalesced still shows its tiles:
//
//   - logical_divide and logical_product by mode (a tiler of several
//     modes), blocked_product: mode i is (tile, rest), so row m is in tile
//     row m / s0 and column n in tile column n / s1, where si is the size
//     of the tiler's mode i (divides) or of a's mode i (products), and a
//     mode beyond the tiler is one tile;
//   - raked_product: mode i is (rest, tile): m mod s0 and n mod s1, si the
//     size of B's mode i;
//   - logical_divide and logical_product by one layout, and the zipped and
//     tiled divides and products: the columns (the rest, or the copies);
//   - flat_divide and flat_product: the columns past the first k-1 tile
//     modes, k the number of the tiler's modes.
//
// ok is false for any other operation.
func TilesOf(op string, a concrete.Layout, t concrete.Tiler) (Tiles, bool) {
	whole := int64(1) << 62 // a divisor no index reaches: one tile
	modes := []concrete.Tiler{t}
	if !t.IsLeaf() {
		modes = t.Kids()
	}
	// size of mode i of the tile: the tiler's (divides) or a's (products)
	tile := func(i int, ofA bool) int64 {
		mode := a
		switch {
		case i >= len(modes):
			return whole
		case !a.Shape.IsLeaf() && i < a.Rank():
			mode = a.Mode(i)
		case !a.Shape.IsLeaf() || i > 0:
			return whole
		}
		if ofA {
			return sizeOf(mode.Shape)
		}
		switch lf := modes[i].Value(); {
		case !modes[i].IsLeaf():
			return tuple.Fold(modes[i], int64(1), func(p int64, l concrete.TilerLeaf) int64 { return p * leafSize(l, mode) })
		default:
			return leafSize(lf, mode)
		}
	}
	product := strings.Contains(op, "_product")
	switch op {
	case "blocked_product", "logical_divide_tiler", "logical_product_tiler":
		if t.IsLeaf() && op != "blocked_product" {
			return Tiles{RowDiv: whole, ColDiv: 1}, true
		}
		if op == "blocked_product" {
			modes = make([]concrete.Tiler, max(a.Rank(), 1))
		}
		return Tiles{RowDiv: tile(0, product), ColDiv: tile(1, product)}, true
	case "raked_product":
		b := modes[0].Value().Layout
		one := func(i int) int64 {
			if b.Shape.IsLeaf() {
				if i == 0 {
					return sizeOf(b.Shape)
				}
				return 1
			}
			if i >= b.Rank() {
				return 1
			}
			return sizeOf(b.Mode(i).Shape)
		}
		return Tiles{RowDiv: 1, RowMod: one(0), ColDiv: 1, ColMod: one(1)}, true
	case "logical_divide", "logical_product", "zipped_divide", "zipped_product", "tiled_divide", "tiled_product":
		return Tiles{RowDiv: whole, ColDiv: 1}, true
	case "flat_divide", "flat_product":
		div := int64(1)
		for i := 1; i < len(modes) && !t.IsLeaf(); i++ {
			div *= tile(i, product)
		}
		return Tiles{RowDiv: whole, ColDiv: div}, true
	}
	return Tiles{}, false
}

// leafSize is the size of a tiler leaf applied to a mode: a layout's size,
// an integer n, or the whole mode for _.
func leafSize(l concrete.TilerLeaf, mode concrete.Layout) int64 {
	switch l.Kind {
	case concrete.TileLayout:
		return sizeOf(l.Layout.Shape)
	case concrete.TileInt:
		return l.Int.V
	}
	return sizeOf(mode.Shape)
}

// sizeOf is the product of a shape's leaves (what concrete.NewGrid
// accepted fits).
func sizeOf(t concrete.IntTuple) int64 {
	return tuple.Fold(t, int64(1), func(p int64, i concrete.Int) int64 { return p * i.V })
}

// drawn is l as the grid draws it: rank 2 or less as it is, a higher rank
// as mode 0 and the modes 1, 2, ... grouped.
func drawn(l concrete.Layout) concrete.Layout {
	if l.Shape.IsLeaf() {
		return concrete.Layout{Shape: tuple.Of(l.Shape, tuple.Leaf(concrete.S(1))), Stride: tuple.Of(l.Stride, tuple.Leaf(concrete.S(0)))}
	}
	switch l.Rank() {
	case 0:
		one, zero := tuple.Leaf(concrete.S(1)), tuple.Leaf(concrete.S(0))
		return concrete.Layout{Shape: tuple.Of(one, one), Stride: tuple.Of(zero, zero)}
	case 1:
		return concrete.Layout{Shape: tuple.Of(l.Shape.At(0), tuple.Leaf(concrete.S(1))), Stride: tuple.Of(l.Stride.At(0), tuple.Leaf(concrete.S(0)))}
	case 2:
		return l
	}
	sh, st := l.Shape.Kids(), l.Stride.Kids()
	return concrete.Layout{Shape: tuple.Of(sh[0], tuple.Of(sh[1:]...)), Stride: tuple.Of(st[0], tuple.Of(st[1:]...))}
}

// levels returns, for a mode of shape s, the level of the boundary before
// each index x of the mode: the number of the mode's leaves (of size 2 or
// more) below which x carries, that is, how many of the prefix products
// s0, s0*s1, ... of the leaves (the last excepted) divide x.
func levels(s concrete.IntTuple) func(x int64) int {
	var prefix []int64
	p := int64(1)
	leaves := tuple.Fold(s, []int64(nil), func(out []int64, i concrete.Int) []int64 { return append(out, i.V) })
	for i, v := range leaves {
		if v < 2 {
			continue
		}
		p *= v
		if i < len(leaves)-1 {
			prefix = append(prefix, p)
		}
	}
	return func(x int64) int {
		level := 0
		for _, q := range prefix {
			if x%q == 0 {
				level++
			}
		}
		return level
	}
}

// Layout returns the SVG figure of l under the title (the layout itself
// when title is empty; a title may have several lines): the grid of concrete.NewGrid (a rank above 2
// drawn with the modes 1, 2, ... grouped), each cell showing l(m,n) and
// coloured by it, or by its tile when tiles is not nil.
func Layout(l concrete.Layout, title string, tiles *Tiles) (string, error) {
	if title == "" {
		title = l.String()
	}
	grid, err := concrete.NewGrid(drawn(l))
	if err != nil {
		return "", err
	}
	values := make([]int64, 0, grid.Rows*grid.Cols)
	width := 1
	for m := range grid.Rows {
		for n := range grid.Cols {
			v, err := grid.Cell(m, n)
			if err != nil {
				return "", err
			}
			values = append(values, v)
			width = max(width, len(strconv.FormatInt(v, 10)))
		}
	}
	g := newGeometry(title, grid.Rows, grid.Cols)
	var b strings.Builder
	b.Grow(len(values)*48 + 2000)
	g.open(&b, title)
	g.fills(&b, concrete.Palette[:], func(m, n int64) (int64, bool) {
		if tiles != nil {
			return tiles.of(m, n, grid.Rows), true
		}
		return values[m*grid.Cols+n], true
	})
	size := fontSize
	if w := float64(width) * charWidth; w > Cell-4 {
		size = int(fontSize * (Cell - 4) / w)
	}
	fmt.Fprintf(&b, `<g text-anchor="middle" font-size="%d">`+"\n", size)
	for m := range grid.Rows {
		g.row(&b, g.top+m*Cell, 0, func(n int64) (string, bool) {
			return strconv.FormatInt(values[m*grid.Cols+n], 10), true
		})
	}
	b.WriteString("</g>\n")
	g.lines(&b, levels(grid.Layout.Shape.At(0)), levels(grid.Layout.Shape.At(1)))
	b.WriteString("</svg>\n")
	return b.String(), nil
}

// TV returns the SVG figure of a (thread, value) grid under the title
// (the composition print_latex_tv prints when title is empty; a title may
// have several lines): each cell
// reached shows T<t> over V<v> and is coloured by the thread t.
func TV(tv concrete.TVGrid, title string) string {
	if title == "" {
		title = tv.Composed
	}
	g := newGeometry(title, tv.Rows, tv.Cols)
	cell := make(map[[2]int64]concrete.TVCell, len(tv.Cells))
	for _, c := range tv.Cells {
		cell[[2]int64{c.M, c.N}] = c
	}
	var b strings.Builder
	b.Grow(len(tv.Cells)*90 + 2000)
	g.open(&b, title)
	g.fills(&b, concrete.Palette[:], func(m, n int64) (int64, bool) {
		c, ok := cell[[2]int64{m, n}]
		return c.T, ok
	})
	b.WriteString(`<g text-anchor="middle" font-size="11">` + "\n")
	for m := range tv.Rows {
		for _, line := range []struct {
			dy     int64
			prefix string
			of     func(concrete.TVCell) int64
		}{{-6, "T", func(c concrete.TVCell) int64 { return c.T }}, {7, "V", func(c concrete.TVCell) int64 { return c.V }}} {
			g.row(&b, g.top+m*Cell, line.dy, func(n int64) (string, bool) {
				c, ok := cell[[2]int64{m, n}]
				return line.prefix + strconv.FormatInt(line.of(c), 10), ok
			})
		}
	}
	b.WriteString("</g>\n")
	flat := func(int64) int { return 0 }
	g.lines(&b, flat, flat)
	b.WriteString("</svg>\n")
	return b.String()
}

// Section is one part of a page: preformatted text, then a figure (SVG),
// a note (why there is no figure), or nothing.
type Section struct {
	Text string
	SVG  string
	Note string
}

// Page returns one self-contained HTML page: the title as its heading,
// then each section's text and figure in order.
func Page(title string, sections []Section) string {
	var b strings.Builder
	esc := html.EscapeString(title)
	fmt.Fprintf(&b, `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>%s</title>
<style>
body { font-family: DejaVu Sans, Helvetica, Arial, sans-serif; margin: 24px; color: #111; background: #fff; }
pre { font-family: DejaVu Sans Mono, Menlo, Consolas, monospace; font-size: 13px; margin: 6px 0; white-space: pre-wrap; }
figure { margin: 4px 0 18px 24px; }
.note { margin: 4px 0 18px 24px; color: #666; font-style: italic; }
</style>
</head>
<body>
<h1>%s</h1>
`, esc, esc)
	for _, s := range sections {
		fmt.Fprintf(&b, "<pre>%s</pre>\n", html.EscapeString(s.Text))
		if s.SVG != "" {
			fmt.Fprintf(&b, "<figure>\n%s</figure>\n", s.SVG)
		}
		if s.Note != "" {
			fmt.Fprintf(&b, "<p class=\"note\">%s</p>\n", html.EscapeString(s.Note))
		}
	}
	b.WriteString("</body>\n</html>\n")
	return b.String()
}
