package proofs

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/sym"
)

// On concrete layouts Equiv decides exactly: coalesce is canonical there,
// so Same agrees with comparing the two functions index by index, and
// Unknown never comes.
func TestEquivConcreteExact(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	layout := func() string {
		n := 1 + r.IntN(3)
		s, d := "(", "("
		for i := range n {
			if i > 0 {
				s, d = s+",", d+","
			}
			s += fmt.Sprint(1 + r.IntN(4))
			d += fmt.Sprint(r.IntN(9))
		}
		return s + "):" + d + ")"
	}
	same := 0
	for range 300 {
		a, b := layout(), layout()
		if r.IntN(3) == 0 {
			b = "coalesce(" + a + ")"
		}
		eq, err := Equiv(a, b, nil)
		if err != nil {
			t.Fatalf("%s vs %s: %v", a, b, err)
		}
		na, _ := equivTerm(a)
		nb, _ := equivTerm(b)
		x, errX := evalAt(na, sym.Binding{}, false)
		y, errY := evalAt(nb, sym.Binding{}, false)
		if errX != nil || errY != nil {
			t.Fatalf("%s vs %s: %v %v", a, b, errX, errY)
		}
		want := Differ
		if sameFunction(x, y, false) == nil {
			want = Same
			same++
		}
		if eq.Verdict != want {
			t.Errorf("Equiv(%s, %s) = %v, want %v (%s %v)", a, b, eq.Verdict, want, eq.Why, eq.Needs)
		}
	}
	if same < 50 {
		t.Errorf("only %d equal pairs: the test compares too few", same)
	}
}

// A symbolic Same holds at every sampled binding (package concrete), and
// its regions' derivations all check; a Differ's binding satisfies the
// assumptions and shows the difference.
func TestEquivSymbolic(t *testing.T) {
	for _, c := range []struct {
		a, b   string
		assume []string
		want   Verdict
	}{
		{"(M,N):(_1,M)", "M*N:_1", nil, Same},
		{"make_layout_left((M,N,K))", "M*N*K:_1", nil, Same},
		{"make_layout_right((M,N))", "(M,N):(N,_1)", nil, Same},
		{"logical_divide((M,N):(_1,M), _32:_1)", "M*N:_1", []string{"M % 32 == 0"}, Same},
		{"zipped_divide((M,N):(_1,M), (_8,_4))", "logical_divide((M,N):(_1,M), (_8,_4))", []string{"M % 8 == 0", "N % 4 == 0"}, Differ},
		{"composition((M,N):(_1,M), _4:_1)", "_4:_1", []string{"M % 4 == 0"}, Same},
		{"composition((M,N):(_1,M), _4:_1)", "_4:_1", nil, Differ},
		{"(M,N):(_1,K)", "(M,N):(_1,M)", nil, Differ},
		{"(M,N):(_1,M)", "(M,N):(_1,K)", []string{"K*K == M*M"}, Unknown},
	} {
		eq, err := Equiv(c.a, c.b, c.assume)
		if err != nil {
			t.Fatalf("%s vs %s: %v", c.a, c.b, err)
		}
		if eq.Verdict != c.want {
			t.Errorf("Equiv(%s, %s) under %v = %v, want %v (%s %v)", c.a, c.b, c.assume, eq.Verdict, c.want, eq.Why, eq.Needs)
			continue
		}
		na, _ := equivTerm(c.a)
		nb, _ := equivTerm(c.b)
		ctx, err := sym.Assume(c.assume...)
		if err != nil {
			t.Fatal(err)
		}
		switch eq.Verdict {
		case Same:
			if len(eq.Derivations) == 0 || len(eq.Regions) == 0 {
				t.Errorf("%s vs %s: same without evidence", c.a, c.b)
			}
			for _, d := range eq.Derivations {
				if err := Check(d); err != nil {
					t.Errorf("%s vs %s: %v", c.a, c.b, err)
				}
			}
			for _, b := range ctx.Sample(append(notation.Symbols(na), notation.Symbols(nb)...), 16, 3) {
				x, errX := ValueAt(na, b)
				y, errY := ValueAt(nb, b)
				if (errX == nil) != (errY == nil) || errX == nil && sameFunction(x, y, false) != nil {
					t.Errorf("%s vs %s: same, but not at %v", c.a, c.b, b)
				}
			}
		case Differ:
			if err := ctx.Satisfies(eq.Binding); err != nil {
				t.Errorf("%s vs %s: the binding %v breaks the assumptions: %v", c.a, c.b, eq.Binding, err)
			}
			x, errX := ValueAt(na, eq.Binding)
			y, errY := ValueAt(nb, eq.Binding)
			if errX == nil && errY == nil && sameFunction(x, y, false) == nil {
				t.Errorf("%s vs %s: differ at %v, but equal there", c.a, c.b, eq.Binding)
			}
		case Unknown:
			if len(eq.Needs) == 0 {
				t.Errorf("%s vs %s: unknown without needs", c.a, c.b)
			}
		}
	}
}

// The evidence of an answer: an Unknown's needs are the equations of
// leaves left undecided, taken from the first pair of forms of one rank
// (the values as given, else their coalesced forms), whose forms the
// region shows; a Differ where one side is undefined has the index -1
// and says which side.
func TestEquivEvidence(t *testing.T) {
	for _, c := range []struct {
		a, b   string
		assume []string
		want   Verdict
		needs  string // Needs joined by "; "
		forms  string // the first region's A and B
		index  int64
		why    string // the start of Why
	}{
		{"(M,N):(_1,M)", "(M,N):(_1,K)", []string{"K*K == M*M"}, Unknown, "M==K", "(M,N):(_1,M) (M,N):(_1,K)", 0, ""},
		{"(M,N):(_1,M)", "K*N:_1", []string{"K*K == M*M"}, Unknown, "M*N==K*N", "M*N:_1 K*N:_1", 0, ""},
		{"complement((2,2):(1,1), 8)", "4:1", nil, Differ, "", "", -1, "complement((2,2):(1,1),8) is undefined there: "},
	} {
		eq, err := Equiv(c.a, c.b, c.assume)
		if err != nil {
			t.Fatalf("%s vs %s: %v", c.a, c.b, err)
		}
		forms := ""
		if len(eq.Regions) > 0 {
			forms = eq.Regions[0].A + " " + eq.Regions[0].B
		}
		if eq.Verdict != c.want || strings.Join(eq.Needs, "; ") != c.needs || forms != c.forms || eq.Index != c.index || !strings.HasPrefix(eq.Why, c.why) {
			t.Errorf("Equiv(%s, %s) under %v = %v, needs %q, forms %q, index %d, why %q; want %v, %q, %q, %d, %q...",
				c.a, c.b, c.assume, eq.Verdict, eq.Needs, forms, eq.Index, eq.Why, c.want, c.needs, c.forms, c.index, c.why)
		}
	}
}
