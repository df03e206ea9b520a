package proofs_test

import (
	"strings"
	"testing"

	"github.com/cutealg/cutealg/proofs"
	"github.com/cutealg/cutealg/rules"
)

// A Rejection names the place of the fault as the package documentation
// says: the case (1-based, a top-level case of the derivation), the step
// (1-based) and its rule, and, inside a merged case, the case it was
// merged from by its letter (a, b, ...). Each row breaks one derivation at
// one known place and wants the rejection's text to start with that
// place (and the reason's first words), or changes it into another
// derivation that still holds (want ""), which Check accepts.
func TestRejectionPlace(t *testing.T) {
	derive := func(op string, args ...string) rules.Derivation { return assumed(t, nil, op, args...) }
	// complement((_4,_8):(_1,M), _32*M*K): case 1 (M>=4 && M%4!=0) and
	// case 2 (M<4) are errors, case 3 (M>=4 && M%4==0) is merged from a
	// (M/4==1) and b (M/4!=1)
	compl := func() rules.Derivation { return derive("complement", "(_4,_8):(_1,M)", "_32*M*K") }
	// raked_product(_2:M, _2:_1): case 2 is an error merged from two errors
	// (raked_product(M:M, _2:_1) decides M == 1 first since finding 34)
	raked := func() rules.Derivation { return derive("raked_product", "_2:M", "_2:_1") }
	// slice_and_offset((_,j), (M,N):(_1,M)): case 1 (j<=N-1) has a result,
	// case 2 (j>N-1) is slice.in-range's condition failing
	slice := func() rules.Derivation { return derive("slice_and_offset", "(_,j)", "(M,N):(_1,M)") }
	// coalesce((2,1,(M,4)):(1,7,(2,2*M))): coal.first at A mode 0,
	// coal.unit at A mode 1, coal.merge at A modes 2 and 3, coal.done
	coal := func() rules.Derivation { return derive("coalesce", "(2,1,(M,4)):(1,7,(2,2*M))") }
	dynamic := func(op string, args ...string) rules.Derivation {
		d, err := rules.Derive(rules.Request{Op: op, Args: args, Dynamic: true})
		if err != nil {
			t.Fatal(err)
		}
		return clone(t, d)
	}
	for _, c := range []struct {
		name   string
		d      rules.Derivation
		change func(d *rules.Derivation)
		want   string
	}{
		{"guards contradicting the assumptions", compl(), func(d *rules.Derivation) {
			d.Cases[0].When = append(d.Cases[0].When, "M<4")
		}, "case 1: the guards M>=4 && M%4!=0 && M<4 contradict the assumptions"},
		{"guards overlapping an earlier case's", compl(), func(d *rules.Derivation) {
			d.Cases[2].When = []string{"M>=4"}
		}, "case 3: its guards are not shown disjoint from those of case 1"},
		{"a step's rule version", compl(), func(d *rules.Derivation) {
			d.Cases[1].Steps[1].Version++
		}, "case 2 step 2 (compl.filter): "},
		{"an error case with a result", compl(), func(d *rules.Derivation) {
			d.Cases[1].Result = "_1:_0"
		}, "case 2: both a result and an error"},
		{"a merged case's result", compl(), func(d *rules.Derivation) {
			d.Cases[2].Result = "(M/4,4*K):(_4,4*M)"
		}, "case 3: the result against concrete: "},
		{"a merged case with a step", compl(), func(d *rules.Derivation) {
			d.Cases[2].Steps = d.Cases[1].Steps[:1]
		}, "case 3: a merged case has steps of its own"},
		{"a step of the second case merged", compl(), func(d *rules.Derivation) {
			d.Cases[2].From[1].Steps[1].Version++
		}, "case 3: merged from case b: case 3 step 2 (compl.filter): "},
		{"merged cases not disjoint", compl(), func(d *rules.Derivation) {
			d.Cases[2].From = append(d.Cases[2].From, d.Cases[2].From[1])
		}, "case 3: the cases it was merged from (b, c) are not shown disjoint"},
		{"an argument restated to another value", derive("composition", "(4,2):(1,4)", "_4:_2"), func(d *rules.Derivation) {
			d.Cases[0].Steps[0].After = "composition((2,4):(7,2),_4:_2)"
		}, "case 1 step 1 (comp.coalesce-lhs): composition((2,4):(7,2),_4:_2) restates argument 1 of composition((4,2):(1,4),_4:_2)"},
		{"a result the steps do not give", derive("composition", "20:2", "(5,4):(4,1)"), func(d *rules.Derivation) {
			d.Cases[0].Result = "(5,4):(8,3)"
		}, "case 1: the steps give (5,4):(8,2), not the result"},
		{"the result the steps give, written otherwise", derive("composition", "20:2", "(5,4):(4,1)"), func(d *rules.Derivation) {
			d.Cases[0].Result = "(_5,4):(8,_2)"
		}, ""},
		{"a merged error of another kind", raked(), func(d *rules.Derivation) {
			d.Cases[1].From[1].Error = "complement: another error"
		}, "case 2: merged from case b, whose outcome differs in kind"},
		{"a slice's kept mode dropped", slice(), func(d *rules.Derivation) {
			d.Cases[0].Steps = append(d.Cases[0].Steps[:1:1], d.Cases[0].Steps[2:]...)
		}, "case 1 step 7 (slice.pair): step 2 applies slice.fix at c mode 1 where the walk applies [slice.keep] at c mode 0"},
		{"a slice's offset step moved to another mode", slice(), func(d *rules.Derivation) {
			for i := range d.Cases[0].Steps {
				if d.Cases[0].Steps[i].Rule == "crd.sum" {
					d.Cases[0].Steps[i].At = "c mode 0"
				}
			}
		}, "case 1 step 8 (slice.pair): step 7 applies crd.sum at c mode 0 where the walk applies [crd.sum] at c mode 1"},
		{"a slice's walk in an error case cut short", slice(), func(d *rules.Derivation) {
			d.Cases[1].Steps = d.Cases[1].Steps[:len(d.Cases[1].Steps)-1]
		}, "case 2: no step applies [slice.non-negative] at c mode 1 (the walk's steps end early)"},
		{"coalesce's size-1 mode not dropped", coal(), func(d *rules.Derivation) {
			d.Cases[0].Steps = append(d.Cases[0].Steps[:1:1], d.Cases[0].Steps[2:]...)
		}, "case 1: step 2 applies coal.merge at A mode 2 where the walk applies [coal.unit] at A mode 1"},
		{"coalesce's size-1 step moved to another mode", coal(), func(d *rules.Derivation) {
			d.Cases[0].Steps[1].At = "A mode 2"
		}, "case 1: step 2 applies coal.unit at A mode 2 where the walk applies [coal.unit] at A mode 1"},
		{"a by-mode coalesce's by-mode step dropped", derive("coalesce_profile", "(2,(1,M)):(1,(7,2))", "(_1,_1)"), func(d *rules.Derivation) {
			d.Cases[0].Steps = d.Cases[0].Steps[1:]
		}, "case 1: step 1 applies coal.first at A mode 0 mode 0 where the walk applies [coal.by-mode] at A"},
		{"a run-time coalesce's step dropped", dynamic("coalesce", "(2,M):(1,2)"), func(d *rules.Derivation) {
			d.Cases[0].Steps = d.Cases[0].Steps[1:]
		}, "case 1: step 1 applies op.answer at the request where the walk applies [coal.run-time] at A"},
		{"a slice request's by-mode step dropped", derive("slice", "(_,2)", "(M,N):(_1,M)"), func(d *rules.Derivation) {
			d.Cases[0].Steps = d.Cases[0].Steps[1:]
		}, "case 1: step 1 applies slice.keep at c mode 0 where the walk applies [slice.by-mode] at c"},
		{"a slice request's result restated as another layout of the same function", derive("slice", "(_,2)", "(M,N):(_1,M)"), func(d *rules.Derivation) {
			d.Cases[0].Result = "M:_1"
			d.Cases[0].Steps[len(d.Cases[0].Steps)-1].After = "M:_1"
		}, "case 1: slice((_,2),(M,N):(_1,M)) keeps (M):(_1), not M:_1"},
		{"a dice's steps swapped", derive("dice", "(_,2)", "(M,(N,4)):(_1,(M,7))"), func(d *rules.Derivation) {
			s := d.Cases[0].Steps
			s[1], s[2] = s[2], s[1]
		}, "case 1: step 2 applies dice.keep at c mode 1 where the walk applies [dice.drop] at c mode 0"},
		{"a slice's steps cut short before CuTe's refusal", derive("slice", "(_,(_,_))", "(M,N):(_1,M)"), func(d *rules.Derivation) {
			d.Cases[0].Steps = d.Cases[0].Steps[:1]
		}, "case 1: the steps end before the walk of (_,(_,_)) reaches CuTe's refusal"},
		{"the static reading dropped where a size-1 decision rests on it", derive("complement", "(M,N):(_1,M)", "M*N*K"), func(d *rules.Derivation) {
			c := &d.Cases[0].From[0].From[0]
			c.Steps = c.Steps[1:]
		}, "case 1: merged from case a: case 1: merged from case a: case 1 step 1 (compl.unit): no step of its case applies compl.static-oracle"},
		{"an extent's failing obligation named as another rule's", derive("local_partition", "(M,N-M):(_1,M)", "(_32,_4):(_4,_1)", "t"), func(d *rules.Derivation) {
			d.Cases[1].Error = strings.Replace(d.Cases[1].Error, "(rule arg.extent)", "(rule tile.product-each)", 1)
		}, "case 2: the case's steps end at the obligation of N-M at argument 1, but its error "},
		{"an extent's failing obligation, as derived", derive("local_partition", "(M,N-M):(_1,M)", "(_32,_4):(_4,_1)", "t"), func(d *rules.Derivation) {}, ""},
	} {
		c.change(&c.d)
		err := proofs.Check(c.d)
		if c.want == "" {
			if err != nil {
				t.Errorf("%s: Check gives %v, want it accepted", c.name, err)
			}
			continue
		}
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: Check gives %v, want a rejection %q...", c.name, err, c.want)
		}
	}
}
