package bench

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/gpusim/gpusim/config"
	"github.com/gpusim/gpusim/sim"
	"github.com/gpusim/gpusim/traces"
	"github.com/gpusim/gpusim/traces/amdgpu"
	"github.com/gpusim/gpusim/traces/ptx"
)

// The bundled samples (traces/samples, PTX on sm_75 unless the name ends
// in _smNN, AMD on the preset their name carries) as benchmark set-ups, at the size of their launch
// file or scaled: the grid's x dimension, every buffer and every integer
// argument multiplied by the same factor (but for the ones a sample keeps:
// softmax's row length, FIR's taps), so that the same kernel does the
// same work per block on more blocks.

const samplesDir = "../traces/samples"

// keep names what scaling leaves alone: buffers by name, arguments as
// "argN" (0-based).
var keep = map[string][]string{
	"softmax": {"arg2"},
	"fir":     {"h", "arg4"},
}

// sampleNames lists every bundled sample (launch files), PTX first, then
// AMD as amd/NAME.
func sampleNames(tb testing.TB) []string {
	tb.Helper()
	var out []string
	for _, pat := range []string{"*.launch.toml", "amd/*.launch.toml"} {
		m, err := filepath.Glob(filepath.Join(samplesDir, pat))
		if err != nil {
			tb.Fatal(err)
		}
		sort.Strings(m)
		for _, f := range m {
			rel, _ := filepath.Rel(samplesDir, f)
			out = append(out, strings.TrimSuffix(rel, ".launch.toml"))
		}
	}
	if len(out) < 30 {
		tb.Fatalf("found only %d samples", len(out))
	}
	return out
}

var (
	amdTarget = regexp.MustCompile(`gfx[0-9]+a?`)
	smTarget  = regexp.MustCompile(`_sm([0-9]+)$`)
)

// loadProgram parses a sample's trace and loads its machine model.
func loadProgram(tb testing.TB, name string) (*traces.Program, *config.Machine) {
	tb.Helper()
	base := filepath.Join(samplesDir, name)
	var prog *traces.Program
	var err error
	cfg := "sm_75"
	if m := smTarget.FindStringSubmatch(name); m != nil {
		cfg = "sm_" + m[1] // the tensor-core samples: gemm_wmma_sm80
	}
	if strings.HasPrefix(name, "amd/") {
		cfg = amdTarget.FindString(filepath.Base(name))
		src, rerr := os.ReadFile(base + ".s")
		if rerr != nil {
			tb.Fatal(rerr)
		}
		prog, err = amdgpu.Parse(base+".s", src)
	} else {
		src, rerr := os.ReadFile(base + ".ptx")
		if rerr != nil {
			tb.Fatal(rerr)
		}
		prog, err = ptx.Parse(base+".ptx", src)
	}
	if err != nil {
		tb.Fatal(err)
	}
	m, err := config.Load(cfg, nil)
	if err != nil {
		tb.Fatal(err)
	}
	return prog, m
}

// kernelOf is the kernel name a sample's keep rules are filed under
// (amd/fir_gfx90a: fir).
func kernelOf(name string) string {
	k := filepath.Base(name)
	if i := strings.IndexByte(k, '_'); i >= 0 {
		k = k[:i]
	}
	return k
}

// scaleSpec multiplies the launch's work by f (see above).
func scaleSpec(spec *sim.LaunchSpec, kernel string, f int) {
	if f == 1 {
		return
	}
	kept := keep[kernel]
	spec.Grid[0] *= uint32(f)
	for _, b := range spec.Buffers {
		if !slices.Contains(kept, b.Name) {
			b.Count *= uint64(f)
			b.Output = ""
		}
	}
	for i := range spec.Args {
		a := &spec.Args[i]
		if a.Kind == sim.ArgValue && !a.Value.IsFloat && !slices.Contains(kept, fmt.Sprintf("arg%d", i)) {
			a.Value.Int *= int64(f)
		}
	}
}

