package ptx

import (
	"github.com/gpusim/gpusim/warp"
	"math/bits"

	"github.com/gpusim/gpusim/traces"
)

// isIntType reports the integer and bit-size types of 16..64 bits that
// integer arithmetic takes.
func isIntType(t traces.Type) bool {
	switch t {
	case traces.B16, traces.B32, traces.B64, traces.U16, traces.U32, traces.U64, traces.S16, traces.S32, traces.S64:
		return true
	}
	return false
}

// wideType is the type of twice t's width (.wide results).
func wideType(t traces.Type) traces.Type {
	switch t {
	case traces.U16:
		return traces.U32
	case traces.S16:
		return traces.S32
	case traces.U32:
		return traces.U64
	case traces.S32:
		return traces.S64
	}
	return traces.TypeNone
}

// integer compiles the integer, bit and logic instructions.
func (c *compiler) integer(in *traces.Inst, o *op) error {
	t := in.Type
	n := t.Bits()
	sg := t.IsSigned()
	fl := in.Flags
	if t == traces.Pred {
		return c.predLogic(in, o)
	}
	switch in.Op {
	case traces.OpPopc, traces.OpClz, traces.OpBrev, traces.OpBfe, traces.OpBfi, traces.OpBfind,
		traces.OpAnd, traces.OpOr, traces.OpXor, traces.OpNot, traces.OpCnot, traces.OpShl, traces.OpShr:
		if n != 16 && n != 32 && n != 64 || t.IsFloat() {
			return c.errf(in, "type .%s", t)
		}
	case traces.OpLop3, traces.OpShf, traces.OpPrmt, traces.OpFns, traces.OpDp4a, traces.OpDp2a,
		traces.OpMul24, traces.OpMad24:
	default:
		if !isIntType(t) {
			return c.unsupported(in, in.Op.String()+" of type ."+t.String())
		}
	}
	if fl.Has(traces.FlagSat) && t != traces.S32 {
		return c.errf(in, ".sat is only defined for .s32")
	}
	switch in.Op {
	case traces.OpAdd, traces.OpSub, traces.OpAddc, traces.OpSubc:
		if fl.Has(traces.FlagCC) || in.Op == traces.OpAddc || in.Op == traces.OpSubc {
			return c.carry(in, o)
		}
		if err := c.std(in, o, t, t, t); err != nil {
			return err
		}
		add := in.Op == traces.OpAdd
		switch {
		case fl.Has(traces.FlagSat) && add:
			o.f2 = func(a, b uint64) uint64 { return sat32(int64(int32(a)) + int64(int32(b))) }
		case fl.Has(traces.FlagSat):
			o.f2 = func(a, b uint64) uint64 { return sat32(int64(int32(a)) - int64(int32(b))) }
		case add:
			o.f2 = func(a, b uint64) uint64 { return a + b }
			fast(o, execAdd32)
		default:
			o.f2 = func(a, b uint64) uint64 { return a - b }
			fast(o, execSub32)
		}
		return nil
	case traces.OpMul:
		switch {
		case fl.Has(traces.FlagWide):
			wt := wideType(t)
			if wt == traces.TypeNone {
				return c.errf(in, "mul.wide needs a 16- or 32-bit type")
			}
			if err := c.std(in, o, wt, t, t); err != nil {
				return err
			}
			o.f2 = func(a, b uint64) uint64 { return mulWide(a, b, n, sg) }
		case fl.Has(traces.FlagHi):
			if err := c.std(in, o, t, t, t); err != nil {
				return err
			}
			o.f2 = func(a, b uint64) uint64 { return mulHi(a, b, n, sg) }
		default:
			if err := c.std(in, o, t, t, t); err != nil {
				return err
			}
			o.f2 = func(a, b uint64) uint64 { return a * b }
			fast(o, execMulLo)
		}
		return nil
	case traces.OpMad, traces.OpMadc:
		if fl.Has(traces.FlagCC) || in.Op == traces.OpMadc {
			return c.carry(in, o)
		}
		switch {
		case fl.Has(traces.FlagWide):
			wt := wideType(t)
			if wt == traces.TypeNone {
				return c.errf(in, "mad.wide needs a 16- or 32-bit type")
			}
			if err := c.std(in, o, wt, t, t, wt); err != nil {
				return err
			}
			o.f3 = func(a, b, c uint64) uint64 { return mulWide(a, b, n, sg) + c }
		case fl.Has(traces.FlagHi):
			if err := c.std(in, o, t, t, t, t); err != nil {
				return err
			}
			if fl.Has(traces.FlagSat) {
				o.f3 = func(a, b, c uint64) uint64 {
					return sat32(int64(int32(uint32(mulHi(a, b, 32, true)))) + int64(int32(c)))
				}
			} else {
				o.f3 = func(a, b, c uint64) uint64 { return mulHi(a, b, n, sg) + c }
			}
		default:
			if fl.Has(traces.FlagSat) {
				return c.errf(in, ".sat needs mad.hi")
			}
			if err := c.std(in, o, t, t, t, t); err != nil {
				return err
			}
			o.f3 = func(a, b, c uint64) uint64 { return a*b + c }
			fast(o, execMadLo)
		}
		return nil
	case traces.OpMul24, traces.OpMad24:
		if t != traces.U32 && t != traces.S32 {
			return c.errf(in, "%s needs .u32 or .s32", in.Op)
		}
		hi := fl.Has(traces.FlagHi)
		if in.Op == traces.OpMul24 {
			if err := c.std(in, o, t, t, t); err != nil {
				return err
			}
			o.f2 = func(a, b uint64) uint64 { return mul24(a, b, sg, hi) }
			return nil
		}
		if err := c.std(in, o, t, t, t, t); err != nil {
			return err
		}
		if fl.Has(traces.FlagSat) {
			o.f3 = func(a, b, c uint64) uint64 {
				return sat32(int64(int32(uint32(mul24(a, b, true, hi)))) + int64(int32(c)))
			}
		} else {
			o.f3 = func(a, b, c uint64) uint64 { return mul24(a, b, sg, hi) + c }
		}
		return nil
	case traces.OpSad:
		if err := c.std(in, o, t, t, t, t); err != nil {
			return err
		}
		o.f3 = func(a, b, c uint64) uint64 {
			if warp.Less(a, b, n, sg) {
				return c + b - a
			}
			return c + a - b
		}
		return nil
	case traces.OpDiv, traces.OpRem:
		if err := c.std(in, o, t, t, t); err != nil {
			return err
		}
		if in.Op == traces.OpDiv {
			o.f2 = func(a, b uint64) uint64 { return intDiv(a, b, n, sg) }
		} else {
			o.f2 = func(a, b uint64) uint64 { return intRem(a, b, n, sg) }
		}
		o.exec, o.kmask = execDivRem, warp.LowMask(n)
		return nil
	case traces.OpAbs, traces.OpNeg:
		if !sg {
			return c.errf(in, "%s needs a signed type", in.Op)
		}
		if err := c.std(in, o, t, t); err != nil {
			return err
		}
		if in.Op == traces.OpNeg {
			o.f1 = func(a uint64) uint64 { return -a }
		} else {
			o.f1 = func(a uint64) uint64 {
				if sx(a, n) < 0 {
					return -a
				}
				return a
			}
		}
		return nil
	case traces.OpMin, traces.OpMax:
		if err := c.std(in, o, t, t, t); err != nil {
			return err
		}
		isMax, relu := in.Op == traces.OpMax, fl.Has(traces.FlagRelu)
		if relu && t != traces.S32 {
			return c.errf(in, ".relu needs .s32")
		}
		o.f2 = func(a, b uint64) uint64 {
			r := b
			if warp.Less(a, b, n, sg) != isMax {
				r = a
			}
			if relu && int32(uint32(r)) < 0 {
				r = 0
			}
			return r
		}
		return nil
	case traces.OpPopc, traces.OpClz:
		if n == 16 {
			return c.errf(in, "type .%s", t)
		}
		if err := c.std(in, o, traces.U32, t); err != nil {
			return err
		}
		if in.Op == traces.OpPopc {
			o.f1 = func(a uint64) uint64 { return uint64(bits.OnesCount64(a & warp.LowMask(n))) }
		} else {
			o.f1 = func(a uint64) uint64 { return uint64(bits.LeadingZeros64(a&warp.LowMask(n)) - (64 - n)) }
		}
		return nil
	case traces.OpBrev:
		if err := c.std(in, o, t, t); err != nil {
			return err
		}
		o.f1 = func(a uint64) uint64 { return bits.Reverse64(a) >> uint(64-n) }
		return nil
	case traces.OpBfind:
		if err := c.std(in, o, traces.U32, t); err != nil {
			return err
		}
		sa := fl.Has(traces.FlagShiftAmt)
		o.f1 = func(a uint64) uint64 { return bfind(a, n, sg, sa) }
		return nil
	case traces.OpBfe:
		if err := c.std(in, o, t, t, traces.U32, traces.U32); err != nil {
			return err
		}
		o.f3 = func(a, b, c uint64) uint64 { return bfe(a, b, c, n, sg) }
		return nil
	case traces.OpBfi:
		if in.NSrc != 4 {
			return c.errf(in, "expects 4 source operands")
		}
		var err error
		if o.dst[0], err = c.dstReg(in, 0, t); err != nil {
			return err
		}
		for i, st := range [4]traces.Type{t, t, traces.U32, traces.U32} {
			if o.src[i], err = c.src(in, i, st); err != nil {
				return err
			}
		}
		o.size, o.exec = n, execBfi
		return nil
	case traces.OpFns:
		if err := c.std(in, o, traces.B32, traces.B32, traces.B32, traces.S32); err != nil {
			return err
		}
		o.f3 = fns
		return nil
	case traces.OpDp4a, traces.OpDp2a:
		// dp4a.atype.btype: Type is atype, Type2 btype.
		bt := in.Type2
		if bt == traces.TypeNone {
			bt = t
		}
		if (t != traces.U32 && t != traces.S32) || (bt != traces.U32 && bt != traces.S32) {
			return c.errf(in, "%s needs .u32/.s32 operand types", in.Op)
		}
		dt := traces.U32
		if t.IsSigned() || bt.IsSigned() {
			dt = traces.S32
		}
		if err := c.std(in, o, dt, t, bt, dt); err != nil {
			return err
		}
		as, bs := t.IsSigned(), bt.IsSigned()
		if in.Op == traces.OpDp4a {
			o.f3 = func(a, b, c uint64) uint64 { return dp4a(a, b, c, as, bs) }
		} else {
			hi := fl.Has(traces.FlagHi)
			o.f3 = func(a, b, c uint64) uint64 { return dp2a(a, b, c, as, bs, hi) }
		}
		return nil
	case traces.OpAnd, traces.OpOr, traces.OpXor:
		if err := c.std(in, o, t, t, t); err != nil {
			return err
		}
		switch in.Op {
		case traces.OpAnd:
			o.f2 = func(a, b uint64) uint64 { return a & b }
			fast(o, execAnd)
		case traces.OpOr:
			o.f2 = func(a, b uint64) uint64 { return a | b }
			fast(o, execOr)
		default:
			o.f2 = func(a, b uint64) uint64 { return a ^ b }
			fast(o, execXor)
		}
		return nil
	case traces.OpNot:
		if err := c.std(in, o, t, t); err != nil {
			return err
		}
		o.f1 = func(a uint64) uint64 { return ^a }
		return nil
	case traces.OpCnot:
		if err := c.std(in, o, t, t); err != nil {
			return err
		}
		o.f1 = func(a uint64) uint64 {
			if a&warp.LowMask(n) == 0 {
				return 1
			}
			return 0
		}
		return nil
	case traces.OpLop3:
		if n != 32 && n != 64 {
			return c.errf(in, "type .%s", t)
		}
		if in.NDst == 2 {
			return c.lop3Pred(in, o)
		}
		if in.NDst != 1 {
			return c.errf(in, "expects one destination, or d|p with .and/.or")
		}
		if in.NSrc != 4 || in.Src[3].Kind != traces.OpdImm {
			return c.errf(in, "expects a, b, c and an immediate truth table")
		}
		lut := uint8(in.Src[3].Imm)
		in2 := *in
		in2.NSrc = 3
		if err := c.std(&in2, o, t, t, t, t); err != nil {
			return err
		}
		o.f3 = func(a, b, c uint64) uint64 { return lop3(a, b, c, lut) }
		return nil
	case traces.OpShf:
		if n != 32 {
			return c.errf(in, "shf is defined only for .b32")
		}
		if err := c.std(in, o, t, t, t, traces.U32); err != nil {
			return err
		}
		left, clamp := fl.Has(traces.FlagShiftLeft), fl.Has(traces.FlagShiftClamp)
		o.f3 = func(a, b, c uint64) uint64 { return shf(a, b, c, left, clamp) }
		return nil
	case traces.OpShl:
		if err := c.std(in, o, t, t, traces.U32); err != nil {
			return err
		}
		o.f2 = func(a, b uint64) uint64 { return shl(a, b, n) }
		return nil
	case traces.OpShr:
		if err := c.std(in, o, t, t, traces.U32); err != nil {
			return err
		}
		o.f2 = func(a, b uint64) uint64 { return shr(a, b, n, sg) }
		return nil
	case traces.OpPrmt:
		if n != 32 {
			return c.errf(in, "prmt type must be .b32")
		}
		if in.Mode > traces.PrmtRC16 {
			return c.errf(in, "unknown prmt mode")
		}
		if err := c.std(in, o, t, t, t, t); err != nil {
			return err
		}
		mode := in.Mode
		o.f3 = func(a, b, c uint64) uint64 { return prmt(a, b, c, mode) }
		return nil
	}
	return c.unsupported(in, in.Op.String()+" of type ."+t.String())
}

