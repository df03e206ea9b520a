// Package picture draws layouts as SVG figures in the style of the CuTe
// documentation's: the grid of a layout (m,n) -> index, the grid of a
// (thread, value) layout over its tile, and an HTML page holding a
// derivation with a figure per step. It draws what package concrete
// computes: the grid is concrete.NewGrid's (the grid print_layout and
// print_latex draw), the (thread, value) cells are concrete.NewTVGrid's (the
// cells print_latex_tv draws), and the colours are concrete.Palette (CuTe's
// TikzColor_TV).
//
// # Geometry
//
// One geometry serves every figure: square cells of Cell pixels, the
// layout (or a title) on a line at the top, the column indices n above the
// grid and the row indices m left of it, a thin line around every cell and
// a thick frame around the grid.
//
// # Layout figures
//
// Layout draws a layout of any rank: rank 1 is one column, rank 2 its two
// modes, and a higher rank draws mode 0 down the rows and the modes 1, 2,
// ... grouped as one mode across the columns (so that tiled and flat divide
// and product results are whole). Each cell shows l(m,n) and is coloured by
// its value, Palette[l(m,n) mod 8], or, for the result of a divide or a
// product (Tiles), by the tile it belongs to, Palette[tile mod 8], the
// tiles numbered as CuTe numbers them (down the tile rows first), so that
// the tiles of a logical_divide and of the zipped_divide with the same
// tiler have the same colours. The boundaries between the
// sub-modes of each mode are drawn thicker the closer the sub-modes are to
// the top of the mode: in a row mode ((2,2),4) the rows split in tiles of 4
// by thick lines, and each tile in two of 2 by medium ones.
//
// # TV figures
//
// TV draws a (thread, value) layout over its tile: each cell shows T<t>
// and V<v> of the first pair that reaches it (print_latex_tv's choice) and
// is coloured by the thread, Palette[t mod 8]; cells no pair reaches stay
// white.
//
// # Bank figures
//
// Banks draws a layout, or a swizzled layout, as the shared memory it
// addresses: its values are indices of elements of 1, 2, 4, 8 or 16 bytes
// in a buffer aligned to 128 bytes, shared memory has 32 banks of 4 bytes
// (word w in bank w mod 32), and each cell shows its value over the bank of
// its first byte and is coloured by it (32 hues, the odd banks lighter).
// Right of each row and under each column stands AccessOf its elements: the
// most distinct words in one bank (n-way, the wavefronts an access to all of
// them takes; two elements in one word are one access, as the hardware's
// broadcast makes them), red where that is more than the ceil(words/32)
// passes the words need: a bank conflict. The alignment and the
// all-at-once access are the figure's assumptions; which threads read
// which cells in one instruction is the kernel's, not the layout's.
//
// # Pages
//
// Page assembles one self-contained HTML page (no script, no external
// resource) of sections, each a block of preformatted text and an optional
// inline SVG figure.
//
// # Size
//
// Grids are limited as concrete.NewGrid limits them (MaxPrintLayoutDim rows
// and columns). A figure costs about 50 bytes per cell (the cells of one
// colour are one path, the labels of a row one text element): a 64 x 64
// layout is 0.2 MB, the largest grid (256 x 256) 3.3 MB (docs/perf.md has
// the measured figures).
package picture
