package sym

import (
	"sync"
	"sync/atomic"
)

// The general decision path: proofs by substitution, the shift argument and
// kept facts, and witnesses by a bounded search over the unknowns. Every
// certificate it returns has passed Verify.

// images returns the images of a and b over the unknowns, with the min and
// max atoms that the context decides replaced by their operands, and those
// replacements.
func (c *Ctx) images(a, b *poly) (ta, tb *poly, res []Resolution) {
	ta, tb = c.theta(a), c.theta(b)
	ta = c.resolveMinMax(ta, &res)
	tb = c.resolveMinMax(tb, &res)
	return ta, tb, res
}

func (c *Ctx) certBase(cl Claim) *Certificate {
	return &Certificate{
		Claim:       cl,
		Universal:   true,
		Assumptions: append([]Cond(nil), c.conds...),
		Steps:       append([]Step(nil), c.steps...),
	}
}

func verified(cert *Certificate) *Certificate {
	if cert == nil || Verify(cert) != nil {
		return nil
	}
	return cert
}

// verified is Verify for a proof that c built (certBase: universal, its
// assumptions and steps are c's), returning cert when Verify accepts it.
// Verify replays the assumptions and steps before it checks the proof;
// the replay depends on nothing else, so it is made once per context
// (Ctx.replayed) and each proof is checked on a copy of its result: the
// same verdict as Verify's.
func (c *Ctx) verified(cert *Certificate) *Certificate {
	base, err := c.replayed()
	if err != nil {
		return nil
	}
	if base.clone().proof(cert) != nil {
		return nil
	}
	return cert
}

// proveDivides looks for an integral quotient image(b)/image(a).
func (c *Ctx) proveDivides(a, b *poly) *Certificate {
	ta, tb, res := c.images(a, b)
	if ta.err != nil || tb.err != nil {
		return nil
	}
	var q *poly
	if ta.isZero() {
		if !tb.isZero() {
			return nil
		}
		q = zeroPoly
	} else {
		q = exactDivPoly(tb, ta)
		if q.err != nil || !q.integral() || !polyEq(mulPoly(ta, q), tb) {
			return c.proveDividesByRemainder(a, b, ta, tb)
		}
	}
	cert := c.certBase(Claim{ClaimDivides, a, b})
	cert.Quotient = q
	cert.Resolved = res
	return c.verified(cert)
}

// proveDividesByRemainder proves a | b, where the quotient of the images
// is not integral, by the proof that the remainder b%a is 0 (as Equal
// proves it: identical images, or both orders by the kept facts and the
// bounds of the atoms), for a divisor whose image is an integer >= 1
// (divisorPos) and an integral b: b - a*floor_div(b,a) == 0 makes a
// divide b. Under M%128==0 && M-L*L*floor_div(M,L*L)==0, L*L divides M.
// It is tried only in a context with kept facts and where the remainder's
// image has atoms (otherwise the facts of an order proof could not pin it
// to 0). Operands with rational coefficients are first multiplied by the
// least common multiple of their denominators (the same quotient).
func (c *Ctx) proveDividesByRemainder(a, b, ta, tb *poly) *Certificate {
	// operands with rational coefficients: the remainder of both times
	// the least common multiple of their denominators (clearedPair, the
	// form of Divisible's condition: N/2 divides x by 2*x%N == 0)
	y, x := clearedPair(a, b)
	if y != a {
		ta, tb, _ = c.images(y, x)
	}
	if c.box || !tb.integral() || !c.divisorPos(ta) {
		return nil
	}
	r := modPoly(x, y)
	if r.err != nil || !c.theta(r).hasAtoms() {
		return nil
	}
	eq := c.proveEq(r, zeroPoly)
	if eq == nil {
		eq = c.proveEqByOrder(r, zeroPoly)
	}
	if eq == nil {
		return nil
	}
	cert := c.certBase(Claim{ClaimDivides, a, b})
	cert.Parts = []*Certificate{eq}
	return c.verified(cert)
}

// proveEq checks that the images are identical.
func (c *Ctx) proveEq(a, b *poly) *Certificate {
	if polyEq(a, b) {
		// identical operands (polyEq is false for an error): Verify
		// checks the identity itself
		return c.verified(c.certBase(Claim{ClaimEq, a, b}))
	}
	ta, tb, res := c.images(a, b)
	if ta.err != nil || !polyEq(ta, tb) {
		return nil
	}
	cert := c.certBase(Claim{ClaimEq, a, b})
	cert.Resolved = res
	return c.verified(cert)
}

// proveEqByOrder proves a == b by the two order proofs a <= b and b <= a.
func (c *Ctx) proveEqByOrder(a, b *poly) *Certificate {
	le := c.proveLe(a, b, false)
	if le == nil {
		return nil
	}
	ge := c.proveLe(b, a, false)
	if ge == nil {
		return nil
	}
	cert := c.certBase(Claim{ClaimEq, a, b})
	cert.Direction = LE
	cert.Parts = []*Certificate{le, ge}
	return c.verified(cert)
}

// orderProof is the content of a ClaimLe/ClaimLt proof.
type orderProof struct {
	scale *poly
	round *poly // see Certificate.Round
	uses  []FactUse
	// a failed search for p > 0 stopped at a state with no negative
	// coefficient and no positive constant (see proveIntegerPos)
	flat bool
}

