#!/usr/bin/env python3
"""Per-call time of pycute for the twelve operations of the "Peer speed" table
(shared/vectors/README.md): timeit, best of 5 x 2000 calls, reported in microseconds.

usage: python3 pycute_peer.py CUTLASS_PYTHON_DIR [CUTE_PEER_OUTPUT [GO_BENCH_OUTPUT]]
CUTLASS_PYTHON_DIR holds pycute/. Operand layouts are built once, outside the timed call;
only the operation is timed. Each result is printed and checked, as a function (index list
and per-mode sizes), against the result CuTe C++ gives (from the vectors where they have it,
else derived by hand). With CUTE_PEER_OUTPUT (what cute_peer prints: "name result N.NN ns"
a line), the C++ results are checked the same way and a table of both is printed, with the
README's figures beside them. With GO_BENCH_OUTPUT (the output of the concrete package's
BenchmarkPeer and BenchmarkPeerEngine, -test.benchmem, any -test.count), the table also
gives the Go engine's minimum ns/op with the planner on and off, its allocations, and the
ratios of the project's targets: pycute / Go (planner on) at least 100x for every
operation, and the geometric mean of Go (planner on) / CuTe C++ at most 10x.
"""
import ast
import math
import re
import sys
import timeit

sys.path.insert(0, sys.argv[1] if len(sys.argv) > 1 else "/tmp/cutlass/python")
from pycute import (Layout, complement, composition, cosize, logical_divide,  # noqa: E402
                    logical_product, make_layout, size)


def L(s):
    """Parse CuTe print syntax 'shape:stride' (static '_' marks dropped) into a pycute Layout."""
    s = s.replace("_", "")
    depth = 0
    for i, c in enumerate(s):
        depth += (c == "(") - (c == ")")
        if c == ":" and depth == 0:
            return Layout(ast.literal_eval(s[:i]), ast.literal_eval(s[i + 1:]))
    raise ValueError(s)


def blocked_product(block, tiler):
    """pycute has no blocked_product: CuTe's recipe from pycute calls.
    Append both to a common rank R with 1:0 modes, 1-D logical_product, zip mode i of both halves."""
    r = max(len(block), len(tiler))

    def append(a):  # CuTe append<R>(a): pad with 1:0 modes
        if len(a) == r:
            return a
        sh = a.shape if isinstance(a.shape, tuple) else (a.shape,)
        st = a.stride if isinstance(a.stride, tuple) else (a.stride,)
        return Layout(sh + (1,) * (r - len(a)), st + (0,) * (r - len(a)))

    # 1-D logical_product: (A, complement(A, size(A)*cosize(B)) o B); pycute's own
    # logical_product(A, B) is exactly that when B is a Layout.
    p = logical_product(append(block), append(tiler))
    return make_layout(make_layout(p[0][i], p[1][i]) for i in range(r))


# name, call, expected CuTe result (vectors id, or "hand" where the vectors lack the case)
CASES = [
    ("comp_ex2", lambda a=L("(10,2):(16,4)"), b=L("(5,4):(1,5)"): composition(a, b),
     "((5,1),(2,2)):((16,4),(80,4))"),                                 # doc-A-comp-ex3-d
    ("comp_ex1", lambda a=L("(6,2):(8,2)"), b=L("(4,3):(3,1)"): composition(a, b),
     "((2,2),(3,1)):((24,2),(8,2))"),                                  # doc-A-comp-ex1-d
    ("comp_tiler", lambda a=L("(12,(4,8)):(59,(13,1))"), t=(L("3:4"), L("8:2")): composition(a, t),
     "(3,(2,4)):(236,(26,1))"),                                        # doc-A-comp-tiler
    ("compl_1", lambda a=L("4:2"): complement(a, 24), "(2,3):(1,8)"),  # hand
    ("compl_2", lambda a=L("(2,2):(1,6)"): complement(a, 24), "(3,2):(2,12)"),  # hand
    ("compl_3", lambda a=L("(2,4):(1,6)"): complement(a, 24), "3:2"),  # hand
    ("ldiv_1d", lambda a=L("(4,2,3):(2,1,8)"), b=L("4:2"): logical_divide(a, b),
     "((2,2,1),((2,1,1),(1,1,3))):((4,1,8),((2,1,8),(16,2,8)))"),      # doc-A-ldiv-1d-d
    ("ldiv_2d", lambda a=L("(128,128):(1,128)"), t=(L("32:1"), L("16:1")): logical_divide(a, t),
     "((32,4),(16,8)):((1,32),(128,2048))"),                           # hand
    ("ldiv_doc", lambda a=L("(9,(4,8)):(59,(13,1))"), t=(L("3:3"), L("(2,4):(1,8)")): logical_divide(a, t),
     "((3,(3,1)),(((2,1),(1,4)),((2,2),(1,1)))):((177,(59,531)),(((13,1),(104,2)),((26,1),(416,8))))"),  # doc-A-ldiv-2d-d
    ("bprod_1", lambda a=L("(2,5):(5,1)"), b=L("(3,4):(1,3)"): blocked_product(a, b),
     "((2,3),(5,4)):((5,10),(1,30))"),                                 # doc-A-blocked-2d-d
    ("bprod_2", lambda a=L("8:1"), b=L("(3,4):(1,3)"): blocked_product(a, b),
     "((8,3),(1,4)):((1,8),(0,24))"),                                  # hand (and CuTe C++ run)
    # bprod_3 is the same call as bprod_1 for pycute (all ints are plain ints): timed again
    ("bprod_3", lambda a=L("(2,5):(5,1)"), b=L("(3,4):(1,3)"): blocked_product(a, b),
     "((2,3),(5,4)):((5,10),(1,30))"),
]


