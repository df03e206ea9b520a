package sym

import "errors"

// CondDecision is the answer of Ctx.Decide: Truth, and on demand the
// certificates that support a True or False answer.
type CondDecision struct {
	Truth Truth
	Cond  Cond
	dec   *Decision   // answered by Divides or Equal
	cmp   *Comparison // answered by Compare
	rel   Order       // the relations the condition accepts (with cmp)
}

// Certificates returns the evidence for a True or False answer, each
// re-checkable by Verify. A True answer of a divisibility x%y==0 or an
// equation has one proof (ClaimDivides, ClaimEq); a True comparison has a
// proof excluding each relation the condition rejects (ClaimLe, ClaimNe as
// in Comparison.Certificates); a False answer has one witness binding that
// satisfies the assumptions and violates the condition. An Unknown answer
// has none.
func (d CondDecision) Certificates() ([]*Certificate, error) {
	if d.Truth == Unknown {
		return nil, errors.New("sym: an unknown answer has no certificate")
	}
	if d.dec != nil {
		c, err := d.dec.Certificate()
		if err != nil {
			return nil, err
		}
		return []*Certificate{c}, nil
	}
	if d.cmp == nil {
		return nil, errors.New("sym: zero CondDecision")
	}
	all, err := d.cmp.Certificates()
	if err != nil {
		return nil, err
	}
	var out []*Certificate
	for _, c := range all {
		if d.Truth == True && c.Universal {
			out = append(out, c)
		}
		if d.Truth == False && !c.Universal && d.rel&d.witnessed(c) == 0 {
			out = append(out, c)
			break
		}
	}
	if len(out) == 0 {
		return nil, errors.New("sym: internal error: no certificate for a decided condition")
	}
	return out, nil
}

// witnessed returns the relation a witness certificate of the comparison
// shows.
func (d CondDecision) witnessed(c *Certificate) Order {
	switch {
	case c.Claim.Op == ClaimEq:
		return Same
	case c.Claim.Op == ClaimLt && polyEq(pl(c.Claim.A), d.cmp.a):
		return Less
	case c.Claim.Op == ClaimLt:
		return Greater
	}
	return 0
}

// Decide decides whether the condition holds at every binding that the
// assumptions allow (where both sides are integers): True when it does,
// False with a binding that satisfies the assumptions and violates it,
// Unknown otherwise. Every comparison of the notation is accepted (== !=
// < <= > >=); a divisibility is asked as x%y==0 (or 0==x%y), which is
// Divides(y, x) when y is a positive integer or monomial. An equation is decided by Equal and, where that is
// Unknown, by the order proofs of Compare (both <= proved: True); the
// other relations by Compare.
func (c *Ctx) Decide(cond Cond) CondDecision {
	c = orEmpty(c)
	x, y := pl(cond.X), pl(cond.Y)
	out := CondDecision{Cond: Cond{Rel: cond.Rel, X: x, Y: y}}
	if x.err != nil || y.err != nil {
		return out
	}
	if cond.Rel == EQ {
		// x%y==0 with y a positive integer or monomial (never 0) is y | x
		if v, other, ok := modSide(x, y); ok && other.isZero() && positiveDivisor(v.y) {
			d := c.Divides(v.y, v.x)
			if d.Truth != Unknown {
				out.Truth, out.dec = d.Truth, &d
				return out
			}
		}
		d := c.Equal(x, y)
		if d.Truth != Unknown {
			out.Truth, out.dec = d.Truth, &d
			return out
		}
	}
	cmp := c.Compare(x, y)
	out.cmp, out.rel = &cmp, cond.Rel.Order()
	out.Truth = cmp.Holds(out.rel)
	return out
}

// DecideText parses a condition of the notation (one comparison) and
// decides it (see Decide).
func (c *Ctx) DecideText(src string) (CondDecision, error) {
	cs, err := ParseConds(src)
	if err != nil {
		return CondDecision{}, err
	}
	if len(cs) != 1 {
		return CondDecision{}, errors.New("sym: Decide takes one comparison; decide each of a conjunction's conditions in turn")
	}
	return c.Decide(cs[0]), nil
}
