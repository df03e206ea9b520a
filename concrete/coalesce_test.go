package concrete

import (
	"fmt"
	"testing"
)

// exLayout parses a layout of an example or a test; the inputs are literals
// known to be valid.
func exLayout(s string) Layout {
	l, err := ParseLayout(s)
	if err != nil {
		panic(err)
	}
	return l
}

// exTuple parses an integer tuple of an example or a test.
func exTuple(s string) IntTuple {
	t, err := ParseTuple(s)
	if err != nil {
		panic(err)
	}
	return t
}

// exTiler parses a tiler of an example or a test.
func exTiler(s string) Tiler {
	t, err := ParseTiler(s)
	if err != nil {
		panic(err)
	}
	return t
}

// TestCoalesceKeepsFunction checks coalesce's and filter's post-conditions
// on layouts of every static/dynamic mix: same size and values (same image
// for filter), depth <= 1.
func TestCoalesceKeepsFunction(t *testing.T) {
	for _, s := range []string{
		"(2,(1,6)):(1,(6,2))", "((2,2),(2,2)):((1,4),(8,32))", "(2,1,3):(2,0,4)",
		"(4,3,2):(0,4,12)", "(3,(2,(1,4))):(1,(3,(5,6)))", "(1,1):(3,5)", "(5,(2)):(-1,(5))",
	} {
		base := exLayout(s)
		leaves := base.Shape.NumLeaves() * 2
		for mask := range 1 << leaves {
			l := markStatic(base, mask)
			co, err := Coalesce(l)
			if err != nil {
				t.Fatalf("coalesce(%v): %v", l, err)
			}
			if size(co).V != size(l).V || co.Shape.Depth() > 1 {
				t.Errorf("coalesce(%v) = %v: size or depth", l, co)
			}
			for i := range size(l).V {
				if index(co, i) != index(l, i) {
					t.Errorf("coalesce(%v) = %v differs at %d", l, co, i)
					break
				}
			}
			fl, err := Filter(l)
			if err != nil {
				t.Fatalf("filter(%v): %v", l, err)
			}
			if a, b := image(l), image(fl); a != b {
				t.Errorf("filter(%v) = %v: image %s, want %s", l, fl, b, a)
			}
		}
	}
}

// markStatic returns l with the leaves (shape leaves first, then stride
// leaves) whose bit is set in mask made static and the others dynamic.
func markStatic(l Layout, mask int) Layout {
	bit := 0
	mark := func(i Int) Int {
		i.Static = mask&(1<<bit) != 0
		bit++
		return i
	}
	sh := mapLeaves(l.Shape, mark)
	return Layout{sh, mapLeaves(l.Stride, mark)}
}

func mapLeaves(t IntTuple, f func(Int) Int) IntTuple {
	if t.IsLeaf() {
		return leaf(f(t.Value()))
	}
	kids := make([]IntTuple, t.Rank())
	for i := range kids {
		kids[i] = mapLeaves(t.At(i), f)
	}
	return tup(kids...)
}

// image is the set of values of l, as a sorted text.
func image(l Layout) string {
	seen := map[int64]bool{}
	for i := range size(l).V {
		seen[index(l, i)] = true
	}
	var vs []int64
	for v := range seen {
		vs = append(vs, v)
	}
	slicesSort(vs)
	return fmt.Sprint(vs)
}

func slicesSort(vs []int64) {
	for i := 1; i < len(vs); i++ {
		for j := i; j > 0 && vs[j] < vs[j-1]; j-- {
			vs[j], vs[j-1] = vs[j-1], vs[j]
		}
	}
}

func ExampleCoalesce() {
	// The docs' example: static modes that continue each other merge and
	// static size-1 modes vanish.
	r, _ := Coalesce(exLayout("(_2,(_1,_6)):(_1,(_6,_2))"))
	fmt.Println(r)
	// CuTe merges only what it can prove at compile time.
	r, _ = Coalesce(exLayout("(2,3):(1,2)"))
	fmt.Println(r)
	r, _ = Coalesce(exLayout("(_2,_4,6):(_1,_2,_8)"))
	fmt.Println(r)
	// Output:
	// _12:_1
	// (2,3):(1,2)
	// (_8,6):(_1,_8)
}

func ExampleCoalesceProfile() {
	// By-mode coalesce with the profile Step<_1,_1>: the result stays 2-D.
	r, _ := CoalesceProfile(exLayout("(_2,(_1,_6)):(_1,(_6,_2))"), exTuple("(_1,_1)"))
	fmt.Println(r)
	// Output:
	// (_2,_6):(_1,_2)
}

func ExampleFilter() {
	// Static zero strides and static size-1 modes are removed.
	r, _ := Filter(exLayout("(_4,(_2,_3)):(_0,(_1,_2))"))
	fmt.Println(r)
	// A dynamic zero stride is not recognised.
	r, _ = Filter(exLayout("(4,_2):(0,_1)"))
	fmt.Println(r)
	// Output:
	// _6:_1
	// (4,_2):(0,_1)
}

// TestModeListsOneAllocation: the helpers that build lists of modes make
// each list in one allocation of the right size. flatModes leaves room for
// the mode bw_coalesce appends to each of its two slices; append, prepend
// and take (group) make their lists of elements whole (a too small capacity
// would copy them again).
func TestModeListsOneAllocation(t *testing.T) {
	l := exLayout("((2,3),(4,5),6):((1,2),(6,24),120)")
	t4 := appendMode(l.Shape, leaf(S(7)))
	var shape, stride []Int
	var r IntTuple
	for name, c := range map[string]struct {
		allocs float64
		f      func()
	}{
		"flatModes and one more mode": {1, func() {
			shape, stride = flatModes(layoutOf[Int](l))
			shape, stride = append(shape, S(1)), append(stride, S(0))
		}},
		"appendMode":      {1, func() { r = appendMode(l.Shape, leaf(S(7))) }},
		"prependMode":     {1, func() { r = prependMode(l.Shape, leaf(S(7))) }},
		"groupModes<1,3>": {2, func() { r = groupModes(t4, 1, 3) }}, // and the group's
		"groupModes<1,1>": {1, func() { r = groupModes(t4, 1, 1) }},
	} {
		if n := testing.AllocsPerRun(20, c.f); n != c.allocs {
			t.Errorf("%s: %v allocations, want %v", name, n, c.allocs)
		}
	}
	if len(shape) != 6 || len(stride) != 6 || r.Rank() < 3 {
		t.Errorf("flatModes gave %d and %d modes, a mode list %v", len(shape), len(stride), r)
	}
}