// clearScale returns a positive s such that s*p has no negative exponent:
// the product of the variables with a negative exponent, each to the
// greatest such power; ok is false when one of them may be below 1. An
// atom qualifies by its bound atomLo (a group atom min(y,y) with y >= 1,
// min(M,N)): s is then the canonical product, a group atom's argument
// multiplied out (for 2-2/min(2*K'+1,2*K'+1), s is 2*K'+1 and s*p is
// 4*K'), which Verify reads as a positive polynomial that the image's
// reciprocal atom divides (verifier.scaled).
func (c *Ctx) clearScale(p *poly) (*poly, bool) {
	neg := map[*variable]int32{}
	var order []*variable
	for _, t := range p.t {
		for _, f := range t.m {
			if f.e < 0 {
				if _, seen := neg[f.v]; !seen {
					order = append(order, f.v)
				}
				if -f.e > neg[f.v] {
					neg[f.v] = -f.e
				}
			}
		}
	}
	if len(order) == 0 {
		return nil, true
	}
	sortVars(order)
	m := make(mono, 0, len(order))
	group := false
	for _, v := range order {
		if lo, ok := c.loOf(v); !ok || lo < 1 {
			return nil, false
		}
		m = append(m, factor{v, neg[v]})
		group = group || isGroup(v)
	}
	if group {
		// a group atom's positive power is its argument (fixGroups)
		s := normalize([]term{{ratOne, m}})
		return s, s.err == nil
	}
	return &poly{t: []term{{ratOne, m}}}, true
}

// shiftFact is shiftPoly over the context's lower bounds (loOf), for the
// facts and the differences of order proofs: a polynomial with a negative
// exponent is refused (ok false), and a polynomial with atoms
// whose shift has more than maxAtomShift terms is refused (ok false): the
// atoms' own bounds (atomLo, nested atoms included) make products of many
// atoms >= 1 expand to hundreds of terms, which no proof by facts within
// proofWork uses (the facts over products of six ceil_div atoms that
// fuzzing makes, rules' TestFuzzedFlatDivideBoundedWork).
func (c *Ctx) shiftFact(p *poly) (*poly, bool) {
	if !p.polynomialExps() {
		// a shift of u^-1 is no polynomial (and Verify refuses it)
		return nil, false
	}
	s, ok := shiftPoly(p, c.loOf)
	if ok && len(s.t) > maxAtomShift && p.hasAtoms() {
		return nil, false
	}
	return s, ok
}

// maxAtomShift is shiftFact's bound.
const maxAtomShift = 32

// usableFact is a fact F >= 0 with its source, for ordering proofs:
// shifted is F, or scale*F for a fact with negative exponents (see
// FactUse), shifted to the lower bounds.
type usableFact struct {
	src     Source
	shifted *poly
	scale   *poly
}

// usableAssumption returns the usable form of a fact f >= 0 of an
// assumption: f shifted, or, where f has negative exponents (M < 64/K),
// scale*f shifted with the positive monomial that clears them.
func (c *Ctx) usableAssumption(src Source, f *poly) (usableFact, bool) {
	if s, ok := c.shiftFact(f); ok {
		return usableFact{src: src, shifted: s}, true
	}
	if f.err != nil || f.polynomialExps() {
		return usableFact{}, false
	}
	scale, ok := c.clearScale(f)
	if !ok || scale == nil {
		return usableFact{}, false
	}
	if s, ok := c.shiftFact(mulPoly(f, scale)); ok {
		return usableFact{src: src, shifted: s, scale: scale}, true
	}
	return usableFact{}, false
}

// usableFacts returns the facts that order proofs subtract (made once per
// context: they depend on nothing else; the slice is full, so that an
// append copies it).
func (c *Ctx) usableFacts() []usableFact {
	if uf := c.uf.Load(); uf != nil {
		return *uf
	}
	out := c.makeUsableFacts()
	out = out[:len(out):len(out)]
	c.uf.Store(&out)
	return out
}

func (c *Ctx) makeUsableFacts() []usableFact {
	var out []usableFact
	for _, f := range c.facts {
		if f.kind != fGe {
			continue
		}
		if u, ok := c.usableAssumption(c.stepSrc(f.src), f.p); ok {
			out = append(out, u)
		}
	}
	// an equation X == Y, kept or a congruence x%y == r whose atom stays,
	// gives X - Y >= 0 and Y - X >= 0 (Upper)
	// in the canonical order of the assumptions, so that the proofs found
	// do not depend on the order in which they were made
	for _, j := range c.order {
		cd := c.conds[j]
		if cd.Rel != EQ {
			continue
		}
		d := c.theta(subPoly(pl(cd.X), pl(cd.Y)))
		if d.err != nil || d.isZero() {
			continue
		}
		for _, up := range [2]bool{false, true} {
			f := d
			if up {
				f = negPoly(d)
			}
			if u, ok := c.usableAssumption(Source{Cond: j, Upper: up}, f); ok {
				out = append(out, u)
			}
		}
	}
	// a kept != fact with atoms (outside the fact fast path's fragment)
	// whose assumption's image X-Y or Y-X is integral and non-negative:
	// that side is >= 1
	for _, f := range c.facts {
		if f.kind != fNe || f.src.bound != nil || f.src.side != 0 || !f.p.hasAtoms() {
			continue
		}
		cd := c.conds[f.src.cond]
		d := c.theta(subPoly(pl(cd.X), pl(cd.Y)))
		if d.err != nil || !d.integral() {
			continue
		}
		for _, up := range [2]bool{false, true} {
			p := d
			if up {
				p = negPoly(d)
			}
			if ok, _ := shiftNonneg(p, c.loOf); !ok {
				continue
			}
			if s, ok := c.shiftFact(subPoly(p, constPoly(ratOne))); ok {
				out = append(out, usableFact{src: Source{Cond: f.src.cond, Side: sideNonzero, Upper: up}, shifted: s})
			}
		}
	}
	// upper bounds of the current unknowns
	var vs []*variable
	for _, e := range c.bnd {
		if e.b.hasHi {
			vs = append(vs, e.v)
		}
	}
	sortVars(vs)
	for _, v := range vs {
		b, _ := c.bnd.get(v)
		f := subPoly(constPoly(ratInt(b.hi)), varPoly(v))
		if s, ok := c.shiftFact(f); ok {
			out = append(out, usableFact{src: Source{Cond: -1, Bound: v.name, Upper: true}, shifted: s})
		}
	}
	return out
}

