package props

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/cutealg/cutealg/sym"
)

// The commuting square on generated calls: kernel-author shaped layouts
// (M x N x L matrices, column or row major, hierarchical modes, static
// tiles, symbolic strides and repeat counts) under random divisibility and
// bound assumptions, for every operation of the rules engine; each answer
// is compared with the concrete engine at bindings the assumptions allow.

var squareSyms = []string{"M", "N", "K", "L"}

// genSymShape draws the shape of one mode: a symbol, a static constant, a
// product, or (rarely) a nested pair.
func genSymShape(t *rapid.T, label string, depth int) string {
	switch k := rapid.IntRange(0, 9).Draw(t, label); {
	case k <= 3:
		return rapid.SampledFrom(squareSyms).Draw(t, label+"#sym")
	case k <= 5:
		return "_" + fmt.Sprint(rapid.SampledFrom([]int{1, 2, 3, 4, 8, 16}).Draw(t, label+"#c"))
	case k == 6:
		return rapid.SampledFrom([]string{"1", "2", "4", "_1", "M*2"}).Draw(t, label+"#dyn")
	case k <= 8 || depth <= 0:
		return rapid.SampledFrom(squareSyms).Draw(t, label+"#ps") + "*_" + fmt.Sprint(rapid.SampledFrom([]int{2, 4}).Draw(t, label+"#pc"))
	}
	return "(" + genSymShape(t, label+".0", depth-1) + "," + genSymShape(t, label+".1", depth-1) + ")"
}

// genSymLayout draws a layout: compact column or row major, or random
// static or symbolic strides.
func genSymLayout(t *rapid.T, label string) string { return symLayout(t, label, squareLayouts) }

// layoutGen says what symLayout draws: the shape of a mode (at a nesting
// depth), the most modes, the first stride of a compact layout, and the
// static and the symbolic strides of a layout with random strides.
type layoutGen struct {
	shape           func(t *rapid.T, label string, depth int) string
	depth, maxRank  int
	first           []string
	static, symbols []string
	random          int // 1 + the number of draws that give random strides (of 4 or 5 in all)
}

// squareLayouts are the kernel-author layouts of the commuting square.
var squareLayouts = layoutGen{
	shape: genSymShape, depth: 2, maxRank: 4,
	first:   []string{"_1", "_1", "_2", "M", "1"},
	static:  []string{"_0", "_1", "_2", "_4", "_8", "_16", "_32", "_64", "_-1", "_-2", "_-8"},
	symbols: []string{"_1", "_2", "M", "N", "M*_2", "_4*N", "M*N", "_-1*M", "1", "2", "_-1", "0"},
	random:  2,
}

// symLayout draws a layout as g says: compact column or row major (as
// products of the shapes), or random static or symbolic strides.
func symLayout(t *rapid.T, label string, g layoutGen) string {
	r := rapid.IntRange(1, g.maxRank).Draw(t, label+"#rank")
	modes := make([]string, r)
	for i := range modes {
		modes[i] = g.shape(t, fmt.Sprintf("%s.%d", label, i), g.depth)
	}
	shape := modes[0]
	if r > 1 {
		shape = "(" + strings.Join(modes, ",") + ")"
	}
	ls := splitLeaves(shape)
	st := make([]string, len(ls))
	switch k := rapid.IntRange(0, 1+g.random).Draw(t, label+"#order"); {
	case k <= 1: // column major (or row major), as products of the shapes
		order := make([]int, len(ls))
		for i := range order {
			order[i] = i
		}
		if rapid.Bool().Draw(t, label+"#right") {
			for i := range order {
				order[i] = len(ls) - 1 - i
			}
		}
		prod := rapid.SampledFrom(g.first).Draw(t, label+"#first")
		for _, i := range order {
			st[i] = prod
			if prod == "_1" {
				prod = ls[i]
			} else {
				prod = prod + "*" + ls[i]
			}
		}
	case k == 2:
		for i := range st {
			st[i] = rapid.SampledFrom(g.static).Draw(t, fmt.Sprintf("%s#s%d", label, i))
		}
	default:
		for i := range st {
			st[i] = rapid.SampledFrom(g.symbols).Draw(t, fmt.Sprintf("%s#y%d", label, i))
		}
	}
	return shape + ":" + rebuild(shape, st)
}

