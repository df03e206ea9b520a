// Package proofs prints derivations in the documentation's style (Format)
// and re-verifies them independently of the engine that made them (Check)
// (DESIGN.md sections 1 and 8). The derivation records and their stable
// JSON form are package rules' (rules.Derivation).
//
// # What a derivation claims
//
// A step of a derivation (rules.Step) claims one of two things. A step whose
// rule has a claims line states an equation Before == After between two
// terms of the notation (internal/notation parses and prints them): a
// layout, an integer or tuple, a tiler, a call of an operation of the
// catalogue over terms, or a tuple of terms that are layouts or calls (the
// layout whose modes they are, the docs' (A o B0, A o B1)); it holds as
// functions wherever the assumptions and the guards in force hold. Any
// other step only computes values of the algorithm's state: its lets,
// which follow from its metavariables by its rule's text.
//
// # Check
//
// Check trusts nothing the engine computed and shares no matching or
// rewriting code with it: it reads the derivation's text (it is what
// `cute derive -json` writes), the rule files' plain data (rules.Rule: id,
// version, text, metavariables, condition and let texts, claims), sym for
// parsing, arithmetic, decisions and certificate verification, and
// package concrete to evaluate terms. It fails closed: anything it cannot
// check is a *Rejection naming the case, the step and why. It checks:
//
//   - each step's rule by id, version and rules.TextHash of its text, and
//     its passage and text (what Format prints) the rule's; an error rule
//     only as the last step of an error case;
//   - each metavariable traced: its value is one the case made available
//     before the step (an integer leaf of the request; a metavariable, let
//     or leaf of a claim of an earlier step; a leaf of the term the step
//     rewrites; the size of a tuple of integers there that is no layout's
//     strides, as a mode's size that crd2idx divides by; the next shape
//     ceil_div(s, r) of a step of the composition's fold, comp.step.*,
//     which a size-1 decision of the static reading may read), but for the few
//     a rule computes from a whole layout (a cosize, a rank: computed in
//     check.go) and those Check re-derives from the steps before (derived
//     in check.go: comp.no-carry's s and t, the size of its run and the
//     largest index of the run the leaves of B reach together, from the
//     composition's walk, composition.go);
//   - the metavariables bound, and each let recomputed from the rule's let
//     text (value and static mark);
//   - in a derivation of CuTe with run-time integers (rules.Request.Dynamic),
//     a step that fires its rule with run-time values (rules.Step.Runtime):
//     only a rule CuTe does not check (its unchecked line), its lets
//     recomputed from its runtime lines (equal to the recorded ones under
//     the assumptions and guards in force, by sym's decision with
//     certificates), its conditions left unchecked only there, its asserts
//     line holding wherever its integers are all static (CuTe's
//     static_assert), and the case warning of the post-condition its value
//     may break (or, for an error rule, its alternatives shown to hold
//     together at every binding); every claim and result is compared with
//     package concrete in CuTe mode with the symbols as run-time integers;
//   - the rule's condition, parsed from its text and instantiated: each of
//     its comparisons discharged as proved (every certificate parsed,
//     verified by sym.Verify, about this condition, resting only on the
//     assumptions and the guards in force, and together excluding every
//     relation the condition rejects), as a guard in force, or re-decided
//     by the inconsistency of its negation; in a group, the rules before
//     it shown not to apply where the group's order matters (every rule
//     before it in a "first" group, a declining one by a condition left
//     undecided, rules.Undecided; every alternative of an error rule;
//     every rule before it in an "any" group where its own condition is
//     not proved, since it then fires as the first in the group's order
//     whose condition holds, and the derivation records why the earlier
//     ones did not);
//     nothing else discharged;
//   - the step's claim of the kind its rule's claims line says (a call of
//     one of the named operations, a layout restated, or the request),
//     spot-checked with package concrete at bindings that satisfy the
//     assumptions and the step's guards (sym's sampler, then a box of small
//     values; a box that holds every binding the guards allow and finds
//     none proves the guards empty, and the step vacuous): both sides
//     evaluated in CuTe mode and compared as functions (same size, same
//     value at every index, same top-level mode sizes unless the operation
//     is one whose value is a function only: coalesce, complement, the
//     inverses, a composition with an integral B; two layouts of one shape
//     and one stride are one function, their size in int64 or not), or
//     both refused by CuTe for the same reason (the same error); a binding
//     where a side, its computation or the comparison leaves int64 is
//     outside the symbols' domain (rules' doc: CuTe has no int64 value
//     there) and passed over, but at least one sampled binding must be
//     compared, so a claim that leaves int64 everywhere fails; where the derivation
//     reads the symbols as static integers (compl.static-oracle,
//     inv.left.static, tile.static) the bindings are static too, as CuTe compiled with
//     each symbol an Int<v>: a dynamic literal (a bare 1) stays dynamic;
//     an expression over symbols is read as static, since its printed form
//     does not keep its coefficients' marks (L*_4 prints as 4*L: a
//     coefficient written dynamic is read as static there, the one place
//     where the checker's reading is coarser than the engine's);
//   - a claim that rewrites a call into a call of the same operation
//     restates its arguments: each argument it changes is spot-checked
//     against the one it replaces (the same value, a layout the same
//     function);
//   - a step of a rule with a rewrites line (rules.Rule.Lhs, Rhs: the
//     rule's equation as a pattern): its before is the rule's left side
//     and its after the right side, for the step's metavariables and lets
//     (each integer leaf the pattern's expression, identical or decided
//     equal under the assumptions and guards in force, and static where
//     the pattern writes a static literal, _1; term variables
//     bound by a matcher of Check's own: one in a tuple stands for the
//     elements between those before and after it, one only on the right
//     for whatever term is there, which the spot check ties to the left),
//     and it rewrites the call the term evaluates next (or opens a lemma,
//     as below); a pattern's call of a tiler operation also matches its
//     layout form (logical_divide_tiler(A, T) with T a layout is
//     logical_divide(A, T)); no rule that shadows its rule
//     (rules.Rule.Shadows) has a left side that matches the call (static
//     marks included): a static _1 in a tiler is div.int-unit's _1:_0,
//     never div.int's _1:_1;
//   - the algorithm's order, where the rules' data states it: a step of a
//     rule with a follows line directly follows a step of one of the
//     rules named, with the same values for the names of its "with" part;
//     a value a flows line names is that of the latest earlier step of
//     one of its rules (the name it gives for that rule), after the
//     latest step of the rules of its since part, or its else value
//     where there is none (a chain of values through interleaved steps:
//     the inverses' spans and strides, the compact strides, crd2idx's
//     running sum, the modes coalesce keeps); the step after one of a
//     rule with a then line is of one of the rules named; in a case with
//     a result, a step of a rule with a later line is followed, somewhere
//     after it and before any step of the rules of its before part, by a
//     step of one of the rules named; a step of a rule with a requires
//     line has, somewhere in its case, a step of one of the rules named
//     (the static reading of the symbols that the complement's size-1
//     decisions and compl.dynamic-literal rest on); every case with a result of a
//     request of an operation that a rule's computes line names has a
//     step of that rule;
//   - the chain: starting from the request, each claim about a call
//     rewrites the call the term evaluates next (its leftmost innermost
//     call, arguments first), or opens a lemma (a claim about a call that
//     is not next, whose own calls must then be rewritten in turn), but
//     never while a rule's rewrites line matches the call the term
//     evaluates next (that rewrite comes first), nor once the term's
//     evaluation has begun (the call next is inside the top term, not the
//     term itself: a claim skipped there leaves that call pending); a
//     layout restated (comp.leaf's CuTe form of the modes the fold found)
//     replaces it where the term holds it outside the arguments of its
//     calls, else in the arguments of the calls still to evaluate but the
//     next one (a value computed for them: a divide's tile_unzip of the
//     layout its steps computed), of the next one too where a rewrite is
//     due at it; every term must end without calls, and the request's
//     term must be the case's result;
//   - an error case whose error is an error rule's (it names the rule and
//     the place): its last step applies that rule, the error ends with the
//     rule's error text, the place and the step's values, and where a
//     rule's pattern rewrites the call the term evaluates next the error
//     rule claims about that call's operation (a rewrite due there and
//     skipped is no error of that call), and an error rule that claims
//     about operations arises at a call of one of them;
//   - an error case whose error says a rule's condition fails ("SAYS:
//     needs COND (rule ID)" or "SAYS: fails: COND (rule ID)"; a refusal's
//     "needs COND (rule ID: SAYS)", swz.apply's, where COND is not proved),
//     re-derived where the walk that reads its steps stops (fails.go): the
//     rule is one of policy require (refuse) with a condition, its says
//     text the error's,
//     the case's last step of a rule it follows where it has a follows
//     line; the walk applies it next where the steps end, its condition
//     instantiated with the walk's own values has COND as a comparison,
//     and COND fails under the assumptions and the case's guards (its
//     negation decided there; a refusal's COND is not proved there); a
//     case that no walk ends so is refused;
//   - slice_and_offset(C, A) and crd2idx(C, A), A a layout, re-derived
//     from C and A alone (slice.go): a claim about slice_and_offset
//     states (slice(C, A), crd2idx(C, A)), the modes of A the _ of C keep
//     and the sum of what each integer of C contributes in its mode (one
//     about crd2idx that sum); the steps between the last claim before
//     it and the claim are the walk of C, each at its place with its
//     values (slice.by-mode at a tuple, slice.keep at a _, slice.fix at
//     an integer), then each integer's range checks (none after
//     tile.outer, whose coordinate is a remainder), crd2idx's splits
//     over a tuple mode and crd.inner at each leaf with its stride, and
//     crd.sum (the sums equal, identical, decided or once sym simplifies
//     their difference under the guards); in an error case whose next
//     call is such a call, the steps are the walk's up to where the rule
//     whose condition fails comes next;
//   - coalesce(A) and coalesce_profile(A, P), A a layout, re-derived from
//     A and P alone (coalesce.go): the case's steps are the
//     documentation's walk over the leaves of A, each at its place with
//     its values (coal.unit where s == 1 is decided under the assumptions
//     and guards, else coal.first for the first mode kept and a join,
//     coal.merge or coal.keep, with the last mode kept; coal.done with the
//     last), coal.by-mode and each mode the profile reaches in turn for a
//     tuple profile (its steps end at CuTe's refusal of a profile with
//     more modes than the layout), the one step coal.run-time with the
//     symbols as run-time integers or an integer profile, then the claim
//     about the request; a slice or dice request's steps are slice.go's
//     walk of the coordinate (dice.by-mode, dice.drop at a _, dice.keep at
//     an integer), the modes kept printed as the result, an error case's
//     steps ending at CuTe's refusal of the coordinate (a tuple over an
//     integer mode or a mode of another rank);
//   - each composition(A, B), from its comp.coalesce-lhs step (which
//     states the coalesced A), re-derived from the coalesced A and B
//     alone (composition.go): a B of tuple shape distributed over its
//     modes (comp.distribute at B's place, its claim exactly
//     (composition(A, B0), composition(A, B1), ...)), each mode walked at
//     its place, each leaf of B its steps in CuTe's order
//     (comp.stride-zero, or comp.stride-positive where it is due, then
//     comp.lhs-integral for an A of one mode, else the fold: one step of
//     comp.step at each mode of A but the last, one of comp.take after
//     comp.step.divide, then comp.last and comp.leaf; size-1 decisions may
//     come between); then the carry checks: the runs of modes of A on
//     which A is linear (decided by Check under the assumptions and the
//     guards in force after the leaves; size-1 modes skipped; the run
//     holding A's last mode not asked), and for each run that two leaves
//     of B reach, its comp.no-carry step at its place, with the run's
//     size and the largest index the leaves reach there together; every
//     step of those rules lies in such a walk, and an error case whose
//     next call is a composition of two layouts ends inside its walk;
//   - the size-1 decisions (compl.unit, compl.nonunit) of CuTe's filter
//     and coalesce re-derived from the layout they run over (filter.go):
//     before compl.filter and compl.negative-stride the filter of the
//     complement's A ("filter mode i") and its coalesce from the back
//     ("coalesce mode i", "coalesce last mode", "coalesce result"),
//     before compl.coalesce (after compl.result) the coalesce of the
//     holes and the rest; each due decision (a shape with the symbols
//     read static not decided 1 under the guards in force) at its place
//     with its s, nothing else between;
//   - each inverse re-derived from the layout it inverts (inverse.go:
//     the request's, max_common's B): the size-1 decisions of its
//     coalesce and inv.coalesce; right_inverse's inv.right.skip at each
//     mode whose stride is no static constant, the comparisons of CuTe's
//     exchange sort (inv.min.* at each pair of strides not both
//     constants, with the two strides), inv.right.follow at each mode
//     whose stride is the static span reached, inv.right.end with the
//     span (a span that becomes symbolic is a run-time integer: the fold
//     ends there, as CuTe's does); left_inverse's reading of the symbols (inv.left.static where
//     a coalesced stride is not static with run-time integers, or
//     inv.left.dynamic-literal), at a negative constant stride
//     inv.left.reverse (A's one non-zero stride), nothing (beside its
//     opposite) or inv.left.negative (an error; at run time in dynamic
//     mode), the obligation inv.left.positive at each symbolic
//     stride not decided >= 1, the sort, then in stride order
//     inv.left.zero (a stride decided 0, with its d and s) or
//     inv.left.disjoint (but the first; inv.left.opposite, or
//     inv.left.opposite-last where it holds A's last leaf, at the
//     opposite of a negative stride; none after inv.left.negative) and
//     inv.left.mode (its d, s, z
//     and prefix product p), and inv.left.end; then the size-1
//     decisions of R's coalesce; each step at its place with its values,
//     nothing else between, only the arguments' extents (and
//     common.inverse) before, the claim of the request after, and an
//     error case ending inside the walk; a merge of the coalesces that
//     the checker decides and the engine may not have (the same function
//     either way) is read both ways;
//   - each complement(A, M), from its compl.filter step (or the
//     compl.negative-stride that ends its case), re-derived from A and M
//     alone (complement.go): compl.static-oracle at its place before the
//     filter's decisions where the case reads the symbols static, and,
//     where it reads them as run-time integers, no filter(A) of rank > 1
//     with a stride that is not static (CuTe refuses it); the modes of
//     filter(A) compl.filter states, its first negative stride refused
//     by compl.negative-stride, a dynamic literal stride by
//     compl.dynamic-literal; compl.zero with the cotarget's size where
//     nothing is left; else for each mode in turn the stride sort (k-1
//     comparisons of compl.min with the span and the two modes compared,
//     the one not taken going last), compl.injective (.one for the last
//     mode), the hole and compl.span, each with the mode taken and the
//     span, which grows to compl.span's c2; the rest at each mode of the
//     cotarget with that mode and the c the mode before carries (the
//     final span for the first); compl.cosize, compl.size (after a hole
//     of compl.hole.floor) and the bound with the cosizes and sizes of A,
//     filter(A), the holes and the rest and the cotarget's size;
//     compl.result, the final coalesce's decisions and compl.coalesce;
//     every step of the complement's rules (but compl.default and the
//     size-1 decisions) lies in such a walk;
//   - the arguments' extents (extent.go): the case's first steps are
//     arg.extent at "argument i" for each extent not decided >= 1, in
//     order, and no other step applies it; an error case whose steps end
//     inside that walk has the next obligation failing as its error
//     ("needs s>=1 (rule arg.extent)"), and an error of arg.extent's
//     condition failing ends there; tile_to_shape's steps
//     (tile.go) are tile.pad with the target's rank, tile.static where
//     the case reads the symbols static, tile.evenly (a static target in
//     the case's reading) or tile.divides at each mode with its t and b,
//     then tile.blocked; a static target with a block mode that is not
//     static is CuTe's refusal (in dynamic mode, or a dynamic literal
//     with the symbols static) and, in a plain case read with run-time
//     integers, a rejection (CuTe refuses that template: the case must
//     read the symbols static);
//   - nullspace(A), max_common_vector(A, B), max_common_layout(A, B) and
//     the swizzles re-derived from the request (nullspace.go,
//     maxcommon.go, swizzle.go): nullspace's column-major numbering of
//     A's leaves and null.keep at each leaf of the static stride _0 with
//     its s and d (else null.none); max_common_*'s common.inverse, the
//     coalesce of B, its right inverse (inv.right.skip at each mode of a
//     stride not static, inv.right.follow along CuTe's exchange sort of
//     the strides with its s, d, p and c, inv.right.end with the last c),
//     the composition A o R with that R, common.vector, common.none or
//     common.layout, and R o n:_1 with common.layout's n;
//     composition_swizzle's swz.identity (B = 0 bits) or swz.compose,
//     swizzle's swz.apply with its x, and an operation on a swizzled
//     layout beginning with swz.inner or swz.forward as the catalogue
//     says CuTe treats it (coalesce's walk of L after it), crd2idx's
//     walk of C over L, swz.eval with the offset and that sum, then
//     swz.apply with its x;
//   - upcast(A, N) and downcast(A, N), A a layout, re-derived from A and
//     N alone (cast.go): cast.by-mode (after cast.down.adjacent for a
//     downcast), then one decision per leaf of A in order, at "mode i"
//     with its values (cast.up.zero, cast.up.static then the extent's
//     rule, or a rule of cast.up.dynamic for a stride decided
//     non-negative; cast.down.extent or cast.down.stride), then the
//     claim about the request; an error case ends at the refusal the
//     walk re-derives (N not a positive integer, a downcast with no
//     static stride _1, a dynamic stride of unknown sign, an error
//     rule's step) or, after the whole walk, where the value overflows;
//   - the constructions and queries that CuTe computes at once (size,
//     cosize, rank, depth, flatten, filter, append, prepend,
//     make_layout(A0, ...), take, select, group, get, replace;
//     construct.go): where the engine reads the arguments (plain
//     layouts, literal extents at least 1, template parameters integers
//     of at most catalog.MaxParam), the operation's step is the first
//     after the arguments' extents, in an error case too (take's empty
//     range, size's overflow arise after it);
//   - the guards of each step only grow along a case, each guard a step
//     adds is one of its conditions that it discharged as a guard (or the
//     negation of one it discharged as a negated guard), and they are
//     among the case's guards;
//   - the reading of the symbols, per case: a case (or one it was merged
//     from) with a step of compl.static-oracle, inv.left.static or
//     tile.static is read with the symbols static, any other with them
//     as run-time integers; a derivation reads them static only where
//     CuTe refuses run-time integers somewhere in it (the ruling): a
//     complement whose A, filtered with run-time integers, keeps more
//     than one mode and a stride that is not a static literal, for
//     compl.static-oracle (complement.go, staticWarranted),
//     left_inverse's refusal for inv.left.static (its walk,
//     inverse.go), tile_to_shape's static target with a block mode that
//     is not static for tile.static (tile.go);
//   - the cases: their guards consistent with the assumptions, pairwise
//     disjoint (a condition and its negation, or inconsistent together),
//     covering the assumptions (split on each guard; a side that
//     contradicts the assumptions is covered), and at sampled bindings of
//     the assumptions exactly one case's guards hold; a case merged from
//     others (rules.Case.From) has no steps, its cases carry its guards and
//     one more condition, are disjoint and cover it, have its outcome's
//     kind and check in turn, and its guards are re-derived from theirs
//     (merged.go): exactly two cases, each with its guards in their order
//     and one condition more, a condition and its negation;
//   - each case's result against package concrete on the request at
//     sampled bindings of the assumptions and its guards.
//
// What Check does not see. It verifies every equation a step states and
// every value it computes. The algorithm itself (which steps come, at
// which places, in which order, and nothing else between them) it
// verifies where a walk above re-derives it from the request: the
// compositions, complements and both inverses, coalesce, filter, the
// casts, the one-step constructions and the compact layouts,
// tile_to_shape, slice_and_offset, crd2idx, slice and dice, nullspace,
// max_common_*, the swizzles and the arguments' extents; the divides,
// products, local_tile and local_partition from the request down through
// CuTe's definitions (zipped is the tile_unzip of the logical one, tiled
// and flat slice the zipped one, blocked and raked zip the logical
// product) to those walks. Elsewhere the order is checked only as far as
// the rules' data states it (rewrites, follows, flows, then, later,
// requires and computes lines): a step that only computes lets may be
// dropped or moved where the values it consumes or makes also occur
// elsewhere, and a claim of a rule without a rewrites line is tied to its
// rule only by the operation it is about. No derivation of the tests
// reaches such a place: TestCheckMutants makes every kind of mutant of
// every derivation of the test corpus (answers.txt and the showcase) and
// requires each to be rejected, and TestLibraryMutants every kind at
// every third place (every place with -mutants.full) of every derivation
// of the library. Two limits hold everywhere: a claim whose two sides CuTe
// computes equal though both are invalid is a true equation, and the
// results are compared with package concrete at sampled bindings only (a
// case for whose guards no binding is found is refused: Check fails
// closed).
//
// # Format
//
// Format prints a derivation as the seed documents write theirs: the
// request as a term (compositions as A o B), then the steps. A step that
// rewrites the whole term is numbered and prints the term it gives (`2. =
// ((10,2):(16,4) o 5:1, (10,2):(16,4) o 4:5). A o (B0, B1, ...) = ...`),
// the steps that compute its parts are bullets (`* (10,2):(16,4) o 5:1 =>
// (5,1):(16,4). ...`, or a step's text with its lets), and the term the
// bullets assembled is numbered again. Every step names its rule, version
// and seed passage, its bindings and the conditions it decided. Cases
// print as `Na. Case GUARDS:`.
//
// # The library
//
// library.txt (embedded, proofs.Library) lists worked examples of the seeds (coalesce,
// LayoutLeft and LayoutRight, the composition examples, by-mode
// composition, the six complement examples, the divides, the products,
// the symbolic blocked product; seed 001's constructions, coordinate
// table, sublayouts, select, take, concatenation, append, prepend,
// replace, group and flatten; seed 003's four 1-D logical products; seed
// 004's WGMMA accumulator layout, its (T,V) -> k and (T,V) -> (M,N)
// forms and its evaluations), each with a note where the seed's text
// differs from CuTe's; TestLibrary derives each, checks it read
// back from JSON, and keeps its docs-style text and JSON under
// testdata/library (-update rewrites them).
//
// # Equiv
//
// Equiv decides whether two layouts or calls are the same function at
// every binding the assumptions allow (cute equiv). Differ needs a
// witness: a binding (small values first, then sym's sampler) where
// package concrete evaluates the two differently. Same needs a proof:
// each call derived by the rules engine, each case's result also
// coalesced symbolically, every derivation accepted by Check, and in each
// region where a case of each side meets (the product of the two
// partitions Check verified), the results or their coalesced forms equal
// leaf by leaf (identical, or sym's decision True with certificates that
// sym.Verify accepts), or both sides errors there. Coalesce is canonical
// on concrete layouts (a function has one coalesced form), so there the
// answer is never Unknown; symbolically a form may stay uncoalesced where
// a merge is undecided, and Unknown names the leaf equations it needs.
//
// Not yet: Equiv does not take nested calls; Check reads the JSON form
// only (the docs-style text omits the rules' hashes and the certificates).
package proofs
