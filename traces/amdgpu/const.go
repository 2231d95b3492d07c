package amdgpu

import "github.com/gpusim/gpusim/traces"

import "math"

// Constants in AMDGPU operands: inline constants (integers -16..64 and the
// float values of traces.AMDInlineFloats: 0.5, 1.0, 2.0, 4.0, their
// negatives and 1/(2*pi)) cost nothing; anything else is the instruction's 32-bit literal (AMD ISA
// manuals, "Inline constants" and "Literal constants"). How a token turns
// into the operand's bits depends on the operand's type, as in LLVM's
// assembler.

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
			for _, c := range traces.AMDInlineFloats() {
				if c.F64 == b {
					return b, true, ""
				}
			}
			if b&0xffffffff != 0 {
				return 0, false, "a 64-bit literal holds only the high 32 bits; this constant needs more"
			}
			return b, false, ""
		case amdKF16, amdK16:
			for i, c := range traces.AMDInlineFloats() {
				if float64(math.Float32frombits(c.F32)) == n.f || (i == 8 && float32(n.f) == math.Float32frombits(c.F32)) {
					return uint64(c.F16), true, ""
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
		for _, c := range traces.AMDInlineFloats() {
			if c.F32 == b {
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
