package gpuval

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/cutealg/cutealg/concrete"
	"github.com/cutealg/cutealg/internal/catalog"
	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/internal/tuple"
	"github.com/cutealg/cutealg/internal/vectors"
	"github.com/cutealg/cutealg/sym"
)

// Case is one call that the harness gives CuTe: an operation of the
// catalogue and its arguments in CuTe's print syntax, every integer
// concrete (a leading underscore marks a static one).
type Case struct {
	// ID is unique within a campaign and holds no white space.
	ID string `json:"id"`
	// Op is the catalogue name of the operation.
	Op string `json:"op"`
	// Args are the arguments in CuTe's print syntax.
	Args []string `json:"args"`
	// Source says where the case comes from: "vector", "generated" or
	// "symbolic".
	Source string `json:"source"`
	// Sym is set for a symbolic case instantiated at one binding.
	Sym *SymPoint `json:"sym,omitempty"`
}

// SymPoint is a symbolic call (a case of the public symbolic corpus) at one
// binding of its symbols: the harness compares CuTe's result there with the
// symbolic answer (rules.Compute in dynamic mode, what CuTe computes with
// the symbols as run-time integers) grounded at the binding.
type SymPoint struct {
	Case   string      `json:"case"`
	Args   []string    `json:"args"`
	Assume []string    `json:"assume,omitempty"`
	Bind   sym.Binding `json:"bind"`
}

// FromVectors turns every public vector into a case (CuTe's recorded result
// is not used: the comparison is with package concrete, which reproduces
// every vector).
func FromVectors(recs []vectors.Record) []Case {
	out := make([]Case, 0, len(recs))
	for _, r := range recs {
		out = append(out, Case{ID: r.ID, Op: r.Op, Args: r.Args, Source: "vector"})
	}
	return out
}

// FromSymbolic instantiates each symbolic case at up to perCase bindings
// that its assumptions allow (its corpus points first, then bindings drawn
// by sym.Ctx.Sample from seed), with the symbols as dynamic integers: the
// grounded arguments of one case all have one C++ type, so one compiled
// instantiation checks every binding. Bindings whose arguments or result
// do not fit CuTe's int are skipped (fitsCuTe); skipped lists the cases
// that gave no binding and why.
func FromSymbolic(cs []vectors.SymbolicCase, perCase int, seed uint64) (out []Case, skipped []string) {
	for _, c := range cs {
		got, err := instantiate(c, perCase, seed)
		if err != nil {
			skipped = append(skipped, fmt.Sprintf("%s: %v", c.ID, err))
			continue
		}
		out = append(out, got...)
	}
	return out, skipped
}

func instantiate(c vectors.SymbolicCase, perCase int, seed uint64) ([]Case, error) {
	ctx, err := sym.Assume(c.Assume...)
	if err != nil {
		return nil, err
	}
	vals, names, err := symArgs(c.Op, c.Args)
	if err != nil {
		return nil, err
	}
	binds := make([]sym.Binding, 0, perCase+len(c.Points))
	for _, p := range c.Points {
		binds = append(binds, sym.Binding(p.Bind))
	}
	// draw more than needed: some bindings do not fit int
	binds = append(binds, ctx.Sample(names, 4*perCase, seed)...)
	seen := map[string]bool{}
	var out []Case
	for _, b := range binds {
		if len(out) == perCase {
			break
		}
		if ctx.Satisfies(b) != nil {
			continue
		}
		args := make([]string, len(vals))
		ok := true
		for i, v := range vals {
			g, err := ctx.EvalValue(v, b)
			if err != nil {
				ok = false
				break
			}
			args[i] = g.String()
		}
		if !ok || !fitsInt(args) || !fitsCuTe(c.Op, args) {
			continue
		}
		k := fmt.Sprint(args)
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, Case{
			ID: fmt.Sprintf("%s@%d", c.ID, len(out)), Op: c.Op, Args: args, Source: "symbolic",
			Sym: &SymPoint{Case: c.ID, Args: c.Args, Assume: c.Assume, Bind: b},
		})
	}
	if len(out) == 0 {
		return nil, errors.New("no binding the assumptions allow fits CuTe's int")
	}
	return out, nil
}

// fitsInt reports whether every dynamic integer of the arguments fits
// CuTe's int.
func fitsInt(args []string) bool {
	for _, a := range args {
		n, err := notation.Parse(a)
		if err != nil {
			return false
		}
		if _, err := (&exprWriter{key: &strings.Builder{}}).expr(n); err != nil {
			return false
		}
	}
	return true
}

// symArgs converts a symbolic call's arguments and lists their symbols.
func symArgs(op string, args []string) ([]sym.Value, []string, error) {
	spec, ok := catalog.Lookup(op)
	if !ok || len(args) > len(spec.Args) {
		return nil, nil, fmt.Errorf("unknown operation or arity: %s%v", op, args)
	}
	vals := make([]sym.Value, len(args))
	var names []string
	for i, a := range args {
		n, err := notation.Parse(a)
		if err != nil {
			return nil, nil, err
		}
		if vals[i], err = sym.ArgFromNode(n, spec.Args[i]); err != nil {
			return nil, nil, err
		}
		names = append(names, vals[i].Symbols()...)
	}
	return vals, names, nil
}

// fitsCuTe reports whether CuTe's int arithmetic computes the case without
// overflow as far as its result shows: package concrete (int64) does not
// overflow, and every integer of the result and, for a layout, its size
// and cosize fit int. CuTe's dynamic integers are int; beyond, its result
// wraps around (undefined behaviour) and the comparison would say nothing.
func fitsCuTe(op string, args []string) bool {
	v, err := concrete.ApplyText(op, args)
	var ce *concrete.Error
	if err != nil {
		return !errors.As(err, &ce) || ce.Kind != concrete.Overflow
	}
	in := func(x int64) bool { return x >= math.MinInt32 && x <= math.MaxInt32 }
	leaves := func(t concrete.IntTuple) bool {
		return tuple.Fold(t, true, func(ok bool, i concrete.Int) bool { return ok && in(i.V) })
	}
	layout := func(l concrete.Layout) bool {
		sz, err1 := concrete.Size(l)
		co, err2 := concrete.Cosize(l)
		return err1 == nil && err2 == nil && in(sz.V) && in(co.V) && leaves(l.Shape) && leaves(l.Stride)
	}
	switch v.Kind {
	case concrete.ValLayout:
		return layout(v.Layout)
	case concrete.ValTuple:
		return leaves(v.Tuple)
	case concrete.ValPair:
		// a tile of a tensor and its offset (local_tile, local_partition):
		// CuTe computes the offset in int too
		if v.Composed != nil {
			return layout(v.Composed.Layout) && leaves(v.Tuple)
		}
		return layout(v.Layout) && leaves(v.Tuple)
	}
	return true
}
