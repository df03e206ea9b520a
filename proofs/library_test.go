package proofs_test

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/cutealg/cutealg/proofs"
	"github.com/cutealg/cutealg/rules"
)

var update = flag.Bool("update", false, "rewrite the library's golden files under testdata/library")

// TestLibrary derives every example of the library (library.txt), checks its
// derivation read back from JSON, and compares the docs-style text and the
// JSON with the golden files.
func TestLibrary(t *testing.T) {
	n := 0
	for _, e := range library(t) {
		name, req := e.name, e.req
		d, err := rules.Derive(req)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		js, err := json.MarshalIndent(d, "", " ")
		if err != nil {
			t.Fatal(err)
		}
		var back rules.Derivation
		if err := json.Unmarshal(js, &back); err != nil {
			t.Fatal(err)
		}
		if err := proofs.Check(back); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		text := "# " + e.section + "\n"
		if e.note != "" {
			text += "# note: " + e.note + "\n"
		}
		text += proofs.Format(back)
		golden(t, filepath.Join("testdata", "library", name+".txt"), text)
		golden(t, filepath.Join("testdata", "library", name+".json"), string(js)+"\n")
		n++
	}
	t.Logf("%d derivations of the library checked", n)
}

func golden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test ./proofs -run TestLibrary -update writes it)", err)
	}
	if string(want) != got {
		t.Errorf("%s differs (go test ./proofs -run TestLibrary -update rewrites it):\n%s", path, got)
	}
}

// libraryEntry is one example of the library.
type libraryEntry struct {
	name, section, note string
	req                 rules.Request
}

func library(t testing.TB) []libraryEntry {
	es, err := proofs.Library()
	if err != nil {
		t.Fatal(err)
	}
	out := make([]libraryEntry, len(es))
	for i, e := range es {
		out[i] = libraryEntry{name: e.Name, section: e.Section, note: e.Note, req: e.Request}
	}
	return out
}

func libraryRequests(t testing.TB) []rules.Request {
	var out []rules.Request
	for _, e := range library(t) {
		out = append(out, e.req)
	}
	return out
}
