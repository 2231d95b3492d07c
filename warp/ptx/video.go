package ptx

import (
	"math/bits"

	"github.com/gpusim/gpusim/traces"
)

// The video instructions, as the PTX ISA's pseudo-code for them says
// (sections "Scalar Video Instructions" and "SIMD Video Instructions"):
// operands are 32-bit; the scalar forms extract a byte, half-word or word
// of a and b (sign- or zero-extended by their types to 33 bits), compute
// a 34-bit intermediate, optionally clamp it to the destination's range
// (the selected part's range when merging), and apply a secondary .add,
// .min or .max with c or merge the result's low part into c; vmad is a
// 128-bit (a*b)+c with negations, .po and a right shift; the SIMD forms
// work on two half-words or four bytes picked from the pair {b, a} and
// either merge the elements the mask names into c or add them to c.

// videoFn is a video instruction's per-lane function.
type videoFn func(a, b, c uint64) uint64

// video is the semantics of every video instruction.
func (c *compiler) video(in *traces.Inst, o *op) error {
	if in.NSrc < 2 || in.NSrc > 3 {
		return c.errf(in, "expects 2 or 3 source operands, has %d", in.NSrc)
	}
	var err error
	if o.dst[0], err = c.dstReg(in, 0, traces.U32); err != nil {
		return err
	}
	plain := *in // vmad's negations are the instruction's, not the operands' reads
	for i := 0; i < int(in.NSrc); i++ {
		plain.Src[i].Neg = false
		if o.src[i], err = c.src(&plain, i, traces.U32); err != nil {
			return err
		}
	}
	sel := func(x traces.Operand) uint64 {
		if x.Kind == traces.OpdReg {
			return x.Imm
		}
		return 0
	}
	v := videoOp{
		op: in.Op, dsigned: in.Type == traces.S32, asigned: in.Type2 == traces.S32,
		bsigned: in.Mode&traces.VideoBSigned != 0, sat: in.Flags.Has(traces.FlagSat),
		sec: in.Atom, cmp: in.Cmp, clamp: in.Flags.Has(traces.FlagShiftClamp), mode: in.Mode,
		dsel: sel(in.Dst[0]), asel: sel(in.Src[0]), bsel: sel(in.Src[1]),
		nega: in.Src[0].Neg, negb: in.Src[1].Neg,
	}
	if in.NSrc == 3 {
		v.negc = in.Src[2].Neg
	}
	var f videoFn
	switch in.Op {
	case traces.OpVmad:
		f = v.vmad
	case traces.OpVadd, traces.OpVsub, traces.OpVabsdiff, traces.OpVmin, traces.OpVmax, traces.OpVshl, traces.OpVshr, traces.OpVset:
		f = v.scalar
	case traces.OpVadd2, traces.OpVsub2, traces.OpVavrg2, traces.OpVabsdiff2, traces.OpVmin2, traces.OpVmax2, traces.OpVset2:
		f = v.simd(2)
	case traces.OpVadd4, traces.OpVsub4, traces.OpVavrg4, traces.OpVabsdiff4, traces.OpVmin4, traces.OpVmax4, traces.OpVset4:
		f = v.simd(4)
	default:
		return c.errf(in, "not a video instruction")
	}
	if in.NSrc == 2 {
		o.f2 = func(a, b uint64) uint64 { return f(a, b, 0) }
		o.exec = execF2
		return nil
	}
	o.f3 = f
	o.exec = execF3
	return nil
}

// videoOp is one video instruction's decoded modifiers.
type videoOp struct {
	op                        traces.Opcode
	dsigned, asigned, bsigned bool
	sat, clamp                bool
	sec                       traces.AtomOp
	cmp                       traces.CmpOp
	mode                      traces.Mode
	dsel, asel, bsel          uint64
	nega, negb, negc          bool
}

// partSelect extracts the selected byte, half-word or word of x,
// sign-extended when signed.
func partSelect(x uint64, signed bool, sel uint64) int64 {
	w := uint32(x)
	switch sel {
	case traces.VSelB0, traces.VSelB1, traces.VSelB2, traces.VSelB3:
		b := w >> (8 * (sel - traces.VSelB0)) & 0xff
		if signed {
			return int64(int8(b))
		}
		return int64(b)
	case traces.VSelH0, traces.VSelH1:
		h := w >> (16 * (sel - traces.VSelH0)) & 0xffff
		if signed {
			return int64(int16(h))
		}
		return int64(h)
	}
	if signed {
		return int64(int32(w))
	}
	return int64(w)
}

