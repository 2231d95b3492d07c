package amd

import (
	"math"

	"github.com/gpusim/gpusim/alu"
	"github.com/gpusim/gpusim/traces"
)

// Floating-point VALU operations that alu has no lane form of, built from
// alu's scalar functions (AMD ISA manuals' pseudocode for the semantics).

// madF32 is v_mad_f32 / v_mac_f32 / v_madmk / v_madak: a multiply and an
// add, each rounded, with f32 denormals flushed whatever MODE says (these
// instructions do not support denormals, which is why LLVM uses them only
// when f32 denormals are off).
func madF32(a, b, c uint64, m alu.FPMode) uint64 {
	m |= alu.FlushIn | alu.FlushOut
	return uint64(alu.AddF32(alu.MulF32(uint32(a), uint32(b), m), uint32(c), m))
}

// madLegacyF32 is v_mad_legacy_f32: as v_mad_f32, but 0 * anything
// (Inf and NaN included) is +0 (DX9 rules).
func madLegacyF32(a, b, c uint64, m alu.FPMode) uint64 {
	m |= alu.FlushIn | alu.FlushOut
	return uint64(alu.AddF32(uint32(mulLegacyF32(a, b, m)), uint32(c), m))
}

// mulLegacyF32 is v_mul_legacy_f32 (v_mul_dx9_zero_f32): a product where a
// zero factor (after input flushing) gives +0, even with Inf or NaN.
func mulLegacyF32(a, b uint64, m alu.FPMode) uint64 {
	x, y := uint32(a), uint32(b)
	if m&alu.FlushIn != 0 {
		x, y = flushF32(x), flushF32(y)
	}
	if x&0x7fffffff == 0 || y&0x7fffffff == 0 {
		return 0
	}
	return uint64(alu.MulF32(x, y, m))
}

func flushF32(x uint32) uint32 {
	if x&0x7f800000 == 0 {
		return x & 0x80000000
	}
	return x
}

func fNaN32(x uint32) bool  { return x&0x7fffffff > 0x7f800000 }
func fSNaN32(x uint32) bool { return fNaN32(x) && x&0x400000 == 0 }
func fNaN64(x uint64) bool  { return x&(1<<63-1) > 0x7ff0000000000000 }
func fSNaN64(x uint64) bool { return fNaN64(x) && x&(1<<51) == 0 }

// minMaxF32 returns v_min_f32 / v_max_f32 for the target: with MODE.IEEE
// (GFX9-GFX11 default) IEEE 754-2008 minNum/maxNum (a signalling NaN gives
// a quiet NaN); without it, and on GFX12 (v_min_num_f32, IEEE 754-2019
// minimumNumber), a NaN operand of either kind yields the other operand.
func (c *compiler) minMaxF32(isMax bool) func(a, b uint64, m alu.FPMode) uint64 {
	gfx12 := c.k.AMD.Family == traces.GFX12
	ieee := c.k.AMD.Mode&traces.AMDModeIEEE != 0 && !gfx12
	f := alu.MinNumF32
	if isMax {
		f = alu.MaxNumF32
	}
	if ieee {
		return func(a, b uint64, m alu.FPMode) uint64 { return uint64(f(uint32(a), uint32(b), m)) }
	}
	return func(a, b uint64, m alu.FPMode) uint64 {
		x, y := uint32(a), uint32(b)
		if fSNaN32(x) {
			x |= 0x400000
		}
		if fSNaN32(y) {
			y |= 0x400000
		}
		return uint64(f(x, y, m))
	}
}

// minMaxF64 is minMaxF32 for f64.
func (c *compiler) minMaxF64(isMax bool) func(a, b uint64, m alu.FPMode) uint64 {
	gfx12 := c.k.AMD.Family == traces.GFX12
	ieee := c.k.AMD.Mode&traces.AMDModeIEEE != 0 && !gfx12
	f := alu.MinNumF64
	if isMax {
		f = alu.MaxNumF64
	}
	if ieee {
		return func(a, b uint64, m alu.FPMode) uint64 { return f(a, b, m) }
	}
	return func(a, b uint64, m alu.FPMode) uint64 {
		if fSNaN64(a) {
			a |= 1 << 51
		}
		if fSNaN64(b) {
			b |= 1 << 51
		}
		return f(a, b, m)
	}
}

// minMax3F32 is v_min3_f32 / v_max3_f32: the two-operand operation applied
// twice.
func (c *compiler) minMax3F32(isMax bool) func(a, b, c uint64, m alu.FPMode) uint64 {
	f := c.minMaxF32(isMax)
	return func(a, b, cc uint64, m alu.FPMode) uint64 { return f(f(a, b, m), cc, m) }
}

