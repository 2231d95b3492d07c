package ptx

import (
	"github.com/gpusim/gpusim/alu"
	"github.com/gpusim/gpusim/traces"
	"github.com/gpusim/gpusim/warp"
)

// cvt: conversions between integer and floating-point types. Every
// conversion that involves a floating-point type goes through package alu
// (CvtFloat, CvtFloatToInt, CvtIntToFloat, CvtRoundIntegral, SatFloat,
// ReluFloat); integer-to-integer conversions are bit operations here.

// intType maps an integer (or bit-size) cvt type to alu's; ok is false for
// non-integer types.
func intType(t traces.Type) (alu.IntType, bool) {
	switch t {
	case traces.S8:
		return alu.IntS8, true
	case traces.S16:
		return alu.IntS16, true
	case traces.S32:
		return alu.IntS32, true
	case traces.S64:
		return alu.IntS64, true
	case traces.U8, traces.B8:
		return alu.IntU8, true
	case traces.U16, traces.B16:
		return alu.IntU16, true
	case traces.U32, traces.B32:
		return alu.IntU32, true
	case traces.U64, traces.B64:
		return alu.IntU64, true
	}
	return 0, false
}

// floatType maps a floating-point cvt type to alu's.
func floatType(t traces.Type) (alu.FloatType, bool) {
	switch t {
	case traces.F16, traces.F16x2:
		return alu.FloatF16, true
	case traces.BF16, traces.BF16x2:
		return alu.FloatBF16, true
	case traces.TF32:
		return alu.FloatTF32, true
	case traces.F32:
		return alu.FloatF32, true
	case traces.F64:
		return alu.FloatF64, true
	}
	return 0, false
}

// intRange is the range of integer type t.
func intRange(t traces.Type) (lo int64, hi uint64) {
	n := t.Bits()
	if t.IsSigned() {
		return -1 << uint(n-1), 1<<uint(n-1) - 1
	}
	return 0, warp.LowMask(n)
}

// intToIntSat converts integer bits v of type st to type dt with .sat.
func intToIntSat(v uint64, st, dt traces.Type) uint64 {
	lo, hi := intRange(dt)
	if st.IsSigned() {
		s := sx(v, st.Bits())
		if s < lo {
			return uint64(lo)
		}
		if s >= 0 && uint64(s) > hi {
			return hi
		}
		return uint64(s)
	}
	u := v & warp.LowMask(st.Bits())
	if u > hi {
		return hi
	}
	return u
}

// satFinite is .satfinite: an infinite result becomes the largest finite
// value of its sign (NaN stays NaN).
func satFinite(r uint64, t alu.FloatType) uint64 {
	var inf, sign uint64
	switch t {
	case alu.FloatF16:
		inf, sign = 0x7c00, 0x8000
	case alu.FloatBF16:
		inf, sign = 0x7f80, 0x8000
	case alu.FloatTF32:
		// Largest finite TF32: the f32 maximum with its low 13 bits cleared.
		if r&0x7fffffff == 0x7f800000 {
			return r&0x80000000 | 0x7f7fe000
		}
		return r
	case alu.FloatF32:
		inf, sign = 0x7f800000, 0x80000000
	default:
		inf, sign = 0x7ff0000000000000, 1<<63
	}
	if r&^sign == inf {
		return r&sign | (inf - 1)
	}
	return r
}

// aluRounding maps a PTX rounding modifier (float or integer form) to alu's.
func aluRounding(r traces.Rounding) alu.Rounding { return fpModeRounding(r) }

