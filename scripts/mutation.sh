#!/usr/bin/env bash
# Mutation testing of one package of the module with gremlins v0.6.0
# (github.com/go-gremlins/gremlins), as docs/verification.md reports it.
#
#   scripts/mutation.sh PACKAGE [WORKERS] [-- GREMLINS-FLAGS...]
#
# PACKAGE is a package directory of the module (internal/tuple, concrete,
# sym, rules, proofs, ...); WORKERS the number of mutants tested at once
# (default: half the CPUs, at least 1). Flags after -- go to `gremlins
# unleash` as they are (e.g. --integration, to kill mutants with the whole
# suite's tests instead of the package's own).
#
# It writes, under $OUT (default: mutation-results/ in the module root, not
# committed):
#   <package>.json  gremlins' machine-readable results (every mutant)
#   <package>.log   its console output
#   summary.md      one table row appended per run:
#     | package | score | killed | lived | not covered | timed out | not viable | time | workers | date |
#   where score is killed/(killed+lived): the share of covered mutants killed
#   (gremlins' "test efficacy"); a timed-out mutant counts as neither.
#
# Environment:
#   GREMLINS  a gremlins binary to use (for a machine without network);
#             otherwise gremlins v0.6.0 is installed into $TOOLS with
#             go install (network needed once) and reused there
#   TOOLS     default: ${XDG_CACHE_HOME:-$HOME/.cache}/cutealg-tools
#   OUT       default: mutation-results
#   TIMEOUT_COEFFICIENT  multiplies gremlins' per-mutant timeout (default 10:
#             a loaded machine runs the tests slower than the coverage run)
#   DIFF      a commit: mutate only the package's lines changed since it
#             (gremlins --diff; the non-test files of the working tree
#             against DIFF), as docs/verification.md's diff-mode runs
#
# Offline (a machine with no network, e.g. the 16-core runner): on a machine
# with network and the same OS/architecture, build the tool and fill a
# module cache:
#   GOBIN=$PWD/tools go install github.com/go-gremlins/gremlins/cmd/gremlins@v0.6.0
#   GOMODCACHE=$PWD/modcache go mod download      # in the module root
# copy tools/gremlins and modcache/ over, then, in the module root:
#   GREMLINS=/path/tools/gremlins GOMODCACHE=/path/modcache \
#   GOFLAGS=-mod=mod GOPROXY=off GOSUMDB=off GOTOOLCHAIN=local \
#   scripts/mutation.sh concrete 16
# (GOTOOLCHAIN=local: the local go must be at least go.mod's version.)
set -euo pipefail

usage() {
  sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}

