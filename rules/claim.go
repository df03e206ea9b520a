package rules

import (
	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/sym"
)

// Claims: what a step states, as an equation between two terms of the
// notation (see Step). A term is a layout, an integer or tuple, a tiler,
// a call of a catalogue operation over terms, or a tuple of terms (the
// layout whose modes they are, CuTe's make_layout of layouts).

// last is the index of the latest step of the run.
func (w *world) last() int { return len(w.steps) - 1 }

// claim records that step i states before == after: f builds the two
// terms when the derivation is printed (see Step.fill), so that an answer
// asked without its derivation does not pay for them.
func (w *world) claim(i int, f func() (before, after notation.Node)) {
	w.steps[i].claimed = f
	w.steps[i].common = w.common < 0
}

// call is the term name(args...).
func call(name string, args ...notation.Node) notation.Node {
	return &notation.Call{Name: name, Args: args}
}

// terms is the tuple of terms ns: the layout whose modes they are.
func terms(ns ...notation.Node) notation.Node { return &notation.Tuple{Elems: ns} }

// flatNode is the layout of flat modes as a term.
func flatNode(ms []mode) notation.Node { return modesLayout(ms).Node() }

// answer closes a run whose steps did not claim the request itself (its
// first claim is about another term, and no step closed it: world.closed):
// the step op.answer states request ==
// value, the value the steps assembled. reqText is req printed.
func (w *world) answer(req notation.Node, reqText string, v sym.Value) {
	if (w.closed == nil || notation.Print(w.closed) != reqText) && !w.claimsRequest(reqText) {
		w.step("op.answer", "the request", nil)
		w.claim(w.last(), func() (notation.Node, notation.Node) { return req, v.Node() })
	}
}

// firstClaim is what the runs of an answer know of a first claim made
// before any split: whether it is about the request.
type firstClaim struct {
	known, aboutRequest bool
}

// claimsRequest reports whether the first claim of the run is about the
// request (reqText, printed). A first claim made before the run's first
// split is every run's (the runs make the same steps and claims until
// then): the first run to ask builds and prints it, the others read its
// answer.
func (w *world) claimsRequest(reqText string) bool {
	for i := range w.steps {
		f := w.steps[i].claimed
		if f == nil {
			continue
		}
		shared := w.steps[i].common
		if shared && w.first.known {
			return w.first.aboutRequest
		}
		b, _ := f()
		about := notation.Print(b) == reqText
		if shared {
			w.first.known, w.first.aboutRequest = true, about
		}
		return about
	}
	return false
}
