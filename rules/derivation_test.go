package rules

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// The derivation records of a few requests (a split with guards, claims
// and bindings; a plain seed example; a derivation under assumptions; a
// dynamic one with warnings and run-time steps) as JSON, against
// testdata/derivations.json (-update rewrites it): the record that
// proofs.Check re-verifies and `cute derive -json` prints is stable, field
// by field.
func TestDerivationRecords(t *testing.T) {
	lines := []string{
		"complement (_2,_2):(_1,_6) M",
		"composition (_6,_2):(_8,_2) (_4,_3):(_3,_1)",
		"logical_divide (M,N):(_1,M) _32:_1 | M % 32 == 0",
		"dynamic logical_divide (M,N):(_1,M) (_32,_4):(_1,_32) | M % 32 == 0",
	}
	var ds []Derivation
	for _, l := range lines {
		req := ParseRequestLine(l)
		d, err := Derive(req)
		if err != nil {
			t.Fatalf("%s: %v", l, err)
		}
		ds = append(ds, d)
	}
	got, err := json.MarshalIndent(ds, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	path := filepath.Join("testdata", "derivations.json")
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("the derivation records differ from %s (go test ./rules -run TestDerivationRecords -update rewrites it; read the diff)", path)
	}
}
