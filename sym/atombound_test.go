package sym

import (
	"fmt"
	"testing"
)

// The bounds of an atom decide its questions, and an assumption about one
// floor_div or ceil_div atom bounds its argument: under M%N>=2, M%N!=1 (an
// integer > 1 is >= 2: proveNe's rounding by R = 1); under floor_div(M,4)>=2,
// M>=8 (sideThrough); so does an equation, and a != where the atom's
// lower bound makes it one more (ceil_div(M,4)!=1: ceil_div(M,4)>=2,
// sideThroughNonzero). Each decision's certificates verify, also after the
// JSON round trip (TestDivModRelations asks them).
var atomBoundCases = []relCase{
	{"M%N>=2", "M%N!=1", True},
	{"M%N>=2", "M%N!=0", True},
	{"M%N>=2", "M%N==1", False},
	{"M%N<=2 && M%N>=1", "M%N!=0", True},
	{"floor_div(M,4)>=2", "M>=8", True},
	{"floor_div(M,4)>2", "M>=12", True},
	{"floor_div(M,4)<=2", "M<=11", True},
	{"floor_div(M,4)<2", "M<8", True},
	{"ceil_div(M,4)>=2", "M>=5", True},
	{"ceil_div(M,4)<=2", "M<=8", True},
	{"2*floor_div(M,N)>=3", "M>=2*N", True},
	{"floor_div(M,N)<=1", "M<2*N", True},
	{"ceil_div(M*N,8)<=1", "M*N<=8", True},
	{"floor_div(M,4)>=2", "M>=9", False},
	{"ceil_div(M,4)<=2", "M<=7", False},
	{"floor_div(M,4)==1", "M<=7", True},
	{"floor_div(M,4)==1", "M>=4", True},
	{"ceil_div(M*N,2*M)==1", "N<=2", True},
	{"ceil_div(M,4)!=1", "M>=5", True},
	{"ceil_div(5,2*M)!=1", "M<=2", True},
	{"ceil_div(M,4)!=1", "M>=6", False},
}

// A brute-force check of the decisions under assumptions about one atom
// (x%d, floor_div(x,d), ceil_div(x,d) against a constant) on questions
// about the atom and its argument: a True answer must hold at every
// binding of a box that satisfies the assumptions, a False one fail at
// its witness, and every certificate verify.
func TestAtomBoundBruteForce(t *testing.T) {
	atoms := []string{"M%N", "M%4", "floor_div(M,4)", "floor_div(M,N)", "ceil_div(M,3)", "ceil_div(M*N,4)", "floor_div(M+N,2)"}
	rels := []string{">=", "<=", ">", "<", "==", "!="}
	questions := []string{"A!=K", "A==K", "A>=K", "A<K", "M>=C", "M<=C", "M*N>=C", "M+N<=C", "M>=C*N", "M<C*N"}
	n := 0
	for _, a := range atoms {
		for _, r := range rels {
			for k := 1; k <= 3; k++ {
				src := fmt.Sprintf("%s%s%d", a, r, k)
				ctx, err := NewCtx().With(src)
				if err != nil {
					continue // inconsistent (M%4<1 with ... ) or refused
				}
				for _, qt := range questions {
					for c := 0; c <= 12; c += 3 {
						q := ""
						for _, ch := range qt {
							switch ch {
							case 'A':
								q += a
							case 'K':
								q += fmt.Sprint(k)
							case 'C':
								q += fmt.Sprint(c)
							default:
								q += string(ch)
							}
						}
						conds, err := ParseConds(q)
						if err != nil {
							t.Fatalf("%s: %v", q, err)
						}
						cond := conds[0]
						dec := ctx.Decide(cond)
						what := fmt.Sprintf("%s | %s", q, src)
						if dec.Truth == Unknown {
							continue
						}
						n++
						certs, err := dec.Certificates()
						if err != nil {
							t.Fatalf("%s: %v", what, err)
						}
						for _, ce := range certs {
							if err := Verify(ce); err != nil {
								t.Fatalf("%s: %v: %s", what, err, ce)
							}
						}
						if dec.Truth != True {
							continue
						}
						for m := int64(1); m <= 40; m++ {
							for nn := int64(1); nn <= 12; nn++ {
								bd := Binding{"M": m, "N": nn}
								if ctx.Satisfies(bd) != nil {
									continue
								}
								if h, err := cond.Holds(bd); err == nil && !h {
									t.Fatalf("%s: True, but it fails at %v", what, bd)
								}
							}
						}
					}
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("nothing decided")
	}
}
