package ptx

import "github.com/gpusim/gpusim/traces"

// Operands: registers with PTX type checking, special registers,
// immediates, addresses and variable addresses.

// ptxSpecial describes a special register (PTX ISA chapter 10).
type ptxSpecial struct {
	reg      traces.SpecialReg
	typ      traces.Type
	legacy16 bool   // also readable with a 16-bit instruction type (PTX 1.x code)
	idx      uint64 // %envregN, %reserved_smem_offset_N: the number (the operand's Imm)
	needSM   int    // the minimum target, 0 for any
}

var ptxSpecials = func() map[string]ptxSpecial {
	m := map[string]ptxSpecial{
		"%tid.x": {reg: traces.SRegTidX, typ: traces.U32, legacy16: true}, "%tid.y": {reg: traces.SRegTidY, typ: traces.U32, legacy16: true}, "%tid.z": {reg: traces.SRegTidZ, typ: traces.U32, legacy16: true},
		"%ntid.x": {reg: traces.SRegNtidX, typ: traces.U32, legacy16: true}, "%ntid.y": {reg: traces.SRegNtidY, typ: traces.U32, legacy16: true}, "%ntid.z": {reg: traces.SRegNtidZ, typ: traces.U32, legacy16: true},
		"%ctaid.x": {reg: traces.SRegCtaidX, typ: traces.U32, legacy16: true}, "%ctaid.y": {reg: traces.SRegCtaidY, typ: traces.U32, legacy16: true}, "%ctaid.z": {reg: traces.SRegCtaidZ, typ: traces.U32, legacy16: true},
		"%nctaid.x": {reg: traces.SRegNctaidX, typ: traces.U32, legacy16: true}, "%nctaid.y": {reg: traces.SRegNctaidY, typ: traces.U32, legacy16: true}, "%nctaid.z": {reg: traces.SRegNctaidZ, typ: traces.U32, legacy16: true},
		"%laneid": {reg: traces.SRegLaneID, typ: traces.U32}, "%warpid": {reg: traces.SRegWarpID, typ: traces.U32}, "%nwarpid": {reg: traces.SRegNWarpID, typ: traces.U32},
		"%smid": {reg: traces.SRegSMID, typ: traces.U32}, "%nsmid": {reg: traces.SRegNSMID, typ: traces.U32},
		// %gridid was .u32 before PTX ISA 3.0; mov.u32 still reads it (the low half).
		"%gridid": {reg: traces.SRegGridID, typ: traces.U64},
		"%clock":  {reg: traces.SRegClock, typ: traces.U32}, "%clock_hi": {reg: traces.SRegClockHi, typ: traces.U32}, "%clock64": {reg: traces.SRegClock64, typ: traces.U64},
		"%globaltimer": {reg: traces.SRegGlobalTimer, typ: traces.U64}, "%globaltimer_lo": {reg: traces.SRegGlobalTimerLo, typ: traces.U32}, "%globaltimer_hi": {reg: traces.SRegGlobalTimerHi, typ: traces.U32},
		"%lanemask_eq": {reg: traces.SRegLanemaskEq, typ: traces.U32}, "%lanemask_le": {reg: traces.SRegLanemaskLe, typ: traces.U32},
		"%lanemask_lt": {reg: traces.SRegLanemaskLt, typ: traces.U32}, "%lanemask_ge": {reg: traces.SRegLanemaskGe, typ: traces.U32},
		"%lanemask_gt":       {reg: traces.SRegLanemaskGt, typ: traces.U32},
		"%dynamic_smem_size": {reg: traces.SRegDynamicSmemSize, typ: traces.U32}, "%total_smem_size": {reg: traces.SRegTotalSmemSize, typ: traces.U32},
		// The reserved shared memory registers need sm_80 (as ptxas 11.8
		// says: "Feature '%reserved_smem_offset_begin' requires .target
		// sm_80 or higher").
		"%reserved_smem_offset_begin": {reg: traces.SRegReservedSmemBegin, typ: traces.B32, needSM: 80},
		"%reserved_smem_offset_end":   {reg: traces.SRegReservedSmemEnd, typ: traces.B32, needSM: 80},
		"%reserved_smem_offset_cap":   {reg: traces.SRegReservedSmemCap, typ: traces.B32, needSM: 80},
		"%reserved_smem_offset_0":     {reg: traces.SRegReservedSmemOffset, typ: traces.B32, needSM: 80},
		"%reserved_smem_offset_1":     {reg: traces.SRegReservedSmemOffset, typ: traces.B32, idx: 1, needSM: 80},
		"WARP_SZ":                     {reg: traces.SRegWarpSize, typ: traces.U32},
	}
	for i := 0; i < 32; i++ {
		m["%envreg"+itoa(i)] = ptxSpecial{reg: traces.SRegEnvReg, typ: traces.B32, idx: uint64(i)}
	}
	return m
}()

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return string(rune('0'+i/10)) + string(rune('0'+i%10))
}

