package props

import (
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"

	"github.com/cutealg/cutealg/concrete"
	"github.com/cutealg/cutealg/rules"
	"github.com/cutealg/cutealg/sym"
)

// An adversarial review's generator: wider than TestSymbolicSquareGenerated
// (deeper nestings, negative and zero strides, dynamic literals, function
// leaves, symbolic tiles and cotargets, every operation of the rules
// engine, equalities, bounds and functions in the assumptions), checked at
// bindings of every symbol drawn independently of sym's Sample. It runs
// only with -review (it is slow and its failures are the review's
// findings, kept as TestReviewFindings).
var reviewFlag = flag.Bool("review", false, "run the adversarial review's generated square")

var revSyms = []string{"M", "N", "K", "L"}

func revLeaf(t *rapid.T, label string) string {
	switch k := rapid.IntRange(0, 12).Draw(t, label); {
	case k <= 4:
		return rapid.SampledFrom(revSyms).Draw(t, label+"#sym")
	case k <= 6:
		return "_" + fmt.Sprint(rapid.SampledFrom([]int{1, 2, 3, 4, 6, 8, 16, 32}).Draw(t, label+"#c"))
	case k <= 7:
		return fmt.Sprint(rapid.SampledFrom([]int{1, 2, 3, 4, 8}).Draw(t, label+"#d"))
	case k <= 9:
		return rapid.SampledFrom(revSyms).Draw(t, label+"#ps") + "*_" + fmt.Sprint(rapid.SampledFrom([]int{2, 4, 8}).Draw(t, label+"#pc"))
	case k <= 10:
		return rapid.SampledFrom(revSyms).Draw(t, label+"#a") + "*" + rapid.SampledFrom(revSyms).Draw(t, label+"#b")
	case k <= 11:
		return "ceil_div(" + rapid.SampledFrom(revSyms).Draw(t, label+"#cd") + ",_" + fmt.Sprint(rapid.SampledFrom([]int{2, 4, 8, 64}).Draw(t, label+"#cdc")) + ")"
	}
	return rapid.SampledFrom([]string{"min(M,N)", "max(M,_4)", "M+N", "M+_1"}).Draw(t, label+"#fn")
}

// revTuple draws a tuple of one to three elements, each drawn by elem
// with its own label.
func revTuple(t *rapid.T, label string, elem func(label string) string) string {
	n := rapid.IntRange(1, 3).Draw(t, label+"#n")
	parts := make([]string, n)
	for i := range parts {
		parts[i] = elem(fmt.Sprintf("%s.%d", label, i))
	}
	return "(" + strings.Join(parts, ",") + ")"
}

func revShape(t *rapid.T, label string, depth int) string {
	if depth <= 0 || rapid.IntRange(0, 3).Draw(t, label+"#nest") > 0 {
		return revLeaf(t, label)
	}
	return revTuple(t, label, func(l string) string { return revShape(t, l, depth-1) })
}

// splitLeaves splits a shape text into its leaves at top-level commas of
// the function calls too.
func splitLeaves(s string) []string {
	var out []string
	depth := 0
	cur := ""
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '(' && i > 0 && isIdent(s[i-1]):
			depth++
			cur += string(c)
		case c == ')' && depth > 0:
			depth--
			cur += string(c)
		case depth > 0:
			cur += string(c)
		case c == '(' || c == ')' || c == ',':
			if cur != "" {
				out = append(out, cur)
			}
			cur = ""
		default:
			cur += string(c)
		}
	}
	if cur != "" {
		out = append(out, cur)
	}
	return out
}

