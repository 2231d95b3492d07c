package amd

import (
	"math/bits"

	"github.com/gpusim/gpusim/alu"
	"github.com/gpusim/gpusim/traces"
)

// Vector ALU instructions. Integer operations are per-lane functions on
// 32-bit (or 64-bit) values; floating-point ones go through package alu
// with the wave's MODE (rounding, denormals) as an alu.FPMode.

// valu decodes a VOP1/VOP2/VOP3 instruction (VOPC: vopc).
func (c *compiler) valu(in *traces.Inst, o *wop) error {
	info := o.info
	o.f64 = info.Type == traces.F64 || info.Type == traces.F16
	o.dmask = mask32
	var err error
	nd := int(in.NDst)
	for i := 0; i < nd && i < 2; i++ {
		if o.dst[i], err = c.dst(in, i); err != nil {
			return err
		}
	}
	if nd > 0 && o.dst[0].kind == wV && o.dst[0].n == 2 {
		o.dmask = ^uint64(0)
	}
	// Sources: the float width their abs/neg modifiers act on is the
	// operand type of the row's signature (0 for an integer operand).
	ns := int(in.NSrc)
	for i := 0; i < ns; i++ {
		f := uint8(0)
		if i < len(info.SrcTypes) {
			f = fszOf(info.SrcTypes[i])
		}
		if info.FloatMods && i < 2 && (in.Src[i].Neg || in.Mode&traces.AMDModAbs(i) != 0) {
			f = 32 // the b32 data sources take f32 modifiers (v_cndmask_b32_e64)
		}
		if o.src[i], err = c.src(in, i, f); err != nil {
			return err
		}
	}
	o.ns = ns
	op := in.Op
	if info.Type == traces.F16 || info.Type2 == traces.F16 {
		if op != traces.OpVCvtF16F32 && op != traces.OpVCvtF32F16 {
			return c.unsupported(in, "f16 arithmetic")
		}
	}
	if f := valuInt1[op]; f != nil {
		o.f1, o.exec = f, execV1
		if fl, ok := valuInt1Lanes[op]; ok {
			o.ilanes1, o.exec = fl.w64, execVI1
			if fl.w32 != nil && c.direct(o, 1) {
				o.x1, o.wide, o.exec = fl.w32, o.exec, execX1
			}
		}
		return nil
	}
	if f := valuInt2[op]; f != nil {
		o.f2, o.exec = f, execV2
		if fl, ok := valuInt2Lanes[op]; ok {
			o.ilanes2, o.exec = fl.w64, execVI2
			if fl.w32 != nil && c.direct(o, 2) {
				o.x2, o.wide, o.exec = fl.w32, o.exec, execX2
			}
			if fl.pairs != nil && c.directPairs(o) {
				o.xp, o.wide, o.exec = fl.pairs, o.exec, execXPairs
			}
		}
		return nil
	}
	if f := valuInt3[op]; f != nil {
		o.f3, o.exec = f, execV3
		return nil
	}
	switch op {
	case traces.OpVNop:
		o.exec = execNopW
	// f32 arithmetic through alu's lane functions.
	case traces.OpVAddF32:
		o.lanes2, o.exec = alu.AddF32Lanes, execVL2
		c.directF2(o, alu.AddF32Lanes, false)
	case traces.OpVSubF32:
		o.lanes2, o.exec = alu.SubF32Lanes, execVL2
		c.directF2(o, alu.SubF32Lanes, false)
	case traces.OpVSubrevF32:
		o.lanes2, o.exec = alu.SubF32Lanes, execVL2rev
		c.directF2(o, alu.SubF32Lanes, true)
	case traces.OpVMulF32:
		o.lanes2, o.exec = alu.MulF32Lanes, execVL2
		c.directF2(o, alu.MulF32Lanes, false)
	case traces.OpVFmaF32,
		traces.OpVFmamkF32, // D = S0 * K + S1
		traces.OpVFmaakF32: // D = S0 * S1 + K
		o.lanes3, o.exec = alu.FmaF32Lanes, execVL3
		c.directF3(o, alu.FmaF32Lanes, false)
	case traces.OpVFmacF32:
		o.lanes3, o.exec = alu.FmaF32Lanes, execVLmac
		c.directF3(o, alu.FmaF32Lanes, true)
	case traces.OpVMacF32:
		o.fm3, o.exec = madF32, execVMmac
	case traces.OpVMadF32, traces.OpVMadmkF32, traces.OpVMadakF32:
		o.fm3, o.exec = madF32, execVM3
	case traces.OpVMadLegacyF32:
		o.fm3, o.exec = madLegacyF32, execVM3
	case traces.OpVMulLegacyF32:
		o.fm2, o.exec = mulLegacyF32, execVM2
	case traces.OpVMinF32:
		o.fm2, o.exec = c.minMaxF32(false), execVM2
	case traces.OpVMaxF32:
		o.fm2, o.exec = c.minMaxF32(true), execVM2
	case traces.OpVMin3F32:
		o.fm3, o.exec = c.minMax3F32(false), execVM3
	case traces.OpVMax3F32:
		o.fm3, o.exec = c.minMax3F32(true), execVM3
	case traces.OpVMed3F32:
		o.fm3, o.exec = c.med3F32(), execVM3
	case traces.OpVLdexpF32:
		o.fm2, o.exec = ldexpF32, execVM2
	case traces.OpVRcpF32, traces.OpVRcpIflagF32:
		o.lanes1, o.exec = alu.RcpF32Lanes, execVL1
	case traces.OpVSqrtF32:
		o.lanes1, o.exec = alu.SqrtF32Lanes, execVL1
	case traces.OpVRsqF32:
		o.fm1, o.exec = rsqF32, execVM1
	case traces.OpVFractF32:
		o.fm1, o.exec = fractF32, execVM1
	case traces.OpVTruncF32:
		o.fm1, o.exec = roundF32(alu.RoundZero), execVM1
	case traces.OpVCeilF32:
		o.fm1, o.exec = roundF32(alu.RoundPosInf), execVM1
	case traces.OpVFloorF32:
		o.fm1, o.exec = roundF32(alu.RoundNegInf), execVM1
	case traces.OpVRndneF32:
		o.fm1, o.exec = roundF32(alu.RoundNearestEven), execVM1
	case traces.OpVFrexpMantF32:
		o.fm1, o.exec = frexpMantF32, execVM1
	case traces.OpVFrexpExpI32F32:
		o.fm1, o.exec = frexpExpF32, execVM1
	case traces.OpVDivScaleF32:
		o.exec = execDivScale
	case traces.OpVDivFmasF32:
		o.exec = execDivFmas
	case traces.OpVDivFixupF32:
		o.exec = execDivFixup
	// Conversions.
	case traces.OpVCvtF32I32:
		o.fm1, o.exec = cvtIntF(alu.IntS32, alu.FloatF32), execVM1
	case traces.OpVCvtF32U32:
		o.fm1, o.exec = cvtIntF(alu.IntU32, alu.FloatF32), execVM1
	case traces.OpVCvtF64I32:
		o.fm1, o.exec = cvtIntF(alu.IntS32, alu.FloatF64), execVM1
	case traces.OpVCvtF64U32:
		o.fm1, o.exec = cvtIntF(alu.IntU32, alu.FloatF64), execVM1
	case traces.OpVCvtI32F32:
		o.fm1, o.exec = cvtFInt(alu.FloatF32, alu.IntS32, alu.RoundZero), execVM1
	case traces.OpVCvtU32F32:
		o.fm1, o.exec = cvtFInt(alu.FloatF32, alu.IntU32, alu.RoundZero), execVM1
	case traces.OpVCvtFlrI32F32:
		o.fm1, o.exec = cvtFInt(alu.FloatF32, alu.IntS32, alu.RoundNegInf), execVM1
	case traces.OpVCvtI32F64:
		o.f64, o.fm1, o.exec = true, cvtFInt(alu.FloatF64, alu.IntS32, alu.RoundZero), execVM1
	case traces.OpVCvtU32F64:
		o.f64, o.fm1, o.exec = true, cvtFInt(alu.FloatF64, alu.IntU32, alu.RoundZero), execVM1
	case traces.OpVCvtF64F32:
		// Input denormals of an f32 source follow the f32 mode.
		o.f64, o.fm1, o.exec = false, cvtF32F64, execVM1
	case traces.OpVCvtF32F64:
		o.f64, o.fm1, o.exec = false, cvtF64F32, execVM1
	case traces.OpVCvtF16F32:
		o.f64, o.fm1, o.exec = false, cvtF32F16, execVM1
	case traces.OpVCvtF32F16:
		o.f64, o.fm1, o.exec = true, cvtF16F32, execVM1
	case traces.OpVCvtF32Ubyte0, traces.OpVCvtF32Ubyte1, traces.OpVCvtF32Ubyte2, traces.OpVCvtF32Ubyte3:
		o.fm1, o.exec = cvtUbyte(int(op-traces.OpVCvtF32Ubyte0)), execVM1
	// f64 arithmetic.
	case traces.OpVAddF64:
		o.lanes2, o.exec = alu.AddF64Lanes, execVL2
	case traces.OpVMulF64:
		o.lanes2, o.exec = alu.MulF64Lanes, execVL2
	case traces.OpVFmaF64:
		o.lanes3, o.exec = alu.FmaF64Lanes, execVL3
	case traces.OpVFmacF64:
		o.lanes3, o.exec = alu.FmaF64Lanes, execVLmac
	case traces.OpVMinF64:
		o.fm2, o.exec = c.minMaxF64(false), execVM2
	case traces.OpVMaxF64:
		o.fm2, o.exec = c.minMaxF64(true), execVM2
	case traces.OpVLdexpF64:
		o.fm2, o.exec = ldexpF64, execVM2
	case traces.OpVRcpF64:
		o.fm1, o.exec = rcpF64, execVM1
	case traces.OpVSqrtF64:
		o.lanes1, o.exec = alu.SqrtF64Lanes, execVL1
	case traces.OpVRsqF64:
		o.fm1, o.exec = rsqF64, execVM1
	case traces.OpVFractF64:
		o.fm1, o.exec = fractF64, execVM1
	case traces.OpVTruncF64:
		o.fm1, o.exec = roundF64(alu.RoundZero), execVM1
	case traces.OpVCeilF64:
		o.fm1, o.exec = roundF64(alu.RoundPosInf), execVM1
	case traces.OpVFloorF64:
		o.fm1, o.exec = roundF64(alu.RoundNegInf), execVM1
	case traces.OpVRndneF64:
		o.fm1, o.exec = roundF64(alu.RoundNearestEven), execVM1
	case traces.OpVFrexpMantF64:
		o.fm1, o.exec = frexpMantF64, execVM1
	case traces.OpVFrexpExpI32F64:
		o.f64, o.fm1, o.exec = true, frexpExpF64, execVM1
	// Lanes, masks, carries.
	case traces.OpVCndmaskB32:
		o.exec = execCndmask
	case traces.OpVAddCoU32, traces.OpVSubCoU32, traces.OpVSubrevCoU32,
		traces.OpVAddcCoU32, traces.OpVSubbCoU32, traces.OpVSubbrevCoU32:
		o.exec = execVCarry
		if (op == traces.OpVAddCoU32 || op == traces.OpVAddcCoU32) && c.direct(o, 2) {
			o.wide, o.exec = o.exec, execXAddCarry
		}
	case traces.OpVMadU64U32, traces.OpVMadI64I32:
		o.exec = execMad64
	case traces.OpVReadfirstlaneB32:
		o.exec = execReadfirstlane
	case traces.OpVReadlaneB32:
		o.exec = execReadlane
	case traces.OpVWritelaneB32:
		o.exec = execWritelane
	case traces.OpVMbcntLoU32B32, traces.OpVMbcntHiU32B32:
		o.exec = execMbcnt
	default:
		return c.unsupported(in, "no semantics for "+info.Name)
	}
	return nil
}

