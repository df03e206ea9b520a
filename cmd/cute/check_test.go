package main

import (
	"bytes"
	"strings"
	"testing"
)

// cute check re-verifies what cute derive -json writes (0), names the step
// of a tampered derivation (1), and refuses what is not a derivation (2).
func TestCheckCommand(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"derive", "-json", "-assume", "M % 32 == 0", "logical_divide((M,N):(_1,M), _32:_1)"}, nil, &out, &errb); code != 0 {
		t.Fatalf("derive: %d %s", code, errb.String())
	}
	saved := out.String()
	for _, c := range []struct {
		stdin string
		exit  int
		want  string
	}{
		{saved, 0, "ok: logical_divide"},
		{strings.Replace(saved, `"after": "(M/32,N):(_32,M)"`, `"after": "(M/16,N):(_32,M)"`, 1), 1, "case 1 step 22 (comp.leaf)"},
		{strings.Replace(saved, `"cond": "32 divides M"`, `"cond": "16 divides M"`, 1), 1, "is not discharged"},
		{"{", 2, "is not a derivation"},
		{"logical_divide((M,N):(_1,M),_32:_1)\n", 2, "save the derivation with 'cute derive -json'"},
	} {
		out.Reset()
		errb.Reset()
		code := run([]string{"check", "-"}, strings.NewReader(c.stdin), &out, &errb)
		if code != c.exit || !strings.Contains(out.String()+errb.String(), c.want) {
			t.Errorf("check: exit %d, want %d with %q:\n%s%s", code, c.exit, c.want, out.String(), errb.String())
		}
	}
	if code := run([]string{"check"}, nil, &out, &errb); code != 2 {
		t.Errorf("check without a file: exit %d, want 2", code)
	}
}
