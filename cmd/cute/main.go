package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/cutealg/cutealg/concrete"
	"github.com/cutealg/cutealg/internal/catalog"
	"github.com/cutealg/cutealg/internal/notation"
)

// Exit statuses.
const (
	exitOK     = 0 // success
	exitDomain = 1 // the operation refused, a condition broken, a mismatch
	exitUsage  = 2 // unknown command, bad flags, unparsable text
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// command is one subcommand of cute.
type command struct {
	name    string
	summary string
	// usage is the synopsis and the description printed by -h.
	usage string
	run   func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

// commands lists the subcommands in the order `cute help` shows them.
var commands []*command

func init() {
	commands = []*command{evalCmd, deriveCmd, checkCmd, equivCmd, showCmd, oracleCmd, diffCmd, vectorsCmd, gpuvalCmd, showcaseCmd}
}

func lookupCommand(name string) *command {
	for _, c := range commands {
		if c.name == name {
			return c
		}
	}
	return nil
}

// run is cute's main logic: it runs the command line args and returns the
// exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		return showcaseCmd.run(nil, stdin, stdout, stderr)
	}
	switch name := args[0]; name {
	case "help", "-h", "-help", "--help":
		return help(args[1:], stdout, stderr)
	default:
		if c := lookupCommand(name); c != nil {
			return c.run(args[1:], stdin, stdout, stderr)
		}
		if strings.HasPrefix(name, "-") {
			fmt.Fprintf(stderr, "cute: unknown flag %s\n", name)
		} else {
			fmt.Fprintf(stderr, "cute: unknown command %q\n", name)
		}
		fmt.Fprintln(stderr, "Run 'cute help' for usage.")
		return exitUsage
	}
}

// help prints the overview (commands and operation catalogue), or the usage
// of one command.
func help(args []string, stdout, stderr io.Writer) int {
	switch len(args) {
	case 0:
	case 1:
		if c := lookupCommand(args[0]); c != nil {
			fmt.Fprint(stdout, c.usage)
			return exitOK
		}
		fmt.Fprintf(stderr, "cute help: unknown command %q\n", args[0])
		return exitUsage
	default:
		fmt.Fprintln(stderr, "usage: cute help [COMMAND]")
		return exitUsage
	}
	fmt.Fprint(stdout, `cute computes CuTe's layout algebra (NVIDIA CUTLASS, cute/layout.hpp) in CuTe's
own print syntax: _4 is a static integer, 4 a dynamic one, (_4,8):(_1,_4) a layout.

Usage:

	cute                 run the showcase (the worked examples of the seed documents)
	cute COMMAND [-h] ...

Commands:

`)
	for _, c := range commands {
		fmt.Fprintf(stdout, "\t%-10s %s\n", c.name, c.summary)
	}
	fmt.Fprint(stdout, `	help       this text; 'cute help COMMAND' is 'cute COMMAND -h'

Exit status: 0 success, 1 domain error (CuTe refuses, -strict finds a broken
condition, a showcase mismatch, equiv finds a difference, gpuval finds a
mismatch, diff finds a disagreement), 2 bad usage (unknown command or flag,
text that does not parse), 3 equiv cannot decide.

Operations (the arguments of a call; [x] is optional):

`)
	ops := catalog.All()
	width := 0
	for _, op := range ops {
		width = max(width, len(op.Usage()))
	}
	for _, op := range ops {
		fmt.Fprintf(stdout, "\t%-*s  CuTe: %s\n", width, op.Usage(), op.CuTe)
	}
	fmt.Fprint(stdout, `
A layout is Shape:Stride; a tiler is a layout or a tuple of layouts,
integers and _ (CuTe prints (_3:_4,_8:_2), the docs write <3:4,8:2>); a
coordinate may hold _ (slice's (_,2)); a swizzle is written Sw<B,M,S> and a
swizzled layout as CuTe prints a ComposedLayout, Sw<3,4,3> o _0 o
(_8,_64):(_64,_1), which the operations CuTe forwards take as their first
argument; a parameter is a plain number or tuple (template arguments such as
take<1,3>). Calls nest: logical_divide(coalesce((4,2,3):(2,1,8)), 4:2).
`)
	return exitOK
}

