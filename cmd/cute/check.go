package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/cutealg/cutealg/proofs"
	"github.com/cutealg/cutealg/rules"
)

var checkCmd = &command{
	name:    "check",
	summary: "re-verify a saved derivation (what cute derive -json writes)",
	usage: `usage: cute check FILE

Reads a derivation in the JSON form that 'cute derive -json' writes (FILE,
or - for standard input) and re-verifies every step with package proofs'
checker, which trusts nothing the engine computed: each rule by id, version
and the hash of its text; the lets recomputed from the rule; every decided
condition from its certificate; the cases' guards disjoint and covering the
assumptions; each step's claim and each case's result against the concrete
engine at sampled bindings. Exit status 0 when every step checks, 1 naming
the first step that does not and why, 2 on bad usage or unreadable JSON.
The docs-style text that 'cute derive' prints is not read: it omits the
hashes of the rules' texts and the certificates the checker verifies.
`,
}

func init() { checkCmd.run = runCheck }

func runCheck(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet(checkCmd)
	operands, code, done := parseFlags(checkCmd, fs, args, stdout, stderr)
	if done {
		return code
	}
	if len(operands) != 1 {
		shortUsage(checkCmd, stderr)
		return exitUsage
	}
	var src []byte
	var err error
	if operands[0] == "-" {
		src, err = io.ReadAll(stdin)
	} else {
		src, err = os.ReadFile(operands[0])
	}
	if err != nil {
		fmt.Fprintf(stderr, "cute check: %v\n", err)
		return exitUsage
	}
	if t := bytes.TrimSpace(src); len(t) > 0 && t[0] != '{' {
		// the docs-style text (cute derive without -json) omits what the
		// checker verifies: the hashes of the rules' texts, the
		// certificates, the guards of each step
		fmt.Fprintf(stderr, "cute check: %s is not JSON: the docs-style text omits the rules' hashes and the certificates the checker verifies; save the derivation with 'cute derive -json'\n", operands[0])
		return exitUsage
	}
	var d rules.Derivation
	if err := json.Unmarshal(src, &d); err != nil {
		fmt.Fprintf(stderr, "cute check: %s is not a derivation: %v\n", operands[0], err)
		return exitUsage
	}
	if err := proofs.Check(d); err != nil {
		fmt.Fprintf(stderr, "cute check: %v\n", err)
		return exitDomain
	}
	fmt.Fprintf(stdout, "ok: %s(%d arguments), %d cases checked\n", d.Op, len(d.Args), len(d.Cases))
	return exitOK
}
