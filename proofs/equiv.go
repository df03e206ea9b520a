package proofs

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/cutealg/cutealg/concrete"
	"github.com/cutealg/cutealg/internal/catalog"
	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/internal/tuple"
	"github.com/cutealg/cutealg/rules"
	"github.com/cutealg/cutealg/sym"
)

// Verdict is the answer of Equiv.
type Verdict int

// The verdicts.
const (
	Unknown Verdict = iota // neither proved nor refuted: see Equivalence.Needs
	Same                   // the same function at every binding the assumptions allow, proved
	Differ                 // a binding and an index where the two differ
)

// String names the verdict: same, differ or unknown.
func (v Verdict) String() string {
	switch v {
	case Same:
		return "same"
	case Differ:
		return "differ"
	}
	return "unknown"
}

// MarshalText writes the verdict's name (String).
func (v Verdict) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// Equivalence is the answer of Equiv with its evidence.
type Equivalence struct {
	Verdict Verdict `json:"verdict"`
	// Regions partition the assumptions (each side's cases, one region per
	// consistent pair): in each, the two canonical forms and how each of
	// their leaves was compared.
	Regions []Region `json:"regions,omitempty"`
	// Derivations are the derivations Equiv used (each side's call, then
	// the coalesce of each case's result), each accepted by Check.
	Derivations []rules.Derivation `json:"derivations,omitempty"`
	// Differ: a binding, and the index (-1 when one side is undefined
	// there) and text of the difference.
	Binding map[string]int64 `json:"binding,omitempty"`
	Index   int64            `json:"index,omitempty"`
	Why     string           `json:"why,omitempty"`
	// Unknown: conditions that, assumed, would let Equiv decide (the
	// leaves it could not show equal), or why it could not.
	Needs []string `json:"needs,omitempty"`
}

// At prints the binding of a Differ answer as M=2, N=1 in name order.
func (e Equivalence) At() string { return bindingText(e.Binding) }

// Region is one part of the assumptions: the guards of a case of each
// side, the forms of the two sides compared there (their results, or
// their coalesced forms where the results do not prove equal), and the
// comparison of their leaves.
type Region struct {
	When []string `json:"when"`
	A    string   `json:"a,omitempty"`
	B    string   `json:"b,omitempty"`
	// Equal lists each equation of leaves proved (with sym's
	// certificates, each re-verified with sym.Verify) or identical.
	Equal []rules.Discharged `json:"equal,omitempty"`
	// Undefined: both sides are errors there (CuTe refuses both), which
	// counts as agreeing.
	Undefined bool `json:"undefined,omitempty"`
	// Open says why the region is not proved (undecided leaves, other
	// ranks, a side undefined there).
	Open string `json:"open,omitempty"`
}