// Generic VALU loops.

func execNopW(w *Wave, o *wop, m uint64) error { return nil }

func execV1(w *Wave, o *wop, m uint64) error {
	a := w.vin(o, 0, m)
	d := w.vout(o)
	f, dm := o.f1, o.dmask
	for mm := m; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros64(mm)
		d[l] = f(a[l]) & dm
	}
	w.vcommit(o, d, m)
	return nil
}

func execV2(w *Wave, o *wop, m uint64) error {
	a, b := w.vin(o, 0, m), w.vin(o, 1, m)
	d := w.vout(o)
	f, dm := o.f2, o.dmask
	for mm := m; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros64(mm)
		d[l] = f(a[l], b[l]) & dm
	}
	w.vcommit(o, d, m)
	return nil
}

// execVI1 and execVI2 are execV1 and execV2 through a lane-vector form.
func execVI1(w *Wave, o *wop, m uint64) error {
	a := w.vin(o, 0, m)
	d := w.vout(o)
	o.ilanes1(d, a)
	w.vcommit(o, d, m)
	return nil
}

func execVI2(w *Wave, o *wop, m uint64) error {
	a, b := w.vin(o, 0, m), w.vin(o, 1, m)
	d := w.vout(o)
	o.ilanes2(d, a, b)
	w.vcommit(o, d, m)
	return nil
}