def same_function(r, e):
    """Equal as functions of the 1-D index, and (where e has several top-level modes)
    the same number of top-level modes, each of the same size."""
    if size(r) != size(e) or (len(e) > 1 and len(r) != len(e)):
        return False
    if len(e) > 1 and any(size(r[i]) != size(e[i]) for i in range(len(e))):
        return False
    return all(r(i) == e(i) for i in range(size(e)))


# The README's figures (shared/vectors/README.md, "Peer speed"): CuTe C++ ns, pycute us.
README = {"comp_ex2": (12.5, 11.5), "comp_ex1": (12.1, 11.5), "comp_tiler": (5.3, 9.6),
          "compl_1": (2.1, 3.1), "compl_2": (3.7, 4.5), "compl_3": (3.9, 4.3),
          "ldiv_1d": (39, 25.8), "ldiv_2d": (8.3, 24.1), "ldiv_doc": (21, 38.5),
          "bprod_1": (2.5, 23.0), "bprod_2": (11.0, 22.7), "bprod_3": (14.2, 23.0)}

bad = 0
py = {}
print(f"pycute, Python {sys.version.split()[0]} ({sys.executable}), best of 5 x 2000 calls")
for name, call, want in CASES:
    res = call()
    ok = same_function(res, L(want))
    bad += not ok
    py[name] = min(timeit.repeat(call, repeat=5, number=2000)) / 2000 * 1e6
    print(f"  {name:11s} {py[name]:7.2f} us   {str(res).replace(' ', ''):50s} "
          f"{'ok' if ok else 'MISMATCH want ' + want}")

if len(sys.argv) > 2:  # check the C++ results and print the table
    cpp = {}
    for line in open(sys.argv[2]):
        f = line.split()
        if len(f) == 4 and f[3] == "ns" and f[0] in README:
            cpp[f[0]] = float(f[2])
            want = next(w for n, _, w in CASES if n == f[0])
            if not same_function(L(f[1]), L(want)):
                bad += 1
                print(f"  CuTe C++ {f[0]}: MISMATCH {f[1]} want {want}")
    missing = [n for n in README if n not in cpp]
    bad += len(missing)
    print(f"  CuTe C++ results checked: {len(cpp)} of 12" + (f", missing {missing}" if missing else ""))
    go, goff, allocs = {}, {}, {}
    if len(sys.argv) > 3:  # the Go figures: minimum ns/op of each sub-benchmark
        pat = re.compile(r"^Benchmark(Peer|PeerEngine)/(\w+?)(?:-\d+)?\s+\d+\s+([\d.]+) ns/op(?:.*?(\d+) allocs/op)?")
        for line in open(sys.argv[3]):
            m = pat.match(line)
            if m and m.group(2) in README:
                d = go if m.group(1) == "Peer" else goff
                d[m.group(2)] = min(d.get(m.group(2), math.inf), float(m.group(3)))
                if m.group(1) == "Peer" and m.group(4) is not None:
                    allocs[m.group(2)] = int(m.group(4))
        missing = [n for n in README if n not in go or n not in goff]
        if missing:
            bad += 1
            print(f"  Go figures missing for {missing}")
    if go and not bad:
        print(f"\n| operation | Go ns (planner on) | allocs | Go ns (planner off) | CuTe C++ ns | "
              f"pycute us | pycute / Go | Go / C++ | README C++ ns | README pycute us |")
        print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        for n, (rc, rp) in README.items():
            print(f"| {n} | {go[n]:.1f} | {allocs.get(n, '-')} | {goff[n]:.0f} | {cpp[n]:.1f} | {py[n]:.1f} | "
                  f"{py[n] * 1000 / go[n]:.0f}x | {go[n] / cpp[n]:.1f}x | {rc} | {rp} |")
        geo = lambda xs: math.exp(sum(map(math.log, xs)) / len(xs))  # noqa: E731
        g_on, g_off, g_cpp = (geo([d[n] for n in README]) for d in (go, goff, cpp))
        worst = min(README, key=lambda n: py[n] * 1000 / go[n])
        print(f"\ngeomean: Go planner on {g_on:.1f} ns, planner off {g_off:.0f} ns, CuTe C++ {g_cpp:.1f} ns; "
              f"Go / C++ {g_on / g_cpp:.1f}x (target <= 10x), smallest pycute / Go "
              f"{py[worst] * 1000 / go[worst]:.0f}x ({worst}; target >= 100x)")
    else:
        print(f"\n| operation | CuTe C++ ns | README ns | pycute us | README us |")
        print("|---|---:|---:|---:|---:|")
        for n, (rc, rp) in README.items():
            c = f"{cpp[n]:.1f}" if n in cpp else "-"
            print(f"| {n} | {c} | {rc} | {py[n]:.1f} | {rp} |")
sys.exit(1 if bad else 0)
