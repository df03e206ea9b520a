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
			// exact division by a non-zero constant or a symbol
			b.WriteString("/")
			b.WriteString(rapid.SampledFrom([]string{"2", "4", "8", "M", "N", "3"}).Draw(t, label+"#div"))
		case 1:
			b.WriteString("%")
			b.WriteString(rapid.SampledFrom([]string{"2", "4", "8", "M", "N", "3"}).Draw(t, label+"#mod"))
		default:
			b.WriteString("*")
			b.WriteString(genSymFactor(t, fmt.Sprintf("%s.%d", label, i), depth))
		}
	}
	return b.String()
}

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
		y = rapid.SampledFrom([]string{"2", "4", "8", "M", "N", "M*N", "3"}).Draw(t, label+"#fdiv")
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
