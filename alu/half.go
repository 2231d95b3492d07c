package alu

import "math/bits"

// Bit layouts of the 16-bit formats and of f32 that the conversions use.
const (
	f32SignBit  = 0x80000000
	f32ExpMask  = 0x7f800000
	f32MantMask = 0x007fffff
	f32QuietBit = 0x00400000
	f32CanonNaN = 0x7fffffff

	f16SignBit  = 0x8000
	f16ExpMask  = 0x7c00
	f16MantMask = 0x03ff
	f16QuietBit = 0x0200

	bf16SignBit  = 0x8000
	bf16ExpMask  = 0x7f80
	bf16QuietBit = 0x0040

	// canonNaN16 is NVIDIA's canonical NaN for both f16 and bf16.
	canonNaN16 = 0x7fff
)

// F16ToF32 widens an IEEE binary16 bit pattern to binary32 exactly. Every
// finite f16, subnormals included, is representable in f32; a NaN keeps its
// sign and payload and is quieted.
func F16ToF32(h uint16) uint32 {
	sign := uint32(h&f16SignBit) << 16
	exp := uint32(h&f16ExpMask) >> 10
	mant := uint32(h & f16MantMask)
	switch {
	case exp == 0x1f:
		if mant == 0 {
			return sign | f32ExpMask
		}
		return sign | f32ExpMask | f32QuietBit | mant<<13
	case exp != 0:
		// Rebias 15 -> 127.
		return sign | (exp+112)<<23 | mant<<13
	case mant == 0:
		return sign
	}
	// Subnormal: mant * 2^-24. Normalise so that the leading one lands on bit 10.
	shift := uint32(bits.LeadingZeros32(mant)) - 21 // moves the leading one to bit 10
	mant <<= shift
	// Value = 1.frac * 2^(-14 - shift).
	return sign | (127-14-shift)<<23 | (mant&f16MantMask)<<13
}

// BF16ToF32 widens a bfloat16 bit pattern to binary32 exactly (bf16 is the
// upper half of an f32). A NaN keeps its sign and payload and is quieted.
func BF16ToF32(h uint16) uint32 {
	x := uint32(h) << 16
	if x&f32ExpMask == f32ExpMask && x&f32MantMask != 0 {
		x |= f32QuietBit
	}
	return x
}

// F32ToF16 narrows an f32 bit pattern to binary16 under m: its rounding
// direction (all five), FlushIn (a subnormal input is a zero of the same
// sign), FlushOut (a subnormal result after rounding becomes a zero of the
// same sign) and NaN policy (CanonicalNaN gives 0x7fff; otherwise the NaN
// keeps its sign, is quieted, and its payload is truncated to the top bits).
// Overflow gives Inf or the largest finite value as IEEE-754 prescribes for
// the rounding direction.
func F32ToF16(x uint32, m FPMode) uint16 {
	if m.Rounding() == RoundNearestEven {
		// Fast paths for round to nearest even (the common case: ex2.f16,
		// cvt.rn.f16.f32); NaN and Inf take the general path.
		sign := uint16(x >> 16 & f16SignBit)
		switch exp := x >> 23 & 0xff; {
		case exp >= 113 && exp <= 142:
			// Normal result or overflow (|x| in [2^-14, 2^16)): rebias,
			// then round the 13 dropped bits by adding just under half plus
			// the kept LSB; a carry out of the fraction bumps the exponent,
			// up to Inf.
			a := x&^f32SignBit - 112<<23
			return sign | uint16((a+0xfff+(a>>13&1))>>13)
		case exp > 142 && exp != 0xff:
			return sign | f16ExpMask // |x| >= 2^16 overflows to Inf
		case exp >= 102 && exp < 113:
			// Subnormal result: |x| = sig * 2^(exp-150) in units of 2^-24.
			sig := x&f32MantMask | 1<<23
			sh := 126 - exp // 14..24
			r := uint16((sig + (1<<(sh-1) - 1) + (sig >> sh & 1)) >> sh)
			if r < 1<<10 && m&FlushOut != 0 {
				return sign // still subnormal after rounding
			}
			return sign | r
		case exp < 102:
			return sign // |x| < 2^-25 rounds to zero (FlushIn alike)
		}
	}
	return uint16(narrowF32(x, m, formatF16()))
}

// F32ToBF16 narrows an f32 bit pattern to bfloat16 with the same rules as
// F32ToF16 (CanonicalNaN gives 0x7fff).
func F32ToBF16(x uint32, m FPMode) uint16 {
	// Fast path: round to nearest even from a normal f32 (the result is then
	// normal or overflows to Inf, so the flush flags cannot apply).
	if exp := x >> 23 & 0xff; exp != 0 && exp != 0xff && m.Rounding() == RoundNearestEven {
		return uint16((x + 0x7fff + (x >> 16 & 1)) >> 16)
	}
	return uint16(narrowF32(x, m, formatBF16()))
}

