package main

import (
	_ "embed"
	"fmt"
	"io"
	"strings"

	"github.com/cutealg/cutealg/concrete"
	"github.com/cutealg/cutealg/internal/catalog"
	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/internal/tuple"
	"github.com/cutealg/cutealg/proofs"
	"github.com/cutealg/cutealg/rules"
	"github.com/cutealg/cutealg/sym"
)

// showcaseText holds the concrete worked examples of the seed documents;
// its header comment gives the format.
//
//go:embed showcase.txt
var showcaseText string

// symbolicText holds the symbolic worked examples of the seed documents;
// its header comment gives the format.
//
//go:embed showcase_symbolic.txt
var symbolicText string

// symExample is one line of showcase_symbolic.txt.
type symExample struct {
	seed, section, call, assume, want string
}

func parseSymbolicShowcase(text string) ([]symExample, error) {
	var out []symExample
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, " | ")
		if len(f) != 5 {
			return nil, fmt.Errorf("showcase_symbolic.txt:%d: want 5 fields separated by \" | \", got %d", i+1, len(f))
		}
		out = append(out, symExample{f[0], f[1], f[2], f[3], f[4]})
	}
	return out, nil
}

// check derives the example and compares the answer with the stated
// result: the answer must be plain, every leaf equal under the
// assumptions, and its derivation must pass proofs.Check.
func (ex symExample) check() (got, problem string) {
	var assume []string
	if ex.assume != "-" {
		assume = []string{ex.assume}
	}
	req, _, _, ok := symbolicRequest(showcaseCmd, []string{ex.call}, assume, false, io.Discard)
	if !ok {
		return "", "the call does not parse as a symbolic request"
	}
	a, err := rules.Compute(req)
	if err != nil {
		return "error: " + err.Error(), "the seed states " + ex.want
	}
	v, plain := a.Plain()
	if !plain {
		return fmt.Sprintf("%d cases", len(a.Branches)), "the answer is not plain; the seed states " + ex.want
	}
	ctx, err := sym.Assume(assume...)
	if err != nil {
		return v.String(), err.Error()
	}
	if why := sameSymbolic(ctx, v, ex.want); why != "" {
		return v.String(), "the seed states " + ex.want + ": " + why
	}
	if err := proofs.Check(a.Derivation(req)); err != nil {
		return v.String(), "its derivation does not check: " + err.Error()
	}
	return v.String(), ""
}

// sameSymbolic compares a symbolic value with a stated one leaf by leaf:
// the same tree, and leaves proved equal under the assumptions.
func sameSymbolic(ctx *sym.Ctx, v sym.Value, want string) string {
	var got, exp []sym.Int
	if v.Kind == catalog.Layout {
		l, err := sym.ParseLayout(want)
		if err != nil {
			return err.Error()
		}
		if sym.FormatTuple(tuple.Map(l.Shape, func(sym.Int) sym.Int { return sym.S(0) })) != sym.FormatTuple(tuple.Map(v.Layout.Shape, func(sym.Int) sym.Int { return sym.S(0) })) {
			return "the shapes have different structures"
		}
		got = append(v.Layout.Shape.Leaves(nil), v.Layout.Stride.Leaves(nil)...)
		exp = append(l.Shape.Leaves(nil), l.Stride.Leaves(nil)...)
	} else {
		e, err := sym.Parse(want)
		if err != nil {
			return err.Error()
		}
		got = v.Tuple.Leaves(nil)
		exp = []sym.Int{sym.Dyn(e)}
	}
	if len(got) != len(exp) {
		return "different numbers of leaves"
	}
	for i := range got {
		if ctx.Equal(got[i].E, exp[i].E).Truth != sym.True {
			return fmt.Sprintf("%s and %s are not proved equal", got[i], exp[i])
		}
	}
	return ""
}

var showcaseCmd = &command{
	name:    "showcase",
	summary: "run the showcase (also what 'cute' alone does)",
	usage: `usage: cute [showcase [-full]]

Computes every concrete worked example of the seed documents (CuTe's layout
algebra documentation and a CuTe layout tutorial; embedded in the binary),
each in CuTe mode and in strict mode, and compares the result with what CuTe
C++ prints for it; then derives the seeds' symbolic examples with the rules
engine and compares each plain answer with the result the seed states; then
derives the library (the seeds' worked examples as derivations, package
proofs) and re-verifies each derivation with proofs.Check, which also
compares its answer with CuTe's (the concrete engine) at bindings the
assumptions allow. Prints each example with "ok" or "MISMATCH", ends with
one summary line, and exits 1 if any example does not match.

Flags:
	-full   print every derivation of the library in the documentation's
	        style (what 'cute derive' prints)
`,
}

