package sym

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
)

// Ctx is an immutable set of assumptions about the symbols. Every symbol is
// a positive integer; the assumptions say more. With returns a child
// context; the parent is unchanged, and contexts are safe for concurrent
// use.
//
// Assumptions compile to a parametrization of the allowed bindings:
//
//   - a divisibility or congruence of one unknown becomes a substitution:
//     M % 8 == 0 gives M = 8*M'1 with a fresh positive unknown M'1;
//     M % 8 == 3 gives M = 8*M'1' + 3 with M'1' >= 0; a second one refines
//     the first (M % 12 == 0 then gives M = 24*M'2);
//   - M % N == 0 gives M = N*M'1 (M'1 >= 1), and likewise a divisor that
//     is a positive integer times such unknowns (N % 8*M'1 == 0);
//   - an equation that can be solved for one unknown with an integral
//     right-hand side becomes a substitution: N == 4*M gives N = 4*M;
//   - a bound on one unknown attaches to it: M >= 8, T < 128;
//   - every other condition is kept as a fact over the unknowns
//     (N >= M, m < M, M*N % 8 == 0, M != 4) and used by the decisions;
//   - a side of a condition that is not integral ('/' is exact division)
//     adds the constraint that it is an integer: M/2 >= 1 gives M = 2*M'1
//     with M'1 >= 1.
//
// The compilation does not depend on the order of the assumptions: a
// context is compiled from all of them in a canonical order, and kept
// facts are processed again while that changes the parametrization (see
// WithConds).
//
// Substitutions are exact: the allowed bindings are exactly the images of
// the unknowns' values within their bounds that satisfy the kept facts.
// Inconsistent assumptions are reported by With as an *InconsistentError
// when a contradiction follows from the substitutions, the bounds, a fact
// that the bounds make false, two remainders for one atom x%y (or a fact
// that a kept x%y==r makes false), a cycle among difference constraints (or a
// != fact on a difference they force), a fact refuted once its atoms are
// relaxed to their bounds, or (for facts over unknowns that the bounds,
// with upper bounds derived from the facts, confine to at most 4096
// points) an exhaustive search; other
// contradictions between kept facts may go unnoticed, and then decisions
// under the context are vacuous but still never wrong.
type Ctx struct {
	conds []Cond
	texts []string            // the text of each assumption (the canonical order's key)
	order []int               // the assumptions\' indices in the canonical order
	sub   map[*variable]*poly // eliminated variable -> value over current unknowns
	bnd   bndList
	elim  map[*variable]bounds // bounds of eliminated variables when they went
	inv   map[*variable]*poly  // fresh unknown -> its value over user symbols
	facts []fact
	reuse []fact // the kept facts before settle processes them again (see keep)
	steps []Step
	fresh int
	iter  int // the work of the compilation so far, against maxSettle
	elims int // the eliminations so far: equal counts on one line of states, the same sub
	// the state of the compilation after each prefix of order (at(k):
	// after the first k assumptions), from which a child resumes (extend)
	prefix *prefixStates
	shared uint8 // the maps shared with a state of prefix (see own)
	// the assumptions as written, for checkUserDifferences (see
	// userModel): the parent's until c's is made
	user *userModel
	// fast path: every eliminated symbol, with its value when that is one
	// term without atoms
	monoSub []monoSubEntry
	// the assumptions (indices, in the canonical order) whose images have
	// atoms, which checkAtomFacts tries (see atomImage)
	atomConds []int
	box       bool // no kept facts: the allowed set is the box of the unknowns

	// the fact fast path's data, on first use (see factFast)
	ffp atomic.Pointer[factFast]
	// what the fast paths' searches need, computed on first use (see
	// searchInfo)
	si atomic.Pointer[searchInfo]
	// the verifier's replay of the assumptions and steps, on first use
	// (see replayed)
	vr atomic.Pointer[replayState]
	// the tops of the unknowns for the witness search, on first use (see
	// searchTops)
	tp atomic.Pointer[map[*variable]int64]
	// the facts of order proofs, on first use (see usableFacts)
	uf atomic.Pointer[[]usableFact]
	// the answers of the general paths of Possible and ProvesDivides, on
	// first use (see decisionMemo)
	dm atomic.Pointer[decisionMemo]
	// the outcomes of proofs by facts, on first use (see proofMemo)
	pm atomic.Pointer[proofMemo]
	// the facts that define atoms, on first use (see atomDefs)
	ad atomic.Pointer[atomDefCache]
}

// bounds of an unknown: lo <= u (always), u <= hi when hasHi.
type bounds struct {
	lo    int64
	hi    int64
	hasHi bool
}

// boxBounds are the bounds of an unknown in the witness search
// (searchBounds), with its top where one is known: the largest value a
// kept fact allows the unknown with the others at their lower bounds, >
// lo (not a bound: see searchTops); 0 where none is.
type boxBounds struct {
	bounds
	top int64
}

type factKind uint8

const (
	fGe  factKind = iota // p >= 0
	fEq                  // p == 0
	fNe                  // p != 0
	fDiv                 // p % d == r
)

// factSrc says where a fact comes from: assumption cond (>= 0), or the
// lower (upper) bound of the eliminated variable bound.
type factSrc struct {
	cond  int
	bound *variable
	upper bool
	side  int // 1 (2): the fact that side X (Y) of assumption cond is an integer; sideDivisor
}

// sideDivisor marks the fact |k| - Y >= 0 that an assumption k % Y == 0
// gives (k a nonzero constant, Y an integer >= 1: Y divides k).
const sideDivisor = 3

// sideNonzero marks the fact X-Y-1 >= 0 (Y-X-1 >= 0 with upper) that an
// assumption X != Y gives where X-Y (Y-X) is integral and non-negative by
// the shift argument (M%4 != 0 gives M%4 >= 1).
const sideNonzero = 4

// sideThrough marks the fact over x that an inequality or equation
// assumption about one floor_div or ceil_div atom gives (see throughFact;
// upper: an equation read as X <= Y).
const sideThrough = 5

// sideThroughNonzero marks the fact over x that an assumption X != Y
// about one floor_div or ceil_div atom gives where X-Y (Y-X with upper) is
// integral and non-negative by the shift argument: X-Y-1 >= 0 (the fact of
// sideNonzero) read through its atom (ceil_div(5,2*M) != 1 gives
// ceil_div(5,2*M) >= 2, so 2*M <= 4).
const sideThroughNonzero = 6

type fact struct {
	kind factKind
	p, d *poly
	r    rat
	src  factSrc
}

// InconsistentError reports assumptions that no binding satisfies.
type InconsistentError struct {
	Conds  []Cond
	Reason string
}

func (e *InconsistentError) Error() string {
	return "sym: inconsistent assumptions " + FormatConds(e.Conds) + ": " + e.Reason
}

// ErrTooComplex is returned by With when the assumptions need more steps to
// compile than the limit allows.
var ErrTooComplex = errors.New("sym: assumptions too complex")

const maxSettle = 512

// NewCtx returns the empty context: every symbol is a positive integer and
// nothing more is known.
func NewCtx() *Ctx { return &Ctx{box: true} }

// Assume returns a context with the given conditions (each in the notation,
// possibly a conjunction with &&).
func Assume(conds ...string) (*Ctx, error) {
	c := NewCtx()
	for _, s := range conds {
		var err error
		if c, err = c.With(s); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// With returns a child context that also assumes the condition src (see
// ParseConds for the supported fragment).
//
// The child is remembered under the text too (see WithConds): the same
// text added again to the same context returns the same child without
// being parsed.
func (c *Ctx) With(src string) (*Ctx, error) {
	key := withKey{parent: c, conds: src, text: true}
	if r, ok := withCache.get(key); ok {
		return r.ctx, r.err
	}
	cs, err := ParseConds(src)
	if err != nil {
		return nil, err
	}
	n, err := c.WithConds(cs...)
	withCache.put(key, withResult{n, err})
	return n, err
}

// WithConds returns a child context that also assumes every condition.
//
// The child is compiled from all its assumptions (the parent's and the
// new ones) in a canonical order (congruences with a constant modulus,
// equations, other congruences, inequalities, then !=; by their text
// within each class), so that it does not depend on the order in which
// the assumptions were made, one With at a time or all at once. The
// assumptions are added one at a time in that order, so the child resumes
// from the parent's state after the assumptions that sort before the new
// ones and adds only the rest (see extend): a guard that sorts last costs
// the processing of the guard and the consistency checks. The children of
// a context are remembered (process-wide, at most 4096): the same
// conditions added again to the same context return the same child.
func (c *Ctx) WithConds(conds ...Cond) (*Ctx, error) {
	if c == nil {
		c = NewCtx()
	}
	var addBuf [2]Cond
	add := addBuf[:0]
	var kbuf [128]byte
	kb := kbuf[:0]
	for _, cd := range conds {
		cd = Cond{Rel: cd.Rel, X: pl(cd.X), Y: pl(cd.Y)}
		if err := cd.Err(); err != nil {
			return nil, fmt.Errorf("sym: assumption %s: %w", cd, err)
		}
		add = append(add, cd)
		kb = append(cd.AppendKey(kb), 0) // the conditions' keys, each ended by a 0 byte
	}
	// a context is immutable and its compilation deterministic: the same
	// conditions added to the same parent give the same child
	key := withKey{parent: c, conds: string(kb)}
	if r, ok := withCache.get(key); ok {
		return r.ctx, r.err
	}
	var textBuf [2]string
	texts := textBuf[:0]
	for _, cd := range add {
		texts = append(texts, cd.String())
	}
	// the child's assumptions: the parent's, then the new ones
	all := append(append(make([]Cond, 0, len(c.conds)+len(add)), c.conds...), add...)
	allText := append(append(make([]string, 0, len(c.texts)+len(texts)), c.texts...), texts...)
	n, err := c.extend(all, allText)
	withCache.put(key, withResult{n, err})
	return n, err
}

// withKey and withResult are the entries of withCache.
type withKey struct {
	parent *Ctx
	conds  string // the conditions' keys, or With's text
	text   bool   // conds is With's text
}

type withResult struct {
	ctx *Ctx
	err error
}

// withCache remembers the children of contexts (at most maxWithCache; it
// is emptied when full, so that a long-running process keeps no more).
var withCache = &ctxCache{m: map[withKey]withResult{}}

const maxWithCache = 4096

type ctxCache struct {
	mu sync.Mutex
	m  map[withKey]withResult
}

func (c *ctxCache) get(k withKey) (withResult, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	r, ok := c.m[k]
	return r, ok
}

func (c *ctxCache) put(k withKey, r withResult) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.m) >= maxWithCache {
		clear(c.m) // (keeps the map's room: no growth again)
	}
	c.m[k] = r
}