// newFlagSet returns a flag set for a command that reports its own errors:
// see parseFlags.
func newFlagSet(c *command) *flag.FlagSet {
	fs := flag.NewFlagSet("cute "+c.name, flag.ContinueOnError)
	fs.Usage = func() {}
	return fs
}

// parseFlags parses args with fs, flags and operands in any order ("--"
// ends the flags), and returns the operands. done is true when the command
// must stop with status code: -h printed the usage to stdout (0), or a bad
// flag was reported on stderr (2).
func parseFlags(c *command, fs *flag.FlagSet, args []string, stdout, stderr io.Writer) (operands []string, code int, done bool) {
	fs.SetOutput(stderr)
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				fmt.Fprint(stdout, c.usage)
				return nil, exitOK, true
			}
			shortUsage(c, stderr)
			return nil, exitUsage, true
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return operands, exitOK, false
		}
		if len(rest) < len(args) && args[len(args)-len(rest)-1] == "--" {
			return append(operands, rest...), exitOK, false
		}
		operands = append(operands, rest[0])
		args = rest[1:]
	}
}

// parseExpr parses the text of a command line expression (the operands
// joined by spaces, so that an unquoted call split by the shell still reads
// as written). A syntax error is reported with the offending place marked.
func parseExpr(c *command, operands []string, stderr io.Writer) (notation.Node, string, int, bool) {
	if len(operands) == 0 {
		fmt.Fprintf(stderr, "cute %s: missing expression\n", c.name)
		shortUsage(c, stderr)
		return nil, "", exitUsage, false
	}
	src := strings.Join(operands, " ")
	n, err := notation.Parse(src)
	if err != nil {
		return nil, src, report(c, src, err, stderr), false
	}
	return n, src, exitOK, true
}

// report prints err for command c on stderr and returns its exit status:
// text that does not parse or does not fit the operation (a
// *notation.SyntaxError, shown under the source with a caret) is bad usage,
// anything else a domain error (a failing call nested in another, a
// *concrete.Error with a position, also shown with a caret).
func report(c *command, src string, err error, stderr io.Writer) int {
	fmt.Fprintf(stderr, "cute %s: %s\n", c.name, oneLine(err.Error()))
	var se *notation.SyntaxError
	if errors.As(err, &se) {
		caret(src, se.Pos, stderr)
		return exitUsage
	}
	var ce *concrete.Error
	if errors.As(err, &ce) && ce.Pos.Line > 0 {
		caret(src, ce.Pos, stderr)
	}
	return exitDomain
}

// caret shows the source line of pos with a caret under its column.
func caret(src string, pos notation.Pos, stderr io.Writer) {
	if line, ok := sourceLine(src, pos.Line); ok && pos.Col >= 1 && pos.Col <= len(line)+1 && len(line) <= 200 {
		fmt.Fprintf(stderr, "\t%s\n\t%s^\n", line, strings.Repeat(" ", pos.Col-1))
	}
}

// shortUsage prints the synopsis of c (the first line of its usage) and
// where to read more, for a usage error.
func shortUsage(c *command, stderr io.Writer) {
	synopsis, _, _ := strings.Cut(c.usage, "\n")
	fmt.Fprintf(stderr, "%s\nRun 'cute %s -h' for details.\n", synopsis, c.name)
}

// sourceLine returns line n (1-based) of src.
func sourceLine(src string, n int) (string, bool) {
	lines := strings.Split(src, "\n")
	if n < 1 || n > len(lines) {
		return "", false
	}
	return strings.TrimRight(lines[n-1], "\r"), true
}

// warn prints each warning on stderr as "warning: ...".
func warn(warnings []string, stderr io.Writer) {
	for _, w := range warnings {
		fmt.Fprintf(stderr, "warning: %s\n", oneLine(w))
	}
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// abbrev shortens s to at most 80 bytes for an error message.
func abbrev(s string) string {
	if len(s) <= 80 {
		return s
	}
	return s[:77] + "..."
}
