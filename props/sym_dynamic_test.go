package props

import (
	"errors"
	"strings"
	"testing"

	"github.com/cutealg/cutealg/concrete"
	"github.com/cutealg/cutealg/rules"
	"github.com/cutealg/cutealg/sym"
	"pgregory.net/rapid"
)

// The dynamic square: a call computed with the symbols as CuTe's run-time
// integers ("dynamic":true) must give, at every binding the assumptions
// allow, exactly what CuTe computes with those values as dynamic ints:
// the same printed layout (structure, size-1 modes and static marks
// included), the same refusal, and a warning wherever CuTe's value breaks
// a documented post-condition (or, there, an error naming it: a
// non-injective complement is refused, because CuTe's run-time value there
// leads to divisions by zero in the operations built on it).

func TestSymbolicDynamicGenerated(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		op, args := genSquareCall(t)
		dynamicCase(t, "generated", op, args, genAssume(t))
	})
}

func TestSymbolicDynamicRegressions(t *testing.T) {
	for _, c := range []struct {
		op     string
		args   []string
		assume []string
	}{
		{"coalesce", []string{"(M,_1,N):(_1,M,M)"}, nil},
		{"coalesce", []string{"(M,1,N):(1,M,M)"}, nil},
		{"composition", []string{"(M,N):(_1,M)", "(_8,_2):(_1,_8)"}, nil},
		{"composition", []string{"(M,_2):(_16,_4)", "(5,4):(1,5)"}, []string{"M % 10 == 0"}},
		{"composition", []string{"(_6,_2):(_1,_7)", "M:M"}, nil},
		{"complement", []string{"_4:M", "M*_16"}, nil},
		{"logical_divide", []string{"M:_1", "_32:_1"}, nil},
		{"zipped_divide", []string{"(M,N):(_1,M)", "(_32,_4)"}, []string{"M % 32 == 0"}},
	} {
		dynamicCase(t, c.op, c.op, c.args, c.assume)
	}
}

// sameStructure compares a dynamic answer at a binding with CuTe's value:
// integers and tuples exactly as printed; layouts by their printed shape
// (nesting, size-1 modes and static marks) and, for every mode of extent
// greater than 1, the same stride with the same static mark (CuTe's
// stride of a size-1 mode is never used, and its choice there, _0 or _1,
// is not part of the function).
func sameStructure(got, want concrete.Value) string {
	if want.Kind != concrete.ValLayout || got.Kind != concrete.ValLayout {
		if got.String() != want.String() {
			return "different values"
		}
		return ""
	}
	g, w := got.Layout, want.Layout
	if gs, ws := concrete.TupleValue(g.Shape).String(), concrete.TupleValue(w.Shape).String(); gs != ws {
		return "shape " + gs + ", CuTe's " + ws
	}
	gsh, wsh := g.Shape.Leaves(nil), w.Shape.Leaves(nil)
	gd, wd := g.Stride.Leaves(nil), w.Stride.Leaves(nil)
	if len(gd) != len(wd) || len(gsh) != len(gd) {
		return "strides not congruent with the shape"
	}
	for i := range wsh {
		if wsh[i].V != 1 && (gd[i].V != wd[i].V || gd[i].Static != wd[i].Static) {
			return "stride " + concrete.TupleValue(g.Stride).String() + ", CuTe's " + concrete.TupleValue(w.Stride).String()
		}
	}
	return ""
}

// dynamicCase checks one call in dynamic mode at bindings drawn from its
// assumptions.
func dynamicCase(t reporter, id, op string, args, assume []string) {
	ctx, vals, names, err := symArgs(op, args, assume)
	var inc *sym.InconsistentError
	if errors.As(err, &inc) {
		return
	}
	if err != nil {
		t.Errorf("%s: %v", id, err)
		return
	}
	ans, err := rules.Compute(rules.Request{Op: op, Args: args, Assume: assume, Dynamic: true})
	refused := err != nil && strings.Contains(err.Error(), "CuTe refuses this with the symbols as run-time integers")
	if err != nil && !refused {
		return // needs, or a limit: nothing to compare
	}
	cop, _ := concrete.Lookup(op)
	for _, b := range ctx.Sample(names, 12, 1) {
		if ctx.Satisfies(b) != nil {
			continue
		}
		cargs, err := groundArgs(ctx, vals, b)
		if err != nil {
			continue // the arguments do not fit int64 at this binding
		}
		var warns []string
		want, cerr := cop.Apply(cargs, concrete.CollectWarnings(&warns))
		if sym.OutOfRange(cerr) {
			continue
		}
		if refused {
			if cerr == nil {
				t.Errorf("%s %s%v under %v at %v: the dynamic answer is CuTe's refusal (%v) but CuTe gives %s", id, op, args, assume, b, err, want)
			}
			return
		}
		br, why := selectCase(ans, b)
		if why != "" {
			t.Errorf("%s %s%v under %v at %v: %s, want exactly 1", id, op, args, assume, b, why)
			continue
		}
		if cerr != nil {
			if br.Err == nil {
				t.Errorf("%s %s%v under %v at %v: CuTe refuses (%v) but the dynamic answer is %s", id, op, args, assume, b, cerr, br.Value)
			}
			continue
		}
		if br.Err != nil {
			// an error where CuTe's value breaks a post-condition loses
			// CuTe's (wrong) value but names the broken condition; an
			// error where CuTe's value is right is a defect
			if len(warns) == 0 {
				t.Errorf("%s %s%v under %v at %v: CuTe gives %s but the dynamic answer is the error %v", id, op, args, assume, b, want, br.Err)
			}
			continue
		}
		got, gerr := ctx.EvalValue(br.Value, b)
		if gerr != nil {
			if !sym.OutOfRange(gerr) {
				t.Errorf("%s %s%v at %v: the answer %s does not ground: %v", id, op, args, b, br.Value, gerr)
			}
			continue
		}
		if why := sameStructure(got, want); why != "" {
			t.Errorf("%s %s%v under %v at %v: dynamic answer %s = %s, CuTe gives %s: %s", id, op, args, assume, b, br.Value, got, want, why)
		}
		if len(warns) > 0 && !strings.Contains(warns[0], "overflow") && len(br.Warnings) == 0 {
			t.Errorf("%s %s%v under %v at %v: CuTe's value %s breaks a post-condition (%s) but the dynamic answer %s has no warning", id, op, args, assume, b, want, warns[0], br.Value)
		}
	}
}
