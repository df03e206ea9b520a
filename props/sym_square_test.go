package props

import (
	"errors"
	"fmt"
	"testing"

	"github.com/cutealg/cutealg/concrete"
	"github.com/cutealg/cutealg/internal/catalog"
	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/internal/tuple"
	"github.com/cutealg/cutealg/internal/vectors"
	"github.com/cutealg/cutealg/rules"
	"github.com/cutealg/cutealg/sym"
)

// The commuting square: for every symbolic call of the public corpus whose
// operation the rules engine computes, the symbolic answer instantiated at
// bindings the assumptions allow (the corpus's points and bindings drawn
// by sym's Sample) selects exactly one case, and that case agrees with the
// concrete engine (written separately) on the instantiated arguments, in
// strict mode: an error where concrete refuses, else the same function
// with the same top-level mode sizes.
func TestSymbolicSquareOnCorpus(t *testing.T) {
	dir, ok := vectors.Dir()
	if !ok {
		t.Skip("../shared/vectors absent: the symbolic corpus cannot be read")
	}
	cases, err := vectors.LoadSymbolic(dir)
	if err != nil {
		t.Fatal(err)
	}
	checked, points := 0, 0
	for _, c := range cases {
		if !rules.Implemented(c.Op) {
			continue
		}
		checked++
		points += squareCase(t, c.ID, c.Op, c.Args, c.Assume, pointBindings(c.Points))
	}
	if checked == 0 || points < 10*checked {
		t.Fatalf("only %d cases and %d points checked", checked, points)
	}
}

func pointBindings(ps []vectors.Point) []sym.Binding {
	var out []sym.Binding
	for _, p := range ps {
		out = append(out, sym.Binding(p.Bind))
	}
	return out
}

// reporter is what squareCase reports failures to (*testing.T, *rapid.T).
type reporter interface {
	Errorf(format string, args ...any)
	Fatalf(format string, args ...any)
}

// squareCase checks one symbolic call at the given bindings and at
// bindings drawn from its assumptions; it returns the number of bindings
// checked.
func squareCase(t reporter, id, op string, args, assume []string, extra []sym.Binding) int {
	return symGround(t, id, op, args, assume, extra, func(g symGrounded) {
		cop, _ := concrete.Lookup(op)
		ref, err := referenceOf(g, cop)
		if err != nil {
			t.Errorf("%s %s%v at %v: %v", id, op, args, g.at, err)
			return
		}
		want, cerr := ref.value, ref.err
		if sym.OutOfRange(cerr) {
			return // a binding too large for CuTe's int64 arithmetic
		}
		free := rankFree[op] || (op == "composition" && g.sym[1].Layout.Shape.IsLeaf())
		if cerr != nil {
			if g.br.Err == nil {
				t.Errorf("%s %s%v under %v at %v: concrete (strict) refuses (%v) but the symbolic answer is %s", id, op, args, assume, g.at, cerr, g.br.Value)
			}
			return
		}
		if g.br.Err != nil {
			// CuTe's value is valid here but the answer is an error: a
			// loss of precision, never a wrong value
			return
		}
		got, err := g.value()
		if sym.OutOfRange(err) {
			return // a binding too large for int64 products: no comparison
		}
		if err != nil {
			t.Errorf("%s %s%v at %v: the answer %s does not ground: %v", id, op, args, g.at, g.br.Value, err)
			return
		}
		why := squareMismatch(free, got, want)
		if why == "" {
			return
		}
		t.Errorf("%s %s%v under %v at %v: answer %s = %s, concrete %s: %s", id, op, args, assume, g.at, g.br.Value, got, want, why)
	})
}

// squareRef is concrete's strict value of a grounded call as the square
// reads it (the ruling): the arguments with the symbols as run-time
// integers, or, where CuTe refuses that template (runTimeRefused), with
// the symbols static.
type squareRef struct {
	args   []concrete.Value // the arguments as read
	static bool             // they are the static reading (staticReading)
	value  concrete.Value   // concrete's value on them
	err    error            // or its refusal
}

