package sym_test

import (
	"fmt"

	"github.com/cutealg/cutealg/sym"
)

func ExampleCtx_Decide() {
	ctx, _ := sym.Assume("M%8==0", "N%M==0", "K<=M")
	for _, q := range []string{"N%8==0", "min(K,M)==K", "M%8<8", "K<M", "N!=M"} {
		d, _ := ctx.DecideText(q)
		fmt.Println(q, d.Truth)
		certs, _ := d.Certificates()
		for _, c := range certs {
			if sym.Verify(c) != nil {
				fmt.Println("  certificate does not verify")
			}
		}
	}
	d, _ := ctx.DecideText("K<M")
	certs, _ := d.Certificates()
	fmt.Println(certs[0])
	// Output:
	// N%8==0 true
	// min(K,M)==K true
	// M%8<8 true
	// K<M false
	// N!=M false
	// claim K == M under M%8==0&&N%M==0&&K<=M: holds at {K=8, M=8, N=8}
}

// A min or max that no proof orders is one of its operands: the decision
// proves each case under its guard (here the second case's guard is
// strict: M < 16 leaves M = 8).
func ExampleCtx_Divides_byCases() {
	ctx, _ := sym.Assume("M%8==0")
	d := ctx.Divides(sym.MustParse("min(M,16)"), sym.MustParse("16"))
	fmt.Println(d.Truth)
	cert, _ := d.Certificate()
	fmt.Println(sym.Verify(cert) == nil)
	fmt.Println(cert.Split)
	for _, p := range cert.Parts {
		fmt.Println(p.Claim, "under", sym.FormatConds(p.Assumptions))
	}
	// Output:
	// true
	// true
	// min(16,M)
	// 16 divides 16 under M%8==0&&16<=M
	// M divides 16 under M%8==0&&M<16
}
