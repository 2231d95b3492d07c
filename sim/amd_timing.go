package sim

import (
	"fmt"
	"github.com/gpusim/gpusim/warp/amd"
	ptxexec "github.com/gpusim/gpusim/warp/ptx"
	"time"

	"github.com/gpusim/gpusim/config"
	"github.com/gpusim/gpusim/core"
	"github.com/gpusim/gpusim/warp"
)

// The timing mode for AMD kernels: workgroups of waves (package warp) as a
// BlockSource of the timing driver (RunTimingWith), with the occupancy the
// kernel descriptor's register counts give.

// waveSource makes AMD workgroups.
type waveSource struct{ l *amd.Launch }

func (s waveSource) Width() int                      { return s.l.Code().Width() }
func (s waveSource) WarpsPerBlock() int              { return s.l.WavesPerBlock() }
func (s waveSource) BlockFootprint() uint64          { return s.l.BlockFootprint() }
func (s waveSource) Counts(add func([]warp.PCCount)) { s.l.Counts(add) }
func (s waveSource) ShareRows(group []int)           { s.l.ShareRows(group) }

func (s waveSource) NewBlock(id [3]uint32, sm uint32) (SourceBlock, error) {
	b, err := s.l.NewBlock(id, sm)
	if err != nil {
		return nil, err
	}
	wb := &waveBlock{Block: b}
	for _, w := range b.Waves() {
		wb.waves = append(wb.waves, w)
	}
	return wb, nil
}

// waveBlock is an amd.Block with its waves as core.Warp values.
type waveBlock struct {
	*amd.Block
	waves []core.Warp
}

func (b *waveBlock) Warps() []core.Warp { return b.waves }

// *amd.Wave is a core.Wave, *ptxexec.Warp a core.Warp.
var (
	_ core.Wave = (*amd.Wave)(nil)
	_ core.Warp = (*ptxexec.Warp)(nil)
)

// RunTimingAMD is RunTiming for an AMD kernel (RunTiming calls it): the
// timing core schedules the waves on the SIMDs, times their units and
// memory accesses (LDS bank conflicts, scalar loads through the scalar
// cache), interlocks on VGPR, SGPR, VCC, EXEC, SCC and MODE dependencies,
// holds a wave at an s_waitcnt until the memory operations it retires have
// completed, and at s_barrier until its workgroup arrives (package core
// documents the model).
func RunTimingAMD(p *Prepared, opt TimingOptions) (*KernelStats, error) {
	start := time.Now()
	l, err := p.newWaveLaunch()
	if err != nil {
		return nil, err
	}
	src := waveSource{l}
	occ, err := p.amdOccupancy(src.Width())
	if err != nil {
		return nil, err
	}
	return RunTimingWith(p, src, occ, opt, start)
}

// amdOccupancy is the theoretical occupancy of an AMD launch: VGPRs and
// SGPRs per wave from the kernel's metadata (or the machine's
// kernel.registers override), LDS static plus dynamic.
func (p *Prepared) amdOccupancy(width int) (OccupancyStats, error) {
	k, m := p.Kernel, p.Machine
	a := k.AMD
	var os OccupancyStats
	os.Registers, os.RegistersFrom = max(a.VGPRCount, a.NextFreeVGPR, 1), ".amdhsa_next_free_vgpr"
	if m.Kernel.Registers > 0 {
		os.Registers, os.RegistersFrom = m.Kernel.Registers, regsFromOverride
	}
	os.SharedPerBlock = int(k.SharedSize + p.AMD.DynLDS)
	threads := int(p.Spec.Block[0]) * int(p.Spec.Block[1]) * int(p.Spec.Block[2])
	o, err := m.Occupancy(config.Block{Threads: threads, Registers: os.Registers, SGPRs: a.SGPRCount,
		AddressedSGPRs: a.NextFreeSGPR, Shared: os.SharedPerBlock, WarpSize: width})
	if err != nil {
		return os, fmt.Errorf("kernel %s cannot run on %s (%d VGPRs, %d bytes of LDS per workgroup): %v",
			k.Name, m.GPU.Arch, os.Registers, os.SharedPerBlock, err)
	}
	if o.Blocks < 1 {
		return os, fmt.Errorf("kernel %s cannot run on %s: no compute unit holds a workgroup (%s)", k.Name, m.GPU.Arch, o.Limit)
	}
	os.WarpsPerBlock, os.BlocksPerSM, os.WarpsPerSM, os.MaxWarps = o.WarpsPerBlock, o.Blocks, o.Warps, o.MaxWarps
	os.Theoretical, os.Limiter = o.Fraction(), o.Limit.String()
	return os, nil
}
