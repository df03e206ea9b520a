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
