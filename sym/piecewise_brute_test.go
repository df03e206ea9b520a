package sym

import (
	"errors"
	"math/rand/v2"
	"testing"
)

// TestPiecewiseOpsAgainstBruteForce: FloorDiv, CeilDiv, Mod, Min, Max,
// ShapeDiv and ShapeMod under random assumptions, of random operands
// (sums and differences of products of M, N, K and constants, so also
// negative ones), at every binding in a box that satisfies the
// assumptions: exactly one branch holds (Select), and it is the value
// the test computes, or for shape_div and shape_mod the error CuTe's
// divisibility condition or positivity gives, with CuTe's value.
func TestPiecewiseOpsAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(14, 91))
	pool := []string{"", "M%8==0", "N%4==1", "M%N==0", "N%M==0", "N==4*M", "K==M+N", "N>=8", "K<=M", "M<4", "N<=M",
		"M<N", "M!=N", "N!=1", "floor_div(M,4)>=2", "M+N<=9", "K%3==2", "M>=N+2"}
	atoms := []string{"M", "N", "K", "M*N", "2*M", "M+N", "N-M", "M-3", "4", "8", "3", "M*M", "K-N"}
	operand := func() Expr {
		e := MustParse(atoms[r.IntN(len(atoms))])
		if r.IntN(3) == 0 {
			e = Add(e, MustParse(atoms[r.IntN(len(atoms))]))
		}
		return e
	}
	type opFn struct {
		name string
		f    func(c *Ctx, a, b Expr) Piecewise[Expr]
	}
	ops := []opFn{
		{"floor_div", (*Ctx).FloorDiv}, {"ceil_div", (*Ctx).CeilDiv}, {"mod", (*Ctx).Mod},
		{"min", (*Ctx).Min}, {"max", (*Ctx).Max}, {"shape_div", (*Ctx).ShapeDiv}, {"shape_mod", (*Ctx).ShapeMod},
	}
	compared := 0
	for trial := 0; trial < 300; trial++ {
		src := pool[r.IntN(len(pool))]
		if r.IntN(2) == 0 {
			if s2 := pool[r.IntN(len(pool))]; s2 != "" && src != "" {
				src += " && " + s2
			}
		}
		ctx, err := NewCtx().With(src)
		if err != nil {
			continue // contradictory assumptions
		}
		a, b := operand(), operand()
		op := ops[r.IntN(len(ops))]
		p := op.f(ctx, a, b)
		for m := int64(1); m <= 9; m++ {
			for n := int64(1); n <= 9; n++ {
				for k := int64(1); k <= 4; k++ {
					bd := Binding{"M": m, "N": n, "K": k}
					if ctx.Satisfies(bd) != nil {
						continue
					}
					av, err1 := Eval(a, bd)
					bv, err2 := Eval(b, bd)
					if err1 != nil || err2 != nil {
						t.Fatal(err1, err2)
					}
					if bv == 0 && (op.name == "floor_div" || op.name == "ceil_div" || op.name == "mod") {
						continue
					}
					br, err := p.Select(bd)
					if err != nil {
						t.Fatalf("%s(%s, %s) under %s = %s: %v", op.name, a, b, src, p, err)
					}
					want, wantErr := int64(0), error(nil)
					switch op.name {
					case "floor_div":
						want = floorDivRef(av, bv)
					case "ceil_div":
						want = ceilDivRef(av, bv)
					case "mod":
						want = modRef(av, bv)
					case "min":
						want = min(av, bv)
					case "max":
						want = max(av, bv)
					case "shape_div", "shape_mod":
						switch {
						case av < 1 || bv < 1:
							wantErr = ErrNotPositive
						case av%bv == 0 && op.name == "shape_div":
							want = av / bv
						case av%bv == 0:
							want = bv
						case bv%av == 0 && op.name == "shape_div":
							want = 1
						case bv%av == 0:
							want = av
						case op.name == "shape_div":
							want, wantErr = max(av/bv, 1), &ShapeDivError{}
						default:
							want, wantErr = min(av, bv), &ShapeDivError{}
						}
					}
					var sde *ShapeDivError
					switch {
					case wantErr == ErrNotPositive:
						if !errors.Is(br.Err, ErrNotPositive) {
							t.Fatalf("%s(%s, %s) under %s = %s at %v: %v, want not positive", op.name, a, b, src, p, bd, br.Err)
						}
						continue
					case wantErr != nil:
						if !errors.As(br.Err, &sde) {
							t.Fatalf("%s(%s, %s) under %s = %s at %v: %v, want the divisibility condition", op.name, a, b, src, p, bd, br.Err)
						}
					case br.Err != nil:
						t.Fatalf("%s(%s, %s) under %s = %s at %v: %v", op.name, a, b, src, p, bd, br.Err)
					}
					got, err := Eval(br.Value, bd)
					if err != nil || got != want {
						t.Fatalf("%s(%s, %s) under %s = %s at %v: %d (%v), want %d", op.name, a, b, src, p, bd, got, err, want)
					}
					compared++
				}
			}
		}
	}
	if compared < 10000 {
		t.Fatalf("only %d values compared", compared)
	}
	t.Logf("%d values compared", compared)
}
