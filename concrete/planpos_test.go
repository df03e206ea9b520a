package concrete

import (
	"math/rand"
	"testing"

	"github.com/cutealg/cutealg/internal/tuple"
)

// stepOps are the primitives of plan steps.
var stepOps = []stepOp{stepAdd, stepSub, stepMul, stepQuo, stepRem, stepCeilDiv, stepMin, stepAbs, stepSgn}

// stepValue is op(a, b) by its definition (a divisor b that is not zero,
// no overflow): truncated division, as in C++.
func stepValue(op stepOp, a, b int64) int64 {
	switch op {
	case stepAdd:
		return a + b
	case stepSub:
		return a - b
	case stepMul:
		return a * b
	case stepQuo:
		return a / b
	case stepRem:
		return a % b
	case stepCeilDiv:
		return (a + b - 1) / b
	case stepMin:
		return min(a, b)
	case stepAbs:
		return max(a, -a)
	}
	return sgnInt64(a)
}

// TestStepRangeSound checks stepRange and sameAs on every pair of values
// of every pair of small intervals: the step's value lies in the range,
// and equals the operand sameAs names. The range is the exact one (both
// ends attained) where stepRange computes it from monotone corners or
// cases (sums, differences, products, minima, absolute values, signs,
// quotients and ceil_divs by a positive divisor, and a remainder by one
// positive divisor of a non-negative range as long as it), and sameAs
// names an operand wherever an absolute value, a minimum or a sum equals
// one throughout.
func TestStepRangeSound(t *testing.T) {
	const lim = 5
	checked := 0
	for _, op := range stepOps {
		for xl := int64(-lim); xl <= lim; xl++ {
			for xh := xl; xh <= lim; xh++ {
				for yl := int64(-lim); yl <= lim; yl++ {
					for yh := yl; yh <= lim; yh++ {
						x, y := ival{xl, xh}, ival{yl, yh}
						rg := stepRange(op, x, y)
						same := sameAs(op, 1, 2, x, y)
						lo, hi := int64(1<<62), int64(-1<<62)
						isA, isB := true, true
						for a := xl; a <= xh; a++ {
							for b := yl; b <= yh; b++ {
								if b == 0 && (op == stepQuo || op == stepRem || op == stepCeilDiv) {
									continue
								}
								v := stepValue(op, a, b)
								checked++
								lo, hi = min(lo, v), max(hi, v)
								isA, isB = isA && v == a, isB && v == b
								if v < rg.lo || v > rg.hi {
									t.Fatalf("op %d on %v, %v: %d, %d gives %d, outside %v", op, x, y, a, b, v, rg)
								}
								if same == 1 && v != a || same == 2 && v != b {
									t.Fatalf("op %d on %v, %v: %d, %d gives %d, not operand %d", op, x, y, a, b, v, same)
								}
							}
						}
						exact := false
						switch op {
						case stepAdd, stepSub, stepMul, stepMin, stepAbs, stepSgn:
							exact = true
						case stepQuo, stepCeilDiv:
							exact = yl >= 1
						case stepRem:
							exact = xl >= 0 && yl >= 1 && yl == yh && xh-xl+1 >= yl
						}
						if exact && rg != (ival{lo, hi}) {
							t.Errorf("op %d on %v, %v: range %v, want the exact [%d, %d]", op, x, y, rg, lo, hi)
						}
						if op == stepAbs {
							isB = false // abs has one operand
						}
						switch op {
						case stepAbs, stepMin, stepAdd:
							if isA && same != 1 || !isA && isB && same != 2 {
								t.Errorf("op %d on %v, %v: sameAs gives %d, want operand %d", op, x, y, same, map[bool]int{true: 1, false: 2}[isA])
							}
						}
					}
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("nothing checked")
	}
}

// TestPosSteps checks that the positive-operand steps are taken and are
// shorter where the documents' composition has sign steps: comp_ex2 of
// BenchmarkPeer (two modes, each with an absolute value, a sign and a
// product by it) loses them, and its results for positive values, zero
// and negative strides are the engine's.
func TestPosSteps(t *testing.T) {
	b := exLayout("(5,4):(1,5)")
	for _, a := range []string{"(10,2):(16,4)", "(10,2):(16,0)", "(10,2):(-16,4)", "(7,3):(1,7)"} {
		l := exLayout(a)
		want := laneShow(Composition(l, b, noPlans))
		var w Workspace
		for range 2 {
			if got := laneShow(Composition(l, b, InWorkspace(&w))); got != want {
				t.Fatalf("composition(%s, %s): plan %s, engine %s", a, b, got, want)
			}
		}
	}
	p := plans.last[compositionOp.id].Load()
	if p == nil || p.engine || p.posBelow == 0 {
		t.Fatal("composition((7,3):(1,7), (5,4):(1,5)) has no positive-operand steps")
	}
	if f, q := len(p.out[fast].steps), len(p.out[pos].steps); q != f-6 {
		t.Errorf("positive-operand steps: %d, want %d (the fast steps less 2 abs, 2 sgn, 2 mul)", q, f-6)
	}
}

// TestPosKeepsDivisions checks that the positive-operand steps keep a
// division whose value is unused when its divisor may be zero (a quotient
// of positive values can be): such a call must still fail. The plan is
// made from a trace written by hand: r3 = r1 / r2, r4 = r1 / r3, result r1.
func TestPosKeepsDivisions(t *testing.T) {
	tr := &tracer{
		init: make([]int64, 5),
		code: []traceStep{{op: stepQuo, d: 3, a: 1, b: 2}, {op: stepQuo, d: 4, a: 1, b: 3}},
	}
	r1 := outNode{n: -1, reg: 1}
	p := &plan{nin: 2}
	if !p.finish(tr, [2]outNode{r1, r1}) || p.posBelow == 0 {
		t.Fatal("no positive-operand steps made")
	}
	for _, o := range []int{fast, pos} {
		if n := len(p.out[o].steps); n != 2 {
			t.Errorf("out[%d] has %d steps, want both divisions", o, n)
		}
	}
}

// cannotOverflow bounds every register by 2^62 (every step's value then
// fits): a product of two operands of magnitude up to 2^31 does, one up
// to 2^31+1 does not; a sum of two up to 2^62 does not; a constant of
// magnitude above 2^62 does not.
func TestCannotOverflow(t *testing.T) {
	const m = uint64(1) << 31
	neg := int64(-1<<62) - 5
	for _, c := range []struct {
		p     plan
		bound uint64
		want  bool
	}{
		{plan{nin: 1, nregs: 3, code: []planStep{{op: stepMul, d: 2, a: 1, b: 1}}}, m, true},
		{plan{nin: 1, nregs: 3, code: []planStep{{op: stepMul, d: 2, a: 1, b: 1}}}, m + 1, false},
		{plan{nin: 1, nregs: 3, code: []planStep{{op: stepAdd, d: 2, a: 1, b: 1}}}, 1 << 61, true},
		{plan{nin: 1, nregs: 3, code: []planStep{{op: stepAdd, d: 2, a: 1, b: 1}}}, 1 << 62, false},
		{plan{nin: 1, nregs: 4, init: []int64{neg + 10}, code: []planStep{{op: stepAbs, d: 3, a: 2, b: 2}}}, 1, true},
		{plan{nin: 1, nregs: 4, init: []int64{neg}, code: []planStep{{op: stepAbs, d: 3, a: 2, b: 2}}}, 1, false},
	} {
		if got := c.p.cannotOverflow(c.bound); got != c.want {
			t.Errorf("cannotOverflow(%+v, %d) = %v, want %v", c.p.code, c.bound, got, c.want)
		}
	}
}

// TestPlanKeepsTrace checks that a plan computes what its trace computes:
// for generated traces (steps on the operands, small constants and earlier
// results; outputs among all of these), the plan that finish makes
// (registers renumbered and reused, the unchecked steps without the
// unused ones, the positive-operand steps) is replayed on operand values
// around zero. Each output must be the trace's value, and the call must
// fail by a division by zero exactly where a step of the trace divides by
// zero (a failing step is never left out, even if its value is unused).
// Value sets where a step's operand exceeds 2^20 (its value might not fit)
// are not checked.
func TestPlanKeepsTrace(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	consts := []int64{-2, -1, 0, 1, 2, 3, 7}
	checked, faults := 0, 0
	for range 3000 {
		nin := 1 + r.Intn(3)
		tr := &tracer{init: make([]int64, nin+1)}
		for range r.Intn(3) {
			tr.reg(consts[r.Intn(len(consts))])
		}
		for range 1 + r.Intn(8) {
			s := traceStep{op: stepOps[r.Intn(len(stepOps))], a: int32(1 + r.Intn(len(tr.init)-1)), b: int32(1 + r.Intn(len(tr.init)-1))}
			if s.op == stepAbs || s.op == stepSgn {
				s.b = s.a
			}
			s.d = tr.reg(0)
			tr.code = append(tr.code, s)
		}
		out := make([]tuple.T[tInt], 1+r.Intn(3))
		for i := range out {
			out[i] = tuple.Leaf(tInt{reg: int32(1 + r.Intn(len(tr.init)-1))})
		}
		res := layoutOf[tInt]{tuple.Of(out...), out[0]}
		// the operands the plan matches: a tuple of nin dynamic values
		args := make([]tuple.T[tInt], nin)
		for i := range args {
			args[i] = tuple.Leaf(tInt{reg: int32(i + 1)})
		}
		p := &plan{nin: nin, args: tOperands{a: &layoutOf[tInt]{tuple.Of(args...), tuple.Leaf(tInt{Int: S(1)})}}}
		if !p.finish(tr, [2]outNode{p.outNode(tr, res.Shape), p.outNode(tr, res.Stride)}) {
			t.Fatalf("trace %v: no plan", tr.code)
		}
		for range 20 {
			vals := append([]int64(nil), tr.init...)
			x := make([]IntTuple, nin)
			for i := range x {
				vals[i+1] = int64(r.Intn(7) - 2)
				x[i] = leaf(Int{V: vals[i+1]})
			}
			// the trace, step by step
			fault, big := false, false
			for _, s := range tr.code {
				a, b := vals[s.a], vals[s.b]
				if max(a, -a, b, -b) > 1<<20 {
					big = true
					break
				}
				if (s.op == stepQuo || s.op == stepRem || s.op == stepCeilDiv) && b == 0 {
					fault = true
					break
				}
				vals[s.d] = stepValue(s.op, a, b)
			}
			if big {
				continue
			}
			var dst Layout
			err := guard("", func() {
				if !p.replayMatching(nil, &dst, &operands{a: &Layout{tup(x...), leaf(Int{V: 1, Static: true})}}, false) {
					t.Fatalf("trace %v: the plan does not match its operands", tr.code)
				}
			})
			checked++
			if fault {
				faults++
				if err == nil || err.(*Error).Kind != DivByZero {
					t.Fatalf("trace %v on %v: %v, want a division by zero", tr.code, vals[1:nin+1], err)
				}
				continue
			}
			if err != nil {
				t.Fatalf("trace %v on %v: %v", tr.code, vals[1:nin+1], err)
			}
			for i, o := range out {
				if got, want := dst.Shape.Kids()[i].Value().V, vals[o.Value().reg]; got != want {
					t.Fatalf("trace %v on %v: output %d (r%d) is %d, want %d", tr.code, vals[1:nin+1], i, o.Value().reg, got, want)
				}
			}
		}
	}
	if checked < 30000 || faults == 0 {
		t.Fatalf("%d value sets checked, %d of them failing", checked, faults)
	}
}
