package sim

import (
	"testing"

	"github.com/gpusim/gpusim/config"
	"github.com/gpusim/gpusim/core"
	"github.com/gpusim/gpusim/traces/amdgpu"
	"github.com/gpusim/gpusim/traces/ptx"
)

// The machine-model keys that were constants in Go (memory.l1.cycles_per_line,
// the write policies, memory.l2.slices and slice_bandwidth,
// memory.store_ack_latency, sm.block_launch_latency,
// scheduler.taken_branch_penalty): each must move the timing the way an
// architect expects, and the defaults must time as before (the golden
// reports hold that).

// knobLoop counts to 100 in one register: 100 iterations, 99 of them
// ending in a taken branch, and no memory access.
const knobLoop = `.version 7.0
.target sm_75
.address_size 64
.visible .entry loop()
{
	.reg .b32 %r<4>;
	.reg .pred %p<2>;
	mov.u32 %r1, 0;
$L_top:
	add.u32 %r1, %r1, 1;
	setp.lt.u32 %p1, %r1, 100;
	@%p1 bra $L_top;
	ret;
}
`

// knobStores has every thread store to its own word 64 times: the same
// line again and again.
const knobStores = `.version 7.0
.target sm_75
.address_size 64
.visible .entry stores(.param .u64 stores_param_0)
{
	.reg .b32 %r<4>;
	.reg .b64 %rd<4>;
	.reg .pred %p<2>;
	ld.param.u64 %rd1, [stores_param_0];
	cvta.to.global.u64 %rd1, %rd1;
	mov.u32 %r1, %tid.x;
	mul.wide.u32 %rd2, %r1, 4;
	add.s64 %rd1, %rd1, %rd2;
	mov.u32 %r2, 0;
$L_top:
	st.global.u32 [%rd1], %r2;
	add.u32 %r2, %r2, 1;
	setp.lt.u32 %p1, %r2, 64;
	@%p1 bra $L_top;
	ret;
}
`

