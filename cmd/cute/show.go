package main

import (
	"cmp"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/cutealg/cutealg/concrete"
	"github.com/cutealg/cutealg/internal/catalog"
	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/internal/picture"
	"github.com/cutealg/cutealg/rules"
	"github.com/cutealg/cutealg/sym"
)

var showCmd = &command{
	name:    "show",
	summary: "draw a layout: CuTe's print_layout grid, print_latex, print_latex_tv, or an SVG figure",
	usage: `usage: cute show [-strict] [-latex | -svg FILE [-bytes N]] [-tv -tile M,N] [-bind M=..,N=..] [-assume COND]... EXPR

Evaluates EXPR (a layout, or a call expression whose result is a layout) and
prints it exactly as CuTe's print_layout does: the layout, the column
indices, and the grid of values L(m,n), m down the rows (mode 0) and n across
the columns (mode 1). Deeper layouts are drawn through their two top-level
modes; a rank-1 layout is drawn as one column (CuTe's print_layout itself
only takes rank 2); other ranks are refused. Grids of more than 256 rows or
columns are refused. A swizzled layout (CuTe's ComposedLayout, written as
CuTe prints it: Sw<3,4,3> o _0 o (_8,_64):(_64,_1)) is drawn as CuTe's
print_layout draws it, each cell holding Sw(O + B(m,n)); with -svg it
gets the bank view below; -latex and -tv do not take one.

With -latex, prints instead the standalone LaTeX/TikZ document that CuTe's
print_latex(layout) prints, byte for byte: each cell L(m,n) as a node shaded
by L(m,n) mod 8, the grid, and the row and column indices. print_latex also
takes rank-0 and rank-1 layouts (padded with _1:_0 modes, as its header line
shows) and refuses negative values.

With -svg FILE, writes the layout as an SVG figure: the same grid, each
cell coloured by its value (or, for the result of a divide or a product, by
the tile it belongs to), the boundaries between the sub-modes of each mode
drawn thicker, the indices on the margins. A rank above 2 is drawn with the
modes 1, 2, ... grouped across the columns.

With -svg FILE, a swizzled layout (or any layout, given -bytes) is drawn
instead as the bank view of shared memory: the values are indices of
elements of N bytes (-bytes N: 1, 2, 4, 8 or 16; default 4, one element a
bank word, so that the bank is the value mod 32) in a 128-byte aligned
buffer, and each cell shows its value over its bank b<k> (32 banks of 4
bytes: bank floor(N*value/4) mod 32), coloured by the bank. Right of each
row and under each column stands what reading all its elements at once
asks of the banks: n-way, the most distinct 4-byte words in one bank (the
wavefronts the access takes; red where it is more than ceil(words/32), a
bank conflict), and for a row the number of distinct banks. A legend of
the bank colours closes the figure. Draw the layout with and without its
swizzle to see the conflicts the swizzle removes.

With -tv -tile M,N, EXPR is a (thread, value) -> index layout of rank 2
over an M x N tile (index k is the element (k % M, k / M)): each cell of the
tile shows the first T<t> V<v> that reaches it, coloured by the thread.
-latex prints what CuTe's print_latex_tv prints for it, byte for byte, as
CuTe's users call it: print_latex_tv(composition(make_identity_layout(tile),
tv), tile) (the tile must then be static, _M,_N); -svg writes the figure.

A layout or call over symbols is computed by the rules engine and drawn at
the binding -bind gives (every symbol bound; the binding must satisfy the
-assume conditions); where the answer splits into cases, the case whose
guards hold there is drawn.

Flags:
	-strict       evaluate EXPR in strict mode (see 'cute eval -h')
	-latex        print CuTe's print_latex (or print_latex_tv) document
	-svg FILE     write an SVG figure to FILE
	-bytes N      with -svg: the bank view, elements of N bytes (default 4 for a swizzled layout)
	-tv           EXPR is a (thread, value) layout over the tile -tile
	-tile M,N     the tile of -tv
	-bind B       the values of the symbols, as M=64,N=32
	-assume COND  an assumption about the symbols (repeatable)
`,
}

func init() { showCmd.run = runShow }

