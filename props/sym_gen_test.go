package props

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"pgregory.net/rapid"

	"github.com/cutealg/cutealg/sym"
)

// Generators and brute-force helpers shared by the sym_*_test.go
// properties: random expressions and assumptions written as text in the
// notation (so that the parser is exercised too), and random bindings that
// satisfy the assumptions.

var symNames = []string{"M", "N", "K"}

// symDivisors are the right operands of '/' and '%' in generated text:
// constants, symbols, and sums grouped as min(y,y) (which reads as y),
// none identically 0 (some are 0 at bindings: M-N).
var symDivisors = []string{"2", "4", "8", "M", "N", "3",
	"min(N+1,N+1)", "min(M+N,M+N)", "min(M-N,M-N)", "min(2*K+4,2*K+4)", "min(M*N-1,M*N-1)"}

// genSymExpr draws an integer expression of the notation. depth bounds the
// nesting of functions.
func genSymExpr(t *rapid.T, label string, depth int) string {
	n := rapid.IntRange(1, 3).Draw(t, label+"#terms")
	var b strings.Builder
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(rapid.SampledFrom([]string{"+", "-"}).Draw(t, label+"#op"))
		}
		b.WriteString(genSymTerm(t, fmt.Sprintf("%s.%d", label, i), depth))
	}
	return b.String()
}

func genSymTerm(t *rapid.T, label string, depth int) string {
	n := rapid.IntRange(1, 3).Draw(t, label+"#factors")
	var b strings.Builder
	b.WriteString(genSymFactor(t, label+".0", depth))
	for i := 1; i < n; i++ {
		switch rapid.IntRange(0, 9).Draw(t, label+"#mulop") {
		case 0:
			// exact division by a non-zero constant, a symbol, or a sum
			// (written min(y,y), the notation's only way to group y)
			b.WriteString("/")
			b.WriteString(rapid.SampledFrom(symDivisors).Draw(t, label+"#div"))
		case 1:
			b.WriteString("%")
			b.WriteString(rapid.SampledFrom(symDivisors).Draw(t, label+"#mod"))
		default:
			b.WriteString("*")
			b.WriteString(genSymFactor(t, fmt.Sprintf("%s.%d", label, i), depth))
		}
	}
	return b.String()
}

// posDivisors are the divisors of floor_div and ceil_div that the
// generators draw, all positive: constants, symbols, and symbolic divisors
// of other forms (a square, a min, a sum), whose relations to the
// dividend sym decides too.
var posDivisors = []string{"2", "4", "8", "M", "N", "M*N", "3", "K*K", "min(M,N)", "min(N+1,N+1)"}

func genSymFactor(t *rapid.T, label string, depth int) string {
	k := rapid.IntRange(0, 9).Draw(t, label+"#kind")
	switch {
	case k <= 2:
		return fmt.Sprint(rapid.IntRange(1, 16).Draw(t, label+"#int"))
	case k <= 7 || depth <= 0:
		return rapid.SampledFrom(symNames).Draw(t, label+"#sym")
	}
	fn := rapid.SampledFrom([]string{"floor_div", "ceil_div", "min", "max"}).Draw(t, label+"#fn")
	x := genSymExpr(t, label+"x", depth-1)
	var y string
	if fn == "floor_div" || fn == "ceil_div" {
		y = rapid.SampledFrom(posDivisors).Draw(t, label+"#fdiv")
	} else {
		y = genSymExpr(t, label+"y", depth-1)
	}
	return fn + "(" + x + "," + y + ")"
}

// genMonomial draws a monomial: c*x1*...*xk, sometimes divided by a
// constant or a symbol.
func genMonomial(t *rapid.T, label string) string {
	parts := []string{fmt.Sprint(rapid.SampledFrom([]int{1, 2, 3, 4, 6, 8, 12, 16, 32}).Draw(t, label+"#c"))}
	for i, n := 0, rapid.IntRange(0, 3).Draw(t, label+"#n"); i < n; i++ {
		parts = append(parts, rapid.SampledFrom(symNames).Draw(t, label+"#v"))
	}
	s := strings.Join(parts, "*")
	if rapid.IntRange(0, 4).Draw(t, label+"#hasdiv") == 0 {
		s += "/" + rapid.SampledFrom([]string{"2", "4", "M", "N"}).Draw(t, label+"#d")
	}
	return s
}

