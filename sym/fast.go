package sym

import (
	"math"
	"math/bits"
	"slices"
)

// The fast path of Divides, Equal and Compare: both operands monomials over
// symbols whose images are monomials over positive unknowns, in a context
// without kept facts (so every point of the box of the unknowns is
// allowed). Everything lives on the stack and numbers are int64 fractions
// with overflow checks: no allocation (unless a certificate is recorded),
// and any overflow sends the question to the general path. The proofs it
// finds are the ones the general path's shift argument finds for the same
// operands; its witnesses are searched at the general path's points
// (boxIter over the same unknowns, every symbol's image evaluated), then
// at targeted points (fastCmp.targets) that every path proposes, and each
// is checked against the assumptions (fastCondsHold) before it is reported.
// Certificates are built on demand from its own data: the quotient
// (fastDividesProof), the scale of the shift argument (fastScale), and the
// witness points, recorded by a replay (fastRec).

const maxFast = 12

// fastOff disables the fast path of this file (tests compare it with the
// general path).
var fastOff bool

// frac is n/d with d > 0, not necessarily reduced.
type frac struct{ n, d int64 }

func mul64(a, b int64) (int64, bool) {
	if a == 0 || b == 0 {
		return 0, true
	}
	neg := a^b < 0 // the signs differ (a, b != 0)
	hi, lo := bits.Mul64(abs64(a), abs64(b))
	if hi != 0 || lo > math.MaxInt64 {
		return 0, false
	}
	if neg {
		return -int64(lo), true
	}
	return int64(lo), true
}

func (a frac) mul(b frac) (frac, bool) {
	n, ok1 := mul64(a.n, b.n)
	d, ok2 := mul64(a.d, b.d)
	if ok1 && ok2 {
		return frac{n, d}, true
	}
	// reduce and retry
	a, b = a.reduce(), b.reduce()
	// the gcds are at least 1: the denominators are positive
	g1, g2 := int64(gcd64(abs64(a.n), uint64(b.d))), int64(gcd64(abs64(b.n), uint64(a.d)))
	n, ok1 = mul64(a.n/g1, b.n/g2)
	d, ok2 = mul64(a.d/g2, b.d/g1)
	return frac{n, d}, ok1 && ok2
}

func (a frac) reduce() frac {
	g := int64(gcd64(abs64(a.n), uint64(a.d))) // >= 1: a.d > 0
	if g == 1 {
		return a
	}
	return frac{a.n / g, a.d / g}
}

func (a frac) inv() (frac, bool) {
	switch {
	case a.n > 0:
		return frac{a.d, a.n}, true
	case a.n < 0 && a.n != math.MinInt64:
		return frac{-a.d, -a.n}, true
	}
	return frac{}, false
}

func (a frac) isInt() bool { return a.d == 1 || a.n%a.d == 0 }

// int returns the value of an integral frac (isInt), reduced or not.
func (a frac) int() int64 { return a.n / a.d }

func (a frac) sign() int {
	switch {
	case a.n > 0:
		return 1
	case a.n < 0:
		return -1
	}
	return 0
}

func (a frac) cmp(b frac) int { return cmp128(a.n, b.d, b.n, a.d) }

// fracOf converts a small rat.
func fracOf(r rat) (frac, bool) {
	if r.b != nil {
		return frac{}, false
	}
	return frac{r.n, r.d}, true
}

// powFrac returns x^e for an integer x >= 0 and any e (|e| <= maxExp);
// false when it does not fit, or x is 0 and e negative.
func powFrac(x int64, e int64) (frac, bool) {
	r := frac{1, 1}
	neg := e < 0
	if neg {
		e = -e
	}
	b := x
	for e > 0 {
		var ok bool
		if e&1 == 1 {
			if r.n, ok = mul64(r.n, b); !ok {
				return frac{}, false
			}
		}
		e >>= 1
		if e > 0 {
			if b, ok = mul64(b, b); !ok {
				return frac{}, false
			}
		}
	}
	if neg {
		return frac{1, r.n}, r.n != 0
	}
	return r, true
}

