package sym

import (
	"encoding/json"
	"math/big"
	"strings"
	"testing"
)

// TestVerifyReciprocalScale: a proof about the reciprocal of a sum (K =
// 2*K'+1 under K%2==1, so 2/(K+1) is 1/(K'+1)) is accepted with a scale
// that the sum divides and that the shift shows positive, and refused
// with the scale of another sum (the reciprocal of K, 2*K'+1, or K'+2),
// a scale that may be 0 or is negative, or none; and a false claim of
// that shape (2/(K+1) <= 1/2, false at K = 1, where K' = 0) is refused
// whatever the scale. Every variant that verifies holds by brute force.
func TestVerifyReciprocalScale(t *testing.T) {
	cs := trueCertificates(t, "K%2==1", "2/min(K+1,K+1)<=1")
	if len(cs) != 1 {
		t.Fatalf("certificates: %v", cs)
	}
	data, err := json.Marshal(cs[0])
	if err != nil {
		t.Fatal(err)
	}
	const good = `"scale":"u1+1"`
	const claim = `"b":"1"`
	if !strings.Contains(string(data), good) || !strings.Contains(string(data), claim) ||
		!strings.Contains(string(data), `"name":"K'1'"`) {
		t.Fatalf("the proof is not scaled by the image of K+1 over K'1': %s", data)
	}
	for _, c := range []struct {
		scale, b string
		ok       bool
	}{
		{`"scale":"u1+1"`, "1", true},
		{`"scale":"2*u1+2"`, "1", true},      // sound: K'+1 divides it
		{`"scale":"u1*u1+u1+1"`, "1", false}, // positive, but K'+1 does not divide it
		{`"scale":"2*u1+1"`, "1", false},     // the reciprocal of K's sum, not of K+1's
		{`"scale":"u1+2"`, "1", false},
		{`"scale":"u1"`, "1", false}, // may be 0
		{`"scale":"-1*u1-1"`, "1", false},
		{`"scale":"0"`, "1", false},
		{``, "1", false}, // 1/(K'+1) stays an atom >= 0: 1-2*atom is not shown >= 0
		{`"scale":"1/u1"`, "1", false},
		// false claims: 2/(K+1) <= 1/2 fails at K = 1
		{`"scale":"u1+1"`, "1/2", false},
		{`"scale":"2*u1+2"`, "1/2", false},
		{`"scale":"u1"`, "1/2", false},
		{`"scale":"0"`, "1/2", false},
		{``, "1/2", false},
	} {
		s := strings.Replace(string(data), good, c.scale, 1)
		s = strings.Replace(s, `,}`, `}`, 1)
		s = strings.Replace(s, claim, `"b":"`+c.b+`"`, 1)
		checkTampered(t, s, c.ok)
	}
}

// TestVerifyReciprocalLowerBound: the reciprocal of a sum has the lower
// bound 0 only where the sum is shown positive. 1/(M-N) >= 0 fails at M =
// 1, N = 2; no scale, a scale that is the sum (not shown positive), its
// negation, or another sum proves it. A use of the group atom's bounds as
// those of a min (the atom reduces to its argument) is refused too.
func TestVerifyReciprocalLowerBound(t *testing.T) {
	for _, c := range []struct {
		cert string
		ok   bool
	}{
		{`{"version":1,"claim":{"op":"<=","a":"0","b":"1/min(M-N,M-N)"},"universal":true}`, false},
		{`{"version":1,"claim":{"op":"<=","a":"0","b":"1/min(M-N,M-N)"},"universal":true,"scale":"M-N"}`, false},
		{`{"version":1,"claim":{"op":"<=","a":"0","b":"1/min(M-N,M-N)"},"universal":true,"scale":"N-M"}`, false},
		{`{"version":1,"claim":{"op":"<=","a":"0","b":"1/min(M-N,M-N)"},"universal":true,"scale":"M+N"}`, false},
		// true: 1/(M+N) >= 0, the sum shown positive; 1/(M+N) <= 1/2
		{`{"version":1,"claim":{"op":"<=","a":"0","b":"1/min(M+N,M+N)"},"universal":true}`, true},
		{`{"version":1,"claim":{"op":"<=","a":"1/min(M+N,M+N)","b":"1/2"},"universal":true,"scale":"M+N"}`, true},
		// false: 1/(M+N) <= 1/3 fails at M = N = 1
		{`{"version":1,"claim":{"op":"<=","a":"1/min(M+N,M+N)","b":"1/3"},"universal":true,"scale":"M+N"}`, false},
		{`{"version":1,"claim":{"op":"<=","a":"1/min(M+N,M+N)","b":"1/3"},"universal":true,"scale":"M+N",` +
			`"uses":[{"src":{"cond":-1,"atom":"min(M+N,M+N)","side":1},"mult":"1"}]}`, false},
		{`{"version":1,"claim":{"op":"<=","a":"1/min(M+N,M+N)","b":"1/3"},"universal":true,"scale":"M+N",` +
			`"uses":[{"src":{"cond":-1,"bound":"M"},"mult":"1/3"}]}`, false},
		// 1/(M+N) < 1/2 fails at M = N = 1
		{`{"version":1,"claim":{"op":"<","a":"1/min(M+N,M+N)","b":"1/2"},"universal":true,"scale":"M+N"}`, false},
	} {
		checkTampered(t, c.cert, c.ok)
	}
}

