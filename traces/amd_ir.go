package traces

// How AMDGPU instructions use the shared program representation (ir.go).
// AMD kernels have no Kernel.Regs or predicates: their registers are the
// hardware's, named by number in the operands below.
//
// Operands:
//   - OpdVGPR: Reg = first VGPR, Imm = number of consecutive 32-bit
//     registers (v[4:7] is Reg 4, Imm 4).
//   - OpdSGPR: Reg = first scalar register in gpusim's scalar numbering
//     (s0..s105 are 0..105, then AMDRegVCCLo, AMDRegVCCHi, AMDRegTTMP0 ..
//     +15, AMDRegM0, AMDRegNull, AMDRegExecLo, AMDRegExecHi; vcc is
//     AMDRegVCCLo with Imm 2), Imm = count. The numbering is the same on
//     every generation (GFX11 swapped the encodings of M0 and NULL; this
//     is not an encoding).
//   - OpdImm: an inline constant or literal, Imm = the bits of the value
//     as the operand's type reads them (an f32 constant as its f32 bits, an
//     f64 one as f64 bits, a 32-bit literal of an f64 operand in the high
//     dword, an integer sign- or zero-extended as the hardware does).
//   - OpdSCC, OpdVCCZ, OpdEXECZ: src_scc, src_vccz, src_execz (0 or 1).
//   - OpdSpecial with SRegAMDSharedBase .. SRegAMDPrivateLimit: the
//     aperture registers (high 32 bits of the flat LDS/private windows).
//   - OpdLabel is not used; branches use Inst.Target.
//   - Neg on a source is the VOP3 neg modifier (or a `-` on a constant,
//     already folded into its bits).
//
// Inst fields:
//   - Op is an AMD opcode (AMDOp(Op) describes it); Type and the other
//     PTX fields stay zero, so UnitKey() is the bare mnemonic.
//   - Dst[0] is the principal destination (vdst, sdst; the lane mask of
//     v_cmp). Dst[1] is the lane-mask destination of VOP3B instructions
//     (carry-out of v_add_co_u32, VCC of v_div_scale_f32, of v_mad_u64_u32).
//   - Src holds the sources in the order they are written. For v_madmk /
//     v_fmamk the constant K is Src[1], for v_madak / v_fmaak Src[2]; the
//     carry-in/condition mask of v_cndmask, v_addc_co_u32 and
//     v_add_co_ci_u32 is the last source.
//   - Mode, for VALU instructions: bits 0-2 are the abs modifiers of Src[0..2]
//     (AMDModAbs), bits 4-5 the output modifier (AMDOModMul2, AMDOModMul4,
//     AMDOModDiv2). Flags: FlagSat is VOP3 clamp; FlagAMDVOP3 marks the
//     64-bit (_e64) encoding. Vec holds op_sel (bits 0-2 sources, bit 3 the
//     destination).
//   - FlagAMDDualX marks the X half of a VOPD (v_dual_*) pair; the next
//     instruction, marked FlagAMDDualY, is its Y half. Both read their
//     sources before either writes.
//   - SMEM (s_load_*): Dst[0] the destination SGPRs, Src[0] the base (an
//     SGPR pair), Src[1] the SGPR offset (OpdSGPR, or OpdNone), Src[2] the
//     immediate offset (OpdImm). s_memtime: Dst[0] only.
//   - FLAT/GLOBAL: Dst[0] the loaded or returned data (OpdNone for stores
//     and non-returning atomics); Src[0] the address VGPR(s) (a pair for
//     flat and for global with `off`; one VGPR holding a 32-bit offset with
//     an SGPR base), Src[1] the SGPR-pair base or OpdNone (`off`), Src[2]
//     the immediate offset (OpdImm, two's complement), Src[3] the store or
//     atomic data (cmpswap: new value then compare value in consecutive
//     registers). Mode holds the cache-policy bits (AMDCacheGLC, ...).
//   - DS: Dst[0] the loaded or returned data; Src[0] the address VGPR,
//     Src[1] offset1 of the two-address forms (OpdImm), Src[2] the offset
//     (offset0 of the two-address forms), Src[3] data0, Src[4] data1. Mode
//     bit AMDCacheGDS when `gds` is written (rejected by the executor).
//   - Branches (s_branch, s_cbranch_*): Target is the index in Code of the
//     label; a label after the last instruction is len(Code).
//   - s_waitcnt: Src[0] vmcnt, Src[1] expcnt, Src[2] lgkmcnt, each OpdImm
//     (a counter not named waits for nothing: its maximum). The SOPK forms
//     (s_waitcnt_vscnt null, N) and the GFX12 s_wait_* take the count in
//     Src[0]; s_wait_loadcnt_dscnt / s_wait_storecnt_dscnt have the first
//     count in Src[0] and the DS count in Src[1].
//   - SOPK/SOPP immediates (s_nop, s_movk_i32's constant, s_denorm_mode,
//     s_delay_alu's encoded fields, s_sendmsg's message, hwreg(...)) are
//     OpdImm sources in written order; hwreg(id, offset, size) is encoded as
//     the hardware's SIMM16 (id bits 5:0, offset 10:6, size-1 15:11).
//   - s_getpc_b64 reads, and s_setpc_b64 / s_swappc_b64 jump to, code
//     addresses AMDCodeBase + 4*index.

