package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cutealg/cutealg/internal/notation"
)

// vectorsDir holds CuTe's ground truth; its doc-* records are the
// documents' examples.
const vectorsDir = "../../../shared/vectors"

// The showcase runs clean: every example matches CuTe in both modes.
func TestShowcase(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := run(nil, nil, &stdout, &stderr)
	out := stdout.String()
	if code != exitOK || strings.Contains(out, "MISMATCH") || stderr.Len() > 0 {
		t.Errorf("exit status %d, stderr %q; mismatches:\n%s", code, stderr.String(), grepLines(out, "MISMATCH", 1))
	}
	_, exs, err := parseShowcase(showcaseText)
	if err != nil {
		t.Fatal(err)
	}
	syms, err := parseSymbolicShowcase(symbolicText)
	if err != nil {
		t.Fatal(err)
	}
	for _, summary := range []string{
		fmt.Sprintf("%d examples: %d ok, 0 mismatches.", len(exs), len(exs)),
		fmt.Sprintf("%d symbolic examples: %d ok, 0 mismatches.", len(syms), len(syms)),
	} {
		if !strings.Contains(out, summary) {
			t.Errorf("output lacks %q", summary)
		}
	}
	if len(syms) < 9 {
		t.Errorf("only %d symbolic examples", len(syms))
	}
	if len(exs) < 130 {
		t.Errorf("only %d examples", len(exs))
	}
}

// grepLines returns the lines of s containing pat, each with the next
// after lines.
func grepLines(s, pat string, after int) string {
	lines := strings.Split(s, "\n")
	var b strings.Builder
	for i, l := range lines {
		if strings.Contains(l, pat) {
			for _, m := range lines[i:min(i+1+after, len(lines))] {
				b.WriteString(m + "\n")
			}
		}
	}
	return b.String()
}

// check fails an example whose value, refusal or warnings differ from
// CuTe's.
func TestShowcaseCheck(t *testing.T) {
	for _, c := range []struct{ call, want, problem string }{
		{"coalesce((_2,_3):(_1,_2))", "_6:_1", ""},
		{"coalesce((_2,_3):(_1,_2))", "(_2,_3):(_1,_2)", "CuTe prints (_2,_3):(_1,_2)"},
		{"coalesce((_2,_3):(_1,_2))", "error: no", "CuTe refuses it"},
		{"complement((2,2):(2,4), 7)", "error: Dynamic-stride complement", ""},
		{"complement((2,2):(2,4), 7)", "error: something else", "CuTe's refusal is something else"},
		{"complement((2,2):(2,4), 7)", "_1:_0", "CuTe prints _1:_0"},
		// CuTe mode gives CuTe's value with a warning: not a match.
		{"composition((6,2):(1,7), 4:4)", "(2,2):(4,7)", "warning: "},
		{"composition((6,2):(1,7), 4:4)", "error: R(2)=7", "CuTe refuses it"},
		{"composition(", "x", "does not parse"},
	} {
		ex := example{call: c.call, want: c.want}
		_, problem := ex.check()
		if c.problem == "" && problem != "" || c.problem != "" && !strings.Contains(problem, c.problem) {
			t.Errorf("%s want %s: problem %q, want %q", c.call, c.want, problem, c.problem)
		}
	}
}

func TestParseShowcaseErrors(t *testing.T) {
	for _, text := range []string{
		"seed 000 | doc\n000 | s | coalesce(8:1) | 8:1\n",
		"000 | s | coalesce(8:1) | 8:1 | - |\n",
		"seed 000 | doc\n001 | s | coalesce(8:1) | 8:1 | - |\n",
		"seed 000 | doc\n000 | s |  | 8:1 | - |\n",
	} {
		if _, _, err := parseShowcase(text); err == nil {
			t.Errorf("%q: no error", text)
		}
	}
}

type docRecord struct {
	ID     string   `json:"id"`
	Op     string   `json:"op"`
	Args   []string `json:"args"`
	Result *string  `json:"result"`
	Error  string   `json:"error"`
}

// Every example that names a vector record has that record's call and
// CuTe's result for it; no example is listed twice in one section.
func TestShowcaseMatchesVectors(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(vectorsDir, "*.jsonl"))
	if len(files) == 0 {
		t.Skipf("no CuTe vectors in %s", vectorsDir)
	}
	recs := map[string]docRecord{}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range bytes.Split(data, []byte("\n")) {
			if !bytes.HasPrefix(line, []byte(`{"id":"doc-`)) {
				continue
			}
			var r docRecord
			if err := json.Unmarshal(line, &r); err != nil {
				t.Fatalf("%s: %v", file, err)
			}
			recs[r.ID] = r
		}
	}
	_, exs, err := parseShowcase(showcaseText)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, ex := range exs {
		where := fmt.Sprintf("showcase.txt:%d", ex.line)
		key := ex.section + "|" + ex.call
		if seen[key] {
			t.Errorf("%s: %s listed twice in %q", where, ex.call, ex.section)
		}
		seen[key] = true
		if ex.id == "-" {
			continue
		}
		r, ok := recs[ex.id]
		if !ok {
			t.Errorf("%s: no record %s in the vectors", where, ex.id)
			continue
		}
		if got, want := canonical(t, ex.call), canonical(t, r.Op+"("+strings.Join(r.Args, ",")+")"); got != want {
			t.Errorf("%s: call %s, record %s is %s", where, got, ex.id, want)
		}
		wantErr, isErr := ex.wantErr()
		switch {
		case r.Result != nil && (isErr || ex.want != *r.Result):
			t.Errorf("%s: %s expects %q, CuTe prints %q", where, ex.id, ex.want, *r.Result)
		case r.Result == nil && (!isErr || !strings.Contains(r.Error, wantErr)):
			t.Errorf("%s: %s expects %q, CuTe refuses: %s", where, ex.id, ex.want, r.Error)
		}
	}
}

func canonical(t *testing.T, src string) string {
	t.Helper()
	n, err := notation.Parse(src)
	if err != nil {
		t.Fatalf("%s: %v", src, err)
	}
	return notation.Print(n)
}
