package amd

import (
	"errors"
	"fmt"
	"github.com/gpusim/gpusim/warp"

	"github.com/gpusim/gpusim/traces"
)

// Program control of waves: branches, s_endpgm, s_getpc/s_setpc, the
// workgroup barrier, the wait counters, messages and hints.

func (c *compiler) control(in *traces.Inst, o *wop) error {
	var err error
	if in.NDst > 0 {
		if o.dst[0], err = c.dst(in, 0); err != nil {
			return err
		}
	}
	if in.NSrc > 0 {
		if err := c.srcs(in, o, int(in.NSrc), 0); err != nil {
			return err
		}
	}
	imm := func(i int) int64 {
		if i < int(in.NSrc) {
			return int64(in.Src[i].Imm)
		}
		return 0
	}
	switch in.Op {
	case traces.OpSEndpgm, traces.OpSCodeEnd:
		o.exec = execEndpgm
	case traces.OpSBranch:
		o.target, o.exec = in.Target, execBranch
	case traces.OpSCbranchScc0, traces.OpSCbranchScc1, traces.OpSCbranchVccz, traces.OpSCbranchVccnz,
		traces.OpSCbranchExecz, traces.OpSCbranchExecnz:
		o.target, o.exec = in.Target, execCbranch
	case traces.OpSGetpcB64:
		o.exec = execGetpc
	case traces.OpSSetpcB64, traces.OpSSwappcB64:
		o.exec = execSetpc
	case traces.OpSTrap:
		o.exec = execSTrap
	case traces.OpSBarrier:
		o.exec = execBarrier
	case traces.OpSBarrierSignal, traces.OpSBarrierWait:
		if int16(imm(0)) != -1 {
			return c.unsupported(in, "named barriers (only -1, the workgroup barrier)")
		}
		if in.Op == traces.OpSBarrierSignal {
			o.exec = execBarrierSignal
		} else {
			o.exec = execBarrierWait
		}
	case traces.OpSWaitcnt:
		o.imm = [3]int64{imm(0), imm(1), imm(2)}
		o.exec = execWaitcnt
	case traces.OpSWaitcntVmcnt, traces.OpSWaitcntVscnt, traces.OpSWaitcntLgkmcnt, traces.OpSWaitcntExpcnt:
		if o.dst[0].kind == wS && !o.dst[0].null {
			return c.unsupported(in, "a wait count in an SGPR (write null)")
		}
		o.imm[0] = imm(0)
		o.exec = execWaitcntK
	case traces.OpSWaitLoadcnt, traces.OpSWaitStorecnt, traces.OpSWaitKmcnt, traces.OpSWaitDscnt,
		traces.OpSWaitExpcnt, traces.OpSWaitSamplecnt, traces.OpSWaitBvhcnt:
		o.imm[0] = imm(0)
		o.exec = execWait12
	case traces.OpSWaitLoadcntDscnt, traces.OpSWaitStorecntDscnt:
		// SIMM16: bits 13:8 the load or store count, 5:0 the DS count.
		o.imm[0], o.imm[1] = imm(0)>>8&63, imm(0)&63
		o.exec = execWait12
	case traces.OpSWaitIdle:
		o.exec = execWaitIdle
	case traces.OpSSendmsg:
		if imm(0) != 3 {
			return c.unsupported(in, fmt.Sprintf("message %d", imm(0)))
		}
		o.exec = execNopW // MSG_DEALLOC_VGPRS: the wave ends next
	default:
		switch o.info.Class {
		case traces.AMDClassHint, traces.AMDClassCache:
			o.exec = execNopW
		case traces.AMDClassSMEM: // s_dcache_inv and the like
			o.exec = execNopW
		default:
			return c.unsupported(in, "no semantics for "+o.info.Name)
		}
	}
	return nil
}

func execEndpgm(w *Wave, o *wop, m uint64) error {
	w.end()
	return nil
}

var errEndOfCode = errors.New("the wave ran past the end of the kernel (no s_endpgm)")

func execEndOfCode(w *Wave, o *wop, m uint64) error { return errEndOfCode }

func execSTrap(w *Wave, o *wop, m uint64) error { return warp.ErrTrap }

func execBranch(w *Wave, o *wop, m uint64) error {
	w.next = o.target
	w.res.Kind = warp.KindBranch
	return nil
}

func execCbranch(w *Wave, o *wop, m uint64) error {
	var take bool
	switch o.in.Op {
	case traces.OpSCbranchScc0:
		take = !w.scc
	case traces.OpSCbranchScc1:
		take = w.scc
	case traces.OpSCbranchVccz:
		take = w.VCC() == 0
	case traces.OpSCbranchVccnz:
		take = w.VCC() != 0
	case traces.OpSCbranchExecz:
		take = m == 0
	case traces.OpSCbranchExecnz:
		take = m != 0
	}
	if take {
		w.next = o.target
		w.res.Kind = warp.KindBranch
	}
	return nil
}

