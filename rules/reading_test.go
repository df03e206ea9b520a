package rules

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestRightInverseRunTimeReading pins the ruling of the eleventh session
// (docs/verification.md, "Which CuTe a symbolic answer equals"): where CuTe
// computes with the symbols as run-time integers, a plain answer equals
// that value as a function (the symbolic vectors' dynamic oracle), and the
// static reading is kept for what CuTe refuses with run-time integers.
// right_inverse follows a mode of symbolic shape to the span d*N, which is
// a run-time integer, and stops there: CuTe compares no run-time span with
// the later strides. These are finding 40's requests, whose static reading
// (the fold going on where a later stride equals the span at some binding)
// was reverted: at N=2, right_inverse((_4,N,_2):(_1,_4,_8)) is CuTe's
// (_4,2):(_1,_4), of size 8, not the static _16:_1.
func TestRightInverseRunTimeReading(t *testing.T) {
	for _, c := range []struct {
		op   string
		args []string
	}{
		{"right_inverse", []string{"(_4,N,_2):(_1,_4,_8)"}},
		{"right_inverse", []string{"(_4,N,_2):(_1,_4,_4)"}},
		{"right_inverse", []string{"(_4,N,_2,_3):(_1,_4,_8,_16)"}},
		{"right_inverse", []string{"(_3,_2,N,_4):(_16,_8,_4,_1)"}},
		{"right_inverse", []string{"(_4,N,_2):(_1,_4,_6)"}},
		{"right_inverse", []string{"(_2,N,_2,M):(_1,_2,_16,_8)"}},
		{"right_inverse", []string{"(_16,M,_2):(_1,_8,_16)"}},
		// the corpus's k-rinv-col-MN and k-rinv-row-MN: a symbolic stride
		{"right_inverse", []string{"(M,N):(_1,M)"}},
		{"right_inverse", []string{"(M,N):(N,_1)"}},
	} {
		call := fmt.Sprintf("%s(%s)", c.op, strings.Join(c.args, ", "))
		bound, values := checkAgainst(t, call, Request{Op: c.op, Args: c.args}, 8, false)
		if bound == 0 || values == 0 {
			t.Errorf("%s: %d bindings, %d values compared", call, bound, values)
		}
	}
}

// TestRulingAgainstConcrete compares requests with concrete at every
// binding of a box, in the reading the ruling gives each binding
// (checkIn's readRuling): CuTe's value with the symbols as run-time
// integers, or, where CuTe refuses that template (concrete.RunTimeRefusal),
// with the symbols static; the dynamic answer with run-time integers, as
// printed. tile_to_shape: a static target with a symbolic block mode
// (finding 46: refused at every binding before, CuTe's static value at
// M=1 is ((_1,_8),(_2,_2)):((_1,_2),(_1,_16))), a dynamic literal in the
// block (refused in every reading), a dynamic target whose product has a
// complement of dynamic strides (the static reading there: a dynamic
// literal then meets the static target). max_common_vector and
// max_common_layout: CuTe computes them with run-time integers (no static
// assert), finding 49's requests and branch f40s's.
func TestRulingAgainstConcrete(t *testing.T) {
	for _, c := range []struct {
		op   string
		args []string
		top  int64
		none bool // CuTe refuses it at every binding: no plain value
	}{
		{"tile_to_shape", []string{"(M,_2):(_1,M)", "(_8,_4)"}, 8, false},
		{"tile_to_shape", []string{"(M,2):(_1,M)", "(K,N)"}, 4, true},
		{"tile_to_shape", []string{"(M,_8):(_1,M)", "(_16,_32)"}, 8, false},
		{"tile_to_shape", []string{"(M,N):(_1,M)", "(_8,_8)"}, 8, false},
		{"tile_to_shape", []string{"(_2,M):(M,_1)", "(_4,N)"}, 5, false},
		{"tile_to_shape", []string{"(_4,M):(_1,_4)", "(_8,N)"}, 6, false},
		{"tile_to_shape", []string{"(_4,M):(_1,_4)", "(_8,_8)"}, 8, false},
		{"tile_to_shape", []string{"(M,_2):(_1,M)", "(_8,N)"}, 6, false},
		{"tile_to_shape", []string{"(M,_2):(_1,M)", "(_8,_4)", "(_1,_0)"}, 8, false},
		{"tile_to_shape", []string{"(M,1):(_1,M)", "(_8,_4)"}, 8, true},
		{"tile_to_shape", []string{"M:_1", "(_8,_4)"}, 8, false},
		// the composition's next shape ceil_div(16, 16*M) decided 1 with
		// the symbols static (the complement of the tiler reads static)
		{"logical_divide", []string{"(_16,M,_2):(_1,_8,_16)", "(_16,_2):(_1,_16*M)"}, 8, false},
		{"logical_divide", []string{"(_16,M,_2):(_1,_8,_16)", "(_16,_2):(_1,_8*M)"}, 8, false},
		{"logical_divide", []string{"(_8,M,_4):(_1,_8,_16)", "(_8,_2):(_1,_8*M)"}, 8, false},
		{"max_common_vector", []string{"(M,N):(_1,M)", "(M,N):(_1,M)"}, 6, false},
		{"max_common_vector", []string{"(_4,M):(_1,_4)", "(_2,_2,M):(_1,_2,_4)"}, 8, false},
		{"max_common_layout", []string{"_32:_1", "(_4,N):(_1,_4)"}, 8, false},
		{"max_common_vector", []string{"_32:_1", "(_4,N):(_1,_4)"}, 8, false},
		{"max_common_vector", []string{"_8:M", "_8:_1"}, 8, false},
		{"max_common_layout", []string{"(_8,_4):(M,_8)", "(_8,_4):(_1,_8)"}, 8, false},
		{"max_common_vector", []string{"(N,_8):(_2,_1)", "(N,_8):(_8,_1)"}, 8, false},
		{"max_common_layout", []string{"(_16,M,_2):(_1,_8,_16)", "(_16,M,_2):(_1,_8,_16)"}, 8, false},
		{"max_common_vector", []string{"(_4,N,_2):(_1,_4,_8)", "(_4,N,_2):(_1,_4,_8)"}, 8, false},
		{"max_common_vector", []string{"(_8,M):(_1,_8)", "(_8,M):(_1,_8)"}, 8, false},
		{"max_common_layout", []string{"(_4,_8,M):(_1,_4,_32)", "(_4,_8,M):(_1,_4,_32)"}, 8, false},
		{"max_common_layout", []string{"(M,N):(_1,M)", "(M,N):(N,_1)"}, 6, false},
		{"max_common_layout", []string{"(_8,M):(_1,_16)", "(_8,M):(_1,_8)"}, 8, false},
	} {
		call := fmt.Sprintf("%s(%s)", c.op, strings.Join(c.args, ", "))
		for _, dynamic := range []bool{false, true} {
			bound, values := checkIn(t, call, Request{Op: c.op, Args: c.args, Dynamic: dynamic}, c.top, readRuling)
			if bound == 0 || !dynamic && !c.none && values == 0 {
				t.Errorf("%s (dynamic %v): %d bindings, %d values compared", call, dynamic, bound, values)
			}
		}
	}
}

