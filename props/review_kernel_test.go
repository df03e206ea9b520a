package props

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/cutealg/cutealg/rules"
	"github.com/cutealg/cutealg/sym"
)

// A third adversarial generator (with -review): the requests of the hidden
// grading set as its description reads ("kernel-author tilings of M x N
// and M x N x L matrices with and without divisibility assumptions,
// symbolic strides and repeat counts, random ranks and nestings").
// A request is built mode by mode: each mode of the matrix has an extent
// (a symbol, a static extent, a product TM*RM or a nested (M0,M1)) and a
// tile (a static size, a static layout, a symbolic size, or _), so that
// the assumptions can name what a kernel author knows of that mode:
// nothing, that the tile divides it (M % 128 == 0, M % TM == 0), bounds
// (N >= 64, TM <= 128), or some of each. Each request is checked as the
// other generators' are (the square, the dynamic mode, the needs), and
// its answer is counted by assumption class: plain, cases, error, with
// the condition and rule of its first split (TestReviewKernelGenerated
// logs the survey; -review.kernel.out writes the requests as a symbolic
// corpus without points, for cute gpuval -vectors).

var kernelOut = flag.String("review.kernel.out", "", "write the kernel generator's requests here as symbolic cases (JSON lines)")

// kMode is one mode of a generated matrix: its extent (a leaf or a nested
// tuple text), the extents of its leaves, and its tile.
type kMode struct {
	ext    string   // the mode's shape text
	leaves []string // its leaves, first to last
	tile   string   // its tile in a tiler: "_", an integer or a layout
	size   string   // the tile's size ("" for _)
	span   string   // the tile's cosize, the extent it needs to divide ("" for _)
}

// kernelMode draws mode i of a matrix.
func kernelMode(t *rapid.T, i int) kMode {
	base := []string{"M", "N", "L"}[i]
	var m kMode
	switch rapid.IntRange(0, 9).Draw(t, fmt.Sprintf("ext%d", i)) {
	case 0:
		m.leaves = []string{"_" + fmt.Sprint(rapid.SampledFrom([]int{64, 128, 256, 96}).Draw(t, fmt.Sprintf("sext%d", i)))}
	case 1:
		m.leaves = []string{"T" + base + "*R" + base}
	case 2:
		m.leaves = []string{base + "0", base + "1"}
	case 3:
		m.leaves = []string{"_" + fmt.Sprint(rapid.SampledFrom([]int{2, 8}).Draw(t, fmt.Sprintf("next%d", i))), base}
	case 4:
		m.leaves = []string{base + "*_" + fmt.Sprint(rapid.SampledFrom([]int{2, 4, 8}).Draw(t, fmt.Sprintf("pext%d", i)))}
	default:
		m.leaves = []string{base}
	}
	m.ext = m.leaves[0]
	if len(m.leaves) > 1 {
		m.ext = "(" + strings.Join(m.leaves, ",") + ")"
	}
	switch k := rapid.IntRange(0, 9).Draw(t, fmt.Sprintf("tile%d", i)); {
	case k <= 3:
		s := rapid.SampledFrom([]int{128, 64, 32, 16, 8, 4}).Draw(t, fmt.Sprintf("ts%d", i))
		m.tile, m.size, m.span = fmt.Sprintf("_%d", s), fmt.Sprint(s), fmt.Sprint(s)
	case k <= 5:
		lay := rapid.SampledFrom([][3]string{
			{"_64:_1", "64", "64"}, {"_32:_1", "32", "32"}, {"_8:_2", "8", "16"}, {"_4:_4", "4", "16"},
			{"(_2,_4):(_1,_8)", "8", "32"}, {"(_4,_8):(_8,_1)", "32", "32"}, {"(_16,_2):(_1,_32)", "32", "64"},
		}).Draw(t, fmt.Sprintf("tl%d", i))
		m.tile, m.size, m.span = lay[0], lay[1], lay[2]
	case k <= 7:
		s := "T" + base
		m.tile, m.size, m.span = s, s, s
		if rapid.Bool().Draw(t, fmt.Sprintf("tsl%d", i)) {
			m.tile = s + ":_1"
		}
	case k == 8:
		m.tile = "_"
	default:
		s := rapid.SampledFrom([]int{2, 4}).Draw(t, fmt.Sprintf("tss%d", i))
		m.tile = fmt.Sprintf("(_%d,T%s):(_1,_%d)", s, base, s)
		m.size = fmt.Sprintf("%d*T%s", s, base)
		m.span = m.size
	}
	return m
}

