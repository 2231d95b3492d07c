package sim

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gpusim/gpusim/config"
	"github.com/gpusim/gpusim/traces/ptx"
)

// nvidiaPresets lists the embedded NVIDIA machine models.
func nvidiaPresets(t testing.TB) []string {
	t.Helper()
	var out []string
	for _, name := range config.Presets() {
		m, err := config.Load(name, nil)
		if err != nil {
			t.Fatalf("preset %s: %v", name, err)
		}
		if m.GPU.Vendor == config.VendorNVIDIA {
			out = append(out, name)
		}
	}
	if len(out) < 4 {
		t.Fatalf("NVIDIA presets %v: want sm_75, sm_80, sm_86 and sm_89 at least", out)
	}
	return out
}

// runOn prepares a PTX file with its launch file on a preset and runs it
// in the timing mode (functional results and timing in one run).
func runOn(t *testing.T, preset, ptxPath, launch string, sets ...string) (*Prepared, *KernelStats) {
	t.Helper()
	src, err := os.ReadFile(ptxPath)
	if err != nil {
		t.Fatal(err)
	}
	prog, err := ptx.Parse(ptxPath, src)
	if err != nil {
		t.Fatal(err)
	}
	m, err := config.Load(preset, sets)
	if err != nil {
		t.Fatal(err)
	}
	if err := CheckMachine(m); err != nil {
		t.Fatalf("%s: %v", preset, err)
	}
	spec, err := LoadLaunch(launch)
	if err != nil {
		t.Fatal(err)
	}
	p, err := Prepare(prog, m, spec, Overrides{})
	if err != nil {
		t.Fatalf("%s on %s: %v", ptxPath, preset, err)
	}
	st, err := RunTiming(p, TimingOptions{})
	if err != nil {
		t.Fatalf("%s on %s: %v", ptxPath, preset, err)
	}
	return p, st
}

// TestSamplesEveryPreset runs every bundled PTX sample on every NVIDIA
// preset in the timing mode: each completes, issues the same warp
// instructions and leaves output buffers bit-identical to sm_75's with the
// preset's [numerics] choices (what a kernel computes never depends on the
// timing model; the tensor-core adder is each architecture's own), while
// the cycles are each machine's own.
func TestSamplesEveryPreset(t *testing.T) {
	launches, err := filepath.Glob("../traces/samples/*.launch.toml")
	if err != nil || len(launches) < 5 {
		t.Fatalf("samples: %v, %v", launches, err)
	}
	presets := nvidiaPresets(t)
	for _, launch := range launches {
		ptx := strings.TrimSuffix(launch, ".launch.toml") + ".ptx"
		name := filepath.Base(ptx)
		ref, refSt := runOn(t, "sm_75", ptx, launch)
		for _, preset := range presets {
			if preset == "sm_75" {
				continue
			}
			p, st := runOn(t, preset, ptx, launch)
			ref := ref
			if sets := numericsSets(t, preset); sets != nil {
				ref, _ = runOn(t, "sm_75", ptx, launch, sets...)
			}
			if st.Timing == nil || st.Timing.Cycles == 0 {
				t.Errorf("%s on %s: no cycles", name, preset)
				continue
			}
			if st.WarpInsts != refSt.WarpInsts {
				t.Errorf("%s on %s: %d warp instructions, sm_75 %d", name, preset, st.WarpInsts, refSt.WarpInsts)
			}
			for _, b := range ref.Spec.Buffers {
				want, _ := ref.Buffer(b.Name)
				got, err := p.Buffer(b.Name)
				if err != nil || !bytes.Equal(got, want) {
					t.Errorf("%s on %s: buffer %s differs from sm_75's (%v)", name, preset, b.Name, err)
				}
			}
			t.Logf("%s on %s: %d cycles (sm_75 %d)", name, preset, st.Timing.Cycles, refSt.Timing.Cycles)
		}
	}
}

// numericsSets are the -set overrides that give sm_75 the preset's [numerics]
// choices, nil when they are sm_75's own.
func numericsSets(t *testing.T, preset string) []string {
	t.Helper()
	m, err := config.Load(preset, nil)
	if err != nil {
		t.Fatal(err)
	}
	base, _ := config.Load("sm_75", nil)
	var sets []string
	bm := base.Numerics.Models()
	for i, n := range m.Numerics.Models() {
		if n.Model != bm[i].Model {
			sets = append(sets, "numerics."+n.Family+"="+n.Model)
		}
	}
	return sets
}
