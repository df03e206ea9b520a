package gpuval

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/cutealg/cutealg/internal/catalog"
	"github.com/cutealg/cutealg/internal/notation"
)

var captureOps = flag.String("capture-ops", "", "with -capture: recapture only the cases of these operations (comma-separated), keeping the other records")

var capture = flag.String("capture", "", "CUTLASS folder holding include/: compile algebraCases host-only with g++ (or $CXX) and the stand-in CUDA headers, run them, and rewrite testdata/algebra/vectors.jsonl from CuTe's answers")

// algebraDir holds the vectors of issue 19's operations (slices,
// partitions, the layout functions, swizzles and composed layouts), in the
// schema of the public vectors (../shared/vectors/README.md): CuTe C++'s
// own answers, captured host-only with
//
//	go test ./gpuval -run TestAlgebraVectors -capture /path/to/cutlass
var algebraDir = filepath.Join("testdata", "algebra")

// skel is a case skeleton: an operation and its arguments, each integer
// literal of a value argument turned static, dynamic or alternately both by
// the flavor (template parameters and swizzle parameters are kept).
type skel struct {
	op     string
	args   []string
	static bool // the static flavor only
}

// algebraSkeletons are the inputs of the captured vectors: small and odd
// sizes, nested modes, zero and negative strides, refusals.
func algebraSkeletons() []skel {
	var ss []skel
	add := func(op string, args ...string) { ss = append(ss, skel{op: op, args: args}) }
	for _, c := range [][2]string{
		{"(_,2)", "(4,6):(1,4)"}, {"(1,_)", "(4,6):(1,4)"}, {"_", "(4,6):(1,4)"}, {"3", "(4,6):(1,4)"},
		{"(_,(1,_))", "(3,(2,4)):(1,(3,6))"}, {"((_,1),_)", "((2,3),4):((1,2),6)"},
		{"(_,1,_)", "(2,3,5):(15,5,1)"}, {"((1,_),(_,2))", "((2,3),(4,5)):((1,2),(6,24))"},
		{"(_,_)", "(5,7):(7,1)"}, {"(2,3)", "(5,7):(7,1)"}, {"(_,2)", "8:1"}, {"(_,_,_)", "(2,3):(1,2)"},
		{"(_,(_,1))", "(3,(2,4)):(0,(3,6))"}, {"(_,1)", "(3,4):(-1,3)"}, {"(1,_)", "(1,9):(0,1)"},
	} {
		add("slice", c[0], c[1])
		add("dice", c[0], c[1])
		add("slice_and_offset", c[0], c[1])
	}
	for _, c := range [][3]string{
		{"(8,6):(1,8)", "(4,2)", "(1,2)"}, {"(16,12):(12,1)", "(4,4)", "(2,1)"},
		{"(16,12):(1,16)", "(8:1,4:1)", "(1,0)"}, {"(12,(4,2)):(1,(12,48))", "(4,(2,2))", "(0,(1,0))"},
		{"(128,128):(1,128)", "(32,16)", "(3,5)"}, {"(9,7):(1,9)", "(3,7)", "2"},
		{"(8,6):(1,8)", "(4,2)", "(1,2,0)"}, {"(64,32,8):(1,64,2048)", "(16,8,4)", "(1,2,_)"},
		{"(10,6):(6,1)", "(3,4)", "(2,1)"},
	} {
		add("local_tile", c[0], c[1], c[2])
	}
	for _, c := range [][3]string{
		{"(16,64):(64,1)", "(2,16):(16,1)", "5"}, {"(8,8):(1,8)", "(4,2):(2,1)", "3"},
		{"(12,8):(1,12)", "(4,2):(1,4)", "7"}, {"(16,16):(16,1)", "8:1", "3"},
		{"(6,8):(1,6)", "(3,(2,2)):(1,(3,6))", "4"}, {"(32,16):(1,32)", "(2,16,1):(16,1,0)", "9"},
		{"(10,9):(1,10)", "(5,3):(3,1)", "11"},
	} {
		add("local_partition", c[0], c[1], c[2])
	}
	for _, c := range [][3]string{
		{"(4,8):(8,1)", "16", "8"}, {"(4,8):(8,1)", "8", "16"}, {"(4,8):(8,1)", "8", "32"},
		{"(4,8):(8,1)", "4", "8"}, {"(4,6):(1,4)", "16", "32"}, {"(4,8):(8,1)", "16", "16"},
		{"(6,8):(8,1)", "8", "6"}, {"(4,8):(16,1)", "32", "64"}, {"((2,4),8):((1,16),2)", "8", "32"},
	} {
		add("recast_layout", c[0], c[1], c[2])
	}
	for _, l := range []string{"(2,2,2,2):(0,2,4,1)", "(2,3,4,5):(0,42,1,0)", "(4,(3,2)):(6,(1,24))", "(3,5):(5,1)", "8:0", "((2,3),4):((12,1),3)"} {
		add("make_layout_like", l)
	}
	for _, l := range []string{"(2,3,4):(12,1,3)", "((2,2),3,4):((0,1),8,2)", "(4,8):(8,1)", "8:2", "((4,2),(2,3)):((1,16),(4,32))", "(2,(3,2)):(6,(1,3))", "(4,1,3):(3,0,1)"} {
		add("make_fragment_like", l)
	}
	add("filter_zeros", "(4,3):(0,1)")
	add("filter_zeros", "((2,3),4):((0,1),0)")
	add("filter_zeros", "(4,3,2):(1,4,12)", "(0,1,0)")
	add("filter_zeros", "((2,3),4):((1,2),6)", "((0,1),1)")
	add("filter_zeros", "(4,3):(1,4)", "(0,(1,1))")
	for _, l := range []string{"(4,6):(1,4)", "((2,3),4):((-1,2),0)", "8:3", "(3,(2,4)):(8,(1,24))"} {
		add("coshape", l)
		add("coprofile", l)
	}
	for _, l := range []string{"((2,3),(4,5)):((1,2),(6,24))", "((2,3,4),(5,6,7)):((1,2,6),(24,120,720))", "(2,3):(1,2)", "8:1", "((2,3),4):((1,2),6)"} {
		add("zip", l)
	}
	add("zip", "(2,3):(1,2)", "(4,5):(6,24)")
	add("zip", "(2,3):(1,2)", "(4,5,6):(6,24,120)")
	for _, c := range [][2]string{
		{"(2,3,4):(1,2,6)", "((0,0),0)"}, {"(2,3,4,5):(1,2,6,24)", "(0,(0,0),0)"}, {"(2,3,4):(1,2,6)", "(0,0)"},
		{"(2,3):(1,2)", "((0,0),0)"}, {"(2,(3,4)):(1,(2,6))", "(0,0)"}, {"(5,7):(7,1)", "((0),(0))"},
	} {
		add("unflatten", c[0], c[1])
	}
	for _, c := range [][2]string{
		{"((2,2),(3,4)):((1,8),(2,16))", "(2:1,3:1)"}, {"((4,2),3):((1,4),8)", "4:1"},
		{"(((2,3),(2,2)),(5,7)):(((1,2),(6,12)),(24,120))", "((2,2):(1,2),5:1)"}, {"(8,8):(1,8)", "(2:1,4:1)"},
	} {
		add("tile_unzip", c[0], c[1])
	}
	for _, c := range [][2]string{{"(15,14)", "6"}, {"(4,6,5)", "12"}, {"(8,8)", "64"}, {"(3,5)", "7"}, {"((2,3),4)", "4"}, {"(6,10)", "(2,2)"}} {
		add("domain_distribute", c[0], c[1])
	}
	for _, l := range []string{"(8,8):(8,1)", "(4,6):(1,4)", "(2,4):(4,1)", "((2,4),8):((1,16),2)", "(6,4):(1,12)", "8:3", "(4,4):(0,1)", "(4,3):(1,8)"} {
		add("max_alignment", l)
	}
	for _, c := range [][2]string{{"(12,8)", "(4,2):(1,4)"}, {"(128,96)", "(32,16):(1,128)"}, {"100", "8:1"}, {"(9,(4,8))", "(3,2):(1,9)"}, {"(16,16)", "4:2"}} {
		add("ceil_div_layout", c[0], c[1])
	}
	for _, s := range []string{"(2,3)", "(2,(3,4))", "8", "((2,2),(3,(4,5)))", "(4)"} {
		add("make_identity_layout", s)
	}
	// every swizzle up to Sw<3,4,3> (negative shifts too) and larger ones,
	// at one index and over its whole range; and refused parameters
	var sws []string
	for b := 0; b <= 3; b++ {
		for m := 0; m <= 4; m++ {
			for s := -3; s <= 3; s++ {
				if s < b && -s < b || b > 0 && s == 0 {
					continue
				}
				sws = append(sws, fmt.Sprintf("Sw<%d,%d,%d>", b, m, s))
			}
		}
	}
	sws = append(sws, "Sw<4,4,4>", "Sw<5,2,5>", "Sw<3,10,6>", "Sw<2,6,-4>")
	for i, sw := range sws {
		var b, m, s int
		fmt.Sscanf(sw, "Sw<%d,%d,%d>", &b, &m, &s)
		span := 1 << (b + m + max(s, -s))
		if i%6 == 0 || span > 4096 {
			add("swizzle", sw, fmt.Sprint((span-1)*(i%3+1)/3+i%5))
		}
		if span <= 4096 {
			// dynamic offset: one C++ type per swizzle
			add("evaluate", fmt.Sprintf("%s o 0 o %d:1", sw, span))
		}
	}
	add("swizzle", "Sw<3,4,2>", "5")
	add("swizzle", "Sw<2,1,-1>", "5")
	add("swizzle", "Sw<3,4,3>", "(1,2)")
	for _, l := range []string{"(8,64):(64,1)", "(8,8):(1,8)", "((8,2),(8,4)):((8,512),(1,64))", "64:1"} {
		add("composition_swizzle", "Sw<3,4,3>", l)
		add("composition_swizzle", "Sw<0,4,3>", l)
		add("composition_swizzle", "Sw<2,3,3>", l)
	}
	// composed layouts through the operations CuTe forwards to them
	for _, cl := range []string{"Sw<3,4,3> o 0 o (8,64):(64,1)", "Sw<2,3,3> o 4 o (16,32):(32,1)", "Sw<1,2,-3> o 0 o ((4,2),(8,4)):((8,128),(1,32))"} {
		add("size", cl)
		add("cosize", cl)
		add("rank", cl)
		add("depth", cl)
		add("evaluate", cl)
		add("coalesce", cl)
		add("flatten", cl)
		add("composition", cl, "(4,8):(1,4)")
		add("composition_tiler", cl, "(4:1,8:2)")
		add("logical_divide", cl, "8:1")
		add("logical_divide_tiler", cl, "(4:1,8:1)")
		add("zipped_divide", cl, "(2:1,8:1)")
		add("tiled_divide", cl, "(2:1,8:1)")
		add("flat_divide", cl, "(4:1,4:1)")
		add("logical_product", cl, "2:1")
		add("blocked_product", cl, "(2,2):(1,2)")
		add("raked_product", cl, "(2,1):(1,0)")
		add("tile_to_shape", cl, "(32,128)")
		add("take", cl, "0", "1")
		add("get", cl, "1")
		add("group", cl, "0", "2")
		add("zip", cl)
		add("complement", cl, "4096")
		add("slice", "(_,_)", cl)
		add("slice_and_offset", "(_,_)", cl)
		add("nullspace", cl)
		add("max_alignment", cl)
		add("make_fragment_like", cl)
		add("crd2idx", "(3,5)", cl)
		add("crd2idx", "21", cl)
	}
	for _, cl := range []string{"Sw<2,3,3> o 8 o (8,8):(8,1)", "Sw<3,4,3> o 0 o (8,64):(64,1)", "Sw<2,1,3> o 6 o (4,16):(16,1)"} {
		add("upcast", cl, "2")
		add("upcast", cl, "4")
		add("downcast", cl, "2")
		add("recast_layout", cl, "16", "8")
		add("recast_layout", cl, "8", "32")
		add("recast_layout", cl, "16", "16")
	}
	// a swizzled layout sliced at integer coordinates: CuTe's decay of the
	// swizzle, which this engine follows for static inputs only
	for _, c := range [][2]string{
		{"(_,2)", "Sw<3,4,3> o 0 o (8,64):(64,1)"}, {"(3,_)", "Sw<3,4,3> o 0 o (8,64):(64,1)"},
		{"(_,17)", "Sw<3,4,3> o 0 o (8,64):(64,1)"}, {"(_,1)", "Sw<2,0,2> o 0 o (4,4):(4,1)"},
		{"(2,_)", "Sw<2,0,2> o 0 o (4,4):(4,1)"}, {"(1,_)", "Sw<1,2,3> o 0 o (8,8):(8,1)"},
		{"(_,3)", "Sw<2,3,3> o 4 o (16,32):(32,1)"}, {"(5,_)", "Sw<2,3,3> o 4 o (16,32):(32,1)"},
		{"(_,(3,_))", "Sw<3,3,3> o 0 o ((8,2),(8,4)):((8,512),(1,64))"}, {"((2,1),_)", "Sw<3,3,3> o 0 o ((8,2),(8,4)):((8,512),(1,64))"},
		{"(_,3)", "Sw<2,1,-2> o 0 o (8,8):(1,8)"}, {"(5,_)", "Sw<2,1,-2> o 0 o (8,8):(1,8)"},
	} {
		ss = append(ss, skel{op: "slice_and_offset", args: c[:], static: true}, skel{op: "slice", args: c[:], static: true})
	}
	// a layout after a swizzled layout, and the inverses of swizzled layouts
	for _, c := range [][2]string{
		{"1024:1", "Sw<3,4,3> o 0 o (8,64):(64,1)"}, {"4096:2", "Sw<3,4,3> o 0 o (8,64):(64,1)"},
		{"(8,128):(128,1)", "Sw<3,4,3> o 0 o (8,64):(64,1)"}, {"(16,16):(16,1)", "Sw<2,3,3> o 0 o (16,16):(16,1)"},
		{"64:1", "Sw<2,3,3> o 4 o (8,8):(8,1)"},
	} {
		add("composition", c[0], c[1])
	}
	for _, cl := range []string{"Sw<3,4,3> o 0 o (8,64):(64,1)", "Sw<2,3,3> o 0 o (16,16):(1,16)", "Sw<1,2,-3> o 0 o ((4,2),(8,4)):((8,128),(1,32))"} {
		ss = append(ss, skel{op: "right_inverse", args: []string{cl}, static: true}, skel{op: "left_inverse", args: []string{cl}, static: true})
	}
	// a layout times a swizzled layout: the product behind the swizzle
	// CuTe finds for it (static only: its masks are template arguments)
	add("logical_product", "4:1", "Sw<2,0,2> o 0 o (4,4):(4,1)")
	add("logical_product", "2:1", "Sw<3,3,3> o 0 o (8,64):(64,1)")
	for _, c := range [][2]string{
		{"(2,2):(1,2)", "Sw<3,4,3> o 0 o (8,64):(64,1)"}, {"(4,2):(2,1)", "Sw<1,2,-3> o 0 o ((4,2),(8,4)):((8,128),(1,32))"},
		{"(2,4):(4,1)", "Sw<3,4,3> o 0 o (8,64):(64,1)"}, {"8:1", "Sw<2,3,3> o 4 o (16,32):(32,1)"},
		{"(2,1):(1,0)", "Sw<2,3,3> o 0 o (16,16):(16,1)"}, {"(3,2):(2,1)", "Sw<1,1,1> o 0 o (4,4):(1,4)"},
		{"2:1", "Sw<0,4,3> o 0 o (8,8):(8,1)"}, {"(2,2):(2,1)", "Sw<2,1,-2> o 0 o (8,8):(1,8)"},
	} {
		ss = append(ss, skel{op: "logical_product", args: c[:], static: true})
	}
	add("composition", "Sw<0,4,3> o 0 o (8,8):(8,1)", "(4,8):(1,4)")
	add("coalesce", "Sw<0,4,3> o 0 o (8,8):(8,1)")
	return ss
}

