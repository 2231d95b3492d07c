package alu

import (
	"math"
	"math/bits"
)

// This file holds the exact integer implementations of the IEEE operations
// for any fpFormat up to binary64. Each computes the exact result (or the
// exact result's leading bits and a sticky bit) and rounds once with
// roundPack. The per-format entry points add fast paths on top.

// addGeneric returns a + b in format f under m.
func addGeneric(a, b uint64, f fpFormat, m FPMode) uint64 {
	a, b = f.flushIn(a, m), f.flushIn(b, m)
	if f.isSpecial(a) || f.isSpecial(b) {
		switch {
		case f.isNaN(a):
			return f.propagate(a, m)
		case f.isNaN(b):
			return f.propagate(b, m)
		case f.isInf(a) && f.isInf(b) && (a^b)&f.signBit() != 0:
			return f.invalid(m)
		case f.isInf(a):
			return a
		}
		return b
	}
	return addFinite(a, b, 0, f, m)
}

// addFinite adds finite a and b (already flushed) and scales the exact sum
// by 2^scale before rounding.
func addFinite(a, b uint64, scale int, f fpFormat, m FPMode) uint64 {
	sign := f.signBit()
	az, bz := f.isZero(a), f.isZero(b)
	switch {
	case az && bz:
		if a&sign == b&sign {
			return a
		}
		return f.exactZero(m)
	case az:
		a, b = b, a
		fallthrough
	case bz:
		sa, xa := f.unpack(a)
		return roundPack(a&sign != 0, sa, xa+scale, f, m)
	}
	sa, xa := f.unpack(a)
	sb, xb := f.unpack(b)
	// Put both leading bits at bit 61, leaving room for a carry.
	la, lb := bits.LeadingZeros64(sa)-2, bits.LeadingZeros64(sb)-2
	sa, xa = sa<<uint(la), xa-la
	sb, xb = sb<<uint(lb), xb-lb
	na, nb := a&sign != 0, b&sign != 0
	if xa < xb || xa == xb && sa < sb {
		sa, sb, xa, xb, na, nb = sb, sa, xb, xa, nb, na
	}
	sb = shiftRightJam64(sb, xa-xb)
	var s uint64
	if na == nb {
		s = sa + sb
	} else {
		s = sa - sb
		if s == 0 {
			return f.exactZero(m)
		}
	}
	return roundPack(na, s, xa+scale, f, m)
}

// mulGeneric returns a * b in format f under m.
func mulGeneric(a, b uint64, f fpFormat, m FPMode) uint64 {
	a, b = f.flushIn(a, m), f.flushIn(b, m)
	sign := (a ^ b) & f.signBit()
	if f.isSpecial(a) || f.isSpecial(b) {
		switch {
		case f.isNaN(a):
			return f.propagate(a, m)
		case f.isNaN(b):
			return f.propagate(b, m)
		case f.isZero(a) || f.isZero(b):
			return f.invalid(m)
		}
		return sign | f.infBits()
	}
	if f.isZero(a) || f.isZero(b) {
		return sign
	}
	sa, xa := f.unpack(a)
	sb, xb := f.unpack(b)
	hi, lo := bits.Mul64(sa, sb)
	s, x := compress128(hi, lo, xa+xb)
	return roundPack(sign != 0, s, x, f, m)
}

