package props

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/sym"
)

// Divisions by sums (a symbol substituted by a sum, a divisor that is a
// function call or a remainder) must be formed over the whole numerator:
// Substitute, Simplify, ExactDiv and the branch values of the context
// operations agree with a brute-force rational evaluation of the original
// tree wherever that tree is defined (no division by zero, integer
// operands for floor_div, ceil_div and %) and its value is an integer.

// genDivTree draws an expression of the notation whose divisors are
// symbols, constants, remainders and function calls.
func genDivTree(t *rapid.T, label string, depth int) string {
	n := rapid.IntRange(1, 3).Draw(t, label+"#terms")
	var b strings.Builder
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(rapid.SampledFrom([]string{"+", "-"}).Draw(t, label+"#op"))
		}
		l := fmt.Sprintf("%s.%d", label, i)
		b.WriteString(genDivFactor(t, l+".0", depth))
		for j, k := 1, rapid.IntRange(1, 3).Draw(t, l+"#factors"); j < k; j++ {
			b.WriteString(rapid.SampledFrom([]string{"*", "*", "/", "/", "%"}).Draw(t, l+"#mulop"))
			b.WriteString(genDivFactor(t, fmt.Sprintf("%s.%d", l, j), depth))
		}
	}
	return b.String()
}

func genDivFactor(t *rapid.T, label string, depth int) string {
	k := rapid.IntRange(0, 9).Draw(t, label+"#kind")
	switch {
	case k <= 1:
		return fmt.Sprint(rapid.IntRange(1, 6).Draw(t, label+"#int"))
	case k <= 5 || depth <= 0:
		return rapid.SampledFrom(symNames).Draw(t, label+"#sym")
	}
	fn := rapid.SampledFrom([]string{"floor_div", "ceil_div", "min", "max"}).Draw(t, label+"#fn")
	return fn + "(" + genDivTree(t, label+"x", depth-1) + "," + genDivTree(t, label+"y", depth-1) + ")"
}

// ratEval evaluates a notation tree with rationals: '/' is the rational
// quotient (by a call, it must be an integer); floor_div, ceil_div, %,
// min and max need integer operands.
func ratEval(n notation.Node, b sym.Binding) (*big.Rat, bool) {
	floorQ := func(x, y *big.Rat) *big.Int {
		q := new(big.Rat).Quo(x, y)
		return new(big.Int).Div(q.Num(), q.Denom())
	}
	switch n := n.(type) {
	case *notation.Int:
		return big.NewRat(n.Value, 1), true
	case *notation.Sym:
		v, ok := b[n.Name]
		return big.NewRat(v, 1), ok
	case *notation.Binary:
		x, ok1 := ratEval(n.X, b)
		y, ok2 := ratEval(n.Y, b)
		if !ok1 || !ok2 {
			return nil, false
		}
		switch n.Op {
		case '+':
			return new(big.Rat).Add(x, y), true
		case '-':
			return new(big.Rat).Sub(x, y), true
		case '*':
			return new(big.Rat).Mul(x, y), true
		case '/':
			if y.Sign() == 0 {
				return nil, false
			}
			q := new(big.Rat).Quo(x, y)
			if _, call := n.Y.(*notation.Func); call && !q.IsInt() {
				// a call may reduce to a sum as the text is read, and
				// then '/' is formed at once: an obligation of its own
				return nil, false
			}
			return q, true
		case '%':
			if y.Sign() == 0 || !x.IsInt() || !y.IsInt() {
				return nil, false
			}
			f := new(big.Rat).SetInt(floorQ(x, y))
			return new(big.Rat).Sub(x, f.Mul(f, y)), true
		}
	case *notation.Func:
		x, ok1 := ratEval(n.X, b)
		y, ok2 := ratEval(n.Y, b)
		if !ok1 || !ok2 {
			return nil, false
		}
		if !x.IsInt() || !y.IsInt() {
			// the functions are integer functions: a division by a sum
			// inside an argument is only exact where it is an integer
			return nil, false
		}
		switch n.Name {
		case "min":
			if x.Cmp(y) <= 0 {
				return x, true
			}
			return y, true
		case "max":
			if x.Cmp(y) >= 0 {
				return x, true
			}
			return y, true
		}
		if y.Sign() == 0 {
			return nil, false
		}
		f := floorQ(x, y)
		if n.Name == "ceil_div" && !new(big.Rat).Quo(x, y).IsInt() {
			f.Add(f, big.NewInt(1))
		}
		return new(big.Rat).SetInt(f), true
	}
	return nil, false
}

func mustNode(t *rapid.T, src string) notation.Node {
	n, err := notation.Parse(src)
	if err != nil {
		t.Fatalf("%s: %v", src, err)
	}
	return n
}

