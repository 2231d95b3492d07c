package ptx

import "github.com/gpusim/gpusim/traces"

// Memory instructions: ld, ldu, st, atom, red, prefetch.

// memSpace fills in.Space for ld/st/atom/red and checks the address's
// variable (when known here) against it.
func (p *ptxParser) memSpace(in *traces.Inst, sf *sufs, addr *traces.Operand, word []byte, r *rawOpd) error {
	in.Space = sf.space
	if in.Space == traces.SpaceNone {
		in.Space = traces.SpaceGeneric
	}
	if in.Space == traces.SpaceParam {
		if addr.Space == traces.SpaceParamFrame || (addr.Space == traces.SpaceNone && !p.fn.entry) {
			in.Space = traces.SpaceParamFrame
		}
	}
	if addr.Space != traces.SpaceNone && in.Space != traces.SpaceGeneric && addr.Space != in.Space {
		return p.errAt(r.pos, "%s: %s is a .%s variable", word, p.bytes(r.tok), addr.Space)
	}
	return nil
}

func (p *ptxParser) checkVec(in *traces.Inst, sf *sufs, word []byte, pos traces.Pos) int {
	v := int(sf.vec)
	if v == 0 {
		v = 1
	}
	in.Vec = uint8(v)
	return v
}

func (p *ptxParser) decLd(in *traces.Inst, sf *sufs, word []byte, pos traces.Pos, idx int32) error {
	if err := p.want(2, word, pos); err != nil {
		return err
	}
	v := p.checkVec(in, sf, word, pos)
	if v*in.Type.Size() > 16 {
		return p.errAt(pos, "%s: .v%d of .%s is wider than 128 bits", word, v, in.Type)
	}
	d := &p.raw[0]
	if v > 1 {
		if d.kind != rkVec || d.en != v {
			return p.errAt(d.pos, "%s: expected a vector of %d destinations", word, v)
		}
		for k := 0; k < v; k++ {
			e := p.elemRaw(p.elems[d.e0+k])
			op, err := p.valueOpd(&e, in.Type, vDst|vRelaxed, word)
			if err != nil {
				return err
			}
			in.Dst[k] = op
		}
		in.NDst = uint8(v)
	} else {
		op, err := p.valueOpd(d, in.Type, vDst|vRelaxed, word)
		if err != nil {
			return err
		}
		in.Dst[0], in.NDst = op, 1
	}
	addr, err := p.addrOpd(&p.raw[1], 4, idx, word)
	if err != nil {
		return err
	}
	in.Src[0], in.NSrc = addr, 1
	if err := p.memSpace(in, sf, &addr, word, &p.raw[1]); err != nil {
		return err
	}
	if in.Op == traces.OpLdu && in.Space != traces.SpaceGlobal && in.Space != traces.SpaceGeneric {
		return p.errAt(pos, "%s: ldu reads only .global memory", word)
	}
	if in.Flags.Has(traces.FlagNC) && in.Space != traces.SpaceGlobal {
		return p.errAt(pos, "%s: .nc needs .global", word)
	}
	return nil
}

func (p *ptxParser) decSt(in *traces.Inst, sf *sufs, word []byte, pos traces.Pos, idx int32) error {
	if err := p.want(2, word, pos); err != nil {
		return err
	}
	v := p.checkVec(in, sf, word, pos)
	if v*in.Type.Size() > 16 {
		return p.errAt(pos, "%s: .v%d of .%s is wider than 128 bits", word, v, in.Type)
	}
	addr, err := p.addrOpd(&p.raw[0], 4, idx, word)
	if err != nil {
		return err
	}
	in.Src[0] = addr
	s := &p.raw[1]
	if v > 1 {
		if s.kind != rkVec || s.en != v {
			return p.errAt(s.pos, "%s: expected a vector of %d sources", word, v)
		}
		for k := 0; k < v; k++ {
			e := p.elemRaw(p.elems[s.e0+k])
			op, err := p.valueOpd(&e, in.Type, vRelaxed, word)
			if err != nil {
				return err
			}
			in.Src[1+k] = op
		}
	} else {
		op, err := p.valueOpd(s, in.Type, vRelaxed, word)
		if err != nil {
			return err
		}
		in.Src[1] = op
	}
	in.NSrc = uint8(1 + v)
	if err := p.memSpace(in, sf, &addr, word, &p.raw[0]); err != nil {
		return err
	}
	switch in.Space {
	case traces.SpaceConst:
		return p.errAt(pos, "%s: .const memory is read-only", word)
	case traces.SpaceParam:
		return p.errAt(pos, "%s: kernel parameters are read-only", word)
	}
	return nil
}

