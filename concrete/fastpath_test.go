package concrete

import (
	"strings"
	"testing"

	"github.com/cutealg/cutealg/internal/vectors"
)

// TestVectorsWithoutChecks runs every CuTe vector through the catalogue
// without options, the path a plain call takes (through the planner: no
// post-condition checks, see checksWanted), and compares it with the plain
// transcription (NoPlanner) and with the CuTe-mode call that collects
// warnings and violations (the path the oracle tests; each violation is
// checked as in the tables, see checkViolations): all must give the same value or
// the same error, and a value must be CuTe's printed result. It also runs
// each record in a Workspace shared by all records, with and without
// checks: the results must be the same, both printed at once and after the
// following records have used the workspace (results taken before a Reset
// stay valid, so the test resets only every 64 records, after checking).
func TestVectorsWithoutChecks(t *testing.T) {
	dir, ok := vectors.Dir()
	if !ok {
		t.Skipf("no CuTe vectors at %s (../shared/vectors beside the repository): skipping", dir)
	}
	recs, err := vectors.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	show := func(v Value, err error) string {
		if err != nil {
			return "error: " + err.Error()
		}
		return v.String()
	}
	var ws Workspace
	type held struct {
		what, want string
		v          Value
	}
	var kept []held
	n, nViolations := 0, 0
	for _, r := range recs {
		if _, ok := Lookup(r.Op); !ok {
			continue
		}
		n++
		var warnings []string
		plain := show(ApplyText(r.Op, r.Args))
		transcribed := show(ApplyText(r.Op, r.Args, NoPlanner()))
		var broken []Violation
		checked := show(ApplyText(r.Op, r.Args, CollectWarnings(&warnings), CollectViolations(&broken)))
		checkViolations(t, r.ID, warnings, broken)
		nViolations += len(broken)
		if plain != transcribed || plain != checked {
			t.Errorf("%s %s(%s): planner %s, transcription %s, with checks %s", r.ID, r.Op, strings.Join(r.Args, ", "), plain, transcribed, checked)
			continue
		}
		for _, opts := range [][]Option{{InWorkspace(&ws)}, {InWorkspace(&ws), CollectWarnings(&warnings)}} {
			v, err := ApplyText(r.Op, r.Args, opts...)
			if got := show(v, err); got != plain {
				t.Errorf("%s %s(%s): in a workspace %s, on the heap %s", r.ID, r.Op, strings.Join(r.Args, ", "), got, plain)
			} else if err == nil {
				kept = append(kept, held{r.ID, plain, v})
			}
		}
		if n%64 == 0 {
			for _, k := range kept {
				if got := k.v.String(); got != k.want {
					t.Errorf("%s: a workspace result changed after later calls: %s, was %s", k.what, got, k.want)
				}
			}
			kept = kept[:0]
			ws.Reset()
		}
		if r.Error == "" && r.Result != nil && !strings.HasPrefix(plain, "error: ") {
			if strings.Join(strings.Fields(plain), "") != strings.Join(strings.Fields(*r.Result), "") {
				t.Errorf("%s %s(%s): got %s, want %s", r.ID, r.Op, strings.Join(r.Args, ", "), plain, *r.Result)
			}
		}
	}
	if n == 0 || nViolations == 0 {
		t.Fatalf("%d records ran, with %d violations", n, nViolations)
	}
}
