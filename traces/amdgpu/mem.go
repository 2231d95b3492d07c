package amdgpu

import (
	"github.com/gpusim/gpusim/traces"
	"strconv"
	"strings"
)

// Decoding of the memory formats: SMEM (s_load_*), DS (ds_*), FLAT and
// GLOBAL (flat_*, global_*), and the cache-control instructions. Operand
// layouts are documented in amdgpu_ir.go.

// regOperand reads a register operand that must be of kind (OpdVGPR or
// OpdSGPR) and count registers wide.
func (p *amdParser) regOperand(st amdStmt, pc amdPiece, kind traces.OperandKind, count int, what string) (traces.Operand, error) {
	r, ok, msg := amdParseReg(strings.ToLower(strings.TrimSpace(pc.s)))
	if msg != "" {
		return traces.Operand{}, p.errf(st, pc.col, "%s", msg)
	}
	if !ok || r.kind != kind {
		k := "VGPR"
		if kind == traces.OpdSGPR {
			k = "scalar register"
		}
		return traces.Operand{}, p.errf(st, pc.col, "%s must be a %s, got %q", what, k, pc.s)
	}
	if kind == traces.OpdVGPR {
		if err := p.checkVGPRs(st, pc, r, count); err != nil {
			return traces.Operand{}, err
		}
	} else if err := p.checkSGPRs(st, pc, r, count, false); err != nil {
		return traces.Operand{}, err
	}
	return traces.Operand{Kind: r.kind, Reg: int32(r.reg), Imm: uint64(r.count)}, nil
}

// memOffset reads the value of an `offset:N` style modifier.
func (p *amdParser) memOffset(st amdStmt, m amdPiece, val string, lo, hi int64) (int64, error) {
	n, ok := amdParseNumber(val)
	if !ok || n.isFloat {
		return 0, p.errf(st, m.col, "malformed %s", m.s)
	}
	v := n.int64()
	if v < lo || v > hi {
		return 0, p.errf(st, m.col, "%s out of range [%d, %d]", m.s, lo, hi)
	}
	return v, nil
}

// cacheBits reads a cache-policy modifier; ok is false when m is not one.
func (p *amdParser) cacheBits(st amdStmt, in *traces.Inst, m amdPiece) (bool, error) {
	w := strings.ToLower(m.s)
	name, val, _ := strings.Cut(w, ":")
	gfx940 := p.target.Class == traces.AMDT942
	switch name {
	case "glc", "slc", "dlc":
		if gfx940 {
			return true, p.errf(st, m.col, "%s is not available on %s (use sc0, sc1, nt)", name, p.target.Name)
		}
		if p.target.Family == traces.GFX12 {
			return true, p.errf(st, m.col, "%s is not available on GFX12 (use th: and scope:)", name)
		}
		if name == "dlc" && p.target.Family == traces.GFX9 {
			return true, p.errf(st, m.col, "dlc is not available on GFX9")
		}
		in.Mode |= amdCacheBit(name)
	case "sc0", "sc1", "nt":
		if !gfx940 {
			return true, p.errf(st, m.col, "%s is available only on gfx940, gfx941 and gfx942", name)
		}
		in.Mode |= amdCacheBit(name)
	case "th", "scope":
		if p.target.Family != traces.GFX12 {
			return true, p.errf(st, m.col, "%s: is available only on GFX12", name)
		}
		if name == "th" && strings.Contains(val, "return") {
			in.Mode |= traces.AMDCacheGLC
		}
		if name == "th" && strings.Contains(val, "_nt") {
			in.Mode |= traces.AMDCacheNT
		}
	case "nv", "scc":
		// GFX9 cache-coherence bits (non-volatile, system coherent): no
		// effect on values in gpusim's single coherent memory.
		if p.target.Family != traces.GFX9 {
			return true, p.errf(st, m.col, "%s is available only on GFX9", name)
		}
	default:
		return false, nil
	}
	return true, nil
}