// benchName is a sample's name as one level of a benchmark's name
// (amd/fir_gfx90a: amd_fir_gfx90a), so that -bench patterns stay simple.
func benchName(name string) string { return strings.ReplaceAll(name, "/", "_") }

// prepare lays out sample name scaled by f on its machine.
func prepare(tb testing.TB, name string, f int) *sim.Prepared {
	tb.Helper()
	prog, m := loadProgram(tb, name)
	spec, err := sim.LoadLaunch(filepath.Join(samplesDir, name+".launch.toml"))
	if err != nil {
		tb.Fatal(err)
	}
	scaleSpec(spec, kernelOf(name), f)
	p, err := sim.Prepare(prog, m, spec, sim.Overrides{})
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

// run is one simulation of p: functional or timing (on one worker).
func run(tb testing.TB, p *sim.Prepared, mode string) *sim.KernelStats {
	return runOn(tb, p, mode, 1)
}

// runOn is run with the timing mode's SMs stepped by workers goroutines.
func runOn(tb testing.TB, p *sim.Prepared, mode string, workers int) *sim.KernelStats {
	var st *sim.KernelStats
	var err error
	if mode == "functional" {
		st, err = sim.RunFunctional(p)
	} else {
		st, err = sim.RunTiming(p, sim.TimingOptions{Workers: workers})
	}
	if err != nil {
		tb.Fatal(err)
	}
	return st
}

// measure runs p b.N times after one run to warm the caches and the
// heap, and reports the simulator's speed: warp-inst/s, cycles/s
// (timing), ns per warp instruction, heap allocations per warp
// instruction (with b.ReportAllocs' per-run figures) and warp
// instructions per CPU second of the process.
func measure(b *testing.B, p *sim.Prepared, mode string) {
	measureOn(b, p, mode, 1)
}

// measureOn is measure with workers goroutines in the timing mode.
func measureOn(b *testing.B, p *sim.Prepared, mode string, workers int) {
	runOn(b, p, mode, workers)
	measureColdOn(b, p, mode, workers)
}

// measureCold is measure without the warm-up run, for runs long enough
// that it does not matter.
func measureCold(b *testing.B, p *sim.Prepared, mode string) {
	measureColdOn(b, p, mode, 1)
}

// measureColdOn is measureCold with workers goroutines in the timing mode.
func measureColdOn(b *testing.B, p *sim.Prepared, mode string, workers int) {
	b.ReportAllocs()
	var ms0, ms1 runtime.MemStats
	runtime.ReadMemStats(&ms0)
	cpu0, cpuOK := cpuTime()
	b.ResetTimer()
	var insts, cycles uint64
	for i := 0; i < b.N; i++ {
		st := runOn(b, p, mode, workers)
		insts += st.WarpInsts
		if st.Timing != nil {
			cycles += st.Timing.Cycles
		}
	}
	b.StopTimer()
	cpu1, _ := cpuTime()
	runtime.ReadMemStats(&ms1)
	sec := b.Elapsed().Seconds()
	b.ReportMetric(float64(insts)/sec, "warp-inst/s")
	b.ReportMetric(sec*1e9/float64(insts), "ns/warp-inst")
	if mode == "timing" {
		b.ReportMetric(float64(cycles)/sec, "cycles/s")
	}
	b.ReportMetric(float64(ms1.Mallocs-ms0.Mallocs)/float64(insts), "allocs/warp-inst")
	if cpu := (cpu1 - cpu0).Seconds(); cpuOK && cpu > 0 {
		// The rate per CPU second (all threads): on a shared machine the
		// wall-clock figures above also count other processes' time.
		b.ReportMetric(float64(insts)/cpu, "warp-inst/cpu-s")
	}
}

// BenchmarkSamples runs every bundled sample at its launch file's size in
// the functional mode and in the timing mode:
//
//	go test -run XXX -bench Samples -count 5 ./bench/
func BenchmarkSamples(b *testing.B) {
	for _, mode := range []string{"functional", "timing"} {
		for _, name := range sampleNames(b) {
			b.Run(mode+"/"+benchName(name), func(b *testing.B) { measure(b, prepare(b, name, 1), mode) })
		}
	}
}

// realistic are the profiling set-ups of issue 14: each at least 10^6
// warp instructions.
var realistic = []struct {
	name string
	f    int
}{
	{"softmax", 4},
	{"divergent", 4},
	{"divd", 128},
	{"amd/fir_gfx90a", 2},
	{"amd/fir_gfx1100", 1},
	{"amd/divergent_gfx1100", 2},
	{"amd/div_gfx1100", 1},
	{"amd/div_gfx90a", 2},
}

// BenchmarkRealistic runs the profiling set-ups (see realistic):
//
//	go test -run XXX -bench Realistic -cpuprofile cpu.out ./bench/
func BenchmarkRealistic(b *testing.B) {
	for _, mode := range []string{"functional", "timing"} {
		for _, r := range realistic {
			name := fmt.Sprintf("%s_x%d", benchName(r.name), r.f)
			b.Run(mode+"/"+name, func(b *testing.B) { measure(b, prepare(b, r.name, r.f), mode) })
		}
	}
}

// BenchmarkAcceptance is what issue 14's acceptance measures: softmax at
// its sm_75 size (functional and timing, one worker), FIR on gfx90a at
// 65,536 samples (timing, one worker):
//
//	go test -run XXX -bench Acceptance -count 5 ./bench/
func BenchmarkAcceptance(b *testing.B) {
	softmax := prepare(b, "softmax", 1)
	fir := prepare(b, "amd/fir_gfx90a", 1)
	b.Run("functional/softmax", func(b *testing.B) { measure(b, softmax, "functional") })
	b.Run("timing/softmax", func(b *testing.B) { measure(b, softmax, "timing") })
	b.Run("timing/fir_gfx90a", func(b *testing.B) { measure(b, fir, "timing") })
}

// BenchmarkScaling is the same kernel on 1x, 4x, 16x and 64x its grid
// (timing mode, no warm-up run): ns/warp-inst should stay flat.
//
//	go test -run XXX -bench Scaling/softmax -benchtime 1x -count 3 ./bench/
func BenchmarkScaling(b *testing.B) {
	for _, name := range []string{"softmax", "amd/fir_gfx90a"} {
		for _, f := range []int{1, 4, 16, 64} {
			b.Run(fmt.Sprintf("%s/x%d", benchName(name), f), func(b *testing.B) {
				p := prepare(b, name, f)
				b.ResetTimer()
				measureCold(b, p, "timing")
			})
		}
	}
}

// BenchmarkParallel is the parallel clock on grids that fill the GPU
// several times over (timing mode), on one worker and on every processor
// (GOMAXPROCS): the same results, j1's time over jN's the speed-up.
//
//	go test -run XXX -bench Parallel -count 5 ./bench/
func BenchmarkParallel(b *testing.B) {
	all := runtime.GOMAXPROCS(0)
	for _, r := range []struct {
		name string
		f    int
	}{{"softmax", 4}, {"amd/fir_gfx90a", 2}} {
		p := prepare(b, r.name, r.f)
		for _, j := range []int{1, all} {
			b.Run(fmt.Sprintf("%s_x%d/j%d", benchName(r.name), r.f, j), func(b *testing.B) { measureOn(b, p, "timing", j) })
		}
	}
}

// BenchmarkParse is the front ends' speed on the largest PTX and AMDGPU
// inputs in the repository, in MB/s.
func BenchmarkParse(b *testing.B) {
	for _, c := range []struct {
		name, path string
		parse      func(string, []byte) (*traces.Program, error)
	}{
		{"ptx", "../sim/testdata/micro/alu.ptx", ptx.Parse},
		{"amdgpu", "../traces/testdata/amdgpu/corpus_gfx1100.s", amdgpu.Parse},
	} {
		src, err := os.ReadFile(c.path)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := c.parse(c.path, src); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
