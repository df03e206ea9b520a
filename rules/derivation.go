package rules

import "github.com/cutealg/cutealg/sym"

// Derivation is the record of a symbolic answer: the request, and for each
// case its guards, its outcome and the rule applications that computed it.
// Its JSON form (encoding/json, the field names below) is stable.
type Derivation struct {
	Op      string   `json:"op"`
	Args    []string `json:"args"`
	Assume  []string `json:"assume"`
	Dynamic bool     `json:"dynamic,omitempty"` // CuTe with the symbols as run-time integers (Request.Dynamic)
	Cases   []Case   `json:"cases"`
}

// Case is one case of a derivation. A case made by merging cases whose
// outcome is one function under their guards has no steps: From holds the
// cases merged, each with its guards (the case's and one more condition,
// or its negation), outcome and steps.
type Case struct {
	When     []string `json:"when"`
	Result   string   `json:"result,omitempty"`
	Error    string   `json:"error,omitempty"`
	Warnings []string `json:"warnings,omitempty"` // dynamic mode: post-conditions CuTe's value may break
	Steps    []Step   `json:"steps"`
	From     []Case   `json:"from,omitempty"`
}

// Derive computes a request and returns its derivation.
func Derive(req Request) (Derivation, error) {
	a, err := Compute(req)
	if err != nil {
		return Derivation{}, err
	}
	return a.Derivation(req), nil
}

// Derivation returns the derivation of an answer to req.
func (a Answer[T]) Derivation(req Request) Derivation {
	d := Derivation{Op: req.Op, Args: append([]string{}, req.Args...), Assume: append([]string{}, req.Assume...), Dynamic: req.Dynamic}
	for _, b := range a.Branches {
		d.Cases = append(d.Cases, caseOf(b))
	}
	return d
}

func caseOf[T any](b Branch[T]) Case {
	for i := range b.Steps {
		b.Steps[i].fill()
	}
	c := Case{When: []string{}, Steps: b.Steps, Warnings: b.Warnings}
	if c.Steps == nil {
		c.Steps = []Step{}
	}
	for _, g := range b.Guards {
		c.When = append(c.When, g.String())
	}
	if b.Err != nil {
		c.Error = b.Err.Error()
	} else if v, ok := any(b.Value).(sym.Value); ok {
		c.Result = v.String()
	}
	for _, f := range b.From {
		c.From = append(c.From, caseOf(f))
	}
	return c
}
