package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/proofs"
	"github.com/cutealg/cutealg/rules"
	"github.com/cutealg/cutealg/sym"
)

var deriveCmd = &command{
	name:    "derive",
	summary: "derive a symbolic call step by step: the rules applied, the cases, the answer",
	usage: `usage: cute derive [-assume COND]... [-dynamic] [-json] CALL

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
	operands, code, done := parseFlags(deriveCmd, fs, args, stdout, stderr)
	if done {
		return code
	}
	req, src, code, ok := symbolicRequest(deriveCmd, operands, assume, *dynamic, stderr)
	if !ok {
		return code
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
	fmt.Fprint(stdout, proofs.Format(d))
	return exitOK
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
