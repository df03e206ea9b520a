package proofs_test

import (
	"encoding/json"
	"flag"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/proofs"
	"github.com/cutealg/cutealg/rules"
	"github.com/cutealg/cutealg/sym"
)

// clone copies a derivation through its stable JSON form (what the
// checker reads from a file).
func clone(t testing.TB, d rules.Derivation) rules.Derivation {
	b, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	var out rules.Derivation
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// cases lists every case of a derivation, the cases merged ones were
// merged from included.
func cases(cs []rules.Case) []*rules.Case {
	var out []*rules.Case
	for i := range cs {
		out = append(out, &cs[i])
		out = append(out, cases(cs[i].From)...)
	}
	return out
}

// mutant is a change to a derivation that makes it wrong.
type mutant struct {
	kind string
	// apply changes the k-th place of its kind in d and reports whether
	// there was one
	apply func(d *rules.Derivation, k int, sel stepFilter) bool
}

// stepFilter selects the steps a mutant may change (nil: any).
type stepFilter func(c *rules.Case, i int) bool

// nthStep calls f on the k-th step (over every case) that sel selects and
// for which ok holds.
func nthStep(d *rules.Derivation, k int, sel stepFilter, ok func(c *rules.Case, i int) bool, f func(c *rules.Case, i int)) bool {
	for _, c := range cases(d.Cases) {
		for i := range c.Steps {
			if (sel == nil || sel(c, i)) && ok(c, i) {
				if k == 0 {
					f(c, i)
					return true
				}
				k--
			}
		}
	}
	return false
}

// nthCase applies f to the k-th case (in cases' order) for which ok
// holds, and reports whether there is one; a mutant of a case changes no
// step, so there is none where sel selects steps.
func nthCase(d *rules.Derivation, k int, sel stepFilter, ok func(c *rules.Case) bool, f func(c *rules.Case)) bool {
	if sel != nil {
		return false
	}
	for _, c := range cases(d.Cases) {
		if ok(c) {
			if k == 0 {
				f(c)
				return true
			}
			k--
		}
	}
	return false
}

func claimed(c *rules.Case, i int) bool {
	return c.Steps[i].Before != "" && c.Steps[i].Before != c.Steps[i].After
}

// alterLeaf changes the first integer of a term: a number n becomes n+1,
// anything else x becomes 2*x.
func alterLeaf(src string) string {
	n, err := notation.Parse(src)
	if err != nil {
		return src + "+1"
	}
	done := false
	var walk func(n notation.Node) notation.Node
	walk = func(n notation.Node) notation.Node {
		if done {
			return n
		}
		switch x := n.(type) {
		case *notation.Call:
			for i, a := range x.Args {
				x.Args[i] = walk(a)
			}
			return x
		case *notation.Tuple:
			for i, e := range x.Elems {
				x.Elems[i] = walk(e)
			}
			return x
		case *notation.Layout:
			x.Shape = walk(x.Shape)
			x.Stride = walk(x.Stride)
			return x
		case *notation.Int:
			done = true
			return &notation.Int{Value: x.Value + 1, Static: x.Static}
		case *notation.Underscore:
			return x
		}
		done = true
		return &notation.Binary{Op: '*', X: &notation.Int{Value: 2}, Y: n}
	}
	return notation.Print(walk(n))
}

// mutants are the kinds of mutant, with those of an error that says a
// rule's condition fails (failMutants, f43_test.go).
var mutants = append([]mutant{
	{"another rule id", func(d *rules.Derivation, k int, sel stepFilter) bool {
		all := rules.Standard().Rules()
		return nthStep(d, k, sel, func(*rules.Case, int) bool { return true }, func(c *rules.Case, i int) {
			st := &c.Steps[i]
			for j, r := range all {
				if r.ID == st.Rule {
					o := all[(j+1+k)%len(all)]
					st.Rule, st.Version, st.Hash = o.ID, o.Version, o.Hash
					return
				}
			}
		})
	}},
	{"another rule id, doc and says", func(d *rules.Derivation, k int, sel stepFilter) bool {
		all := rules.Standard().Rules()
		return nthStep(d, k, sel, func(*rules.Case, int) bool { return true }, func(c *rules.Case, i int) {
			st := &c.Steps[i]
			for j, r := range all {
				if r.ID == st.Rule {
					o := all[(j+1+k)%len(all)]
					st.Rule, st.Version, st.Hash, st.Doc, st.Says = o.ID, o.Version, o.Hash, o.Doc, o.Says
					return
				}
			}
		})
	}},
	{"another rule version", func(d *rules.Derivation, k int, sel stepFilter) bool {
		return nthStep(d, k, sel, func(*rules.Case, int) bool { return true }, func(c *rules.Case, i int) { c.Steps[i].Version++ })
	}},
	{"a dropped condition", func(d *rules.Derivation, k int, sel stepFilter) bool {
		return nthStep(d, k, sel, func(c *rules.Case, i int) bool { return len(c.Steps[i].Checked) > 0 }, func(c *rules.Case, i int) {
			ch := c.Steps[i].Checked
			c.Steps[i].Checked = ch[:len(ch)-1] // the step's own condition comes last
		})
	}},
	{"an altered condition", func(d *rules.Derivation, k int, sel stepFilter) bool {
		return nthStep(d, k, sel, func(c *rules.Case, i int) bool { return len(c.Steps[i].Checked) > 0 }, func(c *rules.Case, i int) {
			ch := &c.Steps[i].Checked[0]
			ch.Cond = alterCond(ch.Cond)
		})
	}},
	{"an altered discharge", func(d *rules.Derivation, k int, sel stepFilter) bool {
		return nthStep(d, k, sel, func(c *rules.Case, i int) bool { return len(c.Steps[i].Checked) > 0 }, func(c *rules.Case, i int) {
			ch := &c.Steps[i].Checked[0]
			ch.By = map[string]string{"proved": "refuted", "refuted": "proved", "guard": "negated guard", "negated guard": "guard"}[ch.By]
		})
	}},
	{"a tampered certificate", func(d *rules.Derivation, k int, sel stepFilter) bool {
		return nthStep(d, k, sel, func(c *rules.Case, i int) bool {
			return len(c.Steps[i].Checked) > 0 && len(c.Steps[i].Checked[0].Certificates) > 0
		}, func(c *rules.Case, i int) {
			raw := &c.Steps[i].Checked[0].Certificates[0]
			var m map[string]any
			if err := json.Unmarshal(*raw, &m); err != nil {
				panic(err)
			}
			claim := m["claim"].(map[string]any)
			claim["b"] = fmt.Sprint(claim["b"]) + "+1"
			b, err := json.Marshal(m)
			if err != nil {
				panic(err)
			}
			*raw = b
		})
	}},
	{"an altered leaf of after", func(d *rules.Derivation, k int, sel stepFilter) bool {
		return nthStep(d, k, sel, func(c *rules.Case, i int) bool { return c.Steps[i].After != "" }, func(c *rules.Case, i int) {
			c.Steps[i].After = alterLeaf(c.Steps[i].After)
		})
	}},
	{"an altered leaf of a let", func(d *rules.Derivation, k int, sel stepFilter) bool {
		return nthStep(d, k, sel, func(c *rules.Case, i int) bool { return len(c.Steps[i].Bind) > 0 }, func(c *rules.Case, i int) {
			b := c.Steps[i].Bind
			keys := make([]string, 0, len(b))
			for k := range b {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			b[keys[len(keys)-1]] = alterLeaf(b[keys[len(keys)-1]])
		})
	}},
	{"an altered leaf of the result", func(d *rules.Derivation, k int, sel stepFilter) bool {
		if sel != nil {
			return false // a case's mutant
		}
		for _, c := range cases(d.Cases) {
			if c.Result != "" {
				if k == 0 {
					c.Result = alterLeaf(c.Result)
					return true
				}
				k--
			}
		}
		return false
	}},
	{"claimed steps reordered", func(d *rules.Derivation, k int, sel stepFilter) bool {
		next := func(c *rules.Case, i int) int {
			for j := i + 1; j < len(c.Steps); j++ {
				if claimed(c, j) {
					return j
				}
			}
			return -1
		}
		return nthStep(d, k, sel, func(c *rules.Case, i int) bool {
			j := next(c, i)
			return claimed(c, i) && j > 0 && c.Steps[i].Before != c.Steps[j].Before && (sel == nil || sel(c, j))
		}, func(c *rules.Case, i int) {
			j := next(c, i)
			c.Steps[i], c.Steps[j] = c.Steps[j], c.Steps[i]
		})
	}},
	{"a claimed step skipped", func(d *rules.Derivation, k int, sel stepFilter) bool {
		return nthStep(d, k, sel, claimed, func(c *rules.Case, i int) {
			c.Steps = append(c.Steps[:i:i], c.Steps[i+1:]...)
		})
	}},
	{"a case's guard dropped", func(d *rules.Derivation, k int, sel stepFilter) bool {
		return nthCase(d, k, sel, func(c *rules.Case) bool { return len(c.When) > 0 }, func(c *rules.Case) { c.When = c.When[1:] })
	}},
	{"a case's guard flipped", func(d *rules.Derivation, k int, sel stepFilter) bool {
		return nthCase(d, k, sel, func(c *rules.Case) bool { return len(c.When) > 0 }, func(c *rules.Case) { c.When[0] = negate(c.When[0]) })
	}},
	{"a step's guard dropped", func(d *rules.Derivation, k int, sel stepFilter) bool {
		return nthStep(d, k, sel, func(c *rules.Case, i int) bool { return len(c.Steps[i].Guards) > 0 }, func(c *rules.Case, i int) {
			g := c.Steps[i].Guards
			c.Steps[i].Guards = g[:len(g)-1]
		})
	}},
	{"a step's guard flipped", func(d *rules.Derivation, k int, sel stepFilter) bool {
		return nthStep(d, k, sel, func(c *rules.Case, i int) bool { return len(c.Steps[i].Guards) > 0 }, func(c *rules.Case, i int) {
			g := append([]string(nil), c.Steps[i].Guards...)
			g[len(g)-1] = negate(g[len(g)-1])
			c.Steps[i].Guards = g
		})
	}},
	{"a run-time step's mark dropped (dynamic)", func(d *rules.Derivation, k int, sel stepFilter) bool {
		return nthStep(d, k, sel, func(c *rules.Case, i int) bool { return c.Steps[i].Runtime }, func(c *rules.Case, i int) {
			c.Steps[i].Runtime = false
		})
	}},
	{"a case's warning dropped (dynamic)", func(d *rules.Derivation, k int, sel stepFilter) bool {
		return nthCase(d, k, sel, func(c *rules.Case) bool { return len(c.Warnings) > 0 }, func(c *rules.Case) { c.Warnings = c.Warnings[1:] })
	}},
	{"a step with lets only skipped", func(d *rules.Derivation, k int, sel stepFilter) bool {
		return nthStep(d, k, sel, func(c *rules.Case, i int) bool { return !claimed(c, i) }, func(c *rules.Case, i int) {
			c.Steps = append(c.Steps[:i:i], c.Steps[i+1:]...)
		})
	}},
	{"steps with lets only reordered", func(d *rules.Derivation, k int, sel stepFilter) bool {
		return nthStep(d, k, sel, func(c *rules.Case, i int) bool {
			return i+1 < len(c.Steps) && !claimed(c, i) && !claimed(c, i+1) && c.Steps[i].Rule != c.Steps[i+1].Rule && (sel == nil || sel(c, i+1))
		}, func(c *rules.Case, i int) {
			c.Steps[i], c.Steps[i+1] = c.Steps[i+1], c.Steps[i]
		})
	}},
}, failMutants...)

func negate(g string) string {
	cs, err := sym.ParseConds(g)
	if err != nil || len(cs) != 1 {
		return "!(" + g + ")"
	}
	return cs[0].Negate().String()
}

// alterCond changes the last number of a condition, or adds 1 to it.
func alterCond(s string) string {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] >= '0' && s[i] <= '9' {
			j := i
			for j > 0 && s[j-1] >= '0' && s[j-1] <= '9' {
				j--
			}
			v, _ := strconv.Atoi(s[j : i+1])
			return s[:j] + strconv.Itoa(v+1) + s[i+1:]
		}
	}
	return s + "+1"
}

