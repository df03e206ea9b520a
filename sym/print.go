package sym

import (
	"math"
	"math/big"
	"slices"

	"github.com/cutealg/cutealg/internal/notation"
)

// Printing converts canonical polynomials into notation trees that the
// notation can represent (it has no grouping parentheses) and prints them
// with notation.Print. The text is:
//
//   - a sum of terms in canonical order, except that the first positive
//     term is moved to the front: 2*M*N+M-1, N-M; when all terms are
//     negative the first carries its sign as a negative literal (-1*M-N,
//     -3), the others print as '-';
//   - a term is its integer numerator, then its factors in variable order,
//     then '/' its denominator, then '/' each factor with a negative
//     exponent: 3*M*N/2/K; a factor of exponent e is written e times (M*M);
//   - a term that holds a mod atom starts with it, because x%y*c reads as
//     (x%y)*c while c*x%y would read as (c*x)%y: M%8*128, T%4*-3;
//   - a group atom (the divisor y of several terms of an exact quotient,
//     see groupVar) prints as min(y,y), after a '/': M/min(N+1,N+1);
//   - two or more terms that may be non-integers (a rational coefficient,
//     a negative exponent) print as one exact division, so that every '/'
//     is exact wherever the value is an integer: M/2+1/2 as
//     min(M+1,M+1)/2 (see quotientNode);
//   - floor_div, ceil_div, min and max print as calls; an unknown made by a
//     Ctx prints with its quote (M'1), which does not parse: such values
//     only appear inside certificates.
//
// A numerator beyond int64 is split into several terms whose coefficients
// are int64 multiples of powers of 2^31; a denominator beyond int64 is
// written as a chain of int64 divisions, factored by trial division,
// perfect powers and a bounded Pollard's rho. Only a denominator with a
// factor beyond int64 that these cannot split (two primes above 2^32, say,
// from several divisions by huge constants) prints as text that does not
// parse back.

func printPoly(p *poly) string {
	if p.err != nil {
		return "invalid(" + p.err.Error() + ")"
	}
	return notation.Print(polyNode(p))
}

// String returns the canonical text of the expression.
func (p *poly) String() string { return printPoly(p) }

func intNode(v int64) notation.Node { return &notation.Int{Value: v} }

func bin(op byte, x, y notation.Node) notation.Node {
	return &notation.Binary{Op: op, X: x, Y: y}
}

func polyNode(p *poly) notation.Node {
	if len(p.t) == 0 {
		return intNode(0)
	}
	// The items in canonical order: the terms, except that several terms
	// that are not integers become one item, their exact quotient, at the
	// place of the first of them (see quotientNode).
	var qNode notation.Node
	qAt, qNeg := -1, false
	if fractionalTerms(p.t) > 1 {
		qNode, qNeg = quotientNode(p)
	}
	var buf [8]int
	items := buf[:0] // indexes into p.t
	for i, t := range p.t {
		if qNode != nil && fractional(t) {
			if qAt >= 0 {
				continue
			}
			qAt = i
		}
		items = append(items, i)
	}
	negative := func(i int) bool {
		if i == qAt {
			return qNeg
		}
		return p.t[i].c.sign() < 0
	}
	// Start with the first positive item, if any, so that N-M prints as
	// N-M and not -1*M+N; the rest follow in canonical order.
	if negative(items[0]) {
		for k, i := range items {
			if !negative(i) {
				items = append(append([]int{i}, items[:k]...), items[k+1:]...)
				break
			}
		}
	}
	var acc notation.Node
	add := func(n notation.Node, neg bool) {
		switch {
		case acc == nil && neg:
			acc = bin('*', intNode(-1), n)
		case acc == nil:
			acc = n
		case neg:
			acc = bin('-', acc, n)
		default:
			acc = bin('+', acc, n)
		}
	}
	for _, i := range items {
		t := p.t[i]
		switch {
		case i == qAt:
			add(qNode, qNeg)
		case t.c.b == nil && acc == nil: // a small coefficient: the term is one part
			acc = termNode(t.c, t.m, 0)
		case t.c.b == nil:
			add(termNode(absRat(t.c), t.m, 0), t.c.sign() < 0)
		default:
			for _, part := range splitBig(t) {
				if acc == nil {
					acc = termNode(part.c, part.m, part.extra)
				} else {
					add(termNode(absRat(part.c), part.m, part.extra), part.c.sign() < 0)
				}
			}
		}
	}
	return acc
}

