package sym

import (
	"errors"
	"fmt"
	"math/rand"
	"strings"
	"testing"
)

// diffCons is x_to - x_from <= w over the symbols M, N, K (node 1 to 3)
// and the zero node 0, as the test's own reference reads an assumption.
type diffCons struct{ from, to, w int }

// diffFeasible is the reference for a system of difference constraints
// over positive integers: Bellman-Ford from the zero node with the lower
// bounds x >= 1; integer weights make a system without a negative cycle
// feasible over the integers. It returns the shortest distances (d[i][j]:
// the least upper bound of x_j - x_i) when feasible.
func diffFeasible(cs []diffCons) (d [4][4]int, ok bool) {
	const inf = 1 << 30
	for i := range d {
		for j := range d[i] {
			if i != j {
				d[i][j] = inf
			}
		}
	}
	for v := 1; v <= 3; v++ {
		d[v][0] = min(d[v][0], -1) // 0 - x_v <= -1
	}
	for _, c := range cs {
		d[c.from][c.to] = min(d[c.from][c.to], c.w)
	}
	for k := 0; k < 4; k++ {
		for i := 0; i < 4; i++ {
			for j := 0; j < 4; j++ {
				if d[i][k] < inf && d[k][j] < inf && d[i][k]+d[k][j] < d[i][j] {
					d[i][j] = d[i][k] + d[k][j]
				}
			}
		}
	}
	for i := 0; i < 4; i++ {
		if d[i][i] < 0 {
			return d, false
		}
	}
	return d, true
}

// randomDiffAssumption returns an assumption x rel y+c (y a symbol or
// none) in the notation, the reference constraints it means (two for ==),
// and for != the difference it excludes (x_to - x_from != w).
func randomDiffAssumption(rng *rand.Rand) (src string, cs []diffCons, ne *diffCons) {
	names := []string{"", "M", "N", "K"}
	x := 1 + rng.Intn(3)
	y := rng.Intn(4)
	for y == x {
		y = rng.Intn(4)
	}
	c := rng.Intn(7) - 3
	if y == 0 {
		c = rng.Intn(6) + 1
	}
	rels := []string{"<=", "<", ">=", ">", "==", "!="}
	rel := rels[rng.Intn(len(rels))]
	rhs := fmt.Sprint(c)
	if y != 0 {
		switch {
		case c > 0:
			rhs = fmt.Sprintf("%s+%d", names[y], c)
		case c < 0:
			rhs = fmt.Sprintf("%s-%d", names[y], -c)
		default:
			rhs = names[y]
		}
	}
	src = names[x] + rel + rhs
	le := func(w int) diffCons { return diffCons{from: y, to: x, w: w} }  // x - y <= w
	ge := func(w int) diffCons { return diffCons{from: x, to: y, w: -w} } // x - y >= w
	switch rel {
	case "<=":
		cs = []diffCons{le(c)}
	case "<":
		cs = []diffCons{le(c - 1)}
	case ">=":
		cs = []diffCons{ge(c)}
	case ">":
		cs = []diffCons{ge(c + 1)}
	case "==":
		cs = []diffCons{le(c), ge(c)}
	default:
		ne = &diffCons{from: y, to: x, w: c}
	}
	return src, cs, ne
}

