package sym

import "math"

// The fact fast path of Divides and Compare: monomial operands over
// symbols whose images are monomials, in a context whose kept facts are
// linear (difference and bound constraints: N >= M, M != 2, M+N <= 9, ...)
// and whose assumptions have no atoms but x%d, floor_div(x,d) and
// ceil_div(x,d) by positive constants. It replays the general path step
// for step without allocating: the proofs of proveNonneg (shift to the
// lower bounds, then subtract multiples of the facts, greedily, in the same
// order) on linear differences, the kept != facts of proveNe, and the
// bounded search of search (the same points of boxIter in the same order,
// the assumptions evaluated at each binding, then the targeted points of
// fastCmp.targets), so that its answers are the general path's. On
// monomials of higher degree it answers an order question when the shift
// argument alone (fastOrder) leaves one relation. Whenever the replay would
// leave that fragment (a multiplier that is not a constant, an overflow of
// int64 fractions, too many symbols) it gives up and the general path
// answers. Certificates are built on demand from a replay that records the
// facts used and the witness bindings (ffRec), evaluating only the search
// points where the decision saw its witnesses.

// factFastOff disables the fact fast path (tests compare it with the
// general path).
var factFastOff bool

const maxFF = 16

// lin is k + sum c[i]*v[i], v sorted by cmpVar, no variable twice.
type lin struct {
	n int
	v [maxFF]*variable
	c [maxFF]frac
	k frac
}

// ffAdd64 is add64 (rat.go) that also refuses math.MinInt64, whose
// negation (a fact subtracted, -t.n) would overflow in turn.
func ffAdd64(a, b int64) (int64, bool) {
	s, ok := add64(a, b)
	return s, ok && s != math.MinInt64
}

func (a frac) add(b frac) (frac, bool) {
	if a.d == 1 && b.d == 1 {
		s, ok := ffAdd64(a.n, b.n)
		return frac{s, 1}, ok
	}
	x, ok1 := mul64(a.n, b.d)
	y, ok2 := mul64(b.n, a.d)
	d, ok3 := mul64(a.d, b.d)
	if !ok1 || !ok2 || !ok3 {
		a, b = a.reduce(), b.reduce()
		x, ok1 = mul64(a.n, b.d)
		y, ok2 = mul64(b.n, a.d)
		d, ok3 = mul64(a.d, b.d)
		if !ok1 || !ok2 || !ok3 {
			return frac{}, false
		}
	}
	s, ok := ffAdd64(x, y)
	if !ok {
		return frac{}, false
	}
	return frac{s, d}.reduce(), true
}

// addTerm adds c*v (v nil: the constant).
func (l *lin) addTerm(v *variable, c frac) bool {
	var ok bool
	if v == nil {
		l.k, ok = l.k.add(c)
		return ok
	}
	i := 0
	for i < l.n && cmpVar(l.v[i], v) < 0 {
		i++
	}
	if i < l.n && l.v[i] == v {
		l.c[i], ok = l.c[i].add(c)
		return ok
	}
	if l.n == maxFF {
		return false
	}
	copy(l.v[i+1:l.n+1], l.v[i:l.n])
	copy(l.c[i+1:l.n+1], l.c[i:l.n])
	l.v[i], l.c[i] = v, c
	l.n++
	return true
}

