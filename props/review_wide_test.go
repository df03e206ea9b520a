package props

import (
	"fmt"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/cutealg/cutealg/rules"
	"github.com/cutealg/cutealg/sym"
)

// A second adversarial generator (with -review): the inputs the first one
// (TestReviewSquareGenerated) never makes. Kernel-shaped M x N x L
// layouts tiled by tilers with nested modes, _ and layouts with symbolic
// strides, with and without divisibility assumptions; products with
// symbolic repeat counts; complements with symbolic cotargets and
// symbolic strides; the operations the first generator leaves out
// (tile_to_shape with an order, upcast, downcast, max_common_vector,
// max_common_layout, nullspace, make_ordered_layout, crd2idx with
// symbolic coordinates); and assumptions of every form the condition
// language has (bounds, orderings, min and max, '/' and '%',
// equalities). Each call is checked both ways: the commuting square
// (squareCase) and the dynamic mode against CuTe's run-time values
// (dynamicCase), at bindings drawn independently of sym's Sample, and
// its needs (needsCase: assuming the guards of the one case that is not
// an error makes the answer plain).

// wideKernel draws a kernel-shaped layout: M x N (x L) column or row
// major, batched, with nested or static modes.
func wideKernel(t *rapid.T, label string) string {
	return rapid.SampledFrom([]string{
		"(M,N,L):(_1,M,M*N)",
		"(M,N,L):(N,_1,M*N)",
		"(M,N):(_1,M)",
		"(M,N):(N,_1)",
		"(M,K):(K,_1)",
		"((M,_2),N):((_1,M),_2*M)",
		"((_8,M),(_4,N)):((_1,_8),(_8*M,_32*M))",
		"(M,N,L):(_1,K,K*N)",
		"(M,_64,L):(_64,_1,_64*M)",
		"(_128,N,L):(_1,_128,_128*N)",
		"(M,N,L):(_1,M,_0)",
		"((M,N),L):((_1,M),M*N)",
		"(M,(N,L)):(_1,(M,M*N))",
		"(M*_4,N):(_1,M*_4)",
	}).Draw(t, label)
}

// wideTileMode draws one mode of a tiler: _, an integer (static, dynamic
// or a symbol), a static tile, a layout with symbolic extent or stride,
// or a nested tuple of such modes.
func wideTileMode(t *rapid.T, label string, depth int) string {
	switch k := rapid.IntRange(0, 9).Draw(t, label); {
	case k == 0:
		return "_"
	case k == 1:
		return rapid.SampledFrom([]string{"_128", "_64", "_32", "_8", "_2", "_1", "4", "K", "_3", "_6"}).Draw(t, label+"#i")
	case k <= 4:
		return rapid.SampledFrom([]string{"_128:_1", "_64:_1", "_32:_2", "_4:_1", "(_4,_8):(_8,_1)", "(_2,_4):(_1,_8)", "(_16,_4):(_1,_64)", "_8:_4", "(_3,_2):(_1,_3)", "_1:_0", "_4:_0"}).Draw(t, label+"#t")
	case k <= 6:
		return rapid.SampledFrom([]string{"_4:M", "K:_1", "(_2,_2):(_1,M)", "(_4,K):(_1,_4)", "_8:N", "(_2,K):(K,_1)", "M:_1", "_2:K", "(K,_2):(_1,K)"}).Draw(t, label+"#y")
	case depth > 0:
		n := rapid.IntRange(1, 2).Draw(t, label+"#n")
		parts := make([]string, n)
		for i := range parts {
			parts[i] = wideTileMode(t, fmt.Sprintf("%s.%d", label, i), depth-1)
		}
		return "(" + strings.Join(parts, ",") + ")"
	}
	return "_16:_1"
}

// wideTiler draws a tiler of one to four modes.
func wideTiler(t *rapid.T, label string) string {
	n := rapid.IntRange(1, 4).Draw(t, label+"#rank")
	parts := make([]string, n)
	for i := range parts {
		parts[i] = wideTileMode(t, fmt.Sprintf("%s.%d", label, i), 1)
	}
	if n == 1 && !strings.HasPrefix(parts[0], "(") && rapid.Bool().Draw(t, label+"#bare") {
		return parts[0]
	}
	return "(" + strings.Join(parts, ",") + ")"
}

