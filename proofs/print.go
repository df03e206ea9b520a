package proofs

import (
	"fmt"
	"strings"

	"github.com/cutealg/cutealg/rules"
)

// Format prints a derivation in the documentation's style: the call and
// its assumptions, then for each case its guards, the numbered rule
// applications (what the step does, the rule and the seed passage it
// mirrors, the values it bound, the conditions it decided) and the
// outcome.
func Format(d rules.Derivation) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s(%s)\n", d.Op, strings.Join(d.Args, ", "))
	if len(d.Assume) > 0 {
		fmt.Fprintf(&b, "assuming %s\n", strings.Join(d.Assume, " && "))
	}
	for ci, c := range d.Cases {
		indent := ""
		if len(d.Cases) > 1 || len(c.When) > 0 {
			fmt.Fprintf(&b, "\nCase %d: %s\n", ci+1, whenText(c.When))
			indent = "  "
		}
		for i, s := range c.Steps {
			fmt.Fprintf(&b, "%s%d. %s.\n", indent, i+1, strings.TrimSuffix(s.Says, "."))
			fmt.Fprintf(&b, "%s   [%s v%d at %s; %s]\n", indent, s.Rule, s.Version, s.At, s.Doc)
			if len(s.Bind) > 0 {
				fmt.Fprintf(&b, "%s   with %s\n", indent, withText(s.Bind))
			}
			for _, c := range s.Checked {
				fmt.Fprintf(&b, "%s   - %s: %s\n", indent, c.Cond, c.By)
			}
		}
		if c.Error != "" {
			fmt.Fprintf(&b, "%s= error: %s\n", indent, c.Error)
		} else {
			fmt.Fprintf(&b, "%s= %s\n", indent, c.Result)
		}
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
