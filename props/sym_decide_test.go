package props

import (
	"testing"

	"pgregory.net/rapid"

	"github.com/cutealg/cutealg/sym"
)

// Every True/False answer of Divides, Equal and Compare agrees with brute
// force at many bindings that satisfy the assumptions (Unknown is allowed,
// a wrong answer never), and every certificate verifies.
func TestSymDecisionsAgreeWithBruteForce(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		src := genCtxText(t)
		ctx := mustCtx(t, src)
		var a, b sym.Expr
		var err error
		if rapid.Bool().Draw(t, "monomials") {
			a, err = sym.Parse(genMonomial(t, "a"))
			if err == nil {
				b, err = sym.Parse(genMonomial(t, "b"))
			}
		} else {
			a, err = sym.Parse(genSymExpr(t, "a", 1))
			if err == nil {
				b, err = sym.Parse(genSymExpr(t, "b", 1))
			}
		}
		if err != nil {
			t.Fatalf("generated text does not parse: %v", err)
		}
		div := ctx.Divides(a, b)
		eq := ctx.Equal(a, b)
		cmp := ctx.Compare(a, b)
		if cmp.Witnessed&^cmp.Possible != 0 {
			t.Fatalf("compare %s %s | %s: witnessed %s outside possible %s", a, b, src, cmp.Witnessed, cmp.Possible)
		}
		for _, d := range []sym.Decision{div, eq} {
			if d.Truth == sym.Unknown {
				continue
			}
			c, err := d.Certificate()
			if err != nil {
				t.Fatalf("%s %s | %s: %s without a certificate: %v", a, b, src, d.Truth, err)
			}
			if err := sym.Verify(c); err != nil {
				t.Fatalf("%s %s | %s: certificate does not verify: %v\n%s", a, b, src, err, c)
			}
		}
		certs, err := cmp.Certificates()
		if err != nil {
			t.Fatalf("compare %s %s | %s: %v", a, b, src, err)
		}
		for _, c := range certs {
			if err := sym.Verify(c); err != nil {
				t.Fatalf("compare %s %s | %s: certificate does not verify: %v\n%s", a, b, src, err, c)
			}
		}
		seed := rapid.Uint64().Draw(t, "seed")
		for _, bd := range sampleBindings(ctx, allSymbols(a, b), 60, seed) {
			x, okx := value(a, bd)
			y, oky := value(b, bd)
			if !okx || !oky {
				continue
			}
			divides := (x == 0 && y == 0) || (x != 0 && y%x == 0)
			if div.Truth == sym.True && !divides {
				t.Fatalf("divides %s %s | %s = true, but at %v: %d, %d", a, b, src, bd, x, y)
			}
			if eq.Truth == sym.True && x != y {
				t.Fatalf("equal %s %s | %s = true, but at %v: %d, %d", a, b, src, bd, x, y)
			}
			rel := sym.Same
			if x < y {
				rel = sym.Less
			} else if x > y {
				rel = sym.Greater
			}
			if cmp.Possible&rel == 0 {
				t.Fatalf("compare %s %s | %s = %s, but at %v: %d, %d", a, b, src, cmp.Possible, bd, x, y)
			}
		}
	})
}

// An assumption set reported inconsistent has no satisfying binding (in a
// box); a consistent one compiles and its own Satisfies agrees with the
// conditions evaluated one by one.
func TestSymInconsistencyIsReal(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		src := genCtxText(t)
		if src == "" {
			return
		}
		ctx := mustCtx(t, src) // checks the inconsistent case
		conds, _ := sym.ParseConds(src)
		for _, bd := range sampleBindings(ctx, symNames, 10, rapid.Uint64().Draw(t, "seed")) {
			for _, c := range conds {
				if h, err := c.Holds(bd); err != nil || !h {
					t.Fatalf("%v satisfies the context %s but not %s", bd, src, c)
				}
			}
		}
	})
}