// decodeSMEM reads s_load_* sdst, sbase, offset [offset:N] and s_memtime,
// s_memrealtime sdst.
func (p *amdParser) decodeSMEM(st amdStmt, in *traces.Inst, info *traces.AMDOpInfo, ops, mods []amdPiece) error {
	if in.Op == traces.OpSMemtime || in.Op == traces.OpSMemrealtime {
		if len(ops) != 1 {
			return p.errf(st, st.mn.col, "expects 1 operand, got %d", len(ops))
		}
		d, err := p.regOperand(st, ops[0], traces.OpdSGPR, 2, "the destination")
		if err != nil {
			return err
		}
		in.Dst[0], in.NDst = d, 1
		return p.noMods(st, mods)
	}
	if len(ops) != 3 {
		return p.errf(st, st.mn.col, "expects 3 operands (sdst, sbase, offset), got %d", len(ops))
	}
	d, err := p.regOperand(st, ops[0], traces.OpdSGPR, int(info.Bytes)/4, "the destination")
	if err != nil {
		return err
	}
	base, err := p.regOperand(st, ops[1], traces.OpdSGPR, 2, "the base address")
	if err != nil {
		return err
	}
	in.Dst[0], in.NDst = d, 1
	in.Src[0] = base
	in.Src[1] = traces.Operand{Kind: traces.OpdNone}
	imm := int64(0)
	off := strings.TrimSpace(ops[2].s)
	if n, ok := amdParseNumber(off); ok && !n.isFloat {
		imm = n.int64()
	} else {
		r, err := p.regOperand(st, ops[2], traces.OpdSGPR, 1, "the offset")
		if err != nil {
			return err
		}
		in.Src[1] = r
	}
	for _, m := range mods {
		w := strings.ToLower(m.s)
		if v, ok := strings.CutPrefix(w, "offset:"); ok {
			if in.Src[1].Kind == traces.OpdNone {
				return p.errf(st, m.col, "offset: needs an SGPR offset operand")
			}
			o, err := p.memOffset(st, m, v, -1<<23, 1<<24-1)
			if err != nil {
				return err
			}
			imm = o
			continue
		}
		if ok, err := p.cacheBits(st, in, m); ok {
			if err != nil {
				return err
			}
			continue
		}
		return p.errf(st, m.col, "unexpected modifier %q", m.s)
	}
	if imm < -1<<23 || imm >= 1<<24 {
		return p.errf(st, ops[2].col, "offset %d out of range", imm)
	}
	in.Src[2] = traces.Operand{Kind: traces.OpdImm, Imm: uint64(imm)}
	in.NSrc = 3
	return nil
}

// noMods rejects modifiers.
func (p *amdParser) noMods(st amdStmt, mods []amdPiece) error {
	if len(mods) > 0 {
		return p.errf(st, mods[0].col, "unexpected modifier %q", mods[0].s)
	}
	return nil
}

// decodeDS reads ds_* instructions.
func (p *amdParser) decodeDS(st amdStmt, in *traces.Inst, info *traces.AMDOpInfo, ops, mods []amdPiece) error {
	width := max(int(info.Bytes)/4, 1)
	var roles []string // in written order: d = destination, a = address, 0/1 = data
	switch info.Mem {
	case traces.AMDMemNop:
	case traces.AMDMemLoad:
		roles = []string{"d", "a"}
	case traces.AMDMemLoad2, traces.AMDMemLoad2st64:
		roles = []string{"d2", "a"}
	case traces.AMDMemStore:
		roles = []string{"a", "0"}
	case traces.AMDMemStore2, traces.AMDMemStore2st64:
		roles = []string{"a", "0", "1"}
	case traces.AMDMemAtomic:
		roles = []string{"a", "0"}
		if info.Return {
			roles = []string{"d", "a", "0"}
		}
	case traces.AMDMemCmpst, traces.AMDMemCmpstore:
		roles = []string{"a", "0", "1"}
		if info.Return {
			roles = []string{"d", "a", "0", "1"}
		}
	case traces.AMDMemBpermute, traces.AMDMemPermute:
		roles = []string{"d", "a", "0"}
	case traces.AMDMemSwizzle:
		roles = []string{"d", "0"}
	}
	if len(ops) != len(roles) {
		return p.errf(st, st.mn.col, "expects %d operands, got %d", len(roles), len(ops))
	}
	in.Src[0] = traces.Operand{Kind: traces.OpdNone}
	in.Src[1] = traces.Operand{Kind: traces.OpdImm}
	in.Src[2] = traces.Operand{Kind: traces.OpdImm}
	for i, r := range roles {
		var err error
		var o traces.Operand
		switch r {
		case "d":
			o, err = p.regOperand(st, ops[i], traces.OpdVGPR, width, "the destination")
			in.Dst[0], in.NDst = o, 1
		case "d2":
			o, err = p.regOperand(st, ops[i], traces.OpdVGPR, 2*width, "the destination")
			in.Dst[0], in.NDst = o, 1
		case "a":
			o, err = p.regOperand(st, ops[i], traces.OpdVGPR, 1, "the address")
			in.Src[0] = o
		case "0":
			o, err = p.regOperand(st, ops[i], traces.OpdVGPR, width, "the data")
			in.Src[3] = o
		case "1":
			o, err = p.regOperand(st, ops[i], traces.OpdVGPR, width, "the second data")
			in.Src[4] = o
		}
		if err != nil {
			return err
		}
	}
	in.NSrc = 5
	two := info.Mem == traces.AMDMemLoad2 || info.Mem == traces.AMDMemLoad2st64 || info.Mem == traces.AMDMemStore2 || info.Mem == traces.AMDMemStore2st64
	for _, m := range mods {
		w := strings.ToLower(m.s)
		name, val, _ := strings.Cut(w, ":")
		switch {
		case name == "offset" && !two:
			if info.Mem == traces.AMDMemSwizzle && strings.HasPrefix(val, "swizzle(") {
				return p.errf(st, m.col, "symbolic swizzle patterns are not supported yet; write the 16-bit offset")
			}
			o, err := p.memOffset(st, m, val, 0, 65535)
			if err != nil {
				return err
			}
			in.Src[2].Imm = uint64(o)
		case (name == "offset0" || name == "offset1") && two:
			o, err := p.memOffset(st, m, val, 0, 255)
			if err != nil {
				return err
			}
			if name == "offset0" {
				in.Src[2].Imm = uint64(o)
			} else {
				in.Src[1].Imm = uint64(o)
			}
		case name == "gds" && val == "":
			in.Mode |= traces.AMDCacheGDS
		default:
			return p.errf(st, m.col, "unexpected modifier %q", m.s)
		}
	}
	return nil
}

