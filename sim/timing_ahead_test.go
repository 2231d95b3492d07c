package sim

import (
	"bytes"
	"testing"
)

// TestRunAheadLimits: a run stopped by -max-warp-insts or -max-cycles
// reports the same counters whether SMs run ahead of the clock or not, with
// limits that let them run ahead for most of the launch and stop it near
// the end, and with limits past the end.
func TestRunAheadLimits(t *testing.T) {
	for _, c := range []struct {
		name string
		prep func() *Prepared
	}{
		{"vecadd", func() *Prepared { return sample("vecadd").prepare(t) }},
		{"divergent", func() *Prepared { return sample("divergent").prepare(t) }},
		{"fir_gfx90a", func() *Prepared { return prepareAMDSample(t, "fir", "gfx90a") }},
	} {
		runAheadLimits(t, c.name, c.prep)
	}
}

func runAheadLimits(t *testing.T, name string, prep func() *Prepared) {
	full, err := RunTiming(prep(), TimingOptions{})
	if err != nil {
		t.Fatal(err)
	}
	insts, cycles := full.WarpInsts, full.Timing.Cycles
	for _, c := range []struct {
		name string
		lim  Limits
		stop bool
	}{
		{"warp insts halfway", Limits{MaxWarpInsts: insts / 2}, true},
		{"warp insts near the end", Limits{MaxWarpInsts: insts - 500}, true},
		{"warp insts past the end", Limits{MaxWarpInsts: insts + 1}, false},
		{"cycles halfway", Limits{MaxCycles: cycles / 2}, true},
		{"cycles near the end", Limits{MaxCycles: cycles - 3}, true},
	} {
		var out [2][]byte
		for i, opt := range []TimingOptions{{}, {noRunAhead: true}} {
			p := prep()
			p.Limits = c.lim
			st, err := RunTiming(p, opt)
			if err != nil && (st == nil || st.Partial == nil) {
				t.Fatalf("%s, %s: %v", name, c.name, err)
			}
			if stopped := st.Partial != nil; stopped != c.stop {
				t.Fatalf("%s, %s: stopped %v, want %v", name, c.name, stopped, c.stop)
			}
			rep := &Report{Trace: name, Machine: p.Machine, Kernels: []*KernelStats{st}}
			if out[i], err = rep.JSON(false); err != nil {
				t.Fatal(err)
			}
		}
		if !bytes.Equal(out[0], out[1]) {
			t.Errorf("%s, %s: the run-ahead changes the report", name, c.name)
		}
	}
}