func init() { showcaseCmd.run = runShowcase }

// example is one line of showcase.txt.
type example struct {
	line    int
	seed    string
	section string
	call    string
	want    string // CuTe's print, or "error: TEXT"
	id      string // the doc.jsonl record, "-" for none
	note    string
}

// wantErr returns the error text an example expects, if it expects one.
func (ex example) wantErr() (string, bool) {
	return strings.CutPrefix(ex.want, "error: ")
}

// seedDoc is a "seed NNN | title" line of showcase.txt.
type seedDoc struct{ num, title string }

// parseShowcase reads the showcase data.
func parseShowcase(text string) (seeds []seedDoc, exs []example, err error) {
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "|")
		for j := range f {
			f[j] = strings.TrimSpace(f[j])
		}
		if rest, ok := strings.CutPrefix(f[0], "seed "); ok && len(f) == 2 {
			seeds = append(seeds, seedDoc{num: rest, title: f[1]})
			continue
		}
		if len(f) != 6 || f[0] == "" || f[1] == "" || f[2] == "" || f[3] == "" || f[4] == "" {
			return nil, nil, fmt.Errorf("showcase.txt:%d: want 6 fields seed | section | call | result | id | note, got %d", i+1, len(f))
		}
		if len(seeds) == 0 || seeds[len(seeds)-1].num != f[0] {
			return nil, nil, fmt.Errorf("showcase.txt:%d: example of seed %s outside its seed's block", i+1, f[0])
		}
		exs = append(exs, example{line: i + 1, seed: f[0], section: f[1], call: f[2], want: f[3], id: f[4], note: f[5]})
	}
	return seeds, exs, nil
}

// check computes an example in CuTe mode and in strict mode. It returns
// what the engine gave (CuTe mode) and, when that is not CuTe's print, why.
func (ex example) check() (got, problem string) {
	n, err := notation.Parse(ex.call)
	if err != nil {
		return "", "the call does not parse: " + err.Error()
	}
	var warnings []string
	v, err := concrete.Eval(n, concrete.CollectWarnings(&warnings))
	sv, serr := concrete.Eval(n, concrete.StrictMode())
	if wantErr, ok := ex.wantErr(); ok {
		switch {
		case err == nil:
			return v.String(), "CuTe refuses it (" + wantErr + ")"
		case !strings.Contains(err.Error(), wantErr):
			return "error: " + err.Error(), "CuTe's refusal is " + wantErr
		case serr == nil:
			return "error: " + err.Error(), "strict mode gives " + sv.String()
		}
		return "error: " + err.Error(), ""
	}
	switch {
	case err != nil:
		return "error: " + err.Error(), "CuTe prints " + ex.want
	case v.String() != ex.want:
		return v.String(), "CuTe prints " + ex.want
	case len(warnings) > 0:
		return v.String(), "warning: " + strings.Join(warnings, "; ")
	case serr != nil:
		return v.String(), "strict mode refuses it: " + serr.Error()
	case sv.String() != ex.want:
		return v.String(), "strict mode gives " + sv.String()
	}
	return v.String(), ""
}

