package sym

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the expected results in testdata/*.txt")

// TestCases runs testdata/*.txt: one case a line, in the domain's notation,
//
//	op arg... [| assumption&&...] = expected
//
// with op one of canon, divides, equal, compare, simplify, floor_div,
// ceil_div, mod, min, max, shape_div, shape_mod, assume. Lines starting
// with '#' and empty lines are comments. With -update the expected results
// are rewritten from what the engine answers.
func TestCases(t *testing.T) {
	files, err := filepath.Glob("testdata/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata: %v", err)
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		sc := bufio.NewScanner(strings.NewReader(string(data)))
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for n := 1; sc.Scan(); n++ {
			line := sc.Text()
			trimmed := strings.TrimSpace(line)
			if trimmed == "" || strings.HasPrefix(trimmed, "#") {
				out = append(out, line)
				continue
			}
			eq := strings.LastIndex(line, " = ")
			if eq < 0 {
				t.Errorf("%s:%d: no ' = ' in %q", file, n, line)
				out = append(out, line)
				continue
			}
			input, want := line[:eq], line[eq+3:]
			got := runCase(input)
			if got != want {
				if !*update {
					t.Errorf("%s:%d: %s\n\tgot  %s\n\twant %s", file, n, input, got, want)
				}
			}
			out = append(out, input+" = "+got)
		}
		if *update {
			if err := os.WriteFile(file, []byte(strings.Join(out, "\n")+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func runCase(input string) string {
	ctxSrc := ""
	if i := strings.Index(input, " | "); i >= 0 {
		input, ctxSrc = input[:i], input[i+3:]
	}
	f := strings.Fields(input)
	if len(f) == 0 {
		return "error: empty case"
	}
	op, args := f[0], f[1:]
	ctx := NewCtx()
	if ctxSrc != "" {
		var err error
		if ctx, err = ctx.With(ctxSrc); err != nil {
			if op == "assume" {
				return "error: " + err.Error()
			}
			return "error: " + err.Error()
		}
	}
	if op == "assume" {
		return "ok"
	}
	es := make([]Expr, len(args))
	for i, a := range args {
		e, err := Parse(a)
		if err != nil {
			return "error: " + err.Error()
		}
		es[i] = e
	}
	need := func(n int) string {
		if len(es) != n {
			return fmt.Sprintf("error: %s takes %d arguments", op, n)
		}
		return ""
	}
	checkCert := func(certs ...*Certificate) string {
		for _, c := range certs {
			if err := Verify(c); err != nil {
				return " (certificate does not verify: " + err.Error() + ")"
			}
		}
		return ""
	}
	switch op {
	case "canon":
		if s := need(1); s != "" {
			return s
		}
		return es[0].String()
	case "simplify":
		if s := need(1); s != "" {
			return s
		}
		return ctx.Simplify(es[0]).String()
	case "divides", "equal":
		if s := need(2); s != "" {
			return s
		}
		var d Decision
		if op == "divides" {
			d = ctx.Divides(es[0], es[1])
		} else {
			d = ctx.Equal(es[0], es[1])
		}
		if d.Truth == Unknown {
			return "unknown"
		}
		c, err := d.Certificate()
		if err != nil {
			return d.Truth.String() + " (" + err.Error() + ")"
		}
		return d.Truth.String() + checkCert(c)
	case "compare":
		if s := need(2); s != "" {
			return s
		}
		r := ctx.Compare(es[0], es[1])
		cs, err := r.Certificates()
		if err != nil {
			return r.Possible.String() + " (" + err.Error() + ")"
		}
		s := r.Possible.String()
		if r.Witnessed != r.Possible {
			s += " witnessed " + r.Witnessed.String()
		}
		return s + checkCert(cs...)
	}
	var p Piecewise[Expr]
	switch op {
	case "floor_div", "ceil_div", "mod", "min", "max", "shape_div", "shape_mod":
		if s := need(2); s != "" {
			return s
		}
	}
	switch op {
	case "floor_div":
		p = ctx.FloorDiv(es[0], es[1])
	case "ceil_div":
		p = ctx.CeilDiv(es[0], es[1])
	case "mod":
		p = ctx.Mod(es[0], es[1])
	case "min":
		p = ctx.Min(es[0], es[1])
	case "max":
		p = ctx.Max(es[0], es[1])
	case "shape_div":
		p = ctx.ShapeDiv(es[0], es[1])
	case "shape_mod":
		p = ctx.ShapeMod(es[0], es[1])
	default:
		return "error: unknown op " + op
	}
	return p.String()
}
