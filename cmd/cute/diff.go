package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/cutealg/cutealg/internal/catalog"
	"github.com/cutealg/cutealg/internal/difftest"
	"github.com/cutealg/cutealg/props"
)

var diffCmd = &command{
	name:    "diff",
	summary: "differential testing of another implementation that speaks the oracle protocol",
	usage: `usage: cute diff -cmd "COMMAND" [-n N] [-seed S] [-ops a,b] [-flavor static|dynamic|mixed] [-mode cute|strict] [-functional] [-json] [-timeout D] [-startup D] [-shrink P]

Starts COMMAND (with sh -c) once and speaks the oracle protocol (DESIGN.md
section 5) to it: sends N generated cases (every operation of -ops in turn,
every flavor, one case in four inadmissible so that refusals are tested)
and compares each reply with cutealg's answer: the exact printed form, or
with -functional as functions (same size, same values, same top-level mode
sizes; static marks ignored). An error meets an error (and a value of
CuTe's that breaks a documented post-condition). A crash, a hang (no reply
within -timeout) or a garbage line is a disagreement too, and COMMAND is
started again.

Every disagreement is shrunk to a minimal case that still disagrees (fewer
modes, smaller extents, shallower nesting) and reported with both answers
and, where cutealg can tell, the documented post-condition the other
answer breaks. The report counts per operation and flavor the cases sent,
agreed (errors: both refused), disagreed (faults: a crash, hang or garbage
line), and the distinct minimal cases;
-json prints it as one JSON object. The run is deterministic for a seed.
Exit status 1 when there is a disagreement.

Flags:
	-cmd COMMAND   the implementation under test (required)
	-n N           cases (default 1000)
	-seed S        seed of the cases (default 1)
	-ops a,b       operations (default: the whole catalogue; see cute help)
	-flavor F      static, dynamic or mixed (default: all three)
	-mode M        cute (default) or strict, sent with every request
	-functional    compare values as functions
	-json          the report as one JSON object
	-timeout D     per-case time limit (default 10s)
	-startup D     added to the limit of the first request after COMMAND
	               starts (default 30s: an interpreter may be slow to start)
	-shrink P      probes spent shrinking one disagreement (default 300)
`,
}

var vectorsCmd = &command{
	name:    "vectors",
	summary: "write generated cases with cutealg's answers as JSON lines (the vectors' schema)",
	usage: `usage: cute vectors [-n N] [-seed S] [-ops a,b]

Writes N generated cases (the stream cute diff sends for the same seed and
operations, every flavor) with cutealg's answers in CuTe mode on standard
output, one JSON object a line, in the schema of ../shared/vectors/README.md:
{"id","op","args","result"} or {"id",...,"error"}, "unchecked" where CuTe's
value breaks a documented post-condition, "flavor". A port can commit them
as a corpus of its own.

Flags:
	-n N       cases (default 1000)
	-seed S    seed of the cases (default 1)
	-ops a,b   operations (default: the whole catalogue)
`,
}

func init() {
	diffCmd.run = runDiff
	vectorsCmd.run = runVectors
}

// parseOps reads a comma-separated list of catalogue operations ("" is
// every one).
func parseOps(s string) ([]string, error) {
	if s == "" {
		return props.Ops(), nil
	}
	var ops []string
	for _, name := range strings.Split(s, ",") {
		name = strings.TrimSpace(name)
		if _, ok := catalog.Lookup(name); !ok {
			return nil, fmt.Errorf("unknown operation %q (cute help lists them)", name)
		}
		ops = append(ops, name)
	}
	return ops, nil
}

func runDiff(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet(diffCmd)
	command := fs.String("cmd", "", "")
	n := fs.Int("n", 1000, "")
	seed := fs.Uint64("seed", 1, "")
	opsFlag := fs.String("ops", "", "")
	flavor := fs.String("flavor", "", "")
	mode := fs.String("mode", "cute", "")
	functional := fs.Bool("functional", false, "")
	asJSON := fs.Bool("json", false, "")
	timeout := fs.Duration("timeout", 10*time.Second, "")
	startup := fs.Duration("startup", 30*time.Second, "")
	shrink := fs.Int("shrink", 300, "")
	operands, code, done := parseFlags(diffCmd, fs, args, stdout, stderr)
	if done {
		return code
	}
	usageErr := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "cute diff: "+format+"\n", a...)
		shortUsage(diffCmd, stderr)
		return exitUsage
	}
	if len(operands) > 0 {
		return usageErr("unexpected argument %q", operands[0])
	}
	if *command == "" {
		return usageErr("-cmd is required")
	}
	if *n < 0 || *shrink < 1 || *timeout <= 0 || *startup <= 0 {
		return usageErr("-n, -shrink, -timeout and -startup must be positive")
	}
	if *mode != "cute" && *mode != "strict" {
		return usageErr("-mode %q: want cute or strict", *mode)
	}
	ops, err := parseOps(*opsFlag)
	if err != nil {
		return usageErr("%v", err)
	}
	cfg := difftest.Config{Command: *command, N: *n, Seed: *seed, Ops: ops, Mode: *mode,
		Functional: *functional, Timeout: *timeout, Startup: *startup, ShrinkBudget: *shrink}
	if *flavor != "" {
		f, err := props.ParseFlavor(*flavor)
		if err != nil {
			return usageErr("%v", err)
		}
		cfg.Flavors = []props.Flavor{f}
	}
	rep, err := difftest.Run(cfg, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "cute diff: %v\n", err)
		return exitDomain
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(rep); err != nil {
			fmt.Fprintf(stderr, "cute diff: %v\n", err)
			return exitDomain
		}
	} else {
		rep.WriteText(stdout)
	}
	if len(rep.Findings) > 0 {
		return exitDomain
	}
	return exitOK
}

func runVectors(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet(vectorsCmd)
	n := fs.Int("n", 1000, "")
	seed := fs.Uint64("seed", 1, "")
	opsFlag := fs.String("ops", "", "")
	operands, code, done := parseFlags(vectorsCmd, fs, args, stdout, stderr)
	if done {
		return code
	}
	if len(operands) > 0 || *n < 0 {
		fmt.Fprintln(stderr, "cute vectors: unexpected argument or negative -n")
		shortUsage(vectorsCmd, stderr)
		return exitUsage
	}
	ops, err := parseOps(*opsFlag)
	if err != nil {
		fmt.Fprintf(stderr, "cute vectors: %v\n", err)
		shortUsage(vectorsCmd, stderr)
		return exitUsage
	}
	if err := difftest.WriteVectors(stdout, *n, *seed, ops); err != nil {
		fmt.Fprintf(stderr, "cute vectors: %v\n", err)
		return exitDomain
	}
	return exitOK
}
