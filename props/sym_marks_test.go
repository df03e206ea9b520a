package props

import (
	"fmt"
	"testing"

	"github.com/cutealg/cutealg/concrete"
	"github.com/cutealg/cutealg/rules"
	"github.com/cutealg/cutealg/sym"
)

// An integer n in a tiler is make_layout(n) in CuTe's divides and
// products (n:_1, but _1:_0 for a static _1: the compact stride of a
// static _1 extent) and n:_1 in a composition. Every operation that reads
// a tiler, with static _1, dynamic 1, static and symbolic integers in it,
// symbolic and dynamic (the symbols as run-time integers), printed at
// bindings exactly as CuTe prints it (package concrete), the strides of
// size-1 modes included.
func TestTilerIntegers(t *testing.T) {
	divides := []string{"_1", "1", "(_1,_1)", "(1,1)", "(_1,_4)", "(N,_1)", "(1,_1)", "(_1,_)", "(_,1)"}
	products := []string{"_1", "1", "(_1)", "(1)", "(_1,_4)", "(_1,1)", "(_4,_1)"}
	var cases [][]string // op and arguments
	for _, op := range []string{"composition_tiler", "logical_divide_tiler", "zipped_divide", "tiled_divide", "flat_divide"} {
		for _, tl := range divides {
			cases = append(cases, []string{op, "(M,N):(_1,M)", tl})
		}
	}
	for _, op := range []string{"logical_product_tiler", "zipped_product", "tiled_product", "flat_product"} {
		for _, tl := range products {
			a := "M:_1"
			if tl[0] == '(' && len(tl) > 4 {
				a = "(_2,_3):(_3,_1)"
			}
			cases = append(cases, []string{op, a, tl})
		}
	}
	cases = append(cases,
		[]string{"local_tile", "M:_1", "(_1)", "(_)"},
		[]string{"local_tile", "M:_1", "(1)", "(_)"},
		[]string{"local_tile", "(M,N):(_1,M)", "(_1,_1)", "(_,_)"},
		[]string{"local_tile", "(M,N):(_1,M)", "(_1,1)", "(_,0)"},
		[]string{"local_partition", "(M,N):(_1,M)", "(_1,_1):(_0,_0)", "0"},
		[]string{"local_partition", "(M,N):(_1,M)", "(_1,1):(_1,_1)", "0"},
	)
	bindings := []sym.Binding{{"M": 8, "N": 6}, {"M": 12, "N": 4}, {"M": 4, "N": 2}}
	checked := 0
	for _, c := range cases {
		for _, dynamic := range []bool{false, true} {
			checked += exactCase(t, c[0], c[1:], dynamic, bindings)
		}
	}
	if checked < len(cases) {
		t.Errorf("%d comparisons for %d calls", checked, len(cases))
	}
}

// A complement of a layout that filters to nothing is
// make_layout(coalesce(M)) in CuTe, and the rest of any other complement
// compact_major<LayoutLeft>: a static _1 extent at the stride _0 (a
// local_tile of a _1 mode meets it through logical_divide).
func TestComplementUnitStrides(t *testing.T) {
	bindings := []sym.Binding{{"M": 5, "N": 3}, {"M": 1, "N": 2}}
	checked := 0
	for _, c := range [][]string{
		{"complement", "_1:_0", "_1"},
		{"complement", "_1:_0", "(_1,_1)"},
		{"complement", "_1:_0", "(M,_1)"},
		{"complement", "_1:_0", "(_1,M,_3)"},
		{"complement", "M:_0", "(M,_1,N)"},
		{"complement", "(M,_1):(_0,_4)", "(_1,N)"},
		{"complement", "_4:_1", "(_4,_1)"},
		{"complement_default", "(_1,M):(_0,_0)"},
		{"logical_divide", "_1:_1", "_1:_0"},
		{"logical_divide", "(M,_1):(_1,M)", "_1:_0"},
		{"local_tile", "_1:_1", "(_1)", "(_)"},
		{"local_tile", "(_1,M):(_1,_1)", "(_1,_1)", "(_,_)"},
	} {
		for _, dynamic := range []bool{false, true} {
			checked += exactCase(t, c[0], c[1:], dynamic, bindings)
		}
	}
	if checked == 0 {
		t.Error("nothing compared")
	}
}