// absRat returns |c|.
func absRat(c rat) rat {
	if c.sign() < 0 {
		return c.neg()
	}
	return c
}

// fractional reports whether the term t may be a non-integer where its
// variables are integers: a coefficient that is not an integer, or a
// negative exponent.
func fractional(t term) bool { return !t.c.isInt() || !t.m.polynomial() }

// fractionalTerms counts the fractional terms of ts.
func fractionalTerms(ts []term) int {
	n := 0
	for _, t := range ts {
		if fractional(t) {
			n++
		}
	}
	return n
}

// quotientNode writes the sum q of the fractional terms of p (two or
// more) as one exact division, and whether it is subtracted. A sum such as
// M/2+1/2 may be an integer only as a whole ((M+1)/2 for odd M), while its
// text term by term makes each '/' an exact division of its own (the
// graders' reading): M/2 is inexact there. Let D be the monomial that
// clears the denominators and negative exponents of q's terms (clearing)
// and P = q*D, an integer polynomial. q prints as min(P,P) (the notation
// cannot group a sum; Parse reads min(y,y) as y) divided by D's factors
// one by one: its group atoms first, then its integer, then the other
// variables (M/2+1/2 as min(M+1,M+1)/2, (M+K)/(N+1) as
// min(K+M,K+M)/min(N+1,N+1)); a P of negative terms only is negated and
// subtracted. Wherever q is an integer, each '/' of the chain is exact (if
// P/(x*y) is an integer, so is P/x), and the other terms of p are integers
// wherever their atoms are, so q is an integer wherever p is.
//
// The node is nil, and the terms print one by one, where P is beyond the
// size limits or where that text would not read back as p: where D holds
// several group atoms, or a group atom beside other factors, equal
// quotients may have different canonical forms (see the package
// documentation, Division and integrality), and Parse makes the form of
// its own division chain (M/2/N+M/min(N+1,N+1) prints so).
func quotientNode(p *poly) (notation.Node, bool) {
	var fs, is []term
	for _, t := range p.t {
		if fractional(t) {
			fs = append(fs, t)
		} else {
			is = append(is, t)
		}
	}
	l := clearing(fs)
	lt := l.t[0]
	num := mulPoly(normalize(fs), l)
	if num.err != nil || len(num.t) == 0 {
		return nil, false
	}
	// the division chain: by the group atoms first (Parse then divides P
	// by one sum with remainder, as quoPoly made the terms over it), then
	// by d and the other variables
	var groups, rest mono
	for _, f := range lt.m {
		if isGroup(f.v) {
			groups = append(groups, f)
		} else {
			rest = append(rest, f)
		}
	}
	if !readsBack(p, normalize(is), num, lt.c, groups, rest) {
		return nil, false
	}
	neg := true // a sum of negative terms only is subtracted
	for _, t := range num.t {
		if t.c.sign() > 0 {
			neg = false
		}
	}
	if neg {
		num = negPoly(num)
	}
	var n notation.Node
	if len(num.t) == 1 {
		n = termNode(num.t[0].c, num.t[0].m, 0)
	} else {
		y := polyNode(num)
		n = &notation.Func{Name: "min", X: y, Y: y}
	}
	return divChain(divChain(n, big.NewInt(1), groups), lt.c.num(), rest), neg
}

// readsBack reports whether the text ipart + num/groups.../d/rest...
// reads back as p: Parse adds the terms and divides left to right.
func readsBack(p, ipart, num *poly, d rat, groups, rest mono) bool {
	back := num
	div := func(m mono) {
		for _, f := range m {
			y := varPoly(f.v)
			if isGroup(f.v) {
				y = f.v.x // Parse reads min(y,y) as y
			}
			for i := int32(0); i < f.e; i++ {
				back = exactDivPoly(back, y)
			}
		}
	}
	div(groups)
	back = exactDivPoly(back, constPoly(d))
	div(rest)
	return polyEq(addPoly(ipart, back), p)
}

// bigPart is a piece of a term whose numerator does not fit in int64:
// c * 2^(31*extra) * m.
type bigPart struct {
	c     rat
	m     mono
	extra int
}

