package concrete

import "testing"

// TestWorkspaceAllocations checks the allocation promise of Workspace: with
// a workspace that has grown and is reset before each call, the listed
// operations allocate nothing (on the layouts of BenchmarkPeer and a few
// more, static and dynamic).
func TestWorkspaceAllocations(t *testing.T) {
	var ws Workspace
	in := InWorkspace(&ws)
	a, b := exLayout("(10,2):(16,4)"), exLayout("(5,4):(1,5)")
	d, tl := exLayout("(12,(4,8)):(59,(13,1))"), exTiler("<3:4,8:2>")
	m, mt := exLayout("(9,(4,8)):(59,(13,1))"), exTiler("<_3:_3,(_2,_4):(_1,_8)>")
	c3, m24 := exLayout("(2,4):(_1,_6)"), exTuple("24")
	c2 := exLayout("(_2,_2):(_1,_6)")
	l1, t1 := exLayout("(4,2,3):(2,1,8)"), exLayout("4:2")
	p1, p2 := exLayout("(2,5):(_5,_1)"), exLayout("(3,4):(1,3)")
	k1, k2 := exLayout("(2,(1,6)):(1,(6,2))"), exLayout("(2,(1,6)):(1,(_0,2))")
	calls := map[string]func() error{
		"Composition":        func() error { _, err := Composition(a, b, in); return err },
		"CompositionTiler":   func() error { _, err := CompositionTiler(d, tl, in); return err },
		"Complement":         func() error { _, err := Complement(c3, m24, in); return err },
		"ComplementDefault":  func() error { _, err := ComplementDefault(c2, in); return err },
		"LogicalDivide":      func() error { _, err := LogicalDivide(l1, t1, in); return err },
		"LogicalDivideTiler": func() error { _, err := LogicalDivideTiler(m, mt, in); return err },
		"BlockedProduct":     func() error { _, err := BlockedProduct(p1, p2, in); return err },
		"RakedProduct":       func() error { _, err := RakedProduct(p1, p2, in); return err },
		"Coalesce":           func() error { _, err := Coalesce(k1, in); return err },
		"Filter":             func() error { _, err := Filter(k2, in); return err },
	}
	for name, f := range calls {
		if err := f(); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if n := testing.AllocsPerRun(100, func() {
			ws.Reset()
			if err := f(); err != nil {
				t.Fatal(err)
			}
		}); n != 0 {
			t.Errorf("%s in a reset workspace: %v allocations per call, want 0", name, n)
		}
	}
}

// TestWorkspaceTake checks take's growth: nodes come from the front of the
// chunk until it is exactly full (no new chunk before), and a new chunk is
// at least twice as large as the old one.
func TestWorkspaceTake(t *testing.T) {
	var w Workspace
	a := w.take(workspaceChunk - 4)
	b := w.take(4)
	if len(w.chunk) != workspaceChunk || &b[0] != &w.chunk[workspaceChunk-4] || &a[0] != &w.chunk[0] {
		t.Fatalf("taking a chunk's %d nodes in two calls: a new chunk of %d nodes", workspaceChunk, len(w.chunk))
	}
	w.take(0)
	if len(w.chunk) != workspaceChunk || w.used != workspaceChunk {
		t.Fatalf("taking no node from a full chunk: a new chunk of %d nodes, %d used", len(w.chunk), w.used)
	}
	c := w.take(1)
	if len(w.chunk) < 2*workspaceChunk || &c[0] != &w.chunk[0] || len(c) != 1 || cap(c) != 1 {
		t.Fatalf("one node past a full chunk of %d: a chunk of %d nodes, the node at %d", workspaceChunk, len(w.chunk), w.used)
	}
}

// TestWorkspaceAllocationsByKey: the promise holds too when calls alternate
// two operand types of one operation, so that each finds its plan by its
// key (the other type's plan being the operation's last), through the
// calc that the options set up.
func TestWorkspaceAllocationsByKey(t *testing.T) {
	var ws Workspace
	in := InWorkspace(&ws)
	a1, b1 := exLayout("(10,2):(16,4)"), exLayout("(5,4):(1,5)")
	a2, b2 := exLayout("((2,5),2):((16,32),4)"), exLayout("(5,(2,2)):(1,(5,10))")
	calls := func() {
		ws.Reset()
		for _, ab := range [][2]Layout{{a1, b1}, {a2, b2}} {
			if _, err := Composition(ab[0], ab[1], in); err != nil {
				t.Fatal(err)
			}
		}
	}
	calls()
	if n := testing.AllocsPerRun(100, calls); n != 0 {
		t.Errorf("Composition alternating two operand types in a reset workspace: %v allocations per pair of calls, want 0", n)
	}
}