// AMD operand kinds (see the conventions above).
const (
	OpdVGPR  OperandKind = 0x40 + iota // vector register(s): Reg first, Imm count
	OpdSGPR                            // scalar register(s): Reg first (AMDReg*), Imm count
	OpdSCC                             // src_scc
	OpdVCCZ                            // src_vccz
	OpdEXECZ                           // src_execz
)

// gpusim's scalar register numbering for OpdSGPR (the GFX9/GFX10 source
// encoding). A wave's scalar file has AMDNumSRegs slots.
const (
	AMDRegVCCLo  = 106
	AMDRegVCCHi  = 107
	AMDRegTTMP0  = 108 // ttmp0..ttmp15 are 108..123
	AMDRegM0     = 124
	AMDRegNull   = 125
	AMDRegExecLo = 126
	AMDRegExecHi = 127
	AMDNumSRegs  = 128
)

// Aperture registers (src_shared_base, ...): OpdSpecial values.
const (
	SRegAMDSharedBase SpecialReg = 0x40 + iota
	SRegAMDSharedLimit
	SRegAMDPrivateBase
	SRegAMDPrivateLimit
)

// AMD instruction flags.
const (
	FlagAMDVOP3  Flags = 1 << 29 // written in the 64-bit VOP3 encoding (_e64, or a VOP3-only instruction)
	FlagAMDDualX Flags = 1 << 30 // X half of a VOPD pair; the next Inst is the Y half
	FlagAMDDualY Flags = 1 << 31 // Y half of a VOPD pair
)

// Inst.Mode bits of AMD VALU instructions.
const (
	AMDOModMask Mode = 3 << 4 // output modifier field
	AMDOModMul2 Mode = 1 << 4
	AMDOModMul4 Mode = 2 << 4
	AMDOModDiv2 Mode = 3 << 4
)

// AMDModAbs is the Inst.Mode bit of the abs modifier on source i (0..2).
func AMDModAbs(i int) Mode { return Mode(1) << uint(i) }

// Inst.Mode bits of AMD memory instructions (cache policy; no effect on
// values).
const (
	AMDCacheGLC Mode = 1 << iota // glc / sc0 / th:*RT*_RETURN: coherent at the device (atomics: return the old value)
	AMDCacheSLC                  // slc / sc1
	AMDCacheDLC                  // dlc (GFX10/11)
	AMDCacheNT                   // nt (gfx940+) or a non-temporal th: (GFX12)
	AMDCacheGDS                  // ds_*: gds (global data share)
)

// AMDCodeBase is the address s_getpc_b64 reports for instruction 0 of a
// kernel: instruction i is at AMDCodeBase + 4*i.
const AMDCodeBase uint64 = 0x0000_7f00_0000_0000
