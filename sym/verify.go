package sym

import (
	"cmp"
	"container/heap"
	"errors"
	"fmt"
	"maps"
	"math/big"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// Verify re-checks a certificate and returns nil when it is valid. It
// trusts nothing from the deciding code: it has its own polynomial
// arithmetic (math/big, no canonical forms shared with the engine), replays
// the compilation steps of the assumptions checking each against the
// assumption that justifies it, recomputes every image, shift and product,
// and evaluates witnesses directly. It reads the certificate's expressions
// only as data (their terms and variables). It fails closed: a step or a
// form it does not recognize is an error.
func Verify(c *Certificate) error {
	if c == nil {
		return errors.New("sym: verify: nil certificate")
	}
	v := newVerifier()
	if !c.Universal {
		return v.witness(c)
	}
	if err := v.replay(c); err != nil {
		return fmt.Errorf("sym: verify %s: %w", c.Claim, err)
	}
	if err := v.proof(c); err != nil {
		return fmt.Errorf("sym: verify %s: %w", c.Claim, err)
	}
	return nil
}

func newVerifier() *verifier {
	return &verifier{atoms: map[string]*vatom{}, theta: map[string]vpoly{}, bnd: map[string]vbound{}}
}

// ---- the verifier's own polynomials

type vf struct {
	v string
	e int64
}

type vterm struct {
	c *big.Rat
	m []vf // sorted by name, no zero exponent
}

// vpoly maps a monomial key to its term; no zero coefficient.
type vpoly map[string]vterm

type vatom struct {
	op   string
	x, y vpoly
}

type vbound struct {
	lo, hi int64
	hasHi  bool
}

type verifier struct {
	atoms map[string]*vatom
	theta map[string]vpoly  // eliminated variable -> value over current unknowns
	bnd   map[string]vbound // every variable met (current or eliminated)
	elim  map[string]bool
	known map[string]bool  // unknowns introduced by steps
	intro map[string]int64 // their lower bounds at introduction (0 or 1)
	// min and max atoms replaced by an operand (Certificate.Resolved)
	resolved map[string]vpoly
	conds    []Cond
}

// monoKey is the key of a monomial: each factor as name^exponent followed
// by a NUL; "" for the constant monomial.
func monoKey(m []vf) string {
	var b strings.Builder
	for _, f := range m {
		b.WriteString(f.v)
		b.WriteByte('^')
		b.WriteString(strconv.FormatInt(f.e, 10))
		b.WriteByte('\x00')
	}
	return b.String()
}

func polyKey(p vpoly) string {
	keys := make([]string, 0, len(p))
	for k, t := range p {
		keys = append(keys, k+"\x02"+t.c.RatString())
	}
	sort.Strings(keys)
	return strings.Join(keys, "\x01")
}

func vconst(c *big.Rat) vpoly {
	if c.Sign() == 0 {
		return vpoly{}
	}
	return vpoly{"": {c: c}}
}

func vvar(name string) vpoly {
	m := []vf{{name, 1}}
	return vpoly{monoKey(m): {c: big.NewRat(1, 1), m: m}}
}

func (p vpoly) addTerm(t vterm) {
	k := monoKey(t.m)
	if old, ok := p[k]; ok {
		s := new(big.Rat).Add(old.c, t.c)
		if s.Sign() == 0 {
			delete(p, k)
		} else {
			p[k] = vterm{s, old.m}
		}
		return
	}
	if t.c.Sign() != 0 {
		p[k] = t
	}
}

func vadd(a, b vpoly) vpoly {
	r := make(vpoly, len(a)+len(b))
	r.addAll(a)
	r.addAll(b)
	return r
}

// addAll adds q to p in place: the sum vadd makes, without a copy of p
// (which must be the caller's own map), so that a sum accumulated term by
// term costs its terms, not their square.
func (p vpoly) addAll(q vpoly) {
	for _, t := range q {
		p.addTerm(t)
	}
}

func vscale(a vpoly, c *big.Rat) vpoly {
	r := make(vpoly, len(a))
	for _, t := range a {
		r.addTerm(vterm{new(big.Rat).Mul(t.c, c), t.m})
	}
	return r
}

func vsub(a, b vpoly) vpoly { return vadd(a, vscale(b, big.NewRat(-1, 1))) }

func vmulMono(a, b []vf) []vf {
	out := make([]vf, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i].v < b[j].v:
			out = append(out, a[i])
			i++
		case a[i].v > b[j].v:
			out = append(out, b[j])
			j++
		default:
			if e := a[i].e + b[j].e; e != 0 {
				out = append(out, vf{a[i].v, e})
			}
			i++
			j++
		}
	}
	out = append(out, a[i:]...)
	return append(out, b[j:]...)
}

const vmaxTerms = 1 << 15

var errVTooLarge = errors.New("polynomial too large to check")

func vmul(a, b vpoly) (vpoly, error) {
	if len(a)*len(b) > vmaxTerms {
		return nil, errVTooLarge
	}
	r := make(vpoly, len(a)*len(b))
	for _, x := range a {
		for _, y := range b {
			r.addTerm(vterm{new(big.Rat).Mul(x.c, y.c), vmulMono(x.m, y.m)})
		}
	}
	return r, nil
}

func vpow(a vpoly, e int64) (vpoly, error) {
	if e < 0 {
		t, ok := a.single()
		if !ok || t.c.Sign() == 0 {
			return nil, errors.New("negative power of a sum")
		}
		inv := make([]vf, len(t.m))
		for i, f := range t.m {
			inv[i] = vf{f.v, -f.e}
		}
		a = vpoly{monoKey(inv): {new(big.Rat).Inv(t.c), inv}}
		e = -e
	}
	if len(a) > 1 && e > 64 {
		return nil, errVTooLarge
	}
	if t, ok := a.single(); ok {
		m := make([]vf, len(t.m))
		for i, f := range t.m {
			m[i] = vf{f.v, f.e * e}
		}
		c := new(big.Rat).SetInt(new(big.Int).Exp(t.c.Num(), big.NewInt(e), nil))
		c.Quo(c, new(big.Rat).SetInt(new(big.Int).Exp(t.c.Denom(), big.NewInt(e), nil)))
		return vpoly{monoKey(m): {c, m}}, nil
	}
	r := vconst(big.NewRat(1, 1))
	for i := int64(0); i < e; i++ {
		var err error
		if r, err = vmul(r, a); err != nil {
			return nil, err
		}
	}
	return r, nil
}

func (p vpoly) single() (vterm, bool) {
	if len(p) != 1 {
		return vterm{}, false
	}
	for _, t := range p {
		return t, true
	}
	return vterm{}, false
}

func (p vpoly) constant() (*big.Rat, bool) {
	switch len(p) {
	case 0:
		return new(big.Rat), true
	case 1:
		if t, ok := p[""]; ok {
			return t.c, true
		}
	}
	return nil, false
}

func veq(a, b vpoly) bool {
	if len(a) != len(b) {
		return false
	}
	for k, t := range a {
		u, ok := b[k]
		if !ok || t.c.Cmp(u.c) != 0 {
			return false
		}
	}
	return true
}

func (p vpoly) has(name string, atoms map[string]*vatom) bool {
	for _, t := range p {
		for _, f := range t.m {
			if f.v == name {
				return true
			}
			if a, ok := atoms[f.v]; ok && (a.x.has(name, atoms) || a.y.has(name, atoms)) {
				return true
			}
		}
	}
	return false
}

// integral: integer coefficients, no negative exponent, and every atom
// integer-valued (floor_div and ceil_div always; mod, min and max when
// their arguments are integral; a reciprocal atom never).
func (p vpoly) integral(atoms map[string]*vatom) bool {
	for _, t := range p {
		if !t.c.IsInt() || !monoIntegral(t.m, atoms) {
			return false
		}
	}
	return true
}

func monoIntegral(m []vf, atoms map[string]*vatom) bool {
	for _, f := range m {
		if f.e < 0 {
			return false
		}
		if a, ok := atoms[f.v]; ok && (a.op == "inv" || a.op != "floor_div" && a.op != "ceil_div" &&
			(!a.x.integral(atoms) || !a.y.integral(atoms))) {
			return false
		}
	}
	return true
}

// ---- reading engine expressions as data

func (v *verifier) conv(e Expr) (vpoly, error) {
	p := pl(e)
	if p.err != nil {
		return nil, p.err
	}
	r := vpoly{}
	for _, t := range p.t {
		// the symbols and unknowns of the term make its monomial; each
		// atom is multiplied in
		var plain []vf
		var atoms []factor
		for _, f := range t.m {
			if f.v.kind == kSym || f.v.kind == kUnknown {
				plain = append(plain, vf{f.v.name, int64(f.e)})
			} else {
				atoms = append(atoms, f)
			}
		}
		acc := vmonomial(t.c.toBig(), plain)
		for _, f := range atoms {
			x, err := v.conv(f.v.x)
			if err != nil {
				return nil, err
			}
			y, err := v.conv(f.v.y)
			if err != nil {
				return nil, err
			}
			fp, err := v.atom(atomNames[f.v.op], x, y)
			if err != nil {
				return nil, err
			}
			pw, err := v.power(fp, int64(f.e))
			if err != nil {
				return nil, err
			}
			if acc, err = vmul(acc, pw); err != nil {
				return nil, err
			}
		}
		r.addAll(acc)
	}
	return r, nil
}

// vmonomial is c times the product of the powers of distinct variables
// (in any order): the product vmul makes of them.
func vmonomial(c *big.Rat, m []vf) vpoly {
	if c.Sign() == 0 {
		return vpoly{}
	}
	slices.SortFunc(m, func(a, b vf) int { return strings.Compare(a.v, b.v) })
	return vpoly{monoKey(m): {c: c, m: m}}
}

