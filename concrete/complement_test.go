package concrete

import (
	"fmt"
	"strings"
	"testing"
)

// TestComplementWith checks that callers can leave checks out: the
// complement that unit-logical_product-21 performs breaks the cover bound
// (1) and the size bound, and nothing else.
func TestComplementWith(t *testing.T) {
	a, m := exLayout("((_4,_6)):((_1,_6))"), exTuple("_72")
	c := calc{strict: true}
	r := Layout(complementWith(&c, layoutOf[Int](a), m, complementAll&^(complementCover|complementSize)))
	if r.String() != "_2:_36" {
		t.Errorf("complement = %v, want _2:_36", r)
	}
	var warnings []string
	c = calc{warnings: &warnings}
	complementWith(&c, layoutOf[Int](a), m, complementAll)
	if len(warnings) != 2 || !strings.Contains(warnings[0], "complement post (1): cosize(A,R)=70 < size(M)=72") ||
		!strings.Contains(warnings[1], "size(R)=2 < size(M)/size(filter(A))=3") {
		t.Errorf("warnings %q, want the cover and size bounds", warnings)
	}
}

// TestComplementChecks feeds checkComplement results that break the
// ordered and disjoint post-conditions, which CuTe's complement does not
// produce when it accepts its input.
func TestComplementChecks(t *testing.T) {
	a, m := exLayout("(_2,_2):(_1,_6)"), exTuple("_24")
	for _, tc := range []struct {
		r     string
		check complementCheck
		want  string
	}{
		{"(_3,_2):(_2,_12)", complementAll, ""},
		{"(_3,_2):(_2,_-12)", complementOrdered, "R is not ordered: R(2)=4 >= R(3)=-12"},
		{"(_3,_2):(_3,_12)", complementDisjoint, "R(2)=6 is in the image of A: A(2)=6"},
		{"(_3,_2):(_3,_12)", complementAll &^ complementDisjoint, ""},
	} {
		var warnings []string
		c := calc{warnings: &warnings}
		checkComplement(&c, a, m, exLayout(tc.r), tc.check)
		if got := strings.Join(warnings, "; "); (tc.want == "") != (got == "") || !strings.Contains(got, tc.want) {
			t.Errorf("R = %s: warnings %q, want %q", tc.r, got, tc.want)
		}
	}
}

func ExampleComplement() {
	// The docs' six examples, all static, with cotarget 24.
	for _, a := range []string{"_4:_1", "_6:_4", "(_4,_6):(_1,_4)", "_4:_2", "(_2,_4):(_1,_6)", "(_2,_2):(_1,_6)"} {
		r, _ := Complement(exLayout(a), exTuple("_24"))
		fmt.Printf("complement(%s, _24) = %v\n", a, r)
	}
	// Output:
	// complement(_4:_1, _24) = _6:_4
	// complement(_6:_4, _24) = _4:_1
	// complement((_4,_6):(_1,_4), _24) = _1:_0
	// complement(_4:_2, _24) = (_2,_3):(_1,_8)
	// complement((_2,_4):(_1,_6), _24) = _3:_2
	// complement((_2,_2):(_1,_6), _24) = (_3,_2):(_2,_12)
}

func ExampleComplementDefault() {
	// The complement within the layout's own codomain: the holes of
	// (_2,_2):(_1,_6), whose cosize is 8.
	r, _ := ComplementDefault(exLayout("(_2,_2):(_1,_6)"))
	fmt.Println(r)
	// Output:
	// _3:_2
}