// atomTypes lists the types each atomic operation takes.
var atomTypes = [...]typeMask{
	traces.AtomAnd:  tm(traces.B32, traces.B64),
	traces.AtomOr:   tm(traces.B32, traces.B64),
	traces.AtomXor:  tm(traces.B32, traces.B64),
	traces.AtomExch: tm(traces.B32, traces.B64),
	traces.AtomCas:  tm(traces.B16, traces.B32, traces.B64),
	traces.AtomAdd:  tm(traces.U32, traces.S32, traces.U64, traces.S64, traces.F32, traces.F64, traces.F16, traces.F16x2, traces.BF16, traces.BF16x2),
	traces.AtomInc:  tm(traces.U32),
	traces.AtomDec:  tm(traces.U32),
	traces.AtomMin:  tm(traces.U32, traces.S32, traces.U64, traces.S64),
	traces.AtomMax:  tm(traces.U32, traces.S32, traces.U64, traces.S64),
}

var atomNames = [...]string{traces.AtomAnd: "and", traces.AtomOr: "or", traces.AtomXor: "xor", traces.AtomExch: "exch", traces.AtomCas: "cas",
	traces.AtomAdd: "add", traces.AtomInc: "inc", traces.AtomDec: "dec", traces.AtomMin: "min", traces.AtomMax: "max"}

func (p *ptxParser) decAtom(in *traces.Inst, sf *sufs, red bool, word []byte, pos traces.Pos, idx int32) error {
	if in.Atom == traces.AtomNone {
		return p.errAt(pos, "%s: missing the operation (.add, .cas, ...)", word)
	}
	if in.Type == traces.TypeNone {
		return p.errAt(pos, "%s: missing type suffix", word)
	}
	if sf.vec != 0 {
		return p.errAt(pos, "%s: vector atomics are not supported", word)
	}
	mn := "atom"
	if red {
		mn = "red"
	}
	if !atomTypes[in.Atom].has(in.Type) {
		return p.errAt(pos, "%s: .%s is not valid for %s.%s", word, in.Type, mn, atomNames[in.Atom])
	}
	if red && (in.Atom == traces.AtomCas || in.Atom == traces.AtomExch) {
		return p.errAt(pos, "%s: red has no .%s; use atom", word, atomNames[in.Atom])
	}
	if in.Atom == traces.AtomAdd && (in.Type == traces.F16 || in.Type == traces.BF16 || in.Type == traces.F16x2 || in.Type == traces.BF16x2) {
		if !sf.noftz {
			return p.errAt(pos, "%s: .%s addition needs .noftz", word, in.Type)
		}
	} else if sf.noftz {
		return p.errAt(pos, "%s: .noftz only applies to 16-bit float additions", word)
	}
	n := 3
	if in.Atom == traces.AtomCas {
		n = 4
	}
	if red {
		n = 2
	}
	if err := p.want(n, word, pos); err != nil {
		return err
	}
	i := 0
	if !red {
		op, err := p.valueOpd(&p.raw[0], in.Type, vDst, word)
		if err != nil {
			return err
		}
		in.Dst[0], in.NDst = op, 1
		i = 1
	}
	addr, err := p.addrOpd(&p.raw[i], 4, idx, word)
	if err != nil {
		return err
	}
	in.Src[0] = addr
	for k := i + 1; k < n; k++ {
		op, err := p.valueOpd(&p.raw[k], in.Type, 0, word)
		if err != nil {
			return err
		}
		in.Src[k-i] = op
	}
	in.NSrc = uint8(n - i)
	if err := p.memSpace(in, sf, &addr, word, &p.raw[i]); err != nil {
		return err
	}
	switch in.Space {
	case traces.SpaceGlobal, traces.SpaceShared, traces.SpaceGeneric:
	default:
		return p.errAt(pos, "%s: atomics work on .global, .shared or generic addresses only", word)
	}
	return nil
}

func (p *ptxParser) decPrefetch(in *traces.Inst, sf *sufs, word []byte, pos traces.Pos, idx int32) error {
	if err := p.want(1, word, pos); err != nil {
		return err
	}
	if sf.level == 0 && sf.hint == 0 {
		return p.errAt(pos, "%s: missing the cache level (.L1, .L2)", word)
	}
	if len(word) > len("prefetch") && word[len("prefetch")] == 'u' && sf.level != vLevelL1 {
		return p.errAt(pos, "%s: prefetchu needs .L1", word)
	}
	addr, err := p.addrOpd(&p.raw[0], 4, idx, word)
	if err != nil {
		return err
	}
	in.Src[0], in.NSrc = addr, 1
	if err := p.memSpace(in, sf, &addr, word, &p.raw[0]); err != nil {
		return err
	}
	switch in.Space {
	case traces.SpaceGlobal, traces.SpaceLocal, traces.SpaceGeneric:
		return nil
	}
	return p.errAt(pos, "%s: prefetch works on .global, .local or generic addresses", word)
}
