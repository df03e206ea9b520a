package gpuval

import (
	"bufio"
	"compress/gzip"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/cutealg/cutealg/concrete"
	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/rules"
	"github.com/cutealg/cutealg/sym"
)

// outcome is what CuTe did with one case, read from the outputs.
type outcome struct {
	result   *string // R line
	where    string  // "D" device, "H" host
	n        int64
	hash     string
	first    string
	err      string // E line or compile refusal
	compiled bool
}

// Mismatch is one disagreement between CuTe and cutealg.
type Mismatch struct {
	ID string
	// What disagrees: "concrete" (printed form, values or refusal) or
	// "symbolic" (the symbolic answer at the binding).
	What string
	// CuTe and Ours describe both sides.
	CuTe, Ours string
	// Repro is a minimal reproducer: the call, and for a symbolic case its
	// assumptions and binding, and the C++ statement.
	Repro string
}

// Report is the comparison of one campaign.
type Report struct {
	Meta    []string
	Cases   int
	Sources map[string]int
	// Compared counts the cases with an outcome; Missing the cases without
	// one (their batch did not run).
	Compared, Missing int
	// Refused and Faulted count CuTe's compile refusals and run-time
	// faults that cutealg reproduced.
	Refused, Faulted int
	// DeviceValues counts the cases whose values came from the device
	// kernel (H: the host, in a host-only build).
	DeviceValues, HostValues int
	// SymPoints counts symbolic points compared with the symbolic answer;
	// SymErrors those where the answer is an error while CuTe computed a
	// value (a loss of precision, not a wrong value).
	SymPoints, SymErrors int
	// NotCompared lists cases cutealg rejects as bad input or overflow.
	NotCompared []string
	// RefusalText lists refusals where CuTe's first error line does not
	// contain cutealg's quoted condition.
	RefusalText []string
	Mismatches  []Mismatch
	// NotStarted are the batches run.sh did not start (its DEADLINE);
	// they are the end of its list from position FirstNotStarted (-1 when
	// none): run them with GV_FROM and compare both output folders.
	NotStarted      []string
	FirstNotStarted int
	started         map[string]bool
	// Failed are the runs that died before their first case.
	Failed []string
	// Types, Batches, CompileCoreSeconds, RunSeconds and WallSeconds are
	// read from compile.txt and meta.txt.
	Types, Compiles              int
	CompileCoreSeconds, RunCoreS float64
	WallSeconds                  float64
}

// Compare reads a campaign's manifest (dir/cases.jsonl, written by
// Plan.Write) and the outputs that run.sh collected in the folders outDirs
// (several runs of parts of one campaign: a later folder's outcome of a
// case replaces an earlier one's), and compares every case with package
// concrete and, for symbolic points, with the symbolic answer at the
// binding.
func Compare(dir string, outDirs ...string) (*Report, error) {
	cases, err := readManifest(filepath.Join(dir, "cases.jsonl"))
	if err != nil {
		return nil, err
	}
	rep := &Report{Cases: len(cases), Sources: map[string]int{}, FirstNotStarted: -1, started: map[string]bool{}}
	got := map[string]*outcome{}
	refusedTypes := map[string]string{}
	for _, od := range outDirs {
		if err := readResults(od, got); err != nil {
			return nil, err
		}
		if err := readCompile(filepath.Join(od, "compile.txt"), rep, refusedTypes); err != nil {
			return nil, err
		}
		b, err := os.ReadFile(filepath.Join(od, "meta.txt"))
		if err != nil {
			continue
		}
		for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
			rep.Meta = append(rep.Meta, l)
			if f := strings.Fields(l); len(f) == 3 && f[0] == "wall" {
				a, _ := strconv.ParseFloat(f[1], 64)
				z, _ := strconv.ParseFloat(f[2], 64)
				rep.WallSeconds += z - a
			}
		}
	}
	answers := map[string]symAnswer{}
	types := map[string]bool{}
	for _, e := range cases {
		types[fmt.Sprintf("%s/%d", e.Batch, e.Type)] = true
		rep.Sources[e.Source]++
		o, ok := got[e.ID]
		if msg, refused := refusedTypes[fmt.Sprintf("%s/%d", e.Batch, e.Type)]; refused {
			o, ok = &outcome{err: "compile: " + msg}, true
		}
		if !ok {
			rep.Missing++
			continue
		}
		rep.Compared++
		switch o.where {
		case "D":
			rep.DeviceValues++
		case "H":
			rep.HostValues++
		}
		want, werr := concrete.ApplyText(e.Op, e.Args)
		if m := compareConcrete(rep, e.Case, o, want, werr); m != nil {
			rep.Mismatches = append(rep.Mismatches, *m)
		}
		if e.Sym != nil {
			a, ok := answers[e.Sym.Case]
			if !ok {
				a = computeSym(e.Op, e.Sym)
				answers[e.Sym.Case] = a
			}
			if m := compareSym(rep, e.Case, o, a); m != nil {
				rep.Mismatches = append(rep.Mismatches, *m)
			}
		}
	}
	rep.Types = len(types)
	// a batch that a later run started is not missing
	var still []string
	for _, b := range rep.NotStarted {
		if !rep.started[b] {
			still = append(still, b)
		}
	}
	if rep.NotStarted = still; len(still) == 0 {
		rep.FirstNotStarted = -1
	}
	return rep, nil
}

