package amd

// AMD wavefronts. A Wave is one wavefront of 32 or 64 lanes executing
// AMDGPU instructions (amdgpu.Parse) as the hardware does: VGPRs per
// lane, a scalar register file (SGPRs, VCC, TTMPs, M0, EXEC) shared by the
// wave, SCC and MODE. EXEC and VCC are real lane masks; the program manages
// divergence itself with s_and_saveexec, v_cmpx and scalar branches, so
// there is no reconvergence stack.
//
// Memory loads complete into registers only when a wait covers them, as on
// silicon: each load's data is captured at issue and parked in a queue per
// hardware counter (vector loads, vector stores, LDS, scalar memory); an
// s_waitcnt / s_wait_* instruction retires entries, oldest first, until the
// counters are at or below its thresholds, and only then are the
// destination registers written. A read before the wait sees the old value.
// The same queues tell the timing model what a wait waits for.
//
// A Wave presents the API of a PTX Warp (Step, Result, Access, per-PC
// counters), so the timing core and sim drive both the same way.

import (
	"github.com/gpusim/gpusim/warp"
	"math/bits"

	"github.com/gpusim/gpusim/alu"
	"github.com/gpusim/gpusim/mem"
	"github.com/gpusim/gpusim/traces"
)

// Wave is one wavefront of a workgroup.
type Wave struct {
	// s is first so that its last line (m0, EXEC), and the fields every
	// Step reads after it, are two cache lines: a Wave, allocated with
	// Go's 8-byte header before it, starts 8 bytes past a line, so s[126:]
	// starts one. An SM's waves leave the cache while the other SMs step.
	s      [traces.AMDNumSRegs]uint32
	done   bool
	barOn  bool  // waits at a barrier
	pushed uint8 // queues (bit per warp.Queue) the current instruction added to
	trap   bool
	pc     int32
	next   int32
	ops    []wop
	wmask  uint64 // all lanes of the wave width
	now    uint64
	counts []warp.PCCount // per static PC: its CU's table (warp.PCCounts)
	res    warp.Result
	// v is the VGPRs, v[r*width+lane]: 4 bytes a lane, so that a resident
	// wave's registers take half the host's cache lines they would as the
	// 8-byte lanes the lane functions compute on (operand.go widens and
	// narrows).
	v     []uint32
	width int
	rows  *laneRows // this instruction's lane rows, shared (rows.go)

	b     *Block
	code  *Code
	id    int
	first int    // workgroup-linear index of lane 0's work-item
	lanes uint64 // lanes that hold a work-item

	scc   bool
	mode  uint32
	fp32  alu.FPMode // MODE as it applies to f32 operations
	fp64  alu.FPMode // MODE as it applies to f16 and f64 operations
	ieee  bool       // MODE.IEEE
	barAt int32      // the instruction it waits at
	sigPh uint64     // barrier phase the wave signalled in (s_barrier_signal)

	q      [warp.NumQueues]waveQueue
	seq    uint64 // sequence number of the last memory instruction issued
	need   [warp.NumQueues]uint64
	retire [warp.NumQueues]int // entries the last wait retired

	gseg *mem.Segment // the global allocation the last vector access hit
	sseg *mem.Segment // the one the last scalar load hit
}

func newWave(b *Block, id int) *Wave {
	l := b.l
	W := l.width
	w := &Wave{
		b: b, code: l.code, ops: l.code.ops, id: id, width: W, first: id * W,
		v: make([]uint32, l.code.vgprs*W),
	}
	w.wmask = warp.LowMask(W)
	threads := min(W, l.threads-w.first)
	w.lanes = warp.LowMask(threads)
	return w
}

// ID is the wave's index within its workgroup.
func (w *Wave) ID() int { return w.id }

// Done reports whether the wave has ended (s_endpgm).
func (w *Wave) Done() bool { return w.done }

// Waiting reports whether the wave is blocked at a barrier.
func (w *Wave) Waiting() bool { return w.barOn }

// PC is the index of the next instruction, or -1 when done.
func (w *Wave) PC() int32 {
	if w.done {
		return -1
	}
	return w.pc
}

// ActiveMask is EXEC: the lanes a vector instruction at PC would execute.
func (w *Wave) ActiveMask() uint64 {
	if w.done {
		return 0
	}
	return w.exec()
}

// Width is the number of lanes (32 or 64).
func (w *Wave) Width() int { return w.width }

// VGPR returns VGPR r of lane lane.
func (w *Wave) VGPR(r, lane int) uint32 { return w.v[r*w.width+lane] }

