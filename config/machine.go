package config

// Machine is one GPU model, decoded from TOML and validated. It is plain
// data: read it, never write it. The toml struct tags are the TOML keys; a
// need tag marks a key as optional, or as existing for one vendor only
// (required for it and rejected for the other), or both ("amd,optional").
// The keys of an embedded struct (Cache in L1Cache and L2Cache) are the
// embedding table's own.
type Machine struct {
	GPU       GPU       `toml:"gpu"`       // [gpu]
	SM        SM        `toml:"sm"`        // [sm]
	Scheduler Scheduler `toml:"scheduler"` // [scheduler]
	// Units are the functional unit classes, [units.NAME], in file order.
	// An opcode resolves to an index into this slice.
	Units []Unit `toml:"units"`
	// Opcodes is [opcodes]: instruction key (or pattern, or "default") to
	// unit name. See Machine.Route for the look-up order.
	Opcodes map[string]string `toml:"opcodes"`
	// Latency is [latency]: per-key latency overrides in cycles, which win
	// over the unit's latency. Optional.
	Latency map[string]int `toml:"latency" need:"optional"`
	// Initiation is [initiation]: per-key initiation-interval overrides in
	// cycles, which win over the unit's. Optional.
	Initiation map[string]int `toml:"initiation" need:"optional"`
	Memory     Memory         `toml:"memory"`                   // [memory]
	Numerics   Numerics       `toml:"numerics" need:"optional"` // [numerics]
	Kernel     Kernel         `toml:"kernel" need:"optional"`   // [kernel]

	src *source // where every value came from, and the compiled look-up rules
	exp *Expansions
}

// GPU is the [gpu] table: the whole chip.
type GPU struct {
	Name   string `toml:"name"`   // a human-readable name, e.g. "NVIDIA GeForce RTX 2060 (TU106)"
	Vendor string `toml:"vendor"` // "nvidia" or "amd"
	Arch   string `toml:"arch"`   // "sm_75", "gfx90a", "gfx1100", ...
	// SMs is the number of SMs (NVIDIA) or compute units (AMD).
	SMs int `toml:"sms"`
	// CUsPerWGP is 2 on RDNA parts run in WGP mode: a workgroup is placed
	// on a work-group processor of two CUs whose LDS it shares (and
	// SM.SharedMemory is then per WGP). 1 everywhere else.
	CUsPerWGP int     `toml:"cus_per_wgp" need:"amd"`
	ClockMHz  float64 `toml:"clock_mhz"` // core clock in MHz
	// WarpSize is the default warp/wavefront size: 32 or 64.
	WarpSize int `toml:"warp_size"`
	// WarpSizes are the sizes a kernel may choose (gfx10+: [32, 64]).
	// Optional; defaults to [warp_size].
	WarpSizes []int `toml:"warp_sizes" need:"optional"`
	// Expansions (NVIDIA) names the expansion table the timing model
	// issues PTX instructions by, the machine code ptxas emits for each
	// form (docs/expansions.md): an embedded table by architecture
	// ("sm_80": config/presets/expand/sm_80.toml), a TOML file of that
	// format (a path ending in .toml, relative to the machine file), or
	// "none". Optional; the default "none" issues every PTX instruction as
	// one instruction of its unit. Machine.Expansions is the loaded table.
	Expansions string `toml:"expansions" need:"nvidia,optional"`
}

