package core

import "github.com/gpusim/gpusim/traces"

// The scoreboard of AMD wavefronts. Every register an instruction reads or
// writes is a slot: the VGPRs the kernel names (v0 up to the highest one),
// the whole scalar file in traces' numbering (s0..s105, VCC, TTMPs, M0,
// EXEC; OpdSGPR's numbering, so s[0:1] and v[4:7] are slot ranges), SCC and
// MODE. Each instruction's slots come from its operands and from what the
// AMD ISA manuals define it to read or write without naming it:
//
//   - every vector instruction (VALU, TRANS, VMEM, LDS) reads EXEC; VALU
//     also reads MODE (rounding and denormals);
//   - v_cmpx writes EXEC; v_div_fmas reads VCC;
//   - scalar ALU instructions write SCC unless the manuals say they leave
//     it (moves, conditional moves, selects, s_mul*, s_bfm, s_brev, s_ff*,
//     s_flbit, s_sext, s_pack*, the 64-bit s_*_nc/s_mul_u64, bitset,
//     MODE access); s_cselect, s_cmov*, s_addc and s_subb read it;
//   - s_*_saveexec and s_*_wrexec read and write EXEC;
//   - s_setreg, s_denorm_mode and s_round_mode write MODE, s_getreg reads it;
//   - s_cbranch_scc* reads SCC, _vccz/_vccnz VCC, _execz/_execnz EXEC;
//     src_scc, src_vccz and src_execz operands read SCC, VCC and EXEC.
//
// A VOPD pair (v_dual_*) issues as one instruction: the X half's entry
// holds both halves' slots.
//
// Hazards are read-after-write only: a reader waits for the last writer
// issued before it (whose result time replaces any earlier writer's), and
// a write after a write or a read does not stall, since values are computed
// at issue and a wave issues in order. The destinations of memory instructions are not slots at all:
// their data reaches the registers when an s_waitcnt retires them, and the
// wait (not the scoreboard) holds the wave until the data has arrived
// (amd_wait.go).
//
// This scoreboard is a hardware interlock for every dependency. GFX9 has
// one for VALU results read by VALU; GFX11 and GFX12 rely on s_delay_alu
// hints for them instead, but a hint only tells the hardware the delay a
// dependency needs, which the interlock computes itself: the two give the
// same timing for code that carries correct hints. s_delay_alu and the
// other pure hints (s_clause, s_waitcnt_depctr, s_setprio, prefetch and
// cache hints) therefore execute in no time (SM.skipHints), while s_nop N
// idles the wave N+1 cycles, its issue included (instInfo.nop).

// amdSlots is the scoreboard layout of an AMD kernel.
type amdSlots struct {
	sgpr int32 // slot of scalar register 0
	scc  int32
	mode int32
	n    int   // slots in all
	wave int32 // wave size: how many of VCC/EXEC's two registers a mask uses
}

// newAMDSlots lays out the scoreboard of AMD kernel k.
func newAMDSlots(k *traces.Kernel) amdSlots {
	nv := int32(0)
	grow := func(o *traces.Operand) {
		if o.Kind == traces.OpdVGPR {
			nv = max(nv, o.Reg+int32(max(o.Imm, 1)))
		}
	}
	for i := range k.Code {
		in := &k.Code[i]
		for j := 0; j < int(in.NDst); j++ {
			grow(&in.Dst[j])
		}
		for j := 0; j < int(in.NSrc); j++ {
			grow(&in.Src[j])
		}
	}
	l := amdSlots{sgpr: nv, scc: nv + traces.AMDNumSRegs, mode: nv + traces.AMDNumSRegs + 1, wave: 64}
	l.n = int(l.mode) + 1
	if k.AMD != nil && k.AMD.WaveSize > 0 {
		l.wave = int32(k.AMD.WaveSize)
	}
	return l
}

// slotList collects an instruction's slots into Program.slots, each once.
type slotList struct {
	p  *Program
	lo int32
}

func (s slotList) add(x int32) {
	for _, y := range s.p.slots[s.lo:] {
		if y == x {
			return
		}
	}
	s.p.slots = append(s.p.slots, x)
}

// sregs adds scalar registers r..r+n-1 (null discards writes and reads 0).
func (s slotList) sregs(l *amdSlots, r int32, n int) {
	for i := int32(0); i < int32(max(n, 1)); i++ {
		if r+i != traces.AMDRegNull && r+i < traces.AMDNumSRegs {
			s.add(l.sgpr + r + i)
		}
	}
}

