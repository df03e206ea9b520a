package picture

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cutealg/cutealg/concrete"
	"github.com/cutealg/cutealg/internal/catalog"
)

func TestAccessOf(t *testing.T) {
	for _, c := range []struct {
		vals  []int64
		bytes int64
		want  Access
	}{
		// a row of 32 floats: every bank once
		{seq(0, 1, 32), 4, Access{Words: 32, Banks: 32, Ways: 1, Ideal: 1}},
		// a column of 8 floats 32 apart: bank 0 eight times
		{seq(0, 32, 8), 4, Access{Words: 8, Banks: 1, Ways: 8, Ideal: 1}},
		// 64 halves: two to a word, 32 words
		{seq(0, 1, 64), 2, Access{Words: 32, Banks: 32, Ways: 1, Ideal: 1}},
		// the same half read twice is one word (a broadcast, no conflict)
		{[]int64{5, 5, 4}, 2, Access{Words: 1, Banks: 1, Ways: 1, Ideal: 1}},
		// 16-byte elements 8 apart: banks 0-3 eight times over
		{seq(0, 8, 8), 16, Access{Words: 32, Banks: 4, Ways: 8, Ideal: 1}},
		// 64 floats: two passes over the banks are the ideal, not a conflict
		{seq(0, 1, 64), 4, Access{Words: 64, Banks: 32, Ways: 2, Ideal: 2}},
		// bytes: four to a word; negative indices lie below the buffer's base
		{[]int64{-1, 0, 3, 4, 128}, 1, Access{Words: 4, Banks: 3, Ways: 2, Ideal: 1}}, // words -1 (bank 31), 0, 1, 32 (bank 0)
		{nil, 4, Access{}},
	} {
		got, err := AccessOf(c.vals, c.bytes)
		if err != nil || got != c.want {
			t.Errorf("AccessOf(%v, %d) = %+v, %v; want %+v", c.vals, c.bytes, got, err, c.want)
		}
		if got.Conflict() != (c.want.Ways > c.want.Ideal) {
			t.Errorf("AccessOf(%v, %d).Conflict() = %v", c.vals, c.bytes, got.Conflict())
		}
	}
	if _, err := AccessOf([]int64{1 << 61}, 8); err == nil {
		t.Error("an address past int64: no error")
	}
}

func seq(from, step, n int64) []int64 {
	out := make([]int64, n)
	for i := range out {
		out[i] = from + step*int64(i)
	}
	return out
}

// TestBanksCells checks a bank figure's content against a count made here
// from the grid: each cell's value (the swizzled one) and bank, the figures
// of each row and column.
func TestBanksCells(t *testing.T) {
	for _, c := range []struct {
		expr  string
		bytes int64
	}{
		{"Sw<3,0,3> o _0 o (_8,_8):(_8,_1)", 16},
		{"Sw<2,2,3> o _4 o (_4,(_2,_4)):(_8,(_1,_2))", 2},
		{"(_8,_8):(_32,_1)", 4},
		{"Sw<1,0,1> o _0 o _4:_1", 8},
		{"(_4,_2,_2):(_1,_64,_4)", 1},
	} {
		t.Run(c.expr, func(t *testing.T) {
			v, err := concrete.ParseArg(c.expr, catalog.Layout)
			if err != nil {
				t.Fatal(err)
			}
			svg, err := Banks(v, "", c.bytes)
			if err != nil {
				t.Fatal(err)
			}
			words := svgWords(t, svg)
			inner := v.Layout
			if v.Kind == concrete.ValComposed {
				inner = v.Composed.Layout
			}
			size := sizeOf(inner.Shape)
			d := drawn(inner)
			rows := sizeOf(d.Shape.At(0))
			cols := size / rows
			if words[0] != c.expr {
				t.Errorf("title %q", words[0])
			}
			// title, column indices, row indices, each row's values and
			// banks, "per row", the rows' figures, the columns'
			cells := words[1+cols+rows:]
			value := func(m, n int64) int64 {
				i := m + rows*n
				if v.Kind == concrete.ValComposed {
					x, err := v.Composed.Index(i)
					if err != nil {
						t.Fatal(err)
					}
					return x
				}
				x, err := inner.Index(i)
				if err != nil {
					t.Fatal(err)
				}
				return x
			}
			for m := range rows {
				var row []int64
				for n := range cols {
					x := value(m, n)
					row = append(row, x)
					first := x * c.bytes / 4
					last := (x*c.bytes + c.bytes - 1) / 4
					bank := fmt.Sprintf("b%d", first%32)
					if last != first {
						bank += fmt.Sprintf("-%d", last%32)
					}
					if got, want := cells[m*2*cols+n], fmt.Sprint(x); got != want {
						t.Errorf("cell (%d,%d) shows %q, want %s", m, n, got, want)
					}
					if got := cells[m*2*cols+cols+n]; got != bank {
						t.Errorf("cell (%d,%d) in bank %q, want %s", m, n, got, bank)
					}
				}
				a, _ := AccessOf(row, c.bytes)
				if got, want := cells[2*rows*cols+1+m], fmt.Sprintf("%d-way, %d bank%s", a.Ways, a.Banks, plural(a.Banks)); got != want {
					t.Errorf("row %d reads %q, want %q", m, got, want)
				}
			}
			for n := range cols {
				var col []int64
				for m := range rows {
					col = append(col, value(m, n))
				}
				a, _ := AccessOf(col, c.bytes)
				if got, want := cells[2*rows*cols+1+rows+n], fmt.Sprintf("%d-way", a.Ways); got != want {
					t.Errorf("column %d reads %q, want %q", n, got, want)
				}
			}
			if n := strings.Count(svg, "h40v40h-40z"); n != int(size) {
				t.Errorf("%d cells filled, want %d", n, size)
			}
		})
	}
}

func TestBanksRefuses(t *testing.T) {
	l := concrete.LayoutValue(layout(t, "(_4,_4):(_1,_4)"))
	for _, bytes := range []int64{0, 3, 32, -4} {
		if _, err := Banks(l, "", bytes); err == nil {
			t.Errorf("elements of %d bytes: no error", bytes)
		}
	}
	if _, err := Banks(concrete.TupleValue(layout(t, "4:1").Shape), "", 4); err == nil {
		t.Error("a tuple: no error")
	}
	if _, err := Banks(concrete.LayoutValue(layout(t, "(300,2):(1,300)")), "", 4); err == nil {
		t.Error("a grid of 300 rows: no error")
	}
	big, err := concrete.ParseArg("Sw<1,0,1> o 4611686018427387904 o 2:1", catalog.Layout)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Banks(big, "", 16); err == nil || !strings.Contains(err.Error(), "overflows") {
		t.Errorf("an address past int64: %v", err)
	}
}
