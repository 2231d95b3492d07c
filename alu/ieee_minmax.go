package alu

// Minimum and maximum, in two flavours.
//
// PTX min/max (MinF32, MaxF32, ...): FlushIn (.ftz) flushes subnormal inputs
// first; if exactly one operand is a NaN the other is returned; if both are,
// the canonical NaN (whatever m's NaN flag says, as PTX specifies); -0 is
// less than +0. The .NaN variants (MinNaNF32, ...) return the canonical NaN
// when either operand is a NaN.
//
// IEEE 754-2008 minNum/maxNum (MinNumF32, ...), which AMD's v_min_f32 and
// v_max_f32 compute with MODE.IEEE set: a signalling NaN operand gives that
// NaN quieted (a checked before b); otherwise a quiet NaN operand is ignored
// in favour of the other operand, and two quiet NaNs give a. -0 is less than
// +0. The NaN result follows m's NaN policy (CanonicalNaN gives the canonical
// NaN). FlushIn flushes subnormal inputs; the selected (flushed) operand is
// returned as is.

// orderKey maps a non-NaN encoding to an unsigned key whose order is the
// numeric order, with -0 below +0.
func (f fpFormat) orderKey(x uint64) uint64 {
	// Without a branch on the sign (min/max reductions mix signs):
	// neg is all ones for a negative x.
	sign := f.signBit()
	neg := -bit1(x&sign != 0)
	return ^x&(sign<<1-1)&neg | (x|sign)&^neg
}

// pick returns the smaller (or, with max, the larger) of non-NaN a and b.
func (f fpFormat) pick(a, b uint64, max bool) uint64 {
	// A select, not a branch: which one wins depends on the data.
	takeA := -bit1((f.orderKey(a) < f.orderKey(b)) != max)
	return b ^ (a^b)&takeA
}

