package concrete

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/cutealg/cutealg/internal/tuple"
	"pgregory.net/rapid"
)

// noPlans is the option that makes a call run the transcription (tests compare).
var noPlans = NoPlanner()

// shapeOf is a generated operand type: a tree of leaves, each static or
// dynamic, with the static values fixed. Drawing values for it gives
// operands of that type (see draw).
type shapeOf struct {
	leaves []leafOf // in print order
	text   string   // with %s for each leaf, in order
}

type leafOf struct {
	static bool
	v      int64 // the value of a static leaf
	extent bool  // a shape extent (positive) rather than a stride
}

// drawLayoutType draws a layout type of depth <= 2 and rank <= 3 (a leaf
// at the top level makes a rank-1 layout).
func drawLayoutType(t *rapid.T, label string) shapeOf {
	var sh, st shapeOf
	var tree func(depth int) (string, string)
	tree = func(depth int) (string, string) {
		if depth == 2 || rapid.IntRange(0, 2).Draw(t, label+"leaf") == 0 {
			for i, x := range []*shapeOf{&sh, &st} {
				l := leafOf{static: rapid.Bool().Draw(t, label+"static"), extent: i == 0}
				if l.static {
					l.v = drawValue(t, label+"sv", l.extent)
				}
				x.leaves = append(x.leaves, l)
			}
			return "%s", "%s"
		}
		n := rapid.IntRange(1, 3).Draw(t, label+"rank")
		var a, b []string
		for range n {
			x, y := tree(depth + 1)
			a, b = append(a, x), append(b, y)
		}
		return "(" + strings.Join(a, ",") + ")", "(" + strings.Join(b, ",") + ")"
	}
	s, d := tree(0)
	// the leaves were appended shape/stride alternately per position; the
	// text prints all shape leaves first
	return shapeOf{leaves: append(sh.leaves, st.leaves...), text: s + ":" + d}
}

// drawTupleType draws an integer (a cotarget) of one leaf.
func drawTupleType(t *rapid.T, label string) shapeOf {
	l := leafOf{static: rapid.Bool().Draw(t, label+"static"), extent: true}
	if l.static {
		l.v = drawValue(t, label+"sv", true)
	}
	return shapeOf{leaves: []leafOf{l}, text: "%s"}
}

// drawValue draws an extent (1..12, rarely huge) or a stride (-3..24, rarely
// huge), so that overflow is met now and then.
func drawValue(t *rapid.T, label string, extent bool) int64 {
	if rapid.IntRange(0, 30).Draw(t, label+"huge") == 0 {
		return rapid.SampledFrom([]int64{1 << 31, 1 << 40, 1<<62 + 1, 1<<63 - 1}).Draw(t, label+"big")
	}
	if extent {
		return rapid.Int64Range(1, 12).Draw(t, label)
	}
	return rapid.Int64Range(-3, 24).Draw(t, label)
}

// draw draws dynamic values for the type and prints an operand.
func (s shapeOf) draw(t *rapid.T, label string) string {
	args := make([]any, len(s.leaves))
	for i, l := range s.leaves {
		if l.static {
			args[i] = fmt.Sprintf("_%d", l.v)
		} else {
			args[i] = fmt.Sprint(drawValue(t, label, l.extent))
		}
	}
	return fmt.Sprintf(s.text, args...)
}

// TestPlanReplayOtherValues is the property plans rest on: a plan made for
// operands of one type (structure, static values, dynamic positions), then
// replayed for other dynamic values, gives what the engine gives for them:
// the same layout, or the same error (overflow and division by zero
// included).
func TestPlanReplayOtherValues(t *testing.T) {
	two := func(t *rapid.T) []shapeOf { return []shapeOf{drawLayoutType(t, "a"), drawLayoutType(t, "b")} }
	one := func(t *rapid.T) []shapeOf { return []shapeOf{drawLayoutType(t, "a")} }
	ops := []opKind{
		{"composition", two},
		{"complement", func(t *rapid.T) []shapeOf { return []shapeOf{drawLayoutType(t, "a"), drawTupleType(t, "m")} }},
		{"complement_default", one},
		{"logical_divide", two},
		{"logical_product", two},
		{"blocked_product", two},
		{"raked_product", two},
		{"coalesce", one},
		{"filter", one},
	}
	replayed, fast, total := 0, 0, 0
	// 30 runs of rapid's default 100 cases: plans have many paths
	for range 30 {
		checkReplays(t, ops, &replayed, &fast, &total)
	}
	// the property says nothing if the second calls did not replay plans,
	// with and without the unchecked steps
	if replayed < total/4 || fast < replayed/4 || fast == replayed {
		t.Fatalf("%d of %d cases replayed a plan, %d had unchecked steps", replayed, total, fast)
	}
	t.Logf("%d of %d cases replayed a plan, %d had unchecked steps", replayed, total, fast)
}