// SM is the [sm] table: one SM (NVIDIA) or CU (AMD), with what the CUDA
// occupancy calculator (and its AMD counterpart in LLVM) needs.
type SM struct {
	// Partitions is the number of sub-cores (NVIDIA processing blocks) or
	// SIMDs (AMD) per SM/CU; each has its own scheduler and units.
	Partitions int `toml:"partitions"`
	// WarpsPerPartition is the most resident warps per partition (AMD:
	// waves per SIMD); the SM holds Partitions times as many.
	WarpsPerPartition int `toml:"warps_per_partition"`
	// MaxThreads bounds resident threads per SM; 0 means only the warp
	// limit applies (AMD, where it depends on the wave size).
	MaxThreads int `toml:"max_threads"`
	// MaxBlocks is the most resident blocks (workgroups) per SM/CU.
	MaxBlocks int `toml:"max_blocks"`
	// MaxBlockThreads is the largest block a kernel may launch.
	MaxBlockThreads int `toml:"max_block_threads"`

	// NVIDIA register file: Registers 32-bit registers per SM, split evenly
	// over the partitions; a warp gets RegisterUnit-aligned chunks of
	// registers_per_thread x 32; RegistersPerBlock bounds one block.
	Registers          int `toml:"registers" need:"nvidia"`
	RegistersPerThread int `toml:"registers_per_thread" need:"nvidia"`
	RegistersPerBlock  int `toml:"registers_per_block" need:"nvidia"`
	RegisterUnit       int `toml:"register_unit" need:"nvidia"`

	// AMD register files, for the default warp size: VGPRs per lane of each
	// SIMD, the most one wave may address, and the allocation granule (with
	// wave64 on a wave32-native SIMD the counts and granule halve); SGPRs
	// per SIMD (0: SGPRs never limit occupancy), the most one wave may
	// address (s0 up to the kernel's .amdhsa_next_free_sgpr; a kernel
	// addressing more cannot run; a compiler's total count adds VCC,
	// FLAT_SCRATCH and XNACK_MASK), and the allocation granule.
	VGPRs        int `toml:"vgprs" need:"amd"`
	VGPRsPerWave int `toml:"vgprs_per_wave" need:"amd"`
	VGPRGranule  int `toml:"vgpr_granule" need:"amd"`
	SGPRs        int `toml:"sgprs" need:"amd"`
	SGPRsPerWave int `toml:"sgprs_per_wave" need:"amd"`
	SGPRGranule  int `toml:"sgpr_granule" need:"amd"`

	// Shared memory (AMD: LDS): bytes per SM (per WGP when CUsPerWGP > 1),
	// the default per-block limit, the opt-in limit (NVIDIA), what the
	// runtime reserves per block (NVIDIA), the allocation unit, and the
	// bank layout used for conflicts.
	SharedMemory        int `toml:"shared_memory"`
	SharedPerBlock      int `toml:"shared_per_block"`
	SharedPerBlockOptIn int `toml:"shared_per_block_optin" need:"nvidia"`
	SharedReserved      int `toml:"shared_reserved" need:"nvidia"`
	SharedAllocUnit     int `toml:"shared_alloc_unit"`
	SharedBanks         int `toml:"shared_banks"`
	SharedBankWidth     int `toml:"shared_bank_width"`

	// BlockLaunchLatency is the cycles from a block's dispatch to this SM
	// until its warps may issue their first instruction; the block holds
	// its warp slots, registers and shared memory from the dispatch, and
	// its warps wait as no_instruction. Optional; 0 (the default) is an
	// instant launch.
	BlockLaunchLatency int `toml:"block_launch_latency" need:"optional"`

	// BarrierArrival (NVIDIA) is how bar.sync counts arrivals:
	// BarrierPerThread (sm_70 on: each thread that executes it counts
	// once, so the lanes of a divergent warp arrive separately) or
	// BarrierPerWarp (before sm_70: a warp that executes it counts all of
	// its threads). Optional; default BarrierPerThread.
	BarrierArrival string `toml:"barrier_arrival" need:"nvidia,optional"`
}

// Barrier arrival rules (SM.BarrierArrival).
const (
	BarrierPerThread = "thread"
	BarrierPerWarp   = "warp"
)

// Scheduler is the [scheduler] table: one warp scheduler per partition.
type Scheduler struct {
	// Policy is "lrr" (loose round robin), "gto" (greedy then oldest),
	// "oldest" or "two_level".
	Policy string `toml:"policy"`
	// IssueWidth is the most warps one scheduler issues in a cycle.
	IssueWidth int `toml:"issue_width"`
	// IssueInterval is how often a partition gets an issue slot, in cycles
	// (GCN/CDNA visit one SIMD per cycle: 4; everything else 1).
	IssueInterval int `toml:"issue_interval"`
	// TwoLevelActive is the size of two_level's active set per partition.
	TwoLevelActive int `toml:"two_level_active"`
	// TakenBranchPenalty is the cycles a warp waits after a control
	// transfer that leaves the next instruction (a taken or diverging
	// branch, a call, a return; AMD s_branch, a taken s_cbranch_*,
	// s_setpc/s_swappc) on top of the branch's own latency: the front end
	// fetching from the new PC. Optional; default 0.
	TakenBranchPenalty int `toml:"taken_branch_penalty" need:"optional"`
}

// Unit scopes.
const (
	ScopePartition = "partition" // Count units in every partition
	ScopeSM        = "sm"        // Count units shared by the whole SM/CU
)

// Unit is one functional unit class, [units.NAME].
type Unit struct {
	Name string `toml:"-"` // the NAME of [units.NAME]
	// Lanes is how many threads it serves per cycle: a 32-wide warp on 16
	// lanes occupies it for 2 cycles.
	Lanes int `toml:"lanes"`
	// Latency is the cycles from issue until the result can be read.
	Latency int `toml:"latency"`
	// Initiation is the cycles before it accepts the next warp instruction
	// (at least the cycles the lanes need; see IssueCycles).
	Initiation int `toml:"initiation"`
	// Count is how many such units there are in the scope.
	Count int `toml:"count"`
	// Scope is "partition" (Count per partition) or "sm" (Count shared by
	// the SM's partitions).
	Scope string `toml:"scope"`
}

// IssueCycles is how long a warp instruction of the given width keeps one
// such unit busy: its initiation interval, or the cycles its lanes need to
// serve every thread, whichever is longer.
func (u *Unit) IssueCycles(width int) int {
	return max(u.Initiation, (width+u.Lanes-1)/u.Lanes)
}