func isIdent(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' }

// rebuild writes a shape text with other leaves.
func rebuild(shape string, leaves []string) string {
	var b strings.Builder
	k, depth := 0, 0
	inLeaf := false
	for i := 0; i < len(shape); i++ {
		c := shape[i]
		switch {
		case c == '(' && i > 0 && isIdent(shape[i-1]):
			depth++
		case c == ')' && depth > 0:
			depth--
		case depth > 0:
		case c == '(' || c == ')' || c == ',':
			if inLeaf {
				b.WriteString(leaves[k])
				k++
				inLeaf = false
			}
			b.WriteByte(c)
			continue
		}
		inLeaf = true
	}
	if inLeaf {
		b.WriteString(leaves[k])
	}
	return b.String()
}

func revLayout(t *rapid.T, label string, maxRank int) string {
	return symLayout(t, label, layoutGen{
		shape: revShape, depth: 2, maxRank: maxRank,
		first:   []string{"_1", "_1", "1", "_2"},
		static:  []string{"_0", "_1", "_2", "_4", "_8", "_-1", "_-2", "_16", "0", "1", "3"},
		symbols: []string{"_0", "_1", "_2", "M", "N", "K", "M*_2", "_4*N", "M*N", "_-1", "L*_8"},
		random:  3,
	})
}

func revTile(t *rapid.T, label string) string {
	switch rapid.IntRange(0, 5).Draw(t, label+"#k") {
	case 0:
		s := rapid.SampledFrom([]int{2, 4}).Draw(t, label+"#s")
		s2 := rapid.SampledFrom([]int{2, 4}).Draw(t, label+"#s2")
		d := rapid.SampledFrom([]int{1, 2}).Draw(t, label+"#d")
		return fmt.Sprintf("(_%d,_%d):(_%d,_%d)", s, s2, d, s*d*rapid.SampledFrom([]int{1, 2}).Draw(t, label+"#g"))
	case 1:
		return rapid.SampledFrom([]string{"M:_1", "_4:M", "N:_2", "(_2,M):(_1,_2)", "(_4,_2):(M,_1)", "K:_0", "_8:_0", "4:1", "(2,2):(1,4)"}).Draw(t, label+"#sym")
	}
	s := rapid.SampledFrom([]int{1, 2, 4, 8, 16}).Draw(t, label+"#s")
	d := rapid.SampledFrom([]int{1, 1, 2, 4}).Draw(t, label+"#d")
	return fmt.Sprintf("_%d:_%d", s, d)
}

func revTiler(t *rapid.T, label string, r int) string {
	n := rapid.IntRange(1, r).Draw(t, label+"#rank")
	parts := make([]string, n)
	for i := range parts {
		switch rapid.IntRange(0, 7).Draw(t, fmt.Sprintf("%s#%d", label, i)) {
		case 0:
			parts[i] = "_"
		case 1:
			parts[i] = "_" + fmt.Sprint(rapid.SampledFrom([]int{1, 2, 4, 8, 16, 32}).Draw(t, fmt.Sprintf("%s#i%d", label, i)))
		case 2:
			parts[i] = rapid.SampledFrom([]string{"4", "M", "N", "2"}).Draw(t, fmt.Sprintf("%s#di%d", label, i))
		case 3:
			parts[i] = "(" + revTile(t, fmt.Sprintf("%s.%da", label, i)) + "," + rapid.SampledFrom([]string{"_", "_2", "_2:_1"}).Draw(t, fmt.Sprintf("%s#n%d", label, i)) + ")"
		default:
			parts[i] = revTile(t, fmt.Sprintf("%s.%d", label, i))
		}
	}
	if n == 1 && rapid.Bool().Draw(t, label+"#bare") && !strings.HasPrefix(parts[0], "(") {
		return parts[0]
	}
	return "(" + strings.Join(parts, ",") + ")"
}

func revAssume(t *rapid.T) []string {
	var out []string
	n := rapid.IntRange(0, 3).Draw(t, "assume#n")
	for i := 0; i < n; i++ {
		a := rapid.SampledFrom(revSyms).Draw(t, fmt.Sprintf("assume#a%d", i))
		b := rapid.SampledFrom(revSyms).Draw(t, fmt.Sprintf("assume#b%d", i))
		c := rapid.SampledFrom([]int{1, 2, 4, 8, 32, 64}).Draw(t, fmt.Sprintf("assume#c%d", i))
		forms := []string{
			"%[1]s %% %[3]d == 0", "%[1]s %% %[3]d == 0", "%[1]s >= %[3]d", "%[1]s <= %[3]d", "%[1]s == %[3]d",
			"%[1]s %% %[2]s == 0", "%[1]s >= %[2]s", "%[1]s <= %[2]s", "%[1]s == 2*%[2]s", "%[1]s == %[2]s",
			"%[1]s != %[3]d", "%[1]s > %[2]s", "%[1]s %% %[3]d == 1", "%[1]s < %[3]d", "%[1]s*%[2]s %% %[3]d == 0",
			"ceil_div(%[1]s,%[3]d) == %[2]s", "min(%[1]s,%[2]s) >= %[3]d", "max(%[1]s,%[2]s) <= %[3]d", "%[1]s + %[2]s == %[3]d",
		}
		f := rapid.SampledFrom(forms).Draw(t, fmt.Sprintf("assume#f%d", i))
		out = append(out, fmt.Sprintf(f, a, b, c))
	}
	return out
}

func revRequest(t *rapid.T) (string, []string) {
	a := revLayout(t, "A", 3)
	rk := strings.Count(revTopShape(a), ",") + 1
	switch k := rapid.IntRange(0, 33).Draw(t, "op"); k {
	case 0:
		return "composition", []string{a, revTile(t, "B")}
	case 1:
		return "composition", []string{a, revLayout(t, "B", 2)}
	case 2:
		return "composition_tiler", []string{a, revTiler(t, "T", rk)}
	case 3:
		return "composition_shape", []string{a, rapid.SampledFrom([]string{"_4", "(_2,_4)", "M", "(M,_2)", "(_4,N)", "((_2,_2),_4)"}).Draw(t, "S")}
	case 4:
		return "logical_divide", []string{a, revTile(t, "B")}
	case 5:
		return "logical_divide_tiler", []string{a, revTiler(t, "T", rk)}
	case 6:
		return "zipped_divide", []string{a, revTiler(t, "T", rk)}
	case 7:
		return "tiled_divide", []string{a, revTiler(t, "T", rk)}
	case 8:
		return "flat_divide", []string{a, revTiler(t, "T", rk)}
	case 9:
		return "logical_product", []string{revLayout(t, "P", 2), revLayout(t, "B", 2)}
	case 10:
		return "logical_product_tiler", []string{a, revTiler(t, "T", rk)}
	case 11:
		return rapid.SampledFrom([]string{"zipped_product", "tiled_product", "flat_product"}).Draw(t, "pk"), []string{a, revTiler(t, "T", rk)}
	case 12:
		return rapid.SampledFrom([]string{"blocked_product", "raked_product"}).Draw(t, "br"), []string{revLayout(t, "P", 2), revLayout(t, "B", 2)}
	case 13:
		return "complement", []string{revLayout(t, "C", 2), rapid.SampledFrom([]string{"M", "M*N", "_8*M", "(M,N)", "_32", "(_4,M)", "K*_4"}).Draw(t, "cot")}
	case 14:
		return "complement_default", []string{a}
	case 15:
		return "coalesce", []string{a}
	case 16:
		return "coalesce_profile", []string{a, rapid.SampledFrom([]string{"_1", "(_1,_1)", "(_1,(_1,_1))", "((_1,_1),_1)", "(_1,_1,_1)"}).Draw(t, "prof")}
	case 17:
		return "right_inverse", []string{a}
	case 18:
		return "left_inverse", []string{a}
	case 19:
		return rapid.SampledFrom([]string{"size", "cosize", "rank", "depth"}).Draw(t, "q"), []string{a}
	case 20:
		return "crd2idx", []string{rapid.SampledFrom([]string{"0", "1", "M", "(1,0)", "(0,1)", "(K,1)", "((1,0),2)", "(1,(0,1))", "N-1", "3"}).Draw(t, "crd"), a}
	case 21:
		return rapid.SampledFrom([]string{"flatten", "filter"}).Draw(t, "ff"), []string{a}
	case 22:
		return rapid.SampledFrom([]string{"append", "prepend", "make_layout_concat"}).Draw(t, "ap"), []string{a, revLayout(t, "B", 2)}
	case 23:
		b := rapid.IntRange(0, rk).Draw(t, "b")
		return "take", []string{a, fmt.Sprint(b), fmt.Sprint(rapid.IntRange(b, rk+1).Draw(t, "e"))}
	case 24:
		return "select", []string{a, fmt.Sprintf("(%d,%d)", rapid.IntRange(0, rk).Draw(t, "i0"), rapid.IntRange(0, rk-1).Draw(t, "i1"))}
	case 25:
		b := rapid.IntRange(0, rk).Draw(t, "b")
		return "group", []string{a, fmt.Sprint(b), fmt.Sprint(rapid.IntRange(b, rk).Draw(t, "e"))}
	case 26:
		return "get", []string{a, fmt.Sprintf("(%d)", rapid.IntRange(0, rk).Draw(t, "i"))}
	case 27:
		return "replace", []string{a, fmt.Sprint(rapid.IntRange(0, rk).Draw(t, "i")), revLayout(t, "B", 2)}
	case 28:
		s := revTopShape(a)
		if rapid.Bool().Draw(t, "withStride") {
			return "make_layout", []string{s, revTopStride(a)}
		}
		return "make_layout", []string{s}
	case 29:
		return rapid.SampledFrom([]string{"make_layout_left", "make_layout_right"}).Draw(t, "lr"), []string{revTopShape(a)}
	case 30:
		return "logical_divide", []string{a, revLayout(t, "B", 2)}
	case 31:
		return "complement", []string{a, rapid.SampledFrom([]string{"M*N", "(M,N)", "_1024", "M*N*K*L"}).Draw(t, "cot2")}
	}
	return "composition", []string{revTile(t, "P"), a}
}

func revTopShape(l string) string { return l[:topColon(l)] }

func revTopStride(l string) string { return l[topColon(l)+1:] }

func topColon(l string) int {
	d := 0
	for i := 0; i < len(l); i++ {
		switch l[i] {
		case '(':
			d++
		case ')':
			d--
		case ':':
			if d == 0 {
				return i
			}
		}
	}
	return len(l)
}

// revBindings draws bindings of the given symbols: small values,
// multiples of powers of two, and a few large ones, kept where the
// assumptions hold.
func revBindings(ctx *sym.Ctx, names []string, seed uint64, n int) []sym.Binding {
	r := rand.New(rand.NewPCG(seed, 17))
	vals := []int64{1, 1, 2, 2, 3, 4, 4, 5, 6, 7, 8, 8, 9, 12, 16, 16, 24, 31, 32, 33, 48, 63, 64, 96, 128, 256, 1024}
	var out []sym.Binding
	for try := 0; try < 40*n && len(out) < n; try++ {
		b := sym.Binding{}
		for _, s := range names {
			if r.IntN(3) == 0 {
				b[s] = 1 + r.Int64N(130)
			} else {
				b[s] = vals[r.IntN(len(vals))]
			}
		}
		if ctx.Satisfies(b) == nil {
			out = append(out, b)
		}
	}
	return out
}

func TestReviewSquareGenerated(t *testing.T) {
	if !*reviewFlag {
		t.Skip("the review's generated square runs with -review")
	}
	defer func() { t.Logf("%v", revStats) }()
	rapid.Check(t, func(t *rapid.T) {
		op, args := revRequest(t)
		assume := revAssume(t)
		ctx, err := sym.Assume(assume...)
		if err != nil {
			return
		}
		start := time.Now()
		done := make(chan struct{})
		go func() {
			defer close(done)
			_, _ = rules.Compute(rules.Request{Op: op, Args: args, Assume: assume})
		}()
		select {
		case <-done:
		case <-time.After(60 * time.Second):
			t.Fatalf("%s%v under %v: no answer after 60 s", op, args, assume)
		}
		if d := time.Since(start); d > 3*time.Second {
			t.Logf("slow: %s%v under %v: %v", op, args, assume, d)
		}
		if ans, err := rules.Compute(rules.Request{Op: op, Args: args, Assume: assume}); err != nil {
			revStats["error"]++
			revStats["error:"+op]++
		} else if _, ok := ans.Plain(); ok {
			revStats["plain"]++
		} else {
			revStats["cases"]++
		}
		seed := rapid.Uint64().Draw(t, "seed")
		if *reviewLog == "" {
			squareCase(t, "review", op, args, assume, revBindings(ctx, revSyms, seed, 60))
			return
		}
		var c collector
		squareCase(&c, "review", op, args, assume, revBindings(ctx, revSyms, seed, 60))
		if len(c.msgs) > 0 {
			reviewRecord(t, op, args, assume, c.msgs)
		}
	})
}

// reviewRecord appends a finding (the call and its messages) to the
// review log as one JSON line.
func reviewRecord(t *rapid.T, op string, args, assume, msgs []string) {
	line, _ := json.Marshal(map[string]any{"op": op, "args": args, "assume": assume, "msgs": msgs})
	f, err := os.OpenFile(*reviewLog, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintln(f, string(line))
	f.Close()
}

var revStats = map[string]int{}

// reviewLog, when set, makes the generated square log its failures to a
// file and go on (one run finds many).
var reviewLog = flag.String("review.log", "", "log the generated square's failures here instead of failing")

// collector is a reporter that keeps the first messages.
type collector struct{ msgs []string }

func (c *collector) Errorf(format string, args ...any) {
	if len(c.msgs) < 3 {
		c.msgs = append(c.msgs, fmt.Sprintf(format, args...))
	}
}

func (c *collector) Fatalf(format string, args ...any) { c.Errorf(format, args...) }

// reviewProbe checks the requests of a JSON-lines file (flag
// -review.probe) at a grid of bindings: a tool for minimising findings.
var reviewProbe = flag.String("review.probe", "", "JSON-lines requests to check at a grid of bindings")

func TestReviewProbe(t *testing.T) {
	if *reviewProbe == "" {
		t.Skip("no -review.probe file")
	}
	data, err := os.ReadFile(*reviewProbe)
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		var req struct {
			ID     string   `json:"id"`
			Op     string   `json:"op"`
			Args   []string `json:"args"`
			Assume []string `json:"assume"`
		}
		if err := json.Unmarshal([]byte(line), &req); err != nil {
			t.Fatal(err)
		}
		ctx, err := sym.Assume(req.Assume...)
		if err != nil {
			t.Logf("%s: %v", req.ID, err)
			continue
		}
		var grid []sym.Binding
		vals := []int64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 20, 24, 31, 32, 33, 48, 49, 57, 63, 64, 96, 100, 128}
		for _, m := range vals {
			for _, n := range vals {
				for _, k := range []int64{1, 2, 3, 4, 8, 16} {
					b := sym.Binding{"M": m, "N": n, "K": k, "L": m * k}
					if ctx.Satisfies(b) == nil {
						grid = append(grid, b)
					}
				}
			}
		}
		t.Logf("%s: %d bindings", req.ID, squareCase(t, req.ID, req.Op, req.Args, req.Assume, grid))
		if fe := falseErrors(req.Op, req.Args, req.Assume, grid); len(fe) > 0 {
			t.Logf("%s: %d false errors, e.g. %s", req.ID, len(fe), fe[0])
		}
	}
}

