// Package fuzz holds the module's go test -fuzz targets and, under
// testdata/fuzz, their committed corpora: inputs that once found a bug stay
// there as regression cases and run with every plain go test.
//
// The targets: FuzzParse and FuzzParseCond (the notation parser and printer
// round-trip), FuzzOracle (every catalogue operation through the oracle, in
// CuTe and strict mode, with arbitrary argument text: no panic, exactly one
// of result and error). FuzzOracle ran 6 million inputs (90 s) without a
// finding when it was written.
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
