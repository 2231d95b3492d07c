package core

import (
	"math/bits"
	"strings"

	"github.com/gpusim/gpusim/config"
	"github.com/gpusim/gpusim/mem"
	"github.com/gpusim/gpusim/traces"
	"github.com/gpusim/gpusim/warp"
)

// MemoryConfig is the memory hierarchy of machine m as package mem models
// it, every figure from a key of the model (MemoryKey names them). One mem
// SM is one CU; a WGP-mode dispatch unit spans two.
func MemoryConfig(m *config.Machine) mem.HierarchyConfig {
	cache := func(c *config.Cache) mem.CacheConfig {
		return mem.CacheConfig{Size: c.Size, Line: c.Line, Sector: c.Sector, Assoc: c.Assoc, Latency: c.Latency,
			WriteBack: c.Write == config.WriteBack, WriteAllocate: c.WriteAllocate}
	}
	mm := &m.Memory
	return mem.HierarchyConfig{
		SMs:          m.GPU.SMs,
		LineCycles:   mm.L1.CyclesPerLine,
		ConstLatency: mm.ConstLatency,
		TexLatency:   mm.TexLatency,
		Shared: mem.SharedConfig{
			Banks: m.SM.SharedBanks, BankWidth: m.SM.SharedBankWidth, Latency: mm.SharedLatency,
			NoConflicts: mm.BankConflict == config.ConflictNone,
		},
		L1:               cache(&mm.L1.Cache),
		L2:               cache(&mm.L2.Cache),
		L2Slices:         mm.L2.Slices,
		L2SliceBandwidth: mm.L2.SliceBandwidth,
		DRAM: mem.DRAMConfig{
			Latency: mm.DRAM.Latency, Bandwidth: mm.DRAM.Bandwidth,
			PerSM: mm.DRAM.BandwidthPer == config.PerSM,
		},
	}
}

// MemoryKey is the machine-model key that MemoryConfig fills the field of
// mem.HierarchyConfig named key from (a mem.HierarchyConfig.Problems Key:
// "l1.sector", "shared.banks", "line_cycles"), or "memory" when there is
// no one key.
func MemoryKey(key string) string {
	switch key {
	case "sms":
		return "gpu.sms"
	case "line_cycles":
		return "memory.l1.cycles_per_line"
	case "const_latency":
		return "memory.const_latency"
	case "tex_latency":
		return "memory.tex_latency"
	case "shared.banks":
		return "sm.shared_banks"
	case "shared.bank_width":
		return "sm.shared_bank_width"
	case "shared.latency":
		return "memory.shared_latency"
	case "l2.slices", "l2.slice_bandwidth":
		return "memory." + key
	}
	for _, level := range []string{"l1.", "l2.", "dram."} {
		if strings.HasPrefix(key, level) {
			return "memory." + key
		}
	}
	return "memory"
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
	tex             mem.TexAccess
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
// completes: with its further parts (a.Next: a wmma.load's fragment
// registers, cp.async's read and write), which issue together, when the
// last completes.
func (mp *memPort) access(cu int, gw uint64, now Cycle, a *warp.Access, info *instInfo) Cycle {
	done := mp.accessPart(cu, gw, now, a, info)
	for x := a.Next; x != nil; x = x.Next {
		done = max(done, mp.accessPart(cu, gw, now, x, info))
	}
	return done
}

// accessPart times one part of an access. AMD scalar loads go through the
// scalar data cache, which the memory model's constant cache stands for
// (memory.const_latency).
func (mp *memPort) accessPart(cu int, gw uint64, now Cycle, a *warp.Access, info *instInfo) Cycle {
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
	if a.Texels != nil {
		// Texture and surface instructions take the texture path.
		mp.tex = mem.TexAccess{Op: acc.Op, Addr: a.Texels, Size: a.TexelSize}
		return mp.h.Texture(cu, now, &mp.tex)
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
