package sim

import (
	"sort"

	"github.com/gpusim/gpusim/core"
	"github.com/gpusim/gpusim/mem"
	"gonum.org/v1/gonum/stat"
)

// TimingStats are the timing mode's counters of one kernel launch and the
// figures derived from them. Every number is a function of the inputs
// alone: two runs give the same values.
type TimingStats struct {
	// Cycles from the launch until the last block retired.
	Cycles   uint64
	ClockMHz float64
	// SMs is the number of dispatch units (SMs; WGPs in WGP mode) and
	// Partitions the schedulers of each.
	SMs, Partitions int
	// IPC is warp instructions per cycle of the whole GPU; SMIPC per SM
	// while it had warps (warp instructions over the SMs' active cycles).
	IPC, SMIPC float64

	Occupancy OccupancyStats
	// Stalls sums, over every scheduler and cycle, the cycles active warps
	// spent in each state (index core.Reason).
	Stalls [core.NumReasons]uint64
	// IssueCycles are scheduler cycles with an issue, SchedulerCycles all
	// scheduler cycles (schedulers x Cycles), IdleCycles scheduler cycles
	// without an active warp.
	IssueCycles, SchedulerCycles, IdleCycles uint64

	Units  []UnitStats
	Memory MemoryStats
	PerSM  []SMTiming
	// PC are the per-instruction counters (index = PC; the last entry is the
	// implicit exit); Instructions derives the report's view of them.
	PC     []core.PCStats
	pcUnit []string // unit class name per PC
	pcExp  []pcExpansion
	units  []string // unit class names, index = core unit

	// Samples are the counters over time.
	Samples Samples
}

// OccupancyStats are the theoretical and achieved occupancy of a launch.
type OccupancyStats struct {
	// Registers per thread and where the number came from: "kernel.registers"
	// (the machine's override), "ptxas -v, sm_XX" (ptxas's count), ".maxnreg"
	// or "estimate" (liveness; with a note when it was capped at the limit
	// or ptxas gave no figure).
	Registers     int
	RegistersFrom string
	// SharedPerBlock is static plus dynamic shared memory per block.
	SharedPerBlock int
	WarpsPerBlock  int
	// BlocksPerSM and WarpsPerSM are the theoretical residency, MaxWarps
	// the hardware's, Theoretical their ratio, Limiter the resource that
	// binds ("warps", "registers", "shared memory", ...).
	BlocksPerSM, WarpsPerSM, MaxWarps int
	Theoretical                       float64
	Limiter                           string
	// Achieved is the time-average of active warps over the SMs' active
	// cycles, as a fraction of MaxWarps.
	Achieved float64
}

// UnitStats is one functional unit class over the whole GPU.
type UnitStats struct {
	Name string
	// Instances on the GPU; BusyCycles sums their occupied cycles;
	// Utilisation is BusyCycles / (Instances x Cycles).
	Instances   int
	BusyCycles  uint64
	Utilisation float64
}

// MemoryStats are the memory hierarchy's counters summed over the GPU.
type MemoryStats struct {
	SM  mem.SMStats
	GPU mem.GPUStats
	// Sector hit rates (hits over sectors requested by reads); 0 without reads.
	L1HitRate, L2HitRate float64
}

// SMTiming are one SM's figures.
type SMTiming struct {
	ID           int
	ActiveCycles uint64
	// ResidentWarps sums the active warps over the cycles (warp-cycles).
	ResidentWarps          uint64
	WarpInsts, ThreadInsts uint64
	Blocks                 uint64
	PeakWarps              int
	IPC                    float64 // warp instructions per active cycle
	AchievedOccupancy      float64
	Stalls                 [core.NumReasons]uint64
	// PerScheduler are the states of each partition's warps.
	PerScheduler [][core.NumReasons]uint64
	L1HitRate    float64
}

// LatencySummary is an instruction's issue-to-completion latency in cycles.
type LatencySummary struct {
	Mean          float64
	Min, P50, P99 float64
	Max           float64
	// Exact is false when the distribution went beyond its exact table
	// and percentiles come from histogram buckets (within about 3%).
	Exact bool
}

// InstStats is one static instruction's view of the counters.
type InstStats struct {
	PC         int
	Line       int // line in the trace file
	SourceLine int // line in the original source (.loc), 0 if none
	Text       string
	Unit       string
	Executions uint64 // warp instructions
	Threads    uint64 // thread instructions (guard true)
	Latency    LatencySummary
	// States are the cycles warps spent in each state with this as their
	// next instruction; StallCycles sums the states other than selected.
	States      [core.NumReasons]uint64
	StallCycles uint64
	// Expansion is the machine code the instruction issued as, when the
	// machine's expansion table has its form (nil: it issued as itself).
	Expansion *InstExpansion
}

