package props

import (
	"fmt"
	"testing"

	"github.com/cutealg/cutealg/rules"
	"github.com/cutealg/cutealg/sym"
)

// The adversarial review's findings on the rules engine (review branch,
// 2026-11-25), as checks against the concrete engine at the bindings that
// show them. Each entry names its check:
//
//   - square: the commuting square (squareCase): at each binding exactly one
//     case holds, it is an error where concrete (strict) refuses, else the
//     same function with the same top-level mode sizes as concrete;
//   - precise: no case is an error where concrete (strict) gives a value
//     (a loss of precision, not a wrong answer);
//   - overflow: no case holds a value that does not fit int64 (DESIGN 3.4:
//     integer overflow is an error);
//   - dynamic: the dynamic mode (rules.Request.Dynamic) against CuTe's
//     values with the symbols as run-time integers (dynamicCase, at
//     sampled bindings: the entry's bindings are not used);
//   - needs: when one case is not an error, assuming its guards (the
//     oracle's "needs") makes the answer plain;
//   - panic: the request (symbolic, and dynamic) gets an answer or an
//     error, never a panic (DESIGN 5: a malformed line gets an error
//     reply, never a crash);
//   - refused: no case holds a value (concrete refuses the request at
//     every binding);
//   - text: the printed text of the case that holds evaluates as the
//     graders read it ('/' exact term by term) to the case's value
//     (textCase).
//
// An entry with open set still fails today: it is skipped (with the
// failure it shows), and reported as an error once it passes, so that
// the fix drops the mark. Finding numbers are the review report's.
var reviewFindings = []struct {
	finding int
	open    bool
	check   string
	op      string
	args    []string
	assume  []string
	at      []sym.Binding
}{
	// 1. a stride of B that is negative but not a literal: the engine
	// only refuses literal negative strides (composition.go), so -M and
	// N-M go through rules that assume positive strides. Concrete at M=2:
	// (1,2):(-4,-8); the answer (M,1):(-2*M,8) is wrong at index 1.
	{1, false, "square", "composition", []string{"(_2,_2):(_2,_8)", "M:_-1*M"}, nil, []sym.Binding{{"M": 2}, {"M": 6}}},
	{1, false, "square", "composition", []string{"(_2,_2):(_2,_8)", "(M,M):(L*_8,_-1*M)"}, nil, []sym.Binding{{"M": 2, "L": 1}}},
	// concrete (strict) refuses at M=10, N=3 (R(1) != A(B(1))); a plain
	// case (M,1):(N-M,8) is selected there
	{1, false, "square", "composition", []string{"(_4,_4):(_1,_8)", "M:N-M"}, nil, []sym.Binding{{"M": 10, "N": 3}}},
	{1, false, "square", "composition", []string{"(_4,_4):(_1,_8)", "(_2,_2):(_1,N-M)"}, nil, []sym.Binding{{"M": 10, "N": 3}}},
	// 2. a stride of B that may be 0 (M%4): concrete divides by zero
	// (CuTe: SIGFPE) at M=4; the answer is the plain (2,1):(M%4,8)
	{2, false, "square", "composition", []string{"(_4,_4):(_1,_8)", "_2:M%_4"}, nil, []sym.Binding{{"M": 4}}},
	{2, false, "square", "composition", []string{"(_4,_4):(_1,_8)", "(_2,_2):(M%_2,_1)"}, nil, []sym.Binding{{"M": 6}}},
	// 3. extents that are not positive at some binding (N-M, M%4, _0,
	// 0, _-2) are taken as they are: concrete refuses every one
	// ("shape extent ... is not positive"), the answers are plain
	{3, false, "square", "size", []string{"(M,N-M):(_1,_1)"}, nil, []sym.Binding{{"M": 10, "N": 3}}},
	{3, false, "square", "size", []string{"(M,_0):(_1,_1)"}, nil, []sym.Binding{{"M": 2}}},
	{3, false, "square", "size", []string{"(M,0):(_1,_1)"}, nil, []sym.Binding{{"M": 2}}},
	{3, false, "square", "size", []string{"(M,_-2):(_1,_1)"}, nil, []sym.Binding{{"M": 2}}},
	{3, false, "square", "coalesce", []string{"(M,N-M):(_1,M)"}, nil, []sym.Binding{{"M": 10, "N": 3}}},
	{3, false, "square", "complement", []string{"_4:_1", "N-M"}, nil, []sym.Binding{{"M": 10, "N": 3}}},
	{3, false, "square", "composition", []string{"(_4,_4):(_1,_8)", "M%_4:_1"}, nil, []sym.Binding{{"M": 4}}},
	{3, false, "square", "make_layout_left", []string{"(_4,N-M)"}, nil, []sym.Binding{{"M": 10, "N": 3}}},
	{3, false, "square", "logical_divide", []string{"(_4,N-M):(_1,_8)", "_2:_1"}, nil, []sym.Binding{{"M": 10, "N": 3}}},
	// 4. coalesce_profile with an integer profile is coalesce(A) (CuTe's
	// non-tuple branch), which keeps dynamic modes apart: concrete
	// (_4,6):(_1,_4) has rank 2, the answer 4*N:_1 rank 1, and the graders
	// compare the top-level modes of coalesce_profile
	{4, false, "square", "coalesce_profile", []string{"((_2,_2),N):((_1,_2),_4)", "_1"}, nil, []sym.Binding{{"N": 6}}},
	{4, false, "square", "coalesce_profile", []string{"(M,N,K):(_1,M,M*N)", "_1"}, nil, []sym.Binding{{"M": 3, "N": 6, "K": 3}}},
	// 5. left_inverse with a dynamic literal stride: CuTe refuses it
	// (static strides only), so the value is CuTe's with every integer
	// static: _1:_0 at M=1; the answer (3,M):(_0,_1) has size 3 there
	// (inverse.go tests IsConst, not the static mark)
	{5, false, "square", "left_inverse", []string{"M:3"}, nil, []sym.Binding{{"M": 1}}},
	{5, false, "square", "left_inverse", []string{"M:2"}, nil, []sym.Binding{{"M": 1}}},
	// and in the dynamic mode CuTe refuses the dynamic stride, the answer
	// is a value
	{5, false, "dynamic", "left_inverse", []string{"M:3"}, nil, []sym.Binding{{"M": 2}}},
	{5, false, "dynamic", "left_inverse", []string{"(L*_4,M):(_16,1)"}, nil, []sym.Binding{{"L": 1, "M": 4}}},
	// 6. constants beyond int64 in plain answers (2^80*M, strides 2^80,
	// 6*2^62): the answer should be an overflow error
	{6, false, "overflow", "size", []string{"(_1099511627776,_1099511627776,M):(_1,_1,_1)"}, nil, []sym.Binding{{"M": 1}}},
	{6, false, "overflow", "make_layout_left", []string{"(_1099511627776,_1099511627776,M)"}, nil, []sym.Binding{{"M": 1}}},
	{6, false, "overflow", "crd2idx", []string{"(_4611686018427387904,_4)", "(M,N):(_2,_4611686018427387904)"}, nil, []sym.Binding{{"M": 1, "N": 1}}},
	{6, false, "overflow", "coalesce", []string{"(_1099511627776,_1099511627776,M):(_1,_1099511627776,_1)"}, nil, []sym.Binding{{"M": 1}}},
	// M*M is 2^64 at the only allowed binding
	{6, true, "overflow", "size", []string{"(M,M):(_1,M)"}, []string{"M == 4294967296"}, []sym.Binding{{"M": 4294967296}}},
	// 7. guards that do not cover an allowed binding: with N == M (allowed
	// by N >= M) every guard evaluates floor_div(4, N-M), a division by
	// zero, so no case holds (concrete refuses there: B's stride is 0)
	{7, false, "square", "composition", []string{"(_4,_4):(_1,_8)", "_2:N-M"}, []string{"N >= M"}, []sym.Binding{{"M": 2, "N": 2}}},
	{7, false, "square", "composition", []string{"(M,N):(_1,M)", "_2:K-L"}, []string{"K >= L"}, []sym.Binding{{"M": 6, "N": 7, "K": 3, "L": 3}}},
	// with no assumption: at M == N the stride is 0 and no case holds
	{7, false, "square", "left_inverse", []string{"(_2,_2):(_1,N-M)"}, nil, []sym.Binding{{"M": 2, "N": 2}}},
	// 8. false errors. The rule compl.bound (cosize(R) <=
	// round_up(size(M), cosize(A)), CuTe's complement unit test) is
	// stricter than concrete's checks (complement(_4:_2, 49) is
	// (_2,7):(_1,_8) in strict mode): kept on purpose, since the public
	// symbolic corpus marks exactly such values invalid (ok=false, e.g.
	// complement((_2,4):(_1,_6), M) at M=100) while the concrete vectors
	// do not (adding the bound to concrete's strict mode refuses 15 valid
	// concrete vectors). So those entries are not findings.
	// complement_default((_2,_2):(_1,_3)) is _1:_0 in strict mode (CuTe
	// computes it with the strides static); the answer required M%2==0
	// (the rule compl.hole.floor declined where undecided, so compl.hole
	// required the divisibility). Fixed: compl.hole.floor splits, and sym
	// decides the bounds of floor_div(M,2) in the case M%2 != 0.
	{8, false, "precise", "complement_default", []string{"(_2,_2):(_1,M)"}, nil, []sym.Binding{{"M": 3}}},
	// a product: concrete gives ((1,_4),_2,1):((_4,_1),_1,_4). Not the
	// hole: the failing rule is compl.bound (the complement of 1:_4 in 2 is
	// _4:_1, cosize 4 > round_up(2, 1)), which is kept on purpose (see
	// above): the public corpus marks the same value invalid in
	// r279-prod-sym-block-tiler (tiled_product((M,_8):(_8,_1),
	// (_4:_1,_4:_1)) at M=1: "complement post (2)"). Open until the two
	// references agree.
	{8, true, "precise", "tiled_product", []string{"(M,_4):(_4,_1)", "(_2:_1,K:_1)"}, nil, []sym.Binding{{"M": 1, "K": 1}}},
	// 9. the needs do not make the answer plain: assumed, a guard with
	// ceil_div is not decided even as itself (the answer keeps the case
	// and its negation, which contradicts the assumption)
	{9, false, "needs", "complement", []string{"N:_4", "M"}, []string{"M == 4*N + 1"}, nil},
	{9, false, "needs", "tiled_product", []string{"(M,_4):(_4,_1)", "(_2:_1,K:_1)"}, nil, nil},
	{9, false, "needs", "logical_divide_tiler", []string{"(M,N):(_1,M)", "(K:_2,_)"}, []string{"M % 2 == 0"}, nil},
	// 10. (found 2026-11-25 by the generated square, -review) a divide
	// whose tiler's complement takes the shape of coalesce(A mode): the
	// engine reads the symbols as static and coalesces ((L*_4,4,_4)) with
	// strides (_2,_8*L,_32*L) to 64*L, so the complement's cotarget is one
	// integer; CuTe with L a run-time integer cannot merge those modes, its
	// cotarget stays (4*L,4,_4), and the rest computed mode by mode
	// (ceil_div with carry) leaves R short: at L=3 concrete (strict)
	// refuses (cosize(A,R) = 128 < 192) where the answer is plain. Fixed:
	// a leaf records whether a dynamic literal occurs in it (sym.Int.Run),
	// and with the symbols read as static only the rest is static.
	// (the reproducer as found now answers needs: more than 32 cases;
	// this smaller one keeps its first mode nested, and its second tiler
	// mode's dynamic stride N forces the static reading; N is fixed so that
	// the answer stays within the case bound)
	{10, false, "square", "logical_divide_tiler", []string{"((L*_4,4,_4),N):((_2,_8*L,_32*L),_1)", "((_2,_4):(_2,_4),(_2,_2):(N,_1))"}, []string{"N == 4"}, []sym.Binding{{"L": 3, "N": 4}, {"L": 1, "N": 4}, {"L": 2, "N": 4}, {"L": 4, "N": 4}, {"L": 8, "N": 4}}},
	// a dynamic literal is a run-time integer in CuTe even with the symbols
	// static: a dynamic-stride complement of rank 2 is refused
	{10, false, "square", "blocked_product", []string{"(M0,N0):(1,M0)", "(M1,N1):(N1,1)"}, nil, []sym.Binding{{"M0": 2, "N0": 3, "M1": 2, "N1": 2}, {"M0": 1, "N0": 3, "M1": 2, "N1": 2}, {"M0": 2, "N0": 1, "M1": 3, "N1": 2}}},
	// 11. (found 2026-11-25 by the wide generator, -review) a CuTe
	// refusal read with the symbols static, and a symbol in an order:
	// blocked_product's complement of the block (rank 2, the dynamic
	// stride N) is refused by CuTe, so the engine restarts with the
	// symbols static (isStatic: i.Static || w.static), and the square's
	// value is CuTe's with the symbols static (dynamic literals run-time,
	// since 0f061eb); but orderedLayout (construct.go) reads o.Static
	// directly, so the order leaf L stays a run-time value (ranked after
	// every static one) where CuTe with L known reads it: at N=4, L=3 the
	// answer's strides ((_1,8*N),(N,2*N),(_0,128)) put the target's mode
	// 0 before mode 1, concrete ((_1,_8),(_4,_8),(_0,_128)): value at 4
	// is 32, want 8. (The first reproducer found, with the dynamic
	// literal 1 in the order, (_2,_2):(_1,M), (_4,_4), (_3,1), passes
	// since 0f061eb made dynamic literals stay run-time in the twin.)
	{11, false, "square", "tile_to_shape", []string{"(_2,_2):(_1,M)", "(_4,_4)", "(_3,1)"}, nil, []sym.Binding{{"M": 2}}},
	{11, false, "square", "tile_to_shape", []string{"(N,_2):(_1,N)", "(_16,_8,N)", "(L,_3,5)"}, nil, []sym.Binding{{"N": 4, "L": 3}, {"N": 4, "L": 8}}},
	// 12. (lesser: a false error; found by a hand probe) max_common_vector
	// and max_common_layout refuse where the composition A o
	// right_inverse(B) they build on is not the function A o R (M=3: the
	// stride _8 of R steps across A's mode of extent 3), though CuTe's
	// value there is the trivial _1 (_1:_0), which meets the
	// post-condition (it asks nothing of the composition beyond the first
	// mode, and there is none): concrete (strict) gives _1:_0, the answer
	// is an error for M%8 != 0, 8%M != 0 (commonPrefix, inverse.go)
	{12, true, "precise", "max_common_layout", []string{"(M,_8):(_8,_1)", "(_8,M):(M,_1)"}, nil, []sym.Binding{{"M": 3}}},
	{12, true, "precise", "max_common_vector", []string{"(M,_8):(_8,_1)", "(_8,M):(M,_1)"}, nil, []sym.Binding{{"M": 3}}},
	// 13. (found 2026-11-25 by a hand probe of bad inputs) crd2idx of a
	// coordinate that is negative (a literal, or K-M at K < M): the rule
	// crd.split (construct.rules) splits it with sym's floor_div and %
	// (rounding toward minus infinity), CuTe's crd2idx with C++'s / and %
	// (toward zero), as concrete does. At M=2 the answer -1%M is 1, CuTe's
	// value -1 (-1%2 == -1 in C++); at K=1, M=4, N=3 the answer
	// K%M+7*floor_div(K,M)-7 is -6, CuTe's -3. Plain answers, wrong at
	// every binding where the coordinate is negative and not a multiple of
	// the mode's size (the rule should refuse a coordinate not known to
	// be non-negative, or split it as C++ does)
	{13, false, "square", "crd2idx", []string{"-1", "(M,_2):(_1,_0)"}, nil, []sym.Binding{{"M": 2}}},
	{13, false, "square", "crd2idx", []string{"K-M", "(M,N):(_1,_7)"}, nil, []sym.Binding{{"K": 1, "M": 4, "N": 3}}},
	// the same in the dynamic mode
	{13, false, "dynamic", "crd2idx", []string{"K-M", "(M,N):(_1,_7)"}, nil, nil},
	// 14. (found 2026-11-25 by a hand probe of bad inputs; fixed on main
	// by b941271 the same day, found there by the fuzz run) a layout of
	// no modes, ():(), in a symbolic request whose algorithm reaches
	// CuTe's coalesce_x or complement: rules.Compute panics (index out of
	// range [-1] in coalesceX, composition.go, which reads the last of no
	// modes; [0] in tile_to_shape), and the oracle process dies with it
	// (the same request with literals only is concrete's error "the
	// layout has no modes"). Also logical_divide, complement,
	// max_common_vector, blocked_product, the dynamic mode.
	{14, false, "panic", "composition", []string{"():()", "M:_1"}, nil, nil},
	{14, false, "panic", "complement", []string{"():()", "M"}, nil, nil},
	{14, false, "panic", "tile_to_shape", []string{"():()", "(M)"}, nil, nil},
	{14, false, "panic", "flat_divide", []string{"M:M", "():()"}, nil, nil},
	{14, false, "panic", "filter", []string{"():()"}, nil, nil},
	// 15. (lesser; found 2026-11-25 by the odd-inputs generator, -review)
	// empty tuples: concrete refuses an empty shape or cotarget as bad
	// input ("crd2idx: empty shape", "complement: empty shape"), and
	// evaluates a trailing empty mode of A as dropping the index that
	// reaches it, where the rules engine reads () as 1 or flattens it
	// away: crd2idx(M, ():()) is 0, complement(N:K, ()) is K:_1, and
	// composition((M,()):(_1,()), 2:_4) is 2:_4 where concrete (strict)
	// finds R(1) = 4 but A(B(1)) = A(4) = 1 at M=3 (coalesceX flattens A
	// to M:_1, whose last mode absorbs). One of the two engines has to
	// change so that they agree on ().
	{15, false, "refused", "crd2idx", []string{"M", "():()"}, nil, []sym.Binding{{"M": 2}}},
	{15, false, "refused", "complement", []string{"N:K", "()"}, nil, []sym.Binding{{"N": 2, "K": 3}}},
	{15, false, "refused", "composition", []string{"(M,()):(_1,())", "2:_4"}, nil, []sym.Binding{{"M": 3}}},
	// since main's b941271 (no panic for a layout of no modes), the rules
	// engine's coalesce of ():() is _1:_0, concrete's "the layout has no
	// modes"
	{15, false, "refused", "coalesce", []string{"():()"}, nil, []sym.Binding{{}}},
	// 16. (found 2026-11-25 by the odd-inputs generator, -review) guards
	// that overlap: when sym cannot add a split's condition c to the
	// case's context for a reason other than a contradiction (here
	// "division by zero": WithConds of a guard with ceil_div(x, M*M-2*M+1)
	// fails, though M-1 >= 1 makes the divisor (M-1)^2 positive), the
	// world's assume (engine.go) fails the run with the guards so far,
	// without c; the run of !c goes on, so the error case's guards are a
	// prefix of its sibling's and both hold (at M=2 the error "cannot
	// assume -1%M==0" and the value (M-1,(1,2)):(M-1,(M,M*M-M))). The
	// error case should carry c (or be pruned: -1%M==0 is false for M >=
	// 2). Underneath, sym reports an inconsistent set of assumptions as a
	// division by zero when a substitution makes a kept fact's divisor 0:
	// sym.Assume("ceil_div(M,M-1)>=1", "M==1") fails with "division by
	// zero", not *InconsistentError (no binding satisfies both: at M=1 the
	// first is undefined), so the engine cannot prune the run.
	{16, false, "square", "logical_product", []string{"M-1:M-1", "_2:M"}, nil, []sym.Binding{{"M": 2}, {"M": 3}}},
	// 17. (found 2026-11-25 by the odd-inputs generator, -review) a wrong
	// merge of two cases: merge's joinable (ops.go) reads a guard X == 1
	// through unitSymbols, which takes X for a product of symbols when
	// sym.IsMonomial(X) holds and X is 1 with its symbols set to 1; but an
	// atom is a monomial too, so the guard min(M,N) == 1 sets both M and N
	// to 1, ceil_div(M,4) == 1 sets M to 1, and the case of the negated
	// guard, compared there, is merged as if it served both. With the
	// symbols read as static (left_inverse's dynamic stride), the split
	// on the unit shape (compl.unit) is undone and the answer is the plain
	// (M,ceil_div(M,4)):(_0,_1): at M=4 (A = 1:4) it has size 4, CuTe's
	// left inverse of _1:_4 is _1:_0 (and (N,min(M,N)):(_0,_1) at M=1,
	// N=8 has size 8 for _1:_8)
	{17, false, "square", "left_inverse", []string{"ceil_div(M,_4):M"}, nil, []sym.Binding{{"M": 4}}},
	{17, false, "square", "left_inverse", []string{"min(M,N):N"}, nil, []sym.Binding{{"M": 1, "N": 8}}},
	// 18. (lesser; found 2026-11-25 by the wide generator, -review) needs
	// that do not make the answer plain (as finding 9): a guard that holds
	// at every binding but that sym does not prove, here
	// 4*ceil_div(min(M,N),4) >= min(M,N), or L*L*ceil_div(M,L*L) >= M
	// (x <= d*ceil_div(x,d) for every x and d >= 1), stays undecided once
	// assumed, and the answer keeps the case and its negation. Fixed: sym's
	// order proofs use the bounds of floor_div, ceil_div and % by symbolic
	// divisors and of nested atoms (both guards are now proved, so the
	// answers need only M%(L*L)==0), a divisibility whose remainder a kept
	// fact pins to 0 is proved, and a kept fact that these bounds refute
	// makes the assumptions inconsistent.
	{18, false, "needs", "tiled_divide", []string{"(N,min(M,N),N):(_0,_8,_0)", "(_8,(_4:_1))"}, []string{"M % 128 == 0", "N % 64 == 0"}, nil},
	{18, false, "needs", "tile_to_shape", []string{"L*L:_1", "M", "_2"}, []string{"M % 128 == 0"}, nil},
	// 19. (lesser: a static mark; found 2026-11-25 by the wide generator,
	// -review) in the dynamic mode, crd2idx of a run-time coordinate in a
	// mode of the static stride _0 is the run-time 0, where CuTe's product
	// of any integer with _0 is the static _0 (concrete: crd2idx(3, 5:_0)
	// is _0): the rule crd.inner's product c*d is static only when both
	// are (construct.go, crd2idx)
	{19, false, "dynamic", "crd2idx", []string{"M", "N:_0"}, nil, nil},
	// 20. (lesser: a false error, since the fix of finding 13 in
	// 7e8c462; found by a hand probe) a negative coordinate split over
	// three modes: the quotient of the first split, -floor_div(7,M), is
	// split again; in the case -1*floor_div(7,M) < 0 (M <= 7) neither
	// crd.split (c >= 0) nor crd.split.negative (c < 0) fires, though the
	// case's own guard is c < 0, and the answer is the error "rules: no
	// rule of group crd.split-of applies at c mode 1" where concrete
	// (strict) gives a value (crd2idx(-7, (2,1,_2):(_1,2,_0)) is -1)
	{20, false, "precise", "crd2idx", []string{"-7", "(M,N,_2):(_1,M,_0)"}, nil, []sym.Binding{{"M": 2, "N": 1}, {"M": 7, "N": 3}}},
	// 21. (found 2026-11-25 by CI's TestSymbolicDynamicGenerated on the
	// merge of main at 3d1c30e, after 7fe98e0's compl.rest-within and
	// compl.rest-beyond) the dynamic mode's structure of a complement's
	// rest: logical_divide(K:_1, (_1,_2):(_1,_2)) at K=2 is
	// ((_1,_2),_2):((_1,_2),_1), CuTe's ((_1,_2),(_2,1)):((_1,_2),(_1,_4)):
	// CuTe's rest ceil_div(K, _2) of the run-time K stays a run-time mode
	// of its own (the 1 beside _2), which the answer drops. A regression
	// of that merge: at 3e894fa the answer was
	// ((_1,_2),(_2,ceil_div(K,4))):((_1,_2),(_1,_4)).
	{21, false, "dynamic", "logical_divide", []string{"K:_1", "(_1,_2):(_1,_2)"}, []string{"K <= 4"}, nil},
	// the same in a product: at M=16 the answer ((M,_2),M):((M,_1),_1),
	// CuTe's ((16,(2,1)),16):((16,(_1,256)),_1)
	{21, false, "dynamic", "logical_product_tiler", []string{"(M,M):(M,_1)", "(_2)"}, []string{"M % 2 == 0"}, nil},
	// 22. (found 2026-11-25 by CI's TestSymbolicSquareGenerated on the
	// merge of main at 3d1c30e) raked_product(M:M, _2:_1): concrete
	// (strict) refuses at M=256 (CuTe's zip of the tuple rest with the
	// integral block: incomplete type tuple_size<int>), the answer is the
	// plain ((_2,M)):((_1,M)): the engine's rest of the product is a leaf
	// where CuTe's is a tuple, so its zip (tiling.go) accepts it. A
	// regression of that merge: at 3e894fa the answer had cases, the zip's
	// refusal among them. (Passes since main's fef81db, with finding 21.)
	{22, false, "square", "raked_product", []string{"M:M", "_2:_1"}, []string{"M % 64 == 0"}, []sym.Binding{{"M": 256}, {"M": 64}}},
	// 23. (lesser, as findings 9 and 18; found 2026-11-25 by the kernel
	// generator, -review) needs that do not make the answer plain: the
	// complement of a tile in a tuple cotarget (M,N) splits on compl.cosize
	// and compl.bound with guards of nested ceil_div
	// (32*ceil_div(M,32)*ceil_div(N,ceil_div(32,M))>=M*N); assumed word for
	// word, sym decides neither guard, and the answer keeps both error
	// cases beside the value. (Closed the same day by branch symrel: the
	// bounds of ceil_div by any divisor >= 1 and the rounding proofs.)
	{23, false, "needs", "complement", []string{"_32:_1", "(M,N)"}, nil, nil},
	{23, false, "needs", "complement", []string{"(_8,_4):(_4,_1)", "(M,_96)"}, nil, nil},
	// and in a divide: needs with ceil_div(8,TM), under 8 % TM == 0
	{23, false, "needs", "logical_divide_tiler", []string{"((_8,M),TN*RN,_64):((TN*RN,TN*RN*_8),_1,TN*RN*_8*M)", "TM"}, []string{"8 % TM == 0"}, nil},
	// 24. (found 2026-11-25 by the kernel generator, -review, run on
	// branch symrel at ddd505c; main passes) a wrong plain case: under
	// 16 % M == 0 and 16/M <= 8, symrel's sym finds 32/M % N != 0
	// inconsistent with the guard 32/M > N (comp.take.all: "32/M%N==0
	// proved (its negation is inconsistent)"), so the composition's case
	// 32/M > N is (M,N,32/M/N):(_1,M,M*N) with no divisibility guard: at
	// M=4, N=3 its size 4*3*(8/3) is not an integer, and concrete (strict)
	// refuses (shape divisibility). The same in a kernel's tile of
	// ((_8,M),(_8,N),L) by (_128,_64):(_1,_128), with no assumption.
	{24, false, "square", "composition", []string{"(M,N,K):(_1,M,M*N)", "_32:_1"}, []string{"16 % M == 0", "16/M <= 8"}, []sym.Binding{{"M": 4, "N": 3, "K": 1}, {"M": 2, "N": 3, "K": 2}}},
	{24, false, "square", "composition", []string{"((_8,M),(_8,N),L):((_1,_8),(_8*M,_64*M),_64*M*N)", "(_128,_64):(_1,_128)"}, nil, []sym.Binding{{"M": 4, "N": 3, "L": 2}, {"M": 2, "N": 24, "L": 3}}},
	// 25. (lesser, as 23; found 2026-11-25 by the kernel generator,
	// -review) needs that do not make the answer plain: a static extent
	// tiled by a symbolic tile, 64 % TM == 0, needs m<=64/TM-1 (the tile
	// coordinate in range); assumed, sym could not use a fact with an
	// exact division by a symbol (m <= 64/TM - 1: not a polynomial) and
	// could not decide that same condition. Facts with negative exponents
	// are now used scaled (TM*m <= 64 - TM; FactUse.Scale).
	{25, false, "needs", "local_tile", []string{"(_64,TN*RN):(_1,_64)", "(TM,_128)", "(m,_)"}, []string{"64 % TM == 0"}, nil},
	{25, false, "needs", "local_tile", []string{"(_64,N):(_1,_64)", "(TM,TN)", "(m,n)"}, []string{"64 % TM == 0", "N % TN == 0"}, nil},
	// 26. (lesser: a static mark; found 2026-11-25 by the corpus-like
	// generator, -review) in the dynamic mode, crd2idx of a run-time
	// integer over a mode of static extent _1 that is not the last: CuTe
	// splits it as c % _1, the static _0 (integral_constant.hpp's int %
	// C<1>), so the mode gives _0 whatever its stride; crdStatic read the
	// split as run-time, and (_1,N):(N,_0) gave the run-time 0 where CuTe
	// gives _0. Fixed: crdStatic follows crd2idx_itt mode by mode.
	{26, false, "dynamic", "crd2idx", []string{"c0", "(_1,N):(N,_0)"}, []string{"c0 < N"}, nil},
	{26, false, "dynamic", "crd2idx", []string{"c0", "((_1,_1),N):((N,M),_0)"}, nil, nil},
	{26, false, "dynamic", "crd2idx", []string{"_4", "(_2,N):(M,_1)"}, nil, nil},
	// 27. (found 2026-11-25 by a hand probe, then textCase) a polynomial
	// with fractional coefficients prints term by term: the divide of
	// M+_1:_1 by _2:_1 under M % 2 == 1 is (_2,M/2+1/2):(_1,_2), right as
	// a polynomial ((M+1)/2) and so through the square, but the graders
	// evaluate M/2 and 1/2 each as an exact division: inexact at every
	// allowed binding, a wrong answer. The same for M/2+N/2 with M and N
	// odd. The grader's language has no grouping parentheses, so such a
	// sum needs another form. Fixed: two or more terms that may be
	// non-integers print as one exact division of an integer polynomial
	// grouped as min(P,P) (sym's quotientNode): min(M+1,M+1)/2.
	{27, false, "text", "logical_divide", []string{"M+_1:_1", "_2:_1"}, []string{"M % 2 == 1"}, []sym.Binding{{"M": 3}, {"M": 7}}},
	{27, false, "text", "complement", []string{"_2:_1", "M+N"}, []string{"M % 2 == 1", "N % 2 == 1"}, []sym.Binding{{"M": 3, "N": 5}}},
	// the same in a nested divide, over a symbolic divisor (M/K+N/K), and
	// in a case of composition with the guard's own rational polynomial
	// (M*N/2-M*M/2, rules/testdata/answers.txt)
	{27, false, "text", "zipped_divide", []string{"(M+_1,N):(_1,M+_1)", "(_2,_1)"}, []string{"M % 2 == 1"}, []sym.Binding{{"M": 5, "N": 3}, {"M": 1, "N": 1}}},
	{27, false, "text", "logical_divide", []string{"M+N:_1", "K:_1"}, []string{"min(M+N,M+N) % K == 0"}, []sym.Binding{{"M": 2, "N": 1, "K": 3}, {"M": 4, "N": 5, "K": 3}}},
	{27, false, "text", "composition", []string{"(_2,_2):(_2,_8)", "M:N-M"}, []string{"N == M + 2", "M >= 2"}, []sym.Binding{{"M": 3, "N": 5}, {"M": 2, "N": 4}}},
	// 28. (lesser: a false error; found 2026-11-25 by the corpus-like
	// generator, -review) comp.no-carry is asked of every mode of A but
	// those from which A is contiguous to its end; a trailing mode of
	// static size _1 whose stride is not the product before it (_1, _0:
	// a broadcast batch mode) makes no mode contiguous to the end, so B's
	// leaves (_4:_16 and _16:_1, reach 63) must not carry across the 8*K
	// of mode 0, though modes 0 and 1 are one contiguous run of 16*K
	// that the reach stays inside. At K=7 (K odd, 8*K < 64 <= 8*K+15)
	// the answer is that error; CuTe's ((4,1,1),(16,1,1)):((_16,56,1),
	// (_1,56,1)) is the function B, valid (concrete strict agrees).
	// Without the trailing mode (A = (_8*K,_2):(_1,_8*K)) the case is a
	// value. Fixed: comp.no-carry (v3) is asked per run of the coalesced
	// A's modes on which A is linear (the sum of the leaves' reaches in
	// the run, each mode's weighted by the size before it in the run,
	// below the run's size), size-1 modes skipped wherever they are, the
	// last run (A's last mode absorbs) not asked; more shapes in
	// TestCompositionCarryRuns and TestCompositionCarryRunsGenerated.
	{28, false, "precise", "composition", []string{"((_8*K,_2),_1):((_1,_8*K),_1)", "(_4,_16):(_16,_1)"}, nil, []sym.Binding{{"K": 7}}},
	{28, false, "precise", "composition", []string{"((_8*K,_2),_1):((_1,_8*K),_0)", "(_4,_16):(_16,_1)"}, nil, []sym.Binding{{"K": 7}}},
	// 29. (lesser, as 23; found 2026-11-26 by the corpus-like generator,
	// -review, seed 31337) needs that do not make the answer plain, since
	// sym's order proofs are not monotone in the assumptions: under M >= 2,
	// 2*N*ceil_div(M,2) >= M*N is proved (2*ceil_div(M,2) >= M, times N),
	// but with the second need 2*N*ceil_div(M,2)-1 <= 2*ceil_div(M*N,2)
	// also assumed it is Unknown (the greedy search takes the new fact's
	// terms first and fails; so it is under that need alone, though it
	// holds with no assumption at all). Fixed: where the proof with every
	// fact fails, the question's own atom facts are tried alone (a proof
	// in a weaker context holds in a stronger one; proveByOwnAtoms).
	{29, false, "needs", "complement", []string{"(_2):(_1)", "(M,N)"}, []string{"M >= 2"}, nil},
	// 30. (lesser, as 23; found 2026-11-26 by the corpus-like generator,
	// -review, seed 4711) needs that are not well-formed and do not make
	// the answer plain: the guard N/2 divides 2*ceil_div(N,2) (q = N/2 of
	// comp.step.divide, where 2 | N is proved from the other guard, not
	// assumed) was the need 2*ceil_div(N,2)-N*floor_div(2*ceil_div(N,2),
	// N/2)/2==0, an inexact division wherever N is odd; assumed, sym could
	// not prove the divisibility from it (the remainder proof asks for an
	// integer divisor). Fixed: a divisibility condition clears its
	// operands' denominators (sym.Divisible: 4*ceil_div(N,2)%N==0), and
	// the remainder proof and its verifier do the same.
	{30, false, "needs", "zipped_divide", []string{"((_2,N,_2)):((_1,_2*M,_2*M*N))", "(_4)"}, []string{"M%2==0", "M>=8", "N>=2"}, nil},
	// 31. (lesser, as 23; found 2026-11-26 by the corpus-like generator,
	// -review, seed 9090) needs that do not make the answer plain: the
	// complement's guard 3072*K*K*K*M*M*M*ceil_div(M*N,3072*K*K*K*M*M*M)
	// >= M*N holds at every binding (d*ceil_div(x,d) >= x), but sym does
	// not prove it, not even with it assumed word for word (the same with
	// K*K*K*M*M*M; with 3072*K*M*M, or M*M, it is proved): sym's order
	// proof of a rounding by a divisor of high degree fails, and an
	// assumption does not decide itself.
	{31, false, "needs", "complement", []string{"(((_8*K,_3,_4),(_2,_2,_1),(K,M)),_8,(M,M,K)):(((_0,_64*M*K*M*K*K,_1),(_1536*M*K*M*K*K*M,_4*M*K*M,_1536*M*K*M*K*K),(_4*M,_4)),_192*M*K*M*K*K,(_4*M*K,_1536*M*K*M*K*K,_8*M*K*M))", "M*N"}, []string{"ceil_div(M,4) >= 2", "N % 4 == 0", "K >= 2"}, nil},
	// 35. a value whose size leaves int64 at M >= 8 (2^60*M): CuTe's value
	// there is the same layout, so the answer is plain and compared where
	// it fits (the symbols' domain, rules' doc)
	{35, false, "square", "downcast", []string{"(_1099511627776,M):(_1,_1099511627776)", "1048576"}, nil, []sym.Binding{{"M": 1}, {"M": 7}, {"M": 8}, {"M": 57}}},
}

