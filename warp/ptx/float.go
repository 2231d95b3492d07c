package ptx

import (
	"fmt"

	"github.com/gpusim/gpusim/alu"
	"github.com/gpusim/gpusim/traces"
)

// Floating-point instructions. Every operation whose rounding matters goes
// through package alu with an alu.FPMode built from the instruction: its
// rounding modifier (.rn when none is given, as PTX defines for add, sub,
// mul, fma and mad), .ftz (flush inputs and results), and NVIDIA's canonical
// NaN. Sign manipulation (abs, neg, copysign), classification (testp) and
// comparisons are bit operations here.

// fpModeRounding maps a PTX rounding modifier (float or integer form) to
// alu's rounding direction; none is round to nearest even.
func fpModeRounding(r traces.Rounding) alu.Rounding {
	switch r {
	case traces.RndRZ, traces.RndRZI:
		return alu.RoundZero
	case traces.RndRM, traces.RndRMI:
		return alu.RoundNegInf
	case traces.RndRP, traces.RndRPI:
		return alu.RoundPosInf
	case traces.RndRNA:
		return alu.RoundNearestAway
	}
	return alu.RoundNearestEven
}

// fpMode is the alu mode of instruction in. NVIDIA returns one canonical
// NaN (0x7fffffff, f16 0x7fff) from f32 and 16-bit arithmetic; f64
// arithmetic is modelled as IEEE propagation of the first NaN operand,
// quieted, with 0xfff8000000000000 (CUDA's CUDART_NAN) for invalid
// operations. The f64 rule is provisional: no public source states it, and
// a silicon capture (tools/silicon) can settle it.
func fpMode(in *traces.Inst) alu.FPMode {
	m := alu.Mode(fpModeRounding(in.Rnd), alu.CanonicalNaN)
	if in.Type == traces.F64 {
		m &^= alu.CanonicalNaN
	}
	if in.Flags.Has(traces.FlagFtz) {
		m |= alu.FTZ
	}
	return m
}

// Scalar adapters from the alu signatures to register slots.

type (
	f32op2 func(a, b uint32, m alu.FPMode) uint32
	f64op2 func(a, b uint64, m alu.FPMode) uint64
	f16op2 func(a, b uint16, m alu.FPMode) uint16
	f32op3 func(a, b, c uint32, m alu.FPMode) uint32
	f64op3 func(a, b, c uint64, m alu.FPMode) uint64
	f16op3 func(a, b, c uint16, m alu.FPMode) uint16
)

// binary returns the two-operand function for type t from the per-format
// alu functions (x2 forms apply the 16-bit function to each half).
func fbinary(t traces.Type, m alu.FPMode, f32 f32op2, f64 f64op2, f16, bf16 f16op2) func(a, b uint64) uint64 {
	switch t {
	case traces.F32:
		if f32 != nil {
			return func(a, b uint64) uint64 { return uint64(f32(uint32(a), uint32(b), m)) }
		}
	case traces.F64:
		if f64 != nil {
			return func(a, b uint64) uint64 { return f64(a, b, m) }
		}
	case traces.F16, traces.BF16, traces.F16x2, traces.BF16x2:
		h := f16
		if t == traces.BF16 || t == traces.BF16x2 {
			h = bf16
		}
		if h == nil {
			return nil
		}
		if t == traces.F16 || t == traces.BF16 {
			return func(a, b uint64) uint64 { return uint64(h(uint16(a), uint16(b), m)) }
		}
		return func(a, b uint64) uint64 {
			return uint64(h(uint16(a), uint16(b), m)) | uint64(h(uint16(a>>16), uint16(b>>16), m))<<16
		}
	}
	return nil
}

func fternary(t traces.Type, m alu.FPMode, f32 f32op3, f64 f64op3, f16, bf16 f16op3) func(a, b, c uint64) uint64 {
	switch t {
	case traces.F32:
		return func(a, b, c uint64) uint64 { return uint64(f32(uint32(a), uint32(b), uint32(c), m)) }
	case traces.F64:
		return func(a, b, c uint64) uint64 { return f64(a, b, c, m) }
	case traces.F16, traces.BF16:
		h := f16
		if t == traces.BF16 {
			h = bf16
		}
		return func(a, b, c uint64) uint64 { return uint64(h(uint16(a), uint16(b), uint16(c), m)) }
	case traces.F16x2, traces.BF16x2:
		h := f16
		if t == traces.BF16x2 {
			h = bf16
		}
		return func(a, b, c uint64) uint64 {
			return uint64(h(uint16(a), uint16(b), uint16(c), m)) | uint64(h(uint16(a>>16), uint16(b>>16), uint16(c>>16), m))<<16
		}
	}
	return nil
}

