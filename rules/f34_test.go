package rules

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cutealg/cutealg/concrete"
	"github.com/cutealg/cutealg/internal/catalog"
	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/internal/tuple"
	"github.com/cutealg/cutealg/sym"
)

// Finding 34 (docs/verification.md): a mode whose symbolic shape may be 1
// is kept by CuTe's complement with run-time integers and dropped with the
// values known (filter); where a hole or the rest after it is not exact,
// the two complements differ as functions. Finding 34 answered the value
// with the values known; under the ruling of the eleventh session
// (finding 65) the answer is CuTe's with run-time integers, which CuTe
// computes for a complement of rank 1 or of static strides. Each request
// is computed at every binding of its symbols in 1..top the assumptions
// allow, and the case that holds there is compared with package
// concrete: the plain answer with CuTe's value in the reading CuTe
// computes (readRuling: run-time integers, the symbols static where CuTe
// refuses those) as functions (the graders' comparison), the dynamic
// answer (Request.Dynamic) with the symbols as run-time integers, as
// printed. An error case is never wrong (it may be less than CuTe
// computes); a value where concrete refuses is.
func TestSizeOneModesAgainstConcrete(t *testing.T) {
	for _, c := range []struct {
		op     string
		args   []string
		assume []string
		top    int64
	}{
		// the finding's request and the complement inside it: N:_32 kept
		// at N=1, then the hole floor_div(32, 2*M)
		{"complement", []string{"(N,N,2*M):(_0,_32,_1)", "4*M*N*N"}, []string{"M % N == 0", "M % 2 == 0"}, 16},
		{"raked_product", []string{"(N,N,M*_2):(_0,_32,_1)", "(_1,_2):(_1,_1)"}, []string{"M % N == 0", "M % 2 == 0"}, 16},
		// the mode's own hole a floor (6 over the span 4)
		{"complement", []string{"(_4,N):(_1,_6)", "_8"}, nil, 12},
		{"logical_product", []string{"(_4,N):(_1,_6)", "_2:_1"}, nil, 12},
		{"logical_divide", []string{"_48:_1", "(_4,N):(_1,_6)"}, nil, 12},
		// the rest not exact: ceil_div(4, 3*N) (rank 1)
		{"complement", []string{"N:_3", "_4"}, nil, 6},
		// exact holes and rest: both readings the same function
		{"complement", []string{"(N,_4):(_4,_1)", "_32"}, nil, 12},
		{"blocked_product", []string{"(_4,N):(_1,_4)", "(K,_2):(_2,_1)"}, nil, 6},
		// by mode: complement(N:M, 3*N), the rest not exact
		{"zipped_product", []string{"(M,N):(_1,M)", "(_2,_3)"}, nil, 7},
		// the other algorithms that skip size-1 modes: composition's walk
		// over a dynamic 1 of A, coalesce, filter, left_inverse
		{"composition", []string{"(_4,N,_3):(_1,_8,_8)", "_6:_2"}, nil, 6},
		{"composition", []string{"(_2,N,_3):(_1,_2,_2)", "(_3,_2):(_2,_1)"}, nil, 6},
		{"composition", []string{"(_3,N,_4):(_1,_5,_3)", "(_2,_6):(_2,_1)"}, nil, 6},
		{"coalesce", []string{"(_4,N,_3):(_1,_4,_4)"}, nil, 6},
		{"filter", []string{"(_4,N,_3):(_1,_6,_4)"}, nil, 6},
		{"left_inverse", []string{"(_4,N,_2):(_1,_8,_4)"}, nil, 6},
		{"logical_divide", []string{"(_12,M):(_1,_12)", "(_4,N):(_1,_6)"}, nil, 6},
	} {
		call := fmt.Sprintf("%s(%s) under %v", c.op, strings.Join(c.args, ", "), c.assume)
		for _, dynamic := range []bool{false, true} {
			bound, values := checkAgainstConcrete(t, call, Request{Op: c.op, Args: c.args, Assume: c.assume, Dynamic: dynamic}, c.top)
			// (with run-time integers CuTe refuses raked_product(M:M,
			// _2:_1) at every binding)
			if bound == 0 || values == 0 && !dynamic {
				t.Errorf("%s (dynamic %v): %d bindings, %d values compared", call, dynamic, bound, values)
			}
		}
	}
}

