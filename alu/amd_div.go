package alu

// AMD's f32 division macro: v_div_scale_f32, v_rcp_f32, v_div_fmas_f32 and
// v_div_fixup_f32 (see ../shared/spec/numerics.md section 4, carried into
// these comments). The wave's MODE register reaches these functions as an
// FPMode: f32 input denormals flushed -> FlushIn, f32 output denormals
// flushed -> FlushOut, MODE.FP_ROUND (f32) -> Rounding.
//
// Corner behaviour and thresholds follow AMD's emulator rocjitsu
// (github.com/ROCm/rocm-systems, emulation/rocjitsu, file
// include/rocjitsu/isa/arch/amdgpu/shared/division.h and its test
// division_test.cpp; MIT licence), whose expected values are stated there to
// be checked on physical gfx1100 and gfx1201. Facts taken from it: the
// encoded-exponent thresholds of DIV_SCALE (96, 253, and a tiny-numerator
// limit of 24), that DIV_SCALE returns 0xffc00000 for a zero operand before
// looking at NaNs and may still set VCC then, that DIV_FMAS never flushes its
// inputs, fuses the 2^+-64 scale into its one rounding and picks +64 when the
// addend's encoded exponent exceeds 127, and that DIV_FIXUP's underflow and
// overflow results depend on the rounding mode. No code was taken.

// divUnderflowF32 is v_div_fixup_f32's underflow result: 2^-300 with the
// quotient's sign, rounded per m (so +-0, or the smallest subnormal when
// rounding away from zero in that sign's direction; FlushOut makes it zero).
func divUnderflowF32(neg bool, m FPMode) uint32 {
	return uint32(roundPack(neg, 1, -300, fmtF32, m))
}

// DivFixupF32 is v_div_fixup_f32 (silicon model, the default): s0 is the
// provisional quotient, s1 the denominator, s2 the numerator. It repairs the
// sign and the exceptional cases of s2/s1; it does not divide.
//
// Under FlushIn denormal s1 and s2 are signed zeros first (s0 is never
// flushed). Then, first rule that matches: a NaN s2, else a NaN s1, is
// returned quieted (payload and sign kept); 0/0 and Inf/Inf give 0xffc00000;
// x/0 and Inf/y give Inf with the quotient's sign; 0/y and x/Inf give zero
// with the quotient's sign; exponent(s2) - exponent(s1) < -150 (raw biased
// exponent fields) gives 2^-300 rounded per m; an Inf or NaN s0 gives the
// overflow value of m's rounding (Inf, or the largest finite magnitude when
// the mode rounds that sign toward zero); otherwise |s0| with the quotient's
// sign. CanonicalNaN turns every NaN result into 0x7fffffff.
func DivFixupF32(s0, s1, s2 uint32, m FPMode) uint32 {
	d, n := uint32(fmtF32.flushIn(uint64(s1), m)), uint32(fmtF32.flushIn(uint64(s2), m))
	dm, nm := d&0x7fffffff, n&0x7fffffff
	sign := (d ^ n) & 0x80000000
	switch {
	case nm > 0x7f800000:
		return uint32(fmtF32.propagate(uint64(n), m))
	case dm > 0x7f800000:
		return uint32(fmtF32.propagate(uint64(d), m))
	case dm == 0 && nm == 0, dm == 0x7f800000 && nm == 0x7f800000:
		return divFixupInvalid(m)
	case dm == 0, nm == 0x7f800000:
		return sign | 0x7f800000
	case nm == 0, dm == 0x7f800000:
		return sign
	case int(nm>>23)-int(dm>>23) < -150:
		return divUnderflowF32(sign != 0, m)
	case s0&0x7fffffff >= 0x7f800000:
		return sign | uint32(overflowMag(sign != 0, fmtF32, m.Rounding()))
	}
	return sign | s0&0x7fffffff
}

// divFixupInvalid is the 0/0 and Inf/Inf result, 0xffc00000 in AMD's text
// and on silicon.
func divFixupInvalid(m FPMode) uint32 {
	if m&CanonicalNaN != 0 {
		return 0x7fffffff
	}
	return 0xffc00000
}

// DivFixupF32ISA is v_div_fixup_f32 as AMD's ISA text literally reads, kept
// so users can compare it with the silicon model DivFixupF32. The text does
// not define its two constants; this model takes UNDERFLOW_F32 = zero and
// OVERFLOW_F32 = infinity (both with the quotient's sign), applies no input
// flushing (the text has none) and ignores m's rounding. Its overflow test,
// exponent(s1) == 255, can never be reached: earlier rules catch every
// infinite or NaN s1. CanonicalNaN turns every NaN result into 0x7fffffff.
func DivFixupF32ISA(s0, s1, s2 uint32, m FPMode) uint32 {
	dm, nm := s1&0x7fffffff, s2&0x7fffffff
	sign := (s1 ^ s2) & 0x80000000
	switch {
	case nm > 0x7f800000:
		return uint32(fmtF32.propagate(uint64(s2), m))
	case dm > 0x7f800000:
		return uint32(fmtF32.propagate(uint64(s1), m))
	case dm == 0 && nm == 0, dm == 0x7f800000 && nm == 0x7f800000:
		return divFixupInvalid(m)
	case dm == 0, nm == 0x7f800000:
		return sign | 0x7f800000
	case dm == 0x7f800000, nm == 0:
		return sign
	case int(nm>>23)-int(dm>>23) < -150:
		return sign // UNDERFLOW_F32
	case dm>>23 == 255:
		return sign | 0x7f800000 // OVERFLOW_F32
	}
	return sign | s0&0x7fffffff
}

