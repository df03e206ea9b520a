package fuzz

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/cutealg/cutealg/concrete"
	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/internal/oracle"
	"github.com/cutealg/cutealg/proofs"
	"github.com/cutealg/cutealg/rules"
	"github.com/cutealg/cutealg/sym"
)

// Every parser of the module, fed arbitrary text: no panic, no hang, and
// what parses prints back to text that parses to the same printed form.

// reread requires print(parse(print(x))) == print(x) for a parsed x.
func reread(what, in, printed string, parse func(string) (string, error)) error {
	again, err := parse(printed)
	if err != nil {
		return fmt.Errorf("%s %q printed as %q, which does not parse: %v", what, in, printed, err)
	}
	if again != printed {
		return fmt.Errorf("%s %q printed as %q, which prints back as %q", what, in, printed, again)
	}
	return nil
}

// FuzzParseLayout: the layout readers of the concrete and the symbolic
// engine.
func FuzzParseLayout(f *testing.F) {
	for _, s := range append(valueSeeds, argSeeds(f)...) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		long(t, in)
		bounded(t, "layout "+in, func() error {
			cparse := func(s string) (string, error) { l, err := concrete.ParseLayout(s); return l.String(), err }
			if p, err := cparse(in); err == nil {
				if err := reread("concrete layout", in, p, cparse); err != nil {
					return err
				}
			}
			sparse := func(s string) (string, error) { l, err := sym.ParseLayout(s); return l.String(), err }
			if p, err := sparse(in); err == nil {
				return reread("symbolic layout", in, p, sparse)
			}
			return nil
		})
	})
}

// FuzzParseTiler: the tiler readers of the concrete and the symbolic
// engine.
func FuzzParseTiler(f *testing.F) {
	for _, s := range append(valueSeeds, argSeeds(f)...) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		long(t, in)
		bounded(t, "tiler "+in, func() error {
			cparse := func(s string) (string, error) {
				tl, err := concrete.ParseTiler(s)
				return concrete.FormatTiler(tl), err
			}
			if p, err := cparse(in); err == nil {
				if err := reread("concrete tiler", in, p, cparse); err != nil {
					return err
				}
			}
			sparse := func(s string) (string, error) { tl, err := sym.ParseTiler(s); return sym.FormatTiler(tl), err }
			if p, err := sparse(in); err == nil {
				return reread("symbolic tiler", in, p, sparse)
			}
			return nil
		})
	})
}

// FuzzParseExpr: the symbolic integer reader; its canonical text reads
// back to the same canonical form.
func FuzzParseExpr(f *testing.F) {
	for _, s := range append(valueSeeds, "M*N/4-ceil_div(K,8)", "min(M,N)%4", "M/(N)", "2*M/2") {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		long(t, in)
		bounded(t, "expression "+in, func() error {
			parse := func(s string) (string, error) {
				e, err := sym.Parse(s)
				if err != nil {
					return "", err
				}
				return e.String(), nil
			}
			if p, err := parse(in); err == nil {
				return reread("expression", in, p, parse)
			}
			return nil
		})
	})
}

// FuzzAssume: the conditions reader of sym and the compilation of
// assumptions into a context.
func FuzzAssume(f *testing.F) {
	for _, s := range condSeeds {
		f.Add(s)
	}
	for _, c := range symbolicSeeds(f) {
		for _, a := range c.Assume {
			f.Add(a)
		}
	}
	f.Fuzz(func(t *testing.T, in string) {
		long(t, in)
		bounded(t, "assumption "+in, func() error {
			_, _ = sym.ParseConds(in)
			_, _ = sym.Assume(in)
			return nil
		})
	})
}

// FuzzEval: a call expression (nested calls of any operation), evaluated
// by the concrete engine in both modes: a value or an error, never a
// panic or a hang.
func FuzzEval(f *testing.F) {
	for _, s := range valueSeeds {
		f.Add(s)
	}
	for _, r := range concreteSeeds(f) {
		if len(r.Args) > 0 {
			f.Add(r.Op + "(" + strings.Join(r.Args, ", ") + ")")
		}
	}
	f.Add("logical_divide(coalesce((4,2,3):(2,1,8)), 4:2)")
	f.Fuzz(func(t *testing.T, in string) {
		long(t, in)
		n, err := notation.Parse(in)
		if err != nil {
			return
		}
		bounded(t, "eval "+in, func() error {
			_, _ = concrete.Eval(n)
			_, _ = concrete.Eval(n, concrete.StrictMode())
			return nil
		})
	})
}

// FuzzRules: the rule-file reader and its lints, on arbitrary text and on
// mutations of the rule files of rules/data.
func FuzzRules(f *testing.F) {
	for _, b := range repoFiles(f, "rules/data/*.rules") {
		f.Add(string(b))
	}
	f.Add("rule x.y\n")
	f.Fuzz(func(t *testing.T, in string) {
		bounded(t, "rule file", func() error {
			_, _ = rules.Parse(map[string]string{"fuzz.rules": in})
			return nil
		})
	})
}

// FuzzCheck: a derivation read from JSON (cute check's input) and
// re-verified by proofs.Check: an error or acceptance, never a panic or a
// hang.
func FuzzCheck(f *testing.F) {
	for _, b := range repoFiles(f, "proofs/testdata/library/*.json") {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		var d rules.Derivation
		if json.Unmarshal(in, &d) != nil {
			return
		}
		bounded(t, "derivation", func() error {
			_ = proofs.Check(d)
			return nil
		})
	})
}

// FuzzOracleLine: one request line of the oracle protocol (DESIGN 5),
// whatever its bytes: exactly one reply carrying exactly one of result,
// cases and error, and the reply encodes as JSON.
func FuzzOracleLine(f *testing.F) {
	for _, l := range requestLines(f) {
		f.Add(l)
	}
	f.Add([]byte(`{"id":"c1","op":"composition","args":["(10,2):(16,4)","(5,4):(1,5)"]}`))
	f.Add([]byte(`{"id":7,"op":"blocked_product","args":["(M0,N0):(1,M0)","(M1,N1):(N1,1)"],"assume":[],"derive":true}`))
	f.Add([]byte(`{"id":null}`))
	f.Add([]byte(`not json`))
	f.Fuzz(func(t *testing.T, in []byte) {
		long(t, string(in))
		var rep oracle.Reply
		bounded(t, "oracle line "+string(in), func() error {
			rep = oracle.HandleLine(in)
			_, err := json.Marshal(rep)
			return err
		})
		checkReply(t, "line", []string{string(in)}, rep)
	})
}
