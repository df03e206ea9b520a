package sym

import (
	"errors"
	"strings"
)

var emptyCtx = NewCtx()

func orEmpty(c *Ctx) *Ctx {
	if c == nil {
		return emptyCtx
	}
	return c
}

// Decision is the answer of Divides or Equal: Truth, and on demand a
// certificate for a True or False answer.
type Decision struct {
	Truth Truth
	ctx   *Ctx
	op    ClaimOp
	a, b  *poly
	cert  *Certificate
}

// Certificate returns the evidence for a True answer (a proof) or a False
// one (a binding that satisfies the assumptions and refutes the claim). It
// is built on demand, so that deciding allocates nothing on the fast path;
// Verify re-checks it. An Unknown answer has no certificate.
func (d Decision) Certificate() (*Certificate, error) {
	if d.cert != nil {
		return d.cert, nil
	}
	if d.Truth == Unknown || d.ctx == nil {
		return nil, errors.New("sym: an unknown answer has no certificate")
	}
	var cert *Certificate
	switch d.op {
	case ClaimDivides:
		if d.Truth == True {
			cert = d.ctx.proveDivides(d.a, d.b)
		} else {
			var rec fastRec
			if t, ok := d.ctx.fastDivides(d.a, d.b, &rec); ok && t == False && rec.found[0] {
				cert = d.ctx.witnessCert(Claim{ClaimNotDivides, d.a, d.b}, rec.point[0])
			} else {
				cert = d.ctx.searchWitness(Claim{ClaimNotDivides, d.a, d.b})
			}
		}
	case ClaimEq:
		if d.Truth == True {
			if cert = d.ctx.proveEq(d.a, d.b); cert == nil {
				cert = d.ctx.proveEqByOrder(d.a, d.b)
			}
		} else {
			var rec fastRec
			if _, _, ok := d.ctx.fastCompare(d.a, d.b, &rec); ok && (rec.found[0] || rec.found[2]) {
				k := 0
				if !rec.found[0] {
					k = 2
				}
				cert = d.ctx.witnessCert(Claim{ClaimNe, d.a, d.b}, rec.point[k])
			} else {
				cert = d.ctx.searchWitness(Claim{ClaimNe, d.a, d.b})
			}
		}
	}
	if cert == nil {
		return nil, errors.New("sym: internal error: no certificate for a decided answer")
	}
	if err := Verify(cert); err != nil {
		return nil, errors.New("sym: internal error: certificate does not verify: " + err.Error())
	}
	return cert, nil
}

// Divides decides whether a divides b at every binding allowed by the
// assumptions (b/a an integer; 0 divides only 0). True comes with a
// quotient over the unknowns, False with a binding where a does not divide
// b.
func (c *Ctx) Divides(a, b Expr) Decision {
	c = orEmpty(c)
	pa, pb := pl(a), pl(b)
	d := Decision{ctx: c, op: ClaimDivides, a: pa, b: pb}
	if pa.err != nil || pb.err != nil {
		return d
	}
	if t, ok := c.fastDivides(pa, pb, nil); ok {
		d.Truth = t
		return d
	}
	if t, ok := c.factDivides(pa, pb); ok {
		d.Truth = t
		return d
	}
	if cert := c.proveDivides(pa, pb); cert != nil {
		d.Truth, d.cert = True, cert
		return d
	}
	if cert := c.searchWitness(Claim{ClaimNotDivides, pa, pb}); cert != nil {
		d.Truth, d.cert = False, cert
	}
	return d
}

// Equal decides whether a == b at every allowed binding. True comes with
// the identity of their images or, as Compare would prove it, with proofs
// of a <= b and b <= a; False with a binding where they differ.
func (c *Ctx) Equal(a, b Expr) Decision {
	c = orEmpty(c)
	pa, pb := pl(a), pl(b)
	d := Decision{ctx: c, op: ClaimEq, a: pa, b: pb}
	if pa.err != nil || pb.err != nil {
		return d
	}
	if polyEq(pa, pb) {
		d.Truth = True
		return d
	}
	if p, w, ok := c.fastCompare(pa, pb, nil); ok {
		switch {
		case p == Same:
			d.Truth = True
			return d
		case w&(Less|Greater) != 0:
			d.Truth = False
			return d
		}
	}
	if cert := c.proveEq(pa, pb); cert != nil {
		d.Truth, d.cert = True, cert
		return d
	}
	// what Compare proves: a <= b and b <= a
	if cert := c.proveEqByOrder(pa, pb); cert != nil {
		d.Truth, d.cert = True, cert
		return d
	}
	if cert := c.searchWitness(Claim{ClaimNe, pa, pb}); cert != nil {
		d.Truth, d.cert = False, cert
	}
	return d
}

// Order is a set of the relations <, = and > between two values.
type Order uint8

// The relations; AnyOrder is the set of all three.
const (
	Less     Order = 1 << iota // a < b
	Same                       // a == b
	Greater                    // a > b
	AnyOrder = Less | Same | Greater
)

