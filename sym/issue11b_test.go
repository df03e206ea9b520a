package sym

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// Regression tests of issue 11, items 1(b), 2(b)-(d), 5 and 6: every
// answer exact, every certificate verified.

// decideCase is one question: op is "divides" or "equal"; want its Truth.
type decideCase struct {
	ctx  string
	op   string
	a, b string
	want Truth
}

func mustCtx(t testing.TB, src string) *Ctx {
	t.Helper()
	if src == "" {
		return NewCtx()
	}
	c, err := NewCtx().With(src)
	if err != nil {
		t.Fatalf("assume %s: %v", src, err)
	}
	return c
}

// checkDecision asserts the truth and that the certificate verifies.
func checkDecision(t *testing.T, what string, d Decision, want Truth) {
	t.Helper()
	if d.Truth != want {
		t.Errorf("%s: got %s, want %s", what, d.Truth, want)
		return
	}
	if d.Truth == Unknown {
		if _, err := d.Certificate(); err == nil {
			t.Errorf("%s: an unknown answer has a certificate", what)
		}
		return
	}
	cert, err := d.Certificate()
	if err != nil {
		t.Errorf("%s: %v", what, err)
		return
	}
	if err := Verify(cert); err != nil {
		t.Errorf("%s: %v", what, err)
	}
}

func runDecide(t *testing.T, cases []decideCase) {
	t.Helper()
	for _, tc := range cases {
		ctx := mustCtx(t, tc.ctx)
		a, b := MustParse(tc.a), MustParse(tc.b)
		what := fmt.Sprintf("%s %s %s | %s", tc.op, tc.a, tc.b, tc.ctx)
		var d Decision
		switch tc.op {
		case "divides":
			d = ctx.Divides(a, b)
		case "equal":
			d = ctx.Equal(a, b)
		default:
			t.Fatalf("bad op %s", tc.op)
		}
		checkDecision(t, what, d, tc.want)
	}
}

// Item 1(b): a False answer needs a binding that satisfies every
// assumption; where no int64 binding does, the answer is Unknown.
func TestFalseNeedsABinding(t *testing.T) {
	runDecide(t, []decideCase{
		{"M%2==1 && M%3==0 && M%9223372036854775807==0", "divides", "2", "5", Unknown},
		{"M%4611686018427387904==0 && 2*M==N-8", "divides", "2", "5", Unknown},
		{"M%4611686018427387904==0 && 2*M==N-8", "equal", "2", "5", Unknown},
		{"M%4611686018427387904==0 && 2*M==N-8", "divides", "2", "M", True},
		{"M%4611686018427387904==0 && 2*M==N-8", "divides", "2", "N", True},
		{"M%4611686018427387904==0 && 2*M==N-8", "divides", "K", "M", Unknown},
		// the same questions where a binding exists
		{"M%2==1 && M%3==0", "divides", "2", "5", False},
		{"M%2==1 && M%3==0", "divides", "2", "M", False},
		{"M%2==1 && M%3==0", "divides", "3", "M", True},
		{"M%1024==0 && 2*M==N-8", "divides", "2", "5", False},
		{"M%1024==0 && 2*M==N-8", "equal", "2", "5", False},
		{"", "divides", "2", "5", False},
		{"", "equal", "M", "N", False},
	})
	for _, src := range []string{"M%2==1 && M%3==0 && M%9223372036854775807==0", "M%4611686018427387904==0 && 2*M==N-8"} {
		ctx := mustCtx(t, src)
		for _, pr := range [][2]string{{"2", "5"}, {"1", "M"}, {"M", "N"}, {"K", "L"}} {
			r := ctx.Compare(MustParse(pr[0]), MustParse(pr[1]))
			if r.Witnessed != 0 {
				t.Errorf("compare %s %s | %s: witnessed %s without a binding", pr[0], pr[1], src, r.Witnessed)
			}
			if _, err := r.Certificates(); err != nil {
				t.Errorf("compare %s %s | %s: %v", pr[0], pr[1], src, err)
			}
		}
	}
}

