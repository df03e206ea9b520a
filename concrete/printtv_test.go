package concrete_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cutealg/cutealg/concrete"
)

// TestTVGridCells checks the cells of a TV grid against the layout's own
// values: each cell (m,n) holds the first (t,v), t outer, with
// tv(t,v) = m + n*M.
func TestTVGridCells(t *testing.T) {
	for _, c := range []struct{ tv, tile string }{
		{"((_4,_8),(_2,_2)):((_32,_1),(_16,_8))", "(_16,_8)"},
		{"(_16,_2):(_1,_0)", "(_8,_2)"},
		{"(4,(2,2)):(2,(1,8))", "(8,2)"},
		{"(8,2):(1,0)", "(_1,_8)"},
	} {
		tv, tile := mustLayout(c.tv), mustTuple(c.tile)
		g, err := concrete.NewTVGrid(tv, tile)
		if err != nil {
			t.Fatalf("NewTVGrid(%s, %s): %v", c.tv, c.tile, err)
		}
		first := map[int64][2]int64{}
		threads, _ := concrete.Size(tv.Mode(0))
		values, _ := concrete.Size(tv.Mode(1))
		for th := range threads.V {
			for v := range values.V {
				k, err := tv.Index(th + v*threads.V)
				if err != nil {
					t.Fatal(err)
				}
				if _, seen := first[k]; !seen {
					first[k] = [2]int64{th, v}
				}
			}
		}
		if len(g.Cells) != len(first) {
			t.Errorf("%s over %s: %d cells, want %d", c.tv, c.tile, len(g.Cells), len(first))
		}
		for _, cell := range g.Cells {
			k := cell.M + cell.N*g.Rows
			if want := first[k]; want != [2]int64{cell.T, cell.V} {
				t.Errorf("%s over %s: cell (%d,%d) holds T%d V%d, want T%d V%d", c.tv, c.tile, cell.M, cell.N, cell.T, cell.V, want[0], want[1])
			}
		}
	}
}

// TestTVGridRefuses checks that what CuTe's print_latex_tv cannot draw is
// refused with an error naming the reason.
func TestTVGridRefuses(t *testing.T) {
	for _, c := range []struct{ tv, tile, want string }{
		{"_8:_1", "(_8,_1)", "rank(layout_tv) == 2"},
		{"(_4,_2):(_1,_4)", "(_4,(_1,_2))", "two integers"},
		{"(_4,_2):(_1,_4)", "_8", "two integers"},
		{"(_4,_2):(_1,_4)", "(_4,_1)", "outside the tile"},
		{"(_4,_2):(_-1,_4)", "(_4,_2)", "outside the tile"},
		{"(_4,_2):(_1,_4)", "(_0,_2)", "rows and columns"},
		{"(_4,_2):(_1,_4)", "(_300,_2)", "rows and columns"},
		{"(_2048,_1024):(_1,_0)", "(_256,_8)", "MaxTVPairs"},
		{"((_2,4),_4):((8,_1),_2)", "(_8,_8)", "outside the tile"},
	} {
		_, err := concrete.NewTVGrid(mustLayout(c.tv), mustTuple(c.tile))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("NewTVGrid(%s, %s) = %v, want an error about %q", c.tv, c.tile, err, c.want)
		}
	}
	_, err := concrete.PrintLatexTV(mustLayout("(_4,_2):(_1,_4)"), mustTuple("(4,_2)"))
	if err == nil || !strings.Contains(err.Error(), "must be static") {
		t.Errorf("PrintLatexTV with a dynamic tile = %v, want CuTe's refusal", err)
	}
}

// TestGrid checks NewGrid and Cell against Layout.Index: l(m,n) is
// l(m + n*rows) for a rank-2 layout.
func TestGrid(t *testing.T) {
	l := mustLayout("((_2,3),(_2,_4)):((_1,_6),(_2,12))")
	g, err := concrete.NewGrid(l)
	if err != nil {
		t.Fatal(err)
	}
	if g.Rows != 6 || g.Cols != 8 {
		t.Fatalf("grid %d x %d, want 6 x 8", g.Rows, g.Cols)
	}
	for m := range g.Rows {
		for n := range g.Cols {
			got, err := g.Cell(m, n)
			want, err2 := l.Index(m + n*g.Rows)
			if err != nil || err2 != nil || got != want {
				t.Errorf("Cell(%d,%d) = %d, %v; want %d, %v", m, n, got, err, want, err2)
			}
		}
	}
	if _, err := g.Cell(6, 0); err == nil {
		t.Error("Cell(6,0) outside the 6 x 8 grid: no error")
	}
	if _, err := concrete.NewGrid(mustLayout("(2,2,2):(1,2,4)")); err == nil {
		t.Error("NewGrid of a rank-3 layout: no error")
	}
}

