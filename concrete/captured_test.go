package concrete_test

import (
	"errors"
	"path/filepath"
	"testing"

	"github.com/cutealg/cutealg/concrete"
	"github.com/cutealg/cutealg/internal/catalog"
	"github.com/cutealg/cutealg/internal/vectors"
)

// TestCapturedVectors checks this package against CuTe's captured answers
// for issue 19's operations (slices and partitions, the layout functions,
// swizzles and composed layouts; gpuval/testdata/algebra, recaptured by
// gpuval's TestAlgebraVectors -capture): in CuTe mode CuTe's value exactly,
// or an error where CuTe refuses; in strict mode the same value, or a
// violation where CuTe mode warns. Every such operation has vectors.
func TestCapturedVectors(t *testing.T) {
	recs, err := vectors.Load(filepath.Join("..", "gpuval", "testdata", "algebra"))
	if err != nil {
		t.Fatal(err)
	}
	ops := map[string]bool{}
	for _, r := range recs {
		ops[r.Op] = true
		var warns []string
		got, err := concrete.ApplyText(r.Op, r.Args, concrete.CollectWarnings(&warns))
		strict, serr := concrete.ApplyText(r.Op, r.Args, concrete.StrictMode())
		switch {
		case r.Error != "":
			if err == nil {
				t.Errorf("%s: %s%v = %s, CuTe refuses: %s", r.ID, r.Op, r.Args, got, r.Error)
			}
			if serr == nil {
				t.Errorf("%s: strict %s%v = %s, CuTe refuses: %s", r.ID, r.Op, r.Args, strict, r.Error)
			}
		case r.Result == nil:
			t.Errorf("%s: neither a result nor an error", r.ID)
		case err != nil:
			t.Errorf("%s: %s%v: %v, CuTe gives %s", r.ID, r.Op, r.Args, err, *r.Result)
		case got.String() != *r.Result:
			t.Errorf("%s: %s%v = %s, CuTe gives %s", r.ID, r.Op, r.Args, got, *r.Result)
		case len(warns) > 0:
			var ce *concrete.Error
			if !errors.As(serr, &ce) || ce.Kind != concrete.Violated {
				t.Errorf("%s: CuTe mode warns %q, strict mode gives %v, %v", r.ID, warns, strict, serr)
			}
		case serr != nil || strict.String() != *r.Result:
			t.Errorf("%s: strict %s%v = %v, %v; CuTe gives %s", r.ID, r.Op, r.Args, strict, serr, *r.Result)
		}
	}
	for _, op := range catalog.All() {
		if op.Ext && !ops[op.Name] {
			t.Errorf("%s: no captured vectors", op.Name)
		}
	}
}