// perDerivation is how many mutants of each kind a derivation yields (at
// spread places), perPattern how many at steps of rules with a rewrites
// line (rules.Rule.Lhs), and perFamily how many (at every place, up to
// it) a derivation of a family whose every step is checked yields.
const (
	perDerivation = 1
	perPattern    = 3
	perFamily     = 40
)

// fullFamilies makes the families' mutants at every place (up to
// perFamily); by default at every third (go test's 10-minute limit on a
// loaded machine): docs/verification.md records the full figures, go test
// ./proofs -run TestCheckMutants -v -mutants.full -timeout 30m.
var fullFamilies = flag.Bool("mutants.full", false, "make the families' mutants at every place, not every third")

// onlyFamily restricts the derivations mutated to those of one family (a
// focused run while a family's checks change: go test ./proofs -run
// TestCheckMutants -v -mutants.full -mutants.family slice).
var onlyFamily = flag.String("mutants.family", "", "mutate only the derivations of this family")

// family is a set of derivations whose every step the checker re-derives
// with a walk of CuTe's algorithm: their mutants are made at many places
// (every third, or every one with -mutants.full), each rejected.
type family struct {
	name   string
	member func(d rules.Derivation) bool
}

var families = []family{
	{"composition", compositionFamily},
	{"complement", complementFamily},
	{"inverse", inverseFamily},
	{"construct", constructFamily},
	{"cast", castFamily},
	{"divide", divideFamily},
	{"product", productFamily},
	{"slice", sliceFamily},
	{"nullspace", nullspaceFamily},
	{"maxcommon", maxcommonFamily},
	{"swizzle", swizzleFamily},
}