// checkAgainstConcrete computes a request and compares the case that
// holds at each binding of its symbols in 1..top the assumptions allow
// with concrete's value there (see TestSizeOneModesAgainstConcrete): a
// plain answer with CuTe's value under the ruling (readRuling), a dynamic
// one with its value with run-time integers. It returns the number of
// bindings the assumptions allow and the number of them where a value was
// compared.
func checkAgainstConcrete(t *testing.T, call string, req Request, top int64) (bound, values int) {
	t.Helper()
	r := readRunTime
	if !req.Dynamic {
		r = readRuling
	}
	return checkIn(t, call, req, top, r)
}

// checkAgainst is checkAgainstConcrete with the reading of concrete's side
// chosen: the symbols static, or run-time integers.
func checkAgainst(t *testing.T, call string, req Request, top int64, static bool) (bound, values int) {
	t.Helper()
	rd := readRunTime
	if static {
		rd = readStatic
	}
	return checkIn(t, call, req, top, rd)
}

// reading is how checkIn grounds the arguments for concrete.
type reading int

const (
	readRunTime reading = iota // the symbols as run-time integers
	readStatic                 // the symbols static (Int<v>)
	// readRuling: run-time integers, and the symbols static where CuTe
	// refuses the run-time template (concrete.RunTimeRefusal), concrete
	// in strict mode for a plain request (the ruling of the eleventh
	// session, docs/verification.md)
	readRuling
)

// checkIn is checkAgainst with the reading rd.
func checkIn(t *testing.T, call string, req Request, top int64, rd reading) (bound, values int) {
	t.Helper()
	ans, err := Compute(req)
	// (in dynamic mode, CuTe's refusal of the run-time template is the
	// whole answer: concrete must refuse at every binding)
	refused := rd == readRuling && req.Dynamic && err != nil && strings.Contains(err.Error(), "CuTe refuses this with the symbols as run-time integers")
	if err != nil && !refused {
		t.Fatalf("%s: %v", call, err)
	}
	ctx, err := sym.Assume(req.Assume...)
	if err != nil {
		t.Fatal(err)
	}
	spec, _ := catalog.Lookup(req.Op)
	vals := make([]sym.Value, len(req.Args))
	var names []string
	for i, a := range req.Args {
		n, err := notation.Parse(a)
		if err != nil {
			t.Fatal(err)
		}
		if vals[i], err = sym.ArgFromNode(n, spec.Args[i]); err != nil {
			t.Fatal(err)
		}
		for _, s := range vals[i].Symbols() {
			if !slices.Contains(names, s) {
				names = append(names, s)
			}
		}
	}
	op, _ := concrete.Lookup(req.Op)
	for _, b := range bindings(names, top) {
		if ctx.Satisfies(b) != nil {
			continue
		}
		bound++
		ground := func(static bool) []concrete.Value {
			args := make([]concrete.Value, len(vals))
			for i, v := range vals {
				if static {
					var ok bool
					if v, ok = staticSymbols(v); !ok {
						t.Fatalf("%s: argument %d is no layout or tuple", call, i+1)
					}
				}
				if args[i], err = ctx.EvalValue(v, b); err != nil {
					t.Fatal(err)
				}
			}
			return args
		}
		if refused {
			if want, cerr := op.Apply(ground(false)); cerr == nil {
				t.Errorf("%s (dynamic) at %v: CuTe's refusal, but CuTe with run-time integers gives %v", call, b, want)
			}
			continue
		}
		var holds []Branch[sym.Value]
		for _, br := range ans.Branches {
			if !slices.ContainsFunc(br.Guards, func(g sym.Cond) bool { h, err := g.Holds(b); return err != nil || !h }) {
				holds = append(holds, br)
			}
		}
		if len(holds) != 1 {
			t.Errorf("%s at %v: %d cases hold, want 1", call, b, len(holds))
			continue
		}
		var warns []string
		opts := []concrete.Option{concrete.CollectWarnings(&warns)}
		if rd == readRuling && !req.Dynamic {
			opts = append(opts, concrete.StrictMode())
		}
		want, cerr := op.Apply(ground(rd == readStatic), opts...)
		if rd == readRuling && !req.Dynamic && concrete.RunTimeRefusal(cerr) {
			warns = nil
			want, cerr = op.Apply(ground(true), opts...)
		}
		br := holds[0]
		if br.Err != nil {
			continue
		}
		if cerr != nil {
			t.Errorf("%s (dynamic %v) at %v: %v, but concrete refuses: %v", call, req.Dynamic, b, br.Value, cerr)
			continue
		}
		got, err := ctx.EvalValue(br.Value, b)
		if err != nil {
			t.Fatalf("%s at %v: %v", call, b, err)
		}
		values++
		if req.Dynamic {
			if g, w := strings.ReplaceAll(got.String(), " ", ""), strings.ReplaceAll(want.String(), " ", ""); g != w {
				t.Errorf("%s (dynamic) at %v: the case %v gives %s, CuTe with run-time integers %s", call, b, br.Value, g, w)
			}
			if len(warns) > 0 && len(br.Warnings) == 0 {
				t.Errorf("%s (dynamic) at %v: CuTe's value %s breaks a post-condition (%s) but the case %v has no warning", call, b, want, warns[0], br.Value)
			}
			continue
		}
		if want.Kind != concrete.ValLayout || got.Kind != concrete.ValLayout {
			// (an integer or a tuple: its value, as the graders compare)
			if strings.ReplaceAll(got.String(), "_", "") != strings.ReplaceAll(want.String(), "_", "") {
				t.Errorf("%s at %v: the case %v gives %v, CuTe (reading %d) %v", call, b, br.Value, got, rd, want)
			}
			continue
		}
		if msg := functionDiff(got.Layout, want.Layout, graderFree(req.Op, vals)); msg != "" {
			t.Errorf("%s at %v: the case %v gives %v, CuTe (reading %d) %v: %s", call, b, br.Value, got, rd, want, msg)
		}
	}
	return bound, values
}

