package sym

import (
	"errors"
	"fmt"
	"strings"
)

// MaxBranches is the cap on the number of branches of a Piecewise value.
// An operation whose result would need more returns a *NeedsError naming
// the conditions it split on: assuming them (or their negations) makes the
// answer smaller.
const MaxBranches = 16

// Branch is one case of a Piecewise value: under Guard (a conjunction,
// added to the context's assumptions) the value is Value, or, when Err is
// not nil, the operation fails (Value then holds what CuTe computes there,
// where it computes something, or the zero value).
//
// Why lists the decisions of the operation that chose this branch's value
// or excluded the other cases (a Divides answer that made a quotient
// exact, a Compare answer that picked the smaller operand or left two
// cases instead of three); Certificates gathers their certificates.
// Branches pruned because their guard contradicts the assumptions are
// excluded by With's consistency check, which makes no certificate.
type Branch[T any] struct {
	Guard []Cond
	Value T
	Err   error
	Why   []Reason
}

// Reason is one decision that a case split made: a Divides or Equal answer
// (Decision) or a Compare answer (Comparison).
type Reason struct {
	Decision   *Decision
	Comparison *Comparison
}

// Certificates returns the certificates of the reason's decision (none
// for an Unknown one).
func (r Reason) Certificates() ([]*Certificate, error) {
	switch {
	case r.Comparison != nil:
		return r.Comparison.Certificates()
	case r.Decision != nil && r.Decision.Truth != Unknown:
		cert, err := r.Decision.Certificate()
		if err != nil {
			return nil, err
		}
		return []*Certificate{cert}, nil
	}
	return nil, nil
}

// Certificates gathers the certificates of the branch's reasons (Why).
func (b Branch[T]) Certificates() ([]*Certificate, error) {
	var out []*Certificate
	for _, r := range b.Why {
		cs, err := r.Certificates()
		if err != nil {
			return nil, err
		}
		out = append(out, cs...)
	}
	return out, nil
}

// decided returns the reason of a decision that decided something (nil
// for an Unknown answer).
func decided(d Decision) []Reason {
	if d.Truth == Unknown {
		return nil
	}
	return []Reason{{Decision: &d}}
}

// compared returns the reason of a comparison that excluded or witnessed
// a relation (nil otherwise).
func compared(c Comparison) []Reason {
	if c.Possible == AnyOrder && c.Witnessed == 0 {
		return nil
	}
	return []Reason{{Comparison: &c}}
}

// because prefixes the reasons rs to the reasons of every branch of p.
func because[T any](p Piecewise[T], rs ...[]Reason) Piecewise[T] {
	var all []Reason
	for _, r := range rs {
		all = append(all, r...)
	}
	if len(all) == 0 {
		return p
	}
	out := make([]Branch[T], len(p.Branches))
	for i, br := range p.Branches {
		br.Why = append(append([]Reason(nil), all...), br.Why...)
		out[i] = br
	}
	return Piecewise[T]{Branches: out}
}

// Piecewise is a value that depends on undecided conditions. Its guards
// are disjoint and exhaustive under the context it was computed in: at
// every allowed binding exactly one guard holds. Branches whose guard
// contradicts the assumptions are pruned, and branches with equal values
// are merged where their guards combine into one (x<y and x==y into x<=y;
// c and !c into no guard).
type Piecewise[T any] struct {
	Branches []Branch[T]
}

// Plain returns the piecewise value v with a single unguarded branch.
func Plain[T any](v T) Piecewise[T] { return Piecewise[T]{Branches: []Branch[T]{{Value: v}}} }

// Failed returns a single unguarded error branch.
func Failed[T any](err error) Piecewise[T] { return Piecewise[T]{Branches: []Branch[T]{{Err: err}}} }