// subst applies theta (eliminated variables) and re-normalizes atoms.
func (v *verifier) subst(p vpoly) (vpoly, error) {
	r := vpoly{}
	for _, t := range p {
		// the variables that stay make the monomial; atoms and eliminated
		// variables are multiplied in
		var plain []vf
		var other []vf
		for _, f := range t.m {
			_, isAtom := v.atoms[f.v]
			_, isElim := v.theta[f.v]
			if isAtom || isElim {
				other = append(other, f)
			} else {
				plain = append(plain, f)
			}
		}
		acc := vmonomial(t.c, plain)
		for _, f := range other {
			var fp vpoly
			if a, ok := v.atoms[f.v]; ok {
				x, err := v.subst(a.x)
				if err != nil {
					return nil, err
				}
				y, err := v.subst(a.y)
				if err != nil {
					return nil, err
				}
				if fp, err = v.atom(a.op, x, y); err != nil {
					return nil, err
				}
			} else {
				fp = v.theta[f.v]
			}
			pw, err := v.power(fp, f.e)
			if err != nil {
				return nil, err
			}
			if acc, err = vmul(acc, pw); err != nil {
				return nil, err
			}
		}
		r.addAll(acc)
	}
	return r, nil
}

// image is the value of a user expression over the current unknowns.
func (v *verifier) image(e Expr) (vpoly, error) {
	p, err := v.conv(e)
	if err != nil {
		return nil, err
	}
	return v.subst(p)
}

func ratFloor(x *big.Rat) *big.Rat {
	q := new(big.Int)
	m := new(big.Int)
	q.DivMod(x.Num(), x.Denom(), m)
	return new(big.Rat).SetInt(q)
}

func ratCeil(x *big.Rat) *big.Rat {
	return new(big.Rat).Neg(ratFloor(new(big.Rat).Neg(x)))
}

// atom normalizes op(x, y) with the verifier's own (small) set of rules:
// constants are computed; for a divisor y that is a positive integer d or
// a monomial c*Y with a positive integer coefficient c, the terms that it
// divides (integer-valued terms whose coefficient c divides and whose
// monomial Y divides) are taken out (floor_div(Q*y+R, y) = Q +
// floor_div(R, y) for an integer Q, likewise ceil_div, and (Q*y+R)%y =
// R%y); a remainder that is 0 or a constant is computed; a
// constant divisor and remainder coefficients sharing a factor g are
// reduced by it; x%y stays an atom when x is one term and y one factor and
// is otherwise written x - y*floor_div(x,y); min and max of equal
// arguments or constants are computed. Anything else is an opaque atom
// keyed by its operator and arguments. The reciprocal atom (op "inv", no
// y) is computed again by inverse.
func (v *verifier) atom(op string, x, y vpoly) (vpoly, error) {
	if op == "inv" {
		return v.inverse(x)
	}
	if op == "min" || op == "max" {
		if veq(x, y) {
			return x, nil
		}
		pick := func(xLeq bool) vpoly {
			if xLeq == (op == "min") {
				return x
			}
			return y
		}
		d := vsub(y, x)
		if dc, ok := d.constant(); ok {
			return pick(dc.Sign() >= 0), nil
		}
		// an operand that is the lesser at every value of the variables
		// within their bounds at introduction (symbols >= 1)
		if v.nonneg0(d) {
			return pick(true), nil
		}
		if v.nonneg0(vscale(d, big.NewRat(-1, 1))) {
			return pick(false), nil
		}
		// min(a, min(a,b)) = min(a,b), min(a, max(a,b)) = a, and likewise
		for _, pair := range [2][2]vpoly{{x, y}, {y, x}} {
			a, b := pair[0], pair[1]
			t, ok := b.single()
			if !ok || t.c.Cmp(big.NewRat(1, 1)) != 0 || len(t.m) != 1 || t.m[0].e != 1 {
				continue
			}
			at, ok := v.atoms[t.m[0].v]
			if !ok || (at.op != "min" && at.op != "max") || (!veq(at.x, a) && !veq(at.y, a)) {
				continue
			}
			if at.op == op {
				return b, nil
			}
			return a, nil
		}
		kx, ky := polyKey(x), polyKey(y)
		if kx > ky {
			x, y, kx, ky = y, x, ky, kx
		}
		return v.opaque(op, x, y, kx, ky), nil
	}
	if len(y) == 0 {
		return nil, errors.New("division by zero in an atom")
	}
	if a, ok := x.constant(); ok {
		if b, ok := y.constant(); ok {
			q := new(big.Rat).Quo(a, b)
			switch op {
			case "floor_div":
				return vconst(ratFloor(q)), nil
			case "ceil_div":
				return vconst(ratCeil(q)), nil
			}
			return vconst(new(big.Rat).Sub(a, new(big.Rat).Mul(b, ratFloor(q)))), nil
		}
	}
	yt, ok := y.single()
	if !ok || !yt.c.IsInt() || yt.c.Sign() <= 0 {
		return v.opaque(op, x, y, polyKey(x), polyKey(y)), nil
	}
	if !nonnegExp(yt.m) {
		return v.opaque(op, x, y, polyKey(x), polyKey(y)), nil
	}
	constDiv := len(yt.m) == 0
	d := yt.c.Num()
	q, r := vpoly{}, vpoly{}
	for _, t := range x {
		// a term taken out must be an integer wherever it is defined: an
		// integer coefficient that c divides, times a monomial of
		// integer-valued variables that Y divides
		if !t.c.IsInt() || !monoIntegral(t.m, v.atoms) || new(big.Int).Mod(t.c.Num(), d).Sign() != 0 {
			r.addTerm(t)
			continue
		}
		m := vmulMono(t.m, negMono(yt.m))
		if !nonnegExp(m) {
			r.addTerm(t)
			continue
		}
		q.addTerm(vterm{new(big.Rat).Quo(t.c, yt.c), m})
	}
	var rest vpoly
	if rc, ok := r.constant(); ok && (constDiv || rc.Sign() == 0) {
		if rc.Sign() == 0 {
			rest = vpoly{}
		} else {
			qq := new(big.Rat).Quo(rc, yt.c)
			switch op {
			case "floor_div":
				rest = vconst(ratFloor(qq))
			case "ceil_div":
				rest = vconst(ratCeil(qq))
			default:
				rest = vconst(new(big.Rat).Sub(rc, new(big.Rat).Mul(yt.c, ratFloor(qq))))
			}
		}
	} else if constDiv && allIntCoef(r) {
		g := new(big.Int).Set(d)
		for _, t := range r {
			g.GCD(nil, nil, g, new(big.Int).Abs(t.c.Num()))
		}
		if g.Cmp(big.NewInt(1)) > 0 {
			gr := new(big.Rat).SetInt(g)
			r2 := vscale(r, new(big.Rat).Inv(gr))
			y2 := vconst(new(big.Rat).Quo(yt.c, gr))
			inner, err := v.atom(op, r2, y2)
			if err != nil {
				return nil, err
			}
			if op == "mod" {
				inner = vscale(inner, gr)
			}
			rest = inner
		} else {
			rest = v.restAtom(op, r, y)
		}
	} else {
		rest = v.restAtom(op, r, y)
	}
	if op == "mod" {
		return rest, nil
	}
	return vadd(q, rest), nil
}

// lo0 is the lower bound a variable had when it was introduced: 1 for a
// symbol, the step's (0 or 1) for an unknown; an atom has none.
func (v *verifier) lo0(name string) (int64, bool) {
	if strings.HasPrefix(name, "@") {
		return 0, false
	}
	if isUnknownName(name) {
		l, ok := v.intro[name]
		return l, ok
	}
	return 1, true
}

// nonneg0 reports p >= 0 at every value of its variables at or above their
// lower bounds at introduction: the terms with a negative exponent have a
// positive coefficient and variables >= 1, and the rest, shifted to those
// bounds, has non-negative coefficients.
func (v *verifier) nonneg0(p vpoly) bool {
	poly := vpoly{}
	for _, t := range p {
		if nonnegExp(t.m) {
			poly.addTerm(t)
			continue
		}
		if t.c.Sign() <= 0 {
			return false
		}
		for _, f := range t.m {
			if l, ok := v.lo0(f.v); !ok || l < 1 {
				return false
			}
		}
	}
	ok, _ := nonnegBy(poly, v.lo0)
	return ok
}

// allIntCoef: integer coefficients and no negative exponent.
func allIntCoef(p vpoly) bool {
	for _, t := range p {
		if !t.c.IsInt() || !nonnegExp(t.m) {
			return false
		}
	}
	return true
}

func negMono(m []vf) []vf {
	out := make([]vf, len(m))
	for i, f := range m {
		out[i] = vf{f.v, -f.e}
	}
	return out
}

// restAtom is op(r, y) once nothing more can be taken out.
func (v *verifier) restAtom(op string, r, y vpoly) vpoly {
	if op == "mod" {
		if _, one := r.single(); !one || !vfactorLike(y, v.atoms) {
			fl := v.opaque("floor_div", r, y, polyKey(r), polyKey(y))
			p, _ := vmul(y, fl)
			return vsub(r, p)
		}
	}
	return v.opaque(op, r, y, polyKey(r), polyKey(y))
}

func vfactorLike(y vpoly, atoms map[string]*vatom) bool {
	t, ok := y.single()
	if !ok {
		return false
	}
	if len(t.m) == 0 {
		return t.c.IsInt()
	}
	if t.c.Cmp(big.NewRat(1, 1)) != 0 || len(t.m) != 1 || t.m[0].e != 1 {
		return false
	}
	if a, ok := atoms[t.m[0].v]; ok && a.op == "mod" {
		return false
	}
	return true
}

