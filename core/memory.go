package core

import (
	"math/bits"

	"github.com/gpusim/gpusim/config"
	"github.com/gpusim/gpusim/mem"
	"github.com/gpusim/gpusim/traces"
	"github.com/gpusim/gpusim/warp"
)

// MemoryConfig is the memory hierarchy of machine m as package mem models
// it. The machine model has no keys (yet) for what mem calls L1 line
// cycles, L2 slices and write policies; gpusim's conventions stand in: the
// L1 takes one line per cycle, the L2 is one slice with unlimited port
// bandwidth (DRAM bandwidth still applies), the L1 writes through without
// allocating (NVIDIA's L1 for global stores) and the L2 writes back and
// allocates. One mem SM is one CU; a WGP-mode dispatch unit spans two.
func MemoryConfig(m *config.Machine) mem.HierarchyConfig {
	cache := func(c config.Cache) mem.CacheConfig {
		return mem.CacheConfig{Size: c.Size, Line: c.Line, Sector: c.Sector, Assoc: c.Assoc, Latency: c.Latency}
	}
	l1, l2 := cache(m.Memory.L1), cache(m.Memory.L2)
	l2.WriteBack, l2.WriteAllocate = true, true
	return mem.HierarchyConfig{
		SMs:          m.GPU.SMs,
		LineCycles:   1,
		ConstLatency: m.Memory.ConstLatency,
		Shared: mem.SharedConfig{
			Banks: m.SM.SharedBanks, BankWidth: m.SM.SharedBankWidth, Latency: m.Memory.SharedLatency,
			NoConflicts: m.Memory.BankConflict == "none",
		},
		L1: l1,
		L2: l2,
		DRAM: mem.DRAMConfig{
			Latency: m.Memory.DRAM.Latency, Bandwidth: m.Memory.DRAM.Bandwidth,
			PerSM: m.Memory.DRAM.BandwidthPer == config.PerSM,
		},
	}
}

// memPort turns a warp's memory access into the memory model's terms.
type memPort struct {
	h     *mem.Hierarchy
	width int
	// Per-thread memory (.local, then the parameter frame) is laid out
	// interleaved across a warp's lanes, frame bytes per thread, the frame
	// area at frameOff.
	frame, frameOff uint64
	acc             mem.WarpAccess
	addr            []uint64 // scratch for interleaved addresses
}

func newMemPort(h *mem.Hierarchy, k *traces.Kernel, width int) memPort {
	local := (k.LocalSize + 3) &^ 3
	return memPort{h: h, width: width, frame: local + (k.FrameSize+3)&^3, frameOff: local, addr: make([]uint64, width)}
}

// accessSpace is the space access a went to: its first active lane's (a
// generic access resolved per lane), or the instruction's.
func accessSpace(a *warp.Access) traces.Space {
	if first := bits.TrailingZeros64(a.Mask); first < len(a.Spaces) {
		return a.Spaces[first]
	}
	return a.Space
}

// access times a, the access of instruction info, at cycle now for the CU
// cu and the warp with the GPU-unique number gw, and returns when it
// completes. AMD scalar loads go through the scalar data cache, which the
// memory model's constant cache stands for (memory.const_latency).
func (mp *memPort) access(cu int, gw uint64, now Cycle, a *warp.Access, info *instInfo) Cycle {
	mask := a.Mask
	if mask == 0 || mp.h == nil {
		return now
	}
	space := accessSpace(a)
	if info.smem {
		space = traces.SpaceConst
	}
	acc := &mp.acc
	acc.Space, acc.Size, acc.Mask, acc.Addr = space, a.Size, mask, a.Addr
	switch a.Kind {
	case warp.AccessLoad:
		acc.Op = mem.OpLoad
	case warp.AccessStore:
		acc.Op = mem.OpStore
	default:
		acc.Op = mem.OpAtomic
		if info.reduce {
			acc.Op = mem.OpReduce
		}
	}
	if space == traces.SpaceLocal || space == traces.SpaceParamFrame {
		off := uint64(0)
		if space == traces.SpaceParamFrame {
			off = mp.frameOff
		}
		n := min(len(a.Addr), len(mp.addr))
		for m := mask; m != 0; m &= m - 1 {
			lane := bits.TrailingZeros64(m)
			if lane < n {
				mp.addr[lane] = mem.InterleavedLocal(gw, lane, mp.width, mp.frame, off+a.Addr[lane])
			}
		}
		acc.Space, acc.Addr = traces.SpaceLocal, mp.addr[:n]
	}
	return mp.h.Access(cu, now, acc)
}
