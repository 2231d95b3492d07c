package alu

import "math/bits"

// rcp.approx.f32 and rcp.approx.ftz.f32: the MUFU.RCP model of numerics.md
// section 3. Evidence: bcarlet/ptx-math reproduced rcp.approx.f32 (non-ftz,
// subnormal inputs and results included) bit for bit on all 2^32 inputs on
// sm_5x, sm_6x, sm_70 and sm_75. The ftz form is the same unit with inputs
// and results flushed (derived, not checked on silicon).

const rcpBias = 0x67e7000000000000 >> 31 // rounding bias added to the sum

// RcpApproxF32 is PTX rcp.approx.f32: 1/x from the hardware's quadratic
// interpolation, at most 1 ulp from the exact reciprocal. NaN gives
// 0x7fffffff, ±Inf ±0 and ±0 ±Inf. A subnormal input is normalised (scaled
// by 2^24) first; a result below 2^-126 is rounded to nearest even into the
// subnormal range (as ldexpf does in ptx-math's model, which matched silicon
// on every input, these included), and a result above the f32 range is ±Inf.
func RcpApproxF32(x uint32) uint32 {
	return rcpF32(x, FPMode(RoundNearestEven))
}

// RcpApproxF32Ftz is PTX rcp.approx.ftz.f32: subnormal inputs count as a zero
// of the same sign (result ±Inf) and a result that is subnormal after
// rounding becomes a zero of the same sign.
func RcpApproxF32Ftz(x uint32) uint32 {
	return rcpF32(x, FPMode(RoundNearestEven)|FTZ)
}

func rcpF32(x uint32, m FPMode) uint32 {
	sign := x & f32SignBit
	exp := x >> 23 & 0xff
	mant := x & f32MantMask
	var xlog2 int
	switch {
	case exp == 0xff:
		if mant != 0 {
			return f32CanonNaN
		}
		return sign
	case exp == 0:
		if mant == 0 || m&FlushIn != 0 {
			return sign | f32PosInf
		}
		// Normalise: move the leading one to bit 23.
		sh := bits.LeadingZeros32(mant) - 8
		mant = mant << uint(sh) & f32MantMask
		xlog2 = -126 - sh
	default:
		xlog2 = int(exp) - 127
	}
	rexp, frac := mufuRcp(mant)
	// Result = 1.frac * 2^(rexp - 127 - xlog2).
	if b := int(rexp) - xlog2; b >= 1 && b <= 254 {
		return sign | uint32(b)<<23 | frac
	}
	return narrowRound(sign != 0, uint64(frac|1<<23), int(rexp)-127-xlog2-23, m, formatF32())
}

// mufuRcp is the MUFU.RCP datapath for a significand 1.mant in [1, 2): it
// returns the biased exponent (127 for 1.0, else 126) and the 23-bit fraction
// of the reciprocal.
func mufuRcp(mant uint32) (rexp, frac uint32) {
	xh := mant >> 16
	xl := mant & (1<<16 - 1)
	c := &rcpTable[xh]
	sum := uint64(c[0])<<30 - uint64(c[1])*uint64(xl)<<17 + uint64(c[2])*(mufuSquare(xl<<1)>>2) + rcpBias
	rexp = 127
	if sum>>56 == 0 {
		rexp = 126
		sum <<= 1
	}
	return rexp, uint32(sum>>33) & f32MantMask
}
