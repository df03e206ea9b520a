package concrete

import (
	"fmt"
	"math"
	"math/rand"
	"strings"
	"testing"

	"github.com/cutealg/cutealg/internal/tuple"
)

// This file compares the exported planned operations - the only way into
// the guard-free lane of calc.run - with the engine, on random operand
// types and values: the edges of int64, and values just under, at and over
// the bound of the plan's unchecked steps (fastBelow).

type laneLeaf struct {
	static bool
	v      int64
	extent bool
}

type laneTree struct {
	kids []*laneTree // nil: leaf
	sh   laneLeaf
	st   laneLeaf
}

// laneGen draws operand types and values; bound is the fastBelow of the
// plan under test (0: none yet), near which values are drawn too.
type laneGen struct {
	r     *rand.Rand
	bound int64
}

var laneEdges = func() []int64 {
	e := []int64{0, 1, -1, 2, -2, 3, math.MaxInt64, math.MinInt64, math.MinInt64 + 1, math.MaxInt64 - 1, 1 << 62, -(1 << 62), 1<<62 + 1, 1<<63 - 2}
	for k := 0; k <= 33; k++ {
		p := int64(1) << k
		e = append(e, p, p+1, p-1, -p, -p-1)
	}
	return e
}()

func (g *laneGen) val(extent bool) int64 {
	if g.bound > 1 && g.r.Intn(3) == 0 {
		b := g.bound - 1
		v := []int64{b, b, b - 1, b / 2, b + 1, 1 + g.r.Int63n(b)}[g.r.Intn(6)]
		if !extent && g.r.Intn(2) == 0 {
			v = -v
		}
		return v
	}
	switch g.r.Intn(10) {
	case 0, 1:
		return laneEdges[g.r.Intn(len(laneEdges))]
	}
	if extent {
		return int64(1 + g.r.Intn(12))
	}
	return int64(g.r.Intn(28) - 3)
}

func (g *laneGen) leafType(extent bool) laneLeaf {
	l := laneLeaf{static: g.r.Intn(2) == 0, extent: extent}
	if l.static {
		if g.r.Intn(6) == 0 {
			l.v = laneEdges[g.r.Intn(len(laneEdges))]
		} else if extent {
			l.v = int64(1 + g.r.Intn(8))
		} else {
			l.v = int64(g.r.Intn(10) - 1)
		}
	}
	return l
}

func (g *laneGen) layoutType(depth int) *laneTree {
	if depth == 2 || g.r.Intn(3) == 0 {
		return &laneTree{sh: g.leafType(true), st: g.leafType(false)}
	}
	n := 1 + g.r.Intn(3)
	t := &laneTree{kids: make([]*laneTree, n)}
	for i := range t.kids {
		t.kids[i] = g.layoutType(depth + 1)
	}
	return t
}

func (g *laneGen) inst(l laneLeaf) Int {
	if l.static {
		return S(l.v)
	}
	return D(g.val(l.extent))
}

func (g *laneGen) layout(t *laneTree) Layout {
	if t.kids == nil {
		return Layout{leaf(g.inst(t.sh)), leaf(g.inst(t.st))}
	}
	sh, st := make([]IntTuple, len(t.kids)), make([]IntTuple, len(t.kids))
	for i, k := range t.kids {
		l := g.layout(k)
		sh[i], st[i] = l.Shape, l.Stride
	}
	return Layout{tup(sh...), tup(st...)}
}

type laneTiler struct {
	top  *laneTree // a top-level layout tiler
	kids []laneTilerLeaf
}

type laneTilerLeaf struct {
	kind TilerKind
	lt   *laneTree
	it   laneLeaf
}

func (g *laneGen) tilerType() laneTiler {
	if g.r.Intn(4) == 0 {
		return laneTiler{top: g.layoutType(1)}
	}
	n := 1 + g.r.Intn(3)
	var t laneTiler
	for range n {
		k := TilerKind(g.r.Intn(3))
		tl := laneTilerLeaf{kind: k}
		switch k {
		case TileLayout:
			tl.lt = g.layoutType(1)
		case TileInt:
			tl.it = g.leafType(true)
		}
		t.kids = append(t.kids, tl)
	}
	return t
}

func (g *laneGen) tiler(t laneTiler) Tiler {
	if t.top != nil {
		return LayoutTiler(g.layout(t.top))
	}
	ks := make([]Tiler, len(t.kids))
	for i, k := range t.kids {
		lf := TilerLeaf{Kind: k.kind}
		switch k.kind {
		case TileLayout:
			lf.Layout = g.layout(k.lt)
		case TileInt:
			lf.Int = g.inst(k.it)
		}
		ks[i] = tuple.Leaf(lf)
	}
	return tuple.Of(ks...)
}

