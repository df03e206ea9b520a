package sym

import (
	"fmt"
	"testing"
)

// withPathsOff runs f with the fast paths of fast.go and factfast.go off.
func withPathsOff(f func()) {
	fastOff, factFastOff = true, true
	defer func() { fastOff, factFastOff = false, false }()
	f()
}

// Item 5: the fast path of fast.go answers exactly as the general path,
// on every question it takes, and its certificates verify.
func TestFastMatchesGeneral(t *testing.T) {
	ctxs := []string{
		"", "M%8==0", "N==4*M", "N==4*M && M%8==0", "M%4==0 && N%M==0", "M>=3", "M>=8 && N>=2",
		"M%128==0 && N>=64", "M%8==3", "K%2==0 && M%6==0", "M==2*N", "N==M*K",
		"M%4611686018427387904==0 && 2*M==N-8", "M%2==1 && M%3==0",
		// kept facts: the fact fast path against the general path too
		"M%128==0 && N>=64 && K<=M",
	}
	monos := []string{"1", "2", "8", "1/2", "M", "N", "K", "3*N", "M*N", "M*M", "M/2", "N/K", "4*M*K", "128", "N*N*K"}
	fast := 0
	for _, src := range ctxs {
		ctx := mustCtx(t, src)
		for _, x := range monos {
			for _, y := range monos {
				a, b := MustParse(x), MustParse(y)
				what := fmt.Sprintf("%s, %s | %s", x, y, src)
				if _, _, ok := ctx.fastCompare(pl(a), pl(b), nil); ok {
					fast++
				}
				fd, fe, fc := ctx.Divides(a, b), ctx.Equal(a, b), ctx.Compare(a, b)
				var gd, ge Decision
				var gc Comparison
				withPathsOff(func() { gd, ge, gc = ctx.Divides(a, b), ctx.Equal(a, b), ctx.Compare(a, b) })
				if fd.Truth != gd.Truth {
					t.Errorf("divides %s: fast %s, general %s", what, fd.Truth, gd.Truth)
				}
				if fe.Truth != ge.Truth {
					t.Errorf("equal %s: fast %s, general %s", what, fe.Truth, ge.Truth)
				}
				if fc.Possible != gc.Possible || fc.Witnessed != gc.Witnessed {
					t.Errorf("compare %s: fast %s/%s, general %s/%s", what, fc.Possible, fc.Witnessed, gc.Possible, gc.Witnessed)
				}
				for _, d := range []Decision{fd, fe} {
					if d.Truth == Unknown {
						continue
					}
					if cert, err := d.Certificate(); err != nil {
						t.Errorf("%s %s: %v", d.op, what, err)
					} else if err := Verify(cert); err != nil {
						t.Errorf("%s %s: %v", d.op, what, err)
					}
				}
				certs, err := fc.Certificates()
				if err != nil {
					t.Errorf("compare %s: %v", what, err)
				}
				for _, cert := range certs {
					if err := Verify(cert); err != nil {
						t.Errorf("compare %s: %v", what, err)
					}
				}
			}
		}
	}
	if fast < 500 {
		t.Errorf("fast path taken too rarely: %d", fast)
	}
}

