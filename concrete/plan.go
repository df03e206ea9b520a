package concrete

import (
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/cutealg/cutealg/internal/tuple"
)

// Plans: the structure of a result decided once per operand type.
//
// CuTe decides the structure of a result at compile time, from the types of
// its operands: their tree shapes, their static values and which integers
// are dynamic; the dynamic values only flow through arithmetic. The
// transcriptions of this package take the same decisions at run time. A
// plan records them once per operand type, so that later calls with other
// dynamic values only redo the arithmetic. (Below, "the engine" is the
// plain transcription of an operation, layoutOp.compute.)
//
// A plan is made by tracing: the operation's transcription, which is
// generic over its integer type (integer, int.go), runs once instantiated
// on the planner's integer type tInt, on copies of the operands whose
// dynamic integers carry plan registers (tagger, instantiated, traceRun).
// Each arithmetic method of tInt that computes a dynamic value from a
// traced operand appends a step (primitive, operand registers, result
// register; untraced operands become constant registers), and the traced
// result
// becomes the plan's output template: its tree structure, and for every
// leaf a register and the static flag. Replaying a plan loads the dynamic
// values of the operands into registers 1..n, runs every recorded step with
// the same checked int64 primitives in the same order (so overflow and
// division by zero fail as, and where, the engine fails: no step is
// dropped, not even one whose value is unused), and writes the template.
// Where interval arithmetic shows that no step can overflow for operands
// of magnitude at most 2^k, the plan also has an unchecked version of its
// steps for such operands, without the steps whose value is unused and
// which cannot divide by zero, and a second one for operands in [1, 2^k],
// without the steps that are identities there (see planOut and
// planpos.go).
//
// Soundness rests on one invariant: a transcription reads the value of a
// traced integer only through tInt.val and tInt.plainTuple, which taint the
// trace. The type system keeps it: generic code can reach an I only
// through the methods of integer, it cannot compare I values with ==, use
// them as map keys or switch on them, and the other methods read only the
// static part (IsConst, isStatic, staticEq) or compute (the arithmetic). A
// trace that took a decision on a dynamic value (or failed other than by an
// arithmetic fault, or outgrew the limits below) gives a plan that says
// "run the engine" for its key; a trace whose values overflow or divide by
// zero stores nothing. The key holds everything else the engine reads: the
// operation, the tree structure of every operand, every static value, and
// where the dynamic values are.
//
// Plans are used only by calls without post-condition checks (neither
// StrictMode nor CollectWarnings/CollectViolations: the checks examine the
// dynamic values) and without NoPlanner. The cache is shared by all
// goroutines and bounded (maxPlans plans, then it starts over); one
// goroutine traces at a time (others run the transcription meanwhile), and
// plans are immutable once made. A Workspace holds the register file of
// its calls' replays, never cleared: every step list reads only registers
// it set (checked for every plan the tests make).
//
// The planner is a layer over the transcriptions: it sees an operation
// only as a layoutOp (the exported function calls layoutOp.compute, the
// transcription on Int) and as the instantiation of the same transcription
// on tInt that instantiated holds, and the transcriptions know nothing of
// it: Int, Bool and the arithmetic of int.go carry no trace state.
//
// Its tests compare it with the plain transcription (NoPlanner):
// TestVectorsWithoutChecks on the CuTe vectors, TestPlanReplayOtherValues
// and TestPlanLaneAgainstEngine on generated operand types and values.

// Limits of the plan cache: operands with more key words or dynamic values,
// and traces with more registers, run the engine instead. When the cache
// holds maxPlans plans it starts over empty.
const (
	maxKey   = 64
	maxRegs  = 64 // a power of two: register numbers are masked with maxRegs-1
	maxPlans = 4096
)

// run is how the exported operations of a layoutOp compute op on x into
// *dst with the options opts, returning the error of the operation (named
// op.name). The common case - checks not wanted, the plan this
// operation used last matches, its unchecked steps apply and divide by no
// zero - cannot fail, and is taken without guard (the deferred recover and
// the closure call are a tenth of a small replay) and without a calc (only
// the workspace matters there); everything else runs planned through
// guard.
func run(op *layoutOp, dst *Layout, x *operands, opts []Option) error {
	var ws *Workspace
	for i := range opts {
		// (an option with a workspace sets nothing else, see Option)
		if ws = opts[i].ws; ws == nil {
			goto guarded
		}
	}
	if p := plans.last[op.id].Load(); p != nil && p.replayMatching(ws, dst, x, true) {
		return nil
	}
guarded:
	var c calc
	c.apply(opts)
	return guard(op.name, func() { c.planned(dst, op, x) })
}

// planned runs operation op on x into *dst through the plan cache: the
// plan of the operands' key is replayed, made first if there is none yet.
// Calls with checks or NoPlanner, operands beyond the limits and operands
// whose plan says so run the transcription (layoutOp.compute).
func (c *calc) planned(dst *Layout, op *layoutOp, x *operands) {
	if !checksWanted(c) && !c.noPlan {
		// the plan this operation used last, matched without building the
		// key (a loop calls one operation on one operand type)
		if p := plans.last[op.id].Load(); p != nil && p.replayMatching(c.ws, dst, x, false) {
			return
		}
		if c.plannedByKey(dst, op, x) {
			return
		}
	}
	*dst = op.compute(c, x)
}

