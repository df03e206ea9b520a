package sym

import (
	"strconv"
	"testing"
)

// Benchmarks of the decisions on monomials (the fast path): the operands
// are built (and their symbols interned) before the timer starts, as they
// are when an algorithm asks many questions about the same values.

func benchCtx(b *testing.B, src string) *Ctx {
	if src == "" {
		return NewCtx()
	}
	c, err := NewCtx().With(src)
	if err != nil {
		b.Fatal(err)
	}
	return c
}

func BenchmarkDividesMonomialTrue(b *testing.B) {
	ctx := benchCtx(b, "M%8==0")
	x, y := MustParse("8"), MustParse("M*N")
	b.ReportAllocs()
	for b.Loop() {
		if ctx.Divides(x, y).Truth != True {
			b.Fatal("want true")
		}
	}
}

func BenchmarkDividesMonomialFalse(b *testing.B) {
	ctx := NewCtx()
	x, y := MustParse("8"), MustParse("M*N")
	b.ReportAllocs()
	for b.Loop() {
		if ctx.Divides(x, y).Truth != False {
			b.Fatal("want false")
		}
	}
}

func BenchmarkDividesMonomialRelation(b *testing.B) {
	ctx := benchCtx(b, "N==4*M&&M%8==0")
	x, y := MustParse("32*K"), MustParse("N*K*L")
	b.ReportAllocs()
	for b.Loop() {
		if ctx.Divides(x, y).Truth != True {
			b.Fatal("want true")
		}
	}
}

func BenchmarkCompareMonomialDecided(b *testing.B) {
	ctx := benchCtx(b, "M%8==0")
	x, y := MustParse("4*N"), MustParse("M*N")
	b.ReportAllocs()
	for b.Loop() {
		if ctx.Compare(x, y).Possible != Less {
			b.Fatal("want {<}")
		}
	}
}

func BenchmarkCompareMonomialUndecided(b *testing.B) {
	ctx := NewCtx()
	x, y := MustParse("M*K"), MustParse("N*K")
	b.ReportAllocs()
	for b.Loop() {
		if ctx.Compare(x, y).Witnessed != AnyOrder {
			b.Fatal("want all witnessed")
		}
	}
}

func BenchmarkCompareMonomialLe(b *testing.B) {
	ctx := NewCtx()
	x, y := MustParse("M"), MustParse("M*N")
	b.ReportAllocs()
	for b.Loop() {
		if ctx.Compare(x, y).Possible != Less|Same {
			b.Fatal("want {<,=}")
		}
	}
}

func BenchmarkEqualMonomial(b *testing.B) {
	ctx := benchCtx(b, "N==4*M")
	x, y := MustParse("N*K"), MustParse("4*M*K")
	b.ReportAllocs()
	for b.Loop() {
		if ctx.Equal(x, y).Truth != True {
			b.Fatal("want true")
		}
	}
}

// The general path, for comparison: facts and a certificate on every call.
func BenchmarkCompareWithFacts(b *testing.B) {
	ctx := benchCtx(b, "m<M&&n<N")
	x, y := MustParse("m+n*M"), MustParse("M*N")
	b.ReportAllocs()
	for b.Loop() {
		if ctx.Compare(x, y).Possible != Less {
			b.Fatal("want {<}")
		}
	}
}