func runShow(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet(showCmd)
	strict := fs.Bool("strict", false, "evaluate in strict mode")
	svg := fs.String("svg", "", "write SVG to this file")
	latex := fs.Bool("latex", false, "print LaTeX")
	tv := fs.Bool("tv", false, "a (thread, value) layout")
	tileText := fs.String("tile", "", "the tile M,N of -tv")
	bindText := fs.String("bind", "", "the values of the symbols")
	bytes := fs.Int64("bytes", 0, "the bank view, elements of this many bytes")
	var assume assumeFlags
	fs.Var(&assume, "assume", "an assumption")
	operands, code, done := parseFlags(showCmd, fs, args, stdout, stderr)
	if done {
		return code
	}
	switch {
	case *svg != "" && *latex:
		fmt.Fprintln(stderr, "cute show: -svg and -latex draw different things: give one")
		return exitUsage
	case *tv != (*tileText != ""):
		fmt.Fprintln(stderr, "cute show: -tv needs -tile M,N, and -tile needs -tv")
		return exitUsage
	case *tv && *svg == "" && !*latex:
		fmt.Fprintln(stderr, "cute show: -tv draws with -latex or -svg FILE")
		return exitUsage
	case *bytes != 0 && (*svg == "" || *tv):
		fmt.Fprintln(stderr, "cute show: -bytes is the element size of the bank view, drawn with -svg FILE (not -tv)")
		return exitUsage
	case *bytes != 0 && !slices.Contains(picture.ElementBytes, *bytes):
		fmt.Fprintf(stderr, "cute show: -bytes %d: want the size of an element in bytes, one of %v\n", *bytes, picture.ElementBytes)
		return exitUsage
	}
	l, title, tiles, composed, code, ok := showLayout(operands, *bindText, assume, *strict, stderr)
	if !ok {
		return code
	}
	src := strings.Join(operands, " ")
	var out string
	var err error
	switch {
	case composed != nil && (*tv || *latex):
		fmt.Fprintf(stderr, "cute show: %s is a swizzled layout: only its print_layout grid and its -svg bank view are drawn (no -latex or -tv)\n", abbrev(composed.String()))
		return exitUsage
	case composed != nil && *svg != "":
		out, err = picture.Banks(concrete.ComposedValue(*composed), title, cmp.Or(*bytes, 4))
	case composed != nil:
		out, err = concrete.PrintComposedLayout(*composed)
	case *bytes != 0:
		out, err = picture.Banks(concrete.LayoutValue(l), title, *bytes)
	case *tv:
		tile, perr := concrete.ParseTuple("(" + *tileText + ")")
		if perr != nil {
			return report(showCmd, *tileText, fmt.Errorf("-tile %s: %w", *tileText, perr), stderr)
		}
		if *latex {
			out, err = concrete.PrintLatexTV(l, tile)
			break
		}
		var g concrete.TVGrid
		if g, err = concrete.NewTVGrid(l, tile); err == nil {
			out = picture.TV(g, fmt.Sprintf("%s\nover the tile (%s)", title, *tileText))
		}
	case *svg != "":
		out, err = picture.Layout(l, title, tiles)
	case *latex:
		out, err = concrete.PrintLatex(l)
	default:
		out, err = concrete.PrintLayout(l)
	}
	if err != nil {
		return report(showCmd, src, err, stderr)
	}
	if *svg == "" {
		fmt.Fprint(stdout, out)
		return exitOK
	}
	if err := os.WriteFile(*svg, []byte(out), 0o644); err != nil {
		fmt.Fprintf(stderr, "cute show: %v\n", err)
		return exitDomain
	}
	return exitOK
}

// showLayout evaluates the expression cute show draws: concretely, or
// symbolically at the binding bindText. It returns the layout, the title
// of its figure and, for the result of a divide or a product, its tiles;
// or, for a swizzled layout, that composed layout.
func showLayout(operands []string, bindText string, assume []string, strict bool, stderr io.Writer) (l concrete.Layout, title string, tiles *picture.Tiles, composed *concrete.Composed, code int, ok bool) {
	n, src, code, ok := parseExpr(showCmd, operands, stderr)
	if !ok {
		return l, "", nil, nil, code, false
	}
	symbolic := len(notation.Symbols(n)) > 0 || len(assume) > 0
	if symbolic != (bindText != "") {
		if symbolic {
			fmt.Fprintln(stderr, "cute show: a layout over symbols is drawn at a binding: give -bind, as M=64,N=32")
		} else {
			fmt.Fprintln(stderr, "cute show: -bind and -assume are for layouts over symbols")
		}
		return l, "", nil, nil, exitUsage, false
	}
	if symbolic {
		var v concrete.Value
		v, title, code, ok = symbolicAt(n, src, bindText, assume, stderr)
		l, composed = v.Layout, v.Composed
	} else {
		var v concrete.Value
		v, code, ok = evalNode(showCmd, n, src, strict, stderr)
		l, title, composed = v.Layout, v.String(), v.Composed
		if ok && v.Kind != concrete.ValLayout && v.Kind != concrete.ValComposed {
			fmt.Fprintf(stderr, "cute show: %s is not a layout (use 'cute eval')\n", abbrev(v.String()))
			return l, "", nil, nil, exitUsage, false
		}
	}
	if !ok {
		return l, "", nil, nil, code, false
	}
	if call, isCall := n.(*notation.Call); isCall {
		title = notation.PrintDocs(call) + "\n= " + title
		if composed == nil {
			tiles = callTiles(call, bindText, assume)
		}
	}
	return l, title, tiles, composed, exitOK, true
}