// genTile draws a static tile: a layout like _8:_1, (_4,_8):(_1,_4) or
// (_2,_4):(_1,_8).
func genTile(t *rapid.T, label string) string {
	s := rapid.SampledFrom([]int{1, 2, 4, 8, 16}).Draw(t, label+"#s")
	d := rapid.SampledFrom([]int{1, 1, 2, 4}).Draw(t, label+"#d")
	switch rapid.IntRange(0, 5).Draw(t, label+"#sym") {
	case 0:
		return rapid.SampledFrom([]string{"_4:M", "_2:_2*M", "M:_1", "(_2,N):(_1,_2)", "(_2,_2):(_1,M)", "_4:_-1", "(_2,_2):(_-1,_4)", "N:_2", "_1:M", "1:_1", "_4:2"}).Draw(t, label+"#symtile")
	}
	if rapid.IntRange(0, 3).Draw(t, label+"#k") == 0 {
		s2 := rapid.SampledFrom([]int{2, 4}).Draw(t, label+"#s2")
		return fmt.Sprintf("(_%d,_%d):(_%d,_%d)", s, s2, d, s*d*rapid.SampledFrom([]int{1, 2}).Draw(t, label+"#g"))
	}
	return fmt.Sprintf("_%d:_%d", s, d)
}

// genTiler draws a tiler of rank up to r: tiles, integers and _.
func genTiler(t *rapid.T, label string, r int) string {
	n := rapid.IntRange(1, r).Draw(t, label+"#rank")
	parts := make([]string, n)
	for i := range parts {
		switch rapid.IntRange(0, 5).Draw(t, fmt.Sprintf("%s#%d", label, i)) {
		case 0:
			parts[i] = "_"
		case 1, 2:
			parts[i] = "_" + fmt.Sprint(rapid.SampledFrom([]int{1, 2, 4, 8, 16, 32}).Draw(t, fmt.Sprintf("%s#i%d", label, i)))
		default:
			parts[i] = genTile(t, fmt.Sprintf("%s.%d", label, i))
		}
	}
	return "(" + strings.Join(parts, ",") + ")"
}

// genOrder draws an order weakly congruent with a shape text: per
// top-level mode a static or dynamic order value, a symbol, or (for a
// nested mode) a tuple of them.
func genOrder(t *rapid.T, label, shape string) string {
	leaf := func(l string) string {
		return rapid.SampledFrom([]string{"_0", "_1", "_2", "_3", "_-1", "5", "1", "L"}).Draw(t, l)
	}
	modes := topModes(shape)
	if modes == nil {
		return leaf(label)
	}
	parts := make([]string, len(modes))
	for i, m := range modes {
		l := fmt.Sprintf("%s.%d", label, i)
		if strings.HasPrefix(m, "(") && rapid.Bool().Draw(t, l+"#nest") {
			parts[i] = "(" + leaf(l+".0") + "," + leaf(l+".1") + ")"
			continue
		}
		parts[i] = leaf(l)
	}
	return "(" + strings.Join(parts, ",") + ")"
}

// topModes splits a tuple text into its top-level elements (nil for a
// text that is no tuple).
func topModes(shape string) []string {
	if !strings.HasPrefix(shape, "(") {
		return nil
	}
	var modes []string
	depth, start := 0, 1
	for i := 1; i < len(shape)-1; i++ {
		switch shape[i] {
		case '(':
			depth++
		case ')':
			depth--
		case ',':
			if depth == 0 {
				modes = append(modes, shape[start:i])
				start = i + 1
			}
		}
	}
	return append(modes, shape[start:len(shape)-1])
}

// genSymCoord draws a coordinate of a shape text holding `_`: per mode
// `_`, an integer, a symbolic coordinate (in range or not: an index
// beyond the mode is a guard's business), or for a tuple mode a tuple of
// coordinates of its modes.
func genSymCoord(t *rapid.T, label, shape string) string {
	modes := topModes(shape)
	if modes == nil || rapid.IntRange(0, 3).Draw(t, label+"#whole") == 0 {
		return rapid.SampledFrom([]string{"_", "0", "1", "3", "K", "K-1", "M-1"}).Draw(t, label)
	}
	parts := make([]string, len(modes))
	for i, m := range modes {
		parts[i] = genSymCoord(t, fmt.Sprintf("%s.%d", label, i), m)
	}
	return "(" + strings.Join(parts, ",") + ")"
}

// sliced draws a layout and a coordinate of its shape (genSymCoord).
func sliced(t *rapid.T) []string {
	a := genSymLayout(t, "A")
	shape, _, _ := strings.Cut(a, ":")
	return []string{genSymCoord(t, "c", shape), a}
}