// unary16 lifts a 16-bit function to t (16-bit or packed x2).
func unary16(t traces.Type, h func(x uint16) uint16) func(a uint64) uint64 {
	if t == traces.F16x2 || t == traces.BF16x2 {
		return func(a uint64) uint64 { return uint64(h(uint16(a))) | uint64(h(uint16(a>>16)))<<16 }
	}
	return func(a uint64) uint64 { return uint64(h(uint16(a))) }
}

// halfFmt describes a 16-bit float format for bit-level helpers.
type halfFmt struct{ exp, canon, one uint16 }

func fmtOf(t traces.Type) halfFmt {
	if t == traces.BF16 || t == traces.BF16x2 {
		return halfFmt{exp: 0x7f80, canon: 0x7fff, one: 0x3f80}
	}
	return halfFmt{exp: 0x7c00, canon: 0x7fff, one: 0x3c00}
}

// post wraps a result function with .sat or .relu for type t (alu's
// SatFloat: clamp to [+0, 1], NaN and -0 give +0; ReluFloat: negative and
// -0 give +0, NaN the canonical NaN). Packed types apply it per half.
func post(t traces.Type, sat, relu bool) func(uint64) uint64 {
	ft, ok := floatType(t)
	if !ok || !(sat || relu) {
		return nil
	}
	g := func(x uint64) uint64 { return alu.SatFloat(x, ft) }
	if relu {
		g = func(x uint64) uint64 { return alu.ReluFloat(x, ft) }
	}
	if t == traces.F16x2 || t == traces.BF16x2 {
		return func(x uint64) uint64 { return g(x&0xffff) | g(x>>16&0xffff)<<16 }
	}
	return g
}

// float compiles the floating-point forms of the arithmetic opcodes and
// the float-only opcodes.
func (c *compiler) float(in *traces.Inst, o *op) error {
	t := in.Type
	fl := in.Flags
	md := fpMode(in)
	if t == traces.TF32 {
		return c.unsupported(in, in.Op.String()+" on .tf32")
	}
	// The front end (traces/ptx, check.go) has checked the modifiers:
	// which forms take .ftz, .sat, .relu, .xorsign.abs, .approx and
	// rounding. What is left here is choosing the functions.
	sat, relu := fl.Has(traces.FlagSat), fl.Has(traces.FlagRelu)
	switch in.Op {
	case traces.OpAdd, traces.OpSub, traces.OpMul:
		if err := c.std(in, o, t, t, t); err != nil {
			return err
		}
		switch in.Op {
		case traces.OpAdd:
			o.f2 = fbinary(t, md, alu.AddF32, alu.AddF64, alu.AddF16, alu.AddBF16)
			lanes(o, md, t, sat, alu.AddF32Lanes, alu.AddF64Lanes)
		case traces.OpSub:
			o.f2 = fbinary(t, md, alu.SubF32, alu.SubF64, alu.SubF16, alu.SubBF16)
			lanes(o, md, t, sat, alu.SubF32Lanes, alu.SubF64Lanes)
		default:
			o.f2 = fbinary(t, md, alu.MulF32, alu.MulF64, alu.MulF16, alu.MulBF16)
			lanes(o, md, t, sat, alu.MulF32Lanes, alu.MulF64Lanes)
		}
		return c.finish2(in, o, post(t, sat, false))
	case traces.OpFma, traces.OpMad:
		if err := c.std(in, o, t, t, t, t); err != nil {
			return err
		}
		o.f3 = fternary(t, md, alu.FmaF32, alu.FmaF64, alu.FmaF16, alu.FmaBF16)
		if p := post(t, sat, relu); p != nil {
			f := o.f3
			o.f3 = func(a, b, c uint64) uint64 { return p(f(a, b, c)) }
		} else if t == traces.F32 || t == traces.F64 {
			o.lanes3, o.fp, o.exec = alu.FmaF32Lanes, md, execLanes3
			if t == traces.F64 {
				o.lanes3 = alu.FmaF64Lanes
			}
		}
		return nil
	case traces.OpMin, traces.OpMax:
		xs := fl.Has(traces.FlagXorSign | traces.FlagAbs)
		if err := c.std(in, o, t, t, t); err != nil {
			return err
		}
		isMax, nan := in.Op == traces.OpMax, fl.Has(traces.FlagNaN)
		switch {
		case isMax && nan:
			o.f2 = fbinary(t, md, alu.MaxNaNF32, alu.MaxNaNF64, alu.MaxNaNF16, alu.MaxNaNBF16)
		case isMax:
			o.f2 = fbinary(t, md, alu.MaxF32, alu.MaxF64, alu.MaxF16, alu.MaxBF16)
		case nan:
			o.f2 = fbinary(t, md, alu.MinNaNF32, alu.MinNaNF64, alu.MinNaNF16, alu.MinNaNBF16)
		default:
			o.f2 = fbinary(t, md, alu.MinF32, alu.MinF64, alu.MinF16, alu.MinBF16)
		}
		if xs && o.f2 != nil {
			o.f2 = xorsignAbs(t, o.f2)
		}
		if err := c.finish2(in, o, nil); err != nil {
			return err
		}
		if t == traces.F32 && !xs && !nan {
			// The alu lane-vector form: no call per lane.
			o.lanes2, o.fp, o.exec = alu.MinF32Lanes, md, execLanes2
			if isMax {
				o.lanes2 = alu.MaxF32Lanes
			}
		}
		return nil
	case traces.OpAbs, traces.OpNeg:
		if err := c.std(in, o, t, t); err != nil {
			return err
		}
		o.f1 = signOp(t, in.Op == traces.OpNeg, fl.Has(traces.FlagFtz))
		return nil
	case traces.OpCopysign:
		if err := c.std(in, o, t, t, t); err != nil {
			return err
		}
		sb := uint64(1) << uint(t.Bits()-1)
		o.f2 = func(a, b uint64) uint64 { return b&^sb | a&sb }
		return nil
	case traces.OpTestp:
		return c.testp(in, o)
	case traces.OpDiv:
		return c.fdiv(in, o, md)
	case traces.OpRcp:
		return c.rcp(in, o, md)
	case traces.OpSqrt:
		return c.sqrt(in, o, md)
	case traces.OpRsqrt, traces.OpSin, traces.OpCos, traces.OpLg2, traces.OpEx2, traces.OpTanh:
		return c.mufu(in, o)
	}
	return c.unsupported(in, in.Op.String()+" of type ."+t.String())
}

