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