// Systems of difference constraints over M, N and K (x rel y+c, bounds
// x rel c, at most one !=, written in any order), against the reference
// diffFeasible: the context is inconsistent exactly when no positive
// integers satisfy the assumptions (difference constraints are the
// fragment where the consistency checks are complete: a negative cycle,
// or a != of a difference that the others force); and where the error
// says that some assumptions contradict each other, those alone, with the
// one-symbol bounds and the equations (which compile to substitutions,
// not named), have no solution (the reference), while each of them is
// needed.
func TestDifferenceSystemsDecided(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	printed := func(src string) string {
		cds, err := ParseConds(src)
		if err != nil || len(cds) != 1 {
			t.Fatalf("%s: %v", src, err)
		}
		return cds[0].String()
	}
	inconsistent := 0
	for i := 0; i < 300; i++ {
		var srcs []string
		var all [][]diffCons
		var ne *diffCons
		for n := 2 + rng.Intn(3); len(srcs) < n; {
			src, cs, e := randomDiffAssumption(rng)
			if e != nil {
				if ne != nil {
					continue
				}
				ne = e
			}
			srcs = append(srcs, src)
			all = append(all, cs)
		}
		var cs []diffCons
		for _, c := range all {
			cs = append(cs, c...)
		}
		d, want := diffFeasible(cs)
		if want && ne != nil {
			// the != fails everywhere exactly when the others force
			// x_to - x_from == w (the values of a difference over the
			// solutions of difference constraints are an interval)
			want = d[ne.from][ne.to] > ne.w || d[ne.to][ne.from] > -ne.w
		}
		what := strings.Join(srcs, " && ")
		_, err := Assume(srcs...)
		var ie *InconsistentError
		switch {
		case err == nil && !want:
			t.Errorf("%s: accepted, but no positive integers satisfy it", what)
		case err != nil && !errors.As(err, &ie):
			t.Errorf("%s: %v", what, err)
		case err != nil && want:
			t.Errorf("%s: %v, but it has solutions", what, err)
		case err != nil:
			inconsistent++
			names, ok := strings.CutSuffix(ie.Reason, " contradict each other")
			if !ok || names == "the bounds" {
				continue
			}
			// the named assumptions, with the one-symbol bounds
			named := map[int]bool{}
			for _, nm := range strings.Split(names, ", ") {
				found := false
				for j, s := range srcs {
					if printed(s) == nm && !named[j] {
						named[j], found = true, true
						break
					}
				}
				if !found {
					t.Fatalf("%s: %q names %q, no assumption", what, ie.Reason, nm)
				}
			}
			subset := func(drop int) bool {
				var cs []diffCons
				for j, c := range all {
					if j == drop {
						continue
					}
					if named[j] || oneSymbol(srcs[j]) || strings.Contains(srcs[j], "==") {
						cs = append(cs, c...)
					}
				}
				_, ok := diffFeasible(cs)
				return ok
			}
			if subset(-1) {
				t.Errorf("%s: %q: the named assumptions and the bounds have solutions", what, ie.Reason)
			}
			for j := range named {
				if !subset(j) {
					t.Errorf("%s: %q: %s is not needed", what, ie.Reason, srcs[j])
				}
			}
		}
	}
	if inconsistent < 50 {
		t.Errorf("only %d of 300 systems inconsistent", inconsistent)
	}
}

// oneSymbol reports whether an assumption of randomDiffAssumption bounds
// one symbol.
func oneSymbol(src string) bool {
	return strings.Count(src, "M")+strings.Count(src, "N")+strings.Count(src, "K") == 1
}

// chain returns the assumptions x1<x2 && ... && x(n-1)<xn over n symbols,
// closed into a cycle (xn<x1) when cycle is set.
func chain(n int, cycle bool) string {
	var cs []string
	for i := 1; i < n; i++ {
		cs = append(cs, fmt.Sprintf("X%d<X%d", i, i+1))
	}
	if cycle {
		cs = append(cs, fmt.Sprintf("X%d<X1", n))
	}
	return strings.Join(cs, " && ")
}

// Contradictions that only a check over the symbols as written finds (a
// substitution makes the compiled facts other than differences, and the
// tighter of two bounds counts), a bound on a product that the bounds the
// facts give make finite (each factor's bound over the others' lower
// bounds), an atom's bounds refuting an assumption that is not the first,
// a != of a difference that two inequalities pin, and cycles of strict
// inequalities over many symbols (9, past the checks' stack buffers, and
// 64, their limit), with the consistent sets beside them.
func TestDifferenceCyclesFound(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want bool // consistent
	}{
		{"M%2==0 && M<K && K<=M", false},
		{"M%2==0 && M<K && K<=M+1", true},
		{"M%3==0 && K<=3 && M>=4 && M<=K", false},
		{"M%3==0 && K<=4 && M>=4 && M<=K", true},
		{"M%3==0 && K<=5 && K<=3 && M>=4 && M<=K", false},
		{"M%3==0 && K<=3 && M>=2 && M>=4 && M<=K", false},
		{"M%2==0 && K==N+1 && M<=K && N<=M-2", false},
		{"M+N<=5 && M*N>=7", false},
		{"M+N<=5 && M*N>=6", true},
		{"M>=4 && N>=2 && M*N<=9", true},
		{"M>=4 && N>=3 && M*N<=11", false},
		{"M>=N+1 && N>=2 && L*L*ceil_div(M,L*L)<M", false},
		{"M%4==0 && N>=M+1 && 4*floor_div(N,4)>N", false},
		{"M<=N+2 && M>=N+2 && M!=N+2", false},
		{"M<=N+2 && M>=N && M!=N+2", true},
		{"M<=N+2 && M>=N && M!=N", true},
		{"M<=N-2 && M>=N-2 && M!=N-2", false},
		{"M<=N-2 && M>=N-4 && M!=N-2", true},
		{"M<=N-2 && M>=N-4 && M!=N-4", true},
		{chain(9, true), false},
		{chain(9, false), true},
		{chain(64, true), false},
		{chain(64, false), true},
	} {
		_, err := Assume(tc.src)
		var ie *InconsistentError
		switch {
		case tc.want && err != nil:
			t.Errorf("%.60s: %v", tc.src, err)
		case !tc.want && !errors.As(err, &ie):
			t.Errorf("%.60s: %v, want inconsistent assumptions", tc.src, err)
		}
	}
}

