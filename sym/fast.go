package sym

import (
	"math"
	"math/bits"
)

// The fast path of Divides, Equal and Compare: both operands monomials over
// symbols whose images are monomials over positive unknowns, in a context
// without kept facts (so every point of the box of the unknowns is
// allowed). Everything lives on the stack and numbers are int64 fractions
// with overflow checks: no allocation (unless a certificate is recorded),
// and any overflow sends the question to the general path. The proofs it
// finds are the ones the general path's shift argument finds for the same
// operands, and its witnesses are recorded on demand (fastRec) for the
// certificates.

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
	neg := (a < 0) != (b < 0)
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
	g1, g2 := int64(gcd64(abs64(a.n), uint64(b.d))), int64(gcd64(abs64(b.n), uint64(a.d)))
	if g1 == 0 {
		g1 = 1
	}
	if g2 == 0 {
		g2 = 1
	}
	n, ok1 = mul64(a.n/g1, b.n/g2)
	d, ok2 = mul64(a.d/g2, b.d/g1)
	return frac{n, d}, ok1 && ok2
}

func (a frac) reduce() frac {
	g := int64(gcd64(abs64(a.n), uint64(a.d)))
	if g <= 1 {
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

// powFrac returns x^e for an integer x > 0 and any e (|e| <= maxExp).
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
		return frac{1, r.n}, true
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
	for i := 0; i < m.n; i++ {
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
	for i := 0; i < m.n; i++ {
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
		s, elim := c.monoSub[f.v]
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
}

// collect adds the unknowns of m; ok is false when one may be 0 or less.
func (fv *fastVars) collect(c *Ctx, m *fastMono) bool {
	for i := 0; i < m.n; i++ {
		if m.e[i] == 0 {
			continue
		}
		v := m.v[i]
		dup := false
		for j := 0; j < fv.n; j++ {
			if fv.v[j] == v {
				dup = true
				break
			}
		}
		if dup {
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

// evalAt evaluates m at the point (values indexed like fv).
func (m *fastMono) evalAt(fv *fastVars, pt *[2 * maxFast]int64) (frac, bool) {
	r := m.c
	for i := 0; i < m.n; i++ {
		if m.e[i] == 0 {
			continue
		}
		x := int64(0)
		for j := 0; j < fv.n; j++ {
			if fv.v[j] == m.v[i] {
				x = pt[j]
				break
			}
		}
		p, ok := powFrac(x, m.e[i])
		if !ok {
			return frac{}, false
		}
		if r, ok = r.mul(p); !ok {
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
	for i := 0; i < fv.n; i++ {
		m[fv.v[i]] = pt[i]
	}
	r.point[k] = m
}

var fastOffsets = [...]int64{1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 15, 16, 22, 30, 36, 42, 60, 1000002}

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
	for i := 0; i < fv.n && integral; i++ {
		if B.exp(fv.v[i])-A.exp(fv.v[i]) < 0 {
			integral = false
		}
	}
	if integral {
		return True, true
	}
	if !c.box {
		return Unknown, false
	}
	var pt [2 * maxFast]int64
	try := func() bool {
		av, ok := A.evalAt(&fv, &pt)
		if !ok || !av.isInt() || av.n == 0 {
			return false
		}
		bv, ok := B.evalAt(&fv, &pt)
		if !ok || !bv.isInt() {
			return false
		}
		if (bv.n/bv.d)%(av.n/av.d) == 0 {
			return false
		}
		if !c.fastImagesFit(&fv, &pt) {
			return false
		}
		rec.set(0, &fv, &pt)
		return true
	}
	if fastSearch(&fv, &pt, try) {
		return False, true
	}
	return Unknown, false
}

// fastSearch tries the lower corner of the box, then each unknown moved up
// by each offset, then all unknowns moved up together.
func fastSearch(fv *fastVars, pt *[2 * maxFast]int64, try func() bool) bool {
	reset := func() {
		for i := 0; i < fv.n; i++ {
			pt[i] = fv.lo[i]
		}
	}
	reset()
	if try() {
		return true
	}
	for i := 0; i < fv.n; i++ {
		for _, off := range fastOffsets {
			x := fv.lo[i] + off
			if x < fv.lo[i] || (fv.hasHi[i] && x > fv.hi[i]) {
				break
			}
			pt[i] = x
			if try() {
				return true
			}
		}
		pt[i] = fv.lo[i]
	}
	for _, off := range fastOffsets {
		ok := true
		for i := 0; i < fv.n; i++ {
			x := fv.lo[i] + off
			if x < fv.lo[i] || (fv.hasHi[i] && x > fv.hi[i]) {
				ok = false
				break
			}
			pt[i] = x
		}
		if ok && try() {
			return true
		}
		reset()
	}
	return false
}

// partAt evaluates prod pt[i]^e[i].
func partAt(fv *fastVars, pt *[2 * maxFast]int64, e *[2 * maxFast]int64) (frac, bool) {
	r := frac{1, 1}
	for i := 0; i < fv.n; i++ {
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
	for i := 0; i < st.fv.n; i++ {
		if st.fv.hasHi[i] {
			return 0, 0, false
		}
	}
	A, B, fv := &st.A, &st.B, &st.fv
	xe, ye, xEmpty, yEmpty, ca, cb := &st.xe, &st.ye, st.xEmpty, st.yEmpty, st.ca, st.cb
	var pt [2 * maxFast]int64
	// witnesses
	check := func(k int) bool {
		av, ok := A.evalAt(fv, &pt)
		if !ok || !av.isInt() {
			return false
		}
		bv, ok := B.evalAt(fv, &pt)
		if !ok || !bv.isInt() {
			return false
		}
		if bv.cmp(av)+1 != 2-k { // k: 0 Less (b>a), 1 Same, 2 Greater
			return false
		}
		if !c.fastImagesFit(fv, &pt) {
			return false
		}
		rec.set(k, fv, &pt)
		return true
	}
	reset := func() {
		for i := 0; i < fv.n; i++ {
			pt[i] = fv.lo[i]
		}
	}
	for k, rel := range [3]Order{Less, Same, Greater} {
		if possible&rel == 0 {
			continue
		}
		reset()
		if check(k) {
			witnessed |= rel
			continue
		}
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
			for step := 0; step < 62; step++ {
				if pt[i] > math.MaxInt64/2 {
					break
				}
				pt[i] *= 2
				if check(k) {
					witnessed |= rel
					break
				}
			}
		case Same:
			// solve for one unknown that occurs once, with exponent 1:
			// cs*v*rs == co*ro
			for i := 0; i < fv.n; i++ {
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
				rs, ok1 := partAt(fv, &pt, side)
				ro, ok2 := partAt(fv, &pt, other)
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
				x := v.n / v.d
				if x < fv.lo[i] {
					continue
				}
				pt[i] = x
				if check(k) {
					witnessed |= rel
					break
				}
			}
		}
	}
	return possible, witnessed, true
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
	for i := 0; i < fv.n; i++ {
		ea, eb := A.exp(fv.v[i]), B.exp(fv.v[i])
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
	for i := 0; i < fv.n; i++ {
		pt[i] = fv.lo[i]
	}
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

// fastImagesFit reports whether the point (the unknowns of fv at pt, the
// others at their lower bounds) gives every eliminated symbol a value that
// a Binding can hold (a positive int64), so that a witness found there has
// a certificate. An image that is not a monomial over the point's unknowns
// is not evaluated: then the point is refused. It allocates nothing.
func (c *Ctx) fastImagesFit(fv *fastVars, pt *[2 * maxFast]int64) bool {
	if c.corner == nil {
		// the lower corner is no binding (a value beyond int64): an image
		// that is not evaluated here may not fit either
		return false
	}
	for v, img := range c.sub {
		if v.kind != kSym {
			continue
		}
		s := c.monoSub[v]
		if !s.ok {
			for i := 0; i < fv.n; i++ {
				if pt[i] != fv.lo[i] && hasVarDeep(img, fv.v[i]) {
					return false
				}
			}
			continue
		}
		r, ok := fracOf(s.t.c)
		if !ok {
			return false
		}
		for _, f := range s.t.m {
			x, found := int64(0), false
			for j := 0; j < fv.n; j++ {
				if fv.v[j] == f.v {
					x, found = pt[j], true
					break
				}
			}
			if !found {
				x = c.bounds(f.v).lo
			}
			p, ok := powFrac(x, int64(f.e))
			if !ok {
				return false
			}
			if r, ok = r.mul(p); !ok {
				return false
			}
		}
		if !r.isInt() || r.sign() <= 0 {
			return false
		}
	}
	return true
}

// ---- certificates of the fast path's answers, built from its own data

// fastMonoPoly builds c * prod fv.v[i]^e[i].
func fastMonoPoly(c frac, fv *fastVars, e *[2 * maxFast]int64) *poly {
	if c.n == 0 {
		return zeroPoly
	}
	m := make(mono, 0, fv.n)
	for i := 0; i < fv.n; i++ {
		if e[i] != 0 {
			m = append(m, factor{fv.v[i], int32(e[i])})
		}
	}
	for i := 1; i < len(m); i++ {
		for j := i; j > 0 && cmpVar(m[j].v, m[j-1].v) < 0; j-- {
			m[j], m[j-1] = m[j-1], m[j]
		}
	}
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
	for i := 0; i < fv.n; i++ {
		if e[i] = B.exp(fv.v[i]) - A.exp(fv.v[i]); e[i] < 0 {
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
	for i := 0; i < fv.n; i++ {
		e[i] = max(0, -A.exp(fv.v[i]), -B.exp(fv.v[i]))
		if e[i] != 0 {
			any = true
		}
	}
	if !any {
		return nil, true
	}
	return fastMonoPoly(frac{1, 1}, &fv, &e), true
}