func (c *compiler) cvt(in *traces.Inst, o *op) error {
	dt, st := in.Type, in.Type2
	fl := in.Flags
	ftz, sat, relu, satf := fl.Has(traces.FlagFtz), fl.Has(traces.FlagSat), fl.Has(traces.FlagRelu), fl.Has(traces.FlagSatFinite)
	rnd := in.Rnd
	irnd := rnd >= traces.RndRNI && rnd <= traces.RndRPI
	frnd := rnd >= traces.RndRN && rnd <= traces.RndRNA
	md := fpMode(in)
	di, dInt := intType(dt)
	si, sInt := intType(st)
	df, dFloat := floatType(dt)
	sf, sFloat := floatType(st)

	if dt == traces.F16x2 || dt == traces.BF16x2 {
		// cvt.frnd{.relu}{.satfinite}.f16x2.f32 d, a, b: d.hi = cvt(a), d.lo = cvt(b).
		if st != traces.F32 || in.NSrc != 2 || !frnd || rnd == traces.RndRNA {
			return c.unsupported(in, "cvt to ."+dt.String()+" from ."+st.String())
		}
		if err := c.std(in, o, dt, st, st); err != nil {
			return err
		}
		one := floatResult(alu.FloatF32, df, md, false, relu, satf)
		o.f2 = func(a, b uint64) uint64 { return one(a)<<16 | one(b) }
		return nil
	}
	if err := c.std(in, o, dt, st); err != nil {
		return err
	}
	if ftz && st != traces.F32 && dt != traces.F32 {
		return c.errf(in, ".ftz needs an .f32 source or destination")
	}
	if (relu || satf) && !(dFloat && sFloat && dt.Bits() < st.Bits()) && dt != traces.TF32 {
		return c.errf(in, ".relu and .satfinite apply to narrowing float conversions")
	}
	switch {
	case dInt && sInt:
		if frnd || irnd {
			return c.errf(in, "integer-to-integer conversions take no rounding modifier")
		}
		switch {
		case sat:
			o.f1 = func(a uint64) uint64 { return intToIntSat(a, st, dt) }
		case st.IsSigned():
			n := st.Bits()
			o.f1 = func(a uint64) uint64 { return uint64(sx(a, n)) }
		default:
			m := warp.LowMask(st.Bits())
			o.f1 = func(a uint64) uint64 { return a & m }
		}
		return nil

	case dInt && sFloat:
		if !irnd {
			return c.errf(in, "float-to-integer conversions need .rni, .rzi, .rmi or .rpi")
		}
		if st == traces.TF32 {
			return c.errf(in, "cvt from .tf32 is not defined")
		}
		r := aluRounding(rnd)
		o.f1 = func(a uint64) uint64 { return alu.CvtFloatToInt(a, sf, di, r, md) }
		return nil

	case dFloat && sInt:
		if !frnd || rnd == traces.RndRNA {
			return c.errf(in, "integer-to-float conversions need .rn, .rz, .rm or .rp")
		}
		if dt == traces.TF32 {
			return c.errf(in, "cvt to .tf32 takes an .f32 source")
		}
		p := post(dt, sat, false)
		o.f1 = func(a uint64) uint64 {
			r := alu.CvtIntToFloat(a, si, df, md)
			if p != nil {
				r = p(r)
			}
			return r
		}
		return nil

	case dFloat && sFloat:
		if st == traces.TF32 {
			return c.errf(in, "cvt from .tf32 is not defined")
		}
		switch {
		case dt == traces.TF32:
			if st != traces.F32 || !frnd {
				return c.errf(in, "cvt to .tf32 needs an .f32 source and .rna, .rn or .rz")
			}
		case dt == st:
			if frnd {
				return c.errf(in, "cvt.%s.%s takes an integer rounding modifier or none", dt, st)
			}
		case dt.Bits() > st.Bits() || (dt == traces.F32 && st == traces.BF16):
			if frnd {
				return c.errf(in, "a widening conversion takes no floating-point rounding modifier")
			}
		default:
			if !frnd || rnd == traces.RndRNA {
				return c.errf(in, "a narrowing conversion needs .rn, .rz, .rm or .rp")
			}
		}
		if irnd {
			r := aluRounding(rnd)
			p := post(dt, sat, false)
			o.f1 = func(a uint64) uint64 {
				x := a
				if st != dt {
					x = alu.CvtFloat(a, sf, df, md)
				}
				x = alu.CvtRoundIntegral(x, df, r, md)
				if p != nil {
					x = p(x)
				}
				return x
			}
			return nil
		}
		o.f1 = floatResult(sf, df, md, sat, relu, satf)
		return nil
	}
	return c.unsupported(in, "cvt to ."+dt.String()+" from ."+st.String())
}

// floatResult is one float-to-float conversion with its saturation modes.
func floatResult(sf, df alu.FloatType, md alu.FPMode, sat, relu, satf bool) func(uint64) uint64 {
	return func(a uint64) uint64 {
		r := alu.CvtFloat(a, sf, df, md)
		if satf {
			r = satFinite(r, df)
		}
		if relu {
			r = alu.ReluFloat(r, df)
		}
		if sat {
			r = alu.SatFloat(r, df)
		}
		return r
	}
}
