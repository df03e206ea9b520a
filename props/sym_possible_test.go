package props

import (
	"testing"

	"pgregory.net/rapid"

	"github.com/cutealg/cutealg/sym"
)

// Possible and ProvesDivides answer what Compare and Divides prove,
// without their searches: the same Possible set, and ProvesDivides exactly
// when Divides is True.
func TestSymPossibleMatchesCompare(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		src := genCtxText(t)
		ctx := mustCtx(t, src)
		a, err := sym.Parse(genSymExpr(t, "a", 1))
		if err != nil {
			t.Fatal(err)
		}
		b, err := sym.Parse(genSymExpr(t, "b", 1))
		if err != nil {
			t.Fatal(err)
		}
		if got, want := ctx.Possible(a, b), ctx.Compare(a, b).Possible; got != want {
			t.Fatalf("Possible(%s, %s) under %s = %s, Compare says %s", a, b, src, got, want)
		}
		if got, want := ctx.ProvesDivides(a, b), ctx.Divides(a, b).Truth == sym.True; got != want {
			t.Fatalf("ProvesDivides(%s, %s) under %s = %v, Divides says %v", a, b, src, got, want)
		}
	})
}
