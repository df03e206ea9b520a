// Package concrete is cutealg's integer engine: CuTe's layout algebra
// (DESIGN.md section 4) over int64 leaves tagged static or dynamic, written
// as a transcription of CuTe's algorithms (CUTLASS include/cute/layout.hpp,
// int_tuple.hpp, stride.hpp) plus the documented mathematical checks.
//
// # The algebra
//
// A layout Shape:Stride is a function from coordinates to indices. Shape
// and stride are congruent nested tuples of integers; a coordinate c of the
// shape maps to the inner product of c and the stride, and an integer i is
// first read as the coordinate of the column-major order of the shape
// (idx2crd). (4,2):(2,1) maps 0,1,2,3,4,5,6,7 to 0,2,4,6,1,3,5,7. size is
// the size of the domain, cosize one past the largest index.
//
// The operations build layouts from layouts, as CuTe does (each exported
// function names the CuTe function it mirrors and its post-conditions):
//
//   - coalesce merges adjacent modes s0:d0, s1:d1 with d1 == s0*d0 and keeps
//     the function: coalesce((_2,(_1,_6)):(_1,(_6,_2))) is _12:_1.
//   - composition A ∘ B is the layout R with R(c) == A(B(c)): B's modes
//     are composed one by one, each walking the modes of A.
//   - complement(A, M) is the ordered layout of the indices below size(M)
//     that A does not reach, so that (A, complement(A, M)) covers M.
//   - logical_divide(A, B) = A ∘ (B, complement(B, size(A))): mode 0 is
//     the tile B picks out of A, mode 1 iterates over the tiles; the
//     zipped, tiled and flat divides regroup its modes.
//   - logical_product(A, B) = (A, complement(A, size(A)*cosize(B)) ∘ B):
//     A repeated as B says; blocked and raked products interleave the
//     modes, tile_to_shape repeats a block up to a shape.
//   - right_inverse, left_inverse and nullspace invert a layout where it
//     can be inverted; max_common_vector and max_common_layout find what
//     two layouts share; upcast and downcast reread a layout for wider or
//     narrower elements.
//   - the rest take layouts apart and put them together: make_layout,
//     take, select, group, get, append, prepend, replace, flatten.
//
// Each CuTe function has one Go function named after it in lower camel
// case (composition, logicalDivide, blockedProduct, ...; detail:: helpers
// too: bwCoalesce, coalesceX, compositionImpl, complementImpl), in a
// file named after its family: composition.go, complement.go, divide.go,
// product.go, coalesce.go, inverse.go, construct.go, query.go, cast.go.
// Reading CuTe's layout.hpp beside them is the intended way to learn
// either.
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
// and does not check admissibility), the value is returned with the broken
// condition as a Violation (the condition's catalogue id, a witness, the
// operands), collected by CollectViolations (CollectWarnings collects its
// text). With StrictMode the same situations are errors of kind Violated
// that unwrap to the Violation.
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
// refuse sizes beyond documented caps. In a nested call expression (Eval)
// the *Error of a failing inner call carries that call's position. Inside
// the engine errors are thrown (a panic) and every entry point recovers
// them through guard, the only function that does: guard's comment tells
// why a deferred recover must not sit in a frame holding an address-taken
// Layout parameter (a fault there could make the garbage collector follow
// freed pointers).
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
// offset _0, crd2idx (the layout's operator()(c), Sw(O + B(c))), slices:
// with only `_` the swizzle stays, with integers CuTe's decay of the
// swizzle is followed); composition(A, Sw o _0 o B) is
// composition(composition(A, Sw), B), A moving the swizzle's masks, and
// logical_product(A, Sw o _0 o B) is A x B behind the swizzle CuTe makes
// from the swizzle's active bits taken through B and the product (all
// static, as CuTe computes it at compile time); other operations refuse
// it. Not followed yet (refused with BadInput rather than answered
// wrongly): that decay for a layout, offset or coordinate that is not
// static (CuTe's MixedBits), the inverses with another offset, and
// ComposedLayouts whose outer function is a layout. make_identity_layout's result is a BasisLayout, whose
// scaled-basis strides print as CuTe prints them (`_1@0@1`); the algebra
// over such strides is not part of this engine.
//
// # The catalogue
//
// Every operation is registered once in the catalogue (Lookup, Ops) with its
// argument kinds and the CuTe call it mirrors. The CLI, the oracle protocol
// and the tests all go through it (ApplyText, Op.Apply, Eval). An operation
// whose result is a layout is a layoutOp: a name and its transcription
// (newLayoutOp), which the exported function calls through run and the
// catalogue's entry through Op.layout; the others register a run function.
//
// # Speed
//
// The transcriptions compute on plain values: they build their results and
// intermediate layouts as CuTe's functions do, one tree at a time. Calls of
// the layout operations without checks (neither StrictMode nor
// CollectWarnings/CollectViolations) go through the planner, a separate
// layer (plan.go, planpos.go, workspace.go) that records, once per operand
// type, the arithmetic a transcription does on the dynamic values, and
// replays it for later calls of that type. To record it, the planner runs
// the transcription on integers of its own: the transcriptions of the
// layout operations, and the helpers they use, are generic over their
// integer type, as CuTe's templates are (the type parameter I of integer,
// int.go; layoutOf is Layout over I, and a tiler's leaves are read through
// tilerLeaf), the exported operations run them on Int and the planner on
// its traced integer; the transcriptions hold no code of the planner, whose
// design is documented in plan.go. NoPlanner turns it off: results, errors
// and warnings are the same either way (the planner's differential tests
// check it), only the speed differs. With InWorkspace a replayed call takes
// its result's nodes from a caller's Workspace and allocates nothing.
package concrete
