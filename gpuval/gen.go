package gpuval

import (
	"errors"
	"fmt"
	"strings"

	"github.com/cutealg/cutealg/concrete"
	"github.com/cutealg/cutealg/props"
)

// Generate draws n property cases for the harness from the project's one
// set of generators, props.CaseAt's stream for seed over every catalogue
// operation and flavor (admissible cases, and one round in four built to
// break a precondition). A case whose arguments or result do not fit
// CuTe's int is left out (nothing to compare), and so is a case that
// package concrete expects CuTe to refuse at compile time beyond
// MaxRefusals per operation and refusal (each refused type is compiled
// alone). At most 4n cases of the stream are looked at. The result is
// deterministic in seed. IDs are "gen-<i>", i the case's index in the
// stream; each case is mostly its own C++ type.
func Generate(seed uint64, n int) []Case {
	ops, flavors := props.Ops(), props.Flavors()
	refusals := map[string]int{}
	var out []Case
	for i := 0; len(out) < n && i < 4*n; i++ {
		c := props.CaseAt(seed, i, ops, flavors)
		if !fitsInt(c.Args) || !fitsCuTe(c.Op, c.Args) {
			continue // beyond CuTe's int: nothing to compare
		}
		if msg, refused := refusedBy(c.Op, c.Args); refused {
			key := c.Op + "|" + strings.Map(func(r rune) rune {
				if r >= '0' && r <= '9' {
					return -1
				}
				return r
			}, msg)
			if refusals[key] == MaxRefusals {
				continue
			}
			refusals[key]++
		}
		out = append(out, Case{ID: fmt.Sprintf("gen-%d", i), Op: c.Op, Args: c.Args, Source: "generated"})
	}
	return out
}

// MaxRefusals is the number of generated cases kept per operation and
// compile-time refusal of package concrete.
const MaxRefusals = 2

// refusedBy reports whether package concrete refuses the call at compile
// time, and the refusal.
func refusedBy(op string, args []string) (string, bool) {
	_, err := concrete.ApplyText(op, args)
	var ce *concrete.Error
	if errors.As(err, &ce) && ce.Kind == concrete.Refused {
		return ce.Msg, true
	}
	return "", false
}