func execV3(w *Wave, o *wop, m uint64) error {
	a, b, c := w.vin(o, 0, m), w.vin(o, 1, m), w.vin(o, 2, m)
	d := w.vout(o)
	f, dm := o.f3, o.dmask
	for mm := m; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros64(mm)
		d[l] = f(a[l], b[l], c[l]) & dm
	}
	w.vcommit(o, d, m)
	return nil
}

func execVL1(w *Wave, o *wop, m uint64) error {
	a := w.vin(o, 0, m)
	d := w.vout(o)
	o.lanes1(d, a, m, w.fpm(o))
	w.vcommit(o, d, m)
	return nil
}

func execVL2(w *Wave, o *wop, m uint64) error {
	a, b := w.vin(o, 0, m), w.vin(o, 1, m)
	d := w.vout(o)
	o.lanes2(d, a, b, m, w.fpm(o))
	w.vcommit(o, d, m)
	return nil
}

// execVL2rev is a reversed-operand form (v_subrev: S1 - S0).
func execVL2rev(w *Wave, o *wop, m uint64) error {
	a, b := w.vin(o, 0, m), w.vin(o, 1, m)
	d := w.vout(o)
	o.lanes2(d, b, a, m, w.fpm(o))
	w.vcommit(o, d, m)
	return nil
}