// callTiles returns the tiles of the result of a divide or a product
// (picture.TilesOf) whose operands are values (not calls): concrete ones,
// or symbolic ones grounded at the binding bindText; nil for any other
// call.
func callTiles(call *notation.Call, bindText string, assume []string) *picture.Tiles {
	op, found := catalog.Lookup(call.Name)
	if !found || len(call.Args) != 2 || len(op.Args) != 2 {
		return nil
	}
	vals := make([]concrete.Value, 2)
	for i, arg := range call.Args {
		v, err := sym.ArgFromNode(arg, op.Args[i])
		if err != nil {
			return nil
		}
		b := sym.Binding{}
		if bindText != "" {
			if b, err = parseBinding(bindText); err != nil {
				return nil
			}
		}
		ctx, err := sym.Assume(assume...)
		if err != nil {
			return nil
		}
		if vals[i], err = ctx.EvalValue(v, b); err != nil {
			return nil
		}
	}
	t := vals[1].Tiler
	if vals[1].Kind == concrete.ValLayout {
		t = concrete.LayoutTiler(vals[1].Layout)
	}
	if vals[0].Kind != concrete.ValLayout {
		return nil
	}
	if tiles, ok := picture.TilesOf(call.Name, vals[0].Layout, t); ok {
		return &tiles
	}
	return nil
}

// symbolicAt computes a layout (or a swizzled layout) over symbols (a call
// with the rules engine) and grounds it at the binding bindText; the title
// is the symbolic layout and the binding.
func symbolicAt(n notation.Node, src, bindText string, assume []string, stderr io.Writer) (concrete.Value, string, int, bool) {
	b, err := parseBinding(bindText)
	if err != nil {
		fmt.Fprintf(stderr, "cute show: %v\n", err)
		return concrete.Value{}, "", exitUsage, false
	}
	ctx, err := sym.Assume(assume...)
	if err != nil {
		return concrete.Value{}, "", report(showCmd, strings.Join(assume, " && "), err, stderr), false
	}
	var v sym.Value
	if _, isCall := n.(*notation.Call); isCall {
		req, _, code, ok := symbolicRequest(showCmd, strings.Fields(src), assume, false, stderr)
		if !ok {
			return concrete.Value{}, "", code, false
		}
		a, err := rules.Compute(req)
		if err != nil {
			return concrete.Value{}, "", report(showCmd, src, err, stderr), false
		}
		br, err := branchAt(a, b)
		if err != nil {
			return concrete.Value{}, "", report(showCmd, src, err, stderr), false
		}
		v = br.Value
	} else if v, err = sym.ArgFromNode(n, catalog.Layout); err != nil {
		return concrete.Value{}, "", report(showCmd, src, err, stderr), false
	}
	cv, err := ctx.EvalValue(v, b)
	if err != nil {
		return concrete.Value{}, "", report(showCmd, src, fmt.Errorf("at %s: %w", bindText, err), stderr), false
	}
	return cv, fmt.Sprintf("%s\nat %s: %s", v, bindingText(b), cv), exitOK, true
}

// branchAt returns the branch of a symbolic answer whose guards hold at b
// (its error if it is an error case).
func branchAt(a rules.Answer[sym.Value], b sym.Binding) (rules.Branch[sym.Value], error) {
	for _, br := range a.Branches {
		holds := true
		for _, g := range br.Guards {
			h, err := g.Holds(b)
			if err != nil {
				return br, err
			}
			holds = holds && h
		}
		if !holds {
			continue
		}
		if br.Err != nil {
			return br, br.Err
		}
		if br.Value.Kind != catalog.Layout {
			return br, fmt.Errorf("the result %s is not a layout", br.Value)
		}
		return br, nil
	}
	return rules.Branch[sym.Value]{}, fmt.Errorf("no case of the answer holds at %s (does the binding satisfy the assumptions?)", bindingText(b))
}

// parseBinding reads a binding written as M=64,N=32.
func parseBinding(text string) (sym.Binding, error) {
	b := sym.Binding{}
	for _, part := range strings.Split(text, ",") {
		name, val, found := strings.Cut(strings.TrimSpace(part), "=")
		name = strings.TrimSpace(name)
		v, err := strconv.ParseInt(strings.TrimSpace(val), 10, 64)
		if !found || !sym.ValidSymbol(name) || err != nil {
			return nil, fmt.Errorf("-bind %s: want NAME=INTEGER,... (as M=64,N=32), got %q", text, part)
		}
		if _, dup := b[name]; dup {
			return nil, fmt.Errorf("-bind %s: %s bound twice", text, name)
		}
		b[name] = v
	}
	return b, nil
}

// bindingText prints a binding as -bind reads it, the names in order.
func bindingText(b sym.Binding) string {
	names := make([]string, 0, len(b))
	for name := range b {
		names = append(names, name)
	}
	slices.Sort(names)
	parts := make([]string, len(names))
	for i, name := range names {
		parts[i] = fmt.Sprintf("%s=%d", name, b[name])
	}
	return strings.Join(parts, ",")
}
