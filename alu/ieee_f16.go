package alu

// IEEE binary16 and bfloat16 arithmetic on bit patterns, and the packed x2
// forms (two halves in a 32-bit register: low half bits [15:0], high half
// bits [31:16], each computed independently).
//
// Each operation computes the exact result with the package's integer code
// and rounds it once to the 16-bit format (never through f32, which would
// round twice), with the rounding, flushing and NaN rules of the binary32
// functions. Canonical NaN (CanonicalNaN) is 0x7fff for both formats; the
// default NaN of an invalid operation is 0xfe00 (f16) and 0xffc0 (bf16).

// AddF16 returns a + b in binary16 (PTX add.f16).
func AddF16(a, b uint16, m FPMode) uint16 {
	return uint16(addGeneric(uint64(a), uint64(b), fmtF16, m))
}

// SubF16 returns a - b in binary16 (b's sign flipped, then added).
func SubF16(a, b uint16, m FPMode) uint16 {
	return uint16(addGeneric(uint64(a), uint64(b^0x8000), fmtF16, m))
}

// MulF16 returns a * b in binary16.
func MulF16(a, b uint16, m FPMode) uint16 {
	return uint16(mulGeneric(uint64(a), uint64(b), fmtF16, m))
}

// FmaF16 returns a*b + c in binary16 with one rounding (PTX fma.rn.f16).
func FmaF16(a, b, c uint16, m FPMode) uint16 {
	f := fmtF16
	return uint16(fmaGeneric(f.flushIn(uint64(a), m), f.flushIn(uint64(b), m), f.flushIn(uint64(c), m), 0, f, m))
}

// AddBF16 returns a + b in bfloat16 (PTX add.rn.bf16).
func AddBF16(a, b uint16, m FPMode) uint16 {
	return uint16(addGeneric(uint64(a), uint64(b), fmtBF16, m))
}

// SubBF16 returns a - b in bfloat16.
func SubBF16(a, b uint16, m FPMode) uint16 {
	return uint16(addGeneric(uint64(a), uint64(b^0x8000), fmtBF16, m))
}

// MulBF16 returns a * b in bfloat16.
func MulBF16(a, b uint16, m FPMode) uint16 {
	return uint16(mulGeneric(uint64(a), uint64(b), fmtBF16, m))
}

// FmaBF16 returns a*b + c in bfloat16 with one rounding (PTX fma.rn.bf16).
func FmaBF16(a, b, c uint16, m FPMode) uint16 {
	f := fmtBF16
	return uint16(fmaGeneric(f.flushIn(uint64(a), m), f.flushIn(uint64(b), m), f.flushIn(uint64(c), m), 0, f, m))
}

// pack2 applies a binary 16-bit operation to both halves of a and b.
func pack2(a, b uint32, m FPMode, op func(x, y uint16, m FPMode) uint16) uint32 {
	lo := op(uint16(a), uint16(b), m)
	hi := op(uint16(a>>16), uint16(b>>16), m)
	return uint32(hi)<<16 | uint32(lo)
}

// pack3 applies a ternary 16-bit operation to both halves.
func pack3(a, b, c uint32, m FPMode, op func(x, y, z uint16, m FPMode) uint16) uint32 {
	lo := op(uint16(a), uint16(b), uint16(c), m)
	hi := op(uint16(a>>16), uint16(b>>16), uint16(c>>16), m)
	return uint32(hi)<<16 | uint32(lo)
}

// AddF16x2 is add.f16x2: AddF16 on each half.
func AddF16x2(a, b uint32, m FPMode) uint32 { return pack2(a, b, m, AddF16) }

// SubF16x2 is sub.f16x2: SubF16 on each half.
func SubF16x2(a, b uint32, m FPMode) uint32 { return pack2(a, b, m, SubF16) }

// MulF16x2 is mul.f16x2: MulF16 on each half.
func MulF16x2(a, b uint32, m FPMode) uint32 { return pack2(a, b, m, MulF16) }

// FmaF16x2 is fma.rn.f16x2: FmaF16 on each half.
func FmaF16x2(a, b, c uint32, m FPMode) uint32 { return pack3(a, b, c, m, FmaF16) }

// AddBF16x2 is add.rn.bf16x2: AddBF16 on each half.
func AddBF16x2(a, b uint32, m FPMode) uint32 { return pack2(a, b, m, AddBF16) }

// SubBF16x2 is sub.rn.bf16x2: SubBF16 on each half.
func SubBF16x2(a, b uint32, m FPMode) uint32 { return pack2(a, b, m, SubBF16) }

// MulBF16x2 is mul.rn.bf16x2: MulBF16 on each half.
func MulBF16x2(a, b uint32, m FPMode) uint32 { return pack2(a, b, m, MulBF16) }

// FmaBF16x2 is fma.rn.bf16x2: FmaBF16 on each half.
func FmaBF16x2(a, b, c uint32, m FPMode) uint32 { return pack3(a, b, c, m, FmaBF16) }
