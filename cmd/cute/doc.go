// Command cute computes CuTe's layout algebra from the command line, in
// CuTe's own print syntax.
//
// Usage:
//
//	cute                      run the showcase: every concrete worked example
//	                          of the seed documents, checked against CuTe,
//	                          and the seeds' symbolic examples, derived
//	cute eval [-strict] [-assume COND]... EXPR
//	                          evaluate a call expression or a layout
//	                          (symbolic with symbols or -assume)
//	cute derive [-assume COND]... [-json | -html FILE [-bind B]] CALL
//	                          derive a symbolic call step by step (-html:
//	                          a page with the figure of every step)
//	cute check FILE           re-verify a saved derivation (JSON of derive -json;
//	                          - for stdin): exit 0, or 1 naming the first
//	                          step that fails
//	cute equiv [-assume COND]... [-json] A B
//	                          decide whether two layouts or calls are the
//	                          same function at every allowed binding: 0
//	                          proved, 1 a binding and index where they
//	                          differ, 3 undecided (the conditions needed)
//	cute show [-strict] [-latex | -svg FILE [-bytes N]] [-tv -tile M,N] [-bind B] EXPR
//	                          draw a layout (or a swizzled layout) as CuTe's
//	                          print_layout does
//	                          (-latex: the TikZ document of print_latex;
//	                          -svg: a coloured figure, for a swizzled layout
//	                          or with -bytes the shared-memory bank view of
//	                          elements of N bytes; -tv: a (thread, value)
//	                          layout over its tile, print_latex_tv with
//	                          -latex; -bind: a symbolic layout at a binding)
//	cute oracle               answer JSON-lines requests (DESIGN section 5)
//	cute diff -cmd COMMAND [-n N] [-seed S] [-ops a,b] [-flavor F] [-mode M] [-functional] [-json]
//	                          differential testing of another implementation
//	                          that speaks the oracle protocol: generated
//	                          cases, every disagreement shrunk to a minimal
//	                          case (package internal/difftest; docs/diff.md)
//	cute vectors [-n N] [-seed S] [-ops a,b]
//	                          generated cases with cutealg's answers as JSON
//	                          lines in the vectors' schema
//	cute gpuval [-out DIR] [-n N] [-bindings B] [-cutlass DIR] [-run [-host]]
//	                          write a campaign against CuTe C++ on a GPU
//	                          (package gpuval; docs/gpuval.md); -compare
//	                          OUTPUT reads its outputs back and reports
//	cute help [COMMAND]       list the commands and the operations
//
// Exit status: 0 on success, 1 on a domain error (CuTe refuses the call, the
// call breaks a documented condition in -strict mode, a showcase example
// does not match CuTe, equiv finds a difference, gpuval finds a mismatch, diff
// finds a disagreement), 2 on bad usage (unknown
// command, bad flags, text that does not parse or does not fit the
// operation), 3 when equiv can neither prove nor refute. Every command takes
// -h.
//
// Results go to standard output; warnings (CuTe mode: CuTe's value breaks a
// documented post-condition) go to standard error as "warning: ...", and so
// do errors, as "cute COMMAND: ...".
//
// default.pgo, beside this file, is a CPU profile of the concrete engine's
// benchmarks and of the oracle's vector test: go build, go run and go install
// of this package use it for profile-guided optimization (docs/perf.md says
// how it was made and what it changes; it changes no result).
package main
