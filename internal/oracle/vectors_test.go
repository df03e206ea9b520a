package oracle

import (
	"encoding/json"
	"flag"
	"strings"
	"testing"

	"github.com/cutealg/cutealg/internal/vectors"
)

var opFilter = flag.String("op", "", "run the vectors of these ops only (comma-separated)")

func loadVectors(t *testing.T) []vectors.Record {
	t.Helper()
	dir, ok := vectors.Dir()
	if !ok {
		t.Skipf("no CuTe vectors at %s (../shared/vectors beside the repository): skipping", dir)
	}
	all, err := vectors.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(all) == 0 {
		t.Fatalf("no records in %s", dir)
	}
	want := map[string]bool{}
	for _, op := range strings.Split(*opFilter, ",") {
		if op != "" {
			want[op] = true
		}
	}
	var recs []vectors.Record
	for _, r := range all {
		if len(want) == 0 || want[r.Op] {
			recs = append(recs, r)
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
