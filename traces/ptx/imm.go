package ptx

import (
	"github.com/gpusim/gpusim/traces"
	"math"
	"math/bits"
	"strconv"
)

// PTX literals (PTX ISA manual, section 4.5 "Constants"): integers in
// decimal, hexadecimal (0x), octal (leading 0) and binary (0b), optionally
// followed by U; floating point as exact bits (0f + 8 hex digits for f32,
// 0d + 16 hex digits for f64) or in decimal notation, which PTX defines as
// an f64 value. Every literal becomes the bits a register of the operand's
// type would hold.

type litKind uint8

const (
	litInt litKind = iota // integer; v is the magnitude
	litF32                // 0f literal; v is the f32 bits
	litF64                // 0d literal or decimal float; v is the f64 bits
)

// parseLit reads a numeric token. ok is false for malformed or overflowing
// literals.
func parseLit(b []byte) (kind litKind, v uint64, ok bool) {
	if len(b) == 0 {
		return 0, 0, false
	}
	if len(b) > 2 && b[0] == '0' {
		switch b[1] {
		case 'f', 'F':
			if len(b) != 10 {
				return 0, 0, false
			}
			v, ok = parseDigits(b[2:], 16)
			return litF32, v, ok
		case 'd', 'D':
			if len(b) != 18 {
				return 0, 0, false
			}
			v, ok = parseDigits(b[2:], 16)
			return litF64, v, ok
		case 'x', 'X':
			v, ok = parseDigits(trimU(b[2:]), 16)
			return litInt, v, ok
		case 'b', 'B':
			v, ok = parseDigits(trimU(b[2:]), 2)
			return litInt, v, ok
		}
	}
	for _, c := range b {
		if c == '.' || c == 'e' || c == 'E' {
			f, err := strconv.ParseFloat(string(b), 64)
			if err != nil {
				return 0, 0, false
			}
			return litF64, floatBits(f), true
		}
	}
	d := trimU(b)
	if len(d) > 1 && d[0] == '0' {
		v, ok = parseDigits(d[1:], 8)
		return litInt, v, ok
	}
	v, ok = parseDigits(d, 10)
	return litInt, v, ok
}

func trimU(b []byte) []byte {
	if len(b) > 1 && (b[len(b)-1] == 'U' || b[len(b)-1] == 'u') {
		return b[:len(b)-1]
	}
	return b
}

// parseDigits parses an unsigned number in base 2, 8, 10 or 16, failing on
// overflow of 64 bits or a digit outside the base.
func parseDigits(b []byte, base uint64) (uint64, bool) {
	if len(b) == 0 {
		return 0, false
	}
	var v uint64
	for _, c := range b {
		var d uint64
		switch {
		case c >= '0' && c <= '9':
			d = uint64(c - '0')
		case c >= 'a' && c <= 'f':
			d = uint64(c-'a') + 10
		case c >= 'A' && c <= 'F':
			d = uint64(c-'A') + 10
		default:
			return 0, false
		}
		if d >= base {
			return 0, false
		}
		hi, lo := bits.Mul64(v, base)
		if hi != 0 {
			return 0, false
		}
		v = lo + d
		if v < lo {
			return 0, false
		}
	}
	return v, true
}

// parseIntLit parses an integer literal for directives (sizes, counts).
func parseIntLit(b []byte) (v uint64, neg, isFloat, ok bool) {
	k, v, ok := parseLit(b)
	return v, false, k != litInt, ok
}

// immBits converts a literal (neg: written with a leading '-') to the bits
// a register of type t holds. msg says why it cannot.
//
//   - Integer and bit types take integer literals that fit the width
//     (negative ones down to -2^(w-1), stored in two's complement); .b32
//     also takes an 0f literal and .b64 an 0d literal as raw bits.
//   - .f32/.f64 take 0f/0d/decimal literals, rounded to the type with
//     round-to-nearest-even (a decimal literal is an f64 value first, as
//     PTX defines it); an integer literal is converted by value.
//   - 16-bit and packed float types (.f16, .bf16, .f16x2, .bf16x2) take
//     floating literals rounded the same way, or integer literals as raw
//     bits (PTX has no 16-bit float literal syntax).
//   - .pred takes integers: zero is false, anything else true.
func immBits(lit []byte, neg bool, t traces.Type) (uint64, string) {
	kind, v, ok := parseLit(lit)
	if !ok {
		return 0, "malformed number"
	}
	w := uint(t.Bits())
	switch {
	case t == traces.Pred:
		if kind != litInt {
			return 0, "floating-point literal for a predicate"
		}
		if v != 0 {
			return 1, ""
		}
		return 0, ""
	case t == traces.F32 || t == traces.F64 || t == traces.TF32:
		var f64 uint64
		switch kind {
		case litInt:
			f64 = intToF64Bits(v)
		case litF32:
			f64 = widenF32(uint32(v))
		default:
			f64 = v
		}
		if neg {
			f64 ^= 1 << 63
		}
		if t == traces.F64 {
			return f64, ""
		}
		return narrowFloat(f64, 8, 23), ""
	case t == traces.F16 || t == traces.BF16 || ((t == traces.F16x2 || t == traces.BF16x2) && kind != litInt):
		if kind == litInt {
			return intBits(v, neg, w)
		}
		if t == traces.F16x2 || t == traces.BF16x2 {
			return 0, "floating-point literal for a packed ." + t.String() + " operand"
		}
		f64 := v
		if kind == litF32 {
			f64 = widenF32(uint32(v))
		}
		if neg {
			f64 ^= 1 << 63
		}
		if t == traces.F16 {
			return narrowFloat(f64, 5, 10), ""
		}
		return narrowFloat(f64, 8, 7), ""
	}
	if kind != litInt {
		if !neg && ((t == traces.B32 && kind == litF32) || (t == traces.B64 && kind == litF64 && len(lit) == 18 && lit[1]|0x20 == 'd')) {
			return v, ""
		}
		return 0, "floating-point literal for a ." + t.String() + " operand"
	}
	return intBits(v, neg, w)
}