// fastMono is c * prod v[i]^e[i] (entries with e == 0 are absent).
type fastMono struct {
	c frac
	n int
	v [maxFast]*variable
	e [maxFast]int64
}

func (m *fastMono) addExp(v *variable, e int64) bool {
	for i := range m.n {
		if m.v[i] == v {
			m.e[i] += e
			return m.e[i] <= maxExp && m.e[i] >= -maxExp
		}
	}
	if m.n == maxFast {
		return false
	}
	m.v[m.n], m.e[m.n] = v, e
	m.n++
	return true
}

func (m *fastMono) exp(v *variable) int64 {
	for i := range m.n {
		if m.v[i] == v {
			return m.e[i]
		}
	}
	return 0
}

// fastTheta sets m to image(t).
func (c *Ctx) fastTheta(t term, m *fastMono) bool {
	var ok bool
	if m.c, ok = fracOf(t.c); !ok {
		return false
	}
	m.n = 0
	for _, f := range t.m {
		if f.v.kind != kSym {
			return false
		}
		e := int64(f.e)
		s, elim := c.mono(f.v)
		if !elim {
			if !m.addExp(f.v, e) {
				return false
			}
			continue
		}
		if !s.ok || e < -64 || e > 64 {
			return false
		}
		sc, ok := fracOf(s.t.c)
		if !ok {
			return false
		}
		if e < 0 {
			if sc, ok = sc.inv(); !ok {
				return false
			}
		}
		for i, k := int64(0), max(e, -e); i < k; i++ {
			if m.c, ok = m.c.mul(sc); !ok {
				return false
			}
		}
		for _, g := range s.t.m {
			if !m.addExp(g.v, int64(g.e)*e) {
				return false
			}
		}
	}
	return true
}

// fastVars is the union of the unknowns of the operands with their bounds.
type fastVars struct {
	n     int
	v     [2 * maxFast]*variable
	lo    [2 * maxFast]int64
	hi    [2 * maxFast]int64
	hasHi [2 * maxFast]bool
	bd    [2 * maxFast]boxBounds
}

// find returns the index of v, -1 when absent.
func (fv *fastVars) find(v *variable) int {
	for j := range fv.n {
		if fv.v[j] == v {
			return j
		}
	}
	return -1
}

// add appends v with its bounds, keeping v sorted by cmpVar; false when
// full.
func (fv *fastVars) add(c *Ctx, v *variable) bool {
	i := 0
	for i < fv.n && cmpVar(fv.v[i], v) < 0 {
		i++
	}
	if i < fv.n && fv.v[i] == v {
		return true
	}
	if fv.n == len(fv.v) {
		return false
	}
	copy(fv.v[i+1:fv.n+1], fv.v[i:fv.n])
	copy(fv.lo[i+1:fv.n+1], fv.lo[i:fv.n])
	copy(fv.hi[i+1:fv.n+1], fv.hi[i:fv.n])
	copy(fv.hasHi[i+1:fv.n+1], fv.hasHi[i:fv.n])
	copy(fv.bd[i+1:fv.n+1], fv.bd[i:fv.n])
	b := c.searchBounds(v)
	fv.v[i], fv.lo[i], fv.hi[i], fv.hasHi[i], fv.bd[i] = v, b.lo, b.hi, b.hasHi, b
	fv.n++
	return true
}

// fastAll collects the unknowns that the general path's search visits for
// operands a and b: those behind the operands' symbols and those behind
// the symbols of the assumptions, sorted; false when there are too many.
func (c *Ctx) fastAll(pa, pb *poly, all *fastVars) bool {
	for _, p := range [2]*poly{pa, pb} {
		for _, t := range p.t {
			for _, f := range t.m {
				if e, elim := c.mono(f.v); elim {
					for _, g := range e.t.m {
						if !all.add(c, g.v) {
							return false
						}
					}
				} else if !all.add(c, f.v) {
					return false
				}
			}
		}
	}
	for _, u := range c.searchInfo().condUnk {
		if !all.add(c, u) {
			return false
		}
	}
	return true
}

