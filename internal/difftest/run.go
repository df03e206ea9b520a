package difftest

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

	"github.com/cutealg/cutealg/internal/oracle"
	"github.com/cutealg/cutealg/props"
)

// Config is one differential run.
type Config struct {
	// Command is the peer, run with sh -c; it must speak the oracle
	// protocol (DESIGN section 5) on its standard input and output.
	Command string
	// N cases, drawn for Seed.
	N    int
	Seed uint64
	// Ops are the operations drawn (default: every one, props.Ops).
	Ops []string
	// Flavors drawn (default: all three).
	Flavors []props.Flavor
	// Mode is the request mode: "cute" (default) or "strict".
	Mode string
	// Functional compares values as functions (equalFunctional) instead of
	// their printed form.
	Functional bool
	// Timeout is the per-case time limit (default 10s); Startup is added
	// to it for the first request after the peer starts (default 30s: an
	// interpreter may take seconds to start on a loaded machine, which is
	// no hang of the case).
	Timeout time.Duration
	Startup time.Duration
	// ShrinkBudget bounds the probes spent on shrinking one disagreement
	// (default 300); a crash, hang or garbage reply, each probe of which
	// costs a restart (and a hang a timeout), gets an eighth of it.
	ShrinkBudget int
}

// Row counts the cases of one operation and flavor.
type Row struct {
	Op     string `json:"op"`
	Flavor string `json:"flavor"`
	// Sent cases; Agreed of them, Errors of the agreed ones both refused;
	// Disagreed cases, Faults of them a crash, hang or garbage reply of
	// the peer, shrunk to Minimal distinct minimal cases.
	Sent      int `json:"sent"`
	Agreed    int `json:"agreed"`
	Errors    int `json:"errors"`
	Disagreed int `json:"disagreed"`
	Faults    int `json:"faults"`
	Minimal   int `json:"minimal"`
}

// Finding is one distinct minimal disagreement.
type Finding struct {
	Op     string `json:"op"`
	Flavor string `json:"flavor"`
	// Kind is one of the Kind* constants.
	Kind string `json:"kind"`
	// Args of the minimal case; From is the call first found.
	Args []string `json:"args"`
	From string   `json:"from"`
	// Ours and Theirs are the two answers to the minimal case (a value, or
	// "error: ..."); Detail says what went wrong with a crash, hang or
	// garbage reply. FromOurs and FromTheirs answer the case first found.
	Ours       string `json:"ours"`
	Theirs     string `json:"theirs,omitempty"`
	Detail     string `json:"detail,omitempty"`
	FromOurs   string `json:"from_ours"`
	FromTheirs string `json:"from_theirs,omitempty"`
	// Broken is the documented post-condition the peer's value breaks,
	// where cutealg can tell (its catalogue id, text and a witness).
	Broken string `json:"broken,omitempty"`
	// Count is how many generated cases shrank to this one.
	Count int `json:"count"`
}

// Call is the minimal case as a call expression.
func (f Finding) Call() string { return f.Op + "(" + strings.Join(f.Args, ", ") + ")" }

// Report is the outcome of Run.
type Report struct {
	Command    string    `json:"command"`
	N          int       `json:"n"`
	Seed       uint64    `json:"seed"`
	Mode       string    `json:"mode"`
	Functional bool      `json:"functional"`
	Rows       []Row     `json:"rows"`
	Total      Row       `json:"total"`
	Findings   []Finding `json:"findings"`
	// Probes are the extra requests spent shrinking; Restarts the times
	// the peer was started again after a crash, hang or garbage reply.
	Probes   int `json:"probes"`
	Restarts int `json:"restarts"`
}

// Ours is cutealg's reply to a case, as the oracle protocol gives it.
func Ours(c props.Case, mode string) oracle.Reply {
	return oracle.Handle(request("ours", c, mode))
}

func request(id string, c props.Case, mode string) oracle.Request {
	req := oracle.Request{ID: json.RawMessage(fmt.Sprintf("%q", id)), Op: c.Op, Args: c.Args}
	if mode == "strict" {
		req.Mode = mode
	}
	return req
}

