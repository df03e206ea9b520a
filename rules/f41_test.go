package rules

import (
	"fmt"
	"strings"
	"testing"
)

// Finding 41 (docs/verification.md): CuTe's composition divides by B's
// stride only in its fold over the modes of A; an A of one mode (after
// coalesce_x) takes the integral shortcut n:r*d, whatever B's stride r
// (a dynamic 0, a negative one). The engine refused both before it looked
// at A. Each request is compared with package concrete at every binding
// of its symbols in 1..top, with the symbols static and as run-time
// integers (see checkAgainstConcrete); every one must give values.
func TestCompositionOneModeAgainstConcrete(t *testing.T) {
	for _, c := range []struct {
		op     string
		args   []string
		assume []string
	}{
		// the finding's two requests
		{"composition_tiler", []string{"(M,M):(_1,M)", "(_4:_-1)"}, nil},
		{"logical_product", []string{"_1:_1", "(M,M,M):(_1,_1,0)"}, nil},
		// a dynamic 0 stride and negative strides of B against one mode
		{"composition", []string{"M:_2", "N:0"}, nil},
		{"composition", []string{"M:_2", "(N,_4):(0,_-1)"}, nil},
		{"composition", []string{"M:N", "(_2,M):(_-1,_-4)"}, nil},
		// B's modes reach a two-mode A that coalesces to one
		{"composition", []string{"(_4,_2):(_1,_4)", "(N,_2):(0,_-1)"}, nil},
	} {
		call := fmt.Sprintf("%s(%s) under %v", c.op, strings.Join(c.args, ", "), c.assume)
		for _, dynamic := range []bool{false, true} {
			bound, values := checkAgainstConcrete(t, call, Request{Op: c.op, Args: c.args, Assume: c.assume, Dynamic: dynamic}, 6)
			if bound == 0 || values != bound {
				t.Errorf("%s (dynamic %v): %d bindings, %d values compared, want a value at each", call, dynamic, bound, values)
			}
		}
	}
}