// referenceOf computes the reference of a grounded call.
func referenceOf(g symGrounded, cop *concrete.Op) (squareRef, error) {
	r := squareRef{args: g.args}
	r.value, r.err = cop.Apply(r.args, concrete.StrictMode())
	if r.err == nil || !runTimeRefused(cop, r.args) {
		return r, nil
	}
	var err error
	if r.args, err = staticReading(g.sym, g.at); err != nil {
		return r, err
	}
	r.static = true
	r.value, r.err = cop.Apply(r.args, concrete.StrictMode())
	return r, nil
}

// runTimeRefused reports whether CuTe refuses the call with run-time
// integers at compile time (concrete.RunTimeRefusal: a complement with a
// dynamic stride at rank > 1, also inside a divide or a product,
// left_inverse with dynamic strides, tile_to_shape of a dynamic block into
// a static target), where the ruling (docs/verification.md, "Which CuTe a
// symbolic answer equals") makes the static reading (each symbol an
// Int<v>, staticReading) the reference. It asks concrete in CuTe mode: a
// static_assert comes before any run-time check, which strict mode may
// meet first.
func runTimeRefused(cop *concrete.Op, args []concrete.Value) bool {
	_, err := cop.Apply(args)
	return concrete.RunTimeRefusal(err)
}

// squareMismatch compares an answer grounded at a binding with concrete's
// value there: "" where they agree (offsets and integers exactly, layouts
// as functions with the same top-level mode sizes, free: any ranks),
// else why not.
func squareMismatch(free bool, got, want concrete.Value) string {
	if want.Kind == concrete.ValPair {
		// a layout and its offset: the offsets' values, then the layouts
		if got.Kind != concrete.ValPair || plainTuple(got.Tuple) != plainTuple(want.Tuple) {
			return "the offsets differ"
		}
	}
	if want.Kind == concrete.ValTuple {
		if gt, wt := plainTuple(got.Tuple), plainTuple(want.Tuple); gt != wt {
			return gt + " != " + wt
		}
		return ""
	}
	if got.Kind == concrete.ValComposed || want.Kind == concrete.ValComposed {
		return sameSwizzled(free, got, want)
	}
	return sameFunction(free, got.Layout, want.Layout)
}

// symArgs reads the assumptions and the arguments of a symbolic call: the
// context, the arguments as symbolic values, and their symbols.
func symArgs(op string, args, assume []string) (*sym.Ctx, []sym.Value, []string, error) {
	spec, _ := catalog.Lookup(op)
	ctx, err := sym.Assume(assume...)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("assumptions %v: %w", assume, err)
	}
	vals := make([]sym.Value, len(args))
	var names []string
	for i, a := range args {
		n, err := notation.Parse(a)
		if err != nil {
			return nil, nil, nil, err
		}
		if vals[i], err = sym.ArgFromNode(n, spec.Args[i]); err != nil {
			return nil, nil, nil, err
		}
		names = append(names, vals[i].Symbols()...)
	}
	return ctx, vals, names, nil
}

// groundArgs evaluates the symbolic arguments at one binding.
func groundArgs(ctx *sym.Ctx, vals []sym.Value, b sym.Binding) ([]concrete.Value, error) {
	cargs := make([]concrete.Value, len(vals))
	for i, v := range vals {
		var err error
		if cargs[i], err = ctx.EvalValue(v, b); err != nil {
			return nil, err
		}
	}
	return cargs, nil
}

// symGrounded is a symbolic call grounded at one binding: the binding, the
// symbolic and the grounded arguments, and the one case of the answer that
// holds there.
type symGrounded struct {
	at   sym.Binding
	sym  []sym.Value
	args []concrete.Value
	br   rules.Branch[sym.Value]
	// value grounds the case's value at the binding.
	value func() (concrete.Value, error)
}

