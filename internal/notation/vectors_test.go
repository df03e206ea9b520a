package notation

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// vectorsDir holds the shared CuTe vectors, relative to this package.
const vectorsDir = "../../../shared/vectors"

// stripSpace removes all whitespace from s.
func stripSpace(s string) string { return strings.Join(strings.Fields(s), "") }

// readJSONL decodes every line of file into a fresh *T and calls f on it.
func readJSONL[T any](t *testing.T, file string, f func(line int, rec *T)) {
	t.Helper()
	fh, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	sc := bufio.NewScanner(fh)
	sc.Buffer(nil, 16<<20)
	for line := 1; sc.Scan(); line++ {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		rec := new(T)
		if err := json.Unmarshal(sc.Bytes(), rec); err != nil {
			t.Fatalf("%s:%d: %v", file, line, err)
		}
		f(line, rec)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
}

// checkValue checks that x parses and prints back as x without whitespace.
func checkValue(t *testing.T, where, x string) {
	t.Helper()
	n, err := Parse(x)
	if err != nil {
		t.Errorf("%s: Parse(%q): %v", where, x, err)
		return
	}
	if got, want := Print(n), stripSpace(x); got != want {
		t.Errorf("%s: Print(Parse(%q)) = %q, want %q", where, x, got, want)
	}
}

// TestVectors parses every argument and every result of the concrete
// vectors (results of evaluate are plain comma lists, not values).
func TestVectors(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(vectorsDir, "*.jsonl"))
	if len(files) == 0 {
		t.Skipf("no vectors at %s (the shared vectors are not checked out next to this module)", vectorsDir)
	}
	n := 0
	for _, file := range files {
		readJSONL(t, file, func(line int, rec *struct {
			ID     string
			Op     string
			Args   []string
			Result *string
		}) {
			where := filepath.Base(file) + ":" + rec.ID
			for _, a := range rec.Args {
				checkValue(t, where, a)
				n++
			}
			if rec.Result != nil && rec.Op != "evaluate" {
				checkValue(t, where+" result", *rec.Result)
				n++
			}
		})
	}
	t.Logf("%d values from %d files", n, len(files))
}

// TestSymbolicVectors parses the arguments, assumptions, expected results and
// point results of the symbolic vectors.
func TestSymbolicVectors(t *testing.T) {
	file := filepath.Join(vectorsDir, "symbolic", "cases.jsonl")
	if _, err := os.Stat(file); err != nil {
		t.Skipf("no symbolic vectors at %s: %v", file, err)
	}
	readJSONL(t, file, func(line int, rec *struct {
		ID     string
		Args   []string
		Assume []string
		Expect *string
		Points []struct{ Result *string }
	}) {
		for _, a := range rec.Args {
			checkValue(t, rec.ID, a)
		}
		if rec.Expect != nil {
			checkValue(t, rec.ID+" expect", *rec.Expect)
		}
		for _, p := range rec.Points {
			if p.Result != nil {
				checkValue(t, rec.ID+" point", *p.Result)
			}
		}
		for _, c := range rec.Assume {
			n, err := ParseCond(c)
			if err != nil {
				t.Errorf("%s: ParseCond(%q): %v", rec.ID, c, err)
				continue
			}
			if got, want := Print(n), stripSpace(c); got != want {
				t.Errorf("%s: Print(ParseCond(%q)) = %q, want %q", rec.ID, c, got, want)
			}
		}
	})
}
