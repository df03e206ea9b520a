package props

import (
	"fmt"

	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/sym"
)

// textCase checks the printed text of an answer as the graders read it
// (../shared/tools/symbolic-check.py): at each binding where a case with
// a value holds, every integer of the case's text (as the oracle prints
// it) evaluates with '/' an exact division (an inexact one is a wrong
// answer there), '%' the non-negative remainder and floor_div, ceil_div
// rounding as Python's //, to the integer the answer's own evaluation
// (sym.Ctx.EvalValue) gives. The square evaluates the answer's
// polynomials whole, so a text such as M/2+1/2 (right for odd M as a
// polynomial, inexact term by term) passes it and fails the graders.
func textCase(t reporter, id, op string, args, assume []string, extra []sym.Binding) {
	symGround(t, id, op, args, assume, extra, func(g symGrounded) {
		if g.br.Err != nil {
			return
		}
		text := g.br.Value.String()
		want, err := g.value()
		if err != nil {
			return // the square reports a value that does not ground
		}
		got, err := textLeaves(text, g.at)
		if err != nil {
			t.Errorf("%s %s%v under %v at %v: the answer's text %s: %v", id, op, args, assume, g.at, text, err)
			return
		}
		wl, err := textLeaves(want.String(), nil)
		if err != nil {
			t.Errorf("%s: the grounded value %s does not read back: %v", id, want, err)
			return
		}
		if fmt.Sprint(got) != fmt.Sprint(wl) {
			t.Errorf("%s %s%v under %v at %v: the answer's text %s reads %v, its value %s", id, op, args, assume, g.at, text, got, want)
		}
	})
}

// textLeaves parses a value's text and evaluates its integers in order at
// b as the graders do.
func textLeaves(text string, b sym.Binding) ([]int64, error) {
	n, err := notation.Parse(text)
	if err != nil {
		return nil, err
	}
	var out []int64
	var walk func(n notation.Node) error
	walk = func(n notation.Node) error {
		switch n := n.(type) {
		case *notation.Tuple:
			for _, e := range n.Elems {
				if err := walk(e); err != nil {
					return err
				}
			}
		case *notation.Layout:
			if err := walk(n.Shape); err != nil {
				return err
			}
			return walk(n.Stride)
		default:
			v, err := graderEval(n, b)
			if err != nil {
				return err
			}
			out = append(out, v)
		}
		return nil
	}
	return out, walk(n)
}

// graderEval2 evaluates two operands with graderEval.
func graderEval2(x, y notation.Node, b sym.Binding) (int64, int64, error) {
	xv, err := graderEval(x, b)
	if err != nil {
		return 0, 0, err
	}
	yv, err := graderEval(y, b)
	return xv, yv, err
}

// graderEval evaluates an integer expression as symbolic-check.py's ev
// does (Python integers: the bindings here keep them in int64).
func graderEval(n notation.Node, b sym.Binding) (int64, error) {
	floorDiv := func(a, d int64) int64 {
		q := a / d
		if (a%d != 0) && ((a < 0) != (d < 0)) {
			q--
		}
		return q
	}
	switch n := n.(type) {
	case *notation.Int:
		return n.Value, nil
	case *notation.Sym:
		v, ok := b[n.Name]
		if !ok {
			return 0, fmt.Errorf("unknown symbol %s", n.Name)
		}
		return v, nil
	case *notation.Func:
		x, y, err := graderEval2(n.X, n.Y, b)
		if err != nil {
			return 0, err
		}
		switch n.Name {
		case "ceil_div", "floor_div":
			if y == 0 {
				return 0, fmt.Errorf("%s by zero", n.Name)
			}
			if n.Name == "ceil_div" {
				return -floorDiv(-x, y), nil
			}
			return floorDiv(x, y), nil
		case "min":
			return min(x, y), nil
		case "max":
			return max(x, y), nil
		}
	case *notation.Binary:
		x, y, err := graderEval2(n.X, n.Y, b)
		if err != nil {
			return 0, err
		}
		switch n.Op {
		case '+':
			return x + y, nil
		case '-':
			return x - y, nil
		case '*':
			return x * y, nil
		case '/':
			if y == 0 || x%y != 0 {
				return 0, fmt.Errorf("inexact division %d/%d", x, y)
			}
			return x / y, nil
		case '%':
			if y == 0 {
				return 0, fmt.Errorf("modulo by zero")
			}
			return x - y*floorDiv(x, y), nil
		}
	}
	return 0, fmt.Errorf("not an integer expression: %T", n)
}
