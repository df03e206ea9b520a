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

// MaxParam is the largest magnitude of an integer of a template parameter
// (Param) the symbolic engine reads: a mode index, a range bound or a cast
// factor beyond it is refused before the operation starts.
const MaxParam = 1 << 20

const (
	// Layout is a layout `S:D`.
	Layout ArgKind = iota
	// Tuple is an IntTuple (shape, coordinate, cotarget, profile).
	Tuple
	// Tiler is a tiler: a layout, or a tuple of layouts, integers, `_`.
	Tiler
	// Param is a template parameter written as a plain number or tuple
	// (`2`, `(1,3)`) of integers of magnitude at most MaxParam; its
	// static/dynamic marks are ignored.
	Param
	// Shape is an IntTuple used as a shape or cotarget: every leaf must be
	// positive.
	Shape
	// Coord is a coordinate that may hold CuTe's `_` (slice's
	// `(_,2)`): an integer, `_`, or a tuple of coordinates.
	Coord
	// Swizzle is CuTe's Swizzle<B,M,S>, written as CuTe prints it:
	// `Sw<3,4,3>`.
	Swizzle
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
	case Coord:
		return "coordinate"
	case Swizzle:
		return "swizzle"
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
	// ResPair is a layout and an offset, printed as CuTe prints the tuple
	// (slice_and_offset, local_tile, local_partition): `((_4):(_1),8)`.
	ResPair
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
	case ResPair:
		return "layout and offset"
	}
	return fmt.Sprintf("ResultKind(%d)", uint8(k))
}

// ComposedUse says what an operation does with a ComposedLayout (CuTe's
// `A o O o B`, layout_composed.hpp) as its first argument.
type ComposedUse uint8

const (
	// ComposedNo: the operation takes no composed layout (CuTe has no
	// overload for one, or this engine does not follow it yet).
	ComposedNo ComposedUse = iota
	// ComposedForward: CuTe applies the operation to B and composes the
	// result back, composition(A, O, op(B, ...)).
	ComposedForward
	// ComposedInner: CuTe's answer is the operation applied to B alone
	// (size, cosize, rank, depth, complement, make_fragment_like).
	ComposedInner
	// ComposedOwn: the operation has a rule of its own for composed layouts
	// (evaluation, crd2idx as the layout's operator()(c), slices,
	// max_alignment, nullspace, the casts, the inverses).
	ComposedOwn
)

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
	// Composed says what the operation does with a composed layout as its
	// first argument.
	Composed ComposedUse
	// Ext marks the operations beyond DESIGN section 4's list (issue 19:
	// slices, partitions, the remaining layout functions and swizzles).
	Ext bool
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

// ComposedArg is the position of the argument that may be a composed
// layout: the operation's first layout argument (the second for slice(c,
// A) and crd2idx(c, A)), -1 for none.
func (op *Op) ComposedArg() int {
	for i, k := range op.Args {
		if k == Layout {
			return i
		}
	}
	return -1
}