func compareConcrete(rep *Report, c Case, o *outcome, want concrete.Value, werr error) *Mismatch {
	mis := func(cute, ours string) *Mismatch {
		return &Mismatch{ID: c.ID, What: "concrete", CuTe: cute, Ours: ours, Repro: repro(c)}
	}
	var ce *concrete.Error
	if werr != nil && (!errors.As(werr, &ce) || ce.Kind == concrete.BadInput || ce.Kind == concrete.Overflow) {
		rep.NotCompared = append(rep.NotCompared, c.ID+": "+werr.Error())
		return nil
	}
	if o.err != "" {
		switch {
		case werr == nil:
			return mis(o.err, "value "+want.String())
		case strings.HasPrefix(o.err, "compile:") && ce.Kind == concrete.Refused:
			rep.Refused++
			if !strings.Contains(o.err, quoted(ce.Msg)) {
				rep.RefusalText = append(rep.RefusalText, fmt.Sprintf("%s: CuTe %q, ours %q", c.ID, o.err, ce.Msg))
			}
			return nil
		case strings.HasPrefix(o.err, "runtime: SIGFPE") && ce.Kind == concrete.DivByZero:
			rep.Faulted++
			return nil
		}
		return mis(o.err, "error "+werr.Error())
	}
	if werr != nil {
		return mis(deref(o.result), "error "+werr.Error())
	}
	if o.result == nil {
		return mis("no result line", want.String())
	}
	if *o.result != want.String() {
		return mis(*o.result, want.String())
	}
	if want.Kind == concrete.ValLayout || c.Op == "evaluate" {
		l := want.Layout
		if c.Op == "evaluate" {
			l, _ = concrete.ParseLayout(c.Args[0])
		}
		n, h, first, err := ourValues(l)
		if err != nil {
			rep.NotCompared = append(rep.NotCompared, c.ID+": values: "+err.Error())
			return nil
		}
		if o.hash != h || o.n != n {
			return mis(fmt.Sprintf("%s values: size %d hash %s first %s", o.where, o.n, o.hash, o.first),
				fmt.Sprintf("size %d hash %s first %s", n, h, first))
		}
	}
	return nil
}

// quoted is the part of a refusal message that CuTe's first error line
// must contain: the static_assert text (cutealg appends its explanations
// after a colon or parenthesis).
func quoted(msg string) string {
	if i := strings.Index(msg, " ("); i > 0 {
		msg = msg[:i]
	}
	return msg
}

func deref(s *string) string {
	if s == nil {
		return "no result line"
	}
	return *s
}

