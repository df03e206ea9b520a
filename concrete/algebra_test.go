package concrete

import (
	"errors"
	"strings"
	"testing"

	"github.com/cutealg/cutealg/internal/tuple"
)

// TestAlgebraErrors checks the refusals of issue 19's operations: CuTe's
// own (kind Refused), malformed arguments and what this engine does not
// follow yet (kind BadInput), each naming the reason.
func TestAlgebraErrors(t *testing.T) {
	tests := []struct {
		op   string
		args []string
		kind ErrorKind
		msg  string
	}{
		{"slice", []string{"(2:1,_)", "(2,2):(1,2)"}, BadInput, "a layout is not a coordinate"},
		{"slice", []string{"(_,_,_)", "(2,2):(1,2)"}, Refused, "Mismatched Ranks"},
		{"dice", []string{"(_,(1,_))", "(2,2):(1,2)"}, Refused, "tuple_size<int, void>"},
		{"swizzle", []string{"Sw<3,4,2>", "5"}, Refused, "abs(SShift) must be more than BBits."},
		{"swizzle", []string{"Sw<-1,4,2>", "5"}, Refused, "BBits must be positive."},
		{"swizzle", []string{"Sw<1,-4,2>", "5"}, Refused, "MBase must be positive."},
		{"swizzle", []string{"Sw<10,10,12>", "5"}, BadInput, "do not fit"},
		{"swizzle", []string{"Sw<3,4,3>", "(1,2)"}, BadInput, "want an integer index"},
		// the parser's bounds, ±2^31, reach CuTe's own assertions
		{"swizzle", []string{"Sw<2147483648,0,0>", "5"}, Refused, "abs(SShift) must be more than BBits."},
		{"swizzle", []string{"Sw<-2147483648,0,0>", "5"}, Refused, "BBits must be positive."},
		{"swizzle", []string{"Sw<0,2147483648,0>", "5"}, BadInput, "do not fit"},
		{"swizzle", []string{"Sw<0,-2147483648,0>", "5"}, Refused, "MBase must be positive."},
		{"swizzle", []string{"Sw<0,0,2147483648>", "5"}, BadInput, "do not fit"},
		{"swizzle", []string{"Sw<0,0,-2147483648>", "5"}, BadInput, "do not fit"},
		{"swizzle", []string{"Sw<1,2,2147483649>", "5"}, BadInput, "out of range"},
		{"filter", []string{"Sw<1,1,1> o _0 o 8:1"}, BadInput, "argument 1: filter takes no composed layout"},
		{"logical_divide", []string{"(4,8):(1,4)", "Sw<1,1,1> o _0 o 8:1"}, BadInput, "argument 2: logical_divide takes no composed layout"},
		{"zip", []string{"Sw<1,1,1> o _0 o ((2,2),(2,2)):((1,2),(4,8))", "(2,2):(1,2)"}, Refused, "zip(ComposedLayout, Layout)"},
		{"left_inverse", []string{"Sw<1,1,1> o _0 o 8:1"}, Refused, "Left inverse requires static strides."},
		{"right_inverse", []string{"Sw<1,1,1> o _4 o 8:1"}, BadInput, "offset other than _0"},
		{"composition", []string{"(4,8):(1,4)", "Sw<1,1,1> o _0 o 8:1"}, Refused, "needs a static layout"},
		{"composition", []string{"_64:_1", "Sw<1,1,1> o 0 o 8:1"}, Refused, "Require offset == 0."},
		{"slice", []string{"(_,1)", "Sw<1,1,1> o _0 o (4,4):(4,1)"}, BadInput, "static layouts, offsets and coordinates only"},
		// the fixed mode _6:_16 read through the swizzle's bits (captured with g++ and CUTLASS v4.7.0: swizzle.hpp:442's static_assert)
		{"slice_and_offset", []string{"(_,_1)", "Sw<2,2,3> o _0 o (_16,_6):(_1,_16)"}, Refused, "Requires pow2 shape*stride."},
		{"max_alignment", []string{"Sw<1,1,1> o 4 o (4,4):(4,1)"}, Refused, "max_alignment(const int&)"},
		{"recast_layout", []string{"(4,8):(8,1)", "0", "8"}, BadInput, "positive widths"},
		{"domain_distribute", []string{"(4,6)", "4"}, Refused, "is_static<ShapeB>"},
		{"unflatten", []string{"(2,3,4):(1,2,6)", "(0,0)"}, Refused, "flat_remainder"},
		{"local_tile", []string{"(8,6):(1,8)", "(4,2)", "(1,2,0)"}, Refused, "Mismatched ranks"},
		{"local_partition", []string{"(8,6):(1,8)", "(4,2):(1,4)", "(1,2)"}, Refused, "is_integral<Index>"},
	}
	for _, tt := range tests {
		_, err := ApplyText(tt.op, tt.args)
		var e *Error
		if !errors.As(err, &e) || e.Kind != tt.kind || !strings.Contains(e.Msg, tt.msg) {
			t.Errorf("%s%v: %v, want a %v error containing %q", tt.op, tt.args, err, tt.kind, tt.msg)
		}
	}
	for _, src := range []string{"Sw<2147483649,0,0>", "Sw<-2147483649,0,0>", "Sw<0,2147483649,0>", "Sw<0,-2147483649,0>", "Sw<0,0,2147483649>", "Sw<0,0,-2147483649>"} {
		if sw, err := ParseSwizzle(src); err == nil || !strings.Contains(err.Error(), "out of range") {
			t.Errorf("ParseSwizzle(%s) = %v, %v; want parameters out of range", src, sw, err)
		}
	}
	// zip of a composed layout alone is forwarded (only a second layout is refused)
	if r, err := ApplyText("zip", []string{"Sw<1,1,1> o _0 o ((2,2),(2,2)):((1,2),(4,8))"}); err != nil || r.String() != "Sw<1,1,1> o _0 o ((2,2),(2,2)):((1,4),(2,8))" {
		t.Errorf("zip of a composed layout: %v, %v", r, err)
	}
	if _, err := ParseComposed("Sw<1,1,1> o (1,2) o 8:1"); err == nil {
		t.Error("a tuple offset parses as a composed layout's offset")
	}
}

