package fuzz

import (
	"encoding/json"
	"fmt"
	"strings"
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
	for _, r := range concreteSeeds(f) {
		if len(r.Args) == 2 {
			f.Add(r.Op, r.Args[0], r.Args[1], r.Unchecked != "")
		} else if len(r.Args) == 1 {
			f.Add(r.Op, r.Args[0], "", r.Unchecked != "")
		}
	}
	ops := concrete.Ops()
	f.Fuzz(func(t *testing.T, op, a, b string, strict bool) {
		long(t, op, a, b)
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
			var rep oracle.Reply
			bounded(t, fmt.Sprintf("%s(%q)", name, args), func() error { rep = oracle.Handle(req); return nil })
			checkReply(t, name, args, rep)
		}
	})
}

// checkReply requires exactly one of result, cases and error.
func checkReply(t *testing.T, name string, args []string, rep oracle.Reply) {
	n := 0
	if rep.Result != nil {
		n++
	}
	if rep.Error != "" {
		n++
	}
	if len(rep.Cases) > 0 {
		n++
	}
	if n != 1 {
		t.Fatalf("%s(%q): reply has %d of result, cases and error: %+v", name, args, n, rep)
	}
	if strings.HasPrefix(rep.Error, oracle.InternalError) {
		t.Fatalf("%s(%q): the computation panicked: %s", name, args, rep.Error)
	}
}

// FuzzSymbolic drives symbolic requests (symbols and assumptions) through
// the oracle: no input may panic, and every request gets exactly one reply
// with a result, cases or an error.
func FuzzSymbolic(f *testing.F) {
	seeds := [][4]string{
		{"composition", "(M,N):(_1,M)", "(_4,_8):(_1,_4)", "M % 32 == 0"},
		{"logical_divide_tiler", "(M,N):(N,_1)", "(_8,_8)", "M % 8 == 0"},
		{"zipped_divide", "(M,N,L):(_1,M,M*N)", "(_128,_64)", ""},
		{"complement", "(_2,_2):(_1,_6)", "M", "M >= 24"},
		{"blocked_product", "(M0,N0):(1,M0)", "(M1,N1):(N1,1)", ""},
		{"left_inverse", "(M,N):(N,_1)", "", ""},
		{"crd2idx", "(m,n)", "(M,N):(_1,M)", "m < M && n < N"},
		{"raked_product", "M:M", "_2:_1", "M % 2 == 0"},
	}
	for _, s := range seeds {
		f.Add(s[0], s[1], s[2], s[3])
	}
	for _, c := range symbolicSeeds(f) {
		if len(c.Args) == 0 || len(c.Args) > 2 {
			continue
		}
		b := ""
		if len(c.Args) == 2 {
			b = c.Args[1]
		}
		f.Add(c.Op, c.Args[0], b, strings.Join(c.Assume, " && "))
	}
	f.Fuzz(func(t *testing.T, op, a, b, assume string) {
		long(t, op, a, b, assume)
		args := []string{a}
		if b != "" {
			args = append(args, b)
		}
		req := oracle.Request{ID: json.RawMessage(`1`), Op: op, Args: args, Assume: []string{}}
		if assume != "" {
			req.Assume = append(req.Assume, assume)
		}
		var rep oracle.Reply
		bounded(t, fmt.Sprintf("%s(%q) assuming %q", op, args, assume), func() error { rep = oracle.Handle(req); return nil })
		checkReply(t, op, args, rep)
	})
}
