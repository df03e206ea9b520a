package props

import (
	"bufio"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"

	"github.com/cutealg/cutealg/concrete"
	"github.com/cutealg/cutealg/proofs"
	"github.com/cutealg/cutealg/rules"
	"github.com/cutealg/cutealg/sym"
)

// The twelfth session's adversarial box driver (docs/verification.md,
// "Findings of the twelfth session"): a symbolic request is computed by
// the rules engine, plain and in dynamic mode, and every case is compared
// with concrete at every binding of a small box that the assumptions
// allow, under the lead's ruling (docs/verification.md, "Which CuTe a
// symbolic answer equals"): the plain answer is CuTe's value with the
// symbols as run-time integers, read static only where CuTe refuses
// run-time integers (runTimeRefusal); the dynamic answer is CuTe's
// printed value with a warning wherever that value breaks a
// post-condition. Its derivation must pass proofs.Check, and the answer
// must come within hunt12Slow.

// boxRequest is a request of the driver: an operation, its arguments and
// assumptions, the box's top (every symbol in 1..Top, and hunt12Far),
// and, for a finding left open for another branch, its number.
type boxRequest struct {
	Op     string   `json:"op"`
	Args   []string `json:"args"`
	Assume []string `json:"assume"`
	Top    int64    `json:"top,omitempty"`
	Open   string   `json:"open,omitempty"`
}

func (r boxRequest) String() string {
	return fmt.Sprintf("%s(%s) under %v", r.Op, strings.Join(r.Args, ", "), r.Assume)
}

// hunt12Far are values beside 1..Top that every symbol of the box takes:
// multiples of the moduli that assumptions name.
var hunt12Far = []int64{12, 16, 24, 32, 64}

// hunt12Slow is the longest an answer may take (the graders' budget is
// larger; a kernel author's is not).
const hunt12Slow = 2 * time.Second

// rulingValue is CuTe's value for a request at one binding under the
// ruling, in strict mode: the run-time reading, or the static one where
// CuTe refuses run-time integers (runTimeRefused, asked in CuTe mode: a
// compile-time refusal anywhere in the computation decides the reading,
// where strict mode may stop earlier at a run-time check of another mode:
// tiled_product((1,(1,4)):(3,(1,1)), (_2:_4,_2:_1)) breaks a composition
// in mode 0, and mode 1's complement does not compile); ok is false where
// the arguments or the value leave int64.
func rulingValue(cop *concrete.Op, ctx *sym.Ctx, vals []sym.Value, b sym.Binding) (want concrete.Value, cerr error, ok bool) {
	cargs, err := groundArgs(ctx, vals, b)
	if err != nil {
		return concrete.Value{}, nil, false
	}
	if runTimeRefused(cop, cargs) {
		if cargs, err = staticReading(vals, b); err != nil {
			return concrete.Value{}, nil, false
		}
	}
	want, cerr = cop.Apply(cargs, concrete.StrictMode())
	if sym.OutOfRange(cerr) {
		return concrete.Value{}, nil, false
	}
	return want, cerr, true
}

// computeTimed computes a request, turning a panic into an error and
// timing it.
func computeTimed(req rules.Request) (ans rules.Answer[sym.Value], d time.Duration, panicked bool, err error) {
	start := time.Now()
	defer func() {
		d = time.Since(start)
		if p := recover(); p != nil {
			err, panicked = fmt.Errorf("panic: %v", p), true
		}
	}()
	ans, err = rules.Compute(req)
	return
}

