package amdgpu

import (
	"github.com/gpusim/gpusim/traces"
	"strings"
)

// Decoding of the SOPP statements with their own syntax: s_waitcnt,
// s_delay_alu, s_waitcnt_depctr / s_wait_alu and s_sendmsg.

// amdWaitMax returns the largest vmcnt, expcnt and lgkmcnt of a family
// (the counter widths: GFX9 vmcnt 6 bits, expcnt 3, lgkmcnt 4; GFX10 and
// GFX11 lgkmcnt 6 bits; AMD ISA manuals, S_WAITCNT).
func amdWaitMax(f traces.AMDFamily) (vm, exp, lgkm uint64) {
	if f == traces.GFX9 {
		return 63, 7, 15
	}
	return 63, 7, 63
}

// amdWaitDecode splits an s_waitcnt SIMM16 into its counters (field layout
// checked against llvm-mc-19: GFX9/10 vmcnt bits 3:0 and 15:14, expcnt
// 6:4, lgkmcnt 11:8 (GFX10 13:8); GFX11 vmcnt 15:10, expcnt 2:0, lgkmcnt
// 9:4).
func amdWaitDecode(f traces.AMDFamily, v uint16) (vm, exp, lgkm uint64) {
	x := uint64(v)
	switch f {
	case traces.GFX11:
		return x >> 10 & 63, x & 7, x >> 4 & 63
	case traces.GFX10:
		return x&15 | (x>>14&3)<<4, x >> 4 & 7, x >> 8 & 63
	}
	return x&15 | (x>>14&3)<<4, x >> 4 & 7, x >> 8 & 15
}

// decodeWaitcnt reads `s_waitcnt vmcnt(N) expcnt(N) lgkmcnt(N)` (blank, `&`
// or `,` separated, in any order) or its 16-bit encoding.
func (p *amdParser) decodeWaitcnt(st amdStmt, in *traces.Inst, ops, mods []amdPiece) error {
	if p.target.Family == traces.GFX12 {
		return p.errf(st, st.mn.col, "s_waitcnt is not available on GFX12 (%s)", amdHint("s_waitcnt"))
	}
	vm, exp, lgkm := amdWaitMax(p.target.Family)
	all := append(append([]amdPiece(nil), ops...), mods...)
	if len(all) == 1 {
		if n, ok := amdParseNumber(strings.TrimSpace(all[0].s)); ok && !n.isFloat {
			if n.int64() < 0 || n.int64() > 0xffff {
				return p.errf(st, all[0].col, "%s does not fit 16 bits", all[0].s)
			}
			vm, exp, lgkm = amdWaitDecode(p.target.Family, uint16(n.int64()))
			p.setWait(in, vm, exp, lgkm)
			return nil
		}
	}
	if len(all) == 0 {
		return p.errf(st, st.mn.col, "expects counters such as vmcnt(0) lgkmcnt(0)")
	}
	maxVM, maxExp, maxLgkm := vm, exp, lgkm
	for _, pc := range all {
		for _, w := range amdWords(pc) {
			s := strings.Trim(w.s, "&")
			if s == "" {
				continue
			}
			name, arg, ok := amdCall(s)
			n, nok := amdParseNumber(strings.TrimSpace(arg))
			if !ok || !nok || n.isFloat || n.neg {
				return p.errf(st, w.col, "malformed counter %q", w.s)
			}
			v := n.mag
			name = strings.ToLower(name)
			sat := strings.HasSuffix(name, "_sat")
			name = strings.TrimSuffix(name, "_sat")
			var limit uint64
			var dst *uint64
			switch name {
			case "vmcnt":
				dst, limit = &vm, maxVM
			case "expcnt":
				dst, limit = &exp, maxExp
			case "lgkmcnt":
				dst, limit = &lgkm, maxLgkm
			default:
				return p.errf(st, w.col, "unknown counter %s", name)
			}
			if v > limit {
				if !sat {
					return p.errf(st, w.col, "%s(%d) exceeds the counter's maximum %d on %s", name, v, limit, p.target.Family)
				}
				v = limit
			}
			*dst = v
		}
	}
	p.setWait(in, vm, exp, lgkm)
	return nil
}

func (p *amdParser) setWait(in *traces.Inst, vm, exp, lgkm uint64) {
	in.Src[0] = traces.Operand{Kind: traces.OpdImm, Imm: vm}
	in.Src[1] = traces.Operand{Kind: traces.OpdImm, Imm: exp}
	in.Src[2] = traces.Operand{Kind: traces.OpdImm, Imm: lgkm}
	in.NSrc = 3
}

