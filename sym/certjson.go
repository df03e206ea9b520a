package sym

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strconv"

	"github.com/cutealg/cutealg/internal/notation"
)

// The stored form of a certificate: JSON with explicit field names, so that
// a derivation can keep its certificates and Verify can check them later,
// in another process.
//
// Expressions are written in the notation (Expr.String). The fresh
// unknowns of the compilation of the assumptions (M'1, M'2') are no symbols
// of the notation, so inside expressions each is written as an alias (u1,
// u2, ..., chosen not to clash with a symbol of the certificate) and the
// certificate lists the aliases with the unknowns' names. Step and source
// fields that name a variable hold its name as it is (M'1).

const certVersion = 1

type certJSON struct {
	Version     int               `json:"version"`
	Claim       claimJSON         `json:"claim"`
	Universal   bool              `json:"universal"`
	Assumptions []condJSON        `json:"assumptions,omitempty"`
	Unknowns    []aliasJSON       `json:"unknowns,omitempty"`
	Steps       []stepJSON        `json:"steps,omitempty"`
	Quotient    string            `json:"quotient,omitempty"`
	Scale       string            `json:"scale,omitempty"`
	Round       string            `json:"round,omitempty"`
	Uses        []useJSON         `json:"uses,omitempty"`
	Direction   string            `json:"direction,omitempty"`
	Binding     map[string]int64  `json:"binding,omitempty"`
	Resolved    []resolutionJSON  `json:"resolved,omitempty"`
	Parts       []json.RawMessage `json:"parts,omitempty"`
}

type claimJSON struct {
	Op string `json:"op"`
	A  string `json:"a"`
	B  string `json:"b"`
}

type condJSON struct {
	Rel string `json:"rel"`
	X   string `json:"x"`
	Y   string `json:"y"`
}

type aliasJSON struct {
	Alias string `json:"alias"`
	Name  string `json:"name"`
}

type sourceJSON struct {
	Cond  int    `json:"cond"`
	Bound string `json:"bound,omitempty"`
	Upper bool   `json:"upper,omitempty"`
	Side  int    `json:"side,omitempty"`
	Atom  string `json:"atom,omitempty"`
}

type resolutionJSON struct {
	Atom  string    `json:"atom"`
	Pick  int       `json:"pick"`
	Scale string    `json:"scale,omitempty"`
	Round string    `json:"round,omitempty"`
	Uses  []useJSON `json:"uses,omitempty"`
	Cond  int       `json:"cond"`
}

type stepJSON struct {
	Kind  string     `json:"kind"`
	Src   sourceJSON `json:"src"`
	Var   string     `json:"var"`
	New   string     `json:"new,omitempty"`
	NewLo int64      `json:"new_lo,omitempty"`
	Mod   int64      `json:"mod,omitempty"`
	Rem   int64      `json:"rem,omitempty"`
	Expr  string     `json:"expr,omitempty"`
	Lo    int64      `json:"lo,omitempty"`
	Hi    int64      `json:"hi,omitempty"`
	HasLo bool       `json:"has_lo,omitempty"`
	HasHi bool       `json:"has_hi,omitempty"`
}

type useJSON struct {
	Src   sourceJSON `json:"src"`
	Mult  string     `json:"mult"`
	Scale string     `json:"scale,omitempty"`
}

