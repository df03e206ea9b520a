package tuple

import "unsafe"

// T is a leaf holding an L, or a tuple of T. The zero value is a leaf holding
// the zero L.
//
// A tuple keeps a pointer to its first element and its length (not a
// slice header): a T[int64] is 24 bytes instead of 40, which matters for
// the engines that build many small trees. Every method takes a pointer:
// a T with a large leaf type (a tiler's, 15 words) is not copied to read
// its arity or elements (such copies were a fifth of a small tiler
// operation's time, stalls included).
type T[L any] struct {
	leaf L
	kids *T[L] // the first element of a non-empty tuple
	n    int   // 0 for a leaf, 1 + the number of elements for a tuple
}

// Leaf returns the leaf holding v.
func Leaf[L any](v L) T[L] { return T[L]{leaf: v} }

// Of returns the tuple of the given elements. The slice is retained, not
// copied: the caller gives up ownership.
func Of[L any](kids ...T[L]) T[L] {
	if len(kids) == 0 {
		return T[L]{n: 1}
	}
	return T[L]{kids: &kids[0], n: len(kids) + 1}
}

// Arity is 0 for a leaf and 1 + the number of elements for a tuple: two
// trees have the same structure at the top when their arities are equal.
func (t *T[L]) Arity() int { return t.n }

// IsLeaf reports whether t is a leaf.
func (t *T[L]) IsLeaf() bool { return t.n == 0 }

// Value returns the value of a leaf (the zero L for a tuple).
func (t *T[L]) Value() L { return t.leaf }

// Leaf returns a pointer to the value of a leaf, for leaf types too large to
// copy cheaply; the value must not be modified.
func (t *T[L]) Leaf() *L { return &t.leaf }

// Kids returns the elements of a tuple (nil for a leaf). The slice must not
// be modified; its capacity is its length.
func (t *T[L]) Kids() []T[L] {
	switch t.n {
	case 0:
		return nil
	case 1:
		return []T[L]{}
	}
	return unsafe.Slice(t.kids, t.n-1)
}

// Rank is CuTe's rank: the number of elements of a tuple, 1 for a leaf.
func (t *T[L]) Rank() int {
	if t.n != 0 {
		return t.n - 1
	}
	return 1
}

// At is CuTe's get<i>: element i of a tuple; a leaf's element 0 is itself.
// It panics when i is out of range, like a slice index: callers validate
// user-supplied indices first.
func (t *T[L]) At(i int) T[L] {
	if t.n == 0 {
		if i != 0 {
			panic("tuple: index out of range")
		}
		return *t
	}
	return t.Kids()[i]
}

// Depth is CuTe's depth: 0 for a leaf, 1 + the largest depth of the elements
// for a tuple (1 for the empty tuple).
func (t *T[L]) Depth() int {
	if t.n == 0 {
		return 0
	}
	d := 0
	ks := t.Kids() // (by index: a copy of an element would escape)
	for i := range ks {
		if kd := ks[i].Depth(); kd > d {
			d = kd
		}
	}
	return d + 1
}

// Leaves appends the leaves of t in order (depth first, left to right) to
// dst and returns the extended slice. Given no room (dst nil), it makes a
// slice of exactly the number of leaves, in one allocation.
func (t *T[L]) Leaves(dst []L) []L {
	if t.n == 0 {
		return append(dst, t.leaf)
	}
	if dst == nil {
		if n := t.NumLeaves(); n > 0 {
			dst = make([]L, 0, n)
		}
	}
	ks := t.Kids() // (by index: a copy of an element would escape)
	for i := range ks {
		dst = ks[i].Leaves(dst)
	}
	return dst
}

// NumLeaves counts the leaves of t.
func (t *T[L]) NumLeaves() int {
	if t.n == 0 {
		return 1
	}
	n := 0
	ks := t.Kids() // (by index: a copy of an element would escape)
	for i := range ks {
		n += ks[i].NumLeaves()
	}
	return n
}

// Flatten is CuTe's flatten: a leaf stays a leaf, a tuple becomes the tuple
// of its leaves.
func Flatten[L any](t T[L]) T[L] {
	if t.n == 0 {
		return t
	}
	if t.Depth() <= 1 {
		return t
	}
	ls := t.Leaves(make([]L, 0, t.NumLeaves()))
	kids := make([]T[L], len(ls))
	for i, v := range ls {
		kids[i] = Leaf(v)
	}
	return Of(kids...)
}

// Congruent is CuTe's congruent: a and b have the same tree structure.
func Congruent[A, B any](a T[A], b T[B]) bool {
	if (a.n == 0) != (b.n == 0) {
		return false
	}
	if a.n == 0 {
		return true
	}
	if a.n != b.n {
		return false
	}
	bk := b.Kids()
	for i, k := range a.Kids() {
		if !Congruent(k, bk[i]) {
			return false
		}
	}
	return true
}

// Map applies f to every leaf, keeping the structure.
func Map[A, B any](t T[A], f func(A) B) T[B] {
	if t.n == 0 {
		return Leaf(f(t.leaf))
	}
	ks := t.Kids()
	kids := make([]T[B], len(ks))
	for i, k := range ks {
		kids[i] = Map(k, f)
	}
	return Of(kids...)
}

// Zip combines two congruent trees leaf by leaf. It reports false when a and
// b are not congruent.
func Zip[A, B, C any](a T[A], b T[B], f func(A, B) C) (T[C], bool) {
	if (a.n == 0) != (b.n == 0) {
		return T[C]{}, false
	}
	if a.n == 0 {
		return Leaf(f(a.leaf, b.leaf)), true
	}
	if a.n != b.n {
		return T[C]{}, false
	}
	ak, bk := a.Kids(), b.Kids()
	kids := make([]T[C], len(ak))
	for i := range ak {
		k, ok := Zip(ak[i], bk[i], f)
		if !ok {
			return T[C]{}, false
		}
		kids[i] = k
	}
	return Of(kids...), true
}

// Fold folds f over the leaves of t in order, starting from init.
func Fold[L, A any](t T[L], init A, f func(A, L) A) A {
	if t.n == 0 {
		return f(init, t.leaf)
	}
	for _, k := range t.Kids() {
		init = Fold(k, init, f)
	}
	return init
}

// Get follows a path of element indices (CuTe's get<I0,I1,...>). It reports
// false when an index is out of range; a leaf accepts index 0.
func Get[L any](t T[L], path ...int) (T[L], bool) {
	for _, i := range path {
		if i < 0 || i >= t.Rank() {
			return T[L]{}, false
		}
		t = t.At(i)
	}
	return t, true
}

// Set returns a copy of t with the element at path replaced by v (only the
// nodes on the path are copied). It reports false when the path is out of
// range. An empty path replaces t itself.
func Set[L any](t T[L], v T[L], path ...int) (T[L], bool) {
	if len(path) == 0 {
		return v, true
	}
	i := path[0]
	if i < 0 || i >= t.Rank() {
		return T[L]{}, false
	}
	if t.n == 0 {
		return Set(t, v, path[1:]...)
	}
	sub, ok := Set(t.Kids()[i], v, path[1:]...)
	if !ok {
		return T[L]{}, false
	}
	kids := append([]T[L](nil), t.Kids()...)
	kids[i] = sub
	return Of(kids...), true
}
