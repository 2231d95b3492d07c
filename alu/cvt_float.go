package alu

// Float-to-float conversions (PTX cvt{.frnd}{.ftz}{.sat}.dtype.atype with
// floating-point types; AMD v_cvt_f32_f64 and friends).
//
// Narrowing rounds once per m's Rounding (PTX .rn .rz .rm .rp; .rna for
// TF32). Widening is exact and ignores the rounding. FlushIn (.ftz)
// flushes a subnormal source to zero of its sign; FlushOut (.ftz) flushes a
// tiny result (tininess after rounding, as the arithmetic; for 16-bit
// destinations a result that rounds to a subnormal, the rule of half.go's
// F32ToF16, which CvtF32ToF16 uses). A NaN becomes the canonical NaN under
// CanonicalNaN, otherwise it keeps its sign, is quieted, and its payload is
// truncated (narrowing) or zero-extended (widening) at the low end.
// Apply SatFloat to the result for .sat and ReluFloat for .relu.

// convertFloat converts x from format src to format dst under m.
func convertFloat(x uint64, src, dst fpFormat, m FPMode) uint64 {
	x = src.flushIn(x, m)
	sign := x & src.signBit()
	var dsign uint64
	if sign != 0 {
		dsign = dst.signBit()
	}
	switch {
	case src.isNaN(x):
		if m&CanonicalNaN != 0 {
			return dst.canonicalNaN()
		}
		payload := x & src.fracMask()
		if dst.frac < src.frac {
			payload >>= src.frac - dst.frac
		} else {
			payload <<= dst.frac - src.frac
		}
		return dsign | dst.infBits() | dst.quietBit() | payload
	case src.isInf(x):
		return dsign | dst.infBits()
	case src.isZero(x):
		return dsign
	}
	sig, e := src.unpack(x)
	if dst.frac <= 10 && m&FlushOut != 0 {
		// 16-bit destinations: flush a result that rounds to a subnormal.
		r := roundPack(sign != 0, sig, e, dst, m&^FlushOut)
		if r&dst.infBits() == 0 {
			return dsign
		}
		return r
	}
	return roundPack(sign != 0, sig, e, dst, m)
}

// CvtFloat converts the bits x of type from to type to under m (see the
// file comment for the rules). Results are right-aligned bits of the
// destination type; a TF32 result is an f32 bit pattern with its low 13 bits
// zero (its canonical NaN is 0x7fffe000).
func CvtFloat(x uint64, from, to FloatType, m FPMode) uint64 {
	// The f32 <-> 16-bit pairs go through half.go's conversions.
	switch {
	case from == FloatF32 && to == FloatF16:
		return uint64(CvtF32ToF16(uint32(x), m))
	case from == FloatF32 && to == FloatBF16:
		return uint64(CvtF32ToBF16(uint32(x), m))
	case from == FloatF16 && to == FloatF32:
		return uint64(CvtF16ToF32(uint16(x), m))
	case from == FloatBF16 && to == FloatF32:
		return uint64(CvtBF16ToF32(uint16(x), m))
	}
	r := convertFloat(x, from.srcFormat(), to.format(), m)
	if to == FloatTF32 {
		r <<= 13
	}
	return r
}

// CvtF32ToF64 is cvt.f64.f32: exact; FlushIn flushes a subnormal input.
func CvtF32ToF64(x uint32, m FPMode) uint64 {
	return convertFloat(uint64(x), fmtF32, fmtF64, m)
}

// CvtF64ToF32 is cvt.rnd{.ftz}.f32.f64: one rounding per m.
func CvtF64ToF32(x uint64, m FPMode) uint32 {
	return uint32(convertFloat(x, fmtF64, fmtF32, m))
}

// CvtF32ToF16 is cvt.rnd.f16.f32; it is half.go's F32ToF16.
func CvtF32ToF16(x uint32, m FPMode) uint16 { return F32ToF16(x, m) }

// CvtF32ToBF16 is cvt.rnd.bf16.f32; it is half.go's F32ToBF16.
func CvtF32ToBF16(x uint32, m FPMode) uint16 { return F32ToBF16(x, m) }

// CvtF64ToF16 is cvt.rnd.f16.f64: one rounding from f64 (not through f32).
func CvtF64ToF16(x uint64, m FPMode) uint16 {
	return uint16(convertFloat(x, fmtF64, fmtF16, m))
}

// CvtF64ToBF16 is cvt.rnd.bf16.f64: one rounding from f64.
func CvtF64ToBF16(x uint64, m FPMode) uint16 {
	return uint16(convertFloat(x, fmtF64, fmtBF16, m))
}

// CvtF16ToF32 is cvt.f32.f16: half.go's exact F16ToF32, with FlushIn and
// the NaN policy of m applied (every f16 value is an f32 normal or zero).
func CvtF16ToF32(h uint16, m FPMode) uint32 {
	h = uint16(fmtF16.flushIn(uint64(h), m))
	if m&CanonicalNaN != 0 && fmtF16.isNaN(uint64(h)) {
		return uint32(fmtF32.canonicalNaN())
	}
	return F16ToF32(h)
}

// CvtBF16ToF32 is cvt.f32.bf16: half.go's exact BF16ToF32, with FlushIn,
// FlushOut (a bf16 subnormal is an f32 subnormal) and the NaN policy of m
// applied.
func CvtBF16ToF32(h uint16, m FPMode) uint32 {
	h = uint16(fmtBF16.flushIn(uint64(h), m))
	if m&CanonicalNaN != 0 && fmtBF16.isNaN(uint64(h)) {
		return uint32(fmtF32.canonicalNaN())
	}
	return uint32(fmtF32.flushOut(uint64(BF16ToF32(h)), m))
}

// CvtF32ToTF32 is cvt.rna{.satfinite}.tf32.f32 (and .rn/.rz with those
// roundings in m): x rounded to 10 fraction bits per m, returned as an f32
// pattern with its low 13 bits zero.
func CvtF32ToTF32(x uint32, m FPMode) uint32 {
	return uint32(convertFloat(uint64(x), fmtF32, fmtTF32, m) << 13)
}

// SatFloat applies .sat to a floating-point result of type t: values are
// clamped to [+0.0, 1.0], a NaN becomes +0, and -0 becomes +0.
func SatFloat(x uint64, t FloatType) uint64 {
	f := t.srcFormat()
	one := uint64(f.bias()) << f.frac
	if t == FloatTF32 {
		one = uint64(fmtF32.bias()) << fmtF32.frac
	}
	switch {
	case f.isNaN(x), x&f.signBit() != 0:
		return 0
	case x > one:
		return one
	}
	return x
}

// ReluFloat applies .relu to a result of type t: a NaN becomes the
// canonical NaN, a negative value (or -0) becomes +0.
func ReluFloat(x uint64, t FloatType) uint64 {
	f := t.srcFormat()
	switch {
	case f.isNaN(x):
		if t == FloatTF32 {
			return fmtTF32.canonicalNaN() << 13
		}
		return f.canonicalNaN()
	case x&f.signBit() != 0:
		return 0
	}
	return x
}
