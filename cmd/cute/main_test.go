package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/cutealg/cutealg/internal/catalog"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata")

// cliCases are command lines run in-process through run; each has a golden
// file testdata/NAME.golden with the command, its exit status, stdout and
// stderr. The exit status is also asserted from the table, so that
// -update cannot enshrine a wrong one.
var cliCases = []struct {
	name  string
	args  []string
	stdin string
	exit  int
}{
	// help
	{name: "help", args: []string{"help"}, exit: 0},
	{name: "help-flag", args: []string{"-h"}, exit: 0},
	{name: "help-eval", args: []string{"help", "eval"}, exit: 0},
	{name: "help-unknown", args: []string{"help", "nope"}, exit: 2},
	{name: "help-too-many", args: []string{"help", "eval", "show"}, exit: 2},
	{name: "unknown-command", args: []string{"bogus"}, exit: 2},
	{name: "unknown-flag", args: []string{"-x"}, exit: 2},
	{name: "derive", args: []string{"derive", "-assume", "M % 4 == 0", "composition((M,N):(_1,M), _4:_1)"}, exit: 0},
	{name: "derive-cases", args: []string{"derive", "composition((N,_2,_4):(_1,N,_2*N), _4:_2)"}, exit: 0},
	{name: "derive-json", args: []string{"derive", "-json", "make_layout_left((M,N))"}, exit: 0},
	{name: "derive-dynamic", args: []string{"derive", "-dynamic", "composition((_6,_2):(_1,_7), M:M)"}, exit: 0},
	{name: "eval-dynamic-symbols", args: []string{"eval", "-dynamic", "coalesce((M,_1,N):(_1,M,M))"}, exit: 0},
	{name: "eval-dynamic-refused", args: []string{"eval", "-dynamic", "blocked_product((M0,N0):(_1,M0), (M1,N1):(N1,_1))"}, exit: 1},
	{name: "derive-not-call", args: []string{"derive", "(M,N):(_1,M)"}, exit: 2},
	{name: "derive-bad-assume", args: []string{"derive", "-assume", "M % 0 == 0", "make_layout_left((M,N))"}, exit: 2},
	{name: "derive-inconsistent", args: []string{"derive", "-assume", "M < 2 && M > 3", "make_layout_left((M,N))"}, exit: 1},
	{name: "eval-assume", args: []string{"eval", "-assume", "M % 8 == 0", "zipped_divide((M,N):(_1,M), (_8,_4))"}, exit: 0},
	{name: "eval-cases", args: []string{"eval", "composition((N,_2,_4):(_1,N,_2*N), _4:_2)"}, exit: 0},

	// diff, vectors
	{name: "diff-h", args: []string{"diff", "-h"}, exit: 0},
	{name: "diff-no-cmd", args: []string{"diff", "-n", "3"}, exit: 2},
	{name: "diff-bad-op", args: []string{"diff", "-cmd", "true", "-ops", "composition,nope"}, exit: 2},
	{name: "diff-bad-flavor", args: []string{"diff", "-cmd", "true", "-flavor", "weird"}, exit: 2},
	{name: "vectors-h", args: []string{"vectors", "-h"}, exit: 0},
	{name: "vectors-2", args: []string{"vectors", "-n", "2", "-seed", "4", "-ops", "composition"}, exit: 0},

	// gpuval
	{name: "gpuval-h", args: []string{"gpuval", "-h"}, exit: 0},
	{name: "gpuval-operand", args: []string{"gpuval", "extra"}, exit: 2},
	{name: "gpuval-bad-n", args: []string{"gpuval", "-n", "-1"}, exit: 2},
	{name: "gpuval-compare-missing", args: []string{"gpuval", "-out", "testdata/none", "-compare", "testdata/none"}, exit: 2},

	// equiv
	{name: "equiv-h", args: []string{"equiv", "-h"}, exit: 0},
	{name: "equiv-same", args: []string{"equiv", "-assume", "M % 32 == 0", "logical_divide((M,N):(_1,M), _32:_1)", "M*N:_1"}, exit: 0},
	{name: "equiv-same-product", args: []string{"equiv", "-assume", "M % 8 == 0", "blocked_product((M,N):(_1,M), (_2,_2):(_1,_2))", "((M,_2),(N,_2)):((_1,M*N),(M,2*M*N))"}, exit: 0},
	{name: "equiv-same-assumed", args: []string{"equiv", "-assume", "K <= M && K >= M", "(M,N):(_1,M)", "(M,N):(_1,K)"}, exit: 0},
	{name: "equiv-same-undefined", args: []string{"equiv", "composition((M,N):(_1,M), (_2,_2):(_1,K))", "composition((M,N):(_1,M), (_2,_2):(_1,K))"}, exit: 0},
	{name: "equiv-differ", args: []string{"equiv", "make_layout_left((M,N))", "make_layout_right((M,N))"}, exit: 1},
	{name: "equiv-differ-products", args: []string{"equiv", "-assume", "M % 8 == 0", "blocked_product((M,N):(_1,M), (_2,_2):(_1,_2))", "raked_product((M,N):(_1,M), (_2,_2):(_1,_2))"}, exit: 1},
	{name: "equiv-differ-concrete", args: []string{"equiv", "(4,2):(1,4)", "(2,4):(4,1)"}, exit: 1},
	{name: "equiv-differ-size", args: []string{"equiv", "(M,N):(_1,M)", "(M,N,_2):(_1,M,M*N)"}, exit: 1},
	{name: "equiv-unknown", args: []string{"equiv", "-assume", "K*K == M*M", "(M,N):(_1,M)", "(M,N):(_1,K)"}, exit: 3},
	{name: "equiv-one-operand", args: []string{"equiv", "8:1"}, exit: 2},
	{name: "equiv-not-layout", args: []string{"equiv", "8:1", "size(8:1)"}, exit: 2},
	{name: "equiv-unchecked", args: []string{"equiv", "composition((_2,_2):(_2,_8), M:N-M)", "composition((_2,_2):(_2,_8), M:N-M)"}, exit: 3},
	{name: "equiv-arity", args: []string{"equiv", "composition((_2,_2):(_2,_8))", "8:1"}, exit: 2},
	{name: "equiv-nested", args: []string{"equiv", "8:1", "coalesce(coalesce(8:1))"}, exit: 2},
	{name: "equiv-bad-assume", args: []string{"equiv", "-assume", "M % 0 == 0", "8:1", "8:1"}, exit: 2},

	// eval
	{name: "eval-h", args: []string{"eval", "-h"}, exit: 0},
	{name: "eval-dynamic", args: []string{"eval", "composition((10,2):(16,4), (5,4):(1,5))"}, exit: 0},
	{name: "eval-static", args: []string{"eval", "composition((_10,_2):(_16,_4), (_5,_4):(_1,_5))"}, exit: 0},
	{name: "eval-unquoted", args: []string{"eval", "composition((10,2):(16,4),", "(5,4):(1,5))"}, exit: 0},
	{name: "eval-layout", args: []string{"eval", "(_4,_2):(_2,_1)"}, exit: 0},
	{name: "eval-nested", args: []string{"eval", "coalesce(logical_divide((_4,_2,_3):(_2,_1,_8), _4:_2))"}, exit: 0},
	{name: "eval-nested-error", args: []string{"eval", "coalesce(logical_divide(_8:_1, composition((_8,_8):(_8,_1), _4:_3)))"}, exit: 1},
	{name: "eval-nested-strict", args: []string{"eval", "-strict", "logical_product(complement((_2,2):(_3,_2), 4), 2:1)"}, exit: 1},
	{name: "eval-product-zero-extent", args: []string{"eval", "flat_product((_2,2):(_3,_2), 3:_0)"}, exit: 0},
	{name: "eval-kind-tiler", args: []string{"eval", "logical_divide((1024,1024):(1,1024), (32:1,16:1))"}, exit: 2},
	{name: "eval-big-layout", args: []string{"eval", "logical_divide_tiler((1024,1024):(1,1024), (32:1,16:1))"}, exit: 0},
	{name: "eval-integer", args: []string{"eval", "size((_3,(_2,_3)):(_3,(_12,_1)))"}, exit: 0},
	{name: "eval-coordinate", args: []string{"eval", "idx2crd(_16, (_3,(_2,_3)))"}, exit: 0},
	{name: "eval-evaluate", args: []string{"eval", "evaluate((3,(2,3)):(3,(12,1)))"}, exit: 0},
	{name: "eval-negative", args: []string{"eval", "--", "-1"}, exit: 0},
	{name: "eval-warning", args: []string{"eval", "composition((6,2):(1,7), 4:4)"}, exit: 0},
	{name: "eval-strict", args: []string{"eval", "-strict", "composition((6,2):(1,7), 4:4)"}, exit: 1},
	{name: "eval-strict-after", args: []string{"eval", "composition((6,2):(1,7), 4:4)", "-strict"}, exit: 1},
	{name: "eval-strict-valid", args: []string{"eval", "-strict", "composition(20:2, (5,4):(4,1))"}, exit: 0},
	{name: "eval-refused", args: []string{"eval", "complement((2,2):(2,4), 7)"}, exit: 1},
	{name: "eval-sigfpe", args: []string{"eval", "composition((2,4):(1,2), (2,2,2):(1,2,0))"}, exit: 1},
	{name: "eval-overflow", args: []string{"eval", "(4611686018427387904,4):(1,2)"}, exit: 1},
	{name: "eval-syntax", args: []string{"eval", "composition((6,2):(1,7) 4:4)"}, exit: 2},
	{name: "eval-unknown-op", args: []string{"eval", "compose((6,2):(1,7), 4:4)"}, exit: 2},
	{name: "eval-arity", args: []string{"eval", "composition((6,2):(1,7))"}, exit: 2},
	{name: "eval-kind", args: []string{"eval", "composition(8, 4:1)"}, exit: 2},
	{name: "eval-symbolic", args: []string{"eval", "composition((M,N):(1,M), 4:1)"}, exit: 0},
	{name: "eval-missing", args: []string{"eval"}, exit: 2},
	{name: "eval-bad-flag", args: []string{"eval", "-x", "8:1"}, exit: 2},
	{name: "eval-slice", args: []string{"eval", "slice_and_offset((_,2), (_4,6):(_1,_4))"}, exit: 0},
	{name: "eval-local-tile", args: []string{"eval", "local_tile((128,256):(_1,128), (_32,_64), (1,2))"}, exit: 0},
	{name: "eval-swizzled", args: []string{"eval", "composition_swizzle(Sw<1,1,1>, (_2,_4):(_4,_1))"}, exit: 0},
	{name: "eval-swizzle-refused", args: []string{"eval", "swizzle(Sw<3,4,2>, 5)"}, exit: 1},
	{name: "eval-identity", args: []string{"eval", "make_identity_layout((2,(_3,4)))"}, exit: 0},

	// show
	{name: "show-h", args: []string{"show", "-h"}, exit: 0},
	{name: "show-static", args: []string{"show", "(_4,_2):(_2,_1)"}, exit: 0},
	{name: "show-call", args: []string{"show", "logical_divide((_4,_2,_3):(_2,_1,_8), _4:_2)"}, exit: 0},
	{name: "show-nested", args: []string{"show", "(3,(2,3)):(3,(12,1))"}, exit: 0},
	{name: "show-rank1", args: []string{"show", "8:2"}, exit: 0},
	{name: "show-rank3", args: []string{"show", "(2,3,4):(1,2,6)"}, exit: 1},
	{name: "show-too-big", args: []string{"show", "(300,2):(1,300)"}, exit: 1},
	{name: "show-svg-latex", args: []string{"show", "-svg", "out.svg", "-latex", "(2,2):(1,2)"}, exit: 2},
	{name: "show-tv-no-tile", args: []string{"show", "-tv", "-latex", "(_4,_2):(_1,_4)"}, exit: 2},
	{name: "show-tv-no-output", args: []string{"show", "-tv", "-tile", "_4,_2", "(_4,_2):(_1,_4)"}, exit: 2},
	{name: "show-tv-outside", args: []string{"show", "-latex", "-tv", "-tile", "_4,_1", "(_4,_2):(_1,_4)"}, exit: 1},
	{name: "show-tv-dynamic-tile", args: []string{"show", "-latex", "-tv", "-tile", "4,2", "(_4,_2):(_1,_4)"}, exit: 1},
	{name: "show-tv-bad-tile", args: []string{"show", "-latex", "-tv", "-tile", "4,", "(_4,_2):(_1,_4)"}, exit: 2},
	{name: "show-symbolic", args: []string{"show", "-bind", "M=8,N=4", "-assume", "M % 4 == 0", "logical_divide_tiler((M,N):(_1,M), <_4:_1,_2:_1>)"}, exit: 0},
	{name: "show-symbolic-layout", args: []string{"show", "-bind", "M=3,N=2", "(M,N):(N,_1)"}, exit: 0},
	{name: "show-symbolic-no-bind", args: []string{"show", "(M,N):(_1,M)"}, exit: 2},
	{name: "show-bind-concrete", args: []string{"show", "-bind", "M=2", "(2,2):(1,2)"}, exit: 2},
	{name: "show-bind-bad", args: []string{"show", "-bind", "M=x", "(M,2):(1,M)"}, exit: 2},
	{name: "show-bind-violates", args: []string{"show", "-bind", "M=6", "-assume", "M % 4 == 0", "(M,2):(1,M)"}, exit: 1},
	{name: "show-bind-unbound", args: []string{"show", "-bind", "M=6", "(M,N):(1,M)"}, exit: 1},
	{name: "derive-html-no-bind", args: []string{"derive", "-html", "out.html", "composition((M,N):(_1,M), _4:_1)"}, exit: 2},
	{name: "derive-html-json", args: []string{"derive", "-html", "out.html", "-json", "composition((_8,_2):(_1,_8), _4:_1)"}, exit: 2},
	{name: "show-latex", args: []string{"show", "-latex", "logical_divide(8:1, 4:2)"}, exit: 0},
	{name: "show-latex-rank3", args: []string{"show", "-latex", "(2,3,4):(1,2,6)"}, exit: 1},
	{name: "show-latex-negative", args: []string{"show", "-latex", "(2,2):(1,-2)"}, exit: 1},
	{name: "show-not-layout", args: []string{"show", "size(8:1)"}, exit: 2},
	{name: "show-syntax", args: []string{"show", "(2,2):(1,2"}, exit: 2},
	{name: "show-warning", args: []string{"show", "composition((6,2):(1,7), 4:4)"}, exit: 0},
	{name: "show-strict", args: []string{"show", "-strict", "composition((6,2):(1,7), 4:4)"}, exit: 1},
	{name: "eval-swizzled-symbolic", args: []string{"eval", "-assume", "M % 64 == 0", "zipped_divide(Sw<3,4,3> o _0 o (M,N):(_1,M), (_64,_8))"}, exit: 0},
	{name: "eval-swizzled-index", args: []string{"eval", "-assume", "M % 1024 == 0", "crd2idx((3,5), Sw<3,4,3> o _0 o (M,N):(_1,M))"}, exit: 0},
	{name: "eval-swizzled-needs", args: []string{"eval", "-assume", "M % 64 == 0", "crd2idx((3,5), Sw<3,4,3> o _0 o (M,N):(_1,M))"}, exit: 1},
	{name: "show-swizzled-bind", args: []string{"show", "-bind", "M=8,N=4", "composition_swizzle(Sw<1,0,2>, (M,N):(N,_1))"}, exit: 0},
	{name: "show-bytes-no-svg", args: []string{"show", "-bytes", "2", "(_4,_4):(_4,_1)"}, exit: 2},
	{name: "show-bytes-bad", args: []string{"show", "-svg", "out.svg", "-bytes", "3", "(_4,_4):(_4,_1)"}, exit: 2},
	{name: "show-swizzled-latex", args: []string{"show", "-latex", "Sw<2,0,2> o _0 o (_4,_4):(_4,_1)"}, exit: 2},
	{name: "show-swizzled", args: []string{"show", "composition_swizzle(Sw<2,0,2>, (_4,_4):(_4,_1))"}, exit: 0},

	// oracle
	{name: "oracle-h", args: []string{"oracle", "-h"}, exit: 0},
	{name: "oracle", args: []string{"oracle"}, exit: 0, stdin: `{"id":"c1","op":"composition","args":["(10,2):(16,4)","(5,4):(1,5)"]}
{"id":"c2","op":"composition","args":["(_6,_2):(_1,_7)","_4:_4"],"mode":"strict"}
{"id":"c3","op":"composition","args":["(6,2):(1,7)","4:4"]}
not json
{"id":"c5","op":"no_such_op","args":["8:1"]}

{"id":"c6","op":"evaluate","args":["(2,(2,2)):(4,(2,1))"]}
{"id":"c7","op":"zipped_divide","args":["Sw<3,4,3> o _0 o (_8,_64):(_64,_1)","(_2:_1,_8:_1)"]}
{"id":"c8","op":"slice_and_offset","args":["(_,2)","(_4,6):(_1,_4)"]}
{"id":"s1","op":"crd2idx","args":["(3,5)","Sw<3,4,3> o _0 o (M,N):(_1,M)"],"assume":["M % 1024 == 0"]}
{"id":"s2","op":"swizzle","args":["Sw<3,4,3>","M+200"],"assume":["M % 64 == 0"]}
`},
	{name: "oracle-args", args: []string{"oracle", "extra"}, exit: 2},

	// showcase
	{name: "showcase", args: nil, exit: 0},
	{name: "showcase-h", args: []string{"showcase", "-h"}, exit: 0},
	{name: "showcase-args", args: []string{"showcase", "extra"}, exit: 2},
}

