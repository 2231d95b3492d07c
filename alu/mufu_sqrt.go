package alu

// sqrt.approx.f32 and sqrt.approx.ftz.f32. Evidence: bcarlet/ptx-math's
// ptxm_sqrt_sm6x (src/ptxm/sqrt.c) reproduced sqrt.approx.f32 on all 2^32
// inputs on sm_6x, sm_70 and sm_75 (sm_5x used a different unit); the ftz
// form flushes subnormal inputs (derived, as pyxis-roc/ptx-math's
// SASS_MUFU_SQRT does).

const sqrtBias = 0x7fff800000000000 >> 29

// SqrtApproxF32 is PTX sqrt.approx.f32. NaN and every negative nonzero input
// give 0x7fffffff, ±0 gives ±0, +Inf +Inf. Subnormal inputs are normalised
// first; results are never subnormal.
func SqrtApproxF32(x uint32) uint32 { return sqrtF32(x, false) }

// SqrtApproxF32Ftz is PTX sqrt.approx.ftz.f32: a subnormal input counts as a
// zero of its sign (result ±0).
func SqrtApproxF32Ftz(x uint32) uint32 { return sqrtF32(x, true) }

func sqrtF32(x uint32, ftz bool) uint32 {
	sign := x & f32SignBit
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
		return sign
	}
	if sign != 0 {
		return f32CanonNaN
	}
	xh := mant >> 17
	xl := mant & (1<<17 - 1)
	if xlog2&1 != 0 {
		xlog2--
		xh += 64
	}
	c := &sqrtTable[xh]
	sum := uint64(c[0])<<33 + uint64(c[1])*uint64(xl)<<18 - uint64(c[2])*mufuSquare(xl) + sqrtBias
	return uint32(127+xlog2/2)<<23 | uint32(sum>>35)&f32MantMask
}
