package alu

// ex2.approx.f32 and ex2.approx.ftz.f32: the MUFU.EX2 model of numerics.md
// section 1. Evidence: bcarlet/ptx-math reproduced ex2.approx.f32 bit for bit
// on all 2^32 inputs on sm_5x, sm_6x, sm_70 and sm_75 silicon; the ftz form is
// the bare MUFU.EX2 of the same model (ptxas emits no wrapper for it).

const (
	f32One      = 0x3f800000
	f32PosInf   = 0x7f800000
	f32NegInf   = 0xff800000
	f32Minus126 = 0xc2fc0000 // -126.0

	ex2Bias = 0x6fc4000000000000 >> 30 // rounding bias added to the sum
)

// Ex2F32Ftz is PTX ex2.approx.ftz.f32 (SASS MUFU.EX2): 2^x with the hardware's
// quadratic interpolation. NaN gives 0x7fffffff, -Inf +0, +Inf +Inf, and
// zero or subnormal inputs 1.0; results below 2^-126 are +0.
func Ex2F32Ftz(x uint32) uint32 {
	return mufuEx2(x)
}

// Ex2F32 is PTX ex2.approx.f32: like Ex2F32Ftz, but for x < -126 the unit
// computes 2^(x/2) and squares it with one IEEE f32 multiply (round to
// nearest even, subnormal results kept), which is how ptxas expands the
// non-ftz form (FSETP -126, FMUL 0.5, MUFU.EX2, FMUL r, r, r).
func Ex2F32(x uint32) uint32 {
	// Negative and below -126 (as unsigned bits, a larger magnitude), not NaN.
	if x > f32Minus126 && x <= f32NegInf {
		if x == f32NegInf {
			return 0
		}
		// |x| >= 126 is normal, so halving is an exact exponent decrement.
		r := mufuEx2(x - 1<<23)
		return mufuSquareF32(r)
	}
	return mufuEx2(x)
}

// mufuEx2 is the MUFU.EX2 unit on f32 bits.
func mufuEx2(x uint32) uint32 {
	exp := x >> 23 & 0xff
	mant := x & f32MantMask
	neg := x&f32SignBit != 0
	switch {
	case exp == 0xff:
		if mant != 0 {
			return f32CanonNaN
		}
		if neg {
			return 0
		}
		return f32PosInf
	case exp == 0: // zero or subnormal: 2^x rounds to 1 in the unit
		return f32One
	case exp >= 127+7: // |x| >= 128: 2^x overflows or underflows outright
		if neg {
			return 0
		}
		return f32PosInf
	}
	// Split |x| = n + f with f as a 23-bit fixed-point fraction F, truncated.
	sig := mant | 1<<23 // |x| = sig * 2^(exp-150)
	var n int32
	var frac uint32
	if exp >= 127 {
		sh := 150 - exp // 17..23: bits of sig below the binary point
		n = int32(sig >> sh)
		frac = sig & (1<<sh - 1) << (23 - sh)
	} else if sh := 127 - exp; sh < 24 {
		frac = sig >> sh
	}
	if neg {
		n = -n
		if frac != 0 {
			// One's complement within 23 bits, not two's: a hardware detail.
			frac = ^frac & f32MantMask
			n--
		}
	}
	xh := frac >> 17
	xl := frac & (1<<17 - 1)
	c := &ex2Table[xh]
	sum := uint64(c[0])<<32 + uint64(c[1])*uint64(xl)<<19 + uint64(c[2])*mufuSquare(xl) + ex2Bias
	m := uint32(sum>>34) & f32MantMask
	switch {
	case n > 127:
		return f32PosInf
	case n < -126:
		return 0
	}
	return uint32(n+127)<<23 | m
}

// mufuSquareF32 returns r*r for a non-negative f32 r as one IEEE-754 f32
// multiply, rounded to nearest even with subnormal results kept (the FMUL
// that follows MUFU.EX2 in the non-ftz expansion).
func mufuSquareF32(r uint32) uint32 {
	exp := r >> 23 & 0xff
	switch {
	case exp == 0xff:
		return r // +Inf or NaN; MUFU.EX2 returns only +Inf or the canonical NaN
	case r == 0:
		return 0
	}
	sig, e := uint64(r&f32MantMask), -149
	if exp != 0 {
		sig |= 1 << 23
		e = int(exp) - 150
	}
	return narrowRound(false, sig*sig, 2*e, FPMode(RoundNearestEven), formatF32())
}
