package alu

import "math"

// IEEE-754 binary32 arithmetic on bit patterns.
//
// Every function rounds per m's Rounding (RoundNearestEven, RoundPosInf,
// RoundNegInf, RoundZero; RoundNearestAway is honoured too), flushes
// subnormal operands to signed zero under FlushIn and tiny results to signed
// zero under FlushOut (tininess judged after rounding, see roundPack), and
// returns NaNs per the package NaN policy: the canonical NaN 0x7fffffff under
// CanonicalNaN; otherwise the first NaN operand, quieted, and for an invalid
// operation without NaN operands (0*Inf, Inf-Inf, 0/0, Inf/Inf, sqrt of a
// negative) the default NaN 0xffc00000. An exact zero sum of operands of
// different signs is +0, or -0 under RoundNegInf.
//
// The round-to-nearest-even fast paths of addition and multiplication
// compute in Go float32, IEEE binary32 itself (addF32Fast, mulF32Fast:
// a result that is finite and not in the lowest binade is the exact code's
// in every mode of that rounding). The others (FMA, division, square root)
// compute in Go float64, which is IEEE binary64 with round-to-nearest-even
// and gradual underflow. A product of two f32 values is exact in float64; a
// sum, quotient or root is rounded once there to 53 bits, and rounding that
// again to 24 bits gives the correctly rounded f32 unless the float64 value
// lies exactly on an f32 midpoint (a 24-bit rounding boundary between the
// exact value and the float64 value would be a 53-bit number nearer the
// exact value). The fast paths take only results in the f32 normal range
// that are not midpoints; the rest go to the exact integer code. A sum is taken on a midpoint too when it is exact in
// float64 (TwoSum's error is zero: float32 then rounds the tie to even
// itself), and when it is zero (the float64 sum of two finite values, f32
// or an exact product of two, is zero exactly when theirs is, with
// IEEE's sign). Explicit float64 conversions keep Go from fusing a
// multiply and an add.

// f32Midpoint reports whether the float64 with bits d is halfway between two
// f32 neighbours (its 29 bits below f32 precision are exactly 1000...0).
func f32Midpoint(d uint64) bool { return d&(1<<29-1) == 1<<28 }

// f32FastOK reports whether float32(s), for the float64 bits d of a value
// rounded once from the exact result, is the correctly rounded f32: the value
// is at least the smallest f32 normal in magnitude and not an f32 midpoint.
func f32FastOK(d uint64) bool {
	return d>>52&0x7ff >= 1023-126 && !f32Midpoint(d)
}

// sumF32OK reports whether float32(s), for s the float64 sum of x and y
// (f32 values, or an exact product and an f32 value), is their correctly
// rounded f32 sum under round to nearest even.
func sumF32OK(x, y, s float64) bool {
	d := math.Float64bits(s)
	if d>>52&0x7ff < 1023-126 {
		return d<<1 == 0
	}
	if !f32Midpoint(d) {
		return true
	}
	bv := s - x
	return (x-(s-bv))+(y-bv) == 0
}

func f32Finite(x uint32) bool { return x&0x7f800000 != 0x7f800000 }

// flushF32 applies FlushIn to one f32 operand.
func flushF32(x uint32, m FPMode) uint32 {
	if m&FlushIn != 0 && x&0x7f800000 == 0 {
		return x & 0x80000000
	}
	return x
}

// f32Plain reports whether r, the host's binary32 result of an addition
// or multiplication of two f32 values under round to nearest even, is the
// result of the exact code under every mode of that rounding: finite, and
// of magnitude at least 2^-125, so that it is not tiny under either
// tininess rule and FlushOut flushes nothing. The host's binary32 addition
// and multiplication are IEEE 754's, correctly rounded with gradual
// underflow; an infinite or NaN operand, an overflow and every NaN give an
// infinite or NaN r, which fails the test, so the NaN policy never enters.
func f32Plain(r uint32) bool { return (r>>23&0xff)-2 < 253 }

