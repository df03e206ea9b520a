package props

import (
	"testing"

	"pgregory.net/rapid"

	"github.com/cutealg/cutealg/sym"
)

// Checker mutation: certificates from the deciding code, changed at random,
// never make Verify panic, and whatever Verify accepts is true: a proof it
// accepts holds at sampled bindings that satisfy its assumptions, a
// witness it accepts satisfies the assumptions and the claim.
func TestSymVerifyRejectsMutants(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		src := genCtxText(t)
		ctx := mustCtx(t, src)
		a := sym.MustParse(genMonomial(t, "a"))
		b := sym.MustParse(genMonomial(t, "b"))
		var certs []*sym.Certificate
		for _, d := range []sym.Decision{ctx.Divides(a, b), ctx.Equal(a, b)} {
			if c, err := d.Certificate(); err == nil {
				certs = append(certs, c)
			}
		}
		if cs, err := ctx.Compare(a, b).Certificates(); err == nil {
			certs = append(certs, cs...)
		}
		if len(certs) == 0 {
			return
		}
		c := *certs[rapid.IntRange(0, len(certs)-1).Draw(t, "cert")]
		c.Steps = append([]sym.Step(nil), c.Steps...)
		c.Uses = append([]sym.FactUse(nil), c.Uses...)
		if c.Binding != nil {
			nb := sym.Binding{}
			for k, v := range c.Binding {
				nb[k] = v
			}
			c.Binding = nb
		}
		small := func(label string) int64 { return int64(rapid.IntRange(-3, 40).Draw(t, label)) }
		expr := func(label string) sym.Expr {
			return sym.MustParse(rapid.SampledFrom([]string{"0", "1", "2", "M", "N", "M*N", "M/2", "8*M", "N-M"}).Draw(t, label))
		}
		for i, n := 0, rapid.IntRange(1, 3).Draw(t, "mutations"); i < n; i++ {
			switch rapid.IntRange(0, 11).Draw(t, "what") {
			case 0:
				c.Claim.A = expr("A")
			case 1:
				c.Claim.B = expr("B")
			case 2:
				c.Claim.Op = sym.ClaimOp(rapid.IntRange(0, 5).Draw(t, "op"))
			case 3:
				c.Quotient = expr("Q")
			case 4:
				c.Scale = expr("S")
			case 5:
				if len(c.Steps) > 0 {
					k := rapid.IntRange(0, len(c.Steps)-1).Draw(t, "step")
					s := &c.Steps[k]
					switch rapid.IntRange(0, 5).Draw(t, "field") {
					case 0:
						s.Mod = small("mod")
					case 1:
						s.Rem = small("rem")
					case 2:
						s.Lo, s.HasLo, s.HasHi = small("lo"), true, false
					case 3:
						s.Hi, s.HasHi, s.HasLo = small("hi"), true, false
					case 4:
						s.NewLo = small("newlo")
					default:
						s.Expr = expr("E")
					}
				}
			case 6:
				if len(c.Steps) > 0 {
					k := rapid.IntRange(0, len(c.Steps)-1).Draw(t, "drop")
					c.Steps = append(c.Steps[:k], c.Steps[k+1:]...)
				}
			case 7:
				if len(c.Uses) > 0 {
					k := rapid.IntRange(0, len(c.Uses)-1).Draw(t, "use")
					c.Uses[k].Mult = expr("mult")
				}
			case 8:
				c.Uses = nil
			case 9:
				c.Assumptions = nil
			case 10:
				c.Direction = sym.Rel(rapid.IntRange(0, 6).Draw(t, "dir"))
			default:
				if c.Binding != nil {
					for k := range c.Binding {
						c.Binding[k] = small("bind")
						break
					}
				}
			}
		}
		if err := sym.Verify(&c); err != nil {
			return // rejected: fine
		}
		// accepted: the claim must hold
		holds := func(bd sym.Binding) (bool, bool) {
			x, ok1 := value(c.Claim.A, bd)
			y, ok2 := value(c.Claim.B, bd)
			if !ok1 || !ok2 {
				return false, false
			}
			switch c.Claim.Op {
			case sym.ClaimDivides, sym.ClaimNotDivides:
				d := (x == 0 && y == 0) || (x != 0 && y%x == 0)
				return d == (c.Claim.Op == sym.ClaimDivides), true
			case sym.ClaimEq:
				return x == y, true
			case sym.ClaimNe:
				return x != y, true
			case sym.ClaimLt:
				return x < y, true
			}
			return x <= y, true
		}
		actx, err := sym.NewCtx().WithConds(c.Assumptions...)
		if err != nil {
			return
		}
		if !c.Universal {
			if actx.Satisfies(c.Binding) != nil {
				t.Fatalf("Verify accepted a witness that violates its assumptions: %s", &c)
			}
			if h, ok := holds(c.Binding); ok && !h {
				t.Fatalf("Verify accepted a witness where the claim fails: %s", &c)
			}
			return
		}
		for _, bd := range sampleBindings(actx, allSymbols(c.Claim.A, c.Claim.B), 40, rapid.Uint64().Draw(t, "seed")) {
			if h, ok := holds(bd); ok && !h {
				t.Fatalf("Verify accepted a proof of a claim that fails at %v: %s", bd, &c)
			}
		}
	})
}
