package props

import (
	"fmt"
	"slices"

	"pgregory.net/rapid"

	"github.com/cutealg/cutealg/concrete"
	"github.com/cutealg/cutealg/internal/tuple"
)

// The building blocks of every generator of this package: tree skeletons,
// extents within a size budget, stride chains, static/dynamic marks by
// flavor, and the constructive right-hand sides of composition and divide.
// The property tests draw their layouts through the conc* generators
// below, the exported Cases through the same functions.

// concExtents are the extents drawn for random shapes.
var concExtents = []int64{1, 2, 3, 4, 6, 8}

// concSkeleton draws the structure of a shape with n leaves (numbered 0, 1,
// ... in order): rank 1 to 3, each mode a leaf or a tuple of leaves (depth
// <= 2); a single leaf is sometimes a bare integer, sometimes `(s)`.
func concSkeleton(t *rapid.T, label string, n int) tuple.T[int] {
	if n == 1 && rapid.Bool().Draw(t, label+".bare") {
		return tuple.Leaf(0)
	}
	var modes []tuple.T[int]
	next := 0
	for next < n {
		k := n - next
		if len(modes) < 2 {
			k = rapid.IntRange(1, k).Draw(t, label+".mode")
		}
		if k == 1 && rapid.IntRange(0, 3).Draw(t, label+".wrap") > 0 {
			modes = append(modes, tuple.Leaf(next))
		} else {
			kids := make([]tuple.T[int], k)
			for j := range kids {
				kids[j] = tuple.Leaf(next + j)
			}
			modes = append(modes, tuple.Of(kids...))
		}
		next += k
	}
	return tuple.Of(modes...)
}

// concDrawExtents draws n extents whose product stays within budget; with
// unit false, extent 1 is left out.
func concDrawExtents(t *rapid.T, label string, n int, budget int64, unit bool) []int64 {
	ext := make([]int64, n)
	prod := int64(1)
	for i := range ext {
		var fit []int64
		for _, e := range concExtents {
			if (e > 1 || unit) && (prod*e <= budget || e == 1) {
				fit = append(fit, e)
			}
		}
		if len(fit) == 0 {
			fit = []int64{2}
		}
		ext[i] = rapid.SampledFrom(fit).Draw(t, fmt.Sprintf("%s.ext%d", label, i))
		prod *= ext[i]
	}
	return ext
}

// drawMarks draws the static marks of n shape and n stride leaves for a
// flavor: all static, all dynamic, or mixed (per leaf at random, or static
// shapes with dynamic strides, or the reverse).
func drawMarks(t *rapid.T, label string, n int, f Flavor) (ss, ds []bool) {
	ss, ds = make([]bool, n), make([]bool, n)
	pattern := "static"
	switch f {
	case Dynamic:
		pattern = "dynamic"
	case Mixed:
		pattern = rapid.SampledFrom([]string{"mixed", "mixed", "static-shapes", "static-strides"}).Draw(t, label+".marks")
	}
	for i := range n {
		switch pattern {
		case "static":
			ss[i], ds[i] = true, true
		case "mixed":
			ss[i] = rapid.Bool().Draw(t, label+".ms")
			ds[i] = rapid.Bool().Draw(t, label+".md")
		case "static-shapes":
			ss[i] = true
		case "static-strides":
			ds[i] = true
		}
	}
	return ss, ds
}

// concFlavor draws the flavor of a property test's layout: static twice as
// often as dynamic or mixed.
func concFlavor(t *rapid.T, label string) Flavor {
	return rapid.SampledFrom([]Flavor{Static, Static, Dynamic, Mixed}).Draw(t, label+".flavor")
}

// concBuild assembles a layout from its skeleton, values and marks.
func concBuild(skel tuple.T[int], ext, str []int64, ss, ds []bool) concrete.Layout {
	return concrete.Layout{
		Shape:  tuple.Map(skel, func(i int) concrete.Int { return concrete.Int{V: ext[i], Static: ss[i]} }),
		Stride: tuple.Map(skel, func(i int) concrete.Int { return concrete.Int{V: str[i], Static: ds[i]} }),
	}
}

// concChain gives the leaves, visited in the given order, the running
// product of the extents as strides, each step multiplied by a gap drawn
// from gaps; with distinct, a size-1 leaf gets a gap of at least 2, so that
// no two strides are equal.
func concChain(t *rapid.T, label string, ext []int64, order []int, gaps []int64, distinct bool) []int64 {
	str := make([]int64, len(ext))
	p := int64(1)
	if len(gaps) > 1 {
		p = rapid.SampledFrom(gaps[:len(gaps)-1]).Draw(t, label+".first")
	}
	for _, j := range order {
		str[j] = p
		g := rapid.SampledFrom(gaps).Draw(t, label+".gap")
		if distinct && ext[j] == 1 && g == 1 {
			g = 2
		}
		p *= ext[j] * g
	}
	return str
}

func concIota(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = i
	}
	return s
}

// strideKind is how drawLayout chooses strides.
type strideKind uint8

const (
	anyStrides       strideKind = iota // compact, permuted, gapped or random in 0..64
	bijectiveStrides                   // compact in a permuted mode order
	injectiveStrides                   // compact with gaps in a permuted order, no two equal
)

