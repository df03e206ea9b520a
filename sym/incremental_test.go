package sym

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"
)

// incrementalPool holds assumptions of every kind the compiler treats
// differently: bounds, congruences by constants and by symbols,
// equations it solves and equations it keeps, kept inequalities between
// symbols, products and sums, !=, exact '/', and atoms (min, max,
// floor_div, ceil_div, %).
var incrementalPool = []string{
	"M%8==0", "M%12==0", "N%4==1", "K%3==2", "M%N==0", "N%M==0", "N%K==0",
	"M*N%8==0", "N==4*M", "K==M+N", "2*M==N-8", "M*N==1", "M*K==N",
	"N>=64", "K<=M", "K>=9", "M<4", "N<=M", "M<N", "K>M+2", "M+N<=9",
	"M!=1", "N!=1", "M*N!=1", "M!=N", "K!=4", "M/2>=1", "N/4<=2",
	"M/N>=1", "min(M,N)==1", "max(M,K)<=16", "floor_div(M,4)>=2",
	"ceil_div(N,8)<=K", "M%N==3", "N%2!=0", "K*K<=M",
}

// sameState reports where two contexts' compiled states differ.
func sameState(a, b *Ctx) string {
	if FormatConds(a.conds) != FormatConds(b.conds) || fmt.Sprint(a.order) != fmt.Sprint(b.order) {
		return fmt.Sprintf("assumptions %s %v vs %s %v", FormatConds(a.conds), a.order, FormatConds(b.conds), b.order)
	}
	steps := func(c *Ctx) string {
		var s []string
		for _, st := range c.steps {
			s = append(s, st.String())
		}
		return strings.Join(s, "; ")
	}
	if steps(a) != steps(b) {
		return "steps " + steps(a) + " vs " + steps(b)
	}
	if len(a.facts) != len(b.facts) {
		return fmt.Sprintf("%d vs %d kept facts", len(a.facts), len(b.facts))
	}
	for i := range a.facts {
		f, g := a.facts[i], b.facts[i]
		if f.kind != g.kind || !polyEq(f.p, g.p) || (f.d == nil) != (g.d == nil) || (f.d != nil && !polyEq(f.d, g.d)) || !f.r.eq(g.r) || f.src != g.src {
			return fmt.Sprintf("fact %d: %s vs %s", i, printPoly(f.p), printPoly(g.p))
		}
	}
	polys := func(m map[*variable]*poly) string {
		var s []string
		for v, p := range m {
			s = append(s, v.name+"="+printPoly(p))
		}
		sort.Strings(s)
		return strings.Join(s, ",")
	}
	bnds := func(m map[*variable]bounds) string {
		var s []string
		for v, b := range m {
			s = append(s, fmt.Sprintf("%s:%+v", v.name, b))
		}
		sort.Strings(s)
		return strings.Join(s, ",")
	}
	bndsOf := func(l bndList) string {
		m := map[*variable]bounds{}
		for _, e := range l {
			m[e.v] = e.b
		}
		return bnds(m)
	}
	// what finish makes (monoSub in the map's order)
	monos := func(c *Ctx) string {
		var s []string
		for _, e := range c.monoSub {
			if e.ok {
				s = append(s, e.v.name+"="+printPoly(&poly{t: []term{e.t}}))
			} else {
				s = append(s, e.v.name+" not a monomial")
			}
		}
		sort.Strings(s)
		return strings.Join(s, ",")
	}
	for _, d := range [][2]string{
		{polys(a.sub), polys(b.sub)}, {polys(a.inv), polys(b.inv)},
		{monos(a), monos(b)}, {fmt.Sprint(a.atomConds), fmt.Sprint(b.atomConds)},
		{bndsOf(a.bnd), bndsOf(b.bnd)}, {bnds(a.elim), bnds(b.elim)},
		{fmt.Sprint(a.fresh, a.iter, a.box), fmt.Sprint(b.fresh, b.iter, b.box)},
	} {
		if d[0] != d[1] {
			return d[0] + " vs " + d[1]
		}
	}
	return ""
}

