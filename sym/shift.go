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
	if ok, strict, done := shiftQuick(p, 1, lo); done {
		return ok, strict
	}
	return shiftExpanded(p, lo)
}

// shiftExpanded is shiftNonneg's general path (shiftQuick its shortcut):
// the shifted polynomial expanded and its coefficients read.
func shiftExpanded(p *poly, lo loFunc) (ok, strict bool) {
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

// shiftNonnegNeg is shiftNonneg(negPoly(p), lo), without building -p where
// shiftQuick decides it.
func shiftNonnegNeg(p *poly, lo loFunc) (ok, strict bool) {
	if p.err != nil {
		return false, false
	}
	if ok, strict, done := shiftQuick(p, -1, lo); done {
		return ok, strict
	}
	return shiftNonneg(negPoly(p), lo)
}

// negativeTop reports a polynomial term of sign*p with a negative
// coefficient whose monomial divides no other polynomial term's: the
// expansion of the shifted polynomial has that coefficient at that
// monomial (the terms of the shift of a term divide its monomial), so
// shiftNonneg's answer is no, and so is the expansion's (where it gives
// up, or a variable has no bound, it answers no as well).
func negativeTop(p *poly, sign int) bool {
	for i, t := range p.t {
		if t.c.sign() != -sign || !t.m.polynomial() { // not negative in sign*p
			continue
		}
		top := true
		for j, u := range p.t {
			if j != i && u.m.polynomial() && monoDivides(u.m, t.m) {
				top = false
				break
			}
		}
		if top {
			return true
		}
	}
	return false
}

// shiftQuick gives shiftNonneg's answer for sign*p without expanding the
// shifted polynomial, in the two cases where its coefficients are known
// without it: p linear (every polynomial term a constant or c*v), where
// the shift leaves the coefficients of the variables and makes the
// constant c0 + sum c*lo(v); and every non-constant polynomial term with
// a positive coefficient and variables with lower bounds >= 0, where
// every coefficient of the expansion other than the constant is >= 0 (a
// sum of products of non-negative numbers) and the constant is c0 + sum
// c*prod lo(v)^e. The second case is taken only where the expansion
// cannot give up (shiftPoly's limits): a shifted variable (lo(v) > 0)
// to a power of at most maxPow, and the expansions of the terms, prod
// (e+1) over their shifted variables, at most MaxTerms together with p's
// constant (no coefficient cancels, so no partial sum is larger), so the
// answers are the same. The Laurent terms are those of shiftSplit.
// Otherwise, a negative term of greatest monomial (negativeTop) answers
// no; done is false in every other case.
func shiftQuick(p *poly, sign int, lo loFunc) (ok, strict, done bool) {
	if len(p.t) > 256 {
		return false, false, false
	}
	linear, positive, negCoef := true, true, false
	laurent := false
	k := ratZero  // the constant of the shifted polynomial
	expanded := 1 // the terms of the expansion: p's constant, each term's
	for _, t := range p.t {
		c := t.c
		if sign < 0 {
			c = c.neg()
		}
		if !t.m.polynomial() {
			if c.sign() <= 0 {
				return false, false, true
			}
			for _, f := range t.m {
				if l, has := lo(f.v); !has || l < 1 {
					return false, false, true
				}
			}
			laurent = true
			continue
		}
		if len(t.m) == 0 {
			k = k.add(c)
			continue
		}
		if len(t.m) != 1 || t.m[0].e != 1 {
			linear = false
		}
		if c.sign() < 0 {
			positive, negCoef = false, true
		}
		size := 1 // the terms of this term's expansion
		prod := c
		for _, f := range t.m {
			l, has := lo(f.v)
			if !has {
				return false, false, true
			}
			if l < 0 || (l > 0 && f.e > maxPow) {
				positive = false
			}
			if l > 0 {
				if size *= int(f.e) + 1; size > MaxTerms {
					positive = false
				}
			}
			if !linear && !positive {
				return false, false, negativeTop(p, sign)
			}
			switch {
			case l == 0:
				prod = ratZero
			case l != 1: // f.e <= maxPow (linear: 1)
				for i := int32(0); i < f.e; i++ {
					prod = prod.mul(ratInt(l))
				}
			}
		}
		if expanded += size; expanded > MaxTerms {
			positive = false
		}
		if !linear && !positive {
			return false, false, negativeTop(p, sign)
		}
		k = k.add(prod)
	}
	// linear: the shifted coefficients of the variables are theirs
	if negCoef || k.sign() < 0 {
		return false, false, true
	}
	return true, k.sign() > 0 || laurent, true
}
