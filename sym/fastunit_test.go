package sym

import (
	"fmt"
	"math"
	"math/big"
	"math/rand"
	"testing"
)

// The int64 fraction arithmetic of the fast paths against math/big: an
// answer is exact, and there is one wherever the documented condition
// says the result fits (mul64: the product fits; frac.mul: the reduced
// product fits, as cross-cancelling reduced factors gives it; powFrac: x^e
// fits, 0^-e refused; reduce: the lowest terms).
func TestFracArithmetic(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	edge := []int64{0, 1, 2, 3, 6, 7, 1 << 31, 1<<31 - 1, 1<<32 + 1, 1 << 40, math.MaxInt64 / 2, math.MaxInt64 / 3, math.MaxInt64 - 1, math.MaxInt64}
	num := func() int64 {
		var v int64
		switch rng.Intn(3) {
		case 0:
			v = edge[rng.Intn(len(edge))]
		case 1:
			v = rng.Int63n(1 << 20)
		default:
			v = rng.Int63() >> uint(rng.Intn(63))
		}
		if rng.Intn(2) == 0 {
			v = -v
		}
		return v
	}
	den := func() int64 {
		for {
			if d := num(); d > 0 {
				return d
			}
		}
	}
	fits := func(x *big.Int) bool { return x.IsInt64() && x.Int64() != math.MinInt64 }
	ratOf := func(f frac) *big.Rat { return new(big.Rat).SetFrac(big.NewInt(f.n), big.NewInt(f.d)) }
	for i := 0; i < 20000; i++ {
		a, b := num(), num()
		p := new(big.Int).Mul(big.NewInt(a), big.NewInt(b))
		got, ok := mul64(a, b)
		if ok != fits(p) || ok && got != p.Int64() {
			t.Fatalf("mul64(%d, %d) = %d, %v; want %s", a, b, got, ok, p)
		}
		x, y := frac{a, den()}, frac{b, den()}
		want := new(big.Rat).Mul(ratOf(x), ratOf(y))
		f, ok := x.mul(y)
		if ok && ratOf(f).Cmp(want) != 0 || !ok && fits(want.Num()) && fits(want.Denom()) {
			t.Fatalf("%v * %v = %v, %v; want %s", x, y, f, ok, want.RatString())
		}
		r := x.reduce()
		if ratOf(r).Cmp(ratOf(x)) != 0 || r.d <= 0 || gcd64(abs64(r.n), uint64(r.d)) != 1 {
			t.Fatalf("reduce(%v) = %v", x, r)
		}
		if x.isInt() {
			if wi := new(big.Int).Quo(big.NewInt(x.n), big.NewInt(x.d)); x.int() != wi.Int64() {
				t.Fatalf("int(%v) = %d, want %s", x, x.int(), wi)
			}
		}
	}
	for _, base := range []int64{0, 1, 2, 3, 7, 1 << 20, 1 << 31, 1 << 32, 3037000499, 3037000500, math.MaxInt64 / 2} {
		for _, e := range []int64{-65, -64, -63, -33, -3, -2, -1, 0, 1, 2, 3, 33, 62, 63, 64, 65} {
			p, ok := powFrac(base, e)
			w := new(big.Int).Exp(big.NewInt(base), big.NewInt(max(e, -e)), nil)
			switch {
			case e < 0 && base == 0:
				if ok {
					t.Errorf("powFrac(0, %d) = %v, want refused", e, p)
				}
			case !fits(w):
				if ok {
					t.Errorf("powFrac(%d, %d) = %v, want refused (%s)", base, e, p, w)
				}
			case !ok:
				t.Errorf("powFrac(%d, %d) refused; %s fits", base, e, w)
			case e >= 0 && (p.d != 1 || p.n != w.Int64()), e < 0 && (p.n != 1 || p.d != w.Int64()):
				t.Errorf("powFrac(%d, %d) = %v, want %s (inverted when e < 0)", base, e, p, w)
			}
		}
	}
}

