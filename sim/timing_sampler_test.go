package sim

import (
	"bytes"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/gpusim/gpusim/core"
	"github.com/gpusim/gpusim/mem"
)

// TestSamplesAddUp checks the time series against the launch's totals: the
// intervals cover the launch, their counters sum to the kernel's, the warp
// states of each interval sum to its active warp-cycles, and a long launch
// has between maxSamples/2 and maxSamples intervals. Event skipping and
// cycle-by-cycle stepping give the same series.
func TestSamplesAddUp(t *testing.T) {
	none := sample("softmax")
	none.sets = []string{"gpu.expansions=none"}
	for _, b := range []bench{sample("softmax"), none, sample("vecadd"), micro("bank", "")} {
		p, st := b.timed(t, TimingOptions{})
		expands := p.Machine.Expansions() != nil
		tm := st.Timing
		s := &tm.Samples
		if s.End != tm.Cycles {
			t.Fatalf("%s: samples end at %d, the launch at %d", b.ptx, s.End, tm.Cycles)
		}
		n := s.Len()
		if tm.Cycles >= maxSamples*minSampleInterval && (n <= maxSamples/2 || n > maxSamples) {
			t.Errorf("%s: %d intervals of %d cycles for %d cycles", b.ptx, n, s.Interval, tm.Cycles)
		}
		if s.Interval%minSampleInterval != 0 || (s.Interval/minSampleInterval)&(s.Interval/minSampleInterval-1) != 0 {
			t.Errorf("%s: interval %d is not %d times a power of two", b.ptx, s.Interval, minSampleInterval)
		}
		if n == 0 || s.Start(n-1) >= s.End || s.Start(n-1)+s.Cycles(n-1) != s.End {
			t.Fatalf("%s: intervals do not cover [0, %d): %d of %d", b.ptx, s.End, n, s.Interval)
		}
		sum := func(v []uint64) (t uint64) {
			for _, x := range v {
				t += x
			}
			return t
		}
		var resident uint64
		for _, sm := range tm.PerSM {
			resident += sm.ResidentWarps
		}
		ms, mg := &tm.Memory.SM, &tm.Memory.GPU
		for _, c := range []struct {
			name      string
			got, want uint64
		}{
			{"warp instructions", sum(s.WarpInsts), st.WarpInsts},
			{"active warp-cycles", sum(s.ActiveWarpCycles), resident},
			{"L1 sector reads", sum(s.L1SectorReads), ms.L1.SectorReads},
			{"L1 sector read hits", sum(s.L1SectorReadHits), ms.L1.SectorReadHits},
			{"L2 sector reads", sum(s.L2SectorReads), mg.L2.SectorReads},
			{"L2 sector read hits", sum(s.L2SectorReadHits), mg.L2.SectorReadHits},
			{"DRAM read bytes", sum(s.DRAMReadBytes), mg.DRAM.ReadBytes},
			{"DRAM write bytes", sum(s.DRAMWriteBytes), mg.DRAM.WriteBytes},
		} {
			if c.got != c.want {
				t.Errorf("%s: %s: the samples sum to %d, the launch has %d", b.ptx, c.name, c.got, c.want)
			}
		}
		for r := range s.Stalls {
			if got := sum(s.Stalls[r]); got != tm.Stalls[r] {
				t.Errorf("%s: %s: the samples sum to %d, the launch has %d", b.ptx, core.Reason(r), got, tm.Stalls[r])
			}
		}
		for i := 0; i < n; i++ {
			var states uint64
			for r := range s.Stalls {
				states += s.Stalls[r][i]
			}
			if states != s.ActiveWarpCycles[i] {
				t.Errorf("%s: interval %d: warp states sum to %d, active warp-cycles %d", b.ptx, i, states, s.ActiveWarpCycles[i])
			}
			// A selected warp-cycle is one issue slot: one warp instruction,
			// or one micro-op of an instruction the expansion table issues
			// as several (then there are more).
			if sel := s.Stalls[core.Selected][i]; s.WarpInsts[i] > sel || (!expands && s.WarpInsts[i] != sel) {
				t.Errorf("%s: interval %d: %d warp instructions but %d selected warp-cycles", b.ptx, i, s.WarpInsts[i], sel)
			}
		}
		_, every := b.timed(t, TimingOptions{CycleByCycle: true})
		if !reflect.DeepEqual(every.Timing.Samples, *s) {
			t.Errorf("%s: event skipping and cycle-by-cycle stepping give different samples", b.ptx)
		}
	}
}

