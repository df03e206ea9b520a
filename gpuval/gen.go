package gpuval

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/cutealg/cutealg/concrete"
	"github.com/cutealg/cutealg/internal/notation"
)

// genOps are the operations Generate draws, with the kinds of their
// arguments: 'L' a layout, 'M' a cotarget integer, 'S' a shape tuple,
// 'T' a tiler tuple of layouts.
var genOps = []struct {
	op   string
	args string
}{
	{"composition", "LL"}, {"composition_shape", "LS"}, {"composition_tiler", "LT"},
	{"complement", "LM"}, {"complement_default", "L"},
	{"coalesce", "L"}, {"filter", "L"}, {"flatten", "L"},
	{"logical_divide", "LL"}, {"logical_divide_tiler", "LT"},
	{"zipped_divide", "LT"}, {"tiled_divide", "LL"}, {"flat_divide", "LT"},
	{"logical_product", "LL"}, {"logical_product_tiler", "LT"},
	{"zipped_product", "LL"}, {"tiled_product", "LT"}, {"flat_product", "LL"},
	{"blocked_product", "LL"}, {"raked_product", "LL"},
	{"right_inverse", "L"}, {"left_inverse", "L"},
	{"max_common_layout", "LL"}, {"max_common_vector", "LL"}, {"nullspace", "L"},
	{"size", "L"}, {"cosize", "L"},
}

// Generate draws property cases for the harness and for package props:
// types skeletons (an operation and its arguments' trees, each integer
// static with a fixed value or dynamic), each instantiated with per
// draws of its dynamic integers (an all-static skeleton once). The flavor
// of a skeleton is static, dynamic or mixed in turn, so one C++
// instantiation serves all the cases of a skeleton. Extents are 1 to 8,
// strides 0 to 32 or the column-major stride of the extents before them
// (so that many cases are valid); draws whose result does not fit CuTe's
// int are drawn again (up to 4*per tries). The result is deterministic in
// seed.
// IDs are "gen-<skeleton>-<draw>".
func Generate(seed uint64, types, per int) []Case {
	r := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	var out []Case
	refusals := map[string]int{}
	for k := 0; k < types; {
		g := genOps[r.IntN(len(genOps))]
		flavor := k % 3 // 0 static, 1 dynamic, 2 mixed
		skel := make([]node, len(g.args))
		for i, kind := range g.args {
			skel[i] = skeleton(r, byte(kind), flavor)
		}
		if msg, refused := refusedAt(g.op, skel, r); refused {
			// CuTe's refusals cost one compile each: keep two
			// skeletons per operation and refusal
			key := g.op + "|" + strings.Map(func(r rune) rune {
				if r >= '0' && r <= '9' {
					return -1
				}
				return r
			}, msg)
			if refusals[key] == MaxRefusals {
				continue
			}
			refusals[key]++
		}
		k++
		n := per
		if flavor == 0 {
			n = 1
		}
		for d, tries := 0, 0; d < n && tries < 4*n; tries++ {
			args := make([]string, len(skel))
			for i, s := range skel {
				args[i] = s.text(r)
			}
			if !fitsCuTe(g.op, args) {
				continue // beyond CuTe's int: nothing to compare
			}
			out = append(out, Case{ID: fmt.Sprintf("gen-%d-%d", k, d), Op: g.op, Args: args, Source: "generated"})
			d++
		}
	}
	return out
}

// MaxRefusals is the number of generated skeletons kept per operation and
// compile-time refusal of package concrete (each refused type is compiled
// alone).
const MaxRefusals = 2

// refusedAt reports whether package concrete refuses a draw of the
// skeleton at compile time, and the refusal.
func refusedAt(op string, skel []node, r *rand.Rand) (string, bool) {
	args := make([]string, len(skel))
	for i, s := range skel {
		args[i] = s.text(r)
	}
	_, err := concrete.ApplyText(op, args)
	var ce *concrete.Error
	if errors.As(err, &ce) && ce.Kind == concrete.Refused {
		return ce.Msg, true
	}
	return "", false
}

// node is a skeleton: a leaf integer (static value fixed, dynamic drawn per
// case), a tuple or a layout.
type node struct {
	kind   byte // 'i' integer, 't' tuple, 'l' layout
	static bool
	value  int64
	stride bool // an integer in a stride: 0..32 or column-major
	elems  []node
	shape  *node
	str    *node
}