// Run sends cfg.N generated cases to the peer, compares every reply with
// cutealg's, shrinks each disagreement to a minimal case (props.Minimize:
// the smallest case that still disagrees in the same way) and reports.
// The report depends only on cfg and on the peer's answers. Progress
// lines go to log (may be nil).
func Run(cfg Config, log io.Writer) (Report, error) {
	if cfg.Command == "" {
		return Report{}, fmt.Errorf("no command")
	}
	if len(cfg.Ops) == 0 {
		cfg.Ops = props.Ops()
	}
	if len(cfg.Flavors) == 0 {
		cfg.Flavors = props.Flavors()
	}
	if cfg.Mode == "" {
		cfg.Mode = "cute"
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 10 * time.Second
	}
	if cfg.Startup <= 0 {
		cfg.Startup = 30 * time.Second
	}
	if cfg.ShrinkBudget <= 0 {
		cfg.ShrinkBudget = 300
	}
	p := &peer{command: cfg.Command, timeout: cfg.Timeout, grace: cfg.Startup}
	if err := p.start(); err != nil {
		return Report{}, err
	}
	defer p.close()
	rep := Report{Command: cfg.Command, N: cfg.N, Seed: cfg.Seed, Mode: cfg.Mode, Functional: cfg.Functional, Findings: []Finding{}}
	rows := map[[2]string]*Row{}
	found := map[string]*Finding{}
	seq := 0
	// judge asks the peer and compares: the kind of disagreement ("" for
	// agreement), both replies, and the fault.
	judge := func(c props.Case) (string, oracle.Reply, oracle.Reply, fault) {
		seq++
		ours := Ours(c, cfg.Mode)
		theirs, flt := p.ask(request(fmt.Sprintf("c%d", seq), c, cfg.Mode))
		if flt.kind != "" {
			return flt.kind, ours, theirs, flt
		}
		return compare(c.Op, ours, theirs, cfg.Functional), ours, theirs, flt
	}
	// same says whether a shrink candidate disagrees in the same way as
	// the case first found: the same kind and, where one side refuses,
	// the same refusal (its words, numbers and quoted text left out).
	same := func(kind string, ours, theirs oracle.Reply) func(props.Case) bool {
		sig := signature(kind, ours, theirs)
		return func(s props.Case) bool {
			k, o, t, _ := judge(s)
			return k == kind && signature(k, o, t) == sig
		}
	}
	for i := range cfg.N {
		c := props.CaseAt(cfg.Seed, i, cfg.Ops, cfg.Flavors)
		key := [2]string{c.Op, c.Flavor.String()}
		row := rows[key]
		if row == nil {
			row = &Row{Op: c.Op, Flavor: c.Flavor.String()}
			rows[key] = row
		}
		row.Sent++
		kind, ours, theirs, fflt := judge(c)
		if kind == "" {
			row.Agreed++
			if ours.Result == nil {
				row.Errors++
			}
			continue
		}
		row.Disagreed++
		probes, budget := 0, cfg.ShrinkBudget
		if fflt.kind != "" {
			row.Faults++
			budget = max(1, budget/8)
		}
		m, calls := props.Minimize(c, same(kind, ours, theirs), budget)
		probes += calls
		// the minimal case's answers, asked once more for the report
		_, mo, mt, flt := judge(m)
		probes++
		rep.Probes += probes
		id := c.Op + "\x00" + strings.Join(m.Args, "\x00") + "\x00" + kind
		if f := found[id]; f != nil {
			f.Count++
			continue
		}
		f := &Finding{Op: m.Op, Flavor: c.Flavor.String(), Kind: kind, Args: m.Args, From: c.Call(),
			Ours: answer(mo), Detail: flt.detail, FromOurs: answer(ours), Count: 1}
		if fflt.kind == "" {
			f.FromTheirs = answer(theirs)
		}
		if flt.kind == "" {
			f.Theirs = answer(mt)
			if mt.Result != nil {
				f.Broken = broken(m.Op, m.Args, *mt.Result)
			}
		}
		found[id] = f
		row.Minimal++
		if log != nil {
			fmt.Fprintf(log, "case %d: %s disagreement, shrunk to %s\n", i, kind, f.Call())
		}
	}
	rep.Restarts = p.started - 1
	for _, r := range rows {
		rep.Rows = append(rep.Rows, *r)
		rep.Total.Sent += r.Sent
		rep.Total.Agreed += r.Agreed
		rep.Total.Errors += r.Errors
		rep.Total.Disagreed += r.Disagreed
		rep.Total.Faults += r.Faults
		rep.Total.Minimal += r.Minimal
	}
	rep.Total.Op, rep.Total.Flavor = "total", ""
	sort.Slice(rep.Rows, func(i, j int) bool {
		a, b := rep.Rows[i], rep.Rows[j]
		return a.Op < b.Op || a.Op == b.Op && a.Flavor > b.Flavor
	})
	for _, f := range found {
		rep.Findings = append(rep.Findings, *f)
	}
	sort.Slice(rep.Findings, func(i, j int) bool {
		a, b := rep.Findings[i], rep.Findings[j]
		if a.Op != b.Op {
			return a.Op < b.Op
		}
		return a.Call() < b.Call()
	})
	return rep, nil
}

