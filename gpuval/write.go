package gpuval

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/cutealg/cutealg/concrete"
)

// Options configure the translation units and the driver script.
type Options struct {
	// Cutlass is the CUTLASS folder (holding include/) that run.sh uses
	// when CUTLASS_DIR is not set; a relative path is taken from the
	// directory run.sh is started in.
	Cutlass string
	// NVCC is the nvcc that run.sh uses when NVCC is not set.
	NVCC string
	// Arch is nvcc's -arch (sm_90 for the H100 and H200).
	Arch string
	// TypesPerBatch is the number of C++ types (instantiations) per
	// translation unit.
	TypesPerBatch int
}

// DefaultTypesPerBatch keeps a translation unit near 40 s of one core of
// g++ (about 0.3 s per type plus the headers, measured on the project
// machine; see doc.go), so that the campaign's batches spread over 16
// cores.
const DefaultTypesPerBatch = 96

// Batch is one translation unit.
type Batch struct {
	Name  string
	Types []*Type
	// Alone is set for a unit of one type that package concrete expects
	// CuTe to refuse at compile time: such types are compiled alone so
	// that they never make a batch fail.
	Alone bool
}

// Type is one C++ instantiation: the cases that share it differ only in
// their dynamic integers.
type Type struct {
	Key   string
	Body  string
	Cases []placed
}

type placed struct {
	Case
	values []int64
}

// Plan is a campaign's translation units.
type Plan struct {
	Batches []*Batch
	// Skipped are the cases that cannot be written as C++ (a dynamic
	// integer that does not fit int), with the reason.
	Skipped []string
}

// MakePlan groups the cases by C++ type and packs the types into batches.
func MakePlan(cases []Case, opt Options) *Plan {
	per := opt.TypesPerBatch
	if per <= 0 {
		per = DefaultTypesPerBatch
	}
	p := &Plan{}
	byKey := map[string]*Type{}
	var order []*Type
	refused := map[*Type]bool{}
	for _, c := range cases {
		s, err := lower(c.Op, c.Args)
		if err != nil {
			p.Skipped = append(p.Skipped, c.ID+": "+err.Error())
			continue
		}
		t := byKey[s.key]
		if t == nil {
			t = &Type{Key: s.key, Body: s.body}
			byKey[s.key] = t
			order = append(order, t)
		}
		t.Cases = append(t.Cases, placed{Case: c, values: s.values})
		if !refused[t] {
			_, err := concrete.ApplyText(c.Op, c.Args)
			var ce *concrete.Error
			if errors.As(err, &ce) && ce.Kind == concrete.Refused {
				refused[t] = true
			}
		}
	}
	var cur *Batch
	nb, na := 0, 0
	for _, t := range order {
		if refused[t] {
			p.Batches = append(p.Batches, &Batch{Name: fmt.Sprintf("a%04d", na), Types: []*Type{t}, Alone: true})
			na++
			continue
		}
		if cur == nil || len(cur.Types) == per {
			cur = &Batch{Name: fmt.Sprintf("b%04d", nb)}
			nb++
			p.Batches = append(p.Batches, cur)
		}
		cur.Types = append(cur.Types, t)
	}
	return p
}

// Source is the translation unit of a batch.
func (b *Batch) Source() string {
	var w strings.Builder
	fmt.Fprintf(&w, prelude, Cap, Show)
	w.WriteString("\nstatic const int gv_v[] = {")
	off := 0
	offs := make([][]int, len(b.Types))
	for ti, t := range b.Types {
		for _, c := range t.Cases {
			offs[ti] = append(offs[ti], off)
			for _, v := range c.values {
				if off%16 == 0 {
					w.WriteString("\n ")
				}
				fmt.Fprintf(&w, " %d,", v)
				off++
			}
		}
	}
	w.WriteString("\n  0};\n\nstatic const gv_case gv_cases[] = {\n")
	for ti, t := range b.Types {
		fmt.Fprintf(&w, "#if GV_IN(%d)\n", ti)
		for ci, c := range t.Cases {
			fmt.Fprintf(&w, "  {%q, %d, %d},\n", c.ID, ti, offs[ti][ci])
		}
		w.WriteString("#endif\n")
	}
	w.WriteString("  {nullptr, -1, 0}};\n")
	var sw strings.Builder
	for ti, t := range b.Types {
		fmt.Fprintf(&w, "\n#if GV_IN(%d)\n// %s\nstatic void gv_t%d(const char* id, const int* v) {\n  (void)v;\n  %s\n}\n#endif\n", ti, t.Key, ti, t.Body)
		fmt.Fprintf(&sw, "#if GV_IN(%d)\n    case %d: gv_t%d(c.id, v); break;\n#endif\n", ti, ti, ti)
	}
	fmt.Fprintf(&w, mainText, sw.String())
	return w.String()
}

// entry is one line of cases.jsonl, the manifest that the compare step
// reads back.
type entry struct {
	Case
	Batch string `json:"batch"`
	Type  int    `json:"type"`
}

// Write writes the plan into dir: one .cu file per batch, cases.jsonl
// (every case with its batch and type), the stand-in CUDA headers of a
// host-only build under stub/, and run.sh.
func (p *Plan) Write(dir string, opt Options) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	mf, err := os.Create(filepath.Join(dir, "cases.jsonl"))
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(mf)
	enc := json.NewEncoder(bw)
	for _, b := range p.Batches {
		if err := os.WriteFile(filepath.Join(dir, b.Name+".cu"), []byte(b.Source()), 0o644); err != nil {
			mf.Close()
			return err
		}
		for ti, t := range b.Types {
			for _, c := range t.Cases {
				if err := enc.Encode(entry{Case: c.Case, Batch: b.Name, Type: ti}); err != nil {
					mf.Close()
					return err
				}
			}
		}
	}
	if err := bw.Flush(); err != nil {
		mf.Close()
		return err
	}
	if err := mf.Close(); err != nil {
		return err
	}
	if err := WriteStubs(filepath.Join(dir, "stub")); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "run.sh"), []byte(p.script(opt)), 0o755)
}

// script is run.sh: the batches with their type counts, largest first.
func (p *Plan) script(opt Options) string {
	var list strings.Builder
	for _, b := range p.Batches {
		if !b.Alone {
			fmt.Fprintf(&list, " %s:%d", b.Name, len(b.Types))
		}
	}
	for _, b := range p.Batches {
		if b.Alone {
			fmt.Fprintf(&list, " %s:%d", b.Name, len(b.Types))
		}
	}
	nvcc, arch, cut := opt.NVCC, opt.Arch, opt.Cutlass
	if nvcc == "" {
		nvcc = "nvcc"
	}
	if arch == "" {
		arch = "sm_90"
	}
	return strings.NewReplacer("@CUTLASS@", shellQuote(cut), "@NVCC@", shellQuote(nvcc), "@ARCH@", arch,
		"@BATCHES@", strings.TrimSpace(list.String())).Replace(runScript)
}

func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// StubDefines are the g++ flags that, with the headers WriteStubs writes,
// let CuTe's atom headers (cute/atom/*.hpp, which use __device__ and
// __host__ outside any CUDA-compiler guard) compile host-only.
var StubDefines = []string{"-D__device__=", "-D__host__="}

// WriteStubs writes the stand-in CUDA headers of a host-only g++ build
// under dir (pass dir to g++ with -I, before CUTLASS's include/).
func WriteStubs(dir string) error {
	for name, text := range stubs {
		f := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(f, []byte(text), 0o644); err != nil {
			return err
		}
	}
	return nil
}
