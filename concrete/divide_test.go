package concrete_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cutealg/cutealg/concrete"
)

// opCase is one call of the catalogue written in CuTe notation: want is
// CuTe's printed result, or "error: <text>" for a refusal whose message
// contains text. warn, when set, must appear in the CuTe-mode warning, and
// strict mode must then refuse.
type opCase struct {
	op   string
	args []string
	want string
	warn string
}

func runOpCases(t *testing.T, cases []opCase) {
	t.Helper()
	for _, tc := range cases {
		name := tc.op + "(" + strings.Join(tc.args, ", ") + ")"
		var warns []string
		v, err := concrete.ApplyText(tc.op, tc.args, concrete.CollectWarnings(&warns))
		if msg, ok := strings.CutPrefix(tc.want, "error: "); ok {
			if err == nil || !strings.Contains(err.Error(), msg) {
				t.Errorf("%s = %v, %v; want an error containing %q", name, v, err, msg)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: unexpected error %v; want %s", name, err, tc.want)
			continue
		}
		if got := v.String(); got != tc.want {
			t.Errorf("%s = %s; want %s", name, got, tc.want)
		}
		_, serr := concrete.ApplyText(tc.op, tc.args, concrete.StrictMode())
		if tc.warn == "" {
			if len(warns) != 0 || serr != nil {
				t.Errorf("%s: unexpected warnings %q / strict error %v", name, warns, serr)
			}
			continue
		}
		if len(warns) == 0 || !strings.Contains(strings.Join(warns, "; "), tc.warn) {
			t.Errorf("%s: warnings %q; want one containing %q", name, warns, tc.warn)
		}
		var ce *concrete.Error
		if serr == nil || !asError(serr, &ce) || ce.Kind != concrete.Violation {
			t.Errorf("%s: strict mode gave %v; want a Violation", name, serr)
		}
	}
}

func asError(err error, dst **concrete.Error) bool {
	e, ok := err.(*concrete.Error)
	*dst = e
	return ok
}

func TestDivide(t *testing.T) {
	runOpCases(t, []opCase{
		// The docs' 1-D example: static and dynamic print differently.
		{op: "logical_divide", args: []string{"(_4,_2,_3):(_2,_1,_8)", "_4:_2"}, want: "((_2,_2),(_2,_3)):((_4,_1),(_2,_8))"},
		{op: "logical_divide", args: []string{"(4,2,3):(2,1,8)", "4:2"}, want: "((2,2,1),((2,1,1),(1,1,3))):((4,1,8),((2,1,8),(16,2,8)))"},
		// Complement with dynamic strides at rank > 1.
		{op: "logical_divide", args: []string{"(4,16):(16,1)", "(2,2,2):(1,32,16)"}, want: "error: Dynamic-stride complement only for rank-1 layouts"},
		// The 2-D example by mode, and its rearrangements.
		{op: "logical_divide_tiler", args: []string{"(_9,(_4,_8)):(_59,(_13,_1))", "(_3:_3,(_2,_4):(_1,_8))"}, want: "((_3,_3),((_2,_4),(_2,_2))):((_177,_59),((_13,_2),(_26,_1)))"},
		{op: "zipped_divide", args: []string{"(_9,(_4,_8)):(_59,(_13,_1))", "(_3:_3,(_2,_4):(_1,_8))"}, want: "((_3,(_2,_4)),(_3,(_2,_2))):((_177,(_13,_2)),(_59,(_26,_1)))"},
		{op: "tiled_divide", args: []string{"(_9,(_4,_8)):(_59,(_13,_1))", "(_3:_3,(_2,_4):(_1,_8))"}, want: "((_3,(_2,_4)),_3,(_2,_2)):((_177,(_13,_2)),_59,(_26,_1))"},
		{op: "flat_divide", args: []string{"(_9,(_4,_8)):(_59,(_13,_1))", "(_3:_3,(_2,_4):(_1,_8))"}, want: "(_3,(_2,_4),_3,(_2,_2)):(_177,(_13,_2),_59,(_26,_1))"},
		// Integer and `_` tiler elements; modes beyond the tiler are kept.
		{op: "logical_divide_tiler", args: []string{"(_8,_4,_2):(_1,_8,_32)", "(_2,_)"}, want: "((_2,_4),_4,_2):((_1,_2),_8,_32)"},
		{op: "zipped_divide", args: []string{"(_8,_4,_2):(_1,_8,_32)", "(_2,_2)"}, want: "((_2,_2),(_4,_2,_2)):((_1,_8),(_2,_16,_32))"},
		{op: "tiled_divide", args: []string{"(_8,_4,_2):(_1,_8,_32)", "(_2,_2)"}, want: "((_2,_2),_4,_2,_2):((_1,_8),_2,_16,_32)"},
		// A rest mode of rank 1 is not unpacked.
		{op: "tiled_divide", args: []string{"(_8):(_1)", "(_2:_1)"}, want: "((_2),(_4)):((_1),(_2))"},
		{op: "flat_divide", args: []string{"(_8):(_1)", "(_2:_1)"}, want: "((_2),(_4)):((_1),(_2))"},
		// A `_` that meets a mode of rank 2 is split like any other mode.
		{op: "zipped_divide", args: []string{"((_2,_3),_4):((_1,_2),_6)", "(_,_2)"}, want: "((_2,_2),(_3,_2)):((_1,_6),(_2,_12))"},
		// CuTe's refusals.
		{op: "logical_divide_tiler", args: []string{"(_8,_3):(_10,_1)", "(_,_3:_1)"}, want: "(_8,(_3,_1)):(_10,(_1,_0))"},
		{op: "zipped_divide", args: []string{"(_8,_3):(_10,_1)", "(_,_3:_1)"}, want: "error: Index out of range"},
		{op: "tiled_divide", args: []string{"(_8,_3):(_10,_1)", "(_,_3:_1)"}, want: "error: Index out of range"},
		{op: "flat_divide", args: []string{"(_4,_4):(_1,_4)", "(_,_2)"}, want: "error: Index out of range"},
		{op: "zipped_divide", args: []string{"(_2,_5,_2,(_4)):(_1,_2,_10,(_20))", "(_2:_1,(_5):(_1),(_2):(_1),_)"}, want: "error: Mismatched ranks"},
		{op: "logical_divide_tiler", args: []string{"(_8,_4):(_1,_8)", "(_2,_2,_2)"}, want: "error: logical_divide: Too many modes in tiler."},
		{op: "zipped_divide", args: []string{"(_8,_4):(_1,_8)", "(_2,_2,_2)"}, want: "error: Too many modes in tiler"},
		{op: "logical_divide", args: []string{"(_2,_2):(_1,_1)", "(_2,_1,_2):(_1,_5,_2)"}, want: "error: Stride Divisibility Condition"},
		{op: "flat_divide", args: []string{"(1,(2)):(16,(6))", "(1:0,2)"}, want: "error: division by zero"},
	})
}

func TestDivideUnchecked(t *testing.T) {
	runOpCases(t, []opCase{
		// A wrong composition inside the divide (vectors: logical_divide-26-s).
		{op: "logical_divide", args: []string{"(_8,_2):(_2,_1)", "(_6):(_1)"}, want: "((_6),(_2,_2)):((_2),(_12,_1))", warn: "composition"},
	})
}

func TestDivideKeepsArguments(t *testing.T) {
	a, _ := concrete.ParseLayout("(_9,(_4,_8)):(_59,(_13,_1))")
	tl, _ := concrete.ParseTiler("(_3:_3,(_2,_4):(_1,_8))")
	before := a.String() + " " + concrete.FormatTiler(tl)
	for _, f := range []func(concrete.Layout, concrete.Tiler, ...concrete.Option) (concrete.Layout, error){
		concrete.LogicalDivideTiler, concrete.ZippedDivide, concrete.TiledDivide, concrete.FlatDivide,
	} {
		if _, err := f(a, tl); err != nil {
			t.Fatal(err)
		}
	}
	if after := a.String() + " " + concrete.FormatTiler(tl); after != before {
		t.Errorf("arguments modified: %s became %s", before, after)
	}
}

func mustLayout(s string) concrete.Layout {
	l, err := concrete.ParseLayout(s)
	if err != nil {
		panic(err)
	}
	return l
}

func mustTiler(s string) concrete.Tiler {
	t, err := concrete.ParseTiler(s)
	if err != nil {
		panic(err)
	}
	return t
}

// The 1-D logical divide of CuTe's layout-algebra documentation, all static
// and all dynamic: the dynamic version keeps the size-1 modes that CuTe
// cannot prove away at compile time.
func ExampleLogicalDivide() {
	r, _ := concrete.LogicalDivide(mustLayout("(_4,_2,_3):(_2,_1,_8)"), mustLayout("_4:_2"))
	fmt.Println(r)
	r, _ = concrete.LogicalDivide(mustLayout("(4,2,3):(2,1,8)"), mustLayout("4:2"))
	fmt.Println(r)
	// Output:
	// ((_2,_2),(_2,_3)):((_4,_1),(_2,_8))
	// ((2,2,1),((2,1,1),(1,1,3))):((4,1,8),((2,1,8),(16,2,8)))
}

// The 2-D logical divide of the documentation: 3:3 down the columns and
// (2,4):(1,8) across the rows.
func ExampleLogicalDivideTiler() {
	r, _ := concrete.LogicalDivideTiler(mustLayout("(_9,(_4,_8)):(_59,(_13,_1))"), mustTiler("<_3:_3,(_2,_4):(_1,_8)>"))
	fmt.Println(r)
	// Output: ((_3,_3),((_2,_4),(_2,_2))):((_177,_59),((_13,_2),(_26,_1)))
}

func ExampleZippedDivide() {
	r, _ := concrete.ZippedDivide(mustLayout("(_9,(_4,_8)):(_59,(_13,_1))"), mustTiler("<_3:_3,(_2,_4):(_1,_8)>"))
	fmt.Println(r)
	// A `_` in the tiler keeps a mode that zipped_divide cannot split.
	_, err := concrete.ZippedDivide(mustLayout("(_8,_3):(_10,_1)"), mustTiler("(_,_3:_1)"))
	fmt.Println(err)
	// Output:
	// ((_3,(_2,_4)),(_3,(_2,_2))):((_177,(_13,_2)),(_59,(_26,_1)))
	// zipped_divide: Index out of range
}

func ExampleTiledDivide() {
	r, _ := concrete.TiledDivide(mustLayout("(_9,(_4,_8)):(_59,(_13,_1))"), mustTiler("<_3:_3,(_2,_4):(_1,_8)>"))
	fmt.Println(r)
	// Output: ((_3,(_2,_4)),_3,(_2,_2)):((_177,(_13,_2)),_59,(_26,_1))
}

func ExampleFlatDivide() {
	r, _ := concrete.FlatDivide(mustLayout("(_9,(_4,_8)):(_59,(_13,_1))"), mustTiler("<_3:_3,(_2,_4):(_1,_8)>"))
	fmt.Println(r)
	// Output: (_3,(_2,_4),_3,(_2,_2)):(_177,(_13,_2),_59,(_26,_1))
}
