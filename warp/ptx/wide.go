package ptx

import (
	"github.com/gpusim/gpusim/warp"
	"math/bits"

	"github.com/gpusim/gpusim/traces"
)

// 128-bit registers (.b128, PTX ISA 8.3, sm_70+): ld.b128, st.b128 and
// mov.b128 (copy, pack from and unpack into narrower registers). A .b128
// register takes two rows of the register file, the low 64 bits first; a
// 128-bit access is two 8-byte elements of one 16-byte, 16-byte-aligned
// access.

// reg128 decodes operand op as a .b128 register: the offsets of its low and
// high rows.
func (c *compiler) reg128(in *traces.Inst, op traces.Operand) (lo, hi int, err error) {
	if op.Kind != traces.OpdReg || op.Reg < 0 || int(op.Reg) >= len(c.k.Regs) {
		return 0, 0, c.errf(in, "a .b128 operand must be a .b128 register")
	}
	if c.regType(op.Reg).Bits() != 128 {
		return 0, 0, c.errf(in, "register %s is .%s, not .b128", c.k.Regs[op.Reg].Name, c.regType(op.Reg))
	}
	lo = c.rowOff(op.Reg)
	return lo, lo + c.width, nil
}

// dst128 decodes Dst[i] as the two 64-bit halves of a .b128 register (both
// sinks for `_`).
func (c *compiler) dst128(in *traces.Inst, i int) (lo, hi dstOpd, err error) {
	if in.Dst[i].Kind == traces.OpdNone {
		return dstOpd{}, dstOpd{}, nil
	}
	l, h, err := c.reg128(in, in.Dst[i])
	if err != nil {
		return dstOpd{}, dstOpd{}, err
	}
	return dstOpd{kind: dstReg, off: l, mask: ^uint64(0)}, dstOpd{kind: dstReg, off: h, mask: ^uint64(0)}, nil
}

// src128 decodes Src[i] as the two 64-bit halves of a .b128 value (an
// immediate is zero-extended).
func (c *compiler) src128(in *traces.Inst, i int) (lo, hi srcOpd, err error) {
	s := in.Src[i]
	if s.Kind == traces.OpdImm {
		return c.immOpd(s.Imm), c.immOpd(0), nil
	}
	l, h, err := c.reg128(in, s)
	if err != nil {
		return srcOpd{}, srcOpd{}, err
	}
	return srcOpd{kind: srcReg, off: l}, srcOpd{kind: srcReg, off: h}, nil
}

// ldst128 compiles ld.b128 and st.b128 as one 16-byte access of two 8-byte
// elements (execLoad/execStore with vec 2).
func (c *compiler) ldst128(in *traces.Inst, o *op) error {
	if in.Vec > 1 {
		return c.errf(in, ".v%d of .b128 is wider than 128 bits", in.Vec)
	}
	o.size, o.vec = 8, 2
	var err error
	if o.src[0], err = c.memSrc(in, 0, o.space); err != nil {
		return err
	}
	if in.Op == traces.OpSt {
		if in.NSrc != 2 {
			return c.errf(in, "expects one value to store, has %d", int(in.NSrc)-1)
		}
		if o.src[1], o.src[2], err = c.src128(in, 1); err != nil {
			return err
		}
		o.exec = execStore
		return nil
	}
	if in.NDst != 1 {
		return c.errf(in, "expects one destination, has %d", in.NDst)
	}
	if o.dst[0], o.dst[1], err = c.dst128(in, 0); err != nil {
		return err
	}
	o.exec = execLoad
	return nil
}

// mov128 compiles mov.b128: a copy between .b128 registers, a pack
// `mov.b128 d, {a, b}` (element 0 in the low bits) or an unpack
// `mov.b128 {a, b}, d`, with 2 or 4 elements of 64 or 32 bits.
func (c *compiler) mov128(in *traces.Inst, o *op) error {
	var err error
	switch {
	case in.NDst > 1: // unpack
		n := int(in.NDst)
		if n != 2 && n != 4 || in.NSrc != 1 {
			return c.errf(in, "cannot split .b128 into %d parts", n)
		}
		for i := 0; i < n; i++ {
			if o.dst[i], err = c.dstReg(in, i, bitType(128/n)); err != nil {
				return err
			}
		}
		if o.src[0], o.src[1], err = c.src128(in, 0); err != nil {
			return err
		}
		o.size, o.vec, o.exec = 128/n, n, execUnpack128
		return nil
	case in.NSrc > 1: // pack
		n := int(in.NSrc)
		if n != 2 && n != 4 || in.NDst != 1 {
			return c.errf(in, "cannot build .b128 from %d parts", n)
		}
		if o.dst[0], o.dst[1], err = c.dst128(in, 0); err != nil {
			return err
		}
		for i := 0; i < n; i++ {
			if o.src[i], err = c.src(in, i, bitType(128/n)); err != nil {
				return err
			}
		}
		o.size, o.vec, o.exec = 128/n, n, execPack128
		return nil
	}
	if in.NDst != 1 || in.NSrc != 1 {
		return c.errf(in, "expects one destination and one source")
	}
	if o.dst[0], o.dst[1], err = c.dst128(in, 0); err != nil {
		return err
	}
	if o.src[0], o.src[1], err = c.src128(in, 0); err != nil {
		return err
	}
	o.exec = execMov128
	return nil
}

// execMov128 copies both halves.
func execMov128(w *Warp, o *op, m uint64) error {
	lo, hi := w.in(o, 0), w.in(o, 1)
	dlo, dhi := w.out(o, 0), w.out(o, 1)
	for ; m != 0; m &= m - 1 {
		l := bits.TrailingZeros64(m)
		dlo[l], dhi[l] = lo[l], hi[l]
	}
	return nil
}

// execPack128 builds a .b128 register from o.vec elements of o.size bits.
func execPack128(w *Warp, o *op, m uint64) error {
	var src [4][]uint64
	for i := 0; i < o.vec; i++ {
		src[i] = w.in(o, i)
	}
	dlo, dhi := w.out(o, 0), w.out(o, 1)
	em := warp.LowMask(o.size)
	half := o.vec / 2
	for ; m != 0; m &= m - 1 {
		l := bits.TrailingZeros64(m)
		var lo, hi uint64
		for i := 0; i < half; i++ {
			lo |= (src[i][l] & em) << uint(i*o.size)
			hi |= (src[half+i][l] & em) << uint(i*o.size)
		}
		dlo[l], dhi[l] = lo, hi
	}
	return nil
}

// execUnpack128 splits a .b128 value into o.vec elements of o.size bits.
func execUnpack128(w *Warp, o *op, m uint64) error {
	lo, hi := w.in(o, 0), w.in(o, 1)
	em := warp.LowMask(o.size)
	half := o.vec / 2
	for ; m != 0; m &= m - 1 {
		l := bits.TrailingZeros64(m)
		for i := 0; i < o.vec; i++ {
			d := &o.dst[i]
			if d.kind != dstReg {
				continue
			}
			v := lo[l]
			if i >= half {
				v = hi[l]
			}
			w.regs[d.off+l] = ext(v>>uint((i%half)*o.size)&em, d)
		}
	}
	return nil
}