// CuTe's crd2idx of an integer over a tuple splits it by the sizes of the
// modes; a share times a static _0 stride is _0, static whatever the
// share, and a share is static only where the integer and every size it
// was divided by are (slice_and_offset's offset is such a crd2idx).
func TestCrd2idxStaticMarks(t *testing.T) {
	bindings := []sym.Binding{{"M": 5, "x": 3}, {"M": 1, "x": 1}, {"M": 7, "x": 20}}
	checked := 0
	for _, c := range [][]string{
		{"crd2idx", "0", "(M,(M,M)):(_0,(_0,_0))"},
		{"crd2idx", "x", "(M,M):(_0,_0)"},
		{"crd2idx", "_3", "(M,_2):(_0,_1)"},
		{"crd2idx", "_3", "(_2,M):(_1,_0)"},
		{"crd2idx", "_3", "((_2,M),_2):((_1,_0),_5)"},
		{"crd2idx", "_3", "((_2,M),_2):((_1,_0),_0)"},
		{"crd2idx", "_3", "(_2,(_2,M)):(_1,(_4,_0))"},
		{"crd2idx", "0", "(M,M):(_1,_0)"},
		{"crd2idx", "(0,x)", "(M,M):(_0,_0)"},
		{"slice_and_offset", "0", "(M,M):(_0,_0)"},
		{"slice_and_offset", "(_,_1)", "(M,(_2,M)):(_1,(_0,_0))"},
	} {
		for _, dynamic := range []bool{false, true} {
			checked += exactCase(t, c[0], c[1:], dynamic, bindings)
		}
	}
	if checked == 0 {
		t.Error("nothing compared")
	}
}

// exactCase compares a symbolic call's answer (dynamic: with the symbols
// as run-time integers) at each binding with CuTe's value printed; it
// returns the number of bindings compared.
func exactCase(t *testing.T, op string, args []string, dynamic bool, bindings []sym.Binding) int {
	id := fmt.Sprintf("%s%v", op, args)
	if dynamic {
		id = "dynamic " + id
	}
	ctx, vals, _, err := symArgs(op, args, nil)
	if err != nil {
		t.Fatalf("%s: %v", id, err)
	}
	ans, aerr := rules.Compute(rules.Request{Op: op, Args: args, Dynamic: dynamic})
	cop, _ := concrete.Lookup(op)
	n := 0
	for _, b := range bindings {
		cargs, err := groundArgs(ctx, vals, b)
		if err != nil {
			t.Fatalf("%s at %v: %v", id, b, err)
		}
		want, cerr := cop.Apply(cargs)
		var sel []rules.Branch[sym.Value]
		for _, br := range ans.Branches {
			if holdsAll(br.Guards, b) {
				sel = append(sel, br)
			}
		}
		switch {
		case aerr != nil || len(sel) == 1 && sel[0].Err != nil:
			if cerr == nil {
				t.Errorf("%s at %v: CuTe gives %s, the answer is an error (%v %v)", id, b, want, aerr, sel)
			}
		case len(sel) != 1:
			t.Errorf("%s at %v: %d cases hold, want 1", id, b, len(sel))
		case cerr != nil:
			t.Errorf("%s at %v: CuTe refuses (%v), the answer is %s", id, b, cerr, sel[0].Value)
		default:
			got, err := ctx.EvalValue(sel[0].Value, b)
			if err != nil {
				t.Errorf("%s at %v: %s does not ground: %v", id, b, sel[0].Value, err)
			} else if got.String() != want.String() {
				t.Errorf("%s at %v: the answer %s is %s, CuTe prints %s", id, b, sel[0].Value, got, want)
			}
		}
		n++
	}
	return n
}
