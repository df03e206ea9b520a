package sym

import "math/rand/v2"

// Sample returns up to n distinct bindings that satisfy the assumptions,
// drawn deterministically from seed. Each binding gives a value to the
// given symbols and to every symbol of the assumptions. Values are drawn
// through the parametrization (so M%8==0 yields multiples of 8 directly):
// mostly small, sometimes large (up to about 2^20 above the lower bound).
// Fewer than n come back when the assumptions leave fewer or the draws keep
// failing the kept facts.
func (c *Ctx) Sample(symbols []string, n int, seed uint64) []Binding {
	c = orEmpty(c)
	var syms []*variable
	for _, s := range symbols {
		if ValidSymbol(s) {
			syms = append(syms, symVar(s))
		}
	}
	syms = append(syms, c.relevantSymbols()...)
	sortVars(syms)
	uniq := syms[:0]
	for i, s := range syms {
		if i == 0 || s != syms[i-1] {
			uniq = append(uniq, s)
		}
	}
	syms = uniq
	// the unknowns behind the symbols
	seen := map[*variable]bool{}
	var us []*variable
	for _, s := range syms {
		img := varPoly(s)
		if v, ok := c.sub[s]; ok {
			img = v
		}
		var walk func(p *poly)
		walk = func(p *poly) {
			p.eachVar(func(v *variable) {
				if v.kind == kAtom {
					walk(v.x)
					walk(v.y)
				} else if !seen[v] {
					seen[v] = true
					us = append(us, v)
				}
			})
		}
		walk(img)
	}
	sortVars(us)
	r := rand.New(rand.NewPCG(seed, 0x73796d))
	var out []Binding
	keys := map[string]bool{}
	vals := make(map[*variable]int64, len(us))
	bds := make([]boxBounds, len(us))
	for i, u := range us {
		bds[i] = boxBounds{bounds: c.bounds(u)}
	}
	pt := make([]int64, len(us))
	var it boxIter
	for tries := 0; tries < 64*n+64 && len(out) < n; tries++ {
		it.draw(bds, pt, r)
		for i, u := range us {
			vals[u] = pt[i]
		}
		bd, ok := c.bindingAt(syms, vals)
		if !ok || !c.satisfied(bd) {
			continue
		}
		k := formatBinding(bd)
		if keys[k] {
			continue
		}
		keys[k] = true
		out = append(out, bd)
	}
	return out
}
