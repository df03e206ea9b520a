package picture

import (
	"testing"

	"github.com/cutealg/cutealg/concrete"
)

// BenchmarkLayout draws layouts of 64 x 64 (4,096 cells, nested modes) and
// 256 x 256 cells (65,536, the largest grid concrete.NewGrid takes); the
// svg-bytes metric is the size of the figure (docs/perf.md).
func BenchmarkLayout(b *testing.B) {
	for _, c := range []struct{ name, layout string }{
		{"64x64", "((_8,_8),(_8,_8)):((_1,_64),(_8,_512))"},
		{"256x256", "((_16,_16),(_16,_16)):((_1,_256),(_16,_4096))"},
	} {
		b.Run(c.name, func(b *testing.B) {
			l := layout(b, c.layout)
			b.ReportAllocs()
			var n int
			for b.Loop() {
				svg, err := Layout(l, "", nil)
				if err != nil {
					b.Fatal(err)
				}
				n = len(svg)
			}
			b.ReportMetric(float64(n), "svg-bytes")
		})
	}
}

// BenchmarkTV draws seed 004's WGMMA accumulator over its 64 x 64 tile
// (4,096 cells): the TV grid (the composition with the identity layout
// and the walk over 128 x 32 pairs) and the figure.
func BenchmarkTV(b *testing.B) {
	tv := layout(b, "((_4,_8,_4),(_2,_2,_8)):((_128,_1,_16),(_64,_8,_512))")
	tile, err := concrete.ParseTuple("(_64,_64)")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	var n int
	for b.Loop() {
		g, err := concrete.NewTVGrid(tv, tile)
		if err != nil {
			b.Fatal(err)
		}
		n = len(TV(g, ""))
	}
	b.ReportMetric(float64(n), "svg-bytes")
}
