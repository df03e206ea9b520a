package props

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/cutealg/cutealg/concrete"
)

// Engine issues found by the concrete_*_test.go properties. Each has golden
// lines in testdata/counterexamples.txt, written
//
//	name: op arg arg ... = expected
//
// with the arguments in CuTe print syntax (no spaces inside one) and the
// result that the documented post-conditions demand of strict mode: a value
// as CuTe prints it, or `!Violation` where strict mode must refuse. While
// an issue is listed in concKnownIssues its lines skip when they fail and
// the properties skip the random cases that match it; once the engine is
// fixed, delete its entry here and its lines become regression tests.

// concKnownIssue is one open engine issue.
type concKnownIssue struct {
	name string
	// match recognises a property failure caused by the issue.
	match func(msg string) bool
}

var concKnownIssues = []concKnownIssue{
	{
		// complement(A, M) with dynamic extents and static strides that are
		// not admissible truncates a hole to 0 and returns a size-0
		// complement; for small M the bounds the engine checks still hold,
		// so strict mode accepts it, although CuTe's unit test requires
		// size(R) <= cosize(R) and the all-static twin is CuTe's
		// "Non-injective Layout detected in complement.". logical_divide
		// inherits it (a size-0 result for a size-3 A).
		name:  "complement-size-0",
		match: func(msg string) bool { return strings.Contains(msg, "size(R) <= cosize(R)") },
	},
	{
		// logical_product / blocked_product with dynamic values: the engine
		// tests the all-static twin of its inner composition(A*, B), whose
		// left side A* = complement(A, ...) was computed from the dynamic
		// values and differs from the complement of the all-static twin of
		// the call; strict mode refuses a valid answer although the
		// all-static twin of the call is accepted by CuTe and valid.
		name: "product-static-twin",
		match: func(msg string) bool {
			return strings.Contains(msg, "false strict-mode refusal") && strings.Contains(msg, "whose all-static version fails") &&
				(strings.HasPrefix(msg, "logical_product(") || strings.HasPrefix(msg, "blocked_product("))
		},
	},
}

func concKnown(name string) bool {
	for _, k := range concKnownIssues {
		if k.name == name {
			return true
		}
	}
	return false
}

// TestConcreteCounterexamples runs the golden lines of
// testdata/counterexamples.txt in strict mode.
func TestConcreteCounterexamples(t *testing.T) {
	f, err := os.Open("testdata/counterexamples.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		name, call, ok1 := strings.Cut(text, ": ")
		call, want, ok2 := strings.Cut(call, " = ")
		fields := strings.Fields(call)
		if !ok1 || !ok2 || len(fields) < 2 {
			t.Fatalf("counterexamples.txt:%d: want `name: op arg ... = expected`, got %q", line, text)
		}
		n++
		t.Run(name+"/"+strings.Join(fields, " "), func(t *testing.T) {
			if want != "!Violation" {
				// The demanded value is CuTe's own (checked valid by the
				// properties): CuTe mode must give it.
				if v, err := concrete.ApplyText(fields[0], fields[1:]); err != nil || v.String() != want {
					t.Errorf("counterexamples.txt:%d: %s: CuTe mode gives %v, %v; the golden value %s is stale", line, call, v, err, want)
				}
			}
			v, err := concrete.ApplyText(fields[0], fields[1:], concrete.StrictMode())
			got := v.String()
			if err != nil {
				got = "error: " + err.Error()
			}
			pass := err == nil && got == want
			if want == "!Violation" {
				pass = concKind(err) == concrete.Violation
			}
			switch {
			case pass:
			case concKnown(name):
				t.Skipf("known engine issue %s: %s: the post-conditions demand %s in strict mode, the engine gives %s", name, call, want, got)
			default:
				t.Errorf("counterexamples.txt:%d: %s: want %s in strict mode, got %s", line, call, want, got)
			}
		})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Fatal("counterexamples.txt has no case")
	}
}
