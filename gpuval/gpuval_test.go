package gpuval

import (
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/cutealg/cutealg/concrete"
	"github.com/cutealg/cutealg/internal/vectors"
	"github.com/cutealg/cutealg/props"
)

var update = flag.Bool("update", false, "rewrite the golden .cu files under testdata")

// goldenCases are the fixed cases of the golden translation unit: static,
// dynamic and mixed integers, a tiler with _, template parameters, an
// integer result, evaluate, and two cases that share one C++ type.
var goldenCases = []Case{
	{ID: "comp-d1", Op: "composition", Args: []string{"(32,8):(1,32)", "(2,2,2):(32,64,1)"}, Source: "test"},
	{ID: "comp-d2", Op: "composition", Args: []string{"(16,4):(1,16)", "(2,4,2):(16,8,1)"}, Source: "test"},
	{ID: "comp-m", Op: "composition", Args: []string{"(32,8):(_1,_32)", "(2,2,2):(_32,_64,_1)"}, Source: "test"},
	{ID: "zdiv", Op: "zipped_divide", Args: []string{"(_12,(_4,8)):(_59,(_13,_1))", "(_3,_)"}, Source: "test"},
	{ID: "take", Op: "take", Args: []string{"(2,_3,4):(_1,2,6)", "1", "3"}, Source: "test"},
	{ID: "size", Op: "size", Args: []string{"((2,_3),4):((_1,2),6)"}, Source: "test"},
	{ID: "eval", Op: "evaluate", Args: []string{"(3,_2):(_2,1)"}, Source: "test"},
	{ID: "crd", Op: "crd2idx", Args: []string{"(1,2)", "(3,4):(1,3)"}, Source: "test"},
	{ID: "refused", Op: "complement", Args: []string{"(2,2):(2,4)", "7"}, Source: "test"},
}

