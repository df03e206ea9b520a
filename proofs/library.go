package proofs

import (
	_ "embed"
	"fmt"
	"strings"

	"github.com/cutealg/cutealg/internal/notation"
	"github.com/cutealg/cutealg/rules"
)

// libraryText lists the library: the seeds' worked examples as
// derivations (its header comment gives the format).
//
//go:embed library.txt
var libraryText string

// LibraryEntry is one worked example of the seeds in the library.
type LibraryEntry struct {
	Name    string        // the name of its golden files (testdata/library/NAME.txt, .json)
	Section string        // the seed and the section it comes from
	Note    string        // where the seed's text differs from CuTe, or how it is read ("" for none)
	Request rules.Request // the call and its assumptions
}

// Library returns the library's entries, in the order of library.txt.
func Library() ([]LibraryEntry, error) {
	var out []LibraryEntry
	for i, line := range strings.Split(libraryText, "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, " | ")
		if len(f) != 4 && len(f) != 5 {
			return nil, fmt.Errorf("library.txt:%d: want 4 or 5 fields separated by \" | \"", i+1)
		}
		node, err := notation.Parse(f[2])
		if err != nil {
			return nil, fmt.Errorf("library.txt:%d: %s: %w", i+1, f[0], err)
		}
		c, ok := node.(*notation.Call)
		if !ok {
			return nil, fmt.Errorf("library.txt:%d: %s: %s is not a call", i+1, f[0], f[2])
		}
		req := rules.Request{Op: c.Name, Assume: []string{}}
		for _, a := range c.Args {
			req.Args = append(req.Args, notation.Print(a))
		}
		if f[3] != "-" {
			req.Assume = strings.Split(f[3], " && ")
		}
		e := LibraryEntry{Name: f[0], Section: f[1], Request: req}
		if len(f) == 5 {
			e.Note = f[4]
		}
		out = append(out, e)
	}
	return out, nil
}
