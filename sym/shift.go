package sym

// The shift argument: if every variable v satisfies v >= lo(v), substitute
// v = lo(v) + v' with v' >= 0; when the resulting polynomial in the v' has
// only non-negative coefficients, the original is non-negative at every
// such point (and positive when its constant term is). Terms with a
// negative exponent are positive when their coefficient is positive and
// their variables are at least 1; they are left out of the shift and make
// the result strict.

// loFunc gives a variable's lower bound, ok false when it has none.
type loFunc func(v *variable) (int64, bool)

// defaultLo is the context-free bound: symbols and positive unknowns >= 1,
// non-negative unknowns >= 0, atoms unbounded.
func defaultLo(v *variable) (int64, bool) { return v.lo, v.hasLo }

// shiftSplit separates p into its polynomial part and reports whether the
// Laurent part (terms with a negative exponent) is positive; ok is false
// when a Laurent term is not known to be positive.
func shiftSplit(p *poly, lo loFunc) (polyPart *poly, laurent bool, ok bool) {
	var ts []term
	for _, t := range p.t {
		if t.m.polynomial() {
			ts = append(ts, t)
			continue
		}
		if t.c.sign() <= 0 {
			return nil, false, false
		}
		for _, f := range t.m {
			l, has := lo(f.v)
			if !has || l < 1 {
				return nil, false, false
			}
		}
		laurent = true
	}
	if len(ts) == len(p.t) {
		return p, false, true
	}
	return &poly{t: ts}, laurent, true
}

// shiftPoly substitutes v = lo(v) + v for every variable of the polynomial
// (non-negative exponents) p; ok is false when a variable has no bound or
// the expansion is too large.
func shiftPoly(p *poly, lo loFunc) (*poly, bool) {
	acc := zeroPoly
	cache := map[*variable]*poly{}
	for _, t := range p.t {
		r := constPoly(t.c)
		var keep mono
		for _, f := range t.m {
			l, has := lo(f.v)
			if !has {
				return nil, false
			}
			if l == 0 {
				keep = append(keep, f)
				continue
			}
			b, ok := cache[f.v]
			if !ok {
				b = addPoly(varPoly(f.v), constPoly(ratInt(l)))
				cache[f.v] = b
			}
			r = mulPoly(r, powPoly(b, int(f.e)))
		}
		if len(keep) > 0 {
			r = mulPoly(r, &poly{t: []term{{ratOne, keep}}})
		}
		acc = addPoly(acc, r)
		if acc.err != nil {
			return nil, false
		}
	}
	return acc, true
}

// nonnegCoefs reports whether every coefficient of p is >= 0, and whether
// its constant term is > 0.
func nonnegCoefs(p *poly) (ok, strict bool) {
	for _, t := range p.t {
		if t.c.sign() < 0 {
			return false, false
		}
		if len(t.m) == 0 && t.c.sign() > 0 {
			strict = true
		}
	}
	return true, strict
}

// shiftNonneg proves p >= 0 by the shift argument (strict: p > 0).
func shiftNonneg(p *poly, lo loFunc) (ok, strict bool) {
	if p.err != nil {
		return false, false
	}
	pp, laurent, ok := shiftSplit(p, lo)
	if !ok {
		return false, false
	}
	s, ok := shiftPoly(pp, lo)
	if !ok {
		return false, false
	}
	ok, strict = nonnegCoefs(s)
	return ok, strict || (ok && laurent)
}
