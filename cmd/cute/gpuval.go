package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/cutealg/cutealg/gpuval"
	"github.com/cutealg/cutealg/internal/vectors"
	"github.com/cutealg/cutealg/rules"
)

var gpuvalCmd = &command{
	name:    "gpuval",
	summary: "write (and run, and compare) a campaign against CuTe C++ on the GPU",
	usage: `usage: cute gpuval [-cutlass DIR] [-nvcc PATH] [-n N] [-bindings B] [-seed S] [-out DIR] [-run [-host]]
       cute gpuval -compare OUTPUT[,OUTPUT...] [-out DIR]
       cute gpuval -stubs DIR

Writes a campaign into DIR (default .gpuval): every public vector, N
cases drawn by the project's generators (package props: every operation
and flavor, admissible and not; mostly one C++ type each),
every case of the public symbolic corpus and every symbolic derivation of
the golden library (proofs/testdata/library) at B bindings, as CuTe C++
translation units (one C++ type instantiated once for all the cases that
share it), the manifest cases.jsonl, and run.sh, the driver that compiles
the units in parallel with nvcc, runs them and collects the outputs into
$OUT (results.txt.gz, compile.txt, meta.txt). See package gpuval's doc.

-run runs DIR/run.sh here (with -host: a host-only g++ build, no GPU) and
compares. -compare OUTPUT compares the outputs that run.sh collected in the
folder OUTPUT (or in several folders, comma-separated: runs of parts of the
campaign, see GV_FROM in run.sh) with cutealg and prints the report
(markdown for docs/gpuval.md); the exit status is 1 when there is a
mismatch. -stubs DIR writes the stand-in CUDA headers of a host-only g++
build of CuTe code into DIR and exits (docs/peer/run.sh uses them).

Flags:
	-cutlass DIR   CUTLASS folder holding include/ (default $CUTLASS_DIR, else .cutlass)
	-nvcc PATH     nvcc for run.sh (default nvcc from PATH)
	-n N           generated cases (default 1500)
	-bindings B    bindings per symbolic case (default 100)
	-seed S        seed of the generated cases and bindings (default 1)
	-types T       C++ types per translation unit (default 96)
	-out DIR       the campaign folder (default .gpuval)
	-vectors DIR   the vectors folder (default ../shared/vectors)
	-library DIR   the golden derivations (default proofs/testdata/library;
	               "" for none)
`,
}

func init() { gpuvalCmd.run = runGpuval }

