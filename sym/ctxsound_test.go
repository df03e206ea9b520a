package sym

import (
	"errors"
	"fmt"
	"maps"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// The soundness of the consistency check and of the decisions under the
// contexts it accepts, against brute force over a box: small random sets
// of conditions over M, N and K in the notation (comparisons of sums and
// products of the symbols and constants, congruences, floor_div, ceil_div,
// % and min/max of sums: the atoms that the relaxed facts bound, and
// exact divisions) are compiled, one by one (With) and all at once;
// every binding of the box of their symbols is evaluated (1..12 for three
// symbols, 1..40 for two, 1..400 for one: symbols are positive). A context with a binding in the box
// is never refuted; under an accepted context, every relation between two
// drawn expressions that a binding of the box shows is one that Compare
// and Possible leave possible, a True decision of a drawn condition holds
// at each binding (where its sides are integers), and every certificate
// verifies. Run it longer with -rapid.checks= and -rapid.seed=.

var ctxSyms = []string{"M", "N", "K"}

// genCtxSum draws a sum of one or two symbols, maybe plus a constant, or
// a half of a symbol: the argument of an atom (not an integer at some
// bindings, where the atom's bounds that need one do not hold).
func genCtxSum(t *rapid.T, label string) string {
	s := rapid.SampledFrom(ctxSyms).Draw(t, label+"#s")
	switch rapid.IntRange(0, 4).Draw(t, label+"#sum") {
	case 4:
		return s + "/2"
	case 0:
		return s
	case 1:
		return s + "+" + rapid.SampledFrom(ctxSyms).Draw(t, label+"#o")
	case 2:
		return fmt.Sprintf("%s+%d", s, rapid.IntRange(1, 5).Draw(t, label+"#k"))
	}
	return fmt.Sprintf("%s-%s", s, rapid.SampledFrom(ctxSyms).Draw(t, label+"#o"))
}

// genCtxAtom draws floor_div, ceil_div, % (of a sum, as min(x,x)%d where
// the notation cannot group it), min or max; a divisor may be a sum that
// is 0 or negative at some bindings (N-K).
func genCtxAtom(t *rapid.T, label string) string {
	x := genCtxSum(t, label+"x")
	d := rapid.SampledFrom([]string{"2", "3", "4", "M", "N", "K", "K+1", "N-K"}).Draw(t, label+"#d")
	switch rapid.IntRange(0, 4).Draw(t, label+"#fn") {
	case 0:
		return fmt.Sprintf("floor_div(%s,%s)", x, d)
	case 1:
		return fmt.Sprintf("ceil_div(%s,%s)", x, d)
	case 2:
		if strings.ContainsAny(x, "+-/") {
			x = fmt.Sprintf("min(%s,%s)", x, x)
		}
		if strings.ContainsAny(d, "+-") {
			d = fmt.Sprintf("min(%s,%s)", d, d)
		}
		return x + "%" + d
	case 3:
		return fmt.Sprintf("min(%s,%s)", x, genCtxSum(t, label+"y"))
	}
	return fmt.Sprintf("max(%s,%s)", x, genCtxSum(t, label+"y"))
}

// genCtxTerm draws a constant (1/2 too), a symbol, a product of two or three
// symbols, a multiple of one, an atom (maybe times a symbol) or an exact
// division.
func genCtxTerm(t *rapid.T, label string) string {
	s := rapid.SampledFrom(ctxSyms).Draw(t, label+"#s")
	o := rapid.SampledFrom(ctxSyms).Draw(t, label+"#o")
	switch rapid.IntRange(0, 9).Draw(t, label+"#term") {
	case 0:
		if rapid.IntRange(0, 3).Draw(t, label+"#half") == 0 {
			return "1/2"
		}
		return fmt.Sprint(rapid.IntRange(1, 9).Draw(t, label+"#c"))
	case 1, 2:
		return s
	case 3:
		return s + "*" + o
	case 4:
		return s + "*" + o + "*" + rapid.SampledFrom(ctxSyms).Draw(t, label+"#k")
	case 5:
		return fmt.Sprintf("%d*%s", rapid.IntRange(2, 4).Draw(t, label+"#c"), s)
	case 6, 7:
		return genCtxAtom(t, label+"a")
	case 8:
		return s + "*" + genCtxAtom(t, label+"a")
	}
	return fmt.Sprintf("%s/%s", s, rapid.SampledFrom([]string{"2", "3", o}).Draw(t, label+"#d"))
}

// genCtxExpr draws a sum or difference of one to three terms.
func genCtxExpr(t *rapid.T, label string) string {
	e := genCtxTerm(t, label+"0")
	for i, n := 1, rapid.IntRange(1, 3).Draw(t, label+"#n"); i < n; i++ {
		e += rapid.SampledFrom([]string{"+", "-"}).Draw(t, label+"#op") + genCtxTerm(t, fmt.Sprintf("%s%d", label, i))
	}
	return e
}

// genCtxCond draws one condition: a comparison of two expressions, a
// congruence, or a divisor of a constant.
func genCtxCond(t *rapid.T, label string) string {
	rel := rapid.SampledFrom([]string{"==", "!=", "<", "<=", ">", ">="}).Draw(t, label+"#rel")
	switch rapid.IntRange(0, 5).Draw(t, label+"#cond") {
	case 0:
		x := genCtxExpr(t, label+"x")
		if strings.ContainsAny(x, "+-") {
			x = fmt.Sprintf("min(%s,%s)", x, x)
		}
		d := rapid.SampledFrom([]string{"2", "3", "4", "6", "M", "N", "K"}).Draw(t, label+"#d")
		return fmt.Sprintf("%s%%%s%s%d", x, d, rapid.SampledFrom([]string{"==", "!="}).Draw(t, label+"#eq"), rapid.IntRange(0, 3).Draw(t, label+"#r"))
	case 1:
		return fmt.Sprintf("%d%%%s!=0", rapid.SampledFrom([]int{2, 4, 6, 12}).Draw(t, label+"#k"), genCtxSum(t, label+"d"))
	case 2:
		return genCtxExpr(t, label+"x") + rel + fmt.Sprint(rapid.IntRange(0, 12).Draw(t, label+"#c"))
	}
	return genCtxExpr(t, label+"x") + rel + genCtxExpr(t, label+"y")
}

// boxBindings returns the bindings of names to 1..top that satisfy conds
// (a condition that cannot be evaluated at a binding fails there).
func boxBindings(conds []Cond, names []string, top int64) []Binding {
	var out []Binding
	b := Binding{}
	var walk func(i int)
	walk = func(i int) {
		if i == len(names) {
			if allowed(conds, b) {
				out = append(out, maps.Clone(b))
			}
			return
		}
		for v := int64(1); v <= top; v++ {
			b[names[i]] = v
			walk(i + 1)
		}
	}
	walk(0)
	return out
}

// ctxBoxTop is the top of the box for n symbols: about 1700 bindings or
// fewer, wider where there are fewer symbols.
func ctxBoxTop(n int) int64 {
	return [...]int64{1, 400, 40, 12}[n]
}

func TestCtxSoundness(t *testing.T) {
	var st ctxSoundStats
	rapid.Check(t, func(t *rapid.T) { checkCtxSound(t, &st) })
	t.Logf("%+v", st)
	// the draws reach each kind of answer (a few hundred checks give
	// dozens of each)
	if st.refuted == 0 || st.accepted == 0 || st.decided == 0 {
		t.Errorf("the draws miss a kind of answer: %+v", st)
	}
}

// ctxSoundStats counts the answers of TestCtxSoundness's draws.
type ctxSoundStats struct {
	refuted  int // contexts refuted (no binding in the box)
	accepted int // contexts accepted with a binding in the box
	decided  int // conditions decided True or False under those
}

// checkCtxSound is one draw of TestCtxSoundness.
func checkCtxSound(t *rapid.T, st *ctxSoundStats) {
	n := rapid.IntRange(1, 4).Draw(t, "#conds")
	srcs := make([]string, n)
	for i := range srcs {
		srcs[i] = genCtxCond(t, fmt.Sprintf("c%d", i))
	}
	text := strings.Join(srcs, " && ")
	conds, err := ParseConds(text)
	if err != nil {
		t.Skip(err)
	}
	a := MustParse(genCtxExpr(t, "qa"))
	b := MustParse(genCtxExpr(t, "qb"))
	q, err := ParseConds(genCtxCond(t, "q"))
	if err != nil || len(q) != 1 {
		t.Skip(err)
	}
	used := map[string]bool{}
	for _, e := range []Expr{a, b, q[0].X, q[0].Y} {
		for _, s := range Symbols(e) {
			used[s] = true
		}
	}
	names := sortedSymbols(used, conds)
	bs := boxBindings(conds, names, ctxBoxTop(len(names)))
	one, err1 := Assume(srcs...)
	all, err2 := NewCtx().With(text)
	for _, err := range []error{err1, err2} {
		var ie *InconsistentError
		if errors.As(err, &ie) && len(bs) > 0 {
			t.Fatalf("%s: refuted (%v), but %s satisfies it", text, ie.Reason, formatBinding(bs[0]))
		}
	}
	ctx := one
	if rapid.Bool().Draw(t, "#atonce") {
		ctx, err1 = all, err2
	}
	var ie *InconsistentError
	if errors.As(err1, &ie) {
		st.refuted++
		return
	}
	if err1 != nil {
		t.Skip(err1) // outside the supported fragment, or beyond the limits
	}
	if len(bs) > 0 {
		st.accepted++
	}
	cmp := ctx.Compare(a, b)
	possible := ctx.Possible(a, b)
	for _, bd := range bs {
		x, err1 := Eval(a, bd)
		y, err2 := Eval(b, bd)
		if err1 != nil || err2 != nil {
			continue // the decisions answer where both are integers
		}
		rel := Order(Same)
		if x < y {
			rel = Less
		} else if x > y {
			rel = Greater
		}
		if cmp.Possible&rel == 0 || possible&rel == 0 {
			t.Fatalf("under %s: Compare(%s, %s) leaves %v, Possible %v, but %s gives %v", text, a, b, cmp.Possible, possible, formatBinding(bd), rel)
		}
	}
	certs, err := cmp.Certificates()
	if err != nil {
		t.Fatalf("under %s: Compare(%s, %s): %v", text, a, b, err)
	}
	for _, c := range certs {
		if err := Verify(c); err != nil {
			t.Fatalf("under %s: Compare(%s, %s): certificate %s: %v", text, a, b, c, err)
		}
	}
	d := ctx.Decide(q[0])
	if d.Truth == Unknown {
		return
	}
	if len(bs) > 0 {
		st.decided++
	}
	if d.Truth == True {
		for _, bd := range bs {
			if h, err := q[0].Holds(bd); err == nil && !h {
				t.Fatalf("under %s: %s decided True, but fails at %s", text, q[0], formatBinding(bd))
			}
		}
	}
	certs, err = d.Certificates()
	if err != nil {
		t.Fatalf("under %s: %s decided %v: %v", text, q[0], d.Truth, err)
	}
	for _, c := range certs {
		if err := Verify(c); err != nil {
			t.Fatalf("under %s: %s decided %v: certificate %s: %v", text, q[0], d.Truth, c, err)
		}
	}
}

// Satisfiable contexts whose bindings lie at the edge of the bounds that
// check derives (factBounds from a fact, from the fact with its atoms
// relaxed, over an unknown that may be 0; the box search over them),
// beyond the box of TestCtxSoundness, or where an atom's argument is not
// an integer: each is accepted, and the binding named satisfies it.
func TestCtxSoundEdges(t *testing.T) {
	for _, tc := range []struct {
		conds string
		at    Binding
	}{
		{"M%2==1 && M*N<=5 && M>=5", Binding{"M": 5, "N": 1}}, // M = 2*u+1, u <= 2
		{"M*N*K==1001 && M!=1 && N!=1 && K!=1", Binding{"M": 7, "N": 11, "K": 13}},
		{"2*M+3*N<=12 && M>=3 && N>=2", Binding{"M": 3, "N": 2}},
		{"max(M,N)*K<=12 && K>=4 && M>=3", Binding{"M": 3, "N": 1, "K": 4}},
		{"floor_div(M,3)+N<=4 && M>=11", Binding{"M": 11, "N": 1}}, // M <= 11 from (M-2)/3+N <= 4
		{"ceil_div(M,4)*N<=3 && M>=12", Binding{"M": 12, "N": 1}},  // M*N/4 <= 3
		{"M%N*K<=3 && M%N>=3", Binding{"M": 3, "N": 4, "K": 1}},
		{"M%N==N-1 && N*K<=2 && K>=2", Binding{"M": 1, "N": 1, "K": 2}},
		{"N!=1 && M!=1 && N*M==4", Binding{"M": 2, "N": 2}},
		{"12%M==0 && M*N>=12 && N<=1", Binding{"M": 12, "N": 1}},
		{"M%3==2 && M*M<=25 && M>=5", Binding{"M": 5}},
		// the bounds of an atom that need an integer argument do not
		// hold for M/2: M/2%3 is 5/2 at M=5, floor_div(M/2,2) is 0 at
		// M=3 (not >= (M/2-1)/2), ceil_div(M/2,2) is 1 at M=1 (not <=
		// (M/2+1)/2)
		{"min(M/2,M/2)%3+1/2>=3", Binding{"M": 5}},
		{"floor_div(M/2,2)<=0 && M>=3", Binding{"M": 3}},
		{"floor_div(M/2,2)+N<=1 && M>=3", Binding{"M": 3, "N": 1}},
		{"ceil_div(M/2,2)>=1 && M<=1", Binding{"M": 1}},
	} {
		conds, err := ParseConds(tc.conds)
		if err != nil {
			t.Fatal(err)
		}
		if !allowed(conds, tc.at) {
			t.Fatalf("%s: %s does not satisfy it", tc.conds, formatBinding(tc.at))
		}
		if _, err := Assume(tc.conds); err != nil {
			t.Errorf("%s: %v, but %s satisfies it", tc.conds, err, formatBinding(tc.at))
		}
	}
}
