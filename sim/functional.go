package sim

import (
	"errors"
	"fmt"
	ptxexec "github.com/gpusim/gpusim/warp/ptx"
	"os"
	"path/filepath"
	"time"

	"github.com/gpusim/gpusim/warp"
)

// FaultError is a fault of the simulated program (exit status 1), as
// opposed to bad input.
type FaultError struct{ Err error }

func (e *FaultError) Error() string { return e.Err.Error() }
func (e *FaultError) Unwrap() error { return e.Err }

// Limits stop a run that goes on too long (an infinite loop in a kernel
// hangs a real GPU; here it ends with a fault). Zero means no limit.
type Limits struct {
	MaxWarpInsts uint64 // warp instructions, both modes
	MaxCycles    uint64 // cycles, timing mode
}

// LimitError is the fault of a kernel that Limits stopped.
type LimitError struct{ msg string }

func (e *LimitError) Error() string { return e.msg }

func (l Limits) warpInstsError() error {
	return &FaultError{Err: &LimitError{fmt.Sprintf("stopped after %d warp instructions (-max-warp-insts): the kernel may not terminate", l.MaxWarpInsts)}}
}

func (l Limits) cyclesError() error {
	return &FaultError{Err: &LimitError{fmt.Sprintf("stopped at cycle %d (-max-cycles): the kernel may not terminate", l.MaxCycles)}}
}

// RunFunctional executes every block of the launch in grid order, one block
// at a time, with no timing, and returns the kernel's counters.
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
	var blk SourceBlock
	var executed uint64
	g := p.Spec.Grid
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
				budget := uint64(0)
				if lim := p.Limits.MaxWarpInsts; lim != 0 {
					if executed >= lim {
						return nil, p.Limits.warpInstsError()
					}
					budget = lim - executed
				}
				n, err := blk.RunFor(budget)
				executed += n
				if errors.Is(err, warp.ErrStepLimit) {
					return nil, p.Limits.warpInstsError()
				}
				if err != nil {
					// Faults and barrier deadlocks (which hang a real
					// GPU) are the simulated program's, not bad input.
					return nil, &FaultError{Err: err}
				}
			}
		}
	}
	st := newKernelStats(p, "functional")
	if blk != nil {
		blk.Counts(st.addCounts)
	}
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
	})
}

// WriteOutputs writes every buffer that names an output file into dir (see
// LaunchSpec.OutputDir) and returns the paths written.
func (p *Prepared) WriteOutputs(dir string) ([]string, error) {
	var written []string
	if err := p.syncArrays(); err != nil {
		return nil, err
	}
	for i, b := range p.Spec.Buffers {
		if b.Output == "" {
			continue
		}
		data, err := p.Global.Host(p.BufferAddr[i], b.Bytes())
		if err != nil {
			return written, err
		}
		path := filepath.Join(p.Spec.OutputDir(dir), b.Output)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return written, err
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			return written, fmt.Errorf("buffers.%s: %v", b.Name, err)
		}
		written = append(written, path)
	}
	return written, nil
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