// fastFits evaluates the image of every eliminated symbol at the point
// (the unknowns of all at pt): fits is false when one is not a positive
// integer (as bindingAt refuses the point); ok is false when an image
// cannot be evaluated here (atoms, an unknown outside all, overflow): the
// fast path then gives up. It allocates nothing.
func (c *Ctx) fastFits(all *fastVars, pt *[2 * maxFast]int64) (fits, ok bool) {
	for _, img := range c.searchInfo().symImgs {
		r, ok := evalImage(img, all, pt)
		if !ok {
			return false, false
		}
		if !r.isInt() || r.sign() <= 0 {
			return false, true
		}
	}
	return true, true
}

// evalImage evaluates an image over the unknowns of all at the point; ok
// is false when it has an atom, an unknown outside all, or overflows.
func evalImage(img *poly, all *fastVars, pt *[2 * maxFast]int64) (frac, bool) {
	r := frac{0, 1}
	for _, t := range img.t {
		tv, ok := fracOf(t.c)
		if !ok {
			return frac{}, false
		}
		for _, f := range t.m {
			if f.v.kind == kAtom {
				return frac{}, false
			}
			j := all.find(f.v)
			if j < 0 {
				return frac{}, false
			}
			p, ok := powFrac(pt[j], int64(f.e))
			if ok {
				tv, ok = tv.mul(p)
			}
			if !ok {
				return frac{}, false
			}
		}
		if r, ok = r.add(tv); !ok {
			return frac{}, false
		}
	}
	return r, true
}

// inertUnknowns marks the unknowns of all that change neither the operands'
// relation nor their divisibility nor anything else a search point is
// judged by: an unknown with the same exponent in a and b (or in neither),
// in no image of a symbol and no symbol of an assumption, where both
// operands have integer values everywhere (integer coefficients, positive
// exponents). A point that moves only such an unknown away from the lower
// corner is judged as the corner was, so the searches pass over it.
func (c *Ctx) inertUnknowns(A, B *fastMono, ea, eb *fastEv, all *fastVars, inert *[2 * maxFast]bool) {
	if !ea.isInt || !eb.isInt {
		return
	}
	si := c.searchInfo()
	if si.conds == nil {
		return
	}
	for j, u := range all.v[:all.n] {
		if A.exp(u) != B.exp(u) {
			continue
		}
		free := true
		for _, s := range si.conds.condSyms {
			if s == u {
				free = false
			}
		}
		for _, img := range si.symImgs {
			if free && hasVarDeep(img, u) {
				free = false
			}
		}
		inert[j] = free
	}
}

// fastCondsHold evaluates every assumption at the point (each symbol's
// value from its image), so that a witness the fast path reports satisfies
// them by evaluation, not only by the exactness of the parametrization; ok
// is false when they cannot be evaluated here (the fast path then gives
// up). It is called only at points where fastFits holds: every image
// there is a positive integer, and so is every other symbol, an unknown
// of the box (at least its lower bound, at least 1).
func (c *Ctx) fastCondsHold(all *fastVars, pt *[2 * maxFast]int64) (holds, ok bool) {
	cf := c.searchInfo().conds
	if cf == nil {
		return false, false
	}
	var st ffState
	for k, s := range cf.condSyms {
		var v frac
		if img, elim := c.sub[s]; elim {
			if v, ok = evalImage(img, all, pt); !ok {
				return false, false
			}
		} else {
			j := all.find(s)
			if j < 0 {
				return false, false
			}
			v = frac{pt[j], 1}
		}
		st.sval[k], st.cmap[k] = v.int(), k
	}
	h := st.condsHold(cf)
	if st.abort {
		return false, false
	}
	return h, true
}

// collect adds the unknowns of m; ok is false when one may be 0 or less.
func (fv *fastVars) collect(c *Ctx, m *fastMono) bool {
	for i, v := range m.v[:m.n] {
		if m.e[i] == 0 || fv.find(v) >= 0 {
			continue
		}
		b := c.bounds(v)
		if b.lo < 1 {
			return false
		}
		fv.v[fv.n], fv.lo[fv.n], fv.hi[fv.n], fv.hasHi[fv.n] = v, b.lo, b.hi, b.hasHi
		fv.n++
	}
	return true
}

