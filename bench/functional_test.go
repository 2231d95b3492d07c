package bench

import (
	"github.com/gpusim/gpusim/traces/ptx"
	"os"
	"strings"
	"testing"

	"github.com/gpusim/gpusim/config"
	"github.com/gpusim/gpusim/sim"
)

// prepareSample parses a bundled sample and lays out its launch.
func prepareSample(b *testing.B, name string) *sim.Prepared {
	b.Helper()
	path := "../traces/samples/" + name + ".ptx"
	src, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	prog, err := ptx.Parse(path, src)
	if err != nil {
		b.Fatal(err)
	}
	preset := "sm_75"
	if strings.HasSuffix(name, "_sm80") {
		preset = "sm_80" // the tensor-core samples
	}
	m, err := config.Load(preset, nil)
	if err != nil {
		b.Fatal(err)
	}
	spec, err := sim.LoadLaunch("../traces/samples/" + name + ".launch.toml")
	if err != nil {
		b.Fatal(err)
	}
	p, err := sim.Prepare(prog, m, spec, sim.Overrides{})
	if err != nil {
		b.Fatal(err)
	}
	return p
}

// benchFunctional runs a sample functionally b.N times and reports the
// simulator's speed in warp instructions per second.
func benchFunctional(b *testing.B, name string) {
	p := prepareSample(b, name)
	b.ReportAllocs()
	b.ResetTimer()
	var insts uint64
	for i := 0; i < b.N; i++ {
		st, err := sim.RunFunctional(p)
		if err != nil {
			b.Fatal(err)
		}
		insts += st.WarpInsts
	}
	b.ReportMetric(float64(insts)/b.Elapsed().Seconds(), "warp-inst/s")
}

func BenchmarkFunctionalSoftmax(b *testing.B)   { benchFunctional(b, "softmax") }
func BenchmarkFunctionalVecadd(b *testing.B)    { benchFunctional(b, "vecadd") }
func BenchmarkFunctionalDivergent(b *testing.B) { benchFunctional(b, "divergent") }
func BenchmarkFunctionalGemmWmma(b *testing.B)  { benchFunctional(b, "gemm_wmma_sm80") }
func BenchmarkFunctionalGemmMmaAsync(b *testing.B) {
	benchFunctional(b, "gemm_mma_async_sm80")
}