// falseErrors lists the bindings where the answer's case is an error but
// the concrete engine (strict) gives a value in the square's reading
// (referenceOf): losses of precision, not wrong answers.
func falseErrors(op string, args, assume []string, binds []sym.Binding) []string {
	ctx, err := sym.Assume(assume...)
	if err != nil {
		return nil
	}
	ans, err := rules.Compute(rules.Request{Op: op, Args: args, Assume: assume})
	if err != nil {
		// a plain error: one case, an error at every binding
		ans = rules.Answer[sym.Value]{Branches: []rules.Branch[sym.Value]{{Err: err}}}
	}
	_, vals, _, err := symArgs(op, args, nil)
	if err != nil {
		return nil
	}
	var out []string
	for _, b := range binds {
		var br *rules.Branch[sym.Value]
		for i := range ans.Branches {
			if holdsAll(ans.Branches[i].Guards, b) {
				br = &ans.Branches[i]
				break
			}
		}
		if br == nil || br.Err == nil {
			continue
		}
		cargs, err := groundArgs(ctx, vals, b)
		if err != nil {
			continue
		}
		cop, _ := concrete.Lookup(op)
		ref, err := referenceOf(symGrounded{at: b, sym: vals, args: cargs, br: *br}, cop)
		if err != nil {
			continue
		}
		if ref.err == nil {
			out = append(out, fmt.Sprintf("at %v: %v", b, br.Err))
		}
	}
	return out
}
