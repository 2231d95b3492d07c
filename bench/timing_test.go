package bench

import (
	"testing"

	"github.com/gpusim/gpusim/sim"
)

// benchTiming runs a sample in the timing mode b.N times and reports the
// simulator's speed in warp instructions per second and the simulated
// cycles per wall-clock second.
func benchTiming(b *testing.B, name string) {
	p := prepareSample(b, name)
	b.ReportAllocs()
	b.ResetTimer()
	var insts, cycles uint64
	for i := 0; i < b.N; i++ {
		st, err := sim.RunTiming(p, sim.TimingOptions{})
		if err != nil {
			b.Fatal(err)
		}
		insts += st.WarpInsts
		cycles += st.Timing.Cycles
	}
	b.ReportMetric(float64(insts)/b.Elapsed().Seconds(), "warp-inst/s")
	b.ReportMetric(float64(cycles)/b.Elapsed().Seconds(), "cycles/s")
}

func BenchmarkTimingSoftmax(b *testing.B)   { benchTiming(b, "softmax") }
func BenchmarkTimingVecadd(b *testing.B)    { benchTiming(b, "vecadd") }
func BenchmarkTimingDivergent(b *testing.B) { benchTiming(b, "divergent") }
func BenchmarkTimingGemmWmma(b *testing.B)  { benchTiming(b, "gemm_wmma_sm80") }
func BenchmarkTimingGemmMmaAsync(b *testing.B) {
	benchTiming(b, "gemm_mma_async_sm80")
}