// TestGolden checks the translation unit of the golden cases against
// testdata/golden.cu (go test ./gpuval -run TestGolden -update rewrites it).
func TestGolden(t *testing.T) {
	p := MakePlan(goldenCases, Options{TypesPerBatch: 16})
	if len(p.Skipped) > 0 {
		t.Fatalf("skipped: %v", p.Skipped)
	}
	var got strings.Builder
	for _, b := range p.Batches {
		got.WriteString("//// " + b.Name + ".cu\n" + b.Source())
	}
	path := filepath.Join("testdata", "golden.cu")
	if *update {
		if err := os.WriteFile(path, []byte(got.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got.String() != string(want) {
		t.Errorf("the translation units differ from %s (run with -update and inspect the diff)", path)
	}
	// comp-d1 and comp-d2 share one C++ type; the refused complement is alone
	if n := len(p.Batches); n != 2 || len(p.Batches[0].Types) != 7 || !p.Batches[1].Alone {
		t.Errorf("batches: %d, want one of 7 types and one alone", n)
	}
}

// TestLowerKeys checks that cases differing only in dynamic integers share
// a key and that static values and template parameters are part of it.
func TestLowerKeys(t *testing.T) {
	key := func(op string, args ...string) string {
		s, err := lower(op, args)
		if err != nil {
			t.Fatal(err)
		}
		return s.key
	}
	if a, b := key("coalesce", "(2,3):(1,2)"), key("coalesce", "(5,7):(1,5)"); a != b {
		t.Errorf("dynamic integers change the key: %s, %s", a, b)
	}
	if a, b := key("coalesce", "(_2,3):(1,2)"), key("coalesce", "(_5,3):(1,2)"); a == b {
		t.Errorf("static integers do not change the key: %s", a)
	}
	if a, b := key("take", "(2,3,4):(1,2,6)", "0", "2"), key("take", "(2,3,4):(1,2,6)", "1", "2"); a == b {
		t.Errorf("template parameters do not change the key: %s", a)
	}
	if _, err := lower("coalesce", []string{"(M,3):(1,M)"}); err == nil {
		t.Error("a symbol lowered to C++")
	}
	if _, err := lower("coalesce", []string{"(4000000000):(1)"}); err == nil {
		t.Error("an integer beyond int lowered to C++")
	}
}

// TestGenerate checks that generation is deterministic, that it yields
// the cases asked for, every one lowered to C++, and that it draws every
// operation of the catalogue.
func TestGenerate(t *testing.T) {
	a, b := Generate(7, 300), Generate(7, 300)
	if len(a) != 300 || len(b) != 300 {
		t.Fatalf("lengths %d, %d, want 300", len(a), len(b))
	}
	ops := map[string]bool{}
	for i := range a {
		if a[i].ID != b[i].ID || strings.Join(a[i].Args, " ") != strings.Join(b[i].Args, " ") {
			t.Fatalf("case %d differs between two runs: %v, %v", i, a[i], b[i])
		}
		if _, err := lower(a[i].Op, a[i].Args); err != nil {
			t.Fatalf("case %v does not lower to C++: %v", a[i], err)
		}
		ops[a[i].Op] = true
	}
	for _, op := range props.Ops() {
		if !ops[op] {
			t.Errorf("no generated case of %s", op)
		}
	}
}

// TestHostCampaign runs a small campaign host-only (g++ and the stand-in
// CUDA headers, values computed on the host): a sample of the vectors, of
// generated cases and of symbolic points; every case must agree with
// cutealg. It compiles CuTe for minutes, so it runs only when GPUVAL_HOST=1
// is set, and skips without g++, CUTLASS (CUTLASS_DIR or ../.cutlass) or
// the vectors.
func TestHostCampaign(t *testing.T) {
	if os.Getenv("GPUVAL_HOST") != "1" {
		t.Skip("set GPUVAL_HOST=1: the host-only campaign compiles CuTe (minutes)")
	}
	cut := os.Getenv("CUTLASS_DIR")
	if cut == "" {
		cut, _ = filepath.Abs(filepath.Join("..", ".cutlass"))
	}
	if _, err := os.Stat(filepath.Join(cut, "include", "cute", "layout.hpp")); err != nil {
		t.Skipf("no CUTLASS headers at %s (set CUTLASS_DIR)", cut)
	}
	if _, err := exec.LookPath("g++"); err != nil {
		t.Skip("no g++")
	}
	vdir, ok := vectors.Dir()
	if !ok {
		t.Skipf("no vectors folder at %s", vdir)
	}
	recs, err := vectors.Load(vdir)
	if err != nil {
		t.Fatal(err)
	}
	scs, err := vectors.LoadSymbolic(vdir)
	if err != nil {
		t.Fatal(err)
	}
	var sample []vectors.Record
	for i := 0; i < len(recs); i += 97 {
		sample = append(sample, recs[i])
	}
	cases := FromVectors(sample)
	cases = append(cases, Generate(3, 48)...)
	var ssample []vectors.SymbolicCase
	for i := 0; i < len(scs); i += 40 {
		ssample = append(ssample, scs[i])
	}
	sp, skipped := FromSymbolic(ssample, 4, 1)
	if len(skipped) > 0 {
		t.Logf("symbolic cases skipped: %v", skipped)
	}
	cases = append(cases, sp...)
	dir := t.TempDir()
	opt := Options{Cutlass: cut, TypesPerBatch: 48}
	p := MakePlan(cases, opt)
	if err := p.Write(dir, opt); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	cmd := exec.Command("bash", filepath.Join(dir, "run.sh"))
	cmd.Env = append(os.Environ(), "GV_HOST=1", "OUT="+out, "JOBS=2")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("run.sh: %v\n%s", err, b)
	}
	rep, err := Compare(dir, out)
	if err != nil {
		t.Fatal(err)
	}
	var md strings.Builder
	rep.Markdown(&md)
	t.Log(md.String())
	if rep.Compared != len(cases) || rep.HostValues == 0 || rep.SymPoints == 0 || rep.Refused == 0 {
		t.Errorf("compared %d of %d cases, %d host values, %d symbolic points, %d refusals", rep.Compared, len(cases), rep.HostValues, rep.SymPoints, rep.Refused)
	}
	for _, m := range rep.Mismatches {
		t.Errorf("mismatch %s (%s): CuTe %s, cutealg %s\n  %s", m.ID, m.What, m.CuTe, m.Ours, m.Repro)
	}
}

// TestCompareSynthetic feeds Compare the outputs a faithful CuTe would
// print for the golden cases (concrete's results and values, the refused
// type's compile error), then the same with one printed result and one hash
// changed: it must find exactly those two mismatches.
func TestCompareSynthetic(t *testing.T) {
	dir := t.TempDir()
	p := MakePlan(goldenCases, Options{TypesPerBatch: 16})
	if err := p.Write(dir, Options{}); err != nil {
		t.Fatal(err)
	}
	lines := func(badResult, badHash string) string {
		var b strings.Builder
		for _, c := range goldenCases {
			if c.ID == "refused" {
				continue
			}
			want, err := concrete.ApplyText(c.Op, c.Args)
			if err != nil {
				t.Fatalf("%s: %v", c.ID, err)
			}
			res := want.String()
			if c.ID == badResult {
				res += "x"
			}
			b.WriteString("R " + c.ID + "\t" + res + "\n")
			l := want.Layout
			if c.Op == "evaluate" {
				l, _ = concrete.ParseLayout(c.Args[0])
			} else if want.Kind != concrete.ValLayout {
				continue
			}
			n, h, first, err := ourValues(l)
			if err != nil {
				t.Fatal(err)
			}
			if c.ID == badHash {
				h = "0000000000000000"
			}
			b.WriteString("D " + c.ID + "\t" + strconv.FormatInt(n, 10) + "\t" + h + "\t" + first + "\n")
		}
		return b.String()
	}
	compile := "C b0000 0 7 0 1.0 3.0\nC a0000 0 1 1 1.0 2.0\n" +
		"X a0000 0 a0000.cu:80:1: error: static assertion failed: Dynamic-stride complement only for rank-1 layouts\n"
	for _, tc := range []struct {
		bad, badHash string
		want         []string
	}{
		{"", "", nil},
		{"comp-m", "comp-d2", []string{"comp-d2", "comp-m"}},
	} {
		out := filepath.Join(dir, "out"+tc.bad)
		if err := os.MkdirAll(out, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(out, "results.txt"), []byte(lines(tc.bad, tc.badHash)), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(out, "compile.txt"), []byte(compile), 0o644); err != nil {
			t.Fatal(err)
		}
		rep, err := Compare(dir, out)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, m := range rep.Mismatches {
			got = append(got, m.ID)
		}
		sort.Strings(got)
		if strings.Join(got, " ") != strings.Join(tc.want, " ") {
			t.Errorf("mismatches %v, want %v", got, tc.want)
		}
		if rep.Compared != len(goldenCases) || rep.Refused != 1 || rep.DeviceValues != 6 || rep.Types != 8 {
			t.Errorf("compared %d, refused %d, device values %d, types %d", rep.Compared, rep.Refused, rep.DeviceValues, rep.Types)
		}
	}
}

// TestFitsCuTe checks that a case whose result holds an integer beyond
// CuTe's int is skipped, the offset of a tile of a tensor included (review
// round 5: local_tile at a block coordinate far into a large matrix,
// whose offset 16*4000*70000 wraps around in CuTe's int).
func TestFitsCuTe(t *testing.T) {
	for _, c := range []struct {
		op   string
		args []string
		want bool
	}{
		{"local_tile", []string{"(70000,70000):(_1,70000)", "(_16,_16)", "(0,1)"}, true},
		{"local_tile", []string{"(70000,70000):(_1,70000)", "(_16,_16)", "(0,4000)"}, false},
		{"local_partition", []string{"(7000,7000):(_1,7000)", "(_4,_8):(_8,_1)", "3"}, true},
		{"coalesce", []string{"(70000,70000):(_1,70000)"}, false},
		{"size", []string{"(7,7):(_1,7)"}, true},
	} {
		if got := fitsCuTe(c.op, c.args); got != c.want {
			t.Errorf("fitsCuTe(%s%v) = %v, want %v", c.op, c.args, got, c.want)
		}
	}
}