// symGround computes a symbolic call with the rules engine and calls visit
// at each of the given bindings and of bindings drawn from its assumptions
// that the assumptions allow, where exactly one case of the answer holds (it
// reports a failure where not) and the arguments fit int64. It returns the
// number of allowed bindings; an error answer, or assumptions that
// contradict each other, have none.
func symGround(t reporter, id, op string, args, assume []string, extra []sym.Binding, visit func(symGrounded)) int {
	ctx, vals, names, err := symArgs(op, args, assume)
	var inc *sym.InconsistentError
	if errors.As(err, &inc) {
		return 0 // no binding to check (generated assumptions may contradict)
	}
	if err != nil {
		t.Errorf("%s: %v", id, err)
		return 0
	}
	ans, err := rules.Compute(rules.Request{Op: op, Args: args, Assume: assume})
	if err != nil {
		// an error answer is never wrong for the square (it may be for
		// the grader's valid cases); nothing to compare
		return 0
	}
	binds := append(ctx.Sample(names, 16, 1), extra...)
	n := 0
	for _, b := range binds {
		if ctx.Satisfies(b) != nil {
			continue
		}
		n++
		br, why := selectCase(ans, b)
		if why != "" {
			t.Errorf("%s %s%v under %v at %v: %s, want exactly 1", id, op, args, assume, b, why)
			continue
		}
		cargs, err := groundArgs(ctx, vals, b)
		if err != nil {
			if sym.OutOfRange(err) {
				continue // the arguments do not fit int64 at this binding
			}
			t.Fatalf("%s: grounding the arguments at %v: %v", id, b, err)
		}
		visit(symGrounded{at: b, sym: vals, args: cargs, br: br, value: func() (concrete.Value, error) { return ctx.EvalValue(br.Value, b) }})
	}
	return n
}

// staticValue marks every integer of a value static.
// staticReading grounds symbolic arguments at b as the static oracle of the
// symbolic vectors compiles them (each symbol an Int<v>): a leaf is static
// unless a dynamic literal occurs in it (sym.Int's Run), so L*_4 is static
// and L*4 is not.
func staticReading(vals []sym.Value, b sym.Binding) ([]concrete.Value, error) {
	st := func(i sym.Int) sym.Int {
		i.Static = i.Static || !i.Run
		return i
	}
	lay := func(l sym.Layout) sym.Layout {
		return sym.Layout{Shape: tuple.Map(l.Shape, st), Stride: tuple.Map(l.Stride, st)}
	}
	out := make([]sym.Value, len(vals))
	for i, v := range vals {
		switch v.Kind {
		case catalog.Layout:
			v.Layout = lay(v.Layout)
		case catalog.Tiler, catalog.Coord:
			v.Tiler = tuple.Map(v.Tiler, func(lf sym.TilerLeaf) sym.TilerLeaf {
				lf.Int = st(lf.Int)
				lf.Layout = lay(lf.Layout)
				return lf
			})
		default:
			v.Tuple = tuple.Map(v.Tuple, st)
		}
		out[i] = v
	}
	return groundArgs(sym.NewCtx(), out, b)
}

func staticValue(v concrete.Value) concrete.Value {
	st := func(i concrete.Int) concrete.Int { i.Static = true; return i }
	switch v.Kind {
	case concrete.ValLayout:
		v.Layout = concrete.Layout{Shape: tuple.Map(v.Layout.Shape, st), Stride: tuple.Map(v.Layout.Stride, st)}
	case concrete.ValComposed:
		c := *v.Composed
		c.Offset = st(c.Offset)
		c.Layout = staticValue(concrete.LayoutValue(c.Layout)).Layout
		v.Composed = &c
	case concrete.ValTuple:
		v.Tuple = tuple.Map(v.Tuple, st)
	case concrete.ValTiler:
		v.Tiler = tuple.Map(v.Tiler, func(lf concrete.TilerLeaf) concrete.TilerLeaf {
			lf.Int = st(lf.Int)
			lf.Layout = concrete.Layout{Shape: tuple.Map(lf.Layout.Shape, st), Stride: tuple.Map(lf.Layout.Stride, st)}
			return lf
		})
	}
	return v
}

// rankFree are the operations whose result rank the graders do not
// compare (nor for composition with a B of integral shape).
var rankFree = map[string]bool{"coalesce": true, "complement": true, "complement_default": true, "right_inverse": true, "left_inverse": true}

