package sym

import (
	"fmt"
	"math/rand"
	"testing"
)

// The fact fast path must give exactly the general path's answers, and its
// answers must have certificates that verify.
func TestFactFastMatchesGeneral(t *testing.T) {
	ctxs := []string{
		"N>=M", "M!=2", "N>=M+3", "M<=N && N<=M+5", "M!=N", "M>=2 && N>=M && K<=N",
		"M%4==0 && N>=M", "N==2*M && K>=M", "M+N<=9", "K>M && M!=3", "M<4 && N>=M",
		"2*M<=3*N", "N>M && K!=N", "M>=3 && M!=5 && N<=M", "K>=M+N", "N<M+2 && M<N+2",
		"M!=N && N!=K && K!=M", "N>=M && N<=M", "M>=N+100", "M%8==0 && N>=M+1 && K!=16",
		"M<=20 && N>=M", "M<4", "M<=20", "N<=7 && M%2==0", "M>=5 && N<9", "K<=3 && M%4==0", "N!=2*M", "M+N+K<=12 && M!=1", "N>=M && M>=K && K>=N+0*M",
		// assumptions with atoms (x%d, floor_div, ceil_div by constants)
		"M%128==0 && N>=64 && K<=M", "M%8==3 && N>=M", "floor_div(M,4)>=2 && N<=M", "ceil_div(N,8)<=M && M%2==0",
		"N%4==1 && K<=N", "M*N%4==0 && K<=N", "M%6==0 && N%4==2 && K>=M",
	}
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