// certsOf collects the certificates of a few questions under a context.
func certsOf(t *testing.T, ctx *Ctx, pairs [][2]string) []*Certificate {
	t.Helper()
	var out []*Certificate
	for _, pr := range pairs {
		a, b := MustParse(pr[0]), MustParse(pr[1])
		for _, d := range []Decision{ctx.Divides(a, b), ctx.Equal(a, b)} {
			if d.Truth == Unknown {
				continue
			}
			cert, err := d.Certificate()
			if err != nil {
				t.Fatalf("%s %s | %s: %v", pr[0], pr[1], ctx, err)
			}
			out = append(out, cert)
		}
		certs, err := ctx.Compare(a, b).Certificates()
		if err != nil {
			t.Fatalf("compare %s %s | %s: %v", pr[0], pr[1], ctx, err)
		}
		out = append(out, certs...)
	}
	return out
}

// Item 2(b): certificates round-trip through their stored form, and Verify
// accepts what is read back; tampering makes it fail.
func TestCertificateJSONRoundTrip(t *testing.T) {
	ctxs := []string{
		"", "M%8==0", "M%8==3", "N==4*M && M%8==0", "M%4==0 && N%M==0", "N>=M", "M!=2", "M%128==0 && N>=64 && K<=M",
		"m<M && n<N", "T<128", "M%8==0 && M<64", "N%4==2 && K>=N", "M>=0*N+3 && floor_div(M,4)>=2",
		// three unknowns, and a symbol named like their aliases that is
		// not the first identifier of a text
		"M%8==0 && N%4==0 && K%2==0",
	}
	pairs := [][2]string{{"8", "M*N"}, {"M", "N"}, {"K", "M"}, {"m+n*M", "M*N"}, {"2", "M"}, {"4", "M+N"}, {"T", "128"},
		{"M/2", "N"}, {"floor_div(M,8)", "M"}, {"M%8", "N"}, {"1", "M*N"}, {"M", "M*N"}, {"M+u1", "M"}, {"8*u1+M", "N*K+8"}}
	n := 0
	for _, src := range ctxs {
		ctx := mustCtx(t, src)
		for _, cert := range certsOf(t, ctx, pairs) {
			n++
			if err := Verify(cert); err != nil {
				t.Errorf("%s: does not verify before the round trip: %v", cert, err)
				continue
			}
			data, err := json.Marshal(cert)
			if err != nil {
				t.Errorf("%s: %v", cert, err)
				continue
			}
			back, err := ParseCertificate(data)
			if err != nil {
				t.Errorf("%s: %v\n%s", cert, err, data)
				continue
			}
			if back.String() != cert.String() {
				t.Errorf("round trip changed the certificate:\n%s\n%s", cert, back)
			}
			if err := Verify(back); err != nil {
				t.Errorf("%s: does not verify after the round trip: %v\n%s", cert, err, data)
			}
			var viaUnmarshal Certificate
			if err := json.Unmarshal(data, &viaUnmarshal); err != nil || viaUnmarshal.String() != cert.String() {
				t.Errorf("json.Unmarshal: %v", err)
			}
			again, _ := json.Marshal(back)
			if string(again) != string(data) {
				t.Errorf("not stable:\n%s\n%s", data, again)
			}
		}
	}
	if n < 100 {
		t.Errorf("only %d certificates", n)
	}
}

