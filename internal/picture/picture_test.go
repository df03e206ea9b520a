package picture

import (
	"encoding/xml"
	"flag"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cutealg/cutealg/concrete"
	"github.com/cutealg/cutealg/internal/catalog"
	"github.com/cutealg/cutealg/internal/picture/pictest"
)

var update = flag.Bool("update", false, "rewrite testdata/*.png from the rendered figures")

func layout(t testing.TB, s string) concrete.Layout {
	t.Helper()
	l, err := concrete.ParseLayout(s)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// apply computes a call of the catalogue with package concrete.
func apply(t testing.TB, op string, args ...string) concrete.Layout {
	t.Helper()
	v, err := concrete.ApplyText(op, args)
	if err != nil {
		t.Fatal(err)
	}
	return v.Layout
}

func tiler(t testing.TB, s string) concrete.Tiler {
	t.Helper()
	x, err := concrete.ParseTiler(s)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

func TestLevels(t *testing.T) {
	for _, c := range []struct {
		shape string
		want  []int // the level before index 1, 2, ...
	}{
		{"8", []int{0, 0, 0, 0, 0, 0, 0}},
		{"(2,4)", []int{0, 1, 0, 1, 0, 1, 0}},
		{"((2,2),4)", []int{0, 1, 0, 2, 0, 1, 0}},
		{"(2,_1,(2,2))", []int{0, 1, 0, 2, 0, 1, 0}},
	} {
		s, err := concrete.ParseTuple(c.shape)
		if err != nil {
			t.Fatal(err)
		}
		f := levels(s)
		for i, want := range c.want {
			if got := f(int64(i + 1)); got != want {
				t.Errorf("levels(%s)(%d) = %d, want %d", c.shape, i+1, got, want)
			}
		}
	}
}

func TestTilesOf(t *testing.T) {
	a := "(_9,(_4,_8)):(_59,(_13,_1))"
	for _, c := range []struct {
		op   string
		a, t string
		want Tiles
		ok   bool
	}{
		{"logical_divide_tiler", a, "(_3:_3,(_2,_4):(_1,_8))", Tiles{RowDiv: 3, ColDiv: 8}, true},
		{"logical_divide_tiler", a, "(_3:_3)", Tiles{RowDiv: 3, ColDiv: 1 << 62}, true},
		{"logical_divide_tiler", a, "(_3,_)", Tiles{RowDiv: 3, ColDiv: 32}, true},
		{"zipped_divide", a, "(_3:_3,(_2,_4):(_1,_8))", Tiles{RowDiv: 1 << 62, ColDiv: 1}, true},
		{"flat_divide", a, "(_3:_3,(_2,_4):(_1,_8))", Tiles{RowDiv: 1 << 62, ColDiv: 8}, true},
		{"blocked_product", "(_2,_5):(_5,_1)", "(_3,_4):(_1,_3)", Tiles{RowDiv: 2, ColDiv: 5}, true},
		{"raked_product", "(_2,_5):(_5,_1)", "(_3,_4):(_1,_3)", Tiles{RowDiv: 1, RowMod: 3, ColDiv: 1, ColMod: 4}, true},
		{"logical_product_tiler", "(_2,_5):(_5,_1)", "(_3:_1,_4:_1)", Tiles{RowDiv: 2, ColDiv: 5}, true},
		{"logical_product", "(_2,_5):(_5,_1)", "_3:_1", Tiles{RowDiv: 1 << 62, ColDiv: 1}, true},
		{"composition", a, "_3:_1", Tiles{}, false},
	} {
		got, ok := TilesOf(c.op, layout(t, c.a), tiler(t, c.t))
		if got != c.want || ok != c.ok {
			t.Errorf("TilesOf(%s, %s, %s) = %+v, %v; want %+v, %v", c.op, c.a, c.t, got, ok, c.want, c.ok)
		}
	}
}

// svgWords parses an SVG document (it must be well-formed XML) and
// returns the texts it shows, in order.
func svgWords(t *testing.T, svg string) (words []string) {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(svg))
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return
		}
		if err != nil {
			t.Fatalf("SVG is not well-formed: %v", err)
		}
		if c, ok := tok.(xml.CharData); ok && strings.TrimSpace(string(c)) != "" {
			words = append(words, string(c))
		}
	}
}