func execVL3(w *Wave, o *wop, m uint64) error {
	a, b, c := w.vin(o, 0, m), w.vin(o, 1, m), w.vin(o, 2, m)
	d := w.vout(o)
	o.lanes3(d, a, b, c, m, w.fpm(o))
	w.vcommit(o, d, m)
	return nil
}

// accumulator returns the destination's current lane values (the addend of
// v_fmac / v_mac).
func (w *Wave) accumulator(o *wop, m uint64) []uint64 {
	d := &o.dst[0]
	W := w.width
	acc := w.rows.src[5]
	lo := w.v[d.reg : d.reg+W]
	if d.n == 1 {
		moveMasked(acc, lo, m, w.wmask)
		return acc
	}
	hi := w.v[d.reg+W : d.reg+2*W]
	for mm := m; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros64(mm)
		acc[l] = uint64(lo[l]) | uint64(hi[l])<<32
	}
	return acc
}

// execVLmac is v_fmac: D = S0 * S1 + D.
func execVLmac(w *Wave, o *wop, m uint64) error {
	a, b := w.vin(o, 0, m), w.vin(o, 1, m)
	c := w.accumulator(o, m)
	d := w.vout(o)
	o.lanes3(d, a, b, c, m, w.fpm(o))
	w.vcommit(o, d, m)
	return nil
}

