package proofs

import (
	"fmt"
	"strings"

	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/rules"
)

// Format prints a derivation in the documentation's style: the request as
// a term (`(10,2):(16,4) o (5,4):(1,5)`, compositions as the docs' A o B),
// then the chain of its steps. A step that rewrites the whole term is
// numbered and prints the term it gives: `2. = ((10,2):(16,4) o 5:1,
// (10,2):(16,4) o 4:5). What the rule says.`; the steps that compute its
// parts (a sub-term rewritten, `* (10,2):(16,4) o 5:1 => (5,1):(16,4).
// ...`, or values of the algorithm's state, with their lets) are bullets
// under it, and the term they assemble is numbered again (`3. = ((5,1):(16,4),
// (2,2):(80,4)). By the steps above.`). Each step names its rule, version
// and the seed passage it mirrors, and lists the conditions it decided.
// Where the answer splits, the steps all cases share are printed once,
// then each case as `Na. Case GUARDS:` with its own steps (labelled Na.1,
// Na.2, ...) and outcome; a case merged from others lists them as
// `Na.1. Case ...` in turn.
func Format(d rules.Derivation) string {
	var b strings.Builder
	req := &notation.Call{Name: d.Op}
	for _, a := range d.Args {
		n, err := notation.Parse(a)
		if err != nil {
			n = &notation.Sym{Name: a}
		}
		req.Args = append(req.Args, n)
	}
	fmt.Fprintf(&b, "%s\n", notation.PrintDocs(req))
	if len(d.Assume) > 0 {
		fmt.Fprintf(&b, "assuming %s\n", strings.Join(d.Assume, " && "))
	}
	var start notation.Node = req
	if n, err := normalize(req); err == nil {
		start = n
	}
	w := &docWriter{b: &b, open: []notation.Node{start}}
	if len(d.Cases) == 1 && len(d.Cases[0].When) == 0 && len(d.Cases[0].From) == 0 {
		c := d.Cases[0]
		for _, s := range c.Steps {
			w.step(s, "")
		}
		w.outcome(c, "")
		return b.String()
	}
	// the steps every case shares
	p := sharedPrefix(d.Cases)
	for _, s := range d.Cases[0].Steps[:p] {
		w.step(s, "")
	}
	w.flush("")
	for ci, c := range d.Cases {
		label := fmt.Sprintf("%d%s", w.n+1, caseLetter(ci))
		w.fork().writeCase(c, label, p)
	}
	return b.String()
}

// sharedPrefix is the number of leading steps every case has alike (none
// when a case was merged from others).
func sharedPrefix(cs []rules.Case) int {
	p := len(cs[0].Steps)
	for _, c := range cs {
		if len(c.From) > 0 {
			return 0
		}
		k := 0
		for k < p && k < len(c.Steps) && signature(c.Steps[k]) == signature(cs[0].Steps[k]) {
			k++
		}
		p = k
	}
	return p
}

// docWriter prints the chain of a case: the terms open (the request at
// the bottom, lemmas above), the last number given and whether the term
// changed since it was printed.
type docWriter struct {
	b       *strings.Builder
	open    []notation.Node
	n       int
	prefix  string // the case's label, for the numbers inside a case
	pending bool
}

func (w *docWriter) fork() *docWriter {
	x := *w
	x.open = append([]notation.Node(nil), w.open...)
	return &x
}

func (w *docWriter) writeCase(c rules.Case, label string, skip int) {
	fmt.Fprintf(w.b, "%s. Case %s:\n", label, whenText(c.When))
	if len(c.From) > 0 {
		fmt.Fprintf(w.b, "%s  (one outcome serves the cases it merges)\n", strings.Repeat(" ", len(label)))
		for k, f := range c.From {
			w.fork().writeCase(f, fmt.Sprintf("%s.%d", label, k+1), skip)
		}
		w.outcome(c, strings.Repeat(" ", len(label)+2))
		return
	}
	w.prefix, w.n = label+".", 0
	ind := strings.Repeat(" ", len(label)+2)
	for _, s := range c.Steps[skip:] {
		w.step(s, ind)
	}
	w.outcome(c, ind)
}

// number gives the next label of a numbered line.
func (w *docWriter) number() string {
	w.n++
	return fmt.Sprintf("%s%d.", w.prefix, w.n)
}

// flush prints the term the bullets assembled, if it changed.
func (w *docWriter) flush(indent string) {
	if !w.pending {
		return
	}
	w.pending = false
	fmt.Fprintf(w.b, "%s%s = %s. By the steps above.\n", indent, w.number(), notation.PrintDocs(w.open[0]))
}

