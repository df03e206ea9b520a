package main

import (
	"bytes"
	"cmp"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

var capture = flag.String("capture", "", "CUTLASS folder holding include/: compile testdata/latex/capture.cpp against it with g++ (or $CXX) and rewrite testdata/latex/*.tex from CuTe's print_latex")

// latexCases are the layouts whose CuTe print_latex output is captured in
// testdata/latex/NAME.tex, in the order of testdata/latex/capture.cpp (the
// same layouts written in C++); a case with a tile is a (thread, value)
// layout drawn by print_latex_tv(composition(make_identity_layout(tile),
// tv), tile), 'cute show -latex -tv -tile TILE EXPR'. Regenerate with
//
//	go test ./cmd/cute -run TestLatexCuTe -capture /path/to/cutlass
var latexCases = []struct{ name, expr, tile string }{
	{"rank0", "():()", ""},
	{"rank1-static", "_8:_2", ""},
	{"rank1-dynamic", "8:2", ""},
	{"rank1-nested", "((2,4)):((1,2))", ""},
	{"rank1-one", "_1:_0", ""},
	{"rank2-static", "(_4,_2):(_2,_1)", ""},
	{"rank2-dynamic", "(3,5):(5,1)", ""},
	{"rank2-mixed", "(_4,3):(3,_1)", ""},
	{"rank2-colors", "(_8,_8):(_1,_8)", ""},
	{"rank2-wide", "(2,3):(100,7)", ""},
	{"nested-col", "(3,(2,3)):(3,(12,1))", ""},
	{"nested-both", "((2,2),(2,4)):((1,4),(2,8))", ""},
	{"nested-mixed", "((_2,3),_2):((3,_1),6)", ""},
	{"zero-stride", "(4,3):(0,1)", ""},
	{"zero-stride-static", "(_4,_4):(_1,_0)", ""},
	{"zero-stride-nested", "((2,2),3):((0,1),2)", ""},
	{"tv-simple", "(_4,_2):(_1,_4)", "_4,_2"},
	{"tv-sm80-c", "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))", "_16,_8"},
	{"tv-dynamic", "(4,(2,2)):(2,(1,8))", "_8,_2"},
	{"tv-broadcast", "(_16,_2):(_1,_0)", "_8,_2"},
	{"tv-column", "(8,2):(1,0)", "_1,_8"},
	{"tv-partial", "(_4,_2):(_2,_16)", "_8,_4"},
	{"tv-mixed", "((_2,4),_4):((_1,8),_2)", "_8,_8"},
	{"tv-wgmma", "((_4,_8,_4),(_2,_2,_8)):((_128,_1,_16),(_64,_8,_512))", "_64,_64"},
}

// TestLatexCuTe checks that 'cute show -latex' prints, byte for byte, what
// CuTe's print_latex printed for the same layout (the header line of each
// golden file, CuTe's print(layout), shows the layout CuTe drew).
func TestLatexCuTe(t *testing.T) {
	dir := filepath.Join("testdata", "latex")
	if *capture != "" {
		captureCuTe(t, dir, *capture, caseNames(latexCases, func(c struct{ name, expr, tile string }) string { return c.name }), ".tex")
	}
	var names []string
	for _, c := range latexCases {
		names = append(names, c.name+".tex")
		want, err := os.ReadFile(filepath.Join(dir, c.name+".tex"))
		if err != nil {
			t.Fatal(err)
		}
		var stdout, stderr bytes.Buffer
		args := []string{"show", "-latex", c.expr}
		if c.tile != "" {
			args = []string{"show", "-latex", "-tv", "-tile", c.tile, c.expr}
		}
		if code := run(args, nil, &stdout, &stderr); code != exitOK || stderr.Len() != 0 {
			t.Errorf("%s: cute %q: exit %d, stderr %q", c.name, args, code, stderr.String())
			continue
		}
		if got := stdout.String(); got != string(want) {
			t.Errorf("%s: cute %q:\n%s\nwant (CuTe's print_latex)\n%s", c.name, args, got, want)
		}
	}
	goldenSet(t, dir, "*.tex", names)
}

// goldenSet checks that the golden files of dir matching pattern are
// exactly names (one per case: none stale, none missing).
func goldenSet(t *testing.T, dir, pattern string, names []string) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, pattern))
	if err != nil {
		t.Fatal(err)
	}
	for i := range files {
		files[i] = filepath.Base(files[i])
	}
	slices.Sort(files)
	slices.SortFunc(names, cmp.Compare)
	if !slices.Equal(files, names) {
		t.Errorf("golden files %v, want one per case: %v", files, names)
	}
}
