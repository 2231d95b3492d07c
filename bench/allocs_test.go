package bench

import (
	"runtime"
	"testing"

	"github.com/gpusim/gpusim/sim"
)

// TestSteadyStateAllocs checks issue 14's "zero allocations per simulated
// instruction in steady state": once the grid is larger than the GPU holds
// at once (the block pool has its largest size), a larger grid adds
// instructions but no allocations, per instruction or per cycle, so the
// allocations the larger run adds, divided by the warp instructions it
// adds, must round to 0 (below 1e-3; measured ~1e-5). Smaller grids do
// allocate per block (the divergent sample's 16 blocks fill an eighth of
// sm_75), so each case starts at a size that fills the GPU.
func TestSteadyStateAllocs(t *testing.T) {
	if testing.Short() {
		t.Skip("runs two sizes of two samples in timing mode (-short)")
	}
	for _, c := range []struct {
		name       string
		full, more int // grid factors: one that fills the GPU, a larger one
	}{{"softmax", 2, 3}, {"amd/fir_gfx90a", 4, 5}} {
		small, big := prepare(t, c.name, c.full), prepare(t, c.name, c.more)
		a1, i1 := allocsOfRun(t, small)
		a2, i2 := allocsOfRun(t, big)
		if i2 <= i1 {
			t.Fatalf("%s: %d warp instructions at x%d, %d at x%d", c.name, i2, c.more, i1, c.full)
		}
		per := (float64(a2) - float64(a1)) / float64(i2-i1)
		t.Logf("%s: %d allocations for %d warp instructions, %d for %d: %.2g per added instruction", c.name, a1, i1, a2, i2, per)
		if per >= 1e-3 {
			t.Errorf("%s: %.3g allocations per warp instruction in steady state, want 0", c.name, per)
		}
	}
}

// allocsOfRun is the heap allocations and warp instructions of one timing
// run of p.
func allocsOfRun(t *testing.T, p *sim.Prepared) (allocs, insts uint64) {
	t.Helper()
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	st := run(t, p, "timing")
	runtime.ReadMemStats(&m1)
	return m1.Mallocs - m0.Mallocs, st.WarpInsts
}
