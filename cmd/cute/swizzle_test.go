package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// swizzleCases are the composed layouts whose CuTe print_layout output is
// captured in testdata/swizzle/NAME.txt, in the order of
// testdata/swizzle/capture.cpp (the same layouts written in C++).
// Regenerate with
//
//	go test ./cmd/cute -run TestShowSwizzleCuTe -capture /path/to/cutlass
var swizzleCases = []struct{ name, expr string }{
	{"sw343", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)"},
	{"sw111", "Sw<1,1,1> o _0 o (_4,_4):(_4,_1)"},
	{"sw232", "Sw<2,3,2> o _0 o (_16,_8):(_8,_1)"},
	{"sw-negative", "Sw<2,0,-2> o _0 o (_4,_4):(_1,_4)"},
	{"sw-dynamic", "Sw<2,2,2> o 8 o (8,4):(4,1)"},
	{"sw-nested", "Sw<1,2,3> o _0 o ((_2,_4),_8):((_8,_1),_16)"},
	{"sw-identity", "Sw<0,4,3> o _0 o (_4,_4):(_1,_4)"},
}

// TestShowSwizzleCuTe checks that 'cute show' prints, byte for byte, what
// CuTe's print_layout printed for the same composed layout.
func TestShowSwizzleCuTe(t *testing.T) {
	dir := filepath.Join("testdata", "swizzle")
	if *capture != "" {
		captureCuTe(t, dir, *capture, caseNames(swizzleCases, func(c struct{ name, expr string }) string { return c.name }), ".txt")
	}
	var names []string
	for _, c := range swizzleCases {
		names = append(names, c.name+".txt")
		want, err := os.ReadFile(filepath.Join(dir, c.name+".txt"))
		if err != nil {
			t.Fatal(err)
		}
		var stdout, stderr bytes.Buffer
		if code := run([]string{"show", c.expr}, nil, &stdout, &stderr); code != exitOK || stderr.Len() != 0 {
			t.Errorf("%s: cute show %q: exit %d, stderr %q", c.name, c.expr, code, stderr.String())
			continue
		}
		if got := stdout.String(); got != string(want) {
			t.Errorf("%s: cute show %q:\n%s\nwant (CuTe's print_layout)\n%s", c.name, c.expr, got, want)
		}
	}
	goldenSet(t, dir, "*.txt", names)
}