func BenchmarkParse(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse("T%4*128+floor_div(T,4)%8+floor_div(T,32)%4*16"); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCompareRelationFact(b *testing.B) {
	ctx := benchCtx(b, "N>=M")
	x, y := MustParse("M"), MustParse("N")
	b.ReportAllocs()
	for b.Loop() {
		if r := ctx.Compare(x, y); r.Possible != Less|Same || r.Witnessed != Less|Same {
			b.Fatal("want {<,=} witnessed")
		}
	}
}

func BenchmarkDividesNeFact(b *testing.B) {
	ctx := benchCtx(b, "M!=2")
	x, y := MustParse("8"), MustParse("M*N")
	b.ReportAllocs()
	for b.Loop() {
		if ctx.Divides(x, y).Truth != False {
			b.Fatal("want false")
		}
	}
}

// The questions the symbolic engine asks most, under a mix of
// divisibility, bound and ordering assumptions, certificates included
// (issue 11, item 6).
const engineCtx = "M%128==0 && N>=64 && K<=M"

func BenchmarkEngineDividesTrue(b *testing.B) {
	ctx := benchCtx(b, engineCtx)
	x, y := MustParse("128"), MustParse("M*N")
	b.ReportAllocs()
	for b.Loop() {
		d := ctx.Divides(x, y)
		if d.Truth != True {
			b.Fatal("want true")
		}
		if _, err := d.Certificate(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEngineDividesFalse(b *testing.B) {
	ctx := benchCtx(b, engineCtx)
	x, y := MustParse("K"), MustParse("M")
	b.ReportAllocs()
	for b.Loop() {
		d := ctx.Divides(x, y)
		if d.Truth != False {
			b.Fatal("want false")
		}
		if _, err := d.Certificate(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEngineCompareKM(b *testing.B) {
	ctx := benchCtx(b, engineCtx)
	x, y := MustParse("K"), MustParse("M")
	b.ReportAllocs()
	for b.Loop() {
		r := ctx.Compare(x, y)
		if r.Possible != Less|Same || r.Witnessed != Less|Same {
			b.Fatalf("want {<,=} witnessed, got %s/%s", r.Possible, r.Witnessed)
		}
		if _, err := r.Certificates(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEngineCompareBound(b *testing.B) {
	ctx := benchCtx(b, engineCtx)
	x, y := MustParse("64"), MustParse("N")
	b.ReportAllocs()
	for b.Loop() {
		r := ctx.Compare(x, y)
		if r.Possible != Less|Same || r.Witnessed != Less|Same {
			b.Fatalf("want {<,=} witnessed, got %s/%s", r.Possible, r.Witnessed)
		}
		if _, err := r.Certificates(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEngineShapeDiv(b *testing.B) {
	ctx := benchCtx(b, engineCtx)
	x, y := MustParse("M*N"), MustParse("128")
	b.ReportAllocs()
	for b.Loop() {
		p := ctx.ShapeDiv(x, y)
		if _, ok := p.Plain(); !ok {
			b.Fatalf("want a plain value, got %s", p)
		}
	}
}

func BenchmarkEngineMin(b *testing.B) {
	ctx := benchCtx(b, engineCtx)
	x, y := MustParse("K"), MustParse("M")
	b.ReportAllocs()
	for b.Loop() {
		p := ctx.Min(x, y)
		if v, ok := p.Plain(); !ok || !Equal(v, x) {
			b.Fatalf("want K, got %s", p)
		}
	}
}

func BenchmarkEngineWith(b *testing.B) {
	ctx := benchCtx(b, engineCtx)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ctx.With("K>=8"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEngineWithFirst adds a guard the context has not seen before
// (WithConds remembers the children of a context: EngineWith measures a
// guard added again, as the runs of one symbolic answer do).
func BenchmarkEngineWithFirst(b *testing.B) {
	ctx := benchCtx(b, engineCtx)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		i++
		if _, err := ctx.With("K>=" + strconv.Itoa(8+i)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEngineWithCondsFirst adds a guard the context has not seen
// with WithConds, as the rules engine does with the conditions it builds:
// the guards are made before the timer starts, so that the figure is the
// compilation of the child without the parsing and printing of text.
func BenchmarkEngineWithCondsFirst(b *testing.B) {
	ctx := benchCtx(b, engineCtx)
	k := MustParse("K")
	guards := make([]Cond, b.N)
	for i := range guards {
		guards[i] = MakeCond(k, GE, Const(int64(9+i)))
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := ctx.WithConds(guards[i]); err != nil {
			b.Fatal(err)
		}
	}
}

// The same comparison with every certificate checked by Verify, as a
// derivation that stores them does once.
func BenchmarkEngineCompareKMVerified(b *testing.B) {
	ctx := benchCtx(b, engineCtx)
	x, y := MustParse("K"), MustParse("M")
	b.ReportAllocs()
	for b.Loop() {
		certs, err := ctx.Compare(x, y).Certificates()
		if err != nil {
			b.Fatal(err)
		}
		for _, c := range certs {
			if err := Verify(c); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// Deciding only, without certificates.
func BenchmarkEngineCompareKMNoCert(b *testing.B) {
	ctx := benchCtx(b, engineCtx)
	x, y := MustParse("K"), MustParse("M")
	b.ReportAllocs()
	for b.Loop() {
		if r := ctx.Compare(x, y); r.Witnessed != Less|Same {
			b.Fatal("want {<,=} witnessed")
		}
	}
}

// A shape_div that splits: neither K | M nor M | K is decided, so the
// result has guarded branches (each guard checked by With).
func BenchmarkEngineShapeDivSplit(b *testing.B) {
	ctx := benchCtx(b, engineCtx)
	x, y := MustParse("M"), MustParse("K")
	b.ReportAllocs()
	for b.Loop() {
		if p := ctx.ShapeDiv(x, y); len(p.Branches) < 2 {
			b.Fatalf("want branches, got %s", p)
		}
	}
}

// BenchmarkString prints a polynomial of integer terms (the common case)
// and one whose fractional terms print as one exact division.
func BenchmarkString(b *testing.B) {
	for _, tc := range []struct{ name, src string }{
		{"integer", "2*M*N+M*K-N+7"},
		{"fractional", "M*N/2-M*M/2+N"},
	} {
		e := MustParse(tc.src)
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = e.String()
			}
		})
	}
}

// BenchmarkVerifyForgedScale verifies a certificate of 1/(M+N) <= 1/2
// (true) whose scale is forged: (M+N)*A*B with A and B sums of n symbols
// each, a positive scale of 2*n*n terms (16,200 at n = 90, near
// MaxTerms) where the prover's is M+N. The verifier shifts the scale to
// show it positive, divides it by the reciprocal's sum M+N (a quotient of
// n*n terms), and shifts the product; the name is the scale's terms.
func BenchmarkVerifyForgedScale(b *testing.B) {
	for _, n := range []int{10, 20, 40, 90} {
		sum := func(p string) string {
			s := p + "1"
			for i := 2; i <= n; i++ {
				s += "+" + p + strconv.Itoa(i)
			}
			return "min(" + s + "," + s + ")"
		}
		scale := "min(M+N,M+N)*" + sum("a") + "*" + sum("b")
		cert, err := ParseCertificate([]byte(`{"version":1,"claim":{"op":"<=","a":"1/min(M+N,M+N)","b":"1/2"},` +
			`"universal":true,"scale":"` + scale + `"}`))
		if err != nil {
			b.Fatal(err)
		}
		b.Run(strconv.Itoa(2*n*n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := Verify(cert); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