func TestCLI(t *testing.T) {
	for _, c := range cliCases {
		t.Run(c.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := run(c.args, strings.NewReader(c.stdin), &stdout, &stderr)
			if code != c.exit {
				t.Errorf("exit status %d, want %d\nstdout:\n%s\nstderr:\n%s", code, c.exit, stdout.String(), stderr.String())
			}
			got := transcript(c.args, code, stdout.String(), stderr.String())
			path := filepath.Join("testdata", c.name+".golden")
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test ./cmd/cute -update to create it)", err)
			}
			if got != string(want) {
				t.Errorf("output differs from %s (go test ./cmd/cute -update rewrites it)\ngot:\n%s\nwant:\n%s", path, got, want)
			}
		})
	}
}

// transcript is the golden-file form of one run.
func transcript(args []string, code int, stdout, stderr string) string {
	var b strings.Builder
	b.WriteString("$ cute")
	for _, a := range args {
		b.WriteString(" " + shellQuote(a))
	}
	b.WriteString("\nexit status " + strconv.Itoa(code) + "\n-- stdout --\n" + stdout + "-- stderr --\n" + stderr)
	return b.String()
}

func shellQuote(s string) string {
	if s != "" && !strings.ContainsAny(s, " ()<>,;'\"\\*$&|") {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// Every warning goes to stderr as one "warning: " line, and results to
// stdout only.
func TestWarningsOnStderr(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"eval", "composition((6,2):(1,7), 4:4)"}, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("exit status %d", code)
	}
	lines := strings.Split(strings.TrimSuffix(stderr.String(), "\n"), "\n")
	if len(lines) != 1 || !strings.HasPrefix(lines[0], "warning: ") || !strings.Contains(lines[0], "R(2)=7") {
		t.Errorf("stderr %q: want one warning line naming R(2)=7", stderr.String())
	}
	if first, _, _ := strings.Cut(stdout.String(), "\n"); first != "(2,2):(4,7)" {
		t.Errorf("first stdout line %q, want CuTe's value (2,2):(4,7)", first)
	}
}

