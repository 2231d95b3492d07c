package sim

import (
	"fmt"

	"github.com/gpusim/gpusim/core"
	"github.com/gpusim/gpusim/diag"
	"github.com/gpusim/gpusim/internal/sat"
	"github.com/gpusim/gpusim/traces"
)

// What a launch allocates, for the memory budget (budget.go): the buffers
// and module variables Prepare lays out, and the blocks, SMs and caches a
// run builds.

// staticFootprint is what Prepare allocates: every buffer, the module's
// .global variables, the constant bank and the parameter buffer.
func (p *Prepared) staticFootprint(where string) footprint {
	var f footprint
	for _, b := range p.Spec.Buffers {
		at := func(msg string) error {
			return &diag.Error{File: where, Line: b.Line, Key: "buffers." + b.Name, Msg: "buffers." + b.Name + ": " + msg}
		}
		f.add(sat.Mul(b.Count, uint64(b.Type.Size())), at, "buffers.%s (%d elements of %s)", b.Name, b.Count, b.Type)
	}
	f.add(p.Program.GlobalSize, atLargest(p.Program.Path, p.Program.Globals), "the module's .global variables")
	f.add(p.Program.ConstSize, atLargest(p.Program.Path, p.Program.Consts), "the module's .const variables")
	f.add(p.Kernel.ParamSize, nil, "the kernel parameters")
	return f
}

// checkStatic checks the static footprint against the budget, before
// anything is allocated.
func (p *Prepared) checkStatic(where string) error {
	f := p.staticFootprint(where)
	p.static = f
	return f.check(p.budget, "the launch")
}

// checkRunMemory checks everything a run allocates (the static footprint,
// resident blocks of blockBytes each, and in the timing mode prog's SMs,
// counters and memory hierarchy) against the budget, before allocating.
func (p *Prepared) checkRunMemory(blockBytes uint64, resident int, prog *core.Program) error {
	f := p.static
	if f.items == nil && f.total == 0 {
		f = p.staticFootprint("")
	}
	f.items = append([]fpItem(nil), f.items...)
	k := p.Kernel
	mode := "the functional run"
	per := "one block at a time"
	if prog != nil {
		mode, per = "the timing run", fmt.Sprintf("%d resident blocks", resident)
		if resident == 1 {
			per = "1 resident block"
		}
	}
	what := fmt.Sprintf("blocks (%s of %s: shared memory %d bytes, per thread %d bytes of private memory (.local %d, call frames %d), registers and counters)",
		per, FormatBytes(blockBytes), p.blockShared(), k.PrivateSize(), k.LocalSize, k.FrameSize)
	f.add(sat.Mul(blockBytes, uint64(resident)), p.atKernel, "%s", what)
	if prog != nil {
		m := p.Machine
		sms := uint64(m.DispatchUnits())
		smAt := func(msg string) error { return m.Errorf("gpu.sms", "%s", msg) }
		f.add(sat.Mul(sms, core.SMFootprint(m, prog)), smAt, "the timing model's warp slots, scoreboards and units (%d SMs of %d warps)", sms, m.MaxWarps())
		f.add(core.PCFootprint(prog), p.atKernel, "per-instruction counters (%d instructions)", prog.Len())
		hcfg := core.MemoryConfig(m)
		l1At := func(msg string) error { return m.Errorf("memory.l1.size", "%s", msg) }
		f.add(hcfg.Footprint(), l1At, "the memory model's caches, queues and scratch (an L1 of %d bytes per SM, an L2 of %d)", m.Memory.L1.Size, m.Memory.L2.Size)
	}
	return f.check(p.budget, mode)
}

// blockShared is a block's shared memory: static (aligned) plus dynamic.
func (p *Prepared) blockShared() uint64 {
	k := p.Kernel
	align := k.DynSharedAlign
	if align == 0 {
		align = 16
	}
	return sat.Add((k.SharedSize+align-1)&^(align-1), p.Spec.Shared)
}

// atLargest positions a message at the largest of vars (in file), or at
// the file when there are none.
func atLargest(file string, vars []traces.Var) func(string) error {
	return func(msg string) error {
		var big *traces.Var
		for i := range vars {
			if big == nil || vars[i].Size > big.Size {
				big = &vars[i]
			}
		}
		if big == nil {
			return diag.At(file, 0, 0, "%s", msg)
		}
		return diag.At(file, int(big.Pos.Line), int(big.Pos.Col), "%s (the largest, %s, is %d bytes)", msg, big.Name, big.Size)
	}
}
