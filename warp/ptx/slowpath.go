package ptx

import (
	"math"
	"math/bits"

	"github.com/gpusim/gpusim/traces"
)

// Data-dependent slow paths. For some forms ptxas emits a fast path and a
// branch to slower code (a called subroutine) that the operands' classes
// decide: division and square root of subnormal, huge or special operands,
// reciprocals whose result would leave the normal range. The timing model
// issues the slow code when any executing lane takes it (a warp runs both
// ways of a divergent branch), so the warp reports it in Result.Slow; the
// values are the same either way (package alu computes the correctly
// rounded result in one step).
//
// Each test below is the fast path's own test as ptxas 11.8 emits it for
// sm_75, sm_80, sm_86 and sm_89 (the same instructions on all four, read
// from cuobjdump -sass of the tools/sassexp kernels), on the operands' bits,
// except div.rn.f32, whose FCHK instruction's condition NVIDIA does not
// document: gpusim's FCHK takes the slow path for what the slow code
// handles (see fchkF32). The tables in config/presets/expand give the slow
// code's machine instructions (slow_ops).

// slowPathTest returns the test of instruction in's operands that sends
// its code down the slow path, nil when its code has none.
func slowPathTest(in *traces.Inst) func(w *Warp, o *op, m uint64) bool {
	f := in.Flags
	switch {
	case in.Op == traces.OpDiv && in.Type == traces.F32 && in.Rnd == traces.RndRN:
		return slow2(fchkF32)
	case in.Op == traces.OpDiv && in.Type == traces.F64 && in.Rnd == traces.RndRN:
		return slow2(divF64Slow)
	case in.Op == traces.OpRcp && in.Type == traces.F32 && in.Rnd == traces.RndRN && !f.Has(traces.FlagFtz):
		return slow1(rcpF32Slow)
	case in.Op == traces.OpRcp && in.Type == traces.F64 && in.Rnd == traces.RndRN:
		return slow1(rcpF64Slow)
	case in.Op == traces.OpSqrt && in.Type == traces.F32 && in.Rnd == traces.RndRN && !f.Has(traces.FlagFtz):
		return slow1(sqrtF32Slow)
	case in.Op == traces.OpSqrt && in.Type == traces.F64 && in.Rnd == traces.RndRN:
		return slow1(sqrtF64Slow)
	case in.Op == traces.OpRsqrt && in.Type == traces.F64 && f.Has(traces.FlagApprox) && !f.Has(traces.FlagFtz):
		return slow1(rsqrtF64Slow)
	case in.Op == traces.OpFns:
		// ISETP.EQ offset, 0 then a branch: a zero offset is the short way.
		return func(w *Warp, o *op, m uint64) bool {
			off := w.in(o, 2)
			for ; m != 0; m &= m - 1 {
				if uint32(off[bits.TrailingZeros64(m)]) != 0 {
					return true
				}
			}
			return false
		}
	}
	return nil
}

// slow1 and slow2 apply a per-lane test to the executing lanes: the warp
// takes the slow path if any of them does.
func slow1(t func(a uint64) bool) func(w *Warp, o *op, m uint64) bool {
	return func(w *Warp, o *op, m uint64) bool {
		a := w.in(o, 0)
		for ; m != 0; m &= m - 1 {
			if t(a[bits.TrailingZeros64(m)]) {
				return true
			}
		}
		return false
	}
}

func slow2(t func(a, b uint64) bool) func(w *Warp, o *op, m uint64) bool {
	return func(w *Warp, o *op, m uint64) bool {
		a, b := w.in(o, 0), w.in(o, 1)
		for ; m != 0; m &= m - 1 {
			l := bits.TrailingZeros64(m)
			if t(a[l], b[l]) {
				return true
			}
		}
		return false
	}
}