// condClass is the rank of an assumption in the canonical order.
func condClass(cd Cond) int {
	x, y := pl(cd.X), pl(cd.Y)
	if cd.Rel == EQ {
		if v, _, ok := modSide(x, y); ok {
			if _, isConst := v.y.constant(); isConst {
				return 0
			}
			return 2
		}
		return 1
	}
	if cd.Rel == NE {
		return 4
	}
	return 3
}

// canonicalOrder returns the indices of conds in the canonical order (see
// WithConds): by class, then by text, then by position. sorted is the
// canonical order of the first len(sorted) conditions (a parent's
// assumptions), which keep it: the others are inserted into it, each by a
// binary search (the order is total, so the result is the same as
// sorting them all).
func canonicalOrder(conds []Cond, text []string, sorted []int) []int {
	order := append(make([]int, 0, len(conds)), sorted...)
	for j := len(sorted); j < len(conds); j++ {
		cj := condClass(conds[j])
		// before reports whether i sorts before j (every index in order
		// is below j)
		before := func(i int) bool {
			if ci := condClass(conds[i]); ci != cj {
				return ci < cj
			}
			return text[i] <= text[j]
		}
		lo, hi := 0, len(order) // order[:lo] sorts before j, order[hi:] after
		for lo < hi {
			m := int(uint(lo+hi) >> 1)
			if before(order[m]) {
				lo = m + 1
			} else {
				hi = m
			}
		}
		order = slices.Insert(order, lo, j)
	}
	return order
}

// compile builds the context of the assumptions conds from scratch: from
// no assumption, it adds them one at a time in the canonical order (see
// extend).
func compile(conds []Cond, text []string) (*Ctx, error) {
	return NewCtx().extend(conds, text)
}

// cstate is the state of a compilation after a prefix of the canonical
// order: what the next assumption is added to. Its maps are shared with
// the contexts that resume from it, which copy them before their first
// write (Ctx.shared).
type cstate struct {
	sub         map[*variable]*poly
	bnd         bndList
	elim        map[*variable]bounds
	inv         map[*variable]*poly
	facts       []fact
	steps       []Step
	fresh, iter int
	elims       int
}

// prefixStates holds the states of a compilation after each prefix of its
// canonical order: those before base are up's (a parent's, shared), those
// from base on are own (a context adds a few: their room is in the same
// allocation).
type prefixStates struct {
	up   *prefixStates
	base int
	own  []cstate
	room [2]cstate
}

// len returns the number of states (0 for nil: the empty context).
func (p *prefixStates) len() int {
	if p == nil {
		return 0
	}
	return p.base + len(p.own)
}

// at returns the state after the first i assumptions (i < len()).
func (p *prefixStates) at(i int) cstate {
	for i < p.base {
		p = p.up
	}
	return p.own[i-p.base]
}

// The maps of a Ctx that it shares with a cstate.
const (
	shSub = 1 << iota
	shBnd
	shElim
	shInv
	shAll = shSub | shBnd | shElim | shInv
)

// snapshot returns the current state; the maps become shared.
func (c *Ctx) snapshot() cstate {
	c.shared = shAll
	return cstate{c.sub, c.bnd, c.elim, c.inv, c.facts[:len(c.facts):len(c.facts)], c.steps[:len(c.steps):len(c.steps)], c.fresh, c.iter, c.elims}
}

// resume makes s the current state (its slices are full, so appends
// copy them).
func (c *Ctx) resume(s cstate) {
	c.sub, c.bnd, c.elim, c.inv = s.sub, s.bnd, s.elim, s.inv
	c.facts, c.steps, c.fresh, c.iter, c.elims = s.facts, s.steps, s.fresh, s.iter, s.elims
	c.shared = shAll
}

// own copies the shared maps among which before a write.
func (c *Ctx) own(which uint8) {
	w := c.shared & which
	if w&shSub != 0 {
		c.sub = cloneMap(c.sub)
	}
	if w&shBnd != 0 {
		c.bnd = c.bnd.clone()
	}
	if w&shElim != 0 {
		c.elim = cloneMap(c.elim)
	}
	if w&shInv != 0 {
		c.inv = cloneMap(c.inv)
	}
	c.shared &^= w
}

// cloneMap copies m (nil: an empty map).
func cloneMap[V any](m map[*variable]V) map[*variable]V {
	out := make(map[*variable]V, len(m)+1)
	for k, v := range m {
		out[k] = v
	}
	return out
}

// extend builds the context of the assumptions conds, c's followed by new
// ones (c's in the same positions), as compile defines it: from no
// assumption, the assumptions are added one at a time in the canonical
// order, each one's facts settled before the next one's are made, so the
// state after a prefix of that order depends only on that prefix. Every
// context keeps those states (prefix); the new context resumes from c's
// state after the longest prefix that its order shares with c's and adds
// only the rest. The result is the context that compile builds from all of
// conds, step for step (TestIncrementalMatchesScratch).
func (c *Ctx) extend(conds []Cond, text []string) (*Ctx, error) {
	order := canonicalOrder(conds, text, c.order)
	// (c's states: one after each prefix of c.order, so k <
	// c.prefix.len() below unless c is the empty context)
	k := 0
	for k < len(c.order) && order[k] == c.order[k] {
		k++
	}
	n := &Ctx{conds: conds, texts: text, order: order, user: c.user}
	var start cstate
	ps := &prefixStates{}
	ps.own = ps.room[:0]
	if k < c.prefix.len() {
		// the states up to k are c's
		start = c.prefix.at(k)
		ps.up, ps.base = c.prefix, k+1
	} else {
		// c is the empty context
		k = 0
		ps.own = append(ps.own, start)
	}
	n.prefix = ps
	n.resume(start)
	// room for the steps of the assumptions to add (mostly one each, or
	// none)
	n.steps = append(make([]Step, 0, len(start.steps)+len(order[k:])+1), start.steps...)
	for _, j := range order[k:] {
		if err := n.addCond(j); err != nil {
			return nil, err
		}
		ps.own = append(ps.own, n.snapshot())
	}
	if err := n.check(); err != nil {
		return nil, err
	}
	if err := n.checkOpposites(); err != nil {
		return nil, err
	}
	// where neither c after prefix k nor n made an elimination (the counts
	// only grow along a line of states), n's substitution is c's, the same
	// map: what depends only on it is c's (for the empty c, the empty
	// substitution)
	var same *Ctx
	if n.elims == start.elims && c.elims == start.elims {
		same = c
	}
	n.finish(same)
	// the order proofs' check of the assumptions with atoms, on the
	// finished context (its proofs read what finish computes)
	if err := n.checkAtomFacts(); err != nil {
		return nil, err
	}
	return n, nil
}

// addCond adds assumption j: its facts are made over the current unknowns
// and settled (see settle).
func (c *Ctx) addCond(j int) error {
	cd := c.conds[j]
	var buf [3]fact
	pending := buf[:0]
	// '/' is exact: each side of the assumption is an integer, a
	// constraint of its own, processed before the comparison
	for side, e := range [2]*poly{pl(cd.X), pl(cd.Y)} {
		f, ok, err := c.integralityFact(j, side+1, e)
		if err != nil {
			return fmt.Errorf("sym: assumption %s: %w", cd, err)
		}
		if ok {
			pending = append(pending, f)
		}
	}
	f := c.condFact(j)
	pending = append(pending, f)
	for _, g := range throughSources(f) {
		if t, ok := c.throughFact(g); ok {
			pending = append(pending, t)
		}
	}
	return c.settle(pending)
}