// isUnsupportedSpecial recognises special registers PTX has but gpusim
// does not model.
func isUnsupportedSpecial(name []byte) bool {
	s := string(name)
	for _, pre := range []string{"%tid", "%ntid", "%ctaid", "%nctaid", "%envreg", "%pm", "%globaltimer_",
		"%cluster", "%nclusterid", "%is_explicit_cluster", "%reserved_smem", "%aggr_smem_size", "%current_graph_exec"} {
		if len(s) >= len(pre) && s[:len(pre)] == pre {
			return true
		}
	}
	return false
}

type typeKind uint8

const (
	tkdBits typeKind = iota
	tkdInt
	tkdFloat
	tkdPred
)

func kindOf(t traces.Type) typeKind {
	switch {
	case t == traces.Pred:
		return tkdPred
	case t >= traces.B8 && t <= traces.B128:
		return tkdBits
	case t >= traces.U8 && t <= traces.S64:
		return tkdInt
	}
	return tkdFloat
}

// regCompatible reports whether a register declared rt may be an operand of
// an instruction whose type (for that operand) is it, per the PTX ISA's
// operand type-checking rules: a bit-size type accepts any register of the
// same size, an integer type any bit-size or integer register of the same
// size, a float type a bit-size register of the same size or the same float
// type. ld, st and cvt (relaxed) also accept wider bit-size and integer
// registers for bit-size and integer types, which are truncated or extended.
func regCompatible(it, rt traces.Type, relaxed bool) bool {
	if it == rt {
		return true
	}
	ik, rk := kindOf(it), kindOf(rt)
	if ik == tkdPred || rk == tkdPred {
		return false
	}
	is, rs := it.Size(), rt.Size()
	if relaxed && rs > is {
		switch ik {
		case tkdBits:
			return true
		case tkdInt:
			return rk != tkdFloat
		}
		return rk == tkdBits
	}
	if is != rs {
		return false
	}
	switch ik {
	case tkdBits:
		return true
	case tkdInt:
		return rk != tkdFloat
	}
	return rk == tkdBits
}

func bitsOfSize(n int) traces.Type {
	switch n {
	case 1:
		return traces.B8
	case 2:
		return traces.B16
	case 4:
		return traces.B32
	case 8:
		return traces.B64
	case 16:
		return traces.B128
	}
	return traces.TypeNone
}

// Operand decoding flags.
type vflag uint8

const (
	vDst     vflag = 1 << iota // a destination
	vRelaxed                   // ld/st/cvt relaxed type checking
	vNegOK                     // a predicate source that may be written !p
)

