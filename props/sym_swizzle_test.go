package props

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cutealg/cutealg/rules"
)

// TestSymbolicSwizzled checks the symbolic swizzles (rules' swizzle.rules)
// against package concrete at bindings drawn from the assumptions, as the
// square does: swizzled layouts over symbols through the operations CuTe
// forwards to the inner layout or answers with it, their evaluation at a
// coordinate (crd2idx), the swizzle of an index over symbols, and
// composition_swizzle, for swizzles of every shape (a negative shift, the
// identity Sw<0,...>) and static, dynamic and symbolic offsets. Each
// answer must agree with CuTe's value wherever the answer has a value;
// and the swizzle of an index must have one where the assumptions fix the
// bits it reads.
func TestSymbolicSwizzled(t *testing.T) {
	swizzles := []string{"Sw<3,4,3>", "Sw<2,3,3>", "Sw<1,2,-3>", "Sw<0,4,3>", "Sw<2,0,2>"}
	offsets := []string{"_0", "8", "K"}
	layouts := []string{"(M,N):(_1,M)", "(M,N):(N,_1)", "((_8,M),N):((_1,_8),_8*M)", "M:_2"}
	assumptions := [][]string{nil, {"M % 64 == 0"}, {"M % 1024 == 0", "N % 8 == 0", "K % 1024 == 0"}}
	n, values := 0, 0
	check := func(op string, args []string, assume []string) {
		id := fmt.Sprintf("%s%v|%s", op, args, strings.Join(assume, ";"))
		n += squareCase(t, id, op, args, assume, nil)
		if a, err := rules.Compute(rules.Request{Op: op, Args: args, Assume: assume}); err == nil {
			for _, br := range a.Branches {
				if br.Err == nil {
					values++
				}
			}
		}
	}
	for si, sw := range swizzles {
		for ai, assume := range assumptions {
			for li, l := range layouts {
				check("composition_swizzle", []string{sw, l}, assume)
				// one offset per (swizzle, assumptions, layout), each in turn
				off := offsets[(si+ai+li)%len(offsets)]
				c := sw + " o " + off + " o " + l
				for _, op := range []string{"size", "cosize", "rank", "depth", "coalesce", "flatten"} {
					check(op, []string{c}, assume)
				}
				check("composition", []string{c, "(_4,_2):(_1,_4)"}, assume)
				check("logical_divide", []string{c, "_8:_1"}, assume)
				check("zipped_divide", []string{c, "(_8,_2)"}, assume)
				check("logical_product", []string{c, "_2:_1"}, assume)
				check("crd2idx", []string{"3", c}, assume)
				if !strings.HasPrefix(l, "M:") {
					check("crd2idx", []string{"(3,5)", c}, assume)
					check("crd2idx", []string{"(5,N)", c}, assume)
				}
			}
			for _, x := range []string{"200", "M", "3*M+200", "64*M+5", "M*N+2000", "K+M"} {
				check("swizzle", []string{sw, x}, assume)
			}
		}
	}
	if n < 2000 {
		t.Errorf("%d bindings checked, want thousands", n)
	}
	// the fixed bits are decided where the assumptions give them: with
	// M % 1024 == 0 every swizzle here reads below bit 10
	for _, c := range []struct{ op, x string }{{"swizzle", "3*M+200"}, {"crd2idx", "(3,5)"}} {
		args := []string{"Sw<3,4,3>", c.x}
		if c.op == "crd2idx" {
			args = []string{c.x, "Sw<3,4,3> o _0 o (M,N):(_1,M)"}
		}
		for _, assume := range [][]string{{"M % 1024 == 0"}, {"M % 64 == 0"}} {
			a, err := rules.Compute(rules.Request{Op: c.op, Args: args, Assume: assume})
			_, plain := a.Plain()
			if want := assume[0] == "M % 1024 == 0"; err != nil || plain != want {
				t.Errorf("%s%v under %v: plain %v (err %v), want %v", c.op, args, assume, plain, err, want)
			}
		}
	}
	t.Logf("%d bindings checked, %d cases with a value", n, values)
}
