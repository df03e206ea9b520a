package concrete

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The tests of this file kill mutation survivors of gremlins v0.6.0 on this
// package (docs/mutation/mutconc8.md lists each one and its test).

// TestComplementChecksAtLimits runs checkComplement's precondition, ordered
// and disjoint checks where they stop being exhaustive: an A of exactly
// checkLimit points is still checked point by point, and two equal
// consecutive values of R break "ordered" (R(i-1) < R(i), strictly).
func TestComplementChecksAtLimits(t *testing.T) {
	for _, tc := range []struct {
		a, m, r string
		check   complementCheck
		want    string
	}{
		// (256,256):(1,1) has checkLimit points; A(256) = A(1) = 1
		{"(_256,_256):(_1,_1)", "_65536", "_1:_0", complementPre, "filter(A)(1) = filter(A)(256) = 1"},
		// R(0) = R(1) = 0
		{"_4:_1", "_16", "(_2,_2):(_0,_4)", complementOrdered, "R is not ordered: R(0)=0 >= R(1)=0"},
		// A = 65536:1 (checkLimit points) holds R(1) = 65535
		{"_65536:_1", "_131072", "_2:_65535", complementDisjoint, "R(1)=65535 is in the image of A: A(65535)=65535"},
	} {
		var warnings []string
		c := calc{warnings: &warnings}
		checkComplement(&c, exLayout(tc.a), exTuple(tc.m), exLayout(tc.r), tc.check)
		if got := strings.Join(warnings, "; "); !strings.Contains(got, tc.want) {
			t.Errorf("A = %s, R = %s: warnings %q, want %q", tc.a, tc.r, got, tc.want)
		}
	}
}

// TestViolationWithoutWitness checks that conditions without a witness
// point report Index -1 (Violation's doc comment), for unflatten of a
// layout that is not flat, shape_div of dynamic integers neither of which
// divides the other, and a logical product whose all-static version fails
// CuTe's Shape Divisibility Condition.
func TestViolationWithoutWitness(t *testing.T) {
	for _, tc := range []struct {
		cond string
		call func(opt Option) error
	}{
		{"unflatten.congruent", func(o Option) error {
			_, err := Unflatten(exLayout("((2,2),2):((1,2),4)"), exTuple("(_1,_1)"), o)
			return err
		}},
		{"static.twin", func(o Option) error { _, err := ShapeDiv(exTuple("3"), exTuple("2"), o); return err }},
		{"static.twin", func(o Option) error {
			_, err := LogicalProduct(exLayout("4:2"), exLayout("3:1"), o)
			return err
		}},
	} {
		var vs []Violation
		if err := tc.call(CollectViolations(&vs)); err != nil {
			t.Fatalf("%s: %v", tc.cond, err)
		}
		found := false
		for _, v := range vs {
			if v.Cond == tc.cond {
				found = true
				if v.Index != -1 {
					t.Errorf("%s: Index %d, want -1 (no witness point)", tc.cond, v.Index)
				}
			}
		}
		if !found {
			t.Errorf("violations %+v, want %s", vs, tc.cond)
		}
	}
}

var (
	composedLeaf = regexp.MustCompile(`-?\d+(@\d+)?`)
	shapeLeaf    = regexp.MustCompile(`\d+`)
)

// TestTVGridBruteForce checks NewTVGrid against the definition of the TV
// layout: (t,v) holds the tile's element tv(t,v), the cell (i % M, i / M)
// of the column-major (M,N) tile; each cell shows its first (t,v), t
// outer (as print_latex_tv loops). Its Composed text must evaluate to
// the same cells: each stride is k@0 (k rows), k@1 (k columns) or a plain
// zero (CuTe's _0), leaves in colexicographic order over the domain
// t + v*threads. A (t,v) whose row coordinate sums past M is refused.
func TestTVGridBruteForce(t *testing.T) {
	for _, tc := range []struct{ tv, tile, refuse string }{
		{"(_4,_1):(_1,_0)", "(_2,_2)", ""},                 // largest stride + 1 == M
		{"(_2,_2):(_1,_0)", "(_2,_2)", ""},                 // a static _0 stride
		{"(_0,_2):(_1,_2)", "(_2,_2)", ""},                 // no threads
		{"(_2,_0):(_1,_2)", "(_2,_2)", ""},                 // no values
		{"((_2,_2),_2):((_1,_4),_2)", "(_4,_2)", ""},       // rows and columns in one mode
		{"(_2,_2):(_1,_1)", "(_2,_2)", "outside the tile"}, // rows 1 + 1 == M
	} {
		tv, tile := exLayout(tc.tv), exTuple(tc.tile)
		g, err := NewTVGrid(tv, tile)
		if tc.refuse != "" {
			if err == nil || !strings.Contains(err.Error(), tc.refuse) {
				t.Errorf("NewTVGrid(%s, %s) = %+v, %v; want an error %q", tc.tv, tc.tile, g, err, tc.refuse)
			}
			continue
		}
		if err != nil {
			t.Fatalf("NewTVGrid(%s, %s): %v", tc.tv, tc.tile, err)
		}
		t0 := tile.At(0)
		nr := t0.Value().val()
		threads, values := size(tv.Mode(0)).val(), size(tv.Mode(1)).val()
		type cell struct{ m, n int64 }
		want := map[cell][2]int64{}
		for th := range threads {
			for v := range values {
				i := index(tv, th+v*threads)
				k := cell{i % nr, i / nr}
				if _, seen := want[k]; !seen {
					want[k] = [2]int64{th, v}
				}
			}
		}
		got := map[cell][2]int64{}
		for _, c := range g.Cells {
			got[cell{c.M, c.N}] = [2]int64{c.T, c.V}
		}
		if len(got) != len(want) || len(g.Cells) != len(want) {
			t.Errorf("%s over %s: cells %+v, want %v", tc.tv, tc.tile, g.Cells, want)
		}
		for k, w := range want {
			if got[k] != w {
				t.Errorf("%s over %s: cell %v holds %v, want %v", tc.tv, tc.tile, k, got[k], w)
			}
		}
		// the Composed text
		colon := strings.Index(g.Composed, "):(")
		if colon < 0 {
			t.Fatalf("%s: Composed %q is not shape:stride", tc.tv, g.Composed)
		}
		shapes := shapeLeaf.FindAllString(g.Composed[:colon+1], -1)
		strides := composedLeaf.FindAllString(g.Composed[colon+2:], -1)
		if len(shapes) != len(strides) {
			t.Fatalf("%s: Composed %q: %d shapes, %d strides", tc.tv, g.Composed, len(shapes), len(strides))
		}
		for _, d := range strides {
			if !strings.Contains(d, "@") && d != "0" {
				t.Errorf("%s: Composed %q: stride %s is neither k@0, k@1 nor _0", tc.tv, g.Composed, d)
			}
			if strings.HasPrefix(d, "0@") {
				t.Errorf("%s: Composed %q: stride %s, want CuTe's plain _0", tc.tv, g.Composed, d)
			}
		}
		for v := range values {
			for th := range threads {
				rest, at := th+v*threads, [2]int64{}
				for j, s := range shapes {
					n, _ := strconv.ParseInt(s, 10, 64)
					coord := rest % n
					rest /= n
					k, mode, _ := strings.Cut(strings.TrimPrefix(strides[j], "_"), "@")
					kv, _ := strconv.ParseInt(k, 10, 64)
					if mode != "" {
						md, _ := strconv.Atoi(mode)
						at[md] += kv * coord
					}
				}
				i := index(tv, th+v*threads)
				if at != [2]int64{i % nr, i / nr} {
					t.Errorf("%s: Composed %q maps (%d,%d) to %v, want (%d,%d)", tc.tv, g.Composed, th, v, at, i%nr, i/nr)
				}
			}
		}
	}
}

