package vop3

import (
	"github.com/gpusim/gpusim/traces"
	"math"
	"strconv"
)

// OperandKind says what an operand names.
type OperandKind uint8

// Operand kinds. Register kinds use Operand.Reg and Operand.Width; the
// halves of VCC, EXEC, FLAT_SCRATCH and XNACK_MASK are Reg 0 (lo) and 1 (hi)
// with Width 1, the whole pair is Reg 0 with Width 2.
const (
	KindNone              OperandKind = iota
	KindVGPR                          // v0..v255
	KindSGPR                          // s0..s101 (GFX9) or s0..s105
	KindTTMP                          // trap temporaries ttmp0..ttmp15
	KindVCC                           // vcc_lo, vcc_hi, vcc
	KindEXEC                          // exec_lo, exec_hi, exec
	KindFlatScratch                   // flat_scratch_lo/hi (GFX9 only)
	KindXnackMask                     // xnack_mask_lo/hi (GFX9 only)
	KindM0                            // m0
	KindNull                          // null: reads 0, writes are discarded (GFX10+)
	KindSharedBase                    // src_shared_base aperture
	KindSharedLimit                   // src_shared_limit aperture
	KindPrivateBase                   // src_private_base aperture
	KindPrivateLimit                  // src_private_limit aperture
	KindPopsExitingWaveID             // src_pops_exiting_wave_id (GFX9, GFX10)
	KindVCCZ                          // src_vccz (GFX9, GFX10)
	KindEXECZ                         // src_execz (GFX9, GFX10)
	KindSCC                           // src_scc
	KindInlineInt                     // integer constant -16..64 in Imm
	KindInlineFloat                   // float constant; Imm is the index for InlineFloat
	KindLiteral                       // the instruction's 32-bit literal dword (GFX10+)
)

// Operand is one decoded source or destination.
type Operand struct {
	Kind  OperandKind
	Reg   uint16 // first register (or 0 = lo, 1 = hi half of a named pair)
	Width uint8  // 32-bit registers covered, 1 or 2, for register kinds
	Imm   int8   // KindInlineInt: the value; KindInlineFloat: index
}

// InlineFloat returns the value of inline float constant i (source code
// 240+i): 0.5, -0.5, 1.0, -1.0, 2.0, -2.0, 4.0, -4.0, 1/(2*pi) for i = 0..8.
// In a narrower operand the value is rounded to that format (the f16 and f32
// bit patterns are those of the ISA manuals). It returns 0 for other i.
func InlineFloat(i int) float64 {
	if i < 0 || i > 8 {
		return 0
	}
	return math.Float64frombits(traces.AMDInlineFloats()[i].F64)
}

// Source-field codes shared by every generation (AMD ISA manuals; LLVM
// SIRegisterInfo.td).
const (
	codeFlatScratch = 102 // GFX9
	codeXnackMask   = 104 // GFX9
	codeVCC         = 106
	codeTTMP        = 108 // GFX9 and later
	codeEXEC        = 126
	codeInt0        = 128 // 128..192 = 0..64
	codeIntNeg1     = 193 // 193..208 = -1..-16
	codeSharedBase  = 235
	codePops        = 239
	codeFloat0      = 240 // 240..248 = InlineFloats
	codeVCCZ        = 251
	codeEXECZ       = 252
	codeSCC         = 253
	codeLiteral     = 255
	codeVGPR        = 256
)

// codeM0 and codeNull swapped places in GFX11.
func codeM0(g Gen) uint16 {
	if g.fam >= GFX11 {
		return 125
	}
	return 124
}

func codeNull(g Gen) uint16 {
	if g.fam >= GFX11 {
		return 124
	}
	return 125
}

// isScalar reports whether the operand is read over the constant bus.
func (o Operand) isScalar() bool {
	switch o.Kind {
	case KindNone, KindVGPR, KindNull, KindInlineInt, KindInlineFloat, KindLiteral:
		return false
	}
	return true
}

// isConst reports whether the operand is an immediate (inline or literal).
func (o Operand) isConst() bool {
	return o.Kind == KindInlineInt || o.Kind == KindInlineFloat || o.Kind == KindLiteral
}

// availableIn reports whether g has the special register at all.
func (k OperandKind) availableIn(g Gen) bool {
	switch k {
	case KindFlatScratch, KindXnackMask:
		return g.fam == GFX9
	case KindNull:
		return g.fam != GFX9
	case KindPopsExitingWaveID, KindVCCZ, KindEXECZ:
		return g.fam <= GFX10
	}
	return true
}

// srcCode returns the 9-bit source-field value of a validated operand.
func srcCode(g Gen, o Operand) uint16 {
	switch o.Kind {
	case KindVGPR:
		return codeVGPR + o.Reg
	case KindSGPR:
		return o.Reg
	case KindTTMP:
		return codeTTMP + o.Reg
	case KindVCC:
		return codeVCC + o.Reg
	case KindEXEC:
		return codeEXEC + o.Reg
	case KindFlatScratch:
		return codeFlatScratch + o.Reg
	case KindXnackMask:
		return codeXnackMask + o.Reg
	case KindM0:
		return codeM0(g)
	case KindNull:
		return codeNull(g)
	case KindSharedBase, KindSharedLimit, KindPrivateBase, KindPrivateLimit:
		return codeSharedBase + uint16(o.Kind-KindSharedBase)
	case KindPopsExitingWaveID:
		return codePops
	case KindVCCZ:
		return codeVCCZ
	case KindEXECZ:
		return codeEXECZ
	case KindSCC:
		return codeSCC
	case KindInlineInt:
		if o.Imm >= 0 {
			return codeInt0 + uint16(o.Imm)
		}
		return codeIntNeg1 - 1 - uint16(int16(o.Imm))
	case KindInlineFloat:
		return codeFloat0 + uint16(o.Imm)
	case KindLiteral:
		return codeLiteral
	}
	return 0
}