// resolve checks a Resolution (the operand it picks is the lesser for
// min, the greater for max, by its order proof over the current unknowns)
// and records the replacement, which opaque applies from then on.
func (v *verifier) resolve(r Resolution) error {
	p := pl(r.Atom)
	if p.err != nil || len(p.t) != 1 || !p.t[0].c.isOne() || len(p.t[0].m) != 1 ||
		p.t[0].m[0].e != 1 || p.t[0].m[0].v.kind != kAtom {
		return errors.New("not one atom")
	}
	at := p.t[0].m[0].v
	op := atomNames[at.op]
	if r.Pick != 0 && op != "min" && op != "max" {
		return errors.New("only min and max pick an operand")
	}
	x, err := v.conv(at.x)
	if err != nil {
		return err
	}
	y, err := v.conv(at.y)
	if err != nil {
		return err
	}
	for _, w := range []vpoly{x, y} {
		for _, t := range w {
			for _, f := range t.m {
				if !strings.HasPrefix(f.v, "@") && !v.current(f.v) {
					return fmt.Errorf("%s is not a current unknown", f.v)
				}
			}
		}
	}
	a, err := v.atom(op, x, y)
	if err != nil {
		return err
	}
	t, ok := a.single()
	if !ok || t.c.Cmp(big.NewRat(1, 1)) != 0 || len(t.m) != 1 || t.m[0].e != 1 || !strings.HasPrefix(t.m[0].v, "@") {
		return errors.New("the atom reduces")
	}
	name := t.m[0].v
	if r.Pick == 0 {
		// the equation's image is the atom minus a constant (or its
		// negation): the atom is that constant
		f, rel, err := v.condImage(r.Cond)
		if err != nil {
			return err
		}
		if rel != EQ {
			return errors.New("the assumption is not an equation")
		}
		for _, e := range []vpoly{f, vscale(f, big.NewRat(-1, 1))} {
			if k, ok := vsub(vvar(name), e).constant(); ok {
				if v.resolved == nil {
					v.resolved = map[string]vpoly{}
				}
				v.resolved[name] = vconst(k)
				return nil
			}
		}
		return errors.New("the equation does not fix the atom")
	}
	picked, other := x, y
	switch r.Pick {
	case 1:
	case 2:
		picked, other = y, x
	default:
		return errors.New("bad pick")
	}
	diff := vsub(other, picked)
	if op == "max" {
		diff = vsub(picked, other)
	}
	if err := v.order(diff, false, &Certificate{Scale: r.Scale, Round: r.Round, Uses: r.Uses}); err != nil {
		return err
	}
	if v.resolved == nil {
		v.resolved = map[string]vpoly{}
	}
	v.resolved[name] = picked
	return nil
}

func (v *verifier) opaque(op string, x, y vpoly, kx, ky string) vpoly {
	name := "@" + op + "(" + kx + "\x03" + ky + ")"
	if r, ok := v.resolved[name]; ok {
		return r
	}
	if _, ok := v.atoms[name]; !ok {
		v.atoms[name] = &vatom{op, x, y}
	}
	return vvar(name)
}

// power is a^e: vpow, except that a negative power of a sum is the power
// of its reciprocal (inverse).
func (v *verifier) power(a vpoly, e int64) (vpoly, error) {
	if e >= 0 || len(a) < 2 {
		return vpow(a, e)
	}
	r, err := v.inverse(a)
	if err != nil {
		return nil, err
	}
	return vpow(r, -e)
}

// inverse is 1/p, an identity of rational values wherever p != 0. For a
// sum p (the divisor of M/(N+1), or the image 2*K'+1 of K in 2/K), p is
// c*g*P0 with c its rational content, signed so that the leading term of
// P0 (vmonoCmp) is positive, g the monomial common to its terms (each
// variable to its least exponent there, 0 where a term lacks it), and P0
// an integer polynomial with coprime coefficients and no negative
// exponent; then 1/p is (1/c)*g^-1*@inv(P0), where the atom @inv(P0)
// stands for the rational value 1/P0. The form of P0 depends only on the
// function p, so that 1/p is the same atom however it was reached
// (1/(6*u+3) is (1/3)*@inv(2*u+1)). The atom is not integral
// (monoIntegral); it is >= 0 where P0 > 0 (vatomLo), and scaled cancels
// it against a factor P0 of a positive scale.
func (v *verifier) inverse(p vpoly) (vpoly, error) {
	if len(p) < 2 {
		return vpow(p, -1)
	}
	g := map[string]int64{}
	for _, t := range p {
		for _, f := range t.m {
			g[f.v] = 0
		}
	}
	for name := range g {
		least := int64(0)
		first := true
		for _, t := range p {
			e := int64(0)
			for _, f := range t.m {
				if f.v == name {
					e = f.e
				}
			}
			if first {
				least, first = e, false
			}
			least = min(least, e)
		}
		g[name] = least
	}
	num, den := new(big.Int), big.NewInt(1)
	for _, t := range p {
		num.GCD(nil, nil, num, new(big.Int).Abs(t.c.Num()))
		d := t.c.Denom()
		den.Mul(den, new(big.Int).Quo(d, new(big.Int).GCD(nil, nil, den, d)))
	}
	c := new(big.Rat).SetFrac(num, den)
	p0 := vpoly{}
	for _, t := range p {
		m := make([]vf, 0, len(g))
		for _, f := range t.m {
			if e := f.e - g[f.v]; e != 0 {
				m = append(m, vf{f.v, e})
			}
		}
		for name, e := range g {
			if e != 0 && !slices.ContainsFunc(t.m, func(f vf) bool { return f.v == name }) {
				m = append(m, vf{name, -e})
			}
		}
		slices.SortFunc(m, func(a, b vf) int { return strings.Compare(a.v, b.v) })
		p0.addTerm(vterm{new(big.Rat).Quo(t.c, c), m})
	}
	// the sign of P0's leading term (never 0: a vpoly has no zero
	// coefficient) moves into c
	sign := big.NewRat(int64(vleading(p0).c.Sign()), 1)
	c.Mul(c, sign)
	p0 = vscale(p0, sign)
	name := "@inv(" + polyKey(p0) + ")"
	if _, ok := v.atoms[name]; !ok {
		v.atoms[name] = &vatom{op: "inv", x: p0}
	}
	var gm []vf
	for n, e := range g {
		if e != 0 {
			gm = append(gm, vf{n, -e})
		}
	}
	gm = append(gm, vf{name, 1})
	return vmonomial(new(big.Rat).Inv(c), gm), nil
}

// vmonoCmp orders monomials by total degree, then by their exponents
// compared variable by variable (variables by name, the first one
// foremost): graded lexicographic order, a monomial order on monomials
// without negative exponents (the product by a monomial keeps it).
func vmonoCmp(a, b []vf) int {
	var da, db int64
	for _, f := range a {
		da += f.e
	}
	for _, f := range b {
		db += f.e
	}
	if da != db {
		return cmp.Compare(da, db)
	}
	for i := 0; ; i++ {
		switch {
		case i == len(a) && i == len(b):
			return 0
		case i == len(a):
			return cmp.Compare(0, b[i].e)
		case i == len(b):
			return cmp.Compare(a[i].e, 0)
		case a[i].v < b[i].v:
			return cmp.Compare(a[i].e, 0)
		case a[i].v > b[i].v:
			return cmp.Compare(0, b[i].e)
		case a[i].e != b[i].e:
			return cmp.Compare(a[i].e, b[i].e)
		}
	}
}

// vleading is the greatest term of a non-zero p in vmonoCmp's order.
func vleading(p vpoly) vterm {
	if len(p) == 0 {
		return vterm{}
	}
	return slices.MaxFunc(slices.Collect(maps.Values(p)), func(a, b vterm) int { return vmonoCmp(a.m, b.m) })
}

// vquo returns s/d where d divides s: the division with remainder in
// vmonoCmp's order (s and d without negative exponents), run until the
// remainder is 0 or its leading term is not a multiple of d's; ok is false
// unless q*d == s, checked by multiplication (so also where q*d would
// pass vmaxTerms terms). The leading term of the remainder comes from a
// heap of its monomials, and each step changes the remainder in place,
// so that a step costs the terms of d (and the heap's logarithm), not
// those of the remainder and of q.
func vquo(s, d vpoly) (q vpoly, ok bool) {
	if len(d) == 0 || !allIntExp(s) || !allIntExp(d) {
		return nil, false
	}
	ld := vleading(d)
	q, r := vpoly{}, vadd(s, nil)
	// every monomial of r is in the heap; one that cancelled may stay
	// there, and is skipped
	h := make(monoHeap, 0, len(r))
	for k, t := range r {
		h = append(h, keyed{k, t.m})
	}
	heap.Init(&h)
	// each step adds to q a term of a new monomial (the leading monomials
	// of r decrease), so len(q) counts the steps
	for len(r) > 0 {
		if len(q)*len(d) > vmaxTerms {
			return nil, false
		}
		lt, ok := r[heap.Pop(&h).(keyed).k]
		if !ok {
			continue
		}
		m := vmulMono(lt.m, negMono(ld.m))
		if !nonnegExp(m) {
			return nil, false
		}
		c := new(big.Rat).Quo(lt.c, ld.c)
		q.addTerm(vterm{c, m})
		for _, u := range d {
			tm := vmulMono(m, u.m)
			k := monoKey(tm)
			_, had := r[k]
			r.addTerm(vterm{new(big.Rat).Neg(new(big.Rat).Mul(c, u.c)), tm})
			if _, has := r[k]; has && !had {
				heap.Push(&h, keyed{k, tm})
			}
		}
	}
	qd, err := vmul(q, d)
	return q, err == nil && veq(qd, s)
}

// keyed is a monomial with its key (monoKey).
type keyed struct {
	k string
	m []vf
}

// monoHeap is a max-heap of monomials in vmonoCmp's order
// (container/heap's interface).
type monoHeap []keyed