// throughSources returns the inequalities p >= 0 that an assumption's fact
// states and throughFact reads through an atom: an inequality itself, an
// equation as p >= 0 and -p >= 0 (upper), and X != Y as X-Y-1 >= 0 (Y-X-1
// >= 0, upper) where X-Y (Y-X) is integral and non-negative by the shift
// argument with the context-free bounds of atomArgLo (so that the facts do
// not depend on the order of the assumptions).
func throughSources(f fact) []fact {
	switch f.kind {
	case fGe:
		return []fact{f}
	case fEq:
		lo, up := f, f
		lo.kind, up.kind = fGe, fGe
		up.p, up.src.upper = negPoly(f.p), true
		return []fact{lo, up}
	case fNe:
		if f.src.bound != nil || f.src.side != 0 || f.p.err != nil || !f.p.integral() {
			return nil
		}
		var out []fact
		for _, upper := range [2]bool{false, true} {
			p := f.p
			if upper {
				p = negPoly(p)
			}
			if ok, _ := shiftNonneg(p, atomArgLo); ok {
				src := f.src
				src.side, src.upper = sideNonzero, upper
				out = append(out, fact{kind: fGe, p: subPoly(p, constPoly(ratOne)), src: src})
			}
		}
		return out
	}
	return nil
}

// Conds returns the assumptions in the order they were made.
func (c *Ctx) Conds() []Cond {
	if c == nil {
		return nil
	}
	return append([]Cond(nil), c.conds...)
}

// String returns the assumptions as one condition (true when none).
func (c *Ctx) String() string {
	if c == nil {
		return "true"
	}
	return FormatConds(c.conds)
}

// bounds returns the bounds of an unknown.
func (c *Ctx) bounds(v *variable) bounds {
	if b, ok := c.bnd.get(v); ok {
		return b
	}
	return bounds{lo: v.lo}
}

// loOf is the lower bound used by the shift argument: the unknown's bound,
// or for an atom the context-free bound of atomLo.
func (c *Ctx) loOf(v *variable) (int64, bool) {
	if v.kind == kAtom {
		return atomLo(v)
	}
	if b, ok := c.bnd.get(v); ok {
		return b.lo, true
	}
	return v.lo, v.hasLo
}

// atomLo is the context-free lower bound of an atom: x%y >= 0 for a
// positive constant y or a positive monomial y; floor_div(x,y) >= 0 and
// ceil_div(x,y) >= 0 (>= 1 when x >= 1) for a positive constant or
// monomial y and x >= 0; min and max of values >= 1 are >= 1. The
// arguments are shifted with atomArgLo: the atoms nested in them have
// these bounds too (ceil_div(min(M,N),4) >= 1), so the recursion follows
// the (finite) nesting of the atom.
func atomLo(v *variable) (int64, bool) {
	switch v.op {
	case opMod:
		if d, ok := v.y.constant(); ok && d.sign() > 0 {
			return 0, true
		}
		if atLeastOne(v.y) {
			return 0, true
		}
	case opFloorDiv, opCeilDiv:
		if atLeastOne(v.y) {
			if ok, strict := shiftNonneg(v.x, atomArgLo); ok {
				if strict && v.op == opCeilDiv && v.x.integral() {
					return 1, true
				}
				return 0, true
			}
		}
	case opMin, opMax:
		one := constPoly(ratOne)
		okx, _ := shiftNonneg(subPoly(v.x, one), atomArgLo)
		oky, _ := shiftNonneg(subPoly(v.y, one), atomArgLo)
		if okx && oky {
			return 1, true
		}
	}
	return 0, false
}

// atomArgLo is defaultLo with the bounds of atomLo for atoms: the bounds
// of the variables of an atom's arguments.
func atomArgLo(v *variable) (int64, bool) {
	if v.kind == kAtom {
		return atomLo(v)
	}
	return defaultLo(v)
}

// atLeastOne reports whether the divisor y is an integer >= 1 at every
// binding, context-free: a positive constant or monomial, or an integral
// polynomial whose y-1 the shift argument (with the atoms' bounds of
// atomLo) shows non-negative (N+1, 4*N-3 over symbols >= 1, min(M,N)).
func atLeastOne(y *poly) bool {
	if positiveDivisor(y) {
		return true
	}
	if !y.integral() {
		return false
	}
	ok, _ := shiftNonneg(subPoly(y, constPoly(ratOne)), atomArgLo)
	return ok
}

// theta maps an expression over user symbols to the current unknowns.
func (c *Ctx) theta(p *poly) *poly {
	if len(c.sub) == 0 {
		return p
	}
	return substPoly(p, func(v *variable) *poly { return c.sub[v] })
}

// thetaExact is theta, and reports whether its divisions were exact.
func (c *Ctx) thetaExact(p *poly) (*poly, bool) {
	if len(c.sub) == 0 {
		return p, true
	}
	return substPolyExact(p, func(v *variable) *poly { return c.sub[v] })
}

// backExact is back, and reports whether its divisions were exact.
func (c *Ctx) backExact(p *poly) (*poly, bool) {
	if len(c.inv) == 0 {
		return p, true
	}
	return substPolyExact(p, func(v *variable) *poly { return c.inv[v] })
}

// back maps an expression over unknowns back to user symbols.
func (c *Ctx) back(p *poly) *poly {
	if len(c.inv) == 0 {
		return p
	}
	return substPoly(p, func(v *variable) *poly { return c.inv[v] })
}

// Simplify returns an expression equal to e at every allowed binding, in
// the canonical form that the assumptions give it: under M % 8 == 0,
// floor_div(M,8) becomes M/8 and M%8 becomes 0; under N == 4*M, N becomes
// 4*M; an outermost min or max whose order the context proves becomes that
// operand (under M <= N, min(M,N) is M), and x%y that a kept congruence
// x%y == r fixes becomes r.
//
// The result is kept only when it is no more complex than e (no more
// atoms, no more terms) or a constant; otherwise e is returned: under
// N % 4 == 2, M/N stays M/N rather than becoming a floor_div over the
// parametrization.
func (c *Ctx) Simplify(e Expr) Expr {
	p := pl(e)
	if c == nil || p.err != nil {
		return p
	}
	// a division by a sum that the substitutions leave inexact becomes a
	// floor_div, equal to e only where e is an integer: keep e then
	t, ok1 := c.thetaExact(p)
	t = c.resolveAtoms(t)
	r, ok2 := c.backExact(t)
	if r.err != nil || !ok1 || !ok2 {
		return p
	}
	if _, ok := r.constant(); ok {
		return r
	}
	if countAtoms(r) > countAtoms(p) || len(r.t) > len(p.t) {
		return p
	}
	return r
}

// resolveAtoms replaces the atoms of p (over the unknowns, outermost
// only) that the context decides: min and max whose order a proof settles
// (under M <= N, min(M,N) is M), and x%y fixed by a kept congruence.
func (c *Ctx) resolveAtoms(p *poly) *poly {
	if g, ok := c.fixAtoms(p); ok {
		p = g
	}
	return c.resolveDivMod(c.resolveMinMax(p, nil))
}

// resolveDivMod replaces, for Simplify, the outermost atoms floor_div(x,y)
// and x%y whose operands a proof places in 0 <= x < y by 0 and x (under
// m < M, floor_div(m,M) is 0 and m%M is m). The proofs' images do not use
// it (their certificates cannot state it); Simplify's answer is equal at
// every allowed binding.
func (c *Ctx) resolveDivMod(p *poly) *poly {
	if p == nil || p.err != nil || !p.hasAtoms() {
		return p
	}
	memo := map[*variable]*poly{}
	pick := func(v *variable) *poly {
		if r, ok := memo[v]; ok {
			return r
		}
		var r *poly
		if v.op == opFloorDiv || v.op == opMod {
			if c.leVerified(zeroPoly, v.x) && c.leVerified(v.x, subPoly(v.y, constPoly(ratOne))) {
				r = zeroPoly
				if v.op == opMod {
					// x may hold atoms of its own that resolve (under
					// tid < 32, floor_div(tid,32)%8 is floor_div(tid,32),
					// which is 0)
					r = c.resolveDivMod(v.x)
				}
			}
		}
		memo[v] = r
		return r
	}
	return replaceAtoms(p, pick)
}

// leVerified reports whether a <= b (over the unknowns) has a proof that
// Verify accepts. Simplify's replacements of atoms, which no certificate
// records, rest on it: an unverified proof by a wrongly shifted fact once
// rewrote K%2 to K under K-K/N >= 1.
func (c *Ctx) leVerified(a, b *poly) bool {
	ao, ok1 := c.backExact(a)
	bo, ok2 := c.backExact(b)
	return ok1 && ok2 && ao.err == nil && bo.err == nil && c.proveLe(ao, bo, false) != nil
}