// hunt12Check checks one request at every binding of its box; it returns
// the number of bindings the assumptions allow and the findings, each
// tagged: WRONG (a plain value that differs from CuTe's, or a value where
// CuTe's breaks a post-condition), SPLIT (not exactly one case holds),
// DYNAMIC (a dynamic value that differs, or lacks a warning), CHECK
// (proofs.Check rejects the derivation), PANIC, SLOW, and with loss set
// LOSS (an error where CuTe's run-time value is valid).
func hunt12Check(r boxRequest, loss bool) (int, []string) {
	ctx, vals, names, err := symArgs(r.Op, r.Args, r.Assume)
	var inc *sym.InconsistentError
	if errors.As(err, &inc) {
		return 0, nil
	}
	if err != nil {
		return 0, []string{fmt.Sprintf("BAD %s: %v", r, err)}
	}
	cop, ok := concrete.Lookup(r.Op)
	if !ok {
		return 0, []string{fmt.Sprintf("BAD %s: concrete has no such operation", r)}
	}
	free := rankFree[r.Op] || r.Op == "composition" && vals[1].Layout.Shape.IsLeaf()
	slices.Sort(names)
	names = slices.Compact(names)
	top := r.Top
	if top == 0 {
		top = map[int]int64{0: 1, 1: 16, 2: 8, 3: 5}[len(names)]
		if top == 0 {
			top = 3
		}
	}
	var binds []sym.Binding
	for _, b := range boxBindings(names, top) {
		if ctx.Satisfies(b) == nil {
			binds = append(binds, b)
		}
	}
	for _, far := range hunt12Far {
		if far <= top || len(names) == 0 {
			continue
		}
		// one symbol far, the others in the box's corner 1..3
		for i := range names {
			for _, b := range boxBindings(slices.Concat(names[:i], names[i+1:]), min(top, 3)) {
				b[names[i]] = far
				if ctx.Satisfies(b) == nil {
					binds = append(binds, b)
				}
			}
		}
		all := sym.Binding{}
		for _, n := range names {
			all[n] = far
		}
		if ctx.Satisfies(all) == nil {
			binds = append(binds, all)
		}
	}
	var found []string
	report := func(tag string, format string, args ...any) {
		found = append(found, tag+" "+r.String()+": "+fmt.Sprintf(format, args...))
	}
	for _, dynamic := range []bool{false, true} {
		req := rules.Request{Op: r.Op, Args: r.Args, Assume: r.Assume, Dynamic: dynamic}
		ans, d, panicked, aerr := computeTimed(req)
		if panicked {
			report("PANIC", "dynamic %v: %v", dynamic, aerr)
			continue
		}
		if d > hunt12Slow {
			report("SLOW", "dynamic %v: %v", dynamic, d)
		}
		if aerr == nil {
			if cerr := proofs.Check(ans.Derivation(req)); cerr != nil {
				report("CHECK", "dynamic %v: %v", dynamic, cerr)
			}
		}
		refused := aerr != nil && strings.Contains(aerr.Error(), "CuTe refuses this with the symbols as run-time integers")
		lossDone := false
		for _, b := range binds {
			var want concrete.Value
			var cerr error
			var warns []string
			if dynamic {
				cargs, err := groundArgs(ctx, vals, b)
				if err != nil {
					continue
				}
				want, cerr = cop.Apply(cargs, concrete.CollectWarnings(&warns))
				if sym.OutOfRange(cerr) {
					continue
				}
			} else {
				var ok bool
				if want, cerr, ok = rulingValue(cop, ctx, vals, b); !ok {
					continue
				}
			}
			valid := cerr == nil && (!dynamic || len(warns) == 0)
			if aerr != nil {
				if dynamic && refused && cerr == nil {
					report("DYNAMIC", "at %v: the answer is CuTe's refusal (%v) but CuTe gives %s", b, aerr, want)
					break
				}
				if loss && valid && !refused && !lossDone {
					report("LOSS", "dynamic %v at %v: the error %v, CuTe gives %s", dynamic, b, aerr, want)
					lossDone = true
				}
				continue
			}
			br, why := selectCase(ans, b)
			if why != "" {
				report("SPLIT", "dynamic %v at %v: %s", dynamic, b, why)
				continue
			}
			if br.Err != nil {
				if loss && valid && !lossDone {
					report("LOSS", "dynamic %v at %v: the case error %v, CuTe gives %s", dynamic, b, br.Err, want)
					lossDone = true
				}
				continue
			}
			if cerr != nil {
				tag := "WRONG"
				if dynamic {
					tag = "DYNAMIC"
				}
				report(tag, "at %v: the case %s but CuTe refuses (%v)", b, br.Value, cerr)
				continue
			}
			got, gerr := ctx.EvalValue(br.Value, b)
			if gerr != nil {
				if !sym.OutOfRange(gerr) {
					report("WRONG", "dynamic %v at %v: %s does not ground: %v", dynamic, b, br.Value, gerr)
				}
				continue
			}
			if dynamic {
				if why := sameStructure(got, want); why != "" {
					report("DYNAMIC", "at %v: the case %s gives %s, CuTe %s: %s", b, br.Value, got, want, why)
				}
				if len(warns) > 0 && !strings.Contains(warns[0], "overflow") && len(br.Warnings) == 0 {
					report("DYNAMIC", "at %v: CuTe's value %s breaks a post-condition (%s), no warning on %s", b, want, warns[0], br.Value)
				}
				continue
			}
			if why := squareMismatch(free, got, want); why != "" {
				report("WRONG", "at %v: the case %s gives %s, CuTe %s: %s", b, br.Value, got, want, why)
			}
		}
	}
	return len(binds), found
}

