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
	// bound to Hi (HasHi); the justifying fact is a*Var + b >= 0, or
	// m*(a*Var + b) >= 0 with m a monomial of unknowns >= 1 (the greatest
	// common to its terms).
	StepBound StepKind = iota + 1
	// StepCongruence substitutes Var = Mod*New + Rem, New a fresh unknown
	// with lower bound NewLo, justified by an assumption x%d == r whose
	// image is a*Var + (multiples of d) + b ≡ r (mod d).
	StepCongruence
	// StepMultiple substitutes Var = Expr*New (Expr a positive integer
	// times a monomial of positive unknowns), justified by an assumption
	// x%y == 0 whose image is Var % Expr == 0.
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
// (Upper: upper) bound of the unknown Bound as the steps left it. A
// source that names no assumption (a bound, an atom's definition, a
// fixed step's) has Cond -1. An
// equation X == Y used as a fact F >= 0 is X - Y >= 0, or Y - X >= 0 with
// Upper.
//
// Side 1 (2) names instead the fact that the X (Y) side of assumption
// Cond is an integer ('/' is exact division): with den = L*S, S the
// monomial of the symbols that side divides by (each to its greatest
// negative exponent) and L the lcm of the denominators of its
// coefficients, it reads (den*side) % den == 0, the form a StepCongruence
// or StepMultiple justifies. Side 3 names the fact |k| - Y >= 0 that
// assumption Cond, k % Y == 0 with k a nonzero integer and Y an integer
// >= 1 (a positive monomial of unknowns >= 1, or an integral polynomial
// whose Y-1 the shift argument shows non-negative), gives (Y divides k). Side 4 names the fact
// X - Y - 1 >= 0 (Upper: Y - X - 1 >= 0) that assumption Cond, X != Y,
// gives where the image of X - Y (Y - X) is integral and the shift
// argument shows it non-negative (M%4 != 0 gives M%4 >= 1). Side 5 names
// the fact over x that assumption Cond, an inequality whose image is
// c*A + k with A one atom floor_div(x,d) or ceil_div(x,d) (x integral, d
// an integer >= 1), gives: the integer A is >= K = ceil(-k/c) (c > 0) or
// <= K = floor(-k/c) (c < 0), so x - K*d >= 0, K*d + d - 1 - x >= 0,
// x - (K-1)*d - 1 >= 0 or K*d - x >= 0 (floor_div(M,4) >= 2 gives M >= 8).
//
// Atom, when set, names instead a bound that holds by the definition of
// the atom (an expression that is one atom over the unknowns): Upper
// selects the upper or lower bound, Side (1, 2) the argument of min or max.
// The divisor d of x%d, floor_div(x,d) and ceil_div(x,d) must be an
// integer >= 1 (a positive integer, a monomial of unknowns >= 1, or an
// integral polynomial, such as min(M,N), whose d-1 the shift argument
// shows non-negative). For x%d with integral x: d-1-x%d >= 0 (Upper),
// x%d >= 0, and with Side 3 (sideLink) the identity x ==
// d*floor_div(x,d) + x%d as x-d*floor_div(x,d)-x%d >= 0 and its negation
// (Upper); for floor_div(x,d): x-d*floor_div(x,d) >= 0 (Upper), and with
// integral x, d*floor_div(x,d)-x+d-1 >= 0; for ceil_div(x,d):
// d*ceil_div(x,d)-x >= 0, and with integral x, x+d-1-d*ceil_div(x,d) >= 0
// (Upper); for min(a,b): a-min(a,b) >= 0 (Side 1) or b-min(a,b) >= 0
// (Side 2), Upper; for max(a,b): max(a,b)-a >= 0 or max(a,b)-b >= 0.
type Source struct {
	Cond  int
	Bound string
	Upper bool
	Side  int
	Atom  Expr
}

// sideLink is the Side of an atom Source x%d that names the identity x ==
// d*floor_div(x,d) + x%d.
const sideLink = 3

