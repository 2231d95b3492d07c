package alu

import "math/bits"

// roundPack rounds the value (-1)^neg * sig * 2^exp to format f under m's
// rounding direction and FlushOut, and returns its encoding. sig must be
// nonzero. Bit 0 of sig may be a sticky bit standing for any nonzero tail
// below it; callers that jam one keep at least two bits between it and the
// format's precision, so it only ever decides "inexact, not a tie".
//
// FlushOut replaces a tiny result with zero of its sign, where tiny is judged
// after rounding: the exact value rounded to the format's precision with an
// unbounded exponent lies below the smallest normal. This is the rule of
// rocjitsu (ROCm/rocm-systems emulation/rocjitsu, shared/division.h
// div_round and fp_mode.h fma_f32, checked on gfx1100/gfx1201) and of IEEE
// 754's "tininess after rounding".
func roundPack(neg bool, sig uint64, exp int, f fpFormat, m FPMode) uint64 {
	var sign uint64
	if neg {
		sign = f.signBit()
	}
	lz := bits.LeadingZeros64(sig)
	sig <<= uint(lz)
	e := exp - lz + 63 // exponent of the leading bit
	bias := f.bias()
	if e > bias {
		return sign | overflowMag(neg, f, m.Rounding())
	}
	p := int(f.frac) + 1
	emin := 1 - bias
	shift := 64 - p
	r := m.Rounding()
	if e < emin {
		if m&FlushOut != 0 {
			// Not tiny only if rounding to full precision carries the value
			// up to 2^emin; the subnormal rounding then gives 2^emin too.
			full := e == emin-1 && sig>>shift+roundIncrement(neg, sig>>shift, sig<<uint(p), r) == 1<<uint(p)
			if !full {
				return sign
			}
		}
		shift += emin - e
	}
	var kept, rem uint64
	switch {
	case shift < 64:
		kept, rem = sig>>uint(shift), sig<<uint(64-shift)
	case shift == 64:
		rem = sig
	default:
		rem = 1 // nonzero, below half an ulp
	}
	kept += roundIncrement(neg, kept, rem, r)
	if e < emin {
		return sign | kept // a carry into bit p-1 encodes the smallest normal
	}
	res := uint64(e+bias-1)<<f.frac + kept // kept's leading bit adds 1 to the exponent field
	if res >= f.infBits() {
		return sign | overflowMag(neg, f, r)
	}
	return sign | res
}

// roundIncrement returns 1 when a magnitude with kept bits kept and the
// dropped bits rem (left-aligned, so 1<<63 is exactly one half) rounds up.
func roundIncrement(neg bool, kept, rem uint64, r Rounding) uint64 {
	var up bool
	switch r {
	case RoundNearestEven:
		up = rem > 1<<63 || rem == 1<<63 && kept&1 != 0
	case RoundNearestAway:
		up = rem >= 1<<63
	case RoundPosInf:
		up = !neg && rem != 0
	case RoundNegInf:
		up = neg && rem != 0
	}
	if up {
		return 1
	}
	return 0
}

// overflowMag is the magnitude an overflowing result takes: infinity when
// the rounding direction moves away from zero for that sign (or to nearest),
// else the largest finite magnitude.
func overflowMag(neg bool, f fpFormat, r Rounding) uint64 {
	switch r {
	case RoundZero:
		return f.maxFinite()
	case RoundPosInf:
		if neg {
			return f.maxFinite()
		}
	case RoundNegInf:
		if !neg {
			return f.maxFinite()
		}
	}
	return f.infBits()
}