// TestGridLimits checks the bounds of grids: exactly MaxPrintLayoutDim rows
// or columns are drawn; a cell of exactly CuTe's int extremes is a value,
// one past them is refused; a cell outside the grid on any side is refused;
// print_layout's cosize may be exactly the int maximum; print_latex draws a
// cell 0 (it refuses negative ones only).
func TestGridLimits(t *testing.T) {
	// the header, the column indices, a separator and a line per row, the
	// closing separator
	for s, lines := range map[string]int{"(256,1):(1,0)": 3 + 2*256, "(1,256):(0,1)": 3 + 2} {
		out, err := concrete.PrintLayout(mustLayout(s))
		if err != nil || strings.Count(out, "\n") != lines {
			t.Errorf("PrintLayout(%s): %d lines, %v", s, strings.Count(out, "\n"), err)
		}
		if _, err := concrete.PrintLatex(mustLayout(s)); err != nil {
			t.Errorf("PrintLatex(%s): %v", s, err)
		}
	}
	if out, err := concrete.PrintLayout(mustLayout("(2,1):(2147483646,0)")); err != nil || !strings.Contains(out, "| 2147483646 |") {
		t.Errorf("PrintLayout of cosize 2^31-1: %q, %v", out, err)
	}
	if _, err := concrete.PrintLayout(mustLayout("(2,1):(2147483647,0)")); err == nil || !strings.Contains(err.Error(), "cosize 2147483648") {
		t.Errorf("PrintLayout of cosize 2^31: %v, want the cosize refused", err)
	}
	for d, ok := range map[int64]bool{2147483647: true, 2147483648: false, -2147483648: true, -2147483649: false} {
		g, err := concrete.NewGrid(mustLayout(fmt.Sprintf("(2,1):(%d,0)", d)))
		if err != nil {
			t.Fatal(err)
		}
		v, err := g.Cell(1, 0)
		if ok && (err != nil || v != d) || !ok && err == nil {
			t.Errorf("cell (1,0) of (2,1):(%d,0) = %d, %v", d, v, err)
		}
	}
	g, err := concrete.NewGrid(mustLayout("(2,3):(1,2)"))
	if err != nil {
		t.Fatal(err)
	}
	for _, mn := range [][2]int64{{-1, 0}, {0, -1}, {2, 0}, {0, 3}} {
		if v, err := g.Cell(mn[0], mn[1]); err == nil {
			t.Errorf("Cell(%d,%d) outside the 2 x 3 grid = %d, no error", mn[0], mn[1], v)
		}
	}
	if v, err := g.Cell(1, 2); err != nil || v != 5 {
		t.Errorf("Cell(1,2) of (2,3):(1,2) = %d, %v; want 5", v, err)
	}
	if out, err := concrete.PrintLatex(mustLayout("(2,2):(1,2)")); err != nil || !strings.Contains(out, "{0};") {
		t.Errorf("PrintLatex((2,2):(1,2)): %v", err)
	}
}

// TestTVGridLimits checks NewTVGrid's bounds: a tile of MaxPrintLayoutDim
// rows or columns and exactly MaxTVPairs pairs are accepted.
func TestTVGridLimits(t *testing.T) {
	for _, c := range []struct {
		tv, tile string
		cells    int
	}{
		{"(_256,_2):(_1,_256)", "(_256,_2)", 512},
		{"(_1,_256):(_0,_1)", "(_1,_256)", 256},
		{"(_1024,_1024):(_1,_0)", "(_256,_4)", 1024},
	} {
		g, err := concrete.NewTVGrid(mustLayout(c.tv), mustTuple(c.tile))
		if err != nil || len(g.Cells) != c.cells {
			t.Errorf("NewTVGrid(%s, %s): %d cells, %v; want %d", c.tv, c.tile, len(g.Cells), err, c.cells)
		}
	}
}