// addF32Fast is AddF32 under round to nearest even for flushed operands,
// from the host's binary32 sum, when f32Plain says it stands or the sum is
// a zero (a sum of two f32 values is zero only when it is exactly zero,
// and the host gives it IEEE's sign); ok false sends the caller to the
// exact code.
func addF32Fast(a, b uint32) (r uint32, ok bool) {
	r = math.Float32bits(math.Float32frombits(a) + math.Float32frombits(b))
	return r, f32Plain(r) || r<<1 == 0
}

// AddF32 returns a + b (IEEE binary32 addition, PTX add.f32, AMD v_add_f32).
func AddF32(a, b uint32, m FPMode) uint32 {
	if m&7 == 0 {
		a, b = flushF32(a, m), flushF32(b, m)
		if r, ok := addF32Fast(a, b); ok {
			return r
		}
	}
	return uint32(addGeneric(uint64(a), uint64(b), fmtF32, m))
}

// SubF32 returns a - b. The sign of b is flipped first, so a NaN b keeps its
// payload with the flipped sign, as hardware that negates an operand does.
func SubF32(a, b uint32, m FPMode) uint32 {
	return AddF32(a, b^0x80000000, m)
}

// MulF32 returns a * b.
func MulF32(a, b uint32, m FPMode) uint32 {
	if m&7 == 0 {
		a, b = flushF32(a, m), flushF32(b, m)
		if r, ok := mulF32Fast(a, b); ok {
			return r
		}
	}
	return uint32(mulGeneric(uint64(a), uint64(b), fmtF32, m))
}

// mulF32Fast is MulF32 under round to nearest even for flushed operands,
// from the host's binary32 product, when f32Plain says it stands or the
// product is an exact zero (an operand is zero: a product of nonzero
// finite values that comes out zero underflowed); ok false sends the
// caller to the exact code.
func mulF32Fast(a, b uint32) (r uint32, ok bool) {
	r = math.Float32bits(math.Float32frombits(a) * math.Float32frombits(b))
	return r, f32Plain(r) || r<<1 == 0 && (a<<1 == 0 || b<<1 == 0)
}

// FmaF32 returns a*b + c rounded once (PTX fma.f32, AMD v_fma_f32). An
// invalid product 0*Inf gives the default NaN even when c is a NaN (AMD).
func FmaF32(a, b, c uint32, m FPMode) uint32 {
	a, b, c = flushF32(a, m), flushF32(b, m), flushF32(c, m)
	if m&7 == 0 && f32Finite(a) && f32Finite(b) && f32Finite(c) {
		p := float64(float64(math.Float32frombits(a)) * float64(math.Float32frombits(b)))
		z := float64(math.Float32frombits(c))
		if s := p + z; sumF32OK(p, z, s) {
			return math.Float32bits(float32(s))
		}
	}
	return uint32(fmaGeneric(uint64(a), uint64(b), uint64(c), 0, fmtF32, m))
}

// DivF32 returns a / b correctly rounded (PTX div.rn.f32 and the other
// IEEE-compliant roundings).
func DivF32(a, b uint32, m FPMode) uint32 {
	if m&7 == 0 {
		a, b = flushF32(a, m), flushF32(b, m)
		if f32Finite(a) && f32Finite(b) && b&0x7fffffff != 0 {
			q := float64(math.Float32frombits(a)) / float64(math.Float32frombits(b))
			if d := math.Float64bits(q); f32FastOK(d) {
				return math.Float32bits(float32(q))
			}
		}
	}
	return uint32(divGeneric(uint64(a), uint64(b), fmtF32, m))
}

// SqrtF32 returns the correctly rounded square root of a (sqrt(-0) = -0).
func SqrtF32(a uint32, m FPMode) uint32 {
	if m&7 == 0 {
		a = flushF32(a, m)
		if a&0x80000000 == 0 && f32Finite(a) {
			// math.Sqrt is the correctly rounded binary64 root.
			r := math.Sqrt(float64(math.Float32frombits(a)))
			if d := math.Float64bits(r); f32FastOK(d) {
				return math.Float32bits(float32(r))
			}
		}
	}
	return uint32(sqrtGeneric(uint64(a), fmtF32, m))
}
