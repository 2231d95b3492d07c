package ptx

import "github.com/gpusim/gpusim/traces"

// The video instructions (scalar vadd ... vset, vmad, and the 2- and 4-way
// SIMD forms) and the d|p forms of match and elect. Where their modifiers
// and selectors sit in an Inst is documented in traces/video.go. The
// rules follow the PTX ISA's video-instruction sections and what ptxas
// (CUDA 11.8) accepts: immediates only in scalar forms, no .sat with a
// SIMD accumulate, no destination selector with a secondary operation,
// vmad negates the product or c, not both, and not with .po.

// videoKind is the shape of a video instruction.
type videoKind uint8

const (
	vkScalar videoKind = iota
	vkSIMD2
	vkSIMD4
)

func videoKindOf(op traces.Opcode) videoKind {
	switch op {
	case traces.OpVadd2, traces.OpVsub2, traces.OpVavrg2, traces.OpVabsdiff2, traces.OpVmin2, traces.OpVmax2, traces.OpVset2:
		return vkSIMD2
	case traces.OpVadd4, traces.OpVsub4, traces.OpVavrg4, traces.OpVabsdiff4, traces.OpVmin4, traces.OpVmax4, traces.OpVset4:
		return vkSIMD4
	}
	return vkScalar
}

func isVset(op traces.Opcode) bool {
	return op == traces.OpVset || op == traces.OpVset2 || op == traces.OpVset4
}

// checkVideo validates a video instruction's types and modifiers (in
// place of checkMods' generic rules) and packs them into the Inst.
func (p *ptxParser) checkVideo(in *traces.Inst, sf *sufs, info *opInfo, word []byte, pos traces.Pos, mn []byte) error {
	bad := func(format string, args ...any) error {
		return p.errAt(pos, string(word)+": "+format, args...)
	}
	for c := modMask(1); c != 0 && c <= info.req; c <<= 1 {
		if info.req&c != 0 && sf.seen&c == 0 {
			return bad("%s needs %s", mn, catWords(c))
		}
	}
	want := 3
	if isVset(in.Op) {
		want = 2
	}
	if sf.ntypes != want {
		if want == 2 {
			return bad("%s takes two type suffixes (.atype.btype)", mn)
		}
		return bad("%s takes three type suffixes (.dtype.atype.btype)", mn)
	}
	for i := 0; i < want; i++ {
		if t := sf.types[i]; t != traces.U32 && t != traces.S32 {
			return bad(".%s is not a valid type for %s (.u32 or .s32)", t, mn)
		}
	}
	var btype traces.Type
	if want == 2 {
		in.Type, in.Type2, btype = traces.U32, sf.types[0], sf.types[1]
	} else {
		in.Type, in.Type2, btype = sf.types[0], sf.types[1], sf.types[2]
	}
	in.Mode = 0
	if btype == traces.S32 {
		in.Mode |= traces.VideoBSigned
	}
	if (in.Op == traces.OpVshl || in.Op == traces.OpVshr) && btype != traces.U32 {
		return bad("the shift amount of %s is .u32", mn)
	}
	kind := videoKindOf(in.Op)
	sat := in.Flags.Has(traces.FlagSat)
	switch in.Atom {
	case traces.AtomNone:
	case traces.AtomAdd:
		if kind != vkScalar && sat {
			return bad(".sat and the accumulate .add cannot be combined")
		}
	case traces.AtomMin, traces.AtomMax:
		if kind != vkScalar {
			return bad("the SIMD forms take only the accumulate .add")
		}
	default:
		return bad("the secondary operation is .add, .min or .max")
	}
	if in.Op == traces.OpVmad {
		v := traces.Mode(sf.vmad)
		if v&traces.VideoShr7 != 0 && v&traces.VideoShr15 != 0 {
			return bad(".shr7 and .shr15 together")
		}
		in.Mode |= v
	} else if sf.vmad != 0 {
		return bad(".shr7, .shr15 and .po are vmad's")
	}
	return nil
}