// ourValues evaluates a layout at indices 0..min(size, Cap)-1 and returns
// the size, the hash (as the C++ prelude computes it) and the first Show
// values.
func ourValues(l concrete.Layout) (int64, string, string, error) {
	sz, err := concrete.Size(l)
	if err != nil {
		return 0, "", "", err
	}
	n := sz.V
	if n < 0 {
		n = 0
	}
	m := min(n, Cap)
	h := fnv.New64a()
	var buf [8]byte
	var first []string
	for i := int64(0); i < m; i++ {
		v, err := l.Index(i)
		if err != nil {
			return 0, "", "", err
		}
		binary.LittleEndian.PutUint64(buf[:], uint64(v))
		h.Write(buf[:])
		if i < Show {
			first = append(first, strconv.FormatInt(v, 10))
		}
	}
	return n, fmt.Sprintf("%016x", h.Sum64()), strings.Join(first, ","), nil
}

// symAnswer is the symbolic answer of a symbolic case (dynamic mode).
type symAnswer struct {
	ctx *sym.Ctx
	ans rules.Answer[sym.Value]
	err error
}

func computeSym(op string, p *SymPoint) symAnswer {
	ctx, err := sym.Assume(p.Assume...)
	if err != nil {
		return symAnswer{err: err}
	}
	ans, err := rules.Compute(rules.Request{Op: op, Args: p.Args, Assume: p.Assume, Dynamic: true})
	return symAnswer{ctx: ctx, ans: ans, err: err}
}

// rankFree are the operations whose result's top-level modes the symbolic
// graders do not compare (DESIGN section 3): only the function.
var rankFree = map[string]bool{"coalesce": true, "complement": true, "complement_default": true, "right_inverse": true, "left_inverse": true}

func compareSym(rep *Report, c Case, o *outcome, a symAnswer) *Mismatch {
	mis := func(cute, ours string) *Mismatch {
		return &Mismatch{ID: c.ID, What: "symbolic", CuTe: cute, Ours: ours, Repro: repro(c)}
	}
	rep.SymPoints++
	if a.err != nil {
		if o.err == "" {
			rep.SymErrors++
		}
		return nil
	}
	var br *rules.Branch[sym.Value]
	for i := range a.ans.Branches {
		b := &a.ans.Branches[i]
		holds := true
		for _, g := range b.Guards {
			if h, err := g.Holds(c.Sym.Bind); err != nil || !h {
				holds = false
				break
			}
		}
		if holds {
			if br != nil {
				return mis(deref(o.result), "two cases of the answer hold at the binding")
			}
			br = b
		}
	}
	if br == nil {
		return mis(deref(o.result), "no case of the answer holds at the binding")
	}
	if br.Err != nil {
		if o.err == "" {
			rep.SymErrors++
		}
		return nil
	}
	if o.err != "" {
		return mis(o.err, "value "+br.Value.String())
	}
	g, err := a.ctx.EvalValue(br.Value, c.Sym.Bind)
	if err != nil {
		rep.NotCompared = append(rep.NotCompared, c.ID+": grounding the answer: "+err.Error())
		return nil
	}
	if g.Kind != concrete.ValLayout {
		if strip(g.String()) != strip(deref(o.result)) {
			return mis(deref(o.result), br.Value.String()+" = "+g.String())
		}
		return nil
	}
	n, h, first, err := ourValues(g.Layout)
	if err != nil {
		rep.NotCompared = append(rep.NotCompared, c.ID+": values of the answer: "+err.Error())
		return nil
	}
	if o.n != n || o.hash != h {
		return mis(fmt.Sprintf("size %d hash %s first %s", o.n, o.hash, o.first),
			fmt.Sprintf("%s = %s: size %d hash %s first %s", br.Value, g, n, h, first))
	}
	if !rankFree[c.Op] && o.result != nil {
		cl, err := concrete.ParseLayout(*o.result)
		if err == nil {
			if cm, om := modeSizes(cl), modeSizes(g.Layout); cm != om {
				return mis(*o.result+" modes "+cm, br.Value.String()+" = "+g.String()+" modes "+om)
			}
		}
	}
	return nil
}

