package sim

import (
	"os"
	"strings"
	"testing"

	"github.com/gpusim/gpusim/config"
	"github.com/gpusim/gpusim/core"
	"github.com/gpusim/gpusim/traces/amdgpu"
)

// recorder is a listener that rebuilds the timing counters from core's
// events, as a report's counters could be one listener: per-PC issues,
// latencies and states, per-scheduler states, unit occupancy and blocks.
type recorder struct {
	issues, insts, threads uint64
	hints                  uint64   // issues of AMD hints, which take no unit and complete nothing
	laterOps               uint64   // micro-ops after the first of expanded instructions: they complete with it
	perPC                  []uint64 // issues per PC (pairs: both PCs)
	latency                []uint64 // latency sums per PC
	states                 [][core.NumReasons]uint64
	perSched               map[[2]int]*[core.NumReasons]uint64
	unitBusy               []uint64
	memory, completes      uint64
	admitted, retired      int
	problems               []string
}

func newRecorder(pcs, units int) *recorder {
	return &recorder{perPC: make([]uint64, pcs), latency: make([]uint64, pcs), states: make([][core.NumReasons]uint64, pcs),
		perSched: map[[2]int]*[core.NumReasons]uint64{}, unitBusy: make([]uint64, units)}
}

func (r *recorder) Issue(e core.IssueEvent) {
	r.issues++
	r.insts += uint64(e.Insts)
	r.threads += uint64(e.Insts * e.Threads)
	for i := 0; i < e.Insts; i++ {
		r.perPC[int(e.PC)+i]++
		if e.Ops == 0 { // an expanded instruction's latency comes with its completion
			r.latency[int(e.PC)+i] += uint64(e.Latency)
		}
	}
	if e.Op > 0 {
		r.laterOps++
	}
	if e.Ops > 0 && (e.Op >= e.Ops || (e.Op == 0) != (e.Insts == 1)) {
		r.problems = append(r.problems, "a micro-op out of its sequence")
	}
	if e.Unit >= 0 {
		r.unitBusy[e.Unit] += uint64(e.Occupancy)
	} else {
		r.hints++
	}
}

func (r *recorder) State(e core.StateEvent) {
	if e.End <= e.Start {
		r.problems = append(r.problems, "an empty state span")
	}
	r.states[e.PC][e.State] += uint64(e.End - e.Start)
	k := [2]int{e.SM, e.Partition}
	if r.perSched[k] == nil {
		r.perSched[k] = &[core.NumReasons]uint64{}
	}
	r.perSched[k][e.State] += uint64(e.End - e.Start)
}

func (r *recorder) Complete(e core.CompleteEvent) {
	r.completes++
	if e.Ops > 0 {
		r.latency[e.PC] += uint64(e.Done - e.Issued)
	}
	if e.Done < e.Issued {
		r.problems = append(r.problems, "a result completes before its issue")
	}
}

func (r *recorder) Memory(e core.MemoryEvent) {
	r.memory++
	if e.Done < e.Issued || e.Ack < e.Done || e.Lanes == 0 || e.Bytes == 0 {
		r.problems = append(r.problems, "a memory event out of order or empty")
	}
}

func (r *recorder) Block(e core.BlockEvent) {
	if e.Retired {
		r.retired++
	} else {
		r.admitted++
	}
}