// fmaGeneric returns a*b + c with one rounding, the exact result scaled by
// 2^scale first (scale is 0 except for AMD's V_DIV_FMAS). NaN selection
// follows AMD (rocjitsu fp_mode.h fma_f32 and division.h div_fmas): a NaN
// a, then b, then an invalid product 0*Inf (even when c is a NaN), then a
// NaN c, then Inf - Inf.
func fmaGeneric(a, b, c uint64, scale int, f fpFormat, m FPMode) uint64 {
	sign := f.signBit()
	ps := (a ^ b) & sign // sign of the product
	if f.isSpecial(a) || f.isSpecial(b) || f.isSpecial(c) {
		switch {
		case f.isNaN(a):
			return f.propagate(a, m)
		case f.isNaN(b):
			return f.propagate(b, m)
		case f.isInf(a) && f.isZero(b) || f.isInf(b) && f.isZero(a):
			return f.invalid(m)
		case f.isNaN(c):
			return f.propagate(c, m)
		case f.isInf(a) || f.isInf(b):
			if f.isInf(c) && c&sign != ps {
				return f.invalid(m)
			}
			return ps | f.infBits()
		}
		return c // c is infinite, the product finite
	}
	if f.isZero(a) || f.isZero(b) {
		return addFinite(ps, c, scale, f, m)
	}
	if f.isZero(c) {
		sa, xa := f.unpack(a)
		sb, xb := f.unpack(b)
		hi, lo := bits.Mul64(sa, sb)
		s, x := compress128(hi, lo, xa+xb+scale)
		return roundPack(ps != 0, s, x, f, m)
	}
	sa, xa := f.unpack(a)
	sb, xb := f.unpack(b)
	sc, xc := f.unpack(c)
	// Product and addend as 128-bit integers with their leading bit at 125.
	phi, plo := bits.Mul64(sa, sb)
	xp := xa + xb
	n := lz128(phi, plo) - 2
	phi, plo = shl128(phi, plo, n)
	xp -= n
	chi, clo := uint64(0), sc
	n = lz128(chi, clo) - 2
	chi, clo = shl128(chi, clo, n)
	xc -= n
	pn, cn := ps != 0, c&sign != 0
	if xp < xc || xp == xc && (phi < chi || phi == chi && plo < clo) {
		phi, plo, chi, clo, xp, xc, pn, cn = chi, clo, phi, plo, xc, xp, cn, pn
	}
	chi, clo = shr128Jam(chi, clo, xp-xc)
	var hi, lo uint64
	if pn == cn {
		var carry uint64
		lo, carry = bits.Add64(plo, clo, 0)
		hi, _ = bits.Add64(phi, chi, carry)
	} else {
		var borrow uint64
		lo, borrow = bits.Sub64(plo, clo, 0)
		hi, _ = bits.Sub64(phi, chi, borrow)
		if hi|lo == 0 {
			return f.exactZero(m)
		}
	}
	s, x := compress128(hi, lo, xp+scale)
	return roundPack(pn, s, x, f, m)
}

// divGeneric returns a / b in format f under m.
func divGeneric(a, b uint64, f fpFormat, m FPMode) uint64 {
	a, b = f.flushIn(a, m), f.flushIn(b, m)
	sign := (a ^ b) & f.signBit()
	if f.isSpecial(a) || f.isSpecial(b) {
		switch {
		case f.isNaN(a):
			return f.propagate(a, m)
		case f.isNaN(b):
			return f.propagate(b, m)
		case f.isInf(a) && f.isInf(b):
			return f.invalid(m)
		case f.isInf(a):
			return sign | f.infBits()
		}
		return sign // finite / Inf
	}
	switch {
	case f.isZero(b) && f.isZero(a):
		return f.invalid(m)
	case f.isZero(b):
		return sign | f.infBits()
	case f.isZero(a):
		return sign
	}
	sa, xa := f.unpack(a)
	sb, xb := f.unpack(b)
	// Leading bits at 52: the quotient of sa*2^63 by sb has 63 or 64 bits.
	la, lb := bits.LeadingZeros64(sa)-11, bits.LeadingZeros64(sb)-11
	sa, xa = sa<<uint(la), xa-la
	sb, xb = sb<<uint(lb), xb-lb
	q, r := bits.Div64(sa>>1, sa<<63, sb)
	if r != 0 {
		q |= 1
	}
	return roundPack(sign != 0, q, xa-xb-63, f, m)
}