// resolveMinMax replaces the outermost atoms of p that an equation of the
// assumptions fixes to a constant (x%y == 3), and the min and max atoms
// whose order a proof settles by the operand they equal, and records each
// replacement with its justification in res (when not nil).
func (c *Ctx) resolveMinMax(p *poly, res *[]Resolution) *poly {
	if p == nil || p.err != nil || !p.hasAtoms() {
		return p
	}
	memo := map[*variable]*poly{}
	pick := func(v *variable) *poly {
		if r, ok := memo[v]; ok {
			return r
		}
		var r *poly
		// an equation whose image is the atom minus a constant fixes it
		// (the first in the canonical order of the assumptions)
		for _, j := range c.order {
			cd := c.conds[j]
			if cd.Rel != EQ {
				continue
			}
			d := c.theta(subPoly(pl(cd.X), pl(cd.Y)))
			for _, e := range [2]*poly{d, negPoly(d)} {
				if k, ok := subPoly(varPoly(v), e).constant(); ok && e.err == nil {
					r = constPoly(k)
					if res != nil {
						*res = append(*res, Resolution{Atom: varPoly(v), Cond: j})
					}
					break
				}
			}
			if r != nil {
				memo[v] = r
				return r
			}
		}
		if v.op == opMin || v.op == opMax {
			for k, pair := range [2][2]*poly{{v.x, v.y}, {v.y, v.x}} {
				// pair[0] <= pair[1]: min is pair[0], max is pair[1]. A
				// proof's resolutions are checked with its certificate;
				// Simplify's have none, so its proof must verify here.
				var pr orderProof
				ok := false
				if res == nil {
					ok = c.leVerified(pair[0], pair[1])
				} else {
					pr, ok = c.proveNonneg(subPoly(pair[1], pair[0]), false)
				}
				if !ok {
					continue
				}
				side := k + 1
				r = pair[0]
				if v.op == opMax {
					r, side = pair[1], 2-k
				}
				if res != nil {
					rs := Resolution{Atom: varPoly(v), Pick: side, Uses: pr.uses}
					if pr.scale != nil {
						rs.Scale = pr.scale
					}
					if pr.round != nil {
						rs.Round = pr.round
					}
					*res = append(*res, rs)
				}
				break
			}
		}
		memo[v] = r
		return r
	}
	return replaceAtoms(p, pick)
}

// replaceAtoms replaces the outermost atoms of p (with positive exponents)
// for which pick returns a value, and returns p itself when none is.
func replaceAtoms(p *poly, pick func(v *variable) *poly) *poly {
	changed := false
	acc := zeroPoly
	for _, t := range p.t {
		r := constPoly(t.c)
		for _, x := range t.m {
			if x.v.kind == kAtom && x.e > 0 {
				if s := pick(x.v); s != nil {
					r = mulPoly(r, powPoly(s, int(x.e)))
					changed = true
					continue
				}
			}
			r = mulPoly(r, &poly{t: []term{{ratOne, mono{x}}}})
		}
		acc = addPoly(acc, r)
	}
	if !changed || acc.err != nil {
		return p
	}
	return acc
}

// countAtoms counts the atoms of p, nested ones included.
func countAtoms(p *poly) int {
	n := 0
	p.eachVar(func(v *variable) {
		if v.kind == kAtom {
			n += 1 + countAtoms(v.x) + countAtoms(v.y)
		}
	})
	return n
}

// modSide recognizes a congruence condition: one side is exactly 1*(x%y).
func modSide(x, y *poly) (*variable, *poly, bool) {
	if v, ok := singleAtom(x); ok && v.op == opMod {
		return v, y, true
	}
	if v, ok := singleAtom(y); ok && v.op == opMod {
		return v, x, true
	}
	return nil, nil, false
}

// condFact turns assumption j into a fact over the current unknowns.
func (c *Ctx) condFact(j int) fact {
	cd := c.conds[j]
	x, y := pl(cd.X), pl(cd.Y)
	src := factSrc{cond: j}
	if cd.Rel == EQ {
		if v, other, ok := modSide(x, y); ok {
			if r, ok := c.theta(other).constant(); ok {
				return fact{kind: fDiv, p: c.theta(v.x), d: c.theta(v.y), r: r, src: src}
			}
		}
	}
	// x%2 != r is x%2 == 1-r (r 0 or 1, x integral): the other remainder
	if v, other, ok := modSide(x, y); ok && cd.Rel == NE {
		r, ok1 := c.theta(other).constant()
		d, ok2 := c.theta(v.y).constant()
		if px := c.theta(v.x); ok1 && ok2 && d.eq(ratInt(2)) && (r.isZero() || r.isOne()) && px.integral() {
			return fact{kind: fDiv, p: px, d: constPoly(d), r: ratOne.sub(r), src: src}
		}
	}
	one := constPoly(ratOne)
	switch cd.Rel {
	case EQ:
		return fact{kind: fEq, p: c.theta(subPoly(x, y)), src: src}
	case NE:
		return fact{kind: fNe, p: c.theta(subPoly(x, y)), src: src}
	case LT:
		return fact{kind: fGe, p: c.theta(subPoly(subPoly(y, x), one)), src: src}
	case LE:
		return fact{kind: fGe, p: c.theta(subPoly(y, x)), src: src}
	case GT:
		return fact{kind: fGe, p: c.theta(subPoly(subPoly(x, y), one)), src: src}
	}
	return fact{kind: fGe, p: c.theta(subPoly(x, y)), src: src}
}

// exactSide returns num and den such that e is an integer exactly where
// den divides num: den = L*S with S the monomial of the symbols that e
// divides by (each to its greatest negative exponent) and L the lcm of the
// denominators of its coefficients, num = den*e, a polynomial with integer
// coefficients. Where '/' occurs inside the arguments of an atom or
// divides by one, num is e and den is 1: the fact is then kept as it is
// (checked exactly by the consistency search, used by no step). ok is
// false when e is integral already.
func exactSide(e *poly) (num, den *poly, ok bool, err error) {
	if e.err != nil || e.integral() {
		return nil, nil, false, nil
	}
	var bad bool
	var walk func(p *poly, top bool)
	walk = func(p *poly, top bool) {
		for _, t := range p.t {
			if !top && !t.c.isInt() {
				bad = true
			}
			for _, f := range t.m {
				if f.e < 0 && (!top || f.v.kind != kSym) {
					bad = true
				}
				if f.v.kind == kAtom {
					walk(f.v.x, false)
					walk(f.v.y, false)
				}
			}
		}
	}
	walk(e, true)
	if bad {
		return e, constPoly(ratOne), true, nil
	}
	neg := map[*variable]int32{}
	var vs []*variable
	L := ratOne
	for _, t := range e.t {
		if !t.c.isInt() {
			d := ratFromBigInt(t.c.den())
			L = L.mul(d).quo(gcdInt(L, d))
		}
		for _, f := range t.m {
			if f.e < 0 {
				if _, seen := neg[f.v]; !seen {
					vs = append(vs, f.v)
				}
				neg[f.v] = max(neg[f.v], -f.e)
			}
		}
	}
	sortVars(vs)
	m := make(mono, 0, len(vs))
	for _, v := range vs {
		m = append(m, factor{v, neg[v]})
	}
	den = &poly{t: []term{{L, m}}}
	num = mulPoly(e, den)
	if err := firstErr(num, den); err != nil {
		return nil, nil, false, err
	}
	return num, den, true, nil
}

// integralityFact returns the fact that side (1: X, 2: Y) of assumption j
// is an integer, over the current unknowns: num % den == 0 (see exactSide);
// ok is false when the side is integral.
func (c *Ctx) integralityFact(j, side int, e *poly) (fact, bool, error) {
	num, den, ok, err := exactSide(e)
	if err != nil || !ok {
		return fact{}, false, err
	}
	return fact{kind: fDiv, p: c.theta(num), d: c.theta(den), r: ratZero, src: factSrc{cond: j, side: side}}, true, nil
}

func (c *Ctx) inconsistent(format string, args ...any) error {
	return &InconsistentError{Conds: append([]Cond(nil), c.conds...), Reason: fmt.Sprintf(format, args...)}
}

func (c *Ctx) srcText(s factSrc) string {
	if s.bound != nil {
		if s.upper {
			return "the upper bound of " + s.bound.name
		}
		return "the lower bound of " + s.bound.name
	}
	if s.cond >= 0 && s.cond < len(c.conds) {
		cd := c.conds[s.cond]
		switch s.side {
		case 1:
			return fmt.Sprintf("%s (%s is an integer)", cd, printPoly(pl(cd.X)))
		case 2:
			return fmt.Sprintf("%s (%s is an integer)", cd, printPoly(pl(cd.Y)))
		case sideDivisor:
			return fmt.Sprintf("%s (a divisor of a constant is at most its size)", cd)
		case sideThrough:
			return fmt.Sprintf("%s (through its atom)", cd)
		case sideThroughNonzero:
			return fmt.Sprintf("%s (at least 1 away, through its atom)", cd)
		}
		return cd.String()
	}
	return "?"
}

