package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/cutealg/cutealg/concrete"
	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/internal/picture"
	"github.com/cutealg/cutealg/proofs"
	"github.com/cutealg/cutealg/rules"
	"github.com/cutealg/cutealg/sym"
)

var deriveCmd = &command{
	name:    "derive",
	summary: "derive a symbolic call step by step: the rules applied, the cases, the answer",
	usage: `usage: cute derive [-assume COND]... [-dynamic] [-json | -html FILE [-bind M=..,N=..]] CALL

Computes CALL, one operation over symbolic layouts such as
	cute derive -assume 'M % 32 == 0' 'logical_divide((M,N):(_1,M), _32:_1)'
with the rules engine and prints its derivation: every rule applied (its
id, version and the seed passage it mirrors), the values it bound, the
conditions it decided, and the answer. Where an assumption is missing the
answer splits into cases, each with its guard and its own derivation.

Flags:
	-assume COND  an assumption (repeatable; && joins several in one)
	-dynamic      what CuTe computes with the symbols as run-time integers:
	              the structure it keeps, its refusals, and its value with a
	              warning where it does not check a condition its result
	              needs (instead of a case split or an error)
	-json         print the derivation as JSON (the stable form a program
	              or a checker reads)
	-html FILE    write the derivation as one self-contained HTML page
	              instead: each step followed by the figure (SVG) of the
	              layout it gives, drawn at the binding -bind (needed
	              when CALL has symbols; it must satisfy the assumptions)
	-bind B       the values of the symbols for -html, as M=64,N=32
`,
}

func init() { deriveCmd.run = runDerive }

// assumeFlags collects repeated -assume flags.
type assumeFlags []string

func (a *assumeFlags) String() string     { return strings.Join(*a, " && ") }
func (a *assumeFlags) Set(s string) error { *a = append(*a, s); return nil }

var _ flag.Value = (*assumeFlags)(nil)

func runDerive(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet(deriveCmd)
	var assume assumeFlags
	fs.Var(&assume, "assume", "an assumption")
	asJSON := fs.Bool("json", false, "print JSON")
	dynamic := fs.Bool("dynamic", false, "the symbols as CuTe's run-time integers")
	htmlFile := fs.String("html", "", "write an HTML page")
	bindText := fs.String("bind", "", "the binding of -html")
	operands, code, done := parseFlags(deriveCmd, fs, args, stdout, stderr)
	if done {
		return code
	}
	if *htmlFile == "" && *bindText != "" || *htmlFile != "" && *asJSON {
		fmt.Fprintln(stderr, "cute derive: -bind goes with -html, and -html and -json are two forms: give one")
		return exitUsage
	}
	req, src, code, ok := symbolicRequest(deriveCmd, operands, assume, *dynamic, stderr)
	if !ok {
		return code
	}
	var binding sym.Binding
	if *htmlFile != "" {
		if binding, code, ok = htmlBinding(req, *bindText, stderr); !ok {
			return code
		}
	}
	d, err := rules.Derive(req)
	if err != nil {
		return report(deriveCmd, src, err, stderr)
	}
	if *asJSON {
		b, err := json.MarshalIndent(d, "", "  ")
		if err != nil {
			return report(deriveCmd, src, err, stderr)
		}
		fmt.Fprintln(stdout, string(b))
		return exitOK
	}
	if *htmlFile != "" {
		page := derivationPage(d, binding)
		if err := os.WriteFile(*htmlFile, []byte(page), 0o644); err != nil {
			fmt.Fprintf(stderr, "cute derive: %v\n", err)
			return exitDomain
		}
		return exitOK
	}
	fmt.Fprint(stdout, proofs.Format(d))
	return exitOK
}