// replayMatching replays p when x has p's key: it computes the plan's
// result, stores it in *dst and reports true. It compares x with p's
// operands (those it was traced with), loading the dynamic values as it
// goes: for the plan used last this needs no key. A fault panics as in the
// engine, except with safe set: then replayMatching writes nothing to *dst
// and reports false where it would need the checked steps or would divide
// by zero. (The matching, the steps and the writing of the result are one
// function: a replay is short, and calls were a tenth of it.)
func (p *plan) replayMatching(ws *Workspace, dst *Layout, x *operands, safe bool) bool {
	if p.engine {
		return false
	}
	r := ws.registers(p)
	m := matcher{regs: r}
	if !m.args(x, &p.args) {
		return false
	}
	mag := m.mag
	const mask = maxRegs - 1
	_ = r[0] // (r is not nil: no check in the loops)
	o := &p.out[fast]
	if mag < p.posBelow { // (see matcher.mag)
		o = &p.out[pos]
	}
	if mag&^posBit >= p.fastBelow {
		if safe {
			return false
		}
		ws.loadConsts(p, r)
		p.run(r)
	} else {
		ws.loadConsts(p, r)
		// o.steps (see planOut): the arithmetic of run, unchecked
		// where it cannot fail, up to a step that would divide by zero.
		// (Each case stores its own result: with one store after the
		// switch, Go shuffles registers in every case.)
		for _, w := range o.steps {
			a, b, d := r[w>>16&mask], r[w>>26], w>>8&mask
			switch stepOp(w) {
			case stepAdd:
				r[d] = a + b
			case stepSub:
				r[d] = a - b
			case stepMul:
				r[d] = a * b
			case stepQuo:
				if b == 0 {
					goto zero
				}
				r[d] = quoSmall(a, b)
			case stepRem:
				if b == 0 {
					goto zero
				}
				r[d] = remInt64(a, b)
			case stepCeilDiv:
				if b == 0 {
					goto zero
				}
				r[d] = quoSmall(a+b-1, b) // as in iceilDiv
			case stepMin:
				r[d] = min(a, b)
			case stepAbs:
				r[d] = max(a, -a)
			case stepSgn:
				r[d] = sgnInt64(a)
			}
		}
	}
	// the result, whose leaves are in the registers
write:
	if p.size > 0 {
		ns := ws.nodes(p.size)
		for _, l := range o.leaves {
			ns[l.at] = leaf(Int{V: r[l.reg&mask], Static: l.static})
		}
		for _, t := range p.tuples {
			ns[t.at] = tup(ns[t.kid : t.kid+t.n : t.kid+t.n]...)
		}
		dst.Shape, dst.Stride = o.roots[0].tree(ns, r), o.roots[1].tree(ns, r)
	} else {
		dst.Shape, dst.Stride = o.roots[0].tree(nil, r), o.roots[1].tree(nil, r)
	}
	return true
zero:
	if safe {
		return false
	}
	// the checked steps fail at the same step, with the engine's fault (a
	// step writes neither an operand's register nor a constant's, and
	// every step of code that fast or pos leaves out has a divisor that is
	// not zero and cannot overflow)
	p.run(r)
	o = &p.out[fast]
	goto write
}

// plannedByKey is planned for a call whose key is not that of the last
// plan: it builds the key, looks it up and makes the plan if there is none.
// It reports whether it stored the result.
func (c *calc) plannedByKey(dst *Layout, op *layoutOp, x *operands) bool {
	var k [maxKey]uint64
	var w keyWriter
	w.key, w.n, w.ok = &k, 1, true
	k[0] = uint64(op.id)
	w.args(x)
	if !w.ok {
		return false
	}
	key := k[:w.n]
	p := plans.find(op, key)
	if p == nil {
		p = makePlan(op, x, key, w.nin)
	}
	return p != nil && p.replayMatching(c.ws, dst, x, false)
}

// Key words: a kind in the top byte, a count or a tiler kind below. A static
// integer is followed by a word holding its value.
const (
	keyTuple   uint64 = 1 << 56 // | number of elements
	keyStatic  uint64 = 2 << 56 // followed by the value
	keyDynamic uint64 = 3 << 56 // the value is the next dynamic one
	keyTiler   uint64 = 4 << 56 // | TilerKind
)

// keyWriter writes the key of a call's operands into key[n:], counting
// their dynamic values in nin, walking each operand in preorder (a
// layout's shape, then its stride; a tiler's elements in order). ok turns
// false when the operands do not fit the limits, or an integer is traced
// (a plan is being made: the call must trace through the engine, not
// replay). The order of the dynamic values is that of matcher and tagger.
type keyWriter struct {
	key    *[maxKey]uint64
	n, nin int
	ok     bool
}

func (w *keyWriter) put(x uint64) {
	if w.n == maxKey {
		w.ok = false
		return
	}
	w.key[w.n] = x
	w.n++
}

func (w *keyWriter) args(x *operands) {
	w.layout(x.a)
	if x.b != nil {
		w.layout(x.b)
	}
	if x.t != nil {
		w.tiler(x.t)
	}
	if x.m != nil {
		w.tuple(x.m)
	}
}

func (w *keyWriter) layout(l *Layout) {
	w.tuple(&l.Shape)
	w.tuple(&l.Stride)
}

func (w *keyWriter) tuple(t *IntTuple) {
	if !t.IsLeaf() {
		ks := t.Kids()
		w.put(keyTuple | uint64(len(ks)))
		for i := range ks {
			w.tuple(&ks[i])
		}
		return
	}
	w.int(t.Leaf())
}

