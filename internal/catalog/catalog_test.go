package catalog

import (
	"fmt"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// The catalogue holds exactly the operations DESIGN.md section 4 lists
// (read from ../shared/DESIGN.md when it is there), and the operations of
// issue 19 marked Ext.
func TestCatalogueIsDesignSection4(t *testing.T) {
	src, err := os.ReadFile("../../../shared/DESIGN.md")
	if err != nil {
		t.Skipf("../shared/DESIGN.md not found (%v): the list cannot be compared", err)
	}
	text := string(src)
	i := strings.Index(text, "## 4. Operations")
	if i < 0 {
		t.Fatal("DESIGN.md has no section 4")
	}
	text = text[i:]
	j := strings.Index(text, "Symbolic versions")
	if j < 0 {
		t.Fatal("DESIGN.md section 4 has no end marker")
	}
	text = text[:j]
	k := strings.Index(text, "vectors (see")
	if k < 0 {
		t.Fatal("DESIGN.md section 4: list start not found")
	}
	text = text[k:]
	text = text[strings.Index(text, ":")+1:]
	want := regexp.MustCompile(`[a-z][a-z_0-9]*`).FindAllString(text, -1)
	sort.Strings(want)
	var got []string
	for _, op := range All() {
		if !op.Ext {
			got = append(got, op.Name)
		}
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("catalogue and DESIGN.md section 4 differ:\n got  %v\n want %v", got, want)
	}
}

// Every post-condition id is named by some operation, and every entry is
// well formed.
func TestCatalogueWellFormed(t *testing.T) {
	used := map[string]bool{}
	for _, op := range All() {
		if op.Name == "" || op.CuTe == "" || len(op.Args) == 0 {
			t.Errorf("%+v: name, CuTe call and arguments are required", op)
		}
		if op.MinArgs < 1 || op.MinArgs > len(op.Args) {
			t.Errorf("%s: MinArgs %d outside [1, %d]", op.Name, op.MinArgs, len(op.Args))
		}
		if got, ok := Lookup(op.Name); !ok || got != op {
			t.Errorf("Lookup(%q) does not return its entry", op.Name)
		}
		for _, id := range op.Post {
			used[id] = true
		}
	}
	for _, p := range Posts() {
		if !used[p.ID] {
			t.Errorf("post-condition %s is named by no operation", p.ID)
		}
		if got, ok := Post(p.ID); !ok || got != p {
			t.Errorf("Post(%q) = %v, %v", p.ID, got, ok)
		}
	}
	if _, ok := Lookup("no_such_op"); ok {
		t.Error("Lookup found an operation that does not exist")
	}
}

func ExampleOp_Usage() {
	op, _ := Lookup("tile_to_shape")
	fmt.Println(op.Usage())
	fmt.Println(op.CuTe, "->", op.Result, op.Symbolic())
	for _, id := range op.Post {
		p, _ := Post(id)
		fmt.Println(p.ID+":", p.Text)
	}
	// Output:
	// tile_to_shape(layout, shape, [integer tuple])
	// tile_to_shape(A, S[, O]) -> layout true
	// tile.size: compatible(S, shape(R)): every mode of R has the size of the target's mode
}
