package sim

import (
	"fmt"
	"github.com/gpusim/gpusim/traces/ptx"
	"strings"

	"github.com/gpusim/gpusim/config"
	"github.com/gpusim/gpusim/traces"
)

// Where a launch's register count comes from (ptxas: Prepared.PtxasSource).
const (
	regsFromOverride = "kernel.registers"
	regsFromMaxNReg  = ".maxnreg"
	regsFromEstimate = "estimate"
)

// Occupancy is the theoretical occupancy of the launch on its machine: the
// blocks one SM holds at once and the resource that limits them, for the
// launch's block shape, its shared memory (static plus dynamic) and its
// registers per thread: the machine's kernel.registers when set (-set
// kernel.registers=N), else the kernel's .maxnreg, else the liveness
// estimate (ptx.EstimateRegisters); a kernel that declares its block
// size (.reqntid or .maxntid) and .minnctapersm gets at most the registers
// that let that many blocks fit, as ptxas allocates them. A block that
// cannot fit on an SM at all is an error.
func (p *Prepared) Occupancy(width int) (config.Occupancy, OccupancyStats, error) {
	k, m := p.Kernel, p.Machine
	var os OccupancyStats
	switch {
	case m.Kernel.Registers > 0:
		os.Registers, os.RegistersFrom = m.Kernel.Registers, regsFromOverride
	case p.PtxasRegisters > 0:
		os.Registers, os.RegistersFrom = p.PtxasRegisters, p.PtxasSource
	case k.MaxNReg > 0:
		os.Registers, os.RegistersFrom = int(k.MaxNReg), regsFromMaxNReg
	default:
		os.Registers, os.RegistersFrom = ptx.EstimateRegisters(k), regsFromEstimate
		if p.PtxasSource != "" {
			os.RegistersFrom += "; " + p.PtxasSource
		}
	}
	align := k.DynSharedAlign
	if align == 0 {
		align = 16
	}
	os.SharedPerBlock = int((k.SharedSize+align-1)&^(align-1) + p.Spec.Shared)
	threads := int(p.Spec.Block[0]) * int(p.Spec.Block[1]) * int(p.Spec.Block[2])
	if os.RegistersFrom != regsFromOverride && p.PtxasRegisters == 0 {
		os.Registers = capRegisters(m, k, os.Registers, width)
	}
	if strings.HasPrefix(os.RegistersFrom, regsFromEstimate) {
		// An estimate above what a block can have: ptxas would spill to
		// local memory and assemble the kernel at the limit.
		if limit := registerLimit(m, threads, width); limit > 0 && os.Registers > limit {
			os.RegistersFrom = fmt.Sprintf("%s of %d, run at the limit of %d: ptxas would spill the rest", os.RegistersFrom, os.Registers, limit)
			os.Registers = limit
		}
	}
	o, err := m.Occupancy(config.Block{Threads: threads, Registers: os.Registers, Shared: os.SharedPerBlock, WarpSize: width})
	if err != nil {
		return o, os, fmt.Errorf("kernel %s cannot run on %s (%d registers per thread from %s, %d bytes of shared memory per block): %v",
			k.Name, m.GPU.Arch, os.Registers, os.RegistersFrom, os.SharedPerBlock, err)
	}
	if o.Blocks < 1 {
		return o, os, fmt.Errorf("kernel %s cannot run on %s: no SM holds a block (%s)", k.Name, m.GPU.Arch, o.Limit)
	}
	os.WarpsPerBlock, os.BlocksPerSM, os.WarpsPerSM, os.MaxWarps = o.WarpsPerBlock, o.Blocks, o.Warps, o.MaxWarps
	os.Theoretical, os.Limiter = o.Fraction(), o.Limit.String()
	return o, os, nil
}

// registerLimit is the most registers per thread with which a block of
// threads threads fits on an SM (sm.registers_per_thread, and the block's
// share of the register file); 0 when none fits.
func registerLimit(m *config.Machine, threads, width int) int {
	for r := m.SM.RegistersPerThread; r > 0; r-- {
		o, err := m.Occupancy(config.Block{Threads: threads, Registers: r, WarpSize: width})
		if err == nil && o.ByLimit[config.LimitRegisters] >= 1 {
			return r
		}
	}
	return 0
}

// capRegisters bounds a kernel's registers per thread as ptxas does for
// .minnctapersm N with a declared block size (.reqntid, else .maxntid):
// the most registers with which N such blocks still fit on an SM by
// registers alone.
func capRegisters(m *config.Machine, k *traces.Kernel, regs, width int) int {
	dims := k.ReqNTid
	if dims[0] == 0 {
		dims = k.MaxNTid
	}
	if k.MinNCTAPerSM <= 0 || dims[0] == 0 || regs <= 0 {
		return regs
	}
	threads := int(dims[0]) * int(max(dims[1], 1)) * int(max(dims[2], 1))
	for r := regs; r > 0; r-- {
		o, err := m.Occupancy(config.Block{Threads: threads, Registers: r, WarpSize: width})
		if err == nil && o.ByLimit[config.LimitRegisters] >= int(k.MinNCTAPerSM) {
			return r
		}
	}
	return regs
}