// bit1 is 1 for true and 0 for false (a flag move, not a branch).
func bit1(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

func minMaxPTX(a, b uint64, f fpFormat, m FPMode, max, nanProp bool) uint64 {
	a, b = f.flushIn(a, m), f.flushIn(b, m)
	an, bn := f.isNaN(a), f.isNaN(b)
	switch {
	case an && bn, (an || bn) && nanProp:
		return f.canonicalNaN()
	case an:
		return b
	case bn:
		return a
	}
	return f.pick(a, b, max)
}

func minMaxNum(a, b uint64, f fpFormat, m FPMode, max bool) uint64 {
	a, b = f.flushIn(a, m), f.flushIn(b, m)
	an, bn := f.isNaN(a), f.isNaN(b)
	switch {
	case an && a&f.quietBit() == 0:
		return f.propagate(a, m)
	case bn && b&f.quietBit() == 0:
		return f.propagate(b, m)
	case an && bn:
		return f.propagate(a, m)
	case an:
		return b
	case bn:
		return a
	}
	return f.pick(a, b, max)
}

// MinF32 is PTX min{.ftz}.f32.
func MinF32(a, b uint32, m FPMode) uint32 {
	return minMaxF32(a, b, m, false, false)
}

// MaxF32 is PTX max{.ftz}.f32.
func MaxF32(a, b uint32, m FPMode) uint32 {
	return minMaxF32(a, b, m, true, false)
}

// MinNaNF32 is PTX min{.ftz}.NaN.f32.
func MinNaNF32(a, b uint32, m FPMode) uint32 {
	return minMaxF32(a, b, m, false, true)
}

// MaxNaNF32 is PTX max{.ftz}.NaN.f32.
func MaxNaNF32(a, b uint32, m FPMode) uint32 {
	return minMaxF32(a, b, m, true, true)
}

// minMaxF32 is minMaxPTX on f32 with the format's constants written in:
// operands that are not NaNs after FlushIn are compared here (pick's
// select), the rest go to minMaxPTX.
func minMaxF32(a, b uint32, m FPMode, max, nanProp bool) uint32 {
	x, y := flushF32(a, m), flushF32(b, m)
	if x&0x7fffffff > 0x7f800000 || y&0x7fffffff > 0x7f800000 {
		return uint32(minMaxPTX(uint64(a), uint64(b), fmtF32, m, max, nanProp))
	}
	takeX := -uint32(bit1((orderKeyF32(x) < orderKeyF32(y)) != max))
	return y ^ (x^y)&takeX
}

// orderKeyF32 is orderKey for f32: negative values bit-inverted below the
// positive ones, which get the sign bit.
func orderKeyF32(x uint32) uint32 {
	neg := -uint32(x >> 31)
	return ^x&neg | (x|0x80000000)&^neg
}

// MinF64 is PTX min.f64.
func MinF64(a, b uint64, m FPMode) uint64 { return minMaxPTX(a, b, fmtF64, m, false, false) }

// MaxF64 is PTX max.f64.
func MaxF64(a, b uint64, m FPMode) uint64 { return minMaxPTX(a, b, fmtF64, m, true, false) }

// MinNaNF64 is min with NaN propagation on f64 (canonical NaN result).
func MinNaNF64(a, b uint64, m FPMode) uint64 { return minMaxPTX(a, b, fmtF64, m, false, true) }

// MaxNaNF64 is max with NaN propagation on f64 (canonical NaN result).
func MaxNaNF64(a, b uint64, m FPMode) uint64 { return minMaxPTX(a, b, fmtF64, m, true, true) }

// MinF16 is PTX min{.ftz}.f16.
func MinF16(a, b uint16, m FPMode) uint16 {
	return uint16(minMaxPTX(uint64(a), uint64(b), fmtF16, m, false, false))
}

// MaxF16 is PTX max{.ftz}.f16.
func MaxF16(a, b uint16, m FPMode) uint16 {
	return uint16(minMaxPTX(uint64(a), uint64(b), fmtF16, m, true, false))
}

// MinNaNF16 is PTX min{.ftz}.NaN.f16.
func MinNaNF16(a, b uint16, m FPMode) uint16 {
	return uint16(minMaxPTX(uint64(a), uint64(b), fmtF16, m, false, true))
}

// MaxNaNF16 is PTX max{.ftz}.NaN.f16.
func MaxNaNF16(a, b uint16, m FPMode) uint16 {
	return uint16(minMaxPTX(uint64(a), uint64(b), fmtF16, m, true, true))
}

// MinBF16 is PTX min.bf16.
func MinBF16(a, b uint16, m FPMode) uint16 {
	return uint16(minMaxPTX(uint64(a), uint64(b), fmtBF16, m, false, false))
}

// MaxBF16 is PTX max.bf16.
func MaxBF16(a, b uint16, m FPMode) uint16 {
	return uint16(minMaxPTX(uint64(a), uint64(b), fmtBF16, m, true, false))
}

// MinNaNBF16 is PTX min.NaN.bf16.
func MinNaNBF16(a, b uint16, m FPMode) uint16 {
	return uint16(minMaxPTX(uint64(a), uint64(b), fmtBF16, m, false, true))
}

// MaxNaNBF16 is PTX max.NaN.bf16.
func MaxNaNBF16(a, b uint16, m FPMode) uint16 {
	return uint16(minMaxPTX(uint64(a), uint64(b), fmtBF16, m, true, true))
}

// MinNumF32 is IEEE 754-2008 minNum on f32 (AMD v_min_f32, MODE.IEEE=1).
func MinNumF32(a, b uint32, m FPMode) uint32 {
	return uint32(minMaxNum(uint64(a), uint64(b), fmtF32, m, false))
}

// MaxNumF32 is IEEE 754-2008 maxNum on f32 (AMD v_max_f32, MODE.IEEE=1).
func MaxNumF32(a, b uint32, m FPMode) uint32 {
	return uint32(minMaxNum(uint64(a), uint64(b), fmtF32, m, true))
}

// MinNumF64 is IEEE 754-2008 minNum on f64 (AMD v_min_f64).
func MinNumF64(a, b uint64, m FPMode) uint64 { return minMaxNum(a, b, fmtF64, m, false) }

// MaxNumF64 is IEEE 754-2008 maxNum on f64 (AMD v_max_f64).
func MaxNumF64(a, b uint64, m FPMode) uint64 { return minMaxNum(a, b, fmtF64, m, true) }