// TestHunt12Box checks the requests of testdata/hunt12.jsonl (or the file
// HUNT12 names) at every binding of their boxes (checkBoxFile): each
// finding of the twelfth session's review and the families it covered;
// with HUNT12_LOSS set, errors where CuTe's value is valid are reported
// too.
func TestHunt12Box(t *testing.T) {
	checkBoxFile(t, cmp.Or(os.Getenv("HUNT12"), "testdata/hunt12.jsonl"), os.Getenv("HUNT12_LOSS") != "")
}

// TestHunt11Box checks the requests of testdata/hunt11.jsonl (or the file
// HUNT11 names: the hunt11 review's families, findings 45-50, and branch
// static's tile_to_shape and max_common) as TestHunt12Box does; with
// HUNT11_LOSS set, errors where CuTe's value is valid are reported too.
func TestHunt11Box(t *testing.T) {
	checkBoxFile(t, cmp.Or(os.Getenv("HUNT11"), "testdata/hunt11.jsonl"), os.Getenv("HUNT11_LOSS") != "")
}

// checkBoxFile reads requests (JSON lines of boxRequest; # starts a
// comment) and checks each at every binding of its box (hunt12Check). A
// request marked open (a finding another branch fixes) is checked and its
// findings logged, not failed.
func checkBoxFile(t *testing.T, path string, loss bool) {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	n := 0
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		var r boxRequest
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		n++
		bound, found := hunt12Check(r, loss)
		if bound == 0 {
			t.Errorf("%s: no binding of the box is allowed", r)
		}
		for _, msg := range found {
			if r.Open != "" {
				t.Logf("open (%s): %s", r.Open, msg)
				continue
			}
			t.Error(msg)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Fatalf("%s holds no request", path)
	}
}

// hunt12Sources are the request generators the generated driver draws
// from: the square's calls, the corpus-like, review and kernel families,
// and hunt12Shapes (what those leave out).
var hunt12Sources = []*rapid.Generator[boxRequest]{
	rapid.Custom(func(t *rapid.T) boxRequest {
		op, args := genSquareCall(t)
		return boxRequest{Op: op, Args: args, Assume: genAssume(t)}
	}),
	rapid.Custom(func(t *rapid.T) boxRequest {
		op, args, assume := corpusRequest(t)
		return boxRequest{Op: op, Args: args, Assume: assume}
	}),
	rapid.Custom(func(t *rapid.T) boxRequest {
		op, args := revRequest(t)
		return boxRequest{Op: op, Args: args, Assume: revAssume(t)}
	}),
	rapid.Custom(func(t *rapid.T) boxRequest {
		op, args, assume, _ := kernelRequest(t)
		return boxRequest{Op: op, Args: args, Assume: assume}
	}),
	rapid.Custom(func(t *rapid.T) boxRequest {
		c := rapid.SampledFrom(squareCalls).Draw(t, "op")
		return boxRequest{Op: c.op, Args: c.args(t), Assume: hunt12Assume(t)}
	}),
	rapid.Custom(func(t *rapid.T) boxRequest {
		c := rapid.SampledFrom(hunt12Calls).Draw(t, "op")
		return boxRequest{Op: c.op, Args: c.args(t), Assume: hunt12Assume(t)}
	}),
}

