package oracle

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"
)

// badCase is one request line that must get an error reply.
type badCase struct {
	name string
	line string
	// id is the id the reply must carry ("null" where the line is not a
	// request object).
	id string
	// errHas, when set, must occur in the error.
	errHas string
}

// request builds a request line.
func request(id, op string, args []string, extra string) string {
	a, _ := json.Marshal(args)
	return fmt.Sprintf(`{"id":%q,"op":%q,"args":%s%s}`, id, op, a, extra)
}

// nested returns n opening brackets, the core, and n closing ones.
func nested(n int, open, core, close string) string {
	return strings.Repeat(open, n) + core + strings.Repeat(close, n)
}

// list returns n copies of elem joined by commas, in parentheses.
func list(n int, elem string) string {
	return "(" + strings.Repeat(elem+",", n-1) + elem + ")"
}

func badCases() []badCase {
	manyArgs := make([]string, 200_000)
	for i := range manyArgs {
		manyArgs[i] = "8:1"
	}
	return []badCase{
		// Malformed JSON and malformed requests.
		{name: "not json", line: `not json`, id: "null", errHas: "malformed request"},
		{name: "truncated", line: `{"id":"m1","op":"size","args":["8:1"]`, id: "null", errHas: "malformed request"},
		{name: "array", line: `[1,2,3]`, id: "null", errHas: "malformed request"},
		{name: "trailing", line: request("m2", "size", []string{"8:1"}, "") + ` {"x":1}`, id: `"m2"`, errHas: "trailing"},
		{name: "unknown field", line: request("m3", "size", []string{"8:1"}, `,"bogus":1`), id: `"m3"`, errHas: "malformed request"},
		{name: "args not a list", line: `{"id":"m4","op":"size","args":"8:1"}`, id: `"m4"`, errHas: "malformed request"},
		{name: "op not a string", line: `{"id":"m5","op":42,"args":["8:1"]}`, id: `"m5"`, errHas: "malformed request"},
		{name: "no op", line: `{"id":"m6","args":["8:1"]}`, id: `"m6"`, errHas: "op"},
		{name: "json null", line: `null`, id: "null"},
		{name: "bad mode", line: request("m7", "size", []string{"8:1"}, `,"mode":"fast"`), id: `"m7"`, errHas: "mode"},
		{name: "json nesting 5000", line: `{"id":"m8","op":"size","args":` + nested(5000, "[", "", "]") + `}`, id: `"m8"`, errHas: "malformed request"},

		// Unknown operations and wrong arity.
		{name: "unknown op", line: request("u1", "no_such_op", []string{"8:1"}, ""), id: `"u1"`, errHas: "unknown operation"},
		{name: "op case", line: request("u2", "Composition", []string{"8:1", "2:1"}, ""), id: `"u2"`, errHas: "unknown operation"},
		{name: "too few args", line: request("a1", "composition", []string{"8:1"}, ""), id: `"a1"`, errHas: "wrong number of arguments"},
		{name: "too many args", line: request("a2", "composition", []string{"8:1", "2:1", "2:1"}, ""), id: `"a2"`, errHas: "wrong number of arguments"},
		{name: "no args", line: request("a3", "size", nil, ""), id: `"a3"`, errHas: "wrong number of arguments"},
		{name: "200000 args", line: request("a4", "composition", manyArgs, ""), id: `"a4"`, errHas: "wrong number of arguments"},

		// Broken text.
		{name: "unclosed", line: request("t1", "size", []string{"(2,2):(1,"}, ""), id: `"t1"`},
		{name: "not congruent", line: request("t2", "size", []string{"(2,2):(1,2,3)"}, ""), id: `"t2"`, errHas: "congruent"},
		{name: "two colons", line: request("t3", "size", []string{"8:1:2"}, ""), id: `"t3"`},
		{name: "empty", line: request("t4", "size", []string{""}, ""), id: `"t4"`, errHas: "empty"},
		{name: "control char", line: request("t5", "size", []string{"8:\x001"}, ""), id: `"t5"`},
		{name: "non-ascii", line: request("t6", "size", []string{"（2,2):(1,2)"}, ""), id: `"t6"`},
		{name: "int64 literal", line: request("t7", "size", []string{"99999999999999999999:1"}, ""), id: `"t7"`},
		{name: "tuple for layout", line: request("t8", "composition", []string{"(2,2)", "2:1"}, ""), id: `"t8"`, errHas: "layout"},
		{name: "layout for tuple", line: request("t9", "complement", []string{"4:1", "8:1"}, ""), id: `"t9"`},
		{name: "underscore layout", line: request("t10", "size", []string{"_:_"}, ""), id: `"t10"`},
		{name: "200000 elements", line: request("t11", "size", []string{list(200_000, "1") + ":" + list(200_000, "0")}, ""), id: `"t11"`, errHas: "MaxNodes"},
		{name: "5000 levels", line: request("t12", "size", []string{nested(5000, "(", "8", ")") + ":" + nested(5000, "(", "1", ")")}, ""), id: `"t12"`, errHas: "MaxDepth"},
		{name: "over MaxBytes", line: request("t13", "size", []string{strings.Repeat(" ", 2<<20) + "8:1"}, ""), id: `"t13"`, errHas: "MaxBytes"},
		{name: "strict broken text", line: request("t14", "size", []string{"(2,"}, `,"mode":"strict"`), id: `"t14"`},

		// Zero and negative extents where CuTe divides by zero.
		{name: "zero shape in A", line: request("z1", "composition", []string{"(0,2):(1,0)", "4:1"}, ""), id: `"z1"`},
		{name: "zero shape in B", line: request("z2", "composition", []string{"(4,2):(1,4)", "0:1"}, ""), id: `"z2"`},
		{name: "static zero shape", line: request("z3", "logical_product", []string{"(_0,_2):(_1,_0)", "_2:_1"}, ""), id: `"z3"`},
		{name: "zero shape idx2crd", line: request("z4", "idx2crd", []string{"5", "(0,4)"}, ""), id: `"z4"`},
		{name: "zero and negative tiler", line: request("z5", "zipped_divide", []string{"(8,8):(1,8)", "(0:1,-2:1)"}, ""), id: `"z5"`},

		// Overflow.
		{name: "size overflow", line: request("o1", "size", []string{"(4611686018427387904,4):(1,2)"}, ""), id: `"o1"`, errHas: "overflow"},
		{name: "cosize overflow", line: request("o2", "cosize", []string{"(4611686018427387904,2):(4,1)"}, ""), id: `"o2"`, errHas: "overflow"},
		{name: "strict overflow", line: request("o3", "size", []string{"(4611686018427387904,4):(1,2)"}, `,"mode":"strict"`), id: `"o3"`, errHas: "overflow"},

		// Work that would be unbounded: refused at once.
		{name: "evaluate 2^60", line: request("e1", "evaluate", []string{"(1073741824,1073741824):(1,1073741824)"}, ""), id: `"e1"`, errHas: "MaxEvaluate"},
		{name: "evaluate 2^60 static", line: request("e2", "evaluate", []string{"(_1073741824,_1073741824):(_1,_1073741824)"}, ""), id: `"e2"`, errHas: "MaxEvaluate"},
	}
}