[ $# -ge 1 ] || usage
pkg=${1%/}
shift
workers=""
if [ $# -ge 1 ] && [ "$1" != "--" ]; then
  workers=$1
  shift
fi
if [ $# -ge 1 ]; then
  [ "$1" = "--" ] || usage
  shift
fi
cpus=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
workers=${workers:-$(( cpus / 2 > 0 ? cpus / 2 : 1 ))}
case $workers in
  ''|*[!0-9]*|0) echo "mutation.sh: WORKERS must be a positive integer, not '$workers'" >&2; exit 2 ;;
esac

cd "$(dirname "$0")/.."
root=$PWD
if [ ! -d "$pkg" ] || ! ls "$pkg"/*.go >/dev/null 2>&1; then
  echo "mutation.sh: $pkg is not a package directory of $root" >&2
  exit 2
fi

version=v0.6.0
bin=${GREMLINS:-}
if [ -z "$bin" ]; then
  tools=${TOOLS:-${XDG_CACHE_HOME:-$HOME/.cache}/cutealg-tools}
  bin=$tools/gremlins
  if ! go version -m "$bin" 2>/dev/null | grep -q "mod[[:space:]]*github.com/go-gremlins/gremlins[[:space:]]*$version"; then
    echo "== installing gremlins $version into $tools"
    mkdir -p "$tools"
    GOBIN=$tools go install "github.com/go-gremlins/gremlins/cmd/gremlins@$version"
  fi
fi
[ -x "$bin" ] || { echo "mutation.sh: no gremlins binary at $bin" >&2; exit 2; }

out=${OUT:-mutation-results}
mkdir -p "$out"
name=$(printf '%s' "$pkg" | tr '/' '-')
json=$out/$name.json
log=$out/$name.log
coef=${TIMEOUT_COEFFICIENT:-10}

# gremlins runs every mutant's tests in a copy of the module under
# $TMPDIR/gremlins-*/wd-*, where the ../shared that the vector and corpus
# tests read is absent (they would skip, and mutants only they kill would
# live): give each copy's parent a link to this checkout's ../shared.
if [ -d "$root/../shared" ]; then
  shared=$(cd "$root/../shared" && pwd)
  export TMPDIR=$(mktemp -d "${TMPDIR:-/tmp}/cutealg-mutation.XXXXXX")
  ( while sleep 0.1; do
      for d in "$TMPDIR"/gremlins-*; do
        [ -d "$d" ] && [ ! -e "$d/shared" ] && ln -s "$shared" "$d/shared"
      done
    done ) &
  linker=$!
  trap 'kill $linker 2>/dev/null; rm -rf "$TMPDIR"' EXIT
else
  echo "mutation.sh: no ../shared beside the checkout: the vector tests will skip" >&2
fi

# gremlins sets each mutant's timeout from its coverage run: a result go
# test has cached makes that near zero and every mutant time out
go clean -testcache

diffargs=()
if [ -n "${DIFF:-}" ]; then
  # gremlins --diff asks `git diff --merge-base REF` from the module root
  # and matches the file names to the package's own (relative to its
  # folder): a git on PATH answers with the package's patch, relative
  # to it, and is git for anything else
  shim=$(mktemp -d "${TMPDIR:-/tmp}/cutealg-gitshim.XXXXXX")
  git diff "$DIFF" --relative="$pkg/" -- "$pkg/" ':!*_test.go' > "$shim/patch"
  realgit=$(command -v git)
  printf '#!/bin/sh\nif [ "$1" = diff ]; then cat "%s/patch"; exit 0; fi\nexec "%s" "$@"\n' "$shim" "$realgit" > "$shim/git"
  chmod +x "$shim/git"
  export PATH="$shim:$PATH"
  diffargs=(--diff "$DIFF")
fi

echo "== gremlins unleash ./$pkg ($workers workers, timeout coefficient $coef${DIFF:+, lines changed since $DIFF}, load: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime))"
start=$(date +%s)
"$bin" unleash --workers "$workers" --timeout-coefficient "$coef" --output "$json" "${diffargs[@]}" "$@" "./$pkg" 2>&1 | tee "$log"
secs=$(( $(date +%s) - start ))

# the counts, from gremlins' closing summary:
#   Killed: 38, Lived: 3, Not covered: 0
#   Timed out: 0, Not viable: 0, Skipped: 0
count() {
  sed -n "s/.*$1: \([0-9][0-9]*\).*/\1/p" "$log" | tail -n 1
}
killed=$(count Killed)
lived=$(count Lived)
uncovered=$(count "Not covered")
timedout=$(count "Timed out")
notviable=$(count "Not viable")
if [ -z "$killed" ] || [ -z "$lived" ]; then
  echo "mutation.sh: no summary in gremlins' output ($log)" >&2
  exit 1
fi
if [ $(( killed + lived )) -gt 0 ]; then
  score=$(awk -v k="$killed" -v l="$lived" 'BEGIN { printf "%.1f%%", 100 * k / (k + l) }')
else
  score="n/a"
fi

summary=$out/summary.md
if [ ! -f "$summary" ]; then
  {
    echo "| package | score | killed | lived | not covered | timed out | not viable | time | workers | date |"
    echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|"
  } >"$summary"
fi
row="| $pkg | $score | $killed | $lived | ${uncovered:-0} | ${timedout:-0} | ${notviable:-0} | ${secs}s | $workers | $(date -u +%Y-%m-%d) |"
echo "$row" >>"$summary"
echo "== $row"
echo "== results: $json, $log, $summary"