// predLogic compiles and/or/xor/not/mov on predicates.
func (c *compiler) predLogic(in *traces.Inst, o *op) error {
	var err error
	if o.dst[0], err = c.dstPredicate(in, 0); err != nil {
		return err
	}
	nsrc := 2
	switch in.Op {
	case traces.OpAnd:
		o.exec = execPredAnd
	case traces.OpOr:
		o.exec = execPredOr
	case traces.OpXor:
		o.exec = execPredXor
	case traces.OpNot:
		o.exec, nsrc = execPredNot, 1
	default:
		return c.errf(in, "%s is not defined on predicates", in.Op)
	}
	if int(in.NSrc) != nsrc {
		return c.errf(in, "expects %d source operands, has %d", nsrc, in.NSrc)
	}
	for i := 0; i < nsrc; i++ {
		if o.src[i], err = c.predSrc(in, i); err != nil {
			return err
		}
	}
	return nil
}

// carry compiles add.cc/sub.cc/mad.cc and addc/subc/madc.
func (c *compiler) carry(in *traces.Inst, o *op) error {
	t := in.Type
	if t != traces.U32 && t != traces.S32 && t != traces.U64 && t != traces.S64 {
		return c.errf(in, "carry arithmetic needs .u32, .s32, .u64 or .s64")
	}
	if in.Flags.Has(traces.FlagSat) {
		return c.errf(in, ".sat cannot be combined with a carry")
	}
	o.size = t.Size()
	o.cin = traces.PTXOp(in.Op).Uses.Has(traces.ImpCarry)
	switch in.Op {
	case traces.OpAdd, traces.OpAddc:
		o.aux = 1
		return c.stdCarry(in, o, t, t, t)
	case traces.OpSub, traces.OpSubc:
		o.aux = 2
		return c.stdCarry(in, o, t, t, t)
	}
	o.aux = 3
	n, sg := t.Bits(), t.IsSigned()
	if in.Flags.Has(traces.FlagHi) {
		o.f2 = func(a, b uint64) uint64 { return mulHi(a, b, n, sg) }
	} else {
		o.f2 = func(a, b uint64) uint64 { return a * b }
	}
	return c.stdCarry(in, o, t, t, t, t)
}