// wideAssume draws zero to three assumptions of every form.
func wideAssume(t *rapid.T) []string {
	forms := []string{
		"M % 128 == 0", "N % 64 == 0", "M % 4 == 0", "N % 8 == 0", "K % 2 == 0", "L % 4 == 0",
		"M >= 128", "N >= 16", "K <= 4", "K < 8", "L <= 2", "M <= 64", "M < 3",
		"K <= M", "N <= M", "M < N", "K >= N", "K == M", "N == 2*M", "M == 4*K", "L == K + 1", "N == M + 4",
		"min(M,N) >= 8", "max(M,N) <= 64", "max(K,L) == 4", "min(M,K) == 2",
		"M / 4 == N", "M / K == 8", "M % K == 0", "N % M == 0", "M % 8 == 3", "M*N % 16 == 0",
		"ceil_div(M,64) == N", "floor_div(M,4) >= K", "M != 64", "K != 1", "M + N == 64", "M - N >= 4",
	}
	n := rapid.IntRange(0, 3).Draw(t, "assume#n")
	out := make([]string, n)
	for i := range out {
		out[i] = rapid.SampledFrom(forms).Draw(t, fmt.Sprintf("assume#%d", i))
	}
	return out
}

// wideShape draws a shape argument (a target, a coordinate-free shape).
func wideShape(t *rapid.T, label string) string {
	n := rapid.IntRange(1, 3).Draw(t, label+"#rank")
	parts := make([]string, n)
	for i := range parts {
		parts[i] = rapid.SampledFrom([]string{"M", "N", "K", "_8", "_16", "_32", "M*_4", "_2*K", "(M,_2)", "(_4,N)", "L", "6", "M*N"}).Draw(t, fmt.Sprintf("%s.%d", label, i))
	}
	if n == 1 && rapid.Bool().Draw(t, label+"#bare") && !strings.HasPrefix(parts[0], "(") {
		return parts[0]
	}
	return "(" + strings.Join(parts, ",") + ")"
}