func (h monoHeap) Len() int           { return len(h) }
func (h monoHeap) Less(i, j int) bool { return vmonoCmp(h[i].m, h[j].m) > 0 }
func (h monoHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *monoHeap) Push(x any)        { *h = append(*h, x.(keyed)) }
func (h *monoHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// allIntExp: no negative exponent.
func allIntExp(p vpoly) bool {
	for _, t := range p {
		if !nonnegExp(t.m) {
			return false
		}
	}
	return true
}

// nonnegExp: a monomial without a negative exponent.
func nonnegExp(m []vf) bool {
	return !slices.ContainsFunc(m, func(f vf) bool { return f.e < 0 })
}

// ---- replay of the assumption steps

func isUnknownName(s string) bool { return strings.IndexByte(s, '\'') >= 0 }

// boundOf returns the bounds of a variable: user symbols default to >= 1,
// unknowns must have been introduced by a step.
func (v *verifier) boundOf(name string) (vbound, bool) {
	if b, ok := v.bnd[name]; ok {
		return b, true
	}
	if strings.HasPrefix(name, "@") {
		return vbound{}, false
	}
	if isUnknownName(name) && !v.known[name] {
		return vbound{}, false
	}
	return vbound{lo: 1}, true
}

func (v *verifier) current(name string) bool {
	_, b := v.boundOf(name)
	return b && !v.elim[name] && !strings.HasPrefix(name, "@")
}

// condImage returns the image of assumption j normalized to the form the
// fact takes: P >= 0 for < <= > >= (a < b as b-a-1 >= 0), P == 0 for ==,
// P != 0 for !=.
func (v *verifier) condImage(j int) (vpoly, Rel, error) {
	if j < 0 || j >= len(v.conds) {
		return nil, 0, fmt.Errorf("no assumption %d", j)
	}
	cd := v.conds[j]
	x, err := v.image(cd.X)
	if err != nil {
		return nil, 0, err
	}
	y, err := v.image(cd.Y)
	if err != nil {
		return nil, 0, err
	}
	one := vconst(big.NewRat(1, 1))
	switch cd.Rel {
	case LT:
		return vsub(vsub(y, x), one), GE, nil
	case LE:
		return vsub(y, x), GE, nil
	case GT:
		return vsub(vsub(x, y), one), GE, nil
	case GE:
		return vsub(x, y), GE, nil
	}
	return vsub(x, y), cd.Rel, nil
}

// geFact returns the fact F >= 0 named by a source.
func (v *verifier) geFact(s Source) (vpoly, error) {
	if s.Atom != nil {
		return v.atomFact(s)
	}
	if s.Bound != "" {
		b, ok := v.boundOf(s.Bound)
		if !ok {
			return nil, fmt.Errorf("unknown variable %s", s.Bound)
		}
		val := vvar(s.Bound)
		if t, ok := v.theta[s.Bound]; ok {
			val = t
		}
		if s.Upper {
			if !b.hasHi {
				return nil, fmt.Errorf("%s has no upper bound", s.Bound)
			}
			return vsub(vconst(big.NewRat(b.hi, 1)), val), nil
		}
		return vsub(val, vconst(big.NewRat(b.lo, 1))), nil
	}
	if s.Side == sideDivisor {
		return v.divisorFact(s.Cond)
	}
	if s.Side == sideNonzero {
		// X != Y with X-Y (Upper: Y-X) integral and non-negative: >= 1
		p, rel, err := v.condImage(s.Cond)
		if err != nil {
			return nil, err
		}
		if rel != NE {
			return nil, errors.New("the assumption is not !=")
		}
		if s.Upper {
			p = vscale(p, big.NewRat(-1, 1))
		}
		if ok, _ := v.nonneg(p); !ok || !p.integral(v.atoms) {
			return nil, errors.New("the side of the != assumption is not an integer >= 0")
		}
		return vsub(p, vconst(big.NewRat(1, 1))), nil
	}
	if s.Side == sideThrough || s.Side == sideThroughNonzero {
		return v.throughFact(s)
	}
	if s.Side != 0 {
		return nil, errors.New("an integrality fact is not an inequality")
	}
	p, rel, err := v.condImage(s.Cond)
	if err != nil {
		return nil, err
	}
	if rel == EQ {
		// X == Y: X - Y >= 0, and Y - X >= 0 (Upper)
		if s.Upper {
			return vscale(p, big.NewRat(-1, 1)), nil
		}
		return p, nil
	}
	if rel != GE || s.Upper {
		return nil, fmt.Errorf("assumption %d is not an inequality", s.Cond)
	}
	return p, nil
}

// throughFact returns the fact over x that assumption s.Cond gives where
// the inequality it states is c*A + k >= 0, A one atom floor_div(x,d) or
// ceil_div(x,d) with x integral and d an integer >= 1: the integer A is >=
// ceil(-k/c) (c > 0) or <= floor(-k/c) (c < 0), which bounds x by the
// definition of the atom (x >= K*d, x <= K*d+d-1, x >= (K-1)*d+1, x <=
// K*d). The inequality is the assumption's image p >= 0 (an inequality, or
// an equation, -p with Upper), or, for sideThroughNonzero, p - 1 >= 0 of an
// assumption p != 0 (-p with Upper) with p integral and non-negative.
func (v *verifier) throughFact(s Source) (vpoly, error) {
	p, rel, err := v.condImage(s.Cond)
	if err != nil {
		return nil, err
	}
	if s.Upper {
		p = vscale(p, big.NewRat(-1, 1))
	}
	switch {
	case s.Side == sideThrough && (rel == GE && !s.Upper || rel == EQ):
	case s.Side == sideThroughNonzero && rel == NE:
		if ok, _ := v.nonneg(p); !ok || !p.integral(v.atoms) {
			return nil, errors.New("the side of the != assumption is not an integer >= 0")
		}
		p = vsub(p, vconst(big.NewRat(1, 1)))
	default:
		return nil, errors.New("the assumption is not an inequality, an equation or a != read through its atom")
	}
	var at *vatom
	var c *big.Rat
	k := new(big.Rat)
	for _, t := range p {
		if len(t.m) == 0 {
			k = t.c
			continue
		}
		if at != nil || len(t.m) != 1 || t.m[0].e != 1 {
			return nil, errors.New("the assumption is not about one atom")
		}
		a, ok := v.atoms[t.m[0].v]
		if !ok {
			return nil, errors.New("the assumption is not about one atom")
		}
		at, c = a, t.c
	}
	if at == nil || (at.op != "floor_div" && at.op != "ceil_div") {
		return nil, errors.New("the assumption is not about one floor_div or ceil_div")
	}
	if !at.x.integral(v.atoms) || !at.y.integral(v.atoms) || !v.positiveV(at.y) {
		return nil, errors.New("the atom's dividend is not integral or its divisor not an integer >= 1")
	}
	one := vconst(big.NewRat(1, 1))
	t := new(big.Rat).Quo(new(big.Rat).Neg(k), c)
	if c.Sign() > 0 {
		kd, err := vmul(vconst(ratCeil(t)), at.y)
		if err != nil {
			return nil, err
		}
		if at.op == "floor_div" {
			return vsub(at.x, kd), nil // x >= K*d
		}
		return vadd(vsub(at.x, kd), vsub(at.y, one)), nil // x >= (K-1)*d + 1
	}
	kd, err := vmul(vconst(ratFloor(t)), at.y)
	if err != nil {
		return nil, err
	}
	if at.op == "floor_div" {
		return vsub(vadd(kd, vsub(at.y, one)), at.x), nil // x <= K*d + d - 1
	}
	return vsub(kd, at.x), nil // x <= K*d
}

// divisorFact returns |k| - Y >= 0 for assumption j, k % Y == 0 with k a
// nonzero integer and Y (its image) an integer >= 1 (positiveV): Y divides
// k.
func (v *verifier) divisorFact(j int) (vpoly, error) {
	if j < 0 || j >= len(v.conds) {
		return nil, fmt.Errorf("no assumption %d", j)
	}
	a, other, ok := modSideV(v.conds[j])
	if !ok {
		return nil, errors.New("the assumption is not of the form k%y == 0")
	}
	r, err := v.image(other)
	if err != nil {
		return nil, err
	}
	x, err := v.image(a.x)
	if err != nil {
		return nil, err
	}
	y, err := v.image(a.y)
	if err != nil {
		return nil, err
	}
	rc, ok1 := r.constant()
	k, ok2 := x.constant()
	if !ok1 || rc.Sign() != 0 || !ok2 || k.Sign() == 0 || !k.IsInt() {
		return nil, errors.New("the assumption is not k%y == 0 with k a nonzero integer")
	}
	if !y.integral(v.atoms) || !v.positiveV(y) {
		return nil, errors.New("the divisor is not an integer >= 1")
	}
	return vsub(vconst(new(big.Rat).Abs(k)), y), nil
}

// atomFact returns the bound F >= 0 that the definition of an atom gives
// (see Source), after checking the conditions under which it holds with
// the verifier's own bounds.
func (v *verifier) atomFact(s Source) (vpoly, error) {
	p := pl(s.Atom)
	if p.err != nil || len(p.t) != 1 || !p.t[0].c.isOne() || len(p.t[0].m) != 1 ||
		p.t[0].m[0].e != 1 || p.t[0].m[0].v.kind != kAtom {
		return nil, errors.New("the bound is not about one atom")
	}
	at := p.t[0].m[0].v
	op := atomNames[at.op]
	x, err := v.conv(at.x)
	if err != nil {
		return nil, err
	}
	y, err := v.conv(at.y)
	if err != nil {
		return nil, err
	}
	a, err := v.atom(op, x, y)
	if err != nil {
		return nil, err
	}
	if t, ok := a.single(); !ok || t.c.Cmp(big.NewRat(1, 1)) != 0 || len(t.m) != 1 || !strings.HasPrefix(t.m[0].v, "@") {
		return nil, errors.New("the atom reduces")
	}
	for _, w := range []vpoly{x, y} {
		for _, t := range w {
			for _, f := range t.m {
				if !strings.HasPrefix(f.v, "@") && !v.current(f.v) {
					return nil, fmt.Errorf("%s is not a current unknown", f.v)
				}
			}
		}
	}
	one := vconst(big.NewRat(1, 1))
	intX := x.integral(v.atoms)
	if (op == "mod" || op == "floor_div" || op == "ceil_div") && (!y.integral(v.atoms) || !v.positiveV(y)) {
		return nil, errors.New("the divisor is not an integer >= 1")
	}
	switch op {
	case "mod":
		if !intX {
			return nil, errors.New("the remainder's bounds need an integral dividend")
		}
		switch {
		case s.Side == sideLink:
			// x - y*floor_div(x,y) - x%y == 0, as two facts
			fl, err := v.atom("floor_div", x, y)
			if err != nil {
				return nil, err
			}
			yf, err := vmul(y, fl)
			if err != nil {
				return nil, err
			}
			link := vsub(vsub(x, yf), a)
			if s.Upper {
				return vscale(link, big.NewRat(-1, 1)), nil
			}
			return link, nil
		case s.Side != 0:
			return nil, errors.New("bad side")
		case s.Upper:
			return vsub(vsub(y, one), a), nil
		}
		return a, nil
	case "floor_div", "ceil_div":
		if s.Side != 0 {
			return nil, errors.New("bad side")
		}
		da, err := vmul(y, a)
		if err != nil {
			return nil, err
		}
		ym1 := vsub(y, one)
		lower := op == "floor_div" && !s.Upper
		upper := op == "ceil_div" && s.Upper
		if (lower || upper) && !intX {
			return nil, errors.New("the bound needs an integral dividend")
		}
		switch {
		case op == "floor_div" && s.Upper:
			return vsub(x, da), nil
		case lower:
			return vadd(vsub(da, x), ym1), nil
		case upper:
			return vsub(vadd(x, ym1), da), nil
		}
		return vsub(da, x), nil
	case "min", "max":
		arg := x
		switch s.Side {
		case 1:
		case 2:
			arg = y
		default:
			return nil, errors.New("bad side")
		}
		if (op == "min") != s.Upper {
			return nil, errors.New("min has upper bounds, max lower ones")
		}
		if op == "min" {
			return vsub(arg, a), nil
		}
		return vsub(a, arg), nil
	}
	return nil, fmt.Errorf("no bound for %s", op)
}

// linearIn reports p = a*name + b, b constant.
func linearIn(p vpoly, name string) (a, b *big.Rat, ok bool) {
	b = new(big.Rat)
	for k, t := range p {
		switch {
		case k == "":
			b = t.c
		case len(t.m) == 1 && t.m[0].v == name && t.m[0].e == 1:
			a = t.c
		default:
			return nil, nil, false
		}
	}
	return a, b, a != nil
}

// divideCommon divides p by the monomial common to all its terms (at
// least two, positive exponents) when every variable of that monomial is
// >= 1, so that it is positive and p >= 0 gives the quotient >= 0.
func (v *verifier) divideCommon(p vpoly) (vpoly, bool) {
	if len(p) < 2 {
		return nil, false
	}
	var g map[string]int64
	for _, t := range p {
		m := map[string]int64{}
		for _, f := range t.m {
			if f.e < 0 {
				return nil, false
			}
			m[f.v] = f.e
		}
		if g == nil {
			g = m
			continue
		}
		for k, e := range g {
			if e2, ok := m[k]; ok {
				g[k] = min(e, e2)
			} else {
				delete(g, k)
			}
		}
	}
	if len(g) == 0 {
		return nil, false
	}
	for k := range g {
		if strings.HasPrefix(k, "@") || v.elim[k] {
			return nil, false
		}
		if b, ok := v.boundOf(k); !ok || b.lo < 1 {
			return nil, false
		}
	}
	q := vpoly{}
	for _, t := range p {
		var m []vf
		for _, f := range t.m {
			if e := f.e - g[f.v]; e != 0 {
				m = append(m, vf{f.v, e})
			}
		}
		q.addTerm(vterm{t.c, m})
	}
	return q, true
}

func (v *verifier) eliminate(name string, val vpoly) error {
	for k, t := range v.theta {
		r, err := v.substOne(t, name, val)
		if err != nil {
			return err
		}
		v.theta[k] = r
	}
	v.theta[name] = val
	v.elim[name] = true
	if _, ok := v.bnd[name]; !ok {
		b, _ := v.boundOf(name)
		v.bnd[name] = b
	}
	return nil
}

func (v *verifier) substOne(p vpoly, name string, val vpoly) (vpoly, error) {
	saved := v.theta
	v.theta = map[string]vpoly{name: val}
	r, err := v.subst(p)
	v.theta = saved
	return r, err
}

// integrality returns the images of num and den for the fact that a side
// of an assumption is an integer: den = L*S, S the monomial of the symbols
// the side divides by (each to its greatest negative exponent), L the lcm
// of the denominators of its coefficients, num = den*side; the side is an
// integer exactly where den divides num (den is not 0: S is over symbols,
// which are positive).
func (v *verifier) integrality(cd Cond, side int) (num, den vpoly, err error) {
	var e Expr
	switch side {
	case 1:
		e = cd.X
	case 2:
		e = cd.Y
	default:
		return nil, nil, fmt.Errorf("no side %d", side)
	}
	p, err := v.conv(e)
	if err != nil {
		return nil, nil, err
	}
	L := big.NewInt(1)
	neg := map[string]int64{}
	for _, t := range p {
		d := t.c.Denom()
		g := new(big.Int).GCD(nil, nil, L, d)
		L.Mul(L, new(big.Int).Quo(d, g))
		for _, f := range t.m {
			if f.e < 0 {
				if strings.HasPrefix(f.v, "@") || isUnknownName(f.v) {
					return nil, nil, errors.New("a division by an atom or an internal unknown")
				}
				neg[f.v] = max(neg[f.v], -f.e)
			}
		}
	}
	names := make([]string, 0, len(neg))
	for n := range neg {
		names = append(names, n)
	}
	sort.Strings(names)
	m := make([]vf, len(names))
	for i, n := range names {
		m[i] = vf{n, neg[n]}
	}
	d := vpoly{monoKey(m): {new(big.Rat).SetInt(L), m}}
	n, err := vmul(p, d)
	if err != nil {
		return nil, nil, err
	}
	if num, err = v.subst(n); err != nil {
		return nil, nil, err
	}
	if den, err = v.subst(d); err != nil {
		return nil, nil, err
	}
	return num, den, nil
}

// modSideV recognizes an assumption x%y == other.
func modSideV(cd Cond) (*variable, Expr, bool) {
	if cd.Rel != EQ {
		return nil, nil, false
	}
	if a, ok := singleAtom(pl(cd.X)); ok && a.op == opMod {
		return a, cd.Y, true
	}
	if a, ok := singleAtom(pl(cd.Y)); ok && a.op == opMod {
		return a, cd.X, true
	}
	return nil, nil, false
}

func (v *verifier) newUnknown(name string, b vbound) error {
	if name == "" || !isUnknownName(name) || v.known[name] {
		return fmt.Errorf("%q is not a fresh unknown", name)
	}
	v.known[name] = true
	v.bnd[name] = b
	v.intro[name] = min(b.lo, 1)
	return nil
}

// replayState is the verifier after the replay of a context's
// assumptions and steps, or the replay's error.
type replayState struct {
	v   *verifier
	err error
}

// replayed returns the verifier state that Verify reaches, for a
// certificate built by c, once it has replayed the assumptions and steps
// (c.conds and c.steps, which certBase copies), computed on first use.
// The state is shared: check a proof on a clone.
func (c *Ctx) replayed() (*verifier, error) {
	if r := c.vr.Load(); r != nil {
		return r.v, r.err
	}
	v := newVerifier()
	err := v.replay(&Certificate{Assumptions: c.conds, Steps: c.steps})
	c.vr.Store(&replayState{v, err})
	return v, err
}

// clone returns a verifier with copies of v's maps (checking a proof adds
// atoms and resolutions to them; their values are never modified).
func (v *verifier) clone() *verifier {
	n := *v
	n.atoms = maps.Clone(v.atoms)
	n.theta = maps.Clone(v.theta)
	n.bnd = maps.Clone(v.bnd)
	n.elim = maps.Clone(v.elim)
	n.known = maps.Clone(v.known)
	n.intro = maps.Clone(v.intro)
	n.resolved = maps.Clone(v.resolved)
	return &n
}

func (v *verifier) replay(c *Certificate) error {
	v.conds = c.Assumptions
	v.elim = map[string]bool{}
	v.known = map[string]bool{}
	v.intro = map[string]int64{}
	for i, s := range c.Steps {
		if err := v.step(s); err != nil {
			return fmt.Errorf("step %d (%s): %w", i+1, s, err)
		}
	}
	return nil
}

func (v *verifier) step(s Step) error {
	if !v.current(s.Var) {
		return fmt.Errorf("%s is not a current unknown", s.Var)
	}
	bv, _ := v.boundOf(s.Var)
	switch s.Kind {
	case StepBound:
		f, err := v.geFact(s.Src)
		if err != nil {
			return err
		}
		a, b, ok := linearIn(f, s.Var)
		if !ok {
			// m*(a*Var + b) >= 0 with m a monomial of variables >= 1
			if q, okq := v.divideCommon(f); okq {
				a, b, ok = linearIn(q, s.Var)
			}
		}
		if !ok {
			return errors.New("the fact is not linear in the variable alone")
		}
		x := new(big.Rat).Quo(new(big.Rat).Neg(b), a)
		if s.HasLo == s.HasHi {
			return errors.New("a bound step sets exactly one bound")
		}
		if s.HasLo {
			if a.Sign() <= 0 || big.NewRat(s.Lo, 1).Cmp(ratCeil(x)) > 0 {
				return errors.New("the lower bound does not follow")
			}
			bv.lo = max(bv.lo, s.Lo)
		} else {
			if a.Sign() >= 0 || big.NewRat(s.Hi, 1).Cmp(ratFloor(x)) < 0 {
				return errors.New("the upper bound does not follow")
			}
			hi := s.Hi
			if bv.hasHi {
				hi = min(hi, bv.hi)
			}
			bv.hi, bv.hasHi = hi, true
		}
		v.bnd[s.Var] = bv
		return nil
	case StepFixed:
		if !bv.hasHi || bv.lo != s.Lo || bv.hi != s.Lo {
			return errors.New("the bounds do not fix the variable")
		}
		return v.eliminate(s.Var, vconst(big.NewRat(s.Lo, 1)))
	case StepSolve:
		if s.Src.Bound != "" || s.Src.Side != 0 {
			return errors.New("a substitution must come from an equation")
		}
		p, rel, err := v.condImage(s.Src.Cond)
		if err != nil {
			return err
		}
		if rel != EQ {
			return errors.New("the assumption is not an equation")
		}
		e, err := v.conv(s.Expr)
		if err != nil {
			return err
		}
		if e.has(s.Var, v.atoms) {
			return errors.New("the value mentions the variable")
		}
		t, ok := p[monoKey([]vf{{s.Var, 1}})]
		if !ok {
			return errors.New("the equation does not mention the variable linearly")
		}
		lhs := vscale(vsub(vvar(s.Var), e), t.c)
		if !veq(lhs, p) {
			return errors.New("the equation is not k*(variable - value)")
		}
		return v.eliminate(s.Var, e)
	case StepCongruence, StepMultiple:
		if s.Src.Bound != "" {
			return errors.New("a substitution must come from an assumption")
		}
		if s.Src.Cond < 0 || s.Src.Cond >= len(v.conds) {
			return fmt.Errorf("no assumption %d", s.Src.Cond)
		}
		if s.Src.Side != 0 {
			x, y, err := v.integrality(v.conds[s.Src.Cond], s.Src.Side)
			if err != nil {
				return err
			}
			if s.Kind == StepMultiple {
				return v.multiple(s, bv, x, y, new(big.Rat))
			}
			return v.congruence(s, bv, x, y, new(big.Rat))
		}
		cd := v.conds[s.Src.Cond]
		a, other, ok := modSideV(cd)
		other2 := cd.Rel == NE // x%2 != r is x%2 == 1-r
		if other2 {
			a, other, ok = modSideV(Cond{Rel: EQ, X: cd.X, Y: cd.Y})
		}
		if !ok {
			return errors.New("the assumption is not of the form x%y == r")
		}
		x, err := v.image(a.x)
		if err != nil {
			return err
		}
		y, err := v.image(a.y)
		if err != nil {
			return err
		}
		r, err := v.image(other)
		if err != nil {
			return err
		}
		rc, ok := r.constant()
		if !ok {
			return errors.New("the remainder is not a constant")
		}
		if other2 {
			if yc, ok := y.constant(); !ok || yc.Cmp(big.NewRat(2, 1)) != 0 || (rc.Sign() != 0 && rc.Cmp(big.NewRat(1, 1)) != 0) {
				return errors.New("a != assumption gives a congruence only as x%2 != r, r 0 or 1")
			}
			rc = new(big.Rat).Sub(big.NewRat(1, 1), rc)
		}
		if s.Kind == StepMultiple {
			return v.multiple(s, bv, x, y, rc)
		}
		return v.congruence(s, bv, x, y, rc)
	}
	return fmt.Errorf("unknown step kind %d", s.Kind)
}

func (v *verifier) congruence(s Step, bv vbound, x, y vpoly, r *big.Rat) error {
	dc, ok := y.constant()
	if !ok || !dc.IsInt() || dc.Sign() <= 0 || !r.IsInt() {
		return errors.New("the modulus is not a positive integer")
	}
	d := dc.Num()
	b0 := new(big.Int)
	var a *big.Int
	for k, t := range x {
		if !t.c.IsInt() || !monoIntegral(t.m, v.atoms) {
			return errors.New("a term is not integral")
		}
		if k == "" {
			b0.Mod(t.c.Num(), d)
			continue
		}
		if new(big.Int).Mod(t.c.Num(), d).Sign() == 0 {
			continue
		}
		if len(t.m) != 1 || t.m[0].v != s.Var || t.m[0].e != 1 || a != nil {
			return errors.New("the congruence is not linear in the variable alone")
		}
		a = t.c.Num()
	}
	if a == nil {
		return errors.New("the congruence does not constrain the variable")
	}
	am := new(big.Int).Mod(a, d)
	t := new(big.Int).Sub(r.Num(), b0)
	t.Mod(t, d)
	g := new(big.Int).GCD(nil, nil, am, d)
	if new(big.Int).Mod(t, g).Sign() != 0 {
		return errors.New("the congruence has no solution")
	}
	m := new(big.Int).Quo(d, g)
	inv := new(big.Int).ModInverse(new(big.Int).Quo(am, g), m)
	if inv == nil {
		return errors.New("no inverse")
	}
	u0 := new(big.Int).Mul(new(big.Int).Quo(t, g), inv)
	u0.Mod(u0, m)
	if !m.IsInt64() || m.Int64() != s.Mod || !u0.IsInt64() || u0.Int64() != s.Rem {
		return fmt.Errorf("the solution is %s*w+%s", m, u0)
	}
	lo := ratCeil(big.NewRat(bv.lo-s.Rem, s.Mod))
	if big.NewRat(s.NewLo, 1).Cmp(lo) > 0 {
		return errors.New("the new lower bound does not follow")
	}
	nb := vbound{lo: s.NewLo}
	if bv.hasHi {
		hi := ratFloor(big.NewRat(bv.hi-s.Rem, s.Mod))
		if !hi.Num().IsInt64() {
			return errors.New("upper bound out of range")
		}
		nb.hi, nb.hasHi = hi.Num().Int64(), true
	}
	if err := v.newUnknown(s.New, nb); err != nil {
		return err
	}
	val := vadd(vscale(vvar(s.New), big.NewRat(s.Mod, 1)), vconst(big.NewRat(s.Rem, 1)))
	return v.eliminate(s.Var, val)
}

func (v *verifier) multiple(s Step, bv vbound, x, y vpoly, r *big.Rat) error {
	if r.Sign() != 0 {
		return errors.New("the remainder is not 0")
	}
	if !veq(x, vvar(s.Var)) {
		return errors.New("the dividend is not the variable")
	}
	e, err := v.conv(s.Expr)
	if err != nil {
		return err
	}
	if !veq(e, y) {
		return errors.New("the divisor differs")
	}
	t, ok := y.single()
	if !ok || !t.c.IsInt() || t.c.Sign() <= 0 || len(t.m) == 0 {
		return errors.New("the divisor is not a monomial with a positive integer coefficient")
	}
	for _, f := range t.m {
		if f.e < 0 || f.v == s.Var || !v.current(f.v) {
			return errors.New("the divisor is not a monomial of other unknowns")
		}
		if b, _ := v.boundOf(f.v); b.lo < 1 {
			return errors.New("the divisor may be 0")
		}
	}
	want := int64(0)
	if bv.lo >= 1 {
		want = 1
	}
	if s.NewLo > want {
		return errors.New("the new lower bound does not follow")
	}
	if err := v.newUnknown(s.New, vbound{lo: s.NewLo}); err != nil {
		return err
	}
	val, err := vmul(y, vvar(s.New))
	if err != nil {
		return err
	}
	return v.eliminate(s.Var, val)
}

// ---- proofs

func (v *verifier) proof(c *Certificate) error {
	if c.Split != nil {
		return v.byCases(c)
	}
	if c.Claim.Op == ClaimEq && c.Direction == LE {
		return v.eqByOrder(c)
	}
	if c.Claim.Op == ClaimEq {
		// syntactic identity: equal wherever they have a value, whatever
		// the assumptions (the images need not be computable)
		a, err1 := v.conv(c.Claim.A)
		b, err2 := v.conv(c.Claim.B)
		if err1 == nil && err2 == nil && veq(a, b) {
			return nil
		}
	}
	for i, r := range c.Resolved {
		if err := v.resolve(r); err != nil {
			return fmt.Errorf("resolution %d: %w", i+1, err)
		}
	}
	a, err := v.image(c.Claim.A)
	if err != nil {
		return err
	}
	b, err := v.image(c.Claim.B)
	if err != nil {
		return err
	}
	switch c.Claim.Op {
	case ClaimDivides:
		if len(c.Parts) > 0 {
			return v.byRemainder(c, a, b)
		}
		q, err := v.conv(c.Quotient)
		if err != nil {
			return err
		}
		if !q.integral(v.atoms) {
			return errors.New("the quotient is not integral")
		}
		// (2/K divides 2 under K%2==1: image(A) is 2/(2*K'+1), and times
		// the quotient 2*K'+1 it is 2)
		aq, err := v.product(a, q)
		if err != nil {
			return err
		}
		if !veq(aq, b) {
			return errors.New("image(B) != image(A)*quotient")
		}
		return nil
	case ClaimEq:
		if !veq(a, b) {
			return errors.New("the images differ")
		}
		return nil
	case ClaimLe, ClaimLt:
		return v.order(vsub(b, a), c.Claim.Op == ClaimLt, c)
	case ClaimNe:
		switch c.Direction {
		case LT:
			return v.order(vsub(b, a), true, c)
		case GT:
			return v.order(vsub(a, b), true, c)
		case NE:
			if len(c.Uses) != 1 || c.Uses[0].Src.Bound != "" || c.Uses[0].Src.Side != 0 {
				return errors.New("a != proof names one assumption")
			}
			f, rel, err := v.condImage(c.Uses[0].Src.Cond)
			if err != nil {
				return err
			}
			if rel != NE {
				return errors.New("the assumption is not !=")
			}
			k, err := v.conv(c.Uses[0].Mult)
			if err != nil {
				return err
			}
			kc, ok := k.constant()
			if !ok || kc.Sign() == 0 {
				return errors.New("the multiplier is not a non-zero constant")
			}
			if !veq(vsub(a, b), vscale(f, kc)) {
				return errors.New("the difference of the operands is not a multiple of the assumption")
			}
			return nil
		}
		return errors.New("bad direction")
	}
	return fmt.Errorf("no proof form for %s", c.Claim.Op)
}

// same reports whether two expressions have the same form in the
// verifier's arithmetic.
func (v *verifier) same(x, y Expr) bool {
	a, err1 := v.conv(x)
	b, err2 := v.conv(y)
	return err1 == nil && err2 == nil && veq(a, b)
}

// verifyPart verifies part i (from 1) of c: a proof under the same
// assumptions, verified on its own.
func (v *verifier) verifyPart(c, p *Certificate, i int) error {
	if len(p.Assumptions) != len(c.Assumptions) {
		return fmt.Errorf("part %d has other assumptions", i)
	}
	for j := range p.Assumptions {
		if !v.same(p.Assumptions[j].X, c.Assumptions[j].X) || !v.same(p.Assumptions[j].Y, c.Assumptions[j].Y) ||
			p.Assumptions[j].Rel != c.Assumptions[j].Rel {
			return fmt.Errorf("part %d has other assumptions", i)
		}
	}
	if err := Verify(p); err != nil {
		return fmt.Errorf("part %d: %w", i, err)
	}
	return nil
}

// byCases checks a proof by cases on the min or max atom c.Split of the
// claim: two parts, each verified on its own, under c's assumptions and
// one guard (the operand it picks is the lesser for min, the greater for
// max; at most one guard strict, so that the guards cover every binding),
// proving c's claim with the atom replaced by that operand. The
// replacement is checked in the verifier's own arithmetic: both claims,
// read with the atom resolved to the operand (as a Resolution records
// it), must be the same.
func (v *verifier) byCases(c *Certificate) error {
	p := pl(c.Split)
	if p.err != nil || len(p.t) != 1 || !p.t[0].c.isOne() || len(p.t[0].m) != 1 ||
		p.t[0].m[0].e != 1 || p.t[0].m[0].v.kind != kAtom {
		return errors.New("a split is not one atom")
	}
	at := p.t[0].m[0].v
	op := atomNames[at.op]
	if op != "min" && op != "max" {
		return errors.New("a split is not on min or max")
	}
	if len(c.Parts) != 2 {
		return errors.New("a proof by cases needs two parts")
	}
	strict := 0
	for i, part := range c.Parts {
		if part == nil || !part.Universal || part.Claim.Op != c.Claim.Op {
			return fmt.Errorf("case %d is not a proof of the claim's relation", i+1)
		}
		pick, other := at.x, at.y
		if i == 1 {
			pick, other = other, pick
		}
		lesser, greater := pick, other
		if op == "max" {
			lesser, greater = other, pick
		}
		st, err := v.caseGuard(c, part, lesser, greater)
		if err != nil {
			return fmt.Errorf("case %d: %w", i+1, err)
		}
		if st {
			strict++
		}
		// the claims with the atom resolved to the operand, in a verifier
		// of their own (no assumptions: a plain reading)
		w := newVerifier()
		sp, err := w.conv(c.Split)
		if err != nil {
			return err
		}
		t, ok := sp.single()
		if !ok || t.c.Cmp(big.NewRat(1, 1)) != 0 || len(t.m) != 1 || t.m[0].e != 1 || !strings.HasPrefix(t.m[0].v, "@") {
			return errors.New("the split atom reduces")
		}
		pv, err := w.conv(pick)
		if err != nil {
			return err
		}
		w.resolved = map[string]vpoly{t.m[0].v: pv}
		for _, xy := range [2][2]Expr{{c.Claim.A, part.Claim.A}, {c.Claim.B, part.Claim.B}} {
			x, err1 := w.conv(xy[0])
			y, err2 := w.conv(xy[1])
			if err1 != nil || err2 != nil || !veq(x, y) {
				return fmt.Errorf("case %d proves another claim", i+1)
			}
		}
		if err := Verify(part); err != nil {
			return fmt.Errorf("case %d: %w", i+1, err)
		}
	}
	if strict > 1 {
		return errors.New("both guards are strict: the cases miss the bindings where the operands are equal")
	}
	return nil
}

// caseGuard checks that the assumptions of part are c's and one more,
// lesser <= greater or lesser < greater (strict), in any order.
func (v *verifier) caseGuard(c, part *Certificate, lesser, greater Expr) (strict bool, err error) {
	if len(part.Assumptions) != len(c.Assumptions)+1 {
		return false, errors.New("its assumptions are not the claim's and a guard")
	}
	used := make([]bool, len(part.Assumptions))
	sameCond := func(x, y Cond) bool { return x.Rel == y.Rel && v.same(x.X, y.X) && v.same(x.Y, y.Y) }
	for _, cd := range c.Assumptions {
		found := false
		for j, pd := range part.Assumptions {
			if !used[j] && sameCond(cd, pd) {
				used[j], found = true, true
				break
			}
		}
		if !found {
			return false, errors.New("its assumptions are not the claim's and a guard")
		}
	}
	for j, pd := range part.Assumptions {
		if used[j] {
			continue
		}
		if (pd.Rel == LE || pd.Rel == LT) && v.same(pd.X, lesser) && v.same(pd.Y, greater) {
			return pd.Rel == LT, nil
		}
	}
	return false, errors.New("its guard does not pick the operand")
}

// eqByOrder checks a ClaimEq proof made of the proofs A <= B and B <= A
// (Parts), each under the same assumptions and verified on its own.
func (v *verifier) eqByOrder(c *Certificate) error {
	if len(c.Parts) != 2 {
		return errors.New("an equality by order needs two parts")
	}
	for i, p := range c.Parts {
		if p == nil || !p.Universal || p.Claim.Op != ClaimLe || len(p.Parts) != 0 {
			return fmt.Errorf("part %d is not a <= proof", i+1)
		}
		x, y := c.Claim.A, c.Claim.B
		if i == 1 {
			x, y = y, x
		}
		if !v.same(p.Claim.A, x) || !v.same(p.Claim.B, y) {
			return fmt.Errorf("part %d proves another claim", i+1)
		}
		if err := v.verifyPart(c, p, i+1); err != nil {
			return err
		}
	}
	return nil
}

// byRemainder checks a ClaimDivides proof by its remainder: one part, the
// proof that B%A (as B - A*floor_div(B,A), or the atom) equals 0 under the
// same assumptions, where the image of A (ia) is an integer >= 1 and that
// of B (ib) integral: then A divides B. Where A or B has a rational
// coefficient, A and B are both first multiplied by the least common
// multiple of the denominators (vclearing; the quotient is the same).
func (v *verifier) byRemainder(c *Certificate, ia, ib vpoly) error {
	if len(c.Parts) != 1 || c.Parts[0] == nil || !c.Parts[0].Universal || c.Parts[0].Claim.Op != ClaimEq {
		return errors.New("a divisibility by its remainder needs one equality part")
	}
	x, err := v.conv(c.Claim.B)
	if err != nil {
		return err
	}
	y, err := v.conv(c.Claim.A)
	if err != nil {
		return err
	}
	// operands with rational coefficients: both times the least common
	// multiple of their denominators (the same quotient)
	if d := vclearing(x, y); d != nil {
		if x, err = vmul(x, d); err != nil {
			return err
		}
		if y, err = vmul(y, d); err != nil {
			return err
		}
		if ib, err = v.subst(x); err != nil {
			return err
		}
		if ia, err = v.subst(y); err != nil {
			return err
		}
	}
	if !ia.integral(v.atoms) || !v.positiveV(ia) || !ib.integral(v.atoms) {
		return errors.New("the divisor is not an integer >= 1, or the dividend not integral")
	}
	p := c.Parts[0]
	zero, err := v.conv(p.Claim.B)
	if err != nil || len(zero) != 0 {
		return errors.New("the part does not prove a remainder 0")
	}
	r, err := v.conv(p.Claim.A)
	if err != nil {
		return err
	}
	m, err := v.atom("mod", x, y)
	if err != nil {
		return err
	}
	fl, err := v.atom("floor_div", x, y)
	if err != nil {
		return err
	}
	yf, err := vmul(y, fl)
	if err != nil {
		return err
	}
	if !veq(r, m) && !veq(r, vsub(x, yf)) {
		return errors.New("the part proves another remainder")
	}
	return v.verifyPart(c, p, 1)
}

// vclearing returns the least common multiple of the denominators of the
// coefficients of x and y as a constant, nil when it is 1.
func vclearing(x, y vpoly) vpoly {
	den := big.NewInt(1)
	for _, p := range []vpoly{x, y} {
		for _, t := range p {
			d := t.c.Denom()
			den.Mul(den, new(big.Int).Quo(d, new(big.Int).GCD(nil, nil, den, d)))
		}
	}
	if den.Cmp(big.NewInt(1)) == 0 {
		return nil
	}
	return vmonomial(new(big.Rat).SetInt(den), nil)
}

// vatomLo is the verifier's bound for atoms: x%y >= 0 for a positive
// constant y or a positive monomial y over unknowns >= 1; floor_div and
// ceil_div >= 0 for x >= 0 (by the shift over the current bounds) and a
// positive constant or monomial divisor over unknowns >= 1; min and max >=
// 1 when both arguments are; the reciprocal 1/P0 >= 0 where P0 > 0 (the
// shift shows P0 >= its positive constant term: then 0 < 1/P0).
func (v *verifier) vatomLo(name string) (int64, bool) {
	a := v.atoms[name]
	switch a.op {
	case "inv":
		if ok, strict := v.nonneg(a.x); ok && strict {
			return 0, true
		}
	case "mod":
		if d, ok := a.y.constant(); ok && d.Sign() > 0 {
			return 0, true
		}
		if v.positiveV(a.y) {
			return 0, true
		}
	case "floor_div", "ceil_div":
		if !v.positiveV(a.y) {
			return 0, false
		}
		if ok, strict := v.nonneg(a.x); ok {
			if strict && a.op == "ceil_div" {
				return 1, true
			}
			return 0, true
		}
	case "min", "max":
		one := vconst(big.NewRat(1, 1))
		okx, _ := v.nonneg(vsub(a.x, one))
		oky, _ := v.nonneg(vsub(a.y, one))
		if okx && oky {
			return 1, true
		}
	}
	return 0, false
}

// positiveV reports whether y is an integer >= 1: a positive monomial over
// unknowns >= 1, or an integral polynomial (an atom such as min(M,N)
// included) whose y-1 the shift argument shows non-negative.
func (v *verifier) positiveV(y vpoly) bool {
	if t, ok := y.single(); ok && t.c.Sign() > 0 && t.c.IsInt() {
		mono := true
		for _, f := range t.m {
			if f.e < 0 || strings.HasPrefix(f.v, "@") {
				mono = false
				break
			}
			if b, ok := v.boundOf(f.v); !ok || b.lo < 1 {
				mono = false
				break
			}
		}
		if mono {
			return true
		}
	}
	if !y.integral(v.atoms) {
		return false
	}
	ge, _ := v.nonneg(vsub(y, vconst(big.NewRat(1, 1))))
	return ge
}

func (v *verifier) lo(name string) (int64, bool) {
	if strings.HasPrefix(name, "@") {
		return v.vatomLo(name)
	}
	if v.elim[name] {
		return 0, false
	}
	b, ok := v.boundOf(name)
	return b.lo, ok
}

// shift substitutes u = lo(u) + u for every variable; negative exponents
// are refused.
func (v *verifier) shift(p vpoly) (vpoly, error) { return shiftBy(p, v.lo) }

// shiftBy substitutes u = lo(u) + u for every variable of p, lo giving the
// lower bounds (shift's now, nonneg0's at introduction); negative
// exponents and a variable without a bound are refused.
func shiftBy(p vpoly, lo func(string) (int64, bool)) (vpoly, error) {
	r := vpoly{}
	for _, t := range p {
		acc := vconst(t.c)
		for _, f := range t.m {
			if f.e < 0 {
				return nil, errors.New("negative exponent in a shifted polynomial")
			}
			l, ok := lo(f.v)
			if !ok {
				return nil, fmt.Errorf("no lower bound for %s", printableName(f.v))
			}
			base := vvar(f.v)
			if l != 0 {
				base = vadd(base, vconst(big.NewRat(l, 1)))
			}
			pw, err := vpow(base, f.e)
			if err != nil {
				return nil, err
			}
			if acc, err = vmul(acc, pw); err != nil {
				return nil, err
			}
		}
		r.addAll(acc)
	}
	return r, nil
}

func printableName(s string) string {
	if strings.HasPrefix(s, "@") {
		return "an atom"
	}
	return s
}

// nonneg: shifted coefficients all >= 0 (strict: constant > 0).
func (v *verifier) nonneg(p vpoly) (ok, strict bool) { return nonnegBy(p, v.lo) }

// nonnegBy is nonneg with the lower bounds lo (shiftBy).
func nonnegBy(p vpoly, lo func(string) (int64, bool)) (ok, strict bool) {
	s, err := shiftBy(p, lo)
	if err != nil {
		return false, false
	}
	for k, t := range s {
		if t.c.Sign() < 0 {
			return false, false
		}
		if k == "" { // a positive constant: no term is 0
			strict = true
		}
	}
	return true, strict
}

// scaled returns p times scale (product), where the scale must be
// positive at every allowed binding: the shift argument shows it,
// non-negative shifted coefficients and a positive constant term, so that
// the scale is at least that constant (a monomial over unknowns >= 1, an
// atom >= 1 such as min(M,N), the sum 2*K'+1 with K' >= 0). Multiplying by
// a positive value keeps an order and its strictness: p >= 0 (p > 0)
// exactly where the product is. So 2-2*n scaled by 2*K'+1, n =
// @inv(2*K'+1), is 4*K'.
func (v *verifier) scaled(p vpoly, scale Expr) (vpoly, error) {
	s, err := v.conv(scale)
	if err != nil {
		return nil, err
	}
	if ok, strict := v.nonneg(s); !ok || !strict {
		return nil, errors.New("the scale is not shown positive")
	}
	return v.product(p, s)
}

// product returns p*s with the reciprocal atoms n = @inv(P0) of p (see
// inverse) multiplied out by the identity n*P0 = 1, which holds wherever
// p is defined (P0 != 0): where P0^k divides s (s = P0^k*q, checked by
// multiplication), p*s is (p*P0^k)*q, each factor P0 taken by a term with
// n as one power of n fewer and by the others as a product (timesGroup).
func (v *verifier) product(p, s vpoly) (vpoly, error) {
	var err error
	var invs []string
	for _, t := range p {
		for _, f := range t.m {
			if a, ok := v.atoms[f.v]; ok && a.op == "inv" && f.e > 0 && !slices.Contains(invs, f.v) {
				invs = append(invs, f.v)
			}
		}
	}
	slices.Sort(invs)
	for _, n := range invs {
		p0 := v.atoms[n].x
		for k := 0; ; k++ {
			q, ok := vquo(s, p0)
			if !ok {
				break
			}
			if k == vmaxGroupPowers {
				// a certificate's scale that P0 divides this often is
				// refused: the work of the multiplication is bounded
				return nil, fmt.Errorf("the scale holds the sum of the reciprocal %s more than %d times", n, vmaxGroupPowers)
			}
			if p, err = v.timesGroup(p, n, p0); err != nil {
				return nil, err
			}
			s = q
		}
	}
	return vmul(p, s)
}

// vmaxGroupPowers bounds the powers of a reciprocal atom's P0 that
// product multiplies out of a scale (the certificates the prover makes
// need one or two).
const vmaxGroupPowers = 16

// timesGroup is p*P0 for the reciprocal atom n of P0: a term with n as
// one power of n fewer (n*P0 = 1), the other terms times P0.
func (v *verifier) timesGroup(p vpoly, n string, p0 vpoly) (vpoly, error) {
	r := vpoly{}
	for _, t := range p {
		if i := slices.IndexFunc(t.m, func(f vf) bool { return f.v == n }); i >= 0 && t.m[i].e > 0 {
			r.addTerm(vterm{t.c, vmulMono(t.m, []vf{{n, -1}})})
			continue
		}
		tp, err := vmul(vpoly{monoKey(t.m): t}, p0)
		if err != nil {
			return nil, err
		}
		r.addAll(tp)
	}
	return r, nil
}

// order checks the shift proof of p >= 0 (strict: > 0) with the
// certificate's Scale and Uses.
func (v *verifier) order(p vpoly, strict bool, c *Certificate) error {
	if c.Scale != nil {
		var err error
		if p, err = v.scaled(p, c.Scale); err != nil {
			return err
		}
	}
	if c.Round != nil {
		// an integral p with R*p + R - 1 >= 0 (strict: R*p - 1 >= 0) is
		// >= 0 (>= 1): the proof is of that
		r, err := v.conv(c.Round)
		if err != nil {
			return err
		}
		if !r.integral(v.atoms) || !v.positiveV(r) {
			return errors.New("the rounding divisor is not an integer >= 1")
		}
		if !p.integral(v.atoms) || len(p) == 0 {
			return errors.New("a rounded difference is not integral")
		}
		// divided by the gcd of its (integer) coefficients
		g := new(big.Int)
		for _, t := range p {
			g.GCD(nil, nil, g, new(big.Int).Abs(t.c.Num()))
		}
		p = vscale(p, new(big.Rat).SetFrac(big.NewInt(1), g))
		if p, err = vmul(p, r); err != nil {
			return err
		}
		if strict {
			p = vsub(p, vconst(big.NewRat(1, 1)))
		} else {
			p = vadd(p, vsub(r, vconst(big.NewRat(1, 1))))
		}
		strict = false
	}
	sp, err := v.shift(p)
	if err != nil {
		return err
	}
	for _, u := range c.Uses {
		f, err := v.geFact(u.Src)
		if err != nil {
			return err
		}
		if u.Scale != nil {
			if f, err = v.scaled(f, u.Scale); err != nil {
				return err
			}
		}
		sf, err := v.shift(f)
		if err != nil {
			return err
		}
		m, err := v.conv(u.Mult)
		if err != nil {
			return err
		}
		t, ok := m.single()
		if !ok || t.c.Sign() <= 0 {
			return errors.New("a multiplier is not a positive monomial")
		}
		for _, x := range t.m {
			if x.e < 0 {
				return errors.New("a multiplier has a negative exponent")
			}
		}
		mf, err := vmul(vscale(m, big.NewRat(-1, 1)), sf)
		if err != nil {
			return err
		}
		sp.addAll(mf)
	}
	pos := false
	for k, t := range sp {
		if t.c.Sign() < 0 {
			return errors.New("a shifted coefficient is negative")
		}
		if k == "" { // a positive constant: no term is 0
			pos = true
		}
	}
	if strict && !pos {
		return errors.New("the shifted constant term is not positive")
	}
	return nil
}

// ---- witnesses

// veval evaluates an engine expression at a binding with its own code.
func veval(e Expr, b Binding) (*big.Rat, error) {
	p := pl(e)
	if p.err != nil {
		return nil, p.err
	}
	sum := new(big.Rat)
	for _, t := range p.t {
		x := t.c.toBig()
		for _, f := range t.m {
			var base *big.Rat
			switch f.v.kind {
			case kSym:
				n, ok := b[f.v.name]
				if !ok {
					return nil, fmt.Errorf("%s is not bound", f.v.name)
				}
				base = big.NewRat(n, 1)
			case kAtom:
				xv, err := veval(f.v.x, b)
				if err != nil {
					return nil, err
				}
				yv, err := veval(f.v.y, b)
				if err != nil {
					return nil, err
				}
				switch f.v.op {
				case opMin:
					base = xv
					if yv.Cmp(xv) < 0 {
						base = yv
					}
				case opMax:
					base = xv
					if yv.Cmp(xv) > 0 {
						base = yv
					}
				default:
					if yv.Sign() == 0 {
						return nil, errors.New("division by zero")
					}
					q := new(big.Rat).Quo(xv, yv)
					switch f.v.op {
					case opFloorDiv:
						base = ratFloor(q)
					case opCeilDiv:
						base = ratCeil(q)
					default:
						base = new(big.Rat).Sub(xv, new(big.Rat).Mul(yv, ratFloor(q)))
					}
				}
			default:
				return nil, errors.New("an internal unknown in a user expression")
			}
			e := int64(f.e)
			if e < 0 {
				if base.Sign() == 0 {
					return nil, errors.New("division by zero")
				}
				base = new(big.Rat).Inv(base)
				e = -e
			}
			pw := new(big.Rat).SetInt(new(big.Int).Exp(base.Num(), big.NewInt(e), nil))
			pw.Quo(pw, new(big.Rat).SetInt(new(big.Int).Exp(base.Denom(), big.NewInt(e), nil)))
			x.Mul(x, pw)
		}
		sum.Add(sum, x)
	}
	return sum, nil
}

func (v *verifier) witness(c *Certificate) error {
	b := c.Binding
	if b == nil {
		return errors.New("sym: verify: a witness needs a binding")
	}
	for k, x := range b {
		if x < 1 {
			return fmt.Errorf("sym: verify: %s=%d is not positive", k, x)
		}
	}
	for i, cd := range c.Assumptions {
		x, err := veval(cd.X, b)
		if err != nil {
			return fmt.Errorf("sym: verify: assumption %d: %w", i, err)
		}
		y, err := veval(cd.Y, b)
		if err != nil {
			return fmt.Errorf("sym: verify: assumption %d: %w", i, err)
		}
		if !x.IsInt() || !y.IsInt() || !relHolds(cd.Rel, x.Cmp(y)) {
			return fmt.Errorf("sym: verify: the binding violates assumption %s", cd)
		}
	}
	x, err := veval(c.Claim.A, b)
	if err != nil {
		return fmt.Errorf("sym: verify: %w", err)
	}
	y, err := veval(c.Claim.B, b)
	if err != nil {
		return fmt.Errorf("sym: verify: %w", err)
	}
	if !x.IsInt() || !y.IsInt() {
		return errors.New("sym: verify: an operand is not an integer at the binding")
	}
	var holds bool
	switch c.Claim.Op {
	case ClaimDivides, ClaimNotDivides:
		d := false
		if x.Sign() == 0 {
			d = y.Sign() == 0
		} else {
			d = new(big.Rat).Quo(y, x).IsInt()
		}
		holds = d == (c.Claim.Op == ClaimDivides)
	case ClaimEq:
		holds = x.Cmp(y) == 0
	case ClaimNe:
		holds = x.Cmp(y) != 0
	case ClaimLt:
		holds = x.Cmp(y) < 0
	case ClaimLe:
		holds = x.Cmp(y) <= 0
	default:
		return errors.New("sym: verify: unknown claim")
	}
	if !holds {
		return fmt.Errorf("sym: verify: the claim %s fails at %s", c.Claim, formatBinding(b))
	}
	return nil
}
