package fuzz

import (
	"encoding/json"
	"testing"

	"github.com/cutealg/cutealg/concrete"
	"github.com/cutealg/cutealg/internal/oracle"
)

// FuzzOracle drives every operation of the catalogue through the oracle
// with arbitrary arguments, in both modes: no input may panic, and every
// request gets exactly one reply carrying either a result or an error.
func FuzzOracle(f *testing.F) {
	seeds := [][3]string{
		{"composition", "(10,2):(16,4)", "(5,4):(1,5)"},
		{"composition", "(_6,_2):(_1,_7)", "_4:_4"},
		{"complement", "(2,2):(_2,_3)", "1"},
		{"logical_divide_tiler", "(9,(4,8)):(59,(13,1))", "<_3:_3,(_2,_4):(_1,_8)>"},
		{"blocked_product", "(_2,_5):(_5,_1)", "(3,4):(1,3)"},
		{"tile_to_shape", "(_2,_2):(_1,_2)", "(4,6)"},
		{"nullspace", "9223372036854775805:_0", ""},
		{"left_inverse", "(_2,_2,_2):(_2,_4,_1)", ""},
		{"zipped_divide", "(_8,_3):(_10,_1)", "(_,_3:_1)"},
		{"upcast", "(8,5):(_1,_8)", "2"},
		{"crd2idx", "(1,(1,2))", "(3,(2,3)):(3,(12,1))"},
		{"take", "(5,16,(3,4)):(4,4,(4,1))", "1"},
	}
	for _, s := range seeds {
		f.Add(s[0], s[1], s[2], false)
	}
	ops := concrete.Ops()
	f.Fuzz(func(t *testing.T, op, a, b string, strict bool) {
		names := []string{op}
		if _, ok := concrete.Lookup(op); !ok {
			// also try the arguments on an operation of the catalogue
			names = append(names, ops[len(a)%len(ops)].Name)
		}
		for _, name := range names {
			args := []string{a}
			if b != "" {
				args = append(args, b)
			}
			req := oracle.Request{ID: json.RawMessage(`1`), Op: name, Args: args}
			if strict {
				req.Mode = "strict"
			}
			rep := oracle.Handle(req)
			if (rep.Result == nil) == (rep.Error == "") {
				t.Fatalf("%s(%q): reply has both or neither of result and error: %+v", name, args, rep)
			}
		}
	})
}
