// Package gpuval will be the GPU validation harness (DESIGN.md section 7):
// it emits CuTe C++ for a batch of cases, compiles them once with nvcc
// against the CUTLASS headers found through CUTLASS_DIR, runs them, and
// compares CuTe's printed results and device-computed layout values with
// package concrete (and, later, symbolic results at many bindings).
//
// Status: not implemented yet. It exports nothing until it works.
package gpuval
