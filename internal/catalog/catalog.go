// Package catalog is the one catalogue of the layout-algebra operations
// (DESIGN section 4): their names, argument kinds, the CuTe C++ call each
// mirrors, the kind of its result, and the ids of the documented
// post-conditions it must keep. The concrete engine, the symbolic engine,
// the CLI, the oracle and the tests all read it; an engine binds its
// implementations to these names and a test checks that every name is
// implemented (or that the engine says why not).
//
// The catalogue is data: nothing here computes. Entries are immutable
// after init; All and Lookup hand out pointers to them, which callers must
// not modify.
package catalog

import (
	"fmt"
	"sort"
	"strings"
)

// ArgKind is the kind of one operation argument.
type ArgKind uint8

const (
	// Layout is a layout `S:D`.
	Layout ArgKind = iota
	// Tuple is an IntTuple (shape, coordinate, cotarget, profile).
	Tuple
	// Tiler is a tiler: a layout, or a tuple of layouts, integers, `_`.
	Tiler
	// Param is a template parameter written as a plain number or tuple
	// (`2`, `(1,3)`); its static/dynamic marks are ignored.
	Param
	// Shape is an IntTuple used as a shape or cotarget: every leaf must be
	// positive.
	Shape
)

func (k ArgKind) String() string {
	switch k {
	case Layout:
		return "layout"
	case Tuple:
		return "integer tuple"
	case Tiler:
		return "tiler"
	case Shape:
		return "shape"
	case Param:
		return "parameter"
	}
	return fmt.Sprintf("ArgKind(%d)", uint8(k))
}

// ResultKind is the kind of an operation's result.
type ResultKind uint8

const (
	// ResLayout is a layout.
	ResLayout ResultKind = iota
	// ResInt is one integer (size, cosize, rank, ...).
	ResInt
	// ResTuple is an IntTuple (idx2crd, shape_div).
	ResTuple
	// ResText is a list of values printed as text (evaluate).
	ResText
)

func (k ResultKind) String() string {
	switch k {
	case ResLayout:
		return "layout"
	case ResInt:
		return "integer"
	case ResTuple:
		return "integer tuple"
	case ResText:
		return "text"
	}
	return fmt.Sprintf("ResultKind(%d)", uint8(k))
}

// Op is one entry of the catalogue.
type Op struct {
	// Name is the operation's name in the Go API, the CLI, the oracle
	// protocol and the vectors.
	Name string
	// Args are the argument kinds; the first MinArgs are required.
	Args    []ArgKind
	MinArgs int
	// CuTe is the CuTe C++ call the operation mirrors.
	CuTe string
	// Result is the kind of the result.
	Result ResultKind
	// Post lists the ids of the documented post-conditions (see PostCond)
	// that a result must keep.
	Post []string
}

// Usage is the operation's signature, e.g. "composition(layout, layout)";
// optional arguments are in brackets.
func (op *Op) Usage() string {
	var b strings.Builder
	b.WriteString(op.Name)
	b.WriteByte('(')
	for i, k := range op.Args {
		if i > 0 {
			b.WriteString(", ")
		}
		if i >= op.MinArgs {
			b.WriteString("[" + k.String() + "]")
		} else {
			b.WriteString(k.String())
		}
	}
	b.WriteByte(')')
	return b.String()
}

// Symbolic reports whether the operation has a symbolic version: DESIGN
// section 4 asks one for every operation whose result is a layout or an
// integer.
func (op *Op) Symbolic() bool { return op.Result == ResLayout || op.Result == ResInt }

// PostCond is a documented post-condition: CuTe's @post lines and the
// conditions its documentation states for an operation.
type PostCond struct {
	ID   string
	Text string
}

