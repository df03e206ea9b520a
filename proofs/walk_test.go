package proofs_test

import (
	"strings"
	"testing"

	"github.com/cutealg/cutealg/proofs"
	"github.com/cutealg/cutealg/rules"
)

// The walks of filter and coalesce (filter.go), of the arguments'
// extents (extent.go), of tile_to_shape's tiles (tile.go), of
// local_partition's flat coordinate (partition.go) and of the compact
// layouts' strides (compact.go) make a due step required: each
// row drops or moves one step of a derivation and wants Check's
// rejection to start with the place and reason given.
func TestWalkRequiredSteps(t *testing.T) {
	derive := func(op string, args ...string) rules.Derivation { return assumed(t, nil, op, args...) }
	drop := func(c *rules.Case, rule, at string) { dropStep(t, c, rule, at) }
	for _, c := range []struct {
		name   string
		d      rules.Derivation
		change func(d *rules.Derivation)
		want   string
	}{
		// complement((M,N):(_1,M), M*N*K), case M!=1 && N==1 && K*N!=1:
		// filter keeps M:_1, then coalesce decides M at mode 0
		{"a size-1 decision of filter's coalesce refuted under the guards, dropped",
			derive("complement", "(M,N):(_1,M)", "M*N*K"), func(d *rules.Derivation) {
				drop(&d.Cases[0].From[0].From[1].From[1], "compl.nonunit", "coalesce mode 0")
			}, "case 1: merged from case a: case 1: merged from case b: case 1: merged from case b: case 1 step 5 (compl.filter): the size-1 decisions before compl.filter: step 4 applies compl.nonunit at coalesce result where the walk applies [compl.unit compl.nonunit] at coalesce mode 0"},
		{"a size-1 decision of filter moved to another mode",
			derive("complement", "(M,N):(_1,M)", "M*N*K"), func(d *rules.Derivation) {
				d.Cases[0].From[0].From[1].From[1].Steps[1].At = "filter mode 1"
			}, "case 1: merged from case a: case 1: merged from case b: case 1: merged from case b: case 1 step 6 (compl.filter): the size-1 decisions before compl.filter: step 2 applies compl.nonunit at filter mode 1 where the walk applies [compl.unit compl.nonunit] at filter mode 0"},
		// complement((_4,_8):(_1,M), _32*M*K), case M>=4 && M%4==0 &&
		// M/4!=1: the final coalesce decides the hole M/4, then 4*K
		{"a size-1 decision of the final coalesce dropped",
			derive("complement", "(_4,_8):(_1,M)", "_32*M*K"), func(d *rules.Derivation) {
				drop(&d.Cases[2].From[1], "compl.nonunit", "coalesce last mode")
			}, "case 3: merged from case b: case 3 step 15 (compl.coalesce): the size-1 decisions before compl.coalesce: no step applies [compl.unit compl.nonunit] at coalesce last mode"},
		// size((M,N-M):(_1,_1)): N-M >= 1 is an obligation on argument 1
		{"an extent's obligation moved to another argument",
			derive("size", "(M,N-M):(_1,_1)"), func(d *rules.Derivation) {
				d.Cases[0].Steps[0].At = "argument 2"
			}, "case 1: step 1 applies arg.extent at argument 2 where the walk applies [arg.extent] at argument 1"},
		// tile_to_shape(_8:_1, (M,N)) where M % 8 == 0: tile.pad, then
		// tile.divides at mode 0 (t=M, b=_8) and mode 1 (t=N, b=_1)
		{"tile_to_shape's tiles of a mode dropped",
			assumed(t, []string{"M % 8 == 0"}, "tile_to_shape", "_8:_1", "(M,N)"), func(d *rules.Derivation) {
				drop(&d.Cases[0], "tile.divides", "mode 1")
			}, "case 1: step 3 applies tile.blocked at A where the walk applies [tile.divides] at mode 1"},
		{"tile_to_shape's modes exchanged",
			assumed(t, []string{"M % 8 == 0"}, "tile_to_shape", "_8:_1", "(M,N)"), func(d *rules.Derivation) {
				s := d.Cases[0].Steps
				s[1], s[2] = s[2], s[1]
			}, "case 1: step 2 applies tile.divides at mode 1 where the walk applies [tile.divides] at mode 0"},
		// make_ordered_layout((M,N,K), (_2,_0,_1)): N first, then K, then M
		{"make_ordered_layout's next stride dropped",
			derive("make_ordered_layout", "(M,N,K)", "(_2,_0,_1)"), func(d *rules.Derivation) {
				drop(&d.Cases[0], "make.compact", "order leaf 1 shape")
			}, "case 1: step 6 applies make.ordered.before at order leaf 2 where the walk applies [make.compact] at order leaf 1 shape"},
		{"make_ordered_layout's dynamic order value dropped",
			derive("make_ordered_layout", "(_2,M,_4,N)", "(_2,67,42,_50)"), func(d *rules.Derivation) {
				drop(&d.Cases[0], "make.ordered.unranked", "order leaf 2")
			}, "case 1: step 2 applies make.left at order leaf 0 mode 0 where the walk applies [make.ordered.unranked] at order leaf 2"},
		{"make_layout's next stride dropped",
			derive("make_layout", "(M,(N,_2))"), func(d *rules.Derivation) {
				drop(&d.Cases[0], "make.compact", "shape")
			}, "case 1: step 5 applies op.answer at the request where the walk applies [make.compact] at shape"},
		// local_partition((M,N):(_1,M), (_32,_4):(_4,_1), t): L's modes
		// _32:_4 and _4:_1, each its size and t's coordinate in its leaf
		{"local_partition's tile of a mode dropped",
			assumed(t, []string{"M % 32 == 0", "N % 4 == 0"}, "local_partition", "(M,N):(_1,M)", "(_32,_4):(_4,_1)", "t"), func(d *rules.Derivation) {
				drop(&d.Cases[0], "tile.product-each", "L mode 1")
			}, "case 1: step 3 applies tile.flat-coord at L mode 1 leaf 0 where the walk applies [tile.product-each] at L mode 1"},
		{"local_partition's coordinates of two modes exchanged",
			assumed(t, []string{"M % 32 == 0", "N % 4 == 0"}, "local_partition", "(M,N):(_1,M)", "(_32,_4):(_4,_1)", "t"), func(d *rules.Derivation) {
				s := d.Cases[0].Steps
				s[1], s[3] = s[3], s[1]
			}, "case 1: step 2 applies tile.flat-coord at L mode 1 leaf 0 where the walk applies [tile.flat-coord] at L mode 0 leaf 0"},
	} {
		c.change(&c.d)
		err := proofs.Check(c.d)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: Check gives %v, want a rejection %q...", c.name, err, c.want)
		}
	}
}

// assumed derives a request under assumptions.
func assumed(t *testing.T, assume []string, op string, args ...string) rules.Derivation {
	d, err := rules.Derive(rules.Request{Op: op, Args: args, Assume: assume})
	if err != nil {
		t.Fatal(err)
	}
	return clone(t, d)
}
