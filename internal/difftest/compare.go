package difftest

import (
	"fmt"
	"strings"

	"github.com/cutealg/cutealg/concrete"
	"github.com/cutealg/cutealg/internal/catalog"
	"github.com/cutealg/cutealg/internal/oracle"
)

// Kinds of disagreement.
const (
	KindValue   = "value"   // both answer, with different values
	KindRefuses = "refuses" // the peer refuses where cutealg answers a valid value
	KindAnswers = "answers" // the peer answers where cutealg refuses
	KindCrash   = "crash"   // the peer's process ended
	KindHang    = "hang"    // no reply within the per-case timeout
	KindGarbage = "garbage" // a reply that is not a reply to the request
)

// MaxCompare is the largest layout size compared value by value in
// functional mode; larger results compare their first MaxCompare values.
const MaxCompare = 1 << 16

// compare judges the peer's reply against cutealg's: "" when they agree,
// else the kind of disagreement. An error meets an error; a peer's error
// also meets a value of cutealg's that carries a warning (CuTe's value
// breaks a documented post-condition: any error passes, as in the
// vectors). Values agree when printed alike, or with functional as
// functions (compareFunctional).
func compare(op string, ours, theirs oracle.Reply, functional bool) string {
	switch {
	case ours.Result == nil && theirs.Result == nil:
		return ""
	case ours.Result != nil && theirs.Result == nil:
		if ours.Warning != "" {
			return ""
		}
		return KindRefuses
	case ours.Result == nil:
		return KindAnswers
	}
	if *ours.Result == *theirs.Result {
		return ""
	}
	if functional && equalFunctional(op, *ours.Result, *theirs.Result) {
		return ""
	}
	return KindValue
}

// equalFunctional compares two results of op as ports that do not print
// CuTe's static marks need: layouts as functions (same size, the same
// value at every index, the same sizes of the top-level modes), integers
// and tuples by value, evaluate's lists by their numbers.
func equalFunctional(op, a, b string) bool {
	cop, ok := catalog.Lookup(op)
	if !ok {
		return false
	}
	if cop.Result != catalog.ResLayout {
		return unmarked(a) == unmarked(b)
	}
	la, err1 := concrete.ParseLayout(a)
	lb, err2 := concrete.ParseLayout(b)
	if err1 != nil || err2 != nil {
		return false
	}
	ma, mb := modeSizes(la), modeSizes(lb)
	if ma == nil || mb == nil || len(ma) != len(mb) {
		return false
	}
	for i := range ma {
		if ma[i] != mb[i] {
			return false
		}
	}
	n := int64(1)
	for _, m := range ma {
		n *= m
	}
	for i := int64(0); i < min(n, MaxCompare); i++ {
		x, e1 := la.Index(i)
		y, e2 := lb.Index(i)
		if e1 != nil || e2 != nil || x != y {
			return false
		}
	}
	return true
}

// modeSizes lists the sizes of the top-level modes (an integer shape is
// one mode); nil on overflow.
func modeSizes(l concrete.Layout) []int64 {
	if l.Shape.IsLeaf() {
		return []int64{l.Shape.Value().V}
	}
	var out []int64
	for _, k := range l.Shape.Kids() {
		n := int64(1)
		for _, x := range k.Leaves(nil) {
			if x.V != 0 && n > (1<<62)/abs(x.V) {
				return nil
			}
			n *= x.V
		}
		out = append(out, n)
	}
	return out
}

func abs(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}

// unmarked is s without static marks and spaces.
func unmarked(s string) string {
	return strings.NewReplacer("_", "", " ", "").Replace(s)
}

// broken names a documented post-condition (catalogue id) of op that the
// peer's value breaks, with a witness, where cutealg can check it on the
// value alone; "" otherwise.
func broken(op string, args []string, value string) string {
	cop, ok := catalog.Lookup(op)
	if !ok || cop.Result != catalog.ResLayout {
		return ""
	}
	r, err := concrete.ParseLayout(value)
	if err != nil {
		return ""
	}
	arg := func(i int) (concrete.Layout, bool) {
		if i >= len(args) || cop.Args[i] != catalog.Layout {
			return concrete.Layout{}, false
		}
		l, err := concrete.ParseLayout(args[i])
		return l, err == nil
	}
	at := func(l concrete.Layout, i int64) (int64, bool) {
		v, err := l.Index(i)
		return v, err == nil
	}
	sizeOf := func(l concrete.Layout) int64 {
		n := int64(1)
		for _, m := range modeSizes(l) {
			n *= m
		}
		return n
	}
	for _, id := range cop.Post {
		pc, _ := catalog.Post(id)
		why := ""
		switch id {
		case "same.size":
			if a, ok := arg(0); ok && sizeOf(a) != sizeOf(r) {
				why = fmt.Sprintf("size(R) = %d, size(A) = %d", sizeOf(r), sizeOf(a))
			}
		case "same.function":
			if a, ok := arg(0); ok {
				for i := range min(sizeOf(a), MaxCompare) {
					x, ok1 := at(a, i)
					y, ok2 := at(r, i)
					if ok1 && ok2 && x != y {
						why = fmt.Sprintf("R(%d) = %d, A(%d) = %d", i, y, i, x)
						break
					}
				}
			}
		case "depth.flat":
			if d := r.Shape.Depth(); d > 1 {
				why = fmt.Sprintf("depth(R) = %d", d)
			}
		case "composition.function":
			a, ok1 := arg(0)
			b, ok2 := arg(1)
			if !ok1 || !ok2 {
				break
			}
			for i := range min(sizeOf(b), MaxCompare) {
				bi, ok1 := at(b, i)
				abi, ok2 := at(a, bi)
				ri, ok3 := at(r, i)
				if ok1 && ok2 && ok3 && abi != ri {
					why = fmt.Sprintf("R(%d) = %d, A(B(%d)) = A(%d) = %d", i, ri, i, bi, abi)
					break
				}
			}
		case "complement.ordered":
			prev := int64(-1)
			for i := range min(sizeOf(r), MaxCompare) {
				v, ok := at(r, i)
				if ok && i > 0 && v <= prev {
					why = fmt.Sprintf("R(%d) = %d, R(%d) = %d", i-1, prev, i, v)
					break
				}
				prev = v
			}
		case "right_inverse":
			if a, ok := arg(0); ok {
				for i := range min(sizeOf(r), MaxCompare) {
					ri, ok1 := at(r, i)
					ari, ok2 := at(a, ri)
					if ok1 && ok2 && ari != i {
						why = fmt.Sprintf("A(R(%d)) = A(%d) = %d", i, ri, ari)
						break
					}
				}
			}
		case "left_inverse":
			if a, ok := arg(0); ok {
				for i := range min(sizeOf(a), MaxCompare) {
					ai, ok1 := at(a, i)
					rai, ok2 := at(r, ai)
					arai, ok3 := at(a, rai)
					if ok1 && ok2 && ok3 && arai != ai {
						why = fmt.Sprintf("A(R(A(%d))) = A(R(%d)) = A(%d) = %d, A(%d) = %d", i, ai, rai, arai, i, ai)
						break
					}
				}
			}
		}
		if why != "" {
			return id + " (" + pc.Text + "): " + why
		}
	}
	return ""
}
