package props

import (
	"errors"
	"fmt"

	"pgregory.net/rapid"

	"github.com/cutealg/cutealg/concrete"
	"github.com/cutealg/cutealg/internal/tuple"
)

// Shared pieces of the concrete_*_test.go properties: an evaluator of
// layouts written here, independently of the engine (colexicographic split
// of a 1-D index, the last mode of every tuple absorbing what is left, as
// CuTe's crd2idx does), the documented post-conditions written on top of it,
// random layouts, and the judge that compares CuTe mode with strict mode.

// concSize is the product of the values of a tuple's leaves.
func concSize(s concrete.IntTuple) int64 {
	if s.IsLeaf() {
		return s.Value().V
	}
	n := int64(1)
	for _, k := range s.Kids() {
		n *= concSize(k)
	}
	return n
}

// concAt is the value of shape:stride at the 1-D index i >= 0: i is split
// over the modes colexicographically and the last mode of each tuple takes
// what is left, so indices beyond the size extend the last mode. A mode of
// size 0 before the last of its tuple leaves the value undefined (CuTe
// divides by zero there: a SIGFPE at run time); concAt then panics with a
// concUndefined, which concCase.breach reports as a broken condition.
func concAt(shape, stride concrete.IntTuple, i int64) int64 {
	if shape.IsLeaf() {
		return i * stride.Value().V
	}
	ks, ds := shape.Kids(), stride.Kids()
	var r int64
	for j, k := range ks {
		if j == len(ks)-1 {
			return r + concAt(k, ds[j], i)
		}
		n := concSize(k)
		if n == 0 {
			panic(concUndefined{shape: shape, i: i})
		}
		r += concAt(k, ds[j], i%n)
		i /= n
	}
	return r
}

// concUndefined is concAt's panic value where the value is undefined.
type concUndefined struct {
	shape concrete.IntTuple
	i     int64
}

// concL is concAt for a layout.
func concL(l concrete.Layout, i int64) int64 { return concAt(l.Shape, l.Stride, i) }

// concValues lists l(i) for 0 <= i < size(l).
func concValues(l concrete.Layout) []int64 {
	n := concSize(l.Shape)
	vs := make([]int64, 0, max(n, 0))
	for i := int64(0); i < n; i++ {
		vs = append(vs, concL(l, i))
	}
	return vs
}

// concCosize is CuTe's cosize: inner_product(shape-1, abs(stride)) + 1.
func concCosize(l concrete.Layout) int64 {
	ss := l.Shape.Leaves(nil)
	ds := l.Stride.Leaves(nil)
	c := int64(1)
	for i := range ss {
		c += (ss[i].V - 1) * concAbs(ds[i].V)
	}
	return c
}

func concAbs(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}

// concCompatible is CuTe's compatible(a, b) on values: an integer a is
// compatible with anything of size a; a tuple only with a tuple of the same
// rank whose modes are compatible one by one.
func concCompatible(a, b concrete.IntTuple) bool {
	if a.IsLeaf() {
		return a.Value().V == concSize(b)
	}
	if b.IsLeaf() || a.Rank() != b.Rank() {
		return false
	}
	for i := range a.Rank() {
		if !concCompatible(a.At(i), b.At(i)) {
			return false
		}
	}
	return true
}

// concFilter is filter(l) as a function: the flat layout of l's leaves
// without the modes of static stride `_0` and those of static extent `_1`
// (coalescing what is left does not change the function).
func concFilter(l concrete.Layout) concrete.Layout {
	ss := l.Shape.Leaves(nil)
	ds := l.Stride.Leaves(nil)
	var fs, fd []concrete.IntTuple
	for i := range ss {
		if ds[i].IsConst(0) || ss[i].IsConst(1) {
			continue
		}
		fs = append(fs, tuple.Leaf(ss[i]))
		fd = append(fd, tuple.Leaf(ds[i]))
	}
	return concrete.Layout{Shape: tuple.Of(fs...), Stride: tuple.Of(fd...)}
}

// concDuplicate returns two indices with equal values, or ok == false when
// the values are distinct.
func concDuplicate(vs []int64) (i, j int, ok bool) {
	seen := make(map[int64]int, len(vs))
	for j, v := range vs {
		if i, dup := seen[v]; dup {
			return i, j, true
		}
		seen[v] = j
	}
	return 0, 0, false
}

// concInjective reports whether l takes distinct values on [0, size(l)).
func concInjective(l concrete.Layout) bool {
	_, _, dup := concDuplicate(concValues(l))
	return !dup
}

// concRemarkTuple returns t with every mark set to static (true) or
// dynamic.
func concRemarkTuple(t concrete.IntTuple, static bool) concrete.IntTuple {
	return tuple.Map(t, func(x concrete.Int) concrete.Int { return concrete.Int{V: x.V, Static: static} })
}

