package amdgpu

import (
	"fmt"
	"github.com/gpusim/gpusim/traces"
	"strings"

	"github.com/gpusim/gpusim/traces/amdgpu/vop3"
)

// Decoding one AMDGPU instruction statement into an Inst.

// amdStmt is one instruction statement of the source.
type amdStmt struct {
	line int
	text string   // the statement without its comment, trimmed
	mn   amdPiece // the mnemonic as written
	args amdPiece // everything after it
}

// amdLabelRef is a use of a label, resolved at the end of the kernel: a
// branch target (slot < 0), or a label difference (name - minus, in
// AMDCodeBase's 4-byte units) as source slot of a scalar instruction, as
// LLVM writes long branches: (.LBB0_2-.Lpost_getpc0)&4294967295 and
// (...)>>32.
type amdLabelRef struct {
	idx       int // index of the instruction in the kernel's code
	name      string
	minus     string
	slot      int
	op        byte // '&': the low 32 bits, '>': the high 32 bits, 0: the low 32 bits
	line, col int
}

// amdDecoded is what decoding one statement produced.
type amdDecoded struct {
	insts  [2]traces.Inst
	n      int
	labels []amdLabelRef // label uses of insts[0]
}

// amdSrcMeta records how a source was written.
type amdSrcMeta struct {
	abs, neg bool
	literal  bool
	lit      uint64
}

// amdEncSuffix strips an encoding suffix from a mnemonic: 32 for _e32, 64
// for _e64, 0 for none; bad names an unsupported one (_sdwa, _dpp, _dpp8).
func amdEncSuffix(mn string) (base string, enc int, bad string) {
	for _, s := range [...]string{"_sdwa", "_dpp8", "_dpp"} {
		if strings.HasSuffix(mn, s) {
			return mn, 0, s[1:]
		}
	}
	if b, ok := strings.CutSuffix(mn, "_e32"); ok {
		return b, 32, ""
	}
	if b, ok := strings.CutSuffix(mn, "_e64"); ok {
		return b, 64, ""
	}
	return mn, 0, ""
}

// decodeStmt decodes one statement for a kernel of the given wave size.
func (p *amdParser) decodeStmt(st amdStmt, wave int) (amdDecoded, error) {
	var d amdDecoded
	if i := strings.Index(st.args.s, "::"); i >= 0 || strings.HasPrefix(strings.ToLower(st.mn.s), "v_dual_") {
		return p.decodeDual(st, wave)
	}
	in, lbls, err := p.decodeOne(st, wave)
	if err != nil {
		return d, err
	}
	d.insts[0], d.n, d.labels = in, 1, lbls
	return d, nil
}

// errf reports a problem with an instruction: file:line:col: target:
// mnemonic: message.
func (p *amdParser) errf(st amdStmt, col int, format string, args ...any) *traces.Error {
	return &traces.Error{File: p.path, Line: st.line, Col: col, Msg: p.target.Name + ": " + strings.ToLower(st.mn.s) + ": " + fmt.Sprintf(format, args...)}
}

// lookup finds the opcode of a mnemonic (without encoding suffix) on the
// target, or explains why it is not there.
func (p *amdParser) lookup(st amdStmt, base string) (traces.Opcode, *traces.Error) {
	idxs := p.spell[base]
	if len(idxs) == 0 {
		if strings.HasPrefix(base, "v_pk_") || strings.HasPrefix(base, "v_wmma_") || strings.HasPrefix(base, "v_mfma_") ||
			strings.HasPrefix(base, "image_") || strings.HasPrefix(base, "buffer_") || strings.HasPrefix(base, "scratch_") ||
			strings.HasPrefix(base, "tbuffer_") || strings.HasPrefix(base, "exp") || strings.HasPrefix(base, "s_buffer_") {
			return 0, &traces.Error{File: p.path, Line: st.line, Col: st.mn.col, Msg: fmt.Sprintf("%s: %s is not supported yet", p.target.Name, base)}
		}
		return 0, &traces.Error{File: p.path, Line: st.line, Col: st.mn.col, Msg: fmt.Sprintf("%s: unknown or unsupported instruction %s", p.target.Name, base)}
	}
	var exists traces.AMDTargetSet
	for _, i := range idxs {
		sp := &p.spellings[i]
		if sp.Targets&p.target.Class != 0 {
			return sp.Op, nil
		}
		exists |= sp.Targets
	}
	where := p.target.Family.String()
	for _, t := range traces.AMDTargets() {
		if t.Family == p.target.Family && t.Class != p.target.Class && exists&t.Class != 0 {
			where = p.target.Name
		}
	}
	msg := fmt.Sprintf("%s: %s is not available on %s", p.target.Name, base, where)
	op := p.spellings[idxs[0]].Op
	for _, i := range p.byOp[op] {
		if sp := &p.spellings[i]; sp.Targets&p.target.Class != 0 {
			return 0, &traces.Error{File: p.path, Line: st.line, Col: st.mn.col, Msg: msg + " (use " + sp.Name + ")"}
		}
	}
	if h := amdHint(base); h != "" {
		msg += " (" + h + ")"
	} else {
		msg += " (it exists on " + traces.AMDFamilies(exists) + ")"
	}
	return 0, &traces.Error{File: p.path, Line: st.line, Col: st.mn.col, Msg: msg}
}

