package oracle

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/cutealg/cutealg/internal/notation"
	"io"
	"strings"

	"github.com/cutealg/cutealg/concrete"
	"github.com/cutealg/cutealg/rules"
	"github.com/cutealg/cutealg/sym"
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
	When    []string `json:"when"`
	Result  string   `json:"result,omitempty"`
	Error   string   `json:"error,omitempty"`
	Warning string   `json:"warning,omitempty"` // dynamic requests: a post-condition CuTe's value may break in this case
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

// InternalError starts the error reply of a request whose computation
// panicked: a defect of cutealg, reported instead of ending the oracle.
const InternalError = "internal error (a defect of cutealg, please report it): "

// Handle answers one request. A panic in its computation (a defect) is an
// error reply starting with InternalError, so that one request cannot end
// the oracle (DESIGN 5: never a crash).
func Handle(req Request) (rep Reply) {
	id := req.ID
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	defer func() {
		if r := recover(); r != nil {
			rep = errReply(id, "%s%v", InternalError, r)
		}
	}()
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
	if req.Assume != nil || req.Dynamic || req.Derive || hasSymbol(req.Args) {
		if !hasSymbol(req.Args) && len(req.Assume) == 0 && !req.Dynamic && !req.Derive && !rules.Implemented(req.Op) {
			// a symbolic request over integers for an operation the
			// rules engine does not compute yet: the concrete engine
			// answers it strictly (an error where CuTe's value breaks a
			// post-condition), as symbolic answers are
			opts = append(opts, concrete.StrictMode())
		} else {
			return symbolic(id, req)
		}
	}
	var broken []concrete.Violation
	opts = append(opts, concrete.CollectViolations(&broken))
	v, err := concrete.ApplyText(req.Op, req.Args, opts...)
	if err != nil {
		return errReply(id, "%s", oneLine(err.Error()))
	}
	s := v.String()
	r := Reply{ID: id, Result: &s}
	if len(broken) > 0 {
		msgs := make([]string, len(broken))
		for i := range broken {
			msgs[i] = broken[i].Msg
		}
		r.Warning = oneLine(strings.Join(msgs, "; "))
	}
	return r
}

// hasSymbol reports whether an argument holds a symbol such as M (the
// letters of a swizzle Sw<3,4,3> and of a composed layout's 'o' are not
// symbols). An argument that does not parse has none: the concrete engine
// reports its syntax error.
func hasSymbol(args []string) bool {
	for _, a := range args {
		if n, err := notation.Parse(a); err == nil && len(notation.Symbols(n)) > 0 {
			return true
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

// symbolic answers a request over symbols (or with assumptions) with the
// rules engine: a plain result, cases with guards, or an error; needs
// lists the guards that would make the answer plain when exactly one case
// is not an error.
func symbolic(id json.RawMessage, req Request) Reply {
	if req.Mode == "strict" {
		// symbolic answers are always strict: an error wherever CuTe's
		// value breaks a post-condition
		req.Mode = ""
	}
	rreq := rules.Request{Op: req.Op, Args: req.Args, Assume: req.Assume, Dynamic: req.Dynamic}
	ans, err := rules.Compute(rreq)
	if err != nil {
		r := errReply(id, "%s", oneLine(err.Error()))
		var ne *rules.NeedsError
		if errors.As(err, &ne) {
			for _, c := range ne.Needs {
				r.Needs = append(r.Needs, c.String())
			}
		}
		return r
	}
	r := symbolicReply(id, ans)
	if req.Derive {
		b, err := json.Marshal(ans.Derivation(rreq))
		if err != nil {
			return errReply(id, "%s: derivation: %v", req.Op, err)
		}
		r.Derivation = b
	}
	return r
}

// warningText joins the warnings of a case of a dynamic answer.
func warningText(ws []string) string { return oneLine(strings.Join(ws, "; ")) }

// symbolicReply is the reply for a symbolic answer.
func symbolicReply(id json.RawMessage, ans rules.Answer[sym.Value]) Reply {
	if v, ok := ans.Plain(); ok {
		s := v.String()
		return Reply{ID: id, Result: &s, Warning: warningText(ans.Branches[0].Warnings)}
	}
	if len(ans.Branches) == 1 && len(ans.Branches[0].Guards) == 0 {
		return errReply(id, "%s", oneLine(ans.Branches[0].Err.Error()))
	}
	r := Reply{ID: id}
	var good []int
	for i, b := range ans.Branches {
		c := Case{When: []string{}, Warning: warningText(b.Warnings)}
		for _, g := range b.Guards {
			c.When = append(c.When, g.String())
		}
		if b.Err != nil {
			c.Error = oneLine(b.Err.Error())
		} else {
			c.Result = b.Value.String()
			good = append(good, i)
		}
		r.Cases = append(r.Cases, c)
	}
	if len(good) == 1 {
		r.Needs = r.Cases[good[0]].When
	}
	return r
}
