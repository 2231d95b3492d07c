package ptx

import (
	"bufio"
	"errors"
	"github.com/gpusim/gpusim/traces"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzParsePTX feeds arbitrary text to the front end: it must return a
// program whose kernels satisfy checkKernel, or an *Error; never panic.
// Seeded with every fixture and every error case.
//
//	go test -run '^$' -fuzz FuzzParsePTX -fuzztime 60s ./traces/
func FuzzParsePTX(f *testing.F) {
	for _, path := range ptxFixtures(f) {
		src, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src)
	}
	for _, dir := range []string{"../testdata/cfg", "../testdata/ptx_errors"} {
		m, _ := filepath.Glob(filepath.Join(dir, "*.ptx"))
		for _, path := range m {
			src, err := os.ReadFile(path)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(src)
		}
	}
	if src, err := os.ReadFile("../testdata/liveness.ptx"); err == nil {
		f.Add(src)
	}
	if fh, err := os.Open("../testdata/ptx_errors.txt"); err == nil {
		sc := bufio.NewScanner(fh)
		for sc.Scan() {
			kind, rest, ok := strings.Cut(sc.Text(), ": ")
			input, _, ok2 := strings.Cut(rest, " => ")
			if !ok || !ok2 {
				continue
			}
			switch kind {
			case "body":
				f.Add([]byte(wrapBody("7.0", "sm_75", unescape(input))))
			case "module":
				f.Add([]byte(unescape(input)))
			}
		}
		fh.Close()
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		p, err := Parse("fuzz.ptx", src)
		if err != nil {
			var pe *traces.Error
			if !errors.As(err, &pe) || pe.Msg == "" || pe.Line < 0 {
				t.Fatalf("bad error value %#v", err)
			}
			return
		}
		for _, k := range p.Kernels {
			if err := checkKernel(k); err != nil {
				t.Fatalf("kernel %s: %v", k.Name, err)
			}
			EstimateRegisters(k)
		}
	})
}
