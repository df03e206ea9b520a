package oracle

import (
	"bufio"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var opFilter = flag.String("op", "", "run the vectors of these ops only (comma-separated)")

// vectorsDir is where the CuTe ground truth lives, relative to this package.
const vectorsDir = "../../../shared/vectors"

type record struct {
	ID        string   `json:"id"`
	Op        string   `json:"op"`
	Args      []string `json:"args"`
	Result    *string  `json:"result"`
	Error     string   `json:"error"`
	Unchecked string   `json:"unchecked"`
}

func loadVectors(t *testing.T) []record {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(vectorsDir, "*.jsonl"))
	if len(files) == 0 {
		t.Skipf("no CuTe vectors at %s (../shared/vectors beside the repository): skipping", vectorsDir)
	}
	want := map[string]bool{}
	for _, op := range strings.Split(*opFilter, ",") {
		if op != "" {
			want[op] = true
		}
	}
	var recs []record
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
			if len(want) == 0 || want[r.Op] {
				recs = append(recs, r)
			}
		}
		fh.Close()
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
	}
	return recs
}

func nows(s string) string { return strings.Join(strings.Fields(s), "") }

// TestVectors runs every CuTe vector through Handle, the code path of
// `cute oracle`, in CuTe mode (unchecked records must carry a warning) and
// in strict mode (unchecked records must be refused).
func TestVectors(t *testing.T) {
	recs := loadVectors(t)
	for _, mode := range []string{"cute", "strict"} {
		t.Run(mode, func(t *testing.T) {
			fails := 0
			for _, r := range recs {
				args, _ := json.Marshal(r.ID)
				rep := Handle(Request{ID: args, Op: r.Op, Args: r.Args, Mode: mode})
				var why string
				switch {
				case r.Error != "":
					if rep.Error == "" {
						why = "want an error (" + r.Error + "), got " + deref(rep.Result)
					}
				case r.Unchecked != "" && mode == "strict":
					if rep.Error == "" {
						why = "strict mode must refuse (" + r.Unchecked + "), got " + deref(rep.Result)
					}
				case r.Unchecked != "":
					if rep.Error != "" {
						break // any error passes an unchecked record
					}
					if nows(deref(rep.Result)) != nows(*r.Result) {
						why = "got " + deref(rep.Result) + ", want " + *r.Result
					} else if rep.Warning == "" {
						why = "unchecked record (" + r.Unchecked + ") answered without a warning"
					}
				default:
					if rep.Error != "" {
						why = "got error " + rep.Error + ", want " + *r.Result
					} else if nows(deref(rep.Result)) != nows(*r.Result) {
						why = "got " + deref(rep.Result) + ", want " + *r.Result
					}
				}
				if why != "" {
					fails++
					if fails <= 40 {
						t.Errorf("%s %s(%s): %s", r.ID, r.Op, strings.Join(r.Args, ", "), why)
					}
				}
			}
			if fails > 0 {
				t.Errorf("%d of %d records failed in %s mode", fails, len(recs), mode)
			}
		})
	}
}

func deref(s *string) string {
	if s == nil {
		return "<none>"
	}
	return *s
}
