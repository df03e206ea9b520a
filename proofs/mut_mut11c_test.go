package proofs_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/cutealg/cutealg/proofs"
	"github.com/cutealg/cutealg/rules"
)

// TestSignAndBitsBoundaries: the engine's derivations at the boundaries of
// the checker's sign and bit-count tests check (mut11c): a dynamic stride
// of 0, or one decided only at most 1, is not negative (cast.go's walk of
// upcast, composition.go's negative); an A of one mode has no carry run,
// so no comp.signs; a swizzle's refusal re-derives with
// k = 2^(B+M+|S|) where S < 0, B or M is 0, or B+M+|S| is 31 (swizzle.go's
// refusesApply).
func TestSignAndBitsBoundaries(t *testing.T) {
	for _, x := range []struct {
		name string
		req  rules.Request
		rule string // the rule case 1 applies at the boundary, or refuses with
	}{
		{"upcast of a dynamic stride of 0: cast.up.dynamic-exact, not cast.up.dynamic-negative",
			rules.Request{Op: "upcast", Args: []string{"(M,M):(_4,0)", "2"}}, "cast.up.dynamic-exact"},
		{"upcast of a stride K with 0<=K<=1: cast.up.dynamic-below, not cast.up.dynamic-negative",
			rules.Request{Op: "upcast", Args: []string{"(M,M):(_4,K)", "2"}, Assume: []string{"K >= 0", "K <= 1"}}, "cast.up.dynamic-below"},
		{"composition with a B of strides _0 and _1: no comp.signs (a _0 leaf is of neither sign)",
			rules.Request{Op: "composition", Args: []string{"(M,N):(_1,_8)", "(_2,_2):(_0,_1)"}}, "comp.stride-zero"},
		{"composition of an A of one mode with a B of strides _-1 and _2: no comp.signs (an A of one mode has no carry run)",
			rules.Request{Op: "composition", Args: []string{"M:_1", "(_2,_2):(_-1,_2)"}}, "comp.lhs-integral"},
		{"crd2idx through Sw<3,4,-3>: its refusal reads k = 2^10",
			rules.Request{Op: "crd2idx", Args: []string{"(3,5)", "Sw<3,4,-3> o _0 o (M,N):(_1,M)"}, Assume: []string{"M % 64 == 0"}}, "swz.apply"},
		{"crd2idx through Sw<0,4,3>: a swizzle with B = 0 refuses",
			rules.Request{Op: "crd2idx", Args: []string{"(3,5)", "Sw<0,4,3> o _0 o (M,N):(_1,M)"}, Assume: []string{"M % 64 == 0"}}, "swz.apply"},
		{"crd2idx through Sw<3,0,3>: a swizzle with M = 0 refuses",
			rules.Request{Op: "crd2idx", Args: []string{"(3,5)", "Sw<3,0,3> o _0 o (M,N):(_1,M)"}}, "swz.apply"},
		{"crd2idx through Sw<10,11,10>: a swizzle of 31 bits refuses",
			rules.Request{Op: "crd2idx", Args: []string{"(3,5)", "Sw<10,11,10> o _0 o (M,N):(_1,M)"}, Assume: []string{"M % 64 == 0"}}, "swz.apply"},
	} {
		d, err := rules.Derive(x.req)
		if err != nil {
			t.Errorf("%s: %v", x.name, err)
			continue
		}
		if c := d.Cases[0]; !strings.Contains(c.Error, "(rule "+x.rule+":") && !slices.ContainsFunc(c.Steps, func(st rules.Step) bool { return st.Rule == x.rule }) {
			t.Errorf("%s: case 1 neither applies nor refuses with %s: %+v", x.name, x.rule, c)
		}
		if err := proofs.Check(d); err != nil {
			t.Errorf("%s: %v", x.name, err)
		}
	}
}