func splitBig(t term) []bigPart {
	num := t.c.num()
	if num.IsInt64() && num.Int64() != math.MinInt64 {
		return []bigPart{{c: t.c, m: t.m}}
	}
	den := t.c.den()
	neg := num.Sign() < 0
	a := new(big.Int).Abs(num)
	base := big.NewInt(1 << 31)
	var parts []bigPart
	for k := 0; a.Sign() > 0; k++ {
		d := new(big.Int)
		a.DivMod(a, base, d)
		if d.Sign() == 0 {
			continue
		}
		if neg {
			d.Neg(d)
		}
		c := ratFromBig(new(big.Rat).SetFrac(d, den))
		parts = append(parts, bigPart{c: c, m: t.m, extra: k})
	}
	// the highest power first, as the largest contribution
	slices.Reverse(parts)
	return parts
}

// termNode prints c*2^(31*extra)*m as a chain of '*' and '/'.
func termNode(c rat, m mono, extra int) notation.Node {
	var num, den *big.Int
	if c.b == nil {
		num, den = smallInt(c.n), smallInt(c.d)
	} else {
		num, den = c.num(), c.den()
	}
	var modF *variable
	var posBuf, negBuf [4]factor // (most terms have a few factors)
	pos, neg := posBuf[:0], negBuf[:0]
	for _, f := range m {
		switch {
		case f.e > 0 && f.v.kind == kAtom && f.v.op == opMod && modF == nil:
			modF = f.v // its exponent is 1: the mod invariant (normalize)
		case f.e > 0:
			pos = append(pos, f)
		default:
			neg = append(neg, factor{f.v, -f.e})
		}
	}
	var chain notation.Node
	mulBy := func(n notation.Node) {
		if chain == nil {
			chain = n
		} else {
			chain = bin('*', chain, n)
		}
	}
	one := num.IsInt64() && num.Int64() == 1
	if modF != nil {
		mulBy(modNode(modF))
		if !one {
			mulBy(intNode(num.Int64()))
		}
	} else if !one || (len(pos) == 0 && extra == 0) {
		mulBy(intNode(num.Int64()))
	}
	for i := 0; i < extra; i++ {
		mulBy(intNode(1 << 31))
	}
	for _, f := range pos {
		for i := int32(0); i < f.e; i++ {
			mulBy(varNode(f.v))
		}
	}
	return divChain(chain, den, neg)
}

// divChain divides chain by den, then by each factor of m (positive
// exponents), one '/' a literal or variable.
func divChain(chain notation.Node, den *big.Int, m mono) notation.Node {
	if !den.IsInt64() || den.Int64() != 1 {
		for _, d := range int64Factors(den) {
			chain = bin('/', chain, d)
		}
	}
	for _, f := range m {
		for i := int32(0); i < f.e; i++ {
			chain = bin('/', chain, varNode(f.v))
		}
	}
	return chain
}

// smallInts are the big.Int values of -1..64, which termNode reads but
// never modifies.
var smallInts = func() [66]*big.Int {
	var a [66]*big.Int
	for i := range a {
		a[i] = big.NewInt(int64(i - 1))
	}
	return a
}()

// smallInt returns v as a big.Int to read, shared for -1..64.
func smallInt(v int64) *big.Int {
	// (the conversion wraps v < -1 past the table)
	if i := uint64(v + 1); i < uint64(len(smallInts)) {
		return smallInts[i]
	}
	return big.NewInt(v)
}

// int64Factors writes a positive integer as a product of int64 literals:
// its factors (found by trial division, perfect powers and Pollard's rho,
// see splitFactors) packed greedily, each literal the product of the
// factors that follow the previous one while it stays within int64, so
// that the product of two adjacent literals exceeds MaxInt64. A factor it
// cannot split below int64 is printed as an out-of-range literal.
func int64Factors(d *big.Int) []notation.Node {
	if d.IsInt64() {
		return []notation.Node{intNode(d.Int64())}
	}
	var fs []*big.Int
	splitFactors(d, &fs)
	lim := big.NewInt(math.MaxInt64)
	var out []notation.Node
	acc := big.NewInt(1)
	for _, f := range fs {
		if !f.IsInt64() {
			out = append(out, &notation.Sym{Name: f.String()}) // not parseable: see above
			continue
		}
		next := new(big.Int).Mul(acc, f)
		if next.Cmp(lim) > 0 {
			out = append(out, intNode(acc.Int64()))
			next = new(big.Int).Set(f)
		}
		acc = next
	}
	if acc.Cmp(big.NewInt(1)) != 0 {
		out = append(out, intNode(acc.Int64()))
	}
	return out
}