func clamp64(x, lo, hi int64) int64 {
	if x < lo {
		return lo
	}
	if x > hi {
		return hi
	}
	return x
}

// saturate clamps the intermediate to the destination's range: the
// selected part's when merging (optSaturate).
func (v *videoOp) saturate(t int64) int64 {
	if !v.sat {
		return t
	}
	n := 32
	switch v.dsel {
	case traces.VSelB0, traces.VSelB1, traces.VSelB2, traces.VSelB3:
		n = 8
	case traces.VSelH0, traces.VSelH1:
		n = 16
	}
	if v.dsigned {
		return clamp64(t, -1<<(n-1), 1<<(n-1)-1)
	}
	return clamp64(t, 0, 1<<n-1)
}

// compare is vset's comparison of two extended values.
func compare(op traces.CmpOp, a, b int64) bool {
	switch op {
	case traces.CmpEQ:
		return a == b
	case traces.CmpNE:
		return a != b
	case traces.CmpLT:
		return a < b
	case traces.CmpLE:
		return a <= b
	case traces.CmpGT:
		return a > b
	}
	return a >= b // ge
}

// scalar: vadd, vsub, vabsdiff, vmin, vmax, vshl, vshr, vset.
func (v *videoOp) scalar(a, b, c uint64) uint64 {
	ta := partSelect(a, v.asigned, v.asel)
	var t int64
	switch v.op {
	case traces.OpVshl, traces.OpVshr:
		tb := partSelect(b, false, v.bsel)
		if v.clamp && tb > 32 {
			tb = 32
		}
		if !v.clamp {
			tb &= 0x1f
		}
		if v.op == traces.OpVshl {
			// The 34-bit intermediate: the low 34 bits of the shift,
			// sign-extended from bit 33 (ptxas 11.8's sm_80 expansion of
			// vshl.clamp.sat keeps two bits above the word and tests bit 33
			// before it saturates).
			t = int64(uint64(ta)<<uint(tb)<<30) >> 30
		} else {
			t = ta >> uint(tb)
		}
	default:
		tb := partSelect(b, v.bsigned, v.bsel)
		switch v.op {
		case traces.OpVadd:
			t = ta + tb
		case traces.OpVsub:
			t = ta - tb
		case traces.OpVabsdiff:
			t = ta - tb
			if t < 0 {
				t = -t
			}
		case traces.OpVmin:
			t = min(ta, tb)
		case traces.OpVmax:
			t = max(ta, tb)
		case traces.OpVset:
			if compare(v.cmp, ta, tb) {
				t = 1
			}
		}
	}
	t = v.saturate(t)
	cv := int64(uint32(c))
	if v.dsigned {
		cv = int64(int32(uint32(c)))
	}
	switch v.sec {
	case traces.AtomAdd:
		t += cv
	case traces.AtomMin:
		t = min(t, cv)
	case traces.AtomMax:
		t = max(t, cv)
	}
	r := uint32(t)
	cw := uint32(c)
	switch v.dsel {
	case traces.VSelH0:
		r = r&0xffff | cw&0xffff0000
	case traces.VSelH1:
		r = r&0xffff<<16 | cw&0x0000ffff
	case traces.VSelB0, traces.VSelB1, traces.VSelB2, traces.VSelB3:
		sh := 8 * (v.dsel - traces.VSelB0)
		r = r&0xff<<sh | cw&^(0xff<<sh)
	}
	return uint64(r)
}

