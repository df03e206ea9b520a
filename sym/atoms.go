package sym

import (
	"math/big"
	"slices"
	"strings"
)

// This file holds the context-free canonicalization of the integer
// functions: exact division, floor_div, ceil_div, mod, min and max. Each
// either reduces to a polynomial or becomes an opaque atom over canonical
// arguments. All rules are identities for integer arguments (every Expr
// denotes an integer wherever its exact divisions are exact; the rules may
// assume it).

// termQuo returns t/y and whether it is an integer-valued term, for a
// one-term integral y: t must have an integer coefficient and an
// integer-valued monomial, and y must divide both (an integer constant d
// dividing the coefficient, or cy*Y with cy dividing the coefficient and Y
// the monomial). Then floor((q*y + r)/y) = q + floor(r/y) and
// (q*y + r) % y = r % y for every rational r: the rules that use termQuo
// are identities of rational values.
func termQuo(t term, y *poly) (term, bool) {
	yt, ok := y.monomial()
	if !ok || !yt.c.isInt() || !yt.m.polynomial() || !t.c.isInt() || !t.m.intValued() {
		return term{}, false
	}
	if n, _ := yt.m.modCount(); n > 0 {
		return term{}, false
	}
	c := t.c.quo(yt.c)
	if !c.isInt() {
		return term{}, false
	}
	m, ok := monoQuo(t.m, yt.m)
	if !ok {
		return term{}, false
	}
	return term{c, m}, true
}

// splitDiv splits x into q*y + r where q collects the terms of x that y
// divides (q is an integer wherever x is) and r the rest.
func splitDiv(x, y *poly) (q, r *poly) {
	var qs, rs []term
	for _, t := range x.t {
		if qt, ok := termQuo(t, y); ok {
			qs = append(qs, qt)
		} else {
			rs = append(rs, t)
		}
	}
	return normalize(qs), normalize(rs)
}

// positiveMono reports whether p is one term with a positive coefficient
// over variables that are positive without context and non-negative
// exponents: a value >= 1 wherever it is an integer.
func positiveMono(p *poly) bool {
	t, ok := p.monomial()
	if !ok || t.c.sign() <= 0 || !t.m.polynomial() {
		return false
	}
	for _, f := range t.m {
		if !f.v.positive() {
			return false
		}
	}
	return true
}

// coefGCD returns the gcd of the coefficients of p and of d when p is
// integral (then p/g is an integer wherever p is); 0 otherwise.
func coefGCD(p *poly, d rat) rat {
	g := d
	for _, t := range p.t {
		if !t.c.isInt() || !t.m.intValued() {
			return ratZero
		}
		g = gcdInt(g, t.c)
	}
	return g
}

// singleAtom returns the atom when p is exactly 1*atom.
func singleAtom(p *poly) (*variable, bool) {
	t, ok := p.monomial()
	if !ok || !t.c.isOne() || len(t.m) != 1 || t.m[0].e != 1 || t.m[0].v.kind != kAtom {
		return nil, false
	}
	return t.m[0].v, true
}

func floorDivPoly(x, y *poly) *poly { return divPoly(opFloorDiv, x, y) }
func ceilDivPoly(x, y *poly) *poly  { return divPoly(opCeilDiv, x, y) }