// Plain reports whether p is a single unguarded value and returns it.
func (p Piecewise[T]) Plain() (T, bool) {
	var zero T
	if len(p.Branches) != 1 || len(p.Branches[0].Guard) != 0 || p.Branches[0].Err != nil {
		return zero, false
	}
	return p.Branches[0].Value, true
}

// Select returns the branch whose guard holds at the binding; it is an
// error when none or several do (which the invariant excludes at bindings
// that satisfy the context).
func (p Piecewise[T]) Select(b Binding) (Branch[T], error) {
	var out Branch[T]
	n := 0
	for _, br := range p.Branches {
		ok := true
		for _, g := range br.Guard {
			h, err := g.Holds(b)
			if err != nil {
				return out, err
			}
			if !h {
				ok = false
				break
			}
		}
		if ok {
			out = br
			n++
		}
	}
	if n != 1 {
		return out, fmt.Errorf("sym: %d branches hold at %s (need exactly one)", n, formatBinding(b))
	}
	return out, nil
}

// String writes the branches as "value" for a plain value, otherwise as
// "when g1: v1; when g2: error: e".
func (p Piecewise[T]) String() string {
	if v, ok := p.Plain(); ok {
		return fmt.Sprint(v)
	}
	parts := make([]string, len(p.Branches))
	for i, br := range p.Branches {
		s := "when " + FormatConds(br.Guard) + ": "
		if br.Err != nil {
			s += "error: " + br.Err.Error()
		} else {
			s += fmt.Sprint(br.Value)
		}
		parts[i] = s
	}
	return strings.Join(parts, "; ")
}

// NeedsError reports a result that would need more than MaxBranches
// branches; Needs lists the conditions split on.
type NeedsError struct {
	Needs []Cond
}

func (e *NeedsError) Error() string {
	parts := make([]string, len(e.Needs))
	for i, c := range e.Needs {
		parts[i] = c.String()
	}
	return fmt.Sprintf("sym: more than %d cases; needs: %s", MaxBranches, strings.Join(parts, ", "))
}

// guardCtx returns the context of a branch, or nil when its guard
// contradicts the assumptions.
func guardCtx(c *Ctx, g []Cond) *Ctx {
	if len(g) == 0 {
		return c
	}
	n, err := c.WithConds(g...)
	if err != nil {
		return nil
	}
	return n
}

// Then applies f to every value of p under its branch's context and
// combines the results: guards are conjoined, branches that contradict the
// assumptions are pruned, error branches of p stay errors. It fails with a
// *NeedsError beyond MaxBranches, or with f's error.
func Then[T, U any](c *Ctx, p Piecewise[T], f func(c *Ctx, v T) (Piecewise[U], error)) (Piecewise[U], error) {
	c = orEmpty(c)
	var out []Branch[U]
	for _, br := range p.Branches {
		bc := guardCtx(c, br.Guard)
		if bc == nil {
			continue
		}
		if br.Err != nil {
			out = append(out, Branch[U]{Guard: br.Guard, Err: br.Err, Why: br.Why})
			continue
		}
		r, err := f(bc, br.Value)
		if err != nil {
			return Piecewise[U]{}, err
		}
		for _, rb := range r.Branches {
			g := append(append([]Cond(nil), br.Guard...), rb.Guard...)
			if len(rb.Guard) > 0 && guardCtx(c, g) == nil {
				continue
			}
			why := append(append([]Reason(nil), br.Why...), rb.Why...)
			out = append(out, Branch[U]{Guard: g, Value: rb.Value, Err: rb.Err, Why: why})
		}
	}
	if len(out) > MaxBranches {
		return Piecewise[U]{}, &NeedsError{Needs: splitConds(out)}
	}
	return Piecewise[U]{Branches: out}, nil
}

// splitConds collects the distinct guard conditions of branches.
func splitConds[T any](bs []Branch[T]) []Cond {
	var out []Cond
	for _, b := range bs {
		for _, g := range b.Guard {
			dup := false
			for _, o := range out {
				if condEq(o, g) || condEq(o, g.Negate()) {
					dup = true
					break
				}
			}
			if !dup {
				out = append(out, g)
			}
		}
	}
	return out
}