// InstExpansion is an instruction issued as the machine code ptxas emits
// for it (gpu.expansions): the length of its micro-op sequences, how many
// executions took the slow path, and each unit's part. Its States and
// Latency are the whole instruction's, from its first op's issue to its
// destination's readiness.
type InstExpansion struct {
	// Ops is the fast path's micro-ops; SlowOps the slow path's sequence
	// (the fast ops to its branch, then the slow code's), 0 without one.
	Ops, SlowOps int
	// Free: a form of no machine instruction (ptxas renames a register):
	// it executed in no time.
	Free           bool
	SlowExecutions uint64
	// Units are the units its micro-ops went to, in the machine's order.
	Units []InstUnit
}

// InstUnit is one unit's part in an expanded instruction: the micro-ops
// it took (over all executions), the cycles they occupied it, and the
// stall cycles the instruction waited on it: for one of its results
// (scoreboard) or for it to accept an op (pipe_busy). A wait for a PTX
// source counts on the unit that computes it.
type InstUnit struct {
	Name                       string
	Ops, Busy                  uint64
	ScoreboardStalls, PipeBusy uint64
}

// pcExpansion is what the program says of one instruction's expansion.
type pcExpansion struct {
	fast, slow int
	free       bool
}

// Instructions returns the per-instruction figures in PC order, one entry
// per static instruction (the implicit exit last), executed or not.
func (s *KernelStats) Instructions() []InstStats {
	t := s.Timing
	if t == nil {
		return nil
	}
	code := s.Kernel.Code
	out := make([]InstStats, len(t.PC))
	for pc := range t.PC {
		is := &out[pc]
		is.PC = pc
		if pc < len(code) {
			in := &code[pc]
			is.Line, is.SourceLine, is.Text = int(in.Pos.Line), int(in.Loc.Line), in.Text
		} else {
			is.Line, is.Text = int(s.Kernel.Pos.Line), "exit (implicit)"
		}
		if pc < len(t.pcUnit) {
			is.Unit = t.pcUnit[pc]
		}
		if pc < len(s.PerPCWarp) {
			is.Executions, is.Threads = s.PerPCWarp[pc], s.PerPCThread[pc]
		}
		is.States = t.PC[pc].States
		for r, c := range is.States {
			if core.Reason(r) != core.Selected {
				is.StallCycles += c
			}
		}
		is.Latency = summarize(&t.PC[pc].Latency)
		is.Expansion = t.expansion(pc)
	}
	return out
}

// expansion is the view of instruction pc's expansion, nil for none.
func (t *TimingStats) expansion(pc int) *InstExpansion {
	if pc >= len(t.pcExp) {
		return nil
	}
	e := t.pcExp[pc]
	if e.fast == 0 && !e.free {
		return nil
	}
	x := &InstExpansion{Ops: e.fast, SlowOps: e.slow, Free: e.free, SlowExecutions: t.PC[pc].Slow}
	for u, c := range t.PC[pc].Units {
		if c.Ops > 0 || c.Scoreboard > 0 || c.PipeBusy > 0 {
			x.Units = append(x.Units, InstUnit{Name: t.units[u], Ops: c.Ops, Busy: c.Busy, ScoreboardStalls: c.Scoreboard, PipeBusy: c.PipeBusy})
		}
	}
	return x
}

// summarize computes the latency figures with gonum: the empirical
// quantile (the smallest recorded latency at or above the fraction).
func summarize(l *core.Latency) LatencySummary {
	if l.N == 0 {
		return LatencySummary{Exact: true}
	}
	vals, weights := l.Distribution()
	return LatencySummary{
		Mean: l.Mean(), Min: float64(l.Min), Max: float64(l.Max), Exact: l.Exact(),
		P50: stat.Quantile(0.5, stat.Empirical, vals, weights),
		P99: stat.Quantile(0.99, stat.Empirical, vals, weights),
	}
}

// TopStalls returns up to n instructions with the most stall cycles, most
// first (ties by PC).
func (s *KernelStats) TopStalls(n int) []InstStats {
	all := s.Instructions()
	sort.SliceStable(all, func(i, j int) bool { return all[i].StallCycles > all[j].StallCycles })
	for len(all) > 0 && all[len(all)-1].StallCycles == 0 {
		all = all[:len(all)-1]
	}
	return all[:min(n, len(all))]
}

func ratio(a, b uint64) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}
