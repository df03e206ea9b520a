package sym

import "math/rand/v2"

// The one enumeration of points over the box of the unknowns, shared by
// every witness search (the general path's search in prove.go, the fast
// paths of fast.go and factfast.go) and by Sample. It works on
// caller-provided storage and allocates nothing, so that the fast paths
// stay allocation-free; since all of them visit the same points in the same
// order, they find the same witnesses.

var searchOffsets = [...]int64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 16, 17, 22, 23, 24, 30, 31, 32, 36, 42,
	60, 63, 64, 65, 96, 100, 127, 128, 129, 255, 256, 1000, 1023, 1024, 1000002}

// searchBudget bounds the points of the witness search (its pseudo-random
// phase stops there).
const searchBudget = 400

// boxIter enumerates points of the box of n unknowns (bd[i].lo <= x[i],
// and x[i] <= bd[i].hi where bd[i].hasHi) into pt. The witness search
// visits the lower corner; then each unknown in turn moved up by each of
// searchOffsets (the others at their lower bounds), up to its upper bound;
// then the bounded unknowns set to their upper bounds one after another
// (cumulatively); then pseudo-random combinations of offsets and upper
// bounds, until searchBudget points in all (each unknown at its upper
// bound, where it has one, in about one point in five; otherwise moved up
// by an offset, none in about one case in three, and back to its lower
// bound where the offset passes its upper bound, not where it lands on
// it); then each unknown with a top (searchTops) set to it, the others at
// their lower bounds. The pseudo-random choices (upper bound or offset,
// which offset) are one fixed sequence for each number of unknowns, the
// same for every box: the bounds decide only where a choice lands. Sample
// moves it by draw instead: mostly small offsets, sometimes large ones.
//
// The box and the point are passed to every call (not stored), so that
// both can live on the caller's stack.
type boxIter struct {
	phase int
	i, j  int
	seed  uint64
	tries int
}

func reset(bd []boxBounds, pt []int64) {
	for i := range bd {
		pt[i] = bd[i].lo
	}
}

// next moves pt to the next point of the box bd (len(pt) >= len(bd), the
// same box at every call); false when the enumeration is over.
func (it *boxIter) next(bd []boxBounds, pt []int64) bool {
	n := len(bd)
	for {
		switch it.phase {
		case 0: // the lower corner
			reset(bd, pt)
			it.phase, it.i, it.j = 1, 0, 0
			it.tries++
			return true
		case 1: // one unknown moved up by each offset
			if it.i >= n {
				it.phase, it.i = 2, 0
				continue
			}
			b := bd[it.i]
			if it.j < len(searchOffsets) {
				x := b.lo + searchOffsets[it.j]
				if x >= b.lo && (!b.hasHi || x <= b.hi) {
					pt[it.i] = x
					it.j++
					it.tries++
					return true
				}
			}
			pt[it.i] = b.lo
			it.i++
			it.j = 0
		case 2: // the upper bounds, cumulatively
			for it.i < n && !bd[it.i].hasHi {
				it.i++
			}
			if it.i < n {
				pt[it.i] = bd[it.i].hi
				it.i++
				it.tries++
				return true
			}
			reset(bd, pt)
			it.phase, it.seed = 3, 0x9e3779b97f4a7c15
		case 3: // pseudo-random combinations
			if it.tries >= searchBudget || n == 0 {
				reset(bd, pt)
				it.phase, it.i = 4, 0
				continue
			}
			for i := 0; i < n; i++ {
				it.seed ^= it.seed << 13
				it.seed ^= it.seed >> 7
				it.seed ^= it.seed << 17
				b := bd[i]
				if b.hasHi && it.seed%5 == 0 {
					pt[i] = b.hi
					continue
				}
				off := int64(0)
				if it.seed%3 != 0 {
					off = searchOffsets[it.seed%uint64(len(searchOffsets))]
				}
				x := b.lo + off
				if x < b.lo || (b.hasHi && x > b.hi) {
					x = b.lo
				}
				pt[i] = x
			}
			it.tries++
			return true
		case 4: // each unknown at its top
			if it.i > 0 {
				pt[it.i-1] = bd[it.i-1].lo
			}
			for it.i < n && bd[it.i].top == 0 {
				it.i++
			}
			if it.i < n {
				pt[it.i] = bd[it.i].top
				it.i++
				return true
			}
			it.phase = 5
			return false
		default:
			return false
		}
	}
}

// searchBounds is the box of the unknown v for the witness search: its
// bounds, and its top where searchTops has one.
func (c *Ctx) searchBounds(v *variable) boxBounds {
	b := boxBounds{bounds: c.bounds(v)}
	if len(c.facts) == 0 {
		return b
	}
	if t, ok := c.searchTops()[v]; ok && t > b.lo && (!b.hasHi || t < b.hi) {
		b.top = t
	}
	return b
}