// The answers of the fast paths hold at sampled allowed bindings, and
// their certificates verify, over random contexts and monomials.
func TestFastPathsAgainstSamples(t *testing.T) {
	seed := uint64(11)
	rnd := func(n int) int {
		seed ^= seed << 13
		seed ^= seed >> 7
		seed ^= seed << 17
		return int(seed % uint64(n))
	}
	syms := []string{"M", "N", "K"}
	condsOf := []func() string{
		func() string { return fmt.Sprintf("%s%%%d==%d", syms[rnd(3)], 2+rnd(7), rnd(2)) },
		func() string { return fmt.Sprintf("%s>=%d", syms[rnd(3)], 1+rnd(70)) },
		func() string { return fmt.Sprintf("%s<=%s", syms[rnd(3)], syms[rnd(3)]) },
		func() string { return fmt.Sprintf("N==%d*M", 1+rnd(4)) },
		func() string { return fmt.Sprintf("%s!=%d", syms[rnd(3)], 1+rnd(5)) },
	}
	mono := func() Expr {
		s := fmt.Sprint([]string{"1", "2", "3", "4", "8", "1/2"}[rnd(6)])
		for _, x := range syms {
			for e := rnd(3); e > 0; e-- {
				s += "*" + x
			}
		}
		return MustParse(s)
	}
	checked := 0
	for i := 0; i < 60; i++ {
		src := condsOf[rnd(len(condsOf))]()
		if rnd(2) == 0 {
			src += " && " + condsOf[rnd(len(condsOf))]()
		}
		ctx, err := NewCtx().With(src)
		if err != nil {
			continue
		}
		samples := ctx.Sample(syms, 40, uint64(i))
		for j := 0; j < 30; j++ {
			a, b := mono(), mono()
			what := fmt.Sprintf("%s, %s | %s", a, b, src)
			d := ctx.Divides(a, b)
			e := ctx.Equal(a, b)
			r := ctx.Compare(a, b)
			for _, bd := range samples {
				x, err1 := evalRat(pl(a), bd)
				y, err2 := evalRat(pl(b), bd)
				if err1 != nil || err2 != nil || !x.isInt() || !y.isInt() {
					continue
				}
				checked++
				if d.Truth == True && !(x.isZero() && y.isZero()) && (x.isZero() || !y.quo(x).isInt()) {
					t.Errorf("divides %s: true, but not at %v", what, bd)
				}
				if e.Truth == True && x.cmp(y) != 0 {
					t.Errorf("equal %s: true, but not at %v", what, bd)
				}
				rel := [3]Order{Less, Same, Greater}[x.cmp(y)+1]
				if r.Possible&rel == 0 {
					t.Errorf("compare %s: %s excluded, but holds at %v", what, rel, bd)
				}
			}
			for _, dd := range []Decision{d, e} {
				if dd.Truth == Unknown {
					continue
				}
				cert, err := dd.Certificate()
				if err == nil {
					err = Verify(cert)
				}
				if err != nil {
					t.Errorf("%s %s: %s: %v", dd.op, what, dd.Truth, err)
				}
			}
			certs, err := r.Certificates()
			if err != nil {
				t.Errorf("compare %s: %v", what, err)
			}
			for _, cert := range certs {
				if err := Verify(cert); err != nil {
					t.Errorf("compare %s: %v", what, err)
				}
			}
		}
	}
	if checked < 10000 {
		t.Errorf("only %d checks", checked)
	}
}

// shiftPossible answers exactly as the general path of Possible (whose
// proofs Verify accepts), on sums, monomials of any degree and constants,
// under contexts whose kept facts are != facts and under others.
func TestShiftPossibleMatchesGeneral(t *testing.T) {
	ctxs := []string{
		"", "M==1", "M!=1", "M!=1 && N==1", "M!=1 && N!=1", "M!=1 && N!=1 && K*N!=1",
		"M%8==0 && N!=2", "N==4*M && K!=3", "M!=N", "M*N!=4", "M>=3 && N!=1", "M%4==1",
		"M/2>=1", "M+N!=5", "2*M!=N", "N%M==0 && M!=1",
		// facts the proofs use: the general path where the shift alone
		// does not decide
		"M<=N", "M<4", "M*N==1", "M*N%8==0", "min(M,N)==1", "M<=N && K!=1",
		"K<=M && M%8==0", "M*K==N && M!=1", "M+N<=9", "N>=M+2 && M*N!=6",
		// an operand with atoms whose image has none (N is pinned to 2)
		"M%2==0 && N%2==0 && N<3",
		// a kept fact that no proof can use, no != fact: proofFactFree
		// (TestMutShiftPossibleUnusableFacts)
		unusableFactCtx,
	}
	exprs := []string{
		"0", "1", "2", "-1", "1/2", "M", "N", "K", "M*N", "M*N*K", "M-1", "N-M", "M*N-M+1",
		"M*N+M-M", "M*K*N-M*N+M", "M*M-2*M+1", "M/2", "K*N-1", "2*M-N", "M+N+K", "M*N/4",
		"1/min(N+1,N+1)", "min(M,N)",
	}
	taken := 0
	for _, src := range ctxs {
		ctx := mustCtx(t, src)
		for _, x := range exprs {
			for _, y := range exprs {
				a, b := MustParse(x), MustParse(y)
				if _, ok := ctx.shiftPossible(pl(a), pl(b)); ok {
					taken++
				}
				got := ctx.Possible(a, b)
				var want Order
				withPathsOff(func() { want = ctx.Possible(a, b) })
				if got != want {
					t.Errorf("Possible(%s, %s) | %s: %s, general path %s", x, y, src, got, want)
				}
			}
		}
	}
	t.Logf("shiftPossible answered %d questions", taken)
	if taken < 3000 {
		t.Errorf("shiftPossible taken too rarely: %d", taken)
	}
}
