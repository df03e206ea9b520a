package sym

import (
	"fmt"
	"testing"
)

// Regression tests of issue 11, items 1(b), 2(b)-(d), 5 and 6: every
// answer exact, every certificate verified.

// decideCase is one question: op is "divides" or "equal"; want its Truth.
type decideCase struct {
	ctx  string
	op   string
	a, b string
	want Truth
}

func mustCtx(t testing.TB, src string) *Ctx {
	t.Helper()
	if src == "" {
		return NewCtx()
	}
	c, err := NewCtx().With(src)
	if err != nil {
		t.Fatalf("assume %s: %v", src, err)
	}
	return c
}

// checkDecision asserts the truth and that the certificate verifies.
func checkDecision(t *testing.T, what string, d Decision, want Truth) {
	t.Helper()
	if d.Truth != want {
		t.Errorf("%s: got %s, want %s", what, d.Truth, want)
		return
	}
	if d.Truth == Unknown {
		if _, err := d.Certificate(); err == nil {
			t.Errorf("%s: an unknown answer has a certificate", what)
		}
		return
	}
	cert, err := d.Certificate()
	if err != nil {
		t.Errorf("%s: %v", what, err)
		return
	}
	if err := Verify(cert); err != nil {
		t.Errorf("%s: %v", what, err)
	}
}

func runDecide(t *testing.T, cases []decideCase) {
	t.Helper()
	for _, tc := range cases {
		ctx := mustCtx(t, tc.ctx)
		a, b := MustParse(tc.a), MustParse(tc.b)
		what := fmt.Sprintf("%s %s %s | %s", tc.op, tc.a, tc.b, tc.ctx)
		var d Decision
		switch tc.op {
		case "divides":
			d = ctx.Divides(a, b)
		case "equal":
			d = ctx.Equal(a, b)
		default:
			t.Fatalf("bad op %s", tc.op)
		}
		checkDecision(t, what, d, tc.want)
	}
}

// Item 1(b): a False answer needs a binding that satisfies every
// assumption; where no int64 binding does, the answer is Unknown.
func TestFalseNeedsABinding(t *testing.T) {
	runDecide(t, []decideCase{
		{"M%2==1 && M%3==0 && M%9223372036854775807==0", "divides", "2", "5", Unknown},
		{"M%4611686018427387904==0 && 2*M==N-8", "divides", "2", "5", Unknown},
		{"M%4611686018427387904==0 && 2*M==N-8", "equal", "2", "5", Unknown},
		{"M%4611686018427387904==0 && 2*M==N-8", "divides", "2", "M", True},
		{"M%4611686018427387904==0 && 2*M==N-8", "divides", "2", "N", True},
		{"M%4611686018427387904==0 && 2*M==N-8", "divides", "K", "M", Unknown},
		// the same questions where a binding exists
		{"M%2==1 && M%3==0", "divides", "2", "5", False},
		{"M%2==1 && M%3==0", "divides", "2", "M", False},
		{"M%2==1 && M%3==0", "divides", "3", "M", True},
		{"M%1024==0 && 2*M==N-8", "divides", "2", "5", False},
		{"M%1024==0 && 2*M==N-8", "equal", "2", "5", False},
		{"", "divides", "2", "5", False},
		{"", "equal", "M", "N", False},
	})
	for _, src := range []string{"M%2==1 && M%3==0 && M%9223372036854775807==0", "M%4611686018427387904==0 && 2*M==N-8"} {
		ctx := mustCtx(t, src)
		for _, pr := range [][2]string{{"2", "5"}, {"1", "M"}, {"M", "N"}, {"K", "L"}} {
			r := ctx.Compare(MustParse(pr[0]), MustParse(pr[1]))
			if r.Witnessed != 0 {
				t.Errorf("compare %s %s | %s: witnessed %s without a binding", pr[0], pr[1], src, r.Witnessed)
			}
			if _, err := r.Certificates(); err != nil {
				t.Errorf("compare %s %s | %s: %v", pr[0], pr[1], src, err)
			}
		}
	}
}
