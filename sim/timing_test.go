package sim

import (
	"bytes"
	"encoding/json"
	"errors"
	"github.com/gpusim/gpusim/traces/ptx"
	"os"
	"strings"
	"testing"

	"github.com/gpusim/gpusim/config"
	"github.com/gpusim/gpusim/core"
)

// samples are the bundled samples in traces/samples.
var samples = []string{"softmax", "vecadd", "ex2", "rcp64", "divd", "divergent"}

func sample(name string) bench {
	return bench{ptx: "../traces/samples/" + name + ".ptx", launch: "../traces/samples/" + name + ".launch.toml"}
}

// TestTimingMatchesFunctional runs every sample in both modes: every buffer
// (inputs and outputs) must hold the same bytes, and the per-instruction
// execution counts must agree.
func TestTimingMatchesFunctional(t *testing.T) {
	for _, name := range samples {
		pf := sample(name).prepare(t)
		sf, err := RunFunctional(pf)
		if err != nil {
			t.Fatal(err)
		}
		pt, st := sample(name).timed(t, TimingOptions{})
		for _, b := range pf.Spec.Buffers {
			want, _ := pf.Buffer(b.Name)
			got, _ := pt.Buffer(b.Name)
			if !bytes.Equal(got, want) {
				t.Errorf("%s: buffer %s differs between the functional and the timing mode", name, b.Name)
			}
		}
		if st.WarpInsts != sf.WarpInsts || st.ThreadInsts != sf.ThreadInsts {
			t.Errorf("%s: timing executed %d/%d warp/thread instructions, functional %d/%d", name, st.WarpInsts, st.ThreadInsts, sf.WarpInsts, sf.ThreadInsts)
		}
		checkInvariants(t, name, st)
	}
}

// checkInvariants checks what must hold of any timing run: every active
// warp is in exactly one state every cycle (the states sum to the resident
// warp-cycles), per-instruction states sum to the kernel's, selected cycles
// are the issue slots used (instructions, or the micro-ops of expanded
// ones), and per-instruction latency samples are the executions.
func checkInvariants(t *testing.T, name string, st *KernelStats) {
	t.Helper()
	tm := st.Timing
	var states, resident, smInsts uint64
	for _, c := range tm.Stalls {
		states += c
	}
	for _, s := range tm.PerSM {
		smInsts += s.WarpInsts
		resident += s.ResidentWarps
		var perSM [core.NumReasons]uint64
		for _, sc := range s.PerScheduler {
			for r, c := range sc {
				perSM[r] += c
			}
		}
		if perSM != s.Stalls {
			t.Errorf("%s: SM %d: schedulers' states %v do not sum to the SM's %v", name, s.ID, perSM, s.Stalls)
		}
	}
	var pcStates [core.NumReasons]uint64
	for pc := range tm.PC {
		for r, c := range tm.PC[pc].States {
			pcStates[r] += c
		}
		if n := tm.PC[pc].Latency.N; n != st.PerPCWarp[pc] {
			t.Errorf("%s: pc %d: %d latency samples, %d executions", name, pc, n, st.PerPCWarp[pc])
		}
	}
	if pcStates != tm.Stalls {
		t.Errorf("%s: per-instruction states %v do not sum to the kernel's %v", name, pcStates, tm.Stalls)
	}
	// A selected warp-cycle is one issue slot: a warp instruction, or one
	// micro-op of an instruction issued as its machine code (expansions).
	var slots uint64
	for pc := range tm.PC {
		if u := tm.PC[pc].Units; u != nil {
			for _, c := range u {
				slots += c.Ops
			}
			continue
		}
		slots += st.PerPCWarp[pc]
	}
	if issued := tm.Stalls[core.Selected]; issued != slots || smInsts != st.WarpInsts {
		t.Errorf("%s: %d selected cycles, %d issue slots, %d SM warp instructions, %d warp instructions", name, issued, slots, smInsts, st.WarpInsts)
	}
	if resident != states {
		t.Errorf("%s: %d warp-cycles in states, %d resident warp-cycles", name, states, resident)
	}
	if tm.Cycles == 0 || tm.IPC <= 0 {
		t.Errorf("%s: %d cycles, IPC %v", name, tm.Cycles, tm.IPC)
	}
}

// TestTimingDeterministic runs softmax twice: the JSON reports (without
// wall-clock figures) and the text reports must be byte-identical.
func TestTimingDeterministic(t *testing.T) {
	var js, texts [2][]byte
	for i := range js {
		p, st := sample("softmax").timed(t, TimingOptions{})
		rep := &Report{Trace: "softmax.ptx", Machine: p.Machine, Kernels: []*KernelStats{st}}
		var err error
		if js[i], err = rep.JSON(false); err != nil {
			t.Fatal(err)
		}
		st.WallSeconds = 0
		var b bytes.Buffer
		if err := rep.WriteText(&b); err != nil {
			t.Fatal(err)
		}
		texts[i] = b.Bytes()
	}
	if !bytes.Equal(js[0], js[1]) {
		t.Error("two timing runs gave different JSON")
	}
	if !bytes.Equal(texts[0], texts[1]) {
		t.Error("two timing runs gave different text reports")
	}
}

