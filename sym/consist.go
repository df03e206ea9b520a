package sym

import (
	"cmp"
	"math"
	"slices"
	"strings"
)

// This file holds the cheap consistency checks that check runs on the kept
// facts before its exhaustive search: difference constraints between
// unknowns (Floyd-Warshall over x - y <= c), the atoms relaxed to their
// bounds (x%y <= y-1, min(a,b) <= a, ...), and upper bounds that facts
// with only negative terms give, which may make the search box finite.
// Each is sound: a contradiction it reports holds at every value of the
// unknowns within their bounds.

// diffEdge is x_to - x_from <= w, from a kept fact (src).
type diffEdge struct {
	from, to int
	w        int64
	src      int // index into c.facts; -1 for a bound
}

// diffOf reads p >= 0 as a difference constraint: p = g*(x - y) + k with
// g > 0, that is y - x <= floor(k/g); x or y may be nil (the zero node).
// With neg, it reads -p >= 0.
func diffOf(p *poly, neg bool) (x, y *variable, w int64, ok bool) {
	var g rat
	k := ratZero
	for _, t := range p.t {
		tc := t.c
		if neg {
			tc = tc.neg()
		}
		switch {
		case len(t.m) == 0:
			k = tc
		case len(t.m) == 1 && t.m[0].e == 1 && t.m[0].v.kind != kAtom:
			a := tc
			if a.sign() < 0 {
				a = a.neg()
			}
			if g.isZero() {
				g = a
			} else if !g.eq(a) {
				return nil, nil, 0, false
			}
			if tc.sign() > 0 {
				if x != nil {
					return nil, nil, 0, false
				}
				x = t.m[0].v
			} else {
				if y != nil {
					return nil, nil, 0, false
				}
				y = t.m[0].v
			}
		default:
			return nil, nil, 0, false
		}
	}
	if x == nil || y == nil {
		return nil, nil, 0, false // one unknown: a bound, processed already
	}
	w, fits := k.quo(g).floor().int64()
	if !fits {
		return nil, nil, 0, false
	}
	return x, y, w, true
}

