package props

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cutealg/cutealg/sym"
	"pgregory.net/rapid"
)

// Review finding 28 (a false error of comp.no-carry), fixed in general:
// the leaves of B must not carry into each other in a run of the
// coalesced A's modes on which A is linear (each stride the size of the
// run's modes before it times the run's first stride, modes of size 1
// skipped wherever they are), but for the last run, which holds A's last
// mode. Each call is checked against package concrete (strict) at a grid
// of bindings: the commuting square (never a wrong value) and no error of
// comp.no-carry where concrete gives a value.

// carryCalls are the A shapes that hit the false error before the fix,
// with the B that shows it.
var carryCalls = []struct {
	name   string
	op     string
	args   []string
	assume []string
}{
	// the finding: a trailing static size-1 mode, stride _0 (a broadcast
	// batch mode) or _1, cuts A's linear tail; at K=7 B's leaves reach
	// 48 and 15 in mode 0 (8*K = 56) but stay within the run of 16*K
	{"trailing _1:_0", "composition", []string{"((_8*K,_2),_1):((_1,_8*K),_0)", "(_4,_16):(_16,_1)"}, nil},
	{"trailing _1:_1", "composition", []string{"((_8*K,_2),_1):((_1,_8*K),_1)", "(_4,_16):(_16,_1)"}, nil},
	{"flat, trailing _1:_0", "composition", []string{"(_8*K,_2,_1):(_1,_8*K,_0)", "(_4,_16):(_16,_1)"}, nil},
	// a size-1 mode in the middle: a dynamic 1 (CuTe's coalesce keeps
	// it), and a symbol known to be 1 under the assumptions
	{"dynamic 1 in the middle", "composition", []string{"(_8*K,1,_2):(_1,_5,_8*K)", "(_4,_16):(_16,_1)"}, nil},
	{"dynamic 1 in the middle, trailing _1:_0", "composition", []string{"(_8*K,1,_2,_1):(_1,_5,_8*K,_0)", "(_4,_16):(_16,_1)"}, nil},
	{"known 1 in the middle", "composition", []string{"(_8*K,N,_2,_1):(_1,_3,_8*K,_0)", "(_4,_16):(_16,_1)"}, []string{"N == 1"}},
	{"known 1 last", "composition", []string{"(_8*K,_2,N):(_1,_8*K,_0)", "(_4,_16):(_16,_1)"}, []string{"N == 1"}},
	// two runs, a gap between them (stride 32*K after 16*K), each with
	// leaves of B summing past one mode but not past the run at M=2 (B
	// is not injective: its last two leaves overlap)
	{"two runs", "composition", []string{"(_8*K,_2,M,_2,_1):(_1,_8*K,_32*K,_32*K*M,_0)", "(_4,_16,_2,_2):(_16,_1,_16*K,_16*K)"}, nil},
	// a run of symbolic extents, contiguous by the products, with a gap
	// to a second run, and contiguous under the assumptions only (B's
	// leaves overlap: their reaches sum to 2, past M = 2)
	{"symbolic run", "composition", []string{"(M,N,_2):(_1,M,_0)", "(_2,_2):(_1,_1)"}, nil},
	{"symbolic runs, gap", "composition", []string{"(M,N,_2,_2,_2):(_1,M,_3*M*N,_6*M*N,_0)", "(_2,_2,_2,_2):(_1,_1,M*N,M*N)"}, nil},
	{"run by assumption", "composition", []string{"(M,N,_2):(_1,L,_0)", "(_2,_2):(_1,_1)"}, []string{"L == M"}},
}

// carryValues are the values of a symbol in the table's grid: small
// ones, and a few larger.
var carryValues = []int64{1, 2, 3, 4, 5, 6, 7, 8, 9, 16}

// carryGrid is every binding of the names (repeats ignored) over vals.
func carryGrid(names []string, vals []int64) []sym.Binding {
	out := []sym.Binding{{}}
	for i, n := range names {
		if slices.Contains(names[:i], n) {
			continue
		}
		var next []sym.Binding
		for _, b := range out {
			for _, v := range vals {
				c := sym.Binding{n: v}
				for k, x := range b {
					c[k] = x
				}
				next = append(next, c)
			}
		}
		out = next
	}
	return out
}

// noCarryFalseErrors lists the bindings where the answer is an error of
// comp.no-carry but concrete (strict) gives a value.
func noCarryFalseErrors(op string, args, assume []string, at []sym.Binding) []string {
	var out []string
	for _, m := range falseErrors(op, args, assume, at) {
		if strings.Contains(m, "comp.no-carry") {
			out = append(out, m)
		}
	}
	return out
}

