package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/cutealg/cutealg/concrete"
	"github.com/cutealg/cutealg/internal/difftest"
	"github.com/cutealg/cutealg/internal/oracle"
	"github.com/cutealg/cutealg/internal/tuple"
	"github.com/cutealg/cutealg/internal/vectors"
	"github.com/cutealg/cutealg/props"
)

// helperEnv makes the test binary, re-executed, act as a peer of cute
// diff: "cute" runs the cute command line itself (so `cute oracle` is
// the real thing), a fault name runs the oracle with that fault planted.
const helperEnv = "CUTE_DIFF_HELPER"

func TestMain(m *testing.M) {
	switch h := os.Getenv(helperEnv); h {
	case "":
		os.Exit(m.Run())
	case "cute":
		os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	default:
		faultyOracle(h, os.Stdin, os.Stdout)
		os.Exit(0)
	}
}

// faultyOracle answers requests as the oracle does, except for one
// planted fault: "stride" adds 1 to the last stride of an extent above 1
// in composition's results; "mode" drops the last top-level mode of
// logical_divide's results; "crash" exits on complement; "hang" never
// answers right_inverse; "garbage" answers size with a line of text.
func faultyOracle(fault string, in io.Reader, out io.Writer) {
	sc := bufio.NewScanner(in)
	sc.Buffer(nil, 1<<20)
	w := bufio.NewWriter(out)
	for sc.Scan() {
		var req oracle.Request
		if err := json.Unmarshal(sc.Bytes(), &req); err != nil {
			continue
		}
		switch {
		case fault == "crash" && req.Op == "complement":
			os.Exit(3)
		case fault == "hang" && req.Op == "right_inverse":
			time.Sleep(time.Hour)
		case fault == "garbage" && req.Op == "size":
			fmt.Fprintln(w, "size is", req.Args)
			w.Flush()
			continue
		}
		rep := oracle.Handle(req)
		if rep.Result != nil {
			if l, err := concrete.ParseLayout(*rep.Result); err == nil {
				switch {
				case fault == "stride" && req.Op == "composition":
					l = bumpLastStride(l)
				case fault == "mode" && req.Op == "logical_divide" && !l.Shape.IsLeaf() && l.Rank() > 1:
					l = concrete.Layout{Shape: tuple.Of(l.Shape.Kids()[:l.Rank()-1]...), Stride: tuple.Of(l.Stride.Kids()[:l.Rank()-1]...)}
				}
				s := l.String()
				rep.Result = &s
			}
		}
		b, _ := json.Marshal(rep)
		w.Write(append(b, '\n'))
		w.Flush()
	}
}

// bumpLastStride adds 1 to the stride of the last leaf of extent above 1.
func bumpLastStride(l concrete.Layout) concrete.Layout {
	ss := l.Shape.Leaves(nil)
	last := -1
	for i, s := range ss {
		if s.V > 1 {
			last = i
		}
	}
	k := -1
	return concrete.Layout{Shape: l.Shape, Stride: tuple.Map(l.Stride, func(x concrete.Int) concrete.Int {
		k++
		if k == last {
			return concrete.Int{V: x.V + 1, Static: x.Static}
		}
		return x
	})}
}

// peerCommand is the shell command that runs the test binary as a peer.
func peerCommand(t *testing.T, helper string, args ...string) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%s=%s %q %s", helperEnv, helper, exe, strings.Join(args, " "))
}

// diffRun runs cute diff with the arguments and decodes its -json report.
func diffRun(t *testing.T, args ...string) (difftest.Report, int, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(append([]string{"diff", "-json"}, args...), nil, &out, &errb)
	var rep difftest.Report
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatalf("cute diff %v: exit %d, report %q: %v; stderr %s", args, code, out.String(), err, errb.String())
	}
	return rep, code, errb.String()
}

// TestDiffAgainstOracle: cute diff against cute oracle itself finds no
// disagreement, over every operation and flavor.
func TestDiffAgainstOracle(t *testing.T) {
	rep, code, stderr := diffRun(t, "-cmd", peerCommand(t, "cute", "oracle"), "-n", "450", "-seed", "3")
	if code != exitOK || len(rep.Findings) != 0 {
		t.Fatalf("exit %d, findings %+v, stderr %s", code, rep.Findings, stderr)
	}
	if rep.Total.Sent != 450 || rep.Total.Agreed != 450 || rep.Restarts != 0 {
		t.Fatalf("total %+v, restarts %d", rep.Total, rep.Restarts)
	}
	if len(rep.Rows) != 3*len(props.Ops()) {
		t.Fatalf("%d rows, want one per operation and flavor", len(rep.Rows))
	}
	if rep.Total.Errors == 0 || rep.Total.Errors == rep.Total.Agreed {
		t.Fatalf("%d of %d agreed cases are errors: want refusals and values both", rep.Total.Errors, rep.Total.Agreed)
	}
}