// concRemark returns l with every mark set to static (true) or dynamic.
func concRemark(l concrete.Layout, static bool) concrete.Layout {
	return concrete.Layout{Shape: concRemarkTuple(l.Shape, static), Stride: concRemarkTuple(l.Stride, static)}
}

// concStatic reports whether every integer of the tuples is static.
func concStatic(ts ...concrete.IntTuple) bool {
	for _, t := range ts {
		for _, x := range t.Leaves(nil) {
			if !x.Static {
				return false
			}
		}
	}
	return true
}

// concAllStatic reports whether every integer of the layouts is static.
func concAllStatic(ls ...concrete.Layout) bool {
	for _, l := range ls {
		if !concStatic(l.Shape, l.Stride) {
			return false
		}
	}
	return true
}

// ---- documented post-conditions, on CuTe's printed value ----

// concCompositionBroken returns the post-condition of composition(A, B)
// that r breaks, with a witness, or "": compatible(shape(B), shape(R)) as
// compat judges it (lawCompatible, or lawCompatibleLoose for a symbolic
// answer) and R(i) == A(B(i)) for every i < size(B).
func concCompositionBroken(a, b, r concrete.Layout, compat func(b, r concrete.Layout) string) string {
	if w := compat(b, r); w != "" {
		return w
	}
	return lawComposed(a, b, r)
}

// concComplementPre returns the precondition of complement(A, ...) that A
// breaks: filter(A) injective with non-negative strides.
func concComplementPre(a concrete.Layout) string {
	f := concFilter(a)
	for _, d := range f.Stride.Leaves(nil) {
		if d.V < 0 {
			return fmt.Sprintf("precondition: filter(A) has the negative stride %d (A=%v)", d.V, a)
		}
	}
	vs := concValues(f)
	if i, j, dup := concDuplicate(vs); dup {
		return fmt.Sprintf("precondition: filter(A) is not injective: filter(A)(%d) = filter(A)(%d) = %d (A=%v)", i, j, vs[i], a)
	}
	return ""
}

// concComplementOrderedDisjoint returns the breach of R(i-1) < R(i) or of
// R(i) not in the image of A (for 0 < i < size(R)), or "".
func concComplementOrderedDisjoint(a, r concrete.Layout) string {
	if w := lawOrdered(r); w != "" {
		return w
	}
	return lawDisjoint(a, r)
}

// concComplementBroken returns the condition of complement(A, M) that r
// breaks, or "": the precondition, R ordered, R disjoint from the image of
// A, cosize((A,R)) >= size(M), size(R) >= size(M)/size(filter(A)) and
// cosize((A,R)) <= cosize(R)+cosize(A) and size(R) <= cosize(R) (CuTe's
// @post and unit test).
func concComplementBroken(a concrete.Layout, m concrete.IntTuple, r concrete.Layout) string {
	if w := concComplementPre(a); w != "" {
		return w
	}
	if w := concComplementOrderedDisjoint(a, r); w != "" {
		return w
	}
	if w := lawComplementSize(a, concSize(m), r); w != "" {
		return w
	}
	ar := concrete.Layout{Shape: tuple.Of(a.Shape, r.Shape), Stride: tuple.Of(a.Stride, r.Stride)}
	cs := concCosize(ar)
	if cs > concCosize(a)+concCosize(r) {
		return fmt.Sprintf("cosize((A,R)) <= cosize(A)+cosize(R): %d > %d+%d (A=%v R=%v)", cs, concCosize(a), concCosize(r), a, r)
	}
	if sr, cr := concSize(r.Shape), concCosize(r); sr > cr {
		return fmt.Sprintf("size(R) <= cosize(R) (CuTe's unit test, from R ordered): %d > %d (A=%v R=%v)", sr, cr, a, r)
	}
	return ""
}

// ---- judging an operation call ----

// concCase is one call of an operation of the engine.
type concCase struct {
	// call is the call in CuTe syntax, e.g. `composition(8:2, 4:1)`.
	call string
	// run performs the call.
	run func(opts ...concrete.Option) (concrete.Layout, error)
	// broken returns a documented condition that the answer r breaks, with
	// a witness, or "" when r meets them all.
	broken func(r concrete.Layout) string
	// twin is the same call with every integer static; nil when the call is
	// already all static.
	twin *concCase
	// twinRule: strict mode must refuse the call when its all-static twin
	// is invalid (the vectors' rule for the operations whose records
	// include such cases: composition and logical_divide).
	twinRule bool
}

// concKind returns the kind of an engine error (0 for other errors).
func concKind(err error) concrete.ErrorKind {
	var e *concrete.Error
	if errors.As(err, &e) {
		return e.Kind
	}
	return 0
}

