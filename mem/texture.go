package mem

// The texture path: how long a texture fetch or a surface access takes.
//
// On Turing and later NVIDIA GPUs the texture cache is the L1: "the L1 data
// cache, texture cache and shared memory are one unit" (NVIDIA Turing
// architecture whitepaper, "Turing streaming multiprocessor"; the Volta
// whitepaper says the same of Volta). gpusim models that literally: a
// texture instruction's texels are coalesced into the sectors and lines
// they touch (all lanes, all texels of each lane's footprint, each texel
// counted once however many lanes read it), and those lines go through
// the SM's L1 exactly as a global load's do (the same tag array and
// capacity, the same L1 pipeline, LineCycles per line, shared with the
// loads and stores of every warp on the SM; misses go to the L2 and DRAM
// in the same way). What differs is the latency of a hit: TexLatency, the
// texture pipeline's load-to-use time (addressing, the L1 and filtering)
// instead of the L1 latency of the load path. Surface loads time like
// texture fetches; surface stores write through the L1 like global
// stores and complete when the L1 pipeline has taken them; surface
// reductions execute at the L2 like global reductions. The texture
// units' own throughput (texels filtered per cycle) is the machine
// model's tex unit (lanes), which package core charges at issue; how far
// apart texels lie is the layout's business (the block-linear layout of
// CUDA arrays gives 2-D fetches 2-D locality in lines).
//
// Not modelled: the texture units' separate L0/"texture L1" queues in
// front of the unified L1, filtering throughput that depends on the
// format or the number of taps, anisotropic filtering, texel compression.

// TexAccess is one texture or surface instruction as the timing model
// sees it.
type TexAccess struct {
	Op   AccessOp // OpLoad (tex, tld4, suld), OpStore (sust), OpReduce/OpAtomic (sured)
	Addr []uint64 // every texel or element address, any number
	Size int      // bytes at each address
}

// Texture times a texture or surface access of SM sm issued at now and
// returns when it completes (see the model above). An access without
// addresses completes at now.
func (h *Hierarchy) Texture(sm int, now Cycle, acc *TexAccess) Cycle {
	if len(acc.Addr) == 0 {
		return now
	}
	s := &h.sms[sm]
	s.stats.TexInsts++
	s.stats.Texels += uint64(len(acc.Addr))
	s.lines = h.co.CoalesceList(acc.Addr, acc.Size, s.lines)
	return h.lineAccess(sm, s, now, acc.Op, h.texLat, acc.Addr, 1)
}
