package sym

import (
	"strings"
	"testing"
)

// relaxAtoms gives every combination of the bounds of the atoms, at most 8
// of them (three atoms of two bounds each), and nothing beyond (a fourth
// such atom); each combination is at least the fact at every binding
// where the atoms' arguments are integers.
func TestRelaxAtomsCombinations(t *testing.T) {
	three := pl(MustParse("min(M,N)+min(N,K)+min(M,K)-20"))
	outs := relaxAtoms(three)
	for _, q := range outs {
		for m := int64(1); m <= 6; m++ {
			for n := int64(1); n <= 6; n++ {
				for k := int64(1); k <= 6; k++ {
					b := Binding{"M": m, "N": n, "K": k}
					qv, err1 := Eval(q, b)
					pv, err2 := Eval(three, b)
					if err1 != nil || err2 != nil || qv < pv {
						t.Fatalf("%s at %v: %d (%v), below %s = %d (%v)", q, b, qv, err1, three, pv, err2)
					}
				}
			}
		}
	}
	if len(outs) != 8 {
		t.Errorf("%s relaxes to %d polynomials, want 8", three, len(outs))
	}
	four := pl(MustParse("min(M,N)+min(N,K)+min(M,K)+min(M,L)"))
	if outs := relaxAtoms(four); len(outs) != 0 {
		t.Errorf("%s relaxes to %d polynomials, want none (more than 8)", four, len(outs))
	}
}

// The consistency check of the atoms' assumptions (checkAtomFacts) counts
// the proof work it spends (ProofWork): at most its budget proofWork.
func TestAtomFactsCountTheirWork(t *testing.T) {
	c, err := Assume("M%4<=N", "floor_div(N,3)>=M%2")
	if err != nil {
		t.Fatal(err)
	}
	if len(c.atomConds) == 0 {
		t.Fatalf("%v: no assumption for checkAtomFacts", c.Conds())
	}
	before := ProofWork()
	if err := c.checkAtomFacts(); err != nil {
		t.Fatal(err)
	}
	if spent := ProofWork() - before; spent <= 0 || spent > proofWork {
		t.Errorf("checkAtomFacts counted %d units of work, want 1..%d", spent, proofWork)
	}
}

// The upper bounds of the search (factBounds) and the tops of the witness
// search (searchTops, searchBounds) of facts whose terms all have negative
// coefficients are the largest value of each unknown at which every fact
// holds with the other unknowns at their lower bounds, found by counting
// up, where the facts are of degree 1 in every unknown (a top is of an
// unknown of degree 1); of a higher degree, factBounds gives a bound at
// least that large (it sets all but one factor of the unknown to its lower
// bound). A top is visited only where the bounds do not visit it already
// (strictly between the lower and the upper bound).
func TestFactBoundsAndTopsByBruteForce(t *testing.T) {
	n64 := strings.Repeat("*N", 64)
	for _, tc := range []struct {
		assume []string
		tops   []string // the unknowns with a top inside their bounds
		linear bool
	}{
		{[]string{"N>=2", "M*N<=100", "3*M*K+N<=200"}, []string{"M", "K", "N"}, true},
		{[]string{"N>=2", "M*N*N<=100"}, []string{"M"}, false},
		{[]string{"N>=2", "M*N*K<=2"}, nil, true},
		{[]string{"K<=10", "M*K<=10"}, []string{"M"}, true},
		{[]string{"L<=100", "N>=2", "L*N<=100"}, []string{"L", "N"}, true},
		{[]string{"M" + n64 + "<=100"}, []string{"M"}, false},
	} {
		c, err := Assume(tc.assume...)
		if err != nil {
			t.Fatalf("%v: %v", tc.assume, err)
		}
		us := c.appendFactUnknowns(nil)
		vals := map[*variable]int64{}
		for _, u := range us {
			vals[u] = c.bounds(u).lo
		}
		if !factsHold(c.facts, vals) {
			t.Fatalf("%v: the facts fail at the lower corner", tc.assume)
		}
		bnd, tops := c.factBounds(), c.searchTops()
		for _, u := range us {
			lo := c.bounds(u).lo
			ref := lo
			for x := lo + 1; x <= 5000; x++ {
				vals[u] = x
				if !factsHold(c.facts, vals) {
					break
				}
				ref = x
			}
			vals[u] = lo
			if b, ok := bnd[u]; !ok || !b.hasHi || b.hi < ref || tc.linear && b.hi != ref {
				t.Errorf("%v: factBounds gives %s %+v, want hi %d", tc.assume, u.name, b, ref)
			}
			if top, ok := tops[u]; ok && top != ref {
				t.Errorf("%v: the top of %s is %d, want %d", tc.assume, u.name, top, ref)
			}
			sb := c.searchBounds(u)
			want := int64(0)
			for _, name := range tc.tops {
				if strings.HasPrefix(u.name, name) {
					want = ref
				}
			}
			if sb.top != want {
				t.Errorf("%v: searchBounds(%s) = %+v, want top %d", tc.assume, u.name, sb, want)
			}
		}
	}
}

// checkRelaxed and checkRelaxedOf report a fact that contradicts the
// bounds of its atoms (-1-M%4 >= 0, with M%4 >= 0) wherever it stands in
// the list of facts, after facts without atoms.
func TestRelaxedContradictionAnywhere(t *testing.T) {
	c, err := Assume("M<=N", "M%4+N>=1")
	if err != nil {
		t.Fatal(err)
	}
	facts := []fact{
		{kind: fGe, p: pl(MustParse("N-M")), src: factSrc{cond: 0}},
		{kind: fGe, p: pl(MustParse("N-2*M")), src: factSrc{cond: 0}},
		{kind: fGe, p: pl(MustParse("-1-M%4")), src: factSrc{cond: 1}},
	}
	s := &Ctx{conds: c.conds, order: c.order, facts: facts}
	if err := s.checkRelaxed(); err == nil {
		t.Errorf("checkRelaxed finds no contradiction in %v", facts)
	}
	relax := make([][]*poly, len(facts))
	for i, f := range facts {
		relax[i] = relaxedOf(f)
	}
	if err := s.checkRelaxedOf(relax); err == nil {
		t.Errorf("checkRelaxedOf finds no contradiction in %v", facts)
	}
}
