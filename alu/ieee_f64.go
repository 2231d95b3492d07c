package alu

import "math"

// IEEE-754 binary64 arithmetic on bit patterns, with the rounding, flushing
// and NaN rules of the binary32 functions (canonical NaN 0x7fffffffffffffff,
// default NaN 0xfff8000000000000).
//
// Under round-to-nearest-even Go's float64 operators, math.FMA and math.Sqrt
// are exactly IEEE binary64 (round-to-nearest-even, gradual underflow, one
// rounding for FMA), so finite operands take them directly. Their NaN choice
// is not ours, so NaN and Inf operands never reach them; an invalid result
// cannot arise from finite operands except 0/0, which is excluded. With
// FlushOut a result at or below the smallest normal goes to the exact path,
// which judges tininess after rounding.

func f64Finite(x uint64) bool { return x&0x7ff0000000000000 != 0x7ff0000000000000 }

// f64FastOK reports whether a fast-path result r (bits) needs no FlushOut
// treatment.
func f64FastOK(r uint64, m FPMode) bool {
	return m&FlushOut == 0 || r&0x7fffffffffffffff > 0x0010000000000000
}

func flushF64(x uint64, m FPMode) uint64 {
	if m&FlushIn != 0 && x&0x7ff0000000000000 == 0 {
		return x & 0x8000000000000000
	}
	return x
}

// AddF64 returns a + b (IEEE binary64 addition).
func AddF64(a, b uint64, m FPMode) uint64 {
	if m&7 == 0 {
		a, b = flushF64(a, m), flushF64(b, m)
		if f64Finite(a) && f64Finite(b) {
			r := math.Float64bits(math.Float64frombits(a) + math.Float64frombits(b))
			if f64FastOK(r, m) {
				return r
			}
		}
	}
	return addGeneric(a, b, fmtF64, m)
}

// SubF64 returns a - b (b's sign flipped, then added).
func SubF64(a, b uint64, m FPMode) uint64 {
	return AddF64(a, b^0x8000000000000000, m)
}

// MulF64 returns a * b.
func MulF64(a, b uint64, m FPMode) uint64 {
	if m&7 == 0 {
		a, b = flushF64(a, m), flushF64(b, m)
		if f64Finite(a) && f64Finite(b) {
			r := math.Float64bits(float64(math.Float64frombits(a) * math.Float64frombits(b)))
			if f64FastOK(r, m) {
				return r
			}
		}
	}
	return mulGeneric(a, b, fmtF64, m)
}

// FmaF64 returns a*b + c rounded once (PTX fma.f64, AMD v_fma_f64).
func FmaF64(a, b, c uint64, m FPMode) uint64 {
	a, b, c = flushF64(a, m), flushF64(b, m), flushF64(c, m)
	if m&7 == 0 && f64Finite(a) && f64Finite(b) && f64Finite(c) {
		r := math.Float64bits(math.FMA(math.Float64frombits(a), math.Float64frombits(b), math.Float64frombits(c)))
		if f64FastOK(r, m) {
			return r
		}
	}
	return fmaGeneric(a, b, c, 0, fmtF64, m)
}

// DivF64 returns a / b correctly rounded.
func DivF64(a, b uint64, m FPMode) uint64 {
	if m&7 == 0 {
		a, b = flushF64(a, m), flushF64(b, m)
		if f64Finite(a) && f64Finite(b) && b&0x7fffffffffffffff != 0 {
			r := math.Float64bits(math.Float64frombits(a) / math.Float64frombits(b))
			if f64FastOK(r, m) {
				return r
			}
		}
	}
	return divGeneric(a, b, fmtF64, m)
}

// SqrtF64 returns the correctly rounded square root of a.
func SqrtF64(a uint64, m FPMode) uint64 {
	if m&7 == 0 {
		a = flushF64(a, m)
		if a>>63 == 0 && f64Finite(a) {
			r := math.Float64bits(math.Sqrt(math.Float64frombits(a)))
			if f64FastOK(r, m) {
				return r
			}
		}
	}
	return sqrtGeneric(a, fmtF64, m)
}
