package ptx

import (
	"github.com/gpusim/gpusim/alu"
	"github.com/gpusim/gpusim/traces"
)

// div.approx.f32 and div.full.f32 (with and without .ftz) as the SASS that
// ptxas emits for them: one MUFU.RCP (the launch model's RcpApproxF32Ftz,
// which is that unit) and IEEE multiplies around it (alu.MulF32/FmaF32,
// round to nearest even, canonical NaN). The sequences are built here from
// those alu pieces; package alu has no division model of its own.
//
// div.approx.f32 (sm_89, CUDA 13.2, __fdividef: sass-king
// 11_division_slow_path/sm_89/11j_fdividef.sass):
//
//	FSETP.GEU.AND P0, PT, |b|, 2^-126, PT
//	@!P0 FMUL b, b, 2^24
//	@!P0 FMUL a, a, 2^24
//	MUFU.RCP r, b
//	FMUL d, r, a
//
// So a subnormal or zero b (and its a) is scaled by 2^24 first; for |b| in
// [2^-126, 2^126] the quotient is within 2 ulp (PTX ISA, div). For 2^126 <
// |b| < 2^128 the reciprocal is below 2^-126 and MUFU.RCP flushes it to
// zero, so d is ±0, or NaN when a is infinite, as the PTX ISA states.
// div.approx.ftz.f32 is MUFU.RCP then FMUL.FTZ (no scaling: a subnormal b
// counts as zero and gives ±Inf; subnormal a and results flush).
//
// div.full.f32 (observed SASS of a non-ftz `a / b` built with -prec-div=false,
// quoted in a public analysis of sglang's per_token_group_quant_8bit kernel
// on sm_90):
//
//	FSETP.GE.AND P1, PT, |b|, 2^126, PT
//	@P1 FMUL b, b, 0.25
//	(the div.approx.f32 sequence above on the possibly scaled b)
//	@P1 FFMA d, d, 0.25, -0
//
// which keeps the reciprocal normal up to |b| = 2^128 (2 ulp over the whole
// range). div.full.ftz.f32 is modelled as the same with every FMUL/FFMA
// flushing and without the 2^24 step (provisional: derived from the non-ftz
// sequence and the ftz rule, not observed).

const (
	f32AbsMask    = 0x7fffffff
	f32PosInfBits = 0x7f800000
	f32MinNormal  = 0x00800000 // 2^-126
	f32Two126     = 0x7e800000 // 2^126
	f32Two24      = 0x4b800000 // 2^24
	f32Quarter    = 0x3e800000 // 0.25
	f32NegZero    = 0x80000000
)

// The FMUL/FFMA modes: round to nearest even, NVIDIA's canonical NaN, and
// flushing for the .ftz forms.
const (
	divRN    = alu.FPMode(alu.RoundNearestEven) | alu.CanonicalNaN
	divRNFtz = divRN | alu.FTZ
)

// divApproxF32 is div.approx.f32 (ftz: div.approx.ftz.f32) with rcp as
// MUFU.RCP.
func divApproxF32(a, b uint32, rcp func(uint32) uint32, ftz bool) uint32 {
	if ftz {
		return alu.MulF32(rcp(b), a, divRNFtz)
	}
	if b&f32AbsMask < f32MinNormal { // FSETP.GEU fails: zero or subnormal (not NaN)
		b = alu.MulF32(b, f32Two24, divRN)
		a = alu.MulF32(a, f32Two24, divRN)
	}
	return alu.MulF32(rcp(b), a, divRN)
}

// divFullF32 is div.full.f32 (ftz: div.full.ftz.f32) with rcp as MUFU.RCP.
func divFullF32(a, b uint32, rcp func(uint32) uint32, ftz bool) uint32 {
	md := divRN
	if ftz {
		md = divRNFtz
	}
	abs := b & f32AbsMask
	big := abs >= f32Two126 && abs <= f32PosInfBits // FSETP.GE: false for NaN
	if big {
		b = alu.MulF32(b, f32Quarter, md)
	}
	if !ftz && b&f32AbsMask < f32MinNormal {
		b = alu.MulF32(b, f32Two24, md)
		a = alu.MulF32(a, f32Two24, md)
	}
	d := alu.MulF32(rcp(b), a, md)
	if big {
		d = alu.FmaF32(d, f32Quarter, f32NegZero, md)
	}
	return d
}

// divModel returns the model kind of a div.approx/div.full instruction.
func divModel(in *traces.Inst) uint64 {
	ftz := in.Flags.Has(traces.FlagFtz)
	switch {
	case in.Flags.Has(traces.FlagFull) && ftz:
		return modelDivFullF32Ftz
	case in.Flags.Has(traces.FlagFull):
		return modelDivFullF32
	case ftz:
		return modelDivApproxF32Ftz
	}
	return modelDivApproxF32
}

// execModel2 runs the two-operand model functions (the divisions) through
// the launch's *alu.Model.
func execModel2(w *Warp, o *op, m uint64) error {
	rcp := w.b.l.cfg.Model.RcpApproxF32Ftz
	a, b := w.in(o, 0), w.in(o, 1)
	d := w.out(o, 0)
	do := &o.dst[0]
	full := o.aux == modelDivFullF32 || o.aux == modelDivFullF32Ftz
	ftz := o.aux == modelDivApproxF32Ftz || o.aux == modelDivFullF32Ftz
	for ; m != 0; m &= m - 1 {
		l := tz(m)
		var r uint32
		if full {
			r = divFullF32(uint32(a[l]), uint32(b[l]), rcp, ftz)
		} else {
			r = divApproxF32(uint32(a[l]), uint32(b[l]), rcp, ftz)
		}
		d[l] = ext(uint64(r), do)
	}
	return nil
}