// finish2 checks that a two-operand function exists for the type and
// applies a post-processing step.
func (c *compiler) finish2(in *traces.Inst, o *op, p func(uint64) uint64) error {
	if o.f2 == nil {
		return c.unsupported(in, in.Op.String()+" of type ."+in.Type.String())
	}
	if p != nil {
		f := o.f2
		o.f2 = func(a, b uint64) uint64 { return p(f(a, b)) }
	}
	return nil
}

// signOp is abs or neg on the bits. f64 passes NaNs through unchanged (the
// CUDA programming guide notes f64 abs/neg are not IEEE-compliant with
// respect to NaNs); f32 and the 16-bit formats compile to an add with -0
// (FADD/HADD2) on NVIDIA GPUs, so a NaN becomes the canonical NaN. .ftz
// flushes a subnormal input to a zero of its sign first.
func signOp(t traces.Type, neg, ftz bool) func(uint64) uint64 {
	switch t {
	case traces.F64:
		if neg {
			return func(a uint64) uint64 { return a ^ 1<<63 }
		}
		return func(a uint64) uint64 { return a &^ (1 << 63) }
	case traces.F32:
		return func(a uint64) uint64 {
			x := uint32(a)
			if x&0x7fffffff > 0x7f800000 {
				return 0x7fffffff
			}
			if ftz && x&0x7f800000 == 0 {
				x &= 0x80000000
			}
			if neg {
				return uint64(x ^ 0x80000000)
			}
			return uint64(x &^ 0x80000000)
		}
	}
	hf := fmtOf(t)
	return unary16(t, func(x uint16) uint16 {
		if x&0x7fff > hf.exp {
			return hf.canon
		}
		if ftz && x&hf.exp == 0 {
			x &= 0x8000
		}
		if neg {
			return x ^ 0x8000
		}
		return x &^ 0x8000
	})
}