// opKind is an operation of the catalogue and a generator of its operand
// types.
type opKind struct {
	name string
	args func(t *rapid.T) []shapeOf
}

// checkReplays is one rapid run of TestPlanReplayOtherValues, counting the
// cases, those that replayed a plan, and those whose plan has unchecked
// steps.
func checkReplays(t *testing.T, ops []opKind, replayed, fast, total *int) {
	rapid.Check(t, func(t *rapid.T) {
		k := rapid.SampledFrom(ops).Draw(t, "op")
		types := k.args(t)
		first := make([]string, len(types))
		second := make([]string, len(types))
		for i, ty := range types {
			first[i] = ty.draw(t, "x")
			second[i] = ty.draw(t, "y")
		}
		show := func(v Value, err error) string {
			if err != nil {
				return "error: " + err.Error()
			}
			return v.String()
		}
		for _, args := range [][]string{first, second} {
			got := show(ApplyText(k.name, args))
			want := show(ApplyText(k.name, args, noPlans))
			if got != want {
				t.Fatalf("%s(%s): with plans %s, engine %s (plan made for %s)", k.name, strings.Join(args, ", "), got, want, strings.Join(first, ", "))
			}
		}
		*total++
		if p := lastPlan(k.name); p != nil && !p.engine {
			*replayed++
			if p.fastBelow > 0 {
				*fast++
			}
		}
	})
}

// lastPlan is the plan the catalogue operation name used last.
func lastPlan(name string) *plan {
	op, ok := Lookup(name)
	if !ok || op.layout == nil {
		return nil
	}
	return plans.last[op.layout.id].Load()
}

// TestPlanTiler checks replays of the tiler operations on the peer
// benchmark's operands with other dynamic values, and that each replayed.
func TestPlanTiler(t *testing.T) {
	cases := []struct {
		op        string
		a, t      string
		a2, t2    string
		wantError bool
	}{
		{"composition_tiler", "(12,(4,8)):(59,(13,1))", "<3:4,8:2>", "(24,(8,16)):(7,(3,1))", "<5:2,4:3>", false},
		{"logical_divide_tiler", "(128,128):(1,128)", "<32:1,16:1>", "(64,96):(1,64)", "<8:1,32:1>", false},
		{"logical_divide_tiler", "(9,(4,8)):(59,(13,1))", "<_3:_3,(_2,_4):(_1,_8)>", "(18,(2,6)):(5,(7,1))", "<_3:_3,(_2,_4):(_1,_8)>", false},
		{"zipped_divide", "(8,12):(12,1)", "<2:1,3:1>", "(16,24):(24,1)", "<4:1,6:1>", false},
		{"tiled_product", "(2,3):(3,1)", "<4:1,2:1>", "(3,5):(5,1)", "<2:1,6:1>", false},
		// a divisor of zero in the second values: the replay fails where
		// the engine fails
		{"composition_tiler", "(12,(4,8)):(59,(13,1))", "<3:4,8:2>", "(12,(4,8)):(59,(13,1))", "<3:4,8:0>", true},
		// overflow in the second values
		{"composition_tiler", "(12,(4,8)):(59,(13,1))", "<3:4,8:2>", "(12,(4,8)):(4611686018427387904,(13,1))", "<3:4,8:2>", true},
	}
	for _, c := range cases {
		errs := checkPlannedCalls(t, c.op, [][]string{{c.a, c.t}, {c.a2, c.t2}})
		if c.wantError && !errs[1] {
			t.Errorf("%s(%s, %s): no error", c.op, c.a2, c.t2)
		}
	}
}

// checkPlannedCalls calls operation op on each argument list in turn, with
// plans and without (the engine): the results or errors must be the same,
// and the last call must have replayed a plan. It returns which calls
// failed.
func checkPlannedCalls(t *testing.T, op string, calls [][]string) []bool {
	t.Helper()
	failed := make([]bool, len(calls))
	for i, args := range calls {
		v, err := ApplyText(op, args)
		w, werr := ApplyText(op, args, noPlans)
		if fmt.Sprint(v, err) != fmt.Sprint(w, werr) {
			t.Errorf("%s(%s): with plans %v %v, engine %v %v", op, strings.Join(args, ", "), v, err, w, werr)
		}
		failed[i] = err != nil
	}
	if p := lastPlan(op); p == nil || p.engine {
		t.Errorf("%s(%s): no plan replayed", op, strings.Join(calls[len(calls)-1], ", "))
	}
	return failed
}

