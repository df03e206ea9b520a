package picture

import (
	"fmt"
	"html"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/cutealg/cutealg/concrete"
)

// The shared memory Banks draws: NumBanks banks, each BankBytes bytes wide.
const (
	NumBanks  = 32
	BankBytes = 4
)

// bankStrip is the width of a swatch of the legend, in pixels, and
// rowNote the room right of the grid for each row's figures.
const (
	bankStrip = 20
	rowNote   = 130
)

// ElementBytes are the element sizes, in bytes, that Banks draws: those of
// CuTe's element types, from 8-bit integers to 128-bit vectors.
var ElementBytes = []int64{1, 2, 4, 8, 16}

// Access is what the elements of a row (or a column) of a bank figure ask
// of shared memory: Words is the number of distinct 4-byte words they
// touch, Banks the number of distinct banks those words lie in, and Ways
// the largest number of distinct words in one bank, the wavefronts (one
// per conflict-free pass over the 32 banks) an access to all of them at
// once takes. It is conflict-free when Ways == Ideal, ceil(Words / 32).
type Access struct{ Words, Banks, Ways, Ideal int64 }

// Conflict says whether the access takes more wavefronts than its words
// need (Ways > Ideal): an n-way bank conflict.
func (a Access) Conflict() bool { return a.Ways > a.Ideal }