// TestSamplerAllocationFree drives the sampler over many boundaries (with
// halvings) on real, idle SMs: taking snapshots allocates nothing.
func TestSamplerAllocationFree(t *testing.T) {
	p := sample("vecadd").prepare(t)
	prog, err := core.NewProgram(p.Kernel, p.Machine)
	if err != nil {
		t.Fatal(err)
	}
	hier, err := mem.NewHierarchy(core.MemoryConfig(p.Machine))
	if err != nil {
		t.Fatal(err)
	}
	stats := make([]core.SMStats, 2)
	pcs := make([]core.PCStats, prog.Len())
	sms := make([]*core.SM, 2)
	for i := range sms {
		if sms[i], err = core.NewSM(core.SMConfig{ID: i, Machine: p.Machine, Program: prog, Memory: hier, Width: 32, Stats: &stats[i], PC: pcs}); err != nil {
			t.Fatal(err)
		}
	}
	calls := 0
	s := newSampler(func(uint64, uint64) { calls++ }, false)
	var now core.Cycle
	allocs := testing.AllocsPerRun(20000, func() {
		now += 7
		s.observe(now, sms, stats, hier)
	})
	if allocs != 0 {
		t.Errorf("observe allocates %.2f times per call", allocs)
	}
	if s.interval <= minSampleInterval || len(s.snaps) > maxSamples+1 || calls == 0 {
		t.Errorf("after %d cycles: interval %d, %d snapshots, %d progress calls", now, s.interval, len(s.snaps), calls)
	}
}

// TestCountToMatchesFinish checks the sampler's warp states, counted from
// each partition's open states (SM.CountTo), against flushing every warp
// at each boundary (SM.Finish): every PTX sample and every AMD sample on
// gfx90a, gfx1100 and gfx1100 wave64 gives the same report, and so do
// some of them on two workers and stopped halfway.
func TestCountToMatchesFinish(t *testing.T) {
	type run struct {
		name string
		prep func() *Prepared
	}
	var runs []run
	for _, name := range samples {
		runs = append(runs, run{name, func() *Prepared { return sample(name).prepare(t) }})
	}
	for _, g := range gemmSamples {
		runs = append(runs, run{g.name, func() *Prepared {
			return prepareSample(t, "../traces/samples/"+g.name+".ptx", "../traces/samples/"+g.name+".launch.toml", "sm_80", nil)
		}})
	}
	amd, err := filepath.Glob("../traces/samples/amd/*_gfx*.s")
	if err != nil || len(amd) == 0 {
		t.Fatalf("AMD samples: %v (%d)", err, len(amd))
	}
	for _, f := range amd {
		name, target, _ := strings.Cut(strings.TrimSuffix(filepath.Base(f), ".s"), "_")
		if target == "gfx90a" || strings.HasPrefix(target, "gfx1100") {
			runs = append(runs, run{name + "_" + target, func() *Prepared { return prepareAMDSample(t, name, target) }})
		}
	}
	variants := map[string]bool{"softmax": true, "divergent": true, "gemm_wmma_sm80": true, "fir_gfx90a": true, "reduce_gfx1100w64": true}
	for _, r := range runs {
		for _, c := range []struct {
			what    string
			workers int
			half    bool
		}{{"", 1, false}, {", 2 workers", 2, false}, {", stopped halfway", 1, true}} {
			if c.what != "" && (!variants[r.name] || testing.Short()) {
				continue
			}
			var out [2][]byte
			for i, opt := range []TimingOptions{{Workers: c.workers}, {Workers: c.workers, finishSamples: true}} {
				p := r.prep()
				if c.half {
					full, err := RunTiming(r.prep(), TimingOptions{})
					if err != nil {
						t.Fatal(err)
					}
					p.Limits = Limits{MaxWarpInsts: full.WarpInsts / 2}
				}
				st, err := RunTiming(p, opt)
				if err != nil && (st == nil || st.Partial == nil) {
					t.Fatalf("%s%s: %v", r.name, c.what, err)
				}
				if c.half != (st.Partial != nil) {
					t.Fatalf("%s%s: partial report %v, want %v", r.name, c.what, st.Partial != nil, c.half)
				}
				if len(st.Timing.Samples.WarpInsts) < 2 {
					t.Fatalf("%s%s: %d samples", r.name, c.what, len(st.Timing.Samples.WarpInsts))
				}
				rep := &Report{Trace: r.name, Machine: p.Machine, Kernels: []*KernelStats{st}}
				if out[i], err = rep.JSON(false); err != nil {
					t.Fatal(err)
				}
			}
			if !bytes.Equal(out[0], out[1]) {
				t.Errorf("%s%s: SM.CountTo and SM.Finish give different reports", r.name, c.what)
			}
		}
	}
}
