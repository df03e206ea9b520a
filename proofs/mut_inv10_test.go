package proofs_test

import (
	"testing"

	"github.com/cutealg/cutealg/proofs"
	"github.com/cutealg/cutealg/rules"
)

// The inverses' walk (inverse.go) on derivations that reach its edges:
// the arguments' extents before it, a claim about another term after it,
// a case cut short right after inv.coalesce, an error case that ends at a
// positivity obligation after a stride decided positive, an obligation
// stated where the stride is decided, and a merge of A's coalesce that
// the checker decides and the engine does not make.
func TestInverseWalkEdges(t *testing.T) {
	// right_inverse((M,N-M):(_1,M)), case N-M >= 1: arg.extent, then
	// inv.coalesce, mode 1 skipped, mode 0 followed, the answer M:_1
	extent := func() rules.Derivation { return assumed(t, nil, "right_inverse", "(M,N-M):(_1,M)") }
	// left_inverse((M*N,_2,_2,_2,_2,_2,_2,N):(M,_4,_2*M*M*N,_16,
	// _8*M*M*N,_64,_32*M*M*N,_1)) under M <= 2: in the case N == 1 &&
	// M*N != 1 (so M == 2) mode 0's shape times stride, M*M*N, is the
	// next stride _4: a merge of A's coalesce that the checker decides
	// and sym's order decision does not find (the other modes' are not
	// decided where the coalesce reaches them, before the guard M*N != 1);
	// the engine keeps the modes apart (the same function)
	merges := func() rules.Derivation {
		return assumed(t, []string{"M <= 2"}, "left_inverse", "(M*N,_2,_2,_2,_2,_2,_2,N):(M,_4,_2*M*M*N,_16,_8*M*M*N,_64,_32*M*M*N,_1)")
	}
	unmerged := func(d *rules.Derivation) *rules.Case {
		for _, c := range cases(d.Cases) {
			if len(c.When) == 2 && c.When[0] == "N==1" && c.When[1] == "M*N!=1" {
				return c
			}
		}
		t.Fatal("no case N==1 && M*N!=1")
		return nil
	}
	checkWalkRows(t, []walkRow{
		{"a case cut short right after inv.coalesce", extent(), func(d *rules.Derivation) {
			c := &d.Cases[0]
			c.Steps = c.Steps[:stepIndex(t, c, "inv.coalesce", "A")+1]
		}, "case 1: the inverse's walk: no step applies [inv.right.skip] at mode 1 (the walk's steps end early)"},
		// a true claim whose value is the answer N:M, about a swizzle
		// of B = 0 bits of it, not the request
		{"the last claim about another term", assumed(t, nil, "right_inverse", "(M,N):(N,_1)"), func(d *rules.Derivation) {
			c := &d.Cases[0]
			st := &c.Steps[stepIndex(t, c, "op.answer", "the request")]
			r, _ := rules.Standard().Rule("swz.identity")
			st.Rule, st.Version, st.Hash, st.Doc, st.Says = r.ID, r.Version, r.Hash, r.Doc, r.Says
			st.Before = "composition_swizzle(Sw<0,4,3>,N:M)"
		}, "case 1: step 5 claims about composition_swizzle(Sw<0,4,3>,N:M), not the request right_inverse((M,N):(N,_1)), after the inverse's walk"},
		// every reading of the merges fails where R's end is altered: the
		// rejection is that of the first reading, every merge made
		{"R's end at another place where the engine keeps the merges apart", merges(), func(d *rules.Derivation) {
			c := unmerged(d)
			c.Steps[stepIndex(t, c, "inv.left.end", "R")].At = "A"
		}, "case 2: the inverse's walk: step inv.min.first at stride sort binds e = _4 where the walk has 2*M*M*N"},
	})
	accepted := map[string]rules.Derivation{
		"right_inverse((M,N-M):(_1,M)), its extent before the walk": extent(),
		// N <= M: N-M >= 1 fails; mode 0's stride M is decided positive
		// and the case ends at mode 1's obligation, after inv.left.static
		"left_inverse((_2,_2):(M,N-M)) under N <= M": assumed(t, []string{"N <= M"}, "left_inverse", "(_2,_2):(M,N-M)"),
		"a merge the engine keeps apart":             merges(),
	}
	// left_inverse((_2,_2):(M,N-M)) under N >= 3*M: no obligation is due
	// (M and N-M are decided positive); one stated for mode 0 all the same
	// is read
	stated := assumed(t, []string{"N >= 3*M"}, "left_inverse", "(_2,_2):(M,N-M)")
	n := 0
	for _, c := range cases(stated.Cases) {
		if c.Error != "" || len(c.Steps) == 0 {
			continue
		}
		i := stepIndex(t, c, "inv.left.static", "A") + 1
		r, _ := rules.Standard().Rule("inv.left.positive")
		st := rules.Step{Rule: r.ID, Version: r.Version, Hash: r.Hash, Doc: r.Doc, Says: r.Says, At: "mode 0",
			Bind: map[string]string{"d": "M"}, Checked: []rules.Discharged{{Cond: "M>=1", By: "proved"}}, Guards: c.Steps[i-1].Guards}
		c.Steps = append(c.Steps[:i:i], append([]rules.Step{st}, c.Steps[i:]...)...)
		n++
	}
	if n == 0 {
		t.Fatal("left_inverse((_2,_2):(M,N-M)) under N >= 3*M: no case with a result")
	}
	accepted["an obligation stated where the stride is decided positive"] = stated
	for name, d := range accepted {
		if err := proofs.Check(d); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// The casts' walk (cast.go) accepts the engine's derivations where a mode
// of each kind comes before another: a _0 stride before a static one, a
// static stride other than _1 in a downcast, a _-1 stride, dynamic
// strides before the last; a factor of 1 (upcast<1> is the identity);
// and a case that ends at an argument's extent, before the walk.
func TestCastWalkAccepts(t *testing.T) {
	for _, r := range []struct{ op, a, n string }{
		{"upcast", "(M,_8):(_0,_1)", "2"},
		{"upcast", "(M,N):(_1,M)", "1"},
		{"upcast", "(M,N-M):(_1,M)", "2"},
		{"downcast", "(_4,M):(_1,_8)", "2"},
		{"downcast", "(_4,M,_2):(_1,_8,_-1)", "2"},
		{"downcast", "(M,N,K):(_1,M,M*N)", "2"},
	} {
		if err := proofs.Check(assumed(t, nil, r.op, r.a, r.n)); err != nil {
			t.Errorf("%s(%s, %s): %v", r.op, r.a, r.n, err)
		}
	}
}

// The complement's walk (complement.go) accepts the engine's derivations
// of a case that ends at compl.negative-stride right after an argument's
// extent (no size-1 decision between), and of a filter(A) whose stride
// is the dynamic literal 0 (CuTe's filter drops only a static _0; the
// case ends where compl.injective.one's condition fails).
func TestComplementWalkEdges(t *testing.T) {
	for _, args := range [][]string{
		{"(_4,N-M):(_-1,_4)", "_64"},
		{"M:0", "_16"},
	} {
		if err := proofs.Check(assumed(t, nil, "complement", args...)); err != nil {
			t.Errorf("complement(%s, %s): %v", args[0], args[1], err)
		}
	}
}

// local_partition's and the compact layouts' walks (partition.go,
// compact.go): a result case cut short inside the walk is refused there,
// at the step the walk applies next; the engine's derivations of cases
// that end inside the walk (a tile's stride not known to be positive: an
// error no rule names), at an argument's extent after another extent's
// step, or at CuTe's refusal of an order of another rank, are accepted.
func TestPartitionCompactEdges(t *testing.T) {
	cut := func(c *rules.Case, n int) { c.Steps = c.Steps[:n] }
	checkWalkRows(t, []walkRow{
		{"local_partition cut before tile.outer",
			assumed(t, []string{"M % 32 == 0", "N % 4 == 0"}, "local_partition", "(M,N):(_1,M)", "(_4,_8):(_1,_4)", "t"), func(d *rules.Derivation) {
				c := &d.Cases[0]
				cut(c, stepIndex(t, c, "tile.outer", "A"))
			}, "case 1: no step applies [tile.outer] at A (the walk's steps end early)"},
		{"local_partition cut inside L's flat coordinate",
			assumed(t, []string{"M % 32 == 0", "N % 4 == 0"}, "local_partition", "(M,N):(_1,M)", "(_4,_8):(_1,_4)", "t"), func(d *rules.Derivation) {
				c := &d.Cases[0]
				cut(c, stepIndex(t, c, "tile.product-each", "L mode 1"))
			}, "case 1: no step applies [tile.product-each] at L mode 1 (the walk's steps end early)"},
		// every step left is an argument's extent
		{"local_partition cut after its extent",
			assumed(t, nil, "local_partition", "(M,N-M):(_1,M)", "(_32,_4):(_4,_1)", "t"), func(d *rules.Derivation) {
				c := &d.Cases[0]
				cut(c, stepIndex(t, c, "arg.extent", "argument 1")+1)
			}, "case 1: no step applies [tile.product-each] at L mode 0 (the walk's steps end early)"},
		{"make_layout_left cut before make.compact", assumed(t, nil, "make_layout_left", "(M,N,K)"), func(d *rules.Derivation) {
			c := &d.Cases[0]
			cut(c, stepIndex(t, c, "make.compact", "shape"))
		}, "case 1: no step applies [make.compact] at shape (the walk's steps end early)"},
	})
	for _, r := range []struct {
		op   string
		args []string
	}{
		{"local_partition", []string{"(M,N):(_1,M)", "(_4,_8):(_1,K-J)", "t"}},
		{"local_partition", []string{"(M,N-M):(_1,M)", "(_32,K-J):(_1,_32)", "t"}},
		{"make_layout_left", []string{"(M,N-M)"}},
		{"make_ordered_layout", []string{"(M,N-M)", "(_0,_1,_2)"}},
	} {
		if err := proofs.Check(assumed(t, nil, r.op, r.args...)); err != nil {
			t.Errorf("%s%v: %v", r.op, r.args, err)
		}
	}
}
