package concrete

import (
	"go/ast"
	"go/parser"
	"go/token"
	"math"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/cutealg/cutealg/internal/tuple"
)

// stressEnv set in the environment makes TestRecoveredFaultsUnderGC run the
// stress itself instead of a child process that runs it.
const stressEnv = "CUTEALG_GUARD_STRESS"

// TestRecoveredFaultsUnderGC runs many goroutines whose operations fail
// (int64 overflow, division by zero: errors thrown deep in the engine and
// recovered by guard) under a garbage collector that runs all the time and
// re-checks every mark phase (GODEBUG=gccheckmark=1). It runs in a child
// process because what it guards against is a fatal error of the runtime,
// not a test failure. Before guard, a recovered fault could make the
// collector scan a dead stack object of the recovering frame (see guard):
// this test then died within a second with "checkmark found unmarked object"
// or "found pointer to free object".
func TestRecoveredFaultsUnderGC(t *testing.T) {
	if os.Getenv(stressEnv) != "" {
		stressRecoveredFaults(t)
		return
	}
	if testing.Short() {
		t.Skip("starts a child process")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestRecoveredFaultsUnderGC$", "-test.count=1")
	cmd.Env = append(os.Environ(), stressEnv+"=1", "GODEBUG=gccheckmark=1", "GOGC=5", "GOMAXPROCS=4")
	out, err := cmd.CombinedOutput()
	if err != nil {
		s := string(out)
		if len(s) > 4000 {
			s = s[:4000] + "\n..."
		}
		t.Fatalf("the stress process failed (%v):\n%s", err, s)
	}
}

// stressRecoveredFaults is the body of TestRecoveredFaultsUnderGC: 8
// goroutines call operations of every calling shape (one layout, two
// layouts, a layout and a tiler or a tuple, queries, the catalogue) on
// freshly built operands with values near the int64 limits, through plans
// and through the engine.
func stressRecoveredFaults(t *testing.T) {
	edges := []int64{0, 1, 2, 3, -1, 7, 1 << 31, 1 << 32, 1 << 62, -1 << 62, math.MaxInt64, math.MinInt64}
	var wg sync.WaitGroup
	var mu sync.Mutex
	faults := 0
	for g := range 8 {
		wg.Go(func() {
			r := rand.New(rand.NewSource(int64(g)))
			val := func() Int {
				v := int64(1 + r.Intn(6))
				if r.Intn(2) == 0 {
					v = edges[r.Intn(len(edges))]
				}
				if r.Intn(2) == 0 {
					return S(v)
				}
				return D(v)
			}
			layout := func() Layout {
				n := 2 + r.Intn(2)
				sh, st := make([]IntTuple, n), make([]IntTuple, n)
				for i := range n {
					sh[i], st[i] = leaf(val()), leaf(val())
				}
				return Layout{tup(sh...), tup(st...)}
			}
			n := 0
			for i := range 15000 {
				var opts []Option
				if i%2 == 0 {
					opts = append(opts, Option{noPlan: true})
				}
				// fresh operands for every call: the bug needed operands
				// that nothing but the call's own frame refers to
				tiler := func() Tiler { return tuple1(TilerLeaf{Kind: TileLayout, Layout: layout()}) }
				errs := []error{
					second(Filter(layout(), opts...)),
					second(Coalesce(layout(), opts...)),
					second(Composition(layout(), layout(), opts...)),
					second(LogicalDivide(layout(), layout(), opts...)),
					second(ZippedDivide(layout(), tiler(), opts...)),
					second(BlockedProduct(layout(), layout(), opts...)),
					second(Complement(layout(), leaf(val()), opts...)),
					second(Cosize(layout())),
					second(layout().Index(int64(r.Intn(100)))),
					second(MaxCommonVector(layout(), layout())),
					second(RightInverse(layout())),
				}
				for _, e := range errs {
					if e != nil {
						n++
					}
				}
			}
			mu.Lock()
			faults += n
			mu.Unlock()
		})
	}
	wg.Wait()
	if faults == 0 {
		t.Fatal("no operation failed: the stress does not exercise recovered faults")
	}
}

// second returns the error of a two-valued call.
func second[T any](_ T, err error) error { return err }

// tuple1 is the rank-1 tiler of one leaf.
func tuple1(l TilerLeaf) Tiler { return tupleTiler(tuple.Leaf(l)) }

// TestOnlyGuardRecovers holds the package to the rule guard's comment
// explains: recover is called only by catch, and catch is deferred only by
// guard.
func TestOnlyGuardRecovers(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				id, ok := n.(*ast.Ident)
				if !ok {
					return true
				}
				switch {
				case id.Name == "recover" && fd.Name.Name != "catch":
					t.Errorf("%s: %s calls recover (only catch may)", fset.Position(id.Pos()), fd.Name.Name)
				case id.Name == "catch" && fd.Name.Name != "guard":
					t.Errorf("%s: %s uses catch (only guard may: see guard)", fset.Position(id.Pos()), fd.Name.Name)
				}
				return true
			})
		}
	}
}