// A context extended with a guard (resuming from its parent's state after
// the prefix of the canonical order that the guard leaves in place) is the
// context compiled from scratch from all its assumptions: the same
// steps, kept facts, substitutions, bounds and fresh unknowns, the same
// error when inconsistent, and the same answers.
func TestIncrementalMatchesScratch(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	draw := func(n int) []Cond {
		var out []Cond
		for range n {
			cs, err := ParseConds(incrementalPool[r.IntN(len(incrementalPool))])
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, cs...)
		}
		return out
	}
	pairs := [][2]string{{"M", "N"}, {"8", "M*N"}, {"K", "M"}}
	middle := 0 // guards that sort between two of the parent's assumptions
	// children that reused their parent's substitution-only data (with
	// assumptions whose images have atoms)
	reused, reusedAtoms := 0, 0
	for trial := 0; trial < 800; trial++ {
		// the parent, one assumption at a time or all at once
		parent := NewCtx()
		var err error
		conds := draw(r.IntN(4))
		if r.IntN(2) == 0 {
			parent, err = parent.WithConds(conds...)
		} else {
			for _, cd := range conds {
				if parent, err = parent.WithConds(cd); err != nil {
					break
				}
			}
		}
		if err != nil {
			continue
		}
		guard := draw(1 + r.IntN(2))
		child, err := parent.WithConds(guard...)
		// the assumptions and their texts as WithConds makes them
		all := append([]Cond(nil), parent.conds...)
		texts := append([]string(nil), parent.texts...)
		for _, cd := range guard {
			cd = Cond{Rel: cd.Rel, X: pl(cd.X), Y: pl(cd.Y)}
			all, texts = append(all, cd), append(texts, cd.String())
		}
		scratch, serr := compile(all, texts)
		name := FormatConds(parent.conds) + " with " + FormatConds(guard)
		if (err == nil) != (serr == nil) || (err != nil && err.Error() != serr.Error()) {
			t.Fatalf("%s: extended gives %v, from scratch %v", name, err, serr)
		}
		if err != nil {
			continue
		}
		if d := sameState(child, scratch); d != "" {
			t.Fatalf("%s: extended and from scratch differ: %s", name, d)
		}
		if k := len(parent.order); k > 1 && child.order[0] == parent.order[0] && child.order[k-1] != parent.order[k-1] {
			middle++
		}
		// the child took what depends only on the substitution from its
		// parent (no elimination since their common prefix)
		if len(parent.monoSub) > 0 && &child.monoSub[0] == &parent.monoSub[0] {
			reused++
			if len(child.atomConds) > 0 {
				reusedAtoms++
			}
		}
		for _, q := range pairs {
			a, b := MustParse(q[0]), MustParse(q[1])
			if g, w := child.Divides(a, b).Truth, scratch.Divides(a, b).Truth; g != w {
				t.Fatalf("%s: Divides(%s, %s) %s extended, %s from scratch", name, q[0], q[1], g, w)
			}
			if g, w := child.Possible(a, b), scratch.Possible(a, b); g != w {
				t.Fatalf("%s: Possible(%s, %s) %s extended, %s from scratch", name, q[0], q[1], g, w)
			}
		}
	}
	t.Logf("%d guards sorted between the parent's assumptions; %d children reused their parent's substitution-only data, %d of them with assumptions whose images have atoms", middle, reused, reusedAtoms)
	if middle < 50 {
		t.Fatalf("only %d guards sorted between the parent's assumptions", middle)
	}
	if reused < 50 || reusedAtoms < 10 {
		t.Fatalf("only %d children reused their parent's substitution-only data (%d with atoms)", reused, reusedAtoms)
	}
}

// With remembers a child under the text of its guard too: the same text
// added again to the same context gives the same child (or the same
// error) without being parsed, and that child is the one WithConds makes
// of the parsed conditions. A text that does not parse is reported each
// time.
func TestWithRemembersText(t *testing.T) {
	parent, err := NewCtx().With("M%128==0 && N>=64 && K<=M")
	if err != nil {
		t.Fatal(err)
	}
	for _, src := range []string{"K>=9", "N%M==0", "K!=4 && N<=M", "M<K", "M%N==3 && M%N==4"} {
		a, errA := parent.With(src)
		b, errB := parent.With(src)
		if a != b || fmt.Sprint(errA) != fmt.Sprint(errB) {
			t.Fatalf("With(%q) twice: %v (%v), then %v (%v)", src, a, errA, b, errB)
		}
		cs, err := ParseConds(src)
		if err != nil {
			t.Fatal(err)
		}
		c, errC := parent.WithConds(cs...)
		if fmt.Sprint(errA) != fmt.Sprint(errC) {
			t.Fatalf("%s: With gives %v, WithConds %v", src, errA, errC)
		}
		if errA != nil {
			continue
		}
		if d := sameState(a, c); d != "" {
			t.Fatalf("%s: With and WithConds differ: %s", src, d)
		}
	}
	var ie *InconsistentError
	if _, err := parent.With("M%128==0 && M<K"); !errors.As(err, &ie) {
		t.Fatalf("want inconsistent, got %v", err)
	}
	for range 2 {
		if _, err := parent.With("K>="); err == nil {
			t.Fatal("want a syntax error")
		}
	}
}

// canonicalOrder, inserting conditions into the order of a parent's, is
// the sort of all of them by class, text and position.
func TestCanonicalOrderSorts(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	sorted := func(conds []Cond, text []string) []int {
		order := make([]int, len(conds))
		for i := range order {
			order[i] = i
		}
		sort.Slice(order, func(a, b int) bool {
			i, j := order[a], order[b]
			if ci, cj := condClass(conds[i]), condClass(conds[j]); ci != cj {
				return ci < cj
			}
			if text[i] != text[j] {
				return text[i] < text[j]
			}
			return i < j
		})
		return order
	}
	for trial := 0; trial < 500; trial++ {
		var conds []Cond
		var text []string
		for range r.IntN(8) {
			cs, err := ParseConds(incrementalPool[r.IntN(len(incrementalPool))])
			if err != nil {
				t.Fatal(err)
			}
			for _, cd := range cs {
				conds, text = append(conds, cd), append(text, cd.String())
			}
		}
		want := fmt.Sprint(sorted(conds, text))
		for s := 0; s <= len(conds); s++ {
			if got := fmt.Sprint(canonicalOrder(conds, text, sorted(conds[:s], text[:s]))); got != want {
				t.Fatalf("%s with the first %d sorted: %s, want %s", FormatConds(conds), s, got, want)
			}
		}
	}
}