// checkDifferences finds a negative cycle among the difference constraints
// of the kept facts and the bounds of their unknowns, or a != fact that
// they force to be false.
func (c *Ctx) checkDifferences() error {
	// (a context has a few unknowns and facts: the lists and the matrix
	// start on the stack)
	var varBuf [8]*variable
	var edgeBuf [16]diffEdge
	var dBuf [81]int64
	vars := varBuf[:0] // node i+1; 0 is the zero node
	node := func(v *variable) int {
		for i, u := range vars {
			if u == v {
				return i + 1
			}
		}
		vars = append(vars, v)
		return len(vars)
	}
	edges := edgeBuf[:0]
	addGe := func(p *poly, neg bool, src int) {
		if x, y, w, ok := diffOf(p, neg); ok {
			// x - y + k >= 0: y - x <= w
			from := node(x)
			edges = append(edges, diffEdge{from: from, to: node(y), w: w, src: src})
		}
	}
	for i, f := range c.facts {
		switch f.kind {
		case fGe:
			addGe(f.p, false, i)
		case fEq:
			addGe(f.p, false, i)
			addGe(f.p, true, i)
		}
	}
	if len(edges) == 0 || len(vars) > 64 {
		return nil
	}
	for i, v := range vars {
		b := c.bounds(v)
		edges = append(edges, diffEdge{from: i + 1, to: 0, w: -b.lo, src: -1}) // 0 - v <= -lo
		if b.hasHi {
			edges = append(edges, diffEdge{from: 0, to: i + 1, w: b.hi, src: -1})
		}
	}
	n := len(vars) + 1
	const inf = math.MaxInt64 / 4
	var d []int64
	if n*n > len(dBuf) {
		d = make([]int64, n*n)
	} else {
		d = dBuf[:n*n]
	}
	// floyd computes in d the shortest paths over the edges of the active
	// facts (and the bounds), and reports a negative cycle.
	floyd := func(active []bool) bool {
		// the diagonal starts at inf too: d[i][i] ends as the weight of
		// the shortest cycle through i, negative where a cycle is
		for i := range d {
			d[i] = inf
		}
		for _, ed := range edges {
			if ed.src >= 0 && !active[ed.src] {
				continue
			}
			at := ed.from*n + ed.to
			d[at] = min(d[at], max(ed.w, -inf))
		}
		for k := 0; k < n; k++ {
			for i := 0; i < n; i++ {
				dik := d[i*n+k]
				if dik >= inf {
					continue
				}
				for j := 0; j < n; j++ {
					if dkj := d[k*n+j]; dkj < inf {
						d[i*n+j] = max(min(d[i*n+j], dik+dkj), -inf)
					}
				}
			}
		}
		for i := 0; i < n; i++ {
			if d[i*n+i] < 0 {
				return true
			}
		}
		return false
	}
	all := make([]bool, len(c.facts))
	var srcs []int
	for _, ed := range edges {
		if ed.src >= 0 && !all[ed.src] {
			all[ed.src] = true
			srcs = append(srcs, ed.src)
		}
	}
	// minimal drops facts from srcs while bad still holds, and names the
	// rest
	minimal := func(bad func(active []bool) bool) string {
		active := make([]bool, len(c.facts))
		for _, k := range srcs {
			active[k] = true
		}
		for _, k := range srcs {
			active[k] = false
			if !bad(active) {
				active[k] = true
			}
		}
		// named in the order of the assumptions
		var keep []int
		for _, k := range srcs {
			if active[k] {
				keep = append(keep, k)
			}
		}
		slices.SortStableFunc(keep, func(a, b int) int { return cmp.Compare(c.facts[a].src.cond, c.facts[b].src.cond) })
		var names []string
		for _, k := range keep {
			names = append(names, c.srcText(c.facts[k].src))
		}
		if len(names) == 0 {
			return "the bounds"
		}
		return strings.Join(names, ", ")
	}
	if floyd(all) {
		names := minimal(floyd)
		return c.inconsistent("%s contradict each other", names)
	}
	// a != fact on a difference that the others force
	for _, f := range c.facts {
		if f.kind != fNe {
			continue
		}
		x, y, w, ok := diffOf(f.p, false)
		if !ok {
			continue
		}
		// g*(x - y) + k != 0 excludes y - x == k/g when that is an
		// integer (w == floor(k/g) == -floor(-k/g))
		if _, _, wneg, ok := diffOf(f.p, true); !ok || w != -wneg {
			continue
		}
		xi, yi := 0, 0
		for i, v := range vars {
			if v == x {
				xi = i + 1
			}
			if v == y {
				yi = i + 1
			}
		}
		if xi == 0 || yi == 0 {
			continue
		}
		// y - x <= d[xi][yi] and x - y <= d[yi][xi]
		forced := func() bool { return d[xi*n+yi] <= w && d[yi*n+xi] <= -w }
		if forced() {
			names := minimal(func(active []bool) bool { floyd(active); return forced() })
			return c.inconsistent("%s force the equality that %s excludes", names, c.srcText(f.src))
		}
	}
	return nil
}

// checkUserDifferences runs checkDifferences and checkRelaxed on the
// assumptions as they are written, over the symbols (positive, with the
// bounds that one-symbol assumptions give), rather than over the
// unknowns: a contradiction that a substitution hides (M<K&&K<=M with M =
// 2*M'1) is found whatever the other assumptions.
func (c *Ctx) checkUserDifferences() error {
	u := c.userModel()
	if len(u.facts) == 0 {
		return nil
	}
	s := &Ctx{conds: c.conds, order: c.order, bnd: u.bnd, facts: u.facts}
	if err := s.checkDifferences(); err != nil {
		return err
	}
	return s.checkRelaxedOf(u.relax)
}

// userModel is the assumptions as they are written (see
// checkUserDifferences): the bounds that one-symbol assumptions give, the
// other assumptions as facts over the symbols, and each fact's relaxed
// polynomials (relaxedOf). It depends only on the assumptions, in the
// order they were made: a child extends its parent's (Ctx.user).
type userModel struct {
	n     int // the assumptions it holds: conds[:n]
	bnd   bndList
	facts []fact
	relax [][]*poly
}