// checkTampered reads a certificate's stored form (well-formed) and checks
// that Verify accepts it exactly when ok, and that what it accepts holds
// by brute force.
func checkTampered(t *testing.T, s string, ok bool) {
	t.Helper()
	cert, err := ParseCertificate([]byte(s))
	if err != nil {
		t.Errorf("%s: %v", s, err)
		return
	}
	err = Verify(cert)
	if (err == nil) != ok {
		t.Errorf("Verify = %v, want ok %v:\n%s", err, ok, s)
	}
	if err == nil {
		if sound, b := claimSound(cert); !sound {
			t.Errorf("a verified claim fails at %v:\n%s", b, s)
		}
	}
}

// TestVerifyInverseForm: the verifier's reciprocal of a sum takes out the
// content, its sign and the common monomial, so that one atom stands for
// 1/P0 however the sum was written; and vquo divides exactly or not at
// all.
func TestVerifyInverseForm(t *testing.T) {
	v := newVerifier()
	conv := func(s string) vpoly {
		t.Helper()
		p, err := v.conv(MustParse(s))
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		return p
	}
	inv := func(s string) vpoly {
		t.Helper()
		p, err := v.inverse(conv(s))
		if err != nil {
			t.Fatalf("1/(%s): %v", s, err)
		}
		return p
	}
	// 1/p, p a sum as substitutions make it (K = 6*u+3), is (1/c)*g^-1
	// times the atom of 1/P0
	for _, r := range [][3]string{
		{"6*N+3", "1/3", "2*N+1"},
		{"-2*N-1", "-1", "2*N+1"},
		{"1-N", "-1", "N-1"},
		{"M*N+M", "1/M", "N+1"},
		{"M*N/2+M/2", "2/M", "N+1"},
		{"N/M+1/M", "M", "N+1"},
		{"M*M*N+M*N*N", "1/M/N", "M+N"},
	} {
		want, err := vmul(conv(r[1]), inv(r[2]))
		if err != nil {
			t.Fatal(err)
		}
		if got := inv(r[0]); !veq(got, want) {
			t.Errorf("1/(%s) is %v, want %s/(%s): %v", r[0], got, r[1], r[2], want)
		}
	}
	for _, p0 := range []string{"2*N+1", "N-1", "N+1", "M+N"} {
		if t0, ok := inv(p0).single(); !ok || t0.c.Cmp(big.NewRat(1, 1)) != 0 || len(t0.m) != 1 || v.atoms[t0.m[0].v].op != "inv" {
			t.Errorf("1/(%s) is not its atom: %v", p0, inv(p0))
		}
	}
	if a, b := conv("1/min(N+1,N+1)"), conv("1/min(N+2,N+2)"); veq(a, b) {
		t.Errorf("1/(N+1) and 1/(N+2) read as one value %v", a)
	}
	if p := conv("1/min(N+1,N+1)"); p.integral(v.atoms) {
		t.Errorf("1/(N+1) reads as integral: %v", p)
	}
	for _, r := range []struct {
		s, d, q string
		ok      bool
	}{
		{"M*N+2*M+N+2", "N+1", "", false},
		{"M*N+M+N+1", "N+1", "M+1", true},
		{"N*N+3*N+2", "N+2", "N+1", true},
		{"2*N*N+6*N+4", "N+1", "2*N+4", true},
		{"N*N+N+1", "N+1", "", false},
		{"N", "N+1", "", false},
	} {
		q, ok := vquo(conv(r.s), conv(r.d))
		if ok != r.ok || ok && !veq(q, conv(r.q)) {
			t.Errorf("vquo(%s, %s) = %v %v, want %s %v", r.s, r.d, q, ok, r.q, r.ok)
		}
	}
}

// TestVerifyReciprocalQuotient: under K%2!=0 (K = 2*K'+1), 2/K divides 2
// by the quotient 2*K'+1, checked as image(A)*quotient == image(B) with
// the reciprocal multiplied out; another quotient, one that is not
// integral, or a claim that fails (2/K divides 1, false at K = 1) is
// refused.
func TestVerifyReciprocalQuotient(t *testing.T) {
	d := mustCtx(t, "K%2!=0").Divides(MustParse("2/K"), MustParse("2"))
	if d.Truth != True {
		t.Fatalf("2/K divides 2 under K%%2!=0: %v", d.Truth)
	}
	cert, err := d.Certificate()
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(cert)
	if err != nil {
		t.Fatal(err)
	}
	const good = `"quotient":"2*u1+1"`
	const claim = `"b":"2"`
	if !strings.Contains(string(data), good) || !strings.Contains(string(data), claim) {
		t.Fatalf("the proof's quotient is not the image of K: %s", data)
	}
	for _, c := range []struct {
		quotient, b string
		ok          bool
	}{
		{`"quotient":"2*u1+1"`, "2", true},
		{`"quotient":"u1+1"`, "2", false},
		{`"quotient":"4*u1+2"`, "2", false},
		{`"quotient":"1"`, "2", false},
		{`"quotient":"1/min(2*u1+1,2*u1+1)"`, "2", false},
		{`"quotient":"u1+1/2"`, "1", false}, // not integral
		{`"quotient":"2*u1+1"`, "1", false},
		{`"quotient":"2*u1+1"`, "4", false},
		{`"quotient":"4*u1+2"`, "4", true}, // 2/K divides 4
	} {
		s := strings.Replace(string(data), good, c.quotient, 1)
		s = strings.Replace(s, claim, `"b":"`+c.b+`"`, 1)
		checkTampered(t, s, c.ok)
	}
}