// decodeFlat reads global_* and flat_* instructions.
func (p *amdParser) decodeFlat(st amdStmt, in *traces.Inst, info *traces.AMDOpInfo, ops, mods []amdPiece, wave int) error {
	width := max(int(info.Bytes)/4, 1)
	dataWidth := width
	if info.Atom == traces.AtomCas {
		dataWidth = 2 * width
	}
	global := !info.Flat
	// Operand lists: loads d, a[, s]; stores a, v[, s]; atomics a, v[, s]
	// or, returning, d, a, v[, s].
	var roles []string
	switch info.Mem {
	case traces.AMDMemLoad:
		roles = []string{"d", "a"}
	case traces.AMDMemStore:
		roles = []string{"a", "v"}
	case traces.AMDMemAtomic:
		roles = []string{"a", "v"}
		n := len(ops)
		if global {
			n--
		}
		if n == 3 {
			roles = []string{"d", "a", "v"}
		}
	}
	if global {
		roles = append(roles, "s")
	}
	if len(ops) != len(roles) {
		return p.errf(st, st.mn.col, "expects %d operands, got %d", len(roles), len(ops))
	}
	// The SGPR base decides the width of the address: with `off` (or for
	// flat) a 64-bit VGPR address, with an SGPR pair a 32-bit VGPR offset.
	in.Src[1] = traces.Operand{Kind: traces.OpdNone}
	addrWidth := 2
	if global {
		sp := ops[len(ops)-1]
		if strings.ToLower(strings.TrimSpace(sp.s)) != "off" {
			sb, err := p.regOperand(st, sp, traces.OpdSGPR, 2, "the scalar base")
			if err != nil {
				return err
			}
			in.Src[1] = sb
			addrWidth = 1
		}
	}
	for i, r := range roles {
		var err error
		var o traces.Operand
		switch r {
		case "d":
			w := width
			if info.Mem == traces.AMDMemAtomic {
				w = width // the old value
			}
			o, err = p.regOperand(st, ops[i], traces.OpdVGPR, w, "the destination")
			in.Dst[0], in.NDst = o, 1
		case "a":
			o, err = p.regOperand(st, ops[i], traces.OpdVGPR, addrWidth, "the address")
			in.Src[0] = o
		case "v":
			o, err = p.regOperand(st, ops[i], traces.OpdVGPR, dataWidth, "the data")
			in.Src[3] = o
		}
		if err != nil {
			return err
		}
	}
	in.NSrc = 4
	in.Src[2] = traces.Operand{Kind: traces.OpdImm}
	// Immediate offset ranges (AMD ISA manuals; LLVM's
	// getNumFlatOffsetBits): GFX9 13 bits signed for global (12 unsigned
	// for flat), GFX10 12 signed (11 unsigned), GFX11 13 signed (12
	// unsigned), GFX12 24 signed.
	lo, hi := int64(-4096), int64(4095)
	switch p.target.Family {
	case traces.GFX10:
		lo, hi = -2048, 2047
	case traces.GFX12:
		lo, hi = -1<<23, 1<<23-1
	}
	if !global && p.target.Family != traces.GFX12 {
		lo = 0
	}
	for _, m := range mods {
		w := strings.ToLower(m.s)
		if v, ok := strings.CutPrefix(w, "offset:"); ok {
			o, err := p.memOffset(st, m, v, lo, hi)
			if err != nil {
				return err
			}
			in.Src[2].Imm = uint64(o)
			continue
		}
		if ok, err := p.cacheBits(st, in, m); ok {
			if err != nil {
				return err
			}
			continue
		}
		if w == "lds" {
			return p.errf(st, m.col, "loads into LDS are not supported yet")
		}
		return p.errf(st, m.col, "unexpected modifier %q", m.s)
	}
	if info.Mem == traces.AMDMemAtomic && in.NDst == 1 && in.Mode&traces.AMDCacheGLC == 0 {
		return p.errf(st, st.mn.col, "a returning atomic needs %s", p.returnBit())
	}
	return nil
}

