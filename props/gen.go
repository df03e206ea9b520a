package props

import (
	"fmt"
	"hash/fnv"
	"maps"
	"slices"
	"strings"

	"pgregory.net/rapid"

	"github.com/cutealg/cutealg/concrete"
	"github.com/cutealg/cutealg/internal/catalog"
	"github.com/cutealg/cutealg/internal/tuple"
)

// Flavor says which integers of a generated case are static (CuTe's
// compile-time integers, printed `_4`) and which dynamic (run-time ints,
// printed `4`): all of them, none of them, or a mix. Template parameters
// (take<B,E>, upcast<N>, ...) are plain numbers in every flavor.
type Flavor uint8

const (
	// Static: every integer is static.
	Static Flavor = iota
	// Dynamic: every integer is dynamic (except a broadcast stride `_0`,
	// which CuTe needs static; the dynamic flavor draws none).
	Dynamic
	// Mixed: the marks are drawn per leaf, or static shapes with dynamic
	// strides, or the reverse.
	Mixed
)

var flavorNames = [...]string{Static: "static", Dynamic: "dynamic", Mixed: "mixed"}

// String returns "static", "dynamic" or "mixed", the names of the vectors'
// flavor field.
func (f Flavor) String() string {
	if int(f) < len(flavorNames) {
		return flavorNames[f]
	}
	return fmt.Sprintf("Flavor(%d)", uint8(f))
}

// ParseFlavor reads a flavor's name.
func ParseFlavor(s string) (Flavor, error) {
	for f, n := range flavorNames {
		if n == s {
			return Flavor(f), nil
		}
	}
	return 0, fmt.Errorf("unknown flavor %q (want static, dynamic or mixed)", s)
}

// Flavors lists the three flavors.
func Flavors() []Flavor { return []Flavor{Static, Dynamic, Mixed} }

// Case is one generated call of a catalogue operation, its arguments in
// CuTe's print syntax (internal/catalog and the vectors' README give each
// operation's argument forms).
type Case struct {
	Op   string
	Args []string
	// Flavor is the flavor the case was drawn in.
	Flavor Flavor
	// Admissible reports whether the case was built to meet the
	// operation's documented preconditions (composable, complementable,
	// divisible, in range); false: it was built to break one, so that a
	// strict implementation must refuse it. Admissible is about the
	// mathematics: CuTe may still refuse an admissible case for reasons of
	// static-ness (complement with dynamic strides at rank > 1, left_inverse
	// with dynamic strides), as the vectors record.
	Admissible bool
}

// Call prints the case as a call expression: `composition(8:2, 4:1)`.
func (c Case) Call() string { return c.Op + "(" + strings.Join(c.Args, ", ") + ")" }

// Ops lists the operations Cases can draw: every operation of the
// catalogue (DESIGN section 4's and issue 19's, catalog.Op.Ext, whose
// builders are in gen_ext.go), sorted by name.
func Ops() []string {
	var names []string
	for _, op := range catalog.All() {
		names = append(names, op.Name)
	}
	return names
}

// Cases returns a generator of calls of the named operations (drawn
// uniformly; every name must be in Ops, else Cases panics: a programming
// error), with integers of the given flavor, built to be admissible or
// inadmissible. The construction is direct, never a filter: composable
// pairs take the right-hand side from a refinement of the left-hand
// side's shape, complements an injective layout (strides chained through
// the extents with gaps) and a cotarget, divisors a refinement without
// broadcast modes, products a left operand compact in each mode, tilers
// one such piece per mode. An inadmissible case breaks one precondition
// on purpose (a stride or extent that does not divide, a non-injective
// layout, an index out of range, a coordinate of the wrong rank, a layout
// whose shape and stride are not congruent); where an operation has no
// precondition to break but the form of its arguments, the case is a
// malformed layout, and where not even that (make_layout_left of a
// shape), the case is admissible whatever was asked. Sizes stay at most
// 256 and strides small, so that every value fits CuTe's int.
func Cases(ops []string, flavor Flavor, admissible bool) *rapid.Generator[Case] {
	for _, op := range ops {
		if _, ok := builders[op]; !ok {
			panic("props.Cases: no generator for operation " + op)
		}
	}
	ops = slices.Clone(ops)
	return rapid.Custom(func(t *rapid.T) Case {
		op := rapid.SampledFrom(ops).Draw(t, "op")
		g := &caseGen{t: t, f: flavor}
		b := builders[op]
		if !admissible {
			if args := b.bad(g); args != nil {
				return Case{Op: op, Args: args, Flavor: flavor}
			}
		}
		return Case{Op: op, Args: b.good(g), Flavor: flavor, Admissible: true}
	})
}