func (o Order) String() string {
	var parts []string
	if o&Less != 0 {
		parts = append(parts, "<")
	}
	if o&Same != 0 {
		parts = append(parts, "=")
	}
	if o&Greater != 0 {
		parts = append(parts, ">")
	}
	return "{" + strings.Join(parts, ",") + "}"
}

// Comparison is the answer of Compare. Possible holds the relations
// between a and b that the procedure could not exclude: each excluded
// relation has a proof. Witnessed holds the relations shown to occur at
// some allowed binding, each with a witness binding. Witnessed is a subset
// of Possible; the relations in Possible but not in Witnessed are
// undecided.
type Comparison struct {
	Possible  Order
	Witnessed Order
	ctx       *Ctx
	a, b      *poly
	certs     []*Certificate
	fact      bool // answered by the fact fast path: certificates from the general path
}

// Holds answers "a r b at every allowed binding", r a set of relations
// (Less|Same for <=): True when every possible relation is in r, False when
// a witnessed one is not, Unknown otherwise.
func (c Comparison) Holds(r Order) Truth {
	switch {
	case c.Possible&^r == 0:
		return True
	case c.Witnessed&^r != 0:
		return False
	}
	return Unknown
}

// Certificates returns a proof for each relation excluded from Possible
// (ClaimLe for excluding >, ClaimLe with the operands swapped for
// excluding <, ClaimNe for excluding =) and a witness binding for each
// relation in Witnessed (ClaimLt, ClaimEq, ClaimLt swapped).
func (c Comparison) Certificates() ([]*Certificate, error) {
	if c.certs != nil {
		return c.certs, nil
	}
	if c.ctx == nil {
		return nil, errors.New("sym: zero Comparison")
	}
	if c.fact {
		g := c.ctx.compareGeneral(c.a, c.b)
		if g.Possible != c.Possible || g.Witnessed != c.Witnessed {
			return nil, errors.New("sym: internal error: the fact fast path and the general path disagree")
		}
		return g.certs, nil
	}
	var out []*Certificate
	var rec fastRec
	fast := false
	if _, _, ok := c.ctx.fastCompare(c.a, c.b, &rec); ok {
		fast = true
	}
	add := func(cert *Certificate, what string) error {
		if cert == nil {
			return errors.New("sym: internal error: no certificate for " + what)
		}
		if err := Verify(cert); err != nil {
			return errors.New("sym: internal error: certificate for " + what + " does not verify: " + err.Error())
		}
		out = append(out, cert)
		return nil
	}
	for k, rel := range [3]Order{Less, Same, Greater} {
		if c.Possible&rel == 0 {
			var cert *Certificate
			switch rel {
			case Less:
				cert = c.ctx.proveLe(c.b, c.a, false)
			case Same:
				cert = c.ctx.proveNe(c.a, c.b)
			default:
				cert = c.ctx.proveLe(c.a, c.b, false)
			}
			if err := add(cert, "excluding "+rel.String()); err != nil {
				return nil, err
			}
		}
		if c.Witnessed&rel != 0 {
			cl := witnessClaim(rel, c.a, c.b)
			var cert *Certificate
			if fast && rec.found[k] {
				cert = c.ctx.witnessCert(cl, rec.point[k])
			} else {
				cert = c.ctx.searchWitness(cl)
			}
			if err := add(cert, "witnessing "+rel.String()); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

func witnessClaim(rel Order, a, b *poly) Claim {
	switch rel {
	case Less:
		return Claim{ClaimLt, a, b}
	case Same:
		return Claim{ClaimEq, a, b}
	}
	return Claim{ClaimLt, b, a}
}

// Compare decides the order of a and b under the assumptions (see
// Comparison).
func (c *Ctx) Compare(a, b Expr) Comparison {
	c = orEmpty(c)
	pa, pb := pl(a), pl(b)
	r := Comparison{Possible: AnyOrder, ctx: c, a: pa, b: pb}
	if pa.err != nil || pb.err != nil {
		return r
	}
	if p, w, ok := c.fastCompare(pa, pb, nil); ok {
		r.Possible, r.Witnessed = p, w
		return r
	}
	if p, w, ok := c.factCompare(pa, pb); ok {
		r.Possible, r.Witnessed, r.fact = p, w, true
		return r
	}
	return c.compareGeneral(pa, pb)
}

// compareGeneral is Compare on the general path, with its certificates.
func (c *Ctx) compareGeneral(pa, pb *poly) Comparison {
	r := Comparison{Possible: AnyOrder, ctx: c, a: pa, b: pb}
	var certs []*Certificate
	if cert := c.proveLe(pa, pb, false); cert != nil {
		r.Possible &^= Greater
		certs = append(certs, cert)
	}
	if cert := c.proveLe(pb, pa, false); cert != nil {
		r.Possible &^= Less
		certs = append(certs, cert)
	}
	if r.Possible&Same != 0 {
		if cert := c.proveNe(pa, pb); cert != nil {
			r.Possible &^= Same
			certs = append(certs, cert)
		}
	}
	wc := c.searchOrders(pa, pb, r.Possible)
	for k, rel := range [3]Order{Less, Same, Greater} {
		if wc[k] != nil {
			r.Witnessed |= rel
			certs = append(certs, wc[k])
		}
	}
	r.certs = certs
	return r
}