func (c *compiler) testp(in *traces.Inst, o *op) error {
	t := in.Type
	var err error
	if o.dst[0], err = c.dstPredicate(in, 0); err != nil {
		return err
	}
	if in.NSrc != 1 {
		return c.errf(in, "expects one source operand")
	}
	if o.src[0], err = c.src(in, 0, t); err != nil {
		return err
	}
	expMask, fracMask := uint64(0x7f800000), uint64(0x007fffff)
	if t == traces.F64 {
		expMask, fracMask = 0x7ff0000000000000, 0x000fffffffffffff
	}
	var f func(a uint64) bool
	switch in.Mode {
	case traces.TestFinite:
		f = func(a uint64) bool { return a&expMask != expMask }
	case traces.TestInfinite:
		f = func(a uint64) bool { return a&expMask == expMask && a&fracMask == 0 }
	case traces.TestNumber:
		f = func(a uint64) bool { return a&expMask != expMask || a&fracMask == 0 }
	case traces.TestNotANumber:
		f = func(a uint64) bool { return a&expMask == expMask && a&fracMask != 0 }
	case traces.TestNormal:
		f = func(a uint64) bool { return a&expMask != expMask && a&expMask != 0 }
	case traces.TestSubnormal:
		f = func(a uint64) bool { return a&expMask == 0 && a&fracMask != 0 }
	default:
		return c.errf(in, "unknown testp mode")
	}
	o.cmp = func(a, _ uint64) bool { return f(a) }
	o.exec = execTestp
	return nil
}

func (c *compiler) fdiv(in *traces.Inst, o *op, md alu.FPMode) error {
	t := in.Type
	fl := in.Flags
	if err := c.std(in, o, t, t, t); err != nil {
		return err
	}
	switch {
	case t != traces.F32 && t != traces.F64:
		return c.unsupported(in, "div of type ."+t.String())
	case fl.Has(traces.FlagApprox) || fl.Has(traces.FlagFull):
		// div.approx.f32, div.full.f32 (the front end admits only these).
		c.model(o, divModel(in))
		o.exec = execModel2
		return nil
	}
	o.f2 = fbinary(t, md, alu.DivF32, alu.DivF64, nil, nil)
	lanes(o, md, t, false, alu.DivF32Lanes, alu.DivF64Lanes)
	return nil
}

// lanes switches a two-operand f32/f64 op to the alu lane-vector form
// (one call per warp instruction) when no post-processing is needed.
func lanes(o *op, md alu.FPMode, t traces.Type, sat bool, f32, f64 func(dst, a, b []uint64, mask uint64, m alu.FPMode)) {
	if sat || (t != traces.F32 && t != traces.F64) {
		return
	}
	o.lanes2, o.fp, o.exec = f32, md, execLanes2
	if t == traces.F64 {
		o.lanes2 = f64
	}
}

// execLanes2 and execLanes3 run an alu lane-vector function; the results
// are zero-extended 32- or 64-bit values, which is what an f32/f64
// destination holds.
func execLanes2(w *Warp, o *op, m uint64) error {
	o.lanes2(w.out(o, 0), w.in(o, 0), w.in(o, 1), m, o.fp)
	return nil
}

func execLanes3(w *Warp, o *op, m uint64) error {
	o.lanes3(w.out(o, 0), w.in(o, 0), w.in(o, 1), w.in(o, 2), m, o.fp)
	return nil
}

func (c *compiler) rcp(in *traces.Inst, o *op, md alu.FPMode) error {
	t := in.Type
	fl := in.Flags
	if err := c.std(in, o, t, t); err != nil {
		return err
	}
	switch {
	case fl.Has(traces.FlagApprox) && t == traces.F32:
		ftz := fl.Has(traces.FlagFtz)
		if ftz {
			c.model(o, modelRcpF32Ftz)
		} else {
			c.model(o, modelRcpF32)
		}
		return nil
	case fl.Has(traces.FlagApprox) && t == traces.F64:
		c.model(o, modelRcp64H) // rcp.approx.ftz.f64, the only approximate f64 form
		return nil
	case t != traces.F32 && t != traces.F64:
		return c.unsupported(in, "rcp of type ."+t.String())
	}
	if t == traces.F32 {
		o.f1 = func(a uint64) uint64 { return uint64(alu.DivF32(0x3f800000, uint32(a), md)) }
	} else {
		o.f1 = func(a uint64) uint64 { return alu.DivF64(0x3ff0000000000000, a, md) }
	}
	return nil
}