func (c *compiler) stdCarry(in *traces.Inst, o *op, dt traces.Type, st ...traces.Type) error {
	if err := c.std(in, o, dt, st...); err != nil {
		return err
	}
	o.exec = execCarry
	return nil
}

// fast switches o to a specialised lane loop when its destination needs no
// sign extension (the loop only masks); o keeps its generic function.
func fast(o *op, exec execFn) {
	if o.dst[0].sh == 0 {
		o.exec = exec
	}
}

// lop3Pred compiles `lop3.BoolOp.b32 d|p, a, b, c, immLut, q` (PTX ISA 8.2,
// sm_50+): d = F(a, b, c) as plain lop3, p = (d != 0) BoolOp q. IR shape:
// Dst[0] = d (OpdNone for `_`), Dst[1] = p, Src = a, b, c, immLut, q, and
// Bool is BoolAnd or BoolOr.
func (c *compiler) lop3Pred(in *traces.Inst, o *op) error {
	t := in.Type
	if t.Bits() != 32 {
		return c.errf(in, "lop3 with a predicate result is defined only for .b32")
	}
	if in.Bool != traces.BoolAnd && in.Bool != traces.BoolOr {
		return c.errf(in, "lop3 with a predicate result needs .and or .or")
	}
	if in.NSrc != 5 || in.Src[3].Kind != traces.OpdImm {
		return c.errf(in, "expects a, b, c, an immediate truth table and a predicate")
	}
	var err error
	if o.dst[0], err = c.dstReg(in, 0, t); err != nil {
		return err
	}
	if o.dst[1], err = c.dstPredicate(in, 1); err != nil {
		return err
	}
	for i := 0; i < 3; i++ {
		if o.src[i], err = c.src(in, i, t); err != nil {
			return err
		}
	}
	if o.src[4], err = c.predSrc(in, 4); err != nil {
		return err
	}
	o.aux = in.Src[3].Imm & 0xff
	o.mode = traces.Mode(in.Bool)
	o.exec = execLop3Pred
	return nil
}

// execLop3Pred: d = lop3(a, b, c) and p = (d != 0) .and/.or q.
func execLop3Pred(w *Warp, o *op, m uint64) error {
	a, b, c := w.in(o, 0), w.in(o, 1), w.in(o, 2)
	d := w.out(o, 0)
	do := &o.dst[0]
	lut := uint8(o.aux)
	var nz uint64
	for mm := m; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros64(mm)
		r := lop3(a[l], b[l], c[l], lut) & warp.LowMask(32)
		d[l] = ext(r, do)
		if r != 0 {
			nz |= 1 << uint(l)
		}
	}
	q := w.pred(o, 4)
	if traces.BoolOp(o.mode) == traces.BoolAnd {
		nz &= q
	} else {
		nz |= q
	}
	w.setPred(o, 1, m, nz)
	return nil
}