// userModel returns c's model, made from its parent's when it has one.
func (c *Ctx) userModel() *userModel {
	if c.user != nil && c.user.n == len(c.conds) {
		return c.user
	}
	u := &userModel{}
	shared := false // u.bnd is the parent's, copied before a write
	if p := c.user; p != nil {
		u.facts = p.facts[:len(p.facts):len(p.facts)]
		u.relax = p.relax[:len(p.relax):len(p.relax)]
		u.bnd, shared = p.bnd, true
		u.n = p.n
	}
	one := constPoly(ratOne)
	for j := u.n; j < len(c.conds); j++ {
		cd := c.conds[j]
		x, y := pl(cd.X), pl(cd.Y)
		f := fact{kind: fGe, src: factSrc{cond: j}}
		switch cd.Rel {
		case EQ:
			f.kind, f.p = fEq, subPoly(x, y)
		case NE:
			f.kind, f.p = fNe, subPoly(x, y)
		case LT:
			f.p = subPoly(subPoly(y, x), one)
		case LE:
			f.p = subPoly(y, x)
		case GT:
			f.p = subPoly(subPoly(x, y), one)
		default:
			f.p = subPoly(x, y)
		}
		if f.p.err != nil {
			continue
		}
		if v, a, b, ok := linear(f.p); ok && v.kind == kSym && f.kind != fNe {
			bd, ok := u.bnd.get(v)
			if !ok {
				bd = bounds{lo: v.lo}
			}
			w := b.neg().quo(a)
			if f.kind == fEq || a.sign() > 0 {
				if lo, fits := w.ceil().int64(); fits {
					bd.lo = max(bd.lo, lo)
				}
			}
			if f.kind == fEq || a.sign() < 0 {
				if hi, fits := w.floor().int64(); fits {
					if bd.hasHi {
						hi = min(hi, bd.hi)
					}
					bd.hi, bd.hasHi = hi, true
				}
			}
			if shared {
				u.bnd, shared = u.bnd.clone(), false
			}
			u.bnd.set(v, bd)
			continue
		}
		u.facts = append(u.facts, f)
		u.relax = append(u.relax, relaxedOf(f))
	}
	u.n = len(c.conds)
	c.user = u
	return u
}

// relaxAtoms returns polynomials q >= p at every value where the atoms'
// arguments are integers, with the atom terms of p (c*m*a, a an atom and
// m a product of positive unknowns) replaced by bounds of a: an upper
// bound for a positive coefficient (x%y <= y-1,
// min(a,b) <= a and <= b, floor_div(x,d) <= x/d, ceil_div(x,d) <=
// (x+d-1)/d), a lower bound for a negative one (x%y >= 0, max(a,b) >= a
// and >= b, floor_div(x,d) >= (x-d+1)/d, ceil_div(x,d) >= x/d), d a
// positive integer constant and y a positive integer monomial (m > 0
// keeps the order). Where an atom has two bounds, both are tried (at most 8 results).
func relaxAtoms(p *poly) []*poly {
	outs := []*poly{zeroPoly}
	for _, t := range p.t {
		var alts []*poly
		if at, rest, ok := atomTerm(t); ok {
			alts = atomBounds(at, t.c.sign() > 0)
			for i, a := range alts {
				alts[i] = mulPoly(a, &poly{t: []term{rest}})
			}
		} else {
			alts = []*poly{{t: []term{t}}}
		}
		if len(alts) == 0 || len(outs)*len(alts) > 8 {
			return nil
		}
		var next []*poly
		for _, o := range outs {
			for _, a := range alts {
				next = append(next, addPoly(o, a))
			}
		}
		outs = next
	}
	return outs
}

// atomTerm splits a term c*m*a, a an atom (to the power 1) and m a
// product of positive unknowns (or 1), into a and c*m, whose sign is c's.
func atomTerm(t term) (*variable, term, bool) {
	var at *variable
	var rest mono
	for _, f := range t.m {
		switch {
		case f.v.kind == kAtom && f.e == 1 && at == nil:
			at = f.v
		case f.v.kind != kAtom && f.v.positive() && f.e > 0:
			rest = append(rest, f)
		default:
			return nil, term{}, false
		}
	}
	return at, term{c: t.c, m: rest}, at != nil
}

func atomBounds(v *variable, upper bool) []*poly {
	one := constPoly(ratOne)
	intArg := v.x.integral()
	constDiv := func() (rat, bool) {
		d, ok := v.y.constant()
		return d, ok && d.isInt() && d.sign() > 0
	}
	switch v.op {
	case opMod:
		if !upper {
			// (a positive integer constant is a positive monomial)
			if positiveMono(v.y) && v.y.integral() {
				return []*poly{zeroPoly}
			}
			return nil
		}
		if intArg && v.y.integral() && (positiveMono(v.y) || func() bool { _, ok := constDiv(); return ok }()) {
			return []*poly{subPoly(v.y, one)}
		}
	case opMin:
		if upper {
			return []*poly{v.x, v.y}
		}
	case opMax:
		if !upper {
			return []*poly{v.x, v.y}
		}
	case opFloorDiv, opCeilDiv:
		d, ok := constDiv()
		if !ok {
			return nil
		}
		dp := constPoly(d)
		exact := scalePoly(v.x, d.inv())
		if (v.op == opFloorDiv) == upper {
			return []*poly{exact}
		}
		if !intArg {
			return nil
		}
		if v.op == opFloorDiv { // floor(x/d) >= (x-d+1)/d
			return []*poly{scalePoly(addPoly(subPoly(v.x, dp), one), d.inv())}
		}
		return []*poly{scalePoly(subPoly(addPoly(v.x, dp), one), d.inv())} // ceil(x/d) <= (x+d-1)/d
	}
	return nil
}

