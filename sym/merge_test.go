package sym

import (
	"errors"
	"testing"

	"github.com/cutealg/cutealg/internal/notation"
)

func mustConds(t *testing.T, src string) []Cond {
	t.Helper()
	cs, err := ParseConds(src)
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

// TestMergeJoinsOneCondition: Merge joins branches of equal outcomes
// whose guards differ in one condition only (M>N and M==N make M>=N), a
// single remaining value branch loses its guard but an error branch keeps
// it, and error branches join only when their messages are equal.
func TestMergeJoinsOneCondition(t *testing.T) {
	br := func(g string, v int64) Branch[Expr] {
		return Branch[Expr]{Guard: mustConds(t, g), Value: Const(v)}
	}
	for _, c := range []struct {
		in   []Branch[Expr]
		want string
	}{
		{[]Branch[Expr]{br("M<N && K<=2", 1), br("M>=N && K>2", 1)}, "when M<N&&K<=2: 1; when M>=N&&K>2: 1"},
		{[]Branch[Expr]{br("M<N && K<=2", 1), br("M<N && K>2", 1)}, "1"},
		{[]Branch[Expr]{br("M>N", 1), br("M==N", 1), br("M<N", 2)}, "when M>=N: 1; when M<N: 2"},
		{[]Branch[Expr]{{Guard: mustConds(t, "M<N"), Err: errors.New("e1")}}, "when M<N: error: e1"},
		{[]Branch[Expr]{{Guard: mustConds(t, "M<N"), Err: errors.New("e1")}, {Guard: mustConds(t, "M>=N"), Err: errors.New("e2")}},
			"when M<N: error: e1; when M>=N: error: e2"},
		{[]Branch[Expr]{{Guard: mustConds(t, "M<N"), Err: errors.New("e1")}, {Guard: mustConds(t, "M>=N"), Err: errors.New("e1")}},
			"when true: error: e1"},
	} {
		if got := Merge(Piecewise[Expr]{Branches: c.in}, exprEq).String(); got != c.want {
			t.Errorf("Merge(%s) = %s, want %s", Piecewise[Expr]{Branches: c.in}, got, c.want)
		}
	}
}

// TestThenPrunes: Then drops the branches of f's results whose guards
// contradict the branch they refine (its doc comment).
func TestThenPrunes(t *testing.T) {
	ctx := mustCtx(t, "K>=2")
	p := Piecewise[Expr]{Branches: []Branch[Expr]{
		{Guard: mustConds(t, "M<N"), Value: Const(1)}, {Guard: mustConds(t, "M>=N"), Value: Const(2)}}}
	q, err := Then(ctx, p, func(c *Ctx, v Expr) (Piecewise[Expr], error) {
		return Piecewise[Expr]{Branches: []Branch[Expr]{
			{Guard: mustConds(t, "M<N"), Value: v}, {Guard: mustConds(t, "M>=N"), Value: Add(v, Const(10))}}}, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := q.String(), "when M<N&&M<N: 1; when M>=N&&M>=N: 12"; got != want {
		t.Errorf("Then = %s, want %s", got, want)
	}
}

// TestCondClassDocumented: the canonical order's classes are WithConds'
// documented ones: congruences with a constant modulus, equations, other
// congruences, inequalities, then !=.
func TestCondClassDocumented(t *testing.T) {
	for want, srcs := range [][]string{
		{"M%8==0", "N%4==1", "3==K%5"},
		{"N==4*M", "K==M+N", "M*N==1"},
		{"M%N==0", "N%M==3"},
		{"N>=64", "K<=M", "M<4", "K>M+2"},
		{"M!=1", "M!=N", "N%2!=0"},
	} {
		for _, src := range srcs {
			cs := mustConds(t, src)
			if got := condClass(cs[0]); got != want {
				t.Errorf("%s: class %d, want %d", src, got, want)
			}
		}
	}
}

// TestChildLeavesParent: a child context that tightens its parent's
// bound (the state it resumes from is shared) leaves the parent's
// decisions as they were (M=2, N=40 satisfy it).
func TestChildLeavesParent(t *testing.T) {
	parent := mustCtx(t, "M>=2 && N<=40")
	if _, err := parent.With("M>=8 && N<=20"); err != nil {
		t.Fatal(err)
	}
	for src, want := range map[string]Truth{"M>=2": True, "M>=8": False, "N<=40": True, "N<=20": False} {
		d, err := parent.DecideText(src)
		if err != nil {
			t.Fatal(err)
		}
		if d.Truth != want {
			t.Errorf("%s under %s after a child: %v, want %v", src, parent, d.Truth, want)
		}
	}
}

// TestNodeStructure: Node gives a valid expression's structure (a sum
// is not one symbol) and an invalid one a single leaf.
func TestNodeStructure(t *testing.T) {
	if n, ok := Node(MustParse("M+N")).(*notation.Sym); ok {
		t.Errorf("Node(M+N) is the leaf %q", n.Name)
	}
	if _, ok := Node(FloorDiv(MustParse("M"), Const(0))).(*notation.Sym); !ok {
		t.Errorf("Node of an invalid expression is not a leaf")
	}
}
