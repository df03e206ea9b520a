package main

import (
	"cmp"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cutealg/cutealg/gpuval"
)

// caseNames are the names of golden cases, in order.
func caseNames[C any](cases []C, name func(C) string) []string {
	names := make([]string, len(cases))
	for i, c := range cases {
		names[i] = name(c)
	}
	return names
}

// captureCuTe compiles dir/capture.cpp host-only against cutlass/include
// with gpuval's stand-in CUDA headers, runs it, and writes each output it
// marks "@@ NAME" to dir/NAME+ext; the outputs must come in the order of
// names.
func captureCuTe(t *testing.T, dir, cutlass string, names []string, ext string) {
	tmp := t.TempDir()
	stub := filepath.Join(tmp, "stub")
	if err := gpuval.WriteStubs(stub); err != nil {
		t.Fatal(err)
	}
	cxx := cmp.Or(os.Getenv("CXX"), "g++")
	bin := filepath.Join(tmp, "capture")
	args := append(append([]string{"-O0", "-std=c++17"}, gpuval.StubDefines...),
		"-I"+stub, "-I"+filepath.Join(cutlass, "include"), filepath.Join(dir, "capture.cpp"), "-o", bin)
	if out, err := exec.Command(cxx, args...).CombinedOutput(); err != nil {
		t.Fatalf("%s %s: %v\n%s", cxx, strings.Join(args, " "), err, out)
	}
	out, err := exec.Command(bin).Output()
	if err != nil {
		t.Fatalf("%s: %v", bin, err)
	}
	parts := strings.Split(string(out), "@@ ")
	if parts[0] != "" || len(parts)-1 != len(names) {
		t.Fatalf("capture printed %d outputs, want %d (one per case)", len(parts)-1, len(names))
	}
	for i, p := range parts[1:] {
		name, text, _ := strings.Cut(p, "\n")
		if name != names[i] {
			t.Fatalf("capture output %d is %q, want %q (keep capture.cpp in the order of the cases)", i, name, names[i])
		}
		if err := os.WriteFile(filepath.Join(dir, name+ext), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