// Merge joins branches with equal values (by eq) whose guards differ in one
// condition that combines with the other's into one, repeatedly; a single
// remaining branch loses its guard. Error branches merge when their
// messages are equal.
func Merge[T any](p Piecewise[T], eq func(a, b T) bool) Piecewise[T] {
	bs := append([]Branch[T](nil), p.Branches...)
	for changed := true; changed; {
		changed = false
		for i := 0; i < len(bs) && !changed; i++ {
			for j := i + 1; j < len(bs) && !changed; j++ {
				if !sameOutcome(bs[i], bs[j], eq) {
					continue
				}
				if g, ok := joinGuards(bs[i].Guard, bs[j].Guard); ok {
					bs[i].Guard = g
					bs[i].Why = append(append([]Reason(nil), bs[i].Why...), bs[j].Why...)
					bs = append(bs[:j], bs[j+1:]...)
					changed = true
				}
			}
		}
	}
	if len(bs) == 1 && bs[0].Err == nil {
		bs[0].Guard = nil
	}
	return Piecewise[T]{Branches: bs}
}

func sameOutcome[T any](a, b Branch[T], eq func(a, b T) bool) bool {
	if (a.Err == nil) != (b.Err == nil) {
		return false
	}
	if a.Err != nil {
		return a.Err.Error() == b.Err.Error()
	}
	return eq(a.Value, b.Value)
}

// joinGuards returns a guard equivalent to a || b when they differ in one
// condition whose disjunction is a single condition (or true).
func joinGuards(a, b []Cond) ([]Cond, bool) {
	if len(a) != len(b) {
		return nil, false
	}
	diff := -1
	for i := range a {
		if !condEq(a[i], b[i]) {
			if diff >= 0 {
				return nil, false
			}
			diff = i
		}
	}
	if diff < 0 {
		return a, true
	}
	j, ok := joinConds(a[diff], b[diff])
	if !ok {
		return nil, false
	}
	out := append([]Cond(nil), a[:diff]...)
	if j != nil {
		out = append(out, *j)
	}
	return append(out, a[diff+1:]...), true
}

// joinConds returns c1 || c2 as one condition (nil for true).
func joinConds(c1, c2 Cond) (*Cond, bool) {
	if !Equal(c1.X, c2.X) || !Equal(c1.Y, c2.Y) {
		return nil, false
	}
	s1, s2 := c1.Rel.Order(), c2.Rel.Order()
	u := s1 | s2
	if u == AnyOrder {
		return nil, true
	}
	for r := range GE + 1 {
		if r.Order() == u {
			return &Cond{Rel: r, X: c1.X, Y: c1.Y}, true
		}
	}
	return nil, false
}

// orderGuard is the condition "a r b" for a set of orders r.
func orderGuard(r Order, a, b Expr) []Cond {
	for rel := range GE + 1 {
		if rel.Order() == r {
			return []Cond{{Rel: rel, X: pl(a), Y: pl(b)}}
		}
	}
	return nil // AnyOrder
}

func exprEq(a, b Expr) bool { return Equal(a, b) }

// ---- operations with case splits

// Min returns min(a,b): one operand where Compare decides, otherwise the
// branches a<=b: a and a>b: b (or the two halves that Compare leaves).
func (c *Ctx) Min(a, b Expr) Piecewise[Expr] { return c.minMax(a, b, true) }

// Max returns max(a,b), like Min.
func (c *Ctx) Max(a, b Expr) Piecewise[Expr] { return c.minMax(a, b, false) }

