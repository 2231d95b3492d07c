package warp

import (
	"math/bits"

	"github.com/gpusim/gpusim/traces"
)

// Comparisons both ISAs share (PTX setp/set/slct, AMD v_cmp/s_cmp): the
// conditions are traces.CmpOp values, the same for both front ends.

// CompareFloat is comparison op of two floating-point values decoded
// exactly (every f16, bf16 and f32 value is exact as a float64): an
// ordered comparison is false when either is a NaN, an unordered one
// (CmpEQU ... CmpGEU) true; CmpNUM holds when neither is a NaN, CmpNAN
// when one is; -0 equals +0. AMD's always-false and always-true conditions
// (CmpAMDFalse, CmpAMDTrue) are what they say.
func CompareFloat(op traces.CmpOp, x, y float64) bool {
	nan := x != x || y != y
	switch op {
	case traces.CmpEQ:
		return !nan && x == y
	case traces.CmpNE:
		return !nan && x != y
	case traces.CmpLT:
		return !nan && x < y
	case traces.CmpLE:
		return !nan && x <= y
	case traces.CmpGT:
		return !nan && x > y
	case traces.CmpGE:
		return !nan && x >= y
	case traces.CmpEQU:
		return nan || x == y
	case traces.CmpNEU:
		return nan || x != y
	case traces.CmpLTU:
		return nan || x < y
	case traces.CmpLEU:
		return nan || x <= y
	case traces.CmpGTU:
		return nan || x > y
	case traces.CmpGEU:
		return nan || x >= y
	case traces.CmpNUM:
		return !nan
	case traces.CmpNAN:
		return nan
	case traces.CmpAMDTrue:
		return true
	}
	return false
}

// CompareInt is comparison op of the low n bits of a and b as signed or
// unsigned integers (CmpLO, CmpLS, CmpHI, CmpHS compare unsigned whatever
// signed says).
func CompareInt(op traces.CmpOp, a, b uint64, n int, signed bool) bool {
	switch op {
	case traces.CmpEQ:
		return a&LowMask(n) == b&LowMask(n)
	case traces.CmpNE:
		return a&LowMask(n) != b&LowMask(n)
	case traces.CmpLT:
		return Less(a, b, n, signed)
	case traces.CmpLE:
		return !Less(b, a, n, signed)
	case traces.CmpGT:
		return Less(b, a, n, signed)
	case traces.CmpGE:
		return !Less(a, b, n, signed)
	case traces.CmpLO:
		return Less(a, b, n, false)
	case traces.CmpLS:
		return !Less(b, a, n, false)
	case traces.CmpHI:
		return Less(b, a, n, false)
	case traces.CmpHS:
		return !Less(a, b, n, false)
	case traces.CmpAMDTrue:
		return true
	}
	return false
}

// Less reports a < b for the low n bits, signed or unsigned.
func Less(a, b uint64, n int, signed bool) bool {
	if signed {
		return SignExtend(a, n) < SignExtend(b, n)
	}
	return a&LowMask(n) < b&LowMask(n)
}

// SignExtend is the low n bits of v as a signed integer.
func SignExtend(v uint64, n int) int64 { return int64(v<<uint(64-n)) >> uint(64-n) }

// UnsignedCmp reports the conditions that compare unsigned whatever the
// type (lo, ls, hi, hs).
func UnsignedCmp(op traces.CmpOp) bool { return op >= traces.CmpLO && op <= traces.CmpHS }

// IntKeys is an integer comparison for whole lane vectors without a call
// per lane: both operands become unsigned keys (the low bits of the width
// kept, the sign bit flipped for a signed comparison) and Table holds the
// result for a < b (bit 0), a == b (bit 1) and a > b (bit 2).
type IntKeys struct {
	Flip, Mask uint64
	Table      uint8
}

// NewIntKeys is comparison op of n-bit integers, as CompareInt; false for
// an op that is not an integer comparison.
func NewIntKeys(op traces.CmpOp, n int, signed bool) (IntKeys, bool) {
	k := IntKeys{Mask: LowMask(n)}
	if signed && !UnsignedCmp(op) {
		k.Flip = 1 << uint(n-1)
	}
	switch op {
	case traces.CmpEQ:
		k.Table = 2
	case traces.CmpNE:
		k.Table = 5
	case traces.CmpLT, traces.CmpLO:
		k.Table = 1
	case traces.CmpLE, traces.CmpLS:
		k.Table = 3
	case traces.CmpGT, traces.CmpHI:
		k.Table = 4
	case traces.CmpGE, traces.CmpHS:
		k.Table = 6
	case traces.CmpAMDFalse:
		k.Table = 0
	case traces.CmpAMDTrue:
		k.Table = 7
	default:
		return IntKeys{}, false
	}
	return k, true
}

// Lanes compares a[l] with b[l] for the lanes l of m: bit l of the result
// is set where the comparison holds.
func (k IntKeys) Lanes(a, b []uint64, m uint64) uint64 { return KeyLanes(k, a, b, m) }

// KeyLanes is k.Lanes on rows of 8- or 4-byte lanes (AMD's VGPRs: a
// comparison of at most 32 bits).
func KeyLanes[T uint32 | uint64](k IntKeys, a, b []T, m uint64) uint64 {
	var r uint64
	if m == LowMask(len(a)) && len(b) >= len(a) {
		// Every lane: a straight loop without bounds checks, with one
		// comparison a lane for the six relations (l < 64: the & 63
		// spares the shift its check for 64 and more).
		switch k.Table {
		case 1, 6: // <, >= (not <)
			r = keysBelow(k, a, b)
		case 4, 3: // >, <= (not >)
			r = keysBelow(k, b[:len(a)], a)
		case 2, 5: // ==, != (not ==)
			b = b[:len(a)]
			mask := T(k.Mask)
			for l := range a {
				r |= uint64(b2u((a[l]^b[l])&mask == 0)) << (uint(l) & 63)
			}
		default:
			b = b[:len(a)]
			for l := range a {
				r |= k.holds(uint64(a[l]), uint64(b[l])) << (uint(l) & 63)
			}
			return r
		}
		if k.Table == 6 || k.Table == 3 || k.Table == 5 {
			r = ^r & m
		}
		return r
	}
	for mm := m; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros64(mm)
		r |= k.holds(uint64(a[l]), uint64(b[l])) << (uint(l) & 63)
	}
	return r
}

// keysBelow is the lane mask of x[l] < y[l] as k's keys, for every lane
// of x (y holds at least as many).
func keysBelow[T uint32 | uint64](k IntKeys, x, y []T) uint64 {
	var r uint64
	y = y[:len(x)]
	flip, mask := T(k.Flip), T(k.Mask)
	for l := range x {
		r |= uint64(b2u((x[l]^flip)&mask < (y[l]^flip)&mask)) << (uint(l) & 63)
	}
	return r
}

// holds is 1 where the comparison of x and y holds, else 0: from the
// keys' order (0 below, 1 equal, 2 above) without a data-dependent branch.
func (k IntKeys) holds(x, y uint64) uint64 {
	x, y = (x^k.Flip)&k.Mask, (y^k.Flip)&k.Mask
	return uint64(k.Table>>uint(b2u(x >= y)+b2u(x > y))) & 1
}

// b2u is 1 for true, 0 for false (a flag, not a branch).
func b2u(b bool) uint8 {
	var x uint8
	if b {
		x = 1
	}
	return x
}
