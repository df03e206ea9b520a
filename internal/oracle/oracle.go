package oracle

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/cutealg/cutealg/concrete"
)

// MaxLine is the longest request line accepted (bytes); longer lines are
// skipped and answered with an error.
const MaxLine = 4 << 20

// Request is one oracle request.
type Request struct {
	ID      json.RawMessage `json:"id"`
	Op      string          `json:"op"`
	Args    []string        `json:"args"`
	Mode    string          `json:"mode,omitempty"`
	Assume  []string        `json:"assume,omitempty"`
	Dynamic bool            `json:"dynamic,omitempty"`
	Derive  bool            `json:"derive,omitempty"`
}

// Case is one branch of a piecewise reply.
type Case struct {
	When   []string `json:"when"`
	Result string   `json:"result,omitempty"`
	Error  string   `json:"error,omitempty"`
}

// Reply is one oracle reply.
type Reply struct {
	ID         json.RawMessage `json:"id"`
	Result     *string         `json:"result,omitempty"`
	Cases      []Case          `json:"cases,omitempty"`
	Error      string          `json:"error,omitempty"`
	Warning    string          `json:"warning,omitempty"`
	Needs      []string        `json:"needs,omitempty"`
	Derivation json.RawMessage `json:"derivation,omitempty"`
}

func errReply(id json.RawMessage, format string, args ...any) Reply {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	return Reply{ID: id, Error: fmt.Sprintf(format, args...)}
}

// Handle answers one request.
func Handle(req Request) Reply {
	id := req.ID
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	if req.Op == "" {
		return errReply(id, "request has no \"op\"")
	}
	var opts []concrete.Option
	switch req.Mode {
	case "", "cute":
	case "strict":
		opts = append(opts, concrete.StrictMode())
	default:
		return errReply(id, "unknown mode %q (want \"cute\" or \"strict\")", req.Mode)
	}
	if len(req.Assume) > 0 || req.Dynamic || req.Derive || hasSymbol(req.Args) {
		return errReply(id, "%s: symbolic requests are not supported yet (symbolic layout operations need the rewrite rules of package rules, not yet written)", req.Op)
	}
	var warnings []string
	opts = append(opts, concrete.CollectWarnings(&warnings))
	v, err := concrete.ApplyText(req.Op, req.Args, opts...)
	if err != nil {
		return errReply(id, "%s", oneLine(err.Error()))
	}
	s := v.String()
	r := Reply{ID: id, Result: &s}
	if len(warnings) > 0 {
		r.Warning = oneLine(strings.Join(warnings, "; "))
	}
	return r
}

// hasSymbol reports whether an argument contains a letter that is not part
// of an operation-free CuTe value (a symbol such as M).
func hasSymbol(args []string) bool {
	for _, a := range args {
		for i := 0; i < len(a); i++ {
			c := a[i]
			if (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') {
				return true
			}
		}
	}
	return false
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// HandleLine decodes one request line and answers it.
func HandleLine(line []byte) Reply {
	var req Request
	dec := json.NewDecoder(strings.NewReader(string(line)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		var probe struct {
			ID json.RawMessage `json:"id"`
		}
		_ = json.Unmarshal(line, &probe)
		return errReply(probe.ID, "malformed request: %s", oneLine(err.Error()))
	}
	if dec.More() {
		return errReply(req.ID, "malformed request: trailing data after the JSON object")
	}
	return Handle(req)
}

// Serve reads requests from r and writes one reply line per request to w,
// flushing after each, until r ends.
func Serve(r io.Reader, w io.Writer) error {
	br := bufio.NewReaderSize(r, 64<<10)
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	for {
		line, tooLong, err := readLine(br)
		if len(strings.TrimSpace(string(line))) > 0 || tooLong {
			var rep Reply
			if tooLong {
				rep = errReply(nil, "request line longer than %d bytes", MaxLine)
			} else {
				rep = HandleLine(line)
			}
			if e := enc.Encode(rep); e != nil {
				return e
			}
			if e := bw.Flush(); e != nil {
				return e
			}
		}
		if err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return err
		}
	}
}

// readLine reads one line, discarding (and reporting) lines over MaxLine
// without holding them in memory.
func readLine(br *bufio.Reader) (line []byte, tooLong bool, err error) {
	for {
		frag, isPrefix, e := br.ReadLine()
		if !tooLong {
			line = append(line, frag...)
			if len(line) > MaxLine {
				tooLong, line = true, nil
			}
		}
		if e != nil {
			return line, tooLong, e
		}
		if !isPrefix {
			return line, tooLong, nil
		}
	}
}
