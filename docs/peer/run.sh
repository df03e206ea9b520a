#!/usr/bin/env bash
# Re-measure the "Peer speed" table (shared/vectors/README.md) on this machine: CuTe C++,
# pycute and this repository's concrete engine (BenchmarkPeer, planner on and off).
# usage: docs/peer/run.sh [CUTLASS_CHECKOUT]   (a folder holding include/; else $CUTLASS_DIR)
# env:   CUTLASS_DIR  the CUTLASS checkout when no argument is given
#        PYCUTE_DIR   the folder holding pycute/ (default CUTLASS_CHECKOUT/python: pycute is
#                     pure Python and ships with CUTLASS, nothing to install)
#        GO_TEST_BIN  a prebuilt `go test -c -o FILE ./concrete` binary (default: built here
#                     with go); CUTE_BIN a prebuilt `go build -o FILE ./cmd/cute` (default:
#                     go run ./cmd/cute). With both, the machine needs no Go toolchain and no
#                     network: g++ (CXX), python3 (PYTHON) and the CUTLASS headers suffice.
#        PYTHON (default python3), CPU (core to pin to with taskset, default 1), CXX (default
#        g++), BENCHTIME (Go -test.benchtime, default 1s), COUNT (Go runs, default 5)
# Builds cute_peer.cpp host-only, runs it, pycute_peer.py and the Go benchmarks on one core,
# checks every C++ and pycute result, and prints one table: each operation's time in the three,
# the ratios the project's targets name (pycute / Go >= 100x, Go / CuTe C++ geomean <= 10x),
# and the README's figures beside this machine's.
set -euo pipefail
CUTLASS=$(cd "${1:-${CUTLASS_DIR:?usage: run.sh CUTLASS_CHECKOUT (or set CUTLASS_DIR)}}" && pwd)
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
PYTHON=${PYTHON:-python3} CPU=${CPU:-1} CXX=${CXX:-g++}
PYCUTE_DIR=$(cd "${PYCUTE_DIR:-$CUTLASS/python}" && pwd)
BENCHTIME=${BENCHTIME:-1s} COUNT=${COUNT:-5}
B=$(mktemp -d)
trap 'rm -rf "$B"' EXIT

# CUTLASS headers include a few CUDA toolkit headers even for host code (cute/layout.hpp ->
# cute/numeric/complex.hpp -> cutlass/complex.h, half.h, platform.h, fast_math.h). Without a
# CUDA toolkit, stand-ins that only declare the names those headers mention are enough: the
# layout algebra never uses them. They are package gpuval's (its host-only builds use them).
if [ -n "${CUTE_BIN:-}" ]; then
	"$CUTE_BIN" gpuval -stubs "$B/stub"
else
	(cd "$ROOT" && go run ./cmd/cute gpuval -stubs "$B/stub")
fi
GOTEST=${GO_TEST_BIN:-}
if [ -z "$GOTEST" ]; then
	(cd "$ROOT" && go test -c -o "$B/concrete.test" ./concrete)
	GOTEST=$B/concrete.test
fi

"$CXX" -O2 -std=c++17 -D__device__= -D__host__= -I"$B/stub" -I"$CUTLASS/include" "$HERE/cute_peer.cpp" -o "$B/cute_peer"

PIN=()
command -v taskset >/dev/null && PIN=(taskset -c "$CPU")
echo "$("$CXX" --version | head -1); $("$PYTHON" --version); $(grep -m1 'model name' /proc/cpuinfo | tr -s '\t ' ' ')"
echo "CUTLASS $(grep -E '^#define CUTLASS_(MAJOR|MINOR|PATCH) ' "$CUTLASS/include/cutlass/version.h" | awk '{print $3}' | paste -sd.); pinned: ${PIN[*]:-no}; load: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "CuTe C++, g++ -O2, best of 5 runs of >= 0.3 s"
"${PIN[@]}" "$B/cute_peer" | tee "$B/cpp.txt" | sed 's/^/  /'
echo "Go, BenchmarkPeer (planner on) and BenchmarkPeerEngine (planner off), $COUNT runs of $BENCHTIME, minimum"
"${PIN[@]}" "$GOTEST" -test.run '^$' -test.bench 'BenchmarkPeer$|BenchmarkPeerEngine$' \
	-test.benchtime "$BENCHTIME" -test.count "$COUNT" -test.benchmem >"$B/go.txt"
grep '^Benchmark' "$B/go.txt" | sed 's/^/  /'
"${PIN[@]}" "$PYTHON" "$HERE/pycute_peer.py" "$PYCUTE_DIR" "$B/cpp.txt" "$B/go.txt"
