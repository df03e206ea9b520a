package difftest

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/cutealg/cutealg/internal/oracle"
)

// peer is the implementation under test: one process of Command speaking
// the oracle protocol on its standard input and output.
type peer struct {
	command string
	timeout time.Duration
	grace   time.Duration // added to the limit of the first request after a start
	proc    *exec.Cmd
	in      io.WriteCloser
	lines   chan []byte
	stderr  *tailBuffer
	done    chan struct{} // closed when proc has been waited for
	started int           // processes started
	fresh   bool          // no request answered since the start
}

// fault is what went wrong with a peer's reply: "" (none), or one of the
// kinds crash, hang, garbage.
type fault struct {
	kind   string
	detail string
}

func (p *peer) start() error {
	cmd := exec.Command("sh", "-c", p.command)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	in, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	p.stderr = &tailBuffer{max: 2048}
	cmd.Stderr = p.stderr
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("starting %q: %w", p.command, err)
	}
	p.proc, p.in, p.started, p.fresh = cmd, in, p.started+1, true
	lines := make(chan []byte, 1)
	p.lines = lines
	done := make(chan struct{})
	p.done = done
	go func() {
		br := bufio.NewReaderSize(out, 64<<10)
		for {
			line, err := br.ReadBytes('\n')
			if len(bytes.TrimSpace(line)) > 0 {
				lines <- line
			}
			if err != nil {
				close(lines)
				_ = cmd.Wait()
				close(done)
				return
			}
		}
	}()
	return nil
}

// stop kills the process group of the peer and waits for it.
func (p *peer) stop() {
	if p.proc == nil {
		return
	}
	_ = p.in.Close()
	_ = syscall.Kill(-p.proc.Process.Pid, syscall.SIGKILL)
	// drain what the reader still holds so that it can finish
	go func(lines chan []byte) {
		for range lines {
		}
	}(p.lines)
	<-p.done
	p.proc = nil
}

// close ends the peer: its standard input is closed, and after a grace
// period it is killed.
func (p *peer) close() {
	if p.proc == nil {
		return
	}
	_ = p.in.Close()
	select {
	case <-p.done:
		p.proc = nil
	case <-time.After(time.Second):
		p.stop()
	}
}

// ask sends one request and waits for its reply. On a fault the process
// is stopped; the next ask starts a new one.
func (p *peer) ask(req oracle.Request) (oracle.Reply, fault) {
	if p.proc == nil {
		if err := p.start(); err != nil {
			return oracle.Reply{}, fault{"crash", err.Error()}
		}
	}
	b, err := json.Marshal(req)
	if err != nil {
		return oracle.Reply{}, fault{"garbage", err.Error()}
	}
	if _, err := p.in.Write(append(b, '\n')); err != nil {
		return oracle.Reply{}, p.fail("crash", "writing the request: "+err.Error())
	}
	limit := p.timeout
	if p.fresh {
		limit += p.grace
	}
	timer := time.NewTimer(limit)
	defer timer.Stop()
	select {
	case line, ok := <-p.lines:
		if !ok {
			<-p.done
			return oracle.Reply{}, p.fail("crash", "exited: "+p.proc.ProcessState.String())
		}
		p.fresh = false
		var rep oracle.Reply
		dec := json.NewDecoder(bytes.NewReader(line))
		if err := dec.Decode(&rep); err != nil {
			return oracle.Reply{}, p.fail("garbage", fmt.Sprintf("reply %q: %v", abbrev(string(bytes.TrimSpace(line))), err))
		}
		if string(rep.ID) != string(req.ID) {
			return oracle.Reply{}, p.fail("garbage", fmt.Sprintf("reply id %s for request %s", rep.ID, req.ID))
		}
		if rep.Result == nil && rep.Error == "" {
			return oracle.Reply{}, p.fail("garbage", fmt.Sprintf("reply %q has neither result nor error", abbrev(string(bytes.TrimSpace(line)))))
		}
		return rep, fault{}
	case <-timer.C:
		return oracle.Reply{}, p.fail("hang", fmt.Sprintf("no reply within %v", p.timeout))
	}
}

// fail stops the peer and returns the fault, with the tail of its
// standard error.
func (p *peer) fail(kind, detail string) fault {
	p.stop()
	if t := strings.TrimSpace(p.stderr.String()); t != "" {
		detail += "; stderr: " + oneLine(t)
	}
	return fault{kind, detail}
}

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	mu  sync.Mutex
	max int
	b   []byte
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b = append(t.b, p...)
	if len(t.b) > t.max {
		t.b = t.b[len(t.b)-t.max:]
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.b)
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

func abbrev(s string) string {
	if len(s) <= 200 {
		return s
	}
	return s[:197] + "..."
}
