package core

// PCStats are the counters of one static instruction, summed over every
// warp and SM: the cycles active warps spent in each state while this was
// their next instruction (Selected counts its issues), and the latency from
// issue to completion of each execution (for loads and atomics: until the
// data is back; stores: until the memory pipeline accepted them; other
// instructions: the unit's latency).
//
// For an instruction issued as the machine code ptxas emits for it (an
// expansion, expand.go) the latency runs from its first micro-op's issue
// to its destination's readiness; Units (one entry per unit class, nil for
// other instructions) divides its issues, unit occupancy and stall cycles
// among the units of its micro-ops, and Slow counts the executions that
// took the slow path.
type PCStats struct {
	// Units, then States: a warp's state change reads both (flush).
	Units   []PCUnit
	States  [NumReasons]uint64
	Latency Latency
	Slow    uint64
}

// PartitionStats are the counters of one partition's scheduler.
type PartitionStats struct {
	// States sums, over its active warps, the cycles each spent in each
	// state: for every cycle, every active warp is in exactly one.
	States [NumReasons]uint64
	// IssueCycles are cycles in which the scheduler issued at least one
	// instruction; Issued the instructions it issued (the micro-ops of an
	// expanded instruction one each: issue slots).
	IssueCycles, Issued uint64
	// WarpCycles are cycles in which it had at least one active warp.
	WarpCycles uint64
}

// SMStats are one SM's counters.
type SMStats struct {
	// ActiveCycles are cycles with at least one active warp; ResidentWarps
	// sums the active warps over all cycles (so ResidentWarps/ActiveCycles
	// is the average number resident while the SM was busy); PeakWarps is
	// the most active at once.
	ActiveCycles, ResidentWarps uint64
	PeakWarps                   int
	// Blocks is how many blocks the SM ran.
	Blocks uint64
	// WarpInsts and ThreadInsts count issued warp instructions and the
	// threads that executed them (guard true).
	WarpInsts, ThreadInsts uint64
	// UnitBusy[u] sums, over the instances of unit class u, the cycles
	// they were occupied by warp instructions.
	UnitBusy   []uint64
	Partitions []PartitionStats
}
