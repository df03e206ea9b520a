package sym

import (
	"encoding/json"
	"strings"
	"testing"
)

// Certificates that use what the compiler added for issue 11 (sides of an
// exact '/', atom bounds, resolved min/max, Equal by two order proofs)
// survive the stored JSON form and verify when read back.
func TestCertificateJSONNewFields(t *testing.T) {
	tests := []struct {
		ctx  []string
		op   string
		a, b string
	}{
		{[]string{"M/2 >= 1"}, "divides", "2", "M"},
		{[]string{"M%N==0", "M<=N"}, "equal", "M", "N"},
		{[]string{"M<=N", "N<=M"}, "equal", "M", "N"},
		{[]string{"M+K<=N", "N<=M+K"}, "equal", "N", "M+K"},
		{[]string{"M<=N"}, "compare", "min(M,N)", "M"},
		{nil, "compare", "M%8", "8"},
		{nil, "compare", "floor_div(M,8)*8", "M"},
		{nil, "compare", "ceil_div(M,8)*8", "M"},
		{[]string{"M==2*N", "min(M,N)==1"}, "divides", "2", "M"},
		{[]string{"M%N==3"}, "compare", "N", "4"},
	}
	n := 0
	var all string
	for _, tc := range tests {
		c, err := Assume(tc.ctx...)
		if err != nil {
			t.Fatalf("%v: %v", tc.ctx, err)
		}
		a, b := MustParse(tc.a), MustParse(tc.b)
		var certs []*Certificate
		switch tc.op {
		case "divides":
			cert, err := c.Divides(a, b).Certificate()
			if err != nil {
				t.Fatalf("%v %s %s %s: %v", tc.ctx, tc.op, tc.a, tc.b, err)
			}
			certs = append(certs, cert)
		case "equal":
			cert, err := c.Equal(a, b).Certificate()
			if err != nil {
				t.Fatalf("%v %s %s %s: %v", tc.ctx, tc.op, tc.a, tc.b, err)
			}
			certs = append(certs, cert)
		default:
			cs, err := c.Compare(a, b).Certificates()
			if err != nil {
				t.Fatalf("%v %s %s %s: %v", tc.ctx, tc.op, tc.a, tc.b, err)
			}
			certs = append(certs, cs...)
		}
		for _, cert := range certs {
			data, err := json.Marshal(cert)
			if err != nil {
				t.Fatalf("%v %s %s %s: marshal: %v", tc.ctx, tc.op, tc.a, tc.b, err)
			}
			all += string(data)
			back, err := ParseCertificate(data)
			if err != nil {
				t.Fatalf("%v %s %s %s: parse %s: %v", tc.ctx, tc.op, tc.a, tc.b, data, err)
			}
			if err := Verify(back); err != nil {
				t.Errorf("%v %s %s %s: the certificate read back does not verify: %v\n%s", tc.ctx, tc.op, tc.a, tc.b, err, data)
			}
			n++
		}
	}
	if n < len(tests) {
		t.Errorf("only %d certificates", n)
	}
	for _, field := range []string{`"parts"`, `"atom"`, `"resolved"`, `"side"`} {
		if !strings.Contains(all, field) {
			t.Errorf("no certificate exercised the field %s", field)
		}
	}
}
