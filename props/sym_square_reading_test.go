package props

import (
	"strings"
	"testing"

	"github.com/cutealg/cutealg/concrete"
	"github.com/cutealg/cutealg/internal/catalog"
	"github.com/cutealg/cutealg/sym"
)

// The square's reference is CuTe's value with the symbols as run-time
// integers (the ruling, docs/verification.md "Which CuTe a symbolic answer
// equals"), the static reading only where CuTe refuses the run-time
// template (runTimeRefused). Each
// request below is one where the two readings differ at some binding of
// the box (checked first, so that the row exercises the choice), and the
// square must pass it: the engine answers the run-time value there (or an
// error where that value breaks a post-condition).
func TestSymbolicSquareRunTimeReading(t *testing.T) {
	tests := []struct {
		op     string
		args   []string
		assume []string
	}{
		// the public corpus's k-rinv-row-MN: N:M with run-time integers,
		// (N,M):(M,_1) with static ones
		{"right_inverse", []string{"(M,N):(N,_1)"}, nil},
		// finding 40's request (reverted by the ruling): the fold stops
		// at the run-time span 4*N
		{"right_inverse", []string{"(_4,N,_2):(_1,_4,_8)"}, nil},
		{"right_inverse", []string{"(_16,M,_2):(_1,_8,_16)"}, nil},
		// coalesce merges only static modes: at M=3 the composition is
		// valid with static values and not with run-time ones
		{"composition", []string{"(M,N):(_1,M)", "(_4,_2):(_1,_4)"}, nil},
		// filter keeps a run-time size-1 mode
		{"filter", []string{"(_4,N,_3):(_1,_6,_4)"}, nil},
		// max_common_vector and max_common_layout are built on
		// right_inverse and coalesce
		{"max_common_vector", []string{"(_4,N,_2):(_1,_4,_8)", "(_4,N,_2):(_1,_4,_8)"}, nil},
		{"max_common_layout", []string{"(M,_2):(_1,M)", "(M,_2):(_1,M)"}, nil},
		// casts: a run-time stride is divided at run time, a static one
		// must divide N or be divided by it
		{"upcast", []string{"(M,_4):(_1,M)", "2"}, nil},
		{"upcast", []string{"(_4,M):(M,_1)", "4"}, nil},
		{"downcast", []string{"(_4,M):(M,_1)", "2"}, nil},
		// a complement of rank 1 keeps a run-time size-1 mode
		{"complement", []string{"N:_3", "_4"}, nil},
	}
	box := readingBox()
	for _, tc := range tests {
		call := tc.op + "(" + strings.Join(tc.args, ", ") + ")"
		if !readingsDiffer(t, tc.op, tc.args, tc.assume, box) {
			t.Errorf("%s: the two readings agree at every binding of the box: the row tests nothing", call)
			continue
		}
		if squareCase(t, "reading", tc.op, tc.args, tc.assume, box) == 0 {
			t.Errorf("%s: no binding checked", call)
		}
	}
}

// readingBox is every binding of M, N and K in 1..6.
func readingBox() []sym.Binding {
	var box []sym.Binding
	for m := int64(1); m <= 6; m++ {
		for n := int64(1); n <= 6; n++ {
			for k := int64(1); k <= 6; k++ {
				box = append(box, sym.Binding{"M": m, "N": n, "K": k})
			}
		}
	}
	return box
}

// readingsDiffer reports whether concrete's strict value (or refusal) of
// a symbolic call differs between the run-time and the static reading of
// its symbols at some binding of box that its assumptions allow.
func readingsDiffer(t *testing.T, op string, args, assume []string, box []sym.Binding) bool {
	t.Helper()
	ctx, vals, _, err := symArgs(op, args, assume)
	if err != nil {
		t.Fatalf("%s%v: %v", op, args, err)
	}
	cop, _ := concrete.Lookup(op)
	free := rankFree[op] || (op == "composition" && vals[1].Layout.Shape.IsLeaf())
	for _, b := range box {
		if ctx.Satisfies(b) != nil {
			continue
		}
		run, err := groundArgs(ctx, vals, b)
		if err != nil {
			continue
		}
		st, err := staticReading(vals, b)
		if err != nil {
			continue
		}
		rv, rerr := cop.Apply(run, concrete.StrictMode())
		sv, serr := cop.Apply(st, concrete.StrictMode())
		if (rerr == nil) != (serr == nil) || rerr == nil && squareMismatch(free, rv, sv) != "" {
			return true
		}
	}
	return false
}

