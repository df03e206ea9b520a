package props

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/cutealg/cutealg/concrete"
	"github.com/cutealg/cutealg/rules"
	"github.com/cutealg/cutealg/sym"
)

// The box driver of the hunt11 review (docs/verification.md, findings
// 45-50), brought over under the ruling of the eleventh session: each
// request is computed once plain and once in dynamic mode, and the case
// that holds at every binding of a box (each symbol in 1..Top that the
// assumptions allow) is compared with package concrete. The plain answer
// is compared with CuTe's value with the symbols as run-time integers
// (strict mode: an error where that value breaks a documented
// post-condition is never wrong), and with the symbols static (each an
// Int<v>, dynamic literals as written: staticReading) only where CuTe
// refuses the run-time template (concrete.RunTimeRefusal), as the
// graders compare (squareMismatch); the dynamic answer with CuTe's value
// with run-time integers as printed (sameStructure), and its refusal of
// the whole request with concrete's at every binding.

// boxRequest is a symbolic request checked at every binding of its
// symbols in 1..Top that its assumptions allow.
type boxRequest struct {
	Op     string   `json:"op"`
	Args   []string `json:"args"`
	Assume []string `json:"assume"`
	Top    int64    `json:"top"`
}

// rulingValue is CuTe's value of a plain request at a binding under the
// ruling: strict mode with run-time integers, or with the symbols static
// where CuTe refuses the run-time template; ok is false where the
// arguments leave int64.
func rulingValue(cop *concrete.Op, ctx *sym.Ctx, vals []sym.Value, b sym.Binding) (want concrete.Value, cerr error, ok bool) {
	cargs, err := groundArgs(ctx, vals, b)
	if err != nil {
		return want, nil, false
	}
	want, cerr = cop.Apply(cargs, concrete.StrictMode())
	if concrete.RunTimeRefusal(cerr) {
		if cargs, err = staticReading(vals, b); err != nil {
			return want, nil, false
		}
		want, cerr = cop.Apply(cargs, concrete.StrictMode())
	}
	return want, cerr, !sym.OutOfRange(cerr)
}

// boxCheck checks a request in both modes at every binding of its box
// and returns the number of bindings the assumptions allow and of
// values compared. A value that differs from CuTe's, or a value where
// CuTe refuses, fails (WRONG); with loss set, so does the first error
// per mode where CuTe's value is valid (LOSS; in dynamic mode only where
// CuTe gives no warning).
func boxCheck(t *testing.T, r boxRequest, loss bool) (bound, values int) {
	ctx, vals, names, err := symArgs(r.Op, r.Args, r.Assume)
	var inc *sym.InconsistentError
	if errors.As(err, &inc) {
		return 0, 0
	}
	if err != nil {
		t.Errorf("%s%v: %v", r.Op, r.Args, err)
		return 0, 0
	}
	call := fmt.Sprintf("%s(%s) under %v", r.Op, strings.Join(r.Args, ", "), r.Assume)
	free := rankFree[r.Op] || r.Op == "filter" || r.Op == "composition" && vals[1].Layout.Shape.IsLeaf()
	cop, _ := concrete.Lookup(r.Op)
	slices.Sort(names)
	binds := boxBindings(slices.Compact(names), r.Top)
	for _, dynamic := range []bool{false, true} {
		ans, aerr := rules.Compute(rules.Request{Op: r.Op, Args: r.Args, Assume: r.Assume, Dynamic: dynamic})
		refused := dynamic && aerr != nil && strings.Contains(aerr.Error(), "CuTe refuses this with the symbols as run-time integers")
		reported := !loss
		for _, b := range binds {
			if ctx.Satisfies(b) != nil {
				continue
			}
			bound++
			var want concrete.Value
			var cerr error
			var warns []string
			if dynamic {
				cargs, err := groundArgs(ctx, vals, b)
				if err != nil {
					continue
				}
				want, cerr = cop.Apply(cargs, concrete.CollectWarnings(&warns))
				if sym.OutOfRange(cerr) {
					continue
				}
			} else {
				var ok bool
				if want, cerr, ok = rulingValue(cop, ctx, vals, b); !ok {
					continue
				}
			}
			lost := func(what any) {
				if !reported && cerr == nil && len(warns) == 0 {
					t.Errorf("LOSS %s (dynamic %v) at %v: %v, CuTe gives %s", call, dynamic, b, what, want)
					reported = true
				}
			}
			if refused {
				if cerr == nil {
					t.Errorf("WRONG %s (dynamic) at %v: %v, but CuTe with run-time integers gives %s", call, b, aerr, want)
				}
				continue
			}
			if aerr != nil {
				lost(aerr)
				continue
			}
			var sel []rules.Branch[sym.Value]
			for _, br := range ans.Branches {
				if holdsAll(br.Guards, b) {
					sel = append(sel, br)
				}
			}
			if len(sel) != 1 {
				t.Errorf("WRONG %s (dynamic %v) at %v: %d cases hold", call, dynamic, b, len(sel))
				continue
			}
			br := sel[0]
			if br.Err != nil {
				lost(br.Err)
				continue
			}
			if cerr != nil {
				t.Errorf("WRONG %s (dynamic %v) at %v: %s but concrete refuses: %v", call, dynamic, b, br.Value, cerr)
				continue
			}
			got, gerr := ctx.EvalValue(br.Value, b)
			if gerr != nil {
				if !sym.OutOfRange(gerr) {
					t.Errorf("WRONG %s (dynamic %v) at %v: %s does not ground: %v", call, dynamic, b, br.Value, gerr)
				}
				continue
			}
			values++
			why := ""
			if dynamic {
				why = sameStructure(got, want)
			} else {
				why = squareMismatch(free, got, want)
			}
			if why != "" {
				t.Errorf("WRONG %s (dynamic %v) at %v: the case %s gives %s, CuTe %s: %s", call, dynamic, b, br.Value, got, want, why)
			}
		}
	}
	return bound, values
}

// TestHunt11Box reads requests (JSON lines of boxRequest) from the file
// named by HUNT11, by default testdata/hunt11.jsonl (the hunt11 review's
// families, tile_to_shape and max_common under the ruling), and checks
// each at every binding of its box (boxCheck); with HUNT11_LOSS set, an
// error where CuTe's value is valid fails too.
func TestHunt11Box(t *testing.T) {
	path := os.Getenv("HUNT11")
	if path == "" {
		path = "testdata/hunt11.jsonl"
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	loss := os.Getenv("HUNT11_LOSS") != ""
	n, compared := 0, 0
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		var r boxRequest
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		if r.Top == 0 {
			r.Top = 8
		}
		bound, values := boxCheck(t, r, loss)
		if bound == 0 {
			t.Errorf("%s%v under %v: no binding checked", r.Op, r.Args, r.Assume)
		}
		n++
		compared += values
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if n == 0 || compared == 0 {
		t.Fatalf("%s: %d requests, %d values compared", path, n, compared)
	}
}