// checkRecorder compares what the listener rebuilt with the run's counters.
func checkRecorder(t *testing.T, name string, r *recorder, st *KernelStats, units int) {
	t.Helper()
	tm := st.Timing
	if r.insts != st.WarpInsts || r.threads != st.ThreadInsts {
		t.Errorf("%s: issue events count %d warp instructions (%d threads), the run %d (%d)", name, r.insts, r.threads, st.WarpInsts, st.ThreadInsts)
	}
	if r.completes != r.issues-r.hints-r.laterOps {
		t.Errorf("%s: %d completions for %d issues", name, r.completes, r.issues)
	}
	for pc := range tm.PC {
		if r.perPC[pc] != tm.PC[pc].Latency.N || r.latency[pc] != tm.PC[pc].Latency.Sum {
			t.Errorf("%s: PC %d: %d issues (latency %d), the run %d (%d)", name, pc, r.perPC[pc], r.latency[pc], tm.PC[pc].Latency.N, tm.PC[pc].Latency.Sum)
		}
		if r.states[pc] != tm.PC[pc].States {
			t.Errorf("%s: PC %d: states %v, the run %v", name, pc, r.states[pc], tm.PC[pc].States)
		}
	}
	var stalls [core.NumReasons]uint64
	for _, sm := range tm.PerSM {
		for p, want := range sm.PerScheduler {
			got := r.perSched[[2]int{sm.ID, p}]
			if got == nil {
				got = &[core.NumReasons]uint64{}
			}
			if *got != want {
				t.Errorf("%s: SM %d scheduler %d: states %v, the run %v", name, sm.ID, p, *got, want)
			}
			for i := range want {
				stalls[i] += want[i]
			}
		}
	}
	if stalls != tm.Stalls {
		t.Errorf("%s: stalls %v, the run %v", name, stalls, tm.Stalls)
	}
	for u := 0; u < units; u++ {
		if r.unitBusy[u] != tm.Units[u].BusyCycles {
			t.Errorf("%s: unit %s busy %d, the run %d", name, tm.Units[u].Name, r.unitBusy[u], tm.Units[u].BusyCycles)
		}
	}
	var blocks uint64
	for _, sm := range tm.PerSM {
		blocks += sm.Blocks
	}
	if uint64(r.admitted) != blocks || r.retired != r.admitted {
		t.Errorf("%s: %d blocks admitted and %d retired, the run ran %d", name, r.admitted, r.retired, blocks)
	}
	if r.memory == 0 {
		t.Errorf("%s: no memory events", name)
	}
	if len(r.problems) > 0 {
		t.Errorf("%s: %s", name, strings.Join(r.problems, "; "))
	}
}

// TestTimingListener attaches a recording listener to timing runs of a PTX
// sample and an AMD sample and checks that the events add up to the
// counters the reports show.
func TestTimingListener(t *testing.T) {
	p := runSample(t, "divergent")
	st0, err := RunTiming(p, TimingOptions{})
	if err != nil {
		t.Fatal(err)
	}
	r := newRecorder(len(p.Kernel.Code)+1, len(p.Machine.Units))
	st, err := RunTiming(p, TimingOptions{Listener: r})
	if err != nil {
		t.Fatal(err)
	}
	if st.Timing.Cycles != st0.Timing.Cycles || st.WarpInsts != st0.WarpInsts {
		t.Errorf("the listener changed the run: %d cycles %d insts, without it %d %d", st.Timing.Cycles, st.WarpInsts, st0.Timing.Cycles, st0.WarpInsts)
	}
	checkRecorder(t, "divergent", r, st, len(p.Machine.Units))

	base := "../traces/samples/amd/reduce_gfx1100"
	src, err := os.ReadFile(base + ".s")
	if err != nil {
		t.Fatal(err)
	}
	prog, err := amdgpu.Parse(base+".s", src)
	if err != nil {
		t.Fatal(err)
	}
	m, err := config.Load("gfx1100", nil)
	if err != nil {
		t.Fatal(err)
	}
	spec, err := LoadLaunch(base + ".launch.toml")
	if err != nil {
		t.Fatal(err)
	}
	pa, err := Prepare(prog, m, spec, Overrides{})
	if err != nil {
		t.Fatal(err)
	}
	ra := newRecorder(len(pa.Kernel.Code)+1, len(m.Units))
	sta, err := RunTiming(pa, TimingOptions{Listener: core.Listeners{core.NopListener{}, ra}})
	if err != nil {
		t.Fatal(err)
	}
	checkRecorder(t, "reduce_gfx1100", ra, sta, len(m.Units))
}
