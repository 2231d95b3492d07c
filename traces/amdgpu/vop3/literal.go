package vop3

import (
	"github.com/gpusim/gpusim/traces"
	"math"
	"math/bits"
)

// number is a numeric token: an integer (magnitude and sign) or a float.
type number struct {
	isFloat bool
	neg     bool
	mag     uint64  // integer magnitude
	f       float64 // float value (sign included)
}

// fits reports whether the integer fits an n-bit field read either as
// signed or as unsigned (LLVM's isInt<n> || isUInt<n>).
func (n number) fits(width uint) bool {
	if n.neg {
		return n.mag <= 1<<(width-1)
	}
	return width == 64 || n.mag < 1<<width
}

// bits64 is the integer as a two's-complement 64-bit pattern.
func (n number) bits64() uint64 {
	if n.neg {
		return -n.mag
	}
	return n.mag
}

// constOperand turns a numeric token into an inline constant or a literal
// for a source of type t, following LLVM's rules: a value whose bit pattern
// (in the operand's width) is an inline integer -16..64 or an inline float is
// inline; anything else is the literal dword. It returns the operand, the
// literal dword and an error message.
func constOperand(t srcType, n number) (Operand, uint32, string) {
	const bad = "invalid operand for instruction"
	switch t {
	case tF32, tB32:
		var b uint32
		if n.isFloat {
			f := float32(n.f)
			tiny := math.Abs(float64(f)) < 0x1p-126
			if msg := narrowCheck(math.IsInf(float64(f), 0), tiny && float64(f) != n.f); msg != "" {
				return Operand{}, 0, msg
			}
			b = math.Float32bits(f)
		} else {
			if !n.fits(32) {
				return Operand{}, 0, bad
			}
			b = uint32(n.bits64())
		}
		if v := int32(b); v >= -16 && v <= 64 {
			return Operand{Kind: KindInlineInt, Imm: int8(v)}, 0, ""
		}
		for i, c := range traces.AMDInlineFloats() {
			p := c.F32
			if p == b {
				return Operand{Kind: KindInlineFloat, Imm: int8(i)}, 0, ""
			}
		}
		return Operand{Kind: KindLiteral}, b, ""
	case tF16:
		var b uint16
		if n.isFloat {
			h, overflow, tiny, exact := f64ToF16(n.f)
			if msg := narrowCheck(overflow, tiny && !exact); msg != "" {
				return Operand{}, 0, msg
			}
			b = h
		} else {
			if !n.fits(16) {
				return Operand{}, 0, bad
			}
			b = uint16(n.bits64())
		}
		if v := int16(b); v >= -16 && v <= 64 {
			return Operand{Kind: KindInlineInt, Imm: int8(v)}, 0, ""
		}
		for i, c := range traces.AMDInlineFloats() {
			p := c.F16
			if p == b {
				return Operand{Kind: KindInlineFloat, Imm: int8(i)}, 0, ""
			}
		}
		return Operand{Kind: KindLiteral}, uint32(b), ""
	case tF64, tB64:
		var b uint64
		if n.isFloat {
			b = math.Float64bits(n.f)
		} else {
			b = n.bits64()
		}
		if v := int64(b); v >= -16 && v <= 64 {
			return Operand{Kind: KindInlineInt, Imm: int8(v)}, 0, ""
		}
		for i, c := range traces.AMDInlineFloats() {
			p := c.F64
			if p == b {
				return Operand{Kind: KindInlineFloat, Imm: int8(i)}, 0, ""
			}
		}
		if n.isFloat {
			if t == tB64 {
				return Operand{}, 0, bad
			}
			// A 64-bit float literal supplies the high dword; the low dword
			// reads as zero (LLVM warns and keeps the high half).
			return Operand{Kind: KindLiteral}, uint32(b >> 32), ""
		}
		if !n.fits(32) {
			return Operand{}, 0, bad
		}
		if t == tF64 {
			// An integer token names the high dword of a 64-bit float, so
			// 0x3ff00000 is 1.0 and inline (as llvm-mc-19 encodes it).
			for i, c := range traces.AMDInlineFloats() {
				p := c.F64
				if p == uint64(uint32(b))<<32 {
					return Operand{Kind: KindInlineFloat, Imm: int8(i)}, 0, ""
				}
			}
		}
		return Operand{Kind: KindLiteral}, uint32(b), ""
	}
	return Operand{}, 0, bad
}

// narrowCheck rejects float tokens that overflow or underflow the operand
// format (LLVM allows rounding but not overflow or an inexact tiny result).
func narrowCheck(overflow, underflow bool) string {
	if overflow || underflow {
		return "invalid operand for instruction"
	}
	return ""
}

// f64ToF16 rounds f to IEEE binary16 (round to nearest, ties to even). It
// reports overflow to infinity, whether the result is tiny (subnormal or
// zero) and whether the conversion was exact.
func f64ToF16(f float64) (h uint16, overflow, tiny, exact bool) {
	b := math.Float64bits(f)
	sign := uint16(b>>48) & 0x8000
	exp := int(b>>52) & 0x7ff
	mant := b & (1<<52 - 1)
	if exp == 0x7ff { // inf or NaN: not produced by the lexer
		return sign | 0x7c00, true, false, false
	}
	if exp == 0 && mant == 0 {
		return sign, false, true, true
	}
	m := mant | 1<<52
	e := exp - 1023
	if exp == 0 { // double subnormal: far below the f16 range
		return sign, false, true, false
	}
	var shift uint
	if e >= -14 {
		shift = 42
	} else {
		shift = 42 + uint(-14-e)
		tiny = true
	}
	var q, rem, half uint64
	if shift >= 64 {
		q, rem, half = 0, m, 1<<63
		if shift > 64 {
			half = math.MaxUint64 // remainder is always below half
		}
	} else {
		q = m >> shift
		rem = m & (1<<shift - 1)
		half = 1 << (shift - 1)
	}
	exact = rem == 0
	if rem > half || (rem == half && q&1 == 1) {
		q++
	}
	if tiny {
		if q >= 1<<10 { // rounded up into the normal range
			return sign | 1<<10, false, false, exact
		}
		return sign | uint16(q), false, true, exact
	}
	if q == 1<<11 {
		q >>= 1
		e++
	}
	if e > 15 {
		return sign | 0x7c00, true, false, exact
	}
	return sign | uint16(e+15)<<10 | uint16(q&0x3ff), false, false, exact
}

// mulAdd returns m*base+d and whether it overflowed 64 bits.
func mulAdd(m uint64, base uint64, d uint64) (uint64, bool) {
	hi, lo := bits.Mul64(m, base)
	lo2, carry := bits.Add64(lo, d, 0)
	return lo2, hi != 0 || carry != 0
}
