package proofs

import "testing"

// The small box past sym's sampler (see sample). Where the sampler draws
// no binding (K*K == 2*M*M+1, a Pell equation whose only solution with
// K, M <= 8 is K=3, M=2) and a third symbol N is free, the box holds
// eight bindings (3, 2, N): sample returns as many as asked for (two; for
// more, the sampler's more tries find the solution). Where the conditions
// bound every symbol within the box (K, M, N, L <= 8, 4096 bindings) and
// the sampler misses the one binding that satisfies them (K=N=3,
// M=L=2), sample returns it.
func TestSampleBoxCounts(t *testing.T) {
	for _, x := range []struct {
		assume []string
		args   []string
		conds  []string
		want   int // bindings wanted back (of 2)
	}{
		{[]string{"K*K == 2*M*M+1"}, []string{"K:M", "M:N"}, nil, 2},
		{[]string{"K*K == 2*M*M+1", "N*N == 2*L*L+1"}, []string{"K:M", "N:L"}, []string{"K <= 8", "M <= 8", "N <= 8", "L <= 8"}, 1},
	} {
		c := testChecker(t, x.assume, "composition", x.args...)
		cs := conds(t, x.conds...)
		ctx, err := c.ctx.WithConds(cs...)
		if err != nil {
			t.Fatal(err)
		}
		if bs := ctx.Sample(c.symbols, 2, 7); len(bs) != 0 {
			t.Fatalf("%v: sym's sampler draws %v: the test no longer reaches the box", x.conds, bs)
		}
		bs, err := c.sample(cs, 2)
		if err != nil || len(bs) != x.want {
			t.Errorf("sample(%v, 2) under %v = %v, %v: want %d bindings", x.conds, x.assume, bs, err, x.want)
		}
		for _, b := range bs {
			if c.ctx.Satisfies(b) != nil || b["K"] != 3 || b["M"] != 2 || !holdsAll(cs, b) {
				t.Errorf("sample(%v): %v breaks them", x.conds, b)
			}
		}
	}
}