// divPoly is floor_div (op == opFloorDiv) or ceil_div.
func divPoly(op atomOp, x, y *poly) *poly {
	if err := firstErr(x, y); err != nil {
		return invalid(err)
	}
	if y.isZero() {
		return invalid(ErrDivByZero)
	}
	round := func(v rat) rat {
		if op == opFloorDiv {
			return v.floor()
		}
		return v.ceil()
	}
	if d, ok := y.constant(); ok {
		if c, ok := x.constant(); ok {
			return constPoly(round(c.quo(d)))
		}
		if d.sign() < 0 {
			if op == opFloorDiv {
				return divPoly(op, negPoly(x), negPoly(y))
			}
			return negPoly(divPoly(opFloorDiv, x, negPoly(y)))
		}
		if !d.isInt() {
			// x / (p/q) = (q*x) / p
			return divPoly(op, scalePoly(x, ratFromBigInt(d.den())), constPoly(ratFromBigInt(d.num())))
		}
		if d.isOne() && x.integral() {
			return x
		}
	} else if t, ok := y.monomial(); ok && t.c.sign() < 0 {
		if op == opFloorDiv {
			return divPoly(op, negPoly(x), negPoly(y))
		}
		return negPoly(divPoly(opFloorDiv, x, negPoly(y)))
	}
	if _, isConst := y.constant(); !isConst {
		// a divisor that divides x as a polynomial, one term too
		// (floor_div(M*N/2, M/2) is N: splitDiv takes integral divisors
		// only); a constant one is splitDiv's, which finds the same
		if q, ok := polyDivExact(x, y); ok && q.integral() {
			return q
		}
	}
	q, r := splitDiv(x, y)
	if r.isZero() {
		return q
	}
	return addPoly(q, divAtom(op, r, y))
}

// divAtom is floor_div or ceil_div of r by y after the divisible part has
// been split off.
func divAtom(op atomOp, r, y *poly) *poly {
	if d, ok := y.constant(); ok {
		if c, ok := r.constant(); ok {
			if op == opFloorDiv {
				return constPoly(c.quo(d).floor())
			}
			return constPoly(c.quo(d).ceil())
		}
		// floor((g*r')/(g*d')) = floor(r'/d')
		if g := coefGCD(r, d); g.sign() > 0 && !g.isOne() {
			return divPoly(op, scalePoly(r, g.inv()), constPoly(d.quo(g)))
		}
		// floor_div(x%c, d) = 0 for 0 < c <= d
		if v, ok := singleAtom(r); ok && v.op == opMod {
			if c, ok := v.y.constant(); ok && c.sign() > 0 && c.cmp(d) <= 0 {
				if op == opFloorDiv {
					return zeroPoly
				}
			}
		}
	}
	// floor((g*r')/(g*y')) = floor(r'/y') for a monomial g of variables
	// >= 1 that divides y and every term of r (ceil_div(M*N,2*M) is
	// ceil_div(N,2)); ceil likewise
	if g := sharedMono(r, y); g != nil {
		inv := &poly{t: []term{{c: ratOne, m: monoInv(g)}}}
		return divPoly(op, mulPoly(r, inv), mulPoly(y, inv))
	}
	// floor(floor(x/a)/b) = floor(x/(a*b)) for positive a, b; ceil likewise
	if v, ok := singleAtom(r); ok && v.op == op && positiveDivisor(v.y) && positiveDivisor(y) {
		return divPoly(op, v.x, mulPoly(v.y, y))
	}
	return varPoly(atomVar(op, r, y))
}

// sharedMono returns the monomial that divides the monomial y (of a
// positive coefficient) and every term of r, over the variables (not
// atoms) whose lower bound is at least 1, each to its least exponent; nil
// where it is 1 or y is no such monomial.
func sharedMono(r, y *poly) mono {
	yt, ok := y.monomial()
	if !ok || yt.c.sign() <= 0 || len(r.t) == 0 {
		return nil
	}
	var g mono
	for _, f := range yt.m {
		if f.e > 0 && f.v.kind != kAtom && f.v.positive() {
			g = append(g, f)
		}
	}
	for _, t := range r.t {
		var shared mono
		for _, f := range g {
			for _, h := range t.m {
				if h.v == f.v && h.e > 0 {
					shared = append(shared, factor{f.v, min(f.e, h.e)})
				}
			}
		}
		g = shared
	}
	if len(g) == 0 {
		return nil
	}
	return g
}

// positiveDivisor reports whether y is a positive constant or a positive
// monomial (context-free).
func positiveDivisor(y *poly) bool {
	if c, ok := y.constant(); ok {
		return c.sign() > 0 && c.isInt()
	}
	return positiveMono(y) && y.integral()
}

