package proofs

import (
	"fmt"
	"strings"

	"github.com/cutealg/cutealg/rules"
)

// Format prints a derivation in the documentation's style: the call and
// its assumptions, the numbered rule applications (what the step does,
// the rule and the seed passage it mirrors, the values it bound, the
// conditions it decided) and the outcome. Where the answer splits, the
// steps all cases share are printed once, then each case as "Na. Case
// GUARDS:" with its own steps and outcome.
func Format(d rules.Derivation) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s(%s)\n", d.Op, strings.Join(d.Args, ", "))
	if len(d.Assume) > 0 {
		fmt.Fprintf(&b, "assuming %s\n", strings.Join(d.Assume, " && "))
	}
	if len(d.Cases) == 1 && len(d.Cases[0].When) == 0 {
		c := d.Cases[0]
		for i, s := range c.Steps {
			writeStep(&b, "", fmt.Sprintf("%d.", i+1), s)
		}
		writeOutcome(&b, "", c)
		return b.String()
	}
	// the steps every case shares
	p := len(d.Cases[0].Steps)
	for _, c := range d.Cases[1:] {
		k := 0
		for k < p && k < len(c.Steps) && signature(c.Steps[k]) == signature(d.Cases[0].Steps[k]) {
			k++
		}
		p = k
	}
	for i, s := range d.Cases[0].Steps[:p] {
		writeStep(&b, "", fmt.Sprintf("%d.", i+1), s)
	}
	for ci, c := range d.Cases {
		label := fmt.Sprintf("%d%s.", p+1, caseLetter(ci))
		fmt.Fprintf(&b, "%s Case %s:\n", label, whenText(c.When))
		for _, s := range c.Steps[p:] {
			writeStep(&b, "   ", "-", s)
		}
		writeOutcome(&b, "   ", c)
	}
	return b.String()
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
	fmt.Fprintf(&b, "%s|%s|%s", s.Rule, s.At, rules.BindText(s.Bind))
	for _, c := range s.Checked {
		fmt.Fprintf(&b, "|%s:%s", c.Cond, c.By)
	}
	return b.String()
}

func writeStep(b *strings.Builder, indent, label string, s rules.Step) {
	fmt.Fprintf(b, "%s%s %s.\n", indent, label, strings.TrimSuffix(s.Says, "."))
	pad := indent + strings.Repeat(" ", len(label)+1)
	fmt.Fprintf(b, "%s[%s v%d at %s; %s]\n", pad, s.Rule, s.Version, s.At, s.Doc)
	if len(s.Bind) > 0 {
		fmt.Fprintf(b, "%swith %s\n", pad, withText(s.Bind))
	}
	for _, c := range s.Checked {
		fmt.Fprintf(b, "%s- %s: %s\n", pad, c.Cond, c.By)
	}
}

func writeOutcome(b *strings.Builder, indent string, c rules.Case) {
	if c.Error != "" {
		fmt.Fprintf(b, "%s= error: %s\n", indent, c.Error)
		return
	}
	fmt.Fprintf(b, "%s= %s\n", indent, c.Result)
	for _, w := range c.Warnings {
		fmt.Fprintf(b, "%s  warning: %s\n", indent, w)
	}
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
