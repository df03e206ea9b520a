package props

import (
	"flag"
	"fmt"
	"math/big"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/cutealg/cutealg/rules"
	"github.com/cutealg/cutealg/sym"
)

// The soundness property of the decisions (issue 11): under contexts built
// from assumptions of every kind (genAnyAssumption), the answers of
// Divides, Equal and Compare agree with brute force over a box of bindings
// (every symbol in 1..symBox) that the assumptions allow:
//
//   - a True answer (an excluded relation of Compare) holds at every allowed
//     binding of the box where both operands are integers;
//   - a False answer (a witnessed relation of Compare) comes with a
//     certificate whose binding satisfies every assumption (Ctx.Satisfies)
//     and shows the claim false (the relation) with integer operands;
//   - With reports inconsistent assumptions only when no binding of the box
//     satisfies them (a context accepted without a satisfying binding in
//     the box is fine).
//
// Unknown is always allowed. Run more cases locally with
// go test ./props/ -run TestSymSoundness -rapid.checks=20000 (and a larger
// box with -sym.box=24).

var symBox = flag.Int("sym.box", 10, "TestSymSoundness: brute force over every symbol in 1..sym.box")

// boxBindings returns every binding of the symbols in 1..hi.
func boxBindings(names []string, hi int64) []sym.Binding {
	out := []sym.Binding{{}}
	for _, n := range names {
		next := make([]sym.Binding, 0, len(out)*int(hi))
		for _, b := range out {
			for v := int64(1); v <= hi; v++ {
				c := make(sym.Binding, len(b)+1)
				for k, x := range b {
					c[k] = x
				}
				c[n] = v
				next = append(next, c)
			}
		}
		out = next
	}
	return out
}

// holdsAll evaluates the conditions directly (no context).
func holdsAll(conds []sym.Cond, b sym.Binding) bool {
	for _, c := range conds {
		if h, err := c.Holds(b); err != nil || !h {
			return false
		}
	}
	return true
}

// selectCase returns the one case of an answer whose guards hold at b, or
// why there is not exactly one.
func selectCase(ans rules.Answer[sym.Value], b sym.Binding) (rules.Branch[sym.Value], string) {
	var sel []rules.Branch[sym.Value]
	for _, br := range ans.Branches {
		if holdsAll(br.Guards, b) {
			sel = append(sel, br)
		}
	}
	if len(sel) != 1 {
		return rules.Branch[sym.Value]{}, fmt.Sprintf("%d cases hold", len(sel))
	}
	return sel[0], ""
}

// genQuestionOperand draws an operand of a question: a constant, a
// monomial, an expression of the notation (divisions by sums included), or
// a value built with the Go API.
func genQuestionOperand(t *rapid.T, label string) sym.Expr {
	var src string
	switch rapid.IntRange(0, 5).Draw(t, label+"#q") {
	case 0:
		src = fmt.Sprint(rapid.SampledFrom([]int{1, 2, 3, 4, 8, 12, 16}).Draw(t, label+"#const"))
	case 1, 2:
		src = genMonomial(t, label)
	case 3, 4:
		src = genSymExpr(t, label, 1)
	default:
		return genSymValue(t, label, 2)
	}
	e, err := sym.Parse(src)
	if err != nil {
		t.Fatalf("generated text %q does not parse: %v", src, err)
	}
	return e
}

// genRelatedPair draws two operands related through an atom with a
// symbolic divisor d (posDivisors), as sym's proofs relate them:
// d*ceil_div(x,d) against x or x+d-1, d*floor_div(x,d) against x, x%d
// against d-1, ceil_div(x,d) against 1, floor_div(x,d) against 0 or
// floor_div(y,d), d*floor_div(x,d)+x%d against x. Independent operands
// rarely meet these relations; a wrong one would show here.
func genRelatedPair(t *rapid.T, label string) (sym.Expr, sym.Expr) {
	// d is min(d1,d2): one of posDivisors where they are the same
	d := "min(" + rapid.SampledFrom(posDivisors).Draw(t, label+"#d1") + "," + rapid.SampledFrom(posDivisors).Draw(t, label+"#d2") + ")"
	x := rapid.SampledFrom([]string{"N", "M*N", "min(M,N)", "K+N", "floor_div(N,3)", "3", "N-1"}).Draw(t, label+"#x")
	y := rapid.SampledFrom([]string{"M", "N+K", "2*N"}).Draw(t, label+"#y")
	pairs := [][2]string{
		{"D*ceil_div(X,D)", "X"}, {"D*ceil_div(X,D)", "X+D-1"}, {"D*floor_div(X,D)", "X"}, {"X%D", "D-1"},
		{"ceil_div(X,D)", "1"}, {"floor_div(X,D)", "0"}, {"floor_div(X,D)", "floor_div(Y,D)"}, {"D*floor_div(X,D)+X%D", "X"},
	}
	pr := rapid.SampledFrom(pairs).Draw(t, label+"#pair")
	fill := func(s string) sym.Expr {
		r := strings.NewReplacer("D", d, "X", "min("+x+","+x+")", "Y", "min("+y+","+y+")")
		e, err := sym.Parse(r.Replace(s))
		if err != nil {
			t.Fatalf("generated text %q does not parse: %v", r.Replace(s), err)
		}
		return e
	}
	return fill(pr[0]), fill(pr[1])
}

