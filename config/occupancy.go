package config

import "fmt"

// Limit names a resource that bounds how many blocks an SM holds at once.
type Limit uint8

// Resources, in the order that breaks ties when several bind equally.
const (
	LimitNone      Limit = iota
	LimitWarps           // warps (waves) per SM
	LimitThreads         // sm.max_threads
	LimitBlocks          // sm.max_blocks
	LimitRegisters       // registers (AMD: VGPRs)
	LimitSGPRs           // AMD SGPRs
	LimitShared          // shared memory / LDS
	numLimits
)

var limitNames = [numLimits]string{"none", "warps", "threads", "blocks", "registers", "sgprs", "shared memory"}

// String names the resource.
func (l Limit) String() string {
	if l < numLimits {
		return limitNames[l]
	}
	return "?"
}

// Block is what one block (workgroup) of a launch asks of an SM.
type Block struct {
	Threads   int // threads per block
	Registers int // registers (AMD: VGPRs) per thread; 0: none counted
	SGPRs     int // AMD: SGPRs allocated per wave (a compiler's count, VCC and the like included); 0: none counted
	// AddressedSGPRs (AMD) is how many SGPRs the wave's code addresses, s0
	// up to .amdhsa_next_free_sgpr; more than sm.sgprs_per_wave cannot
	// run. 0: not checked.
	AddressedSGPRs int
	Shared         int // shared memory / LDS bytes per block, static plus dynamic
	WarpSize       int // 0: the machine's default
}

// Occupancy is the theoretical occupancy of one SM (of one WGP when CUs
// pair up) for a block shape, by the rules of the CUDA occupancy calculator
// (NVIDIA) and of LLVM's AMDGPU backend (AMD).
type Occupancy struct {
	Blocks        int   // resident blocks
	WarpsPerBlock int   // warps (waves) per block
	Warps         int   // resident warps: Blocks x WarpsPerBlock
	MaxWarps      int   // the most warps the hardware holds
	Limit         Limit // the resource that binds
	// ByLimit is how many blocks each resource alone allows; -1 where a
	// resource does not apply or the block asks for none of it.
	ByLimit [numLimits]int
}

// Fraction is resident warps over the hardware maximum.
func (o Occupancy) Fraction() float64 {
	if o.MaxWarps == 0 {
		return 0
	}
	return float64(o.Warps) / float64(o.MaxWarps)
}

func roundUp(n, unit int) int {
	if unit <= 1 {
		return n
	}
	return (n + unit - 1) / unit * unit
}

// Occupancy computes how many blocks of shape b an SM holds and which
// resource limits it. A block that cannot run at all (too many threads,
// registers or shared memory for one block) is an error.
func (m *Machine) Occupancy(b Block) (Occupancy, error) {
	ws := b.WarpSize
	if ws == 0 {
		ws = m.GPU.WarpSize
	}
	var o Occupancy
	switch {
	case b.Threads < 1:
		return o, fmt.Errorf("a block needs at least one thread, got %d", b.Threads)
	case b.Threads > m.SM.MaxBlockThreads:
		return o, fmt.Errorf("a block of %d threads exceeds sm.max_block_threads %d", b.Threads, m.SM.MaxBlockThreads)
	case !containsInt(m.GPU.WarpSizes, ws):
		return o, fmt.Errorf("warp size %d is not one of gpu.warp_sizes %v", ws, m.GPU.WarpSizes)
	case b.Registers < 0 || b.SGPRs < 0 || b.AddressedSGPRs < 0 || b.Shared < 0:
		return o, fmt.Errorf("negative resources in %+v", b)
	}
	o.WarpsPerBlock = (b.Threads + ws - 1) / ws
	for i := range o.ByLimit {
		o.ByLimit[i] = -1
	}
	var err error
	if m.GPU.Vendor == VendorAMD {
		err = m.occupancyAMD(b, ws, &o)
	} else {
		err = m.occupancyNVIDIA(b, ws, &o)
	}
	if err != nil {
		return Occupancy{}, err
	}
	o.Blocks, o.Limit = -1, LimitNone
	for l := LimitWarps; l < numLimits; l++ {
		if n := o.ByLimit[l]; n >= 0 && (o.Blocks < 0 || n < o.Blocks) {
			o.Blocks, o.Limit = n, l
		}
	}
	o.Warps = o.Blocks * o.WarpsPerBlock
	return o, nil
}

