package proofs

import (
	"fmt"
	"slices"

	"github.com/cutealg/cutealg/rules"
)

// mergedGuards checks the guards of a merged case against those of the
// two cases it was merged from, as the engine records a merge
// (rules.Case: each case merged holds the case's guards and one more
// condition, or its negation): exactly two cases, each with the case's
// guards in their order and one condition more, the two conditions a
// condition and its negation. The guards of a merged case are so
// re-derived from its cases: a guard dropped from it, though implied by
// the others (M%4==0 gives M>=4 for a positive M), is refused.
func mergedGuards(cs rules.Case) error {
	if len(cs.From) != 2 {
		return fmt.Errorf("merged from %d cases, not two", len(cs.From))
	}
	var more [2]string
	for k, f := range cs.From {
		i := 0
		for i < len(cs.When) && i < len(f.When) && f.When[i] == cs.When[i] {
			i++
		}
		if len(f.When) != len(cs.When)+1 || !slices.Equal(f.When[i+1:], cs.When[i:]) {
			return fmt.Errorf("merged from case %c, whose guards are not the case's and one condition more", 'a'+k)
		}
		more[k] = f.When[i]
	}
	x, err := parseConds(more[:1])
	if err != nil {
		return err
	}
	y, err := parseConds(more[1:])
	if err != nil {
		return err
	}
	if !opposed(x, y) {
		return fmt.Errorf("the cases it was merged from add %s and %s, not a condition and its negation", more[0], more[1])
	}
	return nil
}