// sameFunction compares two layouts as the symbolic graders do: the same
// size and values, and (except for rankFree operations) the same
// top-level rank and mode sizes.
func sameFunction(free bool, got, want concrete.Layout) string {
	if empty := func(l concrete.Layout) bool { return !l.Shape.IsLeaf() && l.Shape.Rank() == 0 }; empty(want) || empty(got) {
		// CuTe's empty layout ():() (a slice that keeps no mode) has no
		// index to evaluate
		if !empty(want) || !empty(got) {
			return fmt.Sprintf("%v and %v: one is the empty layout", got, want)
		}
		return ""
	}
	gs, err1 := concrete.Size(got)
	ws, err2 := concrete.Size(want)
	if err1 != nil || err2 != nil {
		if sym.OutOfRange(err1) || sym.OutOfRange(err2) {
			return "" // too large for int64: nothing to compare
		}
		return fmt.Sprintf("no size: %v %v", err1, err2)
	}
	if gs.V != ws.V {
		return fmt.Sprintf("size %d, want %d", gs.V, ws.V)
	}
	for _, i := range sampleIndices(ws.V) {
		g, err1 := concrete.Crd2Idx(tuple.Leaf(concrete.D(i)), got)
		w, err2 := concrete.Crd2Idx(tuple.Leaf(concrete.D(i)), want)
		if err1 != nil || err2 != nil {
			if sym.OutOfRange(err1) || sym.OutOfRange(err2) {
				return "" // an index whose value does not fit int64: nothing to compare
			}
			return fmt.Sprintf("cannot evaluate at %d: %v %v", i, err1, err2)
		}
		if g.V != w.V {
			return fmt.Sprintf("value at %d is %d, want %d", i, g.V, w.V)
		}
	}
	if free {
		return ""
	}
	if got.Shape.Rank() != want.Shape.Rank() {
		return fmt.Sprintf("rank %d, want %d", got.Shape.Rank(), want.Shape.Rank())
	}
	if !want.Shape.IsLeaf() {
		for i := 0; i < want.Shape.Rank(); i++ {
			g, _ := concrete.Get(got, i)
			w, _ := concrete.Get(want, i)
			gs, _ := concrete.Size(g)
			ws, _ := concrete.Size(w)
			if gs.V != ws.V {
				return fmt.Sprintf("mode %d has size %d, want %d", i, gs.V, ws.V)
			}
		}
	}
	return ""
}

// sameSwizzled compares two swizzled layouts as sameFunction compares
// layouts: Sw(O + L(c)) is one function of c for two swizzled layouts
// with the same swizzle and offset exactly where their inner layouts are
// one function (a swizzle is a bijection).
func sameSwizzled(free bool, got, want concrete.Value) string {
	if got.Kind != concrete.ValComposed || want.Kind != concrete.ValComposed {
		return "one is swizzled, the other is not"
	}
	g, w := got.Composed, want.Composed
	if g.Swizzle != w.Swizzle || g.Offset.V != w.Offset.V {
		return fmt.Sprintf("swizzle %s and offset %d, want %s and %d", g.Swizzle, g.Offset.V, w.Swizzle, w.Offset.V)
	}
	return sameFunction(free, g.Layout, w.Layout)
}

// sampleIndices is every index of a layout of size n up to 1024, beyond
// that the first and last 256 and a stride through the middle.
func sampleIndices(n int64) []int64 {
	var out []int64
	if n <= 1024 {
		for i := int64(0); i < n; i++ {
			out = append(out, i)
		}
		return out
	}
	for i := int64(0); i < 256; i++ {
		out = append(out, i, n-1-i)
	}
	for i := int64(256); i < n-256; i += (n - 512) / 251 {
		out = append(out, i)
	}
	return out
}

