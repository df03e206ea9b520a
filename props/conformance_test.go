package props

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/cutealg/cutealg/concrete"
	"github.com/cutealg/cutealg/internal/catalog"
	"github.com/cutealg/cutealg/rules"
	"github.com/cutealg/cutealg/sym"
)

// The conformance driver: the law catalogue (laws_test.go) run against the
// concrete engine and against the symbolic engine evaluated at bindings.
// Its inputs come through one small interface, a symCall (an operation and
// a func drawing its arguments as text, with the assumptions that
// constrain their symbols); the draws are squareCalls (symbolic,
// kernel-author shaped), concCalls (concrete, from the layout generators)
// and the exported generator's admissible cases (Cases). A call that
// strict mode refuses is not an answer, and only answers must keep the
// laws; a refusal's own correctness is concJudge's and the square's
// business.

// TestLawCatalogue: every post-condition the operation catalogue lists for
// an operation has a law, every law names an operation of the catalogue,
// one of its post-conditions (or none, for a documented law the catalogue
// does not list) and where it is documented, and every operation with a
// law has a draw.
func TestLawCatalogue(t *testing.T) {
	have := map[[2]string]bool{}
	for _, l := range laws {
		op, ok := catalog.Lookup(l.op)
		if !ok {
			t.Errorf("law of %s: no such operation", l.op)
			continue
		}
		if l.post != "" && !slices.Contains(op.Post, l.post) {
			t.Errorf("law %s/%s: the catalogue lists %v for %s", l.op, l.post, op.Post, l.op)
		}
		if l.source == "" || l.holds == nil {
			t.Errorf("law %s/%s: no source or no property", l.op, l.post)
		}
		if len(lawDraws(l.op)) == 0 {
			t.Errorf("law %s/%s: no draw of %s", l.op, l.post, l.op)
		}
		have[[2]string{l.op, l.post}] = true
	}
	for _, op := range catalog.All() {
		for _, p := range op.Post {
			if !have[[2]string{op.Name, p}] {
				t.Errorf("%s: post-condition %s has no law", op.Name, p)
			}
		}
	}
}

// concCalls draw concrete calls from the concrete_* generators (random
// marks, gaps, permutations; the right-hand sides of compositions and
// divides built admissible).
var concCalls = []symCall{
	{"coalesce", concOne},
	{"filter", concOne},
	{"flatten", concOne},
	{"right_inverse", concOne},
	{"left_inverse", concOne},
	{"nullspace", concOne},
	{"evaluate", concOne},
	{"complement_default", func(t *rapid.T) []string { return []string{concGenInjective(4, 64, true).Draw(t, "A").String()} }},
	{"complement", func(t *rapid.T) []string {
		a := concGenInjective(4, 64, true).Draw(t, "A")
		return []string{a.String(), concrete.FormatTuple(concDrawCotarget(t, a))}
	}},
	{"composition", func(t *rapid.T) []string {
		a := concGenLayout(5, 512).Draw(t, "A")
		return []string{a.String(), concDrawAdmissible(t, "B", a, false).String()}
	}},
	{"logical_divide", func(t *rapid.T) []string {
		a := concGenLayout(4, 512).Draw(t, "A")
		return []string{a.String(), concDrawAdmissible(t, "B", a, true).String()}
	}},
	{"logical_product", concTwoCompact},
	{"blocked_product", concTwoCompact},
	{"raked_product", concTwoCompact},
	{"max_common_layout", concTwoCompact},
	{"max_common_vector", concTwoCompact},
	{"make_layout_concat", concTwoCompact},
	{"append", concTwoCompact},
	{"prepend", concTwoCompact},
}

func concOne(t *rapid.T) []string { return []string{concGenLayout(5, 1024).Draw(t, "A").String()} }

func concTwoCompact(t *rapid.T) []string {
	return []string{concGenBijective(3, 64).Draw(t, "A").String(), concGenInjective(3, 16, true).Draw(t, "B").String()}
}

// lawDraws returns the draws of an operation: those of squareCalls and
// concCalls, and the exported generator's admissible cases (Cases) in a
// drawn flavor.
func lawDraws(op string) []symCall {
	var out []symCall
	for _, c := range slices.Concat(squareCalls, concCalls) {
		if c.op == op {
			out = append(out, c)
		}
	}
	if _, ok := builders[op]; ok {
		out = append(out, symCall{op, func(t *rapid.T) []string {
			fl := rapid.SampledFrom([]Flavor{Static, Dynamic, Mixed}).Draw(t, "flavor")
			return Cases([]string{op}, fl, true).Draw(t, "case").Args
		}})
	}
	return out
}

// lawOps lists the operations that have laws, in the order of the laws.
func lawOps() []string {
	var ops []string
	for _, l := range laws {
		if !slices.Contains(ops, l.op) {
			ops = append(ops, l.op)
		}
	}
	return ops
}