var posts = []PostCond{
	{"shape", "shape(R) == S"},
	{"compact", "when no extent is _1, the image of R is [0, size(R))"},
	{"concat.modes", "layout<i>(R) == A_i"},
	{"append.modes", "rank(R) == rank(A)+1 and layout<rank(A)>(R) == B"},
	{"prepend.modes", "rank(R) == rank(A)+1 and layout<0>(R) == B"},
	{"replace.modes", "layout<I>(R) == B, every other mode as in A"},
	{"take.modes", "rank(R) == E-B and layout<i>(R) == layout<B+i>(A)"},
	{"select.modes", "layout<k>(R) == layout<I_k>(A)"},
	{"group.flatten", "flatten(R) == flatten(A)"},
	{"get.mode", "R == layout<In>(...layout<I0>(A))"},
	{"same.size", "size(R) == size(A)"},
	{"same.function", "R(i) == A(i) for every i < size(A)"},
	{"depth.flat", "depth(R) <= 1"},
	{"coalesce.profile", "R has the profile's structure down to its depth"},
	{"same.image", "the image of R equals the image of A"},
	{"composition.compatible", "compatible(shape(B), shape(R))"},
	{"composition.function", "R(c) == A(B(c)) for every c in the domain of B"},
	{"complement.ordered", "R(i-1) < R(i) for 0 < i < size(R)"},
	{"complement.disjoint", "R(i) is not in the image of A for 0 < i < size(R)"},
	{"complement.cosize", "cosize((A,R)) >= size(M) and size(R) >= size(M)/size(filter(A))"},
	{"complement.size", "size(R) <= cosize(R) (CuTe's complement unit test)"},
	{"complement.pre", "precondition: filter(A) is injective and its strides are non-negative"},
	{"static.twin", "with dynamic integers: CuTe accepts the call with the same numbers all static, and its value there meets the post-conditions"},
	{"divide.definition", "logical_divide(A, B) == composition(A, make_layout(B, complement(B, size(A))))"},
	{"product.definition", "logical_product(A, B) == make_layout(A, composition(complement(A, size(A)*cosize(B)), B))"},
	{"product.rank", "rank(R) == max(rank(A), rank(B))"},
	{"tile.size", "compatible(S, shape(R)): every mode of R has the size of the target's mode"},
	{"right_inverse", "A(R(i)) == i for every i < size(R)"},
	{"left_inverse", "A(R(A(i))) == A(i) for every i < size(A)"},
	{"common.vector", "with R = right_inverse(B), A(R(n)) == n and B(R(n)) == n for every n < N, N the result"},
	{"common.layout", "A(R(i)) == i and B(R(i)) == i for every i < size(R)"},
	{"nullspace.kernel", "A(R(i)) == 0 for every i < size(R), and size(R) == size(A)/size(filter(A))"},
	{"evaluate.length", "the number of values is max(size(A), 0)"},
	{"idx2crd.roundtrip", "crd2idx(R, S) == crd2idx(c, S)"},
	{"cast.function", "R is A read in elements of the new width"},
}

