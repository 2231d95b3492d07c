package sim

import (
	"bytes"
	"fmt"
	"github.com/gpusim/gpusim/traces/amdgpu"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gpusim/gpusim/config"
	"github.com/gpusim/gpusim/core"
	"github.com/gpusim/gpusim/traces"
)

// AMD timing microbenchmarks: hand-written kernels in amdTimingDir (with
// launch files) and generated ones, each checking one part of the model
// against the machine model's numbers.

// amdTimingDir holds the hand-written AMD timing fixtures.
const amdTimingDir = timingDir + "/amd"

// amdMicro prepares kernel (empty: the launch file's) of fixture
// name_target in amdTimingDir on the target's preset with sets applied.
func amdMicro(t testing.TB, name, target, kernel string, sets ...string) *Prepared {
	t.Helper()
	base := filepath.Join(amdTimingDir, name+"_"+target)
	src, err := os.ReadFile(base + ".s")
	if err != nil {
		t.Fatal(err)
	}
	prog, err := amdgpu.Parse(base+".s", src)
	if err != nil {
		t.Fatal(err)
	}
	m, err := config.Load(target, sets)
	if err != nil {
		t.Fatal(err)
	}
	spec, err := LoadLaunch(base + ".launch.toml")
	if err != nil {
		t.Fatal(err)
	}
	p, err := Prepare(prog, m, spec, Overrides{Kernel: kernel})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// amdGenKernel is an AMDGPU kernel named k for target with the given
// instructions and s_endpgm, without arguments.
func amdGenKernel(target string, body []string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "\t.amdgcn_target \"amdgcn-amd-amdhsa--%s\"\n\t.text\nk:\n", target)
	for _, in := range body {
		fmt.Fprintf(&b, "\t%s\n", in)
	}
	b.WriteString("\ts_endpgm\n\t.section .rodata,\"a\",@progbits\n\t.amdhsa_kernel k\n")
	b.WriteString("\t\t.amdhsa_next_free_vgpr 32\n\t\t.amdhsa_next_free_sgpr 8\n")
	if !strings.HasPrefix(target, "gfx9") {
		b.WriteString("\t\t.amdhsa_wavefront_size32 1\n")
	}
	b.WriteString("\t.end_amdhsa_kernel\n")
	return b.String()
}

// runGenerated times a generated kernel on the target's preset: one
// workgroup of one wave.
func runGenerated(t *testing.T, target string, body []string, sets ...string) (*Prepared, *KernelStats) {
	t.Helper()
	prog, err := amdgpu.Parse("k.s", []byte(amdGenKernel(target, body)))
	if err != nil {
		t.Fatal(err)
	}
	m, err := config.Load(target, sets)
	if err != nil {
		t.Fatal(err)
	}
	wave := prog.Kernels[0].AMD.WaveSize
	p, err := Prepare(prog, m, &LaunchSpec{Grid: [3]uint32{1, 1, 1}, Block: [3]uint32{uint32(wave), 1, 1}}, Overrides{})
	if err != nil {
		t.Fatal(err)
	}
	st, err := RunTiming(p, TimingOptions{})
	if err != nil {
		t.Fatal(err)
	}
	checkAMDInvariants(t, target, p, st)
	return p, st
}

