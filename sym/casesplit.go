package sym

// Proofs by cases on a min or max atom of a claim (Certificate.Split):
// where no proof of the claim is found as it stands, the first min(x,y)
// or max(x,y) of its operands (outermost first, nested ones too) is
// replaced by x under the guard that makes x its value (x <= y for min,
// y <= x for max), and by y under the other guard, and each case is
// proved on its own in the context with its guard added. A guard that
// fails as <= is tried strict (x < y: under M%8 == 0, min(M,16) divides
// 16, as M under M < 16, where M is 8, and as 16 under 16 <= M); at most
// one of the two may be strict, so that the cases cover every binding.
// A case may split again, on an atom of its own claim, up to
// maxCaseSplits atoms on a path: at most 2^maxCaseSplits leaves, each a
// general-path proof. Verify checks the split with its own code
// (verifier.byCases) and each case as a certificate of its own.

// maxCaseSplits bounds the atoms that one proof by cases splits on along
// a path of cases.
const maxCaseSplits = 2

// splitAtom returns the first min or max atom of the operands, in the
// order of their terms and factors, an atom before the atoms of its
// arguments (not a group atom min(y,y)), or nil.
func splitAtom(ps ...*poly) *variable {
	for _, p := range ps {
		for _, t := range p.t {
			for _, f := range t.m {
				v := f.v
				if v.kind != kAtom {
					continue
				}
				if (v.op == opMin || v.op == opMax) && !polyEq(v.x, v.y) {
					return v
				}
				if in := splitAtom(v.x, v.y); in != nil {
					return in
				}
			}
		}
	}
	return nil
}

// proveByCases proves cl by cases on the first min or max atom of its
// operands (see above); depth is the number of atoms split on above it.
// The certificate is verified; nil when no proof is found.
func (c *Ctx) proveByCases(cl Claim, depth int) *Certificate {
	if depth >= maxCaseSplits {
		return nil
	}
	a, b := pl(cl.A), pl(cl.B)
	if a.err != nil || b.err != nil {
		return nil
	}
	at := splitAtom(a, b)
	if at == nil {
		return nil
	}
	var parts [2]*Certificate
	strict := false
	for i := range parts {
		pick, other := at.x, at.y
		if i == 1 {
			pick, other = other, pick
		}
		lesser, greater := pick, other
		if at.op == opMax {
			lesser, greater = other, pick
		}
		rep := func(v *variable) *poly {
			if v == at {
				return pick
			}
			return nil
		}
		sa, ok1 := substPolyExact(a, rep)
		sb, ok2 := substPolyExact(b, rep)
		if !ok1 || !ok2 || sa.err != nil || sb.err != nil {
			return nil
		}
		sc := Claim{cl.Op, sa, sb}
		for _, rel := range [2]Rel{LE, LT} {
			if rel == LT && strict {
				break // the other case's guard is strict already
			}
			sub, err := c.WithConds(Cond{X: lesser, Rel: rel, Y: greater})
			if err != nil {
				continue
			}
			if parts[i] = sub.proveClaim(sc, depth+1); parts[i] != nil {
				strict = rel == LT
				break
			}
		}
		if parts[i] == nil {
			return nil
		}
	}
	cert := c.certBase(cl)
	cert.Split = varPoly(at)
	cert.Parts = parts[:]
	return c.verified(cert)
}

// proveClaim proves a ClaimDivides or ClaimEq cl on the general path (the
// proofs Divides and Equal make, without their search for witnesses),
// then by cases.
func (c *Ctx) proveClaim(cl Claim, depth int) *Certificate {
	a, b := pl(cl.A), pl(cl.B)
	var cert *Certificate
	switch cl.Op {
	case ClaimDivides:
		cert = c.proveDivides(a, b)
	case ClaimEq:
		if cert = c.proveEq(a, b); cert == nil {
			cert = c.proveEqByOrder(a, b)
		}
	default:
		return nil
	}
	if cert == nil {
		cert = c.proveByCases(cl, depth)
	}
	return cert
}
