package sym

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cutealg/cutealg/internal/notation"
)

// TestSymbolicVectors reads ../shared/vectors/symbolic/cases.jsonl in place
// (skipped when absent): every case's assumptions compile to a consistent
// context that accepts every stored binding, its symbolic arguments parse,
// and the results stated in the seed documents parse and round-trip.
func TestSymbolicVectors(t *testing.T) {
	path := filepath.Join("..", "..", "shared", "vectors", "symbolic", "cases.jsonl")
	f, err := os.Open(path)
	if err != nil {
		t.Skipf("no symbolic vectors: %v", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<24), 1<<24)
	n := 0
	for sc.Scan() {
		var c struct {
			ID     string   `json:"id"`
			Args   []string `json:"args"`
			Assume []string `json:"assume"`
			Expect string   `json:"expect"`
			Op     string   `json:"op"`
			Points []struct {
				Bind   map[string]int64 `json:"bind"`
				Result *string          `json:"result"`
			} `json:"points"`
		}
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatal(err)
		}
		n++
		ctx := NewCtx()
		for _, a := range c.Assume {
			if ctx, err = ctx.With(a); err != nil {
				break
			}
		}
		if err != nil {
			t.Errorf("%s: assumptions %v: %v", c.ID, c.Assume, err)
			continue
		}
		for _, p := range c.Points {
			if err := ctx.Satisfies(p.Bind); err != nil {
				t.Errorf("%s: binding %v rejected: %v", c.ID, p.Bind, err)
			}
			// an integer result stated by the seed: its value is CuTe's
			if c.Op == "crd2idx" && c.Expect != "" && p.Result != nil {
				e, err := Parse(c.Expect)
				if err != nil {
					t.Errorf("%s: %s: %v", c.ID, c.Expect, err)
					continue
				}
				want, err := ParseInt(*p.Result)
				wv, _ := IsConst(want.E)
				if got, err2 := ctx.Eval(e, p.Bind); err != nil || err2 != nil || got != wv {
					t.Errorf("%s: %s at %v = %d (%v), CuTe says %s", c.ID, c.Expect, p.Bind, got, err2, *p.Result)
				}
			}
		}
		for _, a := range append(c.Args, c.Expect) {
			if a == "" {
				continue
			}
			node, err := notation.Parse(a)
			if err != nil {
				t.Errorf("%s: %s: %v", c.ID, a, err)
				continue
			}
			switch node.(type) {
			case *notation.Layout:
				l, err := LayoutFromNode(node)
				if err != nil {
					t.Errorf("%s: layout %s: %v", c.ID, a, err)
					continue
				}
				back, err := ParseLayout(l.String())
				if err != nil || back.String() != l.String() {
					t.Errorf("%s: %s prints as %s, which reads back as %v (%v)", c.ID, a, l, back, err)
				}
			case *notation.Tuple:
				if _, err := TupleFromNode(node); err != nil && !strings.Contains(err.Error(), "tiler") &&
					!strings.Contains(err.Error(), "layout") && !strings.Contains(err.Error(), "'_'") {
					t.Errorf("%s: tuple %s: %v", c.ID, a, err)
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("no cases read")
	}
}