type laneOp struct {
	name string
	pop  *layoutOp
	kind int // 0: one layout, 1: two layouts, 2: layout+tiler, 3: layout+tuple
	f1   func(Layout, ...Option) (Layout, error)
	f2   func(Layout, Layout, ...Option) (Layout, error)
	ft   func(Layout, Tiler, ...Option) (Layout, error)
	fm   func(Layout, IntTuple, ...Option) (Layout, error)
}

func laneShow(l Layout, err error) string {
	if err != nil {
		e := err.(*Error)
		return fmt.Sprintf("error(%d): %s", e.Kind, err.Error())
	}
	return l.String()
}

// TestPlanLaneAgainstEngine calls each operation as users do (twice, then
// twice in a workspace after a Reset) and with noPlans, for 600 operand
// types and 40 value sets each; results and errors must be the same.
func TestPlanLaneAgainstEngine(t *testing.T) {
	ops := []laneOp{
		{name: "filter", pop: filterOp, kind: 0, f1: Filter},
		{name: "coalesce", pop: coalesceOp, kind: 0, f1: Coalesce},
		{name: "complement_default", pop: complementDefaultOp, kind: 0, f1: ComplementDefault},
		{name: "composition", pop: compositionOp, kind: 1, f2: Composition},
		{name: "logical_divide", pop: logicalDivideOp, kind: 1, f2: LogicalDivide},
		{name: "logical_product", pop: logicalProductOp, kind: 1, f2: LogicalProduct},
		{name: "blocked_product", pop: blockedProductOp, kind: 1, f2: BlockedProduct},
		{name: "raked_product", pop: rakedProductOp, kind: 1, f2: RakedProduct},
		{name: "composition_tiler", pop: compositionTilerOp, kind: 2, ft: CompositionTiler},
		{name: "logical_divide_tiler", pop: logicalDivideTilerOp, kind: 2, ft: LogicalDivideTiler},
		{name: "zipped_divide", pop: zippedDivideOp, kind: 2, ft: ZippedDivide},
		{name: "tiled_divide", pop: tiledDivideOp, kind: 2, ft: TiledDivide},
		{name: "flat_divide", pop: flatDivideOp, kind: 2, ft: FlatDivide},
		{name: "logical_product_tiler", pop: logicalProductTilerOp, kind: 2, ft: LogicalProductTiler},
		{name: "zipped_product", pop: zippedProductOp, kind: 2, ft: ZippedProduct},
		{name: "tiled_product", pop: tiledProductOp, kind: 2, ft: TiledProduct},
		{name: "flat_product", pop: flatProductOp, kind: 2, ft: FlatProduct},
		{name: "complement", pop: complementOp, kind: 3, fm: Complement},
	}
	g := &laneGen{r: rand.New(rand.NewSource(1))}
	var w Workspace
	fails := 0
	for it := range 600 {
		op := ops[g.r.Intn(len(ops))]
		ta, tb := g.layoutType(0), g.layoutType(0)
		tt := g.tilerType()
		tm := g.leafType(true)
		g.bound = 0
		for j := range 40 {
			if j == 1 {
				if p := plans.last[op.pop.id].Load(); p != nil && !p.engine {
					g.bound = int64(p.fastBelow)
				}
			}
			a, b, tl := g.layout(ta), g.layout(tb), g.tiler(tt)
			m := leaf(g.inst(tm))
			call := func(opts ...Option) (Layout, error) {
				switch op.kind {
				case 0:
					return op.f1(a, opts...)
				case 1:
					return op.f2(a, b, opts...)
				case 2:
					return op.ft(a, tl, opts...)
				}
				return op.fm(a, m, opts...)
			}
			want := laneShow(call(noPlans))
			got1 := laneShow(call())
			got2 := laneShow(call())
			w.Reset()
			got3 := laneShow(call(InWorkspace(&w)))
			got4 := laneShow(call(InWorkspace(&w)))
			if got1 != want || got2 != want || got3 != want || got4 != want {
				other := ""
				switch op.kind {
				case 1:
					other = b.String()
				case 2:
					other = fmt.Sprint(tl)
				case 3:
					other = fmt.Sprint(m)
				}
				t.Fatalf("iter %d %s(%s, %s):\n engine %s\n plan1  %s\n plan2  %s\n ws1    %s\n ws2    %s", it, op.name, a, other, want, got1, got2, got3, got4)
			}
			if len(want) > 5 && want[:5] == "error" {
				fails++
			}
		}
	}
	if fails == 0 {
		t.Error("no call failed: the values do not reach the faults")
	}
	// the plans made: every unchecked step list reads only operands,
	// constants and registers an earlier step wrote, and writes neither an
	// operand nor a constant (what the workspace's register file, never
	// cleared, and its memory of the constants rely on)
	plans.mu.RLock()
	defer plans.mu.RUnlock()
	checked := 0
	for _, p := range plans.m {
		if !p.engine {
			checkPlanRegisters(t, p)
			checked++
		}
	}
	if checked == 0 {
		t.Error("no plan to check")
	}
}