func execVM1(w *Wave, o *wop, m uint64) error {
	a := w.vin(o, 0, m)
	d := w.vout(o)
	f, md, dm := o.fm1, w.fpm(o), o.dmask
	for mm := m; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros64(mm)
		d[l] = f(a[l], md) & dm
	}
	w.vcommit(o, d, m)
	return nil
}

func execVM2(w *Wave, o *wop, m uint64) error {
	a, b := w.vin(o, 0, m), w.vin(o, 1, m)
	d := w.vout(o)
	f, md, dm := o.fm2, w.fpm(o), o.dmask
	for mm := m; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros64(mm)
		d[l] = f(a[l], b[l], md) & dm
	}
	w.vcommit(o, d, m)
	return nil
}

func execVM3(w *Wave, o *wop, m uint64) error {
	a, b, c := w.vin(o, 0, m), w.vin(o, 1, m), w.vin(o, 2, m)
	d := w.vout(o)
	f, md, dm := o.fm3, w.fpm(o), o.dmask
	for mm := m; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros64(mm)
		d[l] = f(a[l], b[l], c[l], md) & dm
	}
	w.vcommit(o, d, m)
	return nil
}

// execVMmac is v_mac_f32: D = S0 * S1 + D, not fused.
func execVMmac(w *Wave, o *wop, m uint64) error {
	a, b := w.vin(o, 0, m), w.vin(o, 1, m)
	c := w.accumulator(o, m)
	d := w.vout(o)
	f, md := o.fm3, w.fpm(o)
	for mm := m; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros64(mm)
		d[l] = f(a[l], b[l], c[l], md)
	}
	w.vcommit(o, d, m)
	return nil
}

// execDual runs a VOPD pair: the Y half computes into the lane rows' dual row first
// (reading its sources before either half writes), then the X half runs
// normally, then Y's result is written.
func execDual(w *Wave, x *wop, m uint64) error {
	y := x.y
	if err := y.exec(w, y, m); err != nil {
		return err
	}
	if err := x.inner(w, x, m); err != nil {
		return err
	}
	d := &y.dst[0]
	moveMasked(w.v[d.reg:d.reg+w.width], w.rows.dual, m, w.wmask)
	return nil
}

// execCndmask is v_cndmask_b32: D = mask[lane] ? S1 : S0.
func execCndmask(w *Wave, o *wop, m uint64) error {
	a, b := w.vin(o, 0, m), w.vin(o, 1, m)
	sel := w.maskIn(&o.src[2])
	d := w.vout(o)
	for mm := m; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros64(mm)
		if sel>>uint(l)&1 != 0 {
			d[l] = b[l] & mask32
		} else {
			d[l] = a[l] & mask32
		}
	}
	w.vcommit(o, d, m)
	return nil
}

// execVCarry is the 32-bit add/subtract family with a carry (borrow) out
// into a lane mask and, for the _ci/addc forms, a carry in.
func execVCarry(w *Wave, o *wop, m uint64) error {
	a, b := w.vin(o, 0, m), w.vin(o, 1, m)
	var cin uint64
	op := o.in.Op
	if op == traces.OpVAddcCoU32 || op == traces.OpVSubbCoU32 || op == traces.OpVSubbrevCoU32 {
		cin = w.maskIn(&o.src[2])
	}
	d := w.vout(o)
	// The 32-bit operands and the carry in are summed in 64 bits: bit 32
	// of a sum is its carry out, bit 63 of a difference its borrow. (A
	// lane is below 64: & 63 spares each shift Go's check for 64 and more.)
	var cout uint64
	switch op {
	case traces.OpVAddCoU32, traces.OpVAddcCoU32:
		// (With every lane active and plain operands execXAddCarry runs
		// instead, on the VGPR rows.)
		for mm := m; mm != 0; mm &= mm - 1 {
			l := bits.TrailingZeros64(mm)
			r := a[l]&mask32 + b[l]&mask32 + cin>>(uint(l)&63)&1
			d[l] = r & mask32
			cout |= r >> 32 << (uint(l) & 63)
		}
	case traces.OpVSubCoU32, traces.OpVSubbCoU32:
		for mm := m; mm != 0; mm &= mm - 1 {
			l := bits.TrailingZeros64(mm)
			r := a[l]&mask32 - b[l]&mask32 - cin>>(uint(l)&63)&1
			d[l] = r & mask32
			cout |= r >> 63 << (uint(l) & 63)
		}
	default: // subrev: S1 - S0
		for mm := m; mm != 0; mm &= mm - 1 {
			l := bits.TrailingZeros64(mm)
			r := b[l]&mask32 - a[l]&mask32 - cin>>(uint(l)&63)&1
			d[l] = r & mask32
			cout |= r >> 63 << (uint(l) & 63)
		}
	}
	w.vcommit(o, d, m)
	w.maskOut(&o.dst[1], cout)
	return nil
}

