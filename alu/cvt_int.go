package alu

import "math/bits"

// Conversions between floating-point and integer types (PTX cvt with an
// integer operand; AMD v_cvt_i32_f32 and friends with PTX-like clamping).

// roundToInt rounds the finite nonzero magnitude sig*2^exp to an integer per
// r. ok is false when the result does not fit in 64 bits.
func roundToInt(neg bool, sig uint64, exp int, r Rounding) (mag uint64, ok bool) {
	if exp >= 0 {
		if bits.Len64(sig)+exp > 64 {
			return 0, false
		}
		return sig << uint(exp), true
	}
	var kept, rem uint64
	switch s := -exp; {
	case s < 64:
		kept, rem = sig>>uint(s), sig<<uint(64-s)
	case s == 64:
		rem = sig
	default:
		rem = 1 // below one half, nonzero
	}
	return kept + roundIncrement(neg, kept, rem, r), true
}

// CvtFloatToInt converts x of type from to the integer type to with PTX
// semantics: rounding per r (.rni RoundNearestEven, .rzi RoundZero, .rmi
// RoundNegInf, .rpi RoundPosInf), the result clamped to the destination's
// range (for float-to-integer conversions PTX saturates whether or not .sat
// is given; infinities clamp too), NaN converted to 0. FlushIn (.ftz)
// flushes a subnormal input to zero of its sign first, which matters for
// .rmi and .rpi. The result is the integer's two's-complement bits,
// sign-extended to 64 bits for signed types.
func CvtFloatToInt(x uint64, from FloatType, to IntType, r Rounding, m FPMode) uint64 {
	f := from.srcFormat()
	x = f.flushIn(x, m)
	neg := x&f.signBit() != 0
	w := to.Width()
	maxPos := uint64(1)<<(w-1) - 1 // signed maximum
	if !to.Signed() {
		maxPos = 1<<w - 1
		if w == 64 {
			maxPos = ^uint64(0)
		}
	}
	var mag uint64
	ok := true
	switch {
	case f.isNaN(x):
		return 0
	case f.isInf(x):
		ok = false
	case f.isZero(x):
		return 0
	default:
		sig, e := f.unpack(x)
		mag, ok = roundToInt(neg, sig, e, r)
	}
	if !neg {
		if !ok || mag > maxPos {
			return maxPos
		}
		return mag
	}
	if !to.Signed() {
		return 0
	}
	minMag := uint64(1) << (w - 1)
	if !ok || mag > minMag {
		mag = minMag
	}
	return -mag // two's complement, sign-extended to 64 bits
}

// CvtIntToFloat converts the integer in the low bits of x, of type from
// (sign-extended or zero-extended from its width), to type to, rounding per
// m (PTX .rn .rz .rm .rp). Zero converts to +0.
func CvtIntToFloat(x uint64, from IntType, to FloatType, m FPMode) uint64 {
	w := from.Width()
	if w < 64 {
		x &= 1<<w - 1
		if from.Signed() && x>>(w-1) != 0 {
			x |= ^uint64(0) << w
		}
	}
	if x == 0 {
		return 0
	}
	neg := from.Signed() && int64(x) < 0
	mag := x
	if neg {
		mag = -x
	}
	r := roundPack(neg, mag, 0, to.format(), m)
	if to == FloatTF32 {
		r <<= 13
	}
	return r
}

// CvtRoundIntegral is PTX cvt.rni/.rzi/.rmi/.rpi with the same floating
// type on both sides (cvt.rni.f32.f32 ...): x rounded to an integral value
// of its own type per r. The sign of a zero result is the sign of x; NaNs
// follow m's NaN policy; FlushIn (.ftz) flushes a subnormal input first.
func CvtRoundIntegral(x uint64, t FloatType, r Rounding, m FPMode) uint64 {
	f := t.srcFormat()
	x = f.flushIn(x, m)
	switch {
	case f.isNaN(x):
		return f.propagate(x, m)
	case f.isInf(x), f.isZero(x):
		return x
	}
	sig, e := f.unpack(x)
	if e >= 0 {
		return x // already integral
	}
	neg := x&f.signBit() != 0
	mag, _ := roundToInt(neg, sig, e, r)
	if mag == 0 {
		return x & f.signBit()
	}
	return roundPack(neg, mag, 0, f, m)
}
