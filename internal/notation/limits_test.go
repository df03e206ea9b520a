package notation

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// limitCases are inputs at and just beyond each limit. wantPos is the
// position of the error ("" when the input must parse).
var limitCases = []struct {
	name    string
	cond    bool
	in      string
	wantPos string
	wantMsg string
}{
	{"paren nesting 5000", false, nest("(", "1", ")", 5000), "1:129", "nesting too deep"},
	{"paren nesting 127 (height 128)", false, nest("(", "1", ")", 127), "", ""},
	{"paren nesting 128 (height 129)", false, nest("(", "1", ")", 128), "1:129", "nesting too deep"},
	{"angle nesting 5000", false, nest("<", "1", ">", 5000), "1:129", "nesting too deep"},
	{"call nesting 5000", false, nest("f(", "1", ")", 5000), "1:257", "nesting too deep"},
	{"func nesting 5000", false, nest("min(1,", "1", ")", 5000), "1:767", "nesting too deep"},
	{"layout in deep tuple", false, nest("(", "1:1", ")", 127), "1:130", "nesting too deep"},
	{"layout at the depth limit", false, nest("(", "1:1", ")", 126), "", ""},
	{"operator chain 127", false, "1" + strings.Repeat("+1", 127), "", ""},
	{"operator chain 128", false, "1" + strings.Repeat("+1", 128), "1:256", "nesting too deep"},
	{"product chain 100000", false, "M" + strings.Repeat("*M", 100000), "1:256", "nesting too deep"},
	{"newlines before deep nesting", false, "\n\n" + nest("(\n", "1", ")", 5000), "131:1", "nesting too deep"},
	{"200000 elements", false, "(" + strings.Repeat("1,", 199999) + "1)", "1:131072", "value too large"},
	{"65535 elements (65536 nodes)", false, "(" + strings.Repeat("1,", 65534) + "1)", "", ""},
	{"65536 elements", false, "(" + strings.Repeat("1,", 65535) + "1)", "1:131072", "value too large"},
	{"2 MiB input", false, strings.Repeat("(1,2)", 2<<20/5), fmt.Sprintf("1:%d", MaxBytes+1), "input too long"},
	{"2 MiB of lines", false, strings.Repeat("1\n", 1<<20), fmt.Sprintf("%d:1", MaxBytes/2+1), "input too long"},
	{"MaxBytes symbol", false, strings.Repeat("M", MaxBytes), "", ""},
	{"MaxBytes+1 symbol", false, strings.Repeat("M", MaxBytes+1), fmt.Sprintf("1:%d", MaxBytes+1), "input too long"},
	{"not nesting 5000", true, strings.Repeat("!", 5000) + "M<1", "1:129", "nesting too deep"},
	{"group nesting 5000", true, nest("(", "M<1", ")", 5000), "1:129", "nesting too deep"},
	{"group nesting 128", true, nest("(", "M<1", ")", 128), "", ""},
	{"and chain 5000", true, "M<1" + strings.Repeat("&&M<1", 5000), "1:634", "nesting too deep"},
	{"cond of 20000 terms", true, "M<1" + strings.Repeat("&&(M<1||M<2)", 20000), "1:1504", "nesting too deep"},
	{"2 MiB condition", true, strings.Repeat(" ", 2<<20) + "M<1", fmt.Sprintf("1:%d", MaxBytes+1), "input too long"},
}

// nest wraps mid in n levels of open and close.
func nest(open, mid, close string, n int) string {
	return strings.Repeat(open, n) + mid + strings.Repeat(close, n)
}

func TestLimits(t *testing.T) {
	for _, tt := range limitCases {
		t.Run(tt.name, func(t *testing.T) {
			parse := Parse
			if tt.cond {
				parse = ParseCond
			}
			n, err := parse(tt.in)
			if tt.wantPos == "" {
				if err != nil {
					t.Fatalf("unexpected error: %v", err)
				}
				want := stripSpace(tt.in)
				if tt.cond {
					want = strings.Trim(want, "()")
				}
				if got := Print(n); got != want {
					t.Errorf("Print differs from the input: %.60q...", got)
				}
				return
			}
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("got %v (%T), want a *SyntaxError", err, err)
			}
			if n != nil {
				t.Errorf("got a node together with the error")
			}
			if got := se.Pos.String(); got != tt.wantPos {
				t.Errorf("error at %s, want %s: %v", got, tt.wantPos, err)
			}
			if !strings.Contains(se.Msg, tt.wantMsg) {
				t.Errorf("error %q does not mention %q", err, tt.wantMsg)
			}
		})
	}
}

// TestDepthBoundsTree checks MaxDepth against the height of accepted trees.
func TestDepthBoundsTree(t *testing.T) {
	var height func(Node) int
	height = func(n Node) int {
		h := 0
		switch n := n.(type) {
		case *Binary:
			h = max(height(n.X), height(n.Y))
		case *Func:
			h = max(height(n.X), height(n.Y))
		case *Layout:
			h = max(height(n.Shape), height(n.Stride))
		case *Compare:
			h = max(height(n.X), height(n.Y))
		case *Logic:
			h = max(height(n.X), height(n.Y))
		case *Not:
			h = height(n.X)
		case *Tuple:
			for _, e := range n.Elems {
				h = max(h, height(e))
			}
		case *Call:
			for _, e := range n.Args {
				h = max(h, height(e))
			}
		}
		return h + 1
	}
	for _, in := range []string{
		nest("(", "1", ")", 127),
		nest("(", "1:1", ")", 126),
		nest("(", "M*N+1", ")", 125),
		"f(" + nest("(", "1", ")", 126) + ")",
		"(" + nest("min(1,", "1", ")", 126) + ")",
		"1" + strings.Repeat("+1", 127),
	} {
		n, err := Parse(in)
		if err != nil {
			t.Errorf("Parse(%.40q...): %v", in, err)
			continue
		}
		if h := height(n); h != MaxDepth {
			t.Errorf("Parse(%.40q...) height %d, want %d", in, h, MaxDepth)
		}
	}
	for _, in := range []string{
		nest("(", "M*N+1", ")", 126),
		"(" + nest("min(1,", "1", ")", 127) + ")",
		"f(" + nest("(", "1", ")", 127) + ")",
		"(1," + nest("(", "1:1", ")", 126) + ")",
	} {
		if _, err := Parse(in); err == nil || !strings.Contains(err.Error(), "nesting too deep") {
			t.Errorf("Parse(%.40q...) = %v, want a depth error", in, err)
		}
	}
	for _, in := range []string{
		strings.Repeat("!", 126) + "M<1",
		"M<1" + strings.Repeat("||M<1", 126),
		nest("!(", "M<1", ")", 126),
	} {
		n, err := ParseCond(in)
		if err != nil {
			t.Errorf("ParseCond(%.40q...): %v", in, err)
			continue
		}
		if h := height(n); h != MaxDepth {
			t.Errorf("ParseCond(%.40q...) height %d, want %d", in, h, MaxDepth)
		}
	}
}

func BenchmarkLimits(b *testing.B) {
	for _, tt := range limitCases {
		if tt.wantPos == "" {
			continue
		}
		parse := Parse
		if tt.cond {
			parse = ParseCond
		}
		b.Run(strings.ReplaceAll(tt.name, " ", "_"), func(b *testing.B) {
			for b.Loop() {
				if _, err := parse(tt.in); err == nil {
					b.Fatal("no error")
				}
			}
		})
	}
}
