package ptx

import (
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestEstimateRegisters checks each kernel of testdata/liveness.ptx against
// its `// expect-regs: N` note.
func TestEstimateRegisters(t *testing.T) {
	const path = "../testdata/liveness.ptx"
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	p, err := Parse(path, src)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{}
	expect := -1
	for _, l := range strings.Split(string(src), "\n") {
		if n, ok := strings.CutPrefix(l, "// expect-regs: "); ok {
			if expect, err = strconv.Atoi(strings.TrimSpace(n)); err != nil {
				t.Fatal(err)
			}
		}
		if rest, ok := strings.CutPrefix(l, ".entry "); ok && expect >= 0 {
			name, _, _ := strings.Cut(rest, "(")
			want[name] = expect
			expect = -1
		}
	}
	if len(want) != len(p.Kernels) {
		t.Fatalf("%d kernels, %d expectations", len(p.Kernels), len(want))
	}
	for _, k := range p.Kernels {
		if got := EstimateRegisters(k); got != want[k.Name] {
			t.Errorf("%s: EstimateRegisters = %d, want %d", k.Name, got, want[k.Name])
		}
	}
	if EstimateRegisters(nil) != 0 {
		t.Error("nil kernel")
	}
}

// TestEstimateRegistersFixtures runs the estimate over every fixture: it
// must be positive and no more than the registers the kernel declares
// (counting 64-bit ones twice).
func TestEstimateRegistersFixtures(t *testing.T) {
	for _, path := range ptxFixtures(t) {
		p := parseFile(t, path)
		for _, k := range p.Kernels {
			total := 0
			for _, r := range k.Regs {
				total += regWeight(r.Type)
			}
			got := EstimateRegisters(k)
			if got <= 0 || got > total {
				t.Errorf("%s %s: estimate %d, %d declared", path, k.Name, got, total)
			}
		}
	}
}