func (w *keyWriter) int(i *Int) {
	if i.Static {
		w.put(keyStatic)
		w.put(uint64(i.V))
		return
	}
	if w.nin == maxRegs-1 {
		w.ok = false
		return
	}
	w.nin++
	w.put(keyDynamic)
}

func (w *keyWriter) tiler(t *Tiler) {
	if !t.IsLeaf() {
		ks := t.Kids()
		w.put(keyTuple | uint64(len(ks)))
		for i := range ks {
			w.tiler(&ks[i])
		}
		return
	}
	lf := t.Leaf()
	w.put(keyTiler | uint64(lf.Kind))
	switch lf.Kind {
	case TileLayout:
		w.layout(&lf.Layout)
	case TileInt:
		w.int(&lf.Int)
	}
}

// matcher compares a call's operands with those a plan was traced with
// (the operands' type is the same when the trees have the same structure,
// the same static flags and the same static values) and loads the dynamic
// values into regs[1:], nin of them so far, in the order of keyWriter.
// (It walks the traced copies rather than the key words: that is quicker.)
// regs has room for the plan's dynamic values: a dynamic value is loaded
// only where the traced copy has one, so at most nin of the plan are.
type matcher struct {
	regs *[maxRegs]int64
	nin  int
	// mag is the bitwise or of a word for each value v: v-1 for v >= 1,
	// posBit | -v for v <= 0 (w ^ w>>63>>>1 for w = v-1, without a branch;
	// MinInt64, for which v-1 wraps, gives MaxInt64). So mag&^posBit < 2^k
	// implies |v| <= 2^k for every value, and mag < 2^k implies that every
	// v is in [1, 2^k].
	mag uint64
}

func (m *matcher) args(x *operands, k *tOperands) bool {
	// the layouts a and b; a layout s:d, and the leaf m, are matched
	// without a call (the common cases of small operations)
	var ok bool
	xl, kl := x.a, k.a
	for range 2 {
		if xl.Shape.Arity()|xl.Stride.Arity()|kl.Shape.Arity()|kl.Stride.Arity() == 0 {
			if m.nin, m.mag, ok = matchInt(xl.Shape.Leaf(), kl.Shape.Leaf(), m.regs, m.nin, m.mag); !ok {
				return false
			}
			if m.nin, m.mag, ok = matchInt(xl.Stride.Leaf(), kl.Stride.Leaf(), m.regs, m.nin, m.mag); !ok {
				return false
			}
		} else if !m.tuple(&xl.Shape, &kl.Shape) || !m.tuple(&xl.Stride, &kl.Stride) {
			return false
		}
		if xl, kl = x.b, k.b; xl == nil {
			break
		}
	}
	if x.t != nil && !m.tiler(x.t, k.t) {
		return false
	}
	if x.m == nil {
		return true
	}
	if x.m.Arity()|k.m.Arity() == 0 {
		m.nin, m.mag, ok = matchInt(x.m.Leaf(), k.m.Leaf(), m.regs, m.nin, m.mag)
		return ok
	}
	return m.tuple(x.m, k.m)
}

func (m *matcher) layout(x *Layout, k *layoutOf[tInt]) bool {
	return m.tuple(&x.Shape, &k.Shape) && m.tuple(&x.Stride, &k.Stride)
}

func (m *matcher) tuple(x *IntTuple, k *tuple.T[tInt]) bool {
	n := x.Arity()
	if n != k.Arity() {
		return false
	}
	if n == 0 { // (m.int, written out: it is just over the inlining budget)
		var ok bool
		m.nin, m.mag, ok = matchInt(x.Leaf(), k.Leaf(), m.regs, m.nin, m.mag)
		return ok
	}
	xs, ks := x.Kids(), k.Kids()
	ks = ks[:len(xs)]
	// the state in locals, which stay in registers through the leaves
	regs, nin, mag := m.regs, m.nin, m.mag
	for i := range xs {
		a, b := &xs[i], &ks[i]
		if a.Arity()|b.Arity() == 0 { // two leaves, the common case: no call
			var ok bool
			if nin, mag, ok = matchInt(a.Leaf(), b.Leaf(), regs, nin, mag); !ok {
				return false
			}
			continue
		}
		m.nin, m.mag = nin, mag
		if !m.tuple(a, b) {
			return false
		}
		nin, mag = m.nin, m.mag
	}
	m.nin, m.mag = nin, mag
	return true
}

func (m *matcher) int(x *Int, k *tInt) bool {
	var ok bool
	m.nin, m.mag, ok = matchInt(x, k, m.regs, m.nin, m.mag)
	return ok
}

// matchInt is matcher.int on a matcher's state nin and mag: it returns their
// new values and whether x matches k.
func matchInt(x *Int, k *tInt, regs *[maxRegs]int64, nin int, mag uint64) (int, uint64, bool) {
	if x.Static {
		return nin, mag, k.Static && x.V == k.V
	}
	if k.Static {
		return nin, mag, false
	}
	nin++
	regs[nin&(maxRegs-1)] = x.V // (nin < maxRegs: see matcher)
	w := x.V - 1                // (see matcher.mag)
	return nin, mag | (uint64(w) ^ uint64(w>>63)>>1), true
}