// fastMono and fastVars at their limits: exponents up to ±maxExp, at most
// maxFast factors and 2*maxFast unknowns, a lookup in a full one.
func TestFastContainersLimits(t *testing.T) {
	vars := make([]*variable, 2*maxFast+1)
	for i := range vars {
		vars[i] = symVar(fmt.Sprintf("Z%02d", i))
	}
	var m fastMono
	for i := 0; i < maxFast; i++ {
		if !m.addExp(vars[i], int64(i+1)) {
			t.Fatalf("addExp refused factor %d of %d", i+1, maxFast)
		}
	}
	if m.addExp(vars[maxFast], 1) {
		t.Errorf("addExp accepted a factor past maxFast")
	}
	if e := m.exp(vars[maxFast]); e != 0 {
		t.Errorf("exp of an absent variable in a full monomial: %d", e)
	}
	if !m.addExp(vars[0], maxExp-1) || m.exp(vars[0]) != maxExp {
		t.Errorf("exponent maxExp refused: %d", m.exp(vars[0]))
	}
	if m.addExp(vars[0], 1) {
		t.Errorf("exponent maxExp+1 accepted")
	}
	if !m.addExp(vars[1], -2-maxExp) || m.exp(vars[1]) != -maxExp {
		t.Errorf("exponent -maxExp refused: %d", m.exp(vars[1]))
	}
	if m.addExp(vars[1], -1) {
		t.Errorf("exponent -maxExp-1 accepted")
	}

	c := NewCtx()
	var fv fastVars
	for i := 2*maxFast - 1; i >= 0; i-- { // reversed: add keeps them sorted
		if !fv.add(c, vars[i]) {
			t.Fatalf("add refused unknown %d of %d", 2*maxFast-i, 2*maxFast)
		}
	}
	if !fv.add(c, vars[3]) || fv.n != 2*maxFast {
		t.Errorf("adding a present unknown to a full set: n = %d", fv.n)
	}
	if fv.add(c, vars[2*maxFast]) {
		t.Errorf("add accepted an unknown past 2*maxFast")
	}
	for i := 0; i < 2*maxFast; i++ {
		if j := fv.find(vars[i]); j != i {
			t.Errorf("find(%s) = %d, want %d (sorted)", vars[i].name, j, i)
		}
	}
	if j := fv.find(vars[2*maxFast]); j != -1 {
		t.Errorf("find of an absent unknown in a full set: %d", j)
	}
}

// fastTheta takes an eliminated symbol to the powers ±64, no further.
func TestFastThetaExponentLimit(t *testing.T) {
	c := mustCtx(t, "N==M*K")
	n := symVar("N")
	if _, elim := c.mono(n); !elim {
		t.Fatalf("N is not eliminated under N==M*K")
	}
	for _, e := range []int32{-65, -64, 64, 65} {
		var m fastMono
		ok := c.fastTheta(term{ratOne, mono{{n, e}}}, &m)
		if want := e >= -64 && e <= 64; ok != want {
			t.Errorf("fastTheta(N^%d): %v, want %v", e, ok, want)
		}
		if ok && (m.n != 2 || m.e[0] != int64(e) || m.e[1] != int64(e)) {
			t.Errorf("fastTheta(N^%d): %d factors, exponents %v", e, m.n, m.e[:m.n])
		}
	}
}

// The fast path of fast.go answers the questions it is meant for (two
// monomials over symbols whose images are monomials, no kept facts): each
// call below must answer, as the general path does, with the witness the
// general path finds. A mutant that makes it decline (the general path
// then answers) is caught here, not by the answers.
func TestFastPathAnswers(t *testing.T) {
	cases := []struct{ ctx, a, b, why string }{
		{"", "M", "2*M", "integral quotient: equal exponents"},
		{"", "M*N", "4*M*N*K", "integral quotient"},
		{"", "2", "M", "refuted at the corner"},
		{"M>=3", "2", "M", "a symbol of an assumption that is its own unknown"},
		{"N==4*M", "3", "N", "an eliminated symbol: its image evaluated"},
		{"M%8==3", "2", "N", "an image over an unknown with lower bound 0"},
		{"M%2==0", "2", "M/2", "a fractional coefficient: unreduced values"},
		{"M%2==0", "3", "M/2", "a fractional coefficient"},
		{"K%2==0 && M%6==0", "4", "K*M", "two eliminated symbols"},
		{"N==M*K", "N", "M*M*K", "an image with two factors"},
		{"M>=2", "M*N", "3*M*N*N", "integral"},
		{"M%2==1 && M%3==0", "2", "N*K", "an image that is not a monomial, evaluated"},
	}
	for _, cs := range cases {
		ctx := mustCtx(t, cs.ctx)
		for _, pair := range [][2]string{{cs.a, cs.b}, {cs.b, cs.a}} {
			a, b := MustParse(pair[0]), MustParse(pair[1])
			what := fmt.Sprintf("%s | %s under %q (%s)", pair[0], pair[1], cs.ctx, cs.why)
			var gd Decision
			withPathsOff(func() { gd = ctx.Divides(a, b) })
			var rec fastRec
			got, ok := ctx.fastDivides(pl(a), pl(b), &rec)
			if gd.Truth == Unknown {
				if ok {
					t.Errorf("%s: fast %s, general Unknown", what, got)
				}
				continue
			}
			if !ok || got != gd.Truth {
				t.Errorf("%s: fast %s (answered %v), general %s", what, got, ok, gd.Truth)
				continue
			}
			if got == False {
				bd, ok := witnessBinding(ctx, rec.point[0])
				x, err1 := evalRat(pl(a), bd)
				y, err2 := evalRat(pl(b), bd)
				if !ok || err1 != nil || err2 != nil || intDivides(x, y) {
					t.Errorf("%s: the witness %v (%v) is not an allowed binding where a does not divide b", what, rec.point[0], bd)
				}
			}
		}
	}
}

// witnessBinding is the binding of the symbols at a fast path's witness
// (values of the unknowns); false when it is not allowed.
func witnessBinding(ctx *Ctx, pt map[*variable]int64) (Binding, bool) {
	b, ok := ctx.bindingAt(ctx.relevantSymbols(symVar("M").poly, symVar("N").poly, symVar("K").poly), pt)
	return b, ok && ctx.satisfied(b)
}

