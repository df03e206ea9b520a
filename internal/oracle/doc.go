// Package oracle implements the JSON-lines oracle protocol of DESIGN
// section 5: one request per line in, one reply per line out, in order.
//
// Handle answers one request; Serve runs the loop. Every malformed line gets
// an error reply and the loop goes on: no input makes Serve panic, hang or
// allocate without bound.
//
// # Caps
//
// What keeps time and memory bounded for any input line:
//   - MaxLine (4 MiB): a longer line is skipped without being held in memory
//     and answered with an error;
//   - notation.MaxBytes (1 MiB), notation.MaxDepth (128 levels) and
//     notation.MaxNodes (65,536 nodes): larger or deeper argument text is
//     refused by the parser, whose recursion is bounded;
//   - an operation's arity is checked before any argument is parsed;
//   - concrete.MaxEvaluate (2^20 values): evaluate of a larger layout is
//     refused before any value is computed; the other operations work on
//     shape and stride tuples, never on the elements, and their
//     post-condition checks evaluate a bounded sample of indices;
//   - every int64 operation checks for overflow; a division by zero is an
//     error (CuTe's SIGFPE), never a crash.
package oracle