// searchTops returns (computed once; contexts are immutable) the tops of
// the unknowns: for an unknown u, the least over the kept facts p >= 0
// (times the monomial that clears their negative exponents, as order
// proofs use them: 64/TM - m - 1 >= 0 as 64 - TM*m - TM >= 0) that are
// a*u + b >= 0 with a < 0 when every other unknown is at its lower bound
// (u of degree 1, no atom), of floor(b/-a): the largest value of u that
// the fact allows there. The bounds of one unknown attach to it and are
// visited by the search's offsets and upper bounds; a fact that bounds an
// unknown through others is not, and its extreme points (TM = 1, m = 63)
// are where a relation first fails (TM*m <= 62).
func (c *Ctx) searchTops() map[*variable]int64 {
	if t := c.tp.Load(); t != nil {
		return *t
	}
	tops := map[*variable]int64{}
	for _, f := range c.facts {
		if f.kind != fGe || f.p.err != nil || f.p.hasAtoms() {
			continue
		}
		p := f.p
		scale, ok := c.clearScale(p)
		if !ok {
			continue
		}
		if scale != nil {
			if p = mulPoly(p, scale); p.err != nil {
				continue
			}
		}
		var us []*variable
		p.eachVar(func(v *variable) { us = append(us, v) })
		for _, u := range us {
			if t, ok := c.factTop(p, u); ok {
				if old, seen := tops[u]; seen {
					t = min(t, old)
				}
				tops[u] = t
			}
		}
	}
	c.tp.CompareAndSwap(nil, &tops)
	return *c.tp.Load()
}

// factTop is the largest u with a*u + b >= 0, where p is a*u + b when the
// other unknowns are at their lower bounds; ok is false where p is not of
// degree 1 in u, a >= 0, or the value does not fit.
func (c *Ctx) factTop(p *poly, u *variable) (int64, bool) {
	a, b := ratZero, ratZero
	for _, t := range p.t {
		val := t.c
		deg := int32(0)
		for _, x := range t.m {
			if x.v == u {
				deg = x.e
				continue
			}
			if x.e < 0 || x.e > 64 {
				return 0, false
			}
			lo := ratInt(c.bounds(x.v).lo)
			for k := int32(0); k < x.e; k++ {
				val = val.mul(lo)
			}
		}
		switch deg {
		case 0:
			b = b.add(val)
		case 1:
			a = a.add(val)
		default:
			return 0, false
		}
	}
	if a.sign() >= 0 {
		return 0, false
	}
	return b.quo(a.neg()).floor().int64()
}

// moved returns the index of the one unknown that the current point moves
// away from the lower corner, where the enumeration is in the phase that
// moves one unknown at a time; -1 otherwise.
func (it *boxIter) moved() int {
	if it.phase == 1 && it.j > 0 {
		return it.i
	}
	return -1
}

// draw sets the point to one of Sample's draws from r: each unknown moved
// up from its lower bound by an offset below 8 (most often), below 64, or
// below 2^20; an offset past its upper bound is drawn again, uniformly
// within its bounds. So an unknown whose bounds leave at most 8 values is
// drawn uniformly among them. (Kept apart from next so that the search,
// which allocates nothing, never calls into r.)
func (it *boxIter) draw(bd []boxBounds, pt []int64, r *rand.Rand) {
	for i := range bd {
		b := bd[i]
		var off int64
		switch k := r.IntN(10); {
		case k < 6:
			off = r.Int64N(8)
		case k < 9:
			off = r.Int64N(64)
		default:
			off = r.Int64N(1 << 20)
		}
		x := max(b.lo+off, b.lo) // b.lo where the sum overflows
		if b.hasHi && x > b.hi {
			// lo <= hi < x = lo + off without overflow, so hi - lo + 1
			// is at most off < 2^20
			x = b.lo + r.Int64N(b.hi-b.lo+1)
		}
		pt[i] = x
	}
}

// searchInfo is what the fast paths' searches need of a context.
type searchInfo struct {
	// corner is the binding of the symbols of the assumptions at the lower
	// corner of the unknowns' box when it satisfies every assumption (nil
	// otherwise, e.g. when a value does not fit in int64): the fast path
	// of fast.go answers only when it holds.
	corner Binding
	// the unknowns behind the symbols of the assumptions (sorted), and the
	// images of the eliminated symbols (by symbol)
	condUnk []*variable
	symImgs []*poly
	// the assumptions compiled for evaluation (nil when they cannot be):
	// the fast path of fast.go checks them at each witness it reports
	conds *factFast
}

// searchInfo computes (once; contexts are immutable) what the fast paths'
// searches need.
func (c *Ctx) searchInfo() *searchInfo {
	if si := c.si.Load(); si != nil {
		return si
	}
	si := &searchInfo{}
	syms := c.relevantSymbols()
	if b, ok := c.bindingAt(syms, nil); ok && c.satisfied(b) {
		si.corner = b
	}
	si.condUnk = c.searchUnknowns(syms)
	for _, s := range syms {
		if img, ok := c.sub[s]; ok {
			si.symImgs = append(si.symImgs, img)
		}
	}
	if cf := (&factFast{}); c.compileConds(cf) {
		si.conds = cf
	}
	c.si.Store(si)
	return si
}