// CaseAt is case i of the deterministic stream of a seed that cute diff,
// cute vectors and gpuval draw: the operations in turn, then the flavors,
// one round in four inadmissible, each case drawn by Cases with
// Generator.Example from a seed hashed from (seed, i). It depends on
// nothing else, so a case can be drawn again alone.
func CaseAt(seed uint64, i int, ops []string, flavors []Flavor) Case {
	op := ops[i%len(ops)]
	f := flavors[(i/len(ops))%len(flavors)]
	adm := (i/(len(ops)*len(flavors)))%4 != 3
	h := fnv.New64a()
	fmt.Fprintf(h, "%d/%d", seed, i)
	return Cases([]string{op}, f, adm).Example(int(h.Sum64() >> 1))
}

// caseGen draws the pieces of one case.
type caseGen struct {
	t *rapid.T
	f Flavor
}

// builder makes the arguments of one operation: good an admissible case,
// bad an inadmissible one (nil: none exists for this draw).
type builder struct {
	good func(g *caseGen) []string
	bad  func(g *caseGen) []string
}

func (g *caseGen) draw(lo, hi int, label string) int { return rapid.IntRange(lo, hi).Draw(g.t, label) }

func (g *caseGen) coin(label string) bool { return rapid.Bool().Draw(g.t, label) }

// mark draws one static mark for the flavor.
func (g *caseGen) mark(label string) bool {
	switch g.f {
	case Static:
		return true
	case Dynamic:
		return false
	}
	return g.coin(label + ".mark")
}

func (g *caseGen) int(v int64, label string) concrete.Int {
	return concrete.Int{V: v, Static: g.mark(label)}
}

// layout draws a layout of the given stride kind, at most maxLeaves leaves
// and size budget.
func (g *caseGen) layout(maxLeaves int, budget int64, k strideKind) concrete.Layout {
	return drawLayout(g.t, maxLeaves, budget, true, k, g.f)
}

// sized draws a layout with no extent 1 (size above 1).
func (g *caseGen) sized(maxLeaves int, budget int64, k strideKind) concrete.Layout {
	return drawLayout(g.t, maxLeaves, budget, false, k, g.f)
}

// shape draws a shape of 1 to maxLeaves leaves within budget.
func (g *caseGen) shape(maxLeaves int, budget int64) concrete.IntTuple {
	return g.layout(maxLeaves, budget, bijectiveStrides).Shape
}

// perMode draws a layout whose every top-level mode is compact on its own
// (a bijection of [0, size(mode))): the left operand of a mode-wise
// product, whose complements are then a single mode.
func (g *caseGen) perMode(maxRank int) concrete.Layout {
	r := g.draw(1, maxRank, "rank")
	var ss, ds []concrete.IntTuple
	for range r {
		m := g.sized(2, 8, bijectiveStrides)
		ss, ds = append(ss, m.Shape), append(ds, m.Stride)
	}
	return concrete.Layout{Shape: tuple.Of(ss...), Stride: tuple.Of(ds...)}
}

// nonInjective draws a layout with two modes of extent >= 2 and one
// stride: not injective, so not complementable (nor a divisor, nor the
// left operand of a product).
func (g *caseGen) nonInjective() concrete.Layout {
	e0, e1 := int64(g.draw(2, 4, "e0")), int64(g.draw(2, 4, "e1"))
	d := int64(g.draw(1, 4, "d"))
	return concrete.Layout{
		Shape:  tuple.Of(tuple.Leaf(g.int(e0, "s0")), tuple.Leaf(g.int(e1, "s1"))),
		Stride: tuple.Of(tuple.Leaf(g.int(d, "d0")), tuple.Leaf(g.int(d, "d1"))),
	}
}

// malformed draws a layout whose shape and stride are not congruent.
func (g *caseGen) malformed() string {
	a := g.layout(3, 64, anyStrides)
	st := tuple.Leaf(g.int(1, "bad"))
	if a.Stride.IsLeaf() {
		st = tuple.Of(st, st)
	}
	return concrete.Layout{Shape: a.Shape, Stride: st}.String()
}