// Symbolic reports whether the operation has a symbolic version: DESIGN
// section 4 asks one for every operation whose result is a layout or an
// integer, and issue 19 one for a layout and its offset (the slices and
// partitions).
func (op *Op) Symbolic() bool {
	return op.Result == ResLayout || op.Result == ResInt || op.Result == ResPair
}

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
	{"slice.function", "R(j) == A(c_j) - crd2idx(c, A) for every j < size(R), c_j the coordinate c with its _ modes set to the coordinate of j"},
	{"slice.offset", "the offset is crd2idx(c, A), the _ modes of c counting as 0"},
	{"dice.modes", "R keeps the modes of A that c fixes with an integer, in order"},
	{"tile.definition", "local_tile(A, T, c) is slice_and_offset(((_,...),(c,_,...)), zipped_divide(A, T)), local_partition(A, L, i) is slice_and_offset(((L's flat coordinate of i,_,...),(_,...)), zipped_divide(A, product_each(shape(L))))"},
	{"like.compact", "shape(R) == shape(A) and R is compact with the mode order of A's strides, static _0 strides kept"},
	{"filter_zeros.shape", "stride(R) == stride(A), and shape(R) is shape(A) with _1 where the profile (the stride by default) holds a static _0"},
	{"coshape.size", "size(coshape(A)) == cosize(A)"},
	{"unflatten.congruent", "R is congruent with the target profile and flatten(R) == A"},
	{"zip.modes", "the i-th mode of R holds the i-th sub-mode of every mode of A"},
	{"distribute.ordered", "R is ordered and its size divides size(B)"},
	{"alignment.upcast", "upcast<R>(A) compiles: R divides every static shape and stride of A's coalesced modes as upcast requires"},
	{"identity.function", "R(c) == c for every coordinate c of the shape"},
	{"swizzle.function", "Sw<B,M,S>(x) == x ^ ((x & Y) >> S) with Y the B bits above M+max(0,S)"},
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

	// Issue 19: the rest of CuTe's layout algebra.
	{Name: "slice", Args: []ArgKind{Coord, Layout}, CuTe: "slice(c, A)", Post: []string{"slice.function"}, Ext: true},
	{Name: "dice", Args: []ArgKind{Coord, Layout}, CuTe: "dice(c, A)", Post: []string{"dice.modes"}, Ext: true},
	{Name: "slice_and_offset", Args: []ArgKind{Coord, Layout}, CuTe: "slice_and_offset(c, A)", Result: ResPair, Post: []string{"slice.function", "slice.offset"}, Ext: true},
	{Name: "local_tile", Args: []ArgKind{Layout, Tiler, Coord}, CuTe: "local_tile(make_tensor(p, A), T, c): its layout and offset", Result: ResPair, Post: []string{"tile.definition"}, Ext: true},
	{Name: "local_partition", Args: []ArgKind{Layout, Layout, Tuple}, CuTe: "local_partition(make_tensor(p, A), L, i): its layout and offset", Result: ResPair, Post: []string{"tile.definition"}, Ext: true},
	{Name: "recast_layout", Args: []ArgKind{Layout, Param, Param}, CuTe: "recast_layout<uint_bit_t<Old>, uint_bit_t<New>>(A)", Post: []string{"cast.function"}, Composed: ComposedOwn, Ext: true},
	{Name: "make_layout_like", Args: []ArgKind{Layout}, CuTe: "make_layout_like(A)", Post: []string{"like.compact"}, Ext: true},
	{Name: "make_fragment_like", Args: []ArgKind{Layout}, CuTe: "make_fragment_like(A)", Post: []string{"shape"}, Composed: ComposedInner, Ext: true},
	{Name: "filter_zeros", Args: []ArgKind{Layout, Tuple}, MinArgs: 1, CuTe: "filter_zeros(A[, P])", Post: []string{"filter_zeros.shape"}, Ext: true},
	{Name: "coshape", Args: []ArgKind{Layout}, CuTe: "coshape(A)", Result: ResTuple, Post: []string{"coshape.size"}, Ext: true},
	{Name: "coprofile", Args: []ArgKind{Layout}, CuTe: "coprofile(A)", Result: ResTuple, Ext: true},
	{Name: "zip", Args: []ArgKind{Layout, Layout}, MinArgs: 1, CuTe: "zip(A[, B])", Post: []string{"zip.modes"}, Composed: ComposedForward, Ext: true},
	{Name: "unflatten", Args: []ArgKind{Layout, Tuple}, CuTe: "unflatten(A, P)", Post: []string{"unflatten.congruent"}, Ext: true},
	{Name: "tile_unzip", Args: []ArgKind{Layout, Tiler}, CuTe: "tile_unzip(A, T)", Composed: ComposedForward, Ext: true},
	{Name: "domain_distribute", Args: []ArgKind{Shape, Shape}, CuTe: "domain_distribute(A, B)", Post: []string{"distribute.ordered"}, Ext: true},
	{Name: "max_alignment", Args: []ArgKind{Layout}, CuTe: "max_alignment(A)", Result: ResInt, Post: []string{"alignment.upcast"}, Composed: ComposedOwn, Ext: true},
	{Name: "ceil_div_layout", Args: []ArgKind{Shape, Layout}, CuTe: "ceil_div(S, T) with T a layout", Result: ResTuple, Ext: true},
	{Name: "make_identity_layout", Args: []ArgKind{Shape}, CuTe: "make_identity_layout(S)", Post: []string{"identity.function"}, Ext: true},
	{Name: "swizzle", Args: []ArgKind{Swizzle, Tuple}, CuTe: "Swizzle<B,M,S>{}(x)", Result: ResInt, Post: []string{"swizzle.function"}, Ext: true},
	{Name: "composition_swizzle", Args: []ArgKind{Swizzle, Layout}, CuTe: "composition(Swizzle<B,M,S>{}, A)", Post: []string{"composition.function"}, Ext: true},
}

// composedUse is what the operations of DESIGN section 4 do with a composed
// first argument (layout_composed.hpp, swizzle_layout.hpp).
var composedUse = map[string]ComposedUse{
	"composition": ComposedForward, "composition_tiler": ComposedForward, "composition_shape": ComposedForward,
	"logical_divide": ComposedForward, "logical_divide_tiler": ComposedForward, "zipped_divide": ComposedForward,
	"tiled_divide": ComposedForward, "flat_divide": ComposedForward,
	"logical_product": ComposedForward, "logical_product_tiler": ComposedForward, "zipped_product": ComposedForward,
	"tiled_product": ComposedForward, "flat_product": ComposedForward, "blocked_product": ComposedForward,
	"raked_product": ComposedForward, "tile_to_shape": ComposedForward, "coalesce": ComposedForward,
	"coalesce_profile": ComposedForward, "flatten": ComposedForward, "take": ComposedForward,
	"group": ComposedForward, "get": ComposedForward,
	"size": ComposedInner, "cosize": ComposedInner, "rank": ComposedInner, "depth": ComposedInner, "complement": ComposedInner,
	"evaluate": ComposedOwn, "crd2idx": ComposedOwn, "nullspace": ComposedOwn, "slice": ComposedOwn, "slice_and_offset": ComposedOwn,
	"upcast": ComposedOwn, "downcast": ComposedOwn, "right_inverse": ComposedOwn, "left_inverse": ComposedOwn,
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
		if u, ok := composedUse[op.Name]; ok {
			op.Composed = u
		}
		byName[op.Name] = op
	}
	for name := range composedUse {
		if _, ok := byName[name]; !ok {
			panic("catalog: composedUse names unknown op " + name)
		}
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
