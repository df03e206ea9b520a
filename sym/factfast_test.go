package sym

import (
	"fmt"
	"math"
	"math/big"
	"math/rand"
	"strings"
	"testing"
)

// factFastInside are assumptions inside the fact fast path's fragment:
// their kept facts are linear (difference and bound constraints, !=).
var factFastInside = []string{
	"N>=M", "M!=2", "N>=M+3", "M<=N && N<=M+5", "M!=N", "M>=2 && N>=M && K<=N",
	"M%4==0 && N>=M", "N==2*M && K>=M", "M+N<=9", "K>M && M!=3", "M<4 && N>=M",
	"2*M<=3*N", "N>M && K!=N", "M>=3 && M!=5 && N<=M", "K>=M+N", "N<M+2 && M<N+2",
	"M!=N && N!=K && K!=M", "N>=M && N<=M", "M>=N+100", "M%8==0 && N>=M+1 && K!=16",
	"M<=20 && N>=M", "M<4", "M<=20", "N<=7 && M%2==0", "M>=5 && N<9", "K<=3 && M%4==0", "N!=2*M", "M+N+K<=12 && M!=1", "N>=M && M>=K && K>=N+0*M",
	"M%128==0 && N>=64 && K<=M",
}

// factFastCtxs adds assumptions with atoms (x%d, floor_div, ceil_div by
// constants) whose kept facts are not all linear.
var factFastCtxs = append(append([]string(nil), factFastInside...),
	"M%8==3 && N>=M", "floor_div(M,4)>=2 && N<=M", "ceil_div(N,8)<=M && M%2==0",
	"N%4==1 && K<=N", "M*N%4==0 && K<=N", "M%6==0 && N%4==2 && K>=M",
)

// The fact fast path must give exactly the general path's answers, and its
// answers must have certificates that verify.
func TestFactFastMatchesGeneral(t *testing.T) {
	ctxs := factFastCtxs
	atoms := []string{"M", "N", "K"}
	coefs := []string{"1", "2", "3", "8", "1/2"}
	rng := rand.New(rand.NewSource(1))
	mono := func() Expr {
		s := coefs[rng.Intn(len(coefs))]
		for _, a := range atoms {
			switch rng.Intn(5) {
			case 0, 1:
			case 2, 3:
				s += "*" + a
			default:
				s += "*" + a + "*" + a
			}
		}
		return MustParse(s)
	}
	fastCmp, fastDiv := 0, 0
	for _, src := range ctxs {
		ctx, err := NewCtx().With(src)
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		pairs := [][2]Expr{{MustParse("M"), MustParse("N")}, {MustParse("8"), MustParse("M*N")}, {MustParse("N"), MustParse("M")}}
		lins := []string{"1", "2", "8", "M", "N", "K", "2*M", "3*N", "N/2", "8*K", "M*N"}
		for _, x := range lins {
			for _, y := range lins {
				pairs = append(pairs, [2]Expr{MustParse(x), MustParse(y)})
			}
		}
		for i := 0; i < 150; i++ {
			pairs = append(pairs, [2]Expr{mono(), mono()})
		}
		for _, pr := range pairs {
			a, b := pr[0], pr[1]
			what := fmt.Sprintf("%s under %s", Claim{ClaimLe, pl(a), pl(b)}, src)
			if _, _, ok := ctx.factCompare(pl(a), pl(b), nil, nil); ok {
				fastCmp++
			}
			if _, ok := ctx.factDivides(pl(a), pl(b), nil, nil); ok {
				fastDiv++
			}
			fc, fd := ctx.Compare(a, b), ctx.Divides(a, b)
			factFastOff = true
			gc, gd := ctx.Compare(a, b), ctx.Divides(a, b)
			factFastOff = false
			if fc.Possible != gc.Possible || fc.Witnessed != gc.Witnessed {
				t.Errorf("compare %s: fast %s/%s, general %s/%s", what, fc.Possible, fc.Witnessed, gc.Possible, gc.Witnessed)
			}
			if fd.Truth != gd.Truth {
				t.Errorf("divides %s: fast %s, general %s", what, fd.Truth, gd.Truth)
			}
			if certs, err := fc.Certificates(); err != nil {
				t.Errorf("compare %s: %v", what, err)
			} else {
				for _, cert := range certs {
					if err := Verify(cert); err != nil {
						t.Errorf("compare %s: %v", what, err)
					}
				}
			}
			if fd.Truth != Unknown {
				if cert, err := fd.Certificate(); err != nil {
					t.Errorf("divides %s: %v", what, err)
				} else if err := Verify(cert); err != nil {
					t.Errorf("divides %s: %v", what, err)
				}
			}
		}
	}
	if fastCmp < 1000 || fastDiv < 100 {
		t.Errorf("fast path taken too rarely: compare %d, divides %d", fastCmp, fastDiv)
	}
	t.Logf("fast path: compare %d, divides %d", fastCmp, fastDiv)
}