// intRat evaluates src at b, reporting false unless it is defined and an
// integer.
func intRat(t *rapid.T, src string, b sym.Binding) (*big.Rat, bool) {
	v, ok := ratEval(mustNode(t, src), b)
	if !ok || !v.IsInt() {
		return nil, false
	}
	return v, true
}

func smallBinding(r *rand.Rand) sym.Binding {
	b := sym.Binding{}
	for _, s := range symNames {
		b[s] = int64(1 + r.IntN(12))
	}
	return b
}

func checkRat(t *rapid.T, what string, e sym.Expr, b sym.Binding, want *big.Rat) {
	got, err := sym.EvalRat(e, b)
	if err != nil || got.Cmp(want) != 0 {
		t.Fatalf("%s = %s: at %v gives %v (%v), want %s", what, e, b, got, err, want.RatString())
	}
}

var divSumCtxs = []string{"", "M==N*K", "M%N==0", "M%4==2", "N==4*M", "M%8==0", "K%3==1", "M%N==0&&M>=2"}

var divSumSubs = []string{"N+1", "M+N", "2*N+2", "M-N+20", "K%3+1", "min(M,N)+1", "floor_div(M,2)+N", "M*N+1"}

func TestSymDivisionBySumMeansTheTree(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		src := genDivTree(t, "e", 1)
		e, err := sym.Parse(src)
		if err != nil || e.Err() != nil {
			t.Skip("a division by the constant 0")
		}
		r := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "seed"), 2))

		// Substitute K by a sum
		s := rapid.SampledFrom(divSumSubs).Draw(t, "sub")
		se := sym.Substitute(e, map[string]sym.Expr{"K": sym.MustParse(s)})
		for i := 0; i < 20; i++ {
			b := smallBinding(r)
			kv, ok := intRat(t, s, b)
			if !ok {
				continue
			}
			b2 := sym.Binding{"M": b["M"], "N": b["N"], "K": kv.Num().Int64()}
			want, ok := intRat(t, src, b2)
			if !ok {
				continue
			}
			checkRat(t, fmt.Sprintf("Substitute(%s, K=%s)", src, s), se, b, want)
		}

		// Simplify under assumptions
		cs := rapid.SampledFrom(divSumCtxs).Draw(t, "ctx")
		ctx := mustCtx(t, cs)
		simp := ctx.Simplify(e)
		for _, b := range sampleBindings(ctx, symNames, 20, r.Uint64()) {
			if want, ok := intRat(t, src, b); ok {
				checkRat(t, fmt.Sprintf("Simplify(%s) | %s", src, cs), simp, b, want)
			}
		}

		// ExactDiv and the context operations, on a divisor tree
		dsrc := genDivTree(t, "d", 1)
		d, err := sym.Parse(dsrc)
		if err != nil || d.Err() != nil {
			t.Skip("a division by the constant 0")
		}
		q := sym.ExactDiv(e, d)
		op := rapid.SampledFrom([]string{"floor_div", "ceil_div", "mod", "shape_div", "shape_mod", "min", "max"}).Draw(t, "op")
		var p sym.Piecewise[sym.Expr]
		switch op {
		case "floor_div":
			p = ctx.FloorDiv(e, d)
		case "ceil_div":
			p = ctx.CeilDiv(e, d)
		case "mod":
			p = ctx.Mod(e, d)
		case "shape_div":
			p = ctx.ShapeDiv(e, d)
		case "shape_mod":
			p = ctx.ShapeMod(e, d)
		case "min":
			p = ctx.Min(e, d)
		default:
			p = ctx.Max(e, d)
		}
		for _, b := range sampleBindings(ctx, symNames, 20, r.Uint64()) {
			x, ok1 := intRat(t, src, b)
			y, ok2 := intRat(t, dsrc, b)
			if !ok1 || !ok2 || y.Sign() == 0 {
				continue
			}
			// the exact quotient, an integer or not
			if w := new(big.Rat).Quo(x, y); cs == "" {
				checkRat(t, fmt.Sprintf("ExactDiv(%s, %s)", src, dsrc), q, b, w)
			}
			if !x.Num().IsInt64() || !y.Num().IsInt64() {
				continue
			}
			want, valid := reference(op, x.Num().Int64(), y.Num().Int64())
			br, err := p.Select(b)
			if err != nil {
				t.Fatalf("%s(%s, %s) | %s = %s: %v", op, src, dsrc, cs, p, err)
			}
			what := fmt.Sprintf("%s(%s, %s) | %s = %s", op, src, dsrc, cs, p)
			if !valid {
				if br.Err == nil {
					t.Fatalf("%s: at %v the operation is invalid but the branch gives %s", what, b, br.Value)
				}
				continue
			}
			if br.Err != nil {
				t.Fatalf("%s: at %v the branch is an error: %v", what, b, br.Err)
			}
			checkRat(t, what, br.Value, b, big.NewRat(want, 1))
		}
	})
}
