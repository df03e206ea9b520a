package rules

import (
	"fmt"
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