// TestTimingEventSkipping compares jumping the clock to the next event with
// stepping every cycle, and with a listener attached, under every
// scheduling policy and on kernels with memory, barriers, divergence and
// functional-unit contention: all counters (the whole JSON report) must be
// identical.
func TestTimingEventSkipping(t *testing.T) {
	runs := []bench{
		sample("softmax"), sample("divergent"), micro("sched", ""), micro("bank", ""),
	}
	runs[0].ov.Grid = [3]uint32{40, 1, 1}
	runs[1].ov.Grid = [3]uint32{8, 1, 1}
	for _, policy := range []string{"gto", "lrr", "oldest", "two_level", "oldest/interval", "oldest/interval/wide"} {
		for _, b := range runs {
			b.sets = []string{"scheduler.policy=" + policy, "scheduler.two_level_active=2"}
			switch policy {
			case "oldest/interval":
				// Partitions issue in turn (every 4th cycle), sharing the
				// SM-scope units: a unit may be taken while a warp waits
				// for its slot.
				b.sets = []string{"scheduler.policy=oldest", "scheduler.issue_interval=4", "scheduler.issue_width=2"}
			case "oldest/interval/wide":
				// The same on one SM of two partitions of up to 80 warps
				// each: the warps waiting for their slot are sets of more
				// than 64 (core's selBits words).
				b.sets = []string{"scheduler.policy=oldest", "scheduler.issue_interval=4", "scheduler.issue_width=2",
					"gpu.sms=1", "sm.partitions=2", "sm.warps_per_partition=80", "sm.max_blocks=40", "sm.max_threads=5120",
					"sm.registers=262144", "sm.shared_memory=262144"}
			}
			// Event skipping, cycle-by-cycle stepping, and event skipping
			// with a listener (under which core sets no state ahead of
			// the step that finds it).
			var out [3][]byte
			for i, opt := range []TimingOptions{{}, {CycleByCycle: true}, {Listener: core.NopListener{}}} {
				p, st := b.timed(t, opt)
				checkInvariants(t, b.ptx, st)
				rep := &Report{Trace: b.ptx, Machine: p.Machine, Kernels: []*KernelStats{st}}
				var err error
				if out[i], err = rep.JSON(false); err != nil {
					t.Fatal(err)
				}
			}
			if !bytes.Equal(out[0], out[1]) {
				t.Errorf("%s under %s: event skipping and cycle-by-cycle stepping differ", b.ptx, policy)
			}
			if !bytes.Equal(out[0], out[2]) {
				t.Errorf("%s under %s: a listener changes the report", b.ptx, policy)
			}
		}
	}
}

// TestTimingSchedulers checks the issue order of the policies on sched,
// where partition 0 holds warps 0 and 4, each able to issue every cycle:
// gto and oldest run one to the end before the other, lrr (and two_level,
// round robin within an active set of 2) alternates; warp 1, alone in its
// partition, issues every cycle.
func TestTimingSchedulers(t *testing.T) {
	for _, c := range []struct {
		policy string
		greedy bool // one of warps 0 and 4 runs its section alone
	}{{"gto", true}, {"oldest", true}, {"lrr", false}, {"two_level", false}} {
		p, _ := micro("sched", "", "scheduler.policy="+c.policy, "scheduler.two_level_active=2").timed(t, TimingOptions{})
		clk := words(t, p, "out")
		d0, d4 := clk[1]-clk[0], clk[9]-clk[8]
		if c.greedy && min(d0, d4) > 132 || !c.greedy && min(d0, d4) < 250 {
			t.Errorf("%s: warps 0 and 4 took %d and %d cycles for 128 instructions each", c.policy, d0, d4)
		}
		if d := clk[3] - clk[2]; d < 128 || d > 132 {
			t.Errorf("%s: warp 1, alone in its partition, took %d cycles for 128 independent instructions", c.policy, d)
		}
	}
	// Two issues per cycle: warps 0 and 4 no longer share the slot.
	p, _ := micro("sched", "", "scheduler.issue_width=2").timed(t, TimingOptions{})
	clk := words(t, p, "out")
	if d0, d4 := clk[1]-clk[0], clk[9]-clk[8]; max(d0, d4) > 134 {
		t.Errorf("issue_width 2: warps 0 and 4 took %d and %d cycles for 128 instructions each", d0, d4)
	}
}