// ofFile reports whether every step of d applies a rule of one of the
// rule files, or one of the rules named.
func ofFile(d rules.Derivation, files []string, ids ...string) bool {
	for _, c := range cases(d.Cases) {
		for _, st := range c.Steps {
			r, ok := rules.Standard().Rule(st.Rule)
			if !ok || !slices.Contains(files, r.File) && !slices.Contains(ids, st.Rule) {
				return false
			}
		}
	}
	return true
}

// compositionFamily reports whether a derivation is of the composition
// family: a request of composition, composition_tiler or composition_shape
// whose steps apply rules of composition.rules only, but for the
// complement's static unit tests and op.answer (a composed layout, a
// swizzle's, brings rules of swizzle.rules).
func compositionFamily(d rules.Derivation) bool {
	switch d.Op {
	case "composition", "composition_tiler", "composition_shape":
		return ofFile(d, []string{"composition.rules"}, "compl.unit", "compl.nonunit", "op.answer")
	}
	return false
}

// complementFamily reports whether a derivation is of the complement
// family: a request of complement or complement_default whose steps apply
// rules of complement.rules only.
func complementFamily(d rules.Derivation) bool {
	switch d.Op {
	case "complement", "complement_default":
		return ofFile(d, []string{"complement.rules"})
	}
	return false
}