// good is the request sent after every bad one: the oracle must answer it.
const good = `{"id":"ok","op":"composition","args":["(10,2):(16,4)","(5,4):(1,5)"]}`

const goodResult = "((5,1),(2,2)):((16,4),(80,4))"

// TestServeBadInput drives Serve with every bad request of badCases, a line
// longer than MaxLine and blank lines, each bad line followed by a good
// request, and checks every reply in order: one JSON line per request, an
// error with no result for each bad one, and the good one answered after
// each.
//
// What keeps time and memory bounded, so that no line can hang the oracle
// or exhaust memory:
//   - MaxLine (4 MiB): a longer line is skipped without being held in
//     memory and answered with an error;
//   - notation.MaxBytes (1 MiB), MaxDepth (128 levels) and MaxNodes (65,536
//     nodes): larger or deeper argument text is refused by the parser,
//     whose recursion is bounded;
//   - an op's arity is checked before any argument is parsed, so 200,000
//     arguments cost one comparison;
//   - concrete.MaxEvaluate (2^20 values): evaluate of a larger layout is
//     refused before any value is computed; every other operation works on
//     the shape and stride tuples, never on the elements, so 2^60-element
//     layouts cost no more than small ones;
//   - every int64 operation checks for overflow, and a division by zero is
//     an error (CuTe's SIGFPE), never a crash.
func TestServeBadInput(t *testing.T) {
	cases := badCases()
	var in strings.Builder
	for _, c := range cases {
		in.WriteString(c.line + "\n" + good + "\n")
	}
	// A line over MaxLine, blank lines (no reply), a last good request
	// without a final newline.
	in.WriteString(`{"id":"long","op":"size","args":["` + strings.Repeat("1", MaxLine) + `"]}` + "\n")
	in.WriteString("\n   \n" + good)

	type result struct {
		out []byte
		err error
	}
	done := make(chan result, 1)
	go func() {
		var out bytes.Buffer
		err := Serve(strings.NewReader(in.String()), &out)
		done <- result{out.Bytes(), err}
	}()
	var res result
	select {
	case res = <-done:
	case <-time.After(2 * time.Minute): // a hang guard, not a speed test
		t.Fatal("Serve did not finish")
	}
	if res.err != nil {
		t.Fatalf("Serve: %v", res.err)
	}

	sc := bufio.NewScanner(bytes.NewReader(res.out))
	sc.Buffer(nil, 1<<20)
	var replies []Reply
	for sc.Scan() {
		var r Reply
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("reply %d is not one JSON object: %v: %.200s", len(replies)+1, err, sc.Text())
		}
		replies = append(replies, r)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if want := 2*len(cases) + 2; len(replies) != want {
		t.Fatalf("%d replies, want %d (one per request line)", len(replies), want)
	}
	checkGood := func(i int, after string) {
		r := replies[i]
		if r.Error != "" || r.Result == nil || *r.Result != goodResult || string(r.ID) != `"ok"` {
			t.Errorf("reply %d (the good request after %s): %+v, want result %s", i+1, after, r, goodResult)
		}
	}
	checkBad := func(i int, name, id, errHas string) {
		r := replies[i]
		switch {
		case r.Result != nil:
			t.Errorf("%s: got result %.100q, want an error", name, *r.Result)
		case r.Error == "":
			t.Errorf("%s: empty error", name)
		case strings.ContainsAny(r.Error, "\n\r"):
			t.Errorf("%s: error is not one line: %q", name, r.Error)
		case !strings.Contains(r.Error, errHas):
			t.Errorf("%s: error %q does not contain %q", name, r.Error, errHas)
		case string(r.ID) != id:
			t.Errorf("%s: reply id %s, want %s", name, r.ID, id)
		}
	}
	for k, c := range cases {
		checkBad(2*k, c.name, c.id, c.errHas)
		checkGood(2*k+1, c.name)
	}
	checkBad(2*len(cases), "line over MaxLine", "null", "longer than")
	checkGood(2*len(cases)+1, "the line over MaxLine")
}