// valueOpd decodes a register, special register or immediate operand of
// type t.
func (p *ptxParser) valueOpd(r *rawOpd, t traces.Type, fl vflag, word []byte) (traces.Operand, error) {
	f := p.fn
	if r.pipe.kind == tkWord {
		return traces.Operand{}, p.errAt(r.pipe.pos, "%s: unexpected '|' operand", word)
	}
	switch r.kind {
	case rkName:
		name := p.bytes(r.tok)
		if r.minus {
			return traces.Operand{}, p.errAt(r.pos, "%s: negated operand -%s is not supported", word, name)
		}
		if r.hasOff {
			return traces.Operand{}, p.errAt(r.pos, "%s: %s%+d is not a register or value", word, name, r.off)
		}
		if len(name) == 1 && name[0] == '_' {
			if fl&vDst == 0 {
				return traces.Operand{}, p.errAt(r.pos, "%s: the sink _ can only be a destination", word)
			}
			return traces.Operand{}, nil
		}
		if d, m, ok := f.lookupReg(name); ok {
			rt := f.regDecls[d].typ
			id := f.regID(d, m, name)
			if t == traces.Pred {
				if rt != traces.Pred {
					return traces.Operand{}, p.errAt(r.pos, "%s: %s is a .%s register, expected a predicate", word, name, rt)
				}
				if r.neg && fl&vNegOK == 0 {
					return traces.Operand{}, p.errAt(r.pos, "%s: !%s: negation is not allowed here", word, name)
				}
				return traces.Operand{Kind: traces.OpdPred, Reg: id, Neg: r.neg}, nil
			}
			if rt == traces.Pred {
				return traces.Operand{}, p.errAt(r.pos, "%s: %s is a predicate, expected a .%s operand", word, name, t)
			}
			if r.neg {
				return traces.Operand{}, p.errAt(r.pos, "%s: !%s: only predicates can be negated", word, name)
			}
			if !regCompatible(t, rt, fl&vRelaxed != 0) {
				return traces.Operand{}, p.errAt(r.pos, "%s: register %s is .%s, which does not match .%s", word, name, rt, t)
			}
			return traces.Operand{Kind: traces.OpdReg, Reg: id}, nil
		}
		if sp, ok := ptxSpecials[string(name)]; ok {
			if fl&vDst != 0 {
				return traces.Operand{}, p.errAt(r.pos, "%s: special register %s is read-only", word, name)
			}
			legacy := sp.legacy16 && t.Size() == 2 || sp.reg == traces.SRegGridID && t.Size() == 4
			if r.neg || t == traces.Pred || !(regCompatible(t, sp.typ, fl&vRelaxed != 0) || legacy && kindOf(t) != tkdFloat && kindOf(t) != tkdPred) {
				return traces.Operand{}, p.errAt(r.pos, "%s: special register %s is .%s, which does not match .%s", word, name, sp.typ, t)
			}
			if sp.needSM > p.sm {
				return traces.Operand{}, p.errAt(r.pos, "%s: special register %s requires sm_%d or later (.target is %s)", word, name, sp.needSM, p.prog.Target)
			}
			return traces.Operand{Kind: traces.OpdSpecial, Special: sp.reg, Imm: sp.idx}, nil
		}
		return traces.Operand{}, p.nameError(r.tok, word)
	case rkNum:
		if fl&vDst != 0 {
			return traces.Operand{}, p.errAt(r.pos, "%s: destination must be a register, found %s", word, p.bytes(r.tok))
		}
		if t == traces.TypeNone {
			return traces.Operand{}, p.errAt(r.pos, "%s: immediate not allowed here", word)
		}
		bits, msg := immBits(p.bytes(r.tok), r.neg, t)
		if msg != "" {
			sign := ""
			if r.neg {
				sign = "-"
			}
			return traces.Operand{}, p.errAt(r.pos, "%s: bad immediate %s%s for .%s: %s", word, sign, p.bytes(r.tok), t, msg)
		}
		return traces.Operand{Kind: traces.OpdImm, Imm: bits}, nil
	case rkMem:
		return traces.Operand{}, p.errAt(r.pos, "%s: unexpected address operand, expected a .%s value", word, t)
	}
	return traces.Operand{}, p.errAt(r.pos, "%s: unexpected vector operand", word)
}

// nameError explains why a name is not usable as a value operand.
func (p *ptxParser) nameError(t token, word []byte) error {
	name := p.bytes(t)
	f := p.fn
	if _, ok := f.vars[string(name)]; ok {
		return p.errAt(t.pos, "%s: %s is a variable, not a register (use [%s] or mov to take its address)", word, name, name)
	}
	if s := p.syms[string(name)]; s != nil {
		if s.kind == symFunc {
			return p.errAt(t.pos, "%s: %s is a function, not a register", word, name)
		}
		if s.kind == symTex {
			return p.errAt(t.pos, "%s: %s is a .%s, not a register (mov.u64 takes its handle)", word, name, p.prog.TexRefs[s.tex].Kind)
		}
		return p.errAt(t.pos, "%s: %s is a variable, not a register (use [%s] or mov to take its address)", word, name, name)
	}
	if name[0] == '%' && isUnsupportedSpecial(name) {
		return p.errAt(t.pos, "%s: special register %s is not supported", word, name)
	}
	return p.errAt(t.pos, "%s: undefined register %s", word, name)
}

// elemRaw turns a vector element into a raw operand.
func (p *ptxParser) elemRaw(e rawElem) rawOpd {
	r := rawOpd{kind: rkName, tok: e.tok, neg: e.neg, pos: e.tok.pos}
	if e.tok.kind == tkNum {
		r.kind = rkNum
	}
	return r
}

