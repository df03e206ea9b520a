package concrete

import (
	"fmt"
	"testing"
)

func mustLayout(b *testing.B, s string) Layout {
	b.Helper()
	l, err := ParseLayout(s)
	if err != nil {
		b.Fatal(err)
	}
	return l
}

func mustTiler(b *testing.B, s string) Tiler {
	b.Helper()
	t, err := ParseTiler(s)
	if err != nil {
		b.Fatal(err)
	}
	return t
}

func mustTuple(b *testing.B, s string) IntTuple {
	b.Helper()
	t, err := ParseTuple(s)
	if err != nil {
		b.Fatal(err)
	}
	return t
}

// BenchmarkPeer times the twelve operations of the vectors README's "Peer
// speed" table (same layouts, same static/dynamic marks) so that the figures
// in docs/perf.md compare with CuTe C++ and pycute. Parsing is outside the
// loop; every iteration checks the error so the work cannot be skipped.
// Each call takes its result's memory from a Workspace that is Reset every
// iteration (the allocation-free way to compute many results);
// BenchmarkPeerHeap times the same calls without one.
func BenchmarkPeer(b *testing.B) {
	var ws Workspace
	peerBenchmarks(b, func() { ws.Reset() }, InWorkspace(&ws))
}

// BenchmarkPeerHeap is BenchmarkPeer with plain calls: each result is
// allocated.
func BenchmarkPeerHeap(b *testing.B) { peerBenchmarks(b, func() {}) }

// BenchmarkPeerEngine is BenchmarkPeer with the planner off (NoPlanner):
// every call runs the plain transcription (as calls with checks do, and the
// first call of an operand type).
func BenchmarkPeerEngine(b *testing.B) {
	var ws Workspace
	peerBenchmarks(b, func() { ws.Reset() }, InWorkspace(&ws), noPlans)
}

// BenchmarkPlanMiss times a call whose operand type has no plan yet: the
// key is built, the engine traced and the plan made and replayed. The
// operands cycle through 2*maxPlans static values, so that no plan is found
// (the cache starts over every maxPlans plans).
func BenchmarkPlanMiss(b *testing.B) {
	ls := make([]Layout, 2*maxPlans)
	for i := range ls {
		ls[i] = mustLayout(b, fmt.Sprintf("(10,_%d):(16,4)", 2+i))
	}
	r := mustLayout(b, "(5,4):(1,5)")
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, err := Composition(ls[i], r); err != nil {
			b.Fatal(err)
		}
		i = (i + 1) % len(ls)
	}
}

// peerBenchmarks runs the sub-benchmarks of BenchmarkPeer, calling reset
// before each call and passing opts to it.
func peerBenchmarks(b *testing.B, reset func(), opts ...Option) {
	type bench struct {
		name string
		run  func(b *testing.B) func() error
	}
	comp := func(x, y string) func(b *testing.B) func() error {
		return func(b *testing.B) func() error {
			l, r := mustLayout(b, x), mustLayout(b, y)
			return func() error { _, err := Composition(l, r, opts...); return err }
		}
	}
	compl := func(x, m string) func(b *testing.B) func() error {
		return func(b *testing.B) func() error {
			l, t := mustLayout(b, x), mustTuple(b, m)
			return func() error { _, err := Complement(l, t, opts...); return err }
		}
	}
	bprod := func(x, y string) func(b *testing.B) func() error {
		return func(b *testing.B) func() error {
			l, r := mustLayout(b, x), mustLayout(b, y)
			return func() error { _, err := BlockedProduct(l, r, opts...); return err }
		}
	}
	benches := []bench{
		{"comp_ex2", comp("(10,2):(16,4)", "(5,4):(1,5)")},
		{"comp_ex1", comp("(6,2):(8,2)", "(4,3):(3,1)")},
		{"comp_tiler", func(b *testing.B) func() error {
			l, t := mustLayout(b, "(12,(4,8)):(59,(13,1))"), mustTiler(b, "<3:4,8:2>")
			return func() error { _, err := CompositionTiler(l, t, opts...); return err }
		}},
		{"compl_1", compl("4:2", "24")},
		{"compl_2", compl("(2,2):(_1,_6)", "24")},
		{"compl_3", compl("(2,4):(_1,_6)", "24")},
		{"ldiv_1d", func(b *testing.B) func() error {
			l, r := mustLayout(b, "(4,2,3):(2,1,8)"), mustLayout(b, "4:2")
			return func() error { _, err := LogicalDivide(l, r, opts...); return err }
		}},
		{"ldiv_2d", func(b *testing.B) func() error {
			l, t := mustLayout(b, "(128,128):(1,128)"), mustTiler(b, "<32:1,16:1>")
			return func() error { _, err := LogicalDivideTiler(l, t, opts...); return err }
		}},
		{"ldiv_doc", func(b *testing.B) func() error {
			l, t := mustLayout(b, "(9,(4,8)):(59,(13,1))"), mustTiler(b, "<_3:_3,(_2,_4):(_1,_8)>")
			return func() error { _, err := LogicalDivideTiler(l, t, opts...); return err }
		}},
		{"bprod_1", bprod("(_2,_5):(_5,_1)", "(3,4):(1,3)")},
		{"bprod_2", bprod("8:1", "(3,4):(1,3)")},
		{"bprod_3", bprod("(2,5):(_5,_1)", "(3,4):(1,3)")},
	}
	for _, bc := range benches {
		b.Run(bc.name, func(b *testing.B) {
			f := bc.run(b)
			if err := f(); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				reset()
				if err := f(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkQuery times the queries that must not allocate: size, cosize,
// crd2idx of a 1-D coordinate and the evaluation of one index, on the
// all-dynamic layout of the Crd2Idx example.
func BenchmarkQuery(b *testing.B) {
	l := mustLayout(b, "(3,(2,3)):(3,(12,1))")
	crd := mustTuple(b, "16")
	b.Run("size", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := Size(l); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("cosize", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := Cosize(l); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("crd2idx", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := Crd2Idx(crd, l); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("index1", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := l.Index(16); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkChecked times comp_ex2 of BenchmarkPeer with the post-condition
// checks on (warnings collected, or strict mode): the price of the checks.
func BenchmarkChecked(b *testing.B) {
	l, r := mustLayout(b, "(10,2):(16,4)"), mustLayout(b, "(5,4):(1,5)")
	b.Run("comp_ex2_warnings", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var w []string
			if _, err := Composition(l, r, CollectWarnings(&w)); err != nil || len(w) != 0 {
				b.Fatal(err, w)
			}
		}
	})
	b.Run("comp_ex2_strict", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := Composition(l, r, StrictMode()); err != nil {
				b.Fatal(err)
			}
		}
	})
}
