package amd

import (
	"math/bits"

	"github.com/gpusim/gpusim/traces"
)

// Scalar ALU instructions (SOP1, SOP2, SOPC, SOPK and the MODE-changing
// SOPP ones), with SCC as the AMD ISA manuals define it per instruction.

// saluFn is a scalar operation: its result and its SCC (keep: SCC
// unchanged).
type saluFn func(a, b uint64) (d uint64, scc, keep bool)

func (c *compiler) salu(in *traces.Inst, o *wop) error {
	var err error
	for i := 0; i < int(in.NDst) && i < 2; i++ {
		if o.dst[i], err = c.dst(in, i); err != nil {
			return err
		}
	}
	if err := c.srcs(in, o, int(in.NSrc), 0); err != nil {
		return err
	}
	op := in.Op
	f, ok := saluOps[op]
	if !ok && o.info.Cmp != traces.CmpNone {
		f, ok = scmpFn(o.info.Cmp, o.info.Type, o.info.Enc == traces.AMDEncSOPK), true
	}
	if ok && f != nil {
		saluBind(o, f)
		o.exec = execSALU
		return nil
	}
	switch op {
	case traces.OpSCmovB32, traces.OpSCmovB64, traces.OpSCmovkI32:
		o.exec = execCmov
	case traces.OpSCselectB32, traces.OpSCselectB64:
		o.exec = execCselect
	case traces.OpSBitset0B32, traces.OpSBitset1B32:
		o.exec = execBitset
	case traces.OpSAddkI32, traces.OpSMulkI32:
		o.exec = execAddk
	case traces.OpSGetregB32, traces.OpSSetregB32, traces.OpSSetregImm32B32:
		id := in.Src[0].Imm & 63
		if id != 1 {
			return c.unsupported(in, "hardware registers other than HW_REG_MODE")
		}
		o.imm[0] = int64(in.Src[0].Imm>>6&31) | int64(in.Src[0].Imm>>11&31+1)<<8 // offset | size<<8
		if op == traces.OpSGetregB32 {
			o.exec = execGetreg
			// s_getreg's hwreg operand is Src[0]; there is no value source.
		} else {
			o.exec = execSetreg
		}
	case traces.OpSDenormMode, traces.OpSRoundMode:
		o.exec = execModeField
	default:
		if f := saveexecFn(op); f != nil {
			o.f2, o.exec = f, execSaveexec
			return nil
		}
		return c.unsupported(in, "no semantics for "+o.info.Name)
	}
	return nil
}

// saluBind attaches a scalar operation to a wop.
func saluBind(o *wop, f saluFn) {
	o.sop = func(w *Wave, a, b uint64) uint64 {
		d, scc, keep := f(a, b)
		if !keep {
			w.scc = scc
		}
		return d
	}
}

