package sym

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
// proof (Divides(a, b).Truth == True), without the search for a binding
// where it does not.
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
	return c.proveDivides(pa, pb) != nil
}

// shiftPossible is the general path of Possible where no fact can enter
// its proofs: a context without usable facts (no kept fact other than !=,
// no upper bound, no equation among the assumptions that its substitutions
// do not solve: usableFacts is empty) and operands whose images have no
// atoms (so no atom facts either). There proveNonneg is the shift argument
// alone, and Possible is decided by the same calls to it as proveLe and
// proveNe make, and proveNe's match against the kept != facts, on the
// difference of the images computed once, without building and verifying
// a certificate for each proof (TestShiftPossibleMatchesGeneral: the same
// answers as the general path, whose certificates Verify accepts). It
// answers sums and monomials of any degree against each other (M0*N0 >=
// 1 under M0 != 1, M*K-M+1 <= M*K). ok is false outside that fragment or
// when the fast paths are off.
func (c *Ctx) shiftPossible(pa, pb *poly) (Order, bool) {
	if fastOff || !c.proofFactFree() {
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
	p := AnyOrder
	if _, ok := c.proveNonneg(ba, false); ok {
		p &^= Greater
	}
	if _, ok := c.proveNonneg(ab, false); ok {
		p &^= Less
	}
	if p&Same == 0 {
		return p, true
	}
	if _, ok := c.proveNonneg(ba, true); ok {
		return p &^ Same, true
	}
	if _, ok := c.proveNonneg(ab, true); ok {
		return p &^ Same, true
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

// proofFactFree reports (once per context) that the proofs of the
// general path have no fact to use: usableFacts is empty and every kept
// fact is a != fact.
func (c *Ctx) proofFactFree() bool {
	switch c.nf.Load() {
	case 1:
		return true
	case 2:
		return false
	}
	free := len(c.usableFacts()) == 0
	for _, f := range c.facts {
		if f.kind != fNe {
			free = false
		}
	}
	if free {
		c.nf.Store(1)
	} else {
		c.nf.Store(2)
	}
	return free
}