// checkPlanRegisters checks that each unchecked step list of p, with its
// output, reads only the operands, the constants and registers written
// before by its steps (register 0 is none of these), and that no step
// writes an operand's or a constant's register.
func checkPlanRegisters(t *testing.T, p *plan) {
	t.Helper()
	consts := p.nin + len(p.init) // the last register of an operand or a constant
	for i, below := range [2]uint64{p.fastBelow, p.posBelow} {
		if below == 0 {
			continue
		}
		o := &p.out[i]
		var set [maxRegs]bool
		for r := 1; r <= consts; r++ {
			set[r] = true
		}
		for j, w := range o.steps {
			a, b, d := w>>16&(maxRegs-1), w>>26, w>>8&(maxRegs-1)
			if !set[a] || !set[b] || int(d) <= consts {
				t.Fatalf("plan %q, out[%d] step %d (r%d = op%d(r%d, r%d)): reads a register not set, or writes an operand or a constant (%d of them)", p.key, i, j, d, uint8(w), a, b, consts)
			}
			set[d] = true
		}
		for _, l := range o.leaves {
			if !set[l.reg] {
				t.Fatalf("plan %q, out[%d]: a leaf reads r%d, not set", p.key, i, l.reg)
			}
		}
		for _, r := range o.roots {
			if r.n < 0 && !set[r.reg] {
				t.Fatalf("plan %q, out[%d]: a root reads r%d, not set", p.key, i, r.reg)
			}
		}
	}
}

// TestWorkspaceConstants checks the workspace's memory of the constants in
// its register file (Workspace.consts). Complement(4:2, 24) has a plan
// with a constant in register 4; a composition whose first operand has 6
// dynamic values and whose second has too many for a plan is matched
// against the last composition plan (same first operand): its 6 values
// go to registers 1-6 before the second operand fails to match, and the
// call runs the engine. The next complement must load its constant again.
// Each call is compared with the engine.
func TestWorkspaceConstants(t *testing.T) {
	var big strings.Builder // 40 modes: 80 dynamic values, over the limit
	big.WriteString("(")
	for i := range 40 {
		if i > 0 {
			big.WriteString(",")
		}
		big.WriteString("7")
	}
	big.WriteString("):(")
	for i := range 40 {
		if i > 0 {
			big.WriteString(",")
		}
		big.WriteString("1")
	}
	big.WriteString(")")
	small, target := exLayout("4:2"), leaf(Int{V: 24})
	a, b, huge := exLayout("(3,5,7):(2,9,11)"), exLayout("3:1"), exLayout(big.String())
	var w Workspace
	check := func(what string, got, want string) {
		t.Helper()
		if got != want {
			t.Fatalf("%s: in a workspace %s, engine %s", what, got, want)
		}
	}
	for range 3 {
		check("composition(a, b)", laneShow(Composition(a, b, InWorkspace(&w))), laneShow(Composition(a, b, noPlans)))
		check("complement", laneShow(Complement(small, target, InWorkspace(&w))), laneShow(Complement(small, target, noPlans)))
		check("composition(a, huge)", laneShow(Composition(a, huge, InWorkspace(&w))), laneShow(Composition(a, huge, noPlans)))
		check("complement again", laneShow(Complement(small, target, InWorkspace(&w))), laneShow(Complement(small, target, noPlans)))
	}
}

// TestLaneOptions checks that options other than a workspace keep a call
// off the guard-free lane (run reads only the workspace of an option, and
// takes any option without one to the guarded path), in either order:
// composition((6,2):(1,7), 4:4) breaks a post-condition (DESIGN.md 3.1),
// so strict mode refuses it and CuTe mode warns, with or without a
// workspace, once the plan exists.
func TestLaneOptions(t *testing.T) {
	a, b := exLayout("(6,2):(1,7)"), exLayout("4:4")
	var w Workspace
	for range 2 { // (the first call makes the plan)
		if _, err := Composition(a, b, InWorkspace(&w)); err != nil {
			t.Fatal(err)
		}
	}
	for _, opts := range [][]Option{{InWorkspace(&w), StrictMode()}, {StrictMode(), InWorkspace(&w)}} {
		if _, err := Composition(a, b, opts...); err == nil || err.(*Error).Kind != Violated {
			t.Errorf("strict mode with a workspace: %v, want a violation", err)
		}
	}
	var warns []string
	if _, err := Composition(a, b, InWorkspace(&w), CollectWarnings(&warns)); err != nil || len(warns) == 0 {
		t.Errorf("warnings with a workspace: %v, %q; want a warning", err, warns)
	}
	for _, o := range []Option{StrictMode(), CollectWarnings(&warns), noPlans} {
		if o.ws != nil {
			t.Errorf("option %+v sets a workspace and more", o)
		}
	}
}