// relaxedOf returns the polynomials that checkRelaxed tests for a kept
// fact: those of relaxAtoms for p >= 0 (and -p >= 0 for p == 0), where p
// has atoms.
func relaxedOf(f fact) []*poly {
	if (f.kind != fGe && f.kind != fEq) || !f.p.hasAtoms() {
		return nil
	}
	out := relaxAtoms(f.p)
	if f.kind == fEq {
		out = append(out, relaxAtoms(negPoly(f.p))...)
	}
	return out
}

// checkRelaxed reports a kept fact that is false at every value once its
// atoms are relaxed to their bounds.
func (c *Ctx) checkRelaxed() error {
	for _, f := range c.facts {
		if err := c.checkRelaxedFact(f, relaxedOf(f)); err != nil {
			return err
		}
	}
	return nil
}

// checkRelaxedOf is checkRelaxed with the facts' relaxed polynomials made
// already (relax[i] is relaxedOf(c.facts[i])).
func (c *Ctx) checkRelaxedOf(relax [][]*poly) error {
	for i, f := range c.facts {
		if err := c.checkRelaxedFact(f, relax[i]); err != nil {
			return err
		}
	}
	return nil
}

func (c *Ctx) checkRelaxedFact(f fact, relaxed []*poly) error {
	for _, q := range relaxed {
		if q.err != nil {
			continue
		}
		if ok, strict := shiftNonnegNeg(q, c.loOf); ok && strict {
			return c.inconsistent("%s contradicts the bounds of its atoms", c.srcText(f.src))
		}
	}
	return nil
}

// checkAtomFacts reports an assumption with atoms whose negation the
// order proofs prove (proveLe, verified: with the kept facts and the
// bounds that define the atoms, x%d in [0, d-1], d*ceil_div(x,d) in [x,
// x+d-1], ...): X >= Y where X < Y is proved, X == Y where X < Y or X > Y
// is, X != Y where X <= Y and X >= Y are (L*L*ceil_div(M,L*L) < M,
// M-L*L*floor_div(M,L*L) != 0 beside its negation). It tries the
// assumptions whose images have at most maxRoundTerms terms, and all its
// proofs together spend at most proofWork units. It runs on the finished
// context (extend, after check and finish): the proofs' caches
// (usableFacts, factFast) depend only on what is final then. The
// assumptions it tries are those of atomConds (see atomImage), which
// finish lists.
func (c *Ctx) checkAtomFacts() error {
	if len(c.atomConds) == 0 {
		return nil
	}
	work := proofWork
	defer func() { proofWorkDone.Add(int64(proofWork - work)) }()
	le := func(a, b *poly, strict bool) bool { return c.proveLeIn(a, b, strict, &work) != nil }
	for _, j := range c.atomConds {
		cd := c.conds[j]
		x, y := pl(cd.X), pl(cd.Y)
		var refuted bool
		switch cd.Rel {
		case GE:
			refuted = le(x, y, true)
		case GT:
			refuted = le(x, y, false)
		case LE:
			refuted = le(y, x, true)
		case LT:
			refuted = le(y, x, false)
		case EQ:
			refuted = le(x, y, true) || le(y, x, true)
		case NE:
			refuted = le(x, y, false) && le(y, x, false)
		}
		if refuted {
			return c.inconsistent("%s contradicts the bounds of its atoms", cd)
		}
	}
	return nil
}

// atomImage reports whether checkAtomFacts tries assumption j: it has
// atoms, and so has its image (the difference of its sides over the
// unknowns), of at most maxRoundTerms terms. An image without atoms
// (M%128==0 once M is 128*M'1: 0) is a polynomial fact, whose
// consistency the compilation checked. It depends only on the
// substitution.
func (c *Ctx) atomImage(j int) bool {
	cd := c.conds[j]
	x, y := pl(cd.X), pl(cd.Y)
	if !x.hasAtoms() && !y.hasAtoms() {
		return false
	}
	d := c.theta(subPoly(x, y))
	return d.err == nil && len(d.t) <= maxRoundTerms && d.hasAtoms()
}