// TestLayoutCells checks a figure's content: one cell per element, each
// showing its value, the indices on the margins, the title.
func TestLayoutCells(t *testing.T) {
	l := layout(t, "((_2,_3),(_2,_4)):((_1,_16),(_2,_4))")
	svg, err := Layout(l, "a < b & c", nil)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(svg, "h40v40h-40z"); n != 48 {
		t.Errorf("%d cells filled, want 48", n)
	}
	words := svgWords(t, svg)
	if len(words) != 1+8+6+48 {
		t.Fatalf("%d texts, want the title, 8 column and 6 row indices and 48 values", len(words))
	}
	if words[0] != "a < b & c" {
		t.Errorf("title %q", words[0])
	}
	for i, w := range words[1:15] {
		want := i
		if i >= 8 {
			want = i - 8
		}
		if w != itoa(int64(want)) {
			t.Errorf("index label %d is %q, want %d", i, w, want)
		}
	}
	vals := words[1+8+6:]
	g, _ := concrete.NewGrid(l)
	for m := range g.Rows {
		for n := range g.Cols {
			v, _ := g.Cell(m, n)
			if got := vals[m*g.Cols+n]; got != itoa(v) {
				t.Errorf("cell (%d,%d) shows %q, want %d", m, n, got, v)
			}
		}
	}
}

// TestTVCells checks a TV figure's content: T<t> and V<v> of each cell
// reached, row by row, and no fill for the cells no pair reaches.
func TestTVCells(t *testing.T) {
	tile, _ := concrete.ParseTuple("(_4,_4)")
	g, err := concrete.NewTVGrid(layout(t, "(_2,_2):(_1,_4)"), tile)
	if err != nil {
		t.Fatal(err)
	}
	svg := TV(g, "")
	if n := strings.Count(svg, "h40v40h-40z"); n != 4 {
		t.Errorf("%d cells filled, want 4", n)
	}
	words := svgWords(t, svg)
	// title, 4 column and 4 row indices, then per row the T line and the V line
	// (t,v) -> t + 4v is the element (t,v) of the 4 x 4 tile
	want := []string{"T0", "T0", "V0", "V1", "T1", "T1", "V0", "V1"}
	if got := words[1+4+4:]; strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("cells read %q, want %q", got, want)
	}
}

func itoa(v int64) string { return concrete.D(v).String() }

func TestLayoutRefuses(t *testing.T) {
	if _, err := Layout(layout(t, "(300,2):(1,300)"), "", nil); err == nil {
		t.Error("a grid of 300 rows: no error")
	}
	if _, err := Layout(concrete.Layout{Shape: layout(t, "(2,2):(1,2)").Shape, Stride: layout(t, "2:1").Stride}, "", nil); err == nil {
		t.Error("shape and stride not congruent: no error")
	}
}

