package ptx

import (
	"github.com/gpusim/gpusim/alu"
	"github.com/gpusim/gpusim/traces"
	"github.com/gpusim/gpusim/warp"
)

// Approximate functions that PTX defines but package alu has no unit for:
// they are built here from alu's units and IEEE operations. All are
// provisional (no silicon evidence yet) and marked so below.

// isHalfType reports the 16-bit float types and their packed pairs.
func isHalfType(t traces.Type) bool {
	return t == traces.F16 || t == traces.F16x2 || t == traces.BF16 || t == traces.BF16x2
}

// tanhF16 is tanh.approx.f16 (PTX ISA 7.0, sm_75+; subnormals supported).
// Provisional model, as numerics.md section 2 does for ex2: widen exactly to
// f32, apply the f32 tanh model (alu.TanhApproxF32), round to f16 to nearest
// even (subnormal results kept), NaN -> 0x7fff. The PTX bound is an
// absolute error of 2^-10.987.
func tanhF16(h uint16) uint16 {
	return alu.F32ToF16(alu.TanhApproxF32(alu.F16ToF32(h)), alu.FPMode(alu.RoundNearestEven)|alu.CanonicalNaN)
}

// tanhBF16 is tanh.approx.bf16 (PTX ISA 7.8, sm_90+; subnormals supported):
// the same provisional model rounded to bf16 (NaN -> 0x7fff). The PTX bound
// is an absolute error of 2^-8.
func tanhBF16(h uint16) uint16 {
	return alu.F32ToBF16(alu.TanhApproxF32(alu.BF16ToF32(h)), alu.FPMode(alu.RoundNearestEven)|alu.CanonicalNaN)
}

// f64 bit patterns used by rsqrtApproxF64.
const (
	f64SignBit  = 1 << 63
	f64ExpMask  = 0x7ff0000000000000
	f64PosInf   = 0x7ff0000000000000
	f64One      = 0x3ff0000000000000
	f64Half     = 0x3fe0000000000000
	f64Two54    = 0x4350000000000000 // 2^54
	f64Two27    = 0x41a0000000000000 // 2^27
	f64Rsq64NaN = 0x7fffffff00000000 // MUFU.RSQ64H's canonical NaN
)

// rsqrtApproxF64 is rsqrt.approx.f64 (no .ftz; PTX ISA 1.0, sm_13+), which
// PTX documents as emulated in software, with subnormal inputs supported
// and the corner cases -Inf, -normal -> NaN, -0 -> -Inf, +0 -> +Inf,
// +Inf -> +0, NaN -> NaN. Provisional model (ptxas's exact sequence is not
// public): a subnormal input is scaled by 2^54 (exact) and the result by
// 2^27; the seed is MUFU.RSQ64H (alu.RsqrtApproxF64Ftz, about 2^-20
// relative); two Newton-Raphson steps in f64 with fused multiply-adds,
// round to nearest even (h = x*y; e = 1 - h*y; y += (y/2)*e), bring it to
// within about an ulp of 1/sqrt(x). A NaN input comes back quieted; a
// negative input gives MUFU.RSQ64H's NaN 0x7fffffff00000000, which the
// refinement carries through.
func rsqrtApproxF64(x uint64) uint64 {
	const md = alu.FPMode(alu.RoundNearestEven)
	mag := x &^ f64SignBit
	switch {
	case mag > f64PosInf:
		return x | 1<<51
	case mag == 0:
		return x&f64SignBit | f64PosInf
	case x&f64SignBit != 0:
		return f64Rsq64NaN
	case x == f64PosInf:
		return 0
	}
	scaled := x&f64ExpMask == 0
	if scaled {
		x = alu.MulF64(x, f64Two54, md)
	}
	y := alu.RsqrtApproxF64Ftz(x)
	for i := 0; i < 2; i++ {
		h := alu.MulF64(x, y, md)
		e := alu.FmaF64(h^f64SignBit, y, f64One, md)
		y = alu.FmaF64(alu.MulF64(y, f64Half, md), e, y, md)
	}
	if scaled {
		y = alu.MulF64(y, f64Two27, md)
	}
	return y
}

// xorsignAbs wraps a min/max function f of type t (f32, f16, bf16 or a
// packed pair) with .xorsign.abs (PTX ISA 7.2, sm_86+): per element, f sees
// |a| and |b|, and a result that is not NaN gets the XOR of the two input
// sign bits as its sign (a NaN result is left as f returned it).
func xorsignAbs(t traces.Type, f func(a, b uint64) uint64) func(a, b uint64) uint64 {
	sign, inf, ew, n := uint64(0x8000), uint64(0x7c00), uint(16), 1
	switch t {
	case traces.F32:
		sign, inf, ew = 0x80000000, 0x7f800000, 32
	case traces.BF16, traces.BF16x2:
		inf = 0x7f80
	}
	if t == traces.F16x2 || t == traces.BF16x2 {
		n = 2
	}
	signs := sign
	if n == 2 {
		signs |= sign << 16
	}
	em := warp.LowMask(int(ew))
	return func(a, b uint64) uint64 {
		r := f(a&^signs, b&^signs)
		x := (a ^ b) & signs
		for i := 0; i < n; i++ {
			sh := uint(i) * ew
			if r>>sh&em&^sign > inf {
				continue // NaN: the modifiers are ignored
			}
			r = r&^(sign<<sh) | x&(sign<<sh)
		}
		return r
	}
}