// relAt returns the relation of x and y.
func relAt(x, y *big.Rat) sym.Order {
	switch x.Cmp(y) {
	case -1:
		return sym.Less
	case 1:
		return sym.Greater
	}
	return sym.Same
}

// intValue evaluates e at b; ok is false where e is not an integer.
func intValue(e sym.Expr, b sym.Binding) (*big.Rat, bool) {
	v, err := sym.EvalRat(e, b)
	if err != nil || !v.IsInt() {
		return nil, false
	}
	return v, true
}

// dividesAt reports whether x divides y (0 divides only 0), both integers.
func dividesAt(x, y *big.Rat) bool {
	if x.Sign() == 0 {
		return y.Sign() == 0
	}
	return new(big.Int).Rem(y.Num(), x.Num()).Sign() == 0
}

// checkWitness checks that a refutation or witness certificate's binding
// satisfies the assumptions and that its claim holds there with integer
// operands.
func checkWitness(t *rapid.T, ctx *sym.Ctx, what string, c *sym.Certificate) {
	if c.Universal {
		t.Fatalf("%s: a proof where a binding was expected: %s", what, c)
	}
	if err := ctx.Satisfies(c.Binding); err != nil {
		t.Fatalf("%s: the binding %v does not satisfy the assumptions: %v", what, c.Binding, err)
	}
	x, okx := intValue(c.Claim.A, c.Binding)
	y, oky := intValue(c.Claim.B, c.Binding)
	if !okx || !oky {
		t.Fatalf("%s: at the binding %v an operand of %s is not an integer", what, c.Binding, c.Claim)
	}
	var holds bool
	switch c.Claim.Op {
	case sym.ClaimNotDivides:
		holds = !dividesAt(x, y)
	case sym.ClaimNe:
		holds = x.Cmp(y) != 0
	case sym.ClaimEq:
		holds = x.Cmp(y) == 0
	case sym.ClaimLt:
		holds = x.Cmp(y) < 0
	default:
		t.Fatalf("%s: unexpected witness claim %s", what, c.Claim)
	}
	if !holds {
		t.Fatalf("%s: %s does not hold at its binding %v (%s, %s)", what, c.Claim, c.Binding, x.RatString(), y.RatString())
	}
}

func TestSymSoundness(t *testing.T) {
	box := boxBindings(symNames, int64(*symBox)) // read only
	rapid.Check(t, func(t *rapid.T) {
		src := genAnyCtxText(t)
		var conds []sym.Cond
		if src != "" {
			var err error
			if conds, err = sym.ParseConds(src); err != nil {
				t.Fatalf("generated assumptions %q do not parse: %v", src, err)
			}
		}
		ctx, err := sym.NewCtx().With(src)
		if src == "" {
			ctx, err = sym.NewCtx(), nil
		}
		if err != nil {
			// an inconsistency, or another error (K==0&&N/K==1 reports
			// the division by zero that the substitution K=0 makes): never
			// where a binding satisfies the assumptions
			for _, b := range box {
				if holdsAll(conds, b) {
					t.Fatalf("assumptions %q refused (%v) but %v satisfies them", src, err, b)
				}
			}
			return
		}
		var allowed []sym.Binding
		for _, b := range box {
			sat := ctx.Satisfies(b) == nil
			if sat != holdsAll(conds, b) {
				t.Fatalf("assumptions %q: Satisfies(%v) = %v, the conditions evaluated one by one %v", src, b, sat, !sat)
			}
			if sat {
				allowed = append(allowed, b)
			}
		}
		for q := 0; q < 3; q++ {
			a := genQuestionOperand(t, fmt.Sprintf("q%da", q))
			b := genQuestionOperand(t, fmt.Sprintf("q%db", q))
			if a.Err() != nil || b.Err() != nil {
				continue
			}
			checkQuestion(t, ctx, src, allowed, a, b)
		}
		if a, b := genRelatedPair(t, "r"); a.Err() == nil && b.Err() == nil {
			checkQuestion(t, ctx, src, allowed, a, b)
		}
	})
}