var ops = []*Op{
	{Name: "make_layout", Args: []ArgKind{Shape, Tuple}, MinArgs: 1, CuTe: "make_layout(S) / make_layout(S, D)", Post: []string{"shape"}},
	{Name: "make_layout_left", Args: []ArgKind{Shape}, CuTe: "make_layout(S, LayoutLeft{})", Post: []string{"shape", "compact"}},
	{Name: "make_layout_right", Args: []ArgKind{Shape}, CuTe: "make_layout(S, LayoutRight{})", Post: []string{"shape"}},
	{Name: "make_ordered_layout", Args: []ArgKind{Shape, Tuple}, CuTe: "make_ordered_layout(S, O)", Post: []string{"shape"}},
	{Name: "make_layout_concat", Args: []ArgKind{Layout, Layout, Layout}, MinArgs: 1, CuTe: "make_layout(A0, A1, ...)", Post: []string{"concat.modes"}},
	{Name: "append", Args: []ArgKind{Layout, Layout}, CuTe: "append(A, B)", Post: []string{"append.modes"}},
	{Name: "prepend", Args: []ArgKind{Layout, Layout}, CuTe: "prepend(A, B)", Post: []string{"prepend.modes"}},
	{Name: "replace", Args: []ArgKind{Layout, Param, Layout}, CuTe: "replace<I>(A, B)", Post: []string{"replace.modes"}},
	{Name: "take", Args: []ArgKind{Layout, Param, Param}, CuTe: "take<B,E>(A)", Post: []string{"take.modes"}},
	{Name: "select", Args: []ArgKind{Layout, Param}, CuTe: "select<I0,I1,...>(A)", Post: []string{"select.modes"}},
	{Name: "group", Args: []ArgKind{Layout, Param, Param}, CuTe: "group<B,E>(A)", Post: []string{"group.flatten"}},
	{Name: "get", Args: []ArgKind{Layout, Param}, CuTe: "layout<I0,...>(A)", Post: []string{"get.mode"}},
	{Name: "flatten", Args: []ArgKind{Layout}, CuTe: "flatten(A)", Post: []string{"depth.flat", "same.function"}},
	{Name: "coalesce", Args: []ArgKind{Layout}, CuTe: "coalesce(A)", Post: []string{"same.size", "depth.flat", "same.function"}},
	{Name: "coalesce_profile", Args: []ArgKind{Layout, Tuple}, CuTe: "coalesce(A, P)", Post: []string{"coalesce.profile", "same.size", "same.function"}},
	{Name: "filter", Args: []ArgKind{Layout}, CuTe: "filter(A)", Post: []string{"same.image"}},
	{Name: "composition", Args: []ArgKind{Layout, Layout}, CuTe: "composition(A, B)", Post: []string{"composition.compatible", "composition.function", "static.twin"}},
	{Name: "composition_tiler", Args: []ArgKind{Layout, Tiler}, CuTe: "composition(A, T)", Post: []string{"composition.compatible", "composition.function", "static.twin"}},
	{Name: "composition_shape", Args: []ArgKind{Layout, Shape}, CuTe: "composition(A, S)", Post: []string{"composition.compatible", "composition.function", "static.twin"}},
	{Name: "complement", Args: []ArgKind{Layout, Shape}, CuTe: "complement(A, M)", Post: []string{"complement.ordered", "complement.disjoint", "complement.cosize", "complement.size", "complement.pre"}},
	{Name: "complement_default", Args: []ArgKind{Layout}, CuTe: "complement(A)", Post: []string{"complement.ordered", "complement.disjoint", "complement.cosize", "complement.size", "complement.pre"}},
	{Name: "logical_divide", Args: []ArgKind{Layout, Layout}, CuTe: "logical_divide(A, B)", Post: []string{"divide.definition", "static.twin"}},
	{Name: "logical_divide_tiler", Args: []ArgKind{Layout, Tiler}, CuTe: "logical_divide(A, T)", Post: []string{"divide.definition", "static.twin"}},
	{Name: "zipped_divide", Args: []ArgKind{Layout, Tiler}, CuTe: "zipped_divide(A, T)", Post: []string{"divide.definition", "static.twin"}},
	{Name: "tiled_divide", Args: []ArgKind{Layout, Tiler}, CuTe: "tiled_divide(A, T)", Post: []string{"divide.definition", "static.twin"}},
	{Name: "flat_divide", Args: []ArgKind{Layout, Tiler}, CuTe: "flat_divide(A, T)", Post: []string{"divide.definition", "static.twin"}},
	{Name: "logical_product", Args: []ArgKind{Layout, Layout}, CuTe: "logical_product(A, B)", Post: []string{"product.definition", "static.twin"}},
	{Name: "logical_product_tiler", Args: []ArgKind{Layout, Tiler}, CuTe: "logical_product(A, T)", Post: []string{"product.definition", "static.twin"}},
	{Name: "zipped_product", Args: []ArgKind{Layout, Tiler}, CuTe: "zipped_product(A, T)", Post: []string{"product.definition", "static.twin"}},
	{Name: "tiled_product", Args: []ArgKind{Layout, Tiler}, CuTe: "tiled_product(A, T)", Post: []string{"product.definition", "static.twin"}},
	{Name: "flat_product", Args: []ArgKind{Layout, Tiler}, CuTe: "flat_product(A, T)", Post: []string{"product.definition", "static.twin"}},
	{Name: "blocked_product", Args: []ArgKind{Layout, Layout}, CuTe: "blocked_product(A, B)", Post: []string{"product.rank", "product.definition", "static.twin"}},
	{Name: "raked_product", Args: []ArgKind{Layout, Layout}, CuTe: "raked_product(A, B)", Post: []string{"product.rank", "product.definition", "static.twin"}},
	{Name: "tile_to_shape", Args: []ArgKind{Layout, Shape, Tuple}, MinArgs: 2, CuTe: "tile_to_shape(A, S[, O])", Post: []string{"tile.size"}},
	{Name: "right_inverse", Args: []ArgKind{Layout}, CuTe: "right_inverse(A)", Post: []string{"right_inverse"}},
	{Name: "left_inverse", Args: []ArgKind{Layout}, CuTe: "left_inverse(A)", Post: []string{"left_inverse"}},
	{Name: "max_common_vector", Args: []ArgKind{Layout, Layout}, CuTe: "max_common_vector(A, B)", Result: ResInt, Post: []string{"common.vector"}},
	{Name: "max_common_layout", Args: []ArgKind{Layout, Layout}, CuTe: "max_common_layout(A, B)", Post: []string{"common.layout"}},
	{Name: "nullspace", Args: []ArgKind{Layout}, CuTe: "nullspace(A)", Post: []string{"nullspace.kernel"}},
	{Name: "upcast", Args: []ArgKind{Layout, Param}, CuTe: "upcast<N>(A)", Post: []string{"cast.function", "static.twin"}},
	{Name: "downcast", Args: []ArgKind{Layout, Param}, CuTe: "downcast<N>(A)", Post: []string{"cast.function"}},
	{Name: "size", Args: []ArgKind{Layout}, CuTe: "size(A)", Result: ResInt},
	{Name: "cosize", Args: []ArgKind{Layout}, CuTe: "cosize(A)", Result: ResInt},
	{Name: "rank", Args: []ArgKind{Layout}, CuTe: "rank(A)", Result: ResInt},
	{Name: "depth", Args: []ArgKind{Layout}, CuTe: "depth(A)", Result: ResInt},
	{Name: "evaluate", Args: []ArgKind{Layout}, CuTe: "A(i) for i = 0 ... size(A)-1", Result: ResText, Post: []string{"evaluate.length"}},
	{Name: "crd2idx", Args: []ArgKind{Tuple, Layout}, CuTe: "crd2idx(c, A)", Result: ResInt},
	{Name: "idx2crd", Args: []ArgKind{Tuple, Shape}, CuTe: "idx2crd(c, S)", Result: ResTuple, Post: []string{"idx2crd.roundtrip"}},
	{Name: "shape_div", Args: []ArgKind{Tuple, Tuple}, CuTe: "shape_div(a, b)", Result: ResTuple, Post: []string{"static.twin"}},
}

