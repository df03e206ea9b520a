package sym

import (
	"cmp"
	"errors"
	"slices"
)

// Expr is a symbolic integer in canonical form. The interface is sealed: the
// only implementation is this package's, and every Expr it returns is
// canonical, so two Exprs denote the same polynomial exactly when Equal
// reports true (see the package documentation for what the canonical form
// covers). Exprs are immutable and safe for concurrent use.
//
// A nil Expr is read as 0. An Expr may be invalid (Err returns non-nil):
// division by zero, or a value too large to represent. Operations on
// invalid values produce invalid values.
type Expr interface {
	// String returns the canonical text in the notation of CuTe's print
	// syntax (see the package documentation); Parse(e.String()) gives back
	// e (for text within the notation's size limits; beyond them Parse
	// fails). An invalid Expr prints as "invalid(<error>)", which does not
	// parse.
	String() string
	// Err returns nil for a valid Expr and the reason otherwise.
	Err() error
	canon() *poly
}

// factor is v^e with e != 0.
type factor struct {
	v *variable
	e int32
}

// mono is a monomial: factors sorted by cmpVar, no variable twice, no zero
// exponent. The empty mono is the constant monomial 1.
type mono []factor

// term is c*m with c != 0.
type term struct {
	c rat
	m mono
}

// poly is the canonical form: a sum of terms with distinct monomials sorted
// by cmpMono, no zero coefficient, and the mod invariant (no monomial holds
// more than one mod atom counting multiplicity, nor one with a negative
// exponent). The zero polynomial has no terms. When err is not nil the
// value is invalid and t is empty.
type poly struct {
	t   []term
	err error
}

func (p *poly) canon() *poly { return p }

// Err returns the reason the value is invalid, or nil.
func (p *poly) Err() error { return p.err }

var zeroPoly = &poly{}

// pl returns the canonical polynomial of e (0 for nil).
func pl(e Expr) *poly {
	if e == nil {
		return zeroPoly
	}
	p := e.canon()
	if p == nil {
		return zeroPoly
	}
	return p
}

// Limits that keep every operation bounded. Exceeding one gives an invalid
// value (ErrTooLarge), never a crash.
const (
	// MaxTerms is the largest number of terms a polynomial may have.
	MaxTerms = 1 << 14
	// maxExp bounds the absolute value of an exponent.
	maxExp = 1 << 20
	// maxPow bounds the exponent to which a polynomial of several terms
	// is raised during substitution.
	maxPow = 64
)

// ErrTooLarge is the error of a value that exceeds MaxTerms, an exponent
// beyond 2^20, or a power of a sum beyond 64.
var ErrTooLarge = errors.New("sym: expression too large")

// ErrDivByZero is the error of a division or modulo by the constant zero.
var ErrDivByZero = errors.New("sym: division by zero")

// errNegPowSum: a sum of several terms has no polynomial inverse.
var errNegPowSum = errors.New("sym: negative power of a sum")

func invalid(err error) *poly { return &poly{err: err} }

// firstErr returns the first invalid operand's error.
func firstErr(ps ...*poly) error {
	for _, p := range ps {
		if p.err != nil {
			return p.err
		}
	}
	return nil
}

// ---- monomials

func (m mono) degree() int64 {
	var d int64
	for _, f := range m {
		d += int64(f.e)
	}
	return d
}

// cmpMono is the order of terms in a sum: higher total degree first; among
// equal degrees, the constant monomial last, then lexicographically by
// factor (smaller variable first, higher exponent first).
func cmpMono(a, b mono) int {
	if c := cmp.Compare(b.degree(), a.degree()); c != 0 {
		return c // the higher degree first
	}
	if len(a) == 0 || len(b) == 0 {
		switch {
		case len(a) == len(b):
			return 0
		case len(a) == 0:
			return 1
		}
		return -1
	}
	for i := 0; i < len(a) && i < len(b); i++ {
		if c := cmpVar(a[i].v, b[i].v); c != 0 {
			return c
		}
		if c := cmp.Compare(b[i].e, a[i].e); c != 0 {
			return c // the higher exponent first
		}
	}
	switch {
	case len(a) == len(b):
		return 0
	case len(a) < len(b):
		return -1
	}
	return 1
}