// TestSwizzleValues checks Swizzle<B,M,S>::apply, x ^ ((x & YYY) >> S)
// with YYY the B bits from bit M+max(0,S), at the edges of its parameters:
// B = 0 (the identity), M = 0, a negative S (a left shift), and
// B+M+|S| = 31, the largest CuTe's int masks hold.
func TestSwizzleValues(t *testing.T) {
	for _, c := range []struct{ sw, x, want string }{
		{"Sw<3,4,3>", "200", "216"},            // 200 & (7<<7) = 128, >> 3 = 16
		{"Sw<0,4,3>", "5", "5"},                // no bits
		{"Sw<1,0,1>", "2", "3"},                // bit 1 into bit 0
		{"Sw<2,1,-2>", "2", "10"},              // 2 & (3<<1) = 2, << 2 = 8
		{"Sw<10,11,10>", "2097152", "2099200"}, // bit 21 into bit 11
		{"Sw<3,4,3>", "_200", "_216"},          // static stays static
	} {
		v, err := ApplyText("swizzle", []string{c.sw, c.x})
		if err != nil || v.String() != c.want {
			t.Errorf("%s(%s) = %v, %v; want %s", c.sw, c.x, v, err, c.want)
		}
	}
}

// TestComposedForwarding checks that an operation CuTe forwards to a
// composed layout's inner layout gives the swizzle and offset over that
// operation's result, that one answered by the inner layout alone gives its
// answer, and that a composed layout evaluates as Sw(O + B(i)).
func TestComposedForwarding(t *testing.T) {
	const cl = "Sw<2,3,3> o 4 o (_16,_32):(_32,_1)"
	for _, op := range []struct {
		name string
		args []string
	}{
		{"coalesce", nil}, {"logical_divide", []string{"8:1"}}, {"zipped_divide", []string{"(2:1,8:1)"}},
		{"blocked_product", []string{"(2,2):(1,2)"}}, {"flatten", nil}, {"get", []string{"1"}},
	} {
		inner, err := ApplyText(op.name, append([]string{"(_16,_32):(_32,_1)"}, op.args...))
		if err != nil {
			t.Fatal(err)
		}
		got, err := ApplyText(op.name, append([]string{cl}, op.args...))
		if want := "Sw<2,3,3> o 4 o " + inner.String(); err != nil || got.String() != want {
			t.Errorf("%s(%s): %v, %v; want %s", op.name, cl, got, err, want)
		}
	}
	for _, name := range []string{"size", "cosize", "rank", "depth"} {
		inner, _ := ApplyText(name, []string{"(_16,_32):(_32,_1)"})
		got, err := ApplyText(name, []string{cl})
		if err != nil || got.String() != inner.String() {
			t.Errorf("%s(%s) = %v, %v; want %s", name, cl, got, err, inner)
		}
	}
	c, err := ParseComposed(cl)
	if err != nil {
		t.Fatal(err)
	}
	vals, err := ApplyText("evaluate", []string{cl})
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range strings.Split(vals.String(), ",") {
		v, err := c.Index(int64(i))
		b := index(c.Layout, int64(i)) + 4
		want := b ^ (b&(3<<6))>>3
		if err != nil || s != D(v).String() || v != want {
			t.Fatalf("index %d: evaluate %s, Index %d (%v), want %d", i, s, v, err, want)
		}
	}
}

