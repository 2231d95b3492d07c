package sim

import (
	"encoding/binary"
	"github.com/gpusim/gpusim/traces/ptx"
	"os"
	"path/filepath"
	"testing"

	"github.com/gpusim/gpusim/config"
)

// timingDir holds the timing microbenchmarks.
const timingDir = "../traces/testdata/timing"

// bench is one run of a microbenchmark or sample.
type bench struct {
	ptx, launch, kernel string
	sets                []string
	ov                  Overrides
	// edit changes the launch before it is prepared (arguments, shared).
	edit func(*LaunchSpec)
}

// prepare loads and lays out the run.
func (b bench) prepare(t testing.TB) *Prepared {
	t.Helper()
	src, err := os.ReadFile(b.ptx)
	if err != nil {
		t.Fatal(err)
	}
	prog, err := ptx.Parse(b.ptx, src)
	if err != nil {
		t.Fatal(err)
	}
	m, err := config.Load("sm_75", b.sets)
	if err != nil {
		t.Fatal(err)
	}
	spec, err := LoadLaunch(b.launch)
	if err != nil {
		t.Fatal(err)
	}
	if b.edit != nil {
		b.edit(spec)
	}
	ov := b.ov
	if b.kernel != "" {
		ov.Kernel = b.kernel
	}
	p, err := Prepare(prog, m, spec, ov)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// timed runs the benchmark in the timing mode.
func (b bench) timed(t testing.TB, opt TimingOptions) (*Prepared, *KernelStats) {
	t.Helper()
	p := b.prepare(t)
	st, err := RunTiming(p, opt)
	if err != nil {
		t.Fatal(err)
	}
	return p, st
}

// micro names a microbenchmark file pair in timingDir.
func micro(name, kernel string, sets ...string) bench {
	return bench{
		ptx: filepath.Join(timingDir, name+".ptx"), launch: filepath.Join(timingDir, name+".launch.toml"),
		kernel: kernel, sets: sets,
	}
}

// words reads a buffer of little-endian 64-bit words.
func words(t testing.TB, p *Prepared, name string) []uint64 {
	t.Helper()
	data, err := p.Buffer(name)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]uint64, len(data)/8)
	for i := range out {
		out[i] = binary.LittleEndian.Uint64(data[8*i:])
	}
	return out
}

// within reports whether got is within frac of want.
func within(got, want, frac float64) bool {
	d := got - want
	if d < 0 {
		d = -d
	}
	return d <= frac*want
}

// scalar sets launch argument i to the integer v.
func scalar(i int, v int64) func(*LaunchSpec) {
	return func(s *LaunchSpec) { s.Args[i].Value = Scalar{Int: v} }
}