// execMad64 is v_mad_u64_u32 / v_mad_i64_i32: D.u64 = S0 * S1 + S2.u64,
// the carry out of the 64-bit addition into the lane mask.
func execMad64(w *Wave, o *wop, m uint64) error {
	a, b, c := w.vin(o, 0, m), w.vin(o, 1, m), w.vin(o, 2, m)
	d := w.vout(o)
	signed := o.in.Op == traces.OpVMadI64I32
	var cout uint64
	for mm := m; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros64(mm)
		var p uint64
		if signed {
			p = uint64(int64(int32(a[l])) * int64(int32(b[l])))
		} else {
			p = (a[l] & mask32) * (b[l] & mask32)
		}
		r, carry := bits.Add64(p, c[l], 0)
		if signed {
			// Signed overflow of the 64-bit sum.
			carry = 0
			if (int64(p) >= 0) == (int64(c[l]) >= 0) && (int64(r) >= 0) != (int64(p) >= 0) {
				carry = 1
			}
		}
		d[l] = r
		cout |= carry << uint(l)
	}
	w.vcommit(o, d, m)
	w.maskOut(&o.dst[1], cout)
	return nil
}

// execReadfirstlane is v_readfirstlane_b32: SGPR = the source of the
// lowest active lane (lane 0 when EXEC is zero).
func execReadfirstlane(w *Wave, o *wop, m uint64) error {
	l := 0
	if m != 0 {
		l = bits.TrailingZeros64(m)
	}
	a := w.vin(o, 0, w.wmask)
	w.swrite(&o.dst[0], a[l]&mask32)
	return nil
}

// execReadlane is v_readlane_b32: SGPR = VGPR of the lane an SGPR or
// constant selects (regardless of EXEC).
func execReadlane(w *Wave, o *wop, m uint64) error {
	l := int(w.sval(&o.src[1])) & (w.width - 1)
	a := w.vin(o, 0, w.wmask)
	w.swrite(&o.dst[0], a[l]&mask32)
	return nil
}

// execWritelane is v_writelane_b32: VGPR of the selected lane = a scalar
// (regardless of EXEC).
func execWritelane(w *Wave, o *wop, m uint64) error {
	x := w.sval(&o.src[0]) & mask32
	l := int(w.sval(&o.src[1])) & (w.width - 1)
	w.v[o.dst[0].reg+l] = uint32(x)
	return nil
}

// execMbcnt is v_mbcnt_lo/hi_u32_b32: D = S1 + the bits of S0 set below
// the lane (the low or high half of the lane's position mask).
func execMbcnt(w *Wave, o *wop, m uint64) error {
	a, b := w.vin(o, 0, m), w.vin(o, 1, m)
	d := w.vout(o)
	hi := o.in.Op == traces.OpVMbcntHiU32B32
	for mm := m; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros64(mm)
		below := uint64(1)<<uint(l) - 1
		if hi {
			below >>= 32
		}
		d[l] = (uint64(bits.OnesCount32(uint32(a[l]&below))) + b[l]) & mask32
	}
	w.vcommit(o, d, m)
	return nil
}