// TestPlanTilerElementKinds calls the tiler operations with tilers whose
// elements differ only in kind (an integer n, a layout n:d) one after the
// other: a plan made for one kind must not be replayed for the other.
func TestPlanTilerElementKinds(t *testing.T) {
	a := "(12,8):(1,12)"
	for _, op := range []string{"composition_tiler", "logical_divide_tiler", "zipped_divide", "logical_product_tiler"} {
		checkPlannedCalls(t, op, [][]string{{a, "<4,2>"}, {a, "<3:2,2:3>"}, {a, "<4,2>"}})
	}
}

// TestPlanEmptyModes replays plans whose results have empty modes (a
// result that is ():(), a mode () inside one), with other dynamic values.
func TestPlanEmptyModes(t *testing.T) {
	for _, c := range []struct{ op, a, b, a2, b2 string }{
		{"composition", "4:1", "():()", "6:2", "():()"},
		{"logical_product", "4:1", "(4,()):(1,())", "6:2", "(3,()):(2,())"},
		{"logical_product", "(4,()):(1,())", "4:1", "(3,()):(2,())", "6:2"},
		{"logical_divide", "(4,()):(1,())", "2:1", "(6,()):(2,())", "3:1"},
	} {
		checkPlannedCalls(t, c.op, [][]string{{c.a, c.b}, {c.a2, c.b2}})
	}
}

// TestTaint checks the mechanism that keeps decisions on dynamic values out
// of plans: reading a traced value through val (or converting it to an
// Int) taints the trace, reading an untraced one does not, and arithmetic
// on a traced value records a step.
func TestTaint(t *testing.T) {
	traceMu.Lock()
	defer traceMu.Unlock()
	tr := &tracer{init: make([]int64, 2), consts: map[int64]int32{}, seen: map[[3]int32]int32{}}
	tracing = tr
	defer func() { tracing = nil }()
	x := tInt{Int: D(6), reg: 1}
	two := tInt{Int: S(2)}
	y := x.mul(two)
	if y.V != 12 || y.reg == 0 || len(tr.code) != 1 {
		t.Fatalf("mul of a traced value: %+v, %d steps", y, len(tr.code))
	}
	if z := x.mul(tInt{Int: S(0)}); !z.IsConst(0) || z.reg != 0 {
		t.Fatalf("x * _0 must be the untraced _0, got %+v", z)
	}
	if x.mul(two).reg != y.reg || len(tr.code) != 1 {
		t.Fatalf("the same step twice must be recorded once")
	}
	if x.quo(tInt{Int: S(4)}); len(tr.code) != 2 {
		t.Fatalf("quo of a traced value recorded %d steps, want 2", len(tr.code))
	}
	two.val()
	tInt{Int: D(3)}.val()
	if x.staticEq(two) || !two.staticEq(two) || tr.tainted {
		t.Fatal("reading untraced or static values tainted the trace")
	}
	y.val()
	if !tr.tainted {
		t.Fatal("reading a traced value did not taint the trace")
	}
	tr.tainted = false
	plainTuple(tuple.Leaf(y))
	if !tr.tainted {
		t.Fatal("converting a traced value to an Int did not taint the trace")
	}
}

// TestPlanKeys checks that calls differing only in what a plan does not
// replay get different plans: a static value, a static flag, the structure.
func TestPlanKeys(t *testing.T) {
	for _, pair := range [][2]string{
		{"(4,2):(1,4)", "(4,2):(1,_4)"},
		{"(4,2):(1,_4)", "(4,2):(1,_8)"},
		{"(4,2):(1,4)", "((4,2)):((1,4))"},
		{"(4,2):(1,4)", "(4,(2)):(1,(4))"},
	} {
		var keys [2]string
		for i, s := range pair {
			l, err := ParseLayout(s)
			if err != nil {
				t.Fatal(err)
			}
			var k [maxKey]uint64
			var w keyWriter
			w.key, w.n, w.ok = &k, 1, true
			w.args(&operands{a: &l})
			if !w.ok {
				t.Fatalf("%s: no key", s)
			}
			keys[i] = string(keyBytes(k[:w.n]))
		}
		if keys[0] == keys[1] {
			t.Errorf("%s and %s have the same key", pair[0], pair[1])
		}
	}
}