// fastEv is a monomial prepared for evaluation at the points of a search:
// the index in the search's unknowns of each factor.
type fastEv struct {
	c     frac
	n     int
	idx   [maxFast]int
	e     [maxFast]int64
	isInt bool // integer coefficient, positive exponents: integer values
}

// prepare sets ev to m over the unknowns of all; false when one is absent.
func (ev *fastEv) prepare(m *fastMono, all *fastVars) bool {
	ev.c, ev.n, ev.isInt = m.c, 0, m.c.d == 1
	for i, v := range m.v[:m.n] {
		if m.e[i] == 0 {
			continue
		}
		j := all.find(v)
		if j < 0 {
			return false
		}
		ev.idx[ev.n], ev.e[ev.n] = j, m.e[i]
		if m.e[i] < 0 {
			ev.isInt = false
		}
		ev.n++
	}
	return true
}

// at evaluates the monomial at the point.
func (ev *fastEv) at(pt *[2 * maxFast]int64) (frac, bool) {
	r := ev.c
	for i := range ev.n {
		p, ok := powFrac(pt[ev.idx[i]], ev.e[i])
		if ok {
			r, ok = r.mul(p)
		}
		if !ok {
			return frac{}, false
		}
	}
	return r, true
}

// fastRec records the witness points found by the fast path: index 0 for
// Less (or the Divides refutation), 1 for Same, 2 for Greater.
type fastRec struct {
	found [3]bool
	point [3]map[*variable]int64
}

func (r *fastRec) set(k int, fv *fastVars, pt *[2 * maxFast]int64) {
	if r == nil || r.found[k] {
		return
	}
	r.found[k] = true
	m := make(map[*variable]int64, fv.n)
	for i, v := range fv.v[:fv.n] {
		m[v] = pt[i]
	}
	r.point[k] = m
}

// fastOperands computes the images of two monomials and their unknowns.
func (c *Ctx) fastOperands(pa, pb *poly, A, B *fastMono, fv *fastVars) bool {
	ta, ok1 := pa.monomial()
	tb, ok2 := pb.monomial()
	if !ok1 || !ok2 {
		return false
	}
	return c.fastTheta(ta, A) && c.fastTheta(tb, B) && fv.collect(c, A) && fv.collect(c, B)
}

// fastDivides decides a | b for monomials; ok is false when the fast path
// does not apply or finds no answer.
func (c *Ctx) fastDivides(pa, pb *poly, rec *fastRec) (Truth, bool) {
	if fastOff {
		return Unknown, false
	}
	var A, B fastMono
	var fv fastVars
	if !c.fastOperands(pa, pb, &A, &B, &fv) {
		return Unknown, false
	}
	// q = B/A: an integer coefficient and no negative exponent
	ic, ok := A.c.inv()
	if !ok {
		return Unknown, false
	}
	qc, ok := B.c.mul(ic)
	if !ok {
		return Unknown, false
	}
	integral := qc.isInt()
	for _, v := range fv.v[:fv.n] {
		if B.exp(v) < A.exp(v) {
			integral = false
		}
	}
	if integral {
		return True, true
	}
	if !c.box || c.searchInfo().corner == nil {
		return Unknown, false
	}
	// the search of the general path: the same points, the same test
	var all fastVars
	if !c.fastAll(pa, pb, &all) {
		return Unknown, false
	}
	var ea, eb fastEv
	if !ea.prepare(&A, &all) || !eb.prepare(&B, &all) {
		return Unknown, false
	}
	var inert [2 * maxFast]bool
	c.inertUnknowns(&A, &B, &ea, &eb, &all, &inert)
	var pt [2 * maxFast]int64
	var it boxIter
	for it.next(all.bd[:all.n], pt[:all.n]) {
		if m := it.moved(); m >= 0 && inert[m] {
			continue
		}
		fits, ok := c.fastFits(&all, &pt)
		if !ok {
			return Unknown, false
		}
		if !fits {
			continue
		}
		av, ok1 := ea.at(&pt)
		bv, ok2 := eb.at(&pt)
		if !ok1 || !ok2 {
			return Unknown, false
		}
		if !av.isInt() || !bv.isInt() {
			continue
		}
		// a's value is not 0: its coefficient is not, and its unknowns
		// are at least 1 (collect)
		if bv.int()%av.int() != 0 {
			holds, ok := c.fastCondsHold(&all, &pt)
			if !ok {
				return Unknown, false
			}
			if !holds {
				continue
			}
			rec.set(0, &all, &pt)
			return False, true
		}
	}
	return Unknown, false
}

