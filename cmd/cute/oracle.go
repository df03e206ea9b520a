package main

import (
	"fmt"
	"io"

	"github.com/cutealg/cutealg/internal/oracle"
)

var oracleCmd = &command{
	name:    "oracle",
	summary: "answer JSON-lines requests on stdin (the oracle protocol)",
	usage: `usage: cute oracle

Reads one JSON request per line on standard input and writes one JSON reply
per line on standard output, in order, flushed after each (DESIGN.md
section 5):

	-> {"id":"c1","op":"composition","args":["(10,2):(16,4)","(5,4):(1,5)"]}
	<- {"id":"c1","result":"((5,1),(2,2)):((16,4),(80,4))"}

	-> {"id":"s1","op":"zipped_divide","args":["(M,N):(_1,M)","(_128,_64)"],"assume":["M % 128 == 0"]}
	<- {"id":"s1","result":"((_128,_64),(M/128,ceil_div(N,64))):((_1,M),(_128,64*M))"}

Optional request fields: "mode" ("cute", the default, or "strict");
"assume" (conditions on the symbols), "dynamic" (CuTe with the symbols as
run-time integers) and "derive" (the derivation) for symbolic requests. A
reply has "result" (and "warning" where CuTe's value breaks a documented
post-condition), "cases" (a piecewise symbolic answer: "when" guards and a
result or an error each) or "error", with "needs" where assumptions would
make the answer plain. A malformed line gets an error reply; the oracle goes
on until standard input ends.
`,
}

func init() { oracleCmd.run = runOracle }

func runOracle(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet(oracleCmd)
	operands, code, done := parseFlags(oracleCmd, fs, args, stdout, stderr)
	if done {
		return code
	}
	if len(operands) > 0 {
		fmt.Fprintf(stderr, "cute oracle: unexpected argument %q (requests come on standard input)\n", operands[0])
		shortUsage(oracleCmd, stderr)
		return exitUsage
	}
	if err := oracle.Serve(stdin, stdout); err != nil {
		fmt.Fprintf(stderr, "cute oracle: %v\n", err)
		return exitDomain
	}
	return exitOK
}
