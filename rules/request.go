package rules

import "strings"

// ParseRequestLine reads a request line of the engine's golden corpus
// (testdata/answers.txt, which rules' and proofs' tests read): an optional
// leading "dynamic" (Request.Dynamic), the operation, its arguments
// separated by spaces (a field "o" joins its neighbours: a swizzled layout
// Sw o O o L is one argument), and after "|" the assumptions separated by
// ";".
func ParseRequestLine(line string) Request {
	req, assume, _ := strings.Cut(line, "|")
	f := strings.Fields(req)
	dynamic := len(f) > 0 && f[0] == "dynamic"
	if dynamic {
		f = f[1:]
	}
	if len(f) == 0 {
		return Request{Assume: []string{}, Dynamic: dynamic}
	}
	var args []string
	for i := 1; i < len(f); i++ {
		if f[i] == "o" && len(args) > 0 && i+1 < len(f) {
			args[len(args)-1] += " o " + f[i+1]
			i++
			continue
		}
		args = append(args, f[i])
	}
	r := Request{Op: f[0], Args: args, Assume: []string{}, Dynamic: dynamic}
	for _, a := range strings.Split(assume, ";") {
		if a = strings.TrimSpace(a); a != "" {
			r.Assume = append(r.Assume, a)
		}
	}
	return r
}