// checkAMDInvariants is checkInvariants for AMD kernels, where a VOPD pair
// is two warp instructions issued in one cycle and a pure hint (s_delay_alu,
// s_clause, ...) executes without an issue.
func checkAMDInvariants(t *testing.T, name string, p *Prepared, st *KernelStats) {
	t.Helper()
	tm := st.Timing
	var states, resident, smInsts, unissued uint64
	for _, c := range tm.Stalls {
		states += c
	}
	for _, s := range tm.PerSM {
		smInsts += s.WarpInsts
		resident += s.ResidentWarps
	}
	var pcStates [core.NumReasons]uint64
	for pc := range tm.PC {
		for r, c := range tm.PC[pc].States {
			pcStates[r] += c
		}
		if n := tm.PC[pc].Latency.N; n != st.PerPCWarp[pc] {
			t.Errorf("%s: pc %d: %d latency samples, %d executions", name, pc, n, st.PerPCWarp[pc])
		}
		if pc < len(p.Kernel.Code) {
			in := &p.Kernel.Code[pc]
			hint := traces.AMDOp(in.Op).Class == traces.AMDClassHint && in.Op != traces.OpSNop && in.Op != traces.OpSSleep
			if hint || in.Flags&traces.FlagAMDDualY != 0 {
				unissued += st.PerPCWarp[pc]
			}
			// A hint takes no time; only a taken branch's delay may count
			// on one at its target.
			other := tm.PC[pc].States
			other[core.NoInstruction] = 0
			if hint && (tm.PC[pc].Latency.Max != 0 || other != [core.NumReasons]uint64{}) {
				t.Errorf("%s: pc %d (%s): a hint with latency %d and states %v", name, pc, in.Text, tm.PC[pc].Latency.Max, tm.PC[pc].States)
			}
		}
	}
	if pcStates != tm.Stalls {
		t.Errorf("%s: per-instruction states %v do not sum to the kernel's %v", name, pcStates, tm.Stalls)
	}
	if issued := tm.Stalls[core.Selected]; issued+unissued != st.WarpInsts || smInsts != st.WarpInsts {
		t.Errorf("%s: %d selected cycles and %d VOPD Y halves and hints, %d SM warp instructions, %d warp instructions", name, issued, unissued, smInsts, st.WarpInsts)
	}
	if resident != states {
		t.Errorf("%s: %d warp-cycles in states, %d resident warp-cycles", name, states, resident)
	}
	if tm.Cycles == 0 || tm.IPC <= 0 {
		t.Errorf("%s: %d cycles, IPC %v", name, tm.Cycles, tm.IPC)
	}
}

// TestAMDTimingDependentChain: n instructions that each read the previous
// one's result take n x the unit's configured latency (within 1%): the
// scoreboard interlocks VALU (and TRANS) results on GFX9 and GFX11 alike,
// and s_delay_alu hints between them cost nothing extra.
func TestAMDTimingDependentChain(t *testing.T) {
	const n = 1000
	for _, c := range []struct {
		target, inst, unit, hint string
		sets                     []string
	}{
		{"gfx1100", "v_fma_f32 v1, v1, v2, v3", "valu", "", nil},
		{"gfx1100", "v_fma_f32 v1, v1, v2, v3", "valu", "s_delay_alu instid0(VALU_DEP_1)", nil},
		{"gfx1100", "v_fma_f32 v1, v1, v2, v3", "valu", "", []string{"units.valu.latency=9"}},
		{"gfx1100", "v_rcp_f32_e32 v1, v1", "trans", "s_delay_alu instid0(TRANS32_DEP_1)", nil},
		{"gfx1200", "v_fma_f32 v1, v1, v2, v3", "valu", "s_delay_alu instid0(VALU_DEP_1)", nil},
		{"gfx90a", "v_fma_f32 v1, v1, v2, v3", "valu", "", nil},
		{"gfx90a", "v_add_f32_e32 v1, v1, v2", "valu", "", []string{"units.valu.latency=8"}},
	} {
		name := fmt.Sprintf("%s %s %q %v", c.target, c.inst, c.hint, c.sets)
		body := []string{}
		for i := 0; i < n; i++ {
			body = append(body, c.inst)
			if c.hint != "" {
				body = append(body, c.hint)
			}
		}
		p, st := runGenerated(t, c.target, body, c.sets...)
		u, _ := p.Machine.UnitIndex(c.unit)
		want := float64(n * p.Machine.Units[u].Latency)
		if got := float64(st.Timing.Cycles); !within(got, want, 0.01) {
			t.Errorf("%s: %v cycles, want %v (n x latency) within 1%%", name, got, want)
		}
	}
}

// TestAMDTimingNop: s_nop N idles the wave N+1 cycles, its own issue
// included, counted on the s_nop.
func TestAMDTimingNop(t *testing.T) {
	for _, c := range []struct {
		target string
		n      uint64
	}{{"gfx1100", 0}, {"gfx1100", 7}, {"gfx1100", 15}, {"gfx90a", 3}} {
		_, st := runGenerated(t, c.target, []string{"v_mov_b32_e32 v1, 0", fmt.Sprintf("s_nop %d", c.n), "v_mov_b32_e32 v2, 0"})
		s := st.Timing.PC[1].States
		if s[core.Selected] != 1 || s[core.ShortScoreboard] != c.n {
			t.Errorf("%s: s_nop %d: states %v, want 1 selected and %d short_scoreboard", c.target, c.n, s, c.n)
		}
	}
}