// leaves counts the integers of a case's arguments.
func leaves(args []string) int {
	n := 0
	for _, a := range args {
		for _, f := range strings.FieldsFunc(a, func(r rune) bool { return strings.ContainsRune("(),:", r) }) {
			if f != "" {
				n++
			}
		}
	}
	return n
}

// TestDiffFindsPlantedFaults: against an oracle with a planted fault,
// cute diff finds it (a wrong stride, a dropped mode, a crash, a hang, a
// garbage line), only on the faulty operation, shrinks it to a small case,
// and names the broken post-condition where it can.
func TestDiffFindsPlantedFaults(t *testing.T) {
	for _, tc := range []struct {
		fault, ops, kind string
		faulty           string
		maxLeaves        int
		broken           string
		extra            []string
	}{
		{"stride", "composition,coalesce", difftest.KindValue, "composition", 6, "composition.function", nil},
		{"mode", "logical_divide,size", difftest.KindValue, "logical_divide", 6, "", []string{"-functional"}},
		{"crash", "complement,coalesce", difftest.KindCrash, "complement", 6, "", nil},
		{"hang", "right_inverse,size", difftest.KindHang, "right_inverse", 4, "", []string{"-timeout", "200ms", "-startup", "1s", "-shrink", "16"}},
		{"garbage", "size,rank", difftest.KindGarbage, "size", 2, "", nil},
	} {
		t.Run(tc.fault, func(t *testing.T) {
			// a crash or hang costs a restart per probe: fewer cases
			n := "24"
			if tc.kind != difftest.KindValue {
				n = "4"
			}
			args := append([]string{"-cmd", peerCommand(t, tc.fault), "-n", n, "-seed", "5", "-ops", tc.ops}, tc.extra...)
			rep, code, stderr := diffRun(t, args...)
			if code != exitDomain || len(rep.Findings) == 0 {
				t.Fatalf("exit %d, no finding; stderr %s", code, stderr)
			}
			for _, f := range rep.Findings {
				if f.Op != tc.faulty || f.Kind != tc.kind {
					t.Errorf("finding %s of kind %s: want only %s of kind %s", f.Call(), f.Kind, tc.faulty, tc.kind)
				}
				if got := leaves(f.Args); got > tc.maxLeaves {
					t.Errorf("finding %s (from %s) not shrunk: %d integers", f.Call(), f.From, got)
				}
				if tc.broken != "" && !strings.HasPrefix(f.Broken, tc.broken) {
					t.Errorf("finding %s: broken %q, want %s", f.Call(), f.Broken, tc.broken)
				}
			}
			for _, r := range rep.Rows {
				if r.Op != tc.faulty && r.Disagreed != 0 {
					t.Errorf("row %+v: disagreements on an operation without a fault", r)
				}
			}
			if tc.kind != difftest.KindValue && (rep.Restarts == 0 || rep.Total.Faults != rep.Total.Disagreed) {
				t.Errorf("%d restarts, %d faults of %d disagreements: want every one a fault, and restarts", rep.Restarts, rep.Total.Faults, rep.Total.Disagreed)
			}
			if tc.kind == difftest.KindValue && rep.Total.Faults != 0 {
				t.Errorf("%d faults from an oracle that only answers wrong", rep.Total.Faults)
			}
			if tc.fault == "stride" {
				again, _, _ := diffRun(t, args...)
				if !reflect.DeepEqual(rep, again) {
					t.Errorf("two runs with one seed differ:\n%+v\n%+v", rep, again)
				}
			}
		})
	}
}

// TestVectorsSchema: cute vectors writes records in the vectors' schema
// that cute oracle answers alike.
func TestVectorsSchema(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"vectors", "-n", "200", "-seed", "2"}, nil, &out, &errb); code != exitOK {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 200 {
		t.Fatalf("%d lines, want 200", len(lines))
	}
	ids := map[string]bool{}
	kinds := map[string]int{}
	for _, l := range lines {
		var r vectors.Record
		dec := json.NewDecoder(strings.NewReader(l))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&r); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
		if ids[r.ID] || r.Op == "" || (r.Result == nil) == (r.Error == "") || r.Unchecked != "" && r.Result == nil {
			t.Fatalf("bad record %s", l)
		}
		ids[r.ID] = true
		kinds[r.Flavor]++
		rep := oracle.Handle(oracle.Request{ID: json.RawMessage(`"x"`), Op: r.Op, Args: r.Args})
		if (rep.Result == nil) != (r.Result == nil) || rep.Result != nil && *rep.Result != *r.Result || rep.Warning != r.Unchecked {
			t.Fatalf("record %s: oracle answers %+v", l, rep)
		}
	}
	for _, f := range []string{"static", "dynamic", "mixed"} {
		if kinds[f] == 0 {
			t.Errorf("no %s record", f)
		}
	}
}
