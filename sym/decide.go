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
	path  path  // the path that decided
	at    int32 // on the fact fast path, the search point of the refutation
}

// path is the procedure that answered a question; certificates are built
// from its data.
type path uint8

const (
	pathGeneral path = iota // prove.go: certificates made while deciding
	pathFast                // fast.go
	pathFact                // factfast.go
	pathSame                // identical operands
)

// Certificate returns the evidence for a True answer (a proof) or a False
// one (a binding that satisfies the assumptions and refutes the claim). It
// comes from the procedure that decided: the general path makes (and
// verifies) it while deciding; the fast paths, which allocate nothing while
// deciding, build it on demand from their own data (the quotient or the
// identity of the images, the witness binding they found), without
// re-running the general path and without calling Verify: a derivation
// that stores it re-checks it with Verify. An Unknown answer has no
// certificate.
func (d Decision) Certificate() (*Certificate, error) {
	if d.cert != nil {
		return d.cert, nil
	}
	if d.Truth == Unknown || d.ctx == nil {
		return nil, errors.New("sym: an unknown answer has no certificate")
	}
	c := d.ctx
	var cert *Certificate
	switch {
	case d.Truth == True && (d.op == ClaimEq || d.path == pathSame):
		// Verify checks the identity of the operands or of their images
		cert = c.certBase(Claim{d.op, d.a, d.b})
	case d.path == pathFast && d.op == ClaimDivides && d.Truth == True:
		cert = c.fastDividesProof(d.a, d.b)
	case d.path == pathFast && d.op == ClaimDivides:
		var rec fastRec
		if t, ok := c.fastDivides(d.a, d.b, &rec); ok && t == False && rec.found[0] {
			cert = c.witnessCert(Claim{ClaimNotDivides, d.a, d.b}, rec.point[0])
		}
	case d.path == pathFast && d.op == ClaimEq:
		var rec fastRec
		if _, _, ok := c.fastCompare(d.a, d.b, &rec); ok {
			for _, k := range [2]int{0, 2} {
				if rec.found[k] {
					cert = c.witnessCert(Claim{ClaimNe, d.a, d.b}, rec.point[k])
					break
				}
			}
		}
	case d.path == pathFact && d.op == ClaimDivides && d.Truth == False:
		var rec ffRec
		at := d.at
		if t, ok := c.factDivides(d.a, d.b, &rec, &at); ok && t == False && rec.wit[0] != nil {
			cert = c.bindingCert(Claim{ClaimNotDivides, d.a, d.b}, rec.wit[0])
		}
	}
	if cert == nil {
		return nil, errors.New("sym: internal error: no certificate for a decided answer")
	}
	return cert, nil
}

// Divides decides whether a divides b at every binding allowed by the
// assumptions (b/a an integer; 0 divides only 0). True comes with a
// quotient over the unknowns (or the proof that the remainder is 0, or
// proofs by cases on a min or max: see Certificate.Split), False with a
// binding where a does not divide b.
func (c *Ctx) Divides(a, b Expr) Decision {
	c = orEmpty(c)
	pa, pb := pl(a), pl(b)
	d := Decision{ctx: c, op: ClaimDivides, a: pa, b: pb}
	if pa.err != nil || pb.err != nil {
		return d
	}
	if t, ok := c.fastDivides(pa, pb, nil); ok {
		d.Truth, d.path = t, pathFast
		return d
	}
	if t, ok := c.factDivides(pa, pb, nil, &d.at); ok {
		d.Truth, d.path = t, pathFact
		return d
	}
	if cert := c.proveDivides(pa, pb); cert != nil {
		d.Truth, d.cert = True, cert
		return d
	}
	if cert := c.searchWitness(Claim{ClaimNotDivides, pa, pb}); cert != nil {
		d.Truth, d.cert = False, cert
		return d
	}
	if cert := c.proveByCases(Claim{ClaimDivides, pa, pb}, 0); cert != nil {
		d.Truth, d.cert = True, cert
	}
	return d
}