// findPC is the first instruction of p's kernel whose text starts with
// prefix.
func findPC(t *testing.T, p *Prepared, prefix string) int {
	t.Helper()
	for pc, in := range p.Kernel.Code {
		if strings.HasPrefix(strings.TrimSpace(in.Text), prefix) {
			return pc
		}
	}
	t.Fatalf("kernel %s has no %q", p.Kernel.Name, prefix)
	return -1
}

// TestAMDTimingWaitcnt: a global load followed by a wait for it
// (s_waitcnt vmcnt(0); GFX12 s_wait_loadcnt) and a use stalls the wave at
// the wait (long_scoreboard on the wait's PC) for the load's memory
// latency, and the use reads the loaded value; without the wait nothing
// stalls after the kernel arguments arrive, and the use reads the
// register's old value, in the timing and the functional mode alike. A
// wait for a store (s_waitcnt_vscnt; GFX9 vmcnt; GFX12 s_wait_storecnt)
// holds the wave until the L2 acknowledges the store.
func TestAMDTimingWaitcnt(t *testing.T) {
	for _, target := range []string{"gfx1100", "gfx1200", "gfx90a"} {
		for _, kernel := range []string{"wait", "nowait", "storewait"} {
			name := target + " " + kernel
			p := amdMicro(t, "wait", target, kernel)
			st, err := RunTiming(p, TimingOptions{})
			if err != nil {
				t.Fatal(err)
			}
			checkAMDInvariants(t, name, p, st)
			fp := amdMicro(t, "wait", target, kernel)
			if _, err := RunFunctional(fp); err != nil {
				t.Fatal(err)
			}
			in, out, fout := u32s(buf(t, p, "in")), u32s(buf(t, p, "out")), u32s(buf(t, fp, "out"))
			for i := range out {
				want := map[string]uint32{"wait": in[i] + 1, "nowait": 8, "storewait": uint32(i)}[kernel]
				if out[i] != want || fout[i] != want {
					t.Fatalf("%s: out[%d] = %d (functional %d), want %d", name, i, out[i], fout[i], want)
				}
			}
			// The first wait is for the kernel arguments, the second (if
			// any) for the global access.
			var waits []int
			mem := -1
			for pc := range p.Kernel.Code {
				switch traces.AMDOp(p.Kernel.Code[pc].Op).Class {
				case traces.AMDClassWait:
					waits = append(waits, pc)
				case traces.AMDClassVMEM:
					if mem < 0 {
						mem = pc
					}
				}
			}
			pcs := st.Timing.PC
			lat := pcs[mem].Latency.Max
			if kernel == "storewait" {
				// A store completes for its counter when the L2 acknowledges it.
				lat += uint64(p.Machine.Memory.StoreAckLatency)
			}
			if kernel != "storewait" && lat < uint64(p.Machine.Memory.L1.Latency) {
				t.Fatalf("%s: load latency %d below the L1's", name, lat)
			}
			for pc := range pcs {
				stall := pcs[pc].States[core.LongScoreboard]
				switch {
				case pc == waits[0]:
					continue
				case kernel != "nowait" && pc == waits[1]:
					if stall+8 < lat || stall > lat {
						t.Errorf("%s: %d long_scoreboard cycles at the wait, memory latency %d", name, stall, lat)
					}
					if l := pcs[pc].Latency.Max; l != stall+1 {
						t.Errorf("%s: the wait's latency is %d, want its stall + 1 = %d", name, l, stall+1)
					}
				case stall != 0:
					t.Errorf("%s: pc %d: %d long_scoreboard cycles", name, pc, stall)
				}
			}
			if kernel == "nowait" && len(waits) != 1 || kernel != "nowait" && len(waits) != 2 {
				t.Errorf("%s: waits at %v", name, waits)
			}
		}
	}
}

