package concrete

// Positive operands: a third version of a plan's steps.
//
// Most calls have no operand value below 1 (shapes are at least 1, and
// strides mostly are). For such calls, interval arithmetic on the values
// (the operands in [1, fastBelow]) shows that some steps are identities:
// the absolute value of a non-negative value, a product with a value known
// to be 1 (the sign of a positive value, say), a quotient or a ceil_div by
// 1, the minimum of two values whose ranges do not overlap, a sum with 0.
// Such a step is left out and its readers read the register its result
// equals instead (where that register keeps the value until the last
// read); the steps whose value is then unused are left out too, and so
// are divisions whose divisor cannot be zero and whose value is unused. A
// call whose matcher saw only values in [1, fastBelow] (see matcher.mag) runs
// these steps and writes the result from the registers they leave the
// values in (plan.out[pos]).

// posBit is the bit of a matcher's mag that records a value below 1.
const posBit = 1 << 63

// ival is an interval of int64 values [lo, hi].
type ival struct{ lo, hi int64 }

// is reports whether i is exactly {v}.
func (i ival) is(v int64) bool { return i.lo == v && i.hi == v }

// span returns the interval of the values among vs.
func span(vs ...int64) ival {
	i := ival{vs[0], vs[0]}
	for _, v := range vs[1:] {
		i.lo, i.hi = min(i.lo, v), max(i.hi, v)
	}
	return i
}

// stepRange returns the interval of op(a, b) for a in x and b in y, where
// no step can overflow (cannotOverflow holds for the operands' bound, so
// no endpoint arithmetic overflows either). Divisions assume a divisor
// that is not zero (a zero divisor faults before its value is used).
func stepRange(op stepOp, x, y ival) ival {
	mag := max(-x.lo, x.hi, 0)
	all := ival{-mag, mag}
	switch op {
	case stepAdd:
		return ival{x.lo + y.lo, x.hi + y.hi}
	case stepSub:
		return ival{x.lo - y.hi, x.hi - y.lo}
	case stepMul:
		return span(x.lo*y.lo, x.lo*y.hi, x.hi*y.lo, x.hi*y.hi)
	case stepQuo:
		// truncated division is monotone in each operand for b > 0
		if y.lo >= 1 {
			return span(x.lo/y.lo, x.lo/y.hi, x.hi/y.lo, x.hi/y.hi)
		}
		return all
	case stepCeilDiv:
		// (a + b - 1) / b is monotone in each operand for b > 0
		if y.lo >= 1 {
			f := func(a, b int64) int64 { return (a + b - 1) / b }
			return span(f(x.lo, y.lo), f(x.lo, y.hi), f(x.hi, y.lo), f(x.hi, y.hi))
		}
		return ival{-mag - 2, mag + 2} // |a + b - 1| / |b| <= |a| + 2
	case stepRem:
		if x.lo >= 0 && y.lo >= 1 {
			return ival{0, min(x.hi, y.hi-1)}
		}
		return all
	case stepMin:
		return ival{min(x.lo, y.lo), min(x.hi, y.hi)}
	case stepAbs:
		switch {
		case x.lo >= 0:
			return x
		case x.hi <= 0:
			return ival{-x.hi, -x.lo}
		}
		return ival{0, mag}
	case stepSgn:
		return ival{sgnInt64(x.lo), sgnInt64(x.hi)}
	}
	return all
}

// sameAs returns the operand register (a or b) whose value op(a, b) is
// for every a in x and b in y, or -1.
func sameAs(op stepOp, a, b int32, x, y ival) int32 {
	switch op {
	case stepAbs:
		if x.lo >= 0 {
			return a
		}
	case stepMul:
		if y.is(1) {
			return a
		}
		if x.is(1) {
			return b
		}
	case stepQuo, stepCeilDiv: // ceil_div(a, 1) = a + 1 - 1: no overflow here
		if y.is(1) {
			return a
		}
	case stepMin:
		if x.hi <= y.lo {
			return a
		}
		if y.hi <= x.lo {
			return b
		}
	case stepAdd:
		if y.is(0) {
			return a
		}
		if x.is(0) {
			return b
		}
	case stepSub:
		if y.is(0) {
			return a
		}
	}
	return -1
}

// makePos sets p.posBelow and p.out[pos] (see above) from the trace t,
// once p.code, p.out[fast] and fastBelow are set: result, base, first and
// outs are those of p.code's allocation, p.nodes and roots the output
// nodes in trace registers.
func (p *plan) makePos(t *tracer, result []bool, base []int, first int, roots [2]outNode, outs []int32) {
	if p.fastBelow == 0 {
		return
	}
	// the trace is in SSA form (each step writes a register of its own):
	// a step left out is replaced by the register its value equals
	rng := make([]ival, len(t.init)) // the values each trace register holds
	for r := 1; r <= p.nin; r++ {
		rng[r] = ival{1, int64(p.fastBelow)}
	}
	for r := p.nin + 1; r < len(t.init); r++ {
		if !result[r] {
			rng[r] = ival{t.init[r], t.init[r]}
		}
	}
	src := make([]int32, len(t.init)) // the register holding r's value
	for r := range src {
		src[r] = int32(r)
	}
	var code []traceStep
	var divisors []ival // the divisor's values, for each step of code
	for _, s := range t.code {
		a, b := src[s.a], src[s.b]
		x, y := rng[a], rng[b]
		rng[s.d] = stepRange(s.op, x, y)
		if same := sameAs(s.op, a, b, x, y); same >= 0 {
			src[s.d] = same
			continue
		}
		code = append(code, traceStep{op: s.op, d: s.d, a: a, b: b})
		divisors = append(divisors, y)
	}
	posOuts := make([]int32, len(outs))
	for i, r := range outs {
		posOuts[i] = src[r]
	}
	steps, to, nregs := allocate(code, result, base, first, posOuts)
	if nregs > maxRegs {
		return
	}
	p.nregs = max(p.nregs, nregs)
	p.posBelow = p.fastBelow
	o := &p.out[pos]
	o.output(p.nodes, roots, func(r int32) int { return to[src[r]] })
	o.steps = neededSteps(steps, outRegs(o, p.nregs), func(i int, s planStep) bool {
		return divides(s.op) && divisors[i].lo <= 0 && divisors[i].hi >= 0
	})
}