// factorLike reports whether y prints as a single factor of the notation
// (an integer, a symbol, or a function call), so that x%y is
// representable.
func factorLike(y *poly) bool {
	if c, ok := y.constant(); ok {
		if !c.isInt() || c.isZero() {
			return false
		}
		_, fits := c.int64()
		return fits
	}
	t, ok := y.monomial()
	if !ok || !t.c.isOne() || len(t.m) != 1 || t.m[0].e != 1 {
		return false
	}
	v := t.m[0].v
	return v.kind != kAtom || v.op != opMod
}

func modPoly(x, y *poly) *poly {
	if err := firstErr(x, y); err != nil {
		return invalid(err)
	}
	if y.isZero() {
		return invalid(ErrDivByZero)
	}
	if d, ok := y.constant(); ok {
		if c, ok := x.constant(); ok {
			return constPoly(c.sub(d.mul(c.quo(d).floor())))
		}
		if d.sign() < 0 {
			// x % -d = -((-x) % d)
			return negPoly(modPoly(negPoly(x), negPoly(y)))
		}
		if !d.isInt() {
			return subPoly(x, mulPoly(y, floorDivPoly(x, y)))
		}
		if d.isOne() && x.integral() {
			return zeroPoly
		}
	}
	_, r := splitDiv(x, y)
	if r.isZero() {
		return zeroPoly
	}
	if d, ok := y.constant(); ok {
		if c, ok := r.constant(); ok {
			return constPoly(c.sub(d.mul(c.quo(d).floor())))
		}
		// (g*r') % (g*d') = g*(r' % d')
		if g := coefGCD(r, d); g.sign() > 0 && !g.isOne() {
			return scalePoly(modPoly(scalePoly(r, g.inv()), constPoly(d.quo(g))), g)
		}
		if v, ok := singleAtom(r); ok && v.op == opMod {
			if a, ok := v.y.constant(); ok && a.sign() > 0 {
				if intDivides(d, a) { // (x % a) % d = x % d when d | a
					return modPoly(v.x, y)
				}
				if a.cmp(d) <= 0 { // 0 <= x % a < a <= d
					return r
				}
			}
		}
	}
	if len(r.t) == 1 && factorLike(y) {
		return varPoly(atomVar(opMod, r, y))
	}
	return subPoly(r, mulPoly(y, floorDivPoly(r, y)))
}

// minMaxPoly is min (op == opMin) or max.
func minMaxPoly(op atomOp, x, y *poly) *poly {
	if err := firstErr(x, y); err != nil {
		return invalid(err)
	}
	if polyEq(x, y) {
		return x
	}
	pick := func(xLeq bool) *poly { // xLeq: x <= y
		if (op == opMin) == xLeq {
			return x
		}
		return y
	}
	d := subPoly(y, x)
	if d.err != nil {
		return d
	}
	if c, ok := d.constant(); ok {
		return pick(c.sign() >= 0)
	}
	if ok, _ := shiftNonneg(d, defaultLo); ok {
		return pick(true)
	}
	if ok, _ := shiftNonnegNeg(d, defaultLo); ok {
		return pick(false)
	}
	// min(a, min(a,b)) = min(a,b); min(a, max(a,b)) = a; and symmetric
	for _, pair := range [2][2]*poly{{x, y}, {y, x}} {
		a, b := pair[0], pair[1]
		if v, ok := singleAtom(b); ok && (v.op == opMin || v.op == opMax) && (polyEq(v.x, a) || polyEq(v.y, a)) {
			if v.op == op {
				return b
			}
			return a
		}
	}
	if cmpPoly(x, y) > 0 {
		x, y = y, x
	}
	return varPoly(atomVar(op, x, y))
}

// cmpPoly is a total order on canonical polynomials (by their text), used
// to order the arguments of min and max.
func cmpPoly(a, b *poly) int {
	if polyEq(a, b) { // false for an invalid value
		return 0 // equal canonical forms print alike
	}
	return strings.Compare(printPoly(a), printPoly(b))
}