// decodeOne decodes a non-VOPD statement.
func (p *amdParser) decodeOne(st amdStmt, wave int) (traces.Inst, []amdLabelRef, error) {
	mn := strings.ToLower(st.mn.s)
	base, enc, bad := amdEncSuffix(mn)
	if bad != "" {
		return traces.Inst{}, nil, p.errf(st, st.mn.col, "the %s encoding is not supported yet", strings.ToUpper(bad))
	}
	op, lerr := p.lookup(st, base)
	if lerr != nil {
		return traces.Inst{}, nil, lerr
	}
	info := traces.AMDOp(op)
	vector := info.Enc == traces.AMDEncVOP1 || info.Enc == traces.AMDEncVOP2 || info.Enc == traces.AMDEncVOPC || info.Enc == traces.AMDEncVOP3
	switch {
	case enc != 0 && !vector:
		return traces.Inst{}, nil, p.errf(st, st.mn.col, "only vector ALU instructions take an encoding suffix")
	case enc == 32 && info.Enc == traces.AMDEncVOP3:
		return traces.Inst{}, nil, p.errf(st, st.mn.col, "%s has no 32-bit encoding; write %s", base, base)
	}
	in := traces.Inst{Op: op, Guard: -1, Pos: traces.Pos{Line: int32(st.line), Col: int32(st.mn.col)}, Text: st.text}
	if enc == 64 || info.Enc == traces.AMDEncVOP3 {
		in.Flags |= traces.FlagAMDVOP3
	}
	ops, mods := amdSplitOperands(st.args)
	var lbl []amdLabelRef
	var err error
	switch sig := info.Sig; {
	case sig == "smem":
		err = p.decodeSMEM(st, &in, info, ops, mods)
	case sig == "ds":
		err = p.decodeDS(st, &in, info, ops, mods)
	case sig == "flat":
		err = p.decodeFlat(st, &in, info, ops, mods, wave)
	case sig == "cache":
		err = p.decodeCache(st, &in, ops, mods)
	case sig == "waitcnt":
		err = p.decodeWaitcnt(st, &in, ops, mods)
	case sig == "delay":
		err = p.decodeDelayAlu(st, &in, ops, mods)
	case sig == "depctr":
		err = p.decodeDepctr(st, &in, ops, mods)
	case sig == "msg":
		err = p.decodeSendmsg(st, &in, ops, mods)
	default:
		slots := p.slotsOf(op)
		if info.Enc == traces.AMDEncVOPC {
			slots = p.vopcSlots(info)
		}
		lbl, err = p.decodeSlots(st, &in, info, slots, ops, mods, wave, enc)
	}
	if err != nil {
		return traces.Inst{}, nil, err
	}
	if in.Flags&traces.FlagAMDVOP3 != 0 && vector {
		if err := p.checkVOP3(st, &in, base, enc, wave); err != nil {
			return traces.Inst{}, nil, err
		}
	}
	return in, lbl, nil
}