func TestCompositionCarryRuns(t *testing.T) {
	for _, c := range carryCalls {
		t.Run(c.name, func(t *testing.T) {
			_, _, names, err := symArgs(c.op, c.args, c.assume)
			if err != nil {
				t.Fatal(err)
			}
			grid := carryGrid(names, carryValues)
			if squareCase(t, "carry", c.op, c.args, c.assume, grid) == 0 {
				t.Fatalf("%s%v: no binding checked", c.op, c.args)
			}
			for _, m := range noCarryFalseErrors(c.op, c.args, c.assume, grid) {
				t.Errorf("%s%v under %v: an error of comp.no-carry where concrete (strict) gives a value, %s", c.op, c.args, c.assume, m)
			}
		})
	}
}

// genCarryA draws a layout of contiguous runs of modes: each run's first
// stride is the size of every mode before it times 1 (the first run), 2
// or 3 (never the factor of the run before, so the runs do not join),
// then each stride in the run the product of the extents before it in
// the run; modes of size 1 (a dynamic 1, a static _1 with any stride)
// between the modes, and a last mode of size 1 or more with a stride
// that continues the last run or not.
func genCarryA(t *rapid.T) string {
	extents := []string{"_2", "_3", "_4", "M", "N", "_8*K", "M*_2"}
	var shape, stride []string
	before := "_1" // the product of every extent so far
	gap, prev := "_1", ""
	nruns := rapid.IntRange(1, 3).Draw(t, "runs")
	var run string // the product of the run's extents so far times its first stride
	for r := 0; r < nruns; r++ {
		if r > 0 {
			gap = rapid.SampledFrom([]string{"_2", "_3"}).Filter(func(g string) bool { return g != prev }).Draw(t, fmt.Sprintf("gap%d", r))
		}
		prev = gap
		run = gap + "*" + before
		for i := rapid.IntRange(1, 2).Draw(t, fmt.Sprintf("len%d", r)); i > 0; i-- {
			if rapid.IntRange(0, 3).Draw(t, fmt.Sprintf("unit%d.%d", r, i)) == 0 {
				shape = append(shape, rapid.SampledFrom([]string{"1", "_1"}).Draw(t, fmt.Sprintf("unitshape%d.%d", r, i)))
				stride = append(stride, rapid.SampledFrom([]string{"_0", "_1", "_5", "M"}).Draw(t, fmt.Sprintf("unitstride%d.%d", r, i)))
			}
			e := rapid.SampledFrom(extents).Draw(t, fmt.Sprintf("extent%d.%d", r, i))
			shape = append(shape, e)
			stride = append(stride, run)
			run += "*" + e
			before += "*" + e
		}
	}
	shape = append(shape, rapid.SampledFrom([]string{"_1", "1", "_2", "M"}).Draw(t, "lastshape"))
	stride = append(stride, rapid.SampledFrom([]string{"_0", "_1", run, "_2*" + run}).Draw(t, "laststride"))
	return "(" + strings.Join(shape, ",") + "):(" + strings.Join(stride, ",") + ")"
}

// genCarryB draws a layout of two or three leaves whose reaches may sum
// past a mode of A: small static extents (concrete's check evaluates
// every index of B), strides 1, 16, a symbol, 8*K.
func genCarryB(t *rapid.T) string {
	n := rapid.IntRange(2, 3).Draw(t, "leaves")
	shape := make([]string, n)
	stride := make([]string, n)
	for i := range shape {
		shape[i] = rapid.SampledFrom([]string{"_2", "_4", "_16"}).Draw(t, fmt.Sprintf("n%d", i))
		stride[i] = rapid.SampledFrom([]string{"_1", "_2", "_16", "M", "_8*K"}).Draw(t, fmt.Sprintf("r%d", i))
	}
	return "(" + strings.Join(shape, ",") + "):(" + strings.Join(stride, ",") + ")"
}

// The property on generated runs: the square at sampled bindings and a
// grid, and no error of comp.no-carry where concrete gives a value (the
// runs of genCarryA are decided, so the condition is exact).
func TestCompositionCarryRunsGenerated(t *testing.T) {
	grid := carryGrid([]string{"M", "N", "K"}, []int64{1, 2, 3, 4, 7, 8})
	rapid.Check(t, func(t *rapid.T) {
		args := []string{genCarryA(t), genCarryB(t)}
		var assume []string
		if rapid.Bool().Draw(t, "M%2") {
			assume = append(assume, "M % 2 == 0")
		}
		squareCase(t, "carry", "composition", args, assume, grid)
		for _, m := range noCarryFalseErrors("composition", args, assume, grid) {
			t.Errorf("composition%v under %v: an error of comp.no-carry where concrete (strict) gives a value, %s", args, assume, m)
		}
	})
}