// bankWords returns the first and the last 4-byte word that the element
// at index v (an element of bytes bytes at byte v*bytes) occupies; an
// error where the byte address does not fit in int64.
func bankWords(v, bytes int64) (first, last int64, err error) {
	if v > math.MaxInt64/bytes || v < math.MinInt64/bytes {
		return 0, 0, fmt.Errorf("banks: element %d of %d bytes: its byte address overflows int64", v, bytes)
	}
	at := v * bytes
	return floorDiv(at, BankBytes), floorDiv(at+(bytes-1), BankBytes), nil
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

// bankOf is the bank of word w, w mod 32 (0 to 31 for any w).
func bankOf(w int64) int64 { return (w%NumBanks + NumBanks) % NumBanks }

// AccessOf returns what an access to the elements at the indices vals,
// each of bytes bytes, asks of the banks; an error where an address
// overflows.
func AccessOf(vals []int64, bytes int64) (Access, error) {
	words := map[int64]bool{}
	for _, v := range vals {
		first, last, err := bankWords(v, bytes)
		if err != nil {
			return Access{}, err
		}
		for w := first; w <= last; w++ {
			words[w] = true
		}
	}
	var per [NumBanks]int64
	a := Access{Words: int64(len(words))}
	for w := range words {
		b := bankOf(w)
		if per[b] == 0 {
			a.Banks++
		}
		per[b]++
		a.Ways = max(a.Ways, per[b])
	}
	a.Ideal = (a.Words + NumBanks - 1) / NumBanks
	return a, nil
}

// bankPalette colours bank k: 32 hues around the colour wheel, the even
// banks a shade darker than the odd ones so that neighbours stay apart.
var bankPalette = func() [][3]uint8 {
	p := make([][3]uint8, NumBanks)
	for k := range p {
		light := 0.80
		if k%2 == 1 {
			light = 0.90
		}
		p[k] = hsl(float64(k)*360/NumBanks, 0.75, light)
	}
	return p
}()

// hsl converts a colour from hue (degrees), saturation and lightness (0
// to 1) to red, green and blue in 0..255.
func hsl(h, s, l float64) [3]uint8 {
	c := (1 - math.Abs(2*l-1)) * s
	x := c * (1 - math.Abs(math.Mod(h/60, 2)-1))
	var r, g, b float64
	switch {
	case h < 60:
		r, g = c, x
	case h < 120:
		r, g = x, c
	case h < 180:
		g, b = c, x
	case h < 240:
		g, b = x, c
	case h < 300:
		r, b = x, c
	default:
		r, b = c, x
	}
	m := l - c/2
	to := func(v float64) uint8 { return uint8(math.Round((v + m) * 255)) }
	return [3]uint8{to(r), to(g), to(b)}
}

// Banks returns the shared-memory bank figure of v, a layout or a
// swizzled layout (concrete.ValComposed), whose values are the indices of
// elements of bytes bytes (one of ElementBytes) in a buffer aligned to 128
// bytes: element i lies at byte i*bytes, in the 4-byte words from
// floor(i*bytes/4) on, word w in bank w mod 32. The grid is the one Layout
// (and, for a swizzled layout, print_layout) draws; each cell shows its
// value over the bank of its first byte (b<k>, or b<k>-<k'> for an element
// that fills several banks) and is coloured by that bank. Right of each
// row, and under each column, stands what an access to all its elements
// at once asks of the banks (AccessOf): n-way (red where that is a
// conflict) and, for a row, the number of distinct banks. A legend of the
// 32 bank colours closes the figure. The title is v when empty.
func Banks(v concrete.Value, title string, bytes int64) (string, error) {
	if !slices.Contains(ElementBytes, bytes) {
		return "", fmt.Errorf("banks: an element of %d bytes; want one of %v", bytes, ElementBytes)
	}
	inner := v.Layout
	switch v.Kind {
	case concrete.ValLayout:
	case concrete.ValComposed:
		inner = v.Composed.Layout
	default:
		return "", fmt.Errorf("banks: %s is not a layout", v)
	}
	grid, err := concrete.NewGrid(drawn(inner))
	if err != nil {
		return "", err
	}
	values := make([]int64, 0, grid.Rows*grid.Cols)
	for m := range grid.Rows {
		for n := range grid.Cols {
			var x int64
			if v.Kind == concrete.ValComposed {
				// the drawn grid is the inner layout's two top modes, so
				// cell (m,n) is its 1-D index m + Rows*n
				x, err = v.Composed.Index(m + grid.Rows*n)
			} else {
				x, err = grid.Cell(m, n)
			}
			if err != nil {
				return "", err
			}
			if _, _, err := bankWords(x, bytes); err != nil {
				return "", err // the labels below take every address as valid
			}
			values = append(values, x)
		}
	}
	at := func(m, n int64) int64 { return values[m*grid.Cols+n] }
	rows := make([]Access, grid.Rows)
	cols := make([]Access, grid.Cols)
	line := make([]int64, 0, max(grid.Rows, grid.Cols))
	for m := range grid.Rows {
		line = line[:0]
		for n := range grid.Cols {
			line = append(line, at(m, n))
		}
		if rows[m], err = AccessOf(line, bytes); err != nil {
			return "", err
		}
	}
	for n := range grid.Cols {
		line = line[:0]
		for m := range grid.Rows {
			line = append(line, at(m, n))
		}
		if cols[n], err = AccessOf(line, bytes); err != nil {
			return "", err
		}
	}

	if title == "" {
		title = v.String()
	}
	legend := []string{
		fmt.Sprintf("b<k>: the bank of the element's first byte, floor(%d*value/4) mod 32 (an element of %d bytes at byte %d*value of a 128-byte aligned buffer)", bytes, bytes, bytes),
		"n-way: the most distinct 4-byte words in one bank among the elements of a row (right) or a column (below):",
		"the wavefronts that one access to all of them takes; red where that is more than ceil(words/32), a bank conflict",
	}
	g := newGeometry(title, grid.Rows, grid.Cols)
	gridBottom := g.top + grid.Rows*Cell
	legendTop := gridBottom + labelHeight + 14
	g.w = max(g.w+rowNote, g.left+NumBanks*bankStrip+40+pad)
	for _, l := range legend {
		g.w = max(g.w, 2*pad+int64(charWidth*float64(len(l))))
	}
	g.h = legendTop + 34 + int64(len(legend))*labelHeight + pad

	var b strings.Builder
	b.Grow(len(values)*110 + 6000)
	g.open(&b, title)
	g.fills(&b, bankPalette, func(m, n int64) (int64, bool) {
		first, _, _ := bankWords(at(m, n), bytes)
		return bankOf(first), true
	})
	width := 1
	for _, x := range values {
		width = max(width, len(strconv.FormatInt(x, 10)), len(bankLabel(x, bytes)))
	}
	size := 11
	if w := float64(width) * 6.7; w > Cell-4 {
		size = int(11 * (Cell - 4) / w)
	}
	fmt.Fprintf(&b, `<g text-anchor="middle" font-size="%d">`+"\n", size)
	for m := range grid.Rows {
		g.row(&b, g.top+m*Cell, -6, func(n int64) (string, bool) { return strconv.FormatInt(at(m, n), 10), true })
		g.row(&b, g.top+m*Cell, 7, func(n int64) (string, bool) { return bankLabel(at(m, n), bytes), true })
	}
	b.WriteString("</g>\n")
	g.lines(&b, levels(grid.Layout.Shape.At(0)), levels(grid.Layout.Shape.At(1)))

	// the accesses: right of each row, under each column
	right := g.left + grid.Cols*Cell + 8
	fmt.Fprintf(&b, `<g font-size="11"><text x="%d" y="%d" fill="#555">per row</text>`+"\n", right, g.top-9)
	for m, a := range rows {
		fmt.Fprintf(&b, `<text x="%d" y="%d"%s>%d-way, %d bank%s</text>`+"\n", right, g.top+int64(m)*Cell+Cell/2+4, conflictFill(a, true), a.Ways, a.Banks, plural(a.Banks))
	}
	b.WriteString("</g>\n" + `<g font-size="10" text-anchor="middle">` + "\n")
	for n, a := range cols {
		fmt.Fprintf(&b, `<text x="%d" y="%d"%s>%d-way</text>`+"\n", g.left+int64(n)*Cell+Cell/2, gridBottom+16, conflictFill(a, false), a.Ways)
	}
	fmt.Fprintf(&b, `</g><text x="%d" y="%d" font-size="11" fill="#555">per column</text>`+"\n", right, gridBottom+16)

	// the legend: the 32 bank colours, then what the labels mean
	for k := range int64(NumBanks) {
		c := bankPalette[k]
		x := g.left + k*bankStrip
		fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="16" fill="#%02x%02x%02x" stroke="#000" stroke-width="0.5"/>`+"\n", x, legendTop, bankStrip, c[0], c[1], c[2])
	}
	fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="11" fill="#555">bank</text>`+"\n", g.left+NumBanks*bankStrip+6, legendTop+12)
	b.WriteString(`<g font-size="9" text-anchor="middle" fill="#333">`)
	for k := range int64(NumBanks) {
		fmt.Fprintf(&b, `<text x="%d" y="%d">%d</text>`, g.left+k*bankStrip+bankStrip/2, legendTop+28, k)
	}
	b.WriteString("</g>\n")
	for i, l := range legend {
		fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="12" fill="#333">%s</text>`+"\n", pad, legendTop+34+int64(i+1)*labelHeight-4, html.EscapeString(l))
	}
	b.WriteString("</svg>\n")
	return b.String(), nil
}

// bankLabel is the bank (or banks) the element at index x fills: b<k>, or
// b<k>-<k'> for an element wider than a word.
func bankLabel(x, bytes int64) string {
	first, last, _ := bankWords(x, bytes)
	if first == last {
		return "b" + strconv.FormatInt(bankOf(first), 10)
	}
	return "b" + strconv.FormatInt(bankOf(first), 10) + "-" + strconv.FormatInt(bankOf(last), 10)
}

// conflictFill colours the figures of an access red (and bold) where it
// conflicts.
func conflictFill(a Access, bold bool) string {
	switch {
	case !a.Conflict():
		return ""
	case bold:
		return ` fill="#c00000" font-weight="bold"`
	}
	return ` fill="#c00000"`
}

func plural(n int64) string {
	if n == 1 {
		return ""
	}
	return "s"
}