// hunt12Layouts are layouts where the two readings of a symbol differ
// most: size-1 modes (symbols bound to 1, dynamic and static 1s), several
// symbols in one mode, symbolic and _0 strides, nesting.
var hunt12Layouts = layoutGen{
	shape: func(t *rapid.T, label string, depth int) string {
		if depth > 0 && rapid.IntRange(0, 5).Draw(t, label+"#nest") == 0 {
			return "(" + genSymShape(t, label+".0", depth-1) + "," + genSymShape(t, label+".1", depth-1) + ")"
		}
		return rapid.SampledFrom([]string{"M", "N", "K", "1", "_1", "M*N", "_2", "_4", "M*_2", "2", "_3", "N*K"}).Draw(t, label)
	},
	depth: 2, maxRank: 3,
	first:   []string{"_1", "_1", "1", "M", "_2"},
	static:  []string{"_0", "_1", "_2", "_4", "_8", "_3"},
	symbols: []string{"_1", "1", "M", "N", "M*N", "_2*M", "0", "_0", "K", "2"},
	random:  3,
}

// hunt12Calls are the operations whose value depends on what CuTe
// decides at compile time (static size-1 modes, coalesce's merges, the
// inverses' chains, the casts' strides, complement's filter).
var hunt12Calls = []symCall{
	{"coalesce", func(t *rapid.T) []string { return []string{symLayout(t, "A", hunt12Layouts)} }},
	{"filter", func(t *rapid.T) []string { return []string{symLayout(t, "A", hunt12Layouts)} }},
	{"right_inverse", func(t *rapid.T) []string { return []string{symLayout(t, "A", hunt12Layouts)} }},
	{"left_inverse", func(t *rapid.T) []string { return []string{symLayout(t, "A", hunt12Layouts)} }},
	{"max_common_vector", func(t *rapid.T) []string {
		return []string{symLayout(t, "A", hunt12Layouts), rapid.SampledFrom([]string{symLayout(t, "B", hunt12Layouts), genTile(t, "B")}).Draw(t, "B'")}
	}},
	{"max_common_layout", func(t *rapid.T) []string {
		return []string{symLayout(t, "A", hunt12Layouts), rapid.SampledFrom([]string{symLayout(t, "B", hunt12Layouts), genTile(t, "B")}).Draw(t, "B'")}
	}},
	{"upcast", func(t *rapid.T) []string {
		return []string{symLayout(t, "A", hunt12Layouts), fmt.Sprint(rapid.SampledFrom([]int{2, 4}).Draw(t, "N"))}
	}},
	{"downcast", func(t *rapid.T) []string {
		return []string{symLayout(t, "A", hunt12Layouts), fmt.Sprint(rapid.SampledFrom([]int{2, 4}).Draw(t, "N"))}
	}},
	{"complement", func(t *rapid.T) []string {
		return []string{symLayout(t, "A", hunt12Layouts), rapid.SampledFrom([]string{"M", "M*N", "_8*M", "(M,N)", "_16", "N*K*_4"}).Draw(t, "M")}
	}},
	{"complement_default", func(t *rapid.T) []string { return []string{symLayout(t, "A", hunt12Layouts)} }},
	{"composition", func(t *rapid.T) []string {
		return []string{symLayout(t, "A", hunt12Layouts), rapid.SampledFrom([]string{symLayout(t, "B", hunt12Layouts), genTile(t, "B")}).Draw(t, "B'")}
	}},
	{"logical_divide", func(t *rapid.T) []string {
		return []string{symLayout(t, "A", hunt12Layouts), rapid.SampledFrom([]string{symLayout(t, "B", hunt12Layouts), genTile(t, "B")}).Draw(t, "B'")}
	}},
	{"zipped_divide", func(t *rapid.T) []string {
		return []string{symLayout(t, "A", hunt12Layouts), genTiler(t, "T", 2)}
	}},
	{"logical_product", func(t *rapid.T) []string {
		return []string{rapid.SampledFrom([]string{symLayout(t, "A", hunt12Layouts), genTile(t, "A")}).Draw(t, "A'"), symLayout(t, "B", hunt12Layouts)}
	}},
	{"blocked_product", func(t *rapid.T) []string {
		return []string{genTile(t, "A"), symLayout(t, "B", hunt12Layouts)}
	}},
	{"raked_product", func(t *rapid.T) []string {
		return []string{symLayout(t, "A", hunt12Layouts), genTile(t, "B")}
	}},
	{"nullspace", func(t *rapid.T) []string { return []string{zeroStrides(t, symLayout(t, "A", hunt12Layouts))} }},
	{"coalesce_profile", func(t *rapid.T) []string {
		a := symLayout(t, "A", hunt12Layouts)
		return []string{a, rapid.SampledFrom([]string{"_1", "(_1,_1)", "(_1,(_1,_1))", "(_1,_1,_1)"}).Draw(t, "P")}
	}},
	{"tile_to_shape", func(t *rapid.T) []string {
		return []string{symLayout(t, "A", hunt12Layouts), genTarget(t, "S")}
	}},
	{"slice_and_offset", func(t *rapid.T) []string {
		a := symLayout(t, "A", hunt12Layouts)
		shape, _, _ := strings.Cut(a, ":")
		return []string{genSymCoord(t, "c", shape), a}
	}},
	{"local_partition", func(t *rapid.T) []string {
		return []string{symLayout(t, "A", hunt12Layouts), genTile(t, "L"), rapid.SampledFrom([]string{"0", "5", "K", "K-1"}).Draw(t, "i")}
	}},
}