// settle processes facts until none is pending, then processes the kept
// facts again while that changes the parametrization (a bound or a
// substitution found later may let an earlier fact become a step), so that
// the result does not depend on the order of the assumptions.
func (c *Ctx) settle(pending []fact) error {
	defer func() { c.reuse = nil }()
	kept := c.keptCongruences()
	var buf [8]fact
	pending = append(buf[:0], pending...)
	for {
		before := len(c.steps)
		if err := c.settleQueue(pending); err != nil {
			return err
		}
		k := c.keptCongruences()
		if (len(c.steps) == before && k == kept) || len(c.facts) == 0 {
			return nil
		}
		kept = k
		// the congruences first, so that the atoms they fix are known to
		// the other facts
		pending = pending[:0]
		for _, f := range c.facts {
			if f.kind == fDiv {
				pending = append(pending, f)
			}
		}
		for _, f := range c.facts {
			if f.kind != fDiv {
				pending = append(pending, f)
			}
		}
		c.reuse, c.facts = c.facts, nil
	}
}

// keep adds f to the kept facts. While settle processes the kept facts
// again, reuse is their previous list (shared with the states of prefix,
// so never written): as long as each fact is kept again in its place,
// c.facts is a prefix of that list, without a copy.
//
// There len(c.facts) < len(c.reuse): settle's round processes the facts
// of that list one at a time (an elimination ends the reuse), and
// processing one keeps at most the fact itself and, before it, a divisor's
// bound (processDiv), whose polynomial is new and so never in place: while
// the round processes its i-th fact (from 0), at most i facts are in
// place, and i < len(c.reuse).
func (c *Ctx) keep(f fact) {
	if c.reuse != nil {
		n := len(c.facts)
		if g := c.reuse[n]; f.kind == g.kind && f.p == g.p && f.d == g.d && f.r.eq(g.r) && f.src == g.src {
			c.facts = c.reuse[: n+1 : n+1]
			return
		}
		c.reuse = nil
	}
	c.facts = append(c.facts, f)
}

// settleQueue processes the pending facts; c.iter counts the work of the
// whole compilation against maxSettle.
func (c *Ctx) settleQueue(pending []fact) error {
	for ; len(pending) > 0; c.iter++ {
		if c.iter > maxSettle {
			return ErrTooComplex
		}
		f := pending[0]
		pending = pending[1:]
		if err := firstErr(f.p); err != nil {
			return fmt.Errorf("sym: assumption %s: %w", c.srcText(f.src), err)
		}
		el, derived, err := c.process(f)
		if err != nil {
			return err
		}
		if el != nil {
			// apply the elimination to every fact and reconsider the kept ones
			for i := range pending {
				pending[i] = el.apply(pending[i])
			}
			for _, g := range c.facts {
				pending = append(pending, el.apply(g))
			}
			c.facts, c.reuse = nil, nil
			pending = append(pending, derived...)
		}
	}
	return nil
}

// elimination is u := e.
type elimination struct {
	u *variable
	e *poly
}

func (el *elimination) subst(p *poly) *poly {
	if p == nil {
		return nil
	}
	return substPoly(p, func(v *variable) *poly {
		if v == el.u {
			return el.e
		}
		return nil
	})
}

func (el *elimination) apply(f fact) fact {
	f.p = el.subst(f.p)
	f.d = el.subst(f.d)
	return f
}

// eliminate records u := e over the current unknowns.
func (c *Ctx) eliminate(u *variable, e *poly) *elimination {
	el := &elimination{u, e}
	c.own(shSub | shElim | shBnd)
	c.elims++
	for k, v := range c.sub {
		c.sub[k] = el.subst(v)
	}
	c.sub[u] = e
	c.elim[u] = c.bounds(u)
	c.bnd.del(u)
	return el
}

// newUnknown makes a fresh unknown derived from u with the given bounds and
// its value over user symbols.
func (c *Ctx) newUnknown(u *variable, b bounds, inv *poly) *variable {
	c.fresh++
	base := u.name
	if i := strings.IndexByte(base, '\''); i >= 0 {
		base = base[:i]
	}
	lo := int64(0)
	if b.lo >= 1 {
		lo = 1
	}
	// the name determines the variable (atoms are interned by their text):
	// a non-negative unknown carries a second quote
	name := base + "'" + strconv.Itoa(c.fresh)
	if lo == 0 {
		name += "'"
	}
	w := unknownVar(name, lo)
	c.own(shBnd | shInv)
	if b.lo != lo || b.hasHi {
		c.bnd.set(w, b)
	}
	c.inv[w] = inv
	return w
}

// userValue is the value of an unknown over user symbols.
func (c *Ctx) userValue(u *variable) *poly {
	if u.kind == kSym {
		return varPoly(u)
	}
	if p, ok := c.inv[u]; ok {
		return p
	}
	return varPoly(u)
}

// process handles one fact: it may consume it (a tautology, a bound, a
// substitution), keep it, or find the assumptions inconsistent.
func (c *Ctx) process(f fact) (*elimination, []fact, error) {
	// a kept fact x%y == r fixes the atom x%y: a fact that it makes
	// constant is decided
	if f.kind != fDiv {
		if g, ok := c.fixAtoms(f.p); ok {
			if k, isConst := g.constant(); isConst {
				holds := false
				switch f.kind {
				case fGe:
					holds = k.sign() >= 0
				case fEq:
					holds = k.isZero()
				case fNe:
					holds = !k.isZero()
				}
				if !holds {
					return nil, nil, c.inconsistent("%s is false where %s", c.srcText(f.src), c.fixText(f.p))
				}
				return nil, nil, nil // implied by the kept congruences
			}
		}
	}
	switch f.kind {
	case fGe:
		if err := c.processGe(f); err != nil {
			return nil, nil, err
		}
		return c.fixPinned()
	case fNe:
		if k, ok := f.p.constant(); ok {
			if k.isZero() {
				return nil, nil, c.inconsistent("%s is false", c.srcText(f.src))
			}
			return nil, nil, nil
		}
		c.keep(f)
		return nil, nil, nil
	case fEq:
		return c.processEq(f)
	}
	return c.processDiv(f)
}

// modAtomOf returns the atom x%y of a congruence fact p % d == r, when
// modPoly keeps it as one atom.
func modAtomOf(f fact) (*variable, bool) {
	if f.kind != fDiv || f.d == nil {
		return nil, false
	}
	v, ok := singleAtom(modPoly(f.p, f.d))
	return v, ok && v.op == opMod
}

// fixedAtom returns the remainder that a kept congruence gives the atom v.
func (c *Ctx) fixedAtom(v *variable) (fact, bool) {
	for _, f := range c.facts {
		if a, ok := modAtomOf(f); ok && a == v {
			return f, true
		}
	}
	return fact{}, false
}

// fixAtoms replaces the atoms x%y of p that kept congruences fix by their
// remainders; ok is false when p has none.
func (c *Ctx) fixAtoms(p *poly) (*poly, bool) {
	if p == nil || !p.hasAtoms() {
		return nil, false
	}
	changed := false
	acc := zeroPoly
	for _, t := range p.t {
		r := constPoly(t.c)
		for _, x := range t.m {
			if x.v.kind == kAtom && x.v.op == opMod && x.e > 0 {
				if f, ok := c.fixedAtom(x.v); ok {
					r = mulPoly(r, powPoly(constPoly(f.r), int(x.e)))
					changed = true
					continue
				}
			}
			r = mulPoly(r, &poly{t: []term{{ratOne, mono{x}}}})
		}
		acc = addPoly(acc, r)
	}
	if !changed || acc.err != nil {
		return nil, false
	}
	return acc, true
}

// fixText names the congruences that fix the atoms of p.
func (c *Ctx) fixText(p *poly) string {
	var names []string
	seen := map[int]bool{}
	p.eachVar(func(v *variable) {
		if f, ok := c.fixedAtom(v); ok && !seen[f.src.cond] {
			seen[f.src.cond] = true
			names = append(names, c.srcText(f.src))
		}
	})
	return strings.Join(names, " and ")
}

// keptCongruences counts the kept facts that fix an atom.
func (c *Ctx) keptCongruences() int {
	n := 0
	for _, f := range c.facts {
		if _, ok := modAtomOf(f); ok {
			n++
		}
	}
	return n
}

// keepDiv keeps a congruence fact, or finds it contradicting (or
// repeating) a kept one about the same atom.
func (c *Ctx) keepDiv(f fact) error {
	if a, ok := modAtomOf(f); ok {
		if g, ok := c.fixedAtom(a); ok {
			if !g.r.eq(f.r) {
				return c.inconsistent("%s and %s give %s two remainders", c.srcText(g.src), c.srcText(f.src), printPoly(varPoly(a)))
			}
			return nil
		}
	}
	c.keep(f)
	return nil
}

// linear reports p = a*u + b with u an unknown (not an atom), a != 0.
func linear(p *poly) (u *variable, a, b rat, ok bool) {
	b = ratZero
	for _, t := range p.t {
		switch {
		case len(t.m) == 0:
			b = t.c
		case len(t.m) == 1 && t.m[0].e == 1 && t.m[0].v.kind != kAtom && u == nil:
			u, a = t.m[0].v, t.c
		default:
			return nil, rat{}, rat{}, false
		}
	}
	return u, a, b, u != nil
}