// SetVGPR sets VGPR r of lane lane (for tests and debuggers).
func (w *Wave) SetVGPR(r, lane int, x uint32) { w.v[r*w.width+lane] = x }

// SGPR returns scalar register i in the numbering of traces.OpdSGPR
// (s0..s105, then traces.AMDRegVCCLo ... traces.AMDRegExecHi).
func (w *Wave) SGPR(i int) uint32 { return w.s[i] }

// SetSGPR sets scalar register i (for tests and debuggers).
func (w *Wave) SetSGPR(i int, x uint32) { w.s[i] = x }

// Exec is the EXEC mask.
func (w *Wave) Exec() uint64 { return w.exec() }

// VCC is the VCC mask.
func (w *Wave) VCC() uint64 { return w.pair(traces.AMDRegVCCLo) }

// SCC is the scalar condition code.
func (w *Wave) SCC() bool { return w.scc }

// Mode is the MODE register.
func (w *Wave) Mode() uint32 { return w.mode }

// Counts returns, per static PC (index Code.Len() is the end of the
// code), the wave instructions executed and the lanes of EXEC summed over
// the executions (thread instructions; for scalar instructions too: they
// act for the wave's active work-items), summed over the waves that ran on
// this wave's compute unit: the table it counts into (Launch.Counts).
func (w *Wave) Counts() []warp.PCCount { return w.counts }

// exec reads EXEC.
func (w *Wave) exec() uint64 {
	return (uint64(w.s[traces.AMDRegExecLo]) | uint64(w.s[traces.AMDRegExecHi])<<32) & w.wmask
}

// setExec writes EXEC.
func (w *Wave) setExec(m uint64) {
	w.s[traces.AMDRegExecLo] = uint32(m)
	w.s[traces.AMDRegExecHi] = uint32(m >> 32)
}

// pair reads the 64-bit lane mask starting at scalar register r, limited to
// the wave width (a wave32 mask is one register).
func (w *Wave) pair(r int) uint64 {
	if w.width <= 32 {
		return uint64(w.s[r]) & w.wmask
	}
	return uint64(w.s[r]) | uint64(w.s[r+1])<<32
}

// setMode installs a new MODE value.
func (w *Wave) setMode(m uint32) {
	w.mode = m
	w.fp32 = amdFPMode(m&traces.AMDModeRoundF32, m&traces.AMDModeDenormF32>>4)
	w.fp64 = amdFPMode(m&traces.AMDModeRoundF64>>2, m&traces.AMDModeDenormF64>>6)
	w.ieee = m&traces.AMDModeIEEE != 0
}

// amdFPMode turns MODE's rounding and denormal fields into an alu.FPMode:
// denormal mode 0 flushes inputs and outputs, 1 only outputs, 2 only
// inputs, 3 neither (LLVM SIDefines.h FP_DENORM_*); rounding 0..3 is
// nearest-even, +Inf, -Inf, zero, as alu.Rounding numbers them.
func amdFPMode(round, denorm uint32) alu.FPMode {
	var f alu.FPMode
	switch denorm {
	case 0:
		f = alu.FlushIn | alu.FlushOut
	case 1:
		f = alu.FlushOut
	case 2:
		f = alu.FlushIn
	}
	return alu.Mode(alu.Rounding(round), f)
}

// Step executes the instruction at the wave's PC (a VOPD pair counts as one
// instruction) with now as the value of s_memtime. It returns what
// happened; an error is a *Fault.
func (w *Wave) Step(now uint64) (warp.Result, error) {
	if w.done {
		return warp.Result{PC: -1, Kind: warp.KindDone}, nil
	}
	if w.barOn {
		return warp.Result{PC: -1, Kind: warp.KindWaiting}, nil
	}
	pc := w.pc
	o := &w.ops[pc]
	m := w.exec()
	w.now = now
	w.res = warp.Result{PC: pc, Active: m, Exec: m}
	w.pushed = 0
	n := uint64(bits.OnesCount64(m))
	c := &w.counts[pc]
	c.Warp++
	c.Thread += n
	w.next = pc + 1
	if o.pair {
		c := &w.counts[pc+1]
		c.Warp++
		c.Thread += n
		w.next = pc + 2
	}
	if err := o.exec(w, o, m); err != nil {
		return w.res, w.fault(o, m, err)
	}
	w.pc = w.next
	return w.res, nil
}

// end finishes the wave: pending loads are dropped (nothing can read them)
// and the workgroup's barrier no longer waits for it.
func (w *Wave) end() {
	w.done = true
	for i := range w.q {
		w.q[i].clear()
	}
	w.res.Kind = warp.KindExited
	w.b.waveEnded(w)
}