// atomFacts returns the bounds that hold by the definition of the atoms of
// ps (see Source): x%y in [0, y-1], y*floor_div(x,y) in [x-y+1, x],
// y*ceil_div(x,y) in [x, x+y-1], for a divisor y that is an integer >= 1
// (divisorPos: a constant, a monomial such as L*L, or min(M,N)), the
// identity x == y*floor_div(x,y) + x%y where both atoms occur, and
// min(a,b) <= a, b, max(a,b) >= a, b, for the operands where they hold.
func (c *Ctx) atomFacts(ps ...*poly) []usableFact {
	var out []usableFact
	seen := map[*variable]bool{}
	var atoms []*variable
	for _, p := range ps {
		for _, t := range p.t {
			for _, x := range t.m {
				if v := x.v; v.kind == kAtom && !seen[v] {
					seen[v] = true
					atoms = append(atoms, v)
				}
			}
		}
	}
	// first the identities x - y*floor_div(x,y) - x%y == 0, where both
	// atoms occur (a proof that meets -y*floor_div(x,y) takes the identity
	// before the bound of floor_div: 4*floor_div(M,4) < M under M%4 != 0)
	for _, v := range atoms {
		if v.op == opMod {
			if l := c.atomDefs(v); l.floor != nil && seen[l.floor] {
				out = append(out, l.link...)
			}
		}
	}
	for _, v := range atoms {
		out = append(out, c.atomDefs(v).bounds...)
	}
	return out
}

// atomDef holds the facts that define one atom (see atomFacts): its
// bounds, and for x%y the identity with floor_div(x,y) (link) and that
// atom (floor), nil where the identity does not hold.
type atomDef struct {
	bounds []usableFact
	floor  *variable
	link   []usableFact
}

// atomDefCache holds the atomDefs of a context's atoms, made on first use
// (they depend on the atom and the context's lower bounds only), at most
// maxAtomDefs of them (emptied when full).
type atomDefCache struct {
	mu sync.Mutex
	m  map[*variable]atomDef
}

const maxAtomDefs = 1024

// atomDefs returns the facts that define atom v, made once per context.
func (c *Ctx) atomDefs(v *variable) atomDef {
	m := c.ad.Load()
	if m == nil {
		c.ad.CompareAndSwap(nil, &atomDefCache{m: map[*variable]atomDef{}})
		m = c.ad.Load()
	}
	m.mu.Lock()
	d, ok := m.m[v]
	m.mu.Unlock()
	if ok {
		return d
	}
	d = c.makeAtomDef(v)
	m.mu.Lock()
	if len(m.m) >= maxAtomDefs {
		m.m = map[*variable]atomDef{}
	}
	m.m[v] = d
	m.mu.Unlock()
	return d
}

func (c *Ctx) makeAtomDef(v *variable) atomDef {
	var d atomDef
	one := constPoly(ratOne)
	a := varPoly(v)
	addTo := func(out *[]usableFact, f *poly, upper bool, side int) {
		if s, ok := c.shiftFact(f); ok && f.err == nil {
			*out = append(*out, usableFact{src: Source{Cond: -1, Atom: a, Upper: upper, Side: side}, shifted: s})
		}
	}
	if v.op == opMod && v.x.integral() && v.y.integral() && c.divisorPos(v.y) {
		if fl, ok := singleAtom(floorDivPoly(v.x, v.y)); ok {
			d.floor = fl
			link := subPoly(subPoly(v.x, mulPoly(v.y, varPoly(fl))), a)
			addTo(&d.link, link, false, sideLink)
			addTo(&d.link, negPoly(link), true, sideLink)
		}
	}
	add := func(f *poly, upper bool, side int) { addTo(&d.bounds, f, upper, side) }
	intX, intY := v.x.integral(), v.y.integral()
	switch v.op {
	case opMod:
		if intX && intY && c.divisorPos(v.y) {
			add(subPoly(subPoly(v.y, one), a), true, 0)
			// x%d >= 0 for a d that is not a constant (a constant d is
			// positive here: divisorPos)
			if _, ok := v.y.constant(); !ok {
				add(a, false, 0)
			}
		}
	case opFloorDiv, opCeilDiv:
		if !intY || !c.divisorPos(v.y) {
			break
		}
		da := mulPoly(v.y, a)
		ym1 := subPoly(v.y, one)
		if v.op == opFloorDiv {
			add(subPoly(v.x, da), true, 0)
			if intX {
				add(addPoly(subPoly(da, v.x), ym1), false, 0)
			}
		} else {
			add(subPoly(da, v.x), false, 0)
			if intX {
				add(subPoly(addPoly(v.x, ym1), da), true, 0)
			}
		}
	case opMin:
		add(subPoly(v.x, a), true, 1)
		add(subPoly(v.y, a), true, 2)
	case opMax:
		add(subPoly(a, v.x), false, 1)
		add(subPoly(a, v.y), false, 2)
	}
	return d
}