// fixPinned substitutes an unknown whose bounds leave one value.
func (c *Ctx) fixPinned() (*elimination, []fact, error) {
	var pinned []*variable
	for _, e := range c.bnd {
		if e.b.hasHi && e.b.lo == e.b.hi {
			pinned = append(pinned, e.v)
		}
	}
	if len(pinned) == 0 {
		return nil, nil, nil
	}
	sortVars(pinned)
	v := pinned[0]
	b, _ := c.bnd.get(v)
	val := b.lo
	el := c.eliminate(v, constPoly(ratInt(val)))
	c.steps = append(c.steps, Step{Kind: StepFixed, Src: Source{Cond: -1}, Var: v.name, Lo: val, Hi: val, HasLo: true, HasHi: true})
	return el, nil, nil
}

func (c *Ctx) processGe(f fact) error {
	if k, ok := f.p.constant(); ok {
		if k.sign() < 0 {
			return c.inconsistent("%s is false", c.srcText(f.src))
		}
		return nil
	}
	if u, a, b, ok := linear(f.p); ok {
		bd := c.bounds(u)
		x := b.neg().quo(a) // a*u + b >= 0  <=>  u >= -b/a (a > 0) or u <= -b/a (a < 0)
		if a.sign() > 0 {
			lo, fits := x.ceil().int64()
			if !fits {
				if x.sign() > 0 {
					return c.inconsistent("%s: bound beyond int64", c.srcText(f.src))
				}
				return nil // a lower bound below int64: no information
			}
			if lo > bd.lo {
				bd.lo = lo
				c.own(shBnd)
				c.bnd.set(u, bd)
				c.steps = append(c.steps, Step{Kind: StepBound, Src: c.stepSrc(f.src), Var: u.name, Lo: lo, HasLo: true})
			}
		} else {
			hi, fits := x.floor().int64()
			if !fits {
				if x.sign() < 0 {
					return c.inconsistent("%s: bound beyond int64", c.srcText(f.src))
				}
				return nil
			}
			if !bd.hasHi || hi < bd.hi {
				bd.hi, bd.hasHi = hi, true
				c.own(shBnd)
				c.bnd.set(u, bd)
				c.steps = append(c.steps, Step{Kind: StepBound, Src: c.stepSrc(f.src), Var: u.name, Hi: hi, HasHi: true})
			}
		}
		if bd.hasHi && bd.hi < bd.lo {
			return c.inconsistent("%s needs %d <= %s <= %d", c.srcText(f.src), bd.lo, printPoly(c.userValue(u)), bd.hi)
		}
		return nil
	}
	if q, ok := c.divideCommon(f.p); ok {
		// m*q >= 0 with m a positive monomial: q >= 0
		if _, _, _, lin := linear(q); lin {
			g := f
			g.p = q
			return c.processGe(g)
		}
	}
	if ok, _ := shiftNonneg(f.p, c.loOf); ok {
		return nil // implied by the bounds
	}
	if ok, strict := shiftNonnegNeg(f.p, c.loOf); ok && strict {
		return c.inconsistent("%s contradicts the bounds", c.srcText(f.src))
	}
	c.keep(f)
	return nil
}

// divideCommon divides p by the greatest monomial that divides each of its
// terms, when that monomial is not 1 and its unknowns are >= 1 (so it is
// positive); ok is false otherwise.
func (c *Ctx) divideCommon(p *poly) (*poly, bool) {
	if len(p.t) < 2 {
		return nil, false
	}
	// the common monomial so far, in one of two buffers on the stack in
	// turn (the first term's monomial itself at first)
	var bufs [2][4]factor
	var g mono
	for i, t := range p.t {
		if !t.m.polynomial() || len(t.m) == 0 {
			return nil, false
		}
		if i == 0 {
			g = t.m
			continue
		}
		next := mono(bufs[i%2][:0])
		for _, f := range g {
			for _, h := range t.m {
				if h.v == f.v {
					next = append(next, factor{f.v, min(f.e, h.e)})
				}
			}
		}
		g = next
		if len(g) == 0 {
			return nil, false
		}
	}
	for _, f := range g {
		if f.v.kind == kAtom {
			return nil, false
		}
		if lo, ok := c.loOf(f.v); !ok || lo < 1 {
			return nil, false
		}
	}
	q := exactDivPoly(p, &poly{t: []term{{ratOne, slices.Clone(g)}}})
	if q.err != nil {
		return nil, false
	}
	for _, t := range q.t {
		if !t.m.polynomial() {
			return nil, false
		}
	}
	return q, true
}

func (c *Ctx) processEq(f fact) (*elimination, []fact, error) {
	if k, ok := f.p.constant(); ok {
		if !k.isZero() {
			return nil, nil, c.inconsistent("%s is false", c.srcText(f.src))
		}
		return nil, nil, nil
	}
	// solve for an unknown that occurs once, linearly, with an integral
	// right-hand side; the greatest such unknown
	var best *variable
	var bestE *poly
	for _, t := range f.p.t {
		if len(t.m) != 1 || t.m[0].e != 1 || t.m[0].v.kind == kAtom {
			continue
		}
		u := t.m[0].v
		rest := subPoly(f.p, &poly{t: []term{t}})
		if rest.hasVar(u) || hasVarDeep(rest, u) {
			continue
		}
		e := scalePoly(rest, t.c.inv().neg())
		if e.err != nil || !e.integral() {
			continue
		}
		if best == nil || cmpVar(u, best) > 0 {
			best, bestE = u, e
		}
	}
	if err := c.linearInfeasible(f); err != nil {
		return nil, nil, err
	}
	if best != nil {
		bd := c.bounds(best)
		el := c.eliminate(best, bestE)
		c.steps = append(c.steps, Step{Kind: StepSolve, Src: c.stepSrc(f.src), Var: best.name, Expr: bestE})
		derived := []fact{{kind: fGe, p: subPoly(bestE, constPoly(ratInt(bd.lo))), src: factSrc{cond: -1, bound: best}}}
		if bd.hasHi {
			derived = append(derived, fact{kind: fGe, p: subPoly(constPoly(ratInt(bd.hi)), bestE), src: factSrc{cond: -1, bound: best, upper: true}})
		}
		return el, derived, nil
	}
	if ok, strict := shiftNonneg(f.p, c.loOf); ok && strict {
		return nil, nil, c.inconsistent("%s contradicts the bounds", c.srcText(f.src))
	}
	if ok, strict := shiftNonnegNeg(f.p, c.loOf); ok && strict {
		return nil, nil, c.inconsistent("%s contradicts the bounds", c.srcText(f.src))
	}
	c.keep(f)
	return nil, nil, nil
}

// linearInfeasible rejects a linear equation with integer coefficients
// whose unknowns' coefficients have a gcd that does not divide the
// constant (2*M'1 == 3 has no integer solution).
func (c *Ctx) linearInfeasible(f fact) error {
	g := ratZero
	b := ratZero
	for _, t := range f.p.t {
		if !t.c.isInt() {
			return nil
		}
		switch {
		case len(t.m) == 0:
			b = t.c
		case len(t.m) == 1 && t.m[0].e == 1 && t.m[0].v.kind != kAtom:
			g = gcdInt(g, t.c)
		default:
			return nil
		}
	}
	if g.isZero() || intDivides(g, b) {
		return nil
	}
	return c.inconsistent("%s has no integer solution", c.srcText(f.src))
}

// hasVarDeep reports whether u occurs in p, inside atoms too.
func hasVarDeep(p *poly, u *variable) bool {
	found := false
	var walk func(p *poly)
	walk = func(p *poly) {
		p.eachVar(func(v *variable) {
			if v == u {
				found = true
			} else if v.kind == kAtom {
				walk(v.x)
				walk(v.y)
			}
		})
	}
	walk(p)
	return found
}

