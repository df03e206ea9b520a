package concrete

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
)

// TestCompositionStrict checks the two modes on CuTe's silently wrong
// composition((6,2):(1,7), 4:4): CuTe mode returns CuTe's (2,2):(4,7) with a
// warning, strict mode refuses with the witness i=2.
func TestCompositionStrict(t *testing.T) {
	a, b := exLayout("(6,2):(1,7)"), exLayout("4:4")
	var warnings []string
	r, err := Composition(a, b, CollectWarnings(&warnings))
	if err != nil || r.String() != "(2,2):(4,7)" {
		t.Fatalf("CuTe mode: %v, %v; want (2,2):(4,7)", r, err)
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0], "R(2)=7 but A(B(2))=A(8)=9") {
		t.Errorf("CuTe mode warnings %q, want the witness R(2)=7, A(B(2))=9", warnings)
	}
	if r, err := Composition(a, b); err != nil || r.String() != "(2,2):(4,7)" {
		t.Errorf("without options: %v, %v", r, err)
	}
	_, err = Composition(a, b, StrictMode())
	var e *Error
	if !errors.As(err, &e) || e.Kind != Violated || e.Op != "composition" || !strings.Contains(e.Msg, "at i=2") {
		t.Errorf("strict mode: %v; want a composition violation at i=2", err)
	}
}

// TestCompositionTwin checks that a dynamic composition whose value is right
// but whose all-static version CuTe refuses is refused in strict mode.
func TestCompositionTwin(t *testing.T) {
	// coalesce_x keeps the dynamic (4,6):(1,4) as two modes; B = 1:6 has a
	// single element, so the value is right, and CuTe's static version
	// (_24:_1 o _1:_6) is accepted: no violation.
	for _, mode := range []Option{StrictMode(), CollectWarnings(new([]string))} {
		if r, err := Composition(exLayout("(4,6):(1,4)"), exLayout("1:6"), mode); err != nil || r.String() != "(1,1):(6,8)" {
			t.Errorf("composition((4,6):(1,4), 1:6) = %v, %v", r, err)
		}
	}
	// The mixed (_3,_4,_2,_8):(_2,_64,8,64) o (4,_4):(1,_4) is refused by
	// CuTe itself: its static numbers meet.
	a, b := exLayout("(_3,_4,_2,_8):(_2,_64,8,64)"), exLayout("(4,_4):(1,_4)")
	if _, err := Composition(a, b); err == nil || !strings.Contains(err.Error(), "Stride Divisibility Condition") {
		t.Errorf("mixed composition: %v, want CuTe's Stride Divisibility Condition", err)
	}
	// (2,1):(1,1) o 2:3 is right with dynamic integers (A's last mode
	// absorbs the index 3), but CuTe refuses (_2,_1):(_1,_1) o _2:_3.
	a, b = exLayout("(2,1):(1,1)"), exLayout("2:3")
	var warnings []string
	r, err := Composition(a, b, CollectWarnings(&warnings))
	if err != nil || r.String() != "(1,2):(3,2)" || len(warnings) != 1 ||
		!strings.Contains(warnings[0], "all-static version fails: Stride Divisibility Condition") {
		t.Errorf("dynamic composition: %v, %v, warnings %q", r, err, warnings)
	}
	if _, err := Composition(a, b, StrictMode()); err == nil {
		t.Error("strict mode accepted a composition whose all-static version CuTe refuses")
	}
}