// undivisible draws a layout A whose first leaf has an extent e >= 3 and
// stride 1, followed by modes with a gap (so that CuTe's coalesce does not
// merge them), and an extent n in 2..e-1 that does not divide e:
// an extent n in e+1..2e-1: n:1 runs past the first mode at a point that
// is not a multiple of e, breaking composition's shape divisibility.
func (g *caseGen) undivisible() (concrete.Layout, int64) {
	e := rapid.SampledFrom([]int64{2, 3, 4, 6, 8}).Draw(g.t, "e")
	n := int64(g.draw(int(e)+1, int(2*e)-1, "n"))
	rest := g.sized(2, 16, bijectiveStrides)
	sh := tuple.Of(tuple.Leaf(g.int(e, "e")), rest.Shape)
	st := tuple.Of(tuple.Leaf(g.int(1, "e1")), tuple.Map(rest.Stride, func(x concrete.Int) concrete.Int { return concrete.Int{V: x.V * 2 * e, Static: x.Static} }))
	return concrete.Layout{Shape: sh, Stride: st}, n
}

// badRHS is n:1 for the n of undivisible.
func (g *caseGen) badRHS(n int64) concrete.Layout {
	return concrete.Layout{Shape: tuple.Leaf(g.int(n, "n")), Stride: tuple.Leaf(g.int(1, "one"))}
}

// rhs draws the right operand of a product: no extent 1 and no stride 0
// (CuTe divides by a dynamic 0).
func (g *caseGen) rhs(maxLeaves int, budget int64) concrete.Layout {
	return g.sized(maxLeaves, budget, injectiveStrides)
}

// mode returns mode i of a layout (a leaf layout is its own mode 0).
func mode(l concrete.Layout, i int) concrete.Layout {
	if l.Shape.IsLeaf() {
		return l
	}
	return l.Mode(i)
}

func rank(l concrete.Layout) int {
	if l.Shape.IsLeaf() {
		return 1
	}
	return l.Shape.Rank()
}

func size(t concrete.IntTuple) int64 {
	n := int64(1)
	for _, x := range t.Leaves(nil) {
		n *= x.V
	}
	return n
}

func cosize(l concrete.Layout) int64 {
	c := int64(1)
	ss, ds := l.Shape.Leaves(nil), l.Stride.Leaves(nil)
	for i := range ss {
		d := ds[i].V
		if d < 0 {
			d = -d
		}
		c += (ss[i].V - 1) * d
	}
	return c
}

func param(v int) string { return fmt.Sprint(v) }

func params(vs []int) string {
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = fmt.Sprint(v)
	}
	return "(" + strings.Join(s, ",") + ")"
}

func tilerText(ts []concrete.Tiler) string { return concrete.FormatTiler(tuple.Of(ts...)) }

func layoutTile(l concrete.Layout) concrete.Tiler { return concrete.LayoutTiler(l) }

func intTile(v concrete.Int) concrete.Tiler {
	return tuple.Leaf(concrete.TilerLeaf{Kind: concrete.TileInt, Int: v})
}

func keepTile() concrete.Tiler { return tuple.Leaf(concrete.TilerLeaf{Kind: concrete.TileKeep}) }

// divisorTiler draws a tiler for A, one admissible divisor (or, with
// keep, `_`) per mode for the first 1..rank(A) modes; A has no extent 1.
func (g *caseGen) divisorTiler(a concrete.Layout, keep bool) string {
	return g.modeTiler(a, keep, true)
}

// composeTiler draws a tiler for composition: per mode an admissible
// right-hand side, the first extent of the mode, or `_`.
func (g *caseGen) composeTiler(a concrete.Layout) string { return g.modeTiler(a, true, false) }

// modeTiler draws a tiler of 1..rank(A) elements: per mode the first
// extent of the mode, `_` (with keep; otherwise a layout is drawn
// instead), or a layout drawn admissible for the mode (drawAdmissible's
// divisor flag).
func (g *caseGen) modeTiler(a concrete.Layout, keep, divisor bool) string {
	r := g.draw(1, rank(a), "tiler.rank")
	ts := make([]concrete.Tiler, r)
	for i := range ts {
		m := mode(a, i)
		switch g.draw(0, 4, fmt.Sprintf("tile%d", i)) {
		case 0:
			ts[i] = intTile(g.int(m.Shape.Leaves(nil)[0].V, "n"))
		case 1:
			if keep {
				ts[i] = keepTile()
				continue
			}
			fallthrough
		default:
			ts[i] = layoutTile(drawAdmissible(g.t, fmt.Sprintf("T%d", i), m, divisor, g.f))
		}
	}
	return tilerText(ts)
}

