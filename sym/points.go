package sym

import (
	"math"
	"math/rand/v2"
)

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
// bounds, until searchBudget points in all. With a random source (Sample)
// it visits only draws: mostly small offsets, sometimes large ones.
type boxIter struct {
	bd    []bounds
	pt    []int64
	phase int
	i, j  int
	seed  uint64
	tries int
	rnd   *rand.Rand // Sample's draws
}

// start begins an enumeration over bd into pt (len(pt) >= len(bd)).
func (it *boxIter) start(bd []bounds, pt []int64) {
	*it = boxIter{bd: bd, pt: pt}
}

// startDraws begins Sample's draws.
func (it *boxIter) startDraws(bd []bounds, pt []int64, r *rand.Rand) {
	*it = boxIter{bd: bd, pt: pt, rnd: r, phase: 4}
}

func (it *boxIter) reset() {
	for i := range it.bd {
		it.pt[i] = it.bd[i].lo
	}
}

// next moves to the next point; false when the enumeration is over.
func (it *boxIter) next() bool {
	n := len(it.bd)
	for {
		switch it.phase {
		case 0: // the lower corner
			it.reset()
			it.phase, it.i, it.j = 1, 0, 0
			it.tries++
			return true
		case 1: // one unknown moved up by each offset
			if it.i >= n {
				it.phase, it.i = 2, 0
				continue
			}
			b := it.bd[it.i]
			if it.j < len(searchOffsets) {
				x := b.lo + searchOffsets[it.j]
				if x >= b.lo && (!b.hasHi || x <= b.hi) {
					it.pt[it.i] = x
					it.j++
					it.tries++
					return true
				}
			}
			it.pt[it.i] = b.lo
			it.i++
			it.j = 0
		case 2: // the upper bounds, cumulatively
			for it.i < n && !it.bd[it.i].hasHi {
				it.i++
			}
			if it.i < n {
				it.pt[it.i] = it.bd[it.i].hi
				it.i++
				it.tries++
				return true
			}
			it.reset()
			it.phase, it.seed = 3, 0x9e3779b97f4a7c15
		case 3: // pseudo-random combinations
			if it.tries >= searchBudget || n == 0 {
				it.phase = 5
				return false
			}
			for i := 0; i < n; i++ {
				it.seed ^= it.seed << 13
				it.seed ^= it.seed >> 7
				it.seed ^= it.seed << 17
				b := it.bd[i]
				if b.hasHi && it.seed%5 == 0 {
					it.pt[i] = b.hi
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
				it.pt[i] = x
			}
			it.tries++
			return true
		case 4: // Sample's draws
			for i := 0; i < n; i++ {
				b := it.bd[i]
				var off int64
				switch k := it.rnd.IntN(10); {
				case k < 6:
					off = it.rnd.Int64N(8)
				case k < 9:
					off = it.rnd.Int64N(64)
				default:
					off = it.rnd.Int64N(1 << 20)
				}
				x := b.lo + off
				if x < b.lo {
					x = b.lo
				}
				if b.hasHi && x > b.hi {
					span := b.hi - b.lo // >= 0, as lo <= hi
					if span < math.MaxInt64 {
						span++
					}
					x = b.lo + it.rnd.Int64N(span)
				}
				it.pt[i] = x
			}
			it.tries++
			return true
		default:
			return false
		}
	}
}
