package sym

import (
	"cmp"
	"strings"
	"sync"
)

// varKind says what a polynomial variable stands for.
type varKind uint8

const (
	// kSym is a user symbol: a positive integer (`M`, `N0`).
	kSym varKind = iota
	// kUnknown is a fresh unknown made by a Ctx when it compiles an
	// assumption into a substitution (M % 8 == 0 gives M = 8*M'1). Its name
	// holds a quote so that it can never clash with a user symbol, and a
	// second one at the end when it may be 0 (M'1'), so that the name
	// alone determines the variable (atoms are interned by their text).
	kUnknown
	// kAtom is an opaque atom: floor_div, ceil_div, mod, min or max of
	// canonical expressions that could not be reduced.
	kAtom
)

// atomOp is the function of an atom.
type atomOp uint8

const (
	opFloorDiv atomOp = iota
	opCeilDiv
	opMod
	opMin
	opMax
)

var atomNames = [...]string{opFloorDiv: "floor_div", opCeilDiv: "ceil_div", opMod: "mod", opMin: "min", opMax: "max"}

// variable is one variable of the polynomial representation. Variables are
// interned: there is exactly one *variable per (kind, key), so pointer
// equality is variable equality. Variables are immutable.
type variable struct {
	kind varKind
	// name is the symbol name, the unknown's name, or for an atom its
	// canonical text (which is unique: printing is injective on canonical
	// expressions).
	name string
	// lo is the context-free lower bound: 1 for symbols and positive
	// unknowns, 0 for non-negative unknowns. Atoms have none (hasLo false).
	lo    int64
	hasLo bool
	// atom data (kind == kAtom)
	op   atomOp
	x, y *poly
	// poly is the polynomial v, shared (set when v is interned)
	poly *poly
}

// The intern table. Variables are never removed: the set of symbols and
// atoms a process meets is small next to the values built from them.
var interned struct {
	sync.Mutex
	m map[string]*variable
}

// appendInternKey appends the key of a variable in the intern table: its
// kind, for an unknown its lower bound, and its name.
func appendInternKey(dst []byte, kind varKind, name string, lo int64) []byte {
	dst = append(dst, byte(kind))
	if kind == kUnknown {
		dst = append(dst, byte(lo))
	}
	return append(dst, name...)
}

// intern returns the interned variable of kind and name (lo: an unknown's
// lower bound), made by mk when there is none yet. A variable met before
// is found without allocating.
func intern(kind varKind, name string, lo int64, mk func() *variable) *variable {
	var buf [64]byte
	kb := appendInternKey(buf[:0], kind, name, lo)
	interned.Lock()
	defer interned.Unlock()
	if old, ok := interned.m[string(kb)]; ok {
		return old
	}
	if interned.m == nil {
		interned.m = make(map[string]*variable)
	}
	v := mk()
	v.poly = &poly{t: []term{{c: ratOne, m: mono{{v, 1}}}}}
	interned.m[string(kb)] = v
	return v
}

// symVar returns the variable of the user symbol name (not validated here).
func symVar(name string) *variable {
	return intern(kSym, name, 1, func() *variable {
		return &variable{kind: kSym, name: name, lo: 1, hasLo: true}
	})
}

// unknownVar returns the fresh unknown called name with context-free lower
// bound lo (0 or 1).
func unknownVar(name string, lo int64) *variable {
	return intern(kUnknown, name, lo, func() *variable {
		return &variable{kind: kUnknown, name: name, lo: lo, hasLo: true}
	})
}

// atomVar returns the atom op(x, y); x and y must be canonical. An atom
// met before is found by the key of its operands (writeKey: cheaper than
// printing its text, and like the text it identifies canonical forms).
func atomVar(op atomOp, x, y *poly) *variable {
	var buf [96]byte
	kb := append(buf[:0], byte(op))
	kb = appendKey(appendKey(kb, x), y)
	atomKeys.Lock()
	v, ok := atomKeys.m[string(kb)]
	atomKeys.Unlock()
	if ok {
		return v
	}
	key := string(kb)
	name := atomText(op, x, y)
	v = intern(kAtom, name, 0, func() *variable {
		return &variable{kind: kAtom, name: name, op: op, x: x, y: y}
	})
	atomKeys.Lock()
	if atomKeys.m == nil {
		atomKeys.m = make(map[string]*variable)
	}
	atomKeys.m[key] = v
	atomKeys.Unlock()
	return v
}

// atomKeys finds interned atoms by the keys of their operator and
// operands (see atomVar); like the intern table it only grows.
var atomKeys struct {
	sync.Mutex
	m map[string]*variable
}

// cmpVar orders variables: symbols before unknowns before atoms, then by
// name. The order is independent of the order of interning, so canonical
// forms and their printed text are the same in every process.
func cmpVar(a, b *variable) int {
	if a == b {
		return 0
	}
	if a.kind != b.kind {
		return cmp.Compare(a.kind, b.kind)
	}
	return strings.Compare(a.name, b.name)
}

// positive reports whether the variable is known, without any context, to
// be at least 1.
func (v *variable) positive() bool { return v.hasLo && v.lo >= 1 }

// ValidSymbol reports whether name is a valid symbol name of the notation:
// an ASCII letter followed by ASCII letters, digits and underscores. (The
// function names ceil_div, floor_div, min and max are symbols too where no
// '(' follows them, as the notation reads them.)
func ValidSymbol(name string) bool {
	if name == "" || !isLetter(name[0]) {
		return false
	}
	for i := 1; i < len(name); i++ {
		c := name[i]
		if !isLetter(c) && !('0' <= c && c <= '9') && c != '_' {
			return false
		}
	}
	return true
}

func isLetter(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }
