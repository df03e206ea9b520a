package concrete

import (
	"strings"
	"testing"
)

// Ops lists the operations sorted by name, each once.
func TestOpsSorted(t *testing.T) {
	ops := Ops()
	for i := 1; i < len(ops); i++ {
		if ops[i-1].Name >= ops[i].Name {
			t.Errorf("Ops: %s before %s", ops[i-1].Name, ops[i].Name)
		}
	}
	if len(ops) < 2 {
		t.Fatalf("Ops lists %d operations", len(ops))
	}
}

// ApplyText names the argument it cannot read, counting from 1, whether
// it does not parse or is not of the kind the operation takes.
func TestApplyTextArgument(t *testing.T) {
	for _, c := range []struct {
		op   string
		args []string
		want string
	}{
		{"composition", []string{"4:1", "(2:1"}, "argument 2: "},
		{"composition", []string{"(2:1", "4:1"}, "argument 1: "},
		{"composition", []string{"4:1", "(2,3)"}, "argument 2: "},
		{"complement", []string{"(2,3)", "8"}, "argument 1: "},
	} {
		_, err := ApplyText(c.op, c.args)
		e, ok := err.(*Error)
		if !ok || e.Kind != BadInput || !strings.HasPrefix(e.Msg, c.want) {
			t.Errorf("%s(%s): %v, want a bad-input error %q...", c.op, strings.Join(c.args, ", "), err, c.want)
		}
	}
}