// execSALU: D = f(S0, S1) (S1 absent: 0), with SCC per f.
func execSALU(w *Wave, o *wop, m uint64) error {
	var a, b uint64
	if o.ns > 0 {
		a = w.sval(&o.src[0])
	}
	if o.ns > 1 {
		b = w.sval(&o.src[1])
	}
	if o.in.Op == traces.OpSSubbU32 || o.in.Op == traces.OpSAddcU32 {
		// Carry in from SCC: folded into b's top bit for the function.
		if w.scc {
			b |= 1 << 32
		}
	}
	d := o.sop(w, a, b)
	if o.dst[0].kind == wS {
		w.swrite(&o.dst[0], d)
	}
	return nil
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// nz makes a saluFn result with SCC = (result != 0).
func nz(d uint64) (uint64, bool, bool) { return d, d != 0, false }

// noSCC makes a saluFn result that leaves SCC alone.
func noSCC(d uint64) (uint64, bool, bool) { return d, false, true }

func s32(x uint64) int32 { return int32(uint32(x)) }

// saluOps are the scalar operations of the form D = f(S0, S1).
var saluOps = map[traces.Opcode]saluFn{
	traces.OpSMovB32:      func(a, b uint64) (uint64, bool, bool) { return noSCC(a & mask32) },
	traces.OpSMovB64:      func(a, b uint64) (uint64, bool, bool) { return noSCC(a) },
	traces.OpSMovkI32:     func(a, b uint64) (uint64, bool, bool) { return noSCC(uint64(uint32(int32(int16(a))))) },
	traces.OpSNotB32:      func(a, b uint64) (uint64, bool, bool) { return nz(^a & mask32) },
	traces.OpSNotB64:      func(a, b uint64) (uint64, bool, bool) { return nz(^a) },
	traces.OpSWqmB32:      func(a, b uint64) (uint64, bool, bool) { return nz(wqm(a) & mask32) },
	traces.OpSWqmB64:      func(a, b uint64) (uint64, bool, bool) { return nz(wqm(a)) },
	traces.OpSBrevB32:     func(a, b uint64) (uint64, bool, bool) { return noSCC(uint64(bits.Reverse32(uint32(a)))) },
	traces.OpSBrevB64:     func(a, b uint64) (uint64, bool, bool) { return noSCC(bits.Reverse64(a)) },
	traces.OpSBcnt0I32B32: func(a, b uint64) (uint64, bool, bool) { return nz(uint64(32 - bits.OnesCount32(uint32(a)))) },
	traces.OpSBcnt0I32B64: func(a, b uint64) (uint64, bool, bool) { return nz(uint64(64 - bits.OnesCount64(a))) },
	traces.OpSBcnt1I32B32: func(a, b uint64) (uint64, bool, bool) { return nz(uint64(bits.OnesCount32(uint32(a)))) },
	traces.OpSBcnt1I32B64: func(a, b uint64) (uint64, bool, bool) { return nz(uint64(bits.OnesCount64(a))) },
	traces.OpSFf0I32B32:   func(a, b uint64) (uint64, bool, bool) { return noSCC(ffs32(^uint32(a))) },
	traces.OpSFf1I32B32:   func(a, b uint64) (uint64, bool, bool) { return noSCC(ffs32(uint32(a))) },
	traces.OpSFf1I32B64:   func(a, b uint64) (uint64, bool, bool) { return noSCC(ffs64(a)) },
	traces.OpSFlbitI32B32: func(a, b uint64) (uint64, bool, bool) { return noSCC(flbit32(uint32(a))) },
	traces.OpSFlbitI32B64: func(a, b uint64) (uint64, bool, bool) { return noSCC(flbit64(a)) },
	traces.OpSFlbitI32:    func(a, b uint64) (uint64, bool, bool) { return noSCC(flbit32(uint32(a) ^ uint32(s32(a)>>31))) },
	traces.OpSSextI32I8:   func(a, b uint64) (uint64, bool, bool) { return noSCC(uint64(uint32(int32(int8(a))))) },
	traces.OpSSextI32I16:  func(a, b uint64) (uint64, bool, bool) { return noSCC(uint64(uint32(int32(int16(a))))) },
	traces.OpSAbsI32:      func(a, b uint64) (uint64, bool, bool) { return nz(uint64(uint32(abs32(s32(a))))) },
	traces.OpSQuadmaskB32: func(a, b uint64) (uint64, bool, bool) { return nz(quadmask(a & mask32)) },
	traces.OpSQuadmaskB64: func(a, b uint64) (uint64, bool, bool) { return nz(quadmask(a)) },
	traces.OpSAddU32:      func(a, b uint64) (uint64, bool, bool) { r := a&mask32 + b&mask32; return r & mask32, r > mask32, false },
	traces.OpSSubU32:      func(a, b uint64) (uint64, bool, bool) { return (a - b) & mask32, b&mask32 > a&mask32, false },
	traces.OpSAddcU32: func(a, b uint64) (uint64, bool, bool) {
		r := a&mask32 + b&mask32 + b>>32
		return r & mask32, r > mask32, false
	},
	traces.OpSSubbU32: func(a, b uint64) (uint64, bool, bool) {
		ci := b >> 32
		return (a - b&mask32 - ci) & mask32, b&mask32+ci > a&mask32, false
	},
	traces.OpSAddI32: func(a, b uint64) (uint64, bool, bool) {
		r := s32(a) + s32(b)
		return uint64(uint32(r)), (s32(a) >= 0) == (s32(b) >= 0) && (r >= 0) != (s32(a) >= 0), false
	},
	traces.OpSSubI32: func(a, b uint64) (uint64, bool, bool) {
		r := s32(a) - s32(b)
		return uint64(uint32(r)), (s32(a) >= 0) != (s32(b) >= 0) && (r >= 0) != (s32(a) >= 0), false
	},
	traces.OpSAddNcU64: func(a, b uint64) (uint64, bool, bool) { return noSCC(a + b) },
	traces.OpSSubNcU64: func(a, b uint64) (uint64, bool, bool) { return noSCC(a - b) },
	traces.OpSMulU64:   func(a, b uint64) (uint64, bool, bool) { return noSCC(a * b) },
	traces.OpSMinI32: func(a, b uint64) (uint64, bool, bool) {
		return uint64(uint32(min(s32(a), s32(b)))), s32(a) < s32(b), false
	},
	traces.OpSMaxI32: func(a, b uint64) (uint64, bool, bool) {
		return uint64(uint32(max(s32(a), s32(b)))), s32(a) > s32(b), false
	},
	traces.OpSMinU32:   func(a, b uint64) (uint64, bool, bool) { return min(a&mask32, b&mask32), a&mask32 < b&mask32, false },
	traces.OpSMaxU32:   func(a, b uint64) (uint64, bool, bool) { return max(a&mask32, b&mask32), a&mask32 > b&mask32, false },
	traces.OpSAndB32:   func(a, b uint64) (uint64, bool, bool) { return nz(a & b & mask32) },
	traces.OpSAndB64:   func(a, b uint64) (uint64, bool, bool) { return nz(a & b) },
	traces.OpSOrB32:    func(a, b uint64) (uint64, bool, bool) { return nz((a | b) & mask32) },
	traces.OpSOrB64:    func(a, b uint64) (uint64, bool, bool) { return nz(a | b) },
	traces.OpSXorB32:   func(a, b uint64) (uint64, bool, bool) { return nz((a ^ b) & mask32) },
	traces.OpSXorB64:   func(a, b uint64) (uint64, bool, bool) { return nz(a ^ b) },
	traces.OpSAndn2B32: func(a, b uint64) (uint64, bool, bool) { return nz(a &^ b & mask32) },
	traces.OpSAndn2B64: func(a, b uint64) (uint64, bool, bool) { return nz(a &^ b) },
	traces.OpSOrn2B32:  func(a, b uint64) (uint64, bool, bool) { return nz((a | ^b) & mask32) },
	traces.OpSOrn2B64:  func(a, b uint64) (uint64, bool, bool) { return nz(a | ^b) },
	traces.OpSNandB32:  func(a, b uint64) (uint64, bool, bool) { return nz(^(a & b) & mask32) },
	traces.OpSNandB64:  func(a, b uint64) (uint64, bool, bool) { return nz(^(a & b)) },
	traces.OpSNorB32:   func(a, b uint64) (uint64, bool, bool) { return nz(^(a | b) & mask32) },
	traces.OpSNorB64:   func(a, b uint64) (uint64, bool, bool) { return nz(^(a | b)) },
	traces.OpSXnorB32:  func(a, b uint64) (uint64, bool, bool) { return nz(^(a ^ b) & mask32) },
	traces.OpSXnorB64:  func(a, b uint64) (uint64, bool, bool) { return nz(^(a ^ b)) },
	traces.OpSLshlB32:  func(a, b uint64) (uint64, bool, bool) { return nz(a << (b & 31) & mask32) },
	traces.OpSLshlB64:  func(a, b uint64) (uint64, bool, bool) { return nz(a << (b & 63)) },
	traces.OpSLshrB32:  func(a, b uint64) (uint64, bool, bool) { return nz((a & mask32) >> (b & 31)) },
	traces.OpSLshrB64:  func(a, b uint64) (uint64, bool, bool) { return nz(a >> (b & 63)) },
	traces.OpSAshrI32:  func(a, b uint64) (uint64, bool, bool) { return nz(uint64(uint32(s32(a) >> (b & 31)))) },
	traces.OpSAshrI64:  func(a, b uint64) (uint64, bool, bool) { return nz(uint64(int64(a) >> (b & 63))) },
	traces.OpSBfmB32:   func(a, b uint64) (uint64, bool, bool) { return noSCC(uint64((uint32(1)<<(a&31) - 1) << (b & 31))) },
	traces.OpSBfmB64:   func(a, b uint64) (uint64, bool, bool) { return noSCC((uint64(1)<<(a&63) - 1) << (b & 63)) },
	traces.OpSMulI32:   func(a, b uint64) (uint64, bool, bool) { return noSCC(a * b & mask32) },
	traces.OpSMulHiU32: func(a, b uint64) (uint64, bool, bool) { return noSCC((a & mask32) * (b & mask32) >> 32) },
	traces.OpSMulHiI32: func(a, b uint64) (uint64, bool, bool) {
		return noSCC(uint64(int64(s32(a))*int64(s32(b))) >> 32 & mask32)
	},
	traces.OpSBfeU32: func(a, b uint64) (uint64, bool, bool) {
		off, w := b&31, b>>16&127
		if w >= 32 {
			return nz((a & mask32) >> off)
		}
		return nz((a & mask32) >> off & (1<<w - 1))
	},
	traces.OpSBfeI32: func(a, b uint64) (uint64, bool, bool) {
		off, w := b&31, b>>16&127
		if w == 0 {
			return nz(0)
		}
		x := (a & mask32) >> off
		if w < 32 {
			x = uint64(uint32(int32(uint32(x)<<(32-w)) >> (32 - w)))
		}
		return nz(x & mask32)
	},
	traces.OpSBfeU64: func(a, b uint64) (uint64, bool, bool) {
		off, w := b&63, b>>16&127
		if w >= 64 {
			return nz(a >> off)
		}
		return nz(a >> off & (1<<w - 1))
	},
	traces.OpSBfeI64: func(a, b uint64) (uint64, bool, bool) {
		off, w := b&63, b>>16&127
		if w == 0 {
			return nz(0)
		}
		x := a >> off
		if w < 64 {
			x = uint64(int64(x<<(64-w)) >> (64 - w))
		}
		return nz(x)
	},
	traces.OpSAbsdiffI32: func(a, b uint64) (uint64, bool, bool) { return nz(uint64(uint32(abs32(s32(a) - s32(b))))) },
	traces.OpSLshl1AddU32: func(a, b uint64) (uint64, bool, bool) {
		r := (a&mask32)<<1 + b&mask32
		return r & mask32, r > mask32, false
	},
	traces.OpSLshl2AddU32: func(a, b uint64) (uint64, bool, bool) {
		r := (a&mask32)<<2 + b&mask32
		return r & mask32, r > mask32, false
	},
	traces.OpSLshl3AddU32: func(a, b uint64) (uint64, bool, bool) {
		r := (a&mask32)<<3 + b&mask32
		return r & mask32, r > mask32, false
	},
	traces.OpSLshl4AddU32: func(a, b uint64) (uint64, bool, bool) {
		r := (a&mask32)<<4 + b&mask32
		return r & mask32, r > mask32, false
	},
	traces.OpSPackLlB32B16: func(a, b uint64) (uint64, bool, bool) { return noSCC(a&0xffff | (b&0xffff)<<16) },
	traces.OpSPackLhB32B16: func(a, b uint64) (uint64, bool, bool) { return noSCC(a&0xffff | (b>>16&0xffff)<<16) },
	traces.OpSPackHhB32B16: func(a, b uint64) (uint64, bool, bool) { return noSCC(a>>16&0xffff | (b>>16&0xffff)<<16) },
	traces.OpSPackHlB32B16: func(a, b uint64) (uint64, bool, bool) { return noSCC(a>>16&0xffff | (b&0xffff)<<16) },
	traces.OpSBitcmp0B32:   func(a, b uint64) (uint64, bool, bool) { return 0, a>>(b&31)&1 == 0, false },
	traces.OpSBitcmp1B32:   func(a, b uint64) (uint64, bool, bool) { return 0, a>>(b&31)&1 == 1, false },
	traces.OpSBitcmp0B64:   func(a, b uint64) (uint64, bool, bool) { return 0, a>>(b&63)&1 == 0, false },
	traces.OpSBitcmp1B64:   func(a, b uint64) (uint64, bool, bool) { return 0, a>>(b&63)&1 == 1, false },
}

func abs32(x int32) int32 {
	if x < 0 {
		return -x
	}
	return x
}

// ffs32 is the index of the lowest set bit, -1 for 0.
func ffs32(x uint32) uint64 {
	if x == 0 {
		return mask32
	}
	return uint64(bits.TrailingZeros32(x))
}

func ffs64(x uint64) uint64 {
	if x == 0 {
		return mask32
	}
	return uint64(bits.TrailingZeros64(x))
}

// flbit32 counts leading zeros, -1 for 0.
func flbit32(x uint32) uint64 {
	if x == 0 {
		return mask32
	}
	return uint64(bits.LeadingZeros32(x))
}

func flbit64(x uint64) uint64 {
	if x == 0 {
		return mask32
	}
	return uint64(bits.LeadingZeros64(x))
}

// wqm sets every bit of a quad (group of four lanes) that has any set.
func wqm(x uint64) uint64 {
	var r uint64
	for q := 0; q < 64; q += 4 {
		if x>>uint(q)&15 != 0 {
			r |= 15 << uint(q)
		}
	}
	return r
}

// quadmask sets bit i when quad i has any bit set.
func quadmask(x uint64) uint64 {
	var r uint64
	for q := 0; q < 16; q++ {
		if x>>uint(4*q)&15 != 0 {
			r |= 1 << uint(q)
		}
	}
	return r
}

// scmpFn returns the SOPC/SOPK comparison of info.
func scmpFn(c traces.CmpOp, t traces.Type, imm16 bool) saluFn {
	cmp := intCmp(c, t)
	if cmp == nil {
		return nil
	}
	return func(a, b uint64) (uint64, bool, bool) {
		if imm16 {
			if t == traces.S32 {
				b = uint64(uint32(int32(int16(b))))
			} else {
				b &= 0xffff
			}
		}
		return 0, cmp(a, b, 0), false
	}
}

// execCmov is s_cmov / s_cmovk: D = S0 if SCC.
func execCmov(w *Wave, o *wop, m uint64) error {
	if !w.scc {
		return nil
	}
	a := w.sval(&o.src[0])
	if o.in.Op == traces.OpSCmovkI32 {
		a = uint64(uint32(int32(int16(a))))
	}
	w.swrite(&o.dst[0], a)
	return nil
}

// execCselect is s_cselect: D = SCC ? S0 : S1.
func execCselect(w *Wave, o *wop, m uint64) error {
	x := w.sval(&o.src[1])
	if w.scc {
		x = w.sval(&o.src[0])
	}
	w.swrite(&o.dst[0], x)
	return nil
}

// execBitset is s_bitset0/1_b32: clear or set bit S0[4:0] of D.
func execBitset(w *Wave, o *wop, m uint64) error {
	d := &o.dst[0]
	if d.kind != wS || d.null {
		return nil
	}
	bit := uint32(1) << (w.sval(&o.src[0]) & 31)
	if o.in.Op == traces.OpSBitset0B32 {
		w.s[d.reg] &^= bit
	} else {
		w.s[d.reg] |= bit
	}
	return nil
}

// execAddk is s_addk_i32 (D += simm16, SCC = signed overflow) and
// s_mulk_i32 (D *= simm16).
func execAddk(w *Wave, o *wop, m uint64) error {
	d := &o.dst[0]
	if d.kind != wS || d.null {
		return nil
	}
	k := int32(int16(w.sval(&o.src[0])))
	x := int32(w.s[d.reg])
	if o.in.Op == traces.OpSMulkI32 {
		w.s[d.reg] = uint32(x * k)
		return nil
	}
	r := x + k
	w.scc = (x >= 0) == (k >= 0) && (r >= 0) != (x >= 0)
	w.s[d.reg] = uint32(r)
	return nil
}

// saveexecFn returns EXEC's new value for the s_*_saveexec and s_*_wrexec
// instructions (S0 is a, the old EXEC e).
func saveexecFn(op traces.Opcode) func(a, e uint64) uint64 {
	switch op {
	case traces.OpSAndSaveexecB32, traces.OpSAndSaveexecB64:
		return func(a, e uint64) uint64 { return a & e }
	case traces.OpSOrSaveexecB32, traces.OpSOrSaveexecB64:
		return func(a, e uint64) uint64 { return a | e }
	case traces.OpSXorSaveexecB32, traces.OpSXorSaveexecB64:
		return func(a, e uint64) uint64 { return a ^ e }
	case traces.OpSAndn2SaveexecB32, traces.OpSAndn2SaveexecB64, traces.OpSAndn2WrexecB32, traces.OpSAndn2WrexecB64:
		return func(a, e uint64) uint64 { return a &^ e }
	case traces.OpSOrn2SaveexecB32, traces.OpSOrn2SaveexecB64:
		return func(a, e uint64) uint64 { return a | ^e }
	case traces.OpSNandSaveexecB32, traces.OpSNandSaveexecB64:
		return func(a, e uint64) uint64 { return ^(a & e) }
	case traces.OpSNorSaveexecB32, traces.OpSNorSaveexecB64:
		return func(a, e uint64) uint64 { return ^(a | e) }
	case traces.OpSXnorSaveexecB32, traces.OpSXnorSaveexecB64:
		return func(a, e uint64) uint64 { return ^(a ^ e) }
	case traces.OpSAndn1SaveexecB32, traces.OpSAndn1SaveexecB64, traces.OpSAndn1WrexecB32, traces.OpSAndn1WrexecB64:
		return func(a, e uint64) uint64 { return ^a & e }
	case traces.OpSOrn1SaveexecB32, traces.OpSOrn1SaveexecB64:
		return func(a, e uint64) uint64 { return ^a | e }
	}
	return nil
}

// execSaveexec: D = EXEC (the new EXEC for the wrexec forms); EXEC =
// f(S0, EXEC); SCC = EXEC != 0. The _b32 forms work on exec_lo.
func execSaveexec(w *Wave, o *wop, m uint64) error {
	a := w.sval(&o.src[0])
	e := uint64(w.s[traces.AMDRegExecLo]) | uint64(w.s[traces.AMDRegExecHi])<<32
	is32 := o.info.Type == traces.B32
	if is32 {
		e &= mask32
	}
	n := o.f2(a, e)
	if is32 {
		n &= mask32
	}
	op := o.in.Op
	wr := op == traces.OpSAndn1WrexecB32 || op == traces.OpSAndn1WrexecB64 ||
		op == traces.OpSAndn2WrexecB32 || op == traces.OpSAndn2WrexecB64
	if wr {
		w.swrite(&o.dst[0], n)
	} else {
		w.swrite(&o.dst[0], e)
	}
	w.s[traces.AMDRegExecLo] = uint32(n)
	if !is32 {
		w.s[traces.AMDRegExecHi] = uint32(n >> 32)
	}
	w.scc = n&w.wmask != 0
	return nil
}

// execGetreg is s_getreg_b32 of HW_REG_MODE: the field's bits, shifted down.
func execGetreg(w *Wave, o *wop, m uint64) error {
	off, size := uint(o.imm[0]&255), uint(o.imm[0]>>8)
	w.swrite(&o.dst[0], uint64(w.mode>>off)&(1<<size-1))
	return nil
}

// execSetreg is s_setreg_b32 / s_setreg_imm32_b32 of HW_REG_MODE.
func execSetreg(w *Wave, o *wop, m uint64) error {
	off, size := uint(o.imm[0]&255), uint(o.imm[0]>>8)
	mask := uint32(1<<size-1) << off
	x := uint32(w.sval(&o.src[1])) << off
	w.setMode(w.mode&^mask | x&mask)
	return nil
}

// execModeField is s_denorm_mode (MODE[7:4] = imm[3:0]) and s_round_mode
// (MODE[3:0] = imm[3:0]).
func execModeField(w *Wave, o *wop, m uint64) error {
	x := uint32(w.sval(&o.src[0])) & 15
	if o.in.Op == traces.OpSDenormMode {
		w.setMode(w.mode&^0xf0 | x<<4)
	} else {
		w.setMode(w.mode&^0xf | x)
	}
	return nil
}