func (c *compiler) sqrt(in *traces.Inst, o *op, md alu.FPMode) error {
	t := in.Type
	fl := in.Flags
	if err := c.std(in, o, t, t); err != nil {
		return err
	}
	switch {
	case fl.Has(traces.FlagApprox) && t == traces.F32:
		if fl.Has(traces.FlagFtz) {
			o.f1 = func(a uint64) uint64 { return uint64(alu.SqrtApproxF32Ftz(uint32(a))) }
		} else {
			o.f1 = func(a uint64) uint64 { return uint64(alu.SqrtApproxF32(uint32(a))) }
		}
		return nil
	case t == traces.F32:
		o.f1 = func(a uint64) uint64 { return uint64(alu.SqrtF32(uint32(a), md)) }
	case t == traces.F64:
		o.f1 = func(a uint64) uint64 { return alu.SqrtF64(a, md) }
	default:
		return c.unsupported(in, "sqrt of type ."+t.String())
	}
	return nil
}

// mufu compiles the approximate special functions.
func (c *compiler) mufu(in *traces.Inst, o *op) error {
	t := in.Type
	ftz := in.Flags.Has(traces.FlagFtz)
	if err := c.std(in, o, t, t); err != nil {
		return err
	}
	// Every form is .approx (the front end requires it); which take .ftz
	// is the front end's check too.
	f32 := func(f, fz func(uint32) uint32) {
		if ftz {
			f = fz
		}
		o.f1 = func(a uint64) uint64 { return uint64(f(uint32(a))) }
	}
	switch {
	case t == traces.F32:
		switch in.Op {
		case traces.OpRsqrt:
			f32(alu.RsqrtApproxF32, alu.RsqrtApproxF32Ftz)
		case traces.OpSin:
			f32(alu.SinApproxF32, alu.SinApproxF32Ftz)
		case traces.OpCos:
			f32(alu.CosApproxF32, alu.CosApproxF32Ftz)
		case traces.OpLg2:
			f32(alu.Lg2ApproxF32, alu.Lg2ApproxF32Ftz)
		case traces.OpTanh:
			f32(alu.TanhApproxF32, nil)
		case traces.OpEx2:
			if ftz {
				c.model(o, modelEx2F32Ftz)
			} else {
				c.model(o, modelEx2F32)
			}
		}
		return nil
	case t == traces.F64 && in.Op == traces.OpRsqrt:
		o.f1 = alu.RsqrtApproxF64Ftz
		if !ftz {
			o.f1 = rsqrtApproxF64
		}
		return nil
	case in.Op == traces.OpTanh && isHalfType(t):
		o.f1 = unary16(t, tanhF16)
		if t == traces.BF16 || t == traces.BF16x2 {
			o.f1 = unary16(t, tanhBF16)
		}
		return nil
	case in.Op == traces.OpEx2 && (t == traces.F16 || t == traces.F16x2):
		c.model(o, modelEx2F16)
		return nil
	case in.Op == traces.OpEx2 && (t == traces.BF16 || t == traces.BF16x2):
		c.model(o, modelEx2BF16) // ex2.approx.ftz.bf16, the only bf16 form
		return nil
	}
	return c.unsupported(in, in.Op.String()+".approx of type ."+t.String())
}

// Model-dispatched functions (the seeded instructions), o.aux selects.
const (
	modelEx2F32 = iota + 1
	modelEx2F32Ftz
	modelEx2F16
	modelEx2BF16
	modelRcpF32
	modelRcpF32Ftz
	modelRcp64H
	modelDivApproxF32
	modelDivApproxF32Ftz
	modelDivFullF32
	modelDivFullF32Ftz
)

// modelNames name the model functions for errors.
var modelNames = [...]string{
	modelEx2F32: "ex2.approx.f32", modelEx2F32Ftz: "ex2.approx.ftz.f32", modelEx2F16: "ex2.approx.f16",
	modelEx2BF16: "ex2.approx.ftz.bf16", modelRcpF32: "rcp.approx.f32", modelRcpF32Ftz: "rcp.approx.ftz.f32",
	modelRcp64H: "rcp.approx.ftz.f64", modelDivApproxF32: "div.approx.f32 (MUFU.RCP, rcp.approx.ftz.f32)",
	modelDivApproxF32Ftz: "div.approx.ftz.f32 (MUFU.RCP, rcp.approx.ftz.f32)",
	modelDivFullF32:      "div.full.f32 (MUFU.RCP, rcp.approx.ftz.f32)",
	modelDivFullF32Ftz:   "div.full.ftz.f32 (MUFU.RCP, rcp.approx.ftz.f32)",
}

// model makes o a call of model function kind and records that the code
// needs it.
func (c *compiler) model(o *op, kind uint64) {
	o.exec, o.aux = execModel, kind
	c.code.models |= 1 << kind
}

