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
# layout algebra never uses them. They are package gpuval's (its host-only builds use them).
(cd "$HERE/../.." && go run ./cmd/cute gpuval -stubs "$B/stub")

"$CXX" -O2 -std=c++17 -D__device__= -D__host__= -I"$B/stub" -I"$CUTLASS/include" "$HERE/cute_peer.cpp" -o "$B/cute_peer"

PIN=()
command -v taskset >/dev/null && PIN=(taskset -c "$CPU")
echo "$("$CXX" --version | head -1); $("$PYTHON" --version); $(grep -m1 'model name' /proc/cpuinfo | tr -s '\t ' ' ')"
echo "CUTLASS $(grep -E '^#define CUTLASS_(MAJOR|MINOR|PATCH) ' "$CUTLASS/include/cutlass/version.h" | awk '{print $3}' | paste -sd.); pinned: ${PIN[*]:-no}"
echo "CuTe C++, g++ -O2, best of 5 runs of >= 0.3 s"
"${PIN[@]}" "$B/cute_peer" | tee "$B/cpp.txt" | sed 's/^/  /'
"${PIN[@]}" "$PYTHON" "$HERE/pycute_peer.py" "$CUTLASS/python" "$B/cpp.txt"