// factsBoundSome reports whether factBounds may find a bound: some kept
// fact >= 0 (or either side of one == 0), or one with its atoms relaxed
// (relaxedOf), has terms other than the constant, all with negative
// coefficients (what boundsFrom reads).
func (c *Ctx) factsBoundSome() bool {
	allNeg := func(p *poly, sign int) bool {
		n := 0
		for _, t := range p.t {
			if len(t.m) == 0 {
				continue
			}
			if t.c.sign()*sign >= 0 {
				return false
			}
			n++
		}
		return n > 0
	}
	for _, f := range c.facts {
		switch f.kind {
		case fGe:
			if allNeg(f.p, 1) {
				return true
			}
		case fEq:
			if allNeg(f.p, 1) || allNeg(f.p, -1) {
				return true
			}
		}
		for _, q := range relaxedOf(f) {
			if q.err == nil && allNeg(q, 1) {
				return true
			}
		}
	}
	return false
}

// factBounds derives upper bounds of the unknowns from the kept facts,
// and from them with their atoms relaxed to their bounds (relaxedOf),
// whose terms other than the constant all have negative coefficients,
// positive exponents and no atoms, over unknowns with lower bounds >= 0:
// a*u*rest <= a*m <= k - (the other terms at their lower bounds), so u <=
// that over a*lo(rest) where that is not 0. The bounds are local to the search (they are not
// steps of the parametrization).
func (c *Ctx) factBounds() map[*variable]bounds {
	bnd := map[*variable]bounds{}
	get := func(v *variable) bounds {
		if b, ok := bnd[v]; ok {
			return b
		}
		return c.bounds(v)
	}
	// one pass: boundsFrom reads only lower bounds, which the bounds
	// found here leave alone, so a second pass would find the same
	for _, f := range c.facts {
		var ps []*poly
		switch f.kind {
		case fGe:
			ps = []*poly{f.p}
		case fEq:
			ps = []*poly{f.p, negPoly(f.p)}
		}
		// and the fact with its atoms relaxed to their bounds (a
		// consequence of it: checkRelaxed)
		for _, q := range relaxedOf(f) {
			if q.err == nil {
				ps = append(ps, q)
			}
		}
		for _, p := range ps {
			for v, hi := range c.boundsFrom(p, get) {
				b := get(v)
				if b.hasHi {
					hi = min(hi, b.hi)
				}
				b.hi, b.hasHi = hi, true
				bnd[v] = b
			}
		}
	}
	return bnd
}

// boundsFrom returns the upper bounds that p >= 0 gives its unknowns (see
// factBounds); nil where it gives none.
func (c *Ctx) boundsFrom(p *poly, get func(v *variable) bounds) map[*variable]int64 {
	k := ratZero
	var ts []term
	for _, t := range p.t {
		if len(t.m) == 0 {
			k = t.c
			continue
		}
		if t.c.sign() >= 0 || !t.m.polynomial() {
			return nil
		}
		for _, f := range t.m {
			if f.v.kind == kAtom || get(f.v).lo < 0 || f.e > 64 {
				return nil
			}
		}
		ts = append(ts, t)
	}
	if len(ts) == 0 {
		return nil
	}
	// lo(m) for each term
	los := make([]rat, len(ts))
	total := ratZero
	for i, t := range ts {
		l := t.c.neg()
		for _, f := range t.m {
			l = l.mul(powRatInt(get(f.v).lo, int64(f.e)))
		}
		los[i] = l
		total = total.add(l)
	}
	out := map[*variable]int64{}
	for i, t := range ts {
		room := k.sub(total).add(los[i]) // a*m <= room
		for j, f := range t.m {
			den := t.c.neg()
			for jj, g := range t.m {
				e := int64(g.e)
				if jj == j {
					e--
				}
				den = den.mul(powRatInt(get(g.v).lo, e))
			}
			if den.isZero() {
				continue // another factor (or u^(e-1)) may be 0
			}
			hi, fits := room.quo(den).floor().int64()
			if !fits {
				continue
			}
			if old, ok := out[f.v]; ok {
				hi = min(hi, old)
			}
			out[f.v] = hi
		}
	}
	return out
}

// powRatInt is x^e for e >= 0.
func powRatInt(x int64, e int64) rat {
	r := ratOne
	b := ratInt(x)
	for ; e > 0; e-- {
		r = r.mul(b)
	}
	return r
}