// polyDivExact divides x by y as polynomials when y divides x exactly;
// both must have non-negative exponents, and y no mod atoms (so that no
// step multiplies two remainders). Each step adds to the quotient a
// monomial below the previous ones (the leading monomial of the rest
// decreases in the graded order of cmpMono), so the division gives up
// when the quotient passes MaxTerms: after at most MaxTerms+1 steps.
func polyDivExact(x, y *poly) (*poly, bool) {
	if x.err != nil || y.err != nil || len(y.t) == 0 {
		return nil, false
	}
	for _, p := range [2]*poly{x, y} {
		for _, t := range p.t {
			if !t.m.polynomial() {
				return nil, false
			}
			if n, _ := t.m.modCount(); n > 0 && p == y {
				return nil, false
			}
		}
	}
	lead := y.t[0]
	q := zeroPoly
	r := x
	for !r.isZero() {
		if r.err != nil || q.err != nil {
			return nil, false
		}
		m, ok := monoQuo(r.t[0].m, lead.m)
		if !ok {
			return nil, false
		}
		t := &poly{t: []term{{r.t[0].c.quo(lead.c), m}}}
		q = addPoly(q, t)
		r = subPoly(r, mulPoly(t, y))
	}
	return q, q.err == nil
}

// exactDivPoly is x / y, an exact division (the caller's obligation: y
// divides x at every binding of interest). By a monomial it is
// multiplication by the inverse monomial (rational coefficients and
// negative exponents allowed); by a polynomial that divides x as a
// polynomial it is the quotient; otherwise it is the exact quotient over
// a group atom (quoPoly), whose value is x/y at every binding.
func exactDivPoly(x, y *poly) *poly {
	if err := firstErr(x, y); err != nil {
		return invalid(err)
	}
	if y.isZero() {
		return invalid(ErrDivByZero)
	}
	if x.isZero() {
		return zeroPoly
	}
	if t, ok := y.monomial(); ok {
		if n, _ := t.m.modCount(); n == 0 {
			inv := &poly{t: []term{{t.c.inv(), monoInv(t.m)}}}
			if t.m.hasGroup() { // 1/grp(y)^-k is y^k
				inv = fixGroups(inv)
			}
			return mulPoly(x, inv)
		}
		// a divisor holding a mod atom: y = yn/yd with the mod atoms
		// expanded, and x/y = (x*yd)/yn, one division over the whole
		yn, yd := constPoly(t.c), constPoly(ratOne)
		for _, f := range t.m {
			fp := varPoly(f.v)
			if f.v.kind == kAtom && f.v.op == opMod {
				fp = expandMod(f.v)
			}
			if f.e > 0 {
				yn = mulPoly(yn, powPoly(fp, int(f.e)))
			} else {
				yd = mulPoly(yd, powPoly(fp, int(-f.e)))
			}
		}
		if err := firstErr(yn, yd); err != nil {
			return invalid(err)
		}
		return exactDivPoly(mulPoly(x, yd), yn)
	}
	if q, ok := laurentDivExact(x, y); ok {
		return q
	}
	return quoPoly(x, y)
}

// laurentDivExact is polyDivExact for an x with negative exponents too
// (y without): x = m*x0 with m the monomial of the least exponents, and
// x/y = m*(x0/y) when y divides x0 ((N/M+1/M)/(N+1) is 1/M).
func laurentDivExact(x, y *poly) (*poly, bool) {
	if x.polynomialExps() {
		return polyDivExact(x, y)
	}
	if !y.polynomialExps() {
		return nil, false
	}
	low := map[*variable]int32{}
	var m mono
	for _, t := range x.t {
		for _, f := range t.m {
			if f.e < low[f.v] {
				low[f.v] = f.e
			}
		}
	}
	for v, e := range low {
		if isGroup(v) || (v.kind == kAtom && v.op == opMod) {
			return nil, false
		}
		m = append(m, factor{v, e})
	}
	slices.SortFunc(m, func(a, b factor) int { return cmpVar(a.v, b.v) })
	x0 := mulPoly(x, &poly{t: []term{{ratOne, monoInv(m)}}})
	q, ok := polyDivExact(x0, y)
	if !ok {
		return nil, false
	}
	return mulPoly(q, &poly{t: []term{{ratOne, m}}}), true
}

