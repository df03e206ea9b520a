package concrete

// This file holds the result builder of the hot operations (composition,
// complement, the divide and product families): they compute on flat leaf
// slices held in fixed-size scratch arrays on the caller's stack and record
// the result's tree as a small prefix program; the tree is built once, at the
// end, with every tuple node of shape and stride in a single allocation.
//
// Scratch arrays are local variables: a slice of one must not be stored
// through a pointer, or escape analysis moves the array to the heap. When a
// scratch slice outgrows its array, append moves it to the heap as usual.

// Scratch sizes: enough for the layouts of everyday use; larger ones spill
// to the heap.
const (
	scratchInts  = 16
	scratchOps   = 24
	scratchSubs  = 4
	scratchModes = 8
)

// modeScratch is stack storage for the modes of one flat layout.
type modeScratch struct{ sh, st [scratchModes]Int }

// slices returns empty slices backed by m, or nil slices (heap storage)
// when m is nil.
func (m *modeScratch) slices() (sh, st []Int) {
	if m == nil {
		return nil, nil
	}
	return m.sh[:0], m.st[:0]
}

// Prefix program of a layoutBuilder: a non-negative op is a tuple whose n
// elements follow it; opLeaf takes the next leaf of sh/st, opSub the next
// layout of subs.
const (
	opLeaf int32 = -1
	opSub  int32 = -2
)

// layoutBuilder records a Layout under construction (see the file comment):
// its leaves, sub-layouts and program live in fixed-size arrays (a builder
// is a local variable, used through a pointer that never escapes; it stores
// no pointer into itself), and move to heap slices (spill) when an array is
// full.
type layoutBuilder struct {
	nLeaf, nOp, nSub int
	kids             int // total number of tuple elements (of the shape tree)
	sh, st           [scratchInts]Int
	ops              [scratchOps]int32
	subs             [scratchSubs]Layout
	spill            *builderSpill
}

// builderSpill holds the whole record of a builder that outgrew its arrays.
type builderSpill struct {
	sh, st []Int
	ops    []int32
	subs   []Layout
}

// spilled moves the record to the heap (once) and returns it.
func (b *layoutBuilder) spilled() *builderSpill {
	if b.spill == nil {
		b.spill = &builderSpill{
			sh:   append([]Int(nil), b.sh[:b.nLeaf]...),
			st:   append([]Int(nil), b.st[:b.nLeaf]...),
			ops:  append([]int32(nil), b.ops[:b.nOp]...),
			subs: append([]Layout(nil), b.subs[:b.nSub]...),
		}
	}
	return b.spill
}

// op appends one program step and returns its position.
func (b *layoutBuilder) op(o int32) int {
	if b.spill == nil && b.nOp < len(b.ops) {
		b.ops[b.nOp] = o
	} else {
		sp := b.spilled()
		sp.ops = append(sp.ops, o)
	}
	b.nOp++
	return b.nOp - 1
}

// setOp replaces the program step at position at.
func (b *layoutBuilder) setOp(at int, o int32) {
	if b.spill != nil {
		b.spill.ops[at] = o
	} else {
		b.ops[at] = o
	}
}

// truncate drops the program steps from position n on (they must not be
// leaves or sub-layouts).
func (b *layoutBuilder) truncate(n int) {
	if b.spill != nil {
		b.spill.ops = b.spill.ops[:n]
	}
	b.nOp = n
}

// leaf appends the integer mode s:d.
func (b *layoutBuilder) leaf(s, d Int) {
	if b.spill == nil && b.nLeaf < len(b.sh) {
		b.sh[b.nLeaf], b.st[b.nLeaf] = s, d
	} else {
		sp := b.spilled()
		sp.sh, sp.st = append(sp.sh, s), append(sp.st, d)
	}
	b.nLeaf++
	b.op(opLeaf)
}

// sub appends the layout shape:stride as it is (its trees are shared, not
// copied). It takes the two trees rather than a Layout, which is too large to
// be passed without a copy through memory (see flatLayout).
func (b *layoutBuilder) sub(shape, stride IntTuple) {
	if b.spill == nil && b.nSub < len(b.subs) {
		b.subs[b.nSub] = Layout{shape, stride}
	} else {
		sp := b.spilled()
		sp.subs = append(sp.subs, Layout{shape, stride})
	}
	b.nSub++
	b.op(opSub)
}

// open starts a tuple whose elements are appended next and returns its
// position for close.
func (b *layoutBuilder) open() int { return b.op(0) }

// close ends the tuple opened at position at, of n elements.
func (b *layoutBuilder) close(at, n int) {
	b.setOp(at, int32(n))
	b.kids += n
}

// cancel drops the tuple opened at position at, which has no elements yet.
func (b *layoutBuilder) cancel(at int) { b.truncate(at) }

// unwrap replaces the tuple opened at position at, whose only element is
// one integer mode, with that mode.
func (b *layoutBuilder) unwrap(at int) {
	b.setOp(at, opLeaf)
	b.truncate(at + 1)
}

// layout builds the recorded Layout, taking all its tuple nodes at once from
// c.nodes (nothing for an integer mode or a single sub-layout).
func (b *layoutBuilder) layout(c *calc) Layout {
	var ops []int32
	var sh, st []Int
	var subs []Layout
	if sp := b.spill; sp != nil {
		ops, sh, st, subs = sp.ops, sp.sh, sp.st, sp.subs
	} else {
		ops, sh, st, subs = b.ops[:b.nOp], b.sh[:b.nLeaf], b.st[:b.nLeaf], b.subs[:b.nSub]
	}
	if len(ops) == 1 {
		switch ops[0] {
		case opLeaf:
			return Layout{leaf(sh[0]), leaf(st[0])}
		case opSub:
			return subs[0]
		}
	}
	w := treeWriter{ops: ops, sh: sh, st: st, subs: subs}
	shape, stride := w.node(c.nodes(2 * b.kids))
	return Layout{shape, stride}
}

// treeWriter runs a builder's program ops with leaves sh, st and
// sub-layouts subs (see node); pc, leaf, sub and n are its position.
type treeWriter struct {
	ops              []int32
	sh, st           []Int
	subs             []Layout
	pc, leaf, sub, n int
}

// node builds the shape and stride of the next element of the program,
// taking tuple nodes from nodes. (nodes is a parameter, not a field: the
// trees returned point into it, and escape analysis does not tell the
// fields of a struct apart, so a field would move the builder's arrays to
// the heap with it.)
func (w *treeWriter) node(nodes []IntTuple) (IntTuple, IntTuple) {
	op := w.ops[w.pc]
	w.pc++
	switch op {
	case opLeaf:
		i := w.leaf
		w.leaf++
		return leaf(w.sh[i]), leaf(w.st[i])
	case opSub:
		l := &w.subs[w.sub]
		w.sub++
		return l.Shape, l.Stride
	}
	k := int(op)
	ks := nodes[w.n : w.n+k : w.n+k]
	kd := nodes[w.n+k : w.n+2*k : w.n+2*k]
	w.n += 2 * k
	for i := range k {
		if w.ops[w.pc] == opLeaf { // the common case, without a call
			w.pc++
			j := w.leaf
			w.leaf++
			ks[i], kd[i] = leaf(w.sh[j]), leaf(w.st[j])
			continue
		}
		ks[i], kd[i] = w.node(nodes)
	}
	return tup(ks...), tup(kd...)
}