// Equiv decides whether a and b, each a layout or a call of one operation
// of the catalogue whose arguments are values (concrete or symbolic), are
// the same function at every binding of their symbols that the
// assumptions allow: the same size and the same value at every index (as
// CuTe's post-conditions compare layouts: modes aside).
//
// Same is answered only when proved: each call is derived with the rules
// engine and each of its cases' results coalesced symbolically (CuTe's
// coalesce keeps the function), every derivation is accepted by Check,
// and in every region where the two sides' cases meet, the coalesced
// forms have the same rank and each pair of leaves is proved equal by
// sym's decisions under the assumptions and the region's guards (the
// regions partition the assumptions: Check verifies each side's cases
// do). Differ is answered with a binding the assumptions allow and an
// index where package concrete evaluates the two differently (or one is
// undefined). Otherwise Unknown, with the conditions it would need.
// An error is bad input: a term that does not parse or is not a layout.
func Equiv(a, b string, assume []string) (Equivalence, error) {
	ctx := sym.NewCtx()
	for _, s := range assume {
		n, err := ctx.With(s)
		if err != nil {
			return Equivalence{}, fmt.Errorf("assumption %q: %w", s, err)
		}
		ctx = n
	}
	ta, err := equivTerm(a)
	if err != nil {
		return Equivalence{}, err
	}
	tb, err := equivTerm(b)
	if err != nil {
		return Equivalence{}, err
	}
	c := &checker{ctx: ctx, samples: map[string][]sym.Binding{}}
	c.symbols = append(notation.Symbols(ta), notation.Symbols(tb)...)
	for _, s := range assume {
		cs, _ := sym.ParseConds(s)
		for _, x := range cs {
			c.symbols = append(c.symbols, sym.Symbols(x.X)...)
			c.symbols = append(c.symbols, sym.Symbols(x.Y)...)
		}
	}
	var eq Equivalence
	// the "no" side first: a difference at a sampled binding
	if c.differ(ta, tb, nil, &eq) {
		return eq, nil
	}
	sa, err := eq.canonical(ta, assume)
	if err != nil {
		return eq.undecided(err)
	}
	sb, err := eq.canonical(tb, assume)
	if err != nil {
		return eq.undecided(err)
	}
	eq.Verdict = Same
	for _, x := range sa {
		for _, y := range sb {
			when := append(append([]sym.Cond(nil), x.when...), y.when...)
			rctx, err := ctx.WithConds(when...)
			if isInconsistent(err) || opposed(x.when, y.when) {
				continue
			}
			if err != nil {
				return eq, err
			}
			r := Region{When: append([]string{}, uniq(condTexts(when))...)}
			needs, err := compareForms(rctx, x, y, &r)
			if err != nil {
				return eq, err
			}
			eq.Regions = append(eq.Regions, r)
			if r.Open == "" {
				continue
			}
			if c.differ(ta, tb, when, &eq) {
				return eq, nil
			}
			eq.Verdict = Unknown
			if len(needs) == 0 {
				// nothing to assume: the forms differ, or a side is
				// undefined, but no binding showed it
				needs = []string{fmt.Sprintf("a decision %s (%s; no binding found where the two differ)", orAll(r.When), r.Open)}
			}
			eq.Needs = append(eq.Needs, needs...)
		}
	}
	eq.Needs = uniq(eq.Needs)
	return eq, nil
}

// undecided answers Unknown where a side's derivation needs more
// assumptions (a *rules.NeedsError: too many cases) or does not check (a
// *Rejection: Equiv proves nothing with it); any other error is bad input.
func (eq *Equivalence) undecided(err error) (Equivalence, error) {
	var needs *rules.NeedsError
	var rej *Rejection
	switch {
	case errors.As(err, &needs):
		eq.Needs = condTexts(needs.Needs)
	case errors.As(err, &rej):
		eq.Needs = []string{"a derivation the checker accepts (" + err.Error() + ")"}
	default:
		return *eq, err
	}
	eq.Verdict, eq.Regions = Unknown, nil
	return *eq, nil
}

// equivTerm parses an operand of Equiv: a layout, or a call whose
// arguments are values.
func equivTerm(src string) (notation.Node, error) {
	n, err := notation.Parse(src)
	if err != nil {
		return nil, err
	}
	switch n := n.(type) {
	case *notation.Layout:
		return n, nil
	case *notation.Call:
		op, ok := catalog.Lookup(n.Name)
		if !ok {
			return nil, fmt.Errorf("%s: unknown operation %q", src, n.Name)
		}
		if op.Result != catalog.ResLayout {
			return nil, fmt.Errorf("%s: %s gives %s, not a layout", src, n.Name, op.Result)
		}
		if len(n.Args) < op.MinArgs || len(n.Args) > len(op.Args) {
			return nil, fmt.Errorf("%s: %s takes %s", src, n.Name, op.Usage())
		}
		for _, x := range n.Args {
			if hasCall(x) {
				return nil, fmt.Errorf("%s: nested calls are not derived yet: give the inner result as a value", src)
			}
		}
		return n, nil
	}
	return nil, fmt.Errorf("%s is not a layout or a call", src)
}

// form is one case of a side: its guards and its coalesced layout (or
// why it has none).
type form struct {
	when   []sym.Cond
	value  string // the call's result (the layout itself for a layout)
	result string // its coalesced form
	err    string
}

