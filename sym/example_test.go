package sym_test

import (
	"fmt"

	"github.com/cutealg/cutealg/internal/catalog"
	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/sym"
)

func ExampleParse() {
	e, _ := sym.Parse("N*M*2+M-1")
	fmt.Println(e)
	f, _ := sym.Parse("T%4*128+floor_div(T,4)%8")
	fmt.Println(f)
	g, _ := sym.Parse("floor_div(8*M+3,8)")
	fmt.Println(g)
	// Output:
	// 2*M*N+M-1
	// T%4*128+floor_div(T,4)%8
	// M
}

func ExampleExactDiv() {
	m, n := sym.MustParse("M"), sym.MustParse("N")
	fmt.Println(sym.ExactDiv(sym.Mul(m, n), sym.Const(2)))
	fmt.Println(sym.ExactDiv(m, n))
	fmt.Println(sym.Mul(sym.ExactDiv(m, n), n))
	// by a sum: the divisor prints as min(y,y), a factor whose value is y
	n1 := sym.Add(n, sym.Const(1))
	q := sym.ExactDiv(m, n1)
	fmt.Println(q)
	fmt.Println(sym.Mul(q, n1))
	r, _ := sym.EvalRat(q, sym.Binding{"M": 3, "N": 1})
	fmt.Println(r.RatString())
	// Output:
	// M*N/2
	// M/N
	// M
	// M/min(N+1,N+1)
	// M
	// 3/2
}

func ExampleFloorDiv() {
	m := sym.MustParse("M")
	fmt.Println(sym.FloorDiv(m, sym.Const(8)))
	fmt.Println(sym.FloorDiv(sym.FloorDiv(m, sym.Const(2)), sym.Const(4)))
	fmt.Println(sym.CeilDiv(sym.MustParse("8*M+3"), sym.Const(8)))
	// Output:
	// floor_div(M,8)
	// floor_div(M,8)
	// M+1
}

func ExampleMod() {
	fmt.Println(sym.Mod(sym.MustParse("6*M"), sym.Const(4)))
	fmt.Println(sym.Mod(sym.MustParse("8*M+3"), sym.Const(8)))
	fmt.Println(sym.Mod(sym.MustParse("M+1"), sym.Const(8)))
	// Output:
	// 3*M%2*2
	// 3
	// M-8*floor_div(M+1,8)+1
}

func ExampleMin() {
	fmt.Println(sym.Min(sym.MustParse("M"), sym.MustParse("M*N")))
	fmt.Println(sym.Max(sym.MustParse("N"), sym.MustParse("M")))
	// Output:
	// M
	// max(M,N)
}

func ExampleCtx_Divides() {
	ctx, _ := sym.Assume("M % 8 == 0")
	d := ctx.Divides(sym.Const(8), sym.MustParse("M*N"))
	cert, _ := d.Certificate()
	fmt.Println(d.Truth)
	fmt.Println(cert)
	fmt.Println(sym.Verify(cert))

	d = sym.NewCtx().Divides(sym.Const(8), sym.MustParse("M*N"))
	cert, _ = d.Certificate()
	fmt.Println(d.Truth)
	fmt.Println(cert)
	// Output:
	// true
	// claim 8 divides M*N under M%8==0: proof; M = 8*M'1+0 (M'1 >= 1) by assumption 0; quotient N*M'1
	// <nil>
	// false
	// claim 8 does not divide M*N: holds at {M=1, N=1}
}

func ExampleCtx_Compare() {
	ctx, _ := sym.Assume("m < M", "n < N")
	c := ctx.Compare(sym.MustParse("m+n*M"), sym.MustParse("M*N"))
	fmt.Println(c.Possible, c.Holds(sym.Less))
	c = sym.NewCtx().Compare(sym.MustParse("M"), sym.MustParse("M*N"))
	fmt.Println(c.Possible, c.Holds(sym.Less|sym.Same), c.Holds(sym.Less))
	certs, _ := c.Certificates()
	for _, cert := range certs {
		fmt.Println(cert)
	}
	// Output:
	// {<} true
	// {<,=} true false
	// claim M < M*N: holds at {M=1, N=2}
	// claim M == M*N: holds at {M=1, N=1}
	// claim M <= M*N: proof; shifted coefficients non-negative
}

