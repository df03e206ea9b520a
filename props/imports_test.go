package props

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/cutealg/cutealg"

// layers is the import-direction table of DESIGN.md section 1: a package (its
// tests included) may import only itself and the module packages listed for
// it. The tests of props and the test-only package fuzz may import
// anything; the non-test files of props (its exported generators) are
// listed in propsGen; every other package must be listed here.
var layers = map[string][]string{
	"internal/tuple":           {},
	"internal/vectors":         {},
	"internal/notation":        {},
	"internal/catalog":         {},
	"concrete":                 {"internal/tuple", "internal/notation", "internal/catalog", "internal/vectors"},
	"sym":                      {"internal/tuple", "internal/notation", "internal/catalog", "concrete"},
	"rules":                    {"internal/tuple", "internal/notation", "internal/catalog", "internal/vectors", "concrete", "sym"},
	"proofs":                   {"internal/tuple", "internal/notation", "internal/catalog", "internal/vectors", "concrete", "sym", "rules"},
	"gpuval":                   {"internal/tuple", "internal/notation", "internal/catalog", "internal/vectors", "concrete", "sym", "rules", "proofs", "props"},
	"internal/oracle":          {"internal/tuple", "internal/notation", "internal/catalog", "internal/vectors", "concrete", "sym", "rules", "proofs"},
	"internal/difftest":        {"internal/tuple", "internal/notation", "internal/catalog", "internal/vectors", "concrete", "sym", "rules", "proofs", "internal/oracle", "props"},
	"internal/picture":         {"internal/tuple", "internal/notation", "internal/catalog", "concrete", "internal/picture/pictest"},
	"internal/picture/pictest": {},
	"cmd/cute":                 {"internal/tuple", "internal/notation", "internal/catalog", "internal/vectors", "concrete", "sym", "rules", "proofs", "gpuval", "internal/oracle", "internal/picture", "internal/picture/pictest", "props", "internal/difftest"},
}

// propsGen are the module packages the non-test files of props (the
// generators and shrinkers that gpuval and the differential tester reuse)
// may import.
var propsGen = []string{"internal/tuple", "internal/notation", "internal/catalog", "concrete"}

// testOnly are external modules that only tests may import, and the
// packages whose non-test code may import them too: props' exported
// generators are rapid generators, its shrinkers gopter's (which may also
// serve gpuval's shrinking campaign).
var testOnly = map[string][]string{
	"pgregory.net/rapid":          {"props"},
	"github.com/google/go-cmp":    nil,
	"github.com/leanovate/gopter": {"gpuval", "props"},
}

func TestImportDirection(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("module root not found at %s: %v", root, err)
	}
	seen := 0
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			name := d.Name()
			if path != root && (strings.HasPrefix(name, ".") || name == "testdata" || name == "vendor") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		rel = filepath.ToSlash(rel)
		isTest := strings.HasSuffix(path, "_test.go")
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			t.Errorf("%s: %v", path, err)
			return nil
		}
		seen++
		allowed, layered := layers[rel]
		if rel == "props" && !isTest {
			allowed, layered = propsGen, true
		}
		if !layered && rel != "props" && rel != "fuzz" {
			t.Errorf("%s: package directory %s is not in the import-direction table", path, rel)
		}
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			for mod, exceptions := range testOnly {
				if (p == mod || strings.HasPrefix(p, mod+"/")) && !isTest && !contains(exceptions, rel) {
					t.Errorf("%s (non-test code of %s) imports %s, which only tests may import", path, rel, p)
				}
			}
			if !strings.HasPrefix(p, module+"/") || !layered {
				continue
			}
			dep := strings.TrimPrefix(p, module+"/")
			if dep != rel && !contains(allowed, dep) {
				t.Errorf("%s: package %s imports %s, against DESIGN.md section 1 (allowed: %v)", path, rel, dep, allowed)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if seen == 0 {
		t.Fatal("no Go files found: the walk checked nothing")
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
