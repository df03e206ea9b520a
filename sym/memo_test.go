package sym

import "testing"

// The remembered answers of Possible and ProvesDivides (decisionMemo) are
// the general path's, asked once or again, and they are what a question
// asked again gets.
func TestDecisionMemo(t *testing.T) {
	ctxs := []string{"M*N==1", "M!=1 && N==1", "K<=M && M%8==0", "M+N<=9", "M*N%8==0", "M<=N && K!=1"}
	exprs := []string{"1", "2", "M", "N", "K", "M*N", "M*N-M+1", "8", "M-1", "N-M", "M*K*N-M*N+M"}
	for _, src := range ctxs {
		ctx := mustCtx(t, src)
		for _, x := range exprs {
			for _, y := range exprs {
				a, b := MustParse(x), MustParse(y)
				p1, d1 := ctx.Possible(a, b), ctx.ProvesDivides(a, b)
				p2, d2 := ctx.Possible(a, b), ctx.ProvesDivides(a, b)
				var pg Order
				var dg bool
				withPathsOff(func() { pg, dg = ctx.Possible(a, b), ctx.ProvesDivides(a, b) })
				if p1 != pg || p2 != pg {
					t.Errorf("Possible(%s, %s) | %s: %s, again %s, general path %s", x, y, src, p1, p2, pg)
				}
				if d1 != dg || d2 != dg {
					t.Errorf("ProvesDivides(%s, %s) | %s: %v, again %v, general path %v", x, y, src, d1, d2, dg)
				}
			}
		}
		if ctx.dm.Load() == nil {
			t.Errorf("%s: no answer remembered", src)
		}
	}

	// N <= 1 under M*N == 1 needs the general path's proof by facts: a
	// planted answer is what Possible returns, except with the fast paths
	// off (the general path answers every question there)
	ctx := mustCtx(t, "M*N==1")
	a, b := MustParse("N"), MustParse("1")
	want := ctx.Possible(a, b)
	if want != Same {
		t.Fatalf("Possible(N, 1) | M*N==1: %s, want =", want)
	}
	var buf [64]byte
	ctx.memoize(memoKey(buf[:0], 'p', pl(a), pl(b)), uint8(Less))
	if got := ctx.Possible(a, b); got != Less {
		t.Errorf("Possible(N, 1) | M*N==1 with < remembered: %s, want the remembered <", got)
	}
	var off Order
	withPathsOff(func() { off = ctx.Possible(a, b) })
	if off != want {
		t.Errorf("Possible(N, 1) | M*N==1 with the fast paths off: %s, want %s", off, want)
	}
}