func (m *matcher) tiler(x *Tiler, k *tuple.T[tTilerLeaf]) bool {
	if !x.IsLeaf() {
		xs, ks := x.Kids(), k.Kids()
		if k.IsLeaf() || len(xs) != len(ks) {
			return false
		}
		for i := range xs {
			// a layout a:b with a leaf shape and stride, the common
			// element (<3:4,8:2>): matched without a call
			if xa, ka := xs[i].Leaf(), ks[i].Leaf(); xs[i].IsLeaf() && ks[i].IsLeaf() &&
				xa.Kind == TileLayout && ka.Kind == TileLayout &&
				xa.Layout.Shape.Arity()|ka.Layout.Shape.Arity()|xa.Layout.Stride.Arity()|ka.Layout.Stride.Arity() == 0 {
				var ok bool
				if m.nin, m.mag, ok = matchInt(xa.Layout.Shape.Leaf(), ka.Layout.Shape.Leaf(), m.regs, m.nin, m.mag); !ok {
					return false
				}
				if m.nin, m.mag, ok = matchInt(xa.Layout.Stride.Leaf(), ka.Layout.Stride.Leaf(), m.regs, m.nin, m.mag); !ok {
					return false
				}
				continue
			}
			if !m.tiler(&xs[i], &ks[i]) {
				return false
			}
		}
		return true
	}
	a, b := x.Leaf(), k.Leaf()
	if !k.IsLeaf() || a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case TileLayout:
		return m.layout(&a.Layout, &b.Layout)
	case TileInt:
		return m.int(&a.Int, &b.Int)
	}
	return true
}

// plan is the recorded structure of one operation for one key.
type plan struct {
	key    string    // the key words (see keyWriter), as bytes
	args   tOperands // the operands the plan was traced with (see matcher)
	engine bool      // no plan: calls with this key run the engine
	nin    int       // the operands' dynamic values are registers 1..nin
	nregs  int       // the registers used (register 0 included)
	init   []int64
	code   []planStep
	// fastBelow and posBelow select which of out a call takes (see
	// replayMatching and matcher.mag): out[fast] when the bitwise or of
	// the values' magnitudes is below fastBelow (0: never), out[pos] when
	// moreover every value is at least 1 (posBelow is fastBelow then, or 0
	// when the plan has no out[pos]; see planpos.go).
	fastBelow, posBelow uint64
	out                 [2]planOut
	size                int // the number of the result's tree nodes below the roots
	tuples              []outTuple
	nodes               []outNode // the result's nodes, while the plan is made
}

// Which of a plan's out a call takes.
const (
	fast = iota
	pos
)

// planOut is one way to compute a plan's result: unchecked steps (packed,
// see planStep.packed) and the registers from which the result's leaf
// nodes and roots take their values. It serves calls whose operand values
// are small (out[fast]: no step can overflow, so the arithmetic is
// unchecked except for division by zero, and the steps whose value is not
// needed are dropped unless they divide by a value that may be zero: the
// failures and their order stay those of code), or small and at least 1
// (out[pos], see planpos.go). The checked steps (plan.code) leave the
// values where out[fast] reads them.
type planOut struct {
	steps  []uint32
	roots  [2]outNode // the result's shape and stride
	leaves []outLeaf  // the leaf nodes below them
}

// planStep is one recorded arithmetic step: regs[d] = op(regs[a], regs[b]).
type planStep struct {
	op      stepOp
	d, a, b uint8
}

// packed is s as one word: op in bits 0-7, d in 8-13, a in 16-21 and b in
// 26-31 (registers are below maxRegs = 64). The replay loop reads a step
// with one load (from a planStep, Go loads each field through its own
// address), and the register numbers come out below 64 by a mask or a
// shift, with no bounds check.
func (s planStep) packed() uint32 {
	return uint32(s.op) | uint32(s.d)<<8 | uint32(s.a)<<16 | uint32(s.b)<<26
}

// stepOp is the int64 primitive of a step: that of the Int helper of
// int.go that recorded it.
type stepOp uint8

const (
	stepAdd stepOp = iota
	stepSub
	stepMul
	stepQuo
	stepRem
	stepCeilDiv
	stepMin
	stepAbs
	stepSgn
)

// outNode is a node of a plan's result: a leaf (n < 0) holding the value of
// register reg, or a tuple of the n result nodes starting at kid.
type outNode struct {
	n, kid int32
	reg    int32
	static bool
}

// quoSmall is quoInt64 (b != 0) with a 32-bit division where a and b are
// both in [0, 2^32): it is a third quicker, and the values of plans mostly
// are.
func quoSmall(a, b int64) int64 {
	if (uint64(a)|uint64(b))>>32 == 0 {
		return int64(uint32(a) / uint32(b))
	}
	return quoInt64(a, b)
}

// run runs p.code, every step checked.
func (p *plan) run(r *[maxRegs]int64) {
	for _, s := range p.code {
		a, b := r[s.a], r[s.b]
		var v int64
		switch s.op {
		case stepAdd:
			v = addInt64(a, b)
		case stepSub:
			v = subInt64(a, b)
		case stepMul:
			v = mulInt64(a, b)
		case stepQuo:
			v = quoInt64(a, b)
		case stepRem:
			v = remInt64(a, b)
		case stepCeilDiv:
			v = quoInt64(subInt64(addInt64(a, b), 1), b) // as in iceilDiv
		case stepMin:
			v = min(a, b)
		case stepAbs:
			v = absInt64(a)
		case stepSgn:
			v = sgnInt64(a)
		}
		r[s.d] = v
	}
}

// outLeaf and outTuple are the nodes of a plan's result below its roots:
// node at is a leaf holding register reg, or the tuple of the n nodes from
// kid. (Two lists rather than one of outNode: the replay writes each kind
// in a loop without a branch per node.)
type outLeaf struct {
	at, reg int32
	static  bool
}

type outTuple struct{ at, kid, n int32 }

