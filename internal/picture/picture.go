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
// the left.
type geometry struct {
	rows, cols int64
	left, top  float64 // the grid's top-left corner
	w, h       float64 // the figure's size
}

func newGeometry(title string, rows, cols int64) geometry {
	g := geometry{rows: rows, cols: cols}
	lines := strings.Split(title, "\n")
	g.left = pad + charWidth*float64(len(strconv.FormatInt(max(rows-1, 0), 10))) + 10
	g.top = pad + titleHeight*float64(len(lines)) + labelHeight
	g.w = g.left + float64(cols*Cell) + pad
	for _, l := range lines {
		g.w = max(g.w, 2*pad+titleCharWidth*float64(len(l)))
	}
	g.h = g.top + float64(rows*Cell) + pad
	return g
}

// open writes the SVG header, the white background, the title and the
// row and column indices.
func (g geometry) open(b *strings.Builder, title string) {
	fmt.Fprintf(b, `<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" viewBox="0 0 %s %s" font-family="DejaVu Sans Mono,Menlo,Consolas,monospace" font-size="%d">`+"\n",
		num(g.w), num(g.h), num(g.w), num(g.h), fontSize)
	fmt.Fprintf(b, `<rect width="%s" height="%s" fill="#fff"/>`+"\n", num(g.w), num(g.h))
	for i, l := range strings.Split(title, "\n") {
		fmt.Fprintf(b, `<text x="%d" y="%d" font-size="14">%s</text>`+"\n", pad, pad+17+i*titleHeight, html.EscapeString(l))
	}
	b.WriteString(`<g fill="#555" text-anchor="middle">` + "\n")
	for n := range g.cols {
		fmt.Fprintf(b, `<text x="%s" y="%s">%d</text>`+"\n", num(g.left+float64(n*Cell)+Cell/2), num(g.top-5), n)
	}
	b.WriteString(`</g><g fill="#555" text-anchor="end">` + "\n")
	for m := range g.rows {
		fmt.Fprintf(b, `<text x="%s" y="%s">%d</text>`+"\n", num(g.left-6), num(g.top+float64(m*Cell)+Cell/2+4), m)
	}
	b.WriteString("</g>\n")
}

// cell writes the background of cell (m,n).
func (g geometry) cell(b *strings.Builder, m, n int64, colour [3]uint8) {
	fmt.Fprintf(b, `<rect x="%s" y="%s" width="%d" height="%d" fill="#%02x%02x%02x"/>`+"\n",
		num(g.left+float64(n*Cell)), num(g.top+float64(m*Cell)), Cell, Cell, colour[0], colour[1], colour[2])
}

// lines writes the thin line around every cell, the boundaries between
// rows (rowLevel) and columns (colLevel) of level 1 and more thicker, and
// the frame.
func (g geometry) lines(b *strings.Builder, rowLevel, colLevel func(int64) int) {
	x0, y0 := g.left, g.top
	x1, y1 := x0+float64(g.cols*Cell), y0+float64(g.rows*Cell)
	paths := map[int]*strings.Builder{}
	add := func(level int, format string, args ...any) {
		if paths[level] == nil {
			paths[level] = &strings.Builder{}
		}
		fmt.Fprintf(paths[level], format, args...)
	}
	for m := int64(1); m < g.rows; m++ {
		add(rowLevel(m), "M%s %sH%s", num(x0), num(y0+float64(m*Cell)), num(x1))
	}
	for n := int64(1); n < g.cols; n++ {
		add(colLevel(n), "M%s %sV%s", num(x0+float64(n*Cell)), num(y0), num(y1))
	}
	for level := range 5 {
		if p := paths[level]; p != nil {
			fmt.Fprintf(b, `<path d="%s" stroke="#000" stroke-width="%s" fill="none"/>`+"\n", p, num(strokeWidth(level)))
		}
	}
	if g.rows > 0 && g.cols > 0 {
		fmt.Fprintf(b, `<rect x="%s" y="%s" width="%s" height="%s" stroke="#000" stroke-width="%s" fill="none"/>`+"\n",
			num(x0), num(y0), num(x1-x0), num(y1-y0), num(strokeWidth(4)))
	}
}

// strokeWidth is the width of a line between cells of level 0 (the same
// tile of every sub-mode) to 4.
func strokeWidth(level int) float64 { return [5]float64{0.5, 1.5, 2.2, 2.9, 3.5}[min(level, 4)] }

