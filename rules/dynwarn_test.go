package rules

import (
	"fmt"
	"testing"
)

// TestDynamicWarningFollowsTheChain compares dynamic-mode answers of
// compositions whose stride step is decided by no assumption (CuTe's one
// formula, comp.step.bad with run-time values) with concrete at every
// binding: where an alternative of comp.step holds at every binding but
// the one that holds, comp.step.divide, is continued by comp.take, whose
// alternatives may all fail (3 elements over 2 reachable ones at M=1),
// CuTe's value breaks R(i) == A(B(i)) and the case must warn; where the
// continuation holds too (2 elements), it need not. checkAgainst fails a
// case that does not warn where concrete does, and compares the values.
func TestDynamicWarningFollowsTheChain(t *testing.T) {
	for _, c := range []struct {
		op     string
		args   []string
		assume []string
		warns  bool // whether the answer warns (somewhere, at some binding, CuTe's value breaks)
	}{
		{"composition", []string{"(_4,_8):(_1,_16)", "_3:2*M"}, []string{"M <= 2"}, true},
		{"composition", []string{"(_4,_8):(_1,_16)", "_2:2*M"}, []string{"M <= 2"}, false},
		{"composition", []string{"(_4,_8):(_1,_16)", "_3:2*M"}, nil, true},
		{"composition", []string{"(_8,_8):(_1,_16)", "_2:2*M"}, []string{"M <= 4"}, false},
		{"composition", []string{"(_8,_8):(_1,_16)", "_3:2*M"}, []string{"M <= 4"}, true},
		{"logical_product", []string{"_4:_4", "(_3,M):(M*_2,_1)"}, []string{"M <= 2"}, true},
	} {
		call := fmt.Sprintf("%s%v | %v", c.op, c.args, c.assume)
		req := Request{Op: c.op, Args: c.args, Assume: c.assume, Dynamic: true}
		bound, values := checkAgainst(t, call, req, 8, false)
		if bound == 0 || values == 0 {
			t.Errorf("%s: %d bindings, %d values compared", call, bound, values)
		}
		ans, err := Compute(req)
		if err != nil {
			t.Fatal(err)
		}
		warned := false
		for _, br := range ans.Branches {
			warned = warned || len(br.Warnings) > 0
		}
		if warned != c.warns {
			t.Errorf("%s: warns %v, want %v (%v)", call, warned, c.warns, ans.Branches)
		}
	}
}