func monoEq(a, b mono) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// monoMul multiplies monomials; ok is false when an exponent leaves the
// allowed range.
func monoMul(a, b mono) (mono, bool) {
	if len(a) == 0 {
		return b, true
	}
	if len(b) == 0 {
		return a, true
	}
	out := make(mono, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		c := cmpVar(a[i].v, b[j].v)
		switch {
		case c < 0:
			out = append(out, a[i])
			i++
		case c > 0:
			out = append(out, b[j])
			j++
		default:
			e := int64(a[i].e) + int64(b[j].e)
			if e > maxExp || e < -maxExp {
				return nil, false
			}
			if e != 0 {
				out = append(out, factor{a[i].v, int32(e)})
			}
			i++
			j++
		}
	}
	out = append(out, a[i:]...)
	out = append(out, b[j:]...)
	return out, true
}

// without returns a new monomial: m less its factor k.
func (m mono) without(k int) mono { return slices.Delete(slices.Clone(m), k, k+1) }

func monoInv(a mono) mono {
	out := make(mono, len(a))
	for i, f := range a {
		out[i] = factor{f.v, -f.e}
	}
	return out
}

// monoQuo returns b/a when it is a polynomial monomial (every exponent
// non-negative); ok false (and no quotient) otherwise.
func monoQuo(b, a mono) (mono, bool) {
	if !monoDivides(b, a) {
		return nil, false
	}
	return monoMul(b, monoInv(a))
}

// monoDivides reports whether b/a is a polynomial monomial within the
// exponent range (monoQuo's ok), without building it.
func monoDivides(b, a mono) bool {
	i, j := 0, 0
	for i < len(b) || j < len(a) {
		var c int
		switch {
		case i == len(b):
			c = 1
		case j == len(a):
			c = -1
		default:
			c = cmpVar(b[i].v, a[j].v)
		}
		switch {
		case c < 0: // in b only
			if b[i].e < 0 {
				return false
			}
			i++
		case c > 0: // in a only: exponent -e, within ±maxExp as e is
			if a[j].e > 0 {
				return false
			}
			j++
		default:
			e := int64(b[i].e) - int64(a[j].e)
			if e < 0 || e > maxExp {
				return false
			}
			i++
			j++
		}
	}
	return true
}

// polynomial reports whether every exponent is non-negative.
func (m mono) polynomial() bool {
	for _, f := range m {
		if f.e < 0 {
			return false
		}
	}
	return true
}

func (m mono) has(v *variable) bool {
	for _, f := range m {
		if f.v == v {
			return true
		}
	}
	return false
}

// modCount counts the mod atoms of m with multiplicity; neg reports a mod
// atom with a negative exponent.
func (m mono) modCount() (n int, neg bool) {
	for _, f := range m {
		if f.v.kind == kAtom && f.v.op == opMod {
			if f.e < 0 {
				neg = true
			} else {
				n += int(f.e)
			}
		}
	}
	return n, neg
}

// ---- building polynomials

// normalize sorts terms, merges equal monomials, drops zero coefficients
// and restores the mod invariant. It takes ownership of ts.
func normalize(ts []term) *poly {
	slices.SortStableFunc(ts, func(x, y term) int { return cmpMono(x.m, y.m) })
	out := ts[:0]
	for _, t := range ts {
		if n := len(out); n > 0 && monoEq(out[n-1].m, t.m) {
			out[n-1].c = out[n-1].c.add(t.c)
			continue
		}
		out = append(out, t)
	}
	ts = out
	out = ts[:0]
	bad, grp := false, false
	for _, t := range ts {
		if t.c.isZero() {
			continue
		}
		if n, neg := t.m.modCount(); n > 1 || neg {
			bad = true
		}
		if !grp && t.m.hasGroup() {
			grp = true
		}
		out = append(out, t)
	}
	if len(out) > MaxTerms {
		return invalid(ErrTooLarge)
	}
	p := &poly{t: out}
	if bad {
		return fixMods(p)
	}
	if grp {
		return fixGroups(p)
	}
	return p
}

