// Package props holds the project's property tests (pgregory.net/rapid first,
// github.com/google/go-cmp for diffs): the documented post-conditions of the
// layout algebra, as a law catalogue (laws_test.go: every post-condition
// of internal/catalog's operations, with the CuTe @post line or seed
// passage it comes from) run by one conformance driver against both
// engines (conformance_test.go), the cross-check of the symbolic engine
// against the concrete one, and the architecture test that enforces the
// import direction of DESIGN.md section 1. RAPID_CHECKS=N sets rapid's
// cases per property (main_test.go).
//
// Its non-test code is the one set of case generators of the project,
// reused by package gpuval (generated CuTe C++ cases) and by the
// differential tester (internal/difftest, cute diff, cute vectors):
//
//   - Cases(ops, flavor, admissible) is a rapid generator of calls of
//     catalogue operations (Case: an operation and its arguments in CuTe's
//     print syntax), built constructively to be admissible (composable
//     pairs, complementable layouts with cotargets, divisible tilers,
//     product-admissible pairs, indices in range) or to break one
//     precondition, in the static, dynamic or mixed Flavor. A draw never
//     fails: nothing is filtered. Generator.Example(seed) draws one case
//     deterministically outside a test.
//   - Shrink(c) is a gopter shrinker of a Case: candidates with fewer
//     modes, smaller extents and strides, shallower nesting; Minimize runs
//     it greedily while a predicate (a disagreement) still holds.
//
// The property tests draw their layouts from the same building blocks
// (gen_layout.go). The symbolic drivers compare at bindings in the
// symbols' domain (package rules' doc): a binding where the arguments,
// CuTe's computation or the answer leaves int64 (sym.OutOfRange) is
// passed over, as proofs.Check's spot check does.
package props
