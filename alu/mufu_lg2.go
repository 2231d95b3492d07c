package alu

import "math/bits"

// lg2.approx.f32 and lg2.approx.ftz.f32. Evidence: bcarlet/ptx-math's
// ptxm_lg2_sm5x (src/ptxm/lg2.c) reproduced lg2.approx.f32 on all 2^32
// inputs on sm_5x, sm_6x, sm_70 and sm_75; the ftz form flushes subnormal
// inputs (derived, as pyxis-roc/ptx-math's SASS_MUFU_LG2 does).

const lg2Bias = 0x868b000000000000 >> 31

// Lg2ApproxF32 is PTX lg2.approx.f32: log2(x). NaN and every negative nonzero
// input give 0x7fffffff, ±0 gives -Inf, +Inf +Inf, 1.0 gives +0. A subnormal
// input x is evaluated as lg2(x * 2^24) - 24 with an f32 subtraction rounded
// to nearest even, as the ptxas expansion does.
func Lg2ApproxF32(x uint32) uint32 { return lg2F32(x, false) }

// Lg2ApproxF32Ftz is PTX lg2.approx.ftz.f32: a subnormal input counts as a
// zero (result -Inf).
func Lg2ApproxF32Ftz(x uint32) uint32 { return lg2F32(x, true) }

func lg2F32(x uint32, ftz bool) uint32 {
	sign := x & f32SignBit
	if x&^f32SignBit != 0 && x&f32ExpMask == 0 && !ftz {
		if sign != 0 {
			return f32CanonNaN
		}
		// x * 2^24 is normal: same fraction, exponent field raised by 24.
		sh := bits.LeadingZeros32(x) - 8
		r := mufuLg2(x<<uint(sh)&f32MantMask, -126-sh+24)
		return lg2Minus24(r)
	}
	mant, xlog2, special, class := mufuClassify(x, ftz)
	if special {
		switch class {
		case mufuNaN:
			return f32CanonNaN
		case mufuInf:
			if sign != 0 {
				return f32CanonNaN
			}
			return f32PosInf
		}
		return f32NegInf
	}
	if sign != 0 {
		return f32CanonNaN
	}
	return mufuLg2(mant, xlog2)
}

// mufuLg2 is the MUFU.LG2 datapath for 1.mant * 2^xlog2 (normal, positive).
func mufuLg2(mant uint32, xlog2 int) uint32 {
	if mant == 0 && xlog2 == 0 {
		return 0 // lg2(1) = +0 exactly
	}
	xh := mant >> 17
	xl := mant & (1<<17 - 1)
	c := &lg2Table[xh]
	sum := uint64(c[0])<<30 + uint64(c[1])*uint64(xl)<<18 - uint64(c[2])*mufuSquare(xl) + lg2Bias
	// Add the exponent as an integer part, take the magnitude, and drop the
	// 20 least significant bits of the fixed-point sum.
	s := int64(sum) + int64(xlog2)<<56
	if s < 0 {
		s = -s
	}
	mag := uint64(s) &^ (1<<20 - 1)
	if mag == 0 {
		// Unreachable for every f32 input (lg2 of the nearest inputs to 1
		// still has bits above column 20); kept so the normalisation below
		// always terminates.
		return 0
	}
	// Normalise the leading one to bit 56.
	rexp := 127 + bits.Len64(mag) - 57
	if top := bits.Len64(mag) - 1; top < 56 {
		mag <<= uint(56 - top)
	} else {
		mag >>= uint(top - 56)
	}
	var rsign uint32
	if xlog2 < 0 {
		rsign = f32SignBit
	}
	return rsign | uint32(rexp)<<23 | uint32(mag>>33)&f32MantMask
}

// lg2Minus24 returns r - 24 as one f32 subtraction rounded to nearest even,
// for the normal, negative r with |r| >= 64 that lg2 of a scaled subnormal
// gives; the exact difference is formed on integers and rounded once.
func lg2Minus24(r uint32) uint32 {
	e := int(r>>23&0xff) - 150 // |r| = sig * 2^e, e >= -17
	sig := uint64(r&f32MantMask | 1<<23)
	// 24 = 3 * 2^3; align it to 2^e (e <= 3 for |r| < 2^27, as here).
	return narrowRound(true, sig+3<<uint(3-e), e, FPMode(RoundNearestEven), formatF32())
}