// mask adds a lane mask held in scalar registers from r: one register in
// wave32, two in wave64.
func (s slotList) mask(l *amdSlots, r int32) {
	s.sregs(l, r, int(l.wave/32))
}

// operand adds the registers of operand o.
func (s slotList) operand(l *amdSlots, o *traces.Operand) {
	switch o.Kind {
	case traces.OpdVGPR:
		for i := int32(0); i < int32(max(o.Imm, 1)); i++ {
			s.add(o.Reg + i)
		}
	case traces.OpdSGPR:
		s.sregs(l, o.Reg, int(o.Imm))
	case traces.OpdSCC:
		s.add(l.scc)
	case traces.OpdVCCZ:
		s.mask(l, traces.AMDRegVCCLo)
	case traces.OpdEXECZ:
		s.mask(l, traces.AMDRegExecLo)
	}
}

// addAMDSlots records the slots of AMD instruction in (and of y, the Y
// half of a VOPD pair, when not nil): written ones (def), then read ones
// (use). Unlike PTX's, the use range holds only the reads.
func (p *Program) addAMDSlots(l *amdSlots, in, y *traces.Inst, info *instInfo) {
	lo := int32(len(p.slots))
	s := slotList{p, lo}
	for _, x := range [2]*traces.Inst{in, y} {
		if x != nil {
			amdDefs(s, l, x)
		}
	}
	mid := int32(len(p.slots))
	info.def = span{lo, mid}
	info.hasDefs = mid > lo
	r := slotList{p, mid}
	for _, x := range [2]*traces.Inst{in, y} {
		if x != nil {
			amdUses(r, l, x)
		}
	}
	info.use = span{mid, int32(len(p.slots))}
}

// amdDefs adds what in writes.
func amdDefs(s slotList, l *amdSlots, in *traces.Inst) {
	a := traces.AMDOp(in.Op)
	if a == nil {
		return
	}
	switch a.Class {
	case traces.AMDClassSMEM, traces.AMDClassVMEM, traces.AMDClassLDS:
		return // data arrives at the wait that retires it
	}
	for i := 0; i < int(in.NDst); i++ {
		s.operand(l, &in.Dst[i])
	}
	switch {
	case a.Cmpx:
		s.mask(l, traces.AMDRegExecLo)
	case a.Class == traces.AMDClassSALU:
		if saluWritesSCC(in.Op) {
			s.add(l.scc)
		}
		if saluExec(in.Op) {
			s.mask(l, traces.AMDRegExecLo)
		}
		switch in.Op {
		case traces.OpSSetregB32, traces.OpSSetregImm32B32, traces.OpSDenormMode, traces.OpSRoundMode:
			s.add(l.mode)
		}
	}
}

// amdUses adds what in reads.
func amdUses(s slotList, l *amdSlots, in *traces.Inst) {
	a := traces.AMDOp(in.Op)
	if a == nil {
		return
	}
	for i := 0; i < int(in.NSrc); i++ {
		s.operand(l, &in.Src[i])
	}
	switch a.Class {
	case traces.AMDClassVALU, traces.AMDClassTrans:
		s.mask(l, traces.AMDRegExecLo)
		s.add(l.mode)
		switch in.Op {
		case traces.OpVDivFmasF32, traces.OpVDivFmasF64:
			s.mask(l, traces.AMDRegVCCLo)
		}
	case traces.AMDClassVMEM, traces.AMDClassLDS:
		s.mask(l, traces.AMDRegExecLo)
	case traces.AMDClassSALU:
		if saluExec(in.Op) {
			s.mask(l, traces.AMDRegExecLo)
		}
		switch in.Op {
		case traces.OpSCselectB32, traces.OpSCselectB64, traces.OpSCmovB32, traces.OpSCmovB64,
			traces.OpSCmovkI32, traces.OpSAddcU32, traces.OpSSubbU32:
			s.add(l.scc)
		case traces.OpSGetregB32:
			s.add(l.mode)
		}
	case traces.AMDClassBranch:
		switch in.Op {
		case traces.OpSCbranchScc0, traces.OpSCbranchScc1:
			s.add(l.scc)
		case traces.OpSCbranchVccz, traces.OpSCbranchVccnz:
			s.mask(l, traces.AMDRegVCCLo)
		case traces.OpSCbranchExecz, traces.OpSCbranchExecnz:
			s.mask(l, traces.AMDRegExecLo)
		}
	}
}

