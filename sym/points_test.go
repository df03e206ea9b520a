package sym

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// The witness search's enumeration keeps its documented order (boxIter):
// the lower corner; each unknown moved up by each of searchOffsets up to
// its upper bound, the others at their lower bounds, with moved() naming
// it (and -1 at every other point); the bounded unknowns at their upper
// bounds cumulatively; then pseudo-random points, which combine offsets
// with upper bounds, until searchBudget points in all; then each unknown
// with a top at it, the others at their lower bounds; every point within
// the box.
func TestBoxIterOrder(t *testing.T) {
	bx := func(lo, hi int64, hasHi bool, top int64) boxBounds {
		return boxBounds{bounds: bounds{lo: lo, hi: hi, hasHi: hasHi}, top: top}
	}
	for _, bd := range [][]boxBounds{
		{bx(1, 0, false, 0), bx(0, 16, true, 0)},
		{bx(3, 1000003, true, 0), bx(1, 0, false, 0), bx(2, 1<<40, true, 0)},
		{bx(5, 5, true, 0)},
		{bx(1, 0, false, 63), bx(1, 0, false, 0), bx(0, 9, true, 7)},
	} {
		n := len(bd)
		var it boxIter
		pt := make([]int64, n)
		var pts [][]int64
		var moved []int
		for it.next(bd, pt) {
			pts = append(pts, slices.Clone(pt))
			moved = append(moved, it.moved())
		}
		corner := make([]int64, n)
		for i, b := range bd {
			corner[i] = b.lo
		}
		// the tops come last
		var tops [][]int64
		for i, b := range bd {
			if b.top != 0 {
				p := slices.Clone(corner)
				p[i] = b.top
				tops = append(tops, p)
			}
		}
		if len(pts) != searchBudget+len(tops) {
			t.Fatalf("%v: %d points, want %d", bd, len(pts), searchBudget+len(tops))
		}
		for k, p := range tops {
			if got := pts[searchBudget+k]; !slices.Equal(got, p) {
				t.Errorf("%v: top point %d is %v, want %v", bd, k, got, p)
			}
		}
		pts, moved = pts[:searchBudget], moved[:searchBudget]
		if it.next(bd, pt) {
			t.Errorf("%v: a point after the end", bd)
		}
		// the expected start: the corner, the moves, the upper bounds
		want := [][]int64{corner}
		wantMoved := []int{-1}
		for i, b := range bd {
			for _, o := range searchOffsets {
				if b.hasHi && b.lo+o > b.hi {
					continue
				}
				p := slices.Clone(corner)
				p[i] = b.lo + o
				want = append(want, p)
				wantMoved = append(wantMoved, i)
			}
		}
		p := slices.Clone(corner)
		for i, b := range bd {
			if b.hasHi {
				p[i] = b.hi
				want = append(want, slices.Clone(p))
				wantMoved = append(wantMoved, -1)
			}
		}
		for k := range want {
			if !slices.Equal(pts[k], want[k]) || moved[k] != wantMoved[k] {
				t.Fatalf("%v: point %d is %v (moved %d), want %v (moved %d)", bd, k, pts[k], moved[k], want[k], wantMoved[k])
			}
		}
		mixed := false
		for k, p := range pts {
			for i, b := range bd {
				if p[i] < b.lo || b.hasHi && p[i] > b.hi {
					t.Fatalf("%v: point %d is %v, outside the box", bd, k, p)
				}
			}
			if k >= len(want) {
				if moved[k] != -1 {
					t.Errorf("%v: moved() is %d at a pseudo-random point", bd, moved[k])
				}
				// an upper bound beside an unknown moved by an offset
				for i, b := range bd {
					for j, c := range bd {
						if i != j && b.hasHi && b.hi > b.lo && p[i] == b.hi && p[j] != c.lo && (!c.hasHi || p[j] != c.hi) {
							mixed = true
						}
					}
				}
			}
		}
		if n > 1 && !mixed {
			t.Errorf("%v: no pseudo-random point combines an upper bound with an offset", bd)
		}
	}
}

// Sample's draws lie within the box and reach every value of a small
// bounded range, its upper bound included.
func TestBoxIterDraw(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	bd := []boxBounds{{bounds: bounds{lo: 2, hi: 5, hasHi: true}}, {bounds: bounds{lo: 1}}, {bounds: bounds{lo: 0, hi: 1 << 40, hasHi: true}}, {bounds: bounds{lo: 7, hi: 7, hasHi: true}}}
	pt := make([]int64, len(bd))
	var it boxIter
	seen := map[int64]bool{}
	for k := 0; k < 400; k++ {
		it.draw(bd, pt, r)
		for i, b := range bd {
			if pt[i] < b.lo || b.hasHi && pt[i] > b.hi {
				t.Fatalf("draw %d: %v, outside the box %v", k, pt, bd)
			}
		}
		seen[pt[0]] = true
	}
	if len(seen) != 4 {
		t.Errorf("draws of [2,5] reach %v, want every value", seen)
	}
}