// partAt evaluates prod pt[i]^e[i].
func partAt(fv *fastVars, pt *[2 * maxFast]int64, e *[2 * maxFast]int64) (frac, bool) {
	r := frac{1, 1}
	for i := range fv.n {
		if e[i] == 0 {
			continue
		}
		p, ok := powFrac(pt[i], e[i])
		if !ok {
			return frac{}, false
		}
		if r, ok = r.mul(p); !ok {
			return frac{}, false
		}
	}
	return r, true
}

// fastCompare orders monomials a and b: with image(a) = G*ca*X and
// image(b) = G*cb*Y, G the common part (positive) and X, Y without common
// unknowns, the sign of b - a is that of cb*Y - ca*X, and X >= X(lo),
// Y >= Y(lo), each unbounded above (the fast path requires unknowns without
// upper bounds).
func (c *Ctx) fastCompare(pa, pb *poly, rec *fastRec) (possible, witnessed Order, ok bool) {
	if !c.box || fastOff {
		return 0, 0, false
	}
	var st fastCmp
	possible, ok = c.fastOrder(pa, pb, &st)
	if !ok {
		return 0, 0, false
	}
	for _, h := range st.fv.hasHi[:st.fv.n] {
		if h {
			return 0, 0, false
		}
	}
	if c.searchInfo().corner == nil {
		return 0, 0, false
	}
	// the general path's search: the points of boxIter, then the targeted
	// points of orderTargets, each relation recorded where first seen
	var all fastVars
	if !c.fastAll(pa, pb, &all) {
		return 0, 0, false
	}
	var ea, eb fastEv
	if !ea.prepare(&st.A, &all) || !eb.prepare(&st.B, &all) {
		return 0, 0, false
	}
	var pt [2 * maxFast]int64
	abort := false
	visit := func() {
		fits, ok := c.fastFits(&all, &pt)
		if !ok {
			abort = true
			return
		}
		if !fits {
			return
		}
		av, ok1 := ea.at(&pt)
		bv, ok2 := eb.at(&pt)
		if !ok1 || !ok2 {
			abort = true
			return
		}
		if !av.isInt() || !bv.isInt() {
			return
		}
		k := av.cmp(bv) + 1
		rel := [3]Order{Less, Same, Greater}[k]
		if possible&rel != 0 && witnessed&rel == 0 {
			holds, ok := c.fastCondsHold(&all, &pt)
			if !ok {
				abort = true
				return
			}
			if holds {
				witnessed |= rel
				rec.set(k, &all, &pt)
			}
		}
	}
	var inert [2 * maxFast]bool
	c.inertUnknowns(&st.A, &st.B, &ea, &eb, &all, &inert)
	var it boxIter
	for witnessed != possible && !abort && it.next(all.bd[:all.n], pt[:all.n]) {
		if m := it.moved(); m >= 0 && inert[m] {
			continue
		}
		visit()
	}
	if abort {
		return 0, 0, false
	}
	if witnessed != possible {
		var tp [2 * maxFast]int64
		st.targets(possible, &witnessed, &tp, func() {
			// the targeted point over st.fv, the others at their lower bounds
			copy(pt[:all.n], all.lo[:all.n])
			for i, v := range st.fv.v[:st.fv.n] {
				if j := all.find(v); j >= 0 {
					pt[j] = tp[i]
				}
			}
			if !abort {
				visit()
			}
		})
		if abort {
			return 0, 0, false
		}
	}
	return possible, witnessed, true
}