// num prints a coordinate with at most one decimal.
func num(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

// colour is the palette's colour for k (any integer).
func colour(k int64) [3]uint8 { return concrete.Palette[(k%8+8)%8] }

// text writes a line of text centred in cell (m,n), dy pixels below the
// centre line's baseline.
func (g geometry) text(b *strings.Builder, m, n int64, dy float64, s string) {
	fmt.Fprintf(b, `<text x="%s" y="%s">%s</text>`+"\n",
		num(g.left+float64(n*Cell)+Cell/2), num(g.top+float64(m*Cell)+Cell/2+4+dy), s)
}

// Tiles says which tile a cell of a grid belongs to: row m lies in tile
// row (m / RowDiv) mod RowMod and column n in tile column (n / ColDiv) mod
// ColMod (a modulus 0 takes no remainder; a divisor is at least 1).
type Tiles struct{ RowDiv, RowMod, ColDiv, ColMod int64 }

func (t Tiles) of(m, n int64) int64 {
	r, c := m/max(t.RowDiv, 1), n/max(t.ColDiv, 1)
	if t.RowMod > 0 {
		r %= t.RowMod
	}
	if t.ColMod > 0 {
		c %= t.ColMod
	}
	// neighbouring tiles differ by 1 (down), 3 (across) or 4 (diagonally):
	// never by a multiple of the palette's 8 colours
	return r + 3*c
}

// TilesOf returns the tiles of l, the result of the operation op (a name
// of the catalogue) whose tiler has tilerModes modes (0 for a tiler that is
// one layout), for the divides and products: a cell's tile is its
// coordinate in the modes that index the tiles (divides) or the copies of
// the block (products). logical_divide and logical_product by mode,
// blocked_product: mode i is (tile, rest), the rest numbers the tiles;
// raked_product: mode i is (rest, tile); zipped, tiled and logical (one
// layout) divides and products: the columns number the tiles; flat divide
// and product: the columns past the tiler's first tilerModes-1 modes. ok
// is false for other operations, and where a mode the tiles need is a
// single integer (its structure lost, for instance to a size-1 mode).
func TilesOf(op string, tilerModes int, l concrete.Layout) (t Tiles, ok bool) {
	v := drawn(l)
	rowMode, colMode := v.Shape.At(0), v.Shape.At(1)
	switch op {
	case "logical_divide_tiler", "logical_product_tiler", "blocked_product", "raked_product",
		"logical_divide", "logical_product":
		if tilerModes == 0 && op != "blocked_product" && op != "raked_product" {
			return Tiles{RowDiv: 1 << 62, ColDiv: 1}, true
		}
		first := func(mode concrete.IntTuple, tiled bool) (int64, bool) {
			if !tiled || sizeOf(mode) == 1 {
				return 1 << 62, true // the whole mode is one tile
			}
			if mode.IsLeaf() {
				return 0, false
			}
			return sizeOf(mode.At(0)), true
		}
		rows, okR := first(rowMode, tilerModes >= 1 || op == "blocked_product" || op == "raked_product")
		cols, okC := first(colMode, tilerModes >= 2 || op == "blocked_product" || op == "raked_product")
		if !okR || !okC {
			return Tiles{}, false
		}
		if op == "raked_product" {
			return Tiles{RowDiv: 1, RowMod: rows, ColDiv: 1, ColMod: cols}, true
		}
		return Tiles{RowDiv: rows, ColDiv: cols}, true
	case "zipped_divide", "zipped_product", "tiled_divide", "tiled_product":
		return Tiles{RowDiv: 1 << 62, ColDiv: 1}, true
	case "flat_divide", "flat_product":
		div := int64(1)
		for i := range max(tilerModes-1, 0) {
			if colMode.IsLeaf() || i >= colMode.Rank() {
				return Tiles{}, false
			}
			div *= sizeOf(colMode.At(i))
		}
		return Tiles{RowDiv: 1 << 62, ColDiv: div}, true
	}
	return Tiles{}, false
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
	b.Grow(len(values)*100 + 1000)
	g.open(&b, title)
	for m := range grid.Rows {
		for n := range grid.Cols {
			k := values[m*grid.Cols+n]
			if tiles != nil {
				k = tiles.of(m, n)
			}
			g.cell(&b, m, n, colour(k))
		}
	}
	size := fontSize
	if w := float64(width) * charWidth; w > Cell-4 {
		size = int(fontSize * (Cell - 4) / w)
	}
	fmt.Fprintf(&b, `<g text-anchor="middle" font-size="%d">`+"\n", size)
	for m := range grid.Rows {
		for n := range grid.Cols {
			g.text(&b, m, n, 0, strconv.FormatInt(values[m*grid.Cols+n], 10))
		}
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
	var b strings.Builder
	b.Grow(len(tv.Cells)*140 + 1000)
	g.open(&b, title)
	for _, c := range tv.Cells {
		g.cell(&b, c.M, c.N, colour(c.T))
	}
	b.WriteString(`<g text-anchor="middle" font-size="11">` + "\n")
	for _, c := range tv.Cells {
		g.text(&b, c.M, c.N, -6, "T"+strconv.FormatInt(c.T, 10))
		g.text(&b, c.M, c.N, 7, "V"+strconv.FormatInt(c.V, 10))
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
