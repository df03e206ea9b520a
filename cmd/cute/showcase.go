package main

import (
	_ "embed"
	"fmt"
	"io"
	"strings"

	"github.com/cutealg/cutealg/concrete"
	"github.com/cutealg/cutealg/internal/notation"
)

// showcaseText holds the concrete worked examples of the seed documents;
// its header comment gives the format.
//
//go:embed showcase.txt
var showcaseText string

// symbolicNote is the showcase's one line on the seeds' symbolic examples.
const symbolicNote = "The symbolic examples of the seeds (e.g. blocked_product((M0,N0):(1,M0), (M1,N1):(N1,1))) are not shown yet: symbolic layout operations need the rewrite rules (package rules), not yet written."

var showcaseCmd = &command{
	name:    "showcase",
	summary: "run the showcase (also what 'cute' alone does)",
	usage: `usage: cute [showcase]

Computes every concrete worked example of the seed documents (CuTe's layout
algebra documentation and a CuTe layout tutorial; embedded in the binary),
each in CuTe mode and in strict mode, and compares the result with what CuTe
C++ prints for it. Prints each example with "ok" or "MISMATCH" and exits 1
if any example does not match.
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
	fmt.Fprintln(stdout, symbolicNote)
	if mismatches > 0 {
		return exitDomain
	}
	return exitOK
}