// bindings lists every binding of the names to 1..top.
func bindings(names []string, top int64) []sym.Binding {
	out := []sym.Binding{{}}
	for _, n := range names {
		var next []sym.Binding
		for _, b := range out {
			for v := int64(1); v <= top; v++ {
				nb := sym.Binding{n: v}
				for k, x := range b {
					nb[k] = x
				}
				next = append(next, nb)
			}
		}
		out = next
	}
	return out
}

// staticSymbols marks static every integer of a layout or tuple argument
// that has no dynamic literal (sym.Int's Run): the symbols as CuTe's
// Int<v>. It reports false for an argument of another kind with symbols.
func staticSymbols(v sym.Value) (sym.Value, bool) {
	switch v.Kind {
	case catalog.Layout:
		v.Layout = sym.Layout{Shape: tuple.Map(v.Layout.Shape, staticInt), Stride: tuple.Map(v.Layout.Stride, staticInt)}
	case catalog.Tuple, catalog.Shape:
		v.Tuple = tuple.Map(v.Tuple, staticInt)
	default:
		return v, len(v.Symbols()) == 0
	}
	return v, v.Head == nil
}

func staticInt(i sym.Int) sym.Int {
	i.Static = i.Static || !i.Run
	return i
}

// graderFree reports whether the symbolic graders compare the result of
// the call as a function only, without its top-level modes: the
// operations whose result is a function only, filter, and a composition
// with a B of integral shape.
func graderFree(op string, args []sym.Value) bool {
	return rankFree[op] || op == "filter" || op == "composition" && args[1].Layout.Shape.IsLeaf()
}

// functionDiff compares two layouts as the symbolic graders do: the same
// values at every index, and, unless free, the same top-level mode sizes.
func functionDiff(got, want concrete.Layout, free bool) string {
	g, err1 := concrete.Evaluate(got)
	w, err2 := concrete.Evaluate(want)
	if err1 != nil || err2 != nil {
		return fmt.Sprintf("cannot evaluate: %v %v", err1, err2)
	}
	if !slices.Equal(g, w) {
		return fmt.Sprintf("values %v, want %v", g, w)
	}
	if free || want.Shape.IsLeaf() && got.Shape.IsLeaf() {
		return ""
	}
	if got.Rank() != want.Rank() {
		return fmt.Sprintf("rank %d, want %d", got.Rank(), want.Rank())
	}
	for i := range want.Rank() {
		gs, _ := concrete.Size(got.Mode(i))
		ws, _ := concrete.Size(want.Mode(i))
		if gs.V != ws.V {
			return fmt.Sprintf("mode %d has size %d, want %d", i, gs.V, ws.V)
		}
	}
	return ""
}