// TestSlicePostCondition checks slice_and_offset's documented
// post-condition on every coordinate that fixes or keeps each top-level mode
// of some layouts: R(j) + offset == A(c_j), c_j the coordinate with its `_`
// modes set to the coordinate of j in R; and that dice keeps exactly the
// fixed modes.
func TestSlicePostCondition(t *testing.T) {
	for _, src := range []string{"(4,6):(1,4)", "(3,(2,4)):(1,(3,6))", "((2,3),4,5):((1,2),-6,24)", "(2,3,2):(0,2,_7)"} {
		a, err := ParseLayout(src)
		if err != nil {
			t.Fatal(err)
		}
		r := a.Rank()
		// each mode: -1 for `_`, else an index into the mode
		choice := make([]int64, r)
		var walk func(m int)
		walk = func(m int) {
			if m == r {
				checkSlice(t, a, choice)
				return
			}
			for v := int64(-1); v < size(a.Mode(m)).val(); v++ {
				choice[m] = v
				walk(m + 1)
			}
		}
		walk(0)
	}
}

func checkSlice(t *testing.T, a Layout, choice []int64) {
	t.Helper()
	kids := make([]Tiler, len(choice))
	for i, v := range choice {
		if v < 0 {
			kids[i] = keepLeaf()
		} else {
			kids[i] = tuple.Leaf(TilerLeaf{Kind: TileInt, Int: D(v)})
		}
	}
	c := tuple.Of(kids...)
	sl, off, err := SliceAndOffset(c, a)
	if err != nil {
		t.Fatalf("%s %v: %v", FormatTiler(c), a, err)
	}
	d, err := Dice(c, a)
	if err != nil {
		t.Fatal(err)
	}
	kept, fixed := 0, 0
	for _, v := range choice {
		if v < 0 {
			kept++
		} else {
			fixed++
		}
	}
	if sl.Rank() != kept || d.Rank() != fixed {
		t.Errorf("slice %v and dice %v of %v at %s: ranks %d, %d", sl, d, a, FormatTiler(c), sl.Rank(), d.Rank())
	}
	for j := range size(sl).val() {
		var crd IntTuple
		if kept > 0 {
			crd = idx2crd(leaf(D(j)), sl.Shape)
		}
		full := make([]IntTuple, len(choice))
		k := 0
		for i, v := range choice {
			if v < 0 {
				full[i] = crd.At(k)
				k++
			} else {
				full[i] = leaf(D(v))
			}
		}
		want := crd2idx(tup(full...), a.Shape, a.Stride).val()
		if got := index(sl, j) + off.val(); got != want {
			t.Errorf("slice %v of %v at %s: R(%d)+%d = %d, A(c_j) = %d", sl, a, FormatTiler(c), j, off.val(), got, want)
		}
	}
}

// TestSwizzledSlicePostCondition checks CuTe's decay of a swizzle under a
// slice at integer coordinates against the meaning of a tensor slice: for
// the layout R and offset o it gives, R(j) + o == Sw(O + B(c_j)) for every
// j < size(R), c_j the coordinate with its `_` modes set to j's coordinate;
// where CuTe's value breaks it (an offset carrying into a swizzled bit), CuTe
// mode must warn and strict mode refuse.
func TestSwizzledSlicePostCondition(t *testing.T) {
	for _, src := range []string{
		"Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", "Sw<2,0,2> o _0 o (_4,_4):(_4,_1)", "Sw<2,3,3> o _4 o (_16,_32):(_32,_1)",
		"Sw<2,1,-2> o _0 o (_8,_8):(_1,_8)", "Sw<3,3,3> o _0 o ((_8,_2),(_8,_4)):((_8,_512),(_1,_64))",
	} {
		cl, err := ParseComposed(src)
		if err != nil {
			t.Fatal(err)
		}
		for m := range 2 {
			for v := range size(cl.Layout.Mode(m)).val() {
				kids := []Tiler{keepLeaf(), keepLeaf()}
				kids[m] = tuple.Leaf(TilerLeaf{Kind: TileInt, Int: S(v)})
				c := tuple.Of(kids...)
				var warns []string
				args := []string{FormatTiler(c), src}
				got, err := ApplyText("slice_and_offset", args, CollectWarnings(&warns))
				if err != nil {
					t.Fatalf("slice_and_offset(%s, %s): %v", FormatTiler(c), src, err)
				}
				if _, serr := ApplyText("slice_and_offset", args, StrictMode()); (serr != nil) != (len(warns) > 0) {
					t.Errorf("slice_and_offset%v: warnings %q, strict error %v", args, warns, serr)
				}
				broken := false
				r := got.Layout
				at := r.Index
				if got.Composed != nil {
					r, at = got.Composed.Layout, got.Composed.Index
				}
				for j := range size(r).val() {
					crd := []IntTuple{leaf(S(v)), leaf(S(v))}
					crd[1-m] = idx2crd(leaf(D(j)), cl.Layout.Mode(1-m).Shape)
					want := swizzleApply(cl.Swizzle, D(cl.Offset.val()+crd2idx(tup(crd...), cl.Layout.Shape, cl.Layout.Stride).val())).val()
					x, err := at(j)
					if err != nil {
						t.Fatal(err)
					}
					broken = broken || x+got.Tuple.Value().val() != want
				}
				if broken != (len(warns) > 0) {
					t.Errorf("slice_and_offset%v = %s: the slice is broken: %v, warnings %q", args, got, broken, warns)
				}
			}
		}
	}
}
