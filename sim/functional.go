package sim

import (
	"errors"
	"fmt"
	"path/filepath"
	"time"

	"github.com/gpusim/gpusim/config"
	"github.com/gpusim/gpusim/diag"
	"github.com/gpusim/gpusim/warp"
	ptxexec "github.com/gpusim/gpusim/warp/ptx"
)

// RunFunctional executes every block of the launch in grid order, one block
// at a time, with no timing, and returns the kernel's counters. A run that
// a limit, a deadlock, a fault or an interrupt stops returns its error with
// the counters so far, marked Partial and saying where the running block's
// warps stood.
func RunFunctional(p *Prepared) (*KernelStats, error) {
	start := time.Now()
	var src BlockSource
	if p.Kernel.AMD != nil {
		l, err := p.newWaveLaunch()
		if err != nil {
			return nil, err
		}
		src = waveSource{l}
	} else {
		l, err := p.newLaunch()
		if err != nil {
			return nil, err
		}
		src = ptxSource{l}
	}
	if err := p.checkRunMemory(src.BlockFootprint(), 1, nil); err != nil {
		return nil, err
	}
	var blk SourceBlock
	var spent warp.Spent
	g := p.Spec.Grid
	total := gridBlocks(g)
	lim := p.Limits
	done := 0
	stop := func(err error) (*KernelStats, error) {
		st := newKernelStats(p, "functional")
		src.Counts(st.addCounts)
		st.finish(time.Since(start))
		var spots []warpSpot
		if blk != nil {
			spots = blockSpots(nil, blk, -1, nil)
		}
		st.Partial = diagnose(p, err, spent.Turns, done, total, spots)
		return st, err
	}
	for z := uint32(0); z < g[2]; z++ {
		for y := uint32(0); y < g[1]; y++ {
			for x := uint32(0); x < g[0]; x++ {
				id := [3]uint32{x, y, z}
				if blk == nil {
					var err error
					if blk, err = src.NewBlock(id, 0); err != nil {
						return nil, err
					}
				} else {
					blk.Reset(id, 0)
				}
				bg := warp.Budget{Stop: lim.Stop}
				if lim.MaxWarpInsts != 0 {
					if spent.Insts >= lim.MaxWarpInsts {
						return stop(lim.warpInstsError())
					}
					bg.Insts = lim.MaxWarpInsts - spent.Insts
				}
				if lim.MaxCycles != 0 {
					if spent.Turns >= lim.MaxCycles {
						return stop(lim.cyclesError(true, spent.Turns))
					}
					bg.Turns = lim.MaxCycles - spent.Turns
				}
				n, err := blk.RunBudget(bg)
				spent.Insts += n.Insts
				spent.Turns += n.Turns
				switch {
				case err == nil:
					done++
				case errors.Is(err, warp.ErrStepLimit):
					return stop(lim.warpInstsError())
				case errors.Is(err, warp.ErrTurnLimit):
					return stop(lim.cyclesError(true, spent.Turns))
				case errors.Is(err, warp.ErrStopped):
					return stop(&InterruptError{})
				default:
					// Faults and barrier deadlocks (which hang a real
					// GPU) are the simulated program's, not bad input.
					return stop(&FaultError{Err: err})
				}
			}
		}
	}
	st := newKernelStats(p, "functional")
	src.Counts(st.addCounts)
	st.finish(time.Since(start))
	return st, nil
}

func (p *Prepared) newLaunch() (*ptxexec.Launch, error) {
	return ptxexec.NewLaunch(ptxexec.LaunchConfig{
		Program: p.Program, Kernel: p.Kernel, Code: p.Code,
		Grid: p.Spec.Grid, Block: p.Spec.Block, DynShared: p.Spec.Shared,
		Global: p.Global, GlobalVars: p.GlobalVars, Const: p.Const, Params: p.Params,
		Model: p.Model, Width: 32,
		NSMID: uint32(p.Machine.GPU.SMs), NWarpID: uint32(p.Machine.MaxWarps()), GridID: p.GridID,
		Device: p.Device, StackSize: p.StackSize, StackSource: p.StackSource, StackFrames: p.StackFrames,
		ClockMHz: p.Machine.GPU.ClockMHz, ClockBase: p.ClockBase,
		SharedAllocUnit: uint64(max(p.Machine.SM.SharedAllocUnit, 0)), SharedReserved: uint64(max(p.Machine.SM.SharedReserved, 0)),
		Tex: p.Tex, TexRefs: p.TexRefs,
		WarpBarrier: p.Machine.SM.BarrierArrival == config.BarrierPerWarp, Strict: p.Strict,
	})
}

// WriteOutputs writes every buffer that names an output file into dir (see
// LaunchSpec.OutputDir), each whole or not at all, and returns the paths
// written. A buffer that cannot be written does not stop the others; the
// error names each that failed.
func (p *Prepared) WriteOutputs(dir string) ([]string, error) {
	var written []string
	var errs []error
	if err := p.syncArrays(); err != nil {
		return nil, err
	}
	for i, b := range p.Spec.Buffers {
		if b.Output == "" {
			continue
		}
		data, err := p.Global.Host(p.BufferAddr[i], b.Bytes())
		if err == nil {
			err = diag.WriteBytes(p.OutputPath(dir, b), data)
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("buffers.%s: %v", b.Name, err))
			continue
		}
		written = append(written, p.OutputPath(dir, b))
	}
	return written, errors.Join(errs...)
}

// OutputPath is the file buffer b's output goes to (b.Output in dir, see
// LaunchSpec.OutputDir); "" when it has none.
func (p *Prepared) OutputPath(dir string, b *BufferSpec) string {
	if b.Output == "" {
		return ""
	}
	return filepath.Join(p.Spec.OutputDir(dir), b.Output)
}

// Buffer returns the current device contents of the named buffer.
func (p *Prepared) Buffer(name string) ([]byte, error) {
	i := p.Spec.bufferIndex(name)
	if i < 0 {
		return nil, fmt.Errorf("no buffer %q", name)
	}
	if err := p.syncArrays(); err != nil {
		return nil, err
	}
	return p.Global.Host(p.BufferAddr[i], p.Spec.Buffers[i].Bytes())
}
