package proofs_test

import (
	"strings"
	"testing"

	"github.com/cutealg/cutealg/proofs"
	"github.com/cutealg/cutealg/rules"
)

// A static _1 in a tiler is make_layout(_1) = _1:_0 (div.int-unit,
// prod.int-unit, which shadow div.int and prod.int): Check accepts the
// engine's derivations, and rejects at its first step a derivation that
// reads a static _1 by the general rule (the layout _1:_1, the same
// function but not CuTe's) or a dynamic 1 by the static rule.
func TestCheckShadowedRule(t *testing.T) {
	set := rules.Standard()
	for _, c := range []struct {
		op, a, tile string
		rule        string // the rule the changed first step claims to be
		bind        map[string]string
		after       string
		want        string
	}{
		{"logical_divide_tiler", "M:_1", "_1", "div.int", map[string]string{"n": "_1"}, "logical_divide(M:_1,_1:_1)",
			"logical_divide_tiler(M:_1,_1) is logical_divide_tiler(A, _1), which rule div.int-unit rewrites (it shadows div.int there)"},
		{"logical_product_tiler", "M:_1", "_1", "prod.int", map[string]string{"n": "_1"}, "logical_product(M:_1,_1:_1)",
			"logical_product_tiler(M:_1,_1) is logical_product_tiler(A, _1), which rule prod.int-unit rewrites (it shadows prod.int there)"},
		{"logical_divide_tiler", "M:_1", "1", "div.int-unit", nil, "logical_divide(M:_1,1:_0)",
			"logical_divide_tiler(M:_1,1) is not logical_divide_tiler(A, _1) for the step's values: 1 is not the static _1"},
		{"logical_product_tiler", "M:_1", "1", "prod.int-unit", nil, "logical_product(M:_1,1:_0)",
			"logical_product_tiler(M:_1,1) is not logical_product_tiler(A, _1) for the step's values: 1 is not the static _1"},
	} {
		d, err := rules.Derive(rules.Request{Op: c.op, Args: []string{c.a, c.tile}})
		if err != nil {
			t.Fatal(err)
		}
		name := c.op + "(" + c.a + ", " + c.tile + ")"
		if err := proofs.Check(clone(t, d)); err != nil {
			t.Fatalf("%s: the engine's derivation is rejected: %v", name, err)
		}
		x := clone(t, d)
		r, ok := set.Rule(c.rule)
		if !ok {
			t.Fatalf("no rule %s", c.rule)
		}
		st := &x.Cases[0].Steps[0]
		st.Rule, st.Version, st.Hash, st.Doc, st.Says, st.Bind, st.After = r.ID, r.Version, r.Hash, r.Doc, r.Says, c.bind, c.after
		err = proofs.Check(x)
		want := "case 1 step 1 (" + c.rule + "): " + c.want
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%s read by %s: Check gives %v, want a rejection %q", name, c.rule, err, want)
		}
	}
}
