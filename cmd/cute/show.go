package main

import (
	"fmt"
	"io"

	"github.com/cutealg/cutealg/concrete"
)

var showCmd = &command{
	name:    "show",
	summary: "draw a layout as CuTe's print_layout grid (or print_latex)",
	usage: `usage: cute show [-strict] [-svg FILE] [-latex] EXPR

Evaluates EXPR (a layout, or a call expression whose result is a layout) and
prints it exactly as CuTe's print_layout does: the layout, the column
indices, and the grid of values L(m,n), m down the rows (mode 0) and n across
the columns (mode 1). Deeper layouts are drawn through their two top-level
modes; a rank-1 layout is drawn as one column (CuTe's print_layout itself
only takes rank 2); other ranks are refused. Grids of more than 256 rows or
columns are refused. A swizzled layout (CuTe's ComposedLayout, written as
CuTe prints it: Sw<3,4,3> o _0 o (_8,_64):(_64,_1)) is drawn as CuTe's
print_layout draws it: each cell is Sw(O + B(m,n)).

With -latex, prints instead the standalone LaTeX/TikZ document that CuTe's
print_latex(layout) prints, byte for byte: each cell L(m,n) as a node shaded
by L(m,n) mod 8, the grid, and the row and column indices. print_latex also
takes rank-0 and rank-1 layouts (padded with _1:_0 modes, as its header line
shows) and refuses negative values.

Flags:
	-strict      evaluate EXPR in strict mode (see 'cute eval -h')
	-svg FILE    write the layout as SVG (not implemented yet)
	-latex       print CuTe's print_latex document (LaTeX/TikZ) instead
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
	if *svg != "" {
		fmt.Fprintln(stderr, "cute show: -svg is not implemented yet")
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
	if v.Kind == concrete.ValComposed && !*latex {
		grid, err := concrete.PrintComposedLayout(*v.Composed)
		if err != nil {
			return report(showCmd, src, err, stderr)
		}
		fmt.Fprint(stdout, grid)
		return exitOK
	}
	if v.Kind != concrete.ValLayout {
		fmt.Fprintf(stderr, "cute show: %s is not a layout (use 'cute eval')\n", abbrev(v.String()))
		return exitUsage
	}
	printer := concrete.PrintLayout
	if *latex {
		printer = concrete.PrintLatex
	}
	grid, err := printer(v.Layout)
	if err != nil {
		return report(showCmd, src, err, stderr)
	}
	fmt.Fprint(stdout, grid)
	return exitOK
}
