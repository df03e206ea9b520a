package props

import (
	"testing"

	"pgregory.net/rapid"

	"github.com/cutealg/cutealg/sym"
)

// The case-splitting operations: at every sampled binding that satisfies
// the assumptions exactly one guard holds (disjoint and exhaustive), an
// error branch is selected exactly where CuTe's validity condition fails,
// and the selected value is the operation's value.
func TestSymPiecewiseGuards(t *testing.T) {
	ops := []string{"floor_div", "ceil_div", "mod", "min", "max", "shape_div", "shape_mod"}
	rapid.Check(t, func(t *rapid.T) {
		src := genCtxText(t)
		ctx := mustCtx(t, src)
		op := rapid.SampledFrom(ops).Draw(t, "op")
		var a, b sym.Expr
		if rapid.IntRange(0, 2).Draw(t, "shape") > 0 {
			a = sym.MustParse(genMonomial(t, "a"))
			b = sym.MustParse(genMonomial(t, "b"))
		} else {
			a = sym.MustParse(genSymExpr(t, "a", 0))
			b = sym.MustParse(genSymExpr(t, "b", 0))
		}
		var p sym.Piecewise[sym.Expr]
		switch op {
		case "floor_div":
			p = ctx.FloorDiv(a, b)
		case "ceil_div":
			p = ctx.CeilDiv(a, b)
		case "mod":
			p = ctx.Mod(a, b)
		case "min":
			p = ctx.Min(a, b)
		case "max":
			p = ctx.Max(a, b)
		case "shape_div":
			p = ctx.ShapeDiv(a, b)
		default:
			p = ctx.ShapeMod(a, b)
		}
		if len(p.Branches) == 0 || len(p.Branches) > sym.MaxBranches {
			t.Fatalf("%s %s %s | %s: %d branches", op, a, b, src, len(p.Branches))
		}
		for _, bd := range sampleBindings(ctx, allSymbols(a, b), 40, rapid.Uint64().Draw(t, "seed")) {
			x, okx := value(a, bd)
			y, oky := value(b, bd)
			if !okx || !oky {
				continue
			}
			br, err := p.Select(bd)
			if err != nil {
				t.Fatalf("%s %s %s | %s = %s: %v", op, a, b, src, p, err)
			}
			want, valid := reference(op, x, y)
			if !valid {
				if br.Err == nil {
					t.Fatalf("%s %s %s | %s = %s: at %v (%d, %d) the operation is invalid but the branch gives %s", op, a, b, src, p, bd, x, y, br.Value)
				}
				continue
			}
			if br.Err != nil {
				t.Fatalf("%s %s %s | %s = %s: at %v (%d, %d) the branch is an error: %v", op, a, b, src, p, bd, x, y, br.Err)
			}
			got, ok := value(br.Value, bd)
			if !ok || got != want {
				t.Fatalf("%s %s %s | %s = %s: at %v (%d, %d) the value is %s (%d, ok %v), want %d", op, a, b, src, p, bd, x, y, br.Value, got, ok, want)
			}
		}
	})
}

// reference computes the operation on integers: floor/ceil/mod as in the
// notation (floor division, remainder with the sign of the divisor), and
// CuTe's shape_div/shape_mod with their validity condition (one operand
// divides the other; both positive here).
func reference(op string, x, y int64) (int64, bool) {
	floor := func(x, y int64) int64 {
		q := x / y
		if (x%y != 0) && ((x < 0) != (y < 0)) {
			q--
		}
		return q
	}
	switch op {
	case "min":
		return min(x, y), true
	case "max":
		return max(x, y), true
	}
	if y == 0 {
		return 0, false
	}
	switch op {
	case "floor_div":
		return floor(x, y), true
	case "ceil_div":
		return -floor(-x, y), true
	case "mod":
		return x - y*floor(x, y), true
	}
	if x <= 0 || y <= 0 {
		return 0, false
	}
	switch {
	case x%y == 0 && op == "shape_div":
		return x / y, true
	case x%y == 0:
		return y, true
	case y%x == 0 && op == "shape_div":
		return 1, true
	case y%x == 0:
		return x, true
	}
	return 0, false
}