// hasGroup reports whether m holds a group atom (see groupVar).
func (m mono) hasGroup() bool {
	for _, f := range m {
		if isGroup(f.v) {
			return true
		}
	}
	return false
}

// fixGroups restores the group invariant: a group atom with a positive
// exponent is replaced by its argument (grp(y)^k = y^k), and the terms
// over the same group part whose numerator the group's argument divides as
// a polynomial are divided (M*N/grp(N+1) + M/grp(N+1) is M), so that
// (M/(N+1))*(N+1) is M.
func fixGroups(p *poly) *poly {
	var keep []term
	acc := zeroPoly
	expanded := false
	for _, t := range p.t {
		k := -1
		for i, f := range t.m {
			if f.e > 0 && isGroup(f.v) {
				k = i
				break
			}
		}
		if k < 0 {
			keep = append(keep, t)
			continue
		}
		expanded = true
		f := t.m[k]
		acc = addPoly(acc, mulPoly(&poly{t: []term{{t.c, t.m.without(k)}}}, powPoly(f.v.x, int(f.e))))
		if acc.err != nil {
			return acc
		}
	}
	if expanded {
		return addPoly(&poly{t: keep}, acc)
	}
	return reduceGroups(p)
}

// reduceGroups reduces the numerator of each group part (the terms over
// the same product of group atoms) by a group's argument y: the numerator
// P, a polynomial, is Q*y + R with no term of R divisible by y's leading
// monomial (the division algorithm, run to the end: the remainder is
// unique, as {y} is a Gröbner basis of the ideal y generates), and
// P/y^k = Q/y^(k-1) + R/y^k. So the form of a value over one group atom is
// unique: M*N/(N+1) + M/(N+1) is M, and M*N/(N+1) is M - M/(N+1) however
// it was built. A part is keyed by its group atoms and by every other
// factor with a negative exponent (M/K/(N+1) is the numerator M over
// K*(N+1)), so that the order of the divisions that built a value does not
// change its form. p has no group atom with a positive exponent.
func reduceGroups(p *poly) *poly {
	type part struct {
		key mono
		idx []int
	}
	var parts []part
	for i, t := range p.t {
		// the key: the group atoms and every other factor with a negative
		// exponent (M/K/(N+1) is M over K*(N+1)), so that the numerator
		// reduced is the polynomial part, however the value was built
		var key mono
		group := false
		for _, f := range t.m {
			if isGroup(f.v) {
				group = true
			}
			if isGroup(f.v) || f.e < 0 {
				key = append(key, f)
			}
		}
		if !group {
			continue
		}
		found := false
		for j := range parts {
			if monoEq(parts[j].key, key) {
				parts[j].idx = append(parts[j].idx, i)
				found = true
				break
			}
		}
		if !found {
			parts = append(parts, part{key, []int{i}})
		}
	}
	for _, g := range parts {
		// the numerator: the factors outside the key (a polynomial)
		var ns []term
		for _, i := range g.idx {
			t := p.t[i]
			rest := make(mono, 0, len(t.m))
			for _, f := range t.m {
				if !isGroup(f.v) && f.e > 0 {
					rest = append(rest, f)
				}
			}
			ns = append(ns, term{t.c, rest})
		}
		num := normalize(ns)
		for k, f := range g.key {
			if !isGroup(f.v) {
				continue
			}
			q, r, ok := reduceBy(num, f.v.x)
			if !ok || q.isZero() {
				continue
			}
			key := append(mono(nil), g.key...)
			if f.e+1 == 0 {
				key = append(key[:k], key[k+1:]...)
			} else {
				key[k].e++
			}
			others := make([]term, 0, len(p.t))
			for i, t := range p.t {
				if !containsInt(g.idx, i) {
					others = append(others, t)
				}
			}
			res := addPoly(&poly{t: others}, mulPoly(q, &poly{t: []term{{ratOne, key}}}))
			return addPoly(res, mulPoly(r, &poly{t: []term{{ratOne, g.key}}}))
		}
	}
	return p
}