// TestPlansConcurrent calls planned operations from several goroutines at
// once, on operand types made and replayed concurrently (one goroutine
// traces at a time, the others run the engine meanwhile): every result must
// be the engine's. Run with -race, it also checks the cache's locking.
func TestPlansConcurrent(t *testing.T) {
	type call struct{ op, a, b string }
	var calls []call
	for i := range 24 {
		calls = append(calls,
			call{"composition", fmt.Sprintf("(%d,_%d):(%d,%d)", 2+i%5, 2+i%3, 1, 4+i), "(5,4):(1,5)"},
			call{"complement", fmt.Sprintf("(2,_%d):(_1,_%d)", 2+i%4, 2*(2+i%4)), fmt.Sprint(24 + i)},
			call{"logical_divide", fmt.Sprintf("(%d,_8):(_1,%d)", 4+i, 4+i), fmt.Sprintf("_%d:_1", 1+i%4)},
			call{"blocked_product", fmt.Sprintf("(_2,%d):(_%d,_1)", 1+i, 1+i), "(3,4):(1,3)"},
		)
	}
	want := make([]string, len(calls))
	for i, c := range calls {
		v, err := ApplyText(c.op, []string{c.a, c.b}, noPlans)
		want[i] = fmt.Sprint(v, err)
	}
	errs := make(chan string, 8)
	done := make(chan struct{})
	for g := range 8 {
		go func() {
			defer func() { done <- struct{}{} }()
			var ws Workspace
			for round := range 50 {
				i := (g*7 + round*13) % len(calls)
				c := calls[i]
				opts := []Option{}
				if round%2 == 0 {
					opts = append(opts, InWorkspace(&ws))
				}
				v, err := ApplyText(c.op, []string{c.a, c.b}, opts...)
				if got := fmt.Sprint(v, err); got != want[i] {
					select {
					case errs <- fmt.Sprintf("%s(%s, %s): %s, want %s", c.op, c.a, c.b, got, want[i]):
					default:
					}
					return
				}
			}
		}()
	}
	for range 8 {
		<-done
	}
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// TestPlanCacheBound fills the cache past maxPlans operand types: it must
// start over instead of growing, and go on giving the engine's results.
func TestPlanCacheBound(t *testing.T) {
	for i := range maxPlans + 50 {
		a := fmt.Sprintf("(_%d,4):(_1,_%d)", 1+i, 1+i)
		v, err := ApplyText("composition", []string{a, "(2,2):(1,2)"})
		w, werr := ApplyText("composition", []string{a, "(2,2):(1,2)"}, noPlans)
		if fmt.Sprint(v, err) != fmt.Sprint(w, werr) {
			t.Fatalf("composition(%s, (2,2):(1,2)): with plans %v %v, engine %v %v", a, v, err, w, werr)
		}
		plans.mu.RLock()
		n := len(plans.m)
		plans.mu.RUnlock()
		if n > maxPlans {
			t.Fatalf("%d plans cached, more than %d", n, maxPlans)
		}
	}
}

// TestPlanAfterFault: a first call whose values overflow stores no plan, so
// later calls of the same type with other values still get one.
func TestPlanAfterFault(t *testing.T) {
	b := "(2,4):(1,2)"
	if _, err := ApplyText("composition", []string{"(4,8):(4611686018427387904,1)", b}); err == nil {
		t.Fatal("no overflow")
	}
	for _, a := range []string{"(4,8):(8,1)", "(5,8):(8,1)"} {
		v, err := ApplyText("composition", []string{a, b})
		w, werr := ApplyText("composition", []string{a, b}, noPlans)
		if fmt.Sprint(v, err) != fmt.Sprint(w, werr) {
			t.Errorf("composition(%s, %s): with plans %v %v, engine %v %v", a, b, v, err, w, werr)
		}
	}
	if p := lastPlan("composition"); p == nil || p.engine {
		t.Error("after a faulting first call, the operand type has no plan")
	}
}

// TestPlanIdentities checks which steps a trace folds into their operand:
// those that give the traced operand whatever its value, with a constant
// (untraced) other operand, and that cannot fail.
func TestPlanIdentities(t *testing.T) {
	x := tInt{Int: D(5), reg: 3}   // a traced value
	one := tInt{Int: D(1), reg: 4} // a traced 1 is no constant
	c := func(i Int) tInt { return tInt{Int: i} }
	cases := []struct {
		op   stepOp
		a, b tInt
		want int32
	}{
		{stepMul, x, c(S(1)), 3}, {stepMul, c(S(1)), x, 3}, {stepMul, x, c(D(1)), 3},
		{stepQuo, x, c(S(1)), 3}, {stepAdd, x, c(S(0)), 3}, {stepAdd, c(S(0)), x, 3},
		{stepSub, x, c(S(0)), 3},
		{stepSub, c(S(0)), x, 0}, {stepQuo, c(S(1)), x, 0}, {stepMul, x, c(S(2)), 0},
		{stepRem, x, c(S(1)), 0}, {stepMul, x, one, 0}, {stepAdd, x, c(S(1)), 0},
		// ceil_div(x, 1) computes x + 1 - 1, which overflows for the
		// largest x: not an identity of the checked arithmetic
		{stepCeilDiv, x, c(S(1)), 0},
	}
	for _, c := range cases {
		if got := identity(c.op, c.a, c.b); got != c.want {
			t.Errorf("identity(%d, %+v, %+v) = %d, want %d", c.op, c.a, c.b, got, c.want)
		}
	}
	if err := guard("", func() { iceilDiv(D(math.MaxInt64), S(1)) }); err == nil {
		t.Error("ceil_div(MaxInt64, _1) did not overflow")
	}
}

// TestPlanAfterDivisionByZero: as after an overflow, a first call that
// divides by zero stores no plan (its fault depends on the values), so a
// later call of the same operand type gets a plan of its own. (The static
// cotarget _997 makes the type one that no other test uses.)
func TestPlanAfterDivisionByZero(t *testing.T) {
	var e *Error
	if _, err := ApplyText("complement", []string{"4:0", "_997"}); !errors.As(err, &e) || e.Kind != DivByZero {
		t.Fatalf("complement(4:0, _997): %v, want a division by zero", err)
	}
	for _, a := range []string{"4:1", "4:2"} {
		v, err := ApplyText("complement", []string{a, "_997"})
		w, werr := ApplyText("complement", []string{a, "_997"}, noPlans)
		if fmt.Sprint(v, err) != fmt.Sprint(w, werr) {
			t.Errorf("complement(%s, _997): with plans %v %v, engine %v %v", a, v, err, w, werr)
		}
	}
	if p := lastPlan("complement"); p == nil || p.engine {
		t.Error("after a first call that divides by zero, the operand type has no plan")
	}
}

// TestPlanCacheKeeps checks the plan cache on its own: a plan added stays
// findable after other adds, the plan found becomes its operation's last
// (found again without the map), and the cache starts over exactly when it
// holds maxPlans plans.
func TestPlanCacheKeeps(t *testing.T) {
	var pc planCache
	key := func(i int) []uint64 { return []uint64{uint64(i), 7} }
	newPlan := func(i int) *plan { return &plan{key: string(keyBytes(key(i)))} }
	op := compositionOp
	p0, p1 := newPlan(0), newPlan(1)
	pc.add(op, p0)
	pc.add(op, p1)
	if got := pc.find(op, key(0)); got != p0 {
		t.Fatalf("find of the first plan after a second add: %p, want %p", got, p0)
	}
	if got := pc.last[op.id].Load(); got != p0 {
		t.Fatalf("the plan found is not its operation's last: %p, want %p", got, p0)
	}
	if got := pc.find(op, key(2)); got != nil {
		t.Fatalf("find of a key never added: %p", got)
	}
	for i := 2; i < maxPlans; i++ {
		pc.add(op, newPlan(i))
	}
	if len(pc.m) != maxPlans || pc.find(op, key(0)) != p0 {
		t.Fatalf("with maxPlans plans added the cache holds %d, the first one found: %v", len(pc.m), pc.find(op, key(0)) == p0)
	}
	pc.add(op, newPlan(maxPlans))
	if len(pc.m) != 1 || pc.find(op, key(maxPlans)) == nil {
		t.Fatalf("one plan past maxPlans: the cache holds %d plans, want 1 (started over)", len(pc.m))
	}
}

// TestAllocateReusesDead: allocate gives the register of a step result that
// is never read to the next step (three registers, not four, for an
// operand, a dead sum and the product the output reads).
func TestAllocateReusesDead(t *testing.T) {
	code := []traceStep{{op: stepAdd, d: 2, a: 1, b: 1}, {op: stepMul, d: 3, a: 1, b: 1}}
	result := []bool{false, false, true, true}
	steps, to, nregs := allocate(code, result, []int{0, 1, 0, 0}, 2, []int32{3})
	if nregs != 3 || to[2] != 2 || to[3] != 2 || len(steps) != 2 || steps[1].d != 2 {
		t.Errorf("allocate: %d registers, numbering %v, steps %+v; want 3 registers, the product in the dead sum's register 2", nregs, to, steps)
	}
}
