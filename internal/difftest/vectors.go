package difftest

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/cutealg/cutealg/internal/vectors"
	"github.com/cutealg/cutealg/props"
)

// WriteVectors writes n generated cases (props.CaseAt's stream for seed)
// with cutealg's answers in CuTe mode as JSON lines in the schema of the
// vectors (internal/vectors.Record): "result", or "error"; "unchecked"
// with the warning where CuTe's value breaks a documented post-condition;
// "flavor"; ids "<op>-<i>-<s|d|m>".
func WriteVectors(w io.Writer, n int, seed uint64, ops []string) error {
	if len(ops) == 0 {
		ops = props.Ops()
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for i := range n {
		c := props.CaseAt(seed, i, ops, props.Flavors())
		r := Ours(c, "cute")
		rec := struct {
			vectors.Record
			Result    *string `json:"result,omitempty"`
			Error     string  `json:"error,omitempty"`
			Unchecked string  `json:"unchecked,omitempty"`
		}{Record: vectors.Record{ID: fmt.Sprintf("%s-%d-%c", c.Op, i, c.Flavor.String()[0]), Op: c.Op, Args: c.Args, Flavor: c.Flavor.String()},
			Result: r.Result, Error: r.Error, Unchecked: r.Warning}
		if err := enc.Encode(rec); err != nil {
			return err
		}
	}
	return nil
}