// TestComplementRunTimeReading audits the complement against the ruling
// (findings 65-66): CuTe computes a complement of rank 1, or of static
// strides, with the symbols as run-time integers, and refuses one of rank
// > 1 with a dynamic stride (where the static reading is the reference).
// Each request is compared at every binding of its symbols in 1..top the
// assumptions allow with concrete's value in the reading CuTe computes
// there (readRuling): symbolic shapes and strides, dynamic literals,
// size-1 modes, strides equal to spans, symbolic and static cotargets,
// complement_default, and the divides and products that call the
// complement.
func TestComplementRunTimeReading(t *testing.T) {
	for _, c := range []struct {
		op     string
		args   []string
		assume []string
		top    int64
		// an error at every binding: the product's complement requires
		// its cover, which CuTe does not check in a product (finding 67)
		errs bool
	}{
		// rank 1: CuTe computes it with run-time integers whatever the stride
		{"complement", []string{"N:_3", "_4"}, nil, 8, false},
		{"complement", []string{"N:M", "K"}, nil, 5, false},
		{"complement", []string{"N:M", "_8"}, nil, 8, false},
		{"complement", []string{"_4:M", "K"}, nil, 6, false},
		{"complement", []string{"N:2", "8"}, nil, 8, false},
		{"complement", []string{"(N,_1):(M,_4)", "_16"}, nil, 8, false},
		{"complement", []string{"(_1,N):(_4,M)", "K"}, nil, 5, false},
		{"complement_default", []string{"N:M"}, nil, 8, false},
		// rank > 1, static strides: run-time shapes (finding 34's requests)
		{"complement", []string{"(N,N,2*M):(_0,_32,_1)", "4*M*N*N"}, []string{"M % N == 0", "M % 2 == 0"}, 16, false},
		{"complement", []string{"(_4,N):(_1,_6)", "_8"}, nil, 8, false},
		{"complement", []string{"(_4,N):(_1,_6)", "K"}, nil, 6, false},
		{"complement", []string{"(N,_4):(_4,_1)", "_32"}, nil, 8, false},
		{"complement", []string{"(N,_2):(_3,_1)", "K"}, nil, 6, false},
		{"complement", []string{"(N,M):(_1,_8)", "_32"}, nil, 8, false},
		{"complement", []string{"(N,M):(_1,_4)", "K"}, []string{"N <= 4"}, 5, false},
		{"complement", []string{"(_2,N,_3):(_1,_2,_8)", "_48"}, nil, 8, false},
		{"complement", []string{"(N,_2):(_1,_5)", "_20"}, nil, 8, false},
		{"complement", []string{"(N,2):(_1,_8)", "_32"}, nil, 8, false},
		{"complement_default", []string{"(N,_4):(_8,_1)"}, nil, 8, false},
		{"complement_default", []string{"(_2,N):(_1,_6)"}, nil, 8, false},
		{"complement_default", []string{"(_4,N,M):(_1,_6,_32)"}, nil, 6, false},
		// rank > 1, a dynamic stride: CuTe refuses run-time integers, the
		// static reading
		{"complement", []string{"(M,N):(_1,M)", "K"}, nil, 5, false},
		{"complement", []string{"(_2,N):(_1,M)", "_16"}, nil, 8, false},
		{"complement", []string{"(N,_2):(_1,N)", "_24"}, nil, 8, false},
		{"complement", []string{"(N,_4):(M,_1)", "_32"}, []string{"M >= 4"}, 8, false},
		{"complement_default", []string{"(M,N):(N,_1)"}, nil, 6, false},
		{"complement", []string{"(N,_2):(_1,8)", "_32"}, nil, 8, false},
		// the divides and products that call it
		{"logical_divide", []string{"_48:_1", "(_4,N):(_1,_6)"}, nil, 8, false},
		{"logical_divide", []string{"(_12,M):(_1,_12)", "(_4,N):(_1,_6)"}, nil, 6, false},
		{"logical_divide", []string{"(M,N):(_1,M)", "_2:_1"}, nil, 6, false},
		{"logical_divide", []string{"_64:_1", "(N,_2):(_1,_5)"}, nil, 8, false},
		{"zipped_divide", []string{"_48:_1", "(_4,N):(_1,_6)"}, nil, 8, false},
		{"logical_product", []string{"(_4,N):(_1,_6)", "_2:_1"}, nil, 8, false},
		{"logical_product", []string{"N:_3", "_2:_1"}, nil, 8, false},
		{"logical_product", []string{"(N,_2):(_1,_5)", "M:_1"}, nil, 6, false},
		{"raked_product", []string{"(N,N,M*_2):(_0,_32,_1)", "(_1,_2):(_1,_1)"}, []string{"M % N == 0", "M % 2 == 0"}, 16, false},
		{"zipped_product", []string{"(M,N):(_1,M)", "(_2,_3)"}, nil, 7, false},
		{"blocked_product", []string{"(_4,N):(_1,_6)", "(_2,_2):(_1,_2)"}, nil, 8, true},
		{"tiled_product", []string{"(_4,N):(_1,_6)", "_3:_1"}, nil, 8, true},
	} {
		call := fmt.Sprintf("%s(%s) under %v", c.op, strings.Join(c.args, ", "), c.assume)
		bound, values := checkIn(t, call, Request{Op: c.op, Args: c.args, Assume: c.assume}, c.top, readRuling)
		if bound == 0 || values == 0 && !c.errs {
			t.Errorf("%s: %d bindings, %d values compared", call, bound, values)
		}
	}
}

