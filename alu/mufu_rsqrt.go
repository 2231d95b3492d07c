package alu

import "math/bits"

// rsqrt.approx.f32, rsqrt.approx.ftz.f32 and rsqrt.approx.ftz.f64. Evidence:
// the f32 unit is bcarlet/ptx-math's ptxm_rsqrt_sm5x (src/ptxm/rsqrt.c),
// which reproduced rsqrt.approx.f32 on all 2^32 inputs on sm_5x..sm_75; the
// ftz form flushes subnormal inputs (derived); the f64 form follows
// ptx-math's src/ptxm/rsqrt_f64.c (not checked on silicon).

const rsqrtBias = 0x7fff800000000000 >> 30

// RsqrtApproxF32 is PTX rsqrt.approx.f32: 1/sqrt(x). NaN and every negative
// nonzero input (-Inf and negative subnormals included) give 0x7fffffff, ±0
// ±Inf, +Inf +0. Subnormal inputs are normalised first; results are never
// subnormal. Exact even powers of two give exact results.
func RsqrtApproxF32(x uint32) uint32 { return rsqrtF32(x, false) }

// RsqrtApproxF32Ftz is PTX rsqrt.approx.ftz.f32: as RsqrtApproxF32 but a
// subnormal input counts as a zero of its sign (result ±Inf).
func RsqrtApproxF32Ftz(x uint32) uint32 { return rsqrtF32(x, true) }

func rsqrtF32(x uint32, ftz bool) uint32 {
	sign := x & f32SignBit
	mant, xlog2, special, r := mufuClassify(x, ftz)
	if special {
		switch r {
		case mufuNaN:
			return f32CanonNaN
		case mufuInf:
			if sign != 0 {
				return f32CanonNaN
			}
			return 0
		}
		return sign | f32PosInf // zero or flushed subnormal
	}
	if sign != 0 {
		return f32CanonNaN
	}
	rexp, frac := mufuRsqrt(mant, xlog2)
	return rexp<<23 | frac
}

// mufuRsqrt is the MUFU.RSQ datapath for 1.mant * 2^xlog2 > 0: it returns the
// biased exponent and fraction of the (always normal) result.
func mufuRsqrt(mant uint32, xlog2 int) (rexp, frac uint32) {
	xh := mant >> 17
	xl := mant & (1<<17 - 1)
	if xlog2&1 != 0 {
		xlog2--
		xh += 64
	} else if mant == 0 {
		return uint32(127 - xlog2/2), 0
	}
	c := &rsqrtTable[xh]
	sum := uint64(c[0])<<31 - uint64(c[1])*uint64(xl)<<17 + uint64(c[2])*mufuSquare(xl) + rsqrtBias
	sum <<= 1
	return uint32(126 - xlog2/2), uint32(sum>>34) & f32MantMask
}

// RsqrtApproxF64Ftz is PTX rsqrt.approx.ftz.f64 (SASS MUFU.RSQ64H): an
// approximate 1/sqrt computed from the upper 32 bits of x (1.11.20 format);
// the low 32 bits of the result are zero. NaN, -Inf and negative inputs give
// 0x7fffffff00000000, ±0 and ±subnormal ±Inf, +Inf +0.
func RsqrtApproxF64Ftz(x uint64) uint64 {
	w := uint32(x >> 32)
	sign := w & f64HiSign
	exp := w >> 20 & 0x7ff
	frac := w & (1<<20 - 1)
	switch {
	case exp == 0x7ff:
		if frac != 0 || sign != 0 {
			return f64CanonNaN
		}
		return 0
	case exp == 0:
		return uint64(sign|f64HiInf) << 32
	case sign != 0:
		return f64CanonNaN
	}
	e := int(exp) - 1023
	// The f32 unit sees 1.frac (even e) or 2 * 1.frac (odd e); its result,
	// scaled by 2^(-e/2) as an f64, keeps 20 of its 23 fraction bits.
	xlog2 := e & 1
	e -= xlog2
	rexp, rfrac := mufuRsqrt(frac<<3, xlog2)
	return uint64(uint32(int(rexp)-127+1023-e/2)<<20|rfrac>>3) << 32
}

// Input classes reported by mufuClassify.
const (
	mufuNaN = iota
	mufuInf
	mufuZero
)

// mufuClassify splits an f32 into the unit's view: for a finite nonzero input
// (subnormals normalised unless ftz) it returns the 23-bit fraction of the
// normalised significand and the unbiased exponent; otherwise special is true
// and class says whether x is NaN, infinite, or zero (a flushed subnormal
// counts as zero).
func mufuClassify(x uint32, ftz bool) (mant uint32, xlog2 int, special bool, class int) {
	exp := x >> 23 & 0xff
	mant = x & f32MantMask
	switch {
	case exp == 0xff:
		if mant != 0 {
			return 0, 0, true, mufuNaN
		}
		return 0, 0, true, mufuInf
	case exp == 0:
		if mant == 0 || ftz {
			return 0, 0, true, mufuZero
		}
		sh := bits.LeadingZeros32(mant) - 8
		return mant << uint(sh) & f32MantMask, -126 - sh, false, 0
	}
	return mant, int(exp) - 127, false, 0
}