// kernelStrides writes the strides of a matrix of the given modes: column
// major (compact, or with a leading dimension ld and a batch stride bs)
// or row major (the batch mode outermost), column major inside a mode.
func kernelStrides(t *rapid.T, modes []kMode) string {
	order := []int{0, 1, 2}[:len(modes)]
	kind := rapid.IntRange(0, 3).Draw(t, "strides")
	if kind == 2 {
		order = []int{1, 0, 2}[:len(modes)]
	}
	strides := make([][]string, len(modes))
	var run []string // the factors of the running product
	for _, mi := range order {
		if kind == 3 && mi > 0 {
			run = []string{[]string{"", "ld", "bs"}[mi]}
		}
		for _, l := range modes[mi].leaves {
			var fs []string
			for _, f := range run {
				if f != "_1" {
					fs = append(fs, f)
				}
			}
			if len(fs) == 0 {
				fs = []string{"_1"}
			}
			strides[mi] = append(strides[mi], strings.Join(fs, "*"))
			run = append(run, l)
		}
	}
	var flat []string
	for _, s := range strides {
		flat = append(flat, s...)
	}
	return rebuildModes(modes, flat)
}

// rebuildModes writes a tuple congruent with the modes' shapes from a flat
// list of leaves.
func rebuildModes(modes []kMode, leaves []string) string {
	var parts []string
	k := 0
	for _, m := range modes {
		n := len(m.leaves)
		if n == 1 {
			parts = append(parts, leaves[k])
		} else {
			parts = append(parts, "("+strings.Join(leaves[k:k+n], ",")+")")
		}
		k += n
	}
	return "(" + strings.Join(parts, ",") + ")"
}

// kernelAssume draws the assumptions of a class: none, div (the tile of
// each tiled mode divides the mode's first leaf, and the leading
// dimensions cover their modes), bounds, or mixed (some of both).
func kernelAssume(t *rapid.T, class string, modes []kMode, tiled int, layout string) []string {
	var div, bounds []string
	for i, m := range modes {
		b := []string{"M", "N", "L"}[i]
		if i < tiled && m.span != "" {
			ext := strings.TrimPrefix(m.leaves[0], "_")
			// a product span s*T reads M % T == 0 && M / T % s == 0 (the
			// notation has no parentheses for expressions)
			num, factor, isProd := strings.Cut(m.span, "*")
			if isProd {
				div = append(div, ext+" % "+factor+" == 0", ext+" / "+factor+" % "+num+" == 0")
			} else if !strings.HasPrefix(m.leaves[0], "_") || strings.HasPrefix(m.span, "T") {
				div = append(div, ext+" % "+m.span+" == 0")
			}
			if strings.Contains(m.span, "T") {
				bounds = append(bounds, rapid.SampledFrom([]string{"T" + b + " <= 128", "T" + b + " >= 8", "T" + b + " % 8 == 0"}).Draw(t, fmt.Sprintf("tb%d", i)))
			}
		}
		if strings.Contains(m.ext, b) {
			// bounds, and equalities a kernel author writes: a tile larger
			// than the matrix, a fixed tile size, a matrix of whole tiles
			bounds = append(bounds, rapid.SampledFrom([]string{b + " >= 64", b + " >= T" + b, b + " <= 4096", b + " >= 2", b + " <= 64", b + " < T" + b, "T" + b + " == 64", b + " == T" + b + "*R" + b, b + " == 2*T" + b}).Draw(t, fmt.Sprintf("bound%d", i)))
		}
	}
	if strings.Contains(layout, "ld") {
		ext := strings.ReplaceAll(strings.Trim(modes[0].ext, "()"), ",", "*")
		div = append(div, "ld >= "+ext)
		bounds = append(bounds, "ld >= "+ext)
	}
	if strings.Contains(layout, "bs") {
		div = append(div, "bs >= ld*"+strings.ReplaceAll(strings.Trim(modes[1].ext, "()"), ",", "*"))
	}
	switch class {
	case "none":
		return nil
	case "div":
		return div
	case "bounds":
		return bounds
	}
	var out []string
	for i, a := range append(div, bounds...) {
		if rapid.Bool().Draw(t, fmt.Sprintf("mix%d", i)) {
			out = append(out, a)
		}
	}
	return out
}

