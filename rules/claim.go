package rules

import (
	"slices"

	"github.com/cutealg/cutealg/internal/catalog"
	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/sym"
)

// Claims: what a step states, as an equation between two terms of the
// notation (see Step). A term is a layout, an integer or tuple, a tiler,
// a call of a catalogue operation over terms, or a tuple of terms (the
// layout whose modes they are, CuTe's make_layout of layouts).

// last is the index of the latest step of the run.
func (w *world) last() int { return len(w.steps) - 1 }

// claim records that step i states before == after; the step's rule
// declares what its claims are about.
func (w *world) claim(i int, before, after notation.Node) {
	r, _ := w.set.Rule(w.steps[i].Rule)
	what := "layout"
	if c, ok := before.(*notation.Call); ok {
		what = c.Name
	}
	if !slices.Contains(r.Claims, what) && !slices.Contains(r.Claims, "request") {
		panic("rules: internal error: rule " + r.ID + " claims " + what)
	}
	w.steps[i].before, w.steps[i].after = before, after
}

// call is the term name(args...).
func call(name string, args ...notation.Node) notation.Node {
	return &notation.Call{Name: name, Args: args}
}

// terms is the tuple of terms ns: the layout whose modes they are.
func terms(ns ...notation.Node) notation.Node { return &notation.Tuple{Elems: ns} }

// flatNode is the layout of flat modes as a term.
func flatNode(ms []mode) notation.Node { return modesLayout(ms).Node() }

// valueNode is a value of the catalogue as a term.
func valueNode(v sym.Value) notation.Node {
	switch v.Kind {
	case catalog.Layout:
		return v.Layout.Node()
	case catalog.Tiler:
		return sym.TilerNode(v.Tiler)
	}
	return sym.TupleNode(v.Tuple)
}

// answer closes a run whose steps did not claim the request itself: the
// step op.answer states request == value, the value the steps assembled.
func (w *world) answer(req notation.Node, v sym.Value) {
	text := notation.Print(req)
	for i := range w.steps {
		if b := w.steps[i].before; b != nil && notation.Print(b) == text {
			return
		}
	}
	w.step("op.answer", "the request", nil)
	w.claim(w.last(), req, valueNode(v))
}
