package mem

// SMStats counts one SM's memory instructions (or, summed with Add, a whole
// GPU's). Instruction counts are warp instructions; the timing of each is
// described in hierarchy.go.
type SMStats struct {
	// Global and local memory (through the L1).
	Loads         uint64 // load instructions
	Stores        uint64 // store instructions
	Atomics       uint64 // atomics with a result
	Reductions    uint64 // atomics without one
	LocalAccesses uint64 // of all the above, those to local memory
	Lines         uint64 // L1 line lookups: distinct lines per instruction, summed
	Sectors       uint64 // sectors of those lines
	L1Busy        Cycle  // cycles the L1 pipeline was occupied
	LoadLatency   Cycle  // for loads and atomics: cycles from the call's now to the result, summed (divide by Loads+Atomics for the mean)
	L1            CacheStats

	// Shared memory / LDS.
	SharedLoads   uint64
	SharedStores  uint64
	SharedAtomics uint64 // with or without a result
	SharedPhases  uint64 // bank phases with active lanes, summed
	SharedPasses  uint64 // cycles of the shared pipe, summed; SharedPasses-SharedPhases were lost to bank conflicts
	SharedSerial  uint64 // extra shared pipe cycles from atomics of several lanes on one address

	// Constant bank and kernel parameters.
	ConstLoads  uint64
	ConstPasses uint64 // cycles of the constant cache: one per distinct address

	// The texture path (texture.go): texture and surface instructions
	// (also counted above as loads, stores and reductions through the L1)
	// and the texel addresses they touched.
	TexInsts uint64
	Texels   uint64
}

// Add adds o's counters to s.
func (s *SMStats) Add(o *SMStats) {
	s.Loads += o.Loads
	s.Stores += o.Stores
	s.Atomics += o.Atomics
	s.Reductions += o.Reductions
	s.LocalAccesses += o.LocalAccesses
	s.Lines += o.Lines
	s.Sectors += o.Sectors
	s.L1Busy += o.L1Busy
	s.LoadLatency += o.LoadLatency
	s.L1.Add(&o.L1)
	s.SharedLoads += o.SharedLoads
	s.SharedStores += o.SharedStores
	s.SharedAtomics += o.SharedAtomics
	s.SharedPhases += o.SharedPhases
	s.SharedPasses += o.SharedPasses
	s.SharedSerial += o.SharedSerial
	s.ConstLoads += o.ConstLoads
	s.ConstPasses += o.ConstPasses
	s.TexInsts += o.TexInsts
	s.Texels += o.Texels
}

// Add adds o's counters to s.
func (s *CacheStats) Add(o *CacheStats) {
	s.Reads += o.Reads
	s.ReadHits += o.ReadHits
	s.ReadSectorMisses += o.ReadSectorMisses
	s.ReadMisses += o.ReadMisses
	s.SectorReads += o.SectorReads
	s.SectorReadHits += o.SectorReadHits
	s.PendingHits += o.PendingHits
	s.Writes += o.Writes
	s.WriteHits += o.WriteHits
	s.WriteMisses += o.WriteMisses
	s.SectorWrites += o.SectorWrites
	s.Evictions += o.Evictions
	s.DirtyEvictions += o.DirtyEvictions
	s.Invalidations += o.Invalidations
}

// GPUStats counts what all SMs share: the L2, the paths to it, and DRAM.
type GPUStats struct {
	L2           CacheStats
	L2ReadBytes  uint64 // bytes the SMs requested from the L2 (L1 misses, atomics)
	L2WriteBytes uint64 // bytes the SMs wrote to the L2 (stores, atomics, L1 write-backs)
	L2Slices     int
	L2Busy       Cycle // cycles the slices spent moving data, summed over slices (0 when unlimited)
	L2QueueWait  Cycle // cycles requests waited for a busy slice, summed
	DRAM         DRAMStats
}
