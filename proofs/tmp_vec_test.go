package proofs_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/cutealg/cutealg/proofs"
	"github.com/cutealg/cutealg/rules"
)

func TestTmpVectors(t *testing.T) {
	files, _ := filepath.Glob("../../shared/vectors/*.jsonl")
	if len(files) == 0 {
		files, _ = filepath.Glob("../shared/vectors/*.jsonl")
	}
	n, bad := 0, 0
	why := map[string]int{}
	re := regexp.MustCompile(`[0-9]+`)
	for _, f := range files {
		fh, _ := os.Open(f)
		sc := bufio.NewScanner(fh)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			var c struct {
				Op   string   `json:"op"`
				Args []string `json:"args"`
			}
			if json.Unmarshal(sc.Bytes(), &c) != nil {
				continue
			}
			for _, dyn := range []bool{false, true} {
				d, err := rules.Derive(rules.Request{Op: c.Op, Args: c.Args, Dynamic: dyn})
				if err != nil {
					continue
				}
				n++
				if err := proofs.Check(d); err != nil {
					bad++
					k := re.ReplaceAllString(err.Error(), "N")
					if len(k) > 140 {
						k = k[:140]
					}
					why[k]++
					if why[k] == 1 {
						fmt.Println("EX", c.Op, c.Args, dyn, err)
					}
				}
			}
		}
		fh.Close()
	}
	fmt.Println("checked", n, "rejected", bad)
	for k, v := range why {
		fmt.Println(v, k)
	}
}