// amdDelayNames are the s_delay_alu field values (LLVM
// AMDGPUAsmUtils.cpp: instid VALU_DEP_1..4 = 1..4, TRANS32_DEP_1..3 = 5..7,
// FMA_ACCUM_CYCLE_1 = 8, SALU_CYCLE_1..3 = 9..11; instskip SAME = 0, NEXT
// = 1, SKIP_1..4 = 2..5).
var amdDelayNames = [...]struct {
	name string
	v    uint16
}{
	{"NO_DEP", 0}, {"VALU_DEP_1", 1}, {"VALU_DEP_2", 2}, {"VALU_DEP_3", 3}, {"VALU_DEP_4", 4},
	{"TRANS32_DEP_1", 5}, {"TRANS32_DEP_2", 6}, {"TRANS32_DEP_3", 7}, {"FMA_ACCUM_CYCLE_1", 8},
	{"SALU_CYCLE_1", 9}, {"SALU_CYCLE_2", 10}, {"SALU_CYCLE_3", 11},
	{"SAME", 0}, {"NEXT", 1}, {"SKIP_1", 2}, {"SKIP_2", 3}, {"SKIP_3", 4}, {"SKIP_4", 5},
}

// decodeDelayAlu reads `s_delay_alu instid0(X) | instskip(Y) | instid1(Z)`
// or its 16-bit encoding (instid0 bits 3:0, instskip 6:4, instid1 10:7).
func (p *amdParser) decodeDelayAlu(st amdStmt, in *traces.Inst, ops, mods []amdPiece) error {
	all := append(append([]amdPiece(nil), ops...), mods...)
	var v uint16
	for _, pc := range all {
		for _, w := range amdWords(pc) {
			for _, part := range strings.Split(w.s, "|") {
				part = strings.TrimSpace(part)
				if part == "" {
					continue
				}
				if n, ok := amdParseNumber(part); ok && !n.isFloat && n.int64() >= 0 && n.int64() <= 0xffff && len(all) == 1 {
					v = uint16(n.int64())
					continue
				}
				name, arg, ok := amdCall(part)
				if !ok {
					return p.errf(st, w.col, "malformed s_delay_alu field %q", part)
				}
				val, found := uint16(0), false
				for _, d := range amdDelayNames {
					if d.name == strings.ToUpper(strings.TrimSpace(arg)) {
						val, found = d.v, true
						break
					}
				}
				if !found {
					return p.errf(st, w.col, "unknown s_delay_alu value %q", arg)
				}
				switch strings.ToLower(name) {
				case "instid0":
					v |= val
				case "instskip":
					v |= val << 4
				case "instid1":
					v |= val << 7
				default:
					return p.errf(st, w.col, "unknown s_delay_alu field %q", name)
				}
			}
		}
	}
	in.Src[0] = traces.Operand{Kind: traces.OpdImm, Imm: uint64(v)}
	in.NSrc = 1
	return nil
}

// decodeDepctr reads s_waitcnt_depctr's operand: a 16-bit number or
// symbolic depctr_*(N) fields (a scheduling hint: kept only as written, the
// fields' values are not needed).
func (p *amdParser) decodeDepctr(st amdStmt, in *traces.Inst, ops, mods []amdPiece) error {
	all := append(append([]amdPiece(nil), ops...), mods...)
	v := uint64(0xffff)
	for _, pc := range all {
		for _, w := range amdWords(pc) {
			s := strings.Trim(w.s, "&")
			if n, ok := amdParseNumber(s); ok && !n.isFloat && n.int64() >= 0 && n.int64() <= 0xffff {
				v = uint64(n.int64())
				continue
			}
			name, _, ok := amdCall(s)
			if !ok || !strings.HasPrefix(strings.ToLower(name), "depctr_") {
				return p.errf(st, w.col, "malformed s_waitcnt_depctr operand %q", w.s)
			}
		}
	}
	in.Src[0] = traces.Operand{Kind: traces.OpdImm, Imm: v}
	in.NSrc = 1
	return nil
}

// decodeSendmsg reads s_sendmsg's message: sendmsg(MSG_NAME[, ...]) or a
// 16-bit number. Message ids (LLVM SIDefines.h): MSG_DEALLOC_VGPRS = 3 on
// GFX11+ (the only one gpusim executes: it has no architectural effect on
// a wave that ends next).
func (p *amdParser) decodeSendmsg(st amdStmt, in *traces.Inst, ops, mods []amdPiece) error {
	if len(ops) != 1 || len(mods) != 0 {
		return p.errf(st, st.mn.col, "expects one message operand")
	}
	s := strings.TrimSpace(ops[0].s)
	var v uint64
	if n, ok := amdParseNumber(s); ok && !n.isFloat && n.int64() >= 0 && n.int64() <= 0xffff {
		v = uint64(n.int64())
	} else {
		name, args, ok := amdCall(s)
		if !ok || strings.ToLower(name) != "sendmsg" {
			return p.errf(st, ops[0].col, "expected sendmsg(...), got %q", s)
		}
		msg := strings.ToUpper(strings.TrimSpace(strings.Split(args, ",")[0]))
		switch msg {
		case "MSG_DEALLOC_VGPRS":
			if p.target.Family < traces.GFX11 {
				return p.errf(st, ops[0].col, "MSG_DEALLOC_VGPRS exists on GFX11 and later")
			}
			v = 3
		default:
			return p.errf(st, ops[0].col, "message %s is not supported yet", msg)
		}
	}
	in.Src[0] = traces.Operand{Kind: traces.OpdImm, Imm: v}
	in.NSrc = 1
	return nil
}