// intBits range-checks an integer literal for a w-bit operand and returns
// its two's-complement bits.
func intBits(v uint64, neg bool, w uint) (uint64, string) {
	if w == 0 || w > 64 {
		return 0, "immediate not allowed for this operand"
	}
	mask := ^uint64(0)
	if w < 64 {
		mask = 1<<w - 1
	}
	if neg {
		if v > 1<<(w-1) {
			return 0, "value does not fit in " + strconv.Itoa(int(w)) + " bits"
		}
		return -v & mask, ""
	}
	if v&^mask != 0 {
		return 0, "value does not fit in " + strconv.Itoa(int(w)) + " bits"
	}
	return v, ""
}

func floatBits(f float64) uint64 { return math.Float64bits(f) }

// widenF32 converts f32 bits to f64 bits exactly (NaNs keep sign and payload).
func widenF32(x uint32) uint64 {
	sign := uint64(x>>31) << 63
	exp := int(x>>23) & 0xff
	frac := uint64(x & (1<<23 - 1))
	switch {
	case exp == 0xff:
		return sign | 0x7ff<<52 | frac<<29
	case exp == 0:
		if frac == 0 {
			return sign
		}
		// Subnormal: normalise.
		n := bits.Len64(frac) // frac < 2^n
		e := -149 + n - 1     // value = frac * 2^-149, leading bit at 2^(n-1-149)
		m := frac << (52 - (n - 1))
		return sign | uint64(e+1023)<<52 | m&(1<<52-1)
	}
	return sign | uint64(exp-127+1023)<<52 | frac<<29
}

// intToF64Bits converts an unsigned integer to f64 bits with
// round-to-nearest-even.
func intToF64Bits(v uint64) uint64 {
	if v == 0 {
		return 0
	}
	top := bits.Len64(v) - 1
	if top <= 52 {
		return uint64(top+1023)<<52 | (v<<(52-top))&(1<<52-1)
	}
	shift := uint(top - 52)
	q := v >> shift
	rem := v & (1<<shift - 1)
	half := uint64(1) << (shift - 1)
	if rem > half || rem == half && q&1 == 1 {
		q++
	}
	e := top
	if q == 1<<53 {
		q >>= 1
		e++
	}
	return uint64(e+1023)<<52 | q&(1<<52-1)
}

// narrowFloat rounds f64 bits to a binary format with eb exponent bits and
// mb fraction bits: round-to-nearest-even, subnormals kept, overflow to
// infinity, NaN to a quiet NaN keeping the sign and the top payload bits.
func narrowFloat(x uint64, eb, mb uint) uint64 {
	sign := x >> 63 << (eb + mb)
	exp := int(x>>52) & 0x7ff
	frac := x & (1<<52 - 1)
	maxE := uint64(1)<<eb - 1
	bias := int(1)<<(eb-1) - 1
	if exp == 0x7ff {
		if frac == 0 {
			return sign | maxE<<mb
		}
		return sign | maxE<<mb | 1<<(mb-1) | frac>>(52-mb)
	}
	if exp == 0 && frac == 0 {
		return sign
	}
	m, e := frac|1<<52, exp-1075 // value = m * 2^e
	if exp == 0 {
		m, e = frac, -1074
	}
	top := bits.Len64(m) - 1
	E := e + top // value in [2^E, 2^(E+1))
	if E > bias {
		return sign | maxE<<mb
	}
	minE := 1 - bias
	qexp := E - int(mb)
	if E < minE {
		qexp = minE - int(mb)
	}
	var q uint64
	if d := e - qexp; d >= 0 {
		q = m << uint(d)
	} else if s := uint(-d); s < 64 {
		q = m >> s
		rem := m & (1<<s - 1)
		half := uint64(1) << (s - 1)
		if rem > half || rem == half && q&1 == 1 {
			q++
		}
	}
	if E < minE {
		return sign | q // q == 2^mb lands on the smallest normal, as it should
	}
	if q == 1<<(mb+1) {
		q >>= 1
		E++
		if E > bias {
			return sign | maxE<<mb
		}
	}
	return sign | uint64(E+bias)<<mb | q&(1<<mb-1)
}