func (s Source) String() string {
	if s.Atom != nil {
		if s.Side == sideLink {
			which := ""
			if s.Upper {
				which = ", reversed"
			}
			return fmt.Sprintf("x == d*floor_div(x,d) + x%%d for %s%s", pl(s.Atom), which)
		}
		which := "lower"
		if s.Upper {
			which = "upper"
		}
		if s.Side != 0 {
			return fmt.Sprintf("%s bound of %s by its argument %d", which, pl(s.Atom), s.Side)
		}
		return fmt.Sprintf("%s bound of %s", which, pl(s.Atom))
	}
	if s.Bound != "" {
		if s.Upper {
			return "upper bound of " + s.Bound
		}
		return "lower bound of " + s.Bound
	}
	switch s.Side {
	case 1:
		return fmt.Sprintf("integrality of the left side of assumption %d", s.Cond)
	case 2:
		return fmt.Sprintf("integrality of the right side of assumption %d", s.Cond)
	case sideDivisor:
		return fmt.Sprintf("the divisor of assumption %d", s.Cond)
	case sideThrough:
		if s.Upper {
			return fmt.Sprintf("assumption %d reversed, through its atom", s.Cond)
		}
		return fmt.Sprintf("assumption %d through its atom", s.Cond)
	case sideThroughNonzero:
		if s.Upper {
			return fmt.Sprintf("assumption %d reversed, >= 1, through its atom", s.Cond)
		}
		return fmt.Sprintf("assumption %d, >= 1, through its atom", s.Cond)
	case sideNonzero:
		if s.Upper {
			return fmt.Sprintf("assumption %d reversed, >= 1", s.Cond)
		}
		return fmt.Sprintf("assumption %d, >= 1", s.Cond)
	}
	if s.Upper {
		return fmt.Sprintf("assumption %d reversed", s.Cond)
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
	return Source{Cond: f.cond, Side: f.side, Upper: f.upper}
}

// Resolution replaces an atom min(a,b) or max(a,b) of the images (an
// expression that is one atom over the unknowns) by its operand Pick (1:
// a, 2: b), with the proof that this operand is the lesser (min) or the
// greater (max): Scale*(the other - Pick's) for min (Pick's - the other
// for max), minus the facts of Uses times their multipliers, shifted to
// the lower bounds, has non-negative coefficients (as a ClaimLe proof,
// Round included).
//
// With Pick 0, it replaces any atom by a constant instead: the image of
// the equation Cond of the assumptions (X - Y after the steps) is the atom
// minus that constant, or its negation (x%y == 3 fixes x%y to 3).
type Resolution struct {
	Atom  Expr
	Pick  int
	Scale Expr
	Round Expr
	Uses  []FactUse
	Cond  int
}

// FactUse is one fact F >= 0 used by an ordering proof, with its
// multiplier: a monomial with a positive coefficient over the shifted
// unknowns (u - lo(u) >= 0), so Mult*F >= 0. A fact with negative
// exponents (M < 64/K) is used as Scale*F >= 0, Scale a positive value
// that clears them (K*M < 64), as a Certificate's Scale, before it is
// shifted; Scale is nil for a polynomial fact.
type FactUse struct {
	Src   Source
	Mult  Expr
	Scale Expr
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
//     (or polynomial) over the unknowns; or, with one Part, the ClaimEq
//     proof that the remainder B%A (as the engine writes it: the atom, or
//     B-A*floor_div(B,A)) is 0 under the same assumptions, where image(A)
//     is an integer >= 1 and image(B) integral.
//   - ClaimEq: image(A) == image(B) identically; or, with Direction LE,
//     the two ClaimLe proofs of Parts (A <= B and B <= A).
//   - ClaimLe, ClaimLt: P = Scale*(image(B) - image(A)), with Scale a
//     value that clears negative exponents and that the shift argument
//     shows positive (a monomial over unknowns >= 1, or with atoms >= 1;
//     a polynomial that the sum of a reciprocal in the images divides, as
//     2*K'+1 for 2/K where K is 2*K'+1), minus the facts of
//     Uses times their multipliers, shifted to the lower bounds of the
//     unknowns (u = lo(u) + u'), has non-negative coefficients (and, for
//     ClaimLt, a positive constant term). With Round R (an integer >= 1,
//     as a divisor of an atom: see Source), P must be integral and not
//     0; with P' = P/g, g the gcd of its coefficients, the proof is of
//     R*P' + R - 1 >= 0 (for ClaimLt, R*P' - 1 >= 0) instead: an integer
//     P' with R*P' > -R is >= 0 (with R*P' >= 1, P' >= 1). This
//     is how the bounds of floor_div and ceil_div give ceil_div(a,b) <= 1
//     for a <= b and floor_div(M,K) <= floor_div(N,K) for M <= N.
//   - ClaimNe: Direction LT or GT: the ClaimLt proof of A < B or B < A as
//     above; Direction NE: image(A) - image(B) is a non-zero constant
//     multiple of the image of a != assumption (Uses[0]).
//
// A proof by cases (Split set, any claim) splits on one atom min(x,y) or
// max(x,y) of the claim's operands (over user symbols) and holds the two
// cases in Parts, each a proof on its own: Parts[0] proves the claim with
// the atom replaced by x, under the assumptions and the guard that makes
// x the atom's value (x <= y for min, y <= x for max), Parts[1] the claim
// with y, under y <= x for min (x <= y for max). A guard may be strict (x
// < y) in one of the two cases: they still cover every allowed binding,
// and at each the atom equals the operand of a case whose guard holds.
//
// Before the images are compared, the min and max atoms of Resolved are
// replaced by the operands their proofs pick (see Resolution). A fact of
// Uses is an assumption, a bound of an unknown, or a bound that defines an
// atom (see Source).
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
	Round       Expr
	Uses        []FactUse
	Direction   Rel
	Binding     Binding
	// Resolved lists the min and max atoms that the proof replaces by an
	// operand, in order, each with its own proof; Verify checks each and
	// then computes the images with the replacements.
	Resolved []Resolution
	// Parts, for a ClaimEq proof with Direction LE, holds the two ClaimLe
	// proofs A <= B and B <= A under the same assumptions; for a
	// ClaimDivides proof by its remainder, the ClaimEq proof B%A == 0; for
	// a proof by cases, the proofs of the two cases.
	Parts []*Certificate
	// Split, for a proof by cases, is the min or max atom it splits on.
	Split Expr
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
	if c.Split != nil {
		fmt.Fprintf(&b, "; by cases on %s", pl(c.Split))
		for i, p := range c.Parts {
			if p != nil {
				fmt.Fprintf(&b, "; case %d: [%s]", i+1, p)
			}
		}
		return b.String()
	}
	for _, r := range c.Resolved {
		if r.Pick == 0 {
			fmt.Fprintf(&b, "; %s is fixed by assumption %d", pl(r.Atom), r.Cond)
			continue
		}
		fmt.Fprintf(&b, "; %s is its argument %d", pl(r.Atom), r.Pick)
	}
	switch c.Claim.Op {
	case ClaimDivides:
		if len(c.Parts) == 1 {
			fmt.Fprintf(&b, "; the remainder is 0: [%s]", c.Parts[0])
			break
		}
		fmt.Fprintf(&b, "; quotient %s", pl(c.Quotient))
	case ClaimLe, ClaimLt, ClaimNe:
		if c.Claim.Op == ClaimNe {
			fmt.Fprintf(&b, "; direction %s", c.Direction)
		}
		if c.Scale != nil {
			fmt.Fprintf(&b, "; scaled by %s", pl(c.Scale))
		}
		if c.Round != nil {
			fmt.Fprintf(&b, "; rounded by %s", pl(c.Round))
		}
		for _, u := range c.Uses {
			if u.Scale != nil {
				fmt.Fprintf(&b, "; %s times %s scaled by %s", pl(u.Mult), u.Src, pl(u.Scale))
				continue
			}
			fmt.Fprintf(&b, "; %s times %s", pl(u.Mult), u.Src)
		}
		b.WriteString("; shifted coefficients non-negative")
	case ClaimEq:
		if c.Direction == LE && len(c.Parts) == 2 {
			b.WriteString("; both orders proved: [")
			for i, p := range c.Parts {
				if i > 0 {
					b.WriteString("] and [")
				}
				if p != nil {
					b.WriteString(p.String())
				}
			}
			b.WriteString("]")
			break
		}
		b.WriteString("; images identical")
	}
	return b.String()
}