// concCuTeRefusal reports whether err is one of CuTe's own refusals: a
// compile error (static_assert) or a run-time division by zero.
func concCuTeRefusal(err error) bool {
	k := concKind(err)
	return k == concrete.Refused || k == concrete.DivByZero
}

// fails says why the call is invalid in CuTe mode: refused by CuTe, or
// answered with a value that breaks a documented condition; "" otherwise.
func (c *concCase) fails() string {
	r, err := c.run()
	if err != nil {
		if concCuTeRefusal(err) {
			return "is refused by CuTe: " + err.Error()
		}
		return ""
	}
	if b := c.breach(r); b != "" {
		return fmt.Sprintf("gives %v, which breaks %s", r, b)
	}
	return ""
}

// breach is c.broken(r), where an evaluation that CuTe leaves undefined (a
// size-0 mode divides, concAt) is itself the broken condition: the layout's
// value there is not a number, so no law about it holds.
func (c *concCase) breach(r concrete.Layout) (why string) {
	defer func() {
		if e := recover(); e != nil {
			u, ok := e.(concUndefined)
			if !ok {
				panic(e)
			}
			why = fmt.Sprintf("a defined value: the index %d of a layout of shape %v meets a size-0 mode that is not its tuple's last (CuTe divides by zero) (R=%v)", u.i, u.shape, r)
		}
	}()
	return c.broken(r)
}

// concJudge runs c in CuTe mode and in strict mode and checks them against
// each other and against the documented conditions:
//   - a CuTe refusal (compile error, division by zero) is an error in both
//     modes (in strict mode the same one or a Violation), and no other
//     error kind occurs;
//   - a strict answer equals CuTe mode's, carries no warning there, and
//     meets every condition (checked here on the values); with twinRule,
//     the all-static twin of the call is also valid;
//   - a strict refusal is a Violation, CuTe mode's answer carries a
//     warning, and the answer breaks a condition witnessed here, or the
//     all-static twin of the call is invalid (the vectors' validity rule).
//
// A failure that matches a known engine issue skips the case instead
// (concFail). It returns the strict answer and whether there is one.
func concJudge(t *rapid.T, c *concCase) (concrete.Layout, bool) {
	var warns []string
	cv, cerr := c.run(concrete.CollectWarnings(&warns))
	sv, serr := c.run(concrete.StrictMode())
	if cerr != nil {
		if !concCuTeRefusal(cerr) {
			concFail(t, "%s: unexpected error in CuTe mode: %v", c.call, cerr)
		}
		// Strict mode may name a violated condition that it checks before
		// reaching CuTe's refusal.
		if serr == nil || (concKind(serr) != concKind(cerr) && concKind(serr) != concrete.Violated) {
			concFail(t, "%s: CuTe mode refuses (%v) but strict mode gives %v, %v", c.call, cerr, sv, serr)
		}
		return concrete.Layout{}, false
	}
	if serr == nil {
		if b := c.breach(sv); b != "" {
			concFail(t, "%s = %v in strict mode, which breaks %s", c.call, sv, b)
		}
		if sv.String() != cv.String() {
			concFail(t, "%s: strict mode gives %v, CuTe mode %v", c.call, sv, cv)
		}
		if len(warns) > 0 {
			concFail(t, "%s = %v: strict mode accepts it but CuTe mode warns %q", c.call, sv, warns)
		}
		if c.twinRule && c.twin != nil {
			if why := c.twin.fails(); why != "" {
				concFail(t, "%s = %v in strict mode, but its all-static twin %s %s (the vectors require CuTe to accept the all-static twin)", c.call, sv, c.twin.call, why)
			}
		}
		return sv, true
	}
	if concKind(serr) != concrete.Violated {
		concFail(t, "%s: CuTe mode gives %v but strict mode fails with %v (kind %v)", c.call, cv, serr, concKind(serr))
	}
	if len(warns) == 0 {
		concFail(t, "%s: strict mode refuses (%v) but CuTe mode's answer %v carries no warning", c.call, serr, cv)
	}
	if c.breach(cv) == "" && (c.twin == nil || c.twin.fails() == "") {
		concFail(t, "%s: false strict-mode refusal: %v; CuTe's answer %v breaks no condition witnessed here and its all-static twin is valid", c.call, serr, cv)
	}
	return concrete.Layout{}, false
}

// concFail fails the property with the message, unless the message shows
// a known engine issue (concKnownIssues): then the case is skipped, naming
// the issue and its golden line in testdata/counterexamples.txt.
func concFail(t *rapid.T, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	for _, k := range concKnownIssues {
		if k.match(msg) {
			t.Skipf("known engine issue %s (testdata/counterexamples.txt): %s", k.name, msg)
		}
	}
	t.Fatal(msg)
}