// randomAtomAssumption returns an assumption over M and N with a product,
// or an atom (floor_div, ceil_div, % by a constant or a symbol, min, max),
// compared with a linear expression.
func randomAtomAssumption(rng *rand.Rand) string {
	x := []string{"M", "N"}[rng.Intn(2)]
	y := []string{"M", "N", "2", "3", "4"}[rng.Intn(5)]
	lhs := []string{
		"floor_div(" + x + "," + y + ")", "ceil_div(" + x + "," + y + ")", x + "%" + y,
		"min(" + x + "," + y + ")", "max(" + x + "," + y + ")", "M*N", "M*M*N", "M+2*N",
		"2*floor_div(" + x + "," + y + ")", "3*ceil_div(" + x + "," + y + ")",
	}[rng.Intn(10)]
	rhs := []string{"M", "N", "M-1", "N+2", "2*M", "M-N", "1", "2", "5", "9"}[rng.Intn(10)]
	rel := []string{"<=", "<", ">=", ">", "==", "!="}[rng.Intn(6)]
	return lhs + rel + rhs
}

// No consistency check refutes assumptions that a binding satisfies:
// random sets of assumptions with atoms and products over M and N (and
// difference constraints beside them) are either accepted or have no
// binding in a box that holds every small solution, by brute force.
func TestConsistencyChecksSound(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	refuted := 0
	for i := 0; i < 250; i++ {
		var srcs []string
		for n := 1 + rng.Intn(3); len(srcs) < n; {
			if rng.Intn(4) == 0 {
				src, _, _ := randomDiffAssumption(rng)
				if !strings.Contains(src, "K") {
					srcs = append(srcs, src)
				}
				continue
			}
			srcs = append(srcs, randomAtomAssumption(rng))
		}
		_, err := Assume(srcs...)
		if err == nil {
			continue
		}
		var ie *InconsistentError
		if !errors.As(err, &ie) {
			continue // an assumption the compilation does not support
		}
		refuted++
		conds, err := ParseConds(strings.Join(srcs, " && "))
		if err != nil {
			t.Fatal(err)
		}
		for m := int64(1); m <= 40; m++ {
			for n := int64(1); n <= 40; n++ {
				holds := true
				for _, cd := range conds {
					if h, err := cd.Holds(Binding{"M": m, "N": n}); err != nil || !h {
						holds = false
						break
					}
				}
				if holds {
					t.Fatalf("%s: %v, but M=%d N=%d satisfies it", strings.Join(srcs, " && "), ie, m, n)
				}
			}
		}
	}
	if refuted < 20 {
		t.Errorf("only %d of 250 sets refuted", refuted)
	}
}

// The box search of check covers the facts whose unknowns the bounds
// confine, whatever the other unknowns do, and the bounds come from the
// facts with their atoms relaxed too (an atom times positive unknowns
// among them), over unknowns that may be 0 (M odd is 2*u+1): guards that the complement and the composition met, which no
// binding satisfies, are inconsistent, and the satisfiable ones beside
// them are not.
func TestCheckBoundedFacts(t *testing.T) {
	for _, tc := range []struct {
		conds string
		ok    bool
	}{
		{"N!=1 && M!=1 && N*N==1", false},
		{"N!=1 && M!=1 && N*N==4", true},
		{"N!=1 && N*N*K==1", false},
		{"M%2!=0 && 2%M!=0 && 2*max(2,M)<=M+1", false},
		{"M%2!=0 && 2%M!=0 && 2*max(2,M)<=M+3", true},
		{"M%2!=0 && 2*max(1,M)<=M+1", true},
		{"6%M!=0 && M%6!=0 && M*max(2,M)<=M+5", false},
		{"M%6!=0 && M*max(2,M)<=M+5", true},
		// an equation or a != about one floor_div or ceil_div atom bounds
		// its argument (sideThrough, sideThroughNonzero): the empty guards
		// of complement((_2,_2):(_1,M),_5) and their inhabited neighbours
		{"M>=2 && M%2==0 && M/2!=1 && ceil_div(5,2*M)!=1", false},
		{"M>=2 && M%2==0 && ceil_div(5,2*M)!=1", true},
		{"N>=3 && ceil_div(M*N,2*M)==1", false},
		{"N!=1 && ceil_div(M*N,2*M)==1", true},
		{"M%4!=0 && floor_div(M,4)==1 && M>=8", false},
		{"M%4!=0 && floor_div(M,4)==1 && M>=7", true},
	} {
		_, err := Assume(tc.conds)
		var ie *InconsistentError
		if tc.ok && err != nil || !tc.ok && !errors.As(err, &ie) {
			t.Errorf("Assume(%s) = %v, want consistent %v", tc.conds, err, tc.ok)
		}
	}
}
