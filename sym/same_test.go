package sym

import (
	"testing"

	"github.com/cutealg/cutealg/internal/catalog"
	"github.com/cutealg/cutealg/internal/tuple"
)

// Int.Same, Layout.Same and Value.Same say the same as comparing the
// printed forms, on every pair of a set of leaves and layouts that differ
// in static marks, canonical forms and nesting.
func TestSameMatchesPrinting(t *testing.T) {
	var ints []Int
	for _, src := range []string{"0", "1", "4", "-4", "1/2", "M", "N", "M*N", "N*M", "M+1", "1+M", "2*M/2", "M-M", "min(M,N)", "M%4"} {
		e := MustParse(src)
		ints = append(ints, Int{E: e}, Int{E: e, Static: true}, Int{E: e, Run: true})
	}
	for _, a := range ints {
		for _, b := range ints {
			if got, want := a.Same(b), a.String() == b.String(); got != want {
				t.Errorf("Int %s (static %v) Same %s (static %v): %v, printed alike %v", a, a.Static, b, b.Static, got, want)
			}
		}
	}
	var layouts []Layout
	for _, src := range []string{"(M,N):(_1,M)", "(M,N):(1,M)", "((M,N)):((_1,M))", "(M,(N)):(_1,(M))", "M:_1", "(M):(_1)",
		"(_4,N):(_1,_4)", "(4,N):(1,4)", "(M*N,_1):(_1,_0)", "(N*M,_1):(_1,_0)", "(M,N,_1):(_1,M,_0)"} {
		l, err := ParseLayout(src)
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		layouts = append(layouts, l)
	}
	// leaves with the same print but other flags (Run is not printed)
	layouts = append(layouts, Layout{Shape: tuple.Leaf(Int{E: MustParse("M"), Run: true}), Stride: tuple.Leaf(S(1))})
	for _, a := range layouts {
		for _, b := range layouts {
			if got, want := a.Same(b), a.String() == b.String(); got != want {
				t.Errorf("Layout %s Same %s: %v, printed alike %v", a, b, got, want)
			}
			va, vb := Value{Kind: catalog.Layout, Layout: a}, Value{Kind: catalog.Layout, Layout: b}
			if got, want := va.Same(vb), va.String() == vb.String(); got != want {
				t.Errorf("Value %s Same %s: %v, printed alike %v", va, vb, got, want)
			}
			off := S(0)
			vo := Value{Kind: catalog.Layout, Layout: b, Offset: &off}
			if got, want := va.Same(vo), va.String() == vo.String(); got != want {
				t.Errorf("Value %s Same %s: %v, printed alike %v", va, vo, got, want)
			}
		}
	}
}
