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