func TestCertificateJSONTampering(t *testing.T) {
	type tamper struct {
		ctx, op, a, b string
		from, to      string // replaced once in the JSON
	}
	cases := []tamper{
		// the quotient of a divisibility proof
		{"M%8==0", "divides", "8", "M*N", `"quotient":"N*u1"`, `"quotient":"2*N*u1"`},
		// the modulus of a compilation step
		{"M%8==0", "divides", "8", "M*N", `"mod":8`, `"mod":16`},
		// an assumption
		{"M%8==0", "divides", "8", "M*N", `"y":"0"`, `"y":"1"`},
		// the claim
		{"M%8==0", "divides", "8", "M*N", `"a":"8"`, `"a":"16"`},
		// a witness binding
		{"M%8==0", "divides", "16", "M", `"M":8`, `"M":16`},
		// the multiplier of a fact in an order proof
		{"M%128==0 && N>=64 && K<=M", "le", "K", "M", `"mult":"1"`, `"mult":"1/2"`},
		// the direction of a != proof
		{"M%128==0 && N>=64", "ne", "1", "N", `"direction":"\u003c"`, `"direction":"\u003e"`},
	}
	for _, tc := range cases {
		ctx := mustCtx(t, tc.ctx)
		a, b := MustParse(tc.a), MustParse(tc.b)
		var cert *Certificate
		var err error
		switch tc.op {
		case "divides":
			cert, err = ctx.Divides(a, b).Certificate()
		default:
			var certs []*Certificate
			certs, err = ctx.Compare(a, b).Certificates()
			for _, c := range certs {
				if (tc.op == "le" && c.Claim.Op == ClaimLe) || (tc.op == "ne" && c.Claim.Op == ClaimNe) {
					cert = c
				}
			}
		}
		if err != nil || cert == nil {
			t.Errorf("%v: no certificate: %v", tc, err)
			continue
		}
		data, err := json.Marshal(cert)
		if err != nil {
			t.Fatal(err)
		}
		s := string(data)
		if !strings.Contains(s, tc.from) {
			t.Errorf("%v: %s does not hold %s", tc, s, tc.from)
			continue
		}
		back, err := ParseCertificate([]byte(s))
		if err != nil || Verify(back) != nil {
			t.Errorf("%v: the untouched certificate does not read back and verify: %v", tc, err)
			continue
		}
		bad, err := ParseCertificate([]byte(strings.Replace(s, tc.from, tc.to, 1)))
		if err == nil && Verify(bad) == nil {
			t.Errorf("%v: the tampered certificate verifies", tc)
		}
	}
	// malformed input is refused, without panics
	for _, s := range []string{``, `{}`, `{"version":2}`, `{"version":1,"claim":{"op":"?","a":"1","b":"1"}}`,
		`{"version":1,"claim":{"op":"==","a":"M'1","b":"1"}}`, `{"version":1,"claim":{"op":"==","a":"1","b":"1"},"bogus":1}`,
		`{"version":1,"claim":{"op":"==","a":"u1","b":"1"},"unknowns":[{"alias":"u1","name":"M"}]}`} {
		if _, err := ParseCertificate([]byte(s)); err == nil {
			t.Errorf("%q: read as a certificate", s)
		}
	}
}

// Item 2(d): piecewise results carry the certificates of their decisions.
func TestPiecewiseCertificates(t *testing.T) {
	type pcase struct {
		ctx, op, a, b string
		want          string // the result
		claims        []string
	}
	cases := []pcase{
		{engineCtx, "min", "K", "M", "K", []string{"K <= M"}},
		{engineCtx, "max", "K", "M", "M", []string{"K <= M"}},
		{engineCtx, "shape_div", "M*N", "128", "M*N/128", []string{"1 <= M*N", "1 <= 128", "128 divides M*N"}},
		{engineCtx, "floor_div", "M*N", "128", "M*N/128", []string{"128 divides M*N"}},
		{engineCtx, "mod", "K", "M+1", "K", []string{"K < M+1"}},
		{"", "min", "M", "N", "when M<=N: M; when M>N: N", []string{"M < N", "M == N"}},
		{"M%8==0", "shape_div", "M", "N", "", []string{"M does not divide N"}},
	}
	for _, tc := range cases {
		ctx := mustCtx(t, tc.ctx)
		a, b := MustParse(tc.a), MustParse(tc.b)
		var p Piecewise[Expr]
		switch tc.op {
		case "min":
			p = ctx.Min(a, b)
		case "max":
			p = ctx.Max(a, b)
		case "shape_div":
			p = ctx.ShapeDiv(a, b)
		case "floor_div":
			p = ctx.FloorDiv(a, b)
		case "mod":
			p = ctx.Mod(a, b)
		}
		what := fmt.Sprintf("%s %s %s | %s", tc.op, tc.a, tc.b, tc.ctx)
		if tc.want != "" && p.String() != tc.want {
			t.Errorf("%s: got %s, want %s", what, p, tc.want)
		}
		seen := map[string]bool{}
		for _, br := range p.Branches {
			certs, err := br.Certificates()
			if err != nil {
				t.Errorf("%s: %v", what, err)
			}
			for _, cert := range certs {
				if err := Verify(cert); err != nil {
					t.Errorf("%s: %v", what, err)
				}
				seen[cert.Claim.String()] = true
			}
		}
		for _, cl := range tc.claims {
			if !seen[cl] {
				t.Errorf("%s: no certificate for %s among %v", what, cl, seen)
			}
		}
	}
}

