package warp

import "github.com/gpusim/gpusim/traces"

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