// med3F32 is v_med3_f32: if any operand is a NaN, min3 of the three (AMD
// ISA text); otherwise the median.
func (c *compiler) med3F32() func(a, b, c uint64, m alu.FPMode) uint64 {
	mn, mx := c.minMaxF32(false), c.minMaxF32(true)
	return func(a, b, cc uint64, m alu.FPMode) uint64 {
		if fNaN32(uint32(a)) || fNaN32(uint32(b)) || fNaN32(uint32(cc)) {
			return mn(mn(a, b, m), cc, m)
		}
		return mx(mn(a, b, m), mn(mx(a, b, m), cc, m), m)
	}
}

// ldexpF32 is v_ldexp_f32: S0 * 2^S1 (S1 a signed integer), one rounding.
// The scaling is exact in f64 for every f32 and every exponent clamped to
// [-400, 400] (beyond, the result is the same as at the bound), so the one
// rounding is the f64-to-f32 conversion.
func ldexpF32(a, b uint64, m alu.FPMode) uint64 {
	x := uint32(a)
	if m&alu.FlushIn != 0 {
		x = flushF32(x)
	}
	if fNaN32(x) {
		return uint64(x | 0x400000)
	}
	if x&0x7fffffff == 0 || x&0x7fffffff == 0x7f800000 {
		return uint64(x)
	}
	e := int(int32(uint32(b)))
	e = max(-400, min(400, e))
	f := math.Ldexp(float64(math.Float32frombits(x)), e) // exact (see above)
	return uint64(alu.CvtF64ToF32(math.Float64bits(f), m&^alu.FlushIn))
}

// ldexpF64 is v_ldexp_f64: S0 * 2^S1 with one rounding. Scaling down is
// done first in exact steps that keep the value normal, scaling up in exact
// steps of 2^1000 (an overflow there is final), then one rounded
// multiplication by a representable power of two.
func ldexpF64(a, b uint64, m alu.FPMode) uint64 {
	if m&alu.FlushIn != 0 && a&0x7ff0000000000000 == 0 {
		a &= 1 << 63
	}
	if fNaN64(a) {
		return a | 1<<51
	}
	if a&(1<<63-1) == 0 || a&(1<<63-1) == 0x7ff0000000000000 {
		return a
	}
	mm := m &^ alu.FlushIn
	e := max(-2200, min(2200, int(int32(uint32(b)))))
	if e < 0 {
		ea := int(a >> 52 & 0x7ff)
		k := max(e, 1-ea) // a * 2^k stays normal: exact
		if ea == 0 {
			k = 0
		}
		for k < 0 {
			step := max(k, -1000)
			a = alu.MulF64(a, pow2F64(step), mm)
			k -= step
			e -= step
		}
		e = max(e, -1074)
	} else {
		for e > 1000 {
			a = alu.MulF64(a, pow2F64(1000), mm)
			e -= 1000
		}
	}
	return alu.MulF64(a, pow2F64(e), mm)
}

// pow2F64 is 2^k as f64 bits, for k in [-1074, 1023].
func pow2F64(k int) uint64 { return math.Float64bits(math.Ldexp(1, k)) }

// rsqF32 is v_rsq_f32. Provisional model, like alu.RcpF32: the
// reciprocal of the correctly rounded square root, rounded again (within
// AMD's documented 1 ulp).
func rsqF32(a uint64, m alu.FPMode) uint64 {
	return uint64(alu.RcpF32(alu.SqrtF32(uint32(a), m), m))
}

// rcpF64 is v_rcp_f64. Provisional model: the correctly rounded 1/x.
func rcpF64(a uint64, m alu.FPMode) uint64 {
	return alu.DivF64(0x3ff0000000000000, a, m)
}

// rsqF64 is v_rsq_f64. Provisional model, as rsqF32.
func rsqF64(a uint64, m alu.FPMode) uint64 {
	return alu.DivF64(0x3ff0000000000000, alu.SqrtF64(a, m), m)
}

// roundF32 returns v_trunc/ceil/floor/rndne_f32.
func roundF32(r alu.Rounding) func(a uint64, m alu.FPMode) uint64 {
	return func(a uint64, m alu.FPMode) uint64 {
		return alu.CvtRoundIntegral(a&mask32, alu.FloatF32, r, m)
	}
}

// roundF64 returns v_trunc/ceil/floor/rndne_f64.
func roundF64(r alu.Rounding) func(a uint64, m alu.FPMode) uint64 {
	return func(a uint64, m alu.FPMode) uint64 {
		return alu.CvtRoundIntegral(a, alu.FloatF64, r, m)
	}
}

// fractF32 is v_fract_f32: S0 - floor(S0), at most the largest f32 below
// 1.0; a NaN stays a (quiet) NaN, an infinity gives a NaN.
func fractF32(a uint64, m alu.FPMode) uint64 {
	x := uint32(a)
	if m&alu.FlushIn != 0 {
		x = flushF32(x)
	}
	switch {
	case fNaN32(x):
		return uint64(x | 0x400000)
	case x&0x7fffffff == 0x7f800000:
		return 0x7fc00000
	}
	fl := uint32(alu.CvtRoundIntegral(uint64(x), alu.FloatF32, alu.RoundNegInf, m))
	r := alu.SubF32(x, fl, m)
	if r&0x80000000 == 0 && r > 0x3f7fffff {
		r = 0x3f7fffff
	}
	return uint64(r)
}