// algebraCases are the skeletons in their static, dynamic and mixed
// flavors (swizzled ones static and dynamic only); ids are x19-op-k-s,
// x19-op-k-d and x19-op-k-m (x19: issue 19; the public vectors use op-k-f).
func algebraCases(t *testing.T) []Case {
	var out []Case
	count := map[string]int{}
	seen := map[string]bool{}
	for _, s := range algebraSkeletons() {
		k := count[s.op]
		count[s.op]++
		spec, ok := catalog.Lookup(s.op)
		if !ok {
			t.Fatalf("skeleton of unknown operation %s", s.op)
		}
		flavors := []string{"s", "d", "m"}
		switch {
		case s.static:
			flavors = []string{"s"}
		case s.op == "evaluate" && strings.Contains(s.args[0], " o 0 o ") && !strings.Contains(s.args[0], ","):
			flavors = []string{"d"} // a swizzle's whole range
		case strings.Contains(strings.Join(s.args, ""), "Sw<"):
			flavors = []string{"s", "d"}
		}
		for _, fl := range flavors {
			args := make([]string, len(s.args))
			for i, a := range s.args {
				n, err := notation.Parse(a)
				if err != nil {
					t.Fatalf("%s %v: %v", s.op, s.args, err)
				}
				if spec.Args[i] != catalog.Param {
					i := 0
					flavor(n, fl, &i)
				}
				args[i] = notation.Print(n)
			}
			key := s.op + "|" + strings.Join(args, "|")
			if seen[key] {
				continue
			}
			seen[key] = true
			out = append(out, Case{ID: fmt.Sprintf("x19-%s-%d-%s", s.op, k, fl), Op: s.op, Args: args, Source: "algebra"})
		}
	}
	return out
}