// Undecided and invalid questions have no certificates, and asking for
// them is no error for a comparison.
func TestNoCertificateForNothing(t *testing.T) {
	ctx := mustCtx(t, engineCtx)
	bad := Sub(MustParse("M"), ExactDiv(MustParse("1"), Const(0)))
	r := ctx.Compare(bad, MustParse("M"))
	if r.Possible != AnyOrder || r.Witnessed != 0 {
		t.Errorf("invalid operand: %s/%s", r.Possible, r.Witnessed)
	}
	if certs, err := r.Certificates(); err != nil || len(certs) != 0 {
		t.Errorf("invalid operand: %v %v", certs, err)
	}
	if _, err := ctx.Divides(bad, MustParse("M")).Certificate(); err == nil {
		t.Error("a certificate for an invalid operand")
	}
	if _, err := (Comparison{}).Certificates(); err == nil {
		t.Error("a zero Comparison has certificates")
	}
}

// Items 2(c) and 6: under the engine's context the questions are decided
// without allocating, and their certificates come from the deciding path
// (a handful of allocations; re-running the general path took thousands).
func TestEngineQuestionsAllocate(t *testing.T) {
	ctx := mustCtx(t, engineCtx)
	K, M, N := MustParse("K"), MustParse("M"), MustParse("N")
	c128, c64, MN, one := MustParse("128"), MustParse("64"), MustParse("M*N"), Const(1)
	ctx.Compare(K, M) // builds the context's fast-path data
	decide := []struct {
		name string
		f    func()
	}{
		{"divides 128 M*N", func() { ctx.Divides(c128, MN) }},
		{"divides K M", func() { ctx.Divides(K, M) }},
		{"compare K M", func() { ctx.Compare(K, M) }},
		{"compare 64 N", func() { ctx.Compare(c64, N) }},
		{"compare M*N 1", func() { ctx.Compare(MN, one) }},
	}
	for _, q := range decide {
		if n := testing.AllocsPerRun(20, q.f); n != 0 {
			t.Errorf("%s: %v allocations to decide, want 0", q.name, n)
		}
	}
	certs := []struct {
		name string
		f    func() error
	}{
		{"divides 128 M*N", func() error { _, err := ctx.Divides(c128, MN).Certificate(); return err }},
		{"divides K M", func() error { _, err := ctx.Divides(K, M).Certificate(); return err }},
		{"compare K M", func() error { _, err := ctx.Compare(K, M).Certificates(); return err }},
		{"compare 64 N", func() error { _, err := ctx.Compare(c64, N).Certificates(); return err }},
		{"compare M*N 1", func() error { _, err := ctx.Compare(MN, one).Certificates(); return err }},
	}
	for _, q := range certs {
		var err error
		n := testing.AllocsPerRun(20, func() { err = q.f() })
		if err != nil {
			t.Errorf("%s: %v", q.name, err)
		}
		if n > 40 {
			t.Errorf("%s: %v allocations with certificates, want a few", q.name, n)
		}
	}
}

