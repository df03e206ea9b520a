package sym

import (
	"encoding/json"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// verifyCorpus is a set of decided questions whose certificates take
// Verify through its paths: congruences and solved assumptions, bounds,
// floor_div, ceil_div and % atoms with constant and symbolic divisors,
// exact division by a symbol, min and max resolved by a proof, != facts,
// bounds through an atom, rounded proofs, and witnesses.
var verifyCorpus = []struct{ ctx, cond string }{
	{"M%8==0", "M*N%8==0"},
	{"M%8==0", "M>=8"},
	{"M%8==0", "M!=4"},
	{"M%8==0", "M%16==0"}, // a witness
	{"M%8==3", "M%4==3"},
	{"M%8==3", "M>=3"},
	{"M==2*N", "M%2==0"},
	{"M==2*N && N>=3", "M>=N+3"},
	{"floor_div(M,4)>=2 && N<=M", "N<=M+1"},
	{"floor_div(M,4)>=2", "floor_div(M,4)>=1"},
	{"ceil_div(N,M)>=2", "ceil_div(N,M)>=1"},
	{"M%N==1 && N>=2", "M%N<N"},
	{"ceil_div(N,8)<=M && M%2==0", "N<=8*M"},
	{"M%128==0 && N>=64 && K<=M", "K<=M"},
	{"M%128==0 && N>=64 && K<=M", "K<M+N"},
	{"M%128==0 && N>=64", "N!=1"},
	{"N%M==0", "N>=M"},
	{"N%M==0", "N/M*M==N"},
	{"M<=N", "min(M,N)==M"},
	{"M<=N", "max(M,N)<=N"},
	{"M%4==0 && N<=M", "min(M,N)<=M"},
	{"M%4==0 && N>=M", "max(M,N)%4!=3"},
	{"N%4==1 && K<=N", "K<=N+1"},
	{"M!=N", "M-N!=0"},
	{"M>=5", "M%4<4"},
	{"M>=5", "floor_div(M,4)*4<=M"},
	{"M>=5", "ceil_div(M,4)*4>=M"},
	{"M%6==0 && N%4==2", "M*N%12==0"},
	{"M*N%4==0 && K<=N", "K<=N"},
	{"M>=3 && N>=M", "N*N>=M*M"},
	{"", "M*N>=1"},
	{"", "M>=2"}, // a witness
	{"", "M%2==0"},
	// atoms of images: the verifier's own normal form of floor_div, ceil_div
	// and % by a constant or a symbol, and of nested min and max
	{"M%4==1", "floor_div(M,4)*4==M-1"},
	{"M%4==1", "ceil_div(M,4)*4==M+3"},
	{"M%4==1 && N%4==2", "floor_div(M+N,4)*4==M+N-3"},
	{"M%4==1 && N%4==2", "ceil_div(2*M+N,4)*4>=2*M+N"},
	{"N%M==0", "floor_div(N,M)*M==N"},
	{"N%M==0", "ceil_div(N,M)*M==N"},
	{"N%M==0 && K%M==0", "floor_div(N+K,M)*M==N+K"},
	{"M%2==0", "floor_div(M*N,2)*2==M*N"},
	{"N==M+3", "min(M,N)==M"},
	{"N==2*M", "max(M,N)==N"},
	{"N>=M", "min(M,max(M,N))==M"},
	{"N>=M", "max(N,min(M,N))==N"},
	{"M%4==3", "M%4+floor_div(M,4)*4==M"},
	// an assumption about one floor_div or ceil_div atom bounds its
	// argument (sideThrough); an integer > 1 is >= 2 (Round 1)
	{"floor_div(M,4)>=2", "M>=8"},
	{"ceil_div(M,4)<=2", "M<=8"},
	{"2*floor_div(M,N)>=3", "M>=2*N"},
	{"M%N>=2", "M%N!=1"},
	// a fact with an exact division by a symbol, used scaled (FactUse.Scale)
	{"64%TM==0 && m<64/TM", "m<=64/TM-1"},
	{"m<64/TM", "TM*m<=63"},
	{"m<=K/TM && TM%2==0", "TM*m<=K"},
	// proofs by cases on a min or max (Split), one guard strict
	{"M%4==0 && N%4==0", "min(M,N)%4==0"},
	{"M%8==0", "16%min(M,16)==0"},
	{"M%8==0", "min(M,16)%8==0"},
	{"M%8==0 && N%8==0", "min(M,N)%8+max(M,N)%8==0"},
	// a strict fact used by a rounding by 1 without atoms
	{"M*N>1", "M*N!=1"},
	// reciprocals of sums (finding 32): a congruence makes K the sum
	// 2*K'+1, and a scale that the sum divides clears 1/K
	{"K%2!=0", "2/K<=2"},
	{"K%2==1", "2/min(K+1,K+1)<=1"},
	{"K%3==2", "3/K<3"},
	{"K%2==1 && N%2==1", "1/K/N<=1"},
	{"N>=M", "M/min(M+N,M+N)<=1/2"},
}

var certNumber = regexp.MustCompile(`-?[0-9]+`)

// TestVerifySoundUnderTampering: every certificate of the corpus verifies,
// and no single change of a number in its stored form (each integer of the
// JSON, in expressions, indices, moduli and bounds, moved by one, doubled
// or set to 0) or of a relation makes Verify accept a claim that fails at
// some binding its assumptions allow (brute force over small positive
// values). A change that keeps the claim true may verify.
func TestVerifySoundUnderTampering(t *testing.T) {
	certs := 0
	tampered, accepted := 0, 0
	for _, q := range verifyCorpus {
		ctx := mustCtx(t, q.ctx)
		d, err := ctx.DecideText(q.cond)
		if err != nil {
			t.Fatalf("%s under %s: %v", q.cond, q.ctx, err)
		}
		if d.Truth == Unknown {
			t.Errorf("%s under %s: undecided (the corpus wants decided questions)", q.cond, q.ctx)
			continue
		}
		cs, err := d.Certificates()
		if err != nil {
			t.Fatalf("%s under %s: %v", q.cond, q.ctx, err)
		}
		for _, c := range cs {
			certs++
			if err := Verify(c); err != nil {
				t.Errorf("%s under %s: its certificate does not verify: %v", q.cond, q.ctx, err)
				continue
			}
			if ok, b := claimSound(c); !ok {
				t.Fatalf("%s under %s: the corpus's own claim %s fails at %v", q.cond, q.ctx, c.Claim, b)
			}
			data, err := json.Marshal(c)
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range tamperings(string(data)) {
				bad, err := ParseCertificate([]byte(s))
				if err != nil {
					continue
				}
				tampered++
				if Verify(bad) != nil {
					continue
				}
				accepted++
				if ok, b := claimSound(bad); !ok {
					t.Errorf("%s under %s: a tampered certificate verifies a claim that fails at %v:\n%s", q.cond, q.ctx, b, s)
				}
			}
		}
	}
	if certs < len(verifyCorpus) || tampered < 20*certs {
		t.Fatalf("%d certificates, %d tamperings read back: too few to test anything", certs, tampered)
	}
	t.Logf("%d certificates, %d tamperings read back, %d of them still verify (each a true claim)", certs, tampered, accepted)
}

// tamperings returns the variants of a stored certificate with one number
// or one relation changed.
func tamperings(s string) []string {
	var out []string
	for _, loc := range certNumber.FindAllStringIndex(s, -1) {
		n, err := strconv.ParseInt(s[loc[0]:loc[1]], 10, 64)
		if err != nil {
			continue
		}
		for _, m := range []int64{n + 1, n - 1, 2 * n, 0} {
			if m != n {
				out = append(out, s[:loc[0]]+strconv.FormatInt(m, 10)+s[loc[1]:])
			}
		}
	}
	for _, r := range [][2]string{{`\u003c=`, `\u003c`}, {`\u003e=`, `\u003e`}, {`==`, `!=`}, {`!=`, `==`}, {`"\u003c"`, `"\u003c="`}, {`"\u003e"`, `"\u003e="`}, {`"universal":true`, `"universal":false`}} {
		re := regexp.MustCompile(regexp.QuoteMeta(r[0]))
		for _, loc := range re.FindAllStringIndex(s, -1) {
			out = append(out, s[:loc[0]]+r[1]+s[loc[1]:])
		}
	}
	return out
}

// claimSound checks a certificate's claim by brute force: at every binding
// of its symbols to 1..12 (1..7 for three or more symbols) where the
// assumptions hold, a proof's claim holds; a witness's binding satisfies
// the assumptions and the claim. It returns a binding where that fails.
func claimSound(c *Certificate) (bool, Binding) {
	if !c.Universal {
		return allowed(c.Assumptions, c.Binding) && holdsAt(c.Claim, c.Binding), c.Binding
	}
	seen := map[string]bool{}
	for _, e := range []Expr{c.Claim.A, c.Claim.B} {
		for _, s := range Symbols(e) {
			seen[s] = true
		}
	}
	names := sortedSymbols(seen, c.Assumptions)
	top := int64(12)
	if len(names) >= 3 {
		top = 7
	}
	b := Binding{}
	var walk func(i int) bool
	walk = func(i int) bool {
		if i == len(names) {
			return !allowed(c.Assumptions, b) || provedHoldsAt(c.Claim, b)
		}
		for v := int64(1); v <= top; v++ {
			b[names[i]] = v
			if !walk(i + 1) {
				return false
			}
		}
		return true
	}
	if !walk(0) {
		return false, b
	}
	return true, nil
}

func allowed(as []Cond, b Binding) bool {
	for _, a := range as {
		if ok, err := a.Holds(b); err != nil || !ok {
			return false
		}
	}
	return true
}

// holdsAt is claimHolds where an operand that is not an integer counts as
// a failure.
func holdsAt(c Claim, b Binding) bool {
	holds, ok := claimHolds(c, b)
	return ok && holds
}

// provedHoldsAt is what a proof of c shows at b: a divisibility where
// both operands are integers (2/K divides 2 says nothing at K = 3, where
// 2/K is 2/3); an (in)equation or an order between the operands' values,
// rationals where an exact '/' leaves a fraction (65/TM-1 at TM=2 is
// 61/2), as Verify proves them (the claim's polynomial identity or its
// scaled, shifted difference).
func provedHoldsAt(c Claim, b Binding) bool {
	if c.Op == ClaimDivides {
		holds, ok := claimHolds(c, b)
		return holds || !ok
	}
	if c.Op == ClaimNotDivides {
		return holdsAt(c, b)
	}
	x, err1 := evalRat(pl(c.A), b)
	y, err2 := evalRat(pl(c.B), b)
	if err1 != nil || err2 != nil {
		return false
	}
	switch k := x.cmp(y); c.Op {
	case ClaimEq:
		return k == 0
	case ClaimNe:
		return k != 0
	case ClaimLt:
		return k < 0
	default:
		return k <= 0
	}
}

// TestVerifyFactScale: a fact with negative exponents is used only times a
// scale that the shift shows positive and that clears them; any other
// scale, or none, is refused.
func TestVerifyFactScale(t *testing.T) {
	d, err := mustCtx(t, "m<64/TM").DecideText("TM*m<=63")
	if err != nil || d.Truth != True {
		t.Fatalf("TM*m<=63 under m<64/TM: %v %v", d.Truth, err)
	}
	cs, err := d.Certificates()
	if err != nil || len(cs) != 1 {
		t.Fatalf("certificates: %v %v", cs, err)
	}
	data, err := json.Marshal(cs[0])
	if err != nil {
		t.Fatal(err)
	}
	const good = `"scale":"TM"`
	if !strings.Contains(string(data), good) {
		t.Fatalf("the fact's scale is not stored: %s", data)
	}
	for _, c := range []struct {
		scale string
		ok    bool
	}{
		{`"scale":"TM"`, true},
		{`"scale":"2*TM*TM"`, false}, // sound, but the proof's arithmetic then fails
		{``, false},                  // the fact unscaled has a negative exponent
		{`"scale":"m"`, false},       // does not clear TM^-1
		{`"scale":"-TM"`, false},
		{`"scale":"0"`, false},
		{`"scale":"TM-1"`, false},
		{`"scale":"1/TM"`, false},
		{`"scale":"TM%3"`, false},
	} {
		s := strings.Replace(string(data), good, c.scale, 1)
		s = strings.Replace(s, `,}`, `}`, 1)
		bad, err := ParseCertificate([]byte(s))
		if err != nil {
			if c.ok {
				t.Errorf("scale %q: %v", c.scale, err)
			}
			continue
		}
		if err := Verify(bad); (err == nil) != c.ok {
			t.Errorf("scale %q: Verify = %v, want ok %v\n%s", c.scale, err, c.ok, s)
		}
	}
}

// sortedSymbols adds the symbols of conds to seen and returns the names
// in seen, sorted.
func sortedSymbols(seen map[string]bool, conds []Cond) []string {
	for _, cd := range conds {
		for _, e := range []Expr{cd.X, cd.Y} {
			for _, s := range Symbols(e) {
				seen[s] = true
			}
		}
	}
	names := make([]string, 0, len(seen))
	for s := range seen {
		names = append(names, s)
	}
	sort.Strings(names)
	return names
}