// divisorPos reports whether y is an integer >= 1 at every allowed
// binding, as Verify checks a divisor (positiveV): a positive integer
// constant, a monomial with a positive integer coefficient over unknowns
// >= 1, or an integral polynomial whose y-1 the shift argument shows
// non-negative (min(M,N), N+1).
func (c *Ctx) divisorPos(y *poly) bool {
	if d, ok := y.constant(); ok {
		return d.isInt() && d.sign() > 0
	}
	if c.positiveMonoCtx(y) {
		return true
	}
	if !y.integral() {
		return false
	}
	ok, _ := shiftNonneg(subPoly(y, constPoly(ratOne)), c.loOf)
	return ok
}

// positiveMonoCtx reports a monomial with a positive integer coefficient
// over unknowns >= 1 (no atoms, no negative exponent).
func (c *Ctx) positiveMonoCtx(y *poly) bool {
	t, ok := y.monomial()
	if !ok || !t.c.isInt() || t.c.sign() <= 0 || !t.m.polynomial() {
		return false
	}
	for _, f := range t.m {
		if f.v.kind == kAtom {
			return false
		}
		if lo, ok := c.loOf(f.v); !ok || lo < 1 {
			return false
		}
	}
	return true
}

// shiftProof is proveNonneg's first step: p times the scale that clears
// its negative exponents (q), shifted to the lower bounds (s); proved when
// that alone shows p >= 0 (strict: p > 0), ok false when p cannot be
// shifted.
func (c *Ctx) shiftProof(p *poly, strict bool) (pr orderProof, q, s *poly, proved, ok bool) {
	if p.err != nil {
		return pr, nil, nil, false, false
	}
	scale, ok := c.clearScale(p)
	if !ok {
		return pr, nil, nil, false, false
	}
	q = p
	if scale != nil {
		q = mulPoly(p, scale)
		pr.scale = scale
	}
	if s, ok = c.shiftFact(q); !ok {
		return pr, nil, nil, false, false
	}
	nonneg, st := nonnegCoefs(s)
	return pr, q, s, nonneg && (st || !strict), true
}

// proveNonneg proves p >= 0 (strict: p > 0) over the allowed set: clear
// negative exponents, shift to the lower bounds, and subtract non-negative
// multiples of facts until every coefficient is non-negative.
func (c *Ctx) proveNonneg(p *poly, strict bool) (orderProof, bool) {
	work := proofWork
	defer func() { proofWorkDone.Add(int64(proofWork - work)) }()
	return c.proveNonnegIn(p, strict, &work)
}

// proveNonnegIn is proveNonneg within the work left in work (see
// proofWork).
func (c *Ctx) proveNonnegIn(p *poly, strict bool, work *int) (orderProof, bool) {
	pr, q, s, proved, ok := c.shiftProof(p, strict)
	if !ok || proved {
		return pr, ok
	}
	// a proof made with a whole budget depends on nothing else: remembered
	// (see proofMemo)
	whole := *work == proofWork
	var buf [128]byte
	var key []byte
	if whole {
		key = appendKey(append(buf[:0], boolByte(strict)), p)
		if m, ok := c.proofMemoized(key); ok {
			*work -= m.spent
			return m.pr, m.ok
		}
	}
	facts := c.proofFacts(q)
	if len(facts) == 0 {
		return pr, false
	}
	r, ok, choices := c.proveByChoices(pr, q, s, facts, strict, whole, key, work)
	if !ok {
		r, ok = c.proveByRounding(r, q, facts, strict, work)
	}
	if !ok {
		// the failed search's r is kept (its flat mark tells proveNe's
		// rounding by 1 where it may help)
		if r2, ok2 := c.proveByOwnAtoms(pr, q, s, len(facts), strict, work); ok2 {
			r, ok = r2, true
		}
	}
	if whole {
		r.uses = r.uses[:len(r.uses):len(r.uses)]
		c.memoizeProof(key, memoProof{pr: r, ok: ok, spent: proofWork - *work, choices: choices})
	}
	return r, ok
}

// proofFacts returns the facts of an order proof about q: the context's
// (usableFacts) and the bounds of the atoms of q and of those facts.
func (c *Ctx) proofFacts(q *poly) []usableFact {
	facts := c.usableFacts()
	ps := []*poly{q}
	for _, f := range facts {
		if f.shifted.hasAtoms() {
			ps = append(ps, f.shifted)
		}
	}
	return append(facts, c.atomFacts(ps...)...)
}

// proveByChoices subtracts the facts from the shifted s (q before the
// shift, pr its scale) with the first choice of facts, then the second,
// and returns the work that both spent (choices). The two searches take
// the same steps for p >= 0 and p > 0 until a state with no negative
// coefficient, which ends the one for p >= 0 with a proof: where that one
// failed, the one for p > 0 fails after the same work, so that with a
// whole budget (whole) it is not made again (key is p > 0's key in
// proofMemo).
func (c *Ctx) proveByChoices(pr orderProof, q, s *poly, facts []usableFact, strict, whole bool, key []byte, work *int) (r orderProof, ok bool, choices int) {
	if strict && whole {
		key[0] = boolByte(false)
		m, found := c.proofMemoized(key)
		key[0] = boolByte(true)
		if found && !m.ok {
			*work -= m.choices
			return pr, false, m.choices
		}
	}
	before := *work
	defer func() { choices = before - *work }()
	r, ok = c.subtractFacts(pr, s, facts, strict, false, work)
	if ok {
		return r, true, 0
	}
	flat := r.flat
	// a second choice of facts, outside the fragment that the fact fast
	// path replays (it replays the first choice only; its operands have no
	// atoms)
	if q.hasAtoms() || c.factFast() == nil {
		if r, ok = c.subtractFacts(pr, s, facts, strict, true, work); ok {
			return r, true, 0
		}
		flat = flat || r.flat
	}
	pr.flat = flat
	return pr, false, 0
}