// tree is the result tree of o, whose elements are in ns.
func (o *outNode) tree(ns []IntTuple, r *[maxRegs]int64) IntTuple {
	if o.n < 0 {
		return leaf(Int{V: r[o.reg&(maxRegs-1)], Static: o.static})
	}
	return tup(ns[o.kid : o.kid+o.n : o.kid+o.n]...)
}

// planCache holds the plans: a map by key, and the plan each operation
// used last (checked first: a loop calls one operation on one operand type).
type planCache struct {
	mu   sync.RWMutex
	m    map[string]*plan
	last [maxLayoutOps]atomic.Pointer[plan]
}

var plans planCache

// keyBytes views key as its bytes (no copy).
func keyBytes(key []uint64) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(key))), len(key)*8)
}

// find returns the plan of key, or nil.
func (pc *planCache) find(op *layoutOp, key []uint64) *plan {
	kb := keyBytes(key)
	if p := pc.last[op.id].Load(); p != nil && p.key == string(kb) {
		return p
	}
	pc.mu.RLock()
	p := pc.m[string(kb)]
	pc.mu.RUnlock()
	if p != nil {
		pc.last[op.id].Store(p)
	}
	return p
}

// add stores p (starting over when the cache is full).
func (pc *planCache) add(op *layoutOp, p *plan) {
	pc.mu.Lock()
	if pc.m == nil || len(pc.m) >= maxPlans {
		pc.m = make(map[string]*plan)
	}
	pc.m[p.key] = p
	pc.mu.Unlock()
	pc.last[op.id].Store(p)
}

// The trace in progress (nil when none): set and cleared under traceMu by
// makePlan. Only the tracing goroutine holds traced integers, so only it
// reaches traced and taint, which use it.
var (
	traceMu sync.Mutex
	tracing *tracer
)

// tracer records the steps of a trace.
type tracer struct {
	init    []int64 // the value of each register (constants; 0 for the others)
	code    []traceStep
	consts  map[int64]int32    // the register of each constant
	seen    map[[3]int32]int32 // the result register of each step
	tainted bool               // a traced value was read outside the arithmetic
}

// traceStep is a step of a trace, before its registers are renumbered.
type traceStep struct {
	op      stepOp
	d, a, b int32
}

// reg returns a new register holding v initially.
func (t *tracer) reg(v int64) int32 {
	t.init = append(t.init, v)
	return int32(len(t.init) - 1)
}

// operand returns the register of an operand: its own if traced, else that
// of the constant it is.
func (t *tracer) operand(i tInt) int32 {
	if i.reg != 0 {
		return i.reg
	}
	r, ok := t.consts[i.V]
	if !ok {
		r = t.reg(i.V)
		t.consts[i.V] = r
	}
	return r
}

// traced records the step op(a, b) whose result is r (for a unary op, b is
// a) and returns r's register; a static result is a constant and gets none.
// A step that is an identity is not recorded: its result is the register of
// its traced operand. Called by tInt's arithmetic when an operand is
// traced.
func traced(op stepOp, a, b tInt, r Int) int32 {
	if r.Static {
		return 0
	}
	if x := identity(op, a, b); x != 0 {
		return x
	}
	t := tracing
	x, y := t.operand(a), t.operand(b)
	// the same step again is the same value (and, had it failed, the
	// first one would have)
	k := [3]int32{int32(op), x, y}
	if d, ok := t.seen[k]; ok {
		return d
	}
	d := t.reg(0)
	t.seen[k] = d
	t.code = append(t.code, traceStep{op: op, d: d, a: x, b: y})
	return d
}

// identity returns the register of the traced operand x when op(a, b) is
// x whatever x is, because the other operand is a constant (the same for
// every call of the plan) neutral for op: x*1, 1*x, x/1, x+0, 0+x, x-0. None
// of these can fail. (ceil_div(x, 1) is not among them: its x + 1 - 1
// overflows for the largest x, as in the engine.) It returns 0 for any
// other step.
func identity(op stepOp, a, b tInt) int32 {
	is := func(i tInt, v int64) bool { return i.reg == 0 && i.V == v }
	switch op {
	case stepMul:
		if is(b, 1) {
			return a.reg
		}
		if is(a, 1) {
			return b.reg
		}
	case stepAdd:
		if is(b, 0) {
			return a.reg
		}
		if is(a, 0) {
			return b.reg
		}
	case stepQuo:
		if is(b, 1) {
			return a.reg
		}
	case stepSub:
		if is(b, 0) {
			return a.reg
		}
	}
	return 0
}

// tInt is the integer the planner traces the transcriptions with (see
// integer in int.go): an Int and, for a dynamic value computed from the
// operands, the register that holds it in the trace (0 for the others). Its
// arithmetic is Int's, and records a step of the trace when an operand is
// traced (see traced). A static result is never traced: it depends on static
// operands only, which are part of the plan's key (the static-zero rules give
// 0 whatever the dynamic operand is).
type tInt struct {
	Int
	reg int32
}