// returnBit names the modifier that makes an atomic return the old value.
func (p *amdParser) returnBit() string {
	switch {
	case p.target.Class == traces.AMDT942:
		return "sc0"
	case p.target.Family == traces.GFX12:
		return "th:TH_ATOMIC_RETURN"
	}
	return "glc"
}

// decodeCache reads the cache-control instructions: no operands, only
// cache modifiers.
func (p *amdParser) decodeCache(st amdStmt, in *traces.Inst, ops, mods []amdPiece) error {
	all := append(append([]amdPiece(nil), ops...), mods...)
	for _, m := range all {
		if ok, err := p.cacheBits(st, in, m); ok {
			if err != nil {
				return err
			}
			continue
		}
		return p.errf(st, m.col, "unexpected operand %q", m.s)
	}
	return nil
}

// hwreg reads hwreg(NAME[, offset, size]) or a 16-bit number into the
// SIMM16 encoding: id bits 5:0, offset 10:6, size-1 15:11 (AMD ISA
// manuals, S_GETREG_B32).
func (p *amdParser) hwreg(st amdStmt, pc amdPiece) (uint16, error) {
	s := strings.TrimSpace(pc.s)
	if n, ok := amdParseNumber(s); ok && !n.isFloat && n.int64() >= 0 && n.int64() <= 0xffff {
		return uint16(n.int64()), nil
	}
	name, args, ok := amdCall(s)
	if !ok || strings.ToLower(name) != "hwreg" {
		return 0, p.errf(st, pc.col, "expected hwreg(...), got %q", s)
	}
	parts := strings.Split(args, ",")
	id := -1
	reg := strings.TrimSpace(parts[0])
	switch strings.ToUpper(reg) {
	case "HW_REG_MODE":
		id = 1
	case "HW_REG_STATUS":
		id = 2
	case "HW_REG_TRAPSTS":
		id = 3
	case "HW_REG_HW_ID", "HW_REG_HW_ID1":
		id = 4
	case "HW_REG_GPR_ALLOC":
		id = 5
	case "HW_REG_LDS_ALLOC":
		id = 6
	case "HW_REG_IB_STS":
		id = 7
	default:
		if n, err := strconv.Atoi(reg); err == nil && n >= 0 && n < 64 {
			id = n
		}
	}
	if id < 0 {
		return 0, p.errf(st, pc.col, "unknown hardware register %s", reg)
	}
	off, size := 0, 32
	if len(parts) == 3 {
		var e1, e2 error
		off, e1 = strconv.Atoi(strings.TrimSpace(parts[1]))
		size, e2 = strconv.Atoi(strings.TrimSpace(parts[2]))
		if e1 != nil || e2 != nil || off < 0 || off > 31 || size < 1 || size > 32 || off+size > 32 {
			return 0, p.errf(st, pc.col, "malformed %s (want hwreg(NAME, offset 0..31, size 1..32))", s)
		}
	} else if len(parts) != 1 {
		return 0, p.errf(st, pc.col, "malformed %s", s)
	}
	return uint16(id | off<<6 | (size-1)<<11), nil
}

// amdCacheBit maps a cache-policy keyword to its Inst.Mode bit.
func amdCacheBit(name string) traces.Mode {
	switch name {
	case "glc", "sc0":
		return traces.AMDCacheGLC
	case "slc", "sc1":
		return traces.AMDCacheSLC
	case "dlc":
		return traces.AMDCacheDLC
	case "nt":
		return traces.AMDCacheNT
	}
	return 0
}