func TestFactFastExamples(t *testing.T) {
	ctx, _ := NewCtx().With("N>=M")
	r := ctx.Compare(MustParse("M"), MustParse("N"))
	if r.Possible != Less|Same || r.Witnessed != Less|Same {
		t.Errorf("compare M N | N>=M: %s/%s", r.Possible, r.Witnessed)
	}
	ctx, _ = NewCtx().With("M!=2")
	if d := ctx.Divides(MustParse("8"), MustParse("M*N")); d.Truth != False {
		t.Errorf("divides 8 M*N | M!=2: %s", d.Truth)
	} else if _, err := d.Certificate(); err != nil {
		t.Error(err)
	}
}

// ffNonneg replays the first choice of subtractFacts (proveNonneg's search
// over the linear facts): where it answers, it proves exactly what the
// general path proves, with the same facts and multipliers, and charges
// the same work units (sym.ProofWork); it declines only where the general
// path takes a multiplier that is not a constant or beyond int64
// fractions.
func TestFFNonnegReplaysSubtractFacts(t *testing.T) {
	ctxs := append(append([]string(nil), factFastCtxs...),
		"M+N>=10", "M+N>=10 && N<=3", "2*M+N>=7 && M<=N", "M>=N+1 && N>=K+1 && K>=2",
		"N<=M+1 && K<=N+1 && M<=5", "M+2*N<=20 && K>=M && K<=N+4", "3*M>=2*N+5 && N!=4")
	ops := []string{"1", "2", "9", "M", "N", "K", "2*M", "3*N", "N/2", "8*K", "M/3"}
	answered, proved := 0, 0
	for _, src := range ctxs {
		c, err := NewCtx().With(src)
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		for _, x := range ops {
			for _, y := range ops {
				pa, pb := pl(MustParse(x)), pl(MustParse(y))
				var st ffState
				var la, lb lin
				if !c.ffSetup(pa, pb, &st) || !linOfMono(&st.A, 1, &la) || !linOfMono(&st.B, 1, &lb) {
					continue
				}
				ba, ok := linSub(&lb, &la)
				if !ok {
					t.Fatalf("%s - %s: overflow", y, x)
				}
				for _, strict := range []bool{false, true} {
					what := fmt.Sprintf("%s - %s >= 0 (strict %v) under %s", y, x, strict, src)
					var uses []FactUse
					w0 := ProofWork()
					fp, fok := c.ffNonneg(&st, ba, strict, &uses)
					spent := ProofWork() - w0
					ta, tb, _ := c.images(pa, pb)
					pr, q, s, sp, sok := c.shiftProof(subPoly(tb, ta), strict)
					if !sok {
						t.Fatalf("%s: no shift proof", what)
					}
					var gp bool
					var guses []FactUse
					var gspent int64
					if sp {
						gp = true
					} else if facts := c.proofFacts(q); len(facts) > 0 {
						work := proofWork
						r, ok := c.subtractFacts(pr, s, facts, strict, false, &work)
						gp, guses, gspent = ok, r.uses, int64(proofWork-work)
					}
					small := true // constant multipliers of 31 bits
					for _, u := range guses {
						k, ok := pl(u.Mult).constant()
						f, fits := fracOf(k)
						small = small && ok && fits && f.n < 1<<31 && f.n > -1<<31 && f.d < 1<<31
					}
					if !fok {
						if small {
							t.Errorf("%s: the fast path declines; the general path uses small constant multipliers only (%v)", what, guses)
						}
						continue
					}
					answered++
					if fp != gp || spent != gspent {
						t.Errorf("%s: fast proved %v with %d work units, general %v with %d", what, fp, spent, gp, gspent)
						continue
					}
					if !fp {
						continue
					}
					proved++
					if len(uses) != len(guses) {
						t.Errorf("%s: fast uses %v, general %v", what, uses, guses)
						continue
					}
					for i := range uses {
						f, g := uses[i], guses[i]
						if f.Src.Cond != g.Src.Cond || f.Src.Bound != g.Src.Bound || f.Src.Upper != g.Src.Upper || f.Src.Side != g.Src.Side ||
							!polyEq(pl(f.Mult), pl(g.Mult)) || g.Scale != nil {
							t.Errorf("%s: use %d: fast %+v, general %+v", what, i, f, g)
						}
					}
				}
			}
		}
	}
	if answered < 6000 || proved < 2000 {
		t.Errorf("ffNonneg answered %d questions, proved %d", answered, proved)
	}
	t.Logf("ffNonneg answered %d, proved %d", answered, proved)
}

