package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cutealg/cutealg/internal/picture/pictest"
)

// pictureCases are command lines that write a figure (the flag before
// FILE); each is rendered (SVG with rsvg-convert, HTML with headless
// Chromium) and compared with testdata/pictures/NAME.png (go test
// -update rewrites them: look at each).
var pictureCases = []struct {
	name string
	args []string // FILE stands for the output file
}{
	{"show-symbolic-divide", []string{"show", "-svg", "FILE", "-bind", "M=12,N=8", "-assume", "M % 4 == 0", "logical_divide_tiler((M,N):(_1,M), <_4:_1,_4:_1>)"}},
	{"show-tv", []string{"show", "-tv", "-tile", "_8,_4", "-svg", "FILE", "((_2,_4),(_2,_2)):((_16,_1),(_8,_4))"}},
	{"show-swizzle-banks", []string{"show", "-svg", "FILE", "composition_swizzle(Sw<2,0,2>, (_4,_4):(_4,_1))"}},
	{"show-banks-halves", []string{"show", "-svg", "FILE", "-bytes", "2", "(_4,_16):(_64,_1)"}},
	{"derive-html", []string{"derive", "-html", "FILE", "-bind", "M=8,N=2", "-assume", "M % 4 == 0", "composition((M,N):(_1,M), _4:_1)"}},
}

func TestPictures(t *testing.T) {
	for _, c := range pictureCases {
		t.Run(c.name, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "figure")
			args := make([]string, len(c.args))
			for i, a := range c.args {
				args[i] = strings.ReplaceAll(a, "FILE", file)
			}
			var stdout, stderr bytes.Buffer
			if code := run(args, nil, &stdout, &stderr); code != exitOK || stdout.Len() != 0 || stderr.Len() != 0 {
				t.Fatalf("cute %q: exit %d, stdout %q, stderr %q", args, code, stdout.String(), stderr.String())
			}
			out, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			golden := filepath.Join("testdata", "pictures", c.name+".png")
			if c.args[0] == "derive" {
				if !bytes.Contains(out, []byte("<svg")) || bytes.Contains(out, []byte("<script")) {
					t.Fatalf("the page has no figure, or a script")
				}
				pictest.Match(t, pictest.HTML(t, string(out), 900, 1400), golden, pictest.Default, *update)
				return
			}
			pictest.Match(t, pictest.SVG(t, string(out)), golden, pictest.Default, *update)
		})
	}
}

// TestDerivationPageCases checks that a derivation with cases draws the
// steps of the case whose guards hold at the binding, and only those.
func TestDerivationPageCases(t *testing.T) {
	file := filepath.Join(t.TempDir(), "page.html")
	var stdout, stderr bytes.Buffer
	args := []string{"derive", "-html", file, "-bind", "N=16", "composition((N,_2,_4):(_1,N,_2*N), _4:_2)"}
	if code := run(args, nil, &stdout, &stderr); code != exitOK {
		t.Fatalf("cute %q: exit %d, stderr %q", args, code, stderr.String())
	}
	page, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	p := string(page)
	// N=16 is case 1a (N%2==0 && 4<=N/2): its figures are drawn, every other
	// case's steps get the note
	cases := strings.Split(p, "Case ")
	if len(cases) < 3 {
		t.Fatalf("the page shows %d cases, want several", len(cases)-1)
	}
	if !strings.HasPrefix(cases[1], "N%2==0 &amp;&amp; 4&lt;=N/2:") || !strings.Contains(cases[1], "<svg") || strings.Contains(cases[1], "do not hold") {
		t.Errorf("case 1a (holds at N=16) is not drawn:\n%s", cases[1])
	}
	for _, c := range cases[2:] {
		if strings.Contains(c, "<svg") {
			t.Errorf("a case whose guards do not hold at N=16 is drawn:\n%s", c)
		}
	}
	if n := strings.Count(p, "the guards of this case do not hold at N=16"); n < len(cases)-2 {
		t.Errorf("%d notes for the %d cases that do not hold", n, len(cases)-2)
	}
}