// proveByOwnAtoms is proveNonnegIn's fallback where the search over every
// fact failed: the search over the bounds that define the atoms of q
// alone (n is the number of facts already tried; none is left when it is
// the same set). A proof from fewer facts holds in the context too, and
// the greedy search is not monotone in its facts: an assumption's terms,
// taken first, can lead it away from the proof that q's own atoms give
// (2*N*ceil_div(M,2) >= M*N, proved with no assumption, was lost under
// 2*N*ceil_div(M,2)-1 <= 2*ceil_div(M*N,2)).
func (c *Ctx) proveByOwnAtoms(pr orderProof, q, s *poly, n int, strict bool, work *int) (orderProof, bool) {
	if !q.hasAtoms() {
		return pr, false
	}
	own := c.atomFacts(q)
	if len(own) == 0 || len(own) == n {
		return pr, false
	}
	return c.subtractFacts(pr, s, own, strict, false, work)
}

// proveByRounding is proveNonnegIn's last resort, a rounded proof (see
// below) of q >= 0 (strict: q > 0), pr its scale.
func (c *Ctx) proveByRounding(pr orderProof, q *poly, facts []usableFact, strict bool, work *int) (orderProof, bool) {
	if !q.hasAtoms() || pr.scale != nil || len(q.t) > maxRoundTerms || !q.integral() {
		return pr, false
	}
	// rounding (Certificate.Round): q is integral, so q >= 0 follows from
	// R*q' + R - 1 >= 0 (q > 0 from R*q' - 1 >= 0) for an integer R >= 1,
	// q' = q/g, g the gcd of q's coefficients; R is tried among the
	// divisors of the floor_div and ceil_div atoms of q (at most maxRound
	// of them), with both choices of facts, within the same work bound,
	// where q has at most maxRoundTerms terms.
	// q divided by the gcd of its coefficients (positive): the same sign,
	// and a rounding by R gains most on it (2*x - 2 >= 0 is x - 1 >= 0)
	g := ratZero
	for _, t := range q.t {
		g = gcdInt(g, t.c)
	}
	q = scalePoly(q, g.inv())
	for _, r := range c.roundDivisors(q) {
		rq := mulPoly(r, q)
		if strict {
			rq = subPoly(rq, constPoly(ratOne))
		} else {
			rq = addPoly(rq, subPoly(r, constPoly(ratOne)))
		}
		rs, ok := c.shiftFact(rq)
		if !ok || rs.err != nil {
			continue
		}
		rpr := pr
		rpr.round = r
		if ok, _ := nonnegCoefs(rs); ok {
			return rpr, true
		}
		rfacts := append(facts[:len(facts):len(facts)], c.atomFacts(rq)...)
		for _, fewest := range [2]bool{false, true} {
			if r2, ok := c.subtractFacts(rpr, rs, rfacts, false, fewest, work); ok {
				return r2, true
			}
		}
	}
	return pr, false
}

// maxRound bounds the rounding divisors that one order proof tries, and
// maxRoundTerms the terms of a difference that it rounds (the relations
// it serves, ceil_div(a,b) <= 1 or floor_div(M,K) <= floor_div(N,K), have
// a few; the facts over products of many atoms that fuzzing makes, whose
// proofs fail anyway, hundreds).
const (
	maxRound      = 2
	maxRoundTerms = 12
)

// roundDivisors returns the distinct divisors of the floor_div and
// ceil_div atoms of q that are integers >= 1 (divisorPos), in the order
// of q's terms, at most maxRound.
func (c *Ctx) roundDivisors(q *poly) []*poly {
	var out []*poly
	for _, t := range q.t {
		for _, f := range t.m {
			v := f.v
			if v.kind != kAtom || (v.op != opFloorDiv && v.op != opCeilDiv) || !v.y.integral() {
				continue
			}
			dup := false
			for _, r := range out {
				if polyEq(r, v.y) {
					dup = true
					break
				}
			}
			if dup || !c.divisorPos(v.y) {
				continue
			}
			if out = append(out, v.y); len(out) == maxRound {
				return out
			}
		}
	}
	return out
}

// proofWork bounds the work of one proof by facts (proveNonneg's
// subtractFacts, both choices together): each fact read in the search for
// a multiplier costs its number of terms, and each subtraction of a
// multiple of a fact from s costs the terms of both. Beyond the bound the
// proof is not made: the question is answered as if no proof existed,
// which is sound (a relation not excluded stays possible) and only less
// decided. The bound is far above what the decided questions of the
// tests and the public corpus need (at most about 7,500 and 1,000 units),
// and above what the fact fast path's fragment can spend in the first
// choice (linear facts and operands: its replay, ffNonneg, counts the
// same units). Without it, facts over products of many atoms (whose shift
// expands to hundreds of terms) made one proof cost 50,000 units and
// several milliseconds, and a request asking thousands of such questions
// seconds (docs/verification.md, Fuzzing).
const proofWork = 1 << 13

