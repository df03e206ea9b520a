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
		"M%128==0 && N>=64 && K<=M", "M/2>=1",
	}
	monos := []string{"1", "2", "8", "1/2", "M", "N", "K", "2*M", "3*N", "M*N", "M*M", "M/2", "N/K", "M*N/K", "8*K", "4*M*K", "M*N*K", "16", "128", "N*N*K"}
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
	if fast < 1000 {
		t.Errorf("fast path taken too rarely: %d", fast)
	}
}
