package rules

import (
	"fmt"
	"testing"

	"github.com/cutealg/cutealg/internal/catalog"
	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/sym"
)

// TestMutSym10FirstClaimAfterSplit: answer adds the step op.answer to a
// run whose first claim is not about the request, and claimsRequest
// shares a run's answer to that question only for a first claim made
// before the run's first split (claim.go). An algorithm (written for the
// test) splits on M <= N, then claims the request in one case and another
// term in the other: only the second case gets op.answer. Claimed before
// the split, about the request or not, the claim is every run's: each
// case gets op.answer exactly when that claim is not about the request.
func TestMutSym10FirstClaimAfterSplit(t *testing.T) {
	parse := func(s string) notation.Node {
		t.Helper()
		n, err := notation.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	req, other := parse("size(M)"), parse("size(N)")
	reqText := notation.Print(req)
	v, err := sym.ArgFromNode(parse("M"), catalog.Tuple)
	if err != nil {
		t.Fatal(err)
	}
	le := sym.MakeCond(sym.MustParse("M"), sym.LE, sym.MustParse("N"))
	claimOf := func(w *world, about notation.Node) {
		w.step("op.answer", "the test", nil)
		w.claim(w.last(), func() (notation.Node, notation.Node) { return about, v.Node() })
	}
	for _, c := range []struct {
		name string
		f    func(w *world)
		want map[string]int // op.answer steps by guard
	}{
		{"after the split", func(w *world) {
			if w.fork(le) {
				claimOf(w, req)
			} else {
				claimOf(w, other)
			}
		}, map[string]int{"M<=N": 0, "M>N": 1}},
		{"before the split, about the request", func(w *world) {
			claimOf(w, req)
			w.fork(le)
		}, map[string]int{"M<=N": 0, "M>N": 0}},
		{"before the split, about another term", func(w *world) {
			claimOf(w, other)
			w.fork(le)
		}, map[string]int{"M<=N": 1, "M>N": 1}},
	} {
		ans, err := run(Standard(), sym.NewCtx(), false, func(w *world) sym.Value {
			c.f(w)
			w.answer(req, reqText, v)
			return v
		})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		got := map[string]int{}
		for _, b := range ans.Branches {
			g := sym.FormatConds(b.Guards)
			got[g] = 0
			for _, s := range b.Steps[1:] {
				if s.Rule == "op.answer" {
					got[g]++
				}
			}
		}
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%s: op.answer steps after the claim %v, want %v", c.name, got, c.want)
		}
	}
}