// A value with an extent that is not positive (CuTe's left_inverse of a
// negative stride) is printed, exit status 0, with a note instead of its
// size, cosize and values (finding 74: the size's refusal was the exit
// status 1 after the value).
func TestEvalNonPositiveExtent(t *testing.T) {
	for _, c := range []struct{ call, want string }{
		{"left_inverse(5:_-1)", "(_-1,5):(_0,_1)"},
		{"complement(_4:_-1, 8)", "(_-1,0):(_1,_-4)"},
	} {
		var stdout, stderr bytes.Buffer
		if code := run([]string{"eval", c.call}, nil, &stdout, &stderr); code != 0 {
			t.Errorf("%s: exit status %d: %s", c.call, code, stderr.String())
		}
		if stdout.String() != c.want+"\n" {
			t.Errorf("%s: stdout %q, want %q", c.call, stdout.String(), c.want+"\n")
		}
		if !strings.Contains(stderr.String(), "note: no size, cosize or values: size: argument 1: shape extent") {
			t.Errorf("%s: stderr %q: want the note", c.call, stderr.String())
		}
	}
}

// The values line is capped at maxValues.
func TestEvalValuesCap(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"eval", "(1024,1024,1024,1024,1024,1024):(1,1,1,1,1,1)"}, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("exit status %d: %s", code, stderr.String())
	}
	var values string
	for _, line := range strings.Split(stdout.String(), "\n") {
		if v, ok := strings.CutPrefix(line, "values: "); ok {
			values = v
		}
	}
	shown, rest, _ := strings.Cut(values, ",...")
	if n := len(strings.Split(shown, ",")); n != maxValues {
		t.Errorf("values line shows %d values, want %d: %q", n, maxValues, values)
	}
	if !strings.Contains(rest, "of 1152921504606846976") {
		t.Errorf("values line %q does not give the size", values)
	}
}