// modeSizes prints the sizes of a layout's top-level modes.
func modeSizes(l concrete.Layout) string {
	var s []string
	for i := 0; i < l.Rank(); i++ {
		z, err := concrete.Size(l.Mode(i))
		if err != nil {
			return err.Error()
		}
		s = append(s, strconv.FormatInt(z.V, 10))
	}
	return "(" + strings.Join(s, ",") + ")"
}

// strip drops the static marks of printed integers.
func strip(s string) string {
	n, err := notation.Parse(s)
	if err != nil {
		return s
	}
	return strings.ReplaceAll(notation.Print(n), "_", "")
}

// repro is a case's minimal reproducer: the call, the symbolic case and
// binding, and the CuTe C++ statement with its dynamic integers in place.
func repro(c Case) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s(%s)", c.Op, strings.Join(c.Args, ", "))
	if c.Sym != nil {
		fmt.Fprintf(&b, " = symbolic %s %s(%s) under %v at %v", c.Sym.Case, c.Op, strings.Join(c.Sym.Args, ", "), c.Sym.Assume, c.Sym.Bind)
	}
	if s, err := lower(c.Op, c.Args); err == nil {
		body := s.body
		for i := len(s.values) - 1; i >= 0; i-- {
			body = strings.ReplaceAll(body, "v["+strconv.Itoa(i)+"]", "int("+strconv.FormatInt(s.values[i], 10)+")")
		}
		fmt.Fprintf(&b, "\n    C++: %s", body)
	}
	return b.String()
}

func readManifest(path string) ([]entry, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []entry
	dec := json.NewDecoder(bufio.NewReader(f))
	for {
		var e entry
		if err := dec.Decode(&e); err == io.EOF {
			return out, nil
		} else if err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
		out = append(out, e)
	}
}

// readResults reads results.txt.gz (or results.txt) of an output folder
// into got.
func readResults(dir string, got map[string]*outcome) error {
	var r io.Reader
	f, err := os.Open(filepath.Join(dir, "results.txt.gz"))
	if err == nil {
		defer f.Close()
		z, err := gzip.NewReader(f)
		if err != nil {
			return err
		}
		r = z
	} else if f, err = os.Open(filepath.Join(dir, "results.txt")); err == nil {
		defer f.Close()
		r = f
	} else {
		return fmt.Errorf("no results.txt.gz or results.txt in %s", dir)
	}
	fresh := map[string]bool{}
	get := func(id string) *outcome {
		o := got[id]
		if o == nil || !fresh[id] {
			fresh[id] = true
			o = &outcome{compiled: true}
			got[id] = o
		}
		return o
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<26)
	for sc.Scan() {
		line := sc.Text()
		if len(line) < 3 || line[1] != ' ' {
			continue
		}
		tag, rest := line[0], line[2:]
		id, text, _ := strings.Cut(rest, "\t")
		switch tag {
		case 'R':
			t := text
			get(id).result = &t
		case 'E':
			get(id).err = text
		case 'D', 'H':
			f := strings.Split(text, "\t")
			if len(f) != 3 {
				continue
			}
			o := get(id)
			o.where = string(tag)
			o.n, _ = strconv.ParseInt(f[0], 10, 64)
			o.hash, o.first = f[1], f[2]
		}
	}
	return sc.Err()
}