func (c *Ctx) minMax(a, b Expr, isMin bool) Piecewise[Expr] {
	c = orEmpty(c)
	if err := firstErr(pl(a), pl(b)); err != nil {
		return Failed[Expr](err)
	}
	cmp := c.Compare(a, b)
	pa, pb := c.Simplify(a), c.Simplify(b)
	below, above := pa, pb // the value where a < b, and where a > b
	if !isMin {
		below, above = pb, pa
	}
	poss := cmp.Possible
	lo, hi := poss&(Less|Same), poss&Greater
	why := compared(cmp)
	switch {
	case hi == 0: // a <= b (or no binding at all)
		return because(Plain(below), why)
	case poss&Less == 0: // a >= b
		return because(Plain(above), why)
	}
	var out []Branch[Expr]
	if g := orderGuard(lo, a, b); guardCtx(c, g) != nil {
		out = append(out, Branch[Expr]{Guard: g, Value: below})
	}
	if g := orderGuard(hi, a, b); guardCtx(c, g) != nil {
		out = append(out, Branch[Expr]{Guard: g, Value: above})
	}
	return because(finish(out), why)
}

func finish(out []Branch[Expr]) Piecewise[Expr] {
	p := Merge(Piecewise[Expr]{Branches: out}, exprEq)
	if len(p.Branches) == 0 { // every branch contradicts: the context is inconsistent
		return Failed[Expr](errors.New("sym: no case is consistent with the assumptions"))
	}
	return p
}

// splitDivisible returns the branches b | a and its negation with their
// contexts (nil when a branch contradicts the assumptions).
func (c *Ctx) splitDivisible(b, a Expr) (yes []Cond, cy *Ctx, no []Cond, cn *Ctx) {
	d := Divisible(b, a)
	yes, no = []Cond{d}, []Cond{d.Negate()}
	return yes, guardCtx(c, yes), no, guardCtx(c, no)
}

// FloorDiv returns floor(a/b): the exact quotient where b divides a, 0
// where 0 <= a < b, otherwise the branches b|a: a/b and the rest:
// floor_div(a,b) (in the form the assumptions give it).
func (c *Ctx) FloorDiv(a, b Expr) Piecewise[Expr] { return c.divOp(a, b, opFloorDiv) }

// CeilDiv returns ceil(a/b) like FloorDiv (1 where 0 < a <= b).
func (c *Ctx) CeilDiv(a, b Expr) Piecewise[Expr] { return c.divOp(a, b, opCeilDiv) }

// Mod returns a % b: 0 where b divides a, a where 0 <= a < b, otherwise the
// branches b|a: 0 and the rest: a%b.
func (c *Ctx) Mod(a, b Expr) Piecewise[Expr] { return c.divOp(a, b, opMod) }

func (c *Ctx) divOp(a, b Expr, op atomOp) Piecewise[Expr] {
	c = orEmpty(c)
	pa, pb := pl(a), pl(b)
	if err := firstErr(pa, pb); err != nil {
		return Failed[Expr](err)
	}
	return c.nonzero(pb, func(c *Ctx) Piecewise[Expr] { return c.divOpNonzero(pa, pb, op) })
}

// nonzero splits off the bindings where the divisor b is 0 (an error
// branch) and computes f under b != 0.
func (c *Ctx) nonzero(b *poly, f func(c *Ctx) Piecewise[Expr]) Piecewise[Expr] {
	z := c.Compare(b, zeroPoly)
	why := compared(z)
	if z.Possible == Same {
		return because(Failed[Expr](ErrDivByZero), why)
	}
	if z.Possible&Same == 0 {
		return because(f(c), why)
	}
	isZero := []Cond{{Rel: EQ, X: b, Y: zeroPoly}}
	notZero := []Cond{{Rel: NE, X: b, Y: zeroPoly}}
	var out []Branch[Expr]
	if cz := guardCtx(c, isZero); cz != nil {
		out = append(out, Branch[Expr]{Guard: isZero, Err: ErrDivByZero})
	}
	cn := guardCtx(c, notZero)
	if cn == nil {
		return finish(out)
	}
	for _, br := range f(cn).Branches {
		out = append(out, Branch[Expr]{Guard: append(append([]Cond(nil), notZero...), br.Guard...), Value: br.Value, Err: br.Err, Why: br.Why})
	}
	return because(finish(out), why)
}

