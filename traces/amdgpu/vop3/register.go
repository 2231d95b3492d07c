package vop3

import (
	"strconv"
	"strings"
)

// RegisterError says why a token does not name a usable register.
type RegisterError uint8

// Register errors (ReadRegister).
const (
	RegOK           RegisterError = iota
	RegNotRegister                // not a register name at all (a number, a label, ...)
	RegMalformed                  // a broken range: v[4:, s[3:1], v[x]
	RegOutOfRange                 // an index past the register file (v256, s106, ttmp16)
	RegAccumulation               // an accumulation register (a0, a[0:1])
	RegUnsupported                // lds_direct, tba, tma: named, but no operand kind here
)

// ReadRegister reads a whole token that names registers, as LLVM's AMDGPU
// assembler spells them and both the VOP3 codec and the AMDGPU front end
// (traces/amdgpu) read them: v5, v[4:7], s9, s[0:1], ttmp9, ttmp[4:5];
// vcc, vcc_lo, vcc_hi, exec, exec_lo, exec_hi, flat_scratch(_lo/_hi),
// xnack_mask(_lo/_hi), m0, null; the read-only sources src_scc,
// src_vccz, src_execz (also without src_), the apertures
// src_shared_base, src_shared_limit, src_private_base, src_private_limit
// and src_pops_exiting_wave_id. It returns what the token names, a range
// whole (Width registers from Reg; a caller checks the width its operand
// allows and whether its generation has the register), or why it names
// nothing usable.
func ReadRegister(tok string) (Operand, RegisterError) {
	prefix, rest := "", ""
	switch {
	case strings.HasPrefix(tok, "ttmp"):
		prefix, rest = "ttmp", tok[4:]
	case len(tok) > 1 && (tok[0] == 'v' || tok[0] == 's' || tok[0] == 'a') && (tok[1] == '[' || isDigit(tok[1])):
		prefix, rest = tok[:1], tok[1:]
	}
	if prefix != "" {
		lo, hi := 0, 0
		if rest != "" && rest[0] == '[' {
			if !strings.HasSuffix(rest, "]") {
				return Operand{}, RegMalformed
			}
			a, b, found := strings.Cut(rest[1:len(rest)-1], ":")
			var err1, err2 error
			lo, err1 = strconv.Atoi(strings.TrimSpace(a))
			hi = lo
			if found {
				hi, err2 = strconv.Atoi(strings.TrimSpace(b))
			}
			if err1 != nil || err2 != nil || hi < lo || lo < 0 {
				return Operand{}, RegMalformed
			}
		} else {
			v, err := strconv.Atoi(rest)
			if err != nil || v < 0 {
				return Operand{}, RegNotRegister
			}
			lo, hi = v, v
		}
		var kind OperandKind
		var maxIdx int
		switch prefix {
		case "v":
			kind, maxIdx = KindVGPR, 255
		case "s":
			kind, maxIdx = KindSGPR, 105
		case "ttmp":
			kind, maxIdx = KindTTMP, 15
		default:
			return Operand{}, RegAccumulation
		}
		if hi > maxIdx {
			return Operand{}, RegOutOfRange
		}
		return Operand{Kind: kind, Reg: uint16(lo), Width: uint8(hi - lo + 1)}, RegOK
	}
	for _, pair := range [...]struct {
		base string
		kind OperandKind
	}{{"vcc", KindVCC}, {"exec", KindEXEC}, {"flat_scratch", KindFlatScratch}, {"xnack_mask", KindXnackMask}} {
		if suffix, ok := strings.CutPrefix(tok, pair.base); ok {
			switch suffix {
			case "":
				return Operand{Kind: pair.kind, Width: 2}, RegOK
			case "_lo":
				return Operand{Kind: pair.kind, Width: 1}, RegOK
			case "_hi":
				return Operand{Kind: pair.kind, Reg: 1, Width: 1}, RegOK
			}
		}
	}
	switch tok {
	case "m0":
		return Operand{Kind: KindM0, Width: 1}, RegOK
	case "null":
		return Operand{Kind: KindNull, Width: 1}, RegOK
	}
	switch strings.TrimPrefix(tok, "src_") {
	case "shared_base":
		return Operand{Kind: KindSharedBase}, RegOK
	case "shared_limit":
		return Operand{Kind: KindSharedLimit}, RegOK
	case "private_base":
		return Operand{Kind: KindPrivateBase}, RegOK
	case "private_limit":
		return Operand{Kind: KindPrivateLimit}, RegOK
	case "pops_exiting_wave_id":
		return Operand{Kind: KindPopsExitingWaveID}, RegOK
	case "vccz":
		return Operand{Kind: KindVCCZ}, RegOK
	case "execz":
		return Operand{Kind: KindEXECZ}, RegOK
	case "scc":
		return Operand{Kind: KindSCC}, RegOK
	case "lds_direct", "tba", "tba_lo", "tba_hi", "tma", "tma_lo", "tma_hi":
		return Operand{}, RegUnsupported
	}
	return Operand{}, RegNotRegister
}