func checkQuestion(t *rapid.T, ctx *sym.Ctx, src string, allowed []sym.Binding, a, b sym.Expr) {
	checkDecide(t, ctx, src, allowed, a, b)
	div := ctx.Divides(a, b)
	eq := ctx.Equal(a, b)
	cmp := ctx.Compare(a, b)
	where := fmt.Sprintf("| %s", src)
	if cmp.Witnessed&^cmp.Possible != 0 {
		t.Fatalf("compare %s %s %s: witnessed %s outside possible %s", a, b, where, cmp.Witnessed, cmp.Possible)
	}
	// the universal claims against brute force
	for _, bd := range allowed {
		x, okx := intValue(a, bd)
		y, oky := intValue(b, bd)
		if !okx || !oky {
			continue
		}
		if div.Truth == sym.True && !dividesAt(x, y) {
			t.Fatalf("divides %s %s %s = True, but at %v: %s, %s", a, b, where, bd, x.RatString(), y.RatString())
		}
		if eq.Truth == sym.True && x.Cmp(y) != 0 {
			t.Fatalf("equal %s %s %s = True, but at %v: %s, %s", a, b, where, bd, x.RatString(), y.RatString())
		}
		if cmp.Possible&relAt(x, y) == 0 {
			t.Fatalf("compare %s %s %s = possible %s, but at %v: %s, %s", a, b, where, cmp.Possible, bd, x.RatString(), y.RatString())
		}
	}
	// the refutations and witnesses
	for _, d := range []struct {
		what string
		d    sym.Decision
	}{{"divides", div}, {"equal", eq}} {
		if d.d.Truth != sym.False {
			continue
		}
		what := fmt.Sprintf("%s %s %s %s = False", d.what, a, b, where)
		c, err := d.d.Certificate()
		if err != nil { // a refutation is a binding: min/max assumptions are no excuse
			t.Fatalf("%s without a certificate: %v", what, err)
		}
		checkWitness(t, ctx, what, c)
	}
	if cmp.Witnessed != 0 {
		what := fmt.Sprintf("compare %s %s %s = witnessed %s", a, b, where, cmp.Witnessed)
		certs, err := cmp.Certificates()
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		var seen sym.Order
		for _, c := range certs {
			if c.Universal {
				continue
			}
			checkWitness(t, ctx, what, c)
			switch {
			case c.Claim.Op == sym.ClaimEq:
				seen |= sym.Same
			case sym.Equal(c.Claim.A, a) && sym.Equal(c.Claim.B, b):
				seen |= sym.Less
			default:
				seen |= sym.Greater
			}
		}
		if seen != cmp.Witnessed {
			t.Fatalf("%s, but the certificates witness %s", what, seen)
		}
	}
}

// checkDecide asks Ctx.Decide one condition of the notation between a and
// b: True must hold at every allowed binding where the operands are
// integers, False must come with a certificate whose binding satisfies the
// assumptions and violates the condition.
func checkDecide(t *rapid.T, ctx *sym.Ctx, src string, allowed []sym.Binding, a, b sym.Expr) {
	rel := sym.Rel(rapid.IntRange(0, 6).Draw(t, "decide#rel"))
	cd := sym.MakeCond(a, rel, b)
	if rel == 6 { // b % a == 0
		cd = sym.Divisible(a, b)
	}
	d := ctx.Decide(cd)
	what := fmt.Sprintf("decide %s | %s = %s", cd, src, d.Truth)
	switch d.Truth {
	case sym.True:
		for _, bd := range allowed {
			x, okx := intValue(cd.X, bd)
			y, oky := intValue(cd.Y, bd)
			if !okx || !oky {
				continue
			}
			if h, err := cd.Holds(bd); err == nil && !h {
				t.Fatalf("%s, but it fails at %v: %s, %s", what, bd, x.RatString(), y.RatString())
			}
		}
	case sym.False:
		certs, err := d.Certificates()
		if err != nil {
			t.Fatalf("%s without a certificate: %v", what, err)
		}
		found := false
		for _, c := range certs {
			if c.Universal {
				continue
			}
			if err := ctx.Satisfies(c.Binding); err != nil {
				t.Fatalf("%s: the binding %v does not satisfy the assumptions: %v", what, c.Binding, err)
			}
			if h, err := cd.Holds(c.Binding); err == nil && !h {
				found = true
			}
		}
		if !found {
			t.Fatalf("%s: no certificate binding violates the condition: %v", what, certs)
		}
	}
}