func (p *ptxParser) isRegOrSpecial(r *rawOpd) bool {
	if r.kind != rkName {
		return false
	}
	name := p.bytes(r.tok)
	if len(name) == 1 && name[0] == '_' {
		return true
	}
	if _, _, ok := p.fn.lookupReg(name); ok {
		return true
	}
	_, ok := ptxSpecials[string(name)]
	return ok
}

// addrOpd decodes `[base+off]`. slot is the operand's position (4+i for
// Src[i]) for symbol resolution at the end of the module.
func (p *ptxParser) addrOpd(r *rawOpd, slot uint8, idx int32, word []byte) (traces.Operand, error) {
	if r.kind != rkMem {
		return traces.Operand{}, p.errAt(r.pos, "%s: expected an address [...]", word)
	}
	if r.nitems > 0 {
		return traces.Operand{}, p.errAt(r.items[0].pos, "%s: expected an address [base+offset]; [a, b] lists are texture and surface operands", word)
	}
	op := traces.Operand{Kind: traces.OpdMem, Reg: -1, Imm: uint64(r.off)}
	if r.tok.kind == tkEOF {
		return op, nil
	}
	return p.symbolic(op, r.tok, slot, idx, word, true)
}

// symOpd decodes `name` or `name+N` as the address of a variable (mov,
// cvta).
func (p *ptxParser) symOpd(r *rawOpd, slot uint8, idx int32, word []byte) (traces.Operand, error) {
	if r.minus {
		return traces.Operand{}, p.errAt(r.pos, "%s: negated operand -%s is not supported", word, p.bytes(r.tok))
	}
	if r.neg {
		return traces.Operand{}, p.errAt(r.pos, "%s: cannot negate %s", word, p.bytes(r.tok))
	}
	op := traces.Operand{Kind: traces.OpdSym, Reg: -1, Imm: uint64(r.off)}
	return p.symbolic(op, r.tok, slot, idx, word, false)
}

// symbolic resolves the name in an address: a base register (addresses
// only), a variable of the function's scopes, or a module-scope variable
// (resolved when the module is complete).
func (p *ptxParser) symbolic(op traces.Operand, t token, slot uint8, idx int32, word []byte, regOK bool) (traces.Operand, error) {
	f := p.fn
	name := p.bytes(t)
	if d, m, ok := f.lookupReg(name); ok {
		rt := f.regDecls[d].typ
		if !regOK {
			return traces.Operand{}, p.errAt(t.pos, "%s: unexpected register %s", word, name)
		}
		if (rt.Size() != 4 && rt.Size() != 8) || kindOf(rt) == tkdFloat || rt == traces.Pred {
			return traces.Operand{}, p.errAt(t.pos, "%s: address register %s is .%s; expected a 32- or 64-bit integer", word, name, rt)
		}
		op.Reg = f.regID(d, m, name)
		return op, nil
	}
	if _, ok := ptxSpecials[string(name)]; ok {
		return traces.Operand{}, p.errAt(t.pos, "%s: special register %s cannot be an address", word, name)
	}
	if i, ok := f.vars[string(name)]; ok {
		v := &f.varDecls[i]
		if !offsetInside(int64(op.Imm), v.size, op.Kind == traces.OpdSym) {
			return traces.Operand{}, p.errAt(t.pos, "%s: %s%+d is outside %s (%d bytes)", word, name, int64(op.Imm), name, v.size)
		}
		op.Space = v.space
		op.Imm += v.off
		if v.reloc != relocNone {
			f.relocs = append(f.relocs, reloc{inst: idx, slot: slot, kind: v.reloc})
		}
		return op, nil
	}
	if name[0] == '%' {
		if isUnsupportedSpecial(name) {
			return traces.Operand{}, p.errAt(t.pos, "%s: special register %s is not supported", word, name)
		}
		return traces.Operand{}, p.errAt(t.pos, "%s: undefined register %s", word, name)
	}
	f.symRefs = append(f.symRefs, symRef{inst: idx, slot: slot, name: span{t.off, t.end}, pos: t.pos})
	return op, nil
}

// operandAt returns the operand in a slot (0..3 Dst, 4..8 Src).
func operandAt(in *traces.Inst, slot uint8) *traces.Operand {
	if slot < 4 {
		return &in.Dst[slot]
	}
	return &in.Src[slot-4]
}

// offsetInside reports whether a constant offset stays inside a variable of
// size bytes: an access must start inside it; an address (mov) may also
// point one past its end.
func offsetInside(off int64, size uint64, address bool) bool {
	if off < 0 {
		return false
	}
	if address {
		return uint64(off) <= size
	}
	return uint64(off) < size
}
