package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/cutealg/cutealg/proofs"
	"github.com/cutealg/cutealg/sym"
)

// exitUnknown is cute equiv's status when it can neither prove nor refute.
const exitUnknown = 3

var equivCmd = &command{
	name:    "equiv",
	summary: "decide whether two layouts or calls are the same function at every allowed binding",
	usage: `usage: cute equiv [-assume COND]... [-json] A B

Decides whether A and B, each a layout or a call of one operation over
values (concrete or symbolic), such as
	cute equiv -assume 'M % 32 == 0' 'logical_divide((M,N):(_1,M), _32:_1)' 'M*N:_1'
are the same function at every binding of their symbols that the
assumptions allow: the same size and the same value at every index (modes
aside, as CuTe's post-conditions compare layouts).

It first searches for a difference with the concrete engine at small and
sampled bindings. Then it derives each call with the rules engine,
coalesces each case's result symbolically, checks every derivation with
package proofs' checker, and compares the two coalesced forms leaf by leaf
with sym's decisions under the assumptions and the cases' guards.

Exit status: 0 same (proved: the regions, their canonical forms and how
each leaf was shown equal; -json adds the derivations, each checkable with
'cute check'); 1 they differ (a binding and an index, or the side that is
undefined there); 3 undecided (the conditions it would need, to add with
-assume); 2 bad usage.

Flags:
	-assume COND  an assumption (repeatable; && joins several in one)
	-json         print the answer and its evidence as JSON
`,
}

func init() { equivCmd.run = runEquiv }

func runEquiv(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet(equivCmd)
	var assume assumeFlags
	fs.Var(&assume, "assume", "an assumption")
	asJSON := fs.Bool("json", false, "print JSON")
	operands, code, done := parseFlags(equivCmd, fs, args, stdout, stderr)
	if done {
		return code
	}
	if len(operands) != 2 {
		fmt.Fprintf(stderr, "cute equiv: want two operands A and B, got %d\n", len(operands))
		shortUsage(equivCmd, stderr)
		return exitUsage
	}
	for _, a := range assume {
		if _, err := sym.ParseConds(a); err != nil {
			return report(equivCmd, a, fmt.Errorf("-assume %s: %w", a, err), stderr)
		}
	}
	eq, err := proofs.Equiv(operands[0], operands[1], assume)
	if err != nil {
		fmt.Fprintf(stderr, "cute equiv: %s\n", oneLine(err.Error()))
		return exitUsage
	}
	if *asJSON {
		b, err := json.MarshalIndent(eq, "", "  ")
		if err != nil {
			fmt.Fprintf(stderr, "cute equiv: %v\n", err)
			return exitUsage
		}
		fmt.Fprintln(stdout, string(b))
	} else {
		printEquiv(stdout, operands[0], operands[1], assume, eq)
	}
	switch eq.Verdict {
	case proofs.Same:
		return exitOK
	case proofs.Differ:
		return exitDomain
	}
	return exitUnknown
}

func printEquiv(w io.Writer, a, b string, assume []string, eq proofs.Equivalence) {
	where := "at every binding"
	if len(assume) > 0 {
		where = "wherever " + strings.Join(assume, " && ")
	}
	switch eq.Verdict {
	case proofs.Differ:
		fmt.Fprint(w, "differ")
		if len(eq.Binding) > 0 {
			fmt.Fprintf(w, " at %s", eq.At())
		}
		if eq.Index >= 0 {
			fmt.Fprintf(w, ", index %d", eq.Index)
		}
		fmt.Fprintf(w, ": %s\n", eq.Why)
		return
	case proofs.Same:
		fmt.Fprintf(w, "same: %s and %s are the same function %s\n", a, b, where)
	default:
		fmt.Fprintf(w, "unknown: %s and %s: no difference found and none proved %s; needs %s\n", a, b, where, strings.Join(eq.Needs, " and "))
	}
	for _, r := range eq.Regions {
		when := "everywhere"
		if len(r.When) > 0 {
			when = "where " + strings.Join(r.When, " && ")
		}
		if r.Undefined {
			fmt.Fprintf(w, "  %s: both undefined (CuTe refuses both)\n", when)
			continue
		}
		fmt.Fprintf(w, "  %s: A = %s and B = %s\n", when, r.A, r.B)
		for _, d := range r.Equal {
			fmt.Fprintf(w, "    %s: %s\n", d.Cond, d.By)
		}
		if r.Open != "" {
			fmt.Fprintf(w, "    open: %s\n", r.Open)
		}
	}
	if len(eq.Derivations) > 0 {
		fmt.Fprintf(w, "  %d derivations, each accepted by the checker (-json prints them)\n", len(eq.Derivations))
	}
}