// sqrtGeneric returns the square root of a in format f under m.
func sqrtGeneric(a uint64, f fpFormat, m FPMode) uint64 {
	a = f.flushIn(a, m)
	switch {
	case f.isNaN(a):
		return f.propagate(a, m)
	case f.isZero(a):
		return a
	case a&f.signBit() != 0:
		return f.invalid(m)
	case f.isInf(a):
		return a
	}
	sa, xa := f.unpack(a)
	l := bits.LeadingZeros64(sa) - 11
	sa, xa = sa<<uint(l), xa-l // leading bit at 52
	// N = sa * 2^64 or 2^65 so that the remaining exponent is even; its
	// root has 59 bits.
	hi, lo, x := sa, uint64(0), xa-64
	if x&1 != 0 {
		hi, x = sa<<1, x-1
	}
	r, exact := isqrt128(hi, lo)
	if !exact {
		r |= 1
	}
	return roundPack(false, r, x/2, f, m)
}

// isqrt128 returns floor(sqrt(hi*2^64 + lo)) for 2^116 <= N < 2^118, and
// whether the root is exact.
func isqrt128(hi, lo uint64) (uint64, bool) {
	// A float64 estimate is within a few dozen units; one Newton step from
	// it lands within one, and the loops below settle the last unit.
	g := uint64(math.Sqrt(float64(hi)*0x1p64 + float64(lo)))
	q, _ := bits.Div64(hi, lo, g)
	g = (g + q) >> 1
	for {
		h, l := bits.Mul64(g, g)
		if h < hi || h == hi && l <= lo {
			break
		}
		g--
	}
	for {
		h, l := bits.Mul64(g+1, g+1)
		if h > hi || h == hi && l > lo {
			break
		}
		g++
	}
	h, l := bits.Mul64(g, g)
	return g, h == hi && l == lo
}

// shiftRightJam64 shifts x right by n, ORing any bit shifted out into bit 0.
func shiftRightJam64(x uint64, n int) uint64 {
	switch {
	case n <= 0:
		return x
	case n >= 64:
		if x != 0 {
			return 1
		}
		return 0
	}
	r := x >> uint(n)
	if x<<uint(64-n) != 0 {
		r |= 1
	}
	return r
}

// compress128 turns the 128-bit value hi:lo times 2^exp into a 64-bit
// significand (with a sticky bit for what is dropped) and its exponent.
func compress128(hi, lo uint64, exp int) (uint64, int) {
	if hi == 0 {
		return lo, exp
	}
	n := bits.LeadingZeros64(hi)
	s := hi<<uint(n) | lo>>uint(64-n)
	if lo<<uint(n) != 0 {
		s |= 1
	}
	return s, exp + 64 - n
}

func lz128(hi, lo uint64) int {
	if hi != 0 {
		return bits.LeadingZeros64(hi)
	}
	return 64 + bits.LeadingZeros64(lo)
}

// shl128 shifts hi:lo left by 0 <= n < 128.
func shl128(hi, lo uint64, n int) (uint64, uint64) {
	if n >= 64 {
		return lo << uint(n-64), 0
	}
	return hi<<uint(n) | lo>>uint(64-n), lo << uint(n)
}

// shr128Jam shifts hi:lo right by n >= 0, ORing shifted-out bits into bit 0.
func shr128Jam(hi, lo uint64, n int) (uint64, uint64) {
	switch {
	case n <= 0:
		return hi, lo
	case n >= 128:
		if hi|lo != 0 {
			return 0, 1
		}
		return 0, 0
	case n >= 64:
		r := hi >> uint(n-64)
		if lo != 0 || hi<<uint(128-n) != 0 {
			r |= 1
		}
		return 0, r
	}
	rlo := lo>>uint(n) | hi<<uint(64-n)
	if lo<<uint(64-n) != 0 {
		rlo |= 1
	}
	return hi >> uint(n), rlo
}
