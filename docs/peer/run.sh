#!/usr/bin/env bash
# Re-measure the "Peer speed" table (shared/vectors/README.md) on this machine.
# usage: docs/peer/run.sh CUTLASS_CHECKOUT       (a folder holding include/ and python/pycute/)
# env:   PYTHON (default python3), CPU (core to pin to with taskset, default 1), CXX (default g++)
# Builds cute_peer.cpp host-only, runs it and pycute_peer.py on one core, checks every result,
# and prints a table with the README's figures beside this machine's.
set -euo pipefail
CUTLASS=$(cd "${1:?usage: run.sh CUTLASS_CHECKOUT}" && pwd)
HERE=$(cd "$(dirname "$0")" && pwd)
PYTHON=${PYTHON:-python3} CPU=${CPU:-1} CXX=${CXX:-g++}
B=$(mktemp -d)
trap 'rm -rf "$B"' EXIT

# CUTLASS headers include a few CUDA toolkit headers even for host code (cute/layout.hpp ->
# cute/numeric/complex.hpp -> cutlass/complex.h, half.h, platform.h, fast_math.h). Without a
# CUDA toolkit, stand-ins that only declare the names those headers mention are enough: the
# layout algebra never uses them.
mkdir -p "$B/stub/cuda/std"
cat > "$B/stub/vector_types.h" <<'H'
#pragma once
#define STUB_V(T, N) struct N##2 { T x, y; }; struct N##3 { T x, y, z; }; struct N##4 { T x, y, z, w; };
STUB_V(char, char) STUB_V(unsigned char, uchar) STUB_V(short, short) STUB_V(unsigned short, ushort)
STUB_V(int, int) STUB_V(unsigned, uint) STUB_V(long, long) STUB_V(unsigned long, ulong)
STUB_V(long long, longlong) STUB_V(unsigned long long, ulonglong) STUB_V(float, float) STUB_V(double, double)
struct dim3 { unsigned x, y, z; constexpr dim3(unsigned a = 1, unsigned b = 1, unsigned c = 1) : x(a), y(b), z(c) {} };
H
cat > "$B/stub/cuComplex.h" <<'H'
#pragma once
#include <vector_types.h>
typedef float2 cuFloatComplex; typedef double2 cuDoubleComplex;
cuFloatComplex make_cuFloatComplex(float, float); cuDoubleComplex make_cuDoubleComplex(double, double);
float cuCrealf(cuFloatComplex); float cuCimagf(cuFloatComplex); double cuCreal(cuDoubleComplex); double cuCimag(cuDoubleComplex);
H
cat > "$B/stub/cuda_fp16.h" <<'H'
#pragma once
struct __half_raw { unsigned short x; };
struct __half { unsigned short __x; __half() = default; __half(__half_raw r) : __x(r.x) {} operator __half_raw() const { return {__x}; } };
struct __half2 { __half x, y; };
typedef __half half; typedef __half2 half2;
float __half2float(__half); __half __float2half_rn(float); __half __float2half(float);
H
cat > "$B/stub/cuda_bf16.h" <<'H'
#pragma once
struct __nv_bfloat16_raw { unsigned short x; };
struct __nv_bfloat16 { unsigned short __x; __nv_bfloat16() = default; __nv_bfloat16(__nv_bfloat16_raw r) : __x(r.x) {} operator __nv_bfloat16_raw() const { return {__x}; } };
struct __nv_bfloat162 { __nv_bfloat16 x, y; };
float __bfloat162float(__nv_bfloat16); __nv_bfloat16 __float2bfloat16_rn(float);
H
printf '#pragma once\n#include <utility>\nnamespace cuda { namespace std { using ::std::swap; } }\n' > "$B/stub/cuda/std/utility"
echo '#include <vector_types.h>' > "$B/stub/cuda_runtime.h"
: > "$B/stub/cuda_runtime_api.h"; : > "$B/stub/cuda_fp8.h"

"$CXX" -O2 -std=c++17 -I"$B/stub" -I"$CUTLASS/include" "$HERE/cute_peer.cpp" -o "$B/cute_peer"

PIN=()
command -v taskset >/dev/null && PIN=(taskset -c "$CPU")
echo "$("$CXX" --version | head -1); $("$PYTHON" --version); $(grep -m1 'model name' /proc/cpuinfo | tr -s '\t ' ' ')"
echo "CUTLASS $(grep -E '^#define CUTLASS_(MAJOR|MINOR|PATCH) ' "$CUTLASS/include/cutlass/version.h" | awk '{print $3}' | paste -sd.); pinned: ${PIN[*]:-no}"
echo "CuTe C++, g++ -O2, best of 5 runs of >= 0.3 s"
"${PIN[@]}" "$B/cute_peer" | tee "$B/cpp.txt" | sed 's/^/  /'
"${PIN[@]}" "$PYTHON" "$HERE/pycute_peer.py" "$CUTLASS/python" "$B/cpp.txt"
