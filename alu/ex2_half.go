package alu

// The 16-bit ex2 forms of numerics.md section 2. Model: provisional (no
// silicon evidence yet): widen exactly to f32, run the f32 MUFU.EX2 model
// (ftz form), round to the 16-bit format to nearest even, NaN -> 0x7fff. It
// stays within the documented 2^-9.9 (f16) and 2^-7 (bf16) relative error.

// Ex2F16 is PTX ex2.approx.f16 (PTX ISA 7.0, sm_75+). Subnormal inputs are
// supported (they widen to normal f32 values) and subnormal f16 results are
// kept.
func Ex2F16(x uint16) uint16 {
	return F32ToF16(mufuEx2(F16ToF32(x)), FPMode(RoundNearestEven)|CanonicalNaN)
}

// Ex2F16x2 is PTX ex2.approx.f16x2: Ex2F16 applied independently to the low
// half (bits 15:0) and the high half (bits 31:16) of x.
func Ex2F16x2(x uint32) uint32 {
	return uint32(Ex2F16(uint16(x>>16)))<<16 | uint32(Ex2F16(uint16(x)))
}

// Ex2BF16 is PTX ex2.approx.ftz.bf16 (PTX ISA 7.8, sm_90+): subnormal inputs
// count as zero (result 1.0) and a subnormal result would flush to +0.
func Ex2BF16(x uint16) uint16 {
	// A bf16 subnormal widens to an f32 subnormal, which MUFU.EX2 already
	// treats as zero; FlushOut covers the result side.
	return F32ToBF16(mufuEx2(BF16ToF32(x)), FPMode(RoundNearestEven)|FlushOut|CanonicalNaN)
}

// Ex2BF16x2 is PTX ex2.approx.ftz.bf16x2: Ex2BF16 applied independently to
// the low and high halves of x.
func Ex2BF16x2(x uint32) uint32 {
	return uint32(Ex2BF16(uint16(x>>16)))<<16 | uint32(Ex2BF16(uint16(x)))
}