var (
	unknownRe = regexp.MustCompile(`[A-Za-z][A-Za-z0-9_]*'[0-9]+'?`)
	identRe   = regexp.MustCompile(`[A-Za-z][A-Za-z0-9_]*`)
	// the name of a fresh unknown: a symbol, a quote, a number, and a
	// second quote for an unknown that may be 0
	unknownNameRe = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]*'[1-9][0-9]*'?$`)
)

var stepKinds = map[string]StepKind{"bound": StepBound, "congruence": StepCongruence, "multiple": StepMultiple, "solve": StepSolve, "fixed": StepFixed}

// MarshalJSON writes the certificate in its stored form (see
// ParseCertificate). It fails on an invalid expression.
func (c *Certificate) MarshalJSON() ([]byte, error) {
	if c == nil {
		return []byte("null"), nil
	}
	// the texts, with unknowns still named as they are
	var texts []string
	text := func(e Expr) (string, error) {
		p := pl(e)
		if p.err != nil {
			return "", fmt.Errorf("sym: certificate: %w", p.err)
		}
		s := p.String()
		texts = append(texts, s)
		return s, nil
	}
	var out certJSON
	var err error
	out.Version = certVersion
	out.Universal = c.Universal
	out.Claim.Op = c.Claim.Op.String()
	if out.Claim.A, err = text(c.Claim.A); err != nil {
		return nil, err
	}
	if out.Claim.B, err = text(c.Claim.B); err != nil {
		return nil, err
	}
	for _, cd := range c.Assumptions {
		cj := condJSON{Rel: cd.Rel.String()}
		if cj.X, err = text(cd.X); err != nil {
			return nil, err
		}
		if cj.Y, err = text(cd.Y); err != nil {
			return nil, err
		}
		out.Assumptions = append(out.Assumptions, cj)
	}
	src := func(s Source) (sourceJSON, error) {
		sj := sourceJSON{Cond: s.Cond, Bound: s.Bound, Upper: s.Upper, Side: s.Side}
		if s.Atom == nil {
			return sj, nil
		}
		var err error
		sj.Atom, err = text(s.Atom)
		return sj, err
	}
	uses := func(us []FactUse) ([]useJSON, error) {
		var out []useJSON
		for _, u := range us {
			sj, err := src(u.Src)
			if err != nil {
				return nil, err
			}
			uj := useJSON{Src: sj}
			if uj.Mult, err = text(u.Mult); err != nil {
				return nil, err
			}
			if u.Scale != nil {
				if uj.Scale, err = text(u.Scale); err != nil {
					return nil, err
				}
			}
			out = append(out, uj)
		}
		return out, nil
	}
	for _, s := range c.Steps {
		ssrc, err := src(s.Src)
		if err != nil {
			return nil, err
		}
		sj := stepJSON{Kind: s.Kind.String(), Src: ssrc, Var: s.Var, New: s.New, NewLo: s.NewLo,
			Mod: s.Mod, Rem: s.Rem, Lo: s.Lo, Hi: s.Hi, HasLo: s.HasLo, HasHi: s.HasHi}
		if s.Expr != nil {
			if sj.Expr, err = text(s.Expr); err != nil {
				return nil, err
			}
		}
		out.Steps = append(out.Steps, sj)
	}
	if c.Quotient != nil {
		if out.Quotient, err = text(c.Quotient); err != nil {
			return nil, err
		}
	}
	if c.Scale != nil {
		if out.Scale, err = text(c.Scale); err != nil {
			return nil, err
		}
	}
	if c.Round != nil {
		if out.Round, err = text(c.Round); err != nil {
			return nil, err
		}
	}
	if out.Uses, err = uses(c.Uses); err != nil {
		return nil, err
	}
	for _, r := range c.Resolved {
		rj := resolutionJSON{Pick: r.Pick, Cond: r.Cond}
		if rj.Atom, err = text(r.Atom); err != nil {
			return nil, err
		}
		if r.Scale != nil {
			if rj.Scale, err = text(r.Scale); err != nil {
				return nil, err
			}
		}
		if r.Round != nil {
			if rj.Round, err = text(r.Round); err != nil {
				return nil, err
			}
		}
		if rj.Uses, err = uses(r.Uses); err != nil {
			return nil, err
		}
		out.Resolved = append(out.Resolved, rj)
	}
	for _, part := range c.Parts {
		b, err := part.MarshalJSON()
		if err != nil {
			return nil, err
		}
		out.Parts = append(out.Parts, b)
	}
	if c.Universal && (c.Claim.Op == ClaimNe || (c.Claim.Op == ClaimEq && c.Direction != EQ)) {
		out.Direction = c.Direction.String()
	}
	if !c.Universal {
		out.Binding = c.Binding
	}
	// aliases for the unknowns, clashing with no identifier of the texts
	// or of the binding
	used := map[string]bool{}
	for _, s := range texts {
		for _, id := range identRe.FindAllString(s, -1) {
			used[id] = true
		}
	}
	for k := range c.Binding {
		used[k] = true
	}
	alias := map[string]string{}
	next := 1
	rename := func(s string) string {
		return unknownRe.ReplaceAllStringFunc(s, func(name string) string {
			if a, ok := alias[name]; ok {
				return a
			}
			a := ""
			for a == "" || used[a] {
				a = "u" + strconv.Itoa(next)
				next++
			}
			used[a] = true
			alias[name] = a
			out.Unknowns = append(out.Unknowns, aliasJSON{Alias: a, Name: name})
			return a
		})
	}
	out.Claim.A, out.Claim.B = rename(out.Claim.A), rename(out.Claim.B)
	for i := range out.Assumptions {
		out.Assumptions[i].X, out.Assumptions[i].Y = rename(out.Assumptions[i].X), rename(out.Assumptions[i].Y)
	}
	for i := range out.Steps {
		out.Steps[i].Expr = rename(out.Steps[i].Expr)
	}
	out.Quotient, out.Scale, out.Round = rename(out.Quotient), rename(out.Scale), rename(out.Round)
	renameUses := func(us []useJSON) {
		for i := range us {
			us[i].Mult, us[i].Scale = rename(us[i].Mult), rename(us[i].Scale)
			us[i].Src.Atom = rename(us[i].Src.Atom)
		}
	}
	renameUses(out.Uses)
	for i := range out.Steps {
		out.Steps[i].Src.Atom = rename(out.Steps[i].Src.Atom)
	}
	for i := range out.Resolved {
		out.Resolved[i].Atom = rename(out.Resolved[i].Atom)
		out.Resolved[i].Scale = rename(out.Resolved[i].Scale)
		out.Resolved[i].Round = rename(out.Resolved[i].Round)
		renameUses(out.Resolved[i].Uses)
	}
	return json.Marshal(out)
}

// UnmarshalJSON reads a certificate in its stored form (see
// ParseCertificate).
func (c *Certificate) UnmarshalJSON(data []byte) error {
	r, err := ParseCertificate(data)
	if err != nil {
		return err
	}
	*c = *r
	return nil
}

// ParseCertificate reads a certificate written by MarshalJSON (or
// json.Marshal of a *Certificate). It checks only the form, not the proof:
// call Verify on the result. Unknown fields, an unknown version, claim,
// relation or step kind, an alias that is not declared or clashes, and
// expressions that do not parse are errors.
func ParseCertificate(data []byte) (*Certificate, error) {
	var in certJSON
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&in); err != nil {
		return nil, fmt.Errorf("sym: certificate: %w", err)
	}
	if dec.More() {
		return nil, errors.New("sym: certificate: data after the certificate")
	}
	if in.Version != certVersion {
		return nil, fmt.Errorf("sym: certificate: unknown version %d", in.Version)
	}
	unknowns := map[string]*variable{}
	for _, u := range in.Unknowns {
		if !ValidSymbol(u.Alias) || !unknownNameRe.MatchString(u.Name) {
			return nil, fmt.Errorf("sym: certificate: bad unknown %q as %q", u.Name, u.Alias)
		}
		if _, dup := unknowns[u.Alias]; dup {
			return nil, fmt.Errorf("sym: certificate: alias %q declared twice", u.Alias)
		}
		lo := int64(1)
		if u.Name[len(u.Name)-1] == '\'' {
			lo = 0
		}
		unknowns[u.Alias] = unknownVar(u.Name, lo)
	}
	res := func(name string) *variable { return unknowns[name] }
	expr := func(s, what string) (Expr, error) {
		n, err := notation.Parse(s)
		if err != nil {
			return nil, fmt.Errorf("sym: certificate: %s %q: %w", what, s, err)
		}
		p, err := fromNodeWith(n, res)
		if err != nil {
			return nil, fmt.Errorf("sym: certificate: %s %q: %w", what, s, err)
		}
		return p, nil
	}
	optExpr := func(s, what string) (Expr, error) {
		if s == "" {
			return nil, nil
		}
		return expr(s, what)
	}
	source := func(sj sourceJSON) (Source, error) {
		s := Source{Cond: sj.Cond, Bound: sj.Bound, Upper: sj.Upper, Side: sj.Side}
		var err error
		s.Atom, err = optExpr(sj.Atom, "atom")
		return s, err
	}
	uses := func(ujs []useJSON) ([]FactUse, error) {
		var out []FactUse
		for _, uj := range ujs {
			usrc, err := source(uj.Src)
			if err != nil {
				return nil, err
			}
			u := FactUse{Src: usrc}
			if u.Mult, err = expr(uj.Mult, "multiplier"); err != nil {
				return nil, err
			}
			if u.Scale, err = optExpr(uj.Scale, "fact scale"); err != nil {
				return nil, err
			}
			out = append(out, u)
		}
		return out, nil
	}
	c := &Certificate{Universal: in.Universal}
	op, ok := claimOpOf(in.Claim.Op)
	if !ok {
		return nil, fmt.Errorf("sym: certificate: unknown claim %q", in.Claim.Op)
	}
	var err error
	c.Claim.Op = op
	if c.Claim.A, err = expr(in.Claim.A, "claim operand"); err != nil {
		return nil, err
	}
	if c.Claim.B, err = expr(in.Claim.B, "claim operand"); err != nil {
		return nil, err
	}
	for _, cj := range in.Assumptions {
		rel, ok := relOf(cj.Rel)
		if !ok {
			return nil, fmt.Errorf("sym: certificate: unknown relation %q", cj.Rel)
		}
		cd := Cond{Rel: rel}
		if cd.X, err = expr(cj.X, "assumption"); err != nil {
			return nil, err
		}
		if cd.Y, err = expr(cj.Y, "assumption"); err != nil {
			return nil, err
		}
		c.Assumptions = append(c.Assumptions, cd)
	}
	for _, sj := range in.Steps {
		kind, ok := stepKinds[sj.Kind]
		if !ok {
			return nil, fmt.Errorf("sym: certificate: unknown step kind %q", sj.Kind)
		}
		ssrc, err := source(sj.Src)
		if err != nil {
			return nil, err
		}
		s := Step{Kind: kind, Src: ssrc, Var: sj.Var, New: sj.New, NewLo: sj.NewLo, Mod: sj.Mod, Rem: sj.Rem,
			Lo: sj.Lo, Hi: sj.Hi, HasLo: sj.HasLo, HasHi: sj.HasHi}
		if s.Expr, err = optExpr(sj.Expr, "step"); err != nil {
			return nil, err
		}
		c.Steps = append(c.Steps, s)
	}
	if c.Quotient, err = optExpr(in.Quotient, "quotient"); err != nil {
		return nil, err
	}
	if c.Scale, err = optExpr(in.Scale, "scale"); err != nil {
		return nil, err
	}
	if c.Round, err = optExpr(in.Round, "round"); err != nil {
		return nil, err
	}
	if c.Uses, err = uses(in.Uses); err != nil {
		return nil, err
	}
	for _, rj := range in.Resolved {
		r := Resolution{Pick: rj.Pick, Cond: rj.Cond}
		if r.Atom, err = expr(rj.Atom, "resolved atom"); err != nil {
			return nil, err
		}
		if r.Scale, err = optExpr(rj.Scale, "scale"); err != nil {
			return nil, err
		}
		if r.Round, err = optExpr(rj.Round, "round"); err != nil {
			return nil, err
		}
		if r.Uses, err = uses(rj.Uses); err != nil {
			return nil, err
		}
		c.Resolved = append(c.Resolved, r)
	}
	for _, pj := range in.Parts {
		part, err := ParseCertificate(pj)
		if err != nil {
			return nil, err
		}
		c.Parts = append(c.Parts, part)
	}
	if in.Direction != "" {
		d, ok := relOf(in.Direction)
		if !ok {
			return nil, fmt.Errorf("sym: certificate: unknown direction %q", in.Direction)
		}
		c.Direction = d
	}
	if in.Binding != nil {
		c.Binding = Binding(in.Binding)
	}
	return c, nil
}

func claimOpOf(s string) (ClaimOp, bool) {
	for i, t := range claimText {
		if t == s {
			return ClaimOp(i), true
		}
	}
	return 0, false
}