// decVideo decodes the operands: d{.dsel|.mask}, {-}a{.asel}, {-}b{.bsel}{, {-}c}.
func (p *ptxParser) decVideo(in *traces.Inst, sf *sufs, word []byte, pos traces.Pos) error {
	kind := videoKindOf(in.Op)
	vmad := in.Op == traces.OpVmad
	if kind != vkScalar || vmad {
		if err := p.want(4, word, pos); err != nil {
			return err
		}
	} else if p.nraw != 3 && p.nraw != 4 {
		return p.errAt(pos, "%s: expected 3 or 4 operands, found %d", word, p.nraw)
	}
	btype := traces.U32
	if in.Mode&traces.VideoBSigned != 0 {
		btype = traces.S32
	}
	types := [4]traces.Type{in.Type, in.Type2, btype, in.Type}
	var negs [4]bool
	for i := 0; i < p.nraw; i++ {
		r := p.raw[i]
		sel := uint64(0)
		if r.kind == rkName {
			name := p.bytes(r.tok)
			if j := indexByte(name, '.'); j > 0 && !p.isRegOrSpecial(&r) {
				s, ok := videoSelector(name[j+1:], kind, i == 0)
				if !ok || i == 3 {
					return p.errAt(r.pos, "%s: bad video selector .%s for operand %d", word, name[j+1:], i+1)
				}
				sel = s
				r.tok.end = r.tok.off + int32(j)
			}
			if r.minus {
				if !vmad || i == 0 {
					return p.errAt(r.pos, "%s: negated operand -%s is not supported", word, p.bytes(r.tok))
				}
				r.minus, negs[i] = false, true
			}
		}
		if r.kind == rkNum && kind != vkScalar {
			return p.errAt(r.pos, "%s: the SIMD video instructions take registers, not immediates", word)
		}
		fl := vflag(0)
		if i == 0 {
			fl = vDst
		}
		op, err := p.valueOpd(&r, types[i], fl, word)
		if err != nil {
			return err
		}
		if sel != 0 {
			if op.Kind != traces.OpdReg {
				return p.errAt(r.pos, "%s: a video selector needs a register", word)
			}
			op.Imm = sel
		}
		op.Neg = negs[i]
		if i == 0 {
			in.Dst[0], in.NDst = op, 1
		} else {
			in.Src[i-1] = op
		}
	}
	in.NSrc = uint8(p.nraw - 1)
	dsel := in.Dst[0].Imm
	switch {
	case vmad:
		if dsel != 0 {
			return p.errAt(pos, "%s: vmad takes no destination selector", word)
		}
		prod := negs[1] != negs[2]
		if prod && negs[3] {
			return p.errAt(pos, "%s: vmad negates either the product (a xor b) or c, not both", word)
		}
		if in.Mode&traces.VideoPlusOne != 0 && (negs[1] || negs[2] || negs[3]) {
			return p.errAt(pos, "%s: .po cannot be combined with negated operands", word)
		}
	case kind == vkScalar:
		if dsel != 0 && in.Atom != traces.AtomNone {
			return p.errAt(pos, "%s: a destination selector and a secondary operation cannot be combined", word)
		}
		if (dsel != 0 || in.Atom != traces.AtomNone) && p.nraw != 4 {
			return p.errAt(pos, "%s: a secondary operation or a destination selector needs the operand c", word)
		}
	}
	return nil
}

// videoSelector reads a selector suffix: scalar .b0-.b3, .h0, .h1 (any
// operand); SIMD sources .hxy (digits 0-3) or .bxyzw (0-7), destination
// masks .h0, .h1, .h10 or .b with descending digits of 3210.
func videoSelector(s []byte, kind videoKind, dst bool) (uint64, bool) {
	if len(s) < 2 {
		return 0, false
	}
	switch kind {
	case vkScalar:
		if len(s) != 2 || s[1] < '0' {
			return 0, false
		}
		switch {
		case s[0] == 'b' && s[1] <= '3':
			return traces.VSelB0 + uint64(s[1]-'0'), true
		case s[0] == 'h' && s[1] <= '1':
			return traces.VSelH0 + uint64(s[1]-'0'), true
		}
		return 0, false
	}
	n, letter, top := 2, byte('h'), byte('3')
	if kind == vkSIMD4 {
		n, letter, top = 4, 'b', '7'
	}
	if s[0] != letter {
		return 0, false
	}
	digits := s[1:]
	if dst {
		// A mask: element numbers in descending order, each once.
		m := uint64(0)
		prev := byte('9')
		for _, c := range digits {
			if c < '0' || c >= '0'+byte(n) || c >= prev {
				return 0, false
			}
			m |= 1 << (c - '0')
			prev = c
		}
		return traces.VSIMD | m, len(digits) > 0
	}
	if len(digits) != n {
		return 0, false
	}
	v := uint64(0)
	for i, c := range digits {
		if c < '0' || c > top {
			return 0, false
		}
		v |= uint64(c-'0') << (3 * (n - 1 - i)) // the first digit is the highest element
	}
	return traces.VSIMD | v, true
}

// decMatch decodes match (d{|p}, a, membermask) and elect (d|p,
// membermask).
func (p *ptxParser) decMatch(in *traces.Inst, word []byte, pos traces.Pos) error {
	n := 3
	if in.Op == traces.OpElect {
		n = 2
	}
	if err := p.want(n, word, pos); err != nil {
		return err
	}
	d := &p.raw[0]
	q := d.pipe
	d.pipe = token{}
	op, err := p.valueOpd(d, traces.B32, vDst, word)
	if err != nil {
		return err
	}
	in.Dst[0], in.NDst = op, 1
	switch {
	case q.kind == tkWord:
		if in.Op == traces.OpMatch && in.Mode != traces.VoteAll {
			return p.errAt(q.pos, "%s: only match.all has a predicate result", word)
		}
		d.pipe = q
		pop, err := p.pipeOpd(d, word)
		if err != nil {
			return err
		}
		in.Dst[1], in.NDst = pop, 2
	case in.Op == traces.OpElect:
		return p.errAt(d.pos, "%s: elect.sync writes d|p", word)
	}
	for k := 1; k < n; k++ {
		t := traces.B32
		if k == 1 && in.Op == traces.OpMatch {
			t = in.Type
		}
		op, err := p.valueOpd(&p.raw[k], t, 0, word)
		if err != nil {
			return err
		}
		in.Src[k-1] = op
	}
	in.NSrc = uint8(n - 1)
	return nil
}