func runShowcase(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet(showcaseCmd)
	full := fs.Bool("full", false, "print every derivation of the library")
	operands, code, done := parseFlags(showcaseCmd, fs, args, stdout, stderr)
	if done {
		return code
	}
	if len(operands) > 0 {
		fmt.Fprintf(stderr, "cute showcase: unexpected argument %q\n", operands[0])
		shortUsage(showcaseCmd, stderr)
		return exitUsage
	}
	seeds, exs, err := parseShowcase(showcaseText)
	if err != nil {
		fmt.Fprintf(stderr, "cute showcase: %v\n", err)
		return exitDomain
	}
	fmt.Fprintln(stdout, "The concrete worked examples of the seed documents, computed by cutealg in CuTe")
	fmt.Fprintln(stdout, "mode and in strict mode and compared with what CuTe C++ prints for them.")
	mismatches := 0
	seed, section := "", ""
	for _, ex := range exs {
		if ex.seed != seed {
			seed, section = ex.seed, ""
			for _, s := range seeds {
				if s.num == seed {
					fmt.Fprintf(stdout, "\nseed %s: %s\n", s.num, s.title)
				}
			}
		}
		if ex.section != section {
			section = ex.section
			fmt.Fprintf(stdout, "\n  %s\n", section)
		}
		got, problem := ex.check()
		note := ""
		if ex.note != "" {
			note = "  (" + ex.note + ")"
		}
		if problem == "" {
			fmt.Fprintf(stdout, "    ok        %s = %s%s\n", ex.call, got, note)
			continue
		}
		mismatches++
		fmt.Fprintf(stdout, "    MISMATCH  %s = %s%s\n", ex.call, got, note)
		fmt.Fprintf(stdout, "              %s\n", oneLine(problem))
	}
	fmt.Fprintf(stdout, "\n%d examples: %d ok, %d mismatches.\n", len(exs), len(exs)-mismatches, mismatches)
	syms, err := parseSymbolicShowcase(symbolicText)
	if err != nil {
		fmt.Fprintf(stderr, "cute showcase: %v\n", err)
		return exitDomain
	}
	fmt.Fprintln(stdout, "\nThe symbolic worked examples of the seed documents, derived by the rules engine")
	fmt.Fprintln(stdout, "('cute derive CALL' shows the steps) and compared with the result the seed states.")
	bad := 0
	section = ""
	for _, ex := range syms {
		if ex.section != section {
			section = ex.section
			fmt.Fprintf(stdout, "\n  seed %s, %s\n", ex.seed, section)
		}
		got, problem := ex.check()
		where := ""
		if ex.assume != "-" {
			where = "  assuming " + ex.assume
		}
		if problem == "" {
			fmt.Fprintf(stdout, "    ok        %s = %s%s\n", ex.call, got, where)
			continue
		}
		bad++
		fmt.Fprintf(stdout, "    MISMATCH  %s = %s%s\n", ex.call, got, where)
		fmt.Fprintf(stdout, "              %s\n", oneLine(problem))
	}
	fmt.Fprintf(stdout, "\n%d symbolic examples: %d ok, %d mismatches.\n", len(syms), len(syms)-bad, bad)
	mismatches += bad
	lib, libBad, err := showLibrary(stdout, *full)
	if err != nil {
		fmt.Fprintf(stderr, "cute showcase: %v\n", err)
		return exitDomain
	}
	mismatches += libBad
	fmt.Fprintf(stdout, "\nIn all: %d concrete examples, %d symbolic examples and %d library derivations; %d mismatches.\n",
		len(exs), len(syms), lib, mismatches)
	if mismatches > 0 {
		return exitDomain
	}
	return exitOK
}

// showLibrary derives every entry of the library, re-verifies its
// derivation with proofs.Check (every step, and the answer against CuTe's
// value from the concrete engine at sampled bindings) and prints one line
// per entry (with full, the derivation in the documentation's style). It
// returns the number of entries and of those that fail.
func showLibrary(stdout io.Writer, full bool) (n, bad int, err error) {
	lib, err := proofs.Library()
	if err != nil {
		return 0, 0, err
	}
	fmt.Fprintln(stdout, "\nThe library: the seeds' worked examples derived by the rules engine, each")
	fmt.Fprintln(stdout, "derivation re-verified by the independent checker (proofs.Check), which also")
	fmt.Fprintln(stdout, "compares the answer with CuTe's value (the concrete engine) at sampled bindings.")
	section := ""
	for _, e := range lib {
		if e.Section != section {
			section = e.Section
			fmt.Fprintf(stdout, "\n  seed %s\n", section)
		}
		call := e.Request.Op + "(" + strings.Join(e.Request.Args, ", ") + ")"
		where := ""
		if len(e.Request.Assume) > 0 {
			where = "  assuming " + strings.Join(e.Request.Assume, " && ")
		}
		d, err := rules.Derive(e.Request)
		if err == nil {
			err = proofs.Check(d)
		}
		if err != nil {
			bad++
			fmt.Fprintf(stdout, "    MISMATCH  %s%s\n              %s\n", call, where, oneLine(err.Error()))
			continue
		}
		fmt.Fprintf(stdout, "    ok        %s = %s%s\n", call, outcome(d), where)
		if full {
			fmt.Fprint(stdout, indent(proofs.Format(d), "              "))
		}
	}
	fmt.Fprintf(stdout, "\n%d library derivations: %d checked, %d mismatches.\n", len(lib), len(lib)-bad, bad)
	return len(lib), bad, nil
}

// outcome is a derivation's answer in one line: its result, or its
// number of cases.
func outcome(d rules.Derivation) string {
	if len(d.Cases) == 1 && len(d.Cases[0].When) == 0 {
		if d.Cases[0].Error != "" {
			return "error: " + oneLine(d.Cases[0].Error)
		}
		return d.Cases[0].Result
	}
	return fmt.Sprintf("%d cases", len(d.Cases))
}

// indent prefixes every line of text.
func indent(text, prefix string) string {
	lines := strings.SplitAfter(strings.TrimRight(text, "\n"), "\n")
	return prefix + strings.Join(lines, prefix) + "\n"
}