// kernelRequest draws one request of the hidden set's kind and the class
// of its assumptions.
func kernelRequest(t *rapid.T) (op string, args, assume []string, class string) {
	rank := rapid.IntRange(2, 3).Draw(t, "rank")
	modes := make([]kMode, rank)
	for i := range modes {
		modes[i] = kernelMode(t, i)
	}
	var shapes []string
	for _, m := range modes {
		shapes = append(shapes, m.ext)
	}
	shape := "(" + strings.Join(shapes, ",") + ")"
	a := shape + ":" + kernelStrides(t, modes)
	class = rapid.SampledFrom([]string{"none", "div", "bounds", "mixed"}).Draw(t, "class")
	// the tiler covers the first two modes, or all three
	tn := 2
	if rank == 3 && rapid.Bool().Draw(t, "tile3") {
		tn = 3
	}
	tiles := make([]string, tn)
	for i := range tiles {
		tiles[i] = modes[i].tile
	}
	tiler := "(" + strings.Join(tiles, ",") + ")"
	tiled := tn
	if rapid.IntRange(0, 5).Draw(t, "tiler1d") == 0 {
		// a one-mode tiler: the first mode's tile
		if modes[0].tile == "_" {
			modes[0].tile, modes[0].size, modes[0].span = "_8:_2", "8", "16"
		}
		tiler, tiled = modes[0].tile, 1
	}
	assume = kernelAssume(t, class, modes, tiled, a)
	coord := func() string {
		cs := make([]string, len(tiles))
		for i := range cs {
			c := []string{"m", "n", "l"}[i]
			switch rapid.IntRange(0, 3).Draw(t, fmt.Sprintf("crd%d", i)) {
			case 0:
				c = "_"
			case 1:
				c = "0"
			}
			cs[i] = c
			if c == "_" || c == "0" {
				continue
			}
			if class != "none" && modes[i].span != "" {
				// a block coordinate within the grid of tiles
				assume = append(assume, fmt.Sprintf("%s < ceil_div(%s,%s)", c, strings.ReplaceAll(strings.Trim(modes[i].ext, "()"), ",", "*"), modes[i].size))
			}
		}
		return "(" + strings.Join(cs, ",") + ")"
	}
	switch rapid.IntRange(0, 16).Draw(t, "op") {
	case 0, 1:
		return "local_tile", []string{a, "(" + strings.Join(tiles, ",") + ")", coord()}, assume, class
	case 2:
		thr := rapid.SampledFrom([]string{"(_32,_8):(_1,_32)", "(_16,_16):(_16,_1)", "(_4,_8):(_8,_1)", "(_8,_4):(_1,_8)", "(TM,TN):(_1,TM)", "(TM,_4):(_4,_1)"}).Draw(t, "thr")
		if rapid.Bool().Draw(t, "tid") {
			assume = append(assume, rapid.SampledFrom([]string{"tid < 32", "tid < TM*TN", "tid < 4*TM"}).Draw(t, "tidb"))
			return "local_partition", []string{a, thr, "tid"}, assume, class
		}
		return "local_partition", []string{a, thr, fmt.Sprint(rapid.IntRange(0, 31).Draw(t, "idx"))}, assume, class
	case 3, 4, 5, 6:
		op = rapid.SampledFrom([]string{"logical_divide_tiler", "zipped_divide", "tiled_divide", "flat_divide", "composition_tiler"}).Draw(t, "div")
		return op, []string{a, tiler}, assume, class
	case 7:
		return "logical_divide", []string{a, rapid.SampledFrom([]string{"_128:_1", "_8:_2", "TM:_1", "(_4,_8):(_1,_4)", "(_2,TM):(_1,_2)"}).Draw(t, "B")}, assume, class
	case 8:
		op = rapid.SampledFrom([]string{"logical_product_tiler", "zipped_product", "tiled_product", "flat_product"}).Draw(t, "prod")
		rep := rapid.SampledFrom([]string{"(RM,RN)", "(_2,_4)", "(RM:_1,RN:_1)", "(RM,_2)", "(_2:_1,RN:_1)"}).Draw(t, "rep")
		return op, []string{a, rep}, assume, class
	case 9:
		// a block repeated by symbolic counts, or a matrix by a static block
		op = rapid.SampledFrom([]string{"blocked_product", "raked_product", "logical_product"}).Draw(t, "br")
		block := rapid.SampledFrom([]string{"(_4,_8):(_1,_4)", "(_8,_4):(_4,_1)", "(_32,_4):(_1,_32)", "(TM,TN):(_1,TM)", "(_2,_2):(_2,_1)"}).Draw(t, "block")
		rep := rapid.SampledFrom([]string{"(RM,RN):(_1,RM)", "(RM,RN):(RN,_1)", "(_2,RN):(_1,_2)", "(RM,RN,L):(_1,RM,RM*RN)"}).Draw(t, "repl")
		if rapid.Bool().Draw(t, "matrix") {
			rep = a
		}
		return op, []string{block, rep}, assume, class
	case 10:
		return "composition", []string{a, rapid.SampledFrom([]string{"(_128,_64):(_1,_128)", "(_16,_8):(_8,_1)", "_64:_2", "(TM,TN):(_1,TM)", "(_4,_8):(_1,M)"}).Draw(t, "cB")}, assume, class
	case 11:
		return "composition_shape", []string{a, rapid.SampledFrom([]string{"(TM,TN)", "(_128,_64)", "(M,_8)", "(_64,TN)"}).Draw(t, "cS")}, assume, class
	case 12:
		block := rapid.SampledFrom([]string{"(_128,_64):(_1,M)", "(_4,_8):(_1,_4)", "(TM,TN):(_1,M)", "_32:_1", "(_8,_4):(_4,_1)", "TM:_1"}).Draw(t, "cblock")
		cot := rapid.SampledFrom([]string{"M*N", "(M,N)", shape, "M*N*L"}).Draw(t, "cot")
		return "complement", []string{block, cot}, assume, class
	case 13:
		return rapid.SampledFrom([]string{"coalesce", "right_inverse", "left_inverse"}).Draw(t, "un"), []string{a}, assume, class
	case 14:
		return rapid.SampledFrom([]string{"size", "cosize"}).Draw(t, "sz"), []string{a}, assume, class
	case 15:
		var cs []string
		for i, m := range modes {
			c := []string{"i", "j", "k"}[i]
			cs = append(cs, c)
			assume = append(assume, fmt.Sprintf("%s < %s", c, strings.ReplaceAll(strings.Trim(m.ext, "()"), ",", "*")))
		}
		return "crd2idx", []string{"(" + strings.Join(cs, ",") + ")", a}, assume, class
	}
	return "logical_divide_tiler", []string{a, tiler}, assume, class
}