// checkModel reports the first model function the code needs that m lacks.
func checkModel(models uint32, m *alu.Model) error {
	for i := 1; i < len(modelNames); i++ {
		if models&(1<<uint(i)) == 0 {
			continue
		}
		var ok bool
		switch i {
		case modelEx2F32:
			ok = m != nil && m.Ex2F32 != nil
		case modelEx2F32Ftz:
			ok = m != nil && m.Ex2F32Ftz != nil
		case modelEx2F16:
			ok = m != nil && m.Ex2F16 != nil
		case modelEx2BF16:
			ok = m != nil && m.Ex2BF16 != nil
		case modelRcpF32:
			ok = m != nil && m.RcpApproxF32 != nil
		case modelRcpF32Ftz, modelDivApproxF32, modelDivApproxF32Ftz, modelDivFullF32, modelDivFullF32Ftz:
			ok = m != nil && m.RcpApproxF32Ftz != nil
		case modelRcp64H:
			ok = m != nil && m.Rcp64H != nil
		}
		if !ok {
			return fmt.Errorf("the numerics model has no %s", modelNames[i])
		}
	}
	return nil
}

// execModel runs a seeded instruction through the launch's *alu.Model.
func execModel(w *Warp, o *op, m uint64) error {
	md := w.b.l.cfg.Model
	a := w.in(o, 0)
	d := w.out(o, 0)
	do := &o.dst[0]
	x2 := o.t == traces.F16x2 || o.t == traces.BF16x2
	for ; m != 0; m &= m - 1 {
		l := tz(m)
		x := a[l]
		var r uint64
		switch o.aux {
		case modelEx2F32:
			r = uint64(md.Ex2F32(uint32(x)))
		case modelEx2F32Ftz:
			r = uint64(md.Ex2F32Ftz(uint32(x)))
		case modelEx2F16, modelEx2BF16:
			h := md.Ex2F16
			if o.aux == modelEx2BF16 {
				h = md.Ex2BF16
			}
			r = uint64(h(uint16(x)))
			if x2 {
				r |= uint64(h(uint16(x>>16))) << 16
			}
		case modelRcpF32:
			r = uint64(md.RcpApproxF32(uint32(x)))
		case modelRcpF32Ftz:
			r = uint64(md.RcpApproxF32Ftz(uint32(x)))
		case modelRcp64H:
			r = md.Rcp64H(x)
		}
		d[l] = ext(r, do)
	}
	return nil
}

// execTestp writes the classification predicate.
func execTestp(w *Warp, o *op, m uint64) error {
	a := w.in(o, 0)
	var p uint64
	for mm := m; mm != 0; mm &= mm - 1 {
		l := tz(mm)
		if o.cmp(a[l], 0) {
			p |= 1 << uint(l)
		}
	}
	w.setPred(o, 0, m, p)
	return nil
}

// atomFloatAdd returns atom/red .add for a floating-point type. The CUDA
// programming guide (floating-point standard section): single-precision
// atomic adds on global memory always flush subnormals (FADD.F32.FTZ.RN),
// on shared memory they keep them (FADD.F32.RN). f64 adds round to nearest
// even with subnormals; the 16-bit forms are .noftz.
func (c *compiler) atomFloatAdd(in *traces.Inst, t traces.Type) (f, fs func(old, b, c uint64) uint64, err error) {
	rn := alu.Mode(alu.RoundNearestEven, alu.CanonicalNaN)
	switch t {
	case traces.F32:
		f = func(o, b, _ uint64) uint64 { return uint64(alu.AddF32(uint32(o), uint32(b), rn|alu.FTZ)) }
		fs = func(o, b, _ uint64) uint64 { return uint64(alu.AddF32(uint32(o), uint32(b), rn)) }
		return f, fs, nil
	case traces.F64:
		return func(o, b, _ uint64) uint64 { return alu.AddF64(o, b, rn&^alu.CanonicalNaN) }, nil, nil
	case traces.F16, traces.F16x2, traces.BF16, traces.BF16x2:
		// atom.add.noftz (PTX ISA 6.3/7.8, sm_70/sm_90): round to nearest
		// even, subnormal inputs and results kept; a packed pair adds each
		// half on its own (atomic per half). NaN results are the canonical
		// 0x7fff of HADD2.
		add := fbinary(t, rn, nil, nil, alu.AddF16, alu.AddBF16)
		return func(o, b, _ uint64) uint64 { return add(o, b) }, nil, nil
	}
	return nil, nil, c.unsupported(in, "atomic add on ."+t.String())
}