// HandleLine gives the same error replies one line at a time.
func TestHandleLineBadInput(t *testing.T) {
	for _, c := range badCases() {
		r := HandleLine([]byte(c.line))
		if r.Result != nil || r.Error == "" || !strings.Contains(r.Error, c.errHas) || string(r.ID) != c.id {
			t.Errorf("%s: got %+v", c.name, r)
		}
	}
}

// TestServeHugeSizes: post-condition checks of layouts whose size is near
// the int64 maximum sample a bounded number of points and end (a sampling
// loop once overflowed and never ended); each request gets one reply.
func TestServeHugeSizes(t *testing.T) {
	reqs := []string{
		`{"id":1,"op":"nullspace","args":["9223372036854775805:_0"],"mode":"strict"}`,
		`{"id":2,"op":"left_inverse","args":["_9223372036854775806:_0"]}`,
		`{"id":3,"op":"complement","args":["_6:_0","_9223372036854775805"],"mode":"strict"}`,
		`{"id":4,"op":"tile_to_shape","args":["():()","_9223372036854775805"]}`,
	}
	var out bytes.Buffer
	if err := Serve(strings.NewReader(strings.Join(reqs, "\n")+"\n"), &out); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != len(reqs) {
		t.Fatalf("%d replies for %d requests:\n%s", len(lines), len(reqs), out.String())
	}
	for i, ln := range lines {
		var r Reply
		if err := json.Unmarshal([]byte(ln), &r); err != nil {
			t.Fatalf("reply %d: %v: %s", i+1, err, ln)
		}
		if string(r.ID) != fmt.Sprint(i+1) || (r.Result == nil && r.Error == "") {
			t.Errorf("reply %d: %s", i+1, ln)
		}
	}
}

