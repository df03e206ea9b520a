package rules

import (
	"fmt"
	"strings"
	"testing"
)

// Finding 40 (docs/verification.md): right_inverse follows a mode of
// symbolic shape N to the span d*N, which CuTe with the values known reads
// as a static integer and goes on comparing with the later strides in
// sorted order. Each request is compared with package concrete at every
// binding of its symbols in 1..top the assumptions allow, the answer with
// the symbols static and the dynamic answer (see checkAgainstConcrete).
func TestRightInverseSymbolicSpanAgainstConcrete(t *testing.T) {
	for _, c := range []struct {
		op     string
		args   []string
		assume []string
	}{
		// the finding's two requests: the span 4*N is 8 at N=2, and 4 at
		// N=1 (where coalesce drops the mode N:_4)
		{"right_inverse", []string{"(_4,N,_2):(_1,_4,_8)"}, nil},
		{"right_inverse", []string{"(_4,N,_2):(_1,_4,_4)"}, nil},
		// the span then two matching strides (8 at N=2, then 16)
		{"right_inverse", []string{"(_4,N,_2,_3):(_1,_4,_8,_16)"}, nil},
		// the same strides in another order of the modes
		{"right_inverse", []string{"(_3,_2,N,_4):(_16,_8,_4,_1)"}, nil},
		// a stride that equals the span 4*N only at a non-integer N
		{"right_inverse", []string{"(_4,N,_2):(_1,_4,_6)"}, nil},
		// negative strides sorted before the others, one equal to no span
		{"right_inverse", []string{"(_4,N,_2,_5):(_1,_4,_-8,_8)"}, nil},
		{"right_inverse", []string{"(_2,N,_3,_2):(_-1,_2,_12,_-12)"}, nil},
		// two symbolic shapes: the span 2*N, then 8*M
		{"right_inverse", []string{"(_2,N,_2,M):(_1,_2,_16,_8)"}, nil},
		// a dynamic literal in the shape: the span is dynamic either way
		{"right_inverse", []string{"(_4,2,_2):(_1,_4,_8)"}, nil},
		// an operation built on right_inverse (with the symbols static its
		// coalesce of A o R merges the symbolic extents too)
		{"max_common_layout", []string{"_32:_1", "(_4,N,_2):(_1,_4,_8)"}, nil},
		{"max_common_layout", []string{"(_2,_16):(_16,_1)", "(_4,N,_2):(_1,_4,_8)"}, nil},
	} {
		call := fmt.Sprintf("%s(%s) under %v", c.op, strings.Join(c.args, ", "), c.assume)
		for _, dynamic := range []bool{false, true} {
			bound, values := checkAgainstConcrete(t, call, Request{Op: c.op, Args: c.args, Assume: c.assume, Dynamic: dynamic}, 8)
			if bound == 0 || values == 0 {
				t.Errorf("%s (dynamic %v): %d bindings, %d values compared", call, dynamic, bound, values)
			}
		}
	}
}