// clearing returns the monomial d*x1^e1*...*xk^ek that clears the
// denominators and negative exponents of the terms ts: d is the least
// common multiple of their coefficients' denominators, ei the largest
// negative exponent of xi among them, negated; nil when every term has an
// integer coefficient and no negative exponent. Times it, each term is an
// integer multiple of a monomial without negative exponents (a group
// atom's positive power expands to its argument: see normalize).
func clearing(ts []term) *poly {
	den := big.NewInt(1)
	neg := map[*variable]int32{}
	var order []*variable
	for _, t := range ts {
		if d := t.c.den(); d.Cmp(big.NewInt(1)) != 0 {
			g := new(big.Int).GCD(nil, nil, den, d)
			den.Mul(den, new(big.Int).Quo(d, g))
		}
		for _, f := range t.m {
			if f.e < 0 {
				if _, ok := neg[f.v]; !ok {
					order = append(order, f.v)
				}
				neg[f.v] = max(neg[f.v], -f.e)
			}
		}
	}
	if len(order) == 0 && den.Cmp(big.NewInt(1)) == 0 {
		return nil
	}
	var l mono
	for _, v := range order {
		l = append(l, factor{v, neg[v]})
	}
	slices.SortFunc(l, func(a, b factor) int { return cmpVar(a.v, b.v) })
	return &poly{t: []term{{ratFromBigInt(den), l}}}
}

// quoPoly is the exact quotient x/y by a y of several terms that does not
// divide x as a polynomial: x' * grp(y')^-1, where y' is y times the
// monomial that clears its denominators and negative exponents, divided by
// the content of its coefficients and by the sign of its first term (an
// integer polynomial, without negative exponents, coefficients coprime,
// first coefficient positive), and x' is x times the same factor. The value
// is the rational x/y at every binding (not an integer where y does not
// divide x).
func quoPoly(x, y *poly) *poly {
	if lp := clearing(y.t); lp != nil {
		// grp(u)^k in l expands to u^k (normalize), so y*l has no
		// negative exponent left
		// (the cleared y has integer coefficients and no negative
		// exponent, so this exactDivPoly's quoPoly clears nothing: its
		// Laurent division finds (1/K+1/M)/(1+K/M) is 1/K)
		return exactDivPoly(mulPoly(x, lp), mulPoly(y, lp))
	}
	// the content: the gcd of the coefficients, with the sign of the
	// first, and the monomial common to every term (M*N+M is M*(N+1))
	g := ratZero
	for _, t := range y.t {
		g = gcdInt(g, t.c)
	}
	if y.t[0].c.sign() < 0 {
		g = g.neg()
	}
	var common mono
	for _, f := range y.t[0].m {
		e := f.e
		for _, t := range y.t[1:] {
			k := int32(0)
			for _, h := range t.m {
				if h.v == f.v {
					k = h.e
					break
				}
			}
			e = min(e, k)
		}
		if e > 0 {
			common = append(common, factor{f.v, e})
		}
	}
	if !g.isOne() || len(common) > 0 {
		if n, _ := common.modCount(); n == 0 {
			c := &poly{t: []term{{g.inv(), monoInv(common)}}}
			y = mulPoly(y, c)
			if err := firstErr(x, y); err != nil {
				return invalid(err)
			}
			// (N+1)/(M*N+M) is 1/M
			if q, ok := polyDivExact(scalePoly(x, g.inv()), y); ok {
				return mulPoly(q, &poly{t: []term{{ratOne, monoInv(common)}}})
			}
			x = mulPoly(x, c)
		} else if !g.isOne() {
			x, y = scalePoly(x, g.inv()), scalePoly(y, g.inv())
		}
	}
	return mulPoly(x, &poly{t: []term{{ratOne, mono{{groupVar(y), -1}}}}})
}

// groupVar returns the group atom of y: the atom min(y,y), whose value is
// y. It stands for a divisor of several terms, always with a negative
// exponent (M/(N+1) is M*min(N+1,N+1)^-1 and prints as M/min(N+1,N+1),
// which reads back as the same value), because the notation has no
// grouping parentheses. y is canonical with integer coefficients, no
// negative exponent and at least two terms; minMaxPoly never makes a min
// atom of two equal arguments, so the atom's arguments are the same
// pointer.
func groupVar(y *poly) *variable { return atomVar(opMin, y, y) }