// Symbolic requests: a plain result, cases with needs, the derivation, the
// dynamic refusal, an integer request answered strictly, bad assumptions.
func TestSymbolicRequests(t *testing.T) {
	tests := []struct {
		line string
		want []string // substrings of the reply line
	}{
		{`{"id":1,"op":"blocked_product","args":["(M0,N0):(_1,M0)","(M1,N1):(N1,_1)"],"assume":[]}`,
			[]string{`"result":"((M0,M1),(N0,N1)):((_1,M0*N0*N1),(M0,M0*N0))"`}},
		{`{"id":2,"op":"composition","args":["(M,N):(_1,M)","_4:_1"],"assume":[]}`,
			[]string{`"cases":[`, `"when":["4<=M"],"result":"(4,1):(_1,M)"`, `"error":"composition: shape divisibility`}},
		{`{"id":3,"op":"complement","args":["_4:_1","M"],"assume":["M % 4 == 0"],"derive":true}`,
			[]string{`"result":"M/4:_4"`, `"derivation":{"op":"complement"`, `"rule":"compl.hole"`}},
		{`{"id":4,"op":"complement","args":["(M,N):(_1,M)","M*N*K"],"assume":[],"dynamic":true}`,
			[]string{`"error":"complement: CuTe refuses this with the symbols as run-time integers: Dynamic-stride complement only for rank-1 layouts"`}},
		{`{"id":5,"op":"logical_product_tiler","args":["(_2,_5):(_5,_1)","(_3:_5,_4:_6)"],"assume":[]}`,
			[]string{`"error":"logical_product_tiler: `}},
		{`{"id":6,"op":"make_layout_left","args":["(M,N)"],"assume":["M % 0 == 0"]}`,
			[]string{`"error":"assumption 1 \"M % 0 == 0\": 1:1: division by zero`}},
		{`{"id":7,"op":"make_layout_left","args":["(M,N)"],"assume":["M < 2 && M > 3"]}`,
			[]string{`inconsistent assumptions`}},
		{`{"id":8,"op":"complement","args":["(_2,_2):(_1,_6)","M"],"assume":[]}`,
			[]string{`"needs":["12*ceil_div(M,12)-7<=8*ceil_div(M,8)"]`}},
	}
	for _, tc := range tests {
		var buf strings.Builder
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(HandleLine([]byte(tc.line))); err != nil {
			t.Fatal(err)
		}
		b := buf.String()
		for _, w := range tc.want {
			if !strings.Contains(b, w) {
				t.Errorf("%s\n got %s\n want it to contain %s", tc.line, b, w)
			}
		}
	}
}