func runGpuval(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet(gpuvalCmd)
	cut := fs.String("cutlass", "", "")
	nvcc := fs.String("nvcc", "", "")
	n := fs.Int("n", 1500, "")
	binds := fs.Int("bindings", 100, "")
	seed := fs.Uint64("seed", 1, "")
	types := fs.Int("types", gpuval.DefaultTypesPerBatch, "")
	out := fs.String("out", ".gpuval", "")
	vdir := fs.String("vectors", "", "")
	doRun := fs.Bool("run", false, "")
	host := fs.Bool("host", false, "")
	cmp := fs.String("compare", "", "")
	lib := fs.String("library", filepath.Join("proofs", "testdata", "library"), "")
	stubs := fs.String("stubs", "", "")
	operands, code, done := parseFlags(gpuvalCmd, fs, args, stdout, stderr)
	if done {
		return code
	}
	if len(operands) > 0 {
		fmt.Fprintf(stderr, "cute gpuval: unexpected argument %q\n", operands[0])
		shortUsage(gpuvalCmd, stderr)
		return exitUsage
	}
	if *cmp != "" {
		return compareCampaign(*out, *cmp, stdout, stderr)
	}
	if *stubs != "" {
		if err := gpuval.WriteStubs(*stubs); err != nil {
			fmt.Fprintf(stderr, "cute gpuval: %v\n", err)
			return exitDomain
		}
		return exitOK
	}
	if *n < 0 || *binds < 1 {
		fmt.Fprintln(stderr, "cute gpuval: -n must be >= 0, -bindings >= 1")
		return exitUsage
	}
	if *cut == "" {
		*cut = os.Getenv("CUTLASS_DIR")
	}
	if *cut == "" {
		*cut = ".cutlass"
	}
	dir := *vdir
	if dir == "" {
		var ok bool
		if dir, ok = vectors.Dir(); !ok {
			fmt.Fprintf(stderr, "cute gpuval: no vectors folder at %s (use -vectors)\n", dir)
			return exitUsage
		}
	}
	recs, err := vectors.Load(dir)
	if err != nil {
		fmt.Fprintf(stderr, "cute gpuval: %v\n", err)
		return exitUsage
	}
	scs, err := vectors.LoadSymbolic(dir)
	if err != nil {
		fmt.Fprintf(stderr, "cute gpuval: %v\n", err)
		return exitUsage
	}
	libCases, err := libraryCases(*lib)
	if err != nil {
		fmt.Fprintf(stderr, "cute gpuval: %v\n", err)
		return exitUsage
	}
	scs = append(scs, libCases...)
	cases := gpuval.FromVectors(recs)
	cases = append(cases, gpuval.Generate(*seed, *n)...)
	symCases, skipped := gpuval.FromSymbolic(scs, *binds, *seed)
	cases = append(cases, symCases...)
	opt := gpuval.Options{Cutlass: *cut, NVCC: *nvcc, TypesPerBatch: *types}
	plan := gpuval.MakePlan(cases, opt)
	if err := plan.Write(*out, opt); err != nil {
		fmt.Fprintf(stderr, "cute gpuval: %v\n", err)
		return exitDomain
	}
	ntypes := 0
	for _, b := range plan.Batches {
		ntypes += len(b.Types)
	}
	fmt.Fprintf(stdout, "cute gpuval: %d cases (%d vectors, %d generated, %d symbolic points), %d C++ types in %d translation units, written to %s\n",
		len(cases), len(recs), len(cases)-len(recs)-len(symCases), len(symCases), ntypes, len(plan.Batches), *out)
	for _, s := range append(plan.Skipped, skipped...) {
		fmt.Fprintf(stdout, "  skipped %s\n", s)
	}
	if !*doRun {
		return exitOK
	}
	res := filepath.Join(*out, "out")
	cmd := exec.Command("bash", filepath.Join(*out, "run.sh"))
	cmd.Env = append(os.Environ(), "OUT="+res)
	if *host {
		cmd.Env = append(cmd.Env, "GV_HOST=1")
	}
	cmd.Stdout, cmd.Stderr = stderr, stderr
	if err := cmd.Run(); err != nil {
		fmt.Fprintf(stderr, "cute gpuval: run.sh: %v\n", err)
		return exitDomain
	}
	return compareCampaign(*out, res, stdout, stderr)
}

func compareCampaign(dir, res string, stdout, stderr io.Writer) int {
	rep, err := gpuval.Compare(dir, strings.Split(res, ",")...)
	if err != nil {
		fmt.Fprintf(stderr, "cute gpuval: %v\n", err)
		return exitUsage
	}
	rep.Markdown(stdout)
	if len(rep.Mismatches) > 0 {
		return exitDomain
	}
	return exitOK
}

// libraryCases reads the golden derivations of dir (their JSON form) and
// returns those over symbols as symbolic cases, so that the campaign checks
// their answers at many bindings as it does the public corpus's.
func libraryCases(dir string) ([]vectors.SymbolicCase, error) {
	if dir == "" {
		return nil, nil
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return nil, err
	}
	var out []vectors.SymbolicCase
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		var d rules.Derivation
		if err := json.Unmarshal(b, &d); err != nil {
			return nil, fmt.Errorf("%s: %w", f, err)
		}
		symbolic := false
		for _, a := range d.Args {
			symbolic = symbolic || hasSymbol(a)
		}
		if !symbolic {
			continue // a concrete example: the vectors and generated cases cover its kind
		}
		id := "lib-" + strings.TrimSuffix(filepath.Base(f), ".json")
		out = append(out, vectors.SymbolicCase{ID: id, Op: d.Op, Args: d.Args, Assume: d.Assume, Valid: true, Source: "library"})
	}
	return out, nil
}