// TestComposedCasts checks upcast's refusal of N = 0 (not a power of two)
// and that recast_layout of a swizzled layout is upcast by the ratio of the
// widths, as CuTe's recast_layout<Old,New> is defined.
func TestComposedCasts(t *testing.T) {
	const cl = "Sw<1,1,2> o _0 o (4,8):(8,1)"
	if v, err := ApplyText("upcast", []string{cl, "0"}); err == nil || !strings.Contains(err.Error(), "N must be a power of two") {
		t.Errorf("upcast(%s, 0) = %v, %v; want CuTe's refusal", cl, v, err)
	}
	for _, tc := range []struct{ old, new, cast, n string }{{"8", "16", "upcast", "2"}, {"8", "32", "upcast", "4"}} {
		r, err := ApplyText("recast_layout", []string{cl, tc.old, tc.new})
		w, err2 := ApplyText(tc.cast, []string{cl, tc.n})
		if err != nil || err2 != nil || r.String() != w.String() {
			t.Errorf("recast_layout(%s, %s, %s) = %v, %v; want %s<%s> = %v, %v", cl, tc.old, tc.new, r, err, tc.cast, tc.n, w, err2)
		}
	}
}

// TestMakeSwizzleUint32 checks composition(layout, swizzle) where the
// layout's value at a swizzle mask is 2^32-1, the largest value CuTe's
// uint32_t template argument holds: the masks are accepted as CuTe's and
// refused for what make_swizzle<Y,Z> itself asserts (Y and Z of different
// bit counts), not as out of range.
func TestMakeSwizzleUint32(t *testing.T) {
	// Sw<1,0,1>: YYY mask 2, ZZZ mask 1
	for _, a := range []string{"(_2,_2):(_1,_4294967295)", "(_2,_2):(_4294967295,_1)"} {
		_, err := ApplyText("composition", []string{a, "Sw<1,0,1> o _0 o _2:_1"})
		if err == nil || !strings.Contains(err.Error(), "Number of bits in Y and Z don't match") {
			t.Errorf("composition(%s, Sw<1,0,1> o _0 o _2:_1): %v, want make_swizzle's refusal", a, err)
		}
	}
}

// TestPlanDivisorZeroAfterPlan replays complement's plan (made by
// complement(4:1, _997)) on 4:0 and 8:0, whose division by zero the
// replay's unchecked steps must report as the engine does: a DivByZero
// error (TestPlanAfterDivisionByZero divides by zero before any plan).
func TestPlanDivisorZeroAfterPlan(t *testing.T) {
	for _, a := range []string{"4:1", "4:2", "4:0", "8:0"} {
		v, err := ApplyText("complement", []string{a, "_997"})
		w, werr := ApplyText("complement", []string{a, "_997"}, NoPlanner())
		if fmt.Sprint(v, err) != fmt.Sprint(w, werr) {
			t.Errorf("complement(%s, _997): with plans %v %v, engine %v %v", a, v, err, w, werr)
		}
		var e *Error
		if zero := strings.HasSuffix(a, ":0"); zero && (!errors.As(err, &e) || e.Kind != DivByZero) {
			t.Errorf("complement(%s, _997): %v, want a division by zero", a, err)
		}
	}
	if p := lastPlan("complement"); p == nil || p.engine {
		t.Error("complement(4:1, _997) made no plan to replay")
	}
}
