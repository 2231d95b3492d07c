package amdgpu

import (
	"os"
	"testing"
)

// BenchmarkParseAMDGPU parses the gfx1100 division sample.
func BenchmarkParseAMDGPU(b *testing.B) {
	src, err := os.ReadFile("../samples/amd/div_gfx1100.s")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.SetBytes(int64(len(src)))
	var insts int
	for b.Loop() {
		prog, err := Parse("div_gfx1100.s", src)
		if err != nil {
			b.Fatal(err)
		}
		insts = len(prog.Kernels[0].Code)
	}
	b.ReportMetric(float64(insts)*float64(b.N)/b.Elapsed().Seconds(), "inst/s")
}