// TestCarryRunsDecidedLikeCheck pins finding 66: the runs of A on which
// the leaves of B must not carry are cut where a merge is not decided,
// and a merge whose negation contradicts the guards (M == 9 from M%9==0,
// M/9 < 3 and 27%M==0) is decided, as Check decides it: the derivation
// of composition((M,_3):(_1,_9), (_2,_3):(_1,_9)) asked comp.no-carry of
// a run that Check merges with A's last mode (no check due) and was
// rejected. Each request is compared with concrete's run-time value at
// every binding in a box, and its derivation checks (proofs'
// TestCheckCorpus, through answers.txt); no case whose guards fix M to
// the merge has a carry check.
func TestCarryRunsDecidedLikeCheck(t *testing.T) {
	for _, c := range []struct {
		op   string
		args []string
		top  int64
		// the guards of the case that fix M to A's last stride
		fixes []string
	}{
		{"composition", []string{"(M,_3):(_1,_9)", "(_2,_3):(_1,_9)"}, 30, []string{"M%9==0", "27%M==0"}},
		{"composition", []string{"(M,_5):(_1,_25)", "(_2,_5):(_1,_25)"}, 30, []string{"M%25==0", "125%M==0"}},
	} {
		call := fmt.Sprintf("%s(%s)", c.op, strings.Join(c.args, ", "))
		req := Request{Op: c.op, Args: c.args}
		if bound, values := checkAgainst(t, call, req, c.top, false); bound == 0 || values == 0 {
			t.Errorf("%s: %d bindings, %d values compared", call, bound, values)
		}
		d, err := Derive(req)
		if err != nil {
			t.Fatal(err)
		}
		merged := 0
		for _, cs := range d.Cases {
			// the case whose guards leave one binding of M, the stride of
			// A's last mode
			if slices.ContainsFunc(c.fixes, func(g string) bool { return !slices.Contains(cs.When, g) }) {
				continue
			}
			merged++
			for _, st := range cs.Steps {
				if st.Rule == "comp.no-carry" {
					t.Errorf("%s: the case %v asks comp.no-carry of a run that holds A's last mode", call, cs.When)
				}
			}
		}
		if merged == 0 {
			t.Errorf("%s: no case fixes M to A's last stride", call)
		}
	}
}