// reduceBy divides the polynomial x by y (several terms, no negative
// exponent, no mod atom) with remainder: x = q*y + r, no term of r
// divisible by the leading monomial of y. ok is false when y does not
// qualify or the division takes too many steps.
func reduceBy(x, y *poly) (q, r *poly, ok bool) {
	if x.err != nil || y.err != nil || len(y.t) < 2 {
		return nil, nil, false
	}
	for _, t := range y.t {
		if n, _ := t.m.modCount(); n > 0 || !t.m.polynomial() {
			return nil, nil, false
		}
	}
	lead := y.t[0]
	q = zeroPoly
	var rs []term
	for steps := 0; !x.isZero(); steps++ {
		if steps > 4*MaxTerms || x.err != nil {
			return nil, nil, false
		}
		t0 := x.t[0]
		m, div := monoQuo(t0.m, lead.m)
		if !div {
			rs = append(rs, t0)
			x = &poly{t: x.t[1:]}
			continue
		}
		t := &poly{t: []term{{t0.c.quo(lead.c), m}}}
		q = addPoly(q, t)
		x = subPoly(x, mulPoly(t, y))
	}
	r = normalize(rs)
	return q, r, q.err == nil && r.err == nil
}

func containsInt(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// fixMods expands mod atoms (x%y = x - y*floor_div(x,y)) in every monomial
// that breaks the mod invariant, one at a time, the greatest mod atom of the
// monomial first, so that the result is again canonical.
func fixMods(p *poly) *poly {
	acc := zeroPoly
	var keep []term
	var items []divItem
	for _, t := range p.t {
		n, neg := t.m.modCount()
		if n <= 1 && !neg {
			keep = append(keep, t)
			continue
		}
		// the greatest mod atom of the monomial (it has one: n > 1 or neg)
		k := len(t.m) - 1
		for t.m[k].v.kind != kAtom || t.m[k].v.op != opMod {
			k--
		}
		f, rest := t.m[k], t.m.without(k)
		exp := expandMod(f.v)
		var r *poly
		if f.e > 0 {
			// c * rest * v^(e-1) * (x - y*floor_div(x,y))
			if f.e > 1 {
				m2, _ := monoMul(rest, mono{{f.v, f.e - 1}})
				rest = m2
			}
			r = mulPoly(&poly{t: []term{{t.c, rest}}}, exp)
		} else {
			// division by a mod atom: c*rest / (x - y*floor_div(x,y))^(-e)
			// (one division over all such terms: see combineDivs)
			den := powPoly(exp, int(-f.e))
			if den.err != nil {
				return den
			}
			items = append(items, divItem{normalize([]term{{t.c, rest}}), den})
			continue
		}
		acc = addPoly(acc, r)
		if acc.err != nil {
			return acc
		}
	}
	if len(keep) == len(p.t) {
		return p
	}
	r, _ := combineDivs(addPoly(&poly{t: keep}, acc), items)
	return r
}

// expandMod returns x - y*floor_div(x,y) for the mod atom v = x%y.
func expandMod(v *variable) *poly {
	return subPoly(v.x, mulPoly(v.y, floorDivPoly(v.x, v.y)))
}

func constPoly(c rat) *poly {
	if c.isZero() {
		return zeroPoly
	}
	// (a big rat has d == 0; the conversion wraps n < -1 past the table)
	if i := uint64(c.n + 1); c.d == 1 && i < uint64(len(smallPolys)) {
		return smallPolys[i] // polynomials are never modified: shared
	}
	return &poly{t: []term{{c: c}}}
}

// smallPolys are the constant polynomials -1..64 (0 is zeroPoly).
var smallPolys = func() [66]*poly {
	var a [66]*poly
	for i := range a {
		if i != 1 {
			a[i] = &poly{t: []term{{c: ratInt(int64(i - 1))}}}
		}
	}
	a[1] = zeroPoly
	return a
}()

// varPoly returns the polynomial v, made once when v was interned (every
// variable is: see intern).
func varPoly(v *variable) *poly { return v.poly }

func addPoly(a, b *poly) *poly { return addSigned(a, b, false) }

// addSigned returns a+b, or a-b when neg (without building -b).
func addSigned(a, b *poly, neg bool) *poly {
	if err := firstErr(a, b); err != nil {
		return invalid(err)
	}
	if len(b.t) == 0 {
		return a
	}
	if len(a.t) == 0 {
		if neg {
			return negPoly(b)
		}
		return b
	}
	p := polyWithRoom(len(a.t) + len(b.t))
	out := p.t
	i, j := 0, 0
	bt := func(j int) term {
		if neg {
			return term{b.t[j].c.neg(), b.t[j].m}
		}
		return b.t[j]
	}
	for i < len(a.t) && j < len(b.t) {
		c := cmpMono(a.t[i].m, b.t[j].m)
		switch {
		case c < 0:
			out = append(out, a.t[i])
			i++
		case c > 0:
			out = append(out, bt(j))
			j++
		default:
			if s := a.t[i].c.add(bt(j).c); !s.isZero() {
				out = append(out, term{s, a.t[i].m})
			}
			i++
			j++
		}
	}
	out = append(out, a.t[i:]...)
	for ; j < len(b.t); j++ {
		out = append(out, bt(j))
	}
	if len(out) > MaxTerms {
		return invalid(ErrTooLarge)
	}
	p.t = out
	// a result over a group atom is reduced again, one term too: a term
	// of a part whose reduction failed (a quotient past MaxTerms or
	// maxExp) may reduce on its own once the others are gone
	for _, t := range out {
		if t.m.hasGroup() {
			return reduceGroups(p)
		}
	}
	return p
}

// polyWithRoom returns an empty polynomial with room for n terms, made
// in one allocation (the polynomial and its terms) where n is small: sums
// and differences of a few terms are most of the arithmetic.
func polyWithRoom(n int) *poly {
	switch {
	case n <= 2:
		x := new(struct {
			p poly
			t [2]term
		})
		x.p.t = x.t[:0]
		return &x.p
	case n <= 4:
		x := new(struct {
			p poly
			t [4]term
		})
		x.p.t = x.t[:0]
		return &x.p
	}
	return &poly{t: make([]term, 0, n)}
}

func negPoly(a *poly) *poly {
	if a.err != nil {
		return a
	}
	out := make([]term, len(a.t))
	for i, t := range a.t {
		out[i] = term{t.c.neg(), t.m}
	}
	return &poly{t: out}
}

func subPoly(a, b *poly) *poly { return addSigned(a, b, true) }

func scalePoly(a *poly, c rat) *poly {
	if a.err != nil {
		return a
	}
	if c.isZero() {
		return zeroPoly
	}
	if c.isOne() {
		return a
	}
	out := make([]term, len(a.t))
	for i, t := range a.t {
		out[i] = term{t.c.mul(c), t.m}
	}
	return &poly{t: out}
}

// mulPoly returns a*b. More than 4*MaxTerms products of terms is
// ErrTooLarge even where fewer terms remain once equal monomials merge (the
// work bound); a product of more than MaxTerms terms is ErrTooLarge.
func mulPoly(a, b *poly) *poly {
	if err := firstErr(a, b); err != nil {
		return invalid(err)
	}
	if len(a.t) == 0 || len(b.t) == 0 {
		return zeroPoly
	}
	if len(a.t)*len(b.t) > 4*MaxTerms {
		return invalid(ErrTooLarge)
	}
	if len(a.t) == 1 && len(a.t[0].m) == 0 {
		return scalePoly(b, a.t[0].c)
	}
	if len(b.t) == 1 && len(b.t[0].m) == 0 {
		return scalePoly(a, b.t[0].c)
	}
	ts := make([]term, 0, len(a.t)*len(b.t))
	for _, x := range a.t {
		for _, y := range b.t {
			m, ok := monoMul(x.m, y.m)
			if !ok {
				return invalid(ErrTooLarge)
			}
			ts = append(ts, term{x.c.mul(y.c), m})
		}
	}
	return normalize(ts)
}

// powPoly returns a^e; a negative e only for a single term (a sum has no
// polynomial inverse: an error).
func powPoly(a *poly, e int) *poly {
	if a.err != nil {
		return a
	}
	if e == 0 {
		return constPoly(ratOne)
	}
	if e == 1 {
		return a // canonical already
	}
	if len(a.t) == 1 {
		t := a.t[0]
		c, base, n := ratOne, t.c, e
		if e < 0 {
			base, n = t.c.inv(), -e // t.c is not 0 (canonical terms)
		}
		for i := 0; i < n; i++ {
			c = c.mul(base)
		}
		m := make(mono, len(t.m))
		for i, f := range t.m {
			x := int64(f.e) * int64(e)
			if x > maxExp || x < -maxExp {
				return invalid(ErrTooLarge)
			}
			m[i] = factor{f.v, int32(x)}
		}
		return normalize([]term{{c, m}})
	}
	if e < 0 {
		return invalid(errNegPowSum)
	}
	if e > maxPow {
		return invalid(ErrTooLarge)
	}
	r := a
	for i := 1; i < e; i++ {
		r = mulPoly(r, a)
		if r.err != nil {
			return r
		}
	}
	return r
}

// ---- inspection helpers

func (p *poly) isZero() bool { return p.err == nil && len(p.t) == 0 }

// constant returns the value of a constant polynomial.
func (p *poly) constant() (rat, bool) {
	if p.err != nil {
		return rat{}, false
	}
	switch len(p.t) {
	case 0:
		return ratZero, true
	case 1:
		if len(p.t[0].m) == 0 {
			return p.t[0].c, true
		}
	}
	return rat{}, false
}

// monomial returns the single term of a one-term polynomial.
func (p *poly) monomial() (term, bool) {
	if p.err != nil || len(p.t) != 1 {
		return term{}, false
	}
	return p.t[0], true
}

func polyEq(a, b *poly) bool {
	if a.err != nil || b.err != nil {
		return false
	}
	if a == b {
		return true
	}
	if len(a.t) != len(b.t) {
		return false
	}
	for i := range a.t {
		if !a.t[i].c.eq(b.t[i].c) || !monoEq(a.t[i].m, b.t[i].m) {
			return false
		}
	}
	return true
}

// vars calls f for every variable of p, atoms included (not their
// arguments), once per occurrence.
func (p *poly) eachVar(f func(v *variable)) {
	for _, t := range p.t {
		for _, x := range t.m {
			f(x.v)
		}
	}
}

func (p *poly) hasVar(v *variable) bool {
	for _, t := range p.t {
		if t.m.has(v) {
			return true
		}
	}
	return false
}

// hasAtoms reports whether p mentions an atom.
func (p *poly) hasAtoms() bool {
	for _, t := range p.t {
		for _, f := range t.m {
			if f.v.kind == kAtom {
				return true
			}
		}
	}
	return false
}

// integral reports whether every coefficient is an integer, every exponent
// non-negative and every atom integer-valued: such a polynomial is an
// integer at every binding where it is defined (its variables are
// integers).
func (p *poly) integral() bool {
	for _, t := range p.t {
		if !t.c.isInt() || !t.m.intValued() {
			return false
		}
	}
	return true
}

// intValued reports whether m is an integer wherever its variables are
// defined: no negative exponent, and every atom integer-valued.
func (m mono) intValued() bool {
	for _, f := range m {
		if f.e < 0 || (f.v.kind == kAtom && !atomIntegral(f.v)) {
			return false
		}
	}
	return true
}

// atomIntegral reports whether an atom is always an integer: floor_div and
// ceil_div are; mod, min and max are when their arguments are.
func atomIntegral(v *variable) bool {
	switch v.op {
	case opFloorDiv, opCeilDiv:
		return true
	}
	return v.x.integral() && v.y.integral()
}

// CoefficientsFit reports whether every coefficient of e's terms is an
// int64 (a rational with int64 numerator and denominator). A coefficient
// beyond int64 makes every value of e overflow CuTe's integers wherever
// its monomial is not 0, so a caller reports such a value as an overflow
// error (DESIGN 3.4) rather than print it.
func CoefficientsFit(e Expr) bool {
	p := pl(e)
	if p.err != nil {
		return true // an invalid expression has its own error
	}
	for _, t := range p.t {
		if t.c.b != nil {
			return false
		}
	}
	return true
}