// halfFormat describes a binary floating-point format for narrowing: p
// fraction bits, minQ the exponent of the smallest subnormal (the quantum of
// the subnormal range), and the field masks.
type halfFormat struct {
	p        uint
	minQ     int
	expMask  uint32
	signBit  uint32
	quietBit uint32
	canonNaN uint32
}

// The formats are built by functions (not package variables) so that they
// stay constants the compiler can fold.
func formatF16() halfFormat {
	return halfFormat{p: 10, minQ: -24, expMask: f16ExpMask, signBit: f16SignBit, quietBit: f16QuietBit, canonNaN: canonNaN16}
}

func formatBF16() halfFormat {
	return halfFormat{p: 7, minQ: -133, expMask: bf16ExpMask, signBit: bf16SignBit, quietBit: bf16QuietBit, canonNaN: canonNaN16}
}

func formatF32() halfFormat {
	return halfFormat{p: 23, minQ: -149, expMask: f32ExpMask, signBit: f32SignBit, quietBit: f32QuietBit, canonNaN: f32CanonNaN}
}

// narrowF32 converts f32 bits to the format f under m.
func narrowF32(x uint32, m FPMode, f halfFormat) uint32 {
	neg := x&f32SignBit != 0
	var sign uint32
	if neg {
		sign = f.signBit
	}
	exp := x & f32ExpMask >> 23
	mant := x & f32MantMask
	if exp == 0xff {
		if mant == 0 {
			return sign | f.expMask
		}
		if m&CanonicalNaN != 0 {
			return f.canonNaN
		}
		return sign | f.expMask | f.quietBit | mant>>(23-f.p)
	}
	var sig uint64
	var e int
	if exp == 0 {
		if mant == 0 || m&FlushIn != 0 {
			return sign
		}
		sig, e = uint64(mant), -149
	} else {
		sig, e = uint64(mant|1<<23), int(exp)-150
	}
	return narrowRound(neg, sig, e, m, f)
}

// narrowRound rounds the nonzero value (-1)^neg * sig * 2^e to the format
// f under m's rounding direction and FlushOut, handling overflow.
func narrowRound(neg bool, sig uint64, e int, m FPMode, f halfFormat) uint32 {
	var sign uint32
	if neg {
		sign = f.signBit
	}
	// k is the exponent of the leading one, q the exponent of the last kept bit.
	k := e + 63 - bits.LeadingZeros64(sig)
	q := k - int(f.p)
	if q < f.minQ {
		q = f.minQ
	}
	var r uint64
	shift := q - e
	if shift <= 0 {
		r = sig << uint(-shift)
	} else {
		if shift > 62 {
			// sig < 2^61 in every caller, so all of it is below half a quantum.
			shift = 62
		}
		r = sig >> uint(shift)
		rem := sig & (1<<uint(shift) - 1)
		half := uint64(1) << uint(shift-1)
		if rem != 0 && narrowRoundUp(neg, r&1 != 0, rem, half, m.Rounding()) {
			r++
		}
	}
	// r counts quanta of 2^q; for a normal result r is in [2^p, 2^(p+1)] and
	// the carry of r == 2^(p+1) into the exponent field is the right answer.
	b := uint32(q-f.minQ)<<f.p + uint32(r)
	if b >= f.expMask {
		return sign | narrowOverflow(neg, m.Rounding(), f)
	}
	if b&f.expMask == 0 && m&FlushOut != 0 {
		return sign
	}
	return sign | b
}

// narrowRoundUp reports whether a truncated magnitude with nonzero remainder rem
// (out of a quantum whose half is half) is incremented under rounding rd.
func narrowRoundUp(neg, odd bool, rem, half uint64, rd Rounding) bool {
	switch rd {
	case RoundNearestEven:
		return rem > half || rem == half && odd
	case RoundNearestAway:
		return rem >= half
	case RoundPosInf:
		return !neg
	case RoundNegInf:
		return neg
	}
	return false
}

// narrowOverflow is the magnitude an overflowing result takes: Inf when the
// direction rounds away from zero for this sign, else the largest finite.
func narrowOverflow(neg bool, rd Rounding, f halfFormat) uint32 {
	switch rd {
	case RoundZero:
		return f.expMask - 1
	case RoundPosInf:
		if neg {
			return f.expMask - 1
		}
	case RoundNegInf:
		if !neg {
			return f.expMask - 1
		}
	}
	return f.expMask
}