// signature is what must stay the same while a disagreement shrinks: its
// kind and the words of the refusal of the side that refuses.
func signature(kind string, ours, theirs oracle.Reply) string {
	words := func(s string) string {
		return strings.Join(strings.Fields(strings.Map(func(r rune) rune {
			if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == ' ' {
				return r
			}
			return ' '
		}, s)), " ")
	}
	switch kind {
	case KindAnswers:
		return kind + ": " + words(ours.Error)
	case KindRefuses:
		return kind + ": " + words(theirs.Error)
	}
	return kind
}

// answer prints a reply as a value or "error: ...".
func answer(r oracle.Reply) string {
	if r.Result != nil {
		return *r.Result
	}
	return "error: " + r.Error
}

// WriteText prints the report: a table per operation and flavor, then
// every minimal disagreement with both answers.
func (r Report) WriteText(w io.Writer) {
	how := "exact printed form"
	if r.Functional {
		how = "as functions"
	}
	fmt.Fprintf(w, "cute diff: %d cases against %q (seed %d, mode %s, compared %s)\n\n", r.N, r.Command, r.Seed, r.Mode, how)
	fmt.Fprintf(w, "%-22s %-8s %6s %6s %6s %9s %6s %7s\n", "op", "flavor", "sent", "agreed", "errors", "disagreed", "faults", "minimal")
	for _, row := range append(r.Rows, r.Total) {
		if row.Disagreed == 0 && row.Op != "total" && len(r.Rows) > 24 {
			continue
		}
		fmt.Fprintf(w, "%-22s %-8s %6d %6d %6d %9d %6d %7d\n", row.Op, row.Flavor, row.Sent, row.Agreed, row.Errors, row.Disagreed, row.Faults, row.Minimal)
	}
	if len(r.Rows) > 24 {
		fmt.Fprintf(w, "(rows with no disagreement left out: -json lists every row)\n")
	}
	fmt.Fprintf(w, "\n%d distinct minimal disagreements; %d shrink probes; %d restarts of the peer\n", len(r.Findings), r.Probes, r.Restarts)
	for i, f := range r.Findings {
		fmt.Fprintf(w, "\n%d. %s [%s, %s; %d case(s)]\n", i+1, f.Call(), f.Kind, f.Flavor, f.Count)
		fmt.Fprintf(w, "   from:    %s\n", f.From)
		fmt.Fprintf(w, "            cutealg %s; peer %s\n", f.FromOurs, cmp.Or(f.FromTheirs, f.Kind))
		fmt.Fprintf(w, "   cutealg: %s\n", f.Ours)
		if f.Theirs != "" {
			fmt.Fprintf(w, "   peer:    %s\n", f.Theirs)
		}
		if f.Detail != "" {
			fmt.Fprintf(w, "   peer:    %s: %s\n", f.Kind, f.Detail)
		}
		if f.Broken != "" {
			fmt.Fprintf(w, "   breaks:  %s\n", f.Broken)
		}
	}
}