func (tInt) constant(v int64) tInt { return tInt{Int: S(v)} }
func (a tInt) add(b tInt) tInt     { return a.step(stepAdd, b, iadd(a.Int, b.Int)) }
func (a tInt) sub(b tInt) tInt     { return a.step(stepSub, b, isub(a.Int, b.Int)) }
func (a tInt) mul(b tInt) tInt     { return a.step(stepMul, b, imul(a.Int, b.Int)) }
func (a tInt) quo(b tInt) tInt     { return a.step(stepQuo, b, idiv(a.Int, b.Int)) }
func (a tInt) rem(b tInt) tInt     { return a.step(stepRem, b, imod(a.Int, b.Int)) }
func (a tInt) ceilDiv(b tInt) tInt { return a.step(stepCeilDiv, b, iceilDiv(a.Int, b.Int)) }
func (a tInt) min(b tInt) tInt     { return a.step(stepMin, b, imin(a.Int, b.Int)) }
func (a tInt) abs() tInt           { return a.step(stepAbs, a, iabs(a.Int)) }
func (a tInt) signum() tInt        { return a.step(stepSgn, a, isignum(a.Int)) }

// staticEq reads only the static values (those of the plan's key).
func (a tInt) staticEq(b tInt) bool { return a.Int.staticEq(b.Int) }

// step is r = op(a, b) (b is a for a unary op) as a tInt, recorded in the
// trace when a or b is traced.
func (a tInt) step(op stepOp, b tInt, r Int) tInt {
	t := tInt{Int: r}
	if a.reg|b.reg != 0 {
		t.reg = traced(op, a, b, r)
	}
	return t
}

// val reads a's value for a decision: reading a traced value taints the
// trace (the plan would not take the decision again for other values).
func (a tInt) val() int64 {
	if a.reg != 0 {
		tracing.tainted = true
	}
	return a.V
}

// plainTuple is t with the Ints of its leaves. The values leave the trace:
// it is tainted (the transcriptions convert only for their checks, which a
// trace does not run, and on the way to an error).
func (tInt) plainTuple(t tuple.T[tInt]) IntTuple {
	tracing.tainted = true
	return tuple.Map(t, func(i tInt) Int { return i.Int })
}

// tTilerLeaf is a leaf of a traced tiler (see tilerLeaf): TilerLeaf over
// tInt.
type tTilerLeaf struct {
	Kind   TilerKind
	Layout layoutOf[tInt]
	Int    tInt
}

func (l tTilerLeaf) kind() TilerKind        { return l.Kind }
func (l tTilerLeaf) layout() layoutOf[tInt] { return l.Layout }
func (l tTilerLeaf) integer() tInt          { return l.Int }

// tOperands are the operands of a traced call: those of operands, over tInt.
type tOperands struct {
	a, b *layoutOf[tInt]
	t    *tuple.T[tTilerLeaf]
	m    *tuple.T[tInt]
}

// instantiated holds, for each layoutOp, its transcription instantiated on
// tInt: a trace runs it (traceRun). (It takes the operands by value: what a
// function value is given by pointer escapes to the heap.)
var instantiated [maxLayoutOps]func(x tOperands) layoutOf[tInt]

func init() {
	var c calc // (no checks: a trace runs none)
	byLayouts := func(f func(c *calc, a, b layoutOf[tInt]) layoutOf[tInt]) func(x tOperands) layoutOf[tInt] {
		return func(x tOperands) layoutOf[tInt] { return f(&c, *x.a, *x.b) }
	}
	byTiler := func(f func(c *calc, a layoutOf[tInt], t tuple.T[tTilerLeaf]) layoutOf[tInt]) func(x tOperands) layoutOf[tInt] {
		return func(x tOperands) layoutOf[tInt] { return f(&c, *x.a, *x.t) }
	}
	instantiated[coalesceOp.id] = func(x tOperands) layoutOf[tInt] { return coalesce(*x.a) }
	instantiated[filterOp.id] = func(x tOperands) layoutOf[tInt] { return filter(*x.a) }
	instantiated[complementOp.id] = func(x tOperands) layoutOf[tInt] { return complementWith(&c, *x.a, *x.m, complementAll) }
	instantiated[complementDefaultOp.id] = func(x tOperands) layoutOf[tInt] { return complementDefault(&c, *x.a) }
	instantiated[compositionOp.id] = byLayouts(composition)
	instantiated[logicalDivideOp.id] = byLayouts(logicalDivide)
	instantiated[logicalProductOp.id] = byLayouts(logicalProduct)
	instantiated[blockedProductOp.id] = byLayouts(blockedProduct)
	instantiated[rakedProductOp.id] = byLayouts(rakedProduct)
	instantiated[compositionTilerOp.id] = byTiler(compositionTiler)
	instantiated[logicalDivideTilerOp.id] = byTiler(logicalDivideTiler)
	instantiated[zippedDivideOp.id] = byTiler(zippedDivide)
	instantiated[tiledDivideOp.id] = byTiler(tiledDivide)
	instantiated[flatDivideOp.id] = byTiler(flatDivide)
	instantiated[logicalProductTilerOp.id] = byTiler(logicalProductTiler)
	instantiated[zippedProductOp.id] = byTiler(zippedProduct)
	instantiated[tiledProductOp.id] = byTiler(tiledProduct)
	instantiated[flatProductOp.id] = byTiler(flatProduct)
}