// splitReason names why an answer is not plain: the rule and condition of
// its first split (a case guard decided by assumption), else its error.
func splitReason(req rules.Request, ans rules.Answer[sym.Value], err error) string {
	if err != nil {
		return "error: " + normalReason(err.Error())
	}
	var walk func(cs []rules.Case) string
	walk = func(cs []rules.Case) string {
		for _, c := range cs {
			for _, st := range c.Steps {
				for _, d := range st.Checked {
					if d.By == "guard" || d.By == "negated guard" {
						return st.Rule + ": " + normalReason(d.Cond)
					}
				}
			}
			if r := walk(c.From); r != "" {
				return r
			}
		}
		return ""
	}
	d := ans.Derivation(req)
	if r := walk(d.Cases); r != "" {
		return r
	}
	for _, c := range d.Cases {
		if c.Error != "" {
			return "case error: " + normalReason(c.Error)
		}
	}
	return "guards " + normalReason(strings.Join(d.Cases[0].When, " && "))
}

// kernelSyms are the symbols the kernel generator writes (the assumptions
// may name some that the arguments do not).
var kernelSyms = []string{"M", "N", "L", "M0", "M1", "N0", "N1", "L0", "L1", "TM", "TN", "TL", "RM", "RN", "RL", "ld", "bs", "m", "n", "l", "tid", "i", "j", "k"}