// Item 1(b), hardened: the fast path evaluates the assumptions at every
// witness it reports, so that no False and no witnessed relation rests on
// the exactness of the compiled parametrization alone (issue 11, 1(a):
// under M/2 >= 1 the fast path reported Divides(2,M) False at M=3). Every
// answer here must have certificates that verify; a context that With
// refuses is skipped.
func TestWitnessesSatisfyTheAssumptions(t *testing.T) {
	ctxs := []string{"M/2 >= 1", "M/4<=2", "M/7!=4", "N%2==1 && N/2<2", "N < 4611686018427387905/8", "M/2>=1 && N>=M"}
	pairs := [][2]string{{"2", "M"}, {"M", "3"}, {"2", "5"}, {"M", "N"}, {"4", "M*N"}, {"M", "8"}}
	for _, src := range ctxs {
		ctx, err := NewCtx().With(src)
		if err != nil {
			t.Logf("%s: %v", src, err)
			continue
		}
		for _, pr := range pairs {
			a, b := MustParse(pr[0]), MustParse(pr[1])
			what := fmt.Sprintf("%s %s | %s", pr[0], pr[1], src)
			for _, d := range []Decision{ctx.Divides(a, b), ctx.Equal(a, b)} {
				if d.Truth == Unknown {
					continue
				}
				cert, err := d.Certificate()
				if err == nil {
					err = Verify(cert)
				}
				if err != nil {
					t.Errorf("%s %s: %s: %v", d.op, what, d.Truth, err)
				}
			}
			certs, err := ctx.Compare(a, b).Certificates()
			if err != nil {
				t.Errorf("compare %s: %v", what, err)
			}
			for _, cert := range certs {
				if err := Verify(cert); err != nil {
					t.Errorf("compare %s: %v", what, err)
				}
			}
		}
	}
	ctx, err := NewCtx().With("M/2 >= 1")
	if err == nil {
		if d := ctx.Divides(MustParse("2"), MustParse("M")); d.Truth == False {
			t.Errorf("divides 2 M | M/2>=1: false, but every allowed M is even")
		}
	}
}

// The per-context data of the fast paths is built on first use: concurrent
// first questions must agree (run with -race).
func TestFirstUseConcurrent(t *testing.T) {
	for i := 0; i < 8; i++ {
		ctx := mustCtx(t, engineCtx)
		done := make(chan Comparison, 4)
		for g := 0; g < 4; g++ {
			go func() { done <- ctx.Compare(MustParse("K"), MustParse("M")) }()
		}
		for g := 0; g < 4; g++ {
			r := <-done
			if r.Possible != Less|Same || r.Witnessed != Less|Same {
				t.Errorf("compare K M: %s/%s", r.Possible, r.Witnessed)
			}
			if _, err := r.Certificates(); err != nil {
				t.Error(err)
			}
		}
	}
}

// Reading a damaged stored certificate never panics, and what reads back
// either verifies or is refused.
func TestCertificateJSONDamaged(t *testing.T) {
	ctx := mustCtx(t, "M%8==3 && N>=M")
	var blobs [][]byte
	for _, cert := range certsOf(t, ctx, [][2]string{{"M", "N"}, {"8", "M+5"}, {"2", "M*N"}, {"floor_div(M,8)", "N"}}) {
		data, err := json.Marshal(cert)
		if err != nil {
			t.Fatal(err)
		}
		blobs = append(blobs, data)
	}
	seed := uint64(7)
	rnd := func(n int) int {
		seed ^= seed << 13
		seed ^= seed >> 7
		seed ^= seed << 17
		return int(seed % uint64(n))
	}
	const alphabet = `0123456789MNu'"{}[]:,-*/%+<=!_ axyz`
	for i := 0; i < 3000; i++ {
		data := []byte(string(blobs[rnd(len(blobs))]))
		for k := 0; k <= rnd(3); k++ {
			data[rnd(len(data))] = alphabet[rnd(len(alphabet))]
		}
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Fatalf("panic on %s: %v", data, r)
				}
			}()
			if c, err := ParseCertificate(data); err == nil {
				_ = Verify(c)
			}
		}()
	}
}