func (c *Ctx) processDiv(f fact) (*elimination, []fact, error) {
	if d, ok := f.d.constant(); ok {
		if !d.isInt() || d.isZero() {
			return nil, nil, c.keepDiv(f)
		}
		D := d
		if D.sign() < 0 {
			D = D.neg()
		}
		if !f.r.isInt() || f.r.sign() < 0 || f.r.cmp(D) >= 0 {
			return nil, nil, c.inconsistent("%s: a remainder modulo %s lies in [0,%s)", c.srcText(f.src), D, D)
		}
		// reduce p modulo D
		b0 := ratZero
		var keep []term
		for _, t := range f.p.t {
			if !t.c.isInt() || !t.m.intValued() {
				return nil, nil, c.keepDiv(f)
			}
			if len(t.m) == 0 {
				b0 = modInt(t.c, D)
				continue
			}
			if intDivides(D, t.c) {
				continue
			}
			keep = append(keep, t)
		}
		if len(keep) == 0 {
			if !b0.eq(f.r) {
				return nil, nil, c.inconsistent("%s is false (the value is %s modulo %s)", c.srcText(f.src), b0, D)
			}
			return nil, nil, nil
		}
		if len(keep) == 1 && len(keep[0].m) == 1 && keep[0].m[0].e == 1 && keep[0].m[0].v.kind != kAtom {
			return c.solveCongruence(f, keep[0].m[0].v, keep[0].c, b0, D)
		}
		return nil, nil, c.keepDiv(f)
	}
	if !f.r.isZero() {
		return nil, nil, c.keepDiv(f)
	}
	// k % Y == 0 written as an assumption, k a nonzero constant and Y an
	// integer >= 1 (a positive monomial, or a polynomial such as 2*M'1+1,
	// divisorPos): Y divides k, so Y <= |k| (side sideDivisor of the
	// assumption; the congruence is kept too)
	if k, ok := f.p.constant(); ok && !k.isZero() && (positiveMono(f.d) || c.divisorPos(f.d)) && f.src.bound == nil && f.src.side == 0 {
		if k.sign() < 0 {
			k = k.neg()
		}
		src := f.src
		src.side = sideDivisor
		if err := c.processGe(fact{kind: fGe, p: subPoly(constPoly(k), f.d), src: src}); err != nil {
			return nil, nil, err
		}
		if err := c.keepDiv(f); err != nil {
			return nil, nil, err
		}
		return c.fixPinned()
	}
	// divisible term by term: nothing to learn
	if q, r := splitDiv(f.p, f.d); q.err == nil && r.isZero() {
		return nil, nil, nil
	}
	// u % Y == 0 with Y a positive monomial over other unknowns: u = Y*q
	pt, ok1 := f.p.monomial()
	dt, ok2 := f.d.monomial()
	if ok1 && ok2 && pt.c.isOne() && len(pt.m) == 1 && pt.m[0].e == 1 && pt.m[0].v.kind != kAtom &&
		dt.c.isInt() && dt.c.sign() > 0 && len(dt.m) > 0 && dt.m.polynomial() && !dt.m.has(pt.m[0].v) {
		u := pt.m[0].v
		allPos := true
		for _, x := range dt.m {
			if lo, has := c.loOf(x.v); x.v.kind == kAtom || !has || lo < 1 {
				allPos = false
			}
		}
		if allPos {
			bd := c.bounds(u)
			nb := bounds{lo: 0}
			if bd.lo >= 1 {
				nb.lo = 1
			}
			q := c.newUnknown(u, nb, exactDivPoly(c.userValue(u), c.back(f.d)))
			e := mulPoly(f.d, varPoly(q))
			el := c.eliminate(u, e)
			c.steps = append(c.steps, Step{Kind: StepMultiple, Src: c.stepSrc(f.src), Var: u.name, New: q.name, NewLo: nb.lo, Expr: f.d})
			var derived []fact
			if bd.lo > nb.lo {
				derived = append(derived, fact{kind: fGe, p: subPoly(e, constPoly(ratInt(bd.lo))), src: factSrc{cond: -1, bound: u}})
			}
			if bd.hasHi {
				derived = append(derived, fact{kind: fGe, p: subPoly(constPoly(ratInt(bd.hi)), e), src: factSrc{cond: -1, bound: u, upper: true}})
			}
			return el, derived, nil
		}
	}
	return nil, nil, c.keepDiv(f)
}

// solveCongruence handles a*u + b0 ≡ r (mod D).
func (c *Ctx) solveCongruence(f fact, u *variable, a, b0, D rat) (*elimination, []fact, error) {
	mm, r0, sol := congruence(a, b0, f.r, D)
	switch sol {
	case congNone:
		return nil, nil, c.inconsistent("%s has no solution", c.srcText(f.src))
	case congAll:
		return nil, nil, nil
	case congBig:
		return nil, nil, c.keepDiv(f)
	}
	bd := c.bounds(u)
	// u = mm*w + r0, w >= ceil((lo-r0)/mm), w <= floor((hi-r0)/mm)
	lo := ratInt(bd.lo).sub(ratInt(r0)).quo(ratInt(mm)).ceil()
	nb := bounds{}
	var ok bool
	if nb.lo, ok = lo.int64(); !ok {
		nb.lo = math.MaxInt64
	}
	if bd.hasHi {
		hi := ratInt(bd.hi).sub(ratInt(r0)).quo(ratInt(mm)).floor()
		if nb.hi, ok = hi.int64(); !ok {
			nb.hi = math.MinInt64
		}
		nb.hasHi = true
		if nb.hi < nb.lo {
			return nil, nil, c.inconsistent("%s leaves no value of %s in [%d, %d]", c.srcText(f.src), u.name, bd.lo, bd.hi)
		}
	}
	// the new unknown over user symbols: (u-r0)/mm, which is floor(u/mm)
	// since 0 <= r0 < mm; the exact quotient where it is one term (M/8)
	uv := c.userValue(u)
	var wv *poly
	if r0 == 0 {
		if q := exactDivPoly(uv, constPoly(ratInt(mm))); len(q.t) == 1 || q.integral() {
			wv = q
		}
	}
	if wv == nil {
		wv = floorDivPoly(uv, constPoly(ratInt(mm)))
	}
	w := c.newUnknown(u, nb, wv)
	e := addPoly(mulPoly(constPoly(ratInt(mm)), varPoly(w)), constPoly(ratInt(r0)))
	el := c.eliminate(u, e)
	c.steps = append(c.steps, Step{Kind: StepCongruence, Src: c.stepSrc(f.src), Var: u.name, New: w.name, NewLo: nb.lo, Mod: mm, Rem: r0})
	return el, nil, nil
}

// The solutions of a congruence (see congruence).
const (
	congNone = iota // no solution
	congAll         // every value is a solution
	congSome        // the values r0 modulo m
	congBig         // m or r0 beyond int64
)

// congruence solves a*u + b0 ≡ r (mod D) for integers a, b0, r and D > 0:
// u ≡ r0 (mod m) with 0 <= r0 < m, m = D/gcd(a, D). Moduli below 2^31
// are solved in int64 (every product then fits), larger ones with
// math/big (congruenceBig).
func congruence(a, b0, r, D rat) (m, r0 int64, sol int) {
	if a.b != nil || b0.b != nil || r.b != nil || D.b != nil || D.n >= 1<<31 {
		return congruenceBig(a, b0, r, D)
	}
	d := D.n
	ab := (a.n%d + d) % d
	t := ((r.n%d-b0.n%d)%d + d) % d
	g := int64(gcd64(uint64(ab), uint64(d))) // gcd(0, D) = D
	if t%g != 0 {
		return 0, 0, congNone
	}
	m = d / g
	if m == 1 {
		return 0, 0, congAll
	}
	// the inverse of ab/g modulo m (they are coprime), by Euclid
	x, y := ab/g, m
	s0, s1 := int64(1), int64(0)
	for y != 0 {
		q := x / y
		x, y = y, x-q*y
		s0, s1 = s1, s0-q*s1
	}
	inv := (s0%m + m) % m
	return m, (t / g) * inv % m, congSome
}

// congruenceBig is congruence in math/big.
func congruenceBig(a, b0, r, D rat) (int64, int64, int) {
	bD := D.num()
	ab := new(big.Int).Mod(a.num(), bD)
	t := new(big.Int).Sub(r.num(), b0.num())
	t.Mod(t, bD)
	g := new(big.Int).GCD(nil, nil, ab, bD) // gcd(0, D) = D
	if new(big.Int).Mod(t, g).Sign() != 0 {
		return 0, 0, congNone
	}
	m := new(big.Int).Quo(bD, g)
	if m.Cmp(big.NewInt(1)) == 0 {
		return 0, 0, congAll
	}
	a2 := new(big.Int).Quo(ab, g)
	t2 := new(big.Int).Quo(t, g)
	inv := new(big.Int).ModInverse(a2, m)
	if inv == nil { // cannot happen: gcd(a2, m) == 1
		return 0, 0, congBig
	}
	u0 := new(big.Int).Mul(t2, inv)
	u0.Mod(u0, m)
	if !m.IsInt64() || !u0.IsInt64() {
		return 0, 0, congBig
	}
	return m.Int64(), u0.Int64(), congSome
}

// check looks for contradictions among the kept facts once all are in.
// checkOpposites refutes two facts whose sum is a negative constant (p >= 0
// and q >= 0 with p + q < 0 constant: a condition and its negation, p >=
// 0 and -p-1 >= 0, over terms the relaxations read as unrelated, such as
// products of a symbol and a ceil_div atom), or an equation p == 0 beside
// a fact p != 0 or one that p + q or q - p makes a negative constant.
func (c *Ctx) checkOpposites() error {
	// nonConst counts the terms of p that are not its constant: a sum of
	// two polynomials is constant only where these counts are the same
	nonConst := func(p *poly) (n int) {
		for _, t := range p.t {
			if len(t.m) > 0 {
				n++
			}
		}
		return n
	}
	is := func(p *poly, neg bool) bool {
		v, ok := p.constant()
		return ok && (neg && v.sign() < 0 || !neg && v.isZero())
	}
	for i, f := range c.facts {
		for _, g := range c.facts[i+1:] {
			if f.kind == fNe || g.kind == fEq {
				f, g = g, f // an equation first, a disequation last
			}
			if nonConst(f.p) != nonConst(g.p) || nonConst(f.p) == 0 {
				continue
			}
			var bad bool
			switch {
			case f.kind == fGe && g.kind == fGe:
				bad = is(addPoly(f.p, g.p), true)
			case f.kind == fEq && g.kind == fGe:
				bad = is(addPoly(f.p, g.p), true) || is(subPoly(g.p, f.p), true)
			case f.kind == fEq && g.kind == fNe:
				bad = is(subPoly(f.p, g.p), false) || is(addPoly(f.p, g.p), false)
			}
			if bad {
				return c.inconsistent("%s contradicts %s", c.srcText(f.src), c.srcText(g.src))
			}
		}
	}
	return nil
}