// genAssumption draws one condition of the kinds the context compiles.
func genAssumption(t *rapid.T, label string) string {
	s := rapid.SampledFrom(symNames).Draw(t, label+"#s")
	o := rapid.SampledFrom(symNames).Draw(t, label+"#o")
	c := rapid.SampledFrom([]int{2, 3, 4, 8, 16, 24}).Draw(t, label+"#c")
	switch rapid.IntRange(0, 9).Draw(t, label+"#kind") {
	case 0, 1:
		return fmt.Sprintf("%s%%%d==0", s, c)
	case 2:
		return fmt.Sprintf("%s%%%d==%d", s, c, rapid.IntRange(0, c-1).Draw(t, label+"#r"))
	case 3:
		return fmt.Sprintf("%s>=%d", s, rapid.IntRange(1, 40).Draw(t, label+"#b"))
	case 4:
		return fmt.Sprintf("%s<%d", s, rapid.IntRange(2, 64).Draw(t, label+"#b"))
	case 5:
		if s == o {
			return fmt.Sprintf("%s!=%d", s, rapid.IntRange(1, 8).Draw(t, label+"#b"))
		}
		return fmt.Sprintf("%s<=%s", s, o)
	case 6:
		if s == o {
			return fmt.Sprintf("%s%%%d==0", s, c)
		}
		return fmt.Sprintf("%s==%d*%s", s, rapid.IntRange(1, 4).Draw(t, label+"#k"), o)
	case 7:
		if s == o {
			return fmt.Sprintf("%s>=%d", s, c)
		}
		return fmt.Sprintf("%s%%%s==0", s, o)
	case 8:
		if s == o {
			return fmt.Sprintf("%s<%d", s, 3*c)
		}
		return fmt.Sprintf("%s<%s", s, o)
	}
	return fmt.Sprintf("%s*%s%%%d==0", s, o, c)
}

// genCtx draws a context of up to 3 assumptions; the text is returned for
// messages. Inconsistent draws are checked by the caller.
func genCtxText(t *rapid.T) string {
	n := rapid.IntRange(0, 3).Draw(t, "#assume")
	parts := make([]string, n)
	for i := range parts {
		parts[i] = genAssumption(t, fmt.Sprintf("a%d", i))
	}
	return strings.Join(parts, "&&")
}

