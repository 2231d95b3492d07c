package sim

import (
	"testing"
)

// TestTimingLatency times dependent chains of 1,000 instructions with
// %clock64 in one warp, as Jia et al. measured Turing: the cycles must be
// 1,000 times the configured latency of the instruction's route (the
// unit's, or a per-opcode override) within 1%.
func TestTimingLatency(t *testing.T) {
	for _, c := range []struct{ kernel, key string }{
		{"lat_fma_f32", "fma.f32"},
		{"lat_ex2_f32", "ex2.f32"},
		{"lat_fma_f64", "fma.f64"},
	} {
		p, _ := micro("latency", c.kernel).timed(t, TimingOptions{})
		r, ok := p.Machine.Route(c.key)
		if !ok {
			t.Fatalf("%s: no route", c.key)
		}
		got, want := float64(words(t, p, "out")[0]), float64(1000*r.Latency)
		t.Logf("%s: %v cycles for 1000 dependent %s (latency %d)", c.kernel, got, c.key, r.Latency)
		if !within(got, want, 0.01) {
			t.Errorf("%s: %v cycles for 1000 dependent %s, want %v (latency %d) within 1%%", c.kernel, got, c.key, want, r.Latency)
		}
	}
}

// throughput runs a tput_* kernel and returns thread instructions of the
// timed chains per cycle on its one SM, from the threads' clock reads.
func throughput(t *testing.T, kernel string, chainInsts int, sets ...string) (float64, *KernelStats) {
	t.Helper()
	p, st := micro("throughput", kernel, sets...).timed(t, TimingOptions{})
	clk := words(t, p, "out")
	first, last := clk[0], clk[1]
	for i := 0; i < len(clk); i += 2 {
		first, last = min(first, clk[i]), max(last, clk[i+1])
	}
	threads := len(clk) / 2
	return float64(threads*chainInsts) / float64(last-first), st
}

// TestTimingThroughput checks that enough independent warps reach the
// configured peak of each unit class: units per SM over the cycles a warp
// instruction occupies one, times 32 threads (FP32 64, MUFU 16 and FP64 2
// results per cycle per SM on sm_75), within 5%.
func TestTimingThroughput(t *testing.T) {
	for _, c := range []struct {
		kernel, key string
		insts       int // timed instructions per thread
	}{
		{"tput_fma_f32", "fma.f32", 8 * 64},
		{"tput_ex2_f32", "ex2.f32", 8 * 32},
		{"tput_fma_f64", "fma.f64", 8 * 16},
	} {
		got, st := throughput(t, c.kernel, c.insts)
		m := micro("throughput", c.kernel).prepare(t).Machine
		r, _ := m.Route(c.key)
		want := m.WarpInstsPerCycle(r.Unit, 32) * 32
		t.Logf("%s: %.3f results per cycle per SM (peak %.3f)", c.kernel, got, want)
		if !within(got, want, 0.05) {
			t.Errorf("%s: %.3f results per cycle per SM, want %.3f (%s) within 5%%", c.kernel, got, want, m.Units[r.Unit].Name)
		}
		if st.Timing.Occupancy.BlocksPerSM != 1 || st.Timing.PerSM[0].PeakWarps != 32 {
			t.Errorf("%s: want the block's 32 warps resident on SM 0, got %+v", c.kernel, st.Timing.Occupancy)
		}
	}
}

// TestTimingWhatIf doubles the SFU (its lanes, as the issue asks, or its
// count): an SFU-bound kernel takes about half the cycles, an FP32-bound one
// exactly as many.
func TestTimingWhatIf(t *testing.T) {
	cycles := func(kernel string, sets ...string) uint64 {
		_, st := micro("throughput", kernel, sets...).timed(t, TimingOptions{})
		return st.Timing.Cycles
	}
	for _, sets := range [][]string{
		{"units.sfu.lanes=8"},
		{"units.sfu.count=2"},
	} {
		sfu, sfu2 := cycles("tput_ex2_f32"), cycles("tput_ex2_f32", sets...)
		if r := float64(sfu2) / float64(sfu); r < 0.45 || r > 0.55 {
			t.Errorf("%v: SFU-bound kernel %d -> %d cycles (x%.3f), want about half", sets, sfu, sfu2, r)
		}
		t.Logf("%v: SFU-bound kernel %d -> %d cycles", sets, sfu, sfu2)
		fp, fp2 := cycles("tput_fma_f32"), cycles("tput_fma_f32", sets...)
		if fp != fp2 {
			t.Errorf("%v: FP32-bound kernel %d -> %d cycles, want unchanged", sets, fp, fp2)
		}
	}
}

// TestTimingBankConflicts loads shared memory at strides 1, 2 and 32
// words: per iteration (the difference between 32 and 16 iterations) a
// stride of 2 costs 2 and a stride of 32 costs 32 times the conflict-free
// stride 1, within 2%.
func TestTimingBankConflicts(t *testing.T) {
	cost := func(stride int64) float64 {
		run := func(iters int64) uint64 {
			b := micro("bank", "")
			b.edit = func(s *LaunchSpec) { scalar(1, stride)(s); scalar(2, iters)(s) }
			_, st := b.timed(t, TimingOptions{})
			return st.Timing.Cycles
		}
		return float64(run(32) - run(16))
	}
	base := cost(1)
	for _, c := range []struct {
		stride int64
		want   float64
	}{{2, 2}, {32, 32}} {
		got := cost(c.stride) / base
		t.Logf("stride %d: %.3f times the conflict-free %.0f cycles", c.stride, got, base)
		if !within(got, c.want, 0.02) {
			t.Errorf("stride %d: %.3f times the conflict-free cost (%.0f cycles per 16 iterations), want %v", c.stride, got, base, c.want)
		}
	}
}