func ExampleCtx_Equal() {
	ctx, _ := sym.Assume("N == 4*M")
	fmt.Println(ctx.Equal(sym.MustParse("N/2"), sym.MustParse("2*M")).Truth)
	fmt.Println(sym.NewCtx().Equal(sym.MustParse("N/2"), sym.MustParse("2*M")).Truth)
	// Output:
	// true
	// false
}

func ExampleCtx_With() {
	ctx, _ := sym.NewCtx().With("M % 8 == 0 && M % 12 == 0")
	fmt.Println(ctx.Divides(sym.Const(24), sym.MustParse("M")).Truth)
	_, err := ctx.With("M < 24")
	fmt.Println(err)
	_, err = sym.NewCtx().With("M < 4 || N < 4")
	fmt.Println(err)
	// Output:
	// true
	// sym: inconsistent assumptions M%8==0&&M%12==0&&M<24: M<24 needs 1 <= M/24 <= 0
	// 1:1: unsupported condition: '||' in M<4||N<4 needs a disjunction; assume each alternative in its own context (Ctx.With per case)
}

func ExampleCtx_Simplify() {
	ctx, _ := sym.Assume("M % 8 == 0", "N == 4*K")
	fmt.Println(ctx.Simplify(sym.MustParse("floor_div(M,8)+M%8")))
	fmt.Println(ctx.Simplify(sym.MustParse("N/4")))
	// Output:
	// M/8
	// K
}

func ExampleCtx_FloorDiv() {
	fmt.Println(sym.NewCtx().FloorDiv(sym.MustParse("M"), sym.Const(8)))
	ctx, _ := sym.Assume("M % 8 == 0")
	fmt.Println(ctx.FloorDiv(sym.MustParse("M"), sym.Const(8)))
	fmt.Println(ctx.CeilDiv(sym.MustParse("M*N"), sym.Const(4)))
	fmt.Println(ctx.Mod(sym.MustParse("M"), sym.Const(4)))
	// Output:
	// when M%8==0: M/8; when M%8!=0: floor_div(M,8)
	// M/8
	// M*N/4
	// 0
}

func ExampleCtx_Min() {
	fmt.Println(sym.NewCtx().Min(sym.MustParse("M"), sym.MustParse("N")))
	ctx, _ := sym.Assume("N >= M")
	fmt.Println(ctx.Min(sym.MustParse("M"), sym.MustParse("N")))
	fmt.Println(ctx.Max(sym.MustParse("M"), sym.MustParse("N")))
	// Output:
	// when M<=N: M; when M>N: N
	// M
	// N
}

func ExampleCtx_ShapeDiv() {
	fmt.Println(sym.NewCtx().ShapeDiv(sym.MustParse("M"), sym.Const(8)))
	ctx, _ := sym.Assume("M % 8 == 0")
	fmt.Println(ctx.ShapeDiv(sym.MustParse("M"), sym.Const(8)))
	fmt.Println(ctx.ShapeDiv(sym.Const(4), sym.MustParse("M")))
	// Output:
	// when M%8==0: M/8; when M%8!=0&&8%M==0: 1; when M%8!=0&&8%M!=0: error: shape_div(M, 8): neither M%8==0 nor 8%M==0 (Divisibility condition)
	// M/8
	// 1
}

func ExampleCtx_ShapeMod() {
	ctx, _ := sym.Assume("M % 8 == 0")
	fmt.Println(ctx.ShapeMod(sym.MustParse("M"), sym.Const(8)))
	fmt.Println(ctx.ShapeMod(sym.Const(4), sym.MustParse("M")))
	// Output:
	// 8
	// 4
}

func ExampleVerify() {
	ctx, _ := sym.Assume("T < 128")
	c := ctx.Compare(sym.MustParse("T"), sym.Const(128))
	certs, _ := c.Certificates()
	for _, cert := range certs {
		fmt.Println(sym.Verify(cert) == nil, cert.Claim, cert.Universal)
	}
	// Output:
	// true T <= 128 true
	// true T != 128 true
	// true T < 128 false
}

func ExampleCtx_EvalLayout() {
	l, _ := sym.ParseLayout("(M,N):(_1,M)")
	ctx, _ := sym.Assume("M % 8 == 0")
	c, err := ctx.EvalLayout(l, sym.Binding{"M": 16, "N": 3})
	fmt.Println(c, err)
	_, err = ctx.EvalLayout(l, sym.Binding{"M": 12, "N": 3})
	fmt.Println(err)
	// Output:
	// (16,3):(_1,16) <nil>
	// sym: binding {M=12, N=3} violates the assumption M%8==0
}

