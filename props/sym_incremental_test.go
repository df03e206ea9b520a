package props

import (
	"fmt"
	"testing"

	"pgregory.net/rapid"

	"github.com/cutealg/cutealg/sym"
)

// A context extended with guards one With at a time (each resumes from its
// parent's compiled state) decides exactly as the context compiled from
// scratch from all the same assumptions at once: both inconsistent with
// the same error, or the same answers of Divides, Equal, Compare
// (Possible and Witnessed), Possible, ProvesDivides and Simplify, on
// assumptions and guards of every kind (genAnyAssumption); and the
// certificates of the extended context's Divides and Compare verify.
func TestSymIncrementalMatchesScratch(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		parentText := genAnyCtxText(t)
		var guards []string
		for i := range rapid.IntRange(1, 3).Draw(t, "#guards") {
			guards = append(guards, genAnyAssumption(t, fmt.Sprintf("g%d", i)))
		}
		inc := sym.NewCtx()
		var err error
		if parentText != "" {
			if inc, err = inc.With(parentText); err != nil {
				t.Skip("the parent is refused")
			}
		}
		all := parentText
		for _, g := range guards {
			if all != "" {
				all += "&&"
			}
			all += g
			if inc, err = inc.With(g); err != nil {
				break
			}
		}
		// the assumptions up to the first guard refused, at once
		scratch, serr := sym.NewCtx().With(all)
		if (err == nil) != (serr == nil) || (err != nil && err.Error() != serr.Error()) {
			t.Fatalf("%s: one guard at a time %v, from scratch %v", all, err, serr)
		}
		if err != nil {
			return
		}
		for i := range 4 {
			a, err1 := sym.Parse(genSymExpr(t, fmt.Sprintf("a%d", i), 1))
			b, err2 := sym.Parse(genSymExpr(t, fmt.Sprintf("b%d", i), 1))
			if err1 != nil || err2 != nil {
				t.Fatalf("generated text does not parse: %v %v", err1, err2)
			}
			what := fmt.Sprintf("(%s, %s) | %s", a, b, all)
			d := inc.Divides(a, b)
			if g, w := d.Truth, scratch.Divides(a, b).Truth; g != w {
				t.Fatalf("Divides%s: %s extended, %s from scratch", what, g, w)
			}
			// the extended context's certificates verify
			if d.Truth != sym.Unknown {
				c, err := d.Certificate()
				if err == nil {
					err = sym.Verify(c)
				}
				if err != nil {
					t.Fatalf("Divides%s: %s, certificate: %v", what, d.Truth, err)
				}
			}
			if g, w := inc.Equal(a, b).Truth, scratch.Equal(a, b).Truth; g != w {
				t.Fatalf("Equal%s: %s extended, %s from scratch", what, g, w)
			}
			g, w := inc.Compare(a, b), scratch.Compare(a, b)
			if g.Possible != w.Possible || g.Witnessed != w.Witnessed {
				t.Fatalf("Compare%s: %s/%s extended, %s/%s from scratch", what, g.Possible, g.Witnessed, w.Possible, w.Witnessed)
			}
			certs, err := g.Certificates()
			for _, c := range certs {
				if err != nil {
					break
				}
				err = sym.Verify(c)
			}
			if err != nil {
				t.Fatalf("Compare%s: %s/%s, certificates: %v", what, g.Possible, g.Witnessed, err)
			}
			if g, w := inc.Possible(a, b), scratch.Possible(a, b); g != w {
				t.Fatalf("Possible%s: %s extended, %s from scratch", what, g, w)
			}
			if g, w := inc.ProvesDivides(a, b), scratch.ProvesDivides(a, b); g != w {
				t.Fatalf("ProvesDivides%s: %v extended, %v from scratch", what, g, w)
			}
			if g, w := inc.Simplify(a).String(), scratch.Simplify(a).String(); g != w {
				t.Fatalf("Simplify(%s) | %s: %s extended, %s from scratch", a, all, g, w)
			}
		}
	})
}
