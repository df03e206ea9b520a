package concrete

import (
	"fmt"
	"strings"
	"testing"
)

// The records of the conditions CuTe's value breaks (CollectViolations),
// field by field as Violation documents them: the condition's id, the
// witness's index (-1 for a condition about the whole layout), and the
// witness's value and the value the condition asks for, as the message
// prints them.
func TestViolationRecords(t *testing.T) {
	for _, c := range []struct {
		op   string
		args []string
		want []string // Cond Index Got | Want, one per violation
	}{
		{"upcast", []string{"(5,5,4):(1,5,25)", "2"}, []string{
			"static.twin -1 2 | ", // 5/2 truncated
			"static.twin -1 12 | ",
		}},
		// finding 41: a negative stride of A sorts first and gives R
		// negative extents; CuTe's R then breaks the quasi-inverse
		// condition at A(80) = 3 (R(3) = 47, A(47) = -14)
		{"left_inverse", []string{"(_8,_8,_8):(_0,_2,_-1)"}, []string{
			"left_inverse 80 -14 | 3",
		}},
		{"left_inverse", []string{"(8,8,8):(_0,_2,_-1)"}, []string{
			"left_inverse 80 -14 | 3",
		}},
		// ... but keeps it for these (the vectors' _4:_-1 gives
		// (_-1,_4):(_0,_1))
		{"left_inverse", []string{"_4:_-1"}, nil},
		{"left_inverse", []string{"(_4,_2):(_-1,_4)"}, nil},
		// upcast of strides of both signs: A(3) = 3, 3/2 = 1 is not in
		// the image {0,2} of (2,1):(2,-1); at extents 3 it holds
		{"upcast", []string{"(_2,_2):(_4,_-1)", "2"}, []string{
			"cast.function -1 1 | missing",
		}},
		{"upcast", []string{"(2,2):(4,_-1)", "2"}, []string{
			"cast.function -1 1 | missing",
		}},
		{"upcast", []string{"(_3,_3):(_4,_-1)", "2"}, nil},
		{"upcast", []string{"(_4,_2):(_-1,_-4)", "2"}, nil},
		{"complement", []string{"_4:_-1", "_8"}, []string{
			"complement.pre -1 _4:_-1 | ",
			"complement.size -1 0 | <= -5",
			"complement.cosize -1 -2 | >= 8",
			"complement.cosize -1 0 | >= 2",
		}},
		{"complement", []string{"(_2,_4):(_6,_16)", "_440"}, []string{
			"complement.cosize -1 42 | >= 55", // size(M)/size(filter(A)) = 440/8
		}},
		{"composition", []string{"(3,4,4):(16,4,1)", "(4):(1)"}, []string{
			"composition.compatible -1 ((3,1,1)) | (4)",
		}},
		// right for these numbers, but CuTe refuses the all-static twin
		// (_2,_4,_5):(_3,_8,_1) o (_1):(_12): B's stride 12 passes A's
		// first extent 2 (12/2 = 6), and 6 and the next extent 4 fail the
		// Stride Divisibility Condition (4 does not divide 6, 6 >= 4)
		{"composition", []string{"(_2,4,_5):(_3,8,_1)", "(_1):(_12)"}, []string{
			"static.twin -1 Stride Divisibility Condition | ",
		}},
	} {
		var broken []Violation
		if _, err := ApplyText(c.op, c.args, CollectViolations(&broken)); err != nil {
			t.Errorf("%s(%s): %v", c.op, strings.Join(c.args, ", "), err)
			continue
		}
		var got []string
		for _, v := range broken {
			got = append(got, fmt.Sprintf("%s %d %s | %s", v.Cond, v.Index, v.Got, v.Want))
			if v.Op != c.op || v.Msg == "" || !strings.Contains(v.Msg, v.Got) {
				t.Errorf("%s(%s): violation %+v", c.op, strings.Join(c.args, ", "), v)
			}
		}
		if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
			t.Errorf("%s(%s) violates:\n%s\nwant:\n%s", c.op, strings.Join(c.args, ", "), strings.Join(got, "\n"), strings.Join(c.want, "\n"))
		}
	}
}