// genAnyAssumption draws one condition of any kind the condition language
// has: the kinds of genAssumption, and != < <= > >= between symbols, sums
// and products, exact '/' (M/2>=1, min(M+N,M+N)/4==K, the notation's
// (M+N)/4==K), constants that overflow int64 once combined, and
// floor_div, ceil_div, min, max and % inside.
func genAnyAssumption(t *rapid.T, label string) string {
	s := rapid.SampledFrom(symNames).Draw(t, label+"#s")
	o := rapid.SampledFrom(symNames).Draw(t, label+"#o")
	if o == s {
		o = symNames[(indexOf(symNames, s)+1)%len(symNames)]
	}
	k := rapid.SampledFrom(symNames).Draw(t, label+"#k")
	c := rapid.IntRange(1, 24).Draw(t, label+"#c")
	rel := rapid.SampledFrom([]string{"==", "!=", "<", "<=", ">", ">="}).Draw(t, label+"#rel")
	switch rapid.IntRange(0, 10).Draw(t, label+"#any") {
	case 0, 1:
		return genAssumption(t, label)
	case 2: // two symbols, any comparison
		return s + rel + o
	case 3: // a symbol and a constant, any comparison
		return fmt.Sprintf("%s%s%d", s, rel, c)
	case 4: // sums
		return rapid.SampledFrom([]string{
			fmt.Sprintf("%s+%s%s%d", s, o, rel, c),
			fmt.Sprintf("%s+%s%s%s", s, o, rel, k),
			fmt.Sprintf("%s+%d%s%s", s, c, rel, o),
			fmt.Sprintf("2*%s-%s%s%d", s, o, rel, c%5),
			fmt.Sprintf("%s-%s%s%d", s, o, rel, c%4),
		}).Draw(t, label+"#sum")
	case 5: // products
		return rapid.SampledFrom([]string{
			fmt.Sprintf("%s*%s%s%d", s, o, rel, 2*c),
			fmt.Sprintf("%s*%s%s%s", s, o, rel, k),
			fmt.Sprintf("%s*%s%s%d*%s", s, s, rel, c%5+1, o),
		}).Draw(t, label+"#prod")
	case 6: // congruences and divisibility, by constants, symbols, sums
		d := rapid.SampledFrom([]int{2, 3, 4, 6, 8}).Draw(t, label+"#d")
		return rapid.SampledFrom([]string{
			fmt.Sprintf("%s%%%d==%d", s, d, c%d),
			fmt.Sprintf("%s%%%d!=%d", s, d, c%d),
			fmt.Sprintf("%s%%%s==0", s, o),
			fmt.Sprintf("%s%%%s==%d", s, o, c%4),
			fmt.Sprintf("%s%%%s!=0", s, o),
			fmt.Sprintf("%s*%s%%%d==0", s, o, d),
			fmt.Sprintf("%s%%min(%s+1,%s+1)==0", s, o, o),
		}).Draw(t, label+"#cong")
	case 7, 8: // the functions inside
		d := rapid.SampledFrom([]int{2, 3, 4, 8}).Draw(t, label+"#d")
		return rapid.SampledFrom([]string{
			fmt.Sprintf("min(%s,%s)%s%d", s, o, rel, c%8+1),
			fmt.Sprintf("max(%s,%s)%s%d", s, o, rel, c),
			fmt.Sprintf("min(%s,%s)%s%s", s, o, rel, k),
			fmt.Sprintf("max(%s,%d)%s%s", s, c%6+1, rel, o),
			fmt.Sprintf("floor_div(%s,%d)%s%d", s, d, rel, c%6),
			fmt.Sprintf("ceil_div(%s,%d)%s%s", s, d, rel, o),
			fmt.Sprintf("floor_div(%s,%s)%s%d", s, o, rel, c%4),
			fmt.Sprintf("ceil_div(%s+%s,%s)%s%d", s, o, k, rel, c%5+1),
			fmt.Sprintf("%s%%%d%s%d", s, d, rel, c%d),
			fmt.Sprintf("%s%%%s%s%d", s, o, rel, c%4+1),
			fmt.Sprintf("%s*%s%%%d%s%s%%%d", s, o, d, rel, k, d),
		}).Draw(t, label+"#fn")
	case 9: // exact division
		d := rapid.SampledFrom([]int{2, 3, 4, 7}).Draw(t, label+"#d")
		return rapid.SampledFrom([]string{
			fmt.Sprintf("%s/%d%s%d", s, d, rel, c%5+1),
			fmt.Sprintf("min(%s+%s,%s+%s)/%d%s%s", s, o, s, o, d, rel, k),
			fmt.Sprintf("%s/%d+%s/%d%s%s", s, d, o, d, rel, k),
			fmt.Sprintf("%s/%s%s%d", s, o, rel, c%4+1),
			fmt.Sprintf("%s*%s/%d%s%d", s, o, d, rel, c),
			fmt.Sprintf("%s/min(%s+1,%s+1)%s%d", s, o, o, rel, c%4+1),
			fmt.Sprintf("%s%s4611686018427387905/8", s, rel),
		}).Draw(t, label+"#div")
	}
	// constants beyond int64 once combined
	return rapid.SampledFrom([]string{
		fmt.Sprintf("%s%%9223372036854775807==0", s),
		fmt.Sprintf("%s%%4611686018427387904==0", s),
		fmt.Sprintf("2*%s==%s-8", s, o),
		fmt.Sprintf("%s*%s<=9223372036854775807", s, o),
	}).Draw(t, label+"#huge")
}

