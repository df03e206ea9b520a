package gpuval

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/cutealg/cutealg/internal/catalog"
	"github.com/cutealg/cutealg/internal/notation"
)

// shaped is a case lowered to C++: the statement that computes and prints
// its result, the key of its C++ type (the operation and the arguments with
// every dynamic integer replaced by '?'), and the dynamic integers in the
// order the statement reads them (v[0], v[1], ...).
type shaped struct {
	key    string
	body   string
	values []int64
}

// lower turns one case into the C++ that computes it. Two cases with the
// same key have the same body: their C++ types are the same, so one
// instantiation serves both, reading its dynamic integers from an array at
// run time.
func lower(op string, args []string) (shaped, error) {
	spec, ok := catalog.Lookup(op)
	if !ok {
		return shaped{}, fmt.Errorf("unknown operation %q", op)
	}
	if len(args) < spec.MinArgs || len(args) > len(spec.Args) {
		return shaped{}, fmt.Errorf("%s: %d arguments, want %s", op, len(args), spec.Usage())
	}
	var key strings.Builder
	key.WriteString(op)
	var values []int64
	cxx := make([]string, len(args))
	params := make([][]int64, len(args))
	composed := make([]bool, len(args))
	for i, a := range args {
		n, err := notation.Parse(a)
		if err != nil {
			return shaped{}, fmt.Errorf("%s argument %d: %v", op, i+1, err)
		}
		_, composed[i] = n.(*notation.Composed)
		key.WriteByte('|')
		if spec.Args[i] == catalog.Param {
			ps, err := paramInts(n)
			if err != nil {
				return shaped{}, fmt.Errorf("%s argument %d: %v", op, i+1, err)
			}
			params[i] = ps
			key.WriteString(notation.Print(n))
			continue
		}
		e := &exprWriter{key: &key, values: values}
		s, err := e.expr(n)
		if err != nil {
			return shaped{}, fmt.Errorf("%s argument %d: %v", op, i+1, err)
		}
		values = e.values
		cxx[i] = s
	}
	call, kind, err := callText(op, cxx, params)
	if err != nil {
		return shaped{}, err
	}
	if op == "crd2idx" && composed[1] {
		// a ComposedLayout has no stride(): CuTe evaluates it at a
		// coordinate through its operator()(c), A(O + B(c))
		call = fmt.Sprintf("%s(%s)", cxx[1], cxx[0])
	}
	var body string
	switch {
	case kind == catalog.ResText:
		body = "auto a = " + cxx[0] + "; gv_values(id, a, true);"
	case kind == catalog.ResLayout && (op == "make_identity_layout" || op == "slice" || op == "dice"):
		// scaled-basis strides, or possibly the empty layout (), which
		// CuTe cannot evaluate at an integer: the printed result only
		body = "auto r = " + call + "; gv_result(id, r);"
	case kind == catalog.ResLayout:
		body = "auto r = " + call + "; gv_result(id, r); gv_values(id, r, false);"
	default:
		body = "auto r = " + call + "; gv_result(id, r);"
	}
	return shaped{key: key.String(), body: body, values: values}, nil
}

// exprWriter writes the C++ expression of an argument and its type key.
type exprWriter struct {
	key    *strings.Builder
	values []int64
}

func (e *exprWriter) expr(n notation.Node) (string, error) {
	switch n := n.(type) {
	case *notation.Int:
		if n.Static {
			fmt.Fprintf(e.key, "_%d", n.Value)
			return fmt.Sprintf("cute::Int<%d>{}", n.Value), nil
		}
		if n.Value < math.MinInt32 || n.Value > math.MaxInt32 {
			return "", fmt.Errorf("dynamic integer %d does not fit CuTe's int", n.Value)
		}
		e.key.WriteByte('?')
		e.values = append(e.values, n.Value)
		return "v[" + strconv.Itoa(len(e.values)-1) + "]", nil
	case *notation.Underscore:
		e.key.WriteByte('_')
		return "cute::_", nil
	case *notation.Tuple:
		e.key.WriteByte('(')
		parts := make([]string, len(n.Elems))
		for i, el := range n.Elems {
			if i > 0 {
				e.key.WriteByte(',')
			}
			s, err := e.expr(el)
			if err != nil {
				return "", err
			}
			parts[i] = s
		}
		e.key.WriteByte(')')
		return "cute::make_tuple(" + strings.Join(parts, ", ") + ")", nil
	case *notation.Swizzle:
		fmt.Fprintf(e.key, "Sw<%d,%d,%d>", n.B, n.M, n.S)
		return fmt.Sprintf("cute::Swizzle<%d,%d,%d>{}", n.B, n.M, n.S), nil
	case *notation.Composed:
		parts := make([]string, 3)
		for i, x := range []notation.Node{n.A, n.O, n.B} {
			if i > 0 {
				e.key.WriteString(" o ")
			}
			s, err := e.expr(x)
			if err != nil {
				return "", err
			}
			parts[i] = s
		}
		return "cute::make_composed_layout(" + strings.Join(parts, ", ") + ")", nil
	case *notation.Layout:
		s, err := e.expr(n.Shape)
		if err != nil {
			return "", err
		}
		e.key.WriteByte(':')
		d, err := e.expr(n.Stride)
		if err != nil {
			return "", err
		}
		return "cute::make_layout(" + s + ", " + d + ")", nil
	}
	return "", fmt.Errorf("%s is not a concrete CuTe value (symbols must be bound first)", notation.Print(n))
}

