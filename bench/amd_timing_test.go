package bench

import (
	"github.com/gpusim/gpusim/traces/amdgpu"
	"os"
	"strings"
	"testing"

	"github.com/gpusim/gpusim/config"
	"github.com/gpusim/gpusim/sim"
)

// prepareAMDSample parses a bundled AMD sample (traces/samples/amd,
// NAME_TARGET.s) and lays out its launch on the target's preset.
func prepareAMDSample(b *testing.B, name string) *sim.Prepared {
	b.Helper()
	base := "../traces/samples/amd/" + name
	src, err := os.ReadFile(base + ".s")
	if err != nil {
		b.Fatal(err)
	}
	prog, err := amdgpu.Parse(base+".s", src)
	if err != nil {
		b.Fatal(err)
	}
	_, target, _ := strings.Cut(name, "_")
	m, err := config.Load(strings.TrimSuffix(target, "w64"), nil)
	if err != nil {
		b.Fatal(err)
	}
	spec, err := sim.LoadLaunch(base + ".launch.toml")
	if err != nil {
		b.Fatal(err)
	}
	p, err := sim.Prepare(prog, m, spec, sim.Overrides{})
	if err != nil {
		b.Fatal(err)
	}
	return p
}

// benchTimingAMD runs an AMD sample in the timing mode b.N times and
// reports the simulator's speed in wave instructions per second and the
// simulated cycles per wall-clock second.
func benchTimingAMD(b *testing.B, name string) {
	p := prepareAMDSample(b, name)
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

// The f32 division sample (1M divisions, 3907 workgroups) on RDNA 3 in
// wave32 and on CDNA 2 in wave64, and the LDS reduction.
func BenchmarkTimingAMDDiv(b *testing.B)       { benchTimingAMD(b, "div_gfx1100") }
func BenchmarkTimingAMDDivGFX90a(b *testing.B) { benchTimingAMD(b, "div_gfx90a") }
func BenchmarkTimingAMDReduce(b *testing.B)    { benchTimingAMD(b, "reduce_gfx1100") }