func (c *Ctx) check() error {
	for _, f := range c.facts {
		switch f.kind {
		case fGe:
			if ok, strict := shiftNonnegNeg(f.p, c.loOf); ok && strict {
				return c.inconsistent("%s contradicts the bounds", c.srcText(f.src))
			}
		case fEq:
			if ok, strict := shiftNonneg(f.p, c.loOf); ok && strict {
				return c.inconsistent("%s contradicts the bounds", c.srcText(f.src))
			}
			if ok, strict := shiftNonnegNeg(f.p, c.loOf); ok && strict {
				return c.inconsistent("%s contradicts the bounds", c.srcText(f.src))
			}
		}
	}
	if len(c.facts) == 0 {
		return nil
	}
	if err := c.checkDifferences(); err != nil {
		return err
	}
	if err := c.checkUserDifferences(); err != nil {
		return err
	}
	if err := c.checkRelaxed(); err != nil {
		return err
	}
	// a finite box (with the upper bounds the facts give): search it for
	// the facts whose unknowns it bounds (a value of every unknown that
	// satisfies all the facts lies in the box and satisfies those: none
	// there is a contradiction, whatever the unbounded unknowns do)
	var varBuf [8]*variable
	all := c.appendFactUnknowns(varBuf[:0])
	var local map[*variable]bounds
	if c.factsBoundSome() {
		local = c.factBounds()
	}
	bounds := func(v *variable) bounds {
		if b, ok := local[v]; ok {
			return b
		}
		return c.bounds(v)
	}
	var vars []*variable
	for _, v := range all {
		b := bounds(v)
		if b.hasHi && b.hi < b.lo {
			return c.inconsistent("no value of %s lies within its bounds", v.name)
		}
		if b.hasHi {
			vars = append(vars, v)
		}
	}
	var facts []fact
	for _, f := range c.facts {
		var ubuf [8]*variable
		us := appendUnknowns(appendUnknowns(ubuf[:0], f.p), f.d)
		if !slices.ContainsFunc(us, func(u *variable) bool { return !slices.Contains(vars, u) }) {
			facts = append(facts, f)
		}
	}
	if len(facts) == 0 {
		return nil
	}
	size := int64(1)
	for _, v := range vars {
		b := bounds(v)
		n := b.hi - b.lo + 1
		if size > 4096/n {
			return nil
		}
		size *= n
	}
	vals := make(map[*variable]int64, len(vars))
	for _, v := range vars {
		vals[v] = bounds(v).lo
	}
	for {
		if factsHold(facts, vals) {
			return nil
		}
		i := 0
		for ; i < len(vars); i++ {
			b := bounds(vars[i])
			if vals[vars[i]] < b.hi {
				vals[vars[i]]++
				break
			}
			vals[vars[i]] = b.lo
		}
		if i == len(vars) {
			return c.inconsistent("no value of %s within their bounds satisfies the assumptions", varNames(vars))
		}
	}
}

func varNames(vs []*variable) string {
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = v.name
	}
	return strings.Join(s, ", ")
}

// appendFactUnknowns appends to out the unknowns of the kept facts (inside
// atoms too), sorted.
func (c *Ctx) appendFactUnknowns(out []*variable) []*variable {
	for _, f := range c.facts {
		out = appendUnknowns(appendUnknowns(out, f.p), f.d)
	}
	sortVars(out)
	return out
}

// appendUnknowns appends to out the unknowns of p (inside atoms too) that
// it does not hold yet.
func appendUnknowns(out []*variable, p *poly) []*variable {
	if p == nil {
		return out
	}
	for _, t := range p.t {
		for _, f := range t.m {
			if f.v.kind == kAtom {
				out = appendUnknowns(appendUnknowns(out, f.v.x), f.v.y)
			} else if !slices.Contains(out, f.v) {
				out = append(out, f.v)
			}
		}
	}
	return out
}

// sortVars sorts vs in the order of cmpVar.
func sortVars(vs []*variable) {
	slices.SortFunc(vs, cmpVar)
}

// factsHold evaluates facts at values of their unknowns.
func factsHold(facts []fact, vals map[*variable]int64) bool {
	val := func(v *variable) (rat, error) {
		x, ok := vals[v]
		if !ok {
			return rat{}, fmt.Errorf("no value for %s", v.name)
		}
		return ratInt(x), nil
	}
	for _, f := range facts {
		x, err := evalPoly(f.p, val)
		if err != nil || !x.isInt() {
			return false
		}
		switch f.kind {
		case fGe:
			if x.sign() < 0 {
				return false
			}
		case fEq:
			if !x.isZero() {
				return false
			}
		case fNe:
			if x.isZero() {
				return false
			}
		case fDiv:
			d, err := evalPoly(f.d, val)
			if err != nil || d.isZero() || !d.isInt() {
				return false
			}
			m := x.sub(d.mul(x.quo(d).floor()))
			if !m.eq(f.r) {
				return false
			}
		}
	}
	return true
}

// finish fills the fast-path caches and the list of assumptions whose
// images have atoms (atomConds). When same is not nil, c's substitution is
// same's (the same map) and c's assumptions begin with same's: what
// depends only on the substitution is taken from same.
func (c *Ctx) finish(same *Ctx) {
	c.box = len(c.facts) == 0
	if same != nil {
		c.monoSub = same.monoSub
	} else {
		c.monoSub = make([]monoSubEntry, 0, len(c.sub))
		for v, p := range c.sub {
			if v.kind != kSym {
				continue
			}
			t, ok := p.monomial()
			c.monoSub = append(c.monoSub, monoSubEntry{v, monoEntry{t: t, ok: ok && !p.hasAtoms()}})
		}
	}
	c.atomConds = nil
	for _, j := range c.order {
		var has bool
		if same != nil && j < len(same.conds) {
			has = slices.Contains(same.atomConds, j)
		} else {
			has = c.atomImage(j)
		}
		if has {
			c.atomConds = append(c.atomConds, j)
		}
	}
}

type monoEntry struct {
	t  term
	ok bool
}

// monoSubEntry is the monoEntry of the eliminated symbol v.
type monoSubEntry struct {
	v *variable
	monoEntry
}

// mono returns the monoEntry of an eliminated symbol.
func (c *Ctx) mono(v *variable) (monoEntry, bool) {
	for i := range c.monoSub {
		if c.monoSub[i].v == v {
			return c.monoSub[i].monoEntry, true
		}
	}
	return monoEntry{}, false
}

// bndList holds the bounds of unknowns (a few: a list is cheaper to copy
// and search than a map).
type bndList []bndEntry

type bndEntry struct {
	v *variable
	b bounds
}

func (l bndList) get(v *variable) (bounds, bool) {
	for i := range l {
		if l[i].v == v {
			return l[i].b, true
		}
	}
	return bounds{}, false
}

func (l *bndList) set(v *variable, b bounds) {
	for i := range *l {
		if (*l)[i].v == v {
			(*l)[i].b = b
			return
		}
	}
	*l = append(*l, bndEntry{v, b})
}

func (l *bndList) del(v *variable) {
	for i := range *l {
		if (*l)[i].v == v {
			*l = append((*l)[:i], (*l)[i+1:]...)
			return
		}
	}
}

// clone copies l, with room for one more entry.
func (l bndList) clone() bndList {
	return append(make(bndList, 0, len(l)+1), l...)
}

// Satisfies reports whether the binding satisfies the assumptions: every
// symbol of the assumptions bound to a positive value and every assumption
// true. The error names the first violated condition.
func (c *Ctx) Satisfies(b Binding) error {
	for name, v := range b {
		if v < 1 {
			return fmt.Errorf("sym: binding %s=%d: every symbol is a positive integer", name, v)
		}
	}
	if c == nil {
		return nil
	}
	for _, cd := range c.conds {
		ok, err := cd.Holds(b)
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("sym: binding %s violates the assumption %s", formatBinding(b), cd)
		}
	}
	return nil
}

// satisfied is Satisfies without the error message.
func (c *Ctx) satisfied(b Binding) bool {
	for _, v := range b {
		if v < 1 {
			return false
		}
	}
	for _, cd := range c.conds {
		x, err := evalRat(pl(cd.X), b)
		if err != nil || !x.isInt() {
			return false
		}
		y, err := evalRat(pl(cd.Y), b)
		if err != nil || !y.isInt() || !relHolds(cd.Rel, x.cmp(y)) {
			return false
		}
	}
	return true
}

// Eval evaluates e at a binding that must satisfy the assumptions.
func (c *Ctx) Eval(e Expr, b Binding) (int64, error) {
	if err := c.Satisfies(b); err != nil {
		return 0, err
	}
	return Eval(e, b)
}

func formatBinding(b Binding) string {
	names := make([]string, 0, len(b))
	for k := range b {
		names = append(names, k)
	}
	sortStrings(names)
	parts := make([]string, len(names))
	for i, k := range names {
		parts[i] = k + "=" + strconv.FormatInt(b[k], 10)
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

func sortStrings(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}
