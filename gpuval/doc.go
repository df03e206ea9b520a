// Package gpuval is the GPU validation harness (DESIGN.md section 7): it
// turns cases (the public vectors, generated cases, symbolic answers at many
// bindings) into CuTe C++ translation units, a driver script that compiles
// them with nvcc against the CUTLASS headers and runs them on the GPU, and a
// compare step that reads the outputs back and checks them against package
// concrete and the symbolic engine (package rules).
//
// # Cases
//
// A Case is an operation of the catalogue with concrete arguments in CuTe's
// print syntax. FromVectors takes every public vector (internal/vectors);
// Generate draws property cases; FromSymbolic instantiates every case of
// the public symbolic corpus at up to B bindings its assumptions allow (its
// corpus points, then sym.Ctx.Sample), with the symbols as dynamic
// integers. Generate draws from the project's one set of generators
// (props.CaseAt: every catalogue operation in turn, every flavor, one round
// in four built to break a precondition), at most MaxRefusals cases per
// operation and compile-time refusal of package concrete.
//
// # One instantiation per C++ type
//
// CuTe's compile cost is template instantiation, per C++ type. A case is
// lowered to one C++ statement whose dynamic integers are read from an
// array (v[0], v[1], ...) at run time; its key is the operation and the
// arguments with every dynamic integer replaced by '?'. Cases with one key
// share one function (one instantiation); a symbolic case's bindings all
// share one, so one compile covers every binding. Types are packed into
// translation units of Options.TypesPerBatch types (default 96); each type's
// function and its cases sit between #if GV_IN(k) guards, so any range of
// types compiles alone (-DGV_LO, -DGV_HI).
//
// Dynamic integers are CuTe's int. A symbolic binding or a generated draw
// whose arguments or result (its integers, size and cosize) do not fit int
// is skipped (the public vectors are all kept): there CuTe's arithmetic
// wraps around and nothing is compared. Host code is compiled at -O0, as
// the vectors were made: at -O1 g++ drops divisions whose result is unused,
// and CuTe's run-time division by zero (SIGFPE) no longer happens.
//
// # What a case prints
//
// The host calls CuTe and prints "R id<TAB>cute::print(result)". For a
// layout result, a __global__ kernel evaluates the layout at indices 0 to
// min(size, Cap)-1 (Cap = 65536) into device memory; the host copies them
// back and prints "D id<TAB>size<TAB>hash<TAB>first values" (a 64-bit
// FNV-1a over the values as 8 little-endian bytes each, and the first Show
// values). In a host-only build (no __CUDACC__) the host evaluates and the
// tag is H. CuTe's run-time division by zero (SIGFPE) is trapped per case
// (sigsetjmp) and printed "E id<TAB>runtime: SIGFPE"; a case that kills the
// process otherwise is recorded by run.sh, which resumes after it.
//
// # Refusals
//
// A type that package concrete expects CuTe to refuse at compile time is
// written alone (a####.cu) and checked with the host compiler's
// -fsyntax-only and the stand-in CUDA headers (CuTe's static_asserts are
// host template code); if it compiles after all, it is built with nvcc and
// run. A batch (b####.cu) that fails to compile is bisected over its types
// until each failing type is alone, so one refused type never sinks a batch.
// A refusal matches when concrete refuses too (kind Refused for a compile
// error, DivByZero for SIGFPE); a refusal whose text does not contain
// concrete's quoted condition is listed, not counted as a mismatch.
//
// # Comparison
//
// Compare reads the manifest (cases.jsonl) and the outputs, and checks
// each case: CuTe's printed result equals concrete's String exactly; the
// device values (count and hash) equal concrete's result evaluated with
// Layout.Index; a symbolic point's values equal the symbolic answer (rules
// in dynamic mode: what CuTe computes with run-time integers) grounded at
// the binding, and so do its top-level mode sizes (except for the
// operations whose rank the graders do not compare). A symbolic error where
// CuTe computes a value is counted, not a mismatch (a loss of precision).
// Each mismatch carries a reproducer: the call, the symbolic case and
// binding, and the C++ statement with its integers in place.
//
// # Plan and cost
//
// Measured host-only with g++ 12 on the project machine (see
// docs/gpuval.md): the headers cost about 1.1 s of one core per translation
// unit and each further type about 0.1 s (not the 0.8 s first assumed);
// -fsyntax-only of an alone type about 1.2 s. nvcc does the host pass and a device pass, so run.sh plans
// for a few times that. The default campaign (all vectors, 1,500
// generated cases, mostly one type each, the symbolic corpus and the
// golden library at 100 bindings: 28,984 cases, 4,361 types, 43 batches
// and 235 alone types with seed 1; with the generator of its own that
// gpuval had before, 10,000 generated cases took about 1,000 types) fits the GPU machine's 16 cores in a few minutes; run.sh starts no
// new batch after DEADLINE seconds (default 480) so that the outputs are
// always collected.
//
// # Captured vectors
//
// The operations beyond DESIGN section 4 (issue 19: slices and partitions,
// the remaining layout functions, swizzles and composed layouts) have no
// public vectors; TestAlgebraVectors (algebra_test.go) draws their cases
// from skeletons in the static, dynamic and mixed flavors, and with
// -capture CUTLASS runs them through this harness host-only (run.sh with
// GV_HOST=1) and records CuTe's printed answers and refusals in
// testdata/algebra/vectors.jsonl, in the public vectors' schema; package
// concrete's TestCapturedVectors checks concrete against them in both
// modes. The
// lowering writes a swizzle as cute::Swizzle<B,M,S>{}, a composed layout
// through make_composed_layout, and local_tile and local_partition on a
// tensor over a counting iterator (make_inttuple_iter), whose data after
// the partition is the offset, static or dynamic as CuTe computes it; the
// prelude includes swizzle_layout.hpp and tensor_impl.hpp for them.
//
// CUTLASS is never committed: Options.Cutlass (cute gpuval -cutlass, or
// CUTLASS_DIR) names a folder holding include/; nvcc comes from PATH or
// Options.NVCC. The stand-in CUDA headers of a host-only build (WriteStubs)
// are those docs/peer/run.sh writes, and two more that CuTe's print_latex
// needs (cmd/cute's TestLatexCuTe).
package gpuval
