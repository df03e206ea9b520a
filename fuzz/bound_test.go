package fuzz

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/cutealg/cutealg/internal/vectors"
)

// maxInput bounds one fuzz input: longer inputs are skipped (an operation
// on a huge argument may legitimately take long).
const maxInput = 512

// perInput is how long one input may take before the target fails (a hang
// is a finding like a panic): while fuzzing, the engine's own limit (a go
// test -fuzz worker panics after 10 s on one input); under plain go test,
// which replays the seeds beside every other package's tests (CI on two
// cores, or a loaded machine), a minute, so that only a hang fails, not a
// slow machine (FuzzOracle/flat_divide_symbolic_stride went past 10 s at
// load 28 on the VM; alone, the whole package takes 6 s).
func perInput() time.Duration {
	if f := flag.Lookup("test.fuzz"); f != nil && f.Value.String() != "" {
		return 10 * time.Second
	}
	return time.Minute
}

// bounded runs f on the input and fails if it panics or does not return
// within perInput. A hung f is left running: the target has failed.
func bounded(t *testing.T, what string, f func() error) {
	t.Helper()
	done := make(chan error, 1)
	go func() {
		defer func() {
			if p := recover(); p != nil {
				done <- fmt.Errorf("panic: %v", p)
			}
		}()
		done <- f()
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	case <-time.After(perInput()):
		t.Fatalf("%s: no answer within %v", what, perInput())
	}
}

// long skips an input beyond maxInput bytes.
func long(t *testing.T, parts ...string) {
	n := 0
	for _, p := range parts {
		n += len(p)
	}
	if n > maxInput {
		t.Skip("input beyond the size bound")
	}
}

// seedLimit is the most seeds a target takes from one corpus, spread over
// it, so that plain go test stays quick.
const seedLimit = 400

// spread returns at most seedLimit indices of [0, n), evenly spaced.
func spread(n int) []int {
	var out []int
	step := max(1, n/seedLimit)
	for i := 0; i < n && len(out) < seedLimit; i += step {
		out = append(out, i)
	}
	return out
}

// concreteSeeds returns the concrete vectors of ../shared/vectors (CuTe's
// own results), or nil when they are absent.
func concreteSeeds(f *testing.F) []vectors.Record {
	dir, ok := vectors.Dir()
	if !ok {
		return nil
	}
	recs, err := vectors.Load(dir)
	if err != nil {
		f.Fatal(err)
	}
	var out []vectors.Record
	for _, i := range spread(len(recs)) {
		out = append(out, recs[i])
	}
	return out
}

// symbolicSeeds returns the symbolic corpus of ../shared/vectors, or nil
// when it is absent.
func symbolicSeeds(f *testing.F) []vectors.SymbolicCase {
	dir, ok := vectors.Dir()
	if !ok {
		return nil
	}
	cases, err := vectors.LoadSymbolic(dir)
	if err != nil {
		f.Fatal(err)
	}
	var out []vectors.SymbolicCase
	for _, i := range spread(len(cases)) {
		out = append(out, cases[i])
	}
	return out
}

// argSeeds returns every argument text of the concrete vectors and the
// symbolic corpus.
func argSeeds(f *testing.F) []string {
	var out []string
	for _, r := range concreteSeeds(f) {
		out = append(out, r.Args...)
	}
	for _, c := range symbolicSeeds(f) {
		out = append(out, c.Args...)
	}
	return out
}

// requestLines returns the vectors and the symbolic corpus as oracle
// request lines.
func requestLines(f *testing.F) [][]byte {
	var out [][]byte
	add := func(v any) {
		b, err := json.Marshal(v)
		if err != nil {
			f.Fatal(err)
		}
		out = append(out, b)
	}
	for _, r := range concreteSeeds(f) {
		add(map[string]any{"id": r.ID, "op": r.Op, "args": r.Args})
	}
	for _, c := range symbolicSeeds(f) {
		add(map[string]any{"id": c.ID, "op": c.Op, "args": c.Args, "assume": c.Assume, "derive": true})
	}
	return out
}

// repoFiles returns the files of the repository matching a glob relative
// to the module root.
func repoFiles(f *testing.F, glob string) map[string][]byte {
	names, err := filepath.Glob(filepath.Join("..", glob))
	if err != nil {
		f.Fatal(err)
	}
	out := map[string][]byte{}
	for _, n := range names {
		b, err := os.ReadFile(n)
		if err != nil {
			f.Fatal(err)
		}
		out[filepath.Base(n)] = b
	}
	if len(out) == 0 {
		f.Fatalf("no file matches %s", glob)
	}
	return out
}