// canonical derives a side (a call's cases, each result coalesced) and
// checks every derivation it used.
func (eq *Equivalence) canonical(t notation.Node, assume []string) ([]form, error) {
	type part struct {
		when  []string
		value string
		err   string
	}
	parts := []part{{value: notation.Print(t)}}
	if call, ok := t.(*notation.Call); ok {
		d, err := eq.derive(call.Name, call.Args, assume)
		if err != nil {
			return nil, err
		}
		parts = parts[:0]
		for _, cs := range d.Cases {
			parts = append(parts, part{when: cs.When, value: cs.Result, err: cs.Error})
		}
	}
	var out []form
	for _, p := range parts {
		when, err := parseConds(p.when)
		if err != nil {
			return nil, err
		}
		if p.err != "" {
			out = append(out, form{when: when, err: p.err})
			continue
		}
		arg, err := notation.Parse(p.value)
		if err != nil {
			return nil, err
		}
		if _, ok := arg.(*notation.Layout); !ok {
			return nil, fmt.Errorf("%s is %s, not a layout", notation.Print(t), p.value)
		}
		d, err := eq.derive("coalesce", []notation.Node{arg}, append(append([]string(nil), assume...), p.when...))
		if err != nil {
			return nil, err
		}
		for _, cs := range d.Cases {
			w, err := parseConds(append(append([]string(nil), p.when...), cs.When...))
			if err != nil {
				return nil, err
			}
			out = append(out, form{when: w, value: p.value, result: cs.Result, err: cs.Error})
		}
	}
	return out, nil
}

// derive derives op(args) under the assumptions and checks the
// derivation.
func (eq *Equivalence) derive(op string, args []notation.Node, assume []string) (rules.Derivation, error) {
	req := rules.Request{Op: op, Assume: assume}
	for _, a := range args {
		req.Args = append(req.Args, notation.Print(a))
	}
	d, err := rules.Derive(req)
	if err != nil {
		return d, err
	}
	if err := Check(d); err != nil {
		return d, fmt.Errorf("the derivation of %s(%s) does not check: %w", op, strings.Join(req.Args, ", "), err)
	}
	eq.Derivations = append(eq.Derivations, d)
	return d, nil
}

// compareForms compares two coalesced forms leaf by leaf under ctx (the
// assumptions and the region's guards), filling r; it returns the
// equations it could not decide.
func compareForms(ctx *sym.Ctx, x, y form, r *Region) ([]string, error) {
	switch {
	case x.err != "" && y.err != "":
		r.Undefined = true
		return nil, nil
	case x.err != "":
		r.Open = "A is undefined there: " + x.err
		return nil, nil
	case y.err != "":
		r.Open = "B is undefined there: " + y.err
		return nil, nil
	}
	// the results as the calls give them, then their coalesced forms
	// (CuTe's coalesce keeps the function): the first pair whose leaves
	// all prove equal proves the region; the needs are the undecided
	// equations of the first pair of one rank with none refuted
	var needs []string
	ranked := false
	for _, p := range [][2]string{{x.value, y.value}, {x.result, y.result}} {
		eqs, undecided, open, err := compareLeaves(ctx, p[0], p[1])
		if err != nil {
			return nil, err
		}
		if open == "" {
			r.A, r.B, r.Equal, r.Open = p[0], p[1], eqs, ""
			return nil, nil
		}
		if r.Open == "" || !ranked {
			r.A, r.B, r.Open = p[0], p[1], open
		}
		if len(undecided) > 0 && !ranked {
			needs, ranked = undecided, true
		}
	}
	return needs, nil
}

