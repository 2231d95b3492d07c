package report

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gpusim/gpusim/config"
	"github.com/gpusim/gpusim/sim"
	"github.com/gpusim/gpusim/traces"
	"github.com/gpusim/gpusim/traces/amdgpu"
	"github.com/gpusim/gpusim/traces/ptx"
)

// samples holds the bundled sample traces.
const samplesDir = "../../traces/samples"

// runSample runs a bundled sample (name.ptx, or amd/name.s) with its
// launch file on the machine cfg, in the timing mode unless functional,
// and returns its report as the views read it.
func runSample(t testing.TB, name, cfg string, functional bool, sets ...string) *sim.ReportDoc {
	t.Helper()
	path := filepath.Join(samplesDir, name+".ptx")
	if strings.HasPrefix(name, "amd/") {
		path = filepath.Join(samplesDir, name+".s")
	}
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var prog *traces.Program
	if strings.HasSuffix(path, ".s") {
		prog, err = amdgpu.Parse(path, src)
	} else {
		prog, err = ptx.Parse(path, src)
	}
	if err != nil {
		t.Fatal(err)
	}
	m, err := config.Load(cfg, sets)
	if err != nil {
		t.Fatal(err)
	}
	spec, err := sim.LoadLaunch(strings.TrimSuffix(path, filepath.Ext(path)) + ".launch.toml")
	if err != nil {
		t.Fatal(err)
	}
	p, err := sim.Prepare(prog, m, spec, sim.Overrides{})
	if err != nil {
		t.Fatal(err)
	}
	var st *sim.KernelStats
	if functional {
		st, err = sim.RunFunctional(p)
	} else {
		st, err = sim.RunTiming(p, sim.TimingOptions{})
	}
	if err != nil {
		t.Fatal(err)
	}
	return (&sim.Report{Trace: path, Machine: m, Kernels: []*sim.KernelStats{st}}).Doc(false)
}
