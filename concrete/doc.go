// Package concrete is cutealg's integer engine: every operation of CuTe's
// layout algebra (DESIGN.md section 4) over int64 leaves tagged static or
// dynamic, written as a transcription of CuTe's algorithms (CUTLASS
// include/cute/layout.hpp, int_tuple.hpp, stride.hpp) plus the documented
// mathematical checks.
//
// # Values
//
// An Int is an int64 with a static flag: static values are CuTe's
// compile-time integers (printed `_4`), dynamic ones run-time ints (printed
// `4`). IntTuple is an Int or a tuple of IntTuples; a Layout is a pair of
// congruent IntTuples (shape, stride); a Tiler is a layout, an integer, `_`
// or a tuple of tilers. All values are immutable: no operation modifies its
// arguments, and results may share structure with them.
//
// Static-ness changes results, not only marks, exactly as in CuTe: two
// static operands give a static result, a dynamic operand a dynamic one,
// except `_0 * x`, `x * _0`, `_0 / x`, `_0 % x` and `x % _1`, which are `_0`.
// Decisions that CuTe takes at compile time (coalesce merging two modes, a
// static stride-0 short-cut, a static_assert) are taken here only when the
// values involved are static, so printed results match CuTe's character for
// character (String, FormatTuple, FormatTiler print through the one printer of
// internal/notation).
//
// # Modes
//
// CuTe mode (the default) returns CuTe's value. Where CuTe refuses (a
// static_assert or another compile error, or a run-time division by zero) the
// operation returns an *Error of kind Refused or DivByZero quoting CuTe's
// condition. Where CuTe silently returns a value that breaks a documented
// post-condition (it checks divisibility only when both operands are static,
// and does not check admissibility), the value is returned and a warning
// naming the broken condition with a witness is appended to the slice given
// by CollectWarnings. With StrictMode the same situations are errors of kind
// Violation naming the condition and the witness.
//
// # Errors and limits
//
// An operation that returns an error returns the zero value with it. No
// input makes an operation panic, hang or wrap around: every int64 overflow
// is an *Error of kind Overflow, malformed arguments give kind BadInput
// (among them a hand-built Layout whose shape and stride are not congruent:
// every operation that returns an error checks its layouts on entry, the
// catalogue its arguments; Flatten, Append, Prepend and MakeLayoutConcat
// cannot fail and rearrange malformed trees as given), and operations whose
// cost grows with a layout's size (evaluate, the post-condition checks)
// refuse sizes beyond documented caps. Inside the engine errors are thrown
// (a panic) and every entry point recovers them through guard, the only
// function that does: guard's comment tells why a deferred recover must not
// sit in a frame holding an address-taken Layout parameter (a fault there
// could make the garbage collector follow freed pointers).
//
// # Memory
//
// The hot operations (composition, complement, logical_divide, the blocked
// and raked products, coalesce, filter) compute in fixed-size scratch arrays
// on the stack and allocate only their result, all its tuple nodes at once;
// size, cosize, crd2idx and Layout.Index allocate nothing; the other
// operations allocate a few intermediate trees. With InWorkspace the nodes
// come from a caller's Workspace instead, reused after its Reset (see
// Workspace for the lifetime rule and which operations then allocate
// nothing); results are the same either way.
//
// # Plans
//
// CuTe fixes the structure of a result at compile time; this engine decides
// it at run time, once per operand type. The composition, complement,
// divide and product families, coalesce and filter (exported and in the
// catalogue) go through a plan cache when called without StrictMode or
// CollectWarnings: the first call for an operand type (tree structure,
// static values, positions of the dynamic integers) traces the engine and
// records its arithmetic on the dynamic values; later calls of that type
// replay the arithmetic and write the recorded result structure (see
// plan.go). Calls whose dynamic values are small enough that no step can
// overflow run the steps unchecked, and when all of them are at least 1,
// without the steps interval arithmetic shows to be identities
// (planpos.go). Results, errors and error messages are those of the engine
// for every input (the vectors, TestPlanReplayOtherValues and
// TestPlanLaneAgainstEngine check it); the cache is shared by goroutines
// and bounded (4096 plans, then it starts over). A Workspace also holds the
// register file of its calls' replays, never cleared: every step list
// reads only registers it set (checked for every plan the tests make).
//
// The invariant plans rest on: the engine takes no decision on a dynamic
// value. Outside int.go (the arithmetic) and plan.go, code reads an
// integer's value only through Int.val or Bool.val, never compares
// integers or layouts with ==, and never uses them as map keys or switch
// tags (TestTracedValuesOnlyInArithmetic checks the source); a val read of
// a traced value makes that operand type run the engine on every call.
//
// # Slices, swizzles and composed layouts
//
// A coordinate may hold CuTe's `_` (ParseCoord, a Tiler of integers and
// TileKeep leaves): Slice keeps the modes it leaves open, Dice those it
// fixes, SliceAndOffset adds the offset crd2idx(c, A) with `_` read as the
// static `_0`, and LocalTile and LocalPartition answer, for the tensor
// partitions of tensor_impl.hpp, the layout of the tensor they make and
// the offset of its data. A Swizzle is CuTe's Swizzle<B,M,S> (`Sw<3,4,3>`);
// a Composed is CuTe's ComposedLayout of a swizzle, an integer offset and a
// layout (`Sw<3,4,3> o _0 o (_8,_64):(_64,_1)`), the function
// c -> Sw(O + B(c)). The catalogue says for each operation what CuTe does
// with a composed first argument (catalog.ComposedUse): forward it to B and
// compose the result back (composition, the divides and products,
// coalesce, flatten, take, get, group, zip, tile_unzip, tile_to_shape),
// answer for B alone (size, cosize, rank, depth, complement,
// make_fragment_like), or a rule of its own (evaluate, nullspace,
// max_alignment, upcast, downcast, recast_layout, the inverses with the
// offset _0, slices: with only `_` the swizzle stays, with integers CuTe's
// decay of the swizzle is followed); composition(A, Sw o _0 o B) is
// composition(composition(A, Sw), B), A moving the swizzle's masks; other
// operations refuse it. Not followed yet (refused with BadInput rather
// than answered wrongly): that decay for a layout, offset or coordinate
// that is not static (CuTe's MixedBits), logical_product(A, Sw o O o B),
// the inverses with another offset, and ComposedLayouts whose outer
// function is a layout. make_identity_layout's result is a BasisLayout, whose
// scaled-basis strides print as CuTe prints them (`_1@0@1`); the algebra
// over such strides is not part of this engine.
//
// # The catalogue
//
// Every operation is registered once in the catalogue (Lookup, Ops) with its
// argument kinds and the CuTe call it mirrors. The CLI, the oracle protocol
// and the tests all go through it (ApplyText, Op.Apply, Eval).
package concrete
