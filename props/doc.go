// Package props holds the project's property tests (pgregory.net/rapid first,
// github.com/google/go-cmp for diffs): the documented post-conditions of the
// layout algebra, the cross-check of the symbolic engine against the
// concrete one, and the architecture test that enforces the import
// direction of DESIGN.md section 1. It has no non-test code beyond this
// file; nothing imports it.
package props
