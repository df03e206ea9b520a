package concrete

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestVectorsWithoutChecks runs every CuTe vector through the catalogue
// without options, the path a plain call takes (no post-condition checks,
// see checksWanted), and compares it with the CuTe-mode call that collects
// warnings (the path the oracle tests): both must give the same value or
// the same error, and a value must be CuTe's printed result.
func TestVectorsWithoutChecks(t *testing.T) {
	files, _ := filepath.Glob("../../shared/vectors/*.jsonl")
	if len(files) == 0 {
		t.Skip("no CuTe vectors at ../../shared/vectors")
	}
	type record struct {
		ID     string   `json:"id"`
		Op     string   `json:"op"`
		Args   []string `json:"args"`
		Result *string  `json:"result"`
		Error  string   `json:"error"`
	}
	show := func(v Value, err error) string {
		if err != nil {
			return "error: " + err.Error()
		}
		return v.String()
	}
	n := 0
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(fh)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			if strings.TrimSpace(sc.Text()) == "" {
				continue
			}
			var r record
			if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			if _, ok := Lookup(r.Op); !ok {
				continue
			}
			n++
			var warnings []string
			plain := show(ApplyText(r.Op, r.Args))
			checked := show(ApplyText(r.Op, r.Args, CollectWarnings(&warnings)))
			if plain != checked {
				t.Errorf("%s %s(%s): without checks %s, with checks %s", r.ID, r.Op, strings.Join(r.Args, ", "), plain, checked)
				continue
			}
			if r.Error == "" && r.Result != nil && !strings.HasPrefix(plain, "error: ") {
				if strings.Join(strings.Fields(plain), "") != strings.Join(strings.Fields(*r.Result), "") {
					t.Errorf("%s %s(%s): got %s, want %s", r.ID, r.Op, strings.Join(r.Args, ", "), plain, *r.Result)
				}
			}
		}
		fh.Close()
	}
	if n == 0 {
		t.Fatal("no records ran")
	}
}