// slotsOf returns the parsed signature of op (cached per parser).
func (p *amdParser) slotsOf(op traces.Opcode) []amdSlot {
	if s, ok := p.sigs[op]; ok {
		return s
	}
	s := amdParseSig(traces.AMDOp(op).Sig)
	p.sigs[op] = s
	return s
}

// vopcSlots is the operand list of a v_cmp/v_cmpx: a lane-mask destination
// (none for v_cmpx on GFX10 and later, which writes only EXEC), then the
// two sources (v_cmp_class: the value and a class mask).
func (p *amdParser) vopcSlots(info *traces.AMDOpInfo) []amdSlot {
	t := traces.B32
	switch info.Type {
	case traces.F32:
		t = traces.F32
	case traces.F64:
		t = traces.F64
	case traces.S64, traces.U64:
		t = traces.B64
	}
	t2 := t
	if strings.Contains(info.Name, "_class_") {
		t2 = traces.B32
	}
	slots := []amdSlot{{"md", traces.TypeNone}, {"vs", t}, {"vv", t2}}
	if info.Cmpx && p.target.Family >= traces.GFX10 {
		slots = slots[1:]
	}
	return slots
}

// decodeSlots reads operands by signature.
func (p *amdParser) decodeSlots(st amdStmt, in *traces.Inst, info *traces.AMDOpInfo, slots []amdSlot, ops, mods []amdPiece, wave, enc int) ([]amdLabelRef, error) {
	want := len(slots)
	optional := want > 0 && slots[want-1].role == "opt16"
	if len(ops) != want && !(optional && len(ops) == want-1) {
		col := st.mn.col
		if len(ops) > want {
			col = ops[want].col
		}
		return nil, p.errf(st, col, "expects %d operands, got %d", want, len(ops))
	}
	var lbl []amdLabelRef
	var lit uint64
	haveLit := false
	nsrc := 0
	for i, pc := range ops {
		sl := slots[i]
		switch sl.role {
		case "sd", "vd", "md":
			o, err := p.dstOperand(st, pc, sl, info, wave, enc)
			if err != nil {
				return nil, err
			}
			if in.NDst >= uint8(len(in.Dst)) {
				return nil, p.errf(st, pc.col, "too many destinations")
			}
			in.Dst[in.NDst] = o
			in.NDst++
			continue
		case "l":
			if !amdIsIdent(pc.s) {
				return nil, p.errf(st, pc.col, "expected a label, got %q", pc.s)
			}
			lbl = append(lbl, amdLabelRef{name: pc.s, slot: -1, line: st.line, col: pc.col})
			continue
		}
		if a, b, op, ok := amdLabelExpr(pc.s); ok && (sl.role == "ss" || sl.role == "k") && sl.t.Size() == 4 {
			if haveLit {
				return nil, p.errf(st, pc.col, "only one literal constant is allowed per instruction")
			}
			haveLit = true
			lbl = append(lbl, amdLabelRef{name: a, minus: b, op: op, slot: nsrc, line: st.line, col: pc.col})
			in.Src[nsrc] = traces.Operand{Kind: traces.OpdImm}
			nsrc++
			continue
		}
		o, meta, err := p.srcOperand(st, in, pc, sl, info, wave, enc)
		if err != nil {
			return nil, err
		}
		if meta.literal {
			if haveLit && lit != meta.lit {
				return nil, p.errf(st, pc.col, "only one literal constant is allowed per instruction")
			}
			haveLit, lit = true, meta.lit
		}
		if nsrc >= len(in.Src) {
			return nil, p.errf(st, pc.col, "too many sources")
		}
		if meta.abs {
			if nsrc > 2 {
				return nil, p.errf(st, pc.col, "abs is allowed only on the first three sources")
			}
			in.Mode |= traces.AMDModAbs(nsrc)
		}
		o.Neg = o.Neg || meta.neg
		in.Src[nsrc] = o
		nsrc++
	}
	in.NSrc = uint8(nsrc)
	if haveLit && in.Flags&traces.FlagAMDVOP3 != 0 && p.target.Family == traces.GFX9 {
		return nil, p.errf(st, st.mn.col, "a VOP3 instruction cannot take a literal constant on GFX9")
	}
	if err := p.valuModifiers(st, in, info, mods, enc); err != nil {
		return nil, err
	}
	return lbl, nil
}

