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