// hunt12Assume draws the assumptions kernel authors write that the other
// generators rarely do: large moduli, orders between symbols, products
// bounded, symbols tied by a factor.
func hunt12Assume(t *rapid.T) []string {
	forms := []string{"M % 64 == 0", "N >= K", "M*N <= 4096", "M == 2*N", "N == 2*M", "K <= 2", "M % N == 0", "N % 4 == 0", "M >= 8", "K == 1", "M <= 3", "L % 2 == 1", "M*N % 8 == 0", "K < N"}
	var out []string
	for i, n := 0, rapid.IntRange(0, 3).Draw(t, "h#n"); i < n; i++ {
		out = append(out, rapid.SampledFrom(forms).Draw(t, fmt.Sprintf("h#%d", i)))
	}
	return out
}

// TestHunt12Generated draws HUNT12_GEN requests (from seed HUNT12_SEED)
// from hunt12Sources (or the one of index HUNT12_SOURCE) and checks each as TestHunt12Box does; it writes the
// requests with findings as JSON lines to HUNT12_OUT (default: the log).
// Without HUNT12_GEN it is skipped: it is the review's search, whose
// findings join testdata/hunt12.jsonl.
func TestHunt12Generated(t *testing.T) {
	var n, seed int
	if _, err := fmt.Sscan(os.Getenv("HUNT12_GEN"), &n); err != nil || n <= 0 {
		t.Skip("set HUNT12_GEN to the number of requests to draw")
	}
	fmt.Sscan(os.Getenv("HUNT12_SEED"), &seed)
	loss := os.Getenv("HUNT12_LOSS") != ""
	var out *os.File
	if p := os.Getenv("HUNT12_OUT"); p != "" {
		var err error
		if out, err = os.OpenFile(p, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644); err != nil {
			t.Fatal(err)
		}
		defer out.Close()
	}
	source := -1 // every source in turn, or the one HUNT12_SOURCE names
	if _, err := fmt.Sscan(os.Getenv("HUNT12_SOURCE"), &source); err == nil && (source < 0 || source >= len(hunt12Sources)) {
		t.Fatalf("HUNT12_SOURCE %d: there are %d sources", source, len(hunt12Sources))
	}
	for i := 0; i < n; i++ {
		s := seed + i
		g := hunt12Sources[s%len(hunt12Sources)]
		if source >= 0 {
			g = hunt12Sources[source]
		}
		r := g.Example(s)
		_, found := hunt12Check(r, loss)
		if len(found) == 0 {
			continue
		}
		// the most severe first: a wrong value before a checker's
		// rejection, a loss or a slow answer
		rank := func(msg string) int {
			for i, tag := range []string{"WRONG", "SPLIT", "DYNAMIC", "PANIC", "CHECK", "LOSS", "SLOW"} {
				if strings.HasPrefix(msg, tag+" ") {
					return i
				}
			}
			return 0
		}
		slices.SortStableFunc(found, func(a, b string) int { return rank(a) - rank(b) })
		line, _ := json.Marshal(r)
		t.Logf("seed %d: %s\n\t%s", s, line, strings.Join(found[:min(len(found), 3)], "\n\t"))
		if out != nil {
			fmt.Fprintf(out, "%s\n# seed %d: %s\n", line, s, found[0])
		}
	}
}