// makePlan traces operation op on x, whose key is key with nin dynamic
// values, and stores and returns the plan; nil when another goroutine is
// tracing.
func makePlan(op *layoutOp, x *operands, key []uint64, nin int) *plan {
	if !traceMu.TryLock() {
		return nil
	}
	defer traceMu.Unlock()
	t := &tracer{init: make([]int64, nin+1), consts: make(map[int64]int32), seen: make(map[[3]int32]int32)}
	var g tagger
	tx := tOperands{a: g.layout(x.a)}
	if x.b != nil {
		tx.b = g.layout(x.b)
	}
	if x.t != nil {
		tt := g.tiler(*x.t)
		tx.t = &tt
	}
	if x.m != nil {
		tm := g.tuple(*x.m)
		tx.m = &tm
	}
	tracing = t
	res, failed := traceRun(op, x, &tx)
	tracing = nil
	if failed == traceFault {
		// the values of this call overflow or divide by zero: others of
		// the type may not, so nothing is stored (the engine gives this
		// call's error)
		return nil
	}
	p := &plan{key: string(keyBytes(key)), args: tx, nin: nin, engine: true}
	if failed == traceOK && !t.tainted && int(g.n) == nin {
		p.engine = !p.finish(t, [2]outNode{p.outNode(t, res.Shape), p.outNode(t, res.Stride)})
	}
	plans.add(op, p)
	return p
}

// How a traced run ended: with a result, an arithmetic fault (which depends
// on the dynamic values) or another error (which does not: a decision on a
// dynamic value taints the trace).
const (
	traceOK = iota
	traceFault
	traceError
)

// traceRun runs op's transcription, instantiated on tInt, on the traced
// operands tx of the call's operands x (refused as layoutOp.compute refuses
// them).
func traceRun(op *layoutOp, x *operands, tx *tOperands) (res layoutOf[tInt], failed int) {
	err := guard("", func() {
		requireOperands(x)
		res = instantiated[op.id](*tx)
	})
	if err == nil {
		return res, traceOK
	}
	// only the arithmetic faults make errors of these kinds (arithFault.err)
	if k := err.(*Error).Kind; k == Overflow || k == DivByZero {
		return res, traceFault
	}
	return res, traceError
}

// finish makes p's steps and output from the trace t and the roots of its
// result (see outNode): registers are renumbered (operands' values 1..nin, then the constants,
// then the steps' results, a register being reused once its value is
// dead). It reports false when the plan needs more registers than a replay
// has.
func (p *plan) finish(t *tracer, roots [2]outNode) bool {
	// which trace registers are step results
	n := len(t.init)
	result := make([]bool, n)
	for _, s := range t.code {
		result[s.d] = true
	}
	// the new numbering of the operands and constants: first
	base := make([]int, n)
	first := p.nin + 1
	for r := p.nin + 1; r < n; r++ {
		if !result[r] {
			base[r] = first
			p.init = append(p.init, t.init[r])
			first++
		}
	}
	for r := 1; r <= p.nin; r++ {
		base[r] = r
	}
	// the trace registers the output reads
	var outs []int32
	for _, o := range append(p.nodes, roots[:]...) {
		if o.n < 0 {
			outs = append(outs, o.reg)
		}
	}
	code, to, nregs := allocate(t.code, result, base, first, outs)
	if nregs > maxRegs {
		return false
	}
	p.code, p.nregs = code, nregs
	p.out[fast].output(p.nodes, roots, func(r int32) int { return to[r] })
	p.size = len(p.nodes)
	for i, o := range p.nodes {
		if o.n >= 0 {
			p.tuples = append(p.tuples, outTuple{at: int32(i), kid: o.kid, n: o.n})
		}
	}
	p.makeFast()
	p.makePos(t, result, base, first, roots, outs)
	p.nodes = nil
	return true
}

// allocate numbers the registers of code (trace steps; result marks the
// trace registers that steps of the whole trace write): the operands and
// constants as base says (below first), the steps' results from first on,
// a register being reused once its value is dead. outs are the trace
// registers the output reads. It returns the steps, the numbering and the
// number of registers used.
func allocate(code []traceStep, result []bool, base []int, first int, outs []int32) ([]planStep, []int, int) {
	// the last step reading each trace register (len(code) for the
	// output's)
	last := make([]int, len(base))
	for i := range last {
		last[i] = -1
	}
	for i, s := range code {
		last[s.a], last[s.b] = i, i
	}
	for _, r := range outs {
		last[r] = len(code)
	}
	to := append([]int(nil), base...)
	next := first
	var free []int
	var steps []planStep
	for i, s := range code {
		st := planStep{op: s.op, a: uint8(to[s.a]), b: uint8(to[s.b])}
		for _, o := range [2]int32{s.a, s.b} {
			if result[o] && last[o] == i {
				free = append(free, to[o])
				last[o] = -2 // freed once
			}
		}
		d := next
		if k := len(free); k > 0 {
			d, free = free[k-1], free[:k-1]
		} else {
			next++
		}
		to[s.d] = d
		st.d = uint8(d)
		if last[s.d] == -1 { // never read: its register is free again
			free = append(free, d)
		}
		steps = append(steps, st)
	}
	return steps, to, next
}

// makeFast sets p.fastBelow and p.out[fast].steps (see plan): the largest
// power of two up to 2^31 bounding operands for which no step can
// overflow, by interval arithmetic on the magnitudes of the registers (a
// matcher's mag&^posBit below it bounds every operand by it), and the
// steps still needed under it: those whose value is read (by the output
// or a needed step) and the divisions whose divisor may be zero (division
// by zero is the one failure left).
func (p *plan) makeFast() {
	// the largest power of two that is safe (a check is linear in the
	// steps, and is made once per plan)
	for bound := uint64(1) << 31; bound > 0; bound >>= 1 {
		if p.cannotOverflow(bound) {
			p.fastBelow = bound
			break
		}
	}
	if p.fastBelow == 0 {
		return
	}
	// a constant register holds its value throughout (steps write others)
	isConst := make([]bool, p.nregs)
	for i := range p.init {
		isConst[p.nin+1+i] = true
	}
	f := &p.out[fast]
	f.steps = neededSteps(p.code, outRegs(f, p.nregs), func(_ int, s planStep) bool {
		return divides(s.op) && (!isConst[s.b] || p.init[int(s.b)-p.nin-1] == 0)
	})
}

