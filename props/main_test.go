package props

import (
	"flag"
	"fmt"
	"os"
	"strconv"
	"testing"
)

// TestMain lets RAPID_CHECKS set rapid's number of cases per property (the
// flag -rapid.checks, default 100), so that a long run is opt-in from the
// environment as well: RAPID_CHECKS=2000 go test ./props.
func TestMain(m *testing.M) {
	flag.Parse()
	if n := os.Getenv("RAPID_CHECKS"); n != "" {
		if v, err := strconv.Atoi(n); err != nil || v < 1 {
			fmt.Fprintf(os.Stderr, "RAPID_CHECKS=%q: want a positive number of cases\n", n)
			os.Exit(2)
		}
		if err := flag.Set("rapid.checks", n); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
	}
	os.Exit(m.Run())
}