// inverseFamily reports whether a derivation is of the inverse family: a
// request of right_inverse or left_inverse whose steps apply rules of
// inverse.rules only, but for the size-1 decisions of CuTe's coalesce
// with the symbols read as static (compl.unit, compl.nonunit) and
// op.answer.
func inverseFamily(d rules.Derivation) bool {
	switch d.Op {
	case "right_inverse", "left_inverse":
		return ofFile(d, []string{"inverse.rules"}, "compl.unit", "compl.nonunit", "op.answer")
	}
	return false
}

// constructFamily reports whether a derivation is of the construct
// family: a request of coalesce, coalesce_profile, crd2idx or one of the
// constructions and queries whose steps apply rules of construct.rules
// only, but for the size-1 decisions of CuTe's coalesce with the symbols
// read as static (compl.unit, compl.nonunit).
func constructFamily(d rules.Derivation) bool {
	switch d.Op {
	case "coalesce", "coalesce_profile", "crd2idx", "make_layout", "make_layout_left", "make_layout_right", "make_ordered_layout",
		"make_layout_concat", "append", "prepend", "replace", "take", "select", "group", "get", "flatten", "filter",
		"size", "cosize", "rank", "depth":
		return ofFile(d, []string{"construct.rules"}, "compl.unit", "compl.nonunit")
	}
	return false
}