// readCompile reads compile.txt: the refused types into refused
// (batch/type -> first error line, its static_assert text when there is
// one), the times, and the batches not started.
func readCompile(path string, rep *Report, refused map[string]string) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	for _, l := range strings.Split(string(b), "\n") {
		f := strings.Fields(l)
		if len(f) < 3 {
			continue
		}
		switch f[0] {
		case "C":
			rep.started[f[1]] = true
			if len(f) == 7 {
				rep.Compiles++
				rep.CompileCoreSeconds += span(f[5], f[6])
			}
		case "T":
			if len(f) == 7 {
				rep.RunCoreS += span(f[5], f[6])
			}
		case "X":
			_, msg, _ := strings.Cut(l, " error: ")
			refused[f[1]+"/"+f[2]] = assertText(msg)
		case "N":
			rep.NotStarted = append(rep.NotStarted, f[1])
			if k, err := strconv.Atoi(f[2]); err == nil && (rep.FirstNotStarted < 0 || k < rep.FirstNotStarted) {
				rep.FirstNotStarted = k
			}
		case "F":
			rep.Failed = append(rep.Failed, strings.Join(f[1:], " "))
		}
	}
	return nil
}

func span(a, b string) float64 {
	x, _ := strconv.ParseFloat(a, 64)
	y, _ := strconv.ParseFloat(b, 64)
	return y - x
}

// assertText normalises a compiler's first error line: g++ writes
// `static assertion failed: TEXT`, nvcc `static assertion failed with
// "TEXT"`; both become `static assertion failed: TEXT`.
func assertText(msg string) string {
	msg = strings.TrimSpace(msg)
	if i := strings.Index(msg, `static assertion failed with "`); i >= 0 {
		t := strings.TrimSuffix(msg[i+len(`static assertion failed with "`):], `"`)
		return "static assertion failed: " + t
	}
	return msg
}

// Markdown writes the report in the form of docs/gpuval.md.
func (r *Report) Markdown(w io.Writer) {
	fmt.Fprintf(w, "## Campaign\n\n")
	for _, m := range r.Meta {
		fmt.Fprintf(w, "    %s\n", m)
	}
	var src []string
	for k, v := range r.Sources {
		src = append(src, fmt.Sprintf("%s %d", k, v))
	}
	sort.Strings(src)
	fmt.Fprintf(w, "\nCases: %d (%s); compared %d, without output %d.\n", r.Cases, strings.Join(src, ", "), r.Compared, r.Missing)
	fmt.Fprintf(w, "Values from the device kernel: %d cases (from the host: %d).\n", r.DeviceValues, r.HostValues)
	fmt.Fprintf(w, "CuTe refusals reproduced: %d compile, %d run-time (SIGFPE).\n", r.Refused, r.Faulted)
	fmt.Fprintf(w, "Symbolic points compared with the answer at the binding: %d (answer an error where CuTe computes: %d).\n", r.SymPoints, r.SymErrors)
	fmt.Fprintf(w, "C++ types: %d, %d compiler runs taking %.0f s together (%.3f s per type, %.4f s per case); the runs %.1f s together; wall %.0f s.\n",
		r.Types, r.Compiles, r.CompileCoreSeconds, r.CompileCoreSeconds/float64(max(r.Types, 1)), r.CompileCoreSeconds/float64(max(r.Compared, 1)), r.RunCoreS, r.WallSeconds)
	if len(r.NotStarted) > 0 {
		fmt.Fprintf(w, "Batches not started: %d (run them with GV_FROM=%d bash run.sh).\n", len(r.NotStarted), r.FirstNotStarted)
	}
	for _, f := range r.Failed {
		fmt.Fprintf(w, "Run failed before its first case: %s\n", f)
	}
	fmt.Fprintf(w, "\n### Mismatches: %d\n\n", len(r.Mismatches))
	for _, m := range r.Mismatches {
		fmt.Fprintf(w, "- `%s` (%s): CuTe `%s`, cutealg `%s`\n  reproducer: `%s`\n", m.ID, m.What, m.CuTe, m.Ours, m.Repro)
	}
	list := func(title string, xs []string) {
		fmt.Fprintf(w, "\n### %s: %d\n\n", title, len(xs))
		for i, x := range xs {
			if i == 50 {
				fmt.Fprintf(w, "- ... %d more\n", len(xs)-50)
				break
			}
			fmt.Fprintf(w, "- %s\n", x)
		}
	}
	list("Refusals whose text differs", r.RefusalText)
	list("Not compared (cutealg: bad input or overflow)", r.NotCompared)
}