// targets proposes the targeted witness points of the relations of
// possible not yet in *witnessed, in the order Less, Same, Greater: for <
// and >, one unknown of the side whose sign gives the relation doubled
// from its lower bound up to 62 times; for =, each unknown that occurs on
// one side with exponent 1 solved for (the others at their lower bounds).
// The points are over st.fv, in pt; visit checks one (it may add to
// *witnessed), and the proposals for a relation stop once it is
// witnessed. Every search (fast.go, factfast.go, prove.go) proposes these
// same points after the points of boxIter.
func (st *fastCmp) targets(possible Order, witnessed *Order, pt *[2 * maxFast]int64, visit func()) {
	fv := &st.fv
	xe, ye, xEmpty, yEmpty, ca, cb := &st.xe, &st.ye, st.xEmpty, st.yEmpty, st.ca, st.cb
	reset := func() { copy(pt[:fv.n], fv.lo[:fv.n]) }
	for _, rel := range [3]Order{Less, Same, Greater} {
		if possible&rel == 0 || *witnessed&rel != 0 {
			continue
		}
		reset()
		switch rel {
		case Less, Greater:
			// grow one unknown of the side whose sign gives rel
			want := 1
			if rel == Greater {
				want = -1
			}
			var e *[2 * maxFast]int64
			switch {
			case !yEmpty && cb.sign() == want:
				e = ye
			case !xEmpty && -ca.sign() == want:
				e = xe
			}
			if e == nil {
				continue
			}
			i := 0
			for e[i] == 0 {
				i++
			}
			// at most 62 doublings from a lower bound of at least 1
			// (collect); the bound also ends the loop if one were 0
			for range 62 {
				if *witnessed&rel != 0 {
					break
				}
				if pt[i] > math.MaxInt64/2 || (fv.hasHi[i] && pt[i]*2 > fv.hi[i]) {
					break
				}
				pt[i] *= 2
				visit()
			}
		case Same:
			// solve for one unknown that occurs once, with exponent 1:
			// cs*v*rs == co*ro
			for i := range fv.n {
				if *witnessed&rel != 0 {
					break
				}
				var side, other *[2 * maxFast]int64
				var cs, co frac
				switch {
				case ye[i] == 1 && xe[i] == 0:
					side, other, cs, co = ye, xe, cb, ca
				case xe[i] == 1 && ye[i] == 0:
					side, other, cs, co = xe, ye, ca, cb
				default:
					continue
				}
				reset()
				pt[i] = 1
				rs, ok1 := partAt(fv, pt, side)
				ro, ok2 := partAt(fv, pt, other)
				if !ok1 || !ok2 {
					continue
				}
				num, ok1 := co.mul(ro)
				den, ok2 := cs.mul(rs)
				if !ok1 || !ok2 || den.n == 0 {
					continue
				}
				inv, ok := den.inv()
				if !ok {
					continue
				}
				v, ok := num.mul(inv)
				if !ok || !v.isInt() {
					continue
				}
				x := v.int()
				if x < fv.lo[i] || (fv.hasHi[i] && x > fv.hi[i]) {
					continue
				}
				pt[i] = x
				visit()
			}
		}
	}
}

// fastCmp is the state of an order question on the fast path.
type fastCmp struct {
	A, B           fastMono
	fv             fastVars
	xe, ye         [2 * maxFast]int64
	xEmpty, yEmpty bool
	ca, cb         frac
}