// zeroStrides replaces some strides of a layout text by _0.
func zeroStrides(t *rapid.T, l string) string {
	shape, stride, _ := strings.Cut(l, ":")
	ds := splitLeaves(stride)
	for i := range ds {
		if rapid.IntRange(0, 2).Draw(t, fmt.Sprintf("zero#%d", i)) == 0 {
			ds[i] = "_0"
		}
	}
	return shape + ":" + rebuild(stride, ds)
}

// genTarget draws the target shape of tile_to_shape: symbolic or static
// extents, of rank 1 to 3.
func genTarget(t *rapid.T, label string) string {
	r := rapid.IntRange(1, 3).Draw(t, label+"#rank")
	parts := make([]string, r)
	for i := range parts {
		parts[i] = rapid.SampledFrom([]string{"M", "N", "K", "M*_4", "_8*N", "_16", "_32", "(M,_2)"}).Draw(t, fmt.Sprintf("%s.%d", label, i))
	}
	return "(" + strings.Join(parts, ",") + ")"
}

func genAssume(t *rapid.T) []string {
	var out []string
	switch rapid.IntRange(0, 7).Draw(t, "assume#rel") {
	case 0:
		out = append(out, "M % N == 0")
	case 1:
		out = append(out, "M >= N")
	case 2:
		out = append(out, "N == 2*M")
	case 3:
		out = append(out, "K <= 4")
	case 4:
		out = append(out, "M <= 2")
	case 5:
		out = append(out, "M == N")
	case 6:
		out = append(out, "N <= 3")
	}
	for _, s := range squareSyms {
		switch rapid.IntRange(0, 5).Draw(t, "assume#"+s) {
		case 0, 1:
			out = append(out, fmt.Sprintf("%s %% %d == 0", s, rapid.SampledFrom([]int{2, 3, 4, 6, 8, 16, 32, 64}).Draw(t, "mod#"+s)))
		case 2:
			out = append(out, fmt.Sprintf("%s >= %d", s, rapid.SampledFrom([]int{2, 8, 64}).Draw(t, "ge#"+s)))
		}
	}
	return out
}

func TestSymbolicSquareGenerated(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		op, args := genSquareCall(t)
		squareCase(t, "generated", op, args, genAssume(t), smallBox(args))
	})
}

// boxValues are the values smallBox gives each symbol of a call: the
// size-1 modes and the first divisibility boundaries, where sym's sampler
// (which draws mostly near the lower bounds, but at random) may miss a
// combination.
var boxValues = []int64{1, 2, 3, 4, 6, 8}

// smallBox returns every binding of the square's symbols that occur in
// the arguments to boxValues, the others at 192 (a multiple of every
// modulus genAssume draws, above its lower bounds): the bindings the
// assumptions allow among them are compared too (symGround filters).
func smallBox(args []string) []sym.Binding {
	var in []string
	text := strings.Join(args, " ")
	for _, s := range squareSyms {
		if strings.Contains(text, s) {
			in = append(in, s)
		}
	}
	out := []sym.Binding{{}}
	for _, s := range squareSyms {
		vals := []int64{192}
		if slices.Contains(in, s) {
			vals = boxValues
		}
		var next []sym.Binding
		for _, b := range out {
			for _, v := range vals {
				c := maps.Clone(b)
				c[s] = v
				next = append(next, c)
			}
		}
		out = next
	}
	return out
}

// genSquareCall draws a call of an operation of the rules engine on
// generated symbolic arguments.
func genSquareCall(t *rapid.T) (op string, args []string) {
	c := rapid.SampledFrom(squareCalls).Draw(t, "op")
	return c.op, c.args(t)
}

// symCall draws the arguments of one call of an operation.
type symCall struct {
	op   string
	args func(t *rapid.T) []string
}

// genRankedLayout draws a layout (genSymLayout) and its rank.
func genRankedLayout(t *rapid.T, label string) (string, int) {
	a := genSymLayout(t, label)
	return a, strings.Count(a[:strings.Index(a, ":")], ",") + 1
}

// withTiler draws a layout and a tiler of at most its rank.
func withTiler(t *rapid.T) []string {
	a, rk := genRankedLayout(t, "A")
	return []string{a, genTiler(t, "T", rk)}
}