var byName = map[string]*Op{}

var postByID = map[string]*PostCond{}

func init() {
	for i := range posts {
		p := &posts[i]
		if _, dup := postByID[p.ID]; dup {
			panic("catalog: duplicate post-condition " + p.ID)
		}
		postByID[p.ID] = p
	}
	for _, op := range ops {
		if _, dup := byName[op.Name]; dup {
			panic("catalog: duplicate op " + op.Name)
		}
		if op.MinArgs == 0 {
			op.MinArgs = len(op.Args)
		}
		for _, id := range op.Post {
			if _, ok := postByID[id]; !ok {
				panic("catalog: op " + op.Name + " names unknown post-condition " + id)
			}
		}
		byName[op.Name] = op
	}
	sort.Slice(ops, func(i, j int) bool { return ops[i].Name < ops[j].Name })
}

// Lookup returns the catalogue entry of an operation.
func Lookup(name string) (*Op, bool) {
	op, ok := byName[name]
	return op, ok
}

// All returns every operation of the catalogue, sorted by name.
func All() []*Op { return append([]*Op(nil), ops...) }

// Post returns the post-condition with the given id.
func Post(id string) (PostCond, bool) {
	p, ok := postByID[id]
	if !ok {
		return PostCond{}, false
	}
	return *p, true
}

// Posts returns every post-condition, in the catalogue's order.
func Posts() []PostCond { return append([]PostCond(nil), posts...) }