// compareLeaves compares two layouts leaf by leaf under ctx: the
// equations shown (identical, or proved with certificates re-verified by
// sym.Verify), the undecided ones when none is refuted, and why the two
// are not shown equal ("" when they are).
func compareLeaves(ctx *sym.Ctx, a, b string) ([]rules.Discharged, []string, string, error) {
	la, err := sym.ParseLayout(a)
	if err != nil {
		return nil, nil, "", err
	}
	lb, err := sym.ParseLayout(b)
	if err != nil {
		return nil, nil, "", err
	}
	lx, ly := leaves(la), leaves(lb)
	if len(lx) != len(ly) {
		return nil, nil, fmt.Sprintf("%s and %s have other ranks", a, b), nil
	}
	var eqs []rules.Discharged
	var needs, refuted []string
	for i := range lx {
		c := sym.MakeCond(lx[i], sym.EQ, ly[i])
		if sym.Equal(lx[i], ly[i]) {
			eqs = append(eqs, rules.Discharged{Cond: c.String(), By: "identical"})
			continue
		}
		dec := ctx.Decide(c)
		switch dec.Truth {
		case sym.True:
			certs, err := dec.Certificates()
			if err != nil {
				return nil, nil, "", err
			}
			d := rules.Discharged{Cond: c.String(), By: "proved"}
			for _, ct := range certs {
				if err := sym.Verify(ct); err != nil {
					return nil, nil, "", fmt.Errorf("the certificate of %s does not verify: %w", c, err)
				}
				raw, err := json.Marshal(ct)
				if err != nil {
					return nil, nil, "", err
				}
				d.Certificates = append(d.Certificates, raw)
			}
			eqs = append(eqs, d)
		case sym.False:
			refuted = append(refuted, c.String())
		default:
			needs = append(needs, c.String())
		}
	}
	switch {
	case len(refuted) > 0:
		return eqs, nil, fmt.Sprintf("%s and %s: refuted %s", a, b, strings.Join(refuted, ", ")), nil
	case len(needs) > 0:
		return eqs, needs, fmt.Sprintf("%s and %s: undecided %s", a, b, strings.Join(needs, ", ")), nil
	}
	return eqs, nil, "", nil
}

// leaves lists a layout's shape leaves then its stride leaves: two
// layouts with equal lists are the same function (a layout's function
// depends only on its flattened shape and stride).
func leaves(l sym.Layout) []sym.Expr {
	add := func(out []sym.Expr, i sym.Int) []sym.Expr { return append(out, i.E) }
	return tuple.Fold(l.Stride, tuple.Fold(l.Shape, []sym.Expr(nil), add), add)
}

// ValueAt evaluates a term (a Line's, a step's claim) at a binding with
// package concrete in CuTe mode: the symbols as run-time integers, or,
// where CuTe refuses that (a dynamic stride it needs static), as static
// ones. A term without symbols needs no binding.
func ValueAt(t notation.Node, b sym.Binding) (concrete.Value, error) {
	v, err := evalAt(t, b, false)
	if err != nil {
		if s, errS := evalAt(t, b, true); errS == nil {
			return s, nil
		}
	}
	return v, err
}

// differ searches the assumptions and conds for a binding where
// package concrete evaluates a and b differently (valueAt), and fills eq
// with it (a binding where both are undefined, or where either leaves
// int64, sym.OutOfRange, is no difference).
func (c *checker) differ(a, b notation.Node, conds []sym.Cond, eq *Equivalence) bool {
	// small values first (the smallest difference reads best); no
	// sampled binding (err): the box is all there is to refute with
	box, _ := c.smallBox(conds)
	bs, _ := c.sample(conds, caseSamples)
	for _, bd := range append(box, bs...) {
		if c.ctx.Satisfies(bd) != nil || !holdsAll(conds, bd) {
			continue
		}
		x, errX := ValueAt(a, bd)
		y, errY := ValueAt(b, bd)
		var why string
		index := int64(-1)
		switch {
		case errX != nil && errY != nil, sym.OutOfRange(errX), sym.OutOfRange(errY):
			continue // both undefined, or beyond int64: outside the domain
		case errX != nil:
			why = fmt.Sprintf("%s is undefined there: %v", notation.Print(a), errX)
		case errY != nil:
			why = fmt.Sprintf("%s is undefined there: %v", notation.Print(b), errY)
		default:
			err := sameFunction(x, y, false)
			if err == nil || sym.OutOfRange(err) {
				continue
			}
			var m *mismatch
			if errors.As(err, &m) {
				index = m.index
			}
			why = err.Error()
		}
		eq.Verdict, eq.Binding, eq.Index, eq.Why = Differ, bd, index, why
		eq.Regions, eq.Derivations, eq.Needs = nil, nil, nil
		return true
	}
	return false
}

func condTexts(cs []sym.Cond) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.String()
	}
	return out
}

func orAll(when []string) string {
	if len(when) == 0 {
		return "everywhere"
	}
	return "where " + strings.Join(when, " && ")
}