// The fast path of Compare takes every question it is meant for (no
// upper bounds, no kept facts, values that fit int64 at the points it
// tries: these monomials of low degree) and answers with the general
// path's relations and witnesses.
func TestFastCompareAnswers(t *testing.T) {
	ctxs := []string{"", "M>=3", "N==4*M", "M%2==0", "K%2==0 && M%6==0", "N==M*K"}
	monos := []string{"1", "3", "M", "N", "K", "2*M", "M*N", "M*M", "M/2", "4*M*K", "1024*N"}
	taken := 0
	for _, src := range ctxs {
		ctx := mustCtx(t, src)
		for _, x := range monos {
			for _, y := range monos {
				a, b := MustParse(x), MustParse(y)
				p, w, ok := ctx.fastCompare(pl(a), pl(b), nil)
				var gc Comparison
				withPathsOff(func() { gc = ctx.Compare(a, b) })
				what := fmt.Sprintf("%s vs %s under %q", x, y, src)
				if !ok {
					t.Errorf("%s: the fast path declined (general %s/%s)", what, gc.Possible, gc.Witnessed)
					continue
				}
				taken++
				if p != gc.Possible || w != gc.Witnessed {
					t.Errorf("%s: fast %s/%s, general %s/%s", what, p, w, gc.Possible, gc.Witnessed)
				}
			}
		}
	}
	if taken == 0 {
		t.Errorf("no question taken")
	}
}

// inertUnknowns marks exactly the unknowns with the same exponent in both
// operands that occur in no image and no assumption, and only where both
// operands have integer values everywhere.
func TestInertUnknowns(t *testing.T) {
	cases := []struct {
		ctx, a, b string
		inert     string // the inert unknowns' names, in the order of all
	}{
		{"M%2==0 && K>=2", "N*K", "3*N*K", "N"},
		{"M%2==0 && K>=2", "N*K*J", "3*N*K*J", "J N"},
		{"M%2==0 && K>=2", "N", "N*N", ""},
		{"M%2==0 && K>=2", "N/2", "N", ""},
		{"M%2==0", "N*M", "5*N*M", "N"},
		{"", "N*M", "5*N*M", "M N"},
	}
	for _, cs := range cases {
		ctx := mustCtx(t, cs.ctx)
		a, b := pl(MustParse(cs.a)), pl(MustParse(cs.b))
		var A, B fastMono
		var fv, all fastVars
		var ea, eb fastEv
		if !ctx.fastOperands(a, b, &A, &B, &fv) || !ctx.fastAll(a, b, &all) || !ea.prepare(&A, &all) || !eb.prepare(&B, &all) {
			t.Errorf("%s vs %s under %q: not a fast path question", cs.a, cs.b, cs.ctx)
			continue
		}
		var inert [2 * maxFast]bool
		ctx.inertUnknowns(&A, &B, &ea, &eb, &all, &inert)
		got := ""
		for j, v := range all.v[:all.n] {
			if inert[j] {
				got += " " + v.name
			}
		}
		if got != "" {
			got = got[1:]
		}
		if got != cs.inert {
			t.Errorf("%s vs %s under %q: inert %q, want %q", cs.a, cs.b, cs.ctx, got, cs.inert)
		}
	}
}

// The targeted points (fastCmp.targets, every path's) witness a relation
// that only a large or solved value shows: an unknown doubled past 2^40,
// the second unknown of a side grown, an equation solved for one unknown
// below an upper bound. Each witnessed relation is checked by its
// certificate.
func TestTargetsWitness(t *testing.T) {
	cases := []struct {
		ctx, a, b string
		want      Order
	}{
		{"", "1099511627776*M", "M*M", AnyOrder},
		{"", "1099511627776*N", "M*N", AnyOrder},
		{"", "M*N", "1099511627776*N", AnyOrder},
		{"M>=2", "1099511627776*N*K", "M*N*K", AnyOrder},
		{"N<=100000", "99991*M", "N", AnyOrder},
		{"N<=100000", "N", "99991*M", AnyOrder},
	}
	for _, cs := range cases {
		ctx := mustCtx(t, cs.ctx)
		for _, off := range []bool{false, true} {
			var r Comparison
			if off {
				withPathsOff(func() { r = ctx.Compare(MustParse(cs.a), MustParse(cs.b)) })
			} else {
				r = ctx.Compare(MustParse(cs.a), MustParse(cs.b))
			}
			if r.Possible != cs.want || r.Witnessed != cs.want {
				t.Errorf("%s vs %s under %q (fast paths off: %v): %s/%s, want %s witnessed", cs.a, cs.b, cs.ctx, off, r.Possible, r.Witnessed, cs.want)
			}
			certs, err := r.Certificates()
			if err != nil {
				t.Errorf("%s vs %s: %v", cs.a, cs.b, err)
			}
			for _, cert := range certs {
				if err := Verify(cert); err != nil {
					t.Errorf("%s vs %s: %v", cs.a, cs.b, err)
				}
			}
		}
	}
}