// lawsOf returns the laws of an operation.
func lawsOf(op string) []law {
	var out []law
	for _, l := range laws {
		if l.op == op {
			out = append(out, l)
		}
	}
	return out
}

// lawLimit is the largest size or value of a layout that the laws
// evaluate point by point: larger grounded cases are left out.
const lawLimit = 1 << 12

// lawSmall reports whether every layout and integer of the values is
// within lawLimit (so that concAt neither loops long nor overflows).
func lawSmall(vs ...concrete.Value) bool {
	small := func(t concrete.IntTuple) bool {
		return !slices.ContainsFunc(t.Leaves(nil), func(x concrete.Int) bool { return x.V > lawLimit || x.V < -lawLimit }) && concSize(t) <= lawLimit
	}
	for _, v := range vs {
		switch v.Kind {
		case concrete.ValLayout:
			if !small(v.Layout.Shape) || !small(v.Layout.Stride) {
				return false
			}
		case concrete.ValTuple:
			if !small(v.Tuple) {
				return false
			}
		case concrete.ValPair:
			if !small(v.Tuple) || v.Composed == nil && (!small(v.Layout.Shape) || !small(v.Layout.Stride)) {
				return false
			}
		case concrete.ValComposed:
			if !small(v.Composed.Layout.Shape) || !small(v.Composed.Layout.Stride) {
				return false
			}
		case concrete.ValTiler, concrete.ValCoord:
			for _, lf := range v.Tiler.Leaves(nil) {
				if !small(lf.Layout.Shape) || !small(lf.Layout.Stride) || lf.Int.V > lawLimit {
					return false
				}
			}
		}
	}
	return true
}

// lawCheck runs a law on one answered call; the failure names the call,
// the law and its source, and the witness.
func lawCheck(t reporter, call string, l law, in lawIn) {
	if w := l.holds(in); w != "" {
		t.Fatalf("%s = %v breaks %s/%s (%s): %s", call, in.r, l.op, l.post, l.source, w)
	}
}

// lawCount counts, per operation, the calls drawn and the answers checked.
type lawCount struct{ drawn, checked int }

// lawRequire fails when too few draws of an operation were answered (less
// than one in 25: the draws also make calls that strict mode must refuse,
// such as take<B,E> with E <= B): the laws must have been exercised, not
// skipped.
func lawRequire(t *testing.T, op string, c lawCount) {
	t.Helper()
	if c.checked == 0 || c.checked*25 < c.drawn {
		t.Errorf("%s: %d of %d drawn calls answered and checked: the draws miss the operation's admissible inputs", op, c.checked, c.drawn)
	}
}

// TestLawsConcrete runs the catalogue against the concrete engine in
// strict mode: each drawn call is grounded at a binding its assumptions
// allow, and every answer must keep every law of its operation.
func TestLawsConcrete(t *testing.T) {
	for _, op := range lawOps() {
		t.Run(op, func(t *testing.T) {
			var c lawCount
			draws := lawDraws(op)
			rapid.Check(t, func(rt *rapid.T) {
				d := rapid.SampledFrom(draws).Draw(rt, "draw")
				args := d.args(rt)
				c.drawn++
				cargs, ok := lawGroundConcrete(rt, op, args)
				if !ok || !lawSmall(cargs...) {
					return
				}
				cop, _ := concrete.Lookup(op)
				r, err := cop.Apply(cargs, concrete.StrictMode())
				if err != nil || !lawSmall(r) {
					return
				}
				c.checked++
				call := fmt.Sprintf("%s(%s)", op, lawArgs(cargs))
				in, w := lawUncompose(op, lawIn{args: cargs, r: r})
				if w != "" {
					rt.Fatalf("%s = %v: %s", call, r, w)
				}
				for _, l := range lawsOf(op) {
					lawCheck(rt, call, l, in)
				}
			})
			lawRequire(t, op, c)
		})
	}
}

// lawGroundConcrete turns a drawn call's arguments into concrete values:
// a concrete draw of an operation of issue 19 (catalog.Op.Ext, whose
// arguments may be coordinates holding `_` or swizzles, which only the
// concrete notation reads) by parsing them, any other through the
// symbolic arguments grounded at a binding drawn from assumptions (false:
// none allowed, or beyond int64 there).
func lawGroundConcrete(rt *rapid.T, op string, args []string) ([]concrete.Value, bool) {
	spec, _ := catalog.Lookup(op)
	if spec.Ext {
		if cargs, err := concreteArgs(spec, args); err == nil {
			return cargs, true
		}
	}
	assume := genAssume(rt)
	ctx, vals, names, err := symArgs(op, args, assume)
	var inc *sym.InconsistentError
	if errors.As(err, &inc) {
		return nil, false
	}
	if err != nil {
		rt.Fatalf("%s%v: %v", op, args, err)
	}
	binds := ctx.Sample(names, 1, rapid.Uint64().Draw(rt, "seed"))
	if len(binds) == 0 {
		return nil, false
	}
	cargs := make([]concrete.Value, len(vals))
	for i, v := range vals {
		if cargs[i], err = ctx.EvalValue(v, binds[0]); err != nil {
			return nil, false // beyond int64 at this binding
		}
	}
	return cargs, true
}

