// Package sym implements the symbolic integers of cutealg: expressions over
// symbols in a canonical form, assumptions about the symbols, decision
// procedures with checkable certificates, values that split into cases
// where a question cannot be decided, and symbolic IntTuples and Layouts
// that ground into package concrete.
//
// A symbol (M, N0, tile_m) stands for an unknown positive integer. Every
// question is asked under a context (Ctx) of assumptions, and a symbolic
// answer is correct when it holds at every binding of the symbols that the
// assumptions allow.
//
// # Values
//
// An Expr is a sealed interface: the package's single implementation is a
// polynomial in canonical form, built only by this package, so that Exprs
// are canonical by construction. The representation is a sum of terms
// c*x1^e1*...*xk^ek where
//
//   - c is a non-zero rational (int64 numerator and denominator, moving to
//     math/big when they do not fit: arithmetic never wraps);
//   - each xi is a variable: a symbol, or an opaque atom floor_div(a,b),
//     ceil_div(a,b), a%b, min(a,b) or max(a,b) over canonical arguments
//     that could not be reduced, or a group atom min(y,y) standing for a
//     divisor y of several terms (see Division and integrality; inside a
//     Ctx, also a fresh unknown);
//   - each ei is a non-zero integer, negative for exact division by a
//     variable (M/K is M*K^-1);
//   - factors are sorted by variable (symbols by name, then atoms by their
//     text), terms by total degree, then lexicographically, the constant
//     last; no monomial occurs twice, no coefficient is 0;
//   - no monomial holds more than one mod atom (counting multiplicity):
//     the notation cannot write a product of two remainders (see
//     Printing), so such a product is expanded with x%y = x-y*floor_div(x,y).
//
// Atoms are reduced where the reduction holds for all values: constants
// are computed; floor_div, ceil_div and mod take out the terms the divisor
// divides (floor_div(8*M+3,8) is M, (8*M+3)%8 is 3) and a common factor of
// divisor and coefficients, floor_div and ceil_div a monomial of symbols
// that divides a monomial divisor and every term of the dividend
// (ceil_div(M*N,2*M) is ceil_div(N,2)); nested floor divisions by positive values
// merge; min and max pick an operand when that holds for all positive
// values of the symbols (min(M,M*N) is M) and order their arguments. Two
// Exprs are Equal exactly when their canonical forms are identical. On the
// polynomial fragment (no atoms) the canonical form is unique, so Equal is
// equality of functions; with atoms, equal functions may have different
// forms, and Ctx.Equal decides more.
//
// # Division and integrality
//
// The notation's '/' is exact division: an obligation that the quotient is
// an integer (discharge it with Ctx.Divides). ExactDiv(a,b) by a monomial
// multiplies by its inverse, which may leave rational coefficients and
// negative exponents; by a polynomial that divides a it is the quotient;
// otherwise it stays an exact quotient: a times a group atom of the
// divisor with exponent -1. The group atom min(y,y) has the value y; y is
// the divisor with its denominators and negative exponents cleared into a
// (M/(N/K+1) is the quotient of K*M by K+N), its content, sign and common
// monomial taken out (M/(-2*N-2) is -1*M/2/(N+1), K/(M*N+M) is
// K/M/(N+1)): an integer polynomial of several terms. A group atom only
// ever has negative exponents (a positive power is its argument,
// multiplied out), and the polynomial numerator of the terms over one
// group is divided by its argument with remainder (the remainder has no
// term that the argument's leading monomial divides), so that the form of
// a quotient by one sum is unique: (M/(N+1))*(N+1) is M, M/(N+1)+M*N/(N+1)
// is M, and M*N/(N+1) is M-M/(N+1). (Over products of several groups,
// 1/(N+1)/(M+1), or numerators with negative exponents, M/K/(N+1), equal
// values may still have different forms; Equal is then false, never
// wrongly true.) The value of M/(N+1) is the rational M/(N+1) at every
// binding: EvalRat gives 3/2 at M=3, N=1, and Eval and Cond.Holds fail
// there (inexact division); decisions answer for the bindings where their
// operands are integers. A division by a sum is never a floor_div:
// Substitute(M/K+N/K, K=N+1) is (M+N)/(N+1), exactly. The value of an Expr
// at a binding is computed exactly, with rationals (EvalRat); Eval returns
// it when it is an integer and fails otherwise. Every reduction the
// package applies is an identity of these rational values (rules that
// need an integer operand check that it is integer-valued: integer
// coefficients, no negative exponent, and only floor_div, ceil_div, or
// mod, min, max of such operands as atoms).
//
// % is the remainder with the sign of the divisor (a - b*floor(a/b), as
// Python's %; the non-negative remainder for a positive divisor).
// floor_div and ceil_div round toward minus and plus infinity. Where CuTe's
// C++ semantics differ for negative operands, the callers that mirror CuTe
// translate.
//
// # Invalid values
//
// Division or modulo by the constant 0, and a value beyond the size
// limits (MaxTerms terms, exponents beyond 2^20, powers of sums beyond 64),
// give an invalid Expr: Err reports why, it prints as invalid(...), it is
// Equal to nothing, and operations on invalid values produce invalid
// values. A nil Expr is read as 0. Nothing in this package panics on input
// (MustParse panics by design, on program constants).
//
// # Printing
//
// String prints the canonical form in the notation of internal/notation
// (CuTe's print syntax), and Parse(e.String()) gives back e. The notation
// has no grouping parentheses ('(' always opens a tuple), so printing
// writes only what reads back:
//
//   - a sum of terms, the first positive term first: 2*M*N+M-1, N-M,
//     -1*M-N;
//   - a term as its numerator, factors, '/' denominator, '/' each factor
//     with a negative exponent: 3*M*N/2/K; M*M for a square;
//   - a term with a mod atom starts with it, because x%y*c reads as
//     (x%y)*c: T%4*128, M%8*N%4 (which is (M%8*N)%4); the atom x%y is kept
//     only when x is one term and y one factor (integer, symbol, call):
//     (M+1)%8 is M+1-8*floor_div(M+1,8);
//   - a division by a sum y, which the notation cannot group, prints its
//     divisor as the call min(y,y), a factor whose value is y:
//     M/(N+1) prints as M/min(N+1,N+1), and reads back as the same value.
//     Parse reads any min(y,y) as y, so the text M/min(N+1,N+1) is the
//     exact division M/(N+1) however it was written. (Not floor_div(y,1),
//     which is y only for integer y.)
//   - every '/' of the text is an exact division wherever the value is an
//     integer (the graders' reading of the text: each '/' an obligation of
//     its own). A term with a rational coefficient or a negative exponent
//     may be a non-integer where the sum is an integer (M/2+1/2 is (M+1)/2,
//     an integer for odd M; M/2 is not), so two or more such terms print
//     as one exact division of the integer polynomial of their sum times
//     their common denominator, grouped as min(P,P): M/2+1/2 as
//     min(M+1,M+1)/2, M*N/2-M*M/2 as min(M*N-M*M,M*N-M*M)/2,
//     M*N+(M+N)/K as M*N+min(M+N,M+N)/K, (M+K)/(N+1) as
//     min(K+M,K+M)/min(N+1,N+1). One such term keeps its text (M/128,
//     3*M*N/2/K): its chain is exact wherever its value is an integer.
//     (Where the common denominator holds several sums, or a sum beside
//     other factors, the terms print one by one, since their canonical
//     form is not that of the grouped text: M/2/N+M/min(N+1,N+1).)
//   - a condition prints its two sides and the comparison: the error of
//     ShapeDiv prints its divisibility conditions through Cond, so that
//     M*N%(2*K)==0 prints as M*N-2*K*floor_div(M*N,2*K)==0, never as
//     M*N%2*K==0, which reads as (M*N%2)*K==0.
//
// Text reads back within the notation's limits (internal/notation: at most
// 127 chained operators on a path, 65536 nodes, 1 MiB). A value beyond
// them (a sum of some 130 terms, M to the 130th power) still prints, and
// Parse refuses that text with an error (nesting too deep, value too
// large, input too long): it never reads back as another value.
//
// # Assumptions
//
// A Ctx is an immutable set of assumptions; With (or WithConds) returns a
// child. The condition language is that of DESIGN section 2: comparisons
// == != < <= > >= of integer expressions, joined by &&; '!' is accepted
// over a comparison (negated) and over || (De Morgan). A disjunction (||,
// or ! over &&) is not supported: the error says to assume each
// alternative in its own context.
//
// Assumptions compile to a parametrization of the allowed bindings:
// divisibility and congruence of one unknown become substitutions with
// fresh unknowns (M%8==0 gives M = 8*M'1, M'1 >= 1; then M%12==0 gives
// M'1 = 3*M'2; M%8==3 gives M = 8*M'1'+3, M'1' >= 0; M%N==0 gives M =
// N*M'1; x%2!=r is x%2==1-r, M%2!=0 gives M = 2*M'1'+1), linear equations
// with an integral solution become substitutions
// (N==4*M gives N = 4*M), bounds of one unknown attach to it (M>=8, T<128),
// and everything else is kept as a fact (N>=M, m<M, M*N%8==0, M!=4). An
// inequality about one floor_div or ceil_div atom by an integer divisor
// >= 1 also gives the equivalent fact over the atom's integral argument
// (floor_div(M,4)>=2 gives M>=8, ceil_div(M,N)<=2 gives M<=2*N, a bound or
// a fact like any other); so does an equation about one (both ways:
// floor_div(M,4)==1 gives 4<=M<=7), and a != where the atom's side is a
// non-negative integer, as that side >= 1 (ceil_div(5,2*M)!=1 gives
// ceil_div(5,2*M)>=2, so 2*M<=4). Each step is recorded; certificates replay them.
//
// '/' in an assumption is exact division, as everywhere: the assumption
// holds only where each side is an integer, and that is compiled as a
// constraint of its own (M/2>=1 gives M = 2*M'1, M'1 >= 1; M/K>=1 gives M
// = K*M'1; the side times den = L*S, L the lcm of the denominators and S
// the symbols it divides by, must be a multiple of den). Where '/' occurs
// inside the arguments of an atom, the side's integrality is kept as a
// fact, checked exactly and used by no step.
//
// The result does not depend on the order of the assumptions: a context
// is compiled from all of them (a parent's and With's) in a canonical
// order (congruences with a constant modulus, equations, other
// congruences, inequalities, !=; by text within each), one at a time: the
// facts of each are settled before the next one's are made, and the kept
// facts are processed again after every round that changed the
// parametrization (M%8==0&&N%M==0 gives N = 8*M'1*N'2 in either order).
// A context keeps its state after each prefix of that order, so that With
// resumes from the parent's state before the first place where the new
// assumptions sort and adds only the rest: the same context as compiled
// from scratch, for less work. A kept congruence
// x%y==r fixes the atom x%y: a second remainder for it, or a fact it makes
// false, is a contradiction (M*N%8==0&&M*N%8!=0), and Simplify and the
// decisions replace the atom by r (under M%N==3, 2 | M%N+1 and N >= 4);
// order proofs also use every equation as two inequalities.
//
// With reports inconsistent assumptions (*InconsistentError) when a
// contradiction follows from the substitutions, bounds, a fact the bounds
// refute, an equation without an integer solution, a side with '/' that
// cannot be an integer (N%2==1&&N/2<2), two remainders for one atom
// (M%N==3&&M%N==4), a cycle of difference constraints (M>N&&N>M; a !=
// fact on a difference they force, M<=N&&N<=M&&M!=N), a fact whose atoms
// relaxed to their bounds (x%y <= y-1, min(a,b) <= a, floor_div(x,d) >=
// (x-d+1)/d, ...) refute it (M%N==N), an assumption with atoms whose
// negation the order proofs (verified, with the bounds of the atoms below)
// prove (L*L*ceil_div(M,L*L)<M; ceil_div(M,N)>=2&&M<=N; a guard beside its
// negation), or (for facts over unknowns that the bounds, with upper
// bounds derived from facts like M+N<=2 or M*N==7, confine to at most 4096
// points) exhaustive search. Other contradictions may go unnoticed; then
// proofs under the context are vacuously true, and no False answer is
// given without a binding that satisfies every assumption.
//
// # Three-valued answers
//
// Decisions answer True, False or Unknown. True means the claim holds at
// every allowed binding (where both operands are integers); False means a
// binding is known that satisfies every assumption and refutes the claim;
// Unknown means neither was found, and never means false. Operations that
// must choose (Ctx.FloorDiv, Min, ShapeDiv, ...) split into cases on
// Unknown rather than guess.
//
// Every True and False answer has a certificate (Decision.Certificate,
// Comparison.Certificates), checked by Verify without trusting the deciding
// code: Verify has its own arithmetic (math/big), replays the compilation
// of the assumptions checking each step against the assumption that
// justifies it, and recomputes the proof; a refutation is a binding that
// Verify evaluates directly. The proofs are: for Divides, the quotient of
// the images over the unknowns, integral; for Equal, identical images; for
// an order, the difference of the images, cleared of negative exponents by
// a positive scale and shifted to the lower bounds of the unknowns (u =
// lo(u) + u'), minus non-negative multiples of kept facts and upper bounds,
// with non-negative coefficients. The scale is the product of the
// variables with a negative exponent, each >= 1: unknowns, atoms such as
// min(M,N), and group atoms, whose argument it multiplies out (2/K under
// K%2==1, where K = 2*K'+1, is scaled by 2*K'+1, and 2-2/K <= 2 becomes
// 4*K' >= 0; 1/(K+1) <= 1 likewise); Verify reads the reciprocal of a sum
// as an atom >= 0 where the sum is shown positive, and multiplies it out
// against a scale that the sum divides and the shift shows positive. A
// kept fact with negative exponents (m < 64/TM) enters times the scale
// that clears them (TM*m < 64: FactUse.Scale, which Verify checks as it
// checks the proof's own scale). An order claim is about the values of
// its sides, rationals where an exact '/' leaves a fraction. The facts of
// an order proof include the
// bounds that define its atoms: for a divisor d that is an integer >= 1 (a
// constant, a monomial such as L*L, or an integral polynomial whose d-1
// the shift argument shows non-negative, such as min(M,N) or N+1), x%d in
// [0, d-1], d*floor_div(x,d) in [x-d+1, x] and d*ceil_div(x,d) in [x,
// x+d-1] (integral x), and x == d*floor_div(x,d) + x%d where both atoms
// occur; min(a,b) <= a, b and max(a,b) >= a, b; Verify derives each again
// from the atom. The lower bounds of atoms hold for nested atoms too
// (ceil_div(min(M,N),4) >= 1), and a kept != fact with atoms whose side is
// a non-negative integer makes it >= 1 (M%4!=0: M%4 >= 1). Where the facts
// do not prove an integral difference P >= 0 (> 0), the proof may be
// rounded by a divisor R of its floor_div and ceil_div atoms
// (Certificate.Round): R*P' + R - 1 >= 0 (R*P' - 1 >= 0), P' = P over the
// gcd of its coefficients, makes the integer P' > -1 (>= 1). So
// ceil_div(a,b) == 1 for 1 <= a <= b, floor_div(a,b) == 0 for 0 <= a < b,
// and floor_div(M,K) <= floor_div(N,K) for M <= N are decided. A min or max whose order the
// context proves is replaced by that operand (under M<=N, min(M,N) is M),
// each such resolution recorded with its order proof and checked by
// Verify first.
//
// Certificates have a stored form: json.Marshal of a *Certificate writes
// JSON with explicit field names, expressions in the notation, and the
// fresh unknowns of the compilation (M'1, which the notation cannot write)
// as declared aliases; ParseCertificate (or json.Unmarshal) reads it back,
// and Verify checks what was read. A certificate is built by the procedure
// that decided the question: the general path makes and verifies it while
// deciding (the verifier's replay of the assumptions is made once per
// context and each proof checked on a copy of it, which is what Verify
// does in one call); the fast paths build it on demand from their own
// data, without re-running the general path and without calling Verify
// (a derivation that stores certificates verifies them).
//
// What is decided:
//
//   - Divides(a,b): True when the quotient of the images is integral, or,
//     in a context with kept facts, when Equal's proofs show the remainder
//     b%a equal to 0 for a divisor a >= 1 (under M-L*L*floor_div(M,L*L)==0,
//     L*L divides M; under M*N%8==0, 8 divides M*N); False when the search
//     finds an allowed binding where it is not.
//   - Equal(a,b): True when the images are identical, or when a <= b and
//     b <= a are proved (what Compare proves); False on a binding where
//     they differ. a != b is proved by a < b or a > b, where the
//     difference d is integral also as d' - 1 >= 0 (a rounding by 1, d'
//     = d over the gcd of its coefficients: under M%N>=2, M%N != 1;
//     under M*N>1, M*N != 1, as under M*N>=2), or by a kept !=
//     assumption.
//   - Compare(a,b): the set of relations {<,=,>} not excluded by a proof,
//     and the subset witnessed by bindings. Two monomials are ordered by
//     the lower bounds of their unknowns (after dividing out their common
//     part); sums by the shift argument with facts. Witnesses come from
//     the search; for monomials whose images are monomials, it then also
//     tries growing one unknown (for < and >) and solving for one unknown
//     (for =); = may stay unwitnessed (2*M against 3*N).
//   - Decide(cond): any condition of the notation (== != < <= > >=; x%y==0
//     is Divides(y,x)), through Divides, Equal and Compare, with the
//     certificates of its answer (CondDecision.Certificates).
//   - By cases: where Divides, Equal or Compare finds neither a proof nor
//     a witness for a claim whose operands hold a min(x,y) or max(x,y)
//     (outermost first, nested ones too), it proves the claim with the
//     atom replaced by x under the guard x <= y (y <= x for max) and by
//     y under y <= x, each in the context with its guard added; a guard
//     that fails as <= is tried strict, in one of the two cases only, so
//     that they cover every binding (Certificate.Split). Under M%4==0 &&
//     N%4==0, min(M,N)%4==0; under M%8==0, 16%min(M,16)==0 (M under M <
//     16, where M is 8; 16 under 16 <= M). A case may split again on an
//     atom of its own claim, at most maxCaseSplits (2) atoms on a path, so
//     at most 4 cases, each proved by the general path's proofs.
//     Possible and ProvesDivides split alike, so that they answer what
//     Compare and Divides prove.
//
// The search for witnesses is one enumeration of points of the box of the
// unknowns (the lower corner, each unknown moved up by a fixed list of
// offsets, the upper bounds, then pseudo-random combinations, 400 points
// in all, then each unknown at its top: the largest value that a kept
// fact of degree 1 in it allows with the other unknowns at their lower
// bounds, a fact with negative exponents taken times the monomial that
// clears them, so that under m<64/TM the point TM=1, m=63 refutes
// TM*m<=62), used by every path, so that all find the same witnesses; a
// point counts only where every symbol's value is a positive int64 and
// every assumption, evaluated there, holds (the fast paths too evaluate
// the assumptions at each witness they report, and give up where they
// cannot).
//
// What is left Unknown: divisibility by a sum that does not divide as a
// polynomial (unless a kept fact pins the remainder); orders that need
// upper bounds of products or
// non-linear reasoning beyond one multiplier per fact; relations that hold
// only at bindings the bounded search (a few hundred points near the lower
// bounds) does not reach; anything an atom hides beyond the bounds that
// define it (M%8 in [0,7], min(M,N) <= M, ...), and claims about min and
// max atoms that no proof orders beyond the cases of two of them.
//
// An algorithm that only needs what is proved (does a relation hold at
// every allowed binding, or at none) asks Ctx.Possible and
// Ctx.ProvesDivides: Compare's and Divides' proofs without their search
// for witnesses.
//
// Decide with Ctx.Divides, Ctx.Equal, Ctx.Compare and Ctx.Decide. On
// monomials over symbols whose images are monomials, in a context without
// kept facts, they take a fast path that allocates nothing; certificates
// are then built on demand. In a context whose kept facts are linear (N >=
// M, M != 2, ...) and whose assumptions have no atoms other than x%d,
// floor_div(x,d) and ceil_div(x,d) by positive constants (M%128==0),
// Divides and Compare on such monomials (for Compare, of degree at most 1
// in the unknowns, or any degree where the shift argument alone leaves one
// relation) replay the general path without allocating, with the same
// answers, and build certificates on demand too. Both fast paths visit the
// general path's points and are tested against it. (Outside that fragment,
// when the first choice of facts fails, an order proof tries a second one,
// the fact that leaves the fewest negative terms; the replay knows only
// the first.) Possible has a third, on operands whose images have no
// atoms: it decides the general path's proofs on the difference of the
// images, computed once, by the shift argument alone where that suffices
// (and, in a context whose proofs have no fact to use, by the kept !=
// facts), without a verified certificate per proof; where facts are
// needed it asks the general path (shiftPossible).
//
// # Case splits
//
// A Piecewise[T] is a list of branches: a guard (a conjunction of
// conditions, in addition to the context's assumptions), and a value or an
// error. Its guards are disjoint and exhaustive at the allowed bindings;
// branches whose guard contradicts the assumptions are pruned, branches
// with equal values merge where their guards join into one condition, and
// no result has more than MaxBranches branches (beyond, the operation
// fails with a *NeedsError naming the conditions it split on). Then
// composes case splits; Select picks the branch of a binding. Each branch
// lists the decisions that chose it or excluded other cases (Branch.Why),
// and Branch.Certificates gathers their certificates; branches pruned
// because their guard contradicts the assumptions have no certificate.
//
// Ctx.FloorDiv, CeilDiv and Mod answer the exact quotient (or 0) where
// the divisor divides, and split on divisibility otherwise; Ctx.Min and
// Max split on the order; Ctx.ShapeDiv and ShapeMod mirror CuTe's
// shape_div and the "mod out" of composition, with an error branch where
// neither operand divides the other. A divisor that may be 0 gets an error
// branch of its own.
//
// Ctx.Sample draws bindings that satisfy the assumptions, through the
// parametrization, for spot checks against package concrete.
//
// # Tuples and layouts
//
// Int is a leaf of a symbolic IntTuple with CuTe's static mark: _4 is
// static, 4 dynamic, a symbol and every expression over one dynamic.
// IntTuple (internal/tuple over Int) and Layout parse and print in CuTe's
// syntax; Ctx.EvalInt, EvalTuple and EvalLayout ground them into package
// concrete at a binding, which must satisfy the assumptions.
//
// # Limits
//
// Symbols and atoms are interned in a process-wide table that is never
// emptied (it holds one entry per distinct symbol and atom met). All
// values are immutable and safe for concurrent use. WithConds remembers
// the children of contexts by their conditions, and With by their text
// too (at most 4096 entries, process-wide), and a context
// remembers the answers of the general paths of Possible and
// ProvesDivides (at most 256 each context): a context is immutable and its
// answers deterministic, so a question asked again gets the same answer
// without its proofs (the certificates of Compare, Divides and Decide are
// made each time). Below them, a context remembers the outcomes of its
// order proofs by facts made with a whole work budget (at most 256; each
// min or max atom is resolved again by every proof about it, and
// Possible's proofs of p >= 0 and p > 0 repeat one search, which the
// proof of p > 0 does not make again where the one of p >= 0 failed
// before its rounding) and the facts that define its atoms; a remembered
// outcome charges the work it cost, so that every answer, and ProofWork,
// is what it would be without them.
//
// The work of a decision is bounded. The search for an order proof by
// facts (the multiples of kept facts subtracted from the shifted
// difference) makes at most 32 subtractions per choice of facts and
// spends at most 8192 work units in all, a unit a term read or written (a
// fact read in the search for a multiplier costs its terms, a subtraction
// the terms of both polynomials); beyond that the proof is not made, and
// the question is answered as if none existed: a relation is not excluded,
// so an algorithm splits, or names the assumptions it needs. A rounded
// proof is tried on differences of at most 12 terms, by at most 2
// divisors, within the same units; a fact or difference with atoms whose
// shift has more than 32 terms is not used (products of many atoms >= 1);
// the check of a new context's assumptions with atoms spends at most 8192
// units for all of them. A proof by cases is tried only where the
// question is otherwise Unknown; it builds at most 20 guard contexts (two
// guards, <= then <, for each of two cases, at each of maxCaseSplits
// levels), each of its proofs within the bounds above. ProofWork counts the units spent, for tests and
// benchmarks.
package sym