// execGetpc is s_getpc_b64: the address of the next instruction
// (traces.AMDCodeBase + 4*index).
func execGetpc(w *Wave, o *wop, m uint64) error {
	w.swrite(&o.dst[0], traces.AMDCodeBase+4*uint64(w.next))
	return nil
}

// execSetpc is s_setpc_b64 and s_swappc_b64 (which also saves the return
// address).
func execSetpc(w *Wave, o *wop, m uint64) error {
	addr := w.sval(&o.src[0])
	i := (addr - traces.AMDCodeBase) / 4
	if addr < traces.AMDCodeBase || addr&3 != 0 || i > uint64(len(w.ops)-1) {
		return fmt.Errorf("jump to address %#x outside the kernel's code", addr)
	}
	if o.in.Op == traces.OpSSwappcB64 {
		w.swrite(&o.dst[0], traces.AMDCodeBase+4*uint64(w.next))
	}
	w.next = int32(i)
	w.res.Kind = warp.KindBranch
	return nil
}

// execBarrier is s_barrier: the wave waits until every live wave of the
// workgroup has arrived.
func execBarrier(w *Wave, o *wop, m uint64) error {
	w.barOn, w.barAt = true, o.pc
	w.res.Kind = warp.KindBarrier
	w.b.signal(w)
	return nil
}

func execBarrierSignal(w *Wave, o *wop, m uint64) error {
	w.b.signal(w)
	return nil
}

// execBarrierWait waits for the barrier phase the wave signalled in.
func execBarrierWait(w *Wave, o *wop, m uint64) error {
	if w.b.barPhase > w.sigPh {
		return nil
	}
	w.barOn, w.barAt = true, o.pc
	w.res.Kind = warp.KindBarrier
	return nil
}

// execWaitcnt is s_waitcnt vmcnt/expcnt/lgkmcnt (GFX9-GFX11).
func execWaitcnt(w *Wave, o *wop, m uint64) error {
	w.wait(int(o.imm[0]), int(o.imm[1]), int(o.imm[2]), -1)
	return nil
}

// execWaitcntK is the SOPK s_waitcnt_vscnt/vmcnt/lgkmcnt/expcnt (GFX10,
// GFX11).
func execWaitcntK(w *Wave, o *wop, m uint64) error {
	n := int(o.imm[0])
	switch o.in.Op {
	case traces.OpSWaitcntVmcnt:
		w.wait(n, -1, -1, -1)
	case traces.OpSWaitcntVscnt:
		w.wait(-1, -1, -1, n)
	case traces.OpSWaitcntLgkmcnt:
		w.wait(-1, -1, n, -1)
	default:
		w.wait(-1, -1, -1, -1)
	}
	return nil
}

// execWait12 is GFX12's s_wait_loadcnt, _storecnt, _dscnt, _kmcnt and the
// combined forms.
func execWait12(w *Wave, o *wop, m uint64) error {
	w.need = [warp.NumQueues]uint64{}
	w.retire = [warp.NumQueues]int{}
	n := int(o.imm[0])
	switch o.in.Op {
	case traces.OpSWaitLoadcnt:
		w.retireTo(setVMLoad, n)
	case traces.OpSWaitStorecnt:
		w.retireTo(setVMStore, n)
	case traces.OpSWaitDscnt:
		w.retireTo(setLDS, n)
	case traces.OpSWaitKmcnt:
		w.retireTo(setSMEM, n)
	case traces.OpSWaitLoadcntDscnt:
		w.retireTo(setVMLoad, n)
		w.retireTo(setLDS, int(o.imm[1]))
	case traces.OpSWaitStorecntDscnt:
		w.retireTo(setVMStore, n)
		w.retireTo(setLDS, int(o.imm[1]))
	}
	return nil
}

// execWaitIdle is s_wait_idle: every counter to zero.
func execWaitIdle(w *Wave, o *wop, m uint64) error {
	w.need = [warp.NumQueues]uint64{}
	w.retire = [warp.NumQueues]int{}
	w.retireTo(setVMLoad|setVMStore|setLDS|setSMEM, 0)
	return nil
}

// fault wraps an exec error with the instruction's and the work-item's
// identity.
func (w *Wave) fault(o *wop, m uint64, err error) error {
	f := warp.NewFault(w.code.prog, w.code.kernel.Name, o.in, warp.Mnemonic(o.in), w.b.id, o.pc, w.width, m, err)
	bx, by := int(w.b.l.cfg.Block[0]), int(w.b.l.cfg.Block[1])
	t := w.first + f.Lane
	f.Warp = w.id
	f.Thread = [3]uint32{uint32(t % bx), uint32(t / bx % by), uint32(t / (bx * by))}
	return f
}
