package sym

import (
	"fmt"
	"testing"

	"github.com/cutealg/cutealg/concrete"
	"github.com/cutealg/cutealg/internal/catalog"
	"github.com/cutealg/cutealg/internal/notation"
)

func TestArgFromNode(t *testing.T) {
	tests := []struct {
		src  string
		kind catalog.ArgKind
		want string // printed value, or "error: ..." prefix
	}{
		{"(M,N):(_1,M)", catalog.Layout, "(M,N):(_1,M)"},
		{"(TM,TN)", catalog.Tiler, "(TM,TN)"},
		{"<_4:_2,N:_1>", catalog.Tiler, "(_4:_2,N:_1)"},
		{"(_,(_2,K*2))", catalog.Tiler, "(_,(_2,2*K))"},
		{"_8*M", catalog.Shape, "8*M"},
		{"(1,3)", catalog.Param, "(1,3)"},
		{"M", catalog.Param, "error"},
		{"(M,N)", catalog.Layout, "error"},
		{"_", catalog.Tuple, "error"},
		{"Sw<3,4,3>", catalog.Swizzle, "Sw<3,4,3>"},
		{"Sw<3,4,3> o K*_2 o (M,N):(_1,M)", catalog.Layout, "Sw<3,4,3> o 2*K o (M,N):(_1,M)"},
		{"Sw<3,4,3> o (1,2) o (M,N):(_1,M)", catalog.Layout, "error"},
		{"Sw<3,4,3> o _0 o (M,N)", catalog.Layout, "error"},
		{"(M,N):(_1,M) o _0 o (M,N):(_1,M)", catalog.Layout, "error"},
		{"(M,N):(_1,M)", catalog.Swizzle, "error"},
	}
	for _, tc := range tests {
		n, err := notation.Parse(tc.src)
		if err != nil {
			t.Fatalf("%s: %v", tc.src, err)
		}
		v, err := ArgFromNode(n, tc.kind)
		got := ""
		if err != nil {
			got = "error"
		} else {
			got = v.String()
		}
		if got != tc.want {
			t.Errorf("ArgFromNode(%s, %s) = %s (%v), want %s", tc.src, tc.kind, got, err, tc.want)
		}
	}
}

func TestEvalTilerMatchesConcrete(t *testing.T) {
	tl, err := ParseTiler("(TM:_1,(_,N*_2),_8)")
	if err != nil {
		t.Fatal(err)
	}
	got, err := NewCtx().EvalTiler(tl, Binding{"TM": 4, "N": 3})
	if err != nil {
		t.Fatal(err)
	}
	want, err := concrete.ParseTiler("(4:_1,(_,6),_8)")
	if err != nil {
		t.Fatal(err)
	}
	if concrete.FormatTiler(got) != concrete.FormatTiler(want) {
		t.Errorf("EvalTiler = %s, want %s", concrete.FormatTiler(got), concrete.FormatTiler(want))
	}
	if _, err := NewCtx().EvalTiler(tl, Binding{"TM": 0, "N": 3}); err == nil {
		t.Error("EvalTiler accepted a binding outside the positive integers")
	}
}

func ExampleParseTiler() {
	tl, _ := ParseTiler("<TM:_1,_8>")
	fmt.Println(FormatTiler(tl))
	c, _ := Assume("TM % 4 == 0")
	ct, _ := c.EvalTiler(tl, Binding{"TM": 16})
	fmt.Println(concrete.FormatTiler(ct))
	// Output:
	// (TM:_1,_8)
	// (16:_1,_8)
}

// A swizzled layout over symbols grounds to concrete's composed layout,
// its offset and inner layout at the binding, its swizzle kept.
func TestEvalSwizzled(t *testing.T) {
	n, err := notation.Parse("Sw<2,3,3> o K o (M,_4):(_1,M)")
	if err != nil {
		t.Fatal(err)
	}
	v, err := ArgFromNode(n, catalog.Layout)
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(v.Symbols()); got != "[M M K]" {
		t.Errorf("Symbols() = %s, want [M M K]", got)
	}
	g, err := NewCtx().EvalValue(v, Binding{"M": 8, "K": 16})
	if err != nil {
		t.Fatal(err)
	}
	want, err := concrete.ParseComposed("Sw<2,3,3> o 16 o (8,_4):(_1,8)")
	if err != nil {
		t.Fatal(err)
	}
	if g.Kind != concrete.ValComposed || g.String() != want.String() {
		t.Errorf("EvalValue = %s, want %s", g, want)
	}
	for i := range int64(32) {
		x, err1 := g.Composed.Index(i)
		y, err2 := want.Index(i)
		if err1 != nil || err2 != nil || x != y {
			t.Errorf("index %d: %d (%v), want %d (%v)", i, x, err1, y, err2)
		}
	}
}

func TestConstTerm(t *testing.T) {
	for _, c := range []struct {
		src  string
		want int64
		ok   bool
	}{
		{"3*M+200", 200, true}, {"M*N", 0, true}, {"7", 7, true}, {"-5+M", -5, true},
		{"M/2+1/2", 0, false}, {"floor_div(M,4)+3", 3, true},
	} {
		got, ok := ConstTerm(MustParse(c.src))
		if got != c.want || ok != c.ok {
			t.Errorf("ConstTerm(%s) = %d, %v; want %d, %v", c.src, got, ok, c.want, c.ok)
		}
	}
}