// htmlBinding reads the binding of -html: required when the request has
// symbols, and then satisfying the assumptions.
func htmlBinding(req rules.Request, bindText string, stderr io.Writer) (sym.Binding, int, bool) {
	symbolic := false
	for _, a := range req.Args {
		symbolic = symbolic || hasSymbol(a)
	}
	if bindText == "" {
		if symbolic {
			fmt.Fprintln(stderr, "cute derive: the figures of a derivation over symbols are drawn at a binding: give -bind, as M=64,N=32")
			return nil, exitUsage, false
		}
		return sym.Binding{}, exitOK, true
	}
	b, err := parseBinding(bindText)
	if err != nil {
		fmt.Fprintf(stderr, "cute derive: %v\n", err)
		return nil, exitUsage, false
	}
	ctx, err := sym.Assume(req.Assume...)
	if err == nil {
		err = ctx.Satisfies(b)
	}
	if err != nil {
		return nil, report(deriveCmd, bindText, fmt.Errorf("-bind %s: %w", bindText, err), stderr), false
	}
	return b, exitOK, true
}

// derivationPage is the HTML page of a derivation: its lines as Format
// prints them, each line that shows a term followed (after the lines of
// its rule and conditions) by the figure of the term's layout at binding b
// (a note instead where it is the figure just drawn).
func derivationPage(d rules.Derivation, b sym.Binding) string {
	var sections []picture.Section
	var text strings.Builder
	var figure, note string
	flush := func() {
		if text.Len() > 0 {
			sections = append(sections, picture.Section{Text: strings.TrimSuffix(text.String(), "\n"), SVG: figure, Note: note})
		}
		text.Reset()
		figure, note = "", ""
	}
	at := ""
	if len(b) > 0 {
		at = " at " + bindingText(b)
	}
	last := ""
	for _, l := range proofs.Lines(d) {
		if l.Term != nil {
			flush()
			figure, note = termFigure(l.Term, b, at)
			if !holdsAt(l.When, b) {
				figure, note = "", "no figure: the guards of this case do not hold"+at
			}
			if figure != "" && figure == last {
				figure, note = "", "the same layout as the figure above"
			} else if figure != "" {
				last = figure
			}
		}
		text.WriteString(l.Text)
		text.WriteByte('\n')
	}
	flush()
	return picture.Page("cute derive "+d.Op+"("+strings.Join(d.Args, ", ")+")"+at, sections)
}

// holdsAt reports whether every guard (conditions in the notation) holds
// at b; a guard that cannot be decided there counts as not holding.
func holdsAt(guards []string, b sym.Binding) bool {
	for _, g := range guards {
		conds, err := sym.ParseConds(g)
		if err != nil {
			return false
		}
		for _, c := range conds {
			if h, err := c.Holds(b); err != nil || !h {
				return false
			}
		}
	}
	return true
}

// termFigure is the figure of a term's layout at b, or a note saying why
// there is none (the term is not a layout, or not drawable there).
func termFigure(t notation.Node, b sym.Binding, at string) (svg, note string) {
	v, err := proofs.ValueAt(t, b)
	if err == nil && v.Kind != concrete.ValLayout {
		return "", ""
	}
	if err == nil {
		svg, err = picture.Layout(v.Layout, v.String()+at, nil)
	}
	if err != nil {
		return "", fmt.Sprintf("no figure%s: %s", at, oneLine(err.Error()))
	}
	return svg, ""
}

// symbolicRequest reads a call expression of one operation whose
// arguments are values (not nested calls) as a rules request.
func symbolicRequest(c *command, operands []string, assume []string, dynamic bool, stderr io.Writer) (rules.Request, string, int, bool) {
	for _, a := range assume {
		if _, err := sym.ParseConds(a); err != nil {
			return rules.Request{}, a, report(c, a, fmt.Errorf("-assume %s: %w", a, err), stderr), false
		}
	}
	n, src, code, ok := parseExpr(c, operands, stderr)
	if !ok {
		return rules.Request{}, src, code, false
	}
	call, isCall := n.(*notation.Call)
	if !isCall {
		fmt.Fprintf(stderr, "cute %s: want a call such as composition(A, B), got %s\n", c.name, abbrev(src))
		return rules.Request{}, src, exitUsage, false
	}
	req := rules.Request{Op: call.Name, Assume: assume, Dynamic: dynamic}
	for _, a := range call.Args {
		if _, nested := a.(*notation.Call); nested {
			fmt.Fprintf(stderr, "cute %s: nested calls are not derived yet: give the inner result as a value\n", c.name)
			return rules.Request{}, src, exitUsage, false
		}
		req.Args = append(req.Args, notation.Print(a))
	}
	return req, src, exitOK, true
}