// The fragment's limits: every context of factFastInside is inside it, and
// so is a linear assumption over maxFF symbols (the most a query's
// bindings hold), not one over maxFF+1.
func TestFactFastFragment(t *testing.T) {
	for _, src := range factFastInside {
		c, err := NewCtx().With(src)
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		if c.factFast() == nil {
			t.Errorf("%s: outside the fact fast path's fragment", src)
		}
	}
	for _, n := range []int{maxFF, maxFF + 1} {
		var names []string
		for i := range n {
			names = append(names, fmt.Sprintf("X%02d", i))
		}
		src := strings.Join(names, "+") + "<=100"
		c, err := NewCtx().With(src)
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		if got, want := c.factFast() != nil, n <= maxFF; got != want {
			t.Errorf("%d symbols: inside the fragment %v, want %v", n, got, want)
		}
	}
}

// ffAdd64 and frac.add against big integers: the sum, or false where it
// leaves int64 or is math.MinInt64.
func TestFracAdd(t *testing.T) {
	vals := []int64{math.MinInt64, math.MinInt64 + 1, -1 << 62, -5, -1, 0, 1, 5, 1 << 62, math.MaxInt64 - 1, math.MaxInt64}
	lo, hi := big.NewInt(math.MinInt64), big.NewInt(math.MaxInt64)
	for _, a := range vals {
		for _, b := range vals {
			want := new(big.Int).Add(big.NewInt(a), big.NewInt(b))
			fits := want.Cmp(lo) > 0 && want.Cmp(hi) <= 0
			s, ok := ffAdd64(a, b)
			if ok != fits || ok && s != want.Int64() {
				t.Errorf("ffAdd64(%d, %d) = %d, %v; want %s", a, b, s, ok, want)
			}
			for _, d := range []int64{1, 3} {
				f, ok := frac{a, d}.add(frac{b, d})
				wr := new(big.Rat).SetFrac(want, big.NewInt(d))
				if ok && new(big.Rat).SetFrac(big.NewInt(f.n), big.NewInt(f.d)).Cmp(wr) != 0 {
					t.Errorf("%d/%d + %d/%d = %d/%d, want %s", a, d, b, d, f.n, f.d, wr)
				}
				if d == 1 && ok != fits {
					t.Errorf("%d + %d: ok %v, want %v", a, b, ok, fits)
				}
			}
		}
	}
}

// A lin and a sorted list of variables hold at most maxFF variables: one
// more is refused, wherever it sorts, and a variable already held is
// found.
func TestLinCapacity(t *testing.T) {
	var vs [maxFF + 2]*variable
	for i := range vs {
		vs[i] = symVar(fmt.Sprintf("V%02d", i))
	}
	var l lin
	var held [maxFF]*variable
	n := 0
	for i := 1; i <= maxFF; i++ {
		if !l.addTerm(vs[i], frac{1, 1}) || !insertVar(&held, &n, vs[i]) {
			t.Fatalf("variable %d refused", i)
		}
	}
	for _, v := range []*variable{vs[0], vs[maxFF+1]} {
		if l.addTerm(v, frac{1, 1}) || insertVar(&held, &n, v) {
			t.Errorf("%s: held past maxFF", v.name)
		}
	}
	if !l.addTerm(vs[maxFF], frac{2, 1}) || l.c[maxFF-1] != (frac{3, 1}) || !insertVar(&held, &n, vs[maxFF]) || n != maxFF {
		t.Errorf("a held variable: coefficient %v, %d held", l.c[maxFF-1], n)
	}
	for i := range maxFF {
		if l.v[i] != vs[i+1] || held[i] != vs[i+1] {
			t.Errorf("position %d: %s and %s, want %s", i, l.v[i].name, held[i].name, vs[i+1].name)
		}
	}
}

// ffAtom takes exactly x%d, floor_div(x,d) and ceil_div(x,d) by a positive
// integer constant d over an integer polynomial x without atoms; compile
// marks the terms that are integers at every binding.
func TestFFAtom(t *testing.T) {
	for src, want := range map[string]bool{
		"M%4": true, "floor_div(M,4)": true, "ceil_div(M,4)": true, "floor_div(M-2*N,3)": true, "ceil_div(M*N+3,7)": true,
		"min(M,4)": false, "max(M,4)": false, "M%N": false, "floor_div(M,N)": false, "ceil_div(M,N)": false,
		"floor_div(M%4+N,2)": false, "floor_div(M/N,3)": false, "ceil_div(M/2,3)": false,
	} {
		p := pl(MustParse(src))
		if len(p.t) != 1 || len(p.t[0].m) != 1 || p.t[0].m[0].v.kind != kAtom {
			t.Fatalf("%s: not an atom", src)
		}
		if got := ffAtom(p.t[0].m[0].v); got != want {
			t.Errorf("ffAtom(%s) = %v, want %v", src, got, want)
		}
	}
	m, n := symVar("M"), symVar("N")
	ff := &factFast{condSyms: []*variable{m, n}}
	p := pl(MustParse("M*N + 3*M*M + M/N + N/2 + 5"))
	cts := ff.compile(p)
	for i, tm := range p.t {
		want := tm.c.isInt()
		for _, f := range tm.m {
			want = want && f.e > 0
		}
		if cts[i].int != want {
			t.Errorf("term %d of %s: integer %v, want %v", i, p, cts[i].int, want)
		}
	}
}