// paramInts reads a template parameter: an integer or a flat tuple of
// integers (static marks ignored).
func paramInts(n notation.Node) ([]int64, error) {
	switch n := n.(type) {
	case *notation.Int:
		return []int64{n.Value}, nil
	case *notation.Tuple:
		var out []int64
		for _, el := range n.Elems {
			i, ok := el.(*notation.Int)
			if !ok {
				return nil, fmt.Errorf("template parameter %s: want integers", notation.Print(n))
			}
			out = append(out, i.Value)
		}
		return out, nil
	}
	return nil, fmt.Errorf("template parameter %s: want an integer or a tuple of integers", notation.Print(n))
}

func joinInts(xs []int64) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.FormatInt(x, 10)
	}
	return strings.Join(s, ",")
}

// cuteName maps the catalogue's operations whose CuTe function has another
// name (the catalogue splits CuTe's overloads by argument kind).
var cuteName = map[string]string{
	"composition_tiler":     "composition",
	"composition_shape":     "composition",
	"logical_divide_tiler":  "logical_divide",
	"logical_product_tiler": "logical_product",
	"complement_default":    "complement",
	"coalesce_profile":      "coalesce",
	"make_layout_concat":    "make_layout",
}

// callText is the CuTe call of an operation (the catalogue's CuTe column,
// written as C++) and the kind of its result.
func callText(op string, a []string, p [][]int64) (string, catalog.ResultKind, error) {
	spec, _ := catalog.Lookup(op)
	name := op
	if n, ok := cuteName[op]; ok {
		name = n
	}
	args := func(xs ...string) string { return "cute::" + name + "(" + strings.Join(xs, ", ") + ")" }
	one := func(i int) (int64, error) {
		if len(p[i]) != 1 {
			return 0, fmt.Errorf("%s: template parameter %d must be one integer", op, i+1)
		}
		return p[i][0], nil
	}
	switch op {
	case "make_layout_left":
		return "cute::make_layout(" + a[0] + ", cute::LayoutLeft{})", spec.Result, nil
	case "make_layout_right":
		return "cute::make_layout(" + a[0] + ", cute::LayoutRight{})", spec.Result, nil
	case "replace":
		i, err := one(1)
		if err != nil {
			return "", 0, err
		}
		return fmt.Sprintf("cute::replace<%d>(%s, %s)", i, a[0], a[2]), spec.Result, nil
	case "take", "group":
		b, err := one(1)
		if err != nil {
			return "", 0, err
		}
		e, err := one(2)
		if err != nil {
			return "", 0, err
		}
		return fmt.Sprintf("cute::%s<%d,%d>(%s)", op, b, e, a[0]), spec.Result, nil
	case "select":
		return fmt.Sprintf("cute::select<%s>(%s)", joinInts(p[1]), a[0]), spec.Result, nil
	case "get":
		return fmt.Sprintf("cute::layout<%s>(%s)", joinInts(p[1]), a[0]), spec.Result, nil
	case "upcast", "downcast":
		n, err := one(1)
		if err != nil {
			return "", 0, err
		}
		return fmt.Sprintf("cute::%s<%d>(%s)", op, n, a[0]), spec.Result, nil
	case "crd2idx":
		return fmt.Sprintf("cute::crd2idx(%s, cute::shape(%s), cute::stride(%s))", a[0], a[1], a[1]), spec.Result, nil
	case "evaluate":
		return "", spec.Result, nil
	case "recast_layout":
		o, err := one(1)
		if err != nil {
			return "", 0, err
		}
		n, err := one(2)
		if err != nil {
			return "", 0, err
		}
		return fmt.Sprintf("cute::recast_layout<cute::uint_bit_t<%d>, cute::uint_bit_t<%d>>(%s)", o, n, a[0]), spec.Result, nil
	case "local_tile", "local_partition":
		// on a tensor over a counting iterator, whose data after the
		// partition is the offset, static or dynamic as CuTe computes it
		return fmt.Sprintf("[&] { auto gv_t = cute::make_tensor(cute::make_inttuple_iter(cute::Int<0>{}), %s); auto gv_p = cute::%s(gv_t, %s, %s); return cute::make_tuple(gv_p.layout(), *gv_p.data()); }()", a[0], op, a[1], a[2]), spec.Result, nil
	case "ceil_div_layout":
		return fmt.Sprintf("cute::ceil_div(%s, %s)", a[0], a[1]), spec.Result, nil
	case "swizzle":
		return fmt.Sprintf("%s(%s)", a[0], a[1]), spec.Result, nil
	case "composition_swizzle":
		return fmt.Sprintf("cute::composition(%s, %s)", a[0], a[1]), spec.Result, nil
	}
	return args(nonEmpty(a)...), spec.Result, nil
}

func nonEmpty(a []string) []string {
	var out []string
	for _, s := range a {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}