// genAnyCtxText draws up to 3 assumptions of any kind (genAnyAssumption).
func genAnyCtxText(t *rapid.T) string {
	n := rapid.IntRange(0, 3).Draw(t, "#assume")
	parts := make([]string, n)
	for i := range parts {
		parts[i] = genAnyAssumption(t, fmt.Sprintf("a%d", i))
	}
	return strings.Join(parts, "&&")
}

func indexOf(xs []string, x string) int {
	for i, y := range xs {
		if y == x {
			return i
		}
	}
	return -1
}

func mustCtx(t *rapid.T, src string) *sym.Ctx {
	if src == "" {
		return sym.NewCtx()
	}
	c, err := sym.NewCtx().With(src)
	if err != nil {
		var ie *sym.InconsistentError
		if !asInconsistent(err, &ie) {
			t.Fatalf("assumptions %q: %v", src, err)
		}
		// an inconsistent report must not be contradicted by a binding
		if b, ok := findBinding(src); ok {
			t.Fatalf("assumptions %q reported inconsistent (%v) but %v satisfies them", src, err, b)
		}
		t.Skip("inconsistent assumptions")
	}
	return c
}

func asInconsistent(err error, target **sym.InconsistentError) bool {
	ie, ok := err.(*sym.InconsistentError)
	if ok {
		*target = ie
	}
	return ok
}

// candidate values for a symbol: small numbers, multiples and neighbours of
// the constants of the generators, a few large ones.
var candidates = func() []int64 {
	var out []int64
	for v := int64(1); v <= 50; v++ {
		out = append(out, v)
	}
	out = append(out, 63, 64, 65, 72, 96, 127, 128, 129, 144, 192, 256, 384, 1000, 1024)
	return out
}()

// sampleBindings returns up to n bindings of the symbols that satisfy ctx.
func sampleBindings(ctx *sym.Ctx, syms []string, n int, seed uint64) []sym.Binding {
	r := rand.New(rand.NewPCG(seed, 0x5eed))
	var out []sym.Binding
	for tries := 0; tries < 4000 && len(out) < n; tries++ {
		b := sym.Binding{}
		for _, s := range syms {
			b[s] = candidates[r.IntN(len(candidates))]
		}
		if ctx.Satisfies(b) == nil {
			out = append(out, b)
		}
	}
	return out
}

// findBinding searches a small box for a binding that satisfies the
// conditions (evaluated directly).
func findBinding(src string) (sym.Binding, bool) {
	conds, err := sym.ParseConds(src)
	if err != nil {
		return nil, false
	}
	seen := map[string]bool{}
	var names []string
	for _, c := range conds {
		for _, s := range append(sym.Symbols(c.X), sym.Symbols(c.Y)...) {
			if !seen[s] {
				seen[s] = true
				names = append(names, s)
			}
		}
	}
	const hi = 72
	b := sym.Binding{}
	var rec func(i int) bool
	rec = func(i int) bool {
		if i == len(names) {
			for _, c := range conds {
				if h, err := c.Holds(b); err != nil || !h {
					return false
				}
			}
			return true
		}
		for v := int64(1); v <= hi; v++ {
			b[names[i]] = v
			if rec(i + 1) {
				return true
			}
		}
		return false
	}
	if rec(0) {
		return b, true
	}
	return nil, false
}

// value evaluates e at b, reporting false where it is not an integer (an
// exact division that is not exact, a division by zero).
func value(e sym.Expr, b sym.Binding) (int64, bool) {
	v, err := sym.Eval(e, b)
	return v, err == nil
}

func allSymbols(es ...sym.Expr) []string {
	seen := map[string]bool{}
	for _, e := range es {
		for _, s := range sym.Symbols(e) {
			seen[s] = true
		}
	}
	for _, s := range symNames {
		seen[s] = true
	}
	out := make([]string, 0, len(seen))
	for s := range seen {
		out = append(out, s)
	}
	return out
}

