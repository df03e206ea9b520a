package concrete

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTables runs every case table of testdata/*.txt, one subtest a file:
// the operations' worked examples, CuTe's refusals and the values CuTe
// returns with a broken post-condition, written in CuTe notation (the
// format is described at runOpTable).
func TestTables(t *testing.T) {
	files, err := filepath.Glob("testdata/*.txt")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no tables in testdata")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) { runOpTable(t, f) })
	}
}

// runOpTable runs the cases of a testdata table through ApplyText (the path
// of the oracle and the CLI), in CuTe mode and in strict mode. A line is
// `op arg... = result`, `op arg... = error: TEXT` or
// `op arg... = result warn: TEXT` (CuTe mode: the result and a warning
// containing TEXT; strict mode: a violation containing TEXT); an error
// case expects an error containing TEXT in both modes, or, written
// `error: TEXT strict: TEXT2`, one containing TEXT2 in strict mode (where a
// violated condition comes before CuTe's own failure). Arguments are in CuTe
// print syntax without spaces; blank lines and lines starting with # are
// skipped.
func runOpTable(t *testing.T, path string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		lhs, want, ok := strings.Cut(text, " = ")
		fields := strings.Fields(lhs)
		if !ok || len(fields) < 2 {
			t.Fatalf("%s:%d: malformed case %q", path, line, text)
		}
		n++
		op, args := fields[0], fields[1:]
		where := fmt.Sprintf("%s:%d: %s(%s)", path, line, op, strings.Join(args, ", "))
		if msg, isErr := strings.CutPrefix(want, "error: "); isErr {
			msg, strictMsg, differ := strings.Cut(msg, " strict: ")
			if !differ {
				strictMsg = msg
			}
			for _, m := range []struct {
				opts []Option
				msg  string
			}{{nil, msg}, {[]Option{StrictMode()}, strictMsg}} {
				if v, err := ApplyText(op, args, m.opts...); err == nil || !strings.Contains(err.Error(), m.msg) {
					t.Errorf("%s = %v, %v (strict %v); want an error containing %q", where, v, err, m.opts != nil, m.msg)
				}
			}
			continue
		}
		result, warn, _ := strings.Cut(want, " warn: ")
		var warnings []string
		v, err := ApplyText(op, args, CollectWarnings(&warnings))
		switch {
		case err != nil:
			t.Errorf("%s: unexpected error %v", where, err)
		case v.String() != result:
			t.Errorf("%s = %v, want %s", where, v, result)
		case warn == "" && len(warnings) > 0:
			t.Errorf("%s: unexpected warnings %q", where, warnings)
		case warn != "" && !strings.Contains(strings.Join(warnings, "; "), warn):
			t.Errorf("%s: warnings %q, want one containing %q", where, warnings, warn)
		}
		v, err = ApplyText(op, args, StrictMode())
		var e *Error
		switch {
		case warn == "" && err != nil:
			t.Errorf("%s: strict mode: unexpected error %v", where, err)
		case warn == "" && v.String() != result:
			t.Errorf("%s: strict mode = %v, want %s", where, v, result)
		case warn != "" && (!errors.As(err, &e) || e.Kind != Violation || !strings.Contains(e.Msg, warn)):
			t.Errorf("%s: strict mode = %v, %v; want a violation containing %q", where, v, err, warn)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Fatalf("%s: no cases", path)
	}
}