func TestPage(t *testing.T) {
	svg, err := Layout(layout(t, "(2,2):(1,2)"), "", nil)
	if err != nil {
		t.Fatal(err)
	}
	p := Page("A <o> B", []Section{{Text: "1. = A o B & more", SVG: svg}, {Text: "2.", Note: "no figure: <why>"}})
	for _, want := range []string{"<title>A &lt;o&gt; B</title>", "<pre>1. = A o B &amp; more</pre>\n<figure>\n<svg", "no figure: &lt;why&gt;"} {
		if !strings.Contains(p, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	if strings.Contains(p, "<script") || strings.Contains(p, "http://") && !strings.Contains(p, "http://www.w3.org/2000/svg") {
		t.Error("page is not self-contained")
	}
}

// figures are the figures whose renderings are checked against
// testdata/NAME.png: the seeds' examples (seed 001's hierarchical
// layouts; CuTe's layout algebra document, seed 000: the divides and
// products of its figures; seed 004's WGMMA accumulator, here its m64n8
// instance, the full 64 x 64 one being checked as print_latex_tv output in
// cmd/cute), a nested layout, and the bank view of a tile with and without
// its swizzle.
func figures(t testing.TB) []struct{ name, svg string } {
	seedA := "(_9,(_4,_8)):(_59,(_13,_1))"
	seedT := "(_3:_3,(_2,_4):(_1,_8))"
	var out []struct{ name, svg string }
	add := func(name string, l concrete.Layout, tiles *Tiles) {
		svg, err := Layout(l, "", tiles)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, struct{ name, svg string }{name, svg})
	}
	tilesOf := func(op, a, b string) *Tiles {
		x, ok := TilesOf(op, layout(t, a), tiler(t, b))
		if !ok {
			t.Fatalf("TilesOf(%s) not ok", op)
		}
		return &x
	}
	add("nested", layout(t, "((_2,_2),(_2,_4)):((_1,_4),(_2,_8))"), nil)
	// seed 001: s2xh4, and q = make_layout(row, col)
	add("seed001-s2xh4", layout(t, "(2,(2,2)):(4,(2,1))"), nil)
	add("seed001-q", layout(t, "((_3,_4),(_4,_3)):((_1,_3),(_3,_1))"), nil)
	add("logical-divide", apply(t, "logical_divide_tiler", seedA, seedT), tilesOf("logical_divide_tiler", seedA, seedT))
	add("zipped-divide", apply(t, "zipped_divide", seedA, seedT), tilesOf("zipped_divide", seedA, seedT))
	blockA, blockB := "(_2,_5):(_5,_1)", "(_3,_4):(_1,_3)"
	add("blocked-product", apply(t, "blocked_product", blockA, blockB), tilesOf("blocked_product", blockA, blockB+""))
	add("raked-product", apply(t, "raked_product", blockA, blockB), tilesOf("raked_product", blockA, blockB))
	// the bank view of shared memory: eight rows of eight 16-byte vectors
	// (128 bytes, all 32 banks, a row), plain and swizzled: each column of
	// the plain layout sits in one group of four banks (8-way), the swizzle
	// spreads it over all eight
	for _, c := range []struct{ name, expr string }{
		{"banks-plain", "(_8,_8):(_8,_1)"},
		{"banks-swizzled", "Sw<3,0,3> o _0 o (_8,_8):(_8,_1)"},
	} {
		v, err := concrete.ParseArg(c.expr, catalog.Layout)
		if err != nil {
			t.Fatal(err)
		}
		svg, err := Banks(v, c.expr+" of 16-byte elements", 16)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, struct{ name, svg string }{c.name, svg})
	}
	for _, c := range []struct{ name, tv, tile string }{
		{"tv-sm80", "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))", "(_16,_8)"},
		{"tv-wgmma-m64n8", "((_4,_8,_4),(_2,_2,_1)):((_128,_1,_16),(_64,_8,_512))", "(_64,_8)"},
	} {
		tile, err := concrete.ParseTuple(c.tile)
		if err != nil {
			t.Fatal(err)
		}
		g, err := concrete.NewTVGrid(layout(t, c.tv), tile)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, struct{ name, svg string }{c.name, TV(g, c.tv+" over "+c.tile)})
	}
	return out
}

// TestRender renders each figure with rsvg-convert and compares it with
// its golden image (go test -update rewrites them; look at each).
func TestRender(t *testing.T) {
	for _, f := range figures(t) {
		t.Run(f.name, func(t *testing.T) {
			img := pictest.SVG(t, f.svg)
			pictest.Match(t, img, filepath.Join("testdata", f.name+".png"), pictest.Default, *update)
		})
	}
}

// TestTilesOfAnyOperands calls TilesOf and Layout with operands of every
// rank and kind: they answer (or refuse) and never panic.
func TestTilesOfAnyOperands(t *testing.T) {
	layouts := []string{"():()", "_8:_1", "(_4,_2):(_1,_4)", "((_2,_2),_3):((_1,_6),_2)", "(_2,_3,_4):(_1,_2,_6)", "(0,2):(1,0)"}
	tilers := []string{"_2:_1", "(_2:_1)", "(_2:_1,_)", "(_2,(_2,_1):(_1,_4))", "(_0:_1,_1:_0)"}
	ops := []string{"logical_divide", "logical_divide_tiler", "logical_product_tiler", "blocked_product", "raked_product",
		"zipped_divide", "tiled_product", "flat_divide", "flat_product", "coalesce"}
	for _, a := range layouts {
		for _, tl := range tilers {
			for _, op := range ops {
				tiles, ok := TilesOf(op, layout(t, a), tiler(t, tl))
				var tp *Tiles
				if ok {
					tp = &tiles
				}
				if _, err := Layout(layout(t, a), "", tp); err != nil && !strings.Contains(err.Error(), "grid") {
					t.Errorf("Layout(%s) with the tiles of %s(%s, %s): %v", a, op, a, tl, err)
				}
			}
		}
	}
}