// castFamily reports whether a derivation is of the cast family: a
// request of upcast or downcast whose steps apply rules of cast.rules
// only, but for op.answer.
func castFamily(d rules.Derivation) bool {
	switch d.Op {
	case "upcast", "downcast":
		return ofFile(d, []string{"cast.rules"}, "op.answer")
	}
	return false
}

// divideFamily reports whether a derivation is of the divide family: a
// request of logical_divide, its tiler form, zipped_divide, tiled_divide or
// flat_divide whose steps apply rules of divide.rules, composition.rules and
// complement.rules only (a swizzled layout's, which brings swizzle.rules,
// is not: its swz.forward computes no term).
func divideFamily(d rules.Derivation) bool {
	switch d.Op {
	case "logical_divide", "logical_divide_tiler", "zipped_divide", "tiled_divide", "flat_divide":
		return ofFile(d, []string{"divide.rules", "composition.rules", "complement.rules"})
	}
	return false
}

// productFamily reports whether a derivation is of the product family: a
// request of logical_product, its tiler form, zipped_product,
// tiled_product, flat_product, blocked_product or raked_product whose steps
// apply rules of product.rules, composition.rules and complement.rules
// only, or of tile_to_shape whose steps apply those and the compact
// layouts' (construct.rules: the tiles' layout).
func productFamily(d rules.Derivation) bool {
	files := []string{"product.rules", "composition.rules", "complement.rules"}
	switch d.Op {
	case "logical_product", "logical_product_tiler", "zipped_product", "tiled_product", "flat_product", "blocked_product", "raked_product":
		return ofFile(d, files)
	case "tile_to_shape":
		return ofFile(d, append(files, "construct.rules"))
	}
	return false
}

// sliceFamily reports whether a derivation is of the slice family: a
// request of local_tile, local_partition or slice_and_offset whose steps
// apply rules of slice.rules, the divide's (divide.rules,
// composition.rules, complement.rules) and crd2idx's (crd.inner, the
// splits, crd.sum) only, or of slice or dice whose steps apply rules of
// slice.rules and op.answer only.
func sliceFamily(d rules.Derivation) bool {
	switch d.Op {
	case "local_tile", "local_partition", "slice_and_offset":
		return ofFile(d, []string{"slice.rules", "divide.rules", "composition.rules", "complement.rules"}, "crd.inner", "crd.split", "crd.split.negative", "crd.sum")
	case "slice", "dice":
		return ofFile(d, []string{"slice.rules"}, "op.answer")
	}
	return false
}

// nullspaceFamily reports whether a derivation is of the nullspace
// family: a request of nullspace whose steps apply the rules of
// cute::nullspace (null.*), the column-major strides of the shape's leaves
// (make.left, make.compact) and op.answer only.
func nullspaceFamily(d rules.Derivation) bool {
	return d.Op == "nullspace" && ofFile(d, nil, "null.compact", "null.keep", "null.none", "make.left", "make.compact", "op.answer")
}

// maxcommonFamily reports whether a derivation is of the maxcommon
// family: a request of max_common_vector or max_common_layout whose steps
// apply the rules of cute::max_common_* (common.*), of the right inverse
// of B (inv.coalesce, inv.right.*, and the size-1 decisions of its
// coalesce), of composition.rules (A o R, R o n:_1) and op.answer only.
func maxcommonFamily(d rules.Derivation) bool {
	switch d.Op {
	case "max_common_vector", "max_common_layout":
		return ofFile(d, []string{"composition.rules"}, "common.inverse", "common.vector", "common.none", "common.layout",
			"inv.coalesce", "inv.right.follow", "inv.right.skip", "inv.right.end", "compl.unit", "compl.nonunit", "op.answer")
	}
	return false
}

