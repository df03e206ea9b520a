package sym

import (
	"fmt"
	"strings"
)

// Truth is a three-valued answer. Unknown (the zero value) means the
// procedure could decide neither way: it never means false.
type Truth int8

// The three answers.
const (
	Unknown Truth = 0
	True    Truth = 1
	False   Truth = -1
)

func (t Truth) String() string {
	switch t {
	case True:
		return "true"
	case False:
		return "false"
	}
	return "unknown"
}

// ClaimOp is the relation a certificate is about.
type ClaimOp uint8

// The claims. A is the left operand, B the right one.
const (
	ClaimDivides    ClaimOp = iota // A divides B: B/A is an integer (0 divides only 0)
	ClaimNotDivides                // A does not divide B
	ClaimEq                        // A == B
	ClaimNe                        // A != B
	ClaimLt                        // A < B
	ClaimLe                        // A <= B
)

var claimText = [...]string{ClaimDivides: "divides", ClaimNotDivides: "does not divide", ClaimEq: "==", ClaimNe: "!=", ClaimLt: "<", ClaimLe: "<="}

func (o ClaimOp) String() string {
	if int(o) < len(claimText) {
		return claimText[o]
	}
	return fmt.Sprintf("ClaimOp(%d)", o)
}

// Claim is a relation between two expressions over user symbols.
type Claim struct {
	Op   ClaimOp
	A, B Expr
}

func (c Claim) String() string { return fmt.Sprintf("%s %s %s", c.A, c.Op, c.B) }

// StepKind is the kind of one step of the compilation of assumptions.
type StepKind uint8

// The steps. In each, Var is an unknown (a user symbol not yet
// substituted, or an unknown made by an earlier step).
const (
	// StepBound raises Var's lower bound to Lo (HasLo) or lowers its upper
	// bound to Hi (HasHi); the justifying fact is a*Var + b >= 0.
	StepBound StepKind = iota + 1
	// StepCongruence substitutes Var = Mod*New + Rem, New a fresh unknown
	// with lower bound NewLo, justified by an assumption x%d == r whose
	// image is a*Var + (multiples of d) + b ≡ r (mod d).
	StepCongruence
	// StepMultiple substitutes Var = Expr*New (Expr a monomial of positive
	// unknowns), justified by an assumption x%y == 0 whose image is
	// Var % Expr == 0.
	StepMultiple
	// StepSolve substitutes Var = Expr, justified by an equation whose
	// image is k*(Var - Expr) == 0.
	StepSolve
	// StepFixed substitutes Var = Lo where Var's bounds leave that one
	// value (Lo == Hi).
	StepFixed
)

func (k StepKind) String() string {
	switch k {
	case StepBound:
		return "bound"
	case StepCongruence:
		return "congruence"
	case StepMultiple:
		return "multiple"
	case StepSolve:
		return "solve"
	case StepFixed:
		return "fixed"
	}
	return fmt.Sprintf("StepKind(%d)", k)
}

// Source is what justifies a step or a fact: assumption number Cond (an
// index into Certificate.Assumptions), or, when Bound is set, the lower
// (Upper: upper) bound of the unknown Bound as the steps left it.
type Source struct {
	Cond  int
	Bound string
	Upper bool
}

func (s Source) String() string {
	if s.Bound != "" {
		if s.Upper {
			return "upper bound of " + s.Bound
		}
		return "lower bound of " + s.Bound
	}
	return fmt.Sprintf("assumption %d", s.Cond)
}

// Step is one step of the compilation of the assumptions into a
// parametrization of the allowed bindings (see StepKind).
type Step struct {
	Kind     StepKind
	Src      Source
	Var      string
	New      string
	NewLo    int64
	Mod, Rem int64
	Expr     Expr
	Lo, Hi   int64
	HasLo    bool
	HasHi    bool
}

