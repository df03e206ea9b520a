package sym

import "sync"

// The questions an algorithm asks before it splits: what the proofs
// decide, without the search for witnesses that Compare and Divides make
// for their False and witnessed answers.

// Possible returns the relations between a and b that no proof excludes
// under the assumptions: Compare(a, b).Possible, without the search for
// witnesses. An algorithm that only needs to know whether a relation holds
// at every allowed binding (Possible within the relation) or at none
// (Possible outside it) asks this.
func (c *Ctx) Possible(a, b Expr) Order {
	c = orEmpty(c)
	pa, pb := pl(a), pl(b)
	if pa.err != nil || pb.err != nil {
		return AnyOrder
	}
	if p, _, ok := c.fastCompare(pa, pb, nil); ok {
		return p
	}
	var at [3]int32
	if p, _, ok := c.factCompare(pa, pb, nil, &at); ok {
		return p
	}
	var buf [128]byte
	key := memoKey(buf[:0], 'p', pa, pb)
	if p, ok := c.memoized(key); ok {
		return Order(p)
	}
	p := c.possibleGeneral(pa, pb)
	c.memoize(key, uint8(p))
	return p
}

// possibleGeneral is Possible's answer where the fast paths give none.
func (c *Ctx) possibleGeneral(pa, pb *poly) Order {
	if p, ok := c.shiftPossible(pa, pb); ok {
		return p
	}
	p := AnyOrder
	if c.proveLe(pa, pb, false) != nil {
		p &^= Greater
	}
	if c.proveLe(pb, pa, false) != nil {
		p &^= Less
	}
	if p&Same != 0 && c.proveNe(pa, pb) != nil {
		p &^= Same
	}
	return p
}

// ProvesDivides reports whether a divides b at every allowed binding by a
// proof (Divides(a, b).Truth == True, proofs by cases included), without
// the search for a binding where it does not.
func (c *Ctx) ProvesDivides(a, b Expr) bool {
	c = orEmpty(c)
	pa, pb := pl(a), pl(b)
	if pa.err != nil || pb.err != nil {
		return false
	}
	if t, ok := c.fastDivides(pa, pb, nil); ok {
		return t == True
	}
	var at int32
	if t, ok := c.factDivides(pa, pb, nil, &at); ok {
		return t == True
	}
	var buf [128]byte
	key := memoKey(buf[:0], 'd', pa, pb)
	if t, ok := c.memoized(key); ok {
		return t == 1
	}
	proved := c.proveDivides(pa, pb) != nil || c.proveByCases(Claim{ClaimDivides, pa, pb}, 0) != nil
	t := uint8(0)
	if proved {
		t = 1
	}
	c.memoize(key, t)
	return proved
}

// decisionMemo remembers, for one context, the answers of the general
// paths of Possible and ProvesDivides (their proofs and verified
// certificates are the expensive part of both): a context is immutable
// and its answers deterministic, and the runs of a symbolic answer, and
// the answers whose guards give the same contexts (WithConds remembers
// the children of a context), ask the same questions again. It holds at
// most maxDecisionMemo answers (emptied when full). It is not used while
// a test has turned the fast paths off (fastOff, factFastOff), so that
// the general path answers every question there.
type decisionMemo struct {
	mu sync.Mutex
	m  map[string]uint8
}

const maxDecisionMemo = 256

// memoKey appends to dst the key of a question of kind k about a and b.
func memoKey(dst []byte, k byte, a, b *poly) []byte {
	return appendKey(appendKey(append(dst, k), a), b)
}

// memoized returns the remembered answer to the question of key k.
func (c *Ctx) memoized(k []byte) (uint8, bool) {
	m := c.dm.Load()
	if m == nil || fastOff || factFastOff {
		return 0, false
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	v, ok := m.m[string(k)]
	return v, ok
}

// memoize remembers the answer v to the question of key k.
func (c *Ctx) memoize(k []byte, v uint8) {
	if fastOff || factFastOff {
		return
	}
	m := c.dm.Load()
	if m == nil {
		c.dm.CompareAndSwap(nil, &decisionMemo{m: map[string]uint8{}})
		m = c.dm.Load()
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if len(m.m) >= maxDecisionMemo {
		m.m = map[string]uint8{}
	}
	m.m[string(k)] = v
}

// shiftPossible is the general path of Possible, where the operands and
// their images have no atoms (so no atom facts and no min/max resolutions
// enter), with its certificates verified only where a proof uses facts.
// It computes the difference of the images once, and decides each of the
// general path's proofs (proveLe both ways, then proveNe) first by the
// shift argument alone, proveNonneg's first step: a proof found there is
// taken without building and verifying a certificate. Where that step does
// not decide, a context whose proofs have no fact to use (proofFactFree:
// no usable fact, no upper bound, every equation solved) has no other
// proof but proveNe's match against the kept != facts, made here too; any
// other context asks the general path itself (proveLe, proveNe, with
// their verified certificates). The answers are the general path's
// (TestShiftPossibleMatchesGeneral). It answers sums and monomials of any
// degree against each other (M0*N0 >= 1 under M0 != 1, M*K-M+1 <= M*K).
// ok is false where operands or images have atoms or when the fast paths
// are off.
func (c *Ctx) shiftPossible(pa, pb *poly) (Order, bool) {
	// operands with atoms may have images without (an atom of pinned
	// symbols becomes a constant), which Verify, imaging the operands
	// itself, need not find: the general path answers those
	if fastOff || pa.hasAtoms() || pb.hasAtoms() {
		return 0, false
	}
	ta, tb := c.theta(pa), c.theta(pb)
	if ta.err != nil || tb.err != nil || ta.hasAtoms() || tb.hasAtoms() {
		return 0, false
	}
	if _, err := c.replayed(); err != nil {
		return 0, false // the general path verifies nothing here
	}
	ba, ab := subPoly(tb, ta), subPoly(ta, tb)
	if ba.err != nil || ab.err != nil {
		return 0, false
	}
	free := c.proofFactFree()
	shift := func(p *poly, strict bool) bool {
		_, _, _, proved, _ := c.shiftProof(p, strict)
		return proved
	}
	p := AnyOrder
	if shift(ba, false) || (!free && c.proveLe(pa, pb, false) != nil) {
		p &^= Greater
	}
	if shift(ab, false) || (!free && c.proveLe(pb, pa, false) != nil) {
		p &^= Less
	}
	if p&Same == 0 {
		return p, true
	}
	if shift(ba, true) || shift(ab, true) {
		return p &^ Same, true
	}
	if !free {
		if c.proveNe(pa, pb) != nil {
			p &^= Same
		}
		return p, true
	}
	if ab.isZero() {
		return p, true
	}
	for _, f := range c.facts {
		if f.kind != fNe || f.src.bound != nil || f.p.isZero() {
			continue
		}
		k := ab.t[0].c.quo(f.p.t[0].c)
		if polyEq(ab, scalePoly(f.p, k)) {
			return p &^ Same, true
		}
	}
	return p, true
}

// proofFactFree reports that the proofs of the general path have no fact
// to use (usableFacts is empty). For operands and images without atoms
// (shiftPossible's) proveLe then proves exactly what the shift argument
// does (proofFacts adds no atom bounds), and proveNe adds only its match
// against the kept != facts; whatever other facts are kept (congruences,
// bounds that no proof can use) change nothing.
func (c *Ctx) proofFactFree() bool { return len(c.usableFacts()) == 0 }