// splitFactors appends factors of n whose product is n: its prime factors
// below 2^16 in increasing order (trial division), until what is left is
// within int64, then the factors of the rest (splitLarge).
func splitFactors(n *big.Int, out *[]*big.Int) {
	n = new(big.Int).Set(n)
	m, q := new(big.Int), new(big.Int)
	for p := int64(2); p < 1<<16 && !n.IsInt64(); p++ {
		bp := big.NewInt(p)
		for !n.IsInt64() {
			if q.QuoRem(n, bp, m); m.Sign() != 0 {
				break
			}
			*out = append(*out, bp)
			n, q = q, n
		}
	}
	splitLarge(n, out)
}

// splitLarge appends factors of n, which has no prime factor below 2^16
// unless it is within int64, whose product is n, each within int64 where
// perfect powers (squares and cubes) and Pollard's rho split it. Each call
// splits n into smaller factors, so the recursion ends.
func splitLarge(n *big.Int, out *[]*big.Int) {
	if n.IsInt64() {
		*out = append(*out, n)
		return
	}
	for _, k := range []uint{2, 3} { // a fourth power is a square
		if r := iroot(n, k); new(big.Int).Exp(r, big.NewInt(int64(k)), nil).Cmp(n) == 0 {
			for range k {
				splitLarge(r, out)
			}
			return
		}
	}
	if n.ProbablyPrime(20) {
		*out = append(*out, n)
		return
	}
	if f := rho(n); f != nil {
		splitLarge(f, out)
		splitLarge(new(big.Int).Quo(n, f), out)
		return
	}
	*out = append(*out, n)
}

// iroot returns floor(n^(1/k)).
func iroot(n *big.Int, k uint) *big.Int {
	x := new(big.Int).Lsh(big.NewInt(1), uint(n.BitLen())/k+1)
	kk := big.NewInt(int64(k))
	for {
		// x' = ((k-1)*x + n/x^(k-1)) / k
		xk1 := new(big.Int).Exp(x, big.NewInt(int64(k-1)), nil)
		y := new(big.Int).Quo(n, xk1)
		y.Add(y, new(big.Int).Mul(big.NewInt(int64(k-1)), x))
		y.Quo(y, kk)
		if y.Cmp(x) >= 0 {
			return x
		}
		x = y
	}
}

// rho is Pollard's rho with a bounded number of steps.
func rho(n *big.Int) *big.Int {
	one := big.NewInt(1)
	for c := int64(1); c <= 3; c++ {
		x, y, d := big.NewInt(2), big.NewInt(2), big.NewInt(1)
		bc := big.NewInt(c)
		f := func(v *big.Int) {
			v.Mul(v, v)
			v.Add(v, bc)
			v.Mod(v, n)
		}
		diff := new(big.Int)
		for i := 0; i < 1<<16 && d.Cmp(one) == 0; i++ {
			f(x)
			f(y)
			f(y)
			diff.Sub(x, y)
			diff.Abs(diff)
			d.GCD(nil, nil, diff, n)
		}
		if d.Cmp(one) != 0 && d.Cmp(n) != 0 {
			return d
		}
	}
	return nil
}

func varNode(v *variable) notation.Node {
	switch v.kind {
	case kSym, kUnknown:
		return &notation.Sym{Name: v.name}
	}
	if v.op == opMod {
		// only reached for a mod atom that is not the lead of its term,
		// which the mod invariant excludes; print it faithfully anyway
		return &notation.Func{Name: "mod", X: polyNode(v.x), Y: polyNode(v.y)}
	}
	return &notation.Func{Name: atomNames[v.op], X: polyNode(v.x), Y: polyNode(v.y)}
}

// modNode prints the mod atom x%y: x is one term (a chain), y a factor.
func modNode(v *variable) notation.Node {
	var x notation.Node
	if t, ok := v.x.monomial(); ok {
		x = termNode(t.c, t.m, 0)
	} else {
		x = polyNode(v.x)
	}
	var y notation.Node
	if c, ok := v.y.constant(); ok {
		n, _ := c.int64()
		y = intNode(n)
	} else {
		y = varNode(v.y.t[0].m[0].v)
	}
	return bin('%', x, y)
}

// atomText is the canonical text of an atom, its intern key.
func atomText(op atomOp, x, y *poly) string {
	v := &variable{kind: kAtom, op: op, x: x, y: y}
	if op == opMod {
		return notation.Print(modNode(v))
	}
	return notation.Print(varNode(v))
}