// isGroup reports whether v is a group atom (see groupVar).
func isGroup(v *variable) bool { return v.kind == kAtom && v.op == opMin && v.x == v.y }

// polynomialExps reports whether no exponent of p is negative.
func (p *poly) polynomialExps() bool {
	for _, t := range p.t {
		if !t.m.polynomial() {
			return false
		}
	}
	return true
}

// simpleDivisor reports whether exact division by y is multiplication by
// an inverse monomial (y is one term without mod atoms).
func simpleDivisor(y *poly) bool {
	t, ok := y.monomial()
	if !ok {
		return false
	}
	n, _ := t.m.modCount()
	return n == 0
}

// divItem is an exact division num/den by a divisor that is not simple.
type divItem struct{ num, den *poly }

// combineDivs returns outside + the sum of the items' quotients. Each
// quotient is exact (see exactDivPoly: a division by a sum that does not
// divide as polynomials stays an exact quotient over a group atom), so the
// sum is formed term by term, and quotients over the same divisor merge in
// the canonical form; ok is always true (kept for the callers that report
// exactness).
func combineDivs(outside *poly, items []divItem) (*poly, bool) {
	acc := outside
	for _, it := range items {
		acc = addPoly(acc, exactDivPoly(it.num, it.den))
		if acc.err != nil {
			return acc, true
		}
	}
	return acc, true
}

// throughFact returns the fact over x that a fact c*A + k >= 0 about one
// atom A = floor_div(x,d) or ceil_div(x,d) of an assumption gives, for an
// integral x and an integer divisor d >= 1 (divisorPos): the atom is an
// integer, so the fact is A >= K (c > 0, K = ceil(-k/c)) or A <= K (c <
// 0, K = floor(-k/c)), and that is, over x,
//
//	floor_div(x,d) >= K: x - K*d >= 0
//	floor_div(x,d) <= K: K*d + d - 1 - x >= 0
//	ceil_div(x,d) >= K:  x - (K-1)*d - 1 >= 0
//	ceil_div(x,d) <= K:  K*d - x >= 0
//
// (side sideThrough of the assumption, or sideThroughNonzero where f is
// the sideNonzero fact of a != assumption; f's upper is kept): floor_div(M,4)
// >= 2 bounds M >= 8.
func (c *Ctx) throughFact(f fact) (fact, bool) {
	if f.kind != fGe || f.src.bound != nil || (f.src.side != 0 && f.src.side != sideNonzero) || f.p.err != nil {
		return fact{}, false
	}
	var at *variable
	var co rat
	k := ratZero
	for _, t := range f.p.t {
		if len(t.m) == 0 {
			k = t.c
			continue
		}
		if at != nil || len(t.m) != 1 || t.m[0].e != 1 || t.m[0].v.kind != kAtom {
			return fact{}, false
		}
		at, co = t.m[0].v, t.c
	}
	if at == nil || (at.op != opFloorDiv && at.op != opCeilDiv) ||
		!at.x.integral() || !at.y.integral() || !c.divisorPos(at.y) {
		return fact{}, false
	}
	bound := k.neg().quo(co)
	one := constPoly(ratOne)
	var p *poly
	if co.sign() > 0 {
		kk := constPoly(bound.ceil())
		if at.op == opFloorDiv {
			p = subPoly(at.x, mulPoly(kk, at.y))
		} else {
			p = subPoly(subPoly(at.x, mulPoly(subPoly(kk, one), at.y)), one)
		}
	} else {
		kk := constPoly(bound.floor())
		if at.op == opFloorDiv {
			p = subPoly(subPoly(mulPoly(addPoly(kk, one), at.y), one), at.x)
		} else {
			p = subPoly(mulPoly(kk, at.y), at.x)
		}
	}
	if p.err != nil {
		return fact{}, false
	}
	src := f.src
	src.side = sideThrough
	if f.src.side == sideNonzero {
		src.side = sideThroughNonzero
	}
	return fact{kind: fGe, p: p, src: src}, true
}