func containsInt(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// occupancyNVIDIA follows the CUDA occupancy calculator: registers are
// allocated per warp in register_unit chunks from each partition's share of
// the file, and the per-block check assumes a block's warps are rounded up
// to a multiple of the partitions.
func (m *Machine) occupancyNVIDIA(b Block, ws int, o *Occupancy) error {
	s := &m.SM
	wpb := o.WarpsPerBlock
	o.MaxWarps = m.MaxWarps()
	o.ByLimit[LimitWarps] = o.MaxWarps / wpb
	o.ByLimit[LimitBlocks] = s.MaxBlocks
	if s.MaxThreads > 0 {
		o.ByLimit[LimitThreads] = s.MaxThreads / (wpb * ws)
	}
	if b.Registers > 0 {
		if b.Registers > s.RegistersPerThread {
			return fmt.Errorf("%d registers per thread exceed sm.registers_per_thread %d", b.Registers, s.RegistersPerThread)
		}
		perWarp := roundUp(b.Registers*ws, s.RegisterUnit)
		if need := perWarp * roundUp(wpb, s.Partitions); need > s.RegistersPerBlock {
			return fmt.Errorf("a block of %d warps at %d registers per thread needs %d registers, more than sm.registers_per_block %d", wpb, b.Registers, need, s.RegistersPerBlock)
		}
		perPartition := s.Registers / s.Partitions / perWarp
		o.ByLimit[LimitRegisters] = perPartition * s.Partitions / wpb
	}
	if b.Shared > s.SharedPerBlockOptIn {
		return fmt.Errorf("%d bytes of shared memory per block exceed sm.shared_per_block_optin %d", b.Shared, s.SharedPerBlockOptIn)
	}
	if need := b.Shared + s.SharedReserved; need > 0 {
		o.ByLimit[LimitShared] = s.SharedMemory / roundUp(need, s.SharedAllocUnit)
	}
	return nil
}

// occupancyAMD follows LLVM's AMDGPU rules: each SIMD holds at most
// warps_per_partition waves, fewer when their VGPRs (or, where SGPRs are
// counted, SGPRs) rounded to the granule do not fit its files; a
// workgroup's waves spread over the SIMDs of its CU (or WGP), whose LDS it
// shares with the other workgroups there.
func (m *Machine) occupancyAMD(b Block, ws int, o *Occupancy) error {
	s := &m.SM
	wpb := o.WarpsPerBlock
	cus := m.GPU.CUsPerWGP
	simds := s.Partitions * cus
	perSIMD := s.WarpsPerPartition
	o.MaxWarps = perSIMD * simds
	o.ByLimit[LimitWarps] = o.MaxWarps / wpb
	o.ByLimit[LimitBlocks] = s.MaxBlocks * cus
	if s.MaxThreads > 0 {
		o.ByLimit[LimitThreads] = s.MaxThreads * cus / (wpb * ws)
	}
	if b.Registers > 0 {
		if b.Registers > s.VGPRsPerWave {
			return fmt.Errorf("%d VGPRs exceed sm.vgprs_per_wave %d", b.Registers, s.VGPRsPerWave)
		}
		perLane, granule := m.VGPRs(ws)
		waves := min(perSIMD, perLane/roundUp(b.Registers, granule))
		o.ByLimit[LimitRegisters] = waves * simds / wpb
	}
	// A wave addresses at most sgprs_per_wave SGPRs (llvm-mc rejects a
	// larger .amdhsa_next_free_sgpr); the count a compiler reports adds
	// VCC, FLAT_SCRATCH and XNACK_MASK on top, so it is what the file
	// allocates, not what is checked against that limit.
	if b.AddressedSGPRs > s.SGPRsPerWave {
		return fmt.Errorf("%d SGPRs exceed sm.sgprs_per_wave %d", b.AddressedSGPRs, s.SGPRsPerWave)
	}
	if s.SGPRs > 0 && b.SGPRs > 0 {
		waves := min(perSIMD, s.SGPRs/roundUp(b.SGPRs, s.SGPRGranule))
		o.ByLimit[LimitSGPRs] = waves * simds / wpb
	}
	if b.Shared > s.SharedPerBlock {
		return fmt.Errorf("%d bytes of LDS per workgroup exceed sm.shared_per_block %d", b.Shared, s.SharedPerBlock)
	}
	if b.Shared > 0 {
		o.ByLimit[LimitShared] = s.SharedMemory / roundUp(b.Shared, s.SharedAllocUnit)
	}
	return nil
}
