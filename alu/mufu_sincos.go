package alu

import "math/bits"

// sin.approx.f32, cos.approx.f32 and their .ftz forms. Model: provisional.
// On sm_70 and later ptxas expands sin/cos.approx.f32 to FMUL.RZ by 1/(2*pi)
// followed by MUFU.SIN/COS, so the unit sees the angle in revolutions. The
// polynomial stage (one quadrant in 64 segments, sign and mirror by
// quadrant) and its table are bcarlet/ptx-math's (src/ptxm/sincos.c, checked
// on all 2^32 inputs on sm_5x/sm_6x through the older RRO reduction); the
// split of the revolutions value into a quadrant and a 23-bit fixed-point
// fraction (truncated) is reconstructed and has not been checked on silicon.
//
// Subnormal inputs and results make no difference here: a subnormal angle in
// revolutions has no bit in the 23-bit fraction, and results are never
// subnormal, so the ftz and non-ftz forms agree bit for bit.

const f32InvTwoPi = 0x3e22f983 // 1/(2*pi) rounded to f32, the FMUL constant

// SinApproxF32 is PTX sin.approx.f32. NaN and ±Inf give 0x7fffffff, ±0 ±0.
func SinApproxF32(x uint32) uint32 { return sinCosF32(x, false, false) }

// SinApproxF32Ftz is PTX sin.approx.ftz.f32 (identical bits to SinApproxF32,
// see the file comment).
func SinApproxF32Ftz(x uint32) uint32 { return sinCosF32(x, false, true) }

// CosApproxF32 is PTX cos.approx.f32. NaN and ±Inf give 0x7fffffff.
func CosApproxF32(x uint32) uint32 { return sinCosF32(x, true, false) }

// CosApproxF32Ftz is PTX cos.approx.ftz.f32 (identical bits to CosApproxF32).
func CosApproxF32Ftz(x uint32) uint32 { return sinCosF32(x, true, true) }

func sinCosF32(x uint32, cos, ftz bool) uint32 {
	if x&f32ExpMask == f32ExpMask {
		return f32CanonNaN // NaN or ±Inf
	}
	sign := x & f32SignBit
	// FMUL.RZ x, 1/(2*pi) (with .FTZ for the ftz form).
	m := FPMode(RoundZero)
	if ftz {
		m |= FTZ
	}
	y := mufuMulF32(x, f32InvTwoPi, m)
	q, r := sinCosReduce(y)
	if cos {
		sign = 0
		if q&1 == 0 {
			r = ^r & f32MantMask
		}
		if (q+1)&2 != 0 {
			sign = f32SignBit
		}
	} else {
		if q&1 != 0 {
			r = ^r & f32MantMask
		}
		if q&2 != 0 {
			sign ^= f32SignBit
		}
	}
	return sign | mufuSinPoly(r)
}

// sinCosReduce splits |y| (y in revolutions) into the quadrant q = floor(4|y|)
// mod 4 and the 23-bit truncated fraction of 4|y|.
func sinCosReduce(y uint32) (q, r uint32) {
	exp := int(y >> 23 & 0xff)
	sig := uint64(y & f32MantMask)
	if exp == 0 {
		exp = 1
	} else {
		sig |= 1 << 23
	}
	// 4|y| * 2^23 = sig * 2^(exp - 150 + 2 + 23).
	var v uint64
	switch s := exp - 125; {
	case s >= 25:
		v = 0 // only multiples of 4 quadrants remain
	case s >= 0:
		v = sig << uint(s)
	case s > -32:
		v = sig >> uint(-s)
	}
	return uint32(v>>23) & 3, uint32(v) & f32MantMask
}

// mufuSinPoly evaluates the sine polynomial on the quadrant fraction r
// (0 <= r < 2^23 representing [0, 1) of a quadrant) and returns the
// magnitude's f32 bits.
func mufuSinPoly(r uint32) uint32 {
	xh := r >> 17
	xl := r & (1<<17 - 1)
	c := &sinTable[xh]
	sum := uint64(c[0])<<31 + uint64(c[1])*uint64(xl)<<19 - uint64(c[2])*mufuSquare(xl)
	if sum == 0 {
		return 0
	}
	top := 63 - bits.LeadingZeros64(sum) // <= 56: the table keeps sum < 2^57
	sum <<= uint(56 - top)
	return uint32(127-(56-top))<<23 | uint32(sum>>33)&f32MantMask
}

// mufuMulF32 is one IEEE f32 multiply of two finite operands under m (the
// FMUL in front of a MUFU unit); it does not handle Inf or NaN operands.
func mufuMulF32(a, b uint32, m FPMode) uint32 {
	neg := (a^b)&f32SignBit != 0
	sa, ea, za := mufuUnpackF32(a, m)
	sb, eb, zb := mufuUnpackF32(b, m)
	if za || zb {
		if neg {
			return f32SignBit
		}
		return 0
	}
	return narrowRound(neg, sa*sb, ea+eb, m, formatF32())
}

// mufuUnpackF32 returns |a| = sig * 2^e, or zero = true for a zero (or a
// subnormal under FlushIn).
func mufuUnpackF32(a uint32, m FPMode) (sig uint64, e int, zero bool) {
	exp := a >> 23 & 0xff
	sig = uint64(a & f32MantMask)
	if exp == 0 {
		if sig == 0 || m&FlushIn != 0 {
			return 0, 0, true
		}
		return sig, -149, false
	}
	return sig | 1<<23, int(exp) - 150, false
}
