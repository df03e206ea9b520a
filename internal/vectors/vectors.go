package vectors

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Record is one concrete vector: CuTe's result (or refusal) for one call.
type Record struct {
	ID        string   `json:"id"`
	Op        string   `json:"op"`
	Args      []string `json:"args"`
	Result    *string  `json:"result"`
	Error     string   `json:"error"`
	Unchecked string   `json:"unchecked"`
	Flavor    string   `json:"flavor"`
}

// Dir returns the vectors folder, ../shared/vectors beside the module root
// (found by walking up from the working directory to go.mod), and whether
// it exists.
func Dir() (string, bool) {
	dir, err := os.Getwd()
	if err != nil {
		return "", false
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			v := filepath.Join(dir, "..", "shared", "vectors")
			if fi, err := os.Stat(v); err == nil && fi.IsDir() {
				return v, true
			}
			return v, false
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", false
		}
		dir = up
	}
}

// Load reads every record of dir/*.jsonl, in file order.
func Load(dir string) ([]Record, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	if err != nil {
		return nil, err
	}
	var recs []Record
	for _, f := range files {
		got, err := loadFile(f)
		if err != nil {
			return nil, err
		}
		recs = append(recs, got...)
	}
	return recs, nil
}

func loadFile(path string) ([]Record, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	var recs []Record
	sc := bufio.NewScanner(fh)
	sc.Buffer(nil, 1<<20)
	line := 0
	for sc.Scan() {
		line++
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var r Record
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, line, err)
		}
		recs = append(recs, r)
	}
	return recs, sc.Err()
}

// SymbolicCase is one case of symbolic/cases.jsonl: a symbolic call, its
// assumptions, and CuTe's results at bindings of its symbols.
type SymbolicCase struct {
	ID     string   `json:"id"`
	Op     string   `json:"op"`
	Args   []string `json:"args"`
	Assume []string `json:"assume"`
	Expect string   `json:"expect"`
	Valid  bool     `json:"valid"`
	Source string   `json:"source"`
	Oracle string   `json:"oracle"`
	Points []Point  `json:"points"`
}

// Point is CuTe's result for a symbolic case at one binding.
type Point struct {
	Bind   map[string]int64 `json:"bind"`
	Result *string          `json:"result"`
	Values []int64          `json:"values"`
	OK     bool             `json:"ok"`
	Why    string           `json:"why"`
	Error  string           `json:"error"`
}

// LoadSymbolic reads dir/symbolic/cases.jsonl.
func LoadSymbolic(dir string) ([]SymbolicCase, error) {
	f, err := os.Open(filepath.Join(dir, "symbolic", "cases.jsonl"))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	var out []SymbolicCase
	for line := 1; sc.Scan(); line++ {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var c SymbolicCase
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			return nil, fmt.Errorf("symbolic/cases.jsonl:%d: %v", line, err)
		}
		out = append(out, c)
	}
	return out, sc.Err()
}
