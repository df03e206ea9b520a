package concrete

import "fmt"

// Option configures one operation call.
type Option struct {
	strict   bool
	warnings *[]string
	ws       *Workspace
}

// StrictMode makes an operation refuse (an *Error of kind Violation naming
// the condition and a witness) where CuTe mode would return CuTe's value
// with a warning.
func StrictMode() Option { return Option{strict: true} }

// CollectWarnings appends to *dst the warnings of an operation in CuTe mode:
// each names a documented post-condition (or precondition) that CuTe's value
// breaks, with a witness. A call without this option drops warnings.
func CollectWarnings(dst *[]string) Option { return Option{warnings: dst} }

// calc carries the mode of one operation call through the algorithm.
type calc struct {
	strict   bool
	warnings *[]string
	ws       *Workspace // where built layouts take their nodes (nil: the heap)
	// noTwin turns off a composition's all-static-twin check: set for a
	// composition inside an operation whose own twin is checked as a whole
	// (the inner operands of a product are derived from the dynamic values,
	// so their twin is not the twin of the user's call).
	noTwin bool
}

func newCalc(opts []Option) calc {
	var c calc
	for _, o := range opts {
		if o.strict {
			c.strict = true
		}
		if o.warnings != nil {
			c.warnings = o.warnings
		}
		if o.ws != nil {
			c.ws = o.ws
		}
	}
	return c
}

// violated reports a broken documented condition: an error in strict mode,
// a warning (CuTe's value stands) in CuTe mode.
func (c *calc) violated(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if c.strict {
		throw(&Error{Kind: Violation, Msg: msg})
	}
	if c.warnings != nil {
		*c.warnings = append(*c.warnings, msg)
	}
}
