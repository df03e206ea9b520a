package concrete

import "fmt"

// Option configures one operation call. (Each sets one thing: an option
// with a workspace sets nothing else, which the exported operations' lane
// relies on; see run.)
type Option struct {
	strict     bool
	warnings   *[]string
	violations *[]Violation
	ws         *Workspace
	noPlan     bool
}

// StrictMode makes an operation refuse (an *Error of kind Violated naming
// the condition and a witness, whose cause is the *Violation) where CuTe mode would return CuTe's value
// with a warning.
func StrictMode() Option { return Option{strict: true} }

// CollectWarnings appends to *dst the warnings of an operation in CuTe mode:
// each names a documented post-condition (or precondition) that CuTe's value
// breaks, with a witness. A call without this option drops warnings.
func CollectWarnings(dst *[]string) Option { return Option{warnings: dst} }

// CollectViolations appends to *dst the conditions CuTe's value breaks in
// CuTe mode, as values (the warnings of CollectWarnings are their Msg).
func CollectViolations(dst *[]Violation) Option { return Option{violations: dst} }

// NoPlanner makes an operation run its CuTe transcription even where the
// planner (see plan.go) could replay a plan: the switch that turns the
// planner off. Results, errors and warnings are the same either way (the
// planner's differential tests check it); only the speed differs.
func NoPlanner() Option { return Option{noPlan: true} }

// calc carries the mode of one operation call through the algorithm.
type calc struct {
	strict     bool
	warnings   *[]string
	violations *[]Violation
	ws         *Workspace // where replayed results take their nodes (nil: the heap)
	// noTwin turns off a composition's all-static-twin check: set for a
	// composition inside an operation whose own twin is checked as a whole
	// (the inner operands of a product are derived from the dynamic values,
	// so their twin is not the twin of the user's call).
	noTwin bool
	// noPlan makes the call run the engine even where a plan could be
	// replayed (tests compare the two; see plan.go).
	noPlan bool
}

// apply sets the options opts in c. (Callers declare a calc and apply
// options to it rather than receive one: a calc is written field by field
// and then read as a whole, and a copy right after narrow stores stalls the
// processor's store forwarding.)
func (c *calc) apply(opts []Option) {
	for _, o := range opts {
		if o.strict {
			c.strict = true
		}
		if o.warnings != nil {
			c.warnings = o.warnings
		}
		if o.violations != nil {
			c.violations = o.violations
		}
		if o.ws != nil {
			c.ws = o.ws
		}
		if o.noPlan {
			c.noPlan = true
		}
	}
}

// violated reports the broken documented condition v, whose Msg is set
// from format and args: an error in strict mode, a warning (CuTe's value
// stands) in CuTe mode.
func (c *calc) violated(v Violation, format string, args ...any) {
	v.Msg = fmt.Sprintf(format, args...)
	if c.strict {
		throw(&Error{Kind: Violated, Msg: v.Msg, Err: &v})
	}
	if c.warnings != nil {
		*c.warnings = append(*c.warnings, v.Msg)
	}
	if c.violations != nil {
		*c.violations = append(*c.violations, v)
	}
}