// concreteArgs parses a call's arguments as concrete values.
func concreteArgs(spec *catalog.Op, args []string) ([]concrete.Value, error) {
	cargs := make([]concrete.Value, len(args))
	for i, a := range args {
		v, err := concrete.ParseArg(a, spec.Args[i])
		if err != nil {
			return nil, err
		}
		cargs[i] = v
	}
	return cargs, nil
}

// lawUncompose reads a call whose first argument is a swizzled layout
// A o O o B (ComposedLayout) as the call on B, where the catalogue says
// CuTe's answer is the operation on B (catalog.ComposedInner: the answer
// itself) or that answer composed back (catalog.ComposedForward: the
// answer must be A o O o R, and R is checked); the laws then apply to B
// and R. Any other call is returned as it is; a forwarded answer that is
// not A o O o R is the witness.
func lawUncompose(op string, in lawIn) (lawIn, string) {
	spec, _ := catalog.Lookup(op)
	if len(in.args) == 0 || in.args[0].Kind != concrete.ValComposed {
		return in, ""
	}
	c := in.args[0].Composed
	args := slices.Clone(in.args)
	args[0] = concrete.LayoutValue(c.Layout)
	switch spec.Composed {
	case catalog.ComposedInner:
		return lawIn{args: args, r: in.r, loose: in.loose}, ""
	case catalog.ComposedForward:
		if in.r.Kind == concrete.ValLayout && c.Swizzle.B == 0 && c.Offset.Static && c.Offset.V == 0 {
			// swizzle_layout.hpp:310: composition(Swizzle<0,M,S>, Int<0>,
			// layout) is the layout
			return lawIn{args: args, r: in.r, loose: in.loose}, ""
		}
		rc := in.r.Composed
		if in.r.Kind != concrete.ValComposed || rc.Swizzle != c.Swizzle || rc.Offset.V != c.Offset.V {
			return in, fmt.Sprintf("not %s o %v o R: CuTe composes the answer on the inner layout back", c.Swizzle, c.Offset)
		}
		return lawIn{args: args, r: concrete.LayoutValue(rc.Layout), loose: in.loose}, ""
	}
	return in, ""
}

// TestLawsSymbolic runs the catalogue against the symbolic engine: each
// drawn call is computed by the rules engine, and at bindings its
// assumptions allow, the case that holds, grounded, must keep every law of
// the operation (an error case is a refusal, not an answer).
func TestLawsSymbolic(t *testing.T) {
	for _, op := range lawOps() {
		if !rules.Implemented(op) {
			continue
		}
		t.Run(op, func(t *testing.T) {
			var c lawCount
			draws := lawDraws(op)
			rapid.Check(t, func(rt *rapid.T) {
				d := rapid.SampledFrom(draws).Draw(rt, "draw")
				args := d.args(rt)
				assume := genAssume(rt)
				c.drawn++
				checked := false
				symGround(rt, "law", op, args, assume, nil, func(g symGrounded) {
					if g.br.Err != nil || !lawSmall(g.args...) {
						return
					}
					r, err := g.value()
					if err != nil || !lawSmall(r) {
						return
					}
					// the laws read the arguments as the square's
					// reference does (the ruling): the symbols as run-time
					// integers, static only where CuTe refuses that
					// template, so that the laws that compute with the arguments
					// (a complement, a right_inverse, a zipped_divide) see
					// the value the answer equals
					cop, _ := concrete.Lookup(op)
					ref, err := referenceOf(g, cop)
					if err != nil {
						rt.Errorf("%s(%s) at %v: %v", op, strings.Join(args, ", "), g.at, err)
						return
					}
					in := lawIn{args: ref.args, r: r, loose: true}
					if ref.static {
						in.r = staticValue(r)
					}
					checked = true
					call := fmt.Sprintf("%s(%s) under %v at %v: the case %s", op, strings.Join(args, ", "), assume, g.at, g.br.Value)
					for _, l := range lawsOf(op) {
						lawCheck(rt, call, l, in)
					}
				})
				if checked {
					c.checked++
				}
			})
			lawRequire(t, op, c)
		})
	}
}

// lawArgs prints concrete arguments as a call's argument list.
func lawArgs(vs []concrete.Value) string {
	parts := make([]string, len(vs))
	for i, v := range vs {
		parts[i] = v.String()
	}
	return strings.Join(parts, ", ")
}