// TestAMDTimingLDSConflicts: LDS accesses go through the bank model (32
// banks of 4 bytes; a wave64 in two halves): a stride of 128 bytes puts
// every lane in one bank, 32 passes per half-wave instead of 1, and the
// wait for the LDS results grows by the extra passes.
func TestAMDTimingLDSConflicts(t *testing.T) {
	for _, c := range []struct {
		target         string
		phases, passes uint64 // per access, conflict-free and 32-way
	}{{"gfx1100", 1, 32}, {"gfx90a", 2, 64}} {
		var stall [2]uint64
		for i, kernel := range []string{"lds1", "lds32"} {
			p := amdMicro(t, "lds", c.target, kernel)
			st, err := RunTiming(p, TimingOptions{})
			if err != nil {
				t.Fatal(err)
			}
			checkAMDInvariants(t, c.target+" "+kernel, p, st)
			ms := st.Timing.Memory.SM
			want := 2 * c.phases
			if i == 1 {
				want = 2 * c.passes
			}
			if ms.SharedLoads != 1 || ms.SharedStores != 1 || ms.SharedPhases != 2*c.phases || ms.SharedPasses != want {
				t.Errorf("%s %s: %d loads %d stores, %d phases %d passes; want 1 1 %d %d",
					c.target, kernel, ms.SharedLoads, ms.SharedStores, ms.SharedPhases, ms.SharedPasses, 2*c.phases, want)
			}
			stall[i] = st.Timing.PC[findPC(t, p, "s_waitcnt")].States[core.LongScoreboard]
		}
		extra := 2 * (c.passes - c.phases)
		if d := stall[1] - stall[0]; stall[1] < stall[0] || d+2 < extra || d > extra+2 {
			t.Errorf("%s: the LDS wait stalls %d cycles conflict-free, %d with conflicts; want %d more", c.target, stall[0], stall[1], extra)
		}
	}
}

// TestAMDTimingBarrier: three waves wait at the workgroup barrier (s_barrier;
// GFX12's s_barrier_signal / s_barrier_wait) while the fourth runs 64
// dependent VALU instructions: the barrier state holds about 3 x 64 x the
// VALU latency, on the barrier's PC, and every wave retires.
func TestAMDTimingBarrier(t *testing.T) {
	for _, c := range []struct{ target, wait string }{{"gfx1100", "s_barrier"}, {"gfx1200", "s_barrier_wait"}} {
		p := amdMicro(t, "barrier", c.target, "")
		st, err := RunTiming(p, TimingOptions{})
		if err != nil {
			t.Fatal(err)
		}
		checkAMDInvariants(t, c.target, p, st)
		u, _ := p.Machine.UnitIndex("valu")
		chain := float64(64 * p.Machine.Units[u].Latency)
		at := st.Timing.PC[findPC(t, p, c.wait)].States[core.Barrier]
		if total := st.Timing.Stalls[core.Barrier]; at != total || !within(float64(at), 3*chain, 0.1) {
			t.Errorf("%s: %d barrier cycles on %s (%d in all), want about %v", c.target, at, c.wait, total, 3*chain)
		}
		exits := st.PerPCWarp[findPC(t, p, "s_endpgm")]
		if exits != 4 || st.Timing.PerSM[0].Blocks != 1 {
			t.Errorf("%s: %d waves reached s_endpgm, %d blocks ran on SM 0", c.target, exits, st.Timing.PerSM[0].Blocks)
		}
	}
}

// TestAMDTimingEventSkipping: jumping the clock to the next event gives
// the same report as stepping every cycle on AMD kernels with waits,
// barriers, LDS and divergence, under every scheduling policy.
func TestAMDTimingEventSkipping(t *testing.T) {
	for _, policy := range []string{"gto", "lrr", "oldest", "two_level"} {
		for _, c := range []struct{ name, target string }{
			{"reduce", "gfx90a"}, {"div", "gfx1100"}, {"fir", "gfx1200"}, {"divergent", "gfx1030"},
		} {
			var out [2][]byte
			for i, every := range []bool{false, true} {
				p := prepareAMDSample(t, c.name, c.target, func(s *LaunchSpec) {
					s.Grid[0] = min(s.Grid[0], 6)
					if c.name == "div" {
						s.Args[3].Value = Scalar{Int: 6 * int64(s.Block[0])}
					}
				})
				m, err := config.Load(c.target, []string{"scheduler.policy=" + policy, "scheduler.two_level_active=2", "gpu.sms=2"})
				if err != nil {
					t.Fatal(err)
				}
				p.Machine = m
				st, err := RunTiming(p, TimingOptions{CycleByCycle: every})
				if err != nil {
					t.Fatal(err)
				}
				checkAMDInvariants(t, c.name+" "+c.target, p, st)
				rep := &Report{Trace: c.name, Machine: p.Machine, Kernels: []*KernelStats{st}}
				if out[i], err = rep.JSON(false); err != nil {
					t.Fatal(err)
				}
			}
			if !bytes.Equal(out[0], out[1]) {
				t.Errorf("%s %s under %s: event skipping and cycle-by-cycle stepping differ", c.name, c.target, policy)
			}
		}
	}
}