// proofWorkDone counts the work units that proofs by facts spent in this
// process (ProofWork).
var proofWorkDone atomic.Int64

// ProofWork returns the work units that order proofs by facts have spent
// in this process so far (each proof at most a fixed bound, see
// proveNonneg): a load-independent measure of the decision work of a
// computation, for benchmarks and for tests that bound it.
func ProofWork() int64 { return proofWorkDone.Load() }

// charge takes n units from work; false, taking none, when fewer than n
// are left.
func charge(work *int, n int) bool {
	if *work < n {
		return false
	}
	*work -= n
	return true
}

// subtractFacts subtracts non-negative multiples of facts from the shifted
// s until every coefficient is non-negative: for the first negative term,
// the fact term that divides it with the quotient of least degree (the
// first such; with fewest, the one that leaves the fewest negative terms).
// It gives up when work runs out (proofWork).
func (c *Ctx) subtractFacts(pr orderProof, s *poly, facts []usableFact, strict, fewest bool, work *int) (orderProof, bool) {
	done := func(s *poly) bool {
		ok, st := nonnegCoefs(s)
		return ok && (st || !strict)
	}
	for iter := 0; iter < 32; iter++ {
		// the first negative term
		var neg *term
		for i := range s.t {
			if s.t[i].c.sign() < 0 {
				neg = &s.t[i]
				break
			}
		}
		if neg == nil {
			if strict {
				// non-negative but no positive constant
				pr.flat = true
				return pr, false
			}
			break
		}
		// the fact term that divides it with the quotient of least degree
		// (among those, the one that leaves the fewest negative terms)
		var best *usableFact
		var bestM mono
		var bestC rat
		var bestS *poly
		bestNeg := 0
		for i := range facts {
			f := &facts[i]
			if !charge(work, len(f.shifted.t)) {
				return pr, false
			}
			for _, ft := range f.shifted.t {
				if ft.c.sign() >= 0 {
					continue
				}
				m, ok := monoQuo(neg.m, ft.m)
				if !ok {
					continue
				}
				if best != nil && m.degree() > bestM.degree() {
					continue
				}
				k := neg.c.quo(ft.c)
				var next *poly
				n := 0
				if fewest {
					if !charge(work, len(s.t)+len(f.shifted.t)) {
						return pr, false
					}
					next = subPoly(s, mulPoly(&poly{t: []term{{k, m}}}, f.shifted))
					if next.err != nil {
						continue
					}
					for _, t := range next.t {
						if t.c.sign() < 0 {
							n++
						}
					}
				}
				if best == nil || m.degree() < bestM.degree() || (fewest && n < bestNeg) {
					best, bestM, bestC, bestS, bestNeg = f, m, k, next, n
				}
			}
		}
		if best == nil {
			return pr, false
		}
		mult := &poly{t: []term{{bestC, bestM}}} // positive coefficient
		if bestS == nil {
			if !charge(work, len(s.t)+len(best.shifted.t)) {
				return pr, false
			}
			bestS = subPoly(s, mulPoly(mult, best.shifted))
		}
		s = bestS
		if s.err != nil {
			return pr, false
		}
		use := FactUse{Src: best.src, Mult: mult}
		if best.scale != nil {
			use.Scale = best.scale
		}
		pr.uses = append(pr.uses, use)
		if done(s) {
			return pr, true
		}
	}
	return pr, false
}

// proveLe proves a <= b (strict: a < b).
func (c *Ctx) proveLe(a, b *poly, strict bool) *Certificate {
	work := proofWork
	defer func() { proofWorkDone.Add(int64(proofWork - work)) }()
	return c.proveLeIn(a, b, strict, &work)
}

// proveLeIn is proveLe within the work left in work (see proofWork).
func (c *Ctx) proveLeIn(a, b *poly, strict bool, work *int) *Certificate {
	ta, tb, res := c.images(a, b)
	p := subPoly(tb, ta)
	pr, ok := c.proveNonnegIn(p, strict, work)
	if !ok {
		return nil
	}
	op := ClaimLe
	if strict {
		op = ClaimLt
	}
	cert := c.certBase(Claim{op, a, b})
	if pr.scale != nil {
		cert.Scale = pr.scale
	}
	if pr.round != nil {
		cert.Round = pr.round
	}
	cert.Uses = pr.uses
	cert.Resolved = res
	return c.verified(cert)
}

// proveNe proves a != b: a < b, a > b, or a kept != assumption.
func (c *Ctx) proveNe(a, b *poly) *Certificate {
	for _, dir := range [2]Rel{LT, GT} {
		x, y := a, b
		if dir == GT {
			x, y = b, a
		}
		tx, ty, res := c.images(x, y)
		p := subPoly(ty, tx)
		pr, ok := c.proveNonneg(p, true)
		if !ok && pr.flat {
			pr, ok = c.proveIntegerPos(p)
		}
		if ok {
			cert := c.certBase(Claim{ClaimNe, a, b})
			cert.Direction = dir
			if pr.scale != nil {
				cert.Scale = pr.scale
			}
			if pr.round != nil {
				cert.Round = pr.round
			}
			cert.Uses = pr.uses
			cert.Resolved = res
			if v := c.verified(cert); v != nil {
				return v
			}
		}
	}
	p := subPoly(c.theta(a), c.theta(b))
	if p.err != nil || p.isZero() {
		return nil
	}
	for _, f := range c.facts {
		if f.kind != fNe || f.src.bound != nil || f.p.isZero() {
			continue
		}
		k := p.t[0].c.quo(f.p.t[0].c)
		if !polyEq(p, scalePoly(f.p, k)) {
			continue
		}
		cert := c.certBase(Claim{ClaimNe, a, b})
		cert.Direction = NE
		cert.Uses = []FactUse{{Src: c.stepSrc(f.src), Mult: constPoly(k)}}
		if v := c.verified(cert); v != nil {
			return v
		}
	}
	return nil
}