// Each of CuTe's refusals of its run-time template that the ruling names
// (concrete.RunTimeRefusal) is met by a request at some binding of the box
// with the symbols as run-time integers and not with them static, and the
// square passes the request (its reference there the static reading).
func TestSymbolicSquareRunTimeRefusals(t *testing.T) {
	for _, r := range []struct {
		text   string // concrete's refusal
		op     string
		args   []string
		assume []string
	}{
		// complement with a dynamic stride at rank > 1 (the corpus's
		// k-compl-MxN-col-0)
		{"Dynamic-stride complement only for rank-1 layouts", "complement", []string{"(M,N):(_1,M)", "M*N*K"}, nil},
		// left_inverse with dynamic strides
		{"Left inverse requires static strides.", "left_inverse", []string{"(M,N):(N,_1)"}, nil},
		// tile_to_shape of a dynamic block into a static target
		{"‘value’ is not a member of ‘bool’", "tile_to_shape", []string{"(M,_2):(_1,M)", "(_8,_8)"}, nil},
	} {
		box := readingBox()
		ctx, vals, _, err := symArgs(r.op, r.args, r.assume)
		if err != nil {
			t.Fatal(err)
		}
		cop, _ := concrete.Lookup(r.op)
		met := false
		for _, b := range box {
			run, err1 := groundArgs(ctx, vals, b)
			st, err2 := staticReading(vals, b)
			if ctx.Satisfies(b) != nil || err1 != nil || err2 != nil {
				continue
			}
			_, rerr := cop.Apply(run)
			if rerr != nil && strings.Contains(rerr.Error(), r.text) && runTimeRefused(cop, run) && !runTimeRefused(cop, st) {
				met = true
				break
			}
		}
		if !met {
			t.Errorf("%q: %s%v is not refused so at any binding of the box", r.text, r.op, r.args)
		}
		if squareCase(t, "refusal", r.op, r.args, r.assume, box) == 0 {
			t.Errorf("%s%v: no binding checked", r.op, r.args)
		}
	}
}

// TestLawsReadTheReference: TestLawsSymbolic reads the arguments as the
// square's reference does (referenceOf), so that a law that computes with
// the arguments (the product's complement, a divide's) sees the run-time
// reading wherever the answer is CuTe's run-time value. Each row is CuTe's
// run-time value of a call with a dynamic 1 (the calls of finding 34,
// whose restart compl.known read them static until finding 65): every law holds on it
// with the arguments as written, and some law fails with the arguments
// read static, as the laws read them before the twelfth session.
func TestLawsReadTheReference(t *testing.T) {
	for _, c := range []struct {
		op   string
		args []string
	}{
		{"raked_product", []string{"(1,1,28):(_0,_32,_1)", "(_1,_2):(_1,_1)"}},
		{"logical_product", []string{"(_4,1):(_1,_6)", "_2:_1"}},
		{"zipped_product", []string{"(_4,1):(_1,_6)", "_2:_1"}},
	} {
		call := c.op + "(" + strings.Join(c.args, ", ") + ")"
		spec, _ := catalog.Lookup(c.op)
		args := make([]concrete.Value, len(c.args))
		for i, a := range c.args {
			var err error
			if args[i], err = concrete.ParseArg(a, spec.Args[i]); err != nil {
				t.Fatal(err)
			}
		}
		cop, _ := concrete.Lookup(c.op)
		r, err := cop.Apply(args, concrete.StrictMode())
		if err != nil {
			t.Fatalf("%s: %v", call, err)
		}
		static := make([]concrete.Value, len(args))
		for i, a := range args {
			static[i] = staticValue(a)
		}
		failed := false
		for _, l := range lawsOf(c.op) {
			if w := l.holds(lawIn{args: args, r: r, loose: true}); w != "" {
				t.Errorf("%s = %v breaks %s with the arguments as written: %s", call, r, l.post, w)
			}
			failed = failed || l.holds(lawIn{args: static, r: staticValue(r), loose: true}) != ""
		}
		if !failed {
			t.Errorf("%s = %v: every law holds with the arguments read static too: the row tests nothing", call, r)
		}
	}
}
