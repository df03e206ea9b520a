package main

import (
	"fmt"
	"io"

	"github.com/cutealg/cutealg/concrete"
)

var showCmd = &command{
	name:    "show",
	summary: "draw a layout as CuTe's print_layout grid",
	usage: `usage: cute show [-strict] [-svg FILE] [-latex] EXPR

Evaluates EXPR (a layout, or a call expression whose result is a layout) and
prints it exactly as CuTe's print_layout does: the layout, the column
indices, and the grid of values L(m,n), m down the rows (mode 0) and n across
the columns (mode 1). Deeper layouts are drawn through their two top-level
modes; a rank-1 layout is drawn as one column (CuTe's print_layout itself
only takes rank 2); other ranks are refused. Grids of more than 256 rows or
columns are refused.

Flags:
	-strict      evaluate EXPR in strict mode (see 'cute eval -h')
	-svg FILE    write the layout as SVG (not implemented yet)
	-latex       print the layout as LaTeX/TikZ (not implemented yet)
`,
}

func init() { showCmd.run = runShow }

func runShow(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet(showCmd)
	strict := fs.Bool("strict", false, "evaluate in strict mode")
	svg := fs.String("svg", "", "write SVG to this file")
	latex := fs.Bool("latex", false, "print LaTeX")
	operands, code, done := parseFlags(showCmd, fs, args, stdout, stderr)
	if done {
		return code
	}
	switch {
	case *svg != "":
		fmt.Fprintln(stderr, "cute show: -svg is not implemented yet")
		return exitUsage
	case *latex:
		fmt.Fprintln(stderr, "cute show: -latex is not implemented yet")
		return exitUsage
	}
	n, src, code, ok := parseExpr(showCmd, operands, stderr)
	if !ok {
		return code
	}
	v, code, ok := evalNode(showCmd, n, src, *strict, stderr)
	if !ok {
		return code
	}
	if v.Kind != concrete.ValLayout {
		fmt.Fprintf(stderr, "cute show: %s is not a layout (use 'cute eval')\n", abbrev(v.String()))
		return exitUsage
	}
	grid, err := concrete.PrintLayout(v.Layout)
	if err != nil {
		return report(showCmd, src, err, stderr)
	}
	fmt.Fprint(stdout, grid)
	return exitOK
}