// dstOperand reads a destination slot.
func (p *amdParser) dstOperand(st amdStmt, pc amdPiece, sl amdSlot, info *traces.AMDOpInfo, wave, enc int) (traces.Operand, error) {
	r, ok, msg := amdParseReg(strings.ToLower(pc.s))
	if msg != "" {
		return traces.Operand{}, p.errf(st, pc.col, "%s", msg)
	}
	if !ok {
		return traces.Operand{}, p.errf(st, pc.col, "expected a register, got %q", pc.s)
	}
	switch sl.role {
	case "vd":
		if r.kind != traces.OpdVGPR {
			return traces.Operand{}, p.errf(st, pc.col, "destination %s must be a VGPR", pc.s)
		}
		if err := p.checkVGPRs(st, pc, r, amdRegsOf(sl.t)); err != nil {
			return traces.Operand{}, err
		}
	case "sd":
		if err := p.checkSGPRs(st, pc, r, amdRegsOf(sl.t), true); err != nil {
			return traces.Operand{}, err
		}
	case "md":
		if err := p.checkMask(st, pc, &r, wave, true); err != nil {
			return traces.Operand{}, err
		}
		if enc == 32 && !(r.kind == traces.OpdSGPR && r.reg == traces.AMDRegVCCLo) {
			return traces.Operand{}, p.errf(st, pc.col, "the 32-bit encoding writes VCC; write %s", p.vccName(wave))
		}
	}
	return traces.Operand{Kind: r.kind, Reg: int32(r.reg), Imm: uint64(r.count)}, nil
}

// vccName is how VCC is written for a wave size.
func (p *amdParser) vccName(wave int) string {
	if wave == 32 {
		return "vcc_lo"
	}
	return "vcc"
}

// checkVGPRs checks a VGPR tuple's width and alignment.
func (p *amdParser) checkVGPRs(st amdStmt, pc amdPiece, r amdReg, want int) error {
	if r.count != want {
		return p.errf(st, pc.col, "%s is %d register(s) wide, the operand needs %d", pc.s, r.count, want)
	}
	if r.count > 1 && r.reg%2 != 0 && p.target.Family == traces.GFX9 {
		// gfx90a and gfx940+ require even-aligned VGPR tuples (LLVM
		// FeatureGFX90AInsts: "invalid register class: vgpr tuples must be
		// 64 bit aligned").
		return p.errf(st, pc.col, "VGPR tuples must start at an even register on %s", p.target.Name)
	}
	if r.reg+r.count > 256 {
		return p.errf(st, pc.col, "%s runs past v255", pc.s)
	}
	return nil
}

// checkSGPRs checks a scalar operand's kind, width and alignment.
func (p *amdParser) checkSGPRs(st amdStmt, pc amdPiece, r amdReg, want int, dst bool) error {
	if r.kind != traces.OpdSGPR {
		if dst {
			return p.errf(st, pc.col, "destination %s must be a scalar register", pc.s)
		}
		return nil
	}
	if r.reg == traces.AMDRegNull {
		if p.target.Family == traces.GFX9 {
			return p.errf(st, pc.col, "null is not available on GFX9")
		}
		return nil
	}
	if r.count != want {
		return p.errf(st, pc.col, "%s is %d register(s) wide, the operand needs %d", pc.s, r.count, want)
	}
	if r.reg < traces.AMDRegVCCLo {
		if p.target.Family == traces.GFX9 && r.reg+r.count > 102 {
			return p.errf(st, pc.col, "%s: GFX9 has SGPRs s0..s101", pc.s)
		}
		align := 1
		switch {
		case r.count >= 4:
			align = 4
		case r.count == 2:
			align = 2
		}
		if r.reg%align != 0 {
			return p.errf(st, pc.col, "SGPR tuple %s must start at a multiple of %d", pc.s, align)
		}
	}
	if r.reg >= traces.AMDRegTTMP0 && r.reg < traces.AMDRegM0 && r.reg-traces.AMDRegTTMP0+r.count > 16 {
		return p.errf(st, pc.col, "%s runs past ttmp15", pc.s)
	}
	return nil
}