// DivScaleF32 is v_div_scale_f32 D, VCC, S0, S1, S2: it pre-scales a
// numerator or denominator so that the macro's FMA chain neither overflows
// nor underflows. s1 is the denominator, s2 the numerator, and s0 equals one
// of them (the macro calls it with s0 = s1 and with s0 = s2). It returns D
// and the lane's VCC bit (set when DIV_FMAS must undo the scaling).
//
// Under FlushIn denormal operands are signed zeros first. With e() the raw
// biased exponent field and delta = e(s2) - e(s1), the first matching rule
// sets the scale k (D = s0 * 2^k, rounded per m) and VCC:
//
//	delta >= 96:          VCC; k = 64 if s0 is the denominator, else 0
//	e(s1) == 0:           k = 64 (a denormal or zero denominator)
//	e(s1) >= 253:         VCC if delta <= -96; k = 0 for the numerator when
//	                      VCC is set, else -64
//	delta <= -96:         VCC; k = 0 for the denominator, 64 for the numerator
//	e(s2) <= 24:          k = 64 (tiny numerator)
//	otherwise:            k = 0
//
// Then a zero s1 or s2 makes D 0xffc00000 (VCC as computed), and an infinite
// or NaN s0 is returned as is (a NaN quieted). The numerics.md summary has the
// tiny-numerator limit at 23; rocjitsu's silicon-checked vector
// (s2 = 2^-103, biased exponent 24, is scaled by 2^64) puts it at 24.
// s0 counts as the denominator when its bits equal s1's.
func DivScaleF32(s0, s1, s2 uint32, m FPMode) (d uint32, vcc bool) {
	f := fmtF32
	v := uint32(f.flushIn(uint64(s0), m))
	den := uint32(f.flushIn(uint64(s1), m))
	num := uint32(f.flushIn(uint64(s2), m))
	de, ne := int(den>>23&0xff), int(num>>23&0xff)
	delta := ne - de
	isDen := v == den
	k := 0
	switch {
	case delta >= 96:
		vcc = true
		if isDen {
			k = 64
		}
	case de == 0:
		k = 64
	case de >= 253:
		vcc = delta <= -96
		if !vcc || isDen {
			k = -64
		}
	case delta <= -96:
		vcc = true
		if !isDen {
			k = 64
		}
	case ne <= 24:
		k = 64
	}
	switch {
	case den&0x7fffffff == 0 || num&0x7fffffff == 0:
		return divFixupInvalid(m), vcc
	case v&0x7f800000 == 0x7f800000:
		if v&0x7fffff != 0 {
			return uint32(f.propagate(uint64(v), m)), vcc
		}
		return v, vcc
	case v&0x7fffffff == 0:
		return v, vcc
	}
	sig, e := f.unpack(uint64(v))
	return uint32(roundPack(v&0x80000000 != 0, sig, e+k, f, m)), vcc
}

// DivFmasF32 is v_div_fmas_f32: a*b + c with one rounding, the exact result
// scaled first by 2^64 when vcc is set and c's raw biased exponent exceeds
// 127, by 2^-64 when vcc is set otherwise (the ISA text's 2^32 is wrong on
// silicon). Its inputs are never flushed, whatever MODE says; FlushOut and
// the rounding apply to the result. NaNs as FmaF32: a NaN a, then b, then an
// invalid product (0xffc00000), then a NaN c, then Inf - Inf.
func DivFmasF32(a, b, c uint32, vcc bool, m FPMode) uint32 {
	scale := 0
	if vcc {
		scale = -64
		if c>>23&0xff > 127 {
			scale = 64
		}
	}
	return uint32(fmaGeneric(uint64(a), uint64(b), uint64(c), scale, fmtF32, m))
}

// RcpF32 is v_rcp_f32, the reciprocal, with MODE's denormal flushing and
// rounding from m. Provisional model: correctly rounded 1/x (AMD documents
// at most 1 ulp of error; a measured table can replace this). 1/+-0 is
// +-Inf, 1/+-Inf is +-0, a NaN is returned quieted.
func RcpF32(x uint32, m FPMode) uint32 {
	return DivF32(0x3f800000, x, m)
}