// Equal decides whether a == b at every allowed binding. True comes with
// the identity of their images or, as Compare would prove it, with proofs
// of a <= b and b <= a, or with proofs by cases on a min or max (see
// Certificate.Split); False with a binding where they differ.
func (c *Ctx) Equal(a, b Expr) Decision {
	c = orEmpty(c)
	pa, pb := pl(a), pl(b)
	d := Decision{ctx: c, op: ClaimEq, a: pa, b: pb}
	if pa.err != nil || pb.err != nil {
		return d
	}
	if polyEq(pa, pb) {
		d.Truth, d.path = True, pathSame
		return d
	}
	if p, w, ok := c.fastCompare(pa, pb, nil); ok {
		switch {
		case p == Same:
			d.Truth, d.path = True, pathFast
			return d
		case w&(Less|Greater) != 0:
			d.Truth, d.path = False, pathFast
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
	if cert := c.searchNe(pa, pb); cert != nil {
		d.Truth, d.cert = False, cert
		return d
	}
	if cert := c.proveByCases(Claim{ClaimEq, pa, pb}, 0); cert != nil {
		d.Truth, d.cert = True, cert
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
	fact      bool     // answered by the fact fast path (factfast.go)
	at        [3]int32 // there, the points of the first witnesses
	general   bool     // answered by the general path: certs made while deciding
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
// relation in Witnessed (ClaimLt, ClaimEq, ClaimLt swapped). Like
// Decision.Certificate, they come from the procedure that decided: on the
// fast paths they are built on demand from the proofs and witnesses that
// procedure found (replayed with recording), without calling Verify.
func (c Comparison) Certificates() ([]*Certificate, error) {
	if c.certs != nil || c.general {
		return c.certs, nil
	}
	if c.ctx == nil {
		return nil, errors.New("sym: zero Comparison")
	}
	if c.Possible == AnyOrder && c.Witnessed == 0 {
		return nil, nil // nothing decided (invalid operands)
	}
	var out []*Certificate
	var wit [3]*Certificate
	var excl [3]*Certificate // proofs excluding Less, Same, Greater
	if c.fact {
		var rec ffRec
		at := c.at
		p, w, ok := c.ctx.factCompare(c.a, c.b, &rec, &at)
		if !ok || p != c.Possible || w != c.Witnessed {
			return nil, errors.New("sym: internal error: the fact fast path does not replay")
		}
		if rec.shift {
			var err error
			if excl, err = c.shiftProofs(); err != nil {
				return nil, err
			}
		}
		for k := range excl {
			if rec.shift {
				break
			}
			if c.Possible&[3]Order{Less, Same, Greater}[k] != 0 {
				continue
			}
			var cert *Certificate
			switch k {
			case 0:
				cert = c.ctx.certBase(Claim{ClaimLe, c.b, c.a})
			case 1:
				cert = c.ctx.certBase(Claim{ClaimNe, c.a, c.b})
				cert.Direction = rec.dir
				if rec.dir == NE {
					rec.excl[1] = []FactUse{{Src: c.ctx.factFast().nesrc[rec.ne], Mult: constPoly(fracRat(rec.k))}}
				}
			default:
				cert = c.ctx.certBase(Claim{ClaimLe, c.a, c.b})
			}
			cert.Uses = append([]FactUse(nil), rec.excl[k]...) // nil when none
			excl[k] = cert
		}
		for k, rel := range [3]Order{Less, Same, Greater} {
			if c.Witnessed&rel != 0 && rec.wit[k] != nil {
				wit[k] = c.ctx.bindingCert(witnessClaim(rel, c.a, c.b), rec.wit[k])
			}
		}
	} else {
		// the fast path of fast.go
		var rec fastRec
		p, w, ok := c.ctx.fastCompare(c.a, c.b, &rec)
		if !ok || p != c.Possible || w != c.Witnessed {
			return nil, errors.New("sym: internal error: the fast path does not replay")
		}
		var err error
		if excl, err = c.shiftProofs(); err != nil {
			return nil, err
		}
		for k, rel := range [3]Order{Less, Same, Greater} {
			if c.Witnessed&rel != 0 && rec.found[k] {
				wit[k] = c.ctx.witnessCert(witnessClaim(rel, c.a, c.b), rec.point[k])
			}
		}
	}
	// the fact path in the general path's order (the proofs of a <= b,
	// b <= a and a != b, then the witnesses of <, = and >), the fast path
	// relation by relation
	if c.fact {
		for _, k := range [3]int{2, 0, 1} {
			if excl[k] != nil {
				out = append(out, excl[k])
			}
		}
	}
	for k, rel := range [3]Order{Less, Same, Greater} {
		if !c.fact && excl[k] != nil {
			out = append(out, excl[k])
		}
		if c.Witnessed&rel != 0 {
			if wit[k] == nil {
				return nil, errors.New("sym: internal error: no certificate for witnessing " + rel.String())
			}
			out = append(out, wit[k])
		}
	}
	return out, nil
}

// shiftProofs builds the proofs of fastOrder's exclusions: the images
// scaled by fastScale and shifted to the lower bounds, without facts.
func (c Comparison) shiftProofs() (excl [3]*Certificate, err error) {
	scale, ok := c.ctx.fastScale(c.a, c.b)
	if !ok {
		return excl, errors.New("sym: internal error: the fast path does not replay")
	}
	for k := range excl {
		if c.Possible&[3]Order{Less, Same, Greater}[k] != 0 {
			continue
		}
		var cert *Certificate
		switch k {
		case 0:
			cert = c.ctx.certBase(Claim{ClaimLe, c.b, c.a})
		case 1:
			cert = c.ctx.certBase(Claim{ClaimNe, c.a, c.b})
			switch c.Possible {
			case Less:
				cert.Direction = LT
			case Greater:
				cert.Direction = GT
			default:
				return excl, errors.New("sym: internal error: the fast path excludes = without an order")
			}
		default:
			cert = c.ctx.certBase(Claim{ClaimLe, c.a, c.b})
		}
		if scale != nil {
			cert.Scale = scale
		}
		excl[k] = cert
	}
	return excl, nil
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
	if p, w, ok := c.factCompare(pa, pb, nil, &r.at); ok {
		r.Possible, r.Witnessed, r.fact = p, w, true
		return r
	}
	return c.compareGeneral(pa, pb)
}

// compareGeneral is Compare on the general path, with its certificates.
func (c *Ctx) compareGeneral(pa, pb *poly) Comparison {
	r := Comparison{Possible: AnyOrder, ctx: c, a: pa, b: pb, general: true}
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
