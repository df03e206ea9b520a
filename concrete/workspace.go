package concrete

// Workspace is reusable memory for the layouts that operations build. An
// operation called with the option InWorkspace(w) takes the tuple nodes of
// its result from w instead of allocating them when it replays a plan (see
// plan.go), so that a caller computing many results in a loop allocates
// nothing once w has grown to the size of one call: Composition (with a
// layout or a tiler), Complement, ComplementDefault, LogicalDivide (with a
// layout or a tiler), BlockedProduct, RakedProduct, Coalesce and Filter then
// allocate nothing (TestWorkspaceAllocations). The first call of an operand
// type, calls with checks and NoPlanner calls run the transcription, which
// allocates its layouts whether or not it has a workspace. Results are the
// same with or without a workspace; only where their memory comes from
// differs.
//
// Reset makes all of w's memory available again: a Layout obtained through
// w before a Reset must not be used after it (its nodes are overwritten by
// later calls). Without Reset, w never reuses memory and every result stays
// valid. A Workspace must not be used by two goroutines at once, and must
// not be copied (go vet reports copies): two copies would hand out the same
// memory. The zero value is an empty workspace ready to use.
type Workspace struct {
	_     noCopy
	chunk []IntTuple // the memory in use: nodes are taken from its front
	used  int        // how many nodes of chunk are taken
	// regs is the register file of plan replays (see plan.go): kept
	// between calls, so that a call does not clear one. consts is the plan
	// whose constants it holds (nil: none), which a replay of that plan
	// does not copy again: no step writes a constant's register.
	regs   [maxRegs]int64
	consts *plan
}

// noCopy makes go vet's copylocks check report copies of a Workspace.
type noCopy struct{}

func (*noCopy) Lock()   {}
func (*noCopy) Unlock() {}

// workspaceChunk is the smallest chunk a workspace allocates (in nodes).
const workspaceChunk = 1024

// Reset makes all of w's memory available to the next calls; every Layout
// obtained through w so far becomes invalid. (It clears nothing: the old
// nodes, and whatever they refer to, stay reachable until later calls
// overwrite them or w is dropped.)
func (w *Workspace) Reset() { w.used = 0 }

// take returns n nodes of w (n >= 0), holding what earlier calls left there:
// the caller writes each node whole. When the chunk is full a new
// one, at least twice as large, replaces it: earlier results keep the old
// chunk alive for as long as they are referenced.
func (w *Workspace) take(n int) []IntTuple {
	if w.used+n > len(w.chunk) {
		w.chunk = make([]IntTuple, max(2*len(w.chunk), n, workspaceChunk))
		w.used = 0
	}
	r := w.chunk[w.used : w.used+n : w.used+n]
	w.used += n
	return r
}

// InWorkspace makes an operation take the memory of the layouts it builds
// from w (see Workspace).
func InWorkspace(w *Workspace) Option { return Option{ws: w} }

// nodes returns n tuple nodes for a replayed result, which the caller
// writes whole (a workspace's nodes are not zeroed): from w, or newly
// allocated when w is nil.
func (w *Workspace) nodes(n int) []IntTuple {
	if w == nil {
		return make([]IntTuple, n)
	}
	return w.take(n)
}

// registers returns the register file of a replay of plan p in workspace
// w: w's, else (w nil) a new one (on the caller's stack: registers is
// inlined). A replay writes every register before it reads it (register 0
// is never read; TestPlanLaneAgainstEngine checks the plans), so the
// workspace's is not cleared. Loading the operands of p may overwrite the
// constants of another plan: the workspace forgets them then.
func (w *Workspace) registers(p *plan) *[maxRegs]int64 {
	if w == nil {
		return new([maxRegs]int64)
	}
	if w.consts != p {
		w.consts = nil
	}
	return &w.regs
}

// loadConsts stores p's constants in its registers of r, the register
// file of a call in workspace w (see registers), unless they are there
// already.
func (w *Workspace) loadConsts(p *plan, r *[maxRegs]int64) {
	if w != nil {
		if w.consts == p {
			return
		}
		w.consts = p
	}
	copy(r[p.nin+1:], p.init)
}
