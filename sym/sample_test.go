package sym

import "testing"

// Sample's draws: n distinct bindings where more are allowed (one where one
// is asked), and every allowed binding, each once, where fewer than n are
// (its 64 draws per binding asked find them all in these boxes); the
// search ends either way.
func TestSampleDraws(t *testing.T) {
	cases := []struct {
		ctx  string
		syms []string
		n    int
		want int
	}{
		{"M%8==0", []string{"M"}, 1, 1},
		{"M%8==0", []string{"M", "N"}, 5, 5},
		{"M<=3", []string{"M"}, 10, 3},
		{"M+N==20", []string{"M", "N"}, 40, 19},
	}
	for _, cs := range cases {
		ctx := mustCtx(t, cs.ctx)
		for seed := uint64(1); seed <= 3; seed++ {
			got := ctx.Sample(cs.syms, cs.n, seed)
			seen := map[string]bool{}
			for _, b := range got {
				k := formatBinding(b)
				if seen[k] {
					t.Errorf("%q seed %d: %s twice", cs.ctx, seed, k)
				}
				seen[k] = true
				if !ctx.satisfied(b) {
					t.Errorf("%q seed %d: %s does not satisfy the assumptions", cs.ctx, seed, k)
				}
			}
			if len(got) != cs.want {
				t.Errorf("%q, %d asked, seed %d: %d bindings, want %d", cs.ctx, cs.n, seed, len(got), cs.want)
			}
		}
	}
}