// runPTXText times a PTX kernel given as text on sm_75 with overrides, in
// grid blocks of one warp (its parameters get the stated defaults).
func runPTXText(t *testing.T, src string, grid uint32, sets ...string) *KernelStats {
	t.Helper()
	prog, err := ptx.Parse("knob.ptx", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	m, err := config.Load("sm_75", sets)
	if err != nil {
		t.Fatal(err)
	}
	if err := CheckMachine(m); err != nil {
		t.Fatal(err)
	}
	p, err := Prepare(prog, m, nil, Overrides{Grid: [3]uint32{grid, 1, 1}})
	if err != nil {
		t.Fatal(err)
	}
	st, err := RunTiming(p, TimingOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// TestKnobTakenBranch: on a loop run by one warp, every taken branch costs
// scheduler.taken_branch_penalty more cycles, exactly.
func TestKnobTakenBranch(t *testing.T) {
	base := runPTXText(t, knobLoop, 1).Timing.Cycles
	for _, pen := range []uint64{1, 5} {
		got := runPTXText(t, knobLoop, 1, "scheduler.taken_branch_penalty="+itoa(pen)).Timing.Cycles
		t.Logf("taken_branch_penalty %d: %d -> %d cycles", pen, base, got)
		if got != base+99*pen {
			t.Errorf("taken_branch_penalty %d: %d cycles, want %d + 99 taken branches x %d = %d", pen, got, base, pen, base+99*pen)
		}
	}
}

// TestKnobBlockLaunch: a block's warps start sm.block_launch_latency
// cycles after its dispatch. With every block resident at once the kernel
// takes exactly that much longer, the wait counting as no_instruction;
// with two rounds of blocks per SM (sm_75 holds 16) it pays twice.
func TestKnobBlockLaunch(t *testing.T) {
	const lat = 300
	for _, c := range []struct {
		grid   uint32
		rounds uint64
	}{{1, 1}, {30 * 16, 1}, {2 * 30 * 16, 2}} {
		base := runPTXText(t, knobLoop, c.grid)
		got := runPTXText(t, knobLoop, c.grid, "sm.block_launch_latency=300")
		d := got.Timing.Cycles - base.Timing.Cycles
		t.Logf("grid %d: %d -> %d cycles", c.grid, base.Timing.Cycles, got.Timing.Cycles)
		if c.rounds == 1 && d != lat || d < c.rounds*lat || d > (c.rounds+1)*lat {
			t.Errorf("grid %d: block_launch_latency %d added %d cycles, want %d rounds' worth", c.grid, lat, d, c.rounds)
		}
		wait := got.Timing.Stalls[core.NoInstruction] - base.Timing.Stalls[core.NoInstruction]
		if want := uint64(c.grid) * lat; wait != want {
			t.Errorf("grid %d: %d more no_instruction warp-cycles, want %d warps x %d", c.grid, wait, c.grid, lat)
		}
	}
}

// vecaddBench is the vecadd sample shortened to 2^17 elements: a
// streaming, bandwidth-bound kernel.
func vecaddBench(sets ...string) bench {
	return bench{ptx: "../traces/samples/vecadd.ptx", launch: "../traces/samples/vecadd.launch.toml",
		sets: sets, edit: scalar(3, 1<<17)}
}

// TestKnobL2Slices: when the L2's ports limit a streaming kernel, more
// slices or wider ports take fewer cycles.
func TestKnobL2Slices(t *testing.T) {
	cycles := func(sets ...string) (uint64, *KernelStats) {
		_, st := vecaddBench(sets...).timed(t, TimingOptions{})
		return st.Timing.Cycles, st
	}
	unlimited, st := cycles()
	if got := st.Timing.Memory.GPU.L2Slices; got != 1 {
		t.Errorf("default: %d L2 slices, want 1", got)
	}
	narrow, nst := cycles("memory.l2.slice_bandwidth=16")
	sliced, _ := cycles("memory.l2.slices=4", "memory.l2.slice_bandwidth=16")
	wide, _ := cycles("memory.l2.slice_bandwidth=64")
	t.Logf("one 16 B/cycle slice %d cycles, four %d, one 64 B/cycle %d, unlimited %d", narrow, sliced, wide, unlimited)
	if !(narrow > sliced && narrow > wide && sliced >= unlimited && wide >= unlimited) {
		t.Errorf("cycles: one narrow slice %d, four %d, one wide %d, unlimited %d: want narrow > four, narrow > wide, both >= unlimited", narrow, sliced, wide, unlimited)
	}
	// The one 16-byte port must bound the kernel: it cannot finish before
	// the port has moved what the SMs read.
	if read := nst.Timing.Memory.GPU.L2ReadBytes; narrow < read/16 {
		t.Errorf("one 16 B/cycle slice: %d cycles for %d bytes read", narrow, read)
	}
}

// TestKnobL1CyclesPerLine: a slower L1 pipeline (more cycles per line)
// makes a memory-bound kernel slower.
func TestKnobL1CyclesPerLine(t *testing.T) {
	_, fast := vecaddBench().timed(t, TimingOptions{})
	_, slow := vecaddBench("memory.l1.cycles_per_line=16").timed(t, TimingOptions{})
	t.Logf("cycles_per_line 1: %d cycles, 16: %d", fast.Timing.Cycles, slow.Timing.Cycles)
	if slow.Timing.Cycles <= fast.Timing.Cycles {
		t.Errorf("cycles_per_line 16: %d cycles, not more than %d at 1", slow.Timing.Cycles, fast.Timing.Cycles)
	}
	if f, s := fast.Timing.Memory.SM.L1Busy, slow.Timing.Memory.SM.L1Busy; s != 16*f {
		t.Errorf("L1 busy %d -> %d cycles, want 16 times", f, s)
	}
}

// TestKnobWritePolicies: repeated stores to one line stay in a write-back,
// write-allocate L1 (the L2 sees none of them) and go through a
// write-through one; a write-through L2 forwards every write to DRAM, a
// write-back one none while the line stays.
func TestKnobWritePolicies(t *testing.T) {
	mem := func(sets ...string) (l2w, dramw uint64) {
		g := runPTXText(t, knobStores, 1, sets...).Timing.Memory.GPU
		return g.L2WriteBytes, g.DRAM.WriteBytes
	}
	throughL2, backDRAM := mem()
	backL2, _ := mem("memory.l1.write=back", "memory.l1.write_allocate=true")
	_, throughDRAM := mem("memory.l2.write=through")
	t.Logf("L2 write bytes: L1 write-through %d, write-back %d; DRAM write bytes: L2 write-back %d, write-through %d",
		throughL2, backL2, backDRAM, throughDRAM)
	if throughL2 != 64*128 || backL2 != 0 {
		t.Errorf("L2 write bytes: %d through a write-through L1 (want 64 stores x 128), %d from a write-back one (want 0)", throughL2, backL2)
	}
	if backDRAM != 0 || throughDRAM != 64*128 {
		t.Errorf("DRAM write bytes: %d under a write-back L2 (want 0), %d under a write-through one (want 64 x 128)", backDRAM, throughDRAM)
	}
}

func itoa(n uint64) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

// TestKnobStoreAck: an AMD wave waiting for its global stores (s_waitcnt
// vscnt / vmcnt) waits memory.store_ack_latency after the memory pipeline
// took them: 200 more cycles of acknowledgement are 200 more cycles at the
// wait and in the kernel.
func TestKnobStoreAck(t *testing.T) {
	for _, target := range []string{"gfx90a", "gfx1100", "gfx1200"} {
		run := func(sets ...string) *KernelStats {
			st, err := RunTiming(amdMicro(t, "wait", target, "storewait", sets...), TimingOptions{})
			if err != nil {
				t.Fatal(err)
			}
			return st
		}
		base := run()
		ack := amdMicro(t, "wait", target, "storewait").Machine.Memory.StoreAckLatency
		if l2 := amdMicro(t, "wait", target, "storewait").Machine.Memory.L2.Latency; ack != l2 {
			t.Errorf("%s: store_ack_latency %d, want the preset's L2 latency %d", target, ack, l2)
		}
		slow := run("memory.store_ack_latency=" + itoa(uint64(ack+200)))
		t.Logf("%s: store_ack_latency %d: %d cycles, %d: %d", target, ack, base.Timing.Cycles, ack+200, slow.Timing.Cycles)
		if slow.Timing.Cycles != base.Timing.Cycles+200 {
			t.Errorf("%s: %d -> %d cycles, want 200 more", target, base.Timing.Cycles, slow.Timing.Cycles)
		}
		d := slow.Timing.Stalls[core.LongScoreboard] - base.Timing.Stalls[core.LongScoreboard]
		if waves := uint64(slow.Timing.PerSM[0].PeakWarps); d == 0 || d > 200*waves*uint64(len(slow.Timing.PerSM)) {
			t.Errorf("%s: %d more long_scoreboard warp-cycles", target, d)
		}
	}
}

// TestKnobSGPRsPerWave: a kernel addressing more SGPRs than a wave may
// (its .amdhsa_next_free_sgpr over sm.sgprs_per_wave) cannot run; at the
// limit it runs.
func TestKnobSGPRsPerWave(t *testing.T) {
	prog, err := amdgpu.Parse("k.s", []byte(amdGenKernel("gfx1100", nil)))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		limit string
		want  string
	}{
		{"8", ""},
		{"7", "kernel k cannot run on gfx1100 (32 VGPRs, 0 bytes of LDS per workgroup): 8 SGPRs exceed sm.sgprs_per_wave 7"},
	} {
		m, err := config.Load("gfx1100", []string{"sm.sgprs_per_wave=" + c.limit})
		if err != nil {
			t.Fatal(err)
		}
		p, err := Prepare(prog, m, &LaunchSpec{Grid: [3]uint32{1, 1, 1}, Block: [3]uint32{32, 1, 1}}, Overrides{})
		if err != nil {
			t.Fatal(err)
		}
		_, err = RunTiming(p, TimingOptions{})
		if got := errText(err); got != c.want {
			t.Errorf("sgprs_per_wave %s: %q, want %q", c.limit, got, c.want)
		}
	}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
