package mem

import "github.com/gpusim/gpusim/traces"

// The timing half of package mem: how long a warp's memory instruction
// takes, never what it reads or writes. Files: timing_config.go (parameters
// and their validation), coalesce.go (a warp's addresses into sectors and
// lines), banks.go (shared memory bank conflicts), cache.go (a sectored,
// set-associative LRU cache), dram.go (latency plus a bandwidth queue),
// hierarchy.go (the whole GPU's memory system) and timing_stats.go (the
// counters reports show).
//
// Every latency in the configuration is load-to-use, counted from the cycle
// the request enters the level's pipeline, as pointer-chasing
// microbenchmarks measure it (Jia et al. 2019 report an L1 hit of 32 cycles
// and an L2 hit of about 188 on Turing): an L2 hit costs the L2 latency, not
// the L1 latency plus the L2 latency.

// Cycle is a time or a duration in core clock cycles.
type Cycle uint64

// AccessOp is what a warp memory instruction does.
type AccessOp uint8

const (
	// OpLoad reads; the instruction completes when the last byte arrives.
	OpLoad AccessOp = iota
	// OpStore writes; the instruction completes when the memory pipeline
	// accepts it (stores are fire-and-forget).
	OpStore
	// OpAtomic is a read-modify-write that returns the old value (PTX atom,
	// AMD atomics with return); global atomics execute at the L2.
	OpAtomic
	// OpReduce is a read-modify-write whose result nobody waits for (PTX
	// red, AMD atomics without return): it costs bandwidth like an atomic
	// and completes like a store.
	OpReduce
)

// WarpAccess is one warp memory instruction as the timing model sees it.
// The caller owns every slice; Access neither keeps nor changes them.
type WarpAccess struct {
	// Space is the state space. SpaceGlobal, SpaceLocal and SpaceParamFrame
	// go through the L1, L2 and DRAM; SpaceShared through the banks;
	// SpaceConst and SpaceParam through the constant cache. SpaceGeneric
	// takes the space of the first active lane's address (see Resolve):
	// mixing windows within one instruction is timed as that one space.
	Space traces.Space
	// Op is load, store, atomic or reduction.
	Op AccessOp
	// Size is the bytes each lane accesses (1 to 16 for real instructions;
	// any positive size is timed correctly, 0 counts as 1).
	Size int
	// Mask has bit i set when lane i takes part.
	Mask uint64
	// Addr[i] is lane i's byte address; lanes at or beyond len(Addr) are
	// ignored whatever Mask says. Local memory addresses should be
	// interleaved across the warp's lanes as the hardware does (see
	// InterleavedLocal) so that coalescing sees what the hardware sees.
	Addr []uint64
}

// InterleavedLocal returns the address the timing model should use for byte
// off of lane's local memory, in warp warp of a machine whose warps are
// width lanes wide and whose threads each have frame bytes of local memory.
// NVIDIA lays local memory out so that the same 4-byte word of every lane of
// a warp is contiguous (CUDA C Programming Guide, "Local Memory": accesses
// are fully coalesced when all threads of a warp access the same relative
// address); the result lies in the local window, away from every global
// allocation. Only timing uses it: functional accesses stay per thread.
func InterleavedLocal(warp uint64, lane, width int, frame, off uint64) uint64 {
	words := (frame + 3) / 4
	return LocalWindow + warp*words*4*uint64(width) + ((off/4)*uint64(width)+uint64(lane))*4 + off%4
}