func (s Step) String() string {
	switch s.Kind {
	case StepBound:
		if s.HasLo {
			return fmt.Sprintf("%s >= %d by %s", s.Var, s.Lo, s.Src)
		}
		return fmt.Sprintf("%s <= %d by %s", s.Var, s.Hi, s.Src)
	case StepCongruence:
		return fmt.Sprintf("%s = %d*%s+%d (%s >= %d) by %s", s.Var, s.Mod, s.New, s.Rem, s.New, s.NewLo, s.Src)
	case StepMultiple:
		return fmt.Sprintf("%s = %s*%s (%s >= %d) by %s", s.Var, s.Expr, s.New, s.New, s.NewLo, s.Src)
	case StepSolve:
		return fmt.Sprintf("%s = %s by %s", s.Var, s.Expr, s.Src)
	case StepFixed:
		return fmt.Sprintf("%s = %d by its bounds", s.Var, s.Lo)
	}
	return "?"
}

func (c *Ctx) stepSrc(f factSrc) Source {
	if f.bound != nil {
		return Source{Cond: -1, Bound: f.bound.name, Upper: f.upper}
	}
	return Source{Cond: f.cond}
}

// FactUse is one fact F >= 0 used by an ordering proof, with its
// multiplier: a monomial with a positive coefficient over the shifted
// unknowns (u - lo(u) >= 0), so Mult*F >= 0.
type FactUse struct {
	Src  Source
	Mult Expr
}

// Certificate is checkable evidence for a Claim under Assumptions, to be
// re-checked by Verify, which trusts nothing from the deciding code.
//
// A proof (Universal) shows that the claim holds at every binding allowed
// by the assumptions. Steps replays the compilation of the assumptions:
// it gives every symbol a value over unknowns with lower bounds (its image)
// such that every allowed binding is the image of some values of the
// unknowns. Then:
//
//   - ClaimDivides: image(B) == image(A)*Quotient with Quotient integral
//     (integer coefficients, no negative exponent): the quotient monomial
//     (or polynomial) over the unknowns.
//   - ClaimEq: image(A) == image(B) identically.
//   - ClaimLe, ClaimLt: P = Scale*(image(B) - image(A)), with Scale a
//     positive monomial that clears negative exponents, minus the facts of
//     Uses times their multipliers, shifted to the lower bounds of the
//     unknowns (u = lo(u) + u'), has non-negative coefficients (and, for
//     ClaimLt, a positive constant term).
//   - ClaimNe: Direction LT or GT: the ClaimLt proof of A < B or B < A as
//     above; Direction NE: image(A) - image(B) is a non-zero constant
//     multiple of the image of a != assumption (Uses[0]).
//
// A refutation or witness (not Universal) is a Binding that satisfies the
// assumptions and at which the claim holds: for ClaimNotDivides a point
// where A does not divide B disproves ClaimDivides; a point where A != B
// disproves ClaimEq; a point where A < B shows that A < B can happen.
//
// json.Marshal of a *Certificate writes its stored form, which
// ParseCertificate reads back (see MarshalJSON).
type Certificate struct {
	Claim       Claim
	Universal   bool
	Assumptions []Cond
	Steps       []Step
	Quotient    Expr
	Scale       Expr
	Uses        []FactUse
	Direction   Rel
	Binding     Binding
}

func (c *Certificate) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "claim %s", c.Claim)
	if len(c.Assumptions) > 0 {
		fmt.Fprintf(&b, " under %s", FormatConds(c.Assumptions))
	}
	if !c.Universal {
		fmt.Fprintf(&b, ": holds at %s", formatBinding(c.Binding))
		return b.String()
	}
	b.WriteString(": proof")
	for _, s := range c.Steps {
		fmt.Fprintf(&b, "; %s", s)
	}
	switch c.Claim.Op {
	case ClaimDivides:
		fmt.Fprintf(&b, "; quotient %s", pl(c.Quotient))
	case ClaimLe, ClaimLt, ClaimNe:
		if c.Claim.Op == ClaimNe {
			fmt.Fprintf(&b, "; direction %s", c.Direction)
		}
		if c.Scale != nil {
			fmt.Fprintf(&b, "; scaled by %s", pl(c.Scale))
		}
		for _, u := range c.Uses {
			fmt.Fprintf(&b, "; %s times %s", pl(u.Mult), u.Src)
		}
		b.WriteString("; shifted coefficients non-negative")
	case ClaimEq:
		b.WriteString("; images identical")
	}
	return b.String()
}
