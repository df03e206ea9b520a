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
	for _, l := range Lines(d) {
		b.WriteString(l.Text)
		b.WriteByte('\n')
	}
	return b.String()
}

// Line is one line of a derivation as Format prints it (without its
// newline), with the term it shows, if any: for a numbered line the whole
// term it states equal to the request, for a bullet that rewrites a part
// the part's new form, for an outcome line the case's result; nil for the
// other lines (the request, the rules and conditions, the cases).
type Line struct {
	Text string
	Term notation.Node
	// When holds the guards of the case the line belongs to (nil for the
	// lines every case shares).
	When []string
}

// Lines returns the lines of Format(d), each with the term it shows (see
// Line), so that a derivation can be drawn step by step (cute derive
// -html).
func Lines(d rules.Derivation) []Line {
	var out []Line
	req := &notation.Call{Name: d.Op}
	for _, a := range d.Args {
		n, err := notation.Parse(a)
		if err != nil {
			n = &notation.Sym{Name: a}
		}
		req.Args = append(req.Args, n)
	}
	out = append(out, Line{Text: notation.PrintDocs(req)})
	if len(d.Assume) > 0 {
		out = append(out, Line{Text: "assuming " + strings.Join(d.Assume, " && ")})
	}
	var start notation.Node = req
	if n, err := normalize(req); err == nil {
		start = n
	}
	w := &docWriter{out: &out, open: []notation.Node{start}}
	if len(d.Cases) == 1 && len(d.Cases[0].When) == 0 && len(d.Cases[0].From) == 0 {
		c := d.Cases[0]
		for _, s := range c.Steps {
			w.step(s, "")
		}
		w.outcome(c, "")
		return out
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
	return out
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
	out     *[]Line
	open    []notation.Node
	n       int
	prefix  string   // the case's label, for the numbers inside a case
	when    []string // the case's guards
	pending bool
}

// line appends a line showing term (or nil) to the output.
func (w *docWriter) line(term notation.Node, format string, args ...any) {
	*w.out = append(*w.out, Line{Text: fmt.Sprintf(format, args...), Term: term, When: w.when})
}

func (w *docWriter) fork() *docWriter {
	x := *w
	x.open = append([]notation.Node(nil), w.open...)
	return &x
}

func (w *docWriter) writeCase(c rules.Case, label string, skip int) {
	w.when = c.When
	w.line(nil, "%s. Case %s:", label, whenText(c.When))
	if len(c.From) > 0 {
		w.line(nil, "%s  (one outcome serves the cases it merges)", strings.Repeat(" ", len(label)))
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
	w.line(w.open[0], "%s%s = %s. By the steps above.", indent, w.number(), notation.PrintDocs(w.open[0]))
}

func (w *docWriter) step(s rules.Step, indent string) {
	before, after, ok := claimTerms(s)
	switch {
	case ok && len(w.open) == 1 && same(before, w.open[0]) && !same(before, after):
		// the whole term rewritten: a numbered line
		w.flush(indent)
		w.open[0] = after
		label := w.number()
		w.line(after, "%s%s = %s. %s.", indent, label, notation.PrintDocs(after), sentence(s.Says))
		w.meta(s, indent+strings.Repeat(" ", len(label)+1))
	case ok:
		w.rewrite(before, after)
		w.line(after, "%s   * %s => %s. %s.", indent, notation.PrintDocs(before), notation.PrintDocs(after), sentence(s.Says))
		w.meta(s, indent+"     ")
	default:
		w.line(nil, "%s   * %s.", indent, sentence(s.Says))
		w.meta(s, indent+"     ")
	}
}

// rewrite follows a claim about a part: it rewrites the next call of the
// top term, or opens a lemma; a layout restated is replaced where the top
// term holds it; terms left without calls close.
func (w *docWriter) rewrite(before, after notation.Node) {
	top := len(w.open) - 1
	if _, isCall := before.(*notation.Call); !isCall {
		if t, ok := replaceLayout(w.open[top], notation.Print(before), after, false, nil); ok {
			w.open[top] = t
		}
		return
	}
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
	w.line(nil, "%s[%s v%d at %s; %s]", pad, s.Rule, s.Version, s.At, s.Doc)
	if len(s.Bind) > 0 {
		w.line(nil, "%swith %s", pad, withText(s.Bind))
	}
	for _, c := range s.Checked {
		w.line(nil, "%s- %s: %s", pad, c.Cond, c.By)
	}
}

func (w *docWriter) outcome(c rules.Case, indent string) {
	w.flush(indent)
	if c.Error != "" {
		w.line(nil, "%s= error: %s", indent, c.Error)
		return
	}
	var result notation.Node
	if n, err := notation.Parse(c.Result); err == nil {
		result = n
	}
	w.line(result, "%s= %s", indent, c.Result)
	for _, x := range c.Warnings {
		w.line(nil, "%s  warning: %s", indent, x)
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