// checkMask checks a lane-mask operand against the wave size and fixes the
// width of a `null` mask.
func (p *amdParser) checkMask(st amdStmt, pc amdPiece, r *amdReg, wave int, dst bool) error {
	want := 1
	if wave == 64 {
		want = 2
	}
	if r.kind != traces.OpdSGPR {
		return p.errf(st, pc.col, "a lane mask must be scalar registers, not %s", pc.s)
	}
	if r.reg == traces.AMDRegNull {
		if p.target.Family == traces.GFX9 {
			return p.errf(st, pc.col, "null is not available on GFX9")
		}
		r.count = want
		return nil
	}
	if r.count != want {
		if r.reg == traces.AMDRegVCCLo && want == 1 {
			return p.errf(st, pc.col, "a wave32 lane mask is 32 bits: write vcc_lo, not %s", pc.s)
		}
		if r.reg == traces.AMDRegVCCLo && want == 2 {
			return p.errf(st, pc.col, "a wave64 lane mask is 64 bits: write vcc, not %s", pc.s)
		}
		return p.errf(st, pc.col, "a wave%d lane mask is %d register(s), %s is %d", wave, want, pc.s, r.count)
	}
	return p.checkSGPRs(st, pc, *r, want, dst)
}

// srcOperand reads a source slot.
func (p *amdParser) srcOperand(st amdStmt, in *traces.Inst, pc amdPiece, sl amdSlot, info *traces.AMDOpInfo, wave, enc int) (traces.Operand, amdSrcMeta, error) {
	var meta amdSrcMeta
	s := strings.TrimSpace(pc.s)
	switch sl.role {
	case "i16", "u16", "opt16":
		n, ok := amdParseNumber(s)
		if !ok || n.isFloat {
			return traces.Operand{}, meta, p.errf(st, pc.col, "expected a 16-bit integer, got %q", s)
		}
		v := n.int64()
		if v < -32768 || v > 65535 {
			return traces.Operand{}, meta, p.errf(st, pc.col, "%s does not fit 16 bits", s)
		}
		if sl.role == "i16" {
			return traces.Operand{Kind: traces.OpdImm, Imm: uint64(uint32(int32(int16(v))))}, meta, nil
		}
		return traces.Operand{Kind: traces.OpdImm, Imm: uint64(uint16(v))}, meta, nil
	case "hw":
		v, err := p.hwreg(st, pc)
		return traces.Operand{Kind: traces.OpdImm, Imm: uint64(v)}, meta, err
	case "k":
		n, ok := amdParseNumber(s)
		if !ok {
			return traces.Operand{}, meta, p.errf(st, pc.col, "expected a constant, got %q", s)
		}
		bits, _, msg := amdConst(n, amdConstKindOf(sl.t))
		if msg != "" {
			return traces.Operand{}, meta, p.errf(st, pc.col, "%s", msg)
		}
		meta.literal, meta.lit = true, bits
		return traces.Operand{Kind: traces.OpdImm, Imm: bits}, meta, nil
	}
	vector := sl.role == "vs" || sl.role == "vv"
	// Modifiers: neg(x), -x, abs(x), |x|.
	if vector {
		for {
			ls := strings.ToLower(s)
			switch {
			case strings.HasPrefix(ls, "neg(") && strings.HasSuffix(s, ")"):
				meta.neg, s = true, strings.TrimSpace(s[4:len(s)-1])
				continue
			case strings.HasPrefix(s, "-") && !amdNumberFollows(s[1:]):
				meta.neg, s = true, strings.TrimSpace(s[1:])
				continue
			case strings.HasPrefix(ls, "abs(") && strings.HasSuffix(s, ")"):
				meta.abs, s = true, strings.TrimSpace(s[4:len(s)-1])
				continue
			case len(s) >= 2 && s[0] == '|' && s[len(s)-1] == '|':
				meta.abs, s = true, strings.TrimSpace(s[1:len(s)-1])
				continue
			}
			break
		}
		if meta.neg || meta.abs {
			// v_cndmask_b32_e64 takes f32 neg/abs on its data sources.
			if !sl.t.IsFloat() && in.Op != traces.OpVCndmaskB32 {
				return traces.Operand{}, meta, p.errf(st, pc.col, "neg and abs modifiers apply only to floating-point sources")
			}
			if enc == 32 {
				return traces.Operand{}, meta, p.errf(st, pc.col, "neg and abs modifiers need the 64-bit encoding (_e64)")
			}
			in.Flags |= traces.FlagAMDVOP3
		}
	}
	if n, ok := amdParseNumber(s); ok {
		if sl.role == "vv" && enc == 32 {
			return traces.Operand{}, meta, p.errf(st, pc.col, "the second source of the 32-bit encoding must be a VGPR")
		}
		if sl.role == "ms" || sl.role == "md" {
			return traces.Operand{}, meta, p.errf(st, pc.col, "expected a lane mask, got %q", s)
		}
		bits, inline, msg := amdConst(n, amdConstKindOf(sl.t))
		if msg != "" {
			return traces.Operand{}, meta, p.errf(st, pc.col, "%s", msg)
		}
		if !inline {
			meta.literal, meta.lit = true, bits
		}
		if sl.role == "vv" && enc == 0 {
			in.Flags |= traces.FlagAMDVOP3
		}
		return traces.Operand{Kind: traces.OpdImm, Imm: bits}, meta, nil
	}
	r, ok, msg := amdParseReg(strings.ToLower(s))
	if msg != "" {
		return traces.Operand{}, meta, p.errf(st, pc.col, "%s", msg)
	}
	if !ok {
		if strings.ContainsAny(s, "@()+") || amdIsIdent(s) {
			return traces.Operand{}, meta, p.errf(st, pc.col, "symbolic operand %q is not supported yet (relocations and expressions)", s)
		}
		return traces.Operand{}, meta, p.errf(st, pc.col, "expected a register or a constant, got %q", s)
	}
	switch sl.role {
	case "ms":
		if err := p.checkMask(st, pc, &r, wave, false); err != nil {
			return traces.Operand{}, meta, err
		}
		if enc == 32 && !(r.kind == traces.OpdSGPR && r.reg == traces.AMDRegVCCLo) {
			return traces.Operand{}, meta, p.errf(st, pc.col, "the 32-bit encoding reads VCC; write %s", p.vccName(wave))
		}
	case "vv":
		if r.kind != traces.OpdVGPR {
			if enc == 32 {
				return traces.Operand{}, meta, p.errf(st, pc.col, "the second source of the 32-bit encoding must be a VGPR")
			}
			in.Flags |= traces.FlagAMDVOP3
		}
		fallthrough
	case "vs":
		if r.kind == traces.OpdVGPR {
			if err := p.checkVGPRs(st, pc, r, amdRegsOf(sl.t)); err != nil {
				return traces.Operand{}, meta, err
			}
			break
		}
		if err := p.checkScalarSrc(st, pc, &r, amdRegsOf(sl.t)); err != nil {
			return traces.Operand{}, meta, err
		}
	case "ss":
		if r.kind == traces.OpdVGPR {
			return traces.Operand{}, meta, p.errf(st, pc.col, "a scalar instruction cannot read VGPR %s", s)
		}
		if err := p.checkScalarSrc(st, pc, &r, amdRegsOf(sl.t)); err != nil {
			return traces.Operand{}, meta, err
		}
	default:
		return traces.Operand{}, meta, p.errf(st, pc.col, "unexpected operand %q", s)
	}
	if r.kind == traces.OpdSpecial {
		return traces.Operand{Kind: traces.OpdSpecial, Special: r.spec}, meta, nil
	}
	return traces.Operand{Kind: r.kind, Reg: int32(r.reg), Imm: uint64(r.count)}, meta, nil
}