// proveIntegerPos proves p > 0 for an integral p, of at most
// maxRoundTerms terms, as p' - 1 >= 0, p' = p over the gcd of its
// coefficients (a rounding by R = 1, Certificate.Round), where the search
// for p > 0 stopped at a state without negative coefficient and positive
// constant (orderProof.flat): the facts cancel p's constant exactly
// (under M%N >= 2, M%N - 1 less half of M%N - 2 is M%N/2; under M*N > 1,
// the fact M*N - 2 >= 0 leaves M*N - 1 at M'*N' + M' + N'), which the
// integers exclude. proveNe asks it, so that the != (and Compare's =)
// question of an integral difference is decided from a strict fact as from
// its non-strict integer form (M*N != 1 under M*N > 1 as under M*N >= 2),
// and an atom's bounds decide its != and == questions (M%N != 1 under
// M%N >= 2).
func (c *Ctx) proveIntegerPos(p *poly) (orderProof, bool) {
	if p.err != nil || !p.integral() || len(p.t) > maxRoundTerms {
		return orderProof{}, false
	}
	g := ratZero
	for _, t := range p.t {
		g = gcdInt(g, t.c)
	}
	pr, ok := c.proveNonneg(subPoly(scalePoly(p, g.inv()), constPoly(ratOne)), false)
	if !ok || pr.scale != nil || pr.round != nil {
		return orderProof{}, false
	}
	pr.round = constPoly(ratOne)
	return pr, true
}

// ---- witnesses

// relevantSymbols lists the symbols of the operands and of the assumptions.
func (c *Ctx) relevantSymbols(ps ...*poly) []*variable {
	seen := map[*variable]bool{}
	var out []*variable
	var walk func(p *poly)
	walk = func(p *poly) {
		p.eachVar(func(v *variable) {
			switch v.kind {
			case kAtom:
				walk(v.x)
				walk(v.y)
			case kSym:
				if !seen[v] {
					seen[v] = true
					out = append(out, v)
				}
			}
		})
	}
	for _, p := range ps {
		walk(p)
	}
	for _, cd := range c.conds {
		walk(pl(cd.X))
		walk(pl(cd.Y))
	}
	sortVars(out)
	return out
}

// bindingAt maps values of the unknowns to a binding of the symbols; ok is
// false when a symbol's value is not a positive integer.
func (c *Ctx) bindingAt(syms []*variable, vals map[*variable]int64) (Binding, bool) {
	val := func(v *variable) (rat, error) {
		if x, ok := vals[v]; ok {
			return ratInt(x), nil
		}
		return ratInt(c.bounds(v).lo), nil
	}
	b := make(Binding, len(syms))
	for _, s := range syms {
		img, ok := c.sub[s]
		if !ok {
			x, _ := val(s)
			n, ok := x.int64()
			if !ok || n < 1 {
				return nil, false
			}
			b[s.name] = n
			continue
		}
		x, err := evalPoly(img, val)
		if err != nil {
			return nil, false
		}
		n, ok := x.int64()
		if !ok || n < 1 {
			return nil, false
		}
		b[s.name] = n
	}
	return b, true
}

// searchUnknowns lists the unknowns behind the symbols, sorted.
func (c *Ctx) searchUnknowns(syms []*variable) []*variable {
	seen := map[*variable]bool{}
	var us []*variable
	for _, s := range syms {
		img, ok := c.sub[s]
		if !ok {
			if !seen[s] {
				seen[s] = true
				us = append(us, s)
			}
			continue
		}
		var walk func(p *poly)
		walk = func(p *poly) {
			p.eachVar(func(v *variable) {
				if v.kind == kAtom {
					walk(v.x)
					walk(v.y)
				} else if !seen[v] {
					seen[v] = true
					us = append(us, v)
				}
			})
		}
		walk(img)
	}
	sortVars(us)
	return us
}

// search calls f at the allowed bindings of the points of boxIter over the
// unknowns behind the symbols, until f returns true or the points run out.
func (c *Ctx) search(syms []*variable, f func(b Binding) bool) bool {
	us := c.searchUnknowns(syms)
	bd := make([]boxBounds, len(us))
	for i, u := range us {
		bd[i] = c.searchBounds(u)
	}
	pt := make([]int64, len(us))
	vals := make(map[*variable]int64, len(us))
	var it boxIter
	for it.next(bd, pt) {
		for i, u := range us {
			vals[u] = pt[i]
		}
		b, ok := c.bindingAt(syms, vals)
		if ok && c.satisfied(b) && f(b) {
			return true
		}
	}
	return false
}

// claimHolds evaluates a claim at a binding; ok is false when an operand is
// not an integer there.
func claimHolds(cl Claim, b Binding) (holds, ok bool) {
	x, err1 := evalRat(pl(cl.A), b)
	y, err2 := evalRat(pl(cl.B), b)
	if err1 != nil || err2 != nil || !x.isInt() || !y.isInt() {
		return false, false
	}
	switch cl.Op {
	case ClaimDivides, ClaimNotDivides:
		d := false
		if x.isZero() {
			d = y.isZero()
		} else {
			d = y.quo(x).isInt()
		}
		return d == (cl.Op == ClaimDivides), true
	case ClaimEq:
		return x.cmp(y) == 0, true
	case ClaimNe:
		return x.cmp(y) != 0, true
	case ClaimLt:
		return x.cmp(y) < 0, true
	}
	return x.cmp(y) <= 0, true
}