// TestGpuvalWrites writes a small campaign and checks that the manifest
// holds every case the command reports, and the driver and units exist.
func TestGpuvalWrites(t *testing.T) {
	if _, err := os.Stat(filepath.Join("..", "..", "..", "shared", "vectors")); err != nil {
		t.Skip("no ../shared/vectors")
	}
	dir := t.TempDir()
	var out, errb bytes.Buffer
	if code := run([]string{"gpuval", "-n", "20", "-bindings", "1", "-out", dir}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s%s", code, out.String(), errb.String())
	}
	fields := strings.Fields(out.String())
	if len(fields) < 3 {
		t.Fatalf("output %q", out.String())
	}
	n, err := strconv.Atoi(fields[2])
	if err != nil {
		t.Fatalf("output %q: %v", out.String(), err)
	}
	b, err := os.ReadFile(filepath.Join(dir, "cases.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Count(string(b), "\n"); got != n {
		t.Errorf("cases.jsonl has %d cases, the command reports %d", got, n)
	}
	for _, f := range []string{"run.sh", "b0000.cu", "stub/cuda_runtime.h"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Error(err)
		}
	}
}

// TestHelpNamesEveryOperation checks that 'cute help' lists every operation
// of the catalogue, issue 19's included, each on a line of its own with its
// arguments and the CuTe call it mirrors.
func TestHelpNamesEveryOperation(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"help"}, nil, &stdout, &stderr); code != exitOK {
		t.Fatalf("cute help: exit %d, stderr %q", code, stderr.String())
	}
	lines := map[string]string{}
	for _, l := range strings.Split(stdout.String(), "\n") {
		if f := strings.Fields(l); len(f) > 0 {
			name, _, _ := strings.Cut(f[0], "(")
			lines[name] = l
		}
	}
	ops := catalog.All()
	if len(ops) < 49 {
		t.Fatalf("the catalogue holds %d operations, fewer than DESIGN section 4's 49", len(ops))
	}
	for _, op := range ops {
		l, ok := lines[op.Name]
		if !ok {
			t.Errorf("cute help does not list %s", op.Name)
			continue
		}
		if !strings.Contains(l, op.Usage()) || !strings.HasSuffix(l, "CuTe: "+op.CuTe) {
			t.Errorf("cute help lists %s as %q; want its usage %q and CuTe: %s", op.Name, l, op.Usage(), op.CuTe)
		}
	}
}