// productTiler draws a tuple tiler of 1..rank(A) layouts.
func (g *caseGen) productTiler(a concrete.Layout) string {
	r := g.draw(1, rank(a), "tiler.rank")
	ts := make([]concrete.Tiler, r)
	for i := range ts {
		ts[i] = layoutTile(g.rhs(2, 6))
	}
	return tilerText(ts)
}

// oneLayout is the builder of an operation of one layout with no
// precondition: any layout, or a malformed one.
func oneLayout(budget int64, k strideKind) builder {
	return builder{
		good: func(g *caseGen) []string { return []string{g.layout(4, budget, k).String()} },
		bad:  func(g *caseGen) []string { return []string{g.malformed()} },
	}
}

// twoLayouts is the builder of an operation of two layouts with no
// precondition.
func twoLayouts() builder {
	return builder{
		good: func(g *caseGen) []string {
			return []string{g.layout(4, 64, anyStrides).String(), g.layout(3, 64, anyStrides).String()}
		},
		bad: func(g *caseGen) []string { return []string{g.malformed(), g.layout(3, 64, anyStrides).String()} },
	}
}

// common is the builder of max_common_vector and max_common_layout: B is
// A with its marks drawn again, or A is compact in a permuted order and B
// the compact column-major layout of A's shape (CuTe composes A with
// right_inverse(B), which must then be admissible).
func common() builder {
	return builder{
		good: func(g *caseGen) []string {
			if g.coin("same") {
				a := g.layout(4, 64, anyStrides)
				b := drawLayoutLike(g, a, a.Stride)
				return []string{a.String(), b.String()}
			}
			a := g.layout(4, 64, bijectiveStrides)
			p := int64(1)
			col := tuple.Map(a.Shape, func(x concrete.Int) concrete.Int { d := p; p *= x.V; return concrete.D(d) })
			return []string{a.String(), drawLayoutLike(g, a, col).String()}
		},
		bad: func(g *caseGen) []string { return []string{g.malformed(), g.layout(3, 64, anyStrides).String()} },
	}
}

// drawLayoutLike returns the layout of a's shape and the given strides,
// every mark drawn again for the flavor.
func drawLayoutLike(g *caseGen, a concrete.Layout, stride concrete.IntTuple) concrete.Layout {
	remark := func(x concrete.Int) concrete.Int { return g.int(x.V, "remark") }
	return concrete.Layout{Shape: tuple.Map(a.Shape, remark), Stride: tuple.Map(stride, remark)}
}

// oneMode returns the rank-1 layout whose only mode is l.
func oneMode(l concrete.Layout) concrete.Layout {
	return concrete.Layout{Shape: tuple.Of(l.Shape), Stride: tuple.Of(l.Stride)}
}

// tupled returns l with a bare integer shape wrapped in a 1-tuple: CuTe's
// blocked and raked products, and tiler products, need tuple operands.
func tupled(l concrete.Layout) concrete.Layout {
	if !l.Shape.IsLeaf() {
		return l
	}
	return concrete.Layout{Shape: tuple.Of(l.Shape), Stride: tuple.Of(l.Stride)}
}

// divide is the builder of logical_divide and the divides that take a
// layout or a tiler (tiler: 0 a layout only, 1 a layout or a tuple, 2 a
// tuple only; keep allows `_`).
func divide(tiler int, keep bool) builder {
	return builder{
		good: func(g *caseGen) []string {
			a := g.sized(4, 256, anyStrides)
			if tiler == 2 || tiler == 1 && g.coin("tuple") {
				return []string{a.String(), g.divisorTiler(a, keep)}
			}
			return []string{a.String(), drawAdmissible(g.t, "B", a, true, g.f).String()}
		},
		bad: func(g *caseGen) []string {
			if g.coin("noninjective") {
				a := g.sized(3, 256, bijectiveStrides)
				b := g.nonInjective()
				if tiler == 2 {
					return []string{a.String(), tilerText([]concrete.Tiler{layoutTile(b)})}
				}
				return []string{a.String(), b.String()}
			}
			a, n := g.undivisible()
			b := g.badRHS(n)
			if tiler == 2 {
				return []string{oneMode(a).String(), tilerText([]concrete.Tiler{layoutTile(b)})}
			}
			return []string{a.String(), b.String()}
		},
	}
}

