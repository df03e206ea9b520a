// Package rules is the symbolic layout algebra of cutealg: the rewrite
// rules as data (embedded text files under data/, one family per file,
// each file documenting its grammar at the top), their loader and lints,
// and the engine that computes the operations of the catalogue
// (internal/catalog) over symbolic integers (package sym) by applying the
// rules step by step along CuTe's algorithms.
//
// # Invariants
//
//   - Every step of a computation is the application of one rule of the
//     rule files, recorded in the answer's derivation with the rule's id and
//     version, where it applied, its metavariables, the conditions it
//     decided and the guards in force. The Go code chooses where a rule
//     applies (it follows CuTe's algorithms); the rule's condition and its
//     lets (the values it computes) are the rule file's text.
//   - A condition is decided under the assumptions and the guards of the
//     case with sym's decisions. When it is undecided the rule's policy
//     says what happens: decline (the rule does not fire), split (two
//     cases with guards c and !c), require (two cases, the failing one an
//     error), refuse (an error naming the condition needed). So an answer
//     is plain only when every step was decided, and never a plain value
//     that is wrong at some binding the assumptions allow.
//   - The domain of the symbols is the bindings the assumptions allow at
//     which CuTe's int64 integers hold the request, CuTe's computation
//     and the answer (their integers, and the sizes a comparison as
//     functions reads): DESIGN 3.4 makes every int64 overflow an error,
//     so beyond that range CuTe has no value for a symbolic answer to
//     equal. A symbolic answer is the algebra's formula, right on the
//     domain; it carries no guard such as M <= 7 for
//     downcast((_1099511627776,M):(_1,_1099511627776), 1048576) =
//     (_1152921504606846976,M):(_1,_1152921504606846976), whose size
//     leaves int64 at M = 8, because there CuTe's value is that layout
//     (only its size is beyond int64), and an error case would contradict
//     it. A value that leaves int64 at every binding (a coefficient beyond
//     int64) is an error case. proofs.Check and the props drivers pass
//     over bindings outside the domain and compare at the others.
//   - Cases are explored by re-running the algorithm along each sequence of
//     split decisions (at most MaxBranches runs, MaxSteps rule applications
//     each; beyond, a *NeedsError). Guards that contradict the
//     assumptions prune their case; cases with equal outcomes merge.
//   - Symbols are CuTe's dynamic integers and literals keep their static
//     marks: where CuTe decides structure from static-ness (coalesce_x
//     merges only static modes), the engine does the same, so that the
//     answer is CuTe's value as a function wherever that value is valid,
//     and an error where CuTe's value breaks a documented post-condition.
//     The reference is CuTe with the symbols as run-time integers
//     wherever CuTe computes with them (the symbolic vectors' dynamic
//     oracle, which grades right_inverse((M,N):(N,_1)) as N:M although
//     CuTe with static values gives (N,M):(M,_1)); the symbols are read
//     as static integers (CuTe with the values known, DESIGN 3.3: each
//     complement states compl.static-oracle and its filter decides which
//     symbolic shapes are 1) only where CuTe refuses run-time integers
//     (the vectors' static oracle): for the whole computation where it
//     has a complement of rank > 1 with a dynamic stride,
//     left_inverse's dynamic strides (inv.left.static), and
//     tile_to_shape's static target with a block mode that is not static
//     (tile.static: CuTe's evenly_divides does not compile there; a
//     dynamic literal keeps the refusal). A complement of rank 1, or of
//     static strides, is CuTe's with run-time integers even where a
//     symbolic shape it keeps is 1 and CuTe with the values known would
//     drop the mode (finding 34's static restart, compl.known, was
//     reverted by the ruling: finding 65).
//     Finding 40's static reading of right_inverse's symbolic span was
//     reverted by the ruling: the fold ends at a run-time span, as
//     CuTe's does.
//
// Dynamic mode (Request.Dynamic) answers what CuTe computes with the
// symbols as run-time integers: the structure CuTe keeps (its coalesce
// merges only static modes; dynamic size-1 modes stay), its refusals
// (dynamic strides where CuTe needs static ones), and, where CuTe does not
// check a condition its result needs (its divisibility conditions are
// static_asserts on static integers only; it never checks a complement's
// cosize bounds or a left inverse's injectivity), CuTe's own run-time
// formula (the rule's runtime values: floor and ceil divisions, min) with
// a warning on the case naming the post-condition its value may break,
// instead of a case split or an error. A rule file marks such rules with
// unchecked, runtime and asserts lines (see the grammar). A complement of
// a layout that is not injective stays an error: CuTe's run-time value
// there has a zero extent, and the operations built on it divide by zero.
// The property TestSymbolicDynamicGenerated (package props) compares the
// dynamic answers with CuTe's dynamic-integer results printed form by
// printed form.
//
// # Derivations
//
// Every answer carries its derivation (Derivation, Case, Step; the JSON form
// is stable). A step records its rule's id, version and TextHash of the
// rule's text (Rule.Text: the rule's lines as written), where it applied,
// its metavariables and lets, the conditions it decided with sym's
// certificates, and the guards in force. A rule with a claims line makes
// its step state an equation Before == After between two terms of the
// notation (layouts, integers, tuples of terms, calls of catalogue
// operations), true as functions wherever the assumptions and the guards
// hold: composition's coalesced A, left distributivity, each leaf of B
// (comp.leaf, comp.lhs-integral, comp.stride-zero), the by-mode tilers,
// the divide and product definitions, each step of the complement on its
// state term (the filtered modes left and the span covered, the holes
// found, then the rest of the cotarget: data/complement.rules), the
// padding and zip of blocked and raked products, a coalesce merge. A run whose steps did not claim the request itself ends
// with op.answer, which claims request == answer. The engine fires a claim
// only of the operation its rule's claims line names. A case made by
// merging two cases (one outcome serves both) keeps the two, with their
// guards and steps, in From. Package proofs re-verifies all of it without
// the engine (proofs.Check) and prints it in the documentation's style
// (proofs.Format).
//
// What is computed: construction (make_layout, make_layout_left/right,
// make_ordered_layout, make_layout_concat, append, prepend, replace, take,
// select, group, get, flatten, filter), queries (size, cosize, rank,
// depth, crd2idx), coalesce and coalesce_profile, the composition family
// (composition, composition_tiler, composition_shape), complement and
// complement_default, the divide family (logical_divide and its tiler
// form, zipped, tiled, flat), the product family (logical_product and its
// tiler form, zipped, tiled, flat, blocked, raked, tile_to_shape),
// right_inverse and left_inverse, max_common_vector and max_common_layout
// (built on right_inverse, composition and CuTe's coalesce), nullspace,
// the casts upcast and downcast: every operation of DESIGN section 4
// whose result is a layout or an integer; and of issue 19's operations,
// the slices and partitions (slice, dice, slice_and_offset, local_tile,
// local_partition: data/slice.rules), whose result is a layout or a
// layout and its offset (sym.Value.Offset), and the swizzles (swizzle,
// composition_swizzle, and swizzled layouts as arguments; see below).
// NotYet lists the operations with a symbolic version the engine does not
// compute yet (it answers an error saying so); a test keeps it honest.
//
// The offset of a slice is crd2idx of its coordinate; each integer of the
// coordinate must lie inside its mode (the rules slice.non-negative and
// slice.in-range require it: CuTe does not check it, and outside its
// mode a coordinate's offset is no element of the layout), a case split
// where the assumptions do not decide it, and in dynamic mode CuTe's
// value with a warning. The slice's layout does not depend on the
// coordinate's integers. local_tile and local_partition follow
// tensor_impl.hpp (inner_partition, outer_partition): zipped_divide, then
// slice_and_offset, each a claim (tile.inner or tile.outer, the zipped
// divide's rewrites, slice.pair); local_partition's coordinates are remainders, inside their
// modes by construction. A tuple inside local_tile's coordinate that
// indexes the rest of a divided mode is not computed: that rest's nesting
// is CuTe's function, not always with CuTe's size-1 modes.
//
// # Swizzles
//
// A swizzle Sw<B,M,S> has static parameters (CuTe's template arguments);
// a swizzled layout Sw o O o L (CuTe's ComposedLayout) may hold symbols in
// its offset O and its layout L (sym.Value.Head). What is decidable, and
// computed (swizzle.rules): composition_swizzle (Sw o _0 o L, or L for the
// identity swizzle); the operations CuTe forwards to L and composes back
// (catalog.ComposedForward: the divides, products, compositions, coalesce,
// ...), computed on L with every rule of their own, cases included; those
// whose answer is L's (catalog.ComposedInner: size, cosize, rank, depth,
// complement); and a swizzle of an index x over symbols (swizzle, and
// crd2idx of a swizzled layout, Sw(O + L(c))) wherever the assumptions fix
// the bits of x the swizzle reads. Sw<B,M,S> reads and writes only the
// bits below B+M+|S|, so with c the constant part of x reduced mod
// k = 2^(B+M+|S|), where k divides x - c, Sw(x) = x - c + Sw(c), Sw(c)
// computed on integers (rule swz.apply). Elsewhere the bits of x depend on
// the binding, and sym, having no bitwise operations, cannot express the
// xor: the answer is an error naming the divisibility it needs (the rule
// refuses; assume it, e.g. M % 1024 == 0, and it is plain). The other
// operations with a rule of their own for swizzled layouts (slices, the
// casts, the inverses, max_alignment, nullspace) and a composition whose
// second argument is swizzled answer an error saying they have no
// symbolic version; the concrete engine computes them.
//
// Validity follows the checks the CuTe vectors are graded with: a
// composition is valid where CuTe's value is the function A o B (the
// stride and shape divisibility conditions of each step, CuTe's static
// stride condition as the same numbers made static would assert it, and
// no carry between the modes of B out of a run of A's modes on which A
// is linear, size-1 modes skipped, the last run absorbing); a complement
// where its holes divide, it is injective, and cosize((A,R)) >= size(M) and
// cosize(R) <= round_up(size(M), cosize(A)) hold; a left inverse where its
// strides divide and its modes do not overlap. Elsewhere the case is an
// error naming the broken condition.
package rules