func ExampleParseLayout() {
	l, _ := sym.ParseLayout("((M0,M1),(N0,N1)):((_1,N1*M0*N0),(M0,M0*N0))")
	fmt.Println(l)
	fmt.Println(sym.TupleSymbols(l.Shape))
	// Output:
	// ((M0,M1),(N0,N1)):((_1,M0*N0*N1),(M0,M0*N0))
	// [M0 M1 N0 N1]
}

func ExampleThen() {
	// min(M,N) / 2, splitting where needed
	ctx := sym.NewCtx()
	p, _ := sym.Then(ctx, ctx.Min(sym.MustParse("M"), sym.MustParse("N")), func(c *sym.Ctx, v sym.Expr) (sym.Piecewise[sym.Expr], error) {
		return c.FloorDiv(v, sym.Const(2)), nil
	})
	fmt.Println(len(p.Branches))
	b, _ := p.Select(sym.Binding{"M": 6, "N": 9})
	fmt.Println(sym.FormatConds(b.Guard), b.Value)
	// Output:
	// 4
	// M<=N&&M%2==0 M/2
}

func ExampleAdd() {
	m, _ := sym.Symbol("M")
	n, _ := sym.Symbol("N")
	e := sym.Sub(sym.Add(sym.Mul(sym.Const(2), sym.Mul(n, m)), m), sym.Const(1))
	fmt.Println(e)
	fmt.Println(sym.Equal(e, sym.MustParse("M*N*2+M-1")))
	// Output:
	// 2*M*N+M-1
	// true
}

func ExampleEval() {
	e := sym.MustParse("M*N/2+floor_div(M,4)")
	v, err := sym.Eval(e, sym.Binding{"M": 6, "N": 3})
	fmt.Println(v, err)
	_, err = sym.Eval(e, sym.Binding{"M": 3, "N": 3})
	fmt.Println(err)
	// Output:
	// 10 <nil>
	// sym: evaluating M*N/2+floor_div(M,4): inexact division: the value is 9/2
}

func ExampleSubstitute() {
	e := sym.MustParse("M*N+floor_div(M,8)")
	fmt.Println(sym.Substitute(e, map[string]sym.Expr{"M": sym.MustParse("8*K")}))
	// Output:
	// 8*K*N+K
}

func ExampleParseConds() {
	cs, err := sym.ParseConds("M % 8 == 0 && !(N < 64)")
	fmt.Println(sym.FormatConds(cs), err)
	_, err = sym.ParseConds("M < 4 || N < 4")
	fmt.Println(sym.IsUnsupported(err))
	// Output:
	// M%8==0&&N>=64 <nil>
	// true
}

func ExampleMerge() {
	m, n := sym.MustParse("M"), sym.MustParse("N")
	p := sym.Piecewise[sym.Expr]{Branches: []sym.Branch[sym.Expr]{
		{Guard: []sym.Cond{sym.MakeCond(m, sym.LT, n)}, Value: m},
		{Guard: []sym.Cond{sym.MakeCond(m, sym.EQ, n)}, Value: m},
		{Guard: []sym.Cond{sym.MakeCond(m, sym.GT, n)}, Value: n},
	}}
	fmt.Println(sym.Merge(p, sym.Equal))
	// Output:
	// when M<=N: M; when M>N: N
}

func ExampleCtx_Sample() {
	ctx, _ := sym.Assume("M % 8 == 0", "N >= M")
	for _, b := range ctx.Sample([]string{"K"}, 3, 1) {
		fmt.Println(b["M"]%8 == 0, b["N"] >= b["M"], b["K"] >= 1)
	}
	// Output:
	// true true true
	// true true true
	// true true true
}

func ExampleValue_Symbols() {
	n, _ := notation.Parse("(M,N):(_1,M)")
	v, _ := sym.ArgFromNode(n, catalog.Layout)
	ctx, _ := sym.Assume("M % 4 == 0")
	fmt.Println(v.Symbols())
	g, err := ctx.EvalValue(v, sym.Binding{"M": 8, "N": 3})
	fmt.Println(g, err)
	// Output:
	// [M N M]
	// (8,3):(_1,8) <nil>
}