// genAssumptionMix draws one condition of genAssumption's kinds or, one
// time in four, one that uses exact division ('/'), a remainder by a
// symbol with a non-zero value, or min and max.
func genAssumptionMix(t *rapid.T, label string) string {
	if rapid.IntRange(0, 3).Draw(t, label+"#mix") != 0 {
		return genAssumption(t, label)
	}
	s := rapid.SampledFrom(symNames).Draw(t, label+"#s")
	o := rapid.SampledFrom(symNames).Draw(t, label+"#o")
	d := rapid.SampledFrom([]int{2, 3, 4, 8}).Draw(t, label+"#d")
	switch rapid.IntRange(0, 5).Draw(t, label+"#kind") {
	case 4:
		return fmt.Sprintf("min(%s,%s)%s%d", s, o, rapid.SampledFrom([]string{"==", "<=", ">="}).Draw(t, label+"#rel"), rapid.IntRange(1, 8).Draw(t, label+"#b"))
	case 5:
		return fmt.Sprintf("max(%s,%d*%s)<=%d", s, d, o, rapid.IntRange(2, 40).Draw(t, label+"#b"))
	case 0:
		return fmt.Sprintf("%s/%d>=%d", s, d, rapid.IntRange(1, 4).Draw(t, label+"#b"))
	case 1:
		return fmt.Sprintf("%s/%d<=%d", s, d, rapid.IntRange(1, 8).Draw(t, label+"#b"))
	case 2:
		if s == o {
			return fmt.Sprintf("%s/%d!=%d", s, d, rapid.IntRange(1, 4).Draw(t, label+"#b"))
		}
		return fmt.Sprintf("%s/%s>=%d", s, o, rapid.IntRange(1, 3).Draw(t, label+"#b"))
	}
	if s == o {
		return fmt.Sprintf("%s%%%d==%d", s, d, rapid.IntRange(0, d-1).Draw(t, label+"#r"))
	}
	return fmt.Sprintf("%s%%%s==%d", s, o, rapid.IntRange(0, 3).Draw(t, label+"#r"))
}

// genSymValue draws an expression built with the Go API rather than read
// from text, so that it reaches the shapes the notation cannot write
// directly: exact divisions by sums (ExactDiv(M, N+1)), remainders by
// products (Mod(M*N, 2*K)), products of remainders. It may be invalid (a
// division by an expression that is identically 0).
func genSymValue(t *rapid.T, label string, depth int) sym.Expr {
	if depth <= 0 || rapid.IntRange(0, 3).Draw(t, label+"#leaf") == 0 {
		e, err := sym.Parse(genSymTerm(t, label+"t", 0))
		if err != nil {
			t.Fatalf("generated text does not parse: %v", err)
		}
		if rapid.Bool().Draw(t, label+"#plus") {
			e = sym.Add(e, sym.Const(int64(rapid.IntRange(-2, 3).Draw(t, label+"#c"))))
		}
		return e
	}
	x := genSymValue(t, label+"x", depth-1)
	y := genSymValue(t, label+"y", depth-1)
	switch rapid.IntRange(0, 9).Draw(t, label+"#op") {
	case 0:
		return sym.Add(x, y)
	case 1:
		return sym.Sub(x, y)
	case 2, 3:
		return sym.Mul(x, y)
	case 4, 5:
		return sym.ExactDiv(x, y)
	case 6:
		return sym.Mod(x, y)
	case 7:
		return sym.FloorDiv(x, y)
	case 8:
		return sym.CeilDiv(x, y)
	}
	if rapid.Bool().Draw(t, label+"#min") {
		return sym.Min(x, y)
	}
	return sym.Max(x, y)
}

// beyondNotationLimits reports whether err is Parse refusing text beyond
// the notation's size limits (MaxDepth, MaxNodes, MaxBytes), which the
// printer may produce for very large values (see sym's doc, Printing).
func beyondNotationLimits(err error) bool {
	if err == nil {
		return false
	}
	m := err.Error()
	return strings.Contains(m, "nesting too deep") || strings.Contains(m, "value too large: more than MaxNodes") || strings.Contains(m, "input too long")
}
