// Package fuzz holds the module's go test -fuzz targets and, under
// testdata/fuzz, their committed corpora: inputs that once found a bug stay
// there as regression cases and run with every plain go test.
//
// The targets: every parser of the module (FuzzParse and FuzzParseCond:
// the notation; FuzzParseLayout, FuzzParseTiler: concrete's and sym's
// readers; FuzzParseExpr, FuzzAssume: sym's expressions and assumptions;
// FuzzRules: rule files; FuzzCheck: a derivation's JSON through
// proofs.Check; FuzzOracleLine: an oracle request line) and "no operation
// panics or hangs on any parsed input" (FuzzEval: call expressions through
// concrete.Eval; FuzzOracle: every catalogue operation, concrete, both
// modes; FuzzSymbolic: symbolic requests under an assumption). Each input
// runs under a bound (bound_test.go): inputs over 512 bytes are skipped and
// an input must be answered within 10 s (the fuzzing engine's own limit).
// Seeds come from the vectors and the symbolic corpus of ../shared/vectors
// (read at test time; none when absent), the rule files and the proofs
// library. docs/verification.md records the runs and their findings.
//
// Run a target with, for example:
//
//	go test ./fuzz -run XXX -fuzz 'FuzzParse$' -fuzztime 60s
//
// With Go 1.26 a timed run can end in a spurious "context deadline
// exceeded" failure that writes no input (a race in the fuzzing coordinator,
// golang/go#75804); only a failure that adds a file under testdata/fuzz is a
// finding. A count budget such as -fuzztime 5000000x avoids the race.
package fuzz