// TestTimingDeadlock: warps waiting at a barrier that can never complete
// (warp 0 exits, warp 1 waits for 64 threads) are the program's fault,
// reported with the block and the cycle.
func TestTimingDeadlock(t *testing.T) {
	src := `.version 7.0
.target sm_75
.address_size 64
.visible .entry hang()
{
	.reg .pred %p<2>;
	.reg .b32 %r<2>;
	mov.u32 %r1, %tid.x;
	setp.lt.u32 %p1, %r1, 32;
	@%p1 bra $END;
	bar.sync 0, 64;
$END:
	ret;
}
`
	prog, err := ptx.Parse("hang.ptx", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	m, err := config.Load("sm_75", nil)
	if err != nil {
		t.Fatal(err)
	}
	spec := &LaunchSpec{Grid: [3]uint32{1, 1, 1}, Block: [3]uint32{64, 1, 1}}
	p, err := Prepare(prog, m, spec, Overrides{})
	if err != nil {
		t.Fatal(err)
	}
	_, err = RunTiming(p, TimingOptions{})
	var fe *FaultError
	if err == nil || !errors.As(err, &fe) || !strings.Contains(err.Error(), "deadlock") || !strings.Contains(err.Error(), "block (0,0,0)") {
		t.Fatalf("RunTiming = %v, want a deadlock fault naming the block", err)
	}
}

// TestTimingJSONSchema checks the keys docs/report-json.md promises.
func TestTimingJSONSchema(t *testing.T) {
	p, st := sample("vecadd").timed(t, TimingOptions{})
	rep := &Report{Trace: "vecadd.ptx", Machine: p.Machine, Kernels: []*KernelStats{st}}
	data, err := rep.JSON(true)
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	need := func(obj map[string]any, where string, keys ...string) {
		for _, k := range keys {
			if _, ok := obj[k]; !ok {
				t.Errorf("%s: no key %q", where, k)
			}
		}
	}
	need(doc, "report", "trace", "machine", "kernels", "outputs", "wall_seconds", "warp_instructions_per_second")
	k := doc["kernels"].([]any)[0].(map[string]any)
	need(k, "kernel", "name", "mode", "cycles", "warp_instructions", "thread_instructions", "ipc", "sm_ipc",
		"occupancy", "stalls", "schedulers", "units", "memory", "sms", "instructions", "opcodes")
	need(k["occupancy"].(map[string]any), "occupancy", "theoretical", "achieved", "limiter", "registers", "registers_from")
	stalls := k["stalls"].(map[string]any)
	for r := core.Reason(0); r < core.NumReasons; r++ {
		need(stalls, "stalls", r.String())
	}
	need(k["units"].(map[string]any)["fp32"].(map[string]any), "units.fp32", "busy_cycles", "utilisation", "instances")
	need(k["memory"].(map[string]any), "memory", "l1_hit_rate", "l2_hit_rate")
	insts := k["instructions"].([]any)
	if len(insts) != len(st.Kernel.Code)+1 {
		t.Errorf("%d instructions, want %d", len(insts), len(st.Kernel.Code)+1)
	}
	in := insts[0].(map[string]any)
	need(in, "instruction", "pc", "line", "text", "executions", "latency", "stalls", "stall_cycles", "unit")
	need(in["latency"].(map[string]any), "latency", "mean", "p50", "p99", "max")
	// The documentation names every key the report writes.
	doc2, err := os.ReadFile("../docs/report-json.md")
	if err != nil {
		t.Fatal(err)
	}
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			for key, val := range x {
				if _, isReason := stalls[key]; !isReason && key != "fp32" && !strings.Contains(string(doc2), "`"+key+"`") {
					if _, unit := k["units"].(map[string]any)[key]; !unit {
						t.Errorf("docs/report-json.md does not document key %q", key)
					}
				}
				walk(val)
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		}
	}
	walk(doc)
}

// TestTimingHotLoopAllocs: once the block pool has every resident block,
// more blocks cost no allocations: softmax with 600 blocks allocates (almost)
// exactly as much as with 300, both beyond the 240 the GPU holds at once.
func TestTimingHotLoopAllocs(t *testing.T) {
	allocs := func(blocks uint32) float64 {
		b := sample("softmax")
		b.ov.Grid = [3]uint32{blocks, 1, 1}
		b.edit = func(s *LaunchSpec) {
			for _, buf := range s.Buffers {
				buf.Count = uint64(blocks) * 1024
			}
		}
		p := b.prepare(t)
		return testing.AllocsPerRun(1, func() {
			if _, err := RunTiming(p, TimingOptions{}); err != nil {
				t.Fatal(err)
			}
		})
	}
	small, large := allocs(300), allocs(600)
	if large > small+64 {
		t.Errorf("600 blocks: %v allocations, 300 blocks: %v; the hot loop allocates", large, small)
	}
}