// tilingOps are the operations whose tiler is the matrix modes' tiles (so
// that the class div assumes that each tile divides its mode).
var tilingOps = map[string]bool{"local_tile": true, "logical_divide_tiler": true, "zipped_divide": true, "tiled_divide": true, "flat_divide": true, "composition_tiler": true}

var reasonNumber = regexp.MustCompile(`\b\d+\b`)

// normalReason writes a reason with its numbers as # (so that reasons of
// one kind count together).
func normalReason(s string) string {
	if len(s) > 160 {
		s = s[:160]
	}
	return reasonNumber.ReplaceAllString(s, "#")
}

func TestReviewKernelGenerated(t *testing.T) {
	if !*reviewFlag {
		t.Skip("the review's kernel generator runs with -review")
	}
	type tally struct{ n, plain, cases, errs int }
	byClass := map[string]*tally{}
	reasons := map[string]int{}
	reasonClasses := map[string]map[string]int{}
	example := map[string]string{}
	seq, points := 0, 0
	gaps := map[string]int{} // false errors (gapErrors) by class and operation
	var out *os.File
	if *kernelOut != "" {
		var err error
		if out, err = os.Create(*kernelOut); err != nil {
			t.Fatal(err)
		}
		defer out.Close()
	}
	defer func() {
		t.Logf("requests %d, bindings checked by the square %d, false errors by class and operation %v", seq, points, gaps)
		classes := make([]string, 0, len(byClass))
		for c := range byClass {
			classes = append(classes, c)
		}
		sort.Strings(classes)
		for _, c := range classes {
			s := byClass[c]
			t.Logf("class %-10s requests %4d plain %4d (%.0f%%) cases %4d error %4d", c, s.n, s.plain, 100*float64(s.plain)/float64(max(s.n, 1)), s.cases, s.errs)
		}
		keys := make([]string, 0, len(reasons))
		for r := range reasons {
			keys = append(keys, r)
		}
		sort.Slice(keys, func(i, j int) bool {
			return reasons[keys[i]] > reasons[keys[j]] || reasons[keys[i]] == reasons[keys[j]] && keys[i] < keys[j]
		})
		for _, r := range keys {
			t.Logf("%4d  %s %v\n        e.g. %s", reasons[r], r, reasonClasses[r], example[r])
		}
	}()
	rapid.Check(t, func(t *rapid.T) {
		op, args, assume, class := kernelRequest(t)
		ctx, _, names, err := symArgs(op, args, assume)
		if err != nil {
			return // contradictory assumptions (a coordinate bound of a static grid)
		}
		req := rules.Request{Op: op, Args: args, Assume: assume}
		ans, err := rules.Compute(req)
		if err == nil && len(ans.Branches) == 1 && len(ans.Branches[0].Guards) == 0 && ans.Branches[0].Err != nil {
			err = ans.Branches[0].Err // one case, an error: a plain error
		}
		family := "other"
		if tilingOps[op] {
			family = "tiling"
		}
		for _, k := range []string{class, class + "/" + family, class + ":" + op} {
			if byClass[k] == nil {
				byClass[k] = &tally{}
			}
			s := byClass[k]
			s.n++
			switch {
			case err != nil:
				s.errs++
			case isPlain(ans):
				s.plain++
			default:
				s.cases++
			}
		}
		if err != nil || !isPlain(ans) {
			r := splitReason(req, ans, err)
			reasons[r]++
			if reasonClasses[r] == nil {
				reasonClasses[r] = map[string]int{}
			}
			reasonClasses[r][class+"/"+family]++
			if _, ok := example[r]; !ok {
				example[r] = fmt.Sprintf("%s%v under %v", op, args, assume)
			}
		}
		seq++
		if out != nil {
			line, _ := json.Marshal(map[string]any{"id": fmt.Sprintf("kern-%04d", seq), "op": op, "args": args, "assume": append([]string{}, assume...), "points": []any{}})
			fmt.Fprintln(out, string(line))
		}
		binds := revBindings(ctx, append(names, kernelSyms...), rapid.Uint64().Draw(t, "seed"), 40)
		points += reviewCheck(t, "kernel", op, args, assume, binds, err == nil)
		if len(gapErrors(t, op, args, assume, binds)) > 0 {
			gaps[class+":"+op]++
		}
	})
}