// checkScalarSrc checks a scalar register read by an instruction.
func (p *amdParser) checkScalarSrc(st amdStmt, pc amdPiece, r *amdReg, want int) error {
	switch r.kind {
	case traces.OpdVCCZ, traces.OpdEXECZ:
		if p.target.Family >= traces.GFX11 {
			return p.errf(st, pc.col, "%s is not available on %s", pc.s, p.target.Family)
		}
		return nil
	case traces.OpdSCC, traces.OpdSpecial:
		return nil
	}
	if r.reg == traces.AMDRegNull {
		if p.target.Family == traces.GFX9 {
			return p.errf(st, pc.col, "null is not available on GFX9")
		}
		r.count = want
		return nil
	}
	if r.reg == traces.AMDRegM0 && want == 2 {
		return p.errf(st, pc.col, "m0 is a 32-bit register; the operand needs 64 bits")
	}
	return p.checkSGPRs(st, pc, *r, want, false)
}

// amdNumberFollows reports whether s (after blanks) starts a number.
func amdNumberFollows(s string) bool {
	s = strings.TrimLeft(s, " \t")
	return s != "" && (s[0] >= '0' && s[0] <= '9' || s[0] == '.')
}

// valuModifiers reads clamp, omod and op_sel (and rejects anything else).
func (p *amdParser) valuModifiers(st amdStmt, in *traces.Inst, info *traces.AMDOpInfo, mods []amdPiece, enc int) error {
	for _, m := range mods {
		w := strings.ToLower(m.s)
		vec := info.Class == traces.AMDClassVALU || info.Class == traces.AMDClassTrans
		if !vec {
			return p.errf(st, m.col, "unexpected modifier %q", m.s)
		}
		if enc == 32 {
			return p.errf(st, m.col, "modifier %s needs the 64-bit encoding (_e64)", m.s)
		}
		switch {
		case w == "clamp":
			in.Flags |= traces.FlagSat
		case w == "mul:2":
			in.Mode = in.Mode&^traces.AMDOModMask | traces.AMDOModMul2
		case w == "mul:4":
			in.Mode = in.Mode&^traces.AMDOModMask | traces.AMDOModMul4
		case w == "div:2":
			in.Mode = in.Mode&^traces.AMDOModMask | traces.AMDOModDiv2
		case strings.HasPrefix(w, "op_sel:["):
			bits, ok := amdBitList(w[len("op_sel:"):])
			if !ok {
				return p.errf(st, m.col, "malformed %s", m.s)
			}
			n := int(in.NSrc)
			for i, b := range bits {
				if !b {
					continue
				}
				if i < n && i < 3 {
					in.Vec |= 1 << uint(i)
				} else if i == n {
					in.Vec |= 1 << 3
				} else {
					return p.errf(st, m.col, "%s has more entries than operands", m.s)
				}
			}
		default:
			return p.errf(st, m.col, "unsupported modifier %q", m.s)
		}
		in.Flags |= traces.FlagAMDVOP3
	}
	return nil
}