// output sets o's roots and leaves from the result's roots and nodes
// below them (traced registers), reg giving the register of a traced one.
func (o *planOut) output(nodes []outNode, roots [2]outNode, reg func(int32) int) {
	o.roots = roots
	for i := range o.roots {
		if r := &o.roots[i]; r.n < 0 {
			r.reg = int32(reg(r.reg))
		}
	}
	for i, n := range nodes {
		if n.n < 0 {
			o.leaves = append(o.leaves, outLeaf{at: int32(i), reg: int32(reg(n.reg)), static: n.static})
		}
	}
}

// divides reports whether op divides by its second operand (and fails if
// that is zero).
func divides(op stepOp) bool { return op == stepQuo || op == stepRem || op == stepCeilDiv }

// outRegs returns the registers that o's leaves and roots read, as a set.
func outRegs(o *planOut, nregs int) []bool {
	out := make([]bool, nregs)
	for _, o := range o.leaves {
		out[o.reg] = true
	}
	for _, o := range o.roots {
		if o.n < 0 {
			out[o.reg] = true
		}
	}
	return out
}

// neededSteps returns the steps of code, packed, whose value is read (by the
// output, whose registers live holds, or by a needed step) or that may fail
// (mayFail, given the step's index and the step).
func neededSteps(code []planStep, live []bool, mayFail func(int, planStep) bool) []uint32 {
	keep := make([]bool, len(code))
	for i := len(code) - 1; i >= 0; i-- {
		s := code[i]
		if !live[s.d] && !mayFail(i, s) {
			continue
		}
		keep[i] = true
		live[s.d] = false
		live[s.a], live[s.b] = true, true
	}
	var packed []uint32
	for i, s := range code {
		if keep[i] {
			packed = append(packed, s.packed())
		}
	}
	return packed
}

// cannotOverflow reports whether no step of p can overflow when every
// operand value v has |v| <= bound.
func (p *plan) cannotOverflow(bound uint64) bool {
	const limit = 1 << 62
	add := func(x, y uint64) uint64 { return min(x+y, limit+1) } // x, y <= limit+1
	mul := func(x, y uint64) uint64 {
		if x != 0 && y > limit/x {
			return limit + 1
		}
		return x * y
	}
	m := make([]uint64, p.nregs)
	for r := 1; r <= p.nin; r++ {
		m[r] = bound
	}
	for i, v := range p.init {
		m[p.nin+1+i] = min(uint64(max(v, -v)), limit+1) // MinInt64 stays > limit
	}
	for _, s := range p.code {
		x, y := m[s.a], m[s.b]
		var v uint64
		switch s.op {
		case stepAdd, stepSub:
			v = add(x, y)
		case stepMul:
			v = mul(x, y)
		case stepQuo, stepRem, stepAbs:
			v = x
		case stepCeilDiv:
			v = add(add(x, y), 1) // a + b - 1, and the quotient is smaller
		case stepMin:
			v = max(x, y)
		case stepSgn:
			v = 1
		}
		if v > limit {
			return false
		}
		m[s.d] = v
	}
	return true
}

// outNode adds the nodes below x, a tree of a traced result, to p.nodes and
// returns x's node.
func (p *plan) outNode(t *tracer, x tuple.T[tInt]) outNode {
	if x.IsLeaf() {
		v := x.Value()
		return outNode{n: -1, reg: t.operand(v), static: v.Static}
	}
	ks := x.Kids()
	kid := len(p.nodes)
	p.nodes = append(p.nodes, make([]outNode, len(ks))...)
	for i := range ks {
		o := p.outNode(t, ks[i]) // (it appends to p.nodes: not in the assignment)
		p.nodes[kid+i] = o
	}
	return outNode{n: int32(len(ks)), kid: int32(kid)}
}

// tagger copies operands over tInt, giving their dynamic integers the
// registers 1, 2, ... in the order of keyWriter.
type tagger struct{ n int32 }

func (g *tagger) int(i Int) tInt {
	if i.Static {
		return tInt{Int: i}
	}
	g.n++
	return tInt{Int: i, reg: g.n}
}

func (g *tagger) layout(l *Layout) *layoutOf[tInt] {
	s := g.tuple(l.Shape)
	return &layoutOf[tInt]{s, g.tuple(l.Stride)}
}

func (g *tagger) tuple(t IntTuple) tuple.T[tInt] {
	if t.IsLeaf() {
		return tuple.Leaf(g.int(t.Value()))
	}
	ks := t.Kids()
	n := make([]tuple.T[tInt], len(ks))
	for i := range ks {
		n[i] = g.tuple(ks[i])
	}
	return tuple.Of(n...)
}

func (g *tagger) tiler(t Tiler) tuple.T[tTilerLeaf] {
	if !t.IsLeaf() {
		ks := t.Kids()
		n := make([]tuple.T[tTilerLeaf], len(ks))
		for i := range ks {
			n[i] = g.tiler(ks[i])
		}
		return tuple.Of(n...)
	}
	lf := t.Leaf()
	r := tTilerLeaf{Kind: lf.Kind}
	switch lf.Kind {
	case TileLayout:
		r.Layout = *g.layout(&lf.Layout)
	case TileInt:
		r.Int = g.int(lf.Int)
	}
	return tuple.Leaf(r)
}