func (c *Ctx) divOpNonzero(pa, pb *poly, op atomOp) Piecewise[Expr] {
	exact := func(cc *Ctx) Expr {
		if op == opMod {
			return zeroPoly
		}
		return cc.Simplify(exactDivPoly(pa, pb))
	}
	atom := func(cc *Ctx) Expr {
		return cc.Simplify(rebuildAtom(op, pa, pb))
	}
	div := c.Divides(pb, pa)
	if div.Truth == True {
		return because(Plain(exact(c)), decided(div))
	}
	// small dividend: 0 <= a < b (floor, mod), 0 < a <= b (ceil)
	if pos := c.Compare(zeroPoly, pb); pos.Holds(Less) == True {
		lo := c.Compare(zeroPoly, pa)
		hi := c.Compare(pa, pb)
		why := [][]Reason{compared(pos), compared(lo), compared(hi)}
		switch op {
		case opFloorDiv:
			if lo.Holds(Less|Same) == True && hi.Holds(Less) == True {
				return because(Plain[Expr](zeroPoly), why...)
			}
		case opMod:
			if lo.Holds(Less|Same) == True && hi.Holds(Less) == True {
				return because(Plain(c.Simplify(pa)), why...)
			}
		case opCeilDiv:
			if lo.Holds(Less) == True && hi.Holds(Less|Same) == True {
				return because(Plain(Const(1)), why...)
			}
		}
	}
	yes, cy, no, cn := c.splitDivisible(pb, pa)
	var out []Branch[Expr]
	if cy != nil {
		out = append(out, Branch[Expr]{Guard: yes, Value: exact(cy)})
	}
	if cn != nil {
		out = append(out, Branch[Expr]{Guard: no, Value: atom(cn)})
	}
	if len(out) == 2 && Equal(out[0].Value, out[1].Value) {
		return because(Plain(out[0].Value), decided(div))
	}
	if len(out) == 1 {
		out[0].Guard = nil
	}
	return because(finish(out), decided(div))
}

// ShapeDivError is the error of a shape_div or shape_mod whose operands do
// not divide one another (CuTe's "divisibility condition").
type ShapeDivError struct {
	Op   string // "shape_div" or "shape_mod"
	A, B Expr
}

func (e *ShapeDivError) Error() string {
	// the conditions print through Cond, so that they read back as the
	// same values (M*N%2*K==0 would read as (M*N%2)*K==0)
	return fmt.Sprintf("%s(%s, %s): neither %s nor %s (Divisibility condition)",
		e.Op, e.A, e.B, Divisible(e.B, e.A), Divisible(e.A, e.B))
}

// ShapeDiv is CuTe's shape_div on positive integers (int_tuple.hpp): a/b
// when b divides a, 1 when a divides b (CuTe rounds the quotient away from
// zero), valid only when one divides the other. Where an operand is not
// positive the branch is an error (ErrNotPositive). Where neither divides, the branch
// is an error (*ShapeDivError) whose Value is what CuTe computes with
// dynamic integers: max(floor_div(a,b),1) for positive operands.
func (c *Ctx) ShapeDiv(a, b Expr) Piecewise[Expr] {
	return c.shapeOp(a, b, "shape_div")
}

// ShapeMod is the "mod out" of CuTe's composition on integers: min(a,b),
// valid when one divides the other (b when b divides a, a when a divides
// b). Where neither divides, the branch is an error (*ShapeDivError) whose
// Value is CuTe's min(a,b).
func (c *Ctx) ShapeMod(a, b Expr) Piecewise[Expr] {
	return c.shapeOp(a, b, "shape_mod")
}