// amdBitList reads "[0,1,0]".
func amdBitList(s string) ([]bool, bool) {
	if len(s) < 2 || s[0] != '[' || s[len(s)-1] != ']' {
		return nil, false
	}
	var out []bool
	for _, f := range strings.Split(s[1:len(s)-1], ",") {
		switch strings.TrimSpace(f) {
		case "0":
			out = append(out, false)
		case "1":
			out = append(out, true)
		default:
			return nil, false
		}
	}
	return out, true
}

// checkVOP3 validates a VOP3-encoded instruction with the VOP3 codec (its
// operand, constant-bus and literal rules per generation), for the
// instructions the codec knows.
func (p *amdParser) checkVOP3(st amdStmt, in *traces.Inst, base string, enc, wave int) error {
	if !p.vop3Names[base] {
		return nil
	}
	g := p.gen32
	if wave == 64 {
		g = p.gen64
	}
	text := st.mn.s + " " + st.args.s
	if _, err := vop3.Parse(g, text); err != nil {
		col := st.mn.col
		msg := err.Error()
		if se, ok := err.(*vop3.SyntaxError); ok {
			msg = se.Msg
			if se.Col > 0 {
				off := se.Col - 1
				switch {
				case off <= len(st.mn.s):
					col = st.mn.col + off
				default:
					col = st.args.col + off - len(st.mn.s) - 1
				}
			}
		}
		return p.errf(st, col, "%s", msg)
	}
	return nil
}