// linOfPoly reads a linear polynomial without atoms.
func linOfPoly(p *poly, l *lin) bool {
	*l = lin{k: frac{0, 1}}
	for _, t := range p.t {
		c, ok := fracOf(t.c)
		if !ok {
			return false
		}
		switch {
		case len(t.m) == 0:
			if !l.addTerm(nil, c) {
				return false
			}
		case len(t.m) == 1 && t.m[0].e == 1 && t.m[0].v.kind != kAtom:
			if !l.addTerm(t.m[0].v, c) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// linOfMono reads c*u (or a constant) from a fast monomial.
func linOfMono(m *fastMono, sign int64, l *lin) bool {
	c := frac{sign * m.c.n, m.c.d}
	*l = lin{k: frac{0, 1}}
	var v *variable
	for i := range m.n {
		if m.e[i] == 0 {
			continue
		}
		if m.e[i] != 1 || v != nil {
			return false
		}
		v = m.v[i]
	}
	return l.addTerm(v, c)
}

// shift substitutes v = lo(v) + v; ok is false when a variable has no
// lower bound (usable is false) or on overflow (fits is false).
func (c *Ctx) shiftLin(l *lin) (usable, fits bool) {
	for i := range l.n {
		lo, has := c.loOf(l.v[i])
		if !has {
			return false, true
		}
		p, ok := l.c[i].mul(frac{lo, 1})
		if !ok {
			return false, false
		}
		if l.k, ok = l.k.add(p); !ok {
			return false, false
		}
	}
	return true, true
}

// factFast is what the fact fast path needs of a context, computed by
// finish; nil when the context is outside its fragment.
type factFast struct {
	usable   []lin    // usableFacts, shifted
	usrc     []Source // their sources, for certificates
	ne       []lin    // kept != facts (not from bounds)
	nesrc    []Source
	condSyms []*variable
	conds    []ccond
}

// ccond is an assumption compiled for evaluation at a binding: its
// factors index condSyms.
type ccond struct {
	rel  Rel
	x, y []cterm
}

type cterm struct {
	c   frac
	f   []cfac
	int bool // integer coefficient, no negative exponent
}

type cfac struct {
	k int
	e int32
	a *catom // an atom x%d, floor_div(x,d) or ceil_div(x,d) (k unused)
}

// catom is an atom of an assumption with a positive constant divisor d
// over an integer-valued x (integer coefficients, no negative exponent).
type catom struct {
	op atomOp
	x  []cterm
	d  int64
}

// ffAtom reports whether the fact fast path evaluates the atom v.
func ffAtom(v *variable) bool {
	if v.kind != kAtom || (v.op != opMod && v.op != opFloorDiv && v.op != opCeilDiv) || v.x.hasAtoms() {
		return false
	}
	d, ok := v.y.constant()
	if !ok || d.sign() <= 0 {
		return false
	}
	if _, ok := d.int64(); !ok || !d.isInt() {
		return false
	}
	for _, t := range v.x.t {
		if _, ok := fracOf(t.c); !ok || !t.c.isInt() {
			return false
		}
		for _, f := range t.m {
			if f.v.kind != kSym || f.e < 0 {
				return false
			}
		}
	}
	return true
}

func (ff *factFast) compile(p *poly) []cterm {
	out := make([]cterm, 0, len(p.t))
	for _, t := range p.t {
		c, _ := fracOf(t.c)
		ct := cterm{c: c, int: c.d == 1}
		for _, f := range t.m {
			if f.v.kind == kAtom {
				d, _ := f.v.y.constant()
				dn, _ := d.int64()
				ct.f = append(ct.f, cfac{e: f.e, a: &catom{op: f.v.op, x: ff.compile(f.v.x), d: dn}})
			} else {
				k := 0
				for ff.condSyms[k] != f.v {
					k++
				}
				ct.f = append(ct.f, cfac{k: k, e: f.e})
			}
			if f.e < 0 {
				ct.int = false
			}
		}
		out = append(out, ct)
	}
	return out
}

// noFactFast marks a context outside the fact fast path's fragment.
var noFactFast = &factFast{}

// factFast returns what the fact fast path needs of the context (built on
// first use; contexts are immutable), nil outside its fragment.
func (c *Ctx) factFast() *factFast {
	ff := c.ffp.Load()
	if ff == nil {
		if ff = c.buildFactFast(); ff == nil {
			ff = noFactFast
		}
		c.ffp.Store(ff)
	}
	if ff == noFactFast {
		return nil
	}
	return ff
}

// buildFactFast computes the fact fast path's data (nil outside its
// fragment).
func (c *Ctx) buildFactFast() *factFast {
	for _, s := range c.monoSub {
		if !s.ok {
			return nil
		}
	}
	ff := &factFast{}
	for _, f := range c.facts {
		var l lin
		if (f.kind != fGe && f.kind != fNe) || !linOfPoly(f.p, &l) {
			return nil
		}
		if f.kind == fNe && f.src.bound == nil && !f.p.isZero() {
			ff.ne = append(ff.ne, l)
			ff.nesrc = append(ff.nesrc, c.stepSrc(f.src))
		}
		if f.kind == fGe {
			usable, fits := c.shiftLin(&l)
			if !fits {
				return nil
			}
			if usable {
				ff.usable = append(ff.usable, l)
				ff.usrc = append(ff.usrc, c.stepSrc(f.src))
			}
		}
	}
	var vs []*variable
	for _, e := range c.bnd {
		if e.b.hasHi {
			vs = append(vs, e.v)
		}
	}
	sortVars(vs)
	for _, v := range vs {
		var l lin
		b, _ := c.bnd.get(v)
		l.k = frac{b.hi, 1}
		if !l.addTerm(v, frac{-1, 1}) {
			return nil
		}
		usable, fits := c.shiftLin(&l)
		if !fits {
			return nil
		}
		if usable {
			ff.usable = append(ff.usable, l)
			ff.usrc = append(ff.usrc, Source{Cond: -1, Bound: v.name, Upper: true})
		}
	}
	if !c.compileConds(ff) {
		return nil
	}
	return ff
}

// compileConds compiles the assumptions for evaluation at a binding
// (ff.condSyms, ff.conds); false when one has an atom other than x%d,
// floor_div(x,d), ceil_div(x,d) by a positive constant, a coefficient
// beyond int64 fractions, or there are more than maxFF symbols.
func (c *Ctx) compileConds(ff *factFast) bool {
	seen := map[*variable]bool{}
	var walk func(p *poly) bool
	walk = func(p *poly) bool {
		for _, t := range p.t {
			if _, ok := fracOf(t.c); !ok {
				return false
			}
			for _, f := range t.m {
				if f.v.kind == kAtom {
					if !ffAtom(f.v) || !walk(f.v.x) {
						return false
					}
					continue
				}
				if f.v.kind != kSym {
					return false
				}
				if !seen[f.v] {
					seen[f.v] = true
					ff.condSyms = append(ff.condSyms, f.v)
				}
			}
		}
		return true
	}
	for _, cd := range c.conds {
		for _, p := range [2]*poly{pl(cd.X), pl(cd.Y)} {
			if p.err != nil || !walk(p) {
				return false
			}
		}
	}
	if len(ff.condSyms) > maxFF {
		return false
	}
	sortVars(ff.condSyms)
	for _, cd := range c.conds {
		ff.conds = append(ff.conds, ccond{cd.Rel, ff.compile(pl(cd.X)), ff.compile(pl(cd.Y))})
	}
	return true
}

// ffNonneg replays proveNonneg on a linear p: proved, and ok false when the
// replay leaves the fragment.
// When uses is not nil, the facts subtracted are appended to it with their
// multipliers, for a certificate.
func (c *Ctx) ffNonneg(st *ffState, p lin, strict bool, uses *[]FactUse) (proved, ok bool) {
	usable, fits := st.shiftLin(c, &p)
	if !fits {
		return false, false
	}
	if !usable {
		return false, true
	}
	done := func() bool {
		for i := range p.n {
			if p.c[i].sign() < 0 {
				return false
			}
		}
		return p.k.sign() >= 0 && (!strict || p.k.sign() > 0)
	}
	if done() {
		return true, true
	}
	facts := st.ff.usable
	if len(facts) == 0 {
		return false, true
	}
	// the work units of subtractFacts, charged at the same points
	work := proofWork
	defer func() { proofWorkDone.Add(int64(proofWork - work)) }()
	for range 32 {
		nv, isConst, found := (*variable)(nil), false, false
		var nc frac
		for i := range p.n {
			if p.c[i].sign() < 0 {
				nv, nc, found = p.v[i], p.c[i], true
				break
			}
		}
		if !found && p.k.sign() < 0 {
			nc, isConst, found = p.k, true, true
		}
		if !found {
			return false, true
		}
		best, bestDeg := -1, 0
		var bestC frac
		for fi := range facts {
			f := &facts[fi]
			if !charge(&work, f.terms()) {
				return false, true
			}
			for i := range f.n {
				if f.c[i].sign() < 0 && !isConst && f.v[i] == nv && (best < 0 || bestDeg > 0) {
					best, bestDeg, bestC = fi, 0, f.c[i]
				}
			}
			if f.k.sign() < 0 {
				deg := 1
				if isConst {
					deg = 0
				}
				if best < 0 || deg < bestDeg {
					best, bestDeg, bestC = fi, deg, f.k
				}
			}
		}
		if best < 0 {
			return false, true
		}
		if bestDeg > 0 {
			return false, false // a multiplier that is not a constant
		}
		inv, ok := bestC.inv()
		if !ok {
			return false, false
		}
		m, ok := nc.mul(inv) // positive
		if !ok {
			return false, false
		}
		f := &facts[best]
		if !charge(&work, p.terms()+f.terms()) {
			return false, true
		}
		if uses != nil {
			*uses = append(*uses, FactUse{Src: st.ff.usrc[best], Mult: constPoly(fracRat(m))})
		}
		for i := range f.n {
			t, ok := f.c[i].mul(m)
			if !ok || !p.addTerm(f.v[i], frac{-t.n, t.d}) {
				return false, false
			}
		}
		t, ok := f.k.mul(m)
		if !ok || !p.addTerm(nil, frac{-t.n, t.d}) {
			return false, false
		}
		if done() {
			return true, true
		}
	}
	return false, true
}

// terms is the number of terms of l as a polynomial (its non-zero
// coefficients, the constant included).
func (l *lin) terms() int {
	n := 0
	for i := range l.n {
		if l.c[i].sign() != 0 {
			n++
		}
	}
	if l.k.sign() != 0 {
		n++
	}
	return n
}

// sub returns a - b.
func linSub(a, b *lin) (lin, bool) {
	r := *a
	for i := range b.n {
		if !r.addTerm(b.v[i], frac{-b.c[i].n, b.c[i].d}) {
			return r, false
		}
	}
	return r, r.addTerm(nil, frac{-b.k.n, b.k.d})
}

// first returns the coefficient of the first term (zero coefficients are
// absent) and whether there is one.
func (l *lin) first() (frac, bool) {
	for i := range l.n {
		if l.c[i].n != 0 {
			return l.c[i], true
		}
	}
	return l.k, l.k.n != 0
}

// propTo reports whether l == k*f for the k of their first terms, and
// returns k.
func (l *lin) propTo(f *lin) (frac, bool, bool) {
	a, ok1 := l.first()
	b, ok2 := f.first()
	if !ok1 || !ok2 {
		return frac{}, false, true
	}
	inv, ok := b.inv()
	if !ok {
		return frac{}, false, false
	}
	k, ok := a.mul(inv)
	if !ok {
		return frac{}, false, false
	}
	s, ok := f.scaled(k)
	if !ok {
		return frac{}, false, false
	}
	d, ok := linSub(l, &s)
	if !ok {
		return frac{}, false, false
	}
	for i := range d.n {
		if d.c[i].n != 0 {
			return frac{}, false, true
		}
	}
	return k, d.k.n == 0, true
}

// fracRat converts a frac to a rat.
func fracRat(f frac) rat { return ratInt(f.n).quo(ratInt(f.d)) }

// ffRec records what the fact fast path decided with, for certificates:
// the facts used by the proofs excluding Less (b <= a), Same (a != b, in
// direction dir) and Greater (a <= b), and the witness bindings of Less,
// Same and Greater (for Divides, the refutation in wit[0]).
type ffRec struct {
	shift bool // the proofs are fastOrder's (scale, no facts)
	excl  [3][]FactUse
	dir   Rel
	ne    int // the != fact of a NE proof
	k     frac
	wit   [3]Binding
}

// binding returns the current binding of the symbols.
func (st *ffState) binding() Binding {
	b := make(Binding, st.nsym)
	for i := range st.nsym {
		b[st.syms[i].name] = st.sval[i]
	}
	return b
}

func (l *lin) scaled(k frac) (lin, bool) {
	r := *l
	var ok bool
	for i := range r.n {
		if r.c[i], ok = r.c[i].mul(k); !ok {
			return r, false
		}
		r.c[i] = r.c[i].reduce()
	}
	r.k, ok = r.k.mul(k)
	return r, ok
}

// shiftLin is Ctx.shiftLin with the lower bounds of st's unknowns at hand.
func (st *ffState) shiftLin(c *Ctx, l *lin) (usable, fits bool) {
	for i := range l.n {
		lo, has, seen := int64(0), false, false
		for j := range st.nu {
			if st.us[j] == l.v[i] {
				lo, has, seen = st.lo[j], st.hasLo[j], true
				break
			}
		}
		if !seen {
			lo, has = c.loOf(l.v[i])
		}
		if !has {
			return false, true
		}
		p, ok := l.c[i].mul(frac{lo, 1})
		if !ok {
			return false, false
		}
		if l.k, ok = l.k.add(p); !ok {
			return false, false
		}
	}
	return true, true
}

// ffState is one query of the fact fast path: the operands and the
// symbols and unknowns the search visits.
type ffState struct {
	A, B  fastMono
	ta    term
	tb    term
	nsym  int
	syms  [maxFF]*variable
	sval  [maxFF]int64
	selim [maxFF]bool // the symbol is eliminated: its image is simg
	simg  [maxFF]term
	suidx [maxFF]int // otherwise its index in us
	cmap  [maxFF]int // index in syms of each of condSyms
	nu    int
	us    [maxFF]*variable
	vals  [maxFF]int64
	bd    [maxFF]boxBounds
	lo    [maxFF]int64 // loOf of the unknowns
	hasLo [maxFF]bool
	abort bool
	ff    *factFast
	// the points visited (counted from 1), and for a replay the only
	// points to evaluate (the first witnesses of the decision)
	nvisit int32
	replay bool
	only   [3]int32
}

// skip counts a point and reports whether a replay passes over it.
func (st *ffState) skip() bool {
	st.nvisit++
	if !st.replay {
		return false
	}
	n := st.nvisit
	return n != st.only[0] && n != st.only[1] && n != st.only[2]
}

func insertVar(vs *[maxFF]*variable, n *int, v *variable) bool {
	i := 0
	for i < *n && cmpVar(vs[i], v) < 0 {
		i++
	}
	if i < *n && vs[i] == v {
		return true
	}
	if *n == maxFF {
		return false
	}
	copy(vs[i+1:*n+1], vs[i:*n])
	vs[i] = v
	*n++
	return true
}

// ffSetup prepares a query; ok is false outside the fragment.
func (c *Ctx) ffSetup(pa, pb *poly, st *ffState) bool {
	if factFastOff {
		return false
	}
	if st.ff = c.factFast(); st.ff == nil {
		return false
	}
	var ok1, ok2 bool
	st.ta, ok1 = pa.monomial()
	st.tb, ok2 = pb.monomial()
	if !ok1 || !ok2 || !c.fastTheta(st.ta, &st.A) || !c.fastTheta(st.tb, &st.B) {
		return false
	}
	for _, v := range st.ff.condSyms {
		if !insertVar(&st.syms, &st.nsym, v) {
			return false
		}
	}
	for _, t := range [2]term{st.ta, st.tb} {
		for _, f := range t.m {
			if !insertVar(&st.syms, &st.nsym, f.v) {
				return false
			}
		}
	}
	for i := range st.nsym {
		s := st.syms[i]
		if e, elim := c.mono(s); elim {
			for _, f := range e.t.m {
				if !insertVar(&st.us, &st.nu, f.v) {
					return false
				}
			}
		} else if !insertVar(&st.us, &st.nu, s) {
			return false
		}
	}
	for j := range st.nu {
		st.bd[j] = c.searchBounds(st.us[j])
		st.lo[j], st.hasLo[j] = c.loOf(st.us[j])
	}
	for k, v := range st.ff.condSyms {
		for i := range st.nsym {
			if st.syms[i] == v {
				st.cmap[k] = i
			}
		}
	}
	for i := range st.nsym {
		s := st.syms[i]
		e, elim := c.mono(s)
		st.selim[i], st.simg[i] = elim, e.t
		for j := range st.nu {
			if st.us[j] == s {
				st.suidx[i] = j
			}
		}
	}
	return true
}

func (st *ffState) symVal(v *variable) (int64, bool) {
	for i := range st.nsym {
		if st.syms[i] == v {
			return st.sval[i], true
		}
	}
	return 0, false
}

// evalTerm evaluates a term over symbols at the binding.
func (st *ffState) evalTerm(t term) (frac, bool) {
	r, ok := fracOf(t.c)
	if !ok {
		return frac{}, false
	}
	for _, f := range t.m {
		x, found := st.symVal(f.v)
		if !found {
			return frac{}, false
		}
		p, ok := powFrac(x, int64(f.e))
		if !ok {
			return frac{}, false
		}
		if r, ok = r.mul(p); !ok {
			return frac{}, false
		}
	}
	return r, true
}

// binding replays bindingAt and satisfied at the current values of the
// unknowns; it sets abort on overflow.
func (c *Ctx) ffBinding(st *ffState) bool {
	for i := range st.nsym {
		var r frac
		if st.selim[i] {
			var ok bool
			if r, ok = fracOf(st.simg[i].c); !ok {
				st.abort = true
				return false
			}
			for _, f := range st.simg[i].m {
				x := c.bounds(f.v).lo
				for j := range st.nu {
					if st.us[j] == f.v {
						x = st.vals[j]
					}
				}
				p, ok := powFrac(x, int64(f.e))
				if ok {
					r, ok = r.mul(p)
				}
				if !ok {
					st.abort = true
					return false
				}
			}
		} else {
			r = frac{st.vals[st.suidx[i]], 1}
		}
		if !r.isInt() {
			return false
		}
		if r = r.reduce(); r.n < 1 { // an integer: r.d is 1
			return false
		}
		st.sval[i] = r.n
	}
	return st.condsHold(st.ff)
}

// condsHold evaluates the compiled assumptions of ff at the binding in
// st.sval (indexed through st.cmap); it sets abort on overflow.
func (st *ffState) condsHold(ff *factFast) bool {
	for i := range ff.conds {
		cd := &ff.conds[i]
		x, ok1 := st.evalC(cd.x)
		y, ok2 := st.evalC(cd.y)
		if !ok1 || !ok2 {
			st.abort = true
			return false
		}
		if !x.isInt() || !y.isInt() || !relHolds(cd.rel, x.cmp(y)) {
			return false
		}
	}
	return true
}

// evalC evaluates a compiled side of an assumption at the binding.
func (st *ffState) evalC(ts []cterm) (frac, bool) {
	r := frac{0, 1}
	for i := range ts {
		t := &ts[i]
		var v frac
		if t.int {
			n, ok := t.c.n, true
			for _, f := range t.f {
				x, fok := st.facVal(&f)
				if !fok {
					return frac{}, false
				}
				for e := f.e; e > 0 && ok; e-- {
					if n == 1 {
						n = x
					} else {
						n, ok = mul64(n, x)
					}
				}
			}
			if !ok {
				return frac{}, false
			}
			v = frac{n, 1}
		} else {
			v = t.c
			for _, f := range t.f {
				x, ok := st.facVal(&f)
				if !ok {
					return frac{}, false
				}
				p, ok := powFrac(x, int64(f.e))
				if ok {
					v, ok = v.mul(p)
				}
				if !ok {
					return frac{}, false
				}
			}
		}
		var ok bool
		if r, ok = r.add(v); !ok {
			return frac{}, false
		}
	}
	return r, true
}

// facVal is the value of a factor of an assumption at the binding: a
// symbol's value, or an atom's computed from its integer operand.
func (st *ffState) facVal(f *cfac) (int64, bool) {
	if f.a == nil {
		return st.sval[st.cmap[f.k]], true
	}
	// the terms of x have integer coefficients and no negative exponent
	// (ffAtom): evalC sums them as fractions of denominator 1
	x, ok := st.evalC(f.a.x)
	if !ok || x.d != 1 {
		return 0, false
	}
	n, d := x.n, f.a.d
	q, r := n/d, n%d
	if r < 0 { // floor
		q, r = q-1, r+d
	}
	switch f.a.op {
	case opMod:
		return r, true
	case opFloorDiv:
		return q, true
	}
	if r != 0 {
		q++
	}
	return q, true
}

// ffSearch replays search (the same points of boxIter, the assumptions
// evaluated at each binding); f sees the binding in st.sval.
func (c *Ctx) ffSearch(st *ffState, f func() bool) bool {
	var it boxIter
	for it.next(st.bd[:st.nu], st.vals[:st.nu]) {
		if st.skip() {
			continue
		}
		if !c.ffBinding(st) {
			if st.abort {
				return true
			}
			continue
		}
		if f() || st.abort {
			return true
		}
	}
	return false
}

// ffOperands evaluates the operands at the binding; ok is false when one
// is not an integer there (abort set on overflow).
func (st *ffState) ffOperands() (x, y frac, ok bool) {
	x, ok1 := st.evalTerm(st.ta)
	y, ok2 := st.evalTerm(st.tb)
	if !ok1 || !ok2 {
		st.abort = true
		return x, y, false
	}
	return x, y, x.isInt() && y.isInt()
}

// factDivides decides a | b on the fact fast path (not for an integral
// quotient, which fastDivides answers).
// With rec, it records the refutation's binding and evaluates only the
// point *at (a replay of a decision that recorded it there); without, it
// writes in at (when not nil) the point of the refutation.
func (c *Ctx) factDivides(pa, pb *poly, rec *ffRec, at *int32) (Truth, bool) {
	var st ffState
	if rec != nil && at != nil {
		st.replay, st.only = true, [3]int32{*at}
	}
	if !c.ffSetup(pa, pb, &st) {
		return Unknown, false
	}
	// the quotient of the images, as in fastDivides
	var fv fastVars
	if !fv.collect(c, &st.A) || !fv.collect(c, &st.B) {
		return Unknown, false
	}
	ic, ok := st.A.c.inv()
	if !ok {
		return Unknown, false
	}
	qc, ok := st.B.c.mul(ic)
	if !ok {
		return Unknown, false
	}
	integral := qc.isInt()
	for i := range fv.n {
		integral = integral && st.B.exp(fv.v[i]) >= st.A.exp(fv.v[i])
	}
	if integral {
		return Unknown, false
	}
	found := c.ffSearch(&st, func() bool {
		x, y, ok := st.ffOperands()
		if !ok {
			return false
		}
		// a is a monomial with a coefficient other than 0 (the zero
		// polynomial is no monomial), over symbols of values at least 1:
		// x is not 0
		refutes := (y.n/y.d)%(x.n/x.d) != 0
		if refutes && rec != nil {
			rec.wit[0] = st.binding()
		} else if refutes && at != nil {
			*at = st.nvisit
		}
		return refutes
	})
	switch {
	case st.abort:
		return Unknown, false
	case found:
		return False, true
	}
	return Unknown, true
}

// factCompare replays the general Compare on the fact fast path.
// With rec, it records the facts of its proofs and its witnesses, and
// evaluates only the points that rec.at names (a replay of a decision that
// recorded them in at, see Comparison); without, it writes in at the
// point at which each relation was first witnessed (nil: not wanted).
func (c *Ctx) factCompare(pa, pb *poly, rec *ffRec, at *[3]int32) (possible, witnessed Order, ok bool) {
	var st ffState
	if rec != nil && at != nil {
		st.replay, st.only = true, *at
	}
	if !c.ffSetup(pa, pb, &st) {
		return 0, 0, false
	}
	if rec != nil {
		rec.shift = false
	}
	var a, b lin
	if !linOfMono(&st.A, 1, &a) || !linOfMono(&st.B, 1, &b) {
		// monomials of higher degree: the shift argument without facts
		// (fastOrder) answers when it leaves a single relation, which
		// the facts cannot exclude in turn (the context has a binding)
		var fc fastCmp
		p, ok := c.fastOrder(pa, pb, &fc)
		if !ok || (p != Less && p != Same && p != Greater) {
			return 0, 0, false
		}
		possible = p
		if rec != nil {
			rec.shift = true
		}
	} else if possible, ok = c.factPossible(&st, &a, &b, rec); !ok {
		return 0, 0, false
	}
	want := possible
	visit := func() {
		x, y, ok := st.ffOperands()
		if !ok {
			return
		}
		k := x.cmp(y) + 1
		rel := [3]Order{Less, Same, Greater}[k]
		if want&rel != 0 {
			if witnessed&rel == 0 {
				if rec != nil {
					rec.wit[k] = st.binding()
				} else if at != nil {
					at[k] = st.nvisit
				}
			}
			witnessed |= rel
		}
	}
	c.ffSearch(&st, func() bool {
		visit()
		return witnessed == want
	})
	if st.abort {
		return 0, 0, false
	}
	if witnessed != want {
		// the targeted points, as the general path proposes them
		var fc fastCmp
		if _, ok := c.fastOrder(pa, pb, &fc); ok {
			var pt [2 * maxFast]int64
			fc.targets(want, &witnessed, &pt, func() {
				if st.abort || st.skip() {
					return
				}
				for j := range st.nu {
					st.vals[j] = st.bd[j].lo
				}
				for i := range fc.fv.n {
					for j := range st.nu {
						if st.us[j] == fc.fv.v[i] {
							st.vals[j] = pt[i]
						}
					}
				}
				if c.ffBinding(&st) {
					visit()
				}
			})
			if st.abort {
				return 0, 0, false
			}
		}
	}
	return possible, witnessed, true
}

// factPossible is the proof part of factCompare on linear monomials a and
// b: the relations that the replay of proveLe and proveNe does not exclude.
func (c *Ctx) factPossible(st *ffState, a, b *lin, rec *ffRec) (possible Order, ok bool) {
	ba, ok1 := linSub(b, a)
	ab, ok2 := linSub(a, b)
	if !ok1 || !ok2 {
		return 0, false
	}
	possible = AnyOrder
	var uses *[3][]FactUse
	if rec != nil {
		uses = &rec.excl
	}
	use := func(k int) *[]FactUse {
		if uses == nil {
			return nil
		}
		uses[k] = uses[k][:0]
		return &uses[k]
	}
	if pr, ok := c.ffNonneg(st, ba, false, use(2)); !ok {
		return 0, false
	} else if pr {
		possible &^= Greater
	}
	if pr, ok := c.ffNonneg(st, ab, false, use(0)); !ok {
		return 0, false
	} else if pr {
		possible &^= Less
	}
	if possible&Same != 0 {
		ne := false
		for i, q := range [2]*lin{&ba, &ab} {
			pr, ok := c.ffNonneg(st, *q, true, use(1))
			if !ok {
				return 0, false
			}
			if pr {
				ne = true
				if rec != nil {
					rec.dir = [2]Rel{LT, GT}[i]
				}
				break
			}
		}
		if !ne {
			if _, nz := ab.first(); nz {
				for i := range st.ff.ne {
					k, pr, ok := ab.propTo(&st.ff.ne[i])
					if !ok {
						return 0, false
					}
					if pr {
						ne = true
						if rec != nil {
							rec.dir, rec.ne, rec.k = NE, i, k
						}
						break
					}
				}
			}
		}
		if ne {
			possible &^= Same
		}
	}
	return possible, true
}
