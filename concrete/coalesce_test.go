package concrete

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"strings"
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

// runOpTable runs the cases of a testdata table through ApplyText (the path
// of the oracle and the CLI), in CuTe mode and in strict mode. A line is
// `op arg... = result`, `op arg... = error: TEXT` or
// `op arg... = result warn: TEXT`; see testdata/coalesce.txt.
func runOpTable(t *testing.T, path string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		lhs, want, ok := strings.Cut(text, " = ")
		fields := strings.Fields(lhs)
		if !ok || len(fields) < 2 {
			t.Fatalf("%s:%d: malformed case %q", path, line, text)
		}
		n++
		op, args := fields[0], fields[1:]
		where := fmt.Sprintf("%s:%d: %s(%s)", path, line, op, strings.Join(args, ", "))
		if msg, isErr := strings.CutPrefix(want, "error: "); isErr {
			for _, opts := range [][]Option{nil, {StrictMode()}} {
				if v, err := ApplyText(op, args, opts...); err == nil || !strings.Contains(err.Error(), msg) {
					t.Errorf("%s = %v, %v; want an error containing %q", where, v, err, msg)
				}
			}
			continue
		}
		result, warn, _ := strings.Cut(want, " warn: ")
		var warnings []string
		v, err := ApplyText(op, args, CollectWarnings(&warnings))
		switch {
		case err != nil:
			t.Errorf("%s: unexpected error %v", where, err)
		case v.String() != result:
			t.Errorf("%s = %v, want %s", where, v, result)
		case warn == "" && len(warnings) > 0:
			t.Errorf("%s: unexpected warnings %q", where, warnings)
		case warn != "" && !strings.Contains(strings.Join(warnings, "; "), warn):
			t.Errorf("%s: warnings %q, want one containing %q", where, warnings, warn)
		}
		v, err = ApplyText(op, args, StrictMode())
		var e *Error
		switch {
		case warn == "" && err != nil:
			t.Errorf("%s: strict mode: unexpected error %v", where, err)
		case warn == "" && v.String() != result:
			t.Errorf("%s: strict mode = %v, want %s", where, v, result)
		case warn != "" && (!errors.As(err, &e) || e.Kind != Violation || !strings.Contains(e.Msg, warn)):
			t.Errorf("%s: strict mode = %v, %v; want a violation containing %q", where, v, err, warn)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Fatalf("%s: no cases", path)
	}
}

func TestCoalesceTable(t *testing.T) { runOpTable(t, "testdata/coalesce.txt") }

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
