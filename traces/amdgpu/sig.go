package amdgpu

import "github.com/gpusim/gpusim/traces"

import "strings"

// Operand signatures (AMDOpInfo.Sig): comma-separated slots "role:type" in
// written order. Roles:
//
//	sd   scalar destination: SGPRs, vcc, exec, m0, null, ttmp (type gives the width)
//	ss   scalar source: the above, src_scc, an inline constant or a literal
//	vd   vector destination: VGPRs
//	vs   vector-ALU source: VGPRs, a scalar source, a constant
//	vv   VGPR-only source in the 32-bit encoding (any vs in the 64-bit one)
//	md   lane-mask destination: vcc/vcc_lo or SGPRs of the wave's width
//	ms   lane-mask source, likewise
//	k    the mandatory literal K of v_madmk/v_madak/v_fmamk/v_fmaak and
//	     s_setreg_imm32_b32
//	i16  a signed 16-bit immediate; u16 an unsigned one; opt16 an optional one
//	l    a label
//	hw   hwreg(NAME[, offset, size]) or its 16-bit encoding
//
// Some formats have their own syntax and a keyword instead of slots:
// "smem", "ds", "flat", "cache", "waitcnt", "delay", "depctr", "msg",
// "cmp:T" and "cmpclass:T" (VOPC, whose destination depends on the
// generation).

// amdSlot is one parsed signature slot.
type amdSlot struct {
	role string
	t    traces.Type
}

// amdSigType maps a signature type name to a Type.
func amdSigType(s string) traces.Type {
	switch s {
	case "b32":
		return traces.B32
	case "b64":
		return traces.B64
	case "f32":
		return traces.F32
	case "f64":
		return traces.F64
	case "f16":
		return traces.F16
	case "b16":
		return traces.B16
	}
	return traces.TypeNone
}

// amdParseSig splits a signature into slots.
func amdParseSig(sig string) []amdSlot {
	if sig == "" {
		return nil
	}
	parts := strings.Split(sig, ",")
	out := make([]amdSlot, len(parts))
	for i, p := range parts {
		role, t, _ := strings.Cut(p, ":")
		out[i] = amdSlot{role: role, t: amdSigType(t)}
	}
	return out
}

// amdRegsOf is the number of 32-bit registers a value of type t occupies.
func amdRegsOf(t traces.Type) int {
	if n := t.Size() / 4; n > 1 {
		return n
	}
	return 1
}

// amdMnemonicHints suggests the replacement of an instruction a
// generation does not have (AMD ISA manuals; LLVM's AMDGPU backend).
var amdMnemonicHints = [...]struct{ name, hint string }{
	{"v_mad_f32", "use v_fma_f32"},
	{"v_mac_f32", "use v_fmac_f32"},
	{"v_madak_f32", "use v_fmaak_f32"},
	{"v_madmk_f32", "use v_fmamk_f32"},
	{"v_mad_legacy_f32", "use v_fma_f32 (v_fma_legacy_f32 on GFX10.3)"},
	{"v_addc_co_u32", "use v_add_co_ci_u32"},
	{"v_subb_co_u32", "use v_sub_co_ci_u32"},
	{"v_subbrev_co_u32", "use v_subrev_co_ci_u32"},
	{"v_add_co_ci_u32", "use v_addc_co_u32"},
	{"v_sub_co_ci_u32", "use v_subb_co_u32"},
	{"s_barrier", "use s_barrier_signal -1 then s_barrier_wait -1"},
	{"s_barrier_signal", "use s_barrier"},
	{"s_barrier_wait", "use s_barrier"},
	{"s_waitcnt", "use s_wait_loadcnt, s_wait_storecnt, s_wait_dscnt or s_wait_kmcnt"},
	{"s_wait_loadcnt", "use s_waitcnt vmcnt(N)"},
	{"s_wait_storecnt", "use s_waitcnt vmcnt(N) (GFX9) or s_waitcnt_vscnt (GFX10, GFX11)"},
	{"s_wait_dscnt", "use s_waitcnt lgkmcnt(N)"},
	{"s_wait_kmcnt", "use s_waitcnt lgkmcnt(N)"},
	{"s_delay_alu", "GFX11 and later only; it is a scheduling hint"},
	{"s_denorm_mode", "use s_setreg_imm32_b32 hwreg(HW_REG_MODE, 4, 4)"},
	{"ds_cmpst_b32", "use ds_cmpstore_b32 (its data operands are swapped)"},
	{"ds_cmpstore_b32", "use ds_cmpst_b32 (its data operands are swapped)"},
	{"v_lshl_add_u64", "use v_lshlrev_b64 and v_add_co_u32"},
	{"v_dual_", "VOPD exists on GFX11 and later"},
}

// amdHint returns the hint for name, or "".
func amdHint(name string) string {
	for _, h := range amdMnemonicHints {
		if h.name == name {
			return h.hint
		}
	}
	if strings.HasPrefix(name, "s_cmpk_") {
		return "use s_cmp_" + name[len("s_cmpk_"):] + " with a literal"
	}
	return ""
}