// fastOrder finds the relations between monomials a and b that the shift
// argument does not exclude (see fastCompare). Its proofs need no fact
// and hold in any context: only the lower bounds of the unknowns are used.
func (c *Ctx) fastOrder(pa, pb *poly, st *fastCmp) (possible Order, ok bool) {
	A, B, fv := &st.A, &st.B, &st.fv
	if !c.fastOperands(pa, pb, A, B, fv) {
		return 0, false
	}
	xe, ye := &st.xe, &st.ye
	// X = A/G, Y = B/G as exponent vectors over fv
	xEmpty, yEmpty := true, true
	for i, v := range fv.v[:fv.n] {
		ea, eb := A.exp(v), B.exp(v)
		g := min(ea, eb)
		xe[i], ye[i] = ea-g, eb-g
		if xe[i] != 0 {
			xEmpty = false
		}
		if ye[i] != 0 {
			yEmpty = false
		}
	}
	ca, cb := A.c, B.c
	var pt [2 * maxFast]int64
	copy(pt[:fv.n], fv.lo[:fv.n])
	lx, okx := partAt(fv, &pt, xe)
	ly, oky := partAt(fv, &pt, ye)
	if !okx || !oky {
		return 0, false
	}
	// P = cb*Y - ca*X; its value at the lower corner has the sign of
	// cmp(cb*ly, ca*lx)
	bl, ok1 := cb.mul(ly)
	al, ok2 := ca.mul(lx)
	if !ok1 || !ok2 {
		return 0, false
	}
	atLo := bl.cmp(al)
	// cb*Y is >= cb*ly when cb > 0 (or Y is constant), <= when cb < 0;
	// -ca*X likewise with -ca
	yUp := yEmpty || cb.sign() > 0   // cb*Y bounded below
	yDown := yEmpty || cb.sign() < 0 // bounded above
	xUp := xEmpty || ca.sign() < 0   // -ca*X bounded below
	xDown := xEmpty || ca.sign() > 0 // bounded above
	possible = AnyOrder
	if yUp && xUp { // P >= atLo
		switch atLo {
		case 1:
			possible = Less
		case 0:
			possible = Less | Same
		}
	}
	if yDown && xDown { // P <= atLo
		switch atLo {
		case -1:
			possible &= Greater
		case 0:
			possible &= Same | Greater
		}
	}
	st.xEmpty, st.yEmpty, st.ca, st.cb = xEmpty, yEmpty, ca, cb
	return possible, true
}

// ---- certificates of the fast path's answers, built from its own data

// fastMonoPoly builds c * prod fv.v[i]^e[i].
func fastMonoPoly(c frac, fv *fastVars, e *[2 * maxFast]int64) *poly {
	if c.n == 0 {
		return zeroPoly
	}
	m := make(mono, 0, fv.n)
	for i, v := range fv.v[:fv.n] {
		if e[i] != 0 {
			m = append(m, factor{v, int32(e[i])})
		}
	}
	slices.SortFunc(m, func(x, y factor) int { return cmpVar(x.v, y.v) })
	return &poly{t: []term{{fracRat(c), m}}}
}

// fastDividesProof is the certificate of a True answer of fastDivides: the
// quotient of the images, a monomial (nil when the fast path does not
// answer True).
func (c *Ctx) fastDividesProof(pa, pb *poly) *Certificate {
	var A, B fastMono
	var fv fastVars
	if !c.fastOperands(pa, pb, &A, &B, &fv) {
		return nil
	}
	ic, ok := A.c.inv()
	if !ok {
		return nil
	}
	qc, ok := B.c.mul(ic)
	if !ok || !qc.isInt() {
		return nil
	}
	var e [2 * maxFast]int64
	for i, v := range fv.v[:fv.n] {
		if e[i] = B.exp(v) - A.exp(v); e[i] < 0 {
			return nil
		}
	}
	cert := c.certBase(Claim{ClaimDivides, pa, pb})
	cert.Quotient = fastMonoPoly(qc.reduce(), &fv, &e)
	return cert
}

// fastScale is the scale of the fast path's order proofs: the positive
// monomial that clears the negative exponents of both images (nil when
// there are none); ok is false outside the fast path.
func (c *Ctx) fastScale(pa, pb *poly) (scale *poly, ok bool) {
	var A, B fastMono
	var fv fastVars
	if !c.fastOperands(pa, pb, &A, &B, &fv) {
		return nil, false
	}
	var e [2 * maxFast]int64
	any := false
	for i, v := range fv.v[:fv.n] {
		e[i] = max(0, -A.exp(v), -B.exp(v))
		if e[i] != 0 {
			any = true
		}
	}
	if !any {
		return nil, true
	}
	return fastMonoPoly(frac{1, 1}, &fv, &e), true
}
