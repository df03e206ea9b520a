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

// Int.Same and Value.Same compare canonical forms without printing (no
// allocation) where both sides are valid plain values, and compare the
// printed forms otherwise: invalid values print their errors, and a value
// with an offset or a swizzle is not its bare layout.
func TestSameWithoutPrinting(t *testing.T) {
	m, m2 := Sym("M"), Dyn(MustParse("M"))
	if m.String() != "M" || pl(m.E).err != nil {
		t.Fatalf("Sym(M) = %s", m)
	}
	bad1, bad2 := Sym("1M"), Sym("M-")
	if pl(bad1.E).err == nil || pl(bad2.E).err == nil {
		t.Fatalf("Sym(1M), Sym(M-): %s, %s, want invalid", bad1, bad2)
	}
	if !m.Same(m2) || m.Same(bad1) || bad1.Same(m) || !bad1.Same(Sym("1M")) || bad1.Same(bad2) != (bad1.String() == bad2.String()) {
		t.Errorf("Same: M M %v, M 1M %v, 1M M %v, 1M 1M %v, 1M M- %v", m.Same(m2), m.Same(bad1), bad1.Same(m), bad1.Same(Sym("1M")), bad1.Same(bad2))
	}
	if n := testing.AllocsPerRun(50, func() { m.Same(m2) }); n != 0 {
		t.Errorf("Int.Same allocates %v times", n)
	}
	l, err := ParseLayout("(M,N):(_1,M)")
	if err != nil {
		t.Fatal(err)
	}
	l2, _ := ParseLayout("(M,N):(_1,M)")
	va, vb := Value{Kind: catalog.Layout, Layout: l}, Value{Kind: catalog.Layout, Layout: l2}
	if !va.Same(vb) {
		t.Errorf("%s Same %s: false", va, vb)
	}
	if n := testing.AllocsPerRun(50, func() { va.Same(vb) }); n != 0 {
		t.Errorf("Value.Same of layouts allocates %v times", n)
	}
	off := S(0)
	head := &Swizzled{Offset: S(0)}
	for _, w := range []Value{{Kind: catalog.Layout, Layout: l2, Offset: &off}, {Kind: catalog.Layout, Layout: l2, Head: head}, {Kind: catalog.Tuple, Tuple: l2.Shape}} {
		if va.Same(w) || w.Same(va) {
			t.Errorf("%s Same %s: true", va, w)
		}
		if !w.Same(w) {
			t.Errorf("%s Same itself: false", w)
		}
	}
}

// The intern table keeps an unknown's lower bound in its key: unknowns of
// one name and different lower bounds are different variables, and a
// symbol is not the unknown of its name.
func TestInternKeys(t *testing.T) {
	u0, u1 := unknownVar("mutfacts_u", 0), unknownVar("mutfacts_u", 1)
	if u0 == u1 || u0.lo != 0 || u1.lo != 1 || unknownVar("mutfacts_u", 1) != u1 {
		t.Errorf("unknowns of lower bounds 0 and 1: %p (lo %d), %p (lo %d)", u0, u0.lo, u1, u1.lo)
	}
	if s := symVar("mutfacts_u"); s == u1 || s.kind != kSym || cmpVar(s, u1) >= 0 || cmpVar(u1, s) <= 0 {
		t.Errorf("the symbol mutfacts_u is the unknown, or sorts after it")
	}
}