// drawLayout draws a layout with 1 to maxLeaves leaves, size <= budget
// (extent 1 only with unit), strides of the given kind, marks of flavor f.
func drawLayout(t *rapid.T, maxLeaves int, budget int64, unit bool, k strideKind, f Flavor) concrete.Layout {
	n := rapid.IntRange(1, maxLeaves).Draw(t, "leaves")
	skel := concSkeleton(t, "skel", n)
	ext := concDrawExtents(t, "shape", n, budget, unit)
	var str []int64
	switch k {
	case bijectiveStrides:
		str = concChain(t, "chain", ext, rapid.Permutation(concIota(n)).Draw(t, "order"), []int64{1}, false)
	case injectiveStrides:
		str = concChain(t, "chain", ext, rapid.Permutation(concIota(n)).Draw(t, "order"), []int64{1, 1, 2, 3}, true)
	default:
		switch rapid.SampledFrom([]string{"compact", "permuted", "gapped", "random"}).Draw(t, "strides") {
		case "compact":
			str = concChain(t, "compact", ext, concIota(n), []int64{1}, false)
		case "permuted":
			str = concChain(t, "permuted", ext, rapid.Permutation(concIota(n)).Draw(t, "order"), []int64{1}, false)
		case "gapped":
			str = concChain(t, "gapped", ext, rapid.Permutation(concIota(n)).Draw(t, "order"), []int64{1, 1, 2, 3}, false)
		default:
			str = make([]int64, n)
			for i := range str {
				str[i] = rapid.Int64Range(0, 64).Draw(t, "stride")
			}
		}
	}
	ss, ds := drawMarks(t, "marks", n, f)
	return concBuild(skel, ext, str, ss, ds)
}

// concGenLayout draws a layout of size <= budget with up to maxLeaves
// leaves; strides compact, compact in a permuted order, compact with gaps,
// or random in 0..64.
func concGenLayout(maxLeaves int, budget int64) *rapid.Generator[concrete.Layout] {
	return rapid.Custom(func(t *rapid.T) concrete.Layout {
		return drawLayout(t, maxLeaves, budget, true, anyStrides, concFlavor(t, "A"))
	})
}

// concGenBijective draws a compact layout in a permuted mode order: a
// bijection of [0, size) onto itself.
func concGenBijective(maxLeaves int, budget int64) *rapid.Generator[concrete.Layout] {
	return rapid.Custom(func(t *rapid.T) concrete.Layout {
		return drawLayout(t, maxLeaves, budget, true, bijectiveStrides, concFlavor(t, "A"))
	})
}

// concGenInjective draws an injective admissible layout: the modes of a
// compact layout with gaps, in a permuted order (every stride is a
// multiple of the previous stride times its extent, in stride order); with
// unit false, no extent is 1.
func concGenInjective(maxLeaves int, budget int64, unit bool) *rapid.Generator[concrete.Layout] {
	return rapid.Custom(func(t *rapid.T) concrete.Layout {
		return drawLayout(t, maxLeaves, budget, unit, injectiveStrides, concFlavor(t, "A"))
	})
}

// concPrimes lists the prime factors of e (1 for e == 1).
func concPrimes(e int64) []int64 {
	if e == 1 {
		return []int64{1}
	}
	var ps []int64
	for p := int64(2); e > 1; p++ {
		for e%p == 0 {
			ps = append(ps, p)
			e /= p
		}
	}
	return ps
}

// concDrawAdmissible is drawAdmissible with the marks of a property test.
func concDrawAdmissible(t *rapid.T, label string, a concrete.Layout, divisor bool) concrete.Layout {
	return drawAdmissible(t, label, a, divisor, concFlavor(t, label))
}

// drawAdmissible draws a right-hand side for composition(A, .) that meets
// CuTe's divisibility conditions: a random refinement of A's flattened
// shape with prefix-product strides, from which 1 to 3 modes are picked in
// a random order (sometimes, unless the flavor is dynamic, with an extra
// broadcast mode of static stride `_0`: CuTe divides by a dynamic 0),
// grouped and marked by flavor f.
// With divisor, the result is also fit to divide A: no broadcast mode and
// no extent-1 mode (a dynamic 1 is not filtered and its stride may equal
// another mode's, which CuTe's complement does not handle); A must then
// have a size above 1 (else the draw is skipped).
func drawAdmissible(t *rapid.T, label string, a concrete.Layout, divisor bool, f Flavor) concrete.Layout {
	var ref []int64
	for i, e := range a.Shape.Leaves(nil) {
		ps := rapid.Permutation(concPrimes(e.V)).Draw(t, fmt.Sprintf("%s.primes%d", label, i))
		cur := ps[0]
		for _, p := range ps[1:] {
			if rapid.Bool().Draw(t, label+".cut") {
				ref = append(ref, cur)
				cur = p
			} else {
				cur *= p
			}
		}
		ref = append(ref, cur)
	}
	pre := make([]int64, len(ref))
	p := int64(1)
	for i, r := range ref {
		pre[i] = p
		p *= r
	}
	pick := rapid.Permutation(concIota(len(ref))).Draw(t, label+".pick")
	if divisor {
		pick = slices.DeleteFunc(pick, func(j int) bool { return ref[j] == 1 })
		if len(pick) == 0 {
			t.Skip("A has size 1: nothing to divide")
		}
	}
	k := rapid.IntRange(1, min(3, len(pick))).Draw(t, label+".k")
	var ext, str []int64
	for _, j := range pick[:k] {
		ext = append(ext, ref[j])
		str = append(str, pre[j])
	}
	broadcast := -1
	if !divisor && f != Dynamic && rapid.IntRange(0, 5).Draw(t, label+".broadcast") == 0 {
		broadcast = rapid.IntRange(0, k).Draw(t, label+".at")
		ext = slices.Insert(ext, broadcast, rapid.SampledFrom([]int64{2, 3}).Draw(t, label+".bext"))
		str = slices.Insert(str, broadcast, 0)
	}
	n := len(ext)
	skel := concSkeleton(t, label+".skel", n)
	ss, ds := drawMarks(t, label+".marks", n, f)
	if broadcast >= 0 {
		ds[broadcast] = true
	}
	return concBuild(skel, ext, str, ss, ds)
}