func ExampleComposition() {
	// The docs' examples 1-3; static integers let CuTe simplify, dynamic
	// ones keep the size-1 modes.
	for _, ab := range [][2]string{
		{"(_6,_2):(_8,_2)", "(_4,_3):(_3,_1)"},
		{"(6,2):(8,2)", "(4,3):(3,1)"},
		{"_20:_2", "(_5,_4):(_4,_1)"},
		{"(_10,_2):(_16,_4)", "(_5,_4):(_1,_5)"},
		{"(10,2):(16,4)", "(5,4):(1,5)"},
	} {
		r, _ := Composition(exLayout(ab[0]), exLayout(ab[1]))
		fmt.Println(ab[0], "o", ab[1], "=", r)
	}
	// Output:
	// (_6,_2):(_8,_2) o (_4,_3):(_3,_1) = ((_2,_2),_3):((_24,_2),_8)
	// (6,2):(8,2) o (4,3):(3,1) = ((2,2),(3,1)):((24,2),(8,2))
	// _20:_2 o (_5,_4):(_4,_1) = (_5,_4):(_8,_2)
	// (_10,_2):(_16,_4) o (_5,_4):(_1,_5) = (_5,(_2,_2)):(_16,(_80,_4))
	// (10,2):(16,4) o (5,4):(1,5) = ((5,1),(2,2)):((16,4),(80,4))
}

func ExampleComposition_strict() {
	// CuTe's weak divisibility check lets this wrong value through: R(2) is 7
	// but A(B(2)) = A(8) = 9.
	a, b := exLayout("(6,2):(1,7)"), exLayout("4:4")
	var warnings []string
	r, _ := Composition(a, b, CollectWarnings(&warnings))
	fmt.Println(r, len(warnings))
	_, err := Composition(a, b, StrictMode())
	fmt.Println(err != nil)
	// Output:
	// (2,2):(4,7) 1
	// true
}

func ExampleCompositionTiler() {
	// By-mode composition: 3:4 down the columns, 8:2 across the rows.
	t, _ := ParseTiler("<_3:_4,_8:_2>")
	r, _ := CompositionTiler(exLayout("(12,(4,8)):(59,(13,1))"), t)
	fmt.Println(r)
	// Output:
	// (_3,(2,4)):(236,(26,1))
}

func ExampleCompositionShape() {
	// A shape as a tiler: each integer n means n:_1.
	r, _ := CompositionShape(exLayout("(12,(4,8)):(59,(13,1))"), exTuple("(_3,_8)"))
	fmt.Println(r)
	// Output:
	// (_3,(4,2)):(59,(13,1))
}

// TestCheckIndicesHuge: the sample of a layout whose size is near the int64
// maximum is finite, in range and increasing (a stepping loop once
// overflowed and never ended); up to checkLimit it is every index, beyond
// it checkLimit indices from 0 to n-1 (the first and last checkLimit/4 of
// them included).
func TestCheckIndicesHuge(t *testing.T) {
	for _, n := range []int64{1, checkLimit - 1, checkLimit, checkLimit + 1, 1 << 40, math.MaxInt64 - 2, math.MaxInt64} {
		count, prev, want := int64(0), int64(-1), min(n, checkLimit)
		for i := range checkIndices(n) {
			if i <= prev || i >= n {
				t.Fatalf("checkIndices(%d): %d after %d", n, i, prev)
			}
			if q := int64(checkLimit / 4); (count < q && i != count) || (count >= want-q && i != n-want+count) {
				t.Fatalf("checkIndices(%d): point %d is %d, not among the first or last %d indices", n, count, i, q)
			}
			prev = i
			count++
		}
		if count != want || prev != n-1 {
			t.Fatalf("checkIndices(%d) yields %d points ending at %d, want %d ending at %d", n, count, prev, want, n-1)
		}
	}
}

// TestPrefixProducts: the exclusive prefix products of the extents, one per
// extent; the product of all of them is not computed, so extents whose
// full product overflows int64 still have their prefixes.
func TestPrefixProducts(t *testing.T) {
	for _, c := range []struct {
		shape []Int
		want  string
	}{
		{[]Int{S(3)}, "[_1]"},
		{[]Int{S(2), D(3), S(4)}, "[_1 _2 6]"},
		{[]Int{D(1 << 40), D(1 << 23)}, "[_1 1099511627776]"},
	} {
		var got []Int
		err := guard("prefix", func() { got = prefixProducts(c.shape) })
		if err != nil || fmt.Sprint(got) != c.want {
			t.Errorf("prefixProducts(%v) = %v, %v; want %s", c.shape, got, err, c.want)
		}
	}
}