func (c *Ctx) witnessFor(cl Claim, b Binding) *Certificate {
	return verified(&Certificate{Claim: cl, Assumptions: append([]Cond(nil), c.conds...), Binding: b})
}

// searchWitness looks for an allowed binding at which the claim holds.
func (c *Ctx) searchWitness(cl Claim) *Certificate {
	syms := c.relevantSymbols(pl(cl.A), pl(cl.B))
	var found Binding
	c.search(syms, func(b Binding) bool {
		if h, ok := claimHolds(cl, b); ok && h {
			found = b
			return true
		}
		return false
	})
	if found == nil {
		return nil
	}
	return c.witnessFor(cl, found)
}

// searchOrders looks for witnesses of the relations in want: at the
// points of boxIter, then, where the images of the operands are monomials
// (as on the fast path), at the targeted points of fastCmp.targets; each
// relation is witnessed where first seen.
func (c *Ctx) searchOrders(a, b *poly, want Order) [3]*Certificate {
	var out [3]*Certificate
	syms := c.relevantSymbols(a, b)
	var got Order
	visit := func(bd Binding) {
		x, err1 := evalRat(a, bd)
		y, err2 := evalRat(b, bd)
		if err1 != nil || err2 != nil || !x.isInt() || !y.isInt() {
			return
		}
		k := x.cmp(y) + 1 // -1 -> 0 Less, 0 -> 1 Same, 1 -> 2 Greater
		rel := [3]Order{Less, Same, Greater}[k]
		if want&rel != 0 && got&rel == 0 {
			if cert := c.witnessFor(witnessClaim(rel, a, b), bd); cert != nil {
				out[k] = cert
				got |= rel
			}
		}
	}
	if c.search(syms, func(bd Binding) bool {
		visit(bd)
		return got == want
	}) {
		return out
	}
	var st fastCmp
	if _, ok := c.fastOrder(a, b, &st); !ok {
		return out
	}
	var pt [2 * maxFast]int64
	vals := make(map[*variable]int64, st.fv.n)
	st.targets(want, &got, &pt, func() {
		for i, v := range st.fv.v[:st.fv.n] {
			vals[v] = pt[i]
		}
		if bd, ok := c.bindingAt(syms, vals); ok && c.satisfied(bd) {
			visit(bd)
		}
	})
	return out
}

// searchNe looks for a binding where a != b, as searchOrders looks for one
// where a < b or a > b.
func (c *Ctx) searchNe(a, b *poly) *Certificate {
	for _, cert := range c.searchOrders(a, b, Less|Greater) {
		if cert != nil {
			return c.witnessFor(Claim{ClaimNe, a, b}, cert.Binding)
		}
	}
	return nil
}

// witnessCert turns a point of the unknowns found by the fast path into a
// witness certificate (not verified here: see Decision.Certificate).
func (c *Ctx) witnessCert(cl Claim, point map[*variable]int64) *Certificate {
	syms := c.relevantSymbols(pl(cl.A), pl(cl.B))
	b, ok := c.bindingAt(syms, point)
	if !ok {
		return nil
	}
	return c.bindingCert(cl, b)
}

// bindingCert is the witness certificate of a claim at a binding found by
// a fast path (not verified here: see Decision.Certificate).
func (c *Ctx) bindingCert(cl Claim, b Binding) *Certificate {
	return &Certificate{Claim: cl, Assumptions: append([]Cond(nil), c.conds...), Binding: b}
}

// proofMemo remembers, for one context, the outcomes of the proofs by
// facts that proveNonnegIn makes with a whole budget (proofWork): with a
// whole budget the outcome depends on nothing but the context and the
// question, and the same question comes back (each min or max atom of an
// operand is resolved again by every proof about it, proveLe and proveNe
// ask about the same difference, Possible's questions repeat in the runs
// of an answer). A remembered outcome charges the work that it cost, so
// that the budget left to a caller, and every later outcome, is what it
// would have been without the memo. It holds at most maxDecisionMemo
// outcomes (emptied when full).
type proofMemo struct {
	mu sync.Mutex
	m  map[string]memoProof
}

// memoProof is a remembered outcome of proveNonnegIn and the work it cost.
type memoProof struct {
	pr      orderProof
	ok      bool
	spent   int
	choices int // the work of proveByChoices, within spent
}

func boolByte(b bool) byte {
	if b {
		return 1
	}
	return 0
}

// proofMemoized returns the remembered outcome of the proof of key k.
func (c *Ctx) proofMemoized(k []byte) (memoProof, bool) {
	m := c.pm.Load()
	if m == nil {
		return memoProof{}, false
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	v, ok := m.m[string(k)]
	return v, ok
}

// memoizeProof remembers the outcome v of the proof of key k.
func (c *Ctx) memoizeProof(k []byte, v memoProof) {
	m := c.pm.Load()
	if m == nil {
		c.pm.CompareAndSwap(nil, &proofMemo{m: map[string]memoProof{}})
		m = c.pm.Load()
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if len(m.m) >= maxDecisionMemo {
		m.m = map[string]memoProof{}
	}
	m.m[string(k)] = v
}
