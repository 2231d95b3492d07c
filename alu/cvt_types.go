package alu

// FloatType names a floating-point operand type of a conversion.
type FloatType uint8

const (
	FloatF16  FloatType = iota + 1 // IEEE binary16 (.f16)
	FloatBF16                      // bfloat16 (.bf16)
	FloatTF32                      // TensorFloat-32 (.tf32): an f32 encoding whose low 13 fraction bits are zero
	FloatF32                       // IEEE binary32 (.f32)
	FloatF64                       // IEEE binary64 (.f64)
)

// IntType names an integer operand type of a conversion.
type IntType uint8

const (
	IntS8  IntType = iota + 1 // .s8
	IntS16                    // .s16
	IntS32                    // .s32
	IntS64                    // .s64
	IntU8                     // .u8
	IntU16                    // .u16
	IntU32                    // .u32
	IntU64                    // .u64
)

// format returns the layout a FloatType computes in. A TF32 value is read as
// the f32 it is encoded as; TF32 results are rounded in fmtTF32 and then
// placed in the f32 layout.
func (t FloatType) format() fpFormat {
	switch t {
	case FloatF16:
		return fmtF16
	case FloatBF16:
		return fmtBF16
	case FloatTF32:
		return fmtTF32
	case FloatF64:
		return fmtF64
	}
	return fmtF32
}

// srcFormat is the layout a value of type t is read in.
func (t FloatType) srcFormat() fpFormat {
	if t == FloatTF32 {
		return fmtF32
	}
	return t.format()
}

// Width returns the integer type's size in bits.
func (t IntType) Width() uint {
	switch t {
	case IntS8, IntU8:
		return 8
	case IntS16, IntU16:
		return 16
	case IntS32, IntU32:
		return 32
	}
	return 64
}

// Signed reports whether the integer type is signed.
func (t IntType) Signed() bool { return t >= IntS8 && t <= IntS64 }
