package concrete

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cutealg/cutealg/internal/catalog"
	"github.com/cutealg/cutealg/internal/notation"
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

// checkViolations checks the violations of one call against its warnings:
// one violation a warning, with the warning as its Msg, a condition id of
// the catalogue that the operation that broke it lists, and its operands.
func checkViolations(t *testing.T, where string, warnings []string, broken []Violation) {
	t.Helper()
	if len(warnings) != len(broken) {
		t.Errorf("%s: %d warnings but %d violations", where, len(warnings), len(broken))
		return
	}
	for i, v := range broken {
		op, ok := catalog.Lookup(v.Op)
		switch {
		case v.Msg != warnings[i]:
			t.Errorf("%s: violation %d has Msg %q, warning %q", where, i, v.Msg, warnings[i])
		case !ok || !slices.Contains(op.Post, v.Cond):
			t.Errorf("%s: violation %q of %s names condition %q, not one of the operation's post-conditions", where, v.Msg, v.Op, v.Cond)
		case len(v.Operands) == 0:
			t.Errorf("%s: violation %q has no operands", where, v.Msg)
		case v.Index < -1:
			t.Errorf("%s: violation %q: index %d", where, v.Msg, v.Index)
		}
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
		var broken []Violation
		v, err := ApplyText(op, args, CollectWarnings(&warnings), CollectViolations(&broken))
		checkViolations(t, where, warnings, broken)
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
		case warn != "" && (!errors.As(err, &e) || e.Kind != Violated || !strings.Contains(e.Msg, warn)):
			t.Errorf("%s: strict mode = %v, %v; want a violation containing %q", where, v, err, warn)
		case warn != "":
			var sv *Violation
			if !errors.As(err, &sv) || sv.Msg != e.Msg {
				t.Errorf("%s: strict mode error %v does not unwrap to its Violation", where, err)
			} else {
				checkViolations(t, where, []string{sv.Msg}, []Violation{*sv})
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Fatalf("%s: no cases", path)
	}
}

// TestEvalErrorPosition checks that a failing call nested in an expression
// is located: its *Error carries the inner call's position and unwraps to
// the broken condition, while a failing outer call has no position.
func TestEvalErrorPosition(t *testing.T) {
	cases := []struct {
		expr    string
		strict  bool
		col     int    // the failing call's column, 0: the outer call failed
		cond    string // the violated condition, "" when none
		errText string
	}{
		{"logical_product(complement((_2,2):(_3,_2), 4), 2:1)", true, 17, "complement.size", "complement: complement post: size(R) <= cosize(R) fails"},
		{"coalesce(logical_divide(_8:_1, composition((_8,_8):(_8,_1), _4:_3)))", false, 32, "", "composition: Shape Divisibility Condition"},
		{"logical_divide(coalesce((4,2):(1,4)), 0:1)", false, 0, "", "logical_divide: argument 2: shape extent 0 is not positive"},
	}
	for _, c := range cases {
		n, err := notation.Parse(c.expr)
		if err != nil {
			t.Fatalf("%s: %v", c.expr, err)
		}
		var opts []Option
		if c.strict {
			opts = append(opts, StrictMode())
		}
		_, err = Eval(n, opts...)
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("%s: error %v, want an *Error", c.expr, err)
			continue
		}
		if !strings.Contains(e.Error(), c.errText) || e.Pos.Col != c.col || (c.col > 0) != (e.Pos.Line > 0) {
			t.Errorf("%s: %v at %v, want %q at column %d", c.expr, e, e.Pos, c.errText, c.col)
		}
		var v *Violation
		if got := errors.As(err, &v); got != (c.cond != "") || (got && v.Cond != c.cond) {
			t.Errorf("%s: unwraps to violation %v, want condition %q", c.expr, v, c.cond)
		}
	}
}
