package tuple

import (
	"fmt"
	"strings"
	"testing"
)

// str prints a tuple of ints in CuTe's shape syntax.
func str(t T[int]) string {
	if t.IsLeaf() {
		return fmt.Sprint(t.Value())
	}
	parts := make([]string, t.Rank())
	for i, k := range t.Kids() {
		parts[i] = str(k)
	}
	return "(" + strings.Join(parts, ",") + ")"
}

func l(v int) T[int] { return Leaf(v) }

// sample is (3,(6,2),8), the example of the seed tutorial.
var sample = Of(l(3), Of(l(6), l(2)), l(8))

func TestShapeQueries(t *testing.T) {
	tests := []struct {
		t                  T[int]
		rank, depth, count int
		flat               string
	}{
		{l(4), 1, 0, 1, "4"},
		{Of[int](), 0, 1, 0, "()"},
		{Of(l(8)), 1, 1, 1, "(8)"},
		{sample, 3, 2, 4, "(3,6,2,8)"},
		{Of(Of(Of(l(1))), l(2)), 2, 3, 2, "(1,2)"},
	}
	for _, tc := range tests {
		if got := tc.t.Rank(); got != tc.rank {
			t.Errorf("rank(%s) = %d, want %d", str(tc.t), got, tc.rank)
		}
		if got := tc.t.Depth(); got != tc.depth {
			t.Errorf("depth(%s) = %d, want %d", str(tc.t), got, tc.depth)
		}
		if got := tc.t.NumLeaves(); got != tc.count {
			t.Errorf("leaves(%s) = %d, want %d", str(tc.t), got, tc.count)
		}
		if got := str(Flatten(tc.t)); got != tc.flat {
			t.Errorf("flatten(%s) = %s, want %s", str(tc.t), got, tc.flat)
		}
	}
}

func TestCongruentZipMapFold(t *testing.T) {
	other := Of(l(1), Of(l(3), l(18)), l(36))
	if !Congruent(sample, other) {
		t.Fatalf("%s and %s should be congruent", str(sample), str(other))
	}
	if Congruent(sample, Of(l(1), l(2), l(3))) || Congruent(l(1), Of(l(1))) {
		t.Fatal("different profiles reported congruent")
	}
	z, ok := Zip(sample, other, func(a, b int) int { return a * b })
	if !ok || str(z) != "(3,(18,36),288)" {
		t.Fatalf("zip = %s, %v", str(z), ok)
	}
	if _, ok := Zip(sample, l(1), func(a, b int) int { return a }); ok {
		t.Fatal("zip of non-congruent trees succeeded")
	}
	if got := str(Map(sample, func(a int) int { return a + 1 })); got != "(4,(7,3),9)" {
		t.Fatalf("map = %s", got)
	}
	if got := Fold(sample, 1, func(acc, v int) int { return acc * v }); got != 288 {
		t.Fatalf("fold product = %d", got)
	}
}

func TestGetSet(t *testing.T) {
	if g, ok := Get(sample, 1, 0); !ok || str(g) != "6" {
		t.Fatalf("get(1,0) = %s %v", str(g), ok)
	}
	if g, ok := Get(l(5), 0, 0); !ok || str(g) != "5" {
		t.Fatalf("get of a leaf at 0 = %s %v", str(g), ok)
	}
	for _, path := range [][]int{{3}, {1, 2}, {-1}, {0, 1}} {
		if _, ok := Get(sample, path...); ok {
			t.Errorf("get%v succeeded out of range", path)
		}
		if _, ok := Set(sample, l(0), path...); ok {
			t.Errorf("set%v succeeded out of range", path)
		}
	}
	s, ok := Set(sample, Of(l(7), l(7)), 1, 1)
	if !ok || str(s) != "(3,(6,(7,7)),8)" {
		t.Fatalf("set = %s %v", str(s), ok)
	}
	// the first element, of a tuple and of a leaf (a leaf is its own
	// element 0)
	if s, ok := Set(sample, l(9), 0); !ok || str(s) != "(9,(6,2),8)" {
		t.Fatalf("set(0) = %s %v", str(s), ok)
	}
	if s, ok := Set(l(5), l(9), 0); !ok || str(s) != "9" {
		t.Fatalf("set of a leaf at 0 = %s %v", str(s), ok)
	}
	if str(sample) != "(3,(6,2),8)" {
		t.Fatalf("set modified its argument: %s", str(sample))
	}
}