// wideRequest draws one call.
func wideRequest(t *rapid.T) (string, []string) {
	layout := func(label string) string {
		if rapid.Bool().Draw(t, label+"#kernel") {
			return wideKernel(t, label)
		}
		return revLayout(t, label, 3)
	}
	switch rapid.IntRange(0, 17).Draw(t, "op") {
	case 0, 1, 2:
		op := rapid.SampledFrom([]string{"logical_divide_tiler", "zipped_divide", "tiled_divide", "flat_divide", "composition_tiler"}).Draw(t, "div")
		return op, []string{layout("A"), wideTiler(t, "T")}
	case 3:
		op := rapid.SampledFrom([]string{"logical_product_tiler", "zipped_product", "tiled_product", "flat_product"}).Draw(t, "prod")
		return op, []string{layout("A"), wideTiler(t, "T")}
	case 4:
		// products with symbolic repeat counts
		op := rapid.SampledFrom([]string{"logical_product", "blocked_product", "raked_product"}).Draw(t, "rep")
		tile := rapid.SampledFrom([]string{"(_4,_8):(_1,_4)", "(_2,_2):(_2,_1)", "_4:_1", "(_8,_4):(_4,_1)", "(M,_2):(_1,M)", "(_2,K):(K,_1)", "_4:_2"}).Draw(t, "tile")
		rep := rapid.SampledFrom([]string{"(M,N):(_1,M)", "(M,N):(N,_1)", "M:_1", "(_2,M):(_1,_2)", "(M,_2):(_2,_1)", "(K,L):(_1,K)", "(M,N,L):(_1,M,M*N)", "M:_2", "(M,N):(_1,_0)"}).Draw(t, "rep")
		if rapid.Bool().Draw(t, "swap") {
			tile, rep = rep, tile
		}
		return op, []string{tile, rep}
	case 5:
		// complement with symbolic strides and cotargets
		a := rapid.SampledFrom([]string{"_4:M", "M:_1", "(_4,M):(_1,_4)", "(M,_4):(_4,_1)", "(_2,_4):(_1,M)", "(M,N):(_1,M)", "K:_2", "(_2,K):(_1,_4)", "_4:_2", "(_2,_2):(_1,K*_2)", "M:K"}).Draw(t, "C")
		cot := rapid.SampledFrom([]string{"M", "M*N", "_8*M", "(M,N)", "K*_16", "(_4,M)", "M*_16", "N", "L*M*_4", "_64", "(M,N,L)"}).Draw(t, "cot")
		return "complement", []string{a, cot}
	case 6:
		a := layout("A")
		target := wideShape(t, "S")
		if rapid.Bool().Draw(t, "order") {
			return "tile_to_shape", []string{a, target, genOrder(t, "O", target)}
		}
		return "tile_to_shape", []string{a, target}
	case 7:
		return rapid.SampledFrom([]string{"upcast", "downcast"}).Draw(t, "cast"), []string{layout("A"), fmt.Sprint(rapid.SampledFrom([]int{1, 2, 3, 4, 8, 16}).Draw(t, "N"))}
	case 8:
		a := layout("A")
		b := rapid.SampledFrom([]string{a, layout("B"), "(_4,_8):(_8,_1)", "_8:_1", "(M,N):(_1,M)"}).Draw(t, "B")
		if rapid.Bool().Draw(t, "swap") {
			a, b = b, a
		}
		return rapid.SampledFrom([]string{"max_common_vector", "max_common_layout"}).Draw(t, "mc"), []string{a, b}
	case 9:
		a := layout("A")
		if rapid.Bool().Draw(t, "zero") {
			shape, stride, _ := strings.Cut(a, ":")
			ds := splitLeaves(stride)
			for i := range ds {
				if rapid.IntRange(0, 2).Draw(t, fmt.Sprintf("z%d", i)) == 0 {
					ds[i] = rapid.SampledFrom([]string{"_0", "0"}).Draw(t, fmt.Sprintf("zk%d", i))
				}
			}
			a = shape + ":" + rebuild(stride, ds)
		}
		return "nullspace", []string{a}
	case 10:
		s := wideShape(t, "S")
		return "make_ordered_layout", []string{s, genOrder(t, "O", s)}
	case 11:
		a := layout("A")
		crd := rapid.SampledFrom([]string{"M", "(M,0)", "(1,N)", "(K,1,0)", "((1,K),0)", "(M-1,N-1)", "(0,(1,1))", "K", "(K,K)", "M*N-1", "(1,1,L-1)"}).Draw(t, "crd")
		return "crd2idx", []string{crd, a}
	case 12:
		return rapid.SampledFrom([]string{"right_inverse", "left_inverse", "coalesce", "complement_default"}).Draw(t, "un"), []string{layout("A")}
	case 13:
		return rapid.SampledFrom([]string{"logical_divide", "composition"}).Draw(t, "ld"), []string{layout("A"), rapid.SampledFrom([]string{"_4:M", "M:_1", "(_4,M):(_1,_4)", "(M,_4):(_4,_1)", "K:_2", "(_2,K):(_1,_4)", "(_2,_2):(_1,K*_2)", "M:K", "(M,N):(_1,M)", "_128:_1", "(_4,_32):(_32,_1)", "N:_0"}).Draw(t, "B")}
	case 14:
		return "composition", []string{rapid.SampledFrom([]string{"(_4,_8):(_8,_1)", "(M,N):(N,_1)", "((_2,M),_4):((_1,_2),_2*M)", "(M,N,L):(_1,M,M*N)", "_64:_2", "(_8,M):(_1,_8)"}).Draw(t, "A"), layout("B")}
	case 15:
		return "composition_shape", []string{layout("A"), wideShape(t, "S")}
	case 16:
		return "coalesce_profile", []string{layout("A"), rapid.SampledFrom([]string{"_1", "(_1,_1)", "(_1,(_1,_1))", "((_1,_1),_1)", "(_1,_1,_1)"}).Draw(t, "prof")}
	}
	return rapid.SampledFrom([]string{"size", "cosize"}).Draw(t, "q"), []string{layout("A")}
}

func TestReviewWideGenerated(t *testing.T) {
	if !*reviewFlag {
		t.Skip("the review's wide generator runs with -review")
	}
	stats := map[string]int{}
	defer func() { t.Logf("answers (plain, cases, error) by operation: %v", stats) }()
	rapid.Check(t, func(t *rapid.T) {
		op, args := wideRequest(t)
		assume := wideAssume(t)
		ctx, err := sym.Assume(assume...)
		if err != nil {
			return
		}
		ans, err := rules.Compute(rules.Request{Op: op, Args: args, Assume: assume})
		switch {
		case err != nil:
			stats["error:"+op]++
		case isPlain(ans):
			stats["plain:"+op]++
		default:
			stats["cases:"+op]++
		}
		binds := revBindings(ctx, revSyms, rapid.Uint64().Draw(t, "seed"), 60)
		reviewCheck(t, "wide", op, args, assume, binds, err == nil)
	})
}

// isPlain reports whether an answer is one value without guards.
func isPlain(a rules.Answer[sym.Value]) bool { _, ok := a.Plain(); return ok }