// saluWritesSCC reports whether scalar ALU instruction op writes SCC (AMD
// ISA manuals, "Scalar ALU Operations": each opcode's SCC column).
func saluWritesSCC(op traces.Opcode) bool {
	switch op {
	case traces.OpSMovB32, traces.OpSMovB64, traces.OpSMovkI32,
		traces.OpSCmovB32, traces.OpSCmovB64, traces.OpSCmovkI32,
		traces.OpSCselectB32, traces.OpSCselectB64,
		traces.OpSBrevB32, traces.OpSBrevB64,
		traces.OpSFf0I32B32, traces.OpSFf1I32B32, traces.OpSFf1I32B64,
		traces.OpSFlbitI32B32, traces.OpSFlbitI32B64, traces.OpSFlbitI32,
		traces.OpSSextI32I8, traces.OpSSextI32I16,
		traces.OpSBitset0B32, traces.OpSBitset1B32,
		traces.OpSAddNcU64, traces.OpSSubNcU64, traces.OpSMulU64,
		traces.OpSBfmB32, traces.OpSBfmB64,
		traces.OpSMulI32, traces.OpSMulHiU32, traces.OpSMulHiI32, traces.OpSMulkI32,
		traces.OpSPackLlB32B16, traces.OpSPackLhB32B16, traces.OpSPackHhB32B16, traces.OpSPackHlB32B16,
		traces.OpSGetregB32, traces.OpSSetregB32, traces.OpSSetregImm32B32,
		traces.OpSDenormMode, traces.OpSRoundMode:
		return false
	}
	return true
}

// saluExec reports the s_*_saveexec and s_*_wrexec instructions, which
// read and write EXEC without naming it.
func saluExec(op traces.Opcode) bool {
	switch op {
	case traces.OpSAndSaveexecB32, traces.OpSOrSaveexecB32, traces.OpSXorSaveexecB32,
		traces.OpSAndn2SaveexecB32, traces.OpSOrn2SaveexecB32, traces.OpSNandSaveexecB32,
		traces.OpSNorSaveexecB32, traces.OpSXnorSaveexecB32, traces.OpSAndn1SaveexecB32,
		traces.OpSOrn1SaveexecB32, traces.OpSAndn1WrexecB32, traces.OpSAndn2WrexecB32,
		traces.OpSAndSaveexecB64, traces.OpSOrSaveexecB64, traces.OpSXorSaveexecB64,
		traces.OpSAndn2SaveexecB64, traces.OpSOrn2SaveexecB64, traces.OpSNandSaveexecB64,
		traces.OpSNorSaveexecB64, traces.OpSXnorSaveexecB64, traces.OpSAndn1SaveexecB64,
		traces.OpSOrn1SaveexecB64, traces.OpSAndn1WrexecB64, traces.OpSAndn2WrexecB64:
		return true
	}
	return false
}

// amdTiming fills in the AMD-only timing facts of instruction in.
func amdTiming(in *traces.Inst, info *instInfo) {
	a := traces.AMDOp(in.Op)
	if a == nil {
		return
	}
	switch a.Class {
	case traces.AMDClassSMEM:
		info.sync, info.smem = true, true
	case traces.AMDClassVMEM, traces.AMDClassLDS:
		info.sync = true
		// An atomic without a destination returns nothing: it completes
		// like a store (and counts in the store counter).
		info.reduce = a.Mem == traces.AMDMemAtomic && (in.NDst == 0 || in.Dst[0].Kind == traces.OpdNone)
	case traces.AMDClassWait:
		info.sync, info.wait = true, true
	case traces.AMDClassHint:
		switch in.Op {
		case traces.OpSNop:
			// S_NOP: SIMM16[3:0] + 1 wait states (AMD ISA manuals,
			// "SOPP instructions").
			if in.NSrc > 0 {
				info.nop = Cycle(in.Src[0].Imm&15) + 1
			} else {
				info.nop = 1
			}
		case traces.OpSSleep:
			// Not a hint: it issues like any instruction (its sleep is
			// not modelled).
		default:
			info.hint = true
		}
	}
	info.pair = in.Flags&traces.FlagAMDDualX != 0
}