// decodeSrc turns a 9-bit source code into an operand of the given width in
// 32-bit registers, or reports why the code is not a valid source there.
func decodeSrc(g Gen, code uint16, width uint8) (Operand, string) {
	switch {
	case code >= codeVGPR:
		return Operand{Kind: KindVGPR, Reg: code - codeVGPR, Width: width}, ""
	case code <= uint16(g.maxSGPR()):
		return Operand{Kind: KindSGPR, Reg: code, Width: width}, ""
	case code < codeVCC: // 102..105 on GFX9
		if code < codeXnackMask {
			return Operand{Kind: KindFlatScratch, Reg: code - codeFlatScratch, Width: width}, ""
		}
		return Operand{Kind: KindXnackMask, Reg: code - codeXnackMask, Width: width}, ""
	case code < codeTTMP:
		return Operand{Kind: KindVCC, Reg: code - codeVCC, Width: width}, ""
	case code < 124:
		return Operand{Kind: KindTTMP, Reg: code - codeTTMP, Width: width}, ""
	case code == codeM0(g):
		return Operand{Kind: KindM0, Width: 1}, ""
	case code == codeNull(g):
		if g.fam == GFX9 {
			return Operand{}, "source code 125 is reserved on GFX9"
		}
		return Operand{Kind: KindNull, Width: width}, ""
	case code < codeInt0:
		return Operand{Kind: KindEXEC, Reg: code - codeEXEC, Width: width}, ""
	case code <= 192:
		return Operand{Kind: KindInlineInt, Imm: int8(code - codeInt0)}, ""
	case code <= 208:
		return Operand{Kind: KindInlineInt, Imm: -int8(code - codeIntNeg1 + 1)}, ""
	case code >= codeSharedBase && code <= codeSharedBase+3:
		return Operand{Kind: KindSharedBase + OperandKind(code-codeSharedBase)}, ""
	case code == codePops:
		return Operand{Kind: KindPopsExitingWaveID}, ""
	case code >= codeFloat0 && code <= codeFloat0+8:
		return Operand{Kind: KindInlineFloat, Imm: int8(code - codeFloat0)}, ""
	case code == codeVCCZ:
		return Operand{Kind: KindVCCZ}, ""
	case code == codeEXECZ:
		return Operand{Kind: KindEXECZ}, ""
	case code == codeSCC:
		return Operand{Kind: KindSCC}, ""
	case code == codeLiteral:
		return Operand{Kind: KindLiteral}, ""
	case code == 254:
		return Operand{}, "source code 254 (lds_direct) is not supported"
	}
	return Operand{}, "source code " + strconv.Itoa(int(code)) + " is reserved"
}

// regName formats a register operand the way LLVM prints it.
func regName(b []byte, o Operand) []byte {
	pair := func(prefix string) []byte {
		b = append(b, prefix...)
		b = append(b, '[')
		b = strconv.AppendUint(b, uint64(o.Reg), 10)
		b = append(b, ':')
		b = strconv.AppendUint(b, uint64(o.Reg)+uint64(o.Width)-1, 10)
		return append(b, ']')
	}
	named := func(base string) []byte {
		b = append(b, base...)
		if o.Width == 2 {
			return b
		}
		if o.Reg == 0 {
			return append(b, "_lo"...)
		}
		return append(b, "_hi"...)
	}
	switch o.Kind {
	case KindVGPR, KindSGPR, KindTTMP:
		prefix := "v"
		if o.Kind == KindSGPR {
			prefix = "s"
		} else if o.Kind == KindTTMP {
			prefix = "ttmp"
		}
		if o.Width == 2 {
			return pair(prefix)
		}
		b = append(b, prefix...)
		return strconv.AppendUint(b, uint64(o.Reg), 10)
	case KindVCC:
		return named("vcc")
	case KindEXEC:
		return named("exec")
	case KindFlatScratch:
		return named("flat_scratch")
	case KindXnackMask:
		return named("xnack_mask")
	case KindM0:
		return append(b, "m0"...)
	case KindNull:
		return append(b, "null"...)
	case KindSharedBase:
		return append(b, "src_shared_base"...)
	case KindSharedLimit:
		return append(b, "src_shared_limit"...)
	case KindPrivateBase:
		return append(b, "src_private_base"...)
	case KindPrivateLimit:
		return append(b, "src_private_limit"...)
	case KindPopsExitingWaveID:
		return append(b, "src_pops_exiting_wave_id"...)
	case KindVCCZ:
		return append(b, "src_vccz"...)
	case KindEXECZ:
		return append(b, "src_execz"...)
	case KindSCC:
		return append(b, "src_scc"...)
	}
	return append(b, '?')
}