func TestReviewFindings(t *testing.T) {
	for i, f := range reviewFindings {
		name := fmt.Sprintf("%d/finding%d/%s", i, f.finding, f.op)
		t.Run(name, func(t *testing.T) {
			var c collector
			switch f.check {
			case "square":
				if squareCase(&c, "finding", f.op, f.args, f.assume, f.at) == 0 {
					c.Errorf("no binding checked")
				}
			case "precise":
				for _, m := range falseErrors(f.op, f.args, f.assume, f.at) {
					c.Errorf("%s%v: an error where concrete (strict) gives a value, %s", f.op, f.args, m)
				}
			case "overflow":
				overflowCase(&c, f.op, f.args, f.assume, f.at)
			case "dynamic":
				dynamicCase(&c, "finding", f.op, f.args, f.assume)
			case "needs":
				needsCase(&c, f.op, f.args, f.assume)
			case "panic":
				panicCase(&c, f.op, f.args, f.assume)
			case "text":
				textCase(&c, "finding", f.op, f.args, f.assume, f.at)
			case "refused":
				refusedCase(&c, f.op, f.args, f.assume)
			default:
				t.Fatalf("unknown check %q", f.check)
			}
			switch {
			case f.open && len(c.msgs) > 0:
				t.Skipf("finding %d (open): %s", f.finding, c.msgs[0])
			case f.open:
				t.Errorf("finding %d no longer reproduces for %s%v: drop its open mark", f.finding, f.op, f.args)
			default:
				for _, m := range c.msgs {
					t.Error(m)
				}
			}
		})
	}
}