// vmad: (a*b)+c on 128 bits with negations, .po and .shr7/.shr15.
func (v *videoOp) vmad(a, b, c uint64) uint64 {
	ta := partSelect(a, v.asigned, v.asel)
	tb := partSelect(b, v.bsigned, v.bsel)
	signedFinal := v.asigned || v.bsigned || v.nega != v.negb || v.negc
	// The product of two 33-bit values, as a 128-bit two's complement
	// number hi:lo.
	ua, ub := uint64(ta), uint64(tb)
	neg := false
	if ta < 0 {
		ua, neg = uint64(-ta), !neg
	}
	if tb < 0 {
		ub, neg = uint64(-tb), !neg
	}
	hi, lo := bits.Mul64(ua, ub)
	if neg {
		lo, hi = ^lo, ^hi
		var cy uint64
		lo, cy = bits.Add64(lo, 1, 0)
		hi += cy
	}
	cw := uint32(c)
	lsb := uint64(0)
	switch {
	case v.mode&traces.VideoPlusOne != 0:
		lsb = 1
	case v.nega != v.negb:
		lo, hi = ^lo, ^hi
		lsb = 1
	case v.negc:
		cw = ^cw
		lsb = 1
	}
	var clo, chi uint64
	if signedFinal {
		clo = uint64(int64(int32(cw)))
		if int32(cw) < 0 {
			chi = ^uint64(0)
		}
	} else {
		clo = uint64(cw)
	}
	var cy uint64
	lo, cy = bits.Add64(lo, clo, 0)
	hi, _ = bits.Add64(hi, chi, cy)
	lo, cy = bits.Add64(lo, lsb, 0)
	hi += cy
	sh := uint(0)
	switch {
	case v.mode&traces.VideoShr7 != 0:
		sh = 7
	case v.mode&traces.VideoShr15 != 0:
		sh = 15
	}
	r := lo
	if sh > 0 {
		r = lo>>sh | hi<<(64-sh)
	}
	if v.sat {
		if signedFinal {
			r = uint64(clamp64(int64(r), -1<<31, 1<<31-1))
		} else if r > 1<<32-1 {
			r = 1<<32 - 1
		}
	}
	return uint64(uint32(r))
}

// simd returns the function of a 2- or 4-way SIMD instruction.
func (v *videoOp) simd(n int) videoFn {
	w := 32 / n // element width in bits
	emask := uint64(1)<<uint(w) - 1
	// Element i of a comes from part asel[i] of the pair {b, a}; of b from
	// bsel[i] (defaults: a's own elements, then b's).
	var asel, bsel [4]uint
	for i := 0; i < n; i++ {
		asel[i], bsel[i] = uint(i), uint(n+i)
		if v.asel != 0 {
			asel[i] = uint(v.asel >> (3 * i) & 7)
		}
		if v.bsel != 0 {
			bsel[i] = uint(v.bsel >> (3 * i) & 7)
		}
	}
	mask := uint64(1)<<uint(n) - 1
	if v.dsel != 0 {
		mask = v.dsel &^ traces.VSIMD
	}
	ext := func(pair uint64, part uint, signed bool) int64 {
		x := pair >> (part * uint(w)) & emask
		if signed && x>>(uint(w)-1) != 0 {
			return int64(x) - int64(emask) - 1
		}
		return int64(x)
	}
	lo, hi := int64(0), int64(emask)
	if v.dsigned {
		lo, hi = -int64(emask+1)/2, int64(emask)/2
	}
	return func(a, b, c uint64) uint64 {
		pair := uint64(uint32(b))<<32 | uint64(uint32(a))
		var d uint32
		if v.sec == traces.AtomAdd {
			d = uint32(c)
		}
		for i := 0; i < n; i++ {
			x := ext(pair, asel[i], v.asigned)
			y := ext(pair, bsel[i], v.bsigned)
			var t int64
			switch v.op {
			case traces.OpVadd2, traces.OpVadd4:
				t = x + y
			case traces.OpVsub2, traces.OpVsub4:
				t = x - y
			case traces.OpVavrg2, traces.OpVavrg4:
				if x+y >= 0 {
					t = (x + y + 1) >> 1
				} else {
					t = (x + y) >> 1
				}
			case traces.OpVabsdiff2, traces.OpVabsdiff4:
				t = x - y
				if t < 0 {
					t = -t
				}
			case traces.OpVmin2, traces.OpVmin4:
				t = min(x, y)
			case traces.OpVmax2, traces.OpVmax4:
				t = max(x, y)
			case traces.OpVset2, traces.OpVset4:
				if compare(v.cmp, x, y) {
					t = 1
				}
			}
			if v.sat {
				t = clamp64(t, lo, hi)
			}
			sh := uint(i * w)
			switch {
			case v.sec == traces.AtomAdd:
				if mask>>uint(i)&1 != 0 {
					d += uint32(t)
				}
			case mask>>uint(i)&1 != 0:
				d |= uint32(uint64(t)&emask) << sh
			default:
				d |= uint32(c) & uint32(emask<<sh)
			}
		}
		return uint64(d)
	}
}