// swizzleFamily reports whether a derivation is of the swizzle family: a
// request of composition_swizzle or swizzle, or of an operation on a
// swizzled layout (an argument Sw o O o L), whose steps apply rules of
// swizzle.rules, the inner layout's operation (construct.rules: coalesce,
// crd2idx, the queries; the divide's, divide.rules, composition.rules,
// complement.rules) and op.answer only.
func swizzleFamily(d rules.Derivation) bool {
	swizzled := d.Op == "composition_swizzle" || d.Op == "swizzle"
	for _, a := range d.Args {
		if n, err := notation.Parse(a); err == nil {
			if _, ok := n.(*notation.Composed); ok {
				swizzled = true
			}
		}
	}
	return swizzled && ofFile(d, []string{"swizzle.rules", "construct.rules", "divide.rules", "composition.rules", "complement.rules"})
}

// inFamily reports whether d is of the family named (any family for "").
func inFamily(d rules.Derivation, name string) bool {
	if name == "" {
		return true
	}
	for _, f := range families {
		if f.name == name {
			return f.member(d)
		}
	}
	return false
}

// patternStep selects the steps of rules with a rewrites line.
func patternStep(c *rules.Case, i int) bool {
	r, ok := rules.Standard().Rule(c.Steps[i].Rule)
	return ok && r.Lhs != ""
}

// Every mutant of every derivation of the corpus is rejected: of each
// kind, one at a spread place of every derivation, three at the steps of
// rules with a rewrites line, and, in the families, one at every third
// place (every place with -mutants.full); the counts are printed (go test
// -v) and recorded in docs/verification.md.
func TestCheckMutants(t *testing.T) {
	var ds []rules.Derivation
	for _, req := range corpus(t) {
		if d, err := rules.Derive(req); err == nil && inFamily(d, *onlyFamily) {
			ds = append(ds, d)
		}
	}
	for _, m := range mutants {
		// each kind is a subtest, run in parallel with the others
		t.Run(m.kind, func(t *testing.T) {
			t.Parallel()
			checkKind(t, m, ds)
		})
	}
}

// checkKind makes the mutants of one kind of every derivation (spread,
// at rewrites, in the families), checks each and logs the counts.
func checkKind(t *testing.T, m mutant, ds []rules.Derivation) {
	made, rejected, pmade, prejected := 0, 0, 0, 0
	for _, d := range ds {
		for k := 0; k < perDerivation; k++ {
			x := clone(t, d)
			if !m.apply(&x, k*3, nil) {
				break
			}
			made++
			if err := proofs.Check(x); err != nil {
				rejected++
			} else {
				t.Errorf("%s: a mutant of %s(%s) checks", m.kind, d.Op, strings.Join(d.Args, ", "))
			}
		}
		for k := 0; k < perPattern; k++ {
			x := clone(t, d)
			if !m.apply(&x, k*5, patternStep) {
				break
			}
			pmade++
			if err := proofs.Check(x); err != nil {
				prejected++
			} else {
				t.Errorf("%s (at a rewrite): a mutant of %s(%s) checks", m.kind, d.Op, strings.Join(d.Args, ", "))
			}
		}
	}
	line := fmt.Sprintf("%-42s %4d mutants, %4d rejected; at rewrites %4d, %4d rejected", m.kind, made, rejected, pmade, prejected)
	for _, f := range families {
		fmade, frejected, fds := 0, 0, 0
		for _, d := range ds {
			if !f.member(d) {
				continue
			}
			fds++
			step := 3
			if *fullFamilies {
				step = 1
			}
			for k := 0; k < perFamily; k += step {
				x := clone(t, d)
				if !m.apply(&x, k, nil) {
					break
				}
				fmade++
				if err := proofs.Check(x); err != nil {
					frejected++
				} else {
					t.Errorf("%s (%s family): a mutant of %s(%s) checks", m.kind, f.name, d.Op, strings.Join(d.Args, ", "))
				}
			}
		}
		line += fmt.Sprintf("; %s (%d) %4d, %4d rejected", f.name, fds, fmade, frejected)
	}
	t.Log(line)
	if made == 0 && *onlyFamily == "" {
		t.Errorf("%s: no mutant made", m.kind)
	}
}