// fchkF32 is gpusim's FCHK for div.rn.f32 and div.rn.ftz.f32: the slow
// path when the fast path (MUFU.RCP, two Newton steps, a residual
// correction) is not known to be correctly rounded. Its subroutine handles
// zero, subnormal, infinite and NaN operands (exponent field 0 or 255, the
// subroutine's first test), so those take it; so do a divisor of magnitude
// 2^126 or more (its reciprocal is subnormal and MUFU.RCP flushes it), a
// dividend below 2^-102 (the residual a - b*q underflows) and quotients
// whose exponent leaves [-125, 126] (overflow, or a subnormal result, which
// the subroutine scales). An approximation of the hardware test, on the
// side of taking the slow path.
func fchkF32(a, b uint64) bool {
	ea, eb := int(uint32(a)>>23&0xff), int(uint32(b)>>23&0xff)
	switch {
	case ea == 0 || ea == 0xff || eb == 0 || eb == 0xff:
		return true
	case eb >= 253 || ea <= 24:
		return true
	}
	d := ea - eb
	return d >= 127 || d <= -125
}

// rcpF32Slow: IADD3 r, x, 0x1800000; LOP3 r &= 0x7f800000; ISETP.GT.U32 P0,
// r, 0x1ffffff; @P0 BRA fast. The exponent field plus 3 (mod 256) at most
// 3: zero and subnormals (0), infinities and NaNs (255) and |x| >= 2^126
// (253, 254), whose reciprocal is subnormal.
func rcpF32Slow(x uint64) bool {
	return (uint32(x)+0x01800000)&0x7f800000 <= 0x01ffffff
}

// sqrtF32Slow: IADD3 r, x, -0xd000000; ISETP.GT.U32 P0, r, 0x727fffff;
// @!P0 BRA fast. Fast for positive x with exponent field 26..254; slow for
// negatives, x < 2^-101 (zero and subnormals included), infinity and NaN.
func sqrtF32Slow(x uint64) bool {
	return uint32(x)-0x0d000000 > 0x727fffff
}

// rcpF64Slow: IADD3 r, hi(x), 0x300402; FSETP.GEU P0, |r|, 0x00400402 (an
// f32 bit pattern); @P0 BRA fast. As f32 magnitudes, non-NaN patterns
// order like integers and a NaN compares unordered (GEU true).
func rcpF64Slow(x uint64) bool {
	r := (uint32(x>>32) + 0x300402) & 0x7fffffff
	return r < 0x00400402
}

// sqrtF64Slow: IADD3 r, hi(x), -0x3500000; ISETP.GE.U32 P0, r, 0x7ca00000;
// @!P0 BRA fast: fast for positive x with hi(x) in [0x03500000, 0x7fefffff].
func sqrtF64Slow(x uint64) bool {
	return uint32(x>>32)-0x03500000 >= 0x7ca00000
}

// rsqrtF64Slow: IADD3 r, hi(x), -0x100000; ISETP.GE.U32 P0, r, 0x7fe00000;
// @!P0 BRA fast: fast for positive normal x.
func rsqrtF64Slow(x uint64) bool {
	return uint32(x>>32)-0x00100000 >= 0x7fe00000
}

// divF64Slow: FSETP.GTU P1, |hi(a)|, 0x035b7333; FFMA r, RZ, hi(b), hi(q);
// FSETP.GT P0, |r|, 0x00055555; @P0 BRA P1, fast, with q the fast path's
// quotient (here the correctly rounded one, which the fast path computes
// whenever it is taken) and every operand an f32 bit pattern: r is NaN
// when hi(b) is an f32 infinity or NaN (0 x inf), else hi(q).
func divF64Slow(a, b uint64) bool {
	p1 := uint32(a>>32)&0x7fffffff > 0x035b7333 // GTU: NaN patterns compare true too
	if uint32(b>>32)&0x7fffffff >= 0x7f800000 {
		return true // r is NaN: GT is false
	}
	q := math.Float64bits(math.Float64frombits(a) / math.Float64frombits(b))
	z := uint32(q>>32) & 0x7fffffff
	p0 := z > 0x00055555 && z <= 0x7f800000
	return !(p0 && p1)
}
