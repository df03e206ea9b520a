package proofs_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/proofs"
	"github.com/cutealg/cutealg/rules"
)

// corpus lists the requests the checker is tested on: every request of
// rules/testdata/answers.txt and every example of the showcase.
func corpus(t testing.TB) []rules.Request {
	var out []rules.Request
	src, err := os.ReadFile(filepath.Join("..", "rules", "testdata", "answers.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(src), "\n") {
		if line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, "\t") {
			continue
		}
		head, assume, _ := strings.Cut(line, " | ")
		f := strings.Fields(head)
		dynamic := f[0] == "dynamic"
		if dynamic {
			f = f[1:]
		}
		req := rules.Request{Op: f[0], Args: f[1:], Dynamic: dynamic}
		if assume != "" {
			for _, a := range strings.Split(assume, ";") {
				req.Assume = append(req.Assume, strings.TrimSpace(a))
			}
		}
		out = append(out, req)
	}
	src, err = os.ReadFile(filepath.Join("..", "cmd", "cute", "showcase_symbolic.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(src), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, " | ")
		if len(f) < 4 {
			t.Fatalf("showcase line %q", line)
		}
		n, err := notation.Parse(f[2])
		if err != nil {
			t.Fatalf("%s: %v", f[2], err)
		}
		c := n.(*notation.Call)
		req := rules.Request{Op: c.Name}
		for _, a := range c.Args {
			req.Args = append(req.Args, notation.Print(a))
		}
		if f[3] != "-" {
			req.Assume = strings.Split(f[3], " && ")
		}
		out = append(out, req)
	}
	return out
}

// Every derivation of the corpus checks.
func TestCheckCorpus(t *testing.T) {
	n := 0
	for _, req := range corpus(t) {
		d, err := rules.Derive(req)
		if err != nil {
			continue // the request has no derivation (an error answer)
		}
		n++
		if req.Dynamic {
			// not checked yet: Check says so
			if err := proofs.Check(d); err == nil || !strings.Contains(err.Error(), "dynamic") {
				t.Errorf("%s(%s) dynamic: Check gives %v", req.Op, strings.Join(req.Args, ", "), err)
			}
			continue
		}
		if err := proofs.Check(clone(t, d)); err != nil {
			t.Errorf("%s(%s) | %s: %v", req.Op, strings.Join(req.Args, ", "), strings.Join(req.Assume, "; "), err)
		}
	}
	t.Logf("%d derivations checked", n)
}
