package amdgpu

import "github.com/gpusim/gpusim/traces"

import "math"

// Constants in AMDGPU operands: inline constants (integers -16..64 and the
// float values 0.5, 1.0, 2.0, 4.0, their negatives and 1/(2*pi)) cost
// nothing; anything else is the instruction's 32-bit literal (AMD ISA
// manuals, "Inline constants" and "Literal constants"). How a token turns
// into the operand's bits depends on the operand's type, as in LLVM's
// assembler.

// amdInlineF32 and amdInlineF64 are the bit patterns of the inline float
// constants 0.5, -0.5, 1.0, -1.0, 2.0, -2.0, 4.0, -4.0 and 1/(2*pi) in f32
// and f64 (AMD ISA manuals; 1/(2*pi) is 0x3e22f983 and 0x3fc45f306dc9c882),
// amdInlineF16 the same in f16 (1/(2*pi) is 0x3118).
var (
	amdInlineF32 = [9]uint32{0x3f000000, 0xbf000000, 0x3f800000, 0xbf800000, 0x40000000, 0xc0000000, 0x40800000, 0xc0800000, 0x3e22f983}
	amdInlineF64 = [9]uint64{0x3fe0000000000000, 0xbfe0000000000000, 0x3ff0000000000000, 0xbff0000000000000, 0x4000000000000000, 0xc000000000000000, 0x4010000000000000, 0xc010000000000000, 0x3fc45f306dc9c882}
	amdInlineF16 = [9]uint16{0x3800, 0xb800, 0x3c00, 0xbc00, 0x4000, 0xc000, 0x4400, 0xc400, 0x3118}
)

// amdConstKind is the operand class of a constant's slot.
type amdConstKind uint8

const (
	amdK32  amdConstKind = iota // 32-bit integer (b32, u32, i32)
	amdKF32                     // f32
	amdK64                      // 64-bit integer
	amdKF64                     // f64
	amdKF16                     // f16 (low half of a register)
	amdK16                      // 16-bit integer
)

func amdConstKindOf(t traces.Type) amdConstKind {
	switch t {
	case traces.F32:
		return amdKF32
	case traces.F64:
		return amdKF64
	case traces.F16:
		return amdKF16
	case traces.B64, traces.U64, traces.S64:
		return amdK64
	case traces.B16, traces.U16, traces.S16:
		return amdK16
	}
	return amdK32
}

// amdConst converts a numeric token for a slot of kind k into the operand's
// bits and says whether it is an inline constant. msg explains a token that
// does not fit.
func amdConst(n amdNumber, k amdConstKind) (bits uint64, inline bool, msg string) {
	if n.isFloat {
		switch k {
		case amdKF64, amdK64:
			b := math.Float64bits(n.f)
			for _, c := range amdInlineF64 {
				if c == b {
					return b, true, ""
				}
			}
			if b&0xffffffff != 0 {
				return 0, false, "a 64-bit literal holds only the high 32 bits; this constant needs more"
			}
			return b, false, ""
		case amdKF16, amdK16:
			for i, c := range amdInlineF32 {
				if float64(math.Float32frombits(c)) == n.f || (i == 8 && float32(n.f) == math.Float32frombits(c)) {
					return uint64(amdInlineF16[i]), true, ""
				}
			}
			return 0, false, "f16 constants must be inline values or written as hexadecimal bits"
		}
		f := float32(n.f)
		if math.IsInf(float64(f), 0) {
			return 0, false, "constant overflows f32"
		}
		if float64(f) != n.f && math.Abs(float64(f)) < 0x1p-126 {
			return 0, false, "constant underflows f32"
		}
		b := math.Float32bits(f)
		for _, c := range amdInlineF32 {
			if c == b {
				return uint64(b), true, ""
			}
		}
		return uint64(b), false, ""
	}
	v := n.int64()
	if n.mag > 1<<63 || (n.neg && n.mag > 1<<63) {
		return 0, false, "integer constant out of range"
	}
	if v >= -16 && v <= 64 {
		switch k {
		case amdK64, amdKF64:
			return uint64(v), true, ""
		case amdK16, amdKF16:
			return uint64(uint16(v)), true, ""
		}
		return uint64(uint32(v)), true, ""
	}
	// A literal: 32 bits, read as signed or unsigned.
	switch k {
	case amdK16, amdKF16:
		if v < -32768 || v > 65535 {
			return 0, false, "constant does not fit 16 bits"
		}
		return uint64(uint16(v)), false, ""
	}
	if v < math.MinInt32 || (!n.neg && n.mag > math.MaxUint32) {
		return 0, false, "constant does not fit the 32-bit literal"
	}
	lit := uint64(uint32(v))
	switch k {
	case amdKF64:
		return lit << 32, false, "" // the literal is the high dword of an f64
	case amdK64:
		return lit, false, "" // zero-extended (AMD ISA: integer literals pad the high bits with zeros)
	}
	return lit, false, ""
}
