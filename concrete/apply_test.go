package concrete

import (
	"math"
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

// recast_layout takes positive bit widths only: a zero or negative one is
// bad input.
func TestRecastWidths(t *testing.T) {
	for _, w := range [][2]string{{"0", "8"}, {"8", "0"}, {"-8", "16"}} {
		_, err := ApplyText("recast_layout", []string{"4:1", w[0], w[1]})
		e, ok := err.(*Error)
		if !ok || e.Kind != BadInput || !strings.Contains(e.Msg, "want positive widths") {
			t.Errorf("recast_layout(4:1, %s, %s): %v, want a bad-input error", w[0], w[1], err)
		}
	}
	if _, err := ApplyText("recast_layout", []string{"4:1", "8", "16"}); err != nil {
		t.Errorf("recast_layout(4:1, 8, 16): %v", err)
	}
}

// numDigits is CuTe's num_digits: the decimal digits of 0 <= x < 10^10,
// at the powers of ten and just below them.
func TestNumDigits(t *testing.T) {
	for x, want := range map[int64]int{-5: 1, 0: 1, 9: 1, 10: 2, 99: 2, 100: 3, 999_999_999: 9, 1_000_000_000: 10, 9_999_999_999: 10, 10_000_000_000: 10, math.MaxInt64: 10} {
		if got := numDigits(x); got != want {
			t.Errorf("numDigits(%d) = %d, want %d", x, got, want)
		}
	}
}
