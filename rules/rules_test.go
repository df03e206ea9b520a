package rules

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/cutealg/cutealg/internal/catalog"
	"github.com/cutealg/cutealg/sym"
)

var update = flag.Bool("update", false, "rewrite testdata/answers.txt and testdata/derivations.json with the engine's answers")

// render prints an answer as testdata/answers.txt writes it.
func render(a Answer[sym.Value], err error) string {
	if err != nil {
		return "\terror " + err.Error() + "\n"
	}
	var b strings.Builder
	warnings := func(br Branch[sym.Value]) {
		for _, w := range br.Warnings {
			b.WriteString("\t  warning " + w + "\n")
		}
	}
	if v, ok := a.Plain(); ok {
		b.WriteString("\t= " + v.String() + "\n")
		warnings(a.Branches[0])
		return b.String()
	}
	for _, br := range a.Branches {
		b.WriteString("\twhen " + sym.FormatConds(br.Guards) + ": ")
		if br.Err != nil {
			b.WriteString("error " + br.Err.Error())
		} else {
			b.WriteString(br.Value.String())
		}
		b.WriteString("\n")
		warnings(br)
	}
	return b.String()
}

// TestAnswers computes every request of testdata/answers.txt, compares the
// answers (a golden file: -update rewrites it), and checks that every rule
// of the rule files fires in at least one of them (the lint for rules no
// test ever fires).
func TestAnswers(t *testing.T) {
	path := filepath.Join("testdata", "answers.txt")
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	fired := map[string]bool{}
	var out strings.Builder
	var want, got strings.Builder
	var req string
	flush := func() {
		if req == "" {
			return
		}
		a, err := Compute(ParseRequestLine(req))
		for r := range a.fired {
			fired[r] = true
		}
		ans := render(a, err)
		out.WriteString(ans)
		if ans != want.String() {
			got.WriteString(req + "\n" + ans)
			t.Errorf("%s:\n got\n%s want\n%s", req, ans, want.String())
		}
		want.Reset()
	}
	for _, line := range strings.Split(strings.TrimRight(string(src), "\n"), "\n") {
		switch {
		case strings.HasPrefix(line, "\t"):
			want.WriteString(line + "\n")
			continue
		case strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "":
			flush()
			req = ""
			out.WriteString(line + "\n")
			continue
		}
		flush()
		req = line
		out.WriteString(line + "\n")
	}
	flush()
	if *update {
		if err := os.WriteFile(path, []byte(out.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	for _, r := range Standard().Rules() {
		if !fired[r.ID] {
			t.Errorf("rule %s (%s:%d) fires in no request of %s", r.ID, r.File, r.Line, path)
		}
	}
}

// Every rule names a seed passage that exists: the file, and the quoted
// section heading in it.
func TestRuleDocs(t *testing.T) {
	re := regexp.MustCompile(`^(\S+) "([^"]+)"`)
	for _, r := range Standard().Rules() {
		m := re.FindStringSubmatch(r.Doc)
		if m == nil {
			t.Errorf("%s: doc %q is not FILE \"SECTION\" ...", r.ID, r.Doc)
			continue
		}
		src, err := os.ReadFile(filepath.Join("..", "..", "shared", "seeds", m[1]))
		if err != nil {
			t.Skipf("the seeds are not beside the repository (%v)", err)
		}
		if !strings.Contains(string(src), m[2]) {
			t.Errorf("%s: section %q not found in %s", r.ID, m[2], m[1])
		}
	}
}

// The loader's lints refuse what they should, with the file and line.
func TestRuleLints(t *testing.T) {
	good := "rule a.b v1\n  doc f \"S\"\n  in x\n  let y = x*2\n  says s\n"
	tests := []struct {
		src, want string
	}{
		{good + good, "t.rules:6: duplicate rule id a.b"},
		{"rule a v1 maybe\n", "t.rules:1: unknown policy"},
		{"rule a v1\n  doc f \"S\"\n  in x\n  let y = z*2\n  says s\n", "t.rules:1: a: let y uses z, which is not bound"},
		{"rule a v1\n  doc f \"S\"\n  in x\n  if z > 1\n  says s\n", "t.rules:1: a: the condition uses z"},
		{"rule a v1\n  in x\n  says s\n", "t.rules:1: a: no doc line"},
		{"group g first\nrule a v1\n  doc f \"S\"\n  says s\nrule b v1\n  doc f \"S\"\n  says s\nend\n", "t.rules:5: b can never fire"},
		{"rule a v1 split\n  doc f \"S\"\n  in x y\n  if x > 1 && y > 1\n  says s\n", "t.rules:1: a: a condition with && can only decline"},
		{"  doc f \"S\"\n", "t.rules:1: doc outside a rule"},
		{"\n\nfrobnicate\n", "t.rules:3: unknown line"},
		{"rule a v1\n  doc f \"S\"\n  in x\n  if x > 1\n  unchecked u\n  says s\n", "t.rules:1: a: unchecked on a rule that is neither an error nor a required condition"},
		{"rule a v1 require\n  doc f \"S\"\n  in x\n  if x > 1\n  let y = x*2\n  unchecked u\n  says s\n", "t.rules:1: a: let y has no runtime value"},
		{continuingPast(), "t.rules:15: group h continues a rule of a group it continues"},
		{continuing("b1", "a1"), "t.rules:15: group h continues a rule of a group it continues"},
	}
	for _, tc := range tests {
		_, err := Parse(map[string]string{"t.rules": tc.src})
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("Parse(%q) = %v, want an error starting %q", tc.src, err, tc.want)
		}
	}
	for _, src := range []string{
		good,
		"rule a v1 decline\n  doc f \"S\"\n  in x\n  if x > 1\n  says s\n",
		"rule a v1 require\n  doc f \"S\"\n  in x\n  if x > 1\n  let y = x*2\n  unchecked u\n  runtime y = x*3\n  says s\n",
	} {
		if _, err := Parse(map[string]string{"t.rules": src}); err != nil {
			t.Errorf("a good rule is refused: %q: %v", src, err)
		}
	}
}

// continuing is the text of two any groups, g (rules a1 and a2, which
// follow rule first) and h (rule b1, which follows second): h continues
// a1 where the caller names it, and g continues first, which the caller
// names (b1: a chain that comes back through g's first rule, a2 having
// no continuation).
func continuing(first, second string) string {
	rule := func(id, follows string) string {
		return "rule " + id + " v1 split\n  doc f \"S\"\n  in x\n  if x > 1\n  follows " + follows + "\n  says s\n"
	}
	return "group g any\n" + rule("a1", first) + rule("a2", first) + "end\ngroup h any\n" + rule("b1", second) + "end\n" + rule("c", "a1")
}

// continuingPast is continuing's chain that comes back through g's
// second rule, a2 (h continues it), where g's first rule, a1, has a
// continuation of its own (k) that ends.
func continuingPast() string {
	rule := func(id, follows string) string {
		return "rule " + id + " v1 split\n  doc f \"S\"\n  in x\n  if x > 1\n  follows " + follows + "\n  says s\n"
	}
	return "group g any\n" + rule("a1", "b1") + rule("a2", "b1") + "end\ngroup h any\n" + rule("b1", "a2") + "end\ngroup k any\n" + rule("k1", "a1") + "end\n"
}

// Continuation finds the group whose every rule follows one rule of
// another group alone.
func TestContinuation(t *testing.T) {
	s, err := Parse(map[string]string{"t.rules": continuing("c", "a1")})
	if err != nil {
		t.Fatal(err)
	}
	if g := s.Continuation("a1"); g == nil || g.Name != "h" {
		t.Errorf("Continuation(a1) = %v, want group h", g)
	}
	if g := s.Continuation("c"); g == nil || g.Name != "g" {
		t.Errorf("Continuation(c) = %v, want group g", g)
	}
	if g := s.Continuation("b1"); g != nil {
		t.Errorf("Continuation(b1) = %v, want none", g.Name)
	}
	std := Standard()
	if g := std.Continuation("comp.step.divide"); g == nil || g.Name != "comp.take" {
		t.Errorf("the standard rules: Continuation(comp.step.divide) = %v, want comp.take", g)
	}
}

// A condition n % d == 0 or n % d != 0 is decided as "d divides n" (or
// not); any other comparison is decided as it is written.
func TestRuleCondsDivisibility(t *testing.T) {
	for _, tc := range []struct {
		src string
		div bool
	}{
		{"n % d == 0", true},
		{"n % d != 0", true},
		{"n % d == 1", false},
		{"n % d >= 0", false},
		{"n == 0", false},
		{"0 == n % d", false},
	} {
		rc, err := parseRuleConds(tc.src)
		if err != nil || len(rc) != 1 {
			t.Errorf("%s: %v (%d conditions)", tc.src, err, len(rc))
			continue
		}
		if rc[0].div != tc.div {
			t.Errorf("%s: decided as a divisibility %v, want %v", tc.src, rc[0].div, tc.div)
		}
		if tc.div && (rc[0].n.String() != "n" || rc[0].d.String() != "d") {
			t.Errorf("%s: divides %s by %s, want n by d", tc.src, rc[0].n, rc[0].d)
		}
	}
}

// The engine implements every operation of the catalogue with a symbolic
// version, or NotYet says why not; nothing else.
func TestCatalogueCovered(t *testing.T) {
	for _, op := range catalog.All() {
		_, impl := impls[op.Name]
		why, notYet := NotYet[op.Name]
		switch {
		case impl && notYet:
			t.Errorf("%s: implemented and listed in NotYet", op.Name)
		case op.Symbolic() && !impl && why == "":
			t.Errorf("%s: has a symbolic version (result %s) but is neither implemented nor in NotYet", op.Name, op.Result)
		case !op.Symbolic() && impl:
			t.Errorf("%s: implemented, but its result (%s) has no symbolic version", op.Name, op.Result)
		}
	}
	for name := range impls {
		if _, ok := catalog.Lookup(name); !ok {
			t.Errorf("%s: implemented but not in the catalogue", name)
		}
	}
}

// A derivation carries sym's certificate of every condition it proved or
// refuted, in the stable JSON form; each reads back and verifies.
func TestDerivationCertificates(t *testing.T) {
	reqs := []Request{
		{Op: "logical_divide", Args: []string{"(M,N):(_1,M)", "_32:_1"}, Assume: []string{"M % 32 == 0"}},
		{Op: "composition", Args: []string{"(M,N):(_1,M)", "_4:_1"}},
		{Op: "complement", Args: []string{"(_2,_2):(_1,_6)", "M"}, Assume: []string{"M % 24 == 0"}},
		{Op: "composition", Args: []string{"(_6,_2):(_8,_2)", "(_4,_3):(_3,_1)"}},
	}
	n := 0
	for _, r := range reqs {
		d, err := Derive(r)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range d.Cases {
			for _, s := range c.Steps {
				for _, ch := range s.Checked {
					nonDiv := strings.Contains(ch.Cond, "divides") && (strings.HasPrefix(ch.Cond, "not ") != (ch.By == "refuted"))
					if (ch.By == "proved" || ch.By == "refuted") && len(ch.Certificates) == 0 && !nonDiv {
						t.Errorf("%s %v: %s %s at %s has no certificate: %s", r.Op, r.Args, ch.Cond, ch.By, s.At, ch.NoCertificate)
					}
					for _, raw := range ch.Certificates {
						cert, err := sym.ParseCertificate(raw)
						if err != nil {
							t.Fatalf("%s: %v", raw, err)
						}
						if err := sym.Verify(cert); err != nil {
							t.Errorf("%s %v: the certificate of %s does not verify: %v", r.Op, r.Args, ch.Cond, err)
						}
						n++
					}
				}
			}
		}
	}
	if n < 10 {
		t.Errorf("only %d certificates", n)
	}
}

// Every rule's lets are integers wherever its condition holds: sampled at
// every binding of its metavariables in -3..9 but 0 (a random sample of
// them beyond 4 metavariables), the condition must hold at some (a condition
// almost never met would make the test vacuous) and every let must then
// evaluate to an integer (its exact divisions exact).
func TestRuleLetsDefined(t *testing.T) {
	for _, r := range Standard().Rules() {
		if len(r.Lets) == 0 {
			continue
		}
		var binds []Env
		var gen func(i int, e Env)
		gen = func(i int, e Env) {
			if i == len(r.In) {
				c := Env{}
				for k, v := range e {
					c[k] = v
				}
				binds = append(binds, c)
				return
			}
			for v := int64(-3); v <= 9; v++ {
				if v == 0 {
					continue
				}
				e[r.In[i]] = sym.D(v)
				gen(i+1, e)
			}
		}
		if len(r.In) <= 4 {
			gen(0, Env{})
		} else {
			seed := uint64(1)
			for k := 0; k < 20000; k++ {
				e := Env{}
				for _, m := range r.In {
					seed = seed*6364136223846793005 + 1442695040888963407
					e[m] = sym.D(int64(seed>>33)%9 + 1)
				}
				binds = append(binds, e)
			}
		}
		met := 0
		for _, e := range binds {
			holds := true
			for _, rc := range r.cond {
				if rc.div {
					n, _ := sym.IsConst(e.expr(rc.n))
					d, _ := sym.IsConst(e.expr(rc.d))
					h := d != 0 && n%d == 0
					if rc.c.Rel == sym.NE {
						h = !h
					}
					holds = holds && h
					continue
				}
				h, err := e.cond(rc.c).Holds(sym.Binding{})
				holds = holds && err == nil && h
			}
			if !holds {
				continue
			}
			met++
			out := Env{}
			for k, v := range e {
				out[k] = v
			}
			for _, l := range r.Lets {
				v := out.expr(l.expr)
				if _, ok := sym.IsConst(v); !ok {
					t.Errorf("%s: let %s = %s is %s at %v, not an integer", r.ID, l.Name, l.Text, v, e)
					break
				}
				out[l.Name] = sym.Dyn(v)
			}
		}
		if met*100 < len(binds) {
			t.Errorf("%s: its condition %q holds at %d of %d sampled bindings: the test says nothing", r.ID, r.If, met, len(binds))
		}
	}
}

// TestIntegerResultsRun: an integer the engine computes from leaves that
// hold a dynamic literal (4, not _4) keeps sym.Int's Run mark, so that the
// static reading (symbols as Int<v>) does not take it for a static
// integer; one computed from symbols and static literals only has none.
func TestIntegerResultsRun(t *testing.T) {
	for _, c := range []struct {
		op   string
		args []string
		run  bool
	}{
		{"size", []string{"(M,4):(_1,M)"}, true},
		{"size", []string{"(M,_4):(_1,M)"}, false},
		{"cosize", []string{"(M,_4):(_1,2*M)"}, true},
		{"cosize", []string{"(M,_4):(_1,_2*M)"}, false},
		{"crd2idx", []string{"(_1,K)", "(M,N):(4,M)"}, true},
		{"crd2idx", []string{"(_1,K)", "(M,N):(_4,M)"}, false},
		{"crd2idx", []string{"(1,K)", "(M,N):(_4,M)"}, true},
	} {
		ans, err := Compute(Request{Op: c.op, Args: c.args})
		if err != nil {
			t.Fatalf("%s%v: %v", c.op, c.args, err)
		}
		v, ok := ans.Plain()
		if !ok || !v.Tuple.IsLeaf() {
			t.Fatalf("%s%v: want a plain integer, got %+v", c.op, c.args, ans)
		}
		if got := v.Tuple.Value(); got.Run != c.run {
			t.Errorf("%s%v = %s: Run %v, want %v", c.op, c.args, got, got.Run, c.run)
		}
	}
}
