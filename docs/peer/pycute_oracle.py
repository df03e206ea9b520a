#!/usr/bin/env python3
"""pycute behind the oracle protocol (DESIGN.md section 5), for `cute diff`.

usage: python3 pycute_oracle.py [--pycute DIR]      (or PYCUTE_PATH=DIR)
DIR holds the package pycute/ (CUTLASS's python/ folder, e.g. from
`git archive v4.7.0 python/pycute`); pycute is never committed here.

One JSON request a line on stdin, one reply a line on stdout, flushed. The
arguments are read from CuTe's print syntax (static marks dropped: pycute has
plain ints; `_` in a tiler is None), the operation is one pycute call (or a
direct use of pycute's Layout: rank is len, evaluate calls the layout, get
indexes it), and the result is printed in CuTe's syntax without marks, a
1-tuple as (8). Any exception is an error reply. Only the operations in OPS
are served; `cute diff -ops` should name a subset of them (the others get an
error reply saying pycute lacks them).
"""
import json
import os
import sys


def load_pycute():
    args = sys.argv[1:]
    path = os.environ.get("PYCUTE_PATH", "")
    if len(args) == 2 and args[0] == "--pycute":
        path = args[1]
    elif args:
        sys.exit(__doc__)
    if not path:
        sys.exit("pycute_oracle.py: set PYCUTE_PATH or pass --pycute DIR (the folder holding pycute/)")
    sys.path.insert(0, path)
    import pycute  # noqa: E402
    return pycute


P = load_pycute()


class Parser:
    """CuTe print syntax: ints (`_` marks dropped), tuples, layouts S:D, `_`."""

    def __init__(self, s):
        self.s, self.i = s.replace(" ", ""), 0

    def peek(self):
        return self.s[self.i] if self.i < len(self.s) else ""

    def take(self, c):
        if self.peek() != c:
            raise ValueError(f"expected {c!r} at {self.i} in {self.s!r}")
        self.i += 1

    def term(self):
        """A tuple or integer, then ':' and its stride if a layout."""
        x = self.tuple_or_int()
        if self.peek() == ":":
            self.take(":")
            return P.Layout(x, self.tuple_or_int())
        return x

    def tuple_or_int(self):
        c = self.peek()
        if c == "(":
            self.take("(")
            elems = [self.term()]
            while self.peek() == ",":
                self.take(",")
                elems.append(self.term())
            self.take(")")
            return tuple(elems)
        if c == "_" and self.s[self.i + 1:self.i + 2] in ("", ",", ")"):
            self.i += 1
            return None
        if c == "_":
            self.i += 1
        j = self.i
        if self.peek() == "-":
            self.i += 1
        while self.peek().isdigit():
            self.i += 1
        if j == self.i:
            raise ValueError(f"bad text {self.s!r} at {j}")
        return int(self.s[j:self.i])

    def all(self):
        x = self.term()
        if self.i != len(self.s):
            raise ValueError(f"trailing text in {self.s!r}")
        return x


def parse(s):
    return Parser(s).all()


def fmt(x):
    if isinstance(x, P.Layout):
        return fmt(x.shape) + ":" + fmt(x.stride)
    if isinstance(x, tuple):
        return "(" + ",".join(fmt(e) for e in x) + ")"
    if x is None:
        return "_"
    return str(int(x))


def get(a, path):
    for i in (path if isinstance(path, tuple) else (path,)):
        a = a[i]
    return a


def make_layout(s, d=None):
    return P.Layout(s, d) if d is not None else P.Layout(s)


OPS = {
    "make_layout": make_layout,
    "make_layout_concat": lambda *ls: P.make_layout(*ls),
    "get": get,
    "size": P.size,
    "cosize": P.cosize,
    "rank": len,
    "evaluate": lambda a: ",".join(str(a(i)) for i in range(P.size(a))),
    "crd2idx": lambda c, a: P.crd2idx(c, a.shape, a.stride),
    "idx2crd": lambda c, s: P.idx2crd(c, s),
    "shape_div": P.shape_div,
    "coalesce": P.coalesce,
    "coalesce_profile": P.coalesce,
    "filter": P.filter,
    "composition": P.composition,
    "composition_tiler": P.composition,
    "composition_shape": P.composition,
    "complement": P.complement,
    "complement_default": P.complement,
    "right_inverse": P.right_inverse,
    "left_inverse": P.left_inverse,
    "logical_divide": P.logical_divide,
    "logical_divide_tiler": P.logical_divide,
    "zipped_divide": P.zipped_divide,
    "tiled_divide": P.tiled_divide,
    "logical_product": P.logical_product,
    "logical_product_tiler": P.logical_product,
    "zipped_product": P.zipped_product,
    "tiled_product": P.tiled_product,
}


def handle(req):
    op = req.get("op")
    if op not in OPS:
        raise ValueError(f"pycute has no {op}")
    args = [parse(a) for a in req.get("args", [])]
    r = OPS[op](*args)
    return r if isinstance(r, str) else fmt(r)


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        rid = None
        try:
            req = json.loads(line)
            rid = req.get("id")
            rep = {"id": rid, "result": handle(req)}
        except Exception as e:  # every failure of pycute is an error reply
            rep = {"id": rid, "error": f"{type(e).__name__}: {e}".strip()}
        sys.stdout.write(json.dumps(rep) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
