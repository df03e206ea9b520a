package rules

import (
	"testing"
)

func TestComposeSeeds(t *testing.T) {
	tests := []struct {
		op     string
		args   []string
		assume []string
		want   string
	}{
		{"composition", []string{"(6,2):(8,2)", "(4,3):(3,1)"}, nil, ""},
		{"composition", []string{"(10,2):(16,4)", "(5,4):(1,5)"}, nil, ""},
		{"composition", []string{"(_10,_2):(_16,_4)", "(_5,_4):(_1,_5)"}, nil, ""},
		{"composition_tiler", []string{"(12,(4,8)):(59,(13,1))", "(_3:_4,_8:_2)"}, nil, ""},
		{"composition_shape", []string{"(M,N):(N,_1)", "(_128,_128)"}, nil, ""},
		{"composition", []string{"(M,N):(_1,M)", "(_4,_8):(_1,_4)"}, []string{"M % 32 == 0"}, ""},
		{"composition", []string{"(N,_2,_4):(_1,N,_2*N)", "_4:_2"}, nil, ""},
		{"composition_shape", []string{"((M0,M1),(N0,N1)):((_1,M0),(M0*M1,M0*M1*N0))", "(_8,_16)"}, nil, ""},
	}
	for _, tc := range tests {
		a, err := Compute(Request{Op: tc.op, Args: tc.args, Assume: tc.assume})
		if err != nil {
			t.Logf("%s %v: %v", tc.op, tc.args, err)
			continue
		}
		for _, b := range a.Branches {
			t.Logf("%s %v | %v: %v -> %v %v", tc.op, tc.args, tc.assume, b.Guards, b.Value, b.Err)
		}
	}
}