func skeleton(r *rand.Rand, kind byte, flavor int) node {
	switch kind {
	case 'L':
		return layoutSkel(r, flavor, 0)
	case 'M':
		return leaf(r, flavor, false)
	case 'S':
		return tupleOf(r, 1+r.IntN(3), func() node { return leaf(r, flavor, false) })
	}
	return tupleOf(r, 1+r.IntN(3), func() node { return layoutSkel(r, flavor, 1) })
}

func tupleOf(r *rand.Rand, n int, f func() node) node {
	t := node{kind: 't'}
	for i := 0; i < n; i++ {
		t.elems = append(t.elems, f())
	}
	return t
}

// layoutSkel draws a layout of rank 1 to 3, nested at most twice.
func layoutSkel(r *rand.Rand, flavor, depth int) node {
	var shape, stride node
	if r.IntN(3) == 0 && depth > 0 {
		shape, stride = leaf(r, flavor, false), leaf(r, flavor, true)
	} else {
		shape, stride = pairTree(r, flavor, depth)
	}
	return node{kind: 'l', shape: &shape, str: &stride}
}

func pairTree(r *rand.Rand, flavor, depth int) (node, node) {
	sh, st := node{kind: 't'}, node{kind: 't'}
	for i, n := 0, 1+r.IntN(3); i < n; i++ {
		if depth < 2 && r.IntN(4) == 0 {
			a, b := pairTree(r, flavor, depth+1)
			sh.elems, st.elems = append(sh.elems, a), append(st.elems, b)
			continue
		}
		sh.elems = append(sh.elems, leaf(r, flavor, false))
		st.elems = append(st.elems, leaf(r, flavor, true))
	}
	return sh, st
}

func leaf(r *rand.Rand, flavor int, stride bool) node {
	static := flavor == 0 || flavor == 2 && r.IntN(2) == 0
	return node{kind: 'i', static: static, stride: stride, value: draw(r, stride)}
}

func draw(r *rand.Rand, stride bool) int64 {
	if !stride {
		return 1 + r.Int64N(8)
	}
	switch r.IntN(4) {
	case 0:
		return 0
	case 1:
		return 1
	}
	return r.Int64N(33)
}

// text prints one instance of a skeleton: static integers as fixed, dynamic
// ones drawn afresh; the strides of a layout whose strides are all dynamic
// are column-major in half of the draws.
func (n node) text(r *rand.Rand) string {
	var b strings.Builder
	n.write(&b, r)
	return b.String()
}

func (n node) write(b *strings.Builder, r *rand.Rand) {
	switch n.kind {
	case 'i':
		v := n.value
		if n.static {
			b.WriteByte('_')
		} else {
			v = draw(r, n.stride)
		}
		b.WriteString(strconv.FormatInt(v, 10))
	case 't':
		b.WriteByte('(')
		for i, e := range n.elems {
			if i > 0 {
				b.WriteByte(',')
			}
			e.write(b, r)
		}
		b.WriteByte(')')
	case 'l':
		var sh strings.Builder
		n.shape.write(&sh, r)
		b.WriteString(sh.String())
		b.WriteByte(':')
		if r.IntN(2) == 0 {
			if s, ok := colMajor(sh.String(), *n.str); ok {
				b.WriteString(s)
				return
			}
		}
		n.str.write(b, r)
	}
}

// colMajor prints a stride skeleton whose dynamic integers are the
// column-major strides of the printed shape's extents (static ones keep
// their value), the running product capped near 2^19.
func colMajor(shape string, st node) (string, bool) {
	sn, err := notation.Parse(shape)
	if err != nil {
		return "", false
	}
	var ext []int64
	var walk func(notation.Node)
	walk = func(n notation.Node) {
		switch n := n.(type) {
		case *notation.Int:
			ext = append(ext, n.Value)
		case *notation.Tuple:
			for _, e := range n.Elems {
				walk(e)
			}
		}
	}
	walk(sn)
	var b strings.Builder
	i, p := 0, int64(1)
	var put func(n node)
	put = func(n node) {
		switch n.kind {
		case 'i':
			if n.static {
				b.WriteString("_" + strconv.FormatInt(n.value, 10))
			} else {
				b.WriteString(strconv.FormatInt(p, 10))
			}
			if i < len(ext) && p <= 1<<16 {
				p *= ext[i]
			}
			i++
		case 't':
			b.WriteByte('(')
			for k, e := range n.elems {
				if k > 0 {
					b.WriteByte(',')
				}
				put(e)
			}
			b.WriteByte(')')
		}
	}
	put(st)
	return b.String(), true
}