// fractF64 is v_fract_f64, as fractF32.
func fractF64(a uint64, m alu.FPMode) uint64 {
	switch {
	case fNaN64(a):
		return a | 1<<51
	case a&(1<<63-1) == 0x7ff0000000000000:
		return 0x7ff8000000000000
	}
	fl := alu.CvtRoundIntegral(a, alu.FloatF64, alu.RoundNegInf, m)
	r := alu.SubF64(a, fl, m)
	if r>>63 == 0 && r > 0x3fefffffffffffff {
		r = 0x3fefffffffffffff
	}
	return r
}

// frexpMantF32 is v_frexp_mant_f32: the significand scaled to [0.5, 1)
// with S0's sign; zero stays zero; an infinity or NaN gives a NaN (AMD ISA
// text).
func frexpMantF32(a uint64, m alu.FPMode) uint64 {
	x := uint32(a)
	if m&alu.FlushIn != 0 {
		x = flushF32(x)
	}
	switch {
	case fNaN32(x):
		return uint64(x | 0x400000)
	case x&0x7fffffff == 0x7f800000:
		return 0x7fc00000
	case x&0x7fffffff == 0:
		return uint64(x)
	}
	f, _ := math.Frexp(float64(math.Float32frombits(x)))
	return uint64(math.Float32bits(float32(f))) // exact: same significand
}

// frexpExpF32 is v_frexp_exp_i32_f32: the exponent e with S0 = m * 2^e and
// |m| in [0.5, 1); 0 for zero, infinities and NaN.
func frexpExpF32(a uint64, m alu.FPMode) uint64 {
	x := uint32(a)
	if m&alu.FlushIn != 0 {
		x = flushF32(x)
	}
	if fNaN32(x) || x&0x7fffffff == 0x7f800000 || x&0x7fffffff == 0 {
		return 0
	}
	_, e := math.Frexp(float64(math.Float32frombits(x)))
	return uint64(uint32(int32(e)))
}

// frexpMantF64 is v_frexp_mant_f64, as frexpMantF32.
func frexpMantF64(a uint64, m alu.FPMode) uint64 {
	if m&alu.FlushIn != 0 && a&0x7ff0000000000000 == 0 {
		a &= 1 << 63
	}
	switch {
	case fNaN64(a):
		return a | 1<<51
	case a&(1<<63-1) == 0x7ff0000000000000:
		return 0x7ff8000000000000
	case a&(1<<63-1) == 0:
		return a
	}
	f, _ := math.Frexp(math.Float64frombits(a))
	return math.Float64bits(f)
}

// frexpExpF64 is v_frexp_exp_i32_f64, as frexpExpF32.
func frexpExpF64(a uint64, m alu.FPMode) uint64 {
	if m&alu.FlushIn != 0 && a&0x7ff0000000000000 == 0 {
		a &= 1 << 63
	}
	if fNaN64(a) || a&(1<<63-1) == 0x7ff0000000000000 || a&(1<<63-1) == 0 {
		return 0
	}
	_, e := math.Frexp(math.Float64frombits(a))
	return uint64(uint32(int32(e)))
}

// cvtIntF returns an integer-to-float conversion rounded per MODE.
func cvtIntF(from alu.IntType, to alu.FloatType) func(a uint64, m alu.FPMode) uint64 {
	return func(a uint64, m alu.FPMode) uint64 { return alu.CvtIntToFloat(a&mask32, from, to, m) }
}

// cvtFInt returns a float-to-integer conversion with rounding r,
// saturating, NaN to 0 (AMD ISA: out-of-range values clamp).
func cvtFInt(from alu.FloatType, to alu.IntType, r alu.Rounding) func(a uint64, m alu.FPMode) uint64 {
	return func(a uint64, m alu.FPMode) uint64 {
		if from == alu.FloatF32 {
			a &= mask32
		}
		return alu.CvtFloatToInt(a, from, to, r, m) & mask32
	}
}

func cvtF32F64(a uint64, m alu.FPMode) uint64 { return alu.CvtF32ToF64(uint32(a), m) }
func cvtF64F32(a uint64, m alu.FPMode) uint64 { return uint64(alu.CvtF64ToF32(a, m)) }
func cvtF32F16(a uint64, m alu.FPMode) uint64 { return uint64(alu.CvtF32ToF16(uint32(a), m)) }
func cvtF16F32(a uint64, m alu.FPMode) uint64 { return uint64(alu.CvtF16ToF32(uint16(a), m)) }

// cvtUbyte returns v_cvt_f32_ubyteN: byte N of S0 as an f32 (exact).
func cvtUbyte(n int) func(a uint64, m alu.FPMode) uint64 {
	return func(a uint64, m alu.FPMode) uint64 {
		return alu.CvtIntToFloat(a>>(8*n)&0xff, alu.IntU32, alu.FloatF32, m)
	}
}