// product is the builder of the products (tiler as for divide).
func product(tiler int) builder {
	return builder{
		good: func(g *caseGen) []string {
			if tiler == 2 || tiler == 1 && g.coin("tuple") {
				a := g.perMode(3)
				return []string{a.String(), g.productTiler(a)}
			}
			return []string{g.sized(3, 16, bijectiveStrides).String(), g.rhs(3, 12).String()}
		},
		bad: func(g *caseGen) []string {
			a, b := g.nonInjective(), g.rhs(2, 6)
			if tiler == 2 {
				a = oneMode(a)
				return []string{a.String(), tilerText([]concrete.Tiler{layoutTile(b)})}
			}
			return []string{a.String(), b.String()}
		},
	}
}

// modeProduct is the builder of blocked_product and raked_product.
func modeProduct() builder {
	return builder{
		good: func(g *caseGen) []string {
			return []string{tupled(g.sized(3, 16, bijectiveStrides)).String(), tupled(g.rhs(3, 12)).String()}
		},
		bad: func(g *caseGen) []string { return []string{g.nonInjective().String(), tupled(g.rhs(2, 6)).String()} },
	}
}

// builders holds the builder of every catalogue operation (a test checks
// that none is missing).
var builders map[string]builder

func init() {
	builders = map[string]builder{
		"make_layout": {
			good: func(g *caseGen) []string {
				s := g.shape(4, 256)
				if g.coin("stride") {
					return []string{concrete.FormatTuple(s)}
				}
				d := tuple.Map(s, func(concrete.Int) concrete.Int { return g.int(int64(g.draw(0, 16, "d")), "d") })
				return []string{concrete.FormatTuple(s), concrete.FormatTuple(d)}
			},
			bad: func(g *caseGen) []string {
				s := g.shape(4, 256)
				d := tuple.Of(tuple.Leaf(g.int(1, "d")))
				if !s.IsLeaf() && s.Rank() == 1 {
					d = tuple.Of(d, d)
				}
				return []string{concrete.FormatTuple(s), concrete.FormatTuple(d)}
			},
		},
		"make_layout_left":  {good: func(g *caseGen) []string { return []string{concrete.FormatTuple(g.shape(4, 256))} }, bad: func(*caseGen) []string { return nil }},
		"make_layout_right": {good: func(g *caseGen) []string { return []string{concrete.FormatTuple(g.shape(4, 256))} }, bad: func(*caseGen) []string { return nil }},
		"make_ordered_layout": {
			good: func(g *caseGen) []string {
				s := g.shape(4, 256)
				perm := rapid.Permutation(concIota(s.NumLeaves())).Draw(g.t, "order")
				k := 0
				o := tuple.Map(s, func(concrete.Int) concrete.Int { k++; return concrete.D(int64(perm[k-1])) })
				return []string{concrete.FormatTuple(s), concrete.FormatTuple(o)}
			},
			bad: func(g *caseGen) []string {
				s := g.shape(3, 64)
				n := 2
				if !s.IsLeaf() {
					n = s.Rank() + 1
				}
				return []string{concrete.FormatTuple(s), params(concIota(n))}
			},
		},
		"make_layout_concat": {
			good: func(g *caseGen) []string {
				args := make([]string, g.draw(1, 3, "n"))
				for i := range args {
					args[i] = g.layout(3, 16, anyStrides).String()
				}
				return args
			},
			bad: func(g *caseGen) []string { return []string{g.layout(3, 16, anyStrides).String(), g.malformed()} },
		},
		"append":  twoLayouts(),
		"prepend": twoLayouts(),
		"replace": {
			good: func(g *caseGen) []string {
				a := g.layout(4, 64, anyStrides)
				return []string{a.String(), param(g.draw(0, rank(a)-1, "i")), g.layout(2, 16, anyStrides).String()}
			},
			bad: func(g *caseGen) []string {
				a := g.layout(4, 64, anyStrides)
				return []string{a.String(), param(rank(a)), g.layout(2, 16, anyStrides).String()}
			},
		},
		"take":  modeRange,
		"group": modeRange,
		"select": {
			good: func(g *caseGen) []string {
				a := g.layout(4, 64, anyStrides)
				idx := make([]int, g.draw(1, 3, "n"))
				for i := range idx {
					idx[i] = g.draw(0, rank(a)-1, "i")
				}
				return []string{a.String(), params(idx)}
			},
			bad: func(g *caseGen) []string {
				a := g.layout(4, 64, anyStrides)
				return []string{a.String(), params([]int{rank(a)})}
			},
		},
		"get": {
			good: func(g *caseGen) []string {
				a := g.layout(4, 64, anyStrides)
				i := g.draw(0, rank(a)-1, "i")
				path := []int{i}
				if m := mode(a, i); !m.Shape.IsLeaf() && g.coin("deeper") {
					path = append(path, g.draw(0, m.Shape.Rank()-1, "j"))
				}
				return []string{a.String(), params(path)}
			},
			bad: func(g *caseGen) []string {
				a := g.layout(4, 64, anyStrides)
				return []string{a.String(), params([]int{rank(a)})}
			},
		},
		"flatten":           oneLayout(256, anyStrides),
		"coalesce":          oneLayout(256, anyStrides),
		"filter":            oneLayout(256, anyStrides),
		"size":              oneLayout(256, anyStrides),
		"cosize":            oneLayout(256, anyStrides),
		"rank":              oneLayout(256, anyStrides),
		"depth":             oneLayout(256, anyStrides),
		"evaluate":          oneLayout(64, anyStrides),
		"right_inverse":     oneLayout(256, anyStrides),
		"nullspace":         oneLayout(256, anyStrides),
		"max_common_vector": common(),
		"max_common_layout": common(),
		"logical_divide":    divide(0, false),
		"zipped_divide":     divide(1, false),
		"tiled_divide":      divide(1, false),
		"flat_divide":       divide(1, false),
		"logical_product":   product(0),
		"zipped_product":    product(1),
		"tiled_product":     product(1),
		"flat_product":      product(1),
		"blocked_product":   modeProduct(),
		"raked_product":     modeProduct(),
		"logical_divide_tiler": {
			good: func(g *caseGen) []string {
				a := g.sized(4, 256, anyStrides)
				return []string{a.String(), g.divisorTiler(a, true)}
			},
			bad: divide(2, false).bad,
		},
		"logical_product_tiler": product(2),
		"coalesce_profile": {
			good: func(g *caseGen) []string {
				a := g.layout(4, 256, anyStrides)
				var p []string
				for i := range g.draw(1, rank(a), "prank") {
					if m := mode(a, i); !m.Shape.IsLeaf() && g.coin("nest") {
						p = append(p, "("+strings.Repeat("1,", m.Shape.Rank()-1)+"1)")
					} else {
						p = append(p, "1")
					}
				}
				return []string{a.String(), "(" + strings.Join(p, ",") + ")"}
			},
			bad: func(g *caseGen) []string { return []string{g.malformed(), "(1)"} },
		},
		"composition": {
			good: func(g *caseGen) []string {
				a := g.layout(5, 256, anyStrides)
				return []string{a.String(), drawAdmissible(g.t, "B", a, false, g.f).String()}
			},
			bad: func(g *caseGen) []string {
				a, n := g.undivisible()
				return []string{a.String(), g.badRHS(n).String()}
			},
		},
		"composition_tiler": {
			good: func(g *caseGen) []string {
				a := g.layout(5, 256, anyStrides)
				return []string{a.String(), g.composeTiler(a)}
			},
			bad: func(g *caseGen) []string {
				a, n := g.undivisible()
				return []string{oneMode(a).String(), tilerText([]concrete.Tiler{layoutTile(g.badRHS(n))})}
			},
		},
		"composition_shape": {
			good: func(g *caseGen) []string {
				a := g.layout(5, 256, anyStrides)
				r := g.draw(1, rank(a), "srank")
				s := make([]concrete.IntTuple, r)
				for i := range s {
					ls := leaves(mode(a, i).Shape)
					k := g.draw(1, len(ls), "prefix")
					s[i] = tuple.Leaf(g.int(size(tupleOfLeaves(ls[:k])), "n"))
				}
				return []string{a.String(), concrete.FormatTuple(tuple.Of(s...))}
			},
			bad: func(g *caseGen) []string {
				a, n := g.undivisible()
				return []string{oneMode(a).String(), concrete.FormatTuple(tuple.Of(tuple.Leaf(g.int(n, "n"))))}
			},
		},
		"complement": {
			good: func(g *caseGen) []string {
				leaves := 4
				if g.f == Dynamic && g.coin("rank1") {
					leaves = 1
				}
				a := drawLayout(g.t, leaves, 64, true, injectiveStrides, g.f)
				c := cosize(a)
				var m concrete.IntTuple
				switch g.draw(0, 2, "cotarget") {
				case 0:
					m = tuple.Leaf(g.int(c*int64(g.draw(1, 4, "k")), "m"))
				case 1:
					m = tuple.Leaf(g.int(int64(g.draw(1, 2*int(min(c, 64)), "m")), "m"))
				default:
					m = tuple.Leaf(g.int(size(a.Shape), "m"))
				}
				return []string{a.String(), concrete.FormatTuple(m)}
			},
			bad: func(g *caseGen) []string {
				a := g.nonInjective()
				return []string{a.String(), concrete.FormatTuple(tuple.Leaf(g.int(4*cosize(a), "m")))}
			},
		},
		"complement_default": {
			good: func(g *caseGen) []string {
				return []string{drawLayout(g.t, 4, 64, true, injectiveStrides, g.f).String()}
			},
			bad: func(g *caseGen) []string { return []string{g.nonInjective().String()} },
		},
		"left_inverse": {
			good: func(g *caseGen) []string {
				return []string{drawLayout(g.t, 4, 64, true, injectiveStrides, g.f).String()}
			},
			bad: func(g *caseGen) []string { return []string{g.malformed()} },
		},
		"tile_to_shape": {
			good: func(g *caseGen) []string {
				a := tupled(g.sized(3, 16, bijectiveStrides))
				r := rank(a) + g.draw(0, 1, "extra")
				s := make([]concrete.IntTuple, r)
				for i := range s {
					// a static target mode over a dynamic block mode does not
					// compile in CuTe
					n, static := int64(1), g.mark("s")
					if i < rank(a) {
						n = size(mode(a, i).Shape)
						for _, x := range leaves(mode(a, i).Shape) {
							static = static && x.Static
						}
					}
					s[i] = tuple.Leaf(concrete.Int{V: n * int64(g.draw(1, 3, "k")), Static: static})
				}
				args := []string{a.String(), concrete.FormatTuple(tuple.Of(s...))}
				if g.coin("order") {
					args = append(args, params(rapid.Permutation(concIota(r)).Draw(g.t, "O")))
				}
				return args
			},
			bad: func(g *caseGen) []string {
				a := g.sized(3, 16, bijectiveStrides)
				s := []concrete.IntTuple{tuple.Leaf(g.int(size(mode(a, 0).Shape)+1, "s"))}
				for i := 1; i < rank(a); i++ {
					s = append(s, tuple.Leaf(g.int(size(mode(a, i).Shape), "s")))
				}
				return []string{a.String(), concrete.FormatTuple(tuple.Of(s...))}
			},
		},
		"upcast": {
			good: func(g *caseGen) []string {
				n := rapid.SampledFrom([]int64{1, 2, 4}).Draw(g.t, "N")
				a := g.layout(3, 16, bijectiveStrides)
				scaled := tuple.Map(a.Stride, func(x concrete.Int) concrete.Int { return concrete.Int{V: x.V * n, Static: x.Static} })
				return []string{concrete.Layout{Shape: a.Shape, Stride: scaled}.String(), param(int(n))}
			},
			bad: func(g *caseGen) []string {
				s := tuple.Of(tuple.Leaf(g.int(3, "e")), tuple.Leaf(g.int(int64(g.draw(2, 4, "e1")), "e1")))
				d := tuple.Of(tuple.Leaf(g.int(1, "d0")), tuple.Leaf(g.int(3, "d1")))
				return []string{concrete.Layout{Shape: s, Stride: d}.String(), param(2)}
			},
		},
		"downcast": {
			good: func(g *caseGen) []string {
				a := g.sized(3, 64, bijectiveStrides)
				if g.f != Dynamic {
					// CuTe finds the unit-stride mode at compile time
					a.Stride = tuple.Map(a.Stride, func(x concrete.Int) concrete.Int { return concrete.Int{V: x.V, Static: x.Static || x.V == 1} })
				}
				return []string{a.String(), param(rapid.SampledFrom([]int{2, 4}).Draw(g.t, "N"))}
			},
			bad: func(g *caseGen) []string {
				a := g.sized(3, 16, bijectiveStrides)
				scaled := tuple.Map(a.Stride, func(x concrete.Int) concrete.Int { return concrete.Int{V: x.V * 2, Static: x.Static} })
				return []string{concrete.Layout{Shape: a.Shape, Stride: scaled}.String(), param(rapid.SampledFrom([]int{2, 4}).Draw(g.t, "N"))}
			},
		},
		"crd2idx": {
			good: func(g *caseGen) []string {
				a := g.layout(4, 256, anyStrides)
				var c concrete.IntTuple
				switch g.draw(0, 2, "crd") {
				case 0:
					c = tuple.Leaf(g.int(int64(g.draw(0, int(size(a.Shape))-1, "i")), "c"))
				case 1:
					c = tuple.Map(a.Shape, func(x concrete.Int) concrete.Int { return g.int(int64(g.draw(0, int(x.V)-1, "c")), "c") })
				default:
					if a.Shape.IsLeaf() {
						c = tuple.Leaf(g.int(int64(g.draw(0, int(a.Shape.Value().V)-1, "c")), "c"))
						break
					}
					ks := make([]concrete.IntTuple, a.Shape.Rank())
					for i, k := range a.Shape.Kids() {
						ks[i] = tuple.Leaf(g.int(int64(g.draw(0, int(size(k))-1, "c")), "c"))
					}
					c = tuple.Of(ks...)
				}
				return []string{concrete.FormatTuple(c), a.String()}
			},
			bad: func(g *caseGen) []string {
				a := g.layout(4, 256, anyStrides)
				ks := make([]concrete.IntTuple, rank(a)+1)
				for i := range ks {
					ks[i] = tuple.Leaf(g.int(0, "c"))
				}
				return []string{concrete.FormatTuple(tuple.Of(ks...)), a.String()}
			},
		},
		"idx2crd": {
			good: func(g *caseGen) []string {
				s := g.shape(4, 256)
				return []string{concrete.FormatTuple(tuple.Leaf(g.int(int64(g.draw(0, int(size(s))-1, "i")), "c"))), concrete.FormatTuple(s)}
			},
			bad: func(g *caseGen) []string {
				s := g.shape(3, 64)
				n := 2
				if !s.IsLeaf() {
					n = s.Rank() + 1
				}
				ks := make([]concrete.IntTuple, n)
				for i := range ks {
					ks[i] = tuple.Leaf(g.int(0, "c"))
				}
				return []string{concrete.FormatTuple(tuple.Of(ks...)), concrete.FormatTuple(s)}
			},
		},
		"shape_div": {
			good: func(g *caseGen) []string {
				s := g.shape(3, 64)
				ls := s.Leaves(nil)
				k := g.draw(0, len(ls)-1, "prefix")
				ds := concPrimes(ls[k].V)
				d := size(tupleOfLeaves(ls[:k]))
				for _, p := range ds[:g.draw(0, len(ds), "factors")] {
					d *= p
				}
				return []string{concrete.FormatTuple(s), concrete.FormatTuple(tuple.Leaf(g.int(d, "d")))}
			},
			bad: func(g *caseGen) []string {
				a, n := g.undivisible()
				return []string{concrete.FormatTuple(a.Shape), concrete.FormatTuple(tuple.Leaf(g.int(n, "d")))}
			},
		},
	}
	maps.Copy(builders, extBuilders())
}

// tupleOfLeaves is the flat tuple of the given integers.
func tupleOfLeaves(ls []concrete.Int) concrete.IntTuple {
	ks := make([]concrete.IntTuple, len(ls))
	for i, x := range ls {
		ks[i] = tuple.Leaf(x)
	}
	return tuple.Of(ks...)
}

// leaves lists the integers of a tuple.
func leaves(t concrete.IntTuple) []concrete.Int { return t.Leaves(nil) }

// modeRange draws the arguments of take and group: a layout and a range
// [b, e) of its modes (inadmissible: e beyond the rank).
var modeRange = builder{
	good: func(g *caseGen) []string {
		a := g.layout(4, 64, anyStrides)
		b := g.draw(0, rank(a)-1, "b")
		return []string{a.String(), param(b), param(g.draw(b+1, rank(a), "e"))}
	},
	bad: func(g *caseGen) []string {
		a := g.layout(4, 64, anyStrides)
		return []string{a.String(), param(0), param(rank(a) + 1)}
	},
}
