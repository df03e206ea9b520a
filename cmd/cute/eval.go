package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/cutealg/cutealg/concrete"
	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/rules"
	"github.com/cutealg/cutealg/sym"
)

// maxValues is how many values `cute eval` lists for a layout result; a
// larger layout shows the first maxValues and its size.
const maxValues = 64

var evalCmd = &command{
	name:    "eval",
	summary: "evaluate a call expression or a layout: result, size, cosize, values",
	usage: `usage: cute eval [-strict] [-assume COND]... [-dynamic] EXPR

Evaluates EXPR, a call expression such as
	cute eval 'composition((10,2):(16,4), (5,4):(1,5))'
or a plain layout, and prints the result as CuTe prints it. For a layout
result it also prints size, cosize and the values A(0),A(1),... (the first
64 for larger layouts). Calls nest: 'coalesce(logical_divide(A, B))'.
The operations are listed by 'cute help'.

In CuTe mode (the default) the result is CuTe's, also where CuTe's value
breaks a documented post-condition; that is reported on standard error as
"warning: ...".

A call over symbols (M, N, ...) or with -assume is computed symbolically
by the rules engine: a plain answer, or cases with their guards where an
assumption is missing ('cute derive' shows the steps).

Flags:
	-strict       refuse (exit 1) where CuTe mode would warn: give a value
	              only when every documented post-condition holds
	-assume COND  an assumption about the symbols (repeatable)
	-dynamic      a symbolic call as CuTe computes it with the symbols as
	              run-time integers (warnings on standard error)
`,
}

func init() { evalCmd.run = runEval }

func runEval(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet(evalCmd)
	strict := fs.Bool("strict", false, "refuse where CuTe mode would warn")
	var assume assumeFlags
	fs.Var(&assume, "assume", "an assumption")
	dynamic := fs.Bool("dynamic", false, "the symbols as CuTe's run-time integers")
	operands, code, done := parseFlags(evalCmd, fs, args, stdout, stderr)
	if done {
		return code
	}
	if len(assume) > 0 || *dynamic || hasSymbol(strings.Join(operands, " ")) {
		return evalSymbolic(operands, assume, *dynamic, stdout, stderr)
	}
	n, src, code, ok := parseExpr(evalCmd, operands, stderr)
	if !ok {
		return code
	}
	v, code, ok := evalNode(evalCmd, n, src, *strict, stderr)
	if !ok {
		return code
	}
	fmt.Fprintln(stdout, v)
	var info string
	var err error
	switch v.Kind {
	case concrete.ValLayout:
		info, err = layoutInfo(v, v.Layout.Index)
	case concrete.ValComposed:
		info, err = layoutInfo(v, v.Composed.Index)
	default:
		return exitOK
	}
	if err != nil && v.Kind == concrete.ValLayout && nonPositiveExtent(v.Layout) {
		// CuTe's value may have extents that are not positive (a
		// left_inverse or complement of a negative stride): it has no
		// size, cosize or values that concrete computes, but it is
		// the answer (finding 74)
		fmt.Fprintf(stderr, "note: no size, cosize or values: %s\n", oneLine(err.Error()))
		return exitOK
	}
	if err != nil {
		return report(evalCmd, src, err, stderr)
	}
	fmt.Fprint(stdout, info)
	return exitOK
}

// nonPositiveExtent reports whether a layout has an extent below 1.
func nonPositiveExtent(l concrete.Layout) bool {
	for _, x := range l.Shape.Leaves(nil) {
		if x.V < 1 {
			return true
		}
	}
	return false
}

// evalNode evaluates a parsed expression in CuTe or strict mode, printing
// warnings and errors on stderr.
func evalNode(c *command, n notation.Node, src string, strict bool, stderr io.Writer) (concrete.Value, int, bool) {
	var broken []concrete.Violation
	opts := []concrete.Option{concrete.CollectViolations(&broken)}
	if strict {
		opts = append(opts, concrete.StrictMode())
	}
	v, err := concrete.Eval(n, opts...)
	for _, b := range broken {
		warn([]string{b.Msg}, stderr)
	}
	if err != nil {
		return concrete.Value{}, report(c, src, err, stderr), false
	}
	return v, exitOK, true
}

// layoutInfo returns the size, cosize and values lines that eval prints
// under a layout or composed layout result l, whose function is index.
func layoutInfo(l concrete.Value, index func(int64) (int64, error)) (string, error) {
	arg := []concrete.Value{l}
	var b strings.Builder
	var size int64
	for _, name := range []string{"size", "cosize"} {
		op, _ := concrete.Lookup(name)
		v, err := op.Apply(arg)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(&b, "%s: %s\n", name, v)
		if name == "size" {
			size = v.Tuple.Value().V
		}
	}
	b.WriteString("values:")
	shown := min(max(size, 0), maxValues)
	for i := range shown {
		// A(i) for a 1-D index i, as the evaluate operation computes it;
		// evaluate itself would refuse layouts beyond MaxEvaluate.
		v, err := index(i)
		if err != nil {
			return "", err
		}
		if i == 0 {
			b.WriteByte(' ')
		} else {
			b.WriteByte(',')
		}
		b.WriteString(strconv.FormatInt(v, 10))
	}
	if shown < size {
		fmt.Fprintf(&b, ",... (the first %d of %d)", shown, size)
	}
	b.WriteByte('\n')
	return b.String(), nil
}

// hasSymbol reports whether an expression mentions a symbol: a name that
// is not the name of a call.
func hasSymbol(src string) bool {
	n, err := notation.Parse(src)
	if err != nil {
		return false
	}
	return len(notation.Symbols(n)) > 0
}

// evalSymbolic prints the symbolic answer of a call: the result, or one
// line per case.
func evalSymbolic(operands, assume []string, dynamic bool, stdout, stderr io.Writer) int {
	req, src, code, ok := symbolicRequest(evalCmd, operands, assume, dynamic, stderr)
	if !ok {
		return code
	}
	a, err := rules.Compute(req)
	if err != nil {
		return report(evalCmd, src, err, stderr)
	}
	warn := func(b rules.Branch[sym.Value]) {
		for _, w := range b.Warnings {
			fmt.Fprintf(stderr, "warning: %s\n", w)
		}
	}
	if v, ok := a.Plain(); ok {
		fmt.Fprintln(stdout, v)
		warn(a.Branches[0])
		return exitOK
	}
	status := exitOK
	for _, b := range a.Branches {
		warn(b)
		when := "always"
		if len(b.Guards) > 0 {
			when = sym.FormatConds(b.Guards)
		}
		if b.Err != nil {
			fmt.Fprintf(stdout, "when %s: error: %s\n", when, oneLine(b.Err.Error()))
			if len(a.Branches) == 1 {
				status = exitDomain
			}
			continue
		}
		fmt.Fprintf(stdout, "when %s: %s\n", when, b.Value)
	}
	return status
}