// The calls on which the generated square once found the engine wrong, as
// fixed regressions (DESIGN 9: property-found counterexamples become
// cases of the repository).
func TestSymbolicSquareRegressions(t *testing.T) {
	tests := []struct {
		op     string
		args   []string
		assume []string
	}{
		{"flat_divide", []string{"M*_2:_1", "((_1,_2):(_1,_1))"}, []string{"M % 2 == 0"}},
		{"right_inverse", []string{"(M,M,M):(_1,_1,_0)"}, nil},
		{"left_inverse", []string{"(M,M):(_2,_1)"}, []string{"M % 2 == 0"}},
		{"raked_product", []string{"M:M", "_2:_1"}, nil},
		{"coalesce", []string{"(M,M,M):(_1,M,M*M)"}, nil},
		{"logical_product", []string{"_4:_4", "(N,N,K*_4):(_2,M*N,_2)"}, []string{"L % 32 == 0"}},
		{"composition", []string{"(L,L,(M,L)):(_1,L,(L*L,L*L*M))", "(_4,_2):(_1,_4)"}, []string{"M % 2 == 0", "L % 2 == 0"}},
		{"logical_divide_tiler", []string{"((M,M),M,(M,N)):((_0,_0),_0,(_0,_0))", "(_)"}, []string{"M % 2 == 0"}},
	}
	small := []sym.Binding{}
	for _, m := range []int64{1, 2, 3, 4, 6, 8} {
		for _, n := range []int64{1, 2, 3, 5} {
			small = append(small, sym.Binding{"M": m, "N": n, "K": n + 1, "L": 2 * m})
		}
	}
	for _, tc := range tests {
		if squareCase(t, "regression", tc.op, tc.args, tc.assume, small) == 0 {
			t.Errorf("%s%v: no binding checked", tc.op, tc.args)
		}
	}
	// an adversarial review's reproducers, at the bindings it found
	for _, c := range []struct {
		op     string
		args   []string
		assume []string
		at     []sym.Binding
	}{
		{"composition", []string{"(_3,M):(M,_1)", "_1:_4"}, nil, []sym.Binding{{"M": 2}}},
		{"composition", []string{"(_3,M):(_1,_3)", "K:_4"}, nil, []sym.Binding{{"M": 1, "K": 1}, {"M": 5, "K": 1}}},
		{"composition", []string{"(K*_4,M):(N,K)", "(M,N):(_4*N,1)"}, nil, []sym.Binding{{"K": 2, "M": 1, "N": 3}}},
		{"logical_product", []string{"_3:_3", "(K,2):(_4,_0)"}, nil, []sym.Binding{{"K": 1}}},
		{"tiled_divide", []string{"(M,N):(_1,M)", "2:1"}, []string{"M%2==0"}, []sym.Binding{{"M": 4, "N": 3}}},
		{"flat_divide", []string{"(N*_3,M*_4):(_1,N*_3)", "2:1"}, nil, []sym.Binding{{"M": 2, "N": 8}}},
		{"tiled_divide", []string{"(_6,(M,N)):(_0,(N,_1))", "_8:_0"}, nil, []sym.Binding{{"M": 2, "N": 3}}},
		{"tiled_divide", []string{"(M,3,_6):(_1,M,_3*M)", "_1"}, nil, []sym.Binding{{"M": 2}}},
		{"flat_divide", []string{"(M,N,_6):(_1,M,N*M)", "_1"}, nil, []sym.Binding{{"M": 2, "N": 3}}},
		{"flat_divide", []string{"(_1,N,N):(_0,_1,N)", "2:2"}, []string{"N<=4"}, []sym.Binding{{"N": 1}, {"N": 2}}},
		{"tiled_product", []string{"(_2,_4):(M,_1)", "_4:_2"}, []string{"M%4==0"}, []sym.Binding{{"M": 8}}},
		{"flat_product", []string{"(_2,_4):(M,_1)", "_4:_2"}, []string{"M%4==0"}, []sym.Binding{{"M": 8}}},
	} {
		squareCase(t, "review", c.op, c.args, c.assume, c.at)
	}
}

// plainTuple prints an IntTuple without its static marks.
func plainTuple(t concrete.IntTuple) string {
	return concrete.FormatTuple(tuple.Map(t, func(i concrete.Int) concrete.Int { i.Static = false; return i }))
}