func (c *Ctx) shapeOp(a, b Expr, op string) Piecewise[Expr] {
	c = orEmpty(c)
	pa, pb := pl(a), pl(b)
	if err := firstErr(pa, pb); err != nil {
		return Failed[Expr](err)
	}
	return c.positive(op, pa, pb, func(c *Ctx) Piecewise[Expr] { return c.shapeOpNonzero(pa, pb, op) })
}

// ErrNotPositive is the error of a shape operation on an operand that is
// not a positive integer.
var ErrNotPositive = errors.New("sym: a shape operand is not positive")

// positive splits off the bindings where an operand is not positive (an
// error branch) and computes f where both are.
func (c *Ctx) positive(op string, a, b *poly, f func(c *Ctx) Piecewise[Expr]) Piecewise[Expr] {
	one := constPoly(ratOne)
	var need []Cond
	var why []Reason
	for _, x := range [2]*poly{a, b} {
		cmp := c.Compare(x, one)
		why = append(why, compared(cmp)...)
		switch cmp.Possible &^ (Same | Greater) {
		case 0: // x >= 1 proven
		default:
			if cmp.Possible&(Same|Greater) == 0 {
				return because(Failed[Expr](fmt.Errorf("%s: %w", op, ErrNotPositive)), why)
			}
			need = append(need, Cond{Rel: GE, X: x, Y: one})
		}
	}
	if len(need) == 0 {
		return because(f(c), why)
	}
	var out []Branch[Expr]
	cp := guardCtx(c, need)
	if cp != nil {
		for _, br := range f(cp).Branches {
			out = append(out, Branch[Expr]{Guard: append(append([]Cond(nil), need...), br.Guard...), Value: br.Value, Err: br.Err, Why: br.Why})
		}
	}
	// the complement of a conjunction of one or two conditions, disjointly
	for i := range need {
		g := append(append([]Cond(nil), need[:i]...), need[i].Negate())
		if guardCtx(c, g) != nil {
			out = append(out, Branch[Expr]{Guard: g, Err: fmt.Errorf("%s: %w", op, ErrNotPositive)})
		}
	}
	return because(finish(out), why)
}

func (c *Ctx) shapeOpNonzero(pa, pb *poly, op string) Piecewise[Expr] {
	bDividesA := func(cc *Ctx) Expr { // value where b | a
		if op == "shape_div" {
			return cc.Simplify(exactDivPoly(pa, pb))
		}
		return cc.Simplify(pb)
	}
	aDividesB := func(cc *Ctx) Expr { // value where a | b and not b | a
		if op == "shape_div" {
			return Const(1)
		}
		return cc.Simplify(pa)
	}
	cuteValue := func(cc *Ctx) Expr {
		if op == "shape_div" {
			return cc.Simplify(Max(FloorDiv(pa, pb), Const(1)))
		}
		return cc.Simplify(Min(pa, pb))
	}
	ba := c.Divides(pb, pa)
	if ba.Truth == True {
		return because(Plain(bDividesA(c)), decided(ba))
	}
	ab := c.Divides(pa, pb)
	if ab.Truth == True {
		return because(Plain(aDividesB(c)), decided(ab))
	}
	d1 := Divisible(pb, pa) // b | a
	d2 := Divisible(pa, pb) // a | b
	cands := []Branch[Expr]{
		{Guard: []Cond{d1}},
		{Guard: []Cond{d1.Negate(), d2}},
		{Guard: []Cond{d1.Negate(), d2.Negate()}, Err: &ShapeDivError{Op: op, A: pa, B: pb}},
	}
	var out []Branch[Expr]
	for i, br := range cands {
		cc := guardCtx(c, br.Guard)
		if cc == nil {
			continue
		}
		switch i {
		case 0:
			br.Value = bDividesA(cc)
		case 1:
			br.Value = aDividesB(cc)
		default:
			br.Value = cuteValue(cc)
		}
		out = append(out, br)
	}
	return because(finish(out), decided(ba), decided(ab))
}
