// Package props holds the project's property tests (pgregory.net/rapid first,
// github.com/google/go-cmp for diffs): the documented post-conditions of the
// layout algebra, as a law catalogue (laws_test.go: every post-condition
// of internal/catalog's operations, with the CuTe @post line or seed
// passage it comes from) run by one conformance driver against both
// engines (conformance_test.go), the cross-check of the symbolic engine
// against the concrete one, and the architecture test that enforces the import
// direction of DESIGN.md section 1. It has no non-test code beyond this
// file; nothing imports it. RAPID_CHECKS=N sets rapid's cases per
// property (main_test.go).
package props