// flavor marks the integer literals of n static (s), dynamic (d) or
// alternately static and dynamic (m), counting literals in *i.
func flavor(n notation.Node, fl string, i *int) {
	switch n := n.(type) {
	case *notation.Int:
		n.Static = fl == "s" || fl == "m" && *i%2 == 0
		*i++
	case *notation.Tuple:
		for _, e := range n.Elems {
			flavor(e, fl, i)
		}
	case *notation.Layout:
		flavor(n.Shape, fl, i)
		flavor(n.Stride, fl, i)
	case *notation.Composed:
		flavor(n.O, fl, i)
		flavor(n.B, fl, i)
	}
}

// TestAlgebraVectors recaptures testdata/algebra/vectors.jsonl with
// -capture (see captureAlgebra); without it there is nothing to do here:
// package concrete's TestCapturedVectors checks concrete against the
// captured answers in both modes.
func TestAlgebraVectors(t *testing.T) {
	if *capture == "" {
		t.Skip("no -capture: concrete's TestCapturedVectors checks the captured vectors")
	}
	captureAlgebra(t, *capture)
}

// captureAlgebra runs algebraCases through the harness host-only (run.sh
// with GV_HOST=1: g++, the stand-in CUDA headers, refused types bisected
// and their first error kept) and writes the records.
func captureAlgebra(t *testing.T, cutlass string) {
	if _, err := exec.LookPath("g++"); err != nil && os.Getenv("CXX") == "" {
		t.Fatal("-capture needs g++ (or $CXX)")
	}
	cut, err := filepath.Abs(cutlass)
	if err != nil {
		t.Fatal(err)
	}
	cases := algebraCases(t)
	only := map[string]bool{}
	if *captureOps != "" {
		for _, op := range strings.Split(*captureOps, ",") {
			only[op] = true
		}
		var some []Case
		for _, c := range cases {
			if only[c.Op] {
				some = append(some, c)
			}
		}
		cases = some
	}
	dir := t.TempDir()
	opt := Options{Cutlass: cut, TypesPerBatch: 48}
	p := MakePlan(cases, opt)
	if len(p.Skipped) > 0 {
		t.Fatalf("cases that cannot be written as C++: %v", p.Skipped)
	}
	if err := p.Write(dir, opt); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	cmd := exec.Command("bash", filepath.Join(dir, "run.sh"))
	cmd.Env = append(os.Environ(), "GV_HOST=1", "OUT="+out, "JOBS=2", "DEADLINE=100000")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("run.sh: %v\n%s", err, b)
	}
	got := map[string]*outcome{}
	if err := readResults(out, got); err != nil {
		t.Fatal(err)
	}
	refused := map[string]string{}
	rep := &Report{started: map[string]bool{}}
	if err := readCompile(filepath.Join(out, "compile.txt"), rep, refused); err != nil {
		t.Fatal(err)
	}
	byCase := map[string]string{} // case id -> compile error
	for _, b := range p.Batches {
		for ti, ty := range b.Types {
			if msg, ok := refused[fmt.Sprintf("%s/%d", b.Name, ti)]; ok {
				for _, c := range ty.Cases {
					byCase[c.ID] = msg
				}
			}
		}
	}
	var lines []string
	if len(only) > 0 {
		b, err := os.ReadFile(filepath.Join(algebraDir, "vectors.jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
			var r capturedRecord
			if err := json.Unmarshal([]byte(l), &r); err != nil {
				t.Fatal(err)
			}
			if !only[r.Op] {
				lines = append(lines, l)
			}
		}
	}
	for _, c := range cases {
		rec := capturedRecord{ID: c.ID, Op: c.Op, Args: c.Args, Flavor: flavorOf(c.ID)}
		o := got[c.ID]
		switch {
		case byCase[c.ID] != "":
			rec.Error = "compile: " + byCase[c.ID]
		case o != nil && o.err != "":
			rec.Error = o.err
		case o != nil && o.result != nil:
			rec.Result = o.result
		default:
			t.Fatalf("%s: no answer from CuTe", c.ID)
		}
		var b strings.Builder
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false) // Sw<3,4,3> as written, like the public vectors
		if err := enc.Encode(rec); err != nil {
			t.Fatal(err)
		}
		lines = append(lines, strings.TrimSuffix(b.String(), "\n"))
	}
	sort.Strings(lines)
	if err := os.MkdirAll(algebraDir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(algebraDir, "vectors.jsonl"), []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

// capturedRecord is a vectors.Record as the public vectors write it (no
// empty fields).
type capturedRecord struct {
	ID     string   `json:"id"`
	Op     string   `json:"op"`
	Args   []string `json:"args"`
	Result *string  `json:"result,omitempty"`
	Error  string   `json:"error,omitempty"`
	Flavor string   `json:"flavor"`
}

// flavorOf is the flavor named by a case id's suffix.
func flavorOf(id string) string {
	switch id[len(id)-1] {
	case 's':
		return "static"
	case 'd':
		return "dynamic"
	}
	return "mixed"
}