// overflowCase reports a case selected at a binding whose value does not
// fit int64.
func overflowCase(t reporter, op string, args, assume []string, at []sym.Binding) {
	ctx, err := sym.Assume(assume...)
	if err != nil {
		t.Fatalf("assumptions %v: %v", assume, err)
		return
	}
	ans, err := rules.Compute(rules.Request{Op: op, Args: args, Assume: assume})
	if err != nil {
		return // an error answer: what the finding asks
	}
	for _, b := range at {
		for _, br := range ans.Branches {
			holds := true
			for _, g := range br.Guards {
				if h, err := g.Holds(b); err != nil || !h {
					holds = false
				}
			}
			if !holds || br.Err != nil {
				continue
			}
			if _, err := ctx.EvalValue(br.Value, b); sym.OutOfRange(err) {
				t.Errorf("%s%v at %v: the answer %s overflows int64: %v", op, args, b, br.Value, err)
			}
		}
	}
}

// needsCase reports an answer with one case that is not an error whose
// guards, assumed, do not make the answer plain.
func needsCase(t reporter, op string, args, assume []string) {
	ans, err := rules.Compute(rules.Request{Op: op, Args: args, Assume: assume})
	if err != nil {
		t.Errorf("%s%v: %v", op, args, err)
		return
	}
	var good []rules.Branch[sym.Value]
	for _, b := range ans.Branches {
		if b.Err == nil {
			good = append(good, b)
		}
	}
	if len(good) != 1 || len(good[0].Guards) == 0 {
		return
	}
	more := append([]string(nil), assume...)
	for _, g := range good[0].Guards {
		more = append(more, g.String())
	}
	again, err := rules.Compute(rules.Request{Op: op, Args: args, Assume: more})
	if err != nil {
		t.Errorf("%s%v under the needs %v: %v", op, args, more, err)
		return
	}
	if _, ok := again.Plain(); !ok {
		t.Errorf("%s%v under the needs %v: still %d cases", op, args, more, len(again.Branches))
	}
}

// refusedCase reports a request answered with a value in some case, where
// concrete refuses it at every binding.
func refusedCase(t reporter, op string, args, assume []string) {
	ans, err := rules.Compute(rules.Request{Op: op, Args: args, Assume: assume})
	if err != nil {
		return
	}
	for _, br := range ans.Branches {
		if br.Err == nil {
			t.Errorf("%s%v: the case %s is %s where concrete refuses", op, args, sym.FormatConds(br.Guards), br.Value)
		}
	}
}

// panicCase reports a request whose computation panics, symbolic or
// dynamic.
func panicCase(t reporter, op string, args, assume []string) {
	for _, dyn := range []bool{false, true} {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%s%v (dynamic %v): panic: %v", op, args, dyn, r)
				}
			}()
			_, _ = rules.Compute(rules.Request{Op: op, Args: args, Assume: assume, Dynamic: dyn})
		}()
	}
}
