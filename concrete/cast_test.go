package concrete_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cutealg/cutealg/concrete"
)

func ExampleUpcast() {
	a, _ := concrete.ParseLayout("(_4,_8):(_8,_1)")
	r, _ := concrete.Upcast(a, 2)
	fmt.Println(r)
	// A dynamic stride is divided without a check.
	b, _ := concrete.ParseLayout("(_4,_8):(8,1)")
	r, _ = concrete.Upcast(b, 2)
	fmt.Println(r)
	// Output:
	// (_4,_4):(_4,_1)
	// (_4,_8):(4,0)
}

func ExampleDowncast() {
	a, _ := concrete.ParseLayout("(8,5):(_1,_8)")
	r, _ := concrete.Downcast(a, 2)
	fmt.Println(r)
	// Output: (16,5):(_1,_16)
}

// Upcast's cast.function check in both modes: CuTe mode returns CuTe's
// value with a warning naming the smallest index of {A(i)/N} missing from
// the image of R, StrictMode refuses with the same message; the check
// evaluates layouts of up to 65,536 (checkLimit) points.
func TestUpcastCastFunctionModes(t *testing.T) {
	for _, c := range []struct {
		name, a string
		n       int
		r       string
		missing string // the index the message names ("": no warning)
	}{
		// finding 41's example: A(3) = 3, 3/2 = 1 is not in {0,2}
		{"strides of both signs", "(_2,_2):(_4,_-1)", 2, "(_2,_1):(_2,_-1)", "1"},
		// {A(i)/2} = {-4,-3,0,1}: -3 alone is missing from {-4,0,1}
		{"a missing index below 0", "(_2,_2):(_-8,_1)", 2, "(_2,_1):(_-4,_1)", "-3"},
		// 1, 3, 5, ..., 65,533 are missing from {0,2} + 4*[0, 16384)
		{"size at the limit: the smallest of many missing", "(_2,_2,_16384):(_4,_-1,_8)", 2, "(_2,_1,_16384):(_2,_-1,_4)", "1"},
		{"size beyond the limit: unchecked", "(_2,_2,_16385):(_4,_-1,_8)", 2, "(_2,_1,_16385):(_2,_-1,_4)", ""},
		{"strides of one sign", "(_4,_2):(_-1,_-4)", 2, "(_2,_2):(_-1,_-2)", ""},
	} {
		a, err := concrete.ParseLayout(c.a)
		if err != nil {
			t.Fatal(err)
		}
		var warns []string
		r, err := concrete.Upcast(a, c.n, concrete.CollectWarnings(&warns))
		if err != nil || r.String() != c.r {
			t.Errorf("%s: upcast<%d>(%s) = %v, %v; want %s", c.name, c.n, c.a, r, err, c.r)
		}
		want := ""
		if c.missing != "" {
			want = fmt.Sprintf("upcast<%d> R of A breaks cast.function (the image of R is {A(i)/N}): the index %s is missing from the image of R [A=%s R=%s]", c.n, c.missing, c.a, c.r)
		}
		if got := strings.Join(warns, "\n"); got != want {
			t.Errorf("%s: upcast<%d>(%s) warns %q, want %q", c.name, c.n, c.a, got, want)
		}
		r, err = concrete.Upcast(a, c.n, concrete.StrictMode())
		switch {
		case want == "" && (err != nil || r.String() != c.r):
			t.Errorf("%s: strict upcast<%d>(%s) = %v, %v; want %s", c.name, c.n, c.a, r, err, c.r)
		case want != "" && (err == nil || err.Error() != "upcast: "+want):
			t.Errorf("%s: strict upcast<%d>(%s) = %v, %v; want the error %q", c.name, c.n, c.a, r, err, "upcast: "+want)
		}
	}
}