// Memory is the [memory] table.
type Memory struct {
	// SharedLatency is the load-to-use latency of shared memory / LDS
	// without bank conflicts.
	SharedLatency int `toml:"shared_latency"`
	// BankConflict is "nway" (a request touching k distinct words in one
	// bank takes k passes, one cycle each) or "none".
	BankConflict string `toml:"bank_conflict"`
	// ConstLatency is the hit latency of the constant cache (NVIDIA; kernel
	// parameters live there) or the scalar data cache (AMD s_load).
	ConstLatency int `toml:"const_latency"`
	// StoreAckLatency (AMD) is how long after the vector memory pipeline
	// has taken a global store (or an atomic without a result) the L2
	// acknowledges it, completing its wait-counter entry (vscnt; GFX9:
	// vmcnt). Optional; the default is memory.l2.latency.
	StoreAckLatency int `toml:"store_ack_latency" need:"amd,optional"`
	// TexLatency (NVIDIA) is the load-to-use latency of a texture fetch or
	// surface load whose texels hit in the L1: the texture pipeline around
	// the unified L1/texture cache (package mem, texture.go). Optional; the
	// default is memory.l1.latency.
	TexLatency int `toml:"tex_latency" need:"nvidia,optional"`
	// L1 is per SM; a warp's global and local addresses coalesce into its
	// sectors, grouped by its lines.
	L1   L1Cache `toml:"l1"`
	L2   L2Cache `toml:"l2"`
	DRAM DRAM    `toml:"dram"`
}

// Write policies of a cache level.
const (
	WriteThrough = "through" // every write goes on to the next level at once
	WriteBack    = "back"    // written sectors stay dirty until evicted
)

// Cache is what [memory.l1] and [memory.l2] share. Latencies are
// load-to-use cycles from issue, as microbenchmarks measure them.
type Cache struct {
	Size    int `toml:"size"`    // bytes (L1: per SM; L2: whole GPU)
	Line    int `toml:"line"`    // line size in bytes
	Sector  int `toml:"sector"`  // sector size in bytes (the fill granularity)
	Assoc   int `toml:"assoc"`   // ways
	Latency int `toml:"latency"` // hit latency in cycles
	// Write is the write policy, WriteThrough or WriteBack. Optional; the
	// default is "through" for the L1 and "back" for the L2.
	Write string `toml:"write" need:"optional"`
	// WriteAllocate says whether a write miss allocates the line (its
	// written sectors become valid without a fetch) or only goes on to the
	// next level. Optional; the default is false for the L1, true for the
	// L2.
	WriteAllocate bool `toml:"write_allocate" need:"optional"`
}

// L1Cache is [memory.l1].
type L1Cache struct {
	Cache
	// CyclesPerLine is how long the L1 pipeline spends on each distinct
	// line a warp access touches (tag lookup and data transfer): a warp
	// touching k lines holds it k times as long. Optional; default 1.
	CyclesPerLine int `toml:"cycles_per_line" need:"optional"`
}

// L2Cache is [memory.l2].
type L2Cache struct {
	Cache
	// Slices splits the L2 by line address (line number modulo Slices),
	// each slice with its own port of SliceBandwidth bytes per cycle
	// (reads and writes together; 0 is unlimited). The capacity stays one
	// set-associative array. Optional; defaults 1 and 0: one slice with an
	// unlimited port (DRAM bandwidth still applies).
	Slices         int     `toml:"slices" need:"optional"`
	SliceBandwidth float64 `toml:"slice_bandwidth" need:"optional"`
}

// DRAM is [memory.dram].
type DRAM struct {
	Latency int `toml:"latency"` // load-to-use cycles of an L2 miss
	// Bandwidth is bytes per core cycle, per BandwidthPer.
	Bandwidth float64 `toml:"bandwidth"`
	// BandwidthPer says what Bandwidth is for: "gpu" (shared by all SMs)
	// or "sm".
	BandwidthPer string `toml:"bandwidth_per"`
}

// Numerics is the [numerics] table: which model computes the bits of each
// instruction family whose result depends on a model choice. config checks
// only that a name is well formed; alu knows the names. Empty means the
// simulator's default.
type Numerics struct {
	Ex2      string `toml:"ex2" need:"optional"`       // ex2.approx (MUFU.EX2)
	Rcp      string `toml:"rcp" need:"optional"`       // rcp.approx.f32 (MUFU.RCP)
	Rcp64H   string `toml:"rcp64h" need:"optional"`    // rcp.approx.ftz.f64 (MUFU.RCP64H)
	DivFixup string `toml:"div_fixup" need:"optional"` // v_div_fixup_f32
	Tensor   string `toml:"tensor" need:"optional"`    // tensor-core multiply-accumulate (wmma.mma, mma)
}

// Kernel is the [kernel] table: defaults for what a trace may not say.
type Kernel struct {
	// Registers per thread; 0 takes them from the kernel (.maxnreg, the
	// AMD kernel descriptor, or a liveness estimate).
	Registers int `toml:"registers"`
}