// decodeDual decodes a VOPD statement `v_dual_X ... :: v_dual_Y ...` into
// its two halves.
func (p *amdParser) decodeDual(st amdStmt, wave int) (amdDecoded, error) {
	var d amdDecoded
	if p.target.Family < traces.GFX11 {
		return d, p.errf(st, st.mn.col, "VOPD (v_dual_*) exists on GFX11 and later")
	}
	i := strings.Index(st.args.s, "::")
	if i < 0 {
		return d, p.errf(st, st.mn.col, "a VOPD instruction has two halves joined by ::")
	}
	xArgs := amdPiece{st.args.s[:i], st.args.col}
	rest := amdTrim(amdPiece{st.args.s[i+2:], st.args.col + i + 2})
	j := strings.IndexAny(rest.s, " \t")
	if j < 0 {
		return d, p.errf(st, rest.col, "the Y half of the VOPD instruction has no operands")
	}
	yMn := amdPiece{rest.s[:j], rest.col}
	yArgs := amdPiece{rest.s[j:], rest.col + j}
	halves := [2]amdStmt{
		{line: st.line, text: strings.TrimSpace(st.mn.s + " " + xArgs.s), mn: st.mn, args: xArgs},
		{line: st.line, text: strings.TrimSpace(rest.s), mn: yMn, args: yArgs},
	}
	for h, hs := range halves {
		name := strings.ToLower(hs.mn.s)
		short, ok := strings.CutPrefix(name, "v_dual_")
		if !ok {
			return d, p.errf(hs, hs.mn.col, "expected a v_dual_* half")
		}
		var dop *traces.AMDDualOp
		for k, dual := range traces.AMDDualOps() {
			if dual.Name == short {
				dop = &traces.AMDDualOps()[k]
			}
		}
		if dop == nil {
			return d, p.errf(hs, hs.mn.col, "unknown VOPD operation")
		}
		allowed := dop.X
		if h == 1 {
			allowed = dop.Y
		}
		if allowed&p.target.Class == 0 {
			which := "X (first)"
			if h == 1 {
				which = "Y (second)"
			}
			return d, p.errf(hs, hs.mn.col, "cannot be the %s half of a VOPD instruction on %s", which, p.target.Family)
		}
		in := traces.Inst{Op: dop.Op, Guard: -1, Pos: traces.Pos{Line: int32(st.line), Col: int32(hs.mn.col)}, Text: hs.text}
		info := traces.AMDOp(dop.Op)
		slots := p.slotsOf(dop.Op)
		if dop.Op == traces.OpVCndmaskB32 {
			slots = slots[:3] // VOPD's v_dual_cndmask_b32 reads VCC implicitly
		}
		ops, mods := amdSplitOperands(hs.args)
		if _, err := p.decodeSlots(hs, &in, info, slots, ops, mods, wave, 32); err != nil {
			return d, err
		}
		if dop.Op == traces.OpVCndmaskB32 {
			in.Src[in.NSrc] = traces.Operand{Kind: traces.OpdSGPR, Reg: traces.AMDRegVCCLo, Imm: uint64(wave / 32)}
			in.NSrc++
		}
		if h == 0 {
			in.Flags |= traces.FlagAMDDualX
		} else {
			in.Flags |= traces.FlagAMDDualY
		}
		d.insts[h] = in
	}
	if d.insts[0].Dst[0].Reg == d.insts[1].Dst[0].Reg {
		return d, p.errf(st, st.mn.col, "the two halves of a VOPD instruction write the same VGPR")
	}
	d.n = 2
	return d, nil
}

// amdLabelExpr reads a label difference: A-B, (A-B), (A-B)&4294967295 or
// (A-B)>>32.
func amdLabelExpr(s string) (a, b string, op byte, ok bool) {
	s = strings.TrimSpace(s)
	switch {
	case strings.HasSuffix(s, "&4294967295"):
		s, op = strings.TrimSuffix(s, "&4294967295"), '&'
	case strings.HasSuffix(s, ">>32"):
		s, op = strings.TrimSuffix(s, ">>32"), '>'
	}
	if len(s) >= 2 && s[0] == '(' && s[len(s)-1] == ')' {
		s = s[1 : len(s)-1]
	}
	a, b, found := strings.Cut(s, "-")
	a, b = strings.TrimSpace(a), strings.TrimSpace(b)
	if !found || !amdIsIdent(a) || !amdIsIdent(b) {
		return "", "", 0, false
	}
	return a, b, op, true
}