func (w *docWriter) step(s rules.Step, indent string) {
	before, after, ok := claimTerms(s)
	switch {
	case ok && len(w.open) == 1 && same(before, w.open[0]) && !same(before, after):
		// the whole term rewritten: a numbered line
		w.flush(indent)
		w.open[0] = after
		label := w.number()
		fmt.Fprintf(w.b, "%s%s = %s. %s.\n", indent, label, notation.PrintDocs(after), sentence(s.Says))
		w.meta(s, indent+strings.Repeat(" ", len(label)+1))
	case ok:
		w.rewrite(before, after)
		fmt.Fprintf(w.b, "%s   * %s => %s. %s.\n", indent, notation.PrintDocs(before), notation.PrintDocs(after), sentence(s.Says))
		w.meta(s, indent+"     ")
	default:
		fmt.Fprintf(w.b, "%s   * %s.\n", indent, sentence(s.Says))
		w.meta(s, indent+"     ")
	}
}

// rewrite follows a claim about a part: it rewrites the next call of the
// top term, or opens a lemma; terms left without calls close.
func (w *docWriter) rewrite(before, after notation.Node) {
	if _, isCall := before.(*notation.Call); !isCall {
		return
	}
	top := len(w.open) - 1
	if r := nextCall(w.open[top]); r != nil && same(r, before) {
		w.open[top] = replaceNode(w.open[top], r, after)
		w.pending = w.pending || top == 0 && !same(before, after)
	} else {
		w.open = append(w.open, after)
	}
	for len(w.open) > 1 && !hasCall(w.open[len(w.open)-1]) {
		w.open = w.open[:len(w.open)-1]
	}
}

// same reports whether two terms are the same term (see normalize).
func same(a, b notation.Node) bool {
	x, err1 := normalize(a)
	y, err2 := normalize(b)
	return err1 == nil && err2 == nil && notation.Print(x) == notation.Print(y)
}

// replaceNode replaces the node old (by identity) in t by by.
func replaceNode(t, old, by notation.Node) notation.Node {
	if t == old {
		return by
	}
	switch n := t.(type) {
	case *notation.Call:
		args := make([]notation.Node, len(n.Args))
		for i, a := range n.Args {
			args[i] = replaceNode(a, old, by)
		}
		return &notation.Call{P: n.P, Name: n.Name, Args: args}
	case *notation.Tuple:
		elems := make([]notation.Node, len(n.Elems))
		for i, e := range n.Elems {
			elems[i] = replaceNode(e, old, by)
		}
		return &notation.Tuple{P: n.P, Elems: elems, Angle: n.Angle}
	}
	return t
}

// claimTerms parses a step's claim (unnormalized, to print as the engine
// wrote it).
func claimTerms(s rules.Step) (before, after notation.Node, ok bool) {
	if s.Before == "" {
		return nil, nil, false
	}
	b, err1 := notation.Parse(s.Before)
	a, err2 := notation.Parse(s.After)
	if err1 != nil || err2 != nil {
		return nil, nil, false
	}
	return b, a, true
}

// sentence is the rule's says text without its final period (its case
// kept: it may start with a variable).
func sentence(s string) string { return strings.TrimSuffix(s, ".") }

func (w *docWriter) meta(s rules.Step, pad string) {
	fmt.Fprintf(w.b, "%s[%s v%d at %s; %s]\n", pad, s.Rule, s.Version, s.At, s.Doc)
	if len(s.Bind) > 0 {
		fmt.Fprintf(w.b, "%swith %s\n", pad, withText(s.Bind))
	}
	for _, c := range s.Checked {
		fmt.Fprintf(w.b, "%s- %s: %s\n", pad, c.Cond, c.By)
	}
}

func (w *docWriter) outcome(c rules.Case, indent string) {
	w.flush(indent)
	if c.Error != "" {
		fmt.Fprintf(w.b, "%s= error: %s\n", indent, c.Error)
		return
	}
	fmt.Fprintf(w.b, "%s= %s\n", indent, c.Result)
	for _, x := range c.Warnings {
		fmt.Fprintf(w.b, "%s  warning: %s\n", indent, x)
	}
}

// caseLetter names case i: a, b, ..., z, aa, ab, ...
func caseLetter(i int) string {
	if i < 26 {
		return string(rune('a' + i))
	}
	return caseLetter(i/26-1) + string(rune('a'+i%26))
}

// signature identifies a step for the shared prefix of the cases.
func signature(s rules.Step) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s|%s|%s|%s|%s", s.Rule, s.At, rules.BindText(s.Bind), s.Before, s.After)
	for _, c := range s.Checked {
		fmt.Fprintf(&b, "|%s:%s", c.Cond, c.By)
	}
	return b.String()
}

func whenText(w []string) string {
	if len(w) == 0 {
		return "always"
	}
	return strings.Join(w, " && ")
}

// withText prints a step's bindings as "name = value, ..." in name order.
func withText(bind map[string]string) string {
	parts := strings.Fields(rules.BindText(bind))
	for i, p := range parts {
		k, v, _ := strings.Cut(p, "=")
		parts[i] = k + " = " + v
	}
	return strings.Join(parts, ", ")
}