// genShapeArg draws a shape of rank at most r: static and symbolic
// extents.
func genShapeArg(t *rapid.T, label string, r int) string {
	n := rapid.IntRange(1, r).Draw(t, label+"#rank")
	parts := make([]string, n)
	for i := range parts {
		parts[i] = rapid.SampledFrom([]string{"_1", "_2", "_4", "_8", "M", "N*_2"}).Draw(t, fmt.Sprintf("%s.%d", label, i))
	}
	return "(" + strings.Join(parts, ",") + ")"
}

// squareCalls are the calls genSquareCall draws from, each equally likely.
var squareCalls = []symCall{
	{"composition", func(t *rapid.T) []string { return []string{genSymLayout(t, "A"), genTile(t, "B")} }},
	{"composition_tiler", withTiler},
	{"composition_shape", func(t *rapid.T) []string {
		a, rk := genRankedLayout(t, "A")
		return []string{a, genShapeArg(t, "S", rk)}
	}},
	{"logical_divide", func(t *rapid.T) []string { return []string{genSymLayout(t, "A"), genTile(t, "B")} }},
	{"logical_divide_tiler", withTiler},
	{"zipped_divide", withTiler},
	{"flat_divide", withTiler},
	{"tiled_divide", withTiler},
	{"logical_product", func(t *rapid.T) []string { return []string{genTile(t, "A"), genSymLayout(t, "B")} }},
	{"logical_product_tiler", withTiler},
	{"zipped_product", withTiler},
	{"tiled_product", withTiler},
	{"flat_product", withTiler},
	{"blocked_product", func(t *rapid.T) []string { return []string{genTile(t, "A"), genSymLayout(t, "B")} }},
	{"raked_product", func(t *rapid.T) []string { return []string{genSymLayout(t, "A"), genTile(t, "B")} }},
	{"complement", func(t *rapid.T) []string {
		return []string{genTile(t, "A"), rapid.SampledFrom([]string{"M", "M*N", "_8*M", "(M,N)"}).Draw(t, "M")}
	}},
	{"complement_default", func(t *rapid.T) []string { return []string{genTile(t, "A")} }},
	{"coalesce", func(t *rapid.T) []string { return []string{genSymLayout(t, "A")} }},
	{"coalesce_profile", func(t *rapid.T) []string {
		a, rk := genRankedLayout(t, "A")
		return []string{a, strings.Replace(genShapeArg(t, "P", rk), "M", "_1", -1)}
	}},
	{"right_inverse", func(t *rapid.T) []string { return []string{genSymLayout(t, "A")} }},
	{"left_inverse", func(t *rapid.T) []string { return []string{genSymLayout(t, "A")} }},
	{"size", func(t *rapid.T) []string { return []string{genSymLayout(t, "A")} }},
	{"cosize", func(t *rapid.T) []string { return []string{genSymLayout(t, "A")} }},
	{"flatten", func(t *rapid.T) []string { return []string{genSymLayout(t, "A")} }},
	{"filter", func(t *rapid.T) []string { return []string{genSymLayout(t, "A")} }},
	{"make_layout", func(t *rapid.T) []string {
		shape, stride, _ := strings.Cut(genSymLayout(t, "A"), ":")
		return rapid.SampledFrom([][]string{{shape}, {shape, stride}}).Draw(t, "stride")
	}},
	{"make_layout_left", func(t *rapid.T) []string { return []string{genTarget(t, "S")} }},
	{"make_layout_right", func(t *rapid.T) []string { return []string{genTarget(t, "S")} }},
	{"append", func(t *rapid.T) []string { return []string{genSymLayout(t, "A"), genSymLayout(t, "B")} }},
	{"prepend", func(t *rapid.T) []string { return []string{genSymLayout(t, "A"), genSymLayout(t, "B")} }},
	{"take", func(t *rapid.T) []string {
		a, rk := genRankedLayout(t, "A")
		b := rapid.IntRange(0, rk).Draw(t, "b")
		return []string{a, fmt.Sprint(b), fmt.Sprint(rapid.IntRange(b, rk+1).Draw(t, "e"))}
	}},
	{"select", func(t *rapid.T) []string {
		a, rk := genRankedLayout(t, "A")
		return []string{a, fmt.Sprintf("(%d,%d)", rapid.IntRange(0, rk).Draw(t, "i0"), rapid.IntRange(0, rk-1).Draw(t, "i1"))}
	}},
	{"group", func(t *rapid.T) []string {
		a, rk := genRankedLayout(t, "A")
		b := rapid.IntRange(0, rk).Draw(t, "b")
		return []string{a, fmt.Sprint(b), fmt.Sprint(rapid.IntRange(b-1, rk).Draw(t, "e"))}
	}},
	{"get", func(t *rapid.T) []string {
		a, rk := genRankedLayout(t, "A")
		return []string{a, fmt.Sprintf("(%d)", rapid.IntRange(0, rk).Draw(t, "i"))}
	}},
	{"replace", func(t *rapid.T) []string {
		a, rk := genRankedLayout(t, "A")
		return []string{a, fmt.Sprint(rapid.IntRange(0, rk).Draw(t, "i")), genSymLayout(t, "B")}
	}},
	{"make_layout_concat", func(t *rapid.T) []string { return []string{genSymLayout(t, "A"), genSymLayout(t, "B")} }},
	{"make_ordered_layout", func(t *rapid.T) []string {
		shape, _, _ := strings.Cut(genSymLayout(t, "A"), ":")
		return []string{shape, genOrder(t, "O", shape)}
	}},
	{"tile_to_shape", func(t *rapid.T) []string {
		a := genSymLayout(t, "A")
		return []string{rapid.SampledFrom([]string{genTile(t, "A"), a}).Draw(t, "block"), genTarget(t, "S")}
	}},
	{"tile_to_shape", func(t *rapid.T) []string {
		target := genTarget(t, "S")
		return []string{genTile(t, "A"), target, genOrder(t, "O", target)}
	}},
	{"upcast", func(t *rapid.T) []string {
		return []string{genSymLayout(t, "A"), fmt.Sprint(rapid.SampledFrom([]int{1, 2, 3, 4, 8}).Draw(t, "N"))}
	}},
	{"downcast", func(t *rapid.T) []string {
		return []string{genSymLayout(t, "A"), fmt.Sprint(rapid.SampledFrom([]int{1, 2, 3, 4, 8}).Draw(t, "N"))}
	}},
	{"slice", sliced},
	{"dice", sliced},
	{"slice_and_offset", sliced},
	{"local_tile", func(t *rapid.T) []string {
		a, rk := genRankedLayout(t, "A")
		n := rapid.IntRange(1, rk).Draw(t, "c#rank")
		c := make([]string, n)
		for i := range c {
			c[i] = rapid.SampledFrom([]string{"_", "0", "1", "K", "K-1", "M-1"}).Draw(t, fmt.Sprintf("c.%d", i))
		}
		crd := "(" + strings.Join(c, ",") + ")"
		if n == 1 && rapid.Bool().Draw(t, "c#leaf") {
			crd = c[0]
		}
		return []string{a, genTiler(t, "T", rk), crd}
	}},
	{"local_partition", func(t *rapid.T) []string {
		return []string{genSymLayout(t, "A"), genTile(t, "L"), rapid.SampledFrom([]string{"0", "5", "K", "K-1", "K*_3"}).Draw(t, "i")}
	}},
	{"max_common_vector", maxCommonArgs},
	{"max_common_layout", maxCommonArgs},
	{"nullspace", func(t *rapid.T) []string { return []string{zeroStrides(t, genSymLayout(t, "A"))} }},
	{"crd2idx", func(t *rapid.T) []string {
		a, rk := genRankedLayout(t, "A")
		c := make([]string, rk)
		for i := range c {
			c[i] = fmt.Sprint(rapid.IntRange(0, 3).Draw(t, "c"))
		}
		crd := rapid.SampledFrom([]string{"(" + strings.Join(c, ",") + ")", fmt.Sprint(rapid.IntRange(0, 15).Draw(t, "i"))}).Draw(t, "crd")
		return []string{crd, a}
	}},
	{"idx2crd", func(t *rapid.T) []string {
		return []string{fmt.Sprint(rapid.IntRange(0, 63).Draw(t, "i")), genTarget(t, "S")}
	}},
}

// maxCommonArgs draws two layouts for max_common_vector and
// max_common_layout: generated or static tiles, sometimes the same.
func maxCommonArgs(t *rapid.T) []string {
	a := rapid.SampledFrom([]string{genSymLayout(t, "A"), genTile(t, "A")}).Draw(t, "A'")
	b := rapid.SampledFrom([]string{a, genSymLayout(t, "B"), genTile(t, "B")}).Draw(t, "B")
	return []string{a, b}
}