// facVal computes x%d, floor_div(x,d) and ceil_div(x,d) of an integer x of
// either sign as floor division does (big.Int's Euclidean division, for
// d > 0).
func TestFFAtomValues(t *testing.T) {
	var st ffState
	for x := int64(-30); x <= 30; x++ {
		for d := int64(1); d <= 9; d++ {
			q, r := new(big.Int).DivMod(big.NewInt(x), big.NewInt(d), new(big.Int))
			ceil := q.Int64()
			if r.Sign() != 0 {
				ceil++
			}
			for op, want := range map[atomOp]int64{opMod: r.Int64(), opFloorDiv: q.Int64(), opCeilDiv: ceil} {
				f := cfac{a: &catom{op: op, x: []cterm{{c: frac{x, 1}, int: true}}, d: d}}
				if got, ok := st.facVal(&f); !ok || got != want {
					t.Errorf("op %d of %d by %d: %d, %v; want %d", op, x, d, got, ok, want)
				}
			}
		}
	}
}

// factDivides leaves an integral quotient to fastDivides and answers the
// others; with a record it evaluates only the point it is given (a
// replay), so that point 0 (none) refutes nothing.
func TestFactDividesScope(t *testing.T) {
	c, err := NewCtx().With("M!=2")
	if err != nil {
		t.Fatal(err)
	}
	for _, pr := range [][2]string{{"M", "2*M"}, {"M", "M*N"}, {"2", "4*M"}, {"M/2", "M"}} {
		if _, ok := c.factDivides(pl(MustParse(pr[0])), pl(MustParse(pr[1])), nil, nil); ok {
			t.Errorf("%s | %s: the fact path answers an integral quotient", pr[0], pr[1])
		}
	}
	for _, pr := range [][2]string{{"8", "M*N"}, {"2*M", "M"}, {"2*M", "3*M"}, {"M*N", "M"}} {
		pa, pb := pl(MustParse(pr[0])), pl(MustParse(pr[1]))
		var at int32
		tr, ok := c.factDivides(pa, pb, nil, &at)
		factFastOff = true
		g := c.Divides(MustParse(pr[0]), MustParse(pr[1]))
		factFastOff = false
		if !ok || tr != g.Truth || tr != False || at == 0 {
			t.Errorf("%s | %s: fact path %s (answered %v, at point %d), general %s", pr[0], pr[1], tr, ok, at, g.Truth)
			continue
		}
		var rec ffRec
		if tr, ok := c.factDivides(pa, pb, &rec, &at); !ok || tr != False || rec.wit[0] == nil {
			t.Errorf("%s | %s: the replay at point %d gives %s, %v", pr[0], pr[1], at, tr, ok)
		}
		rec, at = ffRec{}, 0
		if tr, ok := c.factDivides(pa, pb, &rec, &at); !ok || tr != Unknown || rec.wit[0] != nil {
			t.Errorf("%s | %s: the replay at no point gives %s, %v", pr[0], pr[1], tr, ok)
		}
	}
}

// factCompare with a record evaluates only the points it is given: the
// recorded ones witness what the plain call witnessed, none witness
// nothing.
func TestFactCompareReplay(t *testing.T) {
	c, err := NewCtx().With("N>=M && K!=3")
	if err != nil {
		t.Fatal(err)
	}
	for _, pr := range [][2]string{{"M", "N"}, {"K", "M"}, {"3", "K"}, {"2*M", "N"}, {"M*N", "2*M*N"}} {
		pa, pb := pl(MustParse(pr[0])), pl(MustParse(pr[1]))
		var at [3]int32
		p, w, ok := c.factCompare(pa, pb, nil, &at)
		if !ok || w == 0 {
			t.Errorf("%s vs %s: answered %v, witnessed %s", pr[0], pr[1], ok, w)
			continue
		}
		var rec ffRec
		if p2, w2, ok := c.factCompare(pa, pb, &rec, &at); !ok || p2 != p || w2 != w {
			t.Errorf("%s vs %s: the replay gives %s/%s, want %s/%s", pr[0], pr[1], p2, w2, p, w)
		}
		rec, at = ffRec{}, [3]int32{}
		if _, w2, ok := c.factCompare(pa, pb, &rec, &at); !ok || w2 != 0 {
			t.Errorf("%s vs %s: the replay at no point witnesses %s", pr[0], pr[1], w2)
		}
	}
}
