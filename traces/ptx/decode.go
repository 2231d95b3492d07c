package ptx

import "github.com/gpusim/gpusim/traces"

// Operand forms: turn the raw operands of one instruction into the Inst's
// Dst and Src per the conventions in ir.go.

func (p *ptxParser) want(n int, word []byte, pos traces.Pos) error {
	if p.nraw != n {
		return p.errAt(pos, "%s: expected %d operands, found %d", word, n, p.nraw)
	}
	return nil
}

func slotType(in *traces.Inst, s slot) traces.Type {
	switch s {
	case slT:
		return in.Type
	case slT2:
		return in.Type2
	case slWide:
		return wideOf(in.Type)
	case slU32:
		return traces.U32
	case slS32:
		return traces.S32
	case slB32:
		return traces.B32
	case slPred:
		return traces.Pred
	case slDp:
		if in.Type.IsSigned() || in.Type2.IsSigned() {
			return traces.S32
		}
		return traces.U32
	}
	return traces.TypeNone
}

func wideOf(t traces.Type) traces.Type {
	switch t {
	case traces.U16:
		return traces.U32
	case traces.U32:
		return traces.U64
	case traces.S16:
		return traces.S32
	case traces.S32:
		return traces.S64
	case traces.B16:
		return traces.B32
	case traces.B32:
		return traces.B64
	}
	return traces.TypeNone
}

// pipeOpd decodes the second destination of `d|p` as a predicate.
func (p *ptxParser) pipeOpd(r *rawOpd, word []byte) (traces.Operand, error) {
	q := rawOpd{kind: rkName, tok: r.pipe, pos: r.pipe.pos}
	return p.valueOpd(&q, traces.Pred, vDst, word)
}

func (p *ptxParser) decodeForm(in *traces.Inst, sf *sufs, info *opInfo, word []byte, pos traces.Pos, idx int32) error {
	switch info.form {
	case fmGeneric, fmLop3:
		return p.decGeneric(in, info, word, pos, idx)
	case fmNone:
		return p.want(0, word, pos)
	case fmMov:
		return p.decMov(in, word, pos, idx)
	case fmLd:
		return p.decLd(in, sf, word, pos, idx)
	case fmSt:
		return p.decSt(in, sf, word, pos, idx)
	case fmAtom, fmRed:
		return p.decAtom(in, sf, info.form == fmRed, word, pos, idx)
	case fmSetp, fmSet:
		return p.decSet(in, info.form == fmSetp, word, pos)
	case fmShfl:
		return p.decShfl(in, word, pos)
	case fmVote:
		return p.decVote(in, word, pos)
	case fmBar:
		return p.decBar(in, sf, word, pos)
	case fmPrefetch:
		return p.decPrefetch(in, sf, word, pos, idx)
	case fmCvt:
		return p.decCvt(in, word, pos)
	case fmCvta:
		return p.decCvta(in, sf, word, pos, idx)
	case fmIsspacep:
		return p.decIsspacep(in, sf, word, pos)
	case fmTex, fmTld4:
		return p.decTex(in, sf, info.form == fmTld4, word, pos)
	case fmTxq:
		return p.decTxq(in, sf, word, pos)
	case fmSuld:
		return p.decSuld(in, sf, word, pos)
	case fmSust, fmSured:
		return p.decSust(in, sf, info.form == fmSured, word, pos)
	case fmIstypep:
		return p.decIstypep(in, sf, word, pos)
	case fmMatch:
		return p.decMatch(in, word, pos)
	case fmWmma:
		return p.decWmma(in, sf, word, pos, idx)
	case fmMma:
		return p.decMma(in, sf, word, pos)
	case fmLdmatrix:
		return p.decLdmatrix(in, sf, word, pos, idx)
	case fmCpAsync:
		return p.decCpAsync(in, sf, word, pos, idx)
	case fmMbar:
		return p.decMbar(in, sf, word, pos, idx)
	case fmPolicy:
		return p.decPolicy(in, sf, word, pos, idx)
	}
	return p.errAt(pos, "%s: no decoder", word)
}

// decGeneric: an optional destination, then the source slots.
func (p *ptxParser) decGeneric(in *traces.Inst, info *opInfo, word []byte, pos traces.Pos, idx int32) error {
	dst, src := info.dst, info.src
	if in.Flags.Has(traces.FlagWide) {
		dst = slWide
		if in.Op == traces.OpMad {
			src[2] = slWide
		}
	}
	n := 0
	for n < len(src) && src[n] != slNone {
		n++
	}
	i := 0
	if dst != slNone {
		i = 1
	}
	if err := p.want(i+n, word, pos); err != nil {
		return err
	}
	if dst != slNone {
		op, err := p.valueOpd(&p.raw[0], slotType(in, dst), vDst, word)
		if err != nil {
			return err
		}
		in.Dst[0], in.NDst = op, 1
	}
	for k := 0; k < n; k++ {
		op, err := p.valueOpd(&p.raw[i+k], slotType(in, src[k]), 0, word)
		if err != nil {
			return err
		}
		in.Src[k] = op
	}
	in.NSrc = uint8(n)
	switch in.Op {
	case traces.OpLop3:
		if in.Src[3].Kind != traces.OpdImm || in.Src[3].Imm > 255 {
			return p.errAt(p.raw[4].pos, "%s: the truth-table operand must be an immediate 0..255", word)
		}
	case traces.OpPmevent:
		if in.Src[0].Kind != traces.OpdImm {
			return p.errAt(p.raw[0].pos, "%s: the event operand must be an immediate", word)
		}
	}
	return nil
}

// decMov: mov d, a with a a register, immediate, special register or
// variable address; `mov d, {a, b}` packs (Vec = NSrc) and
// `mov {a, b}, d` unpacks (Vec = NDst).
func (p *ptxParser) decMov(in *traces.Inst, word []byte, pos traces.Pos, idx int32) error {
	if err := p.want(2, word, pos); err != nil {
		return err
	}
	d, a := &p.raw[0], &p.raw[1]
	t := in.Type
	if d.kind == rkVec || a.kind == rkVec {
		v := d
		if a.kind == rkVec {
			v = a
		}
		if d.kind == rkVec && a.kind == rkVec {
			return p.errAt(a.pos, "%s: both operands are vectors", word)
		}
		n := v.en
		if n < 2 || t == traces.Pred || t.Size()%n != 0 || bitsOfSize(t.Size()/n) == traces.TypeNone || n > 4 {
			return p.errAt(v.pos, "%s: cannot split .%s into %d elements", word, t, n)
		}
		et := bitsOfSize(t.Size() / n)
		in.Vec = uint8(n)
		for k := 0; k < n; k++ {
			e := p.elemRaw(p.elems[v.e0+k])
			var fl vflag
			if v == d {
				fl = vDst
			}
			op, err := p.valueOpd(&e, et, fl, word)
			if err != nil {
				return err
			}
			if v == d {
				in.Dst[k] = op
			} else {
				in.Src[k] = op
			}
		}
		if v == d {
			in.NDst = uint8(n)
			op, err := p.valueOpd(a, t, 0, word)
			if err != nil {
				return err
			}
			in.Src[0], in.NSrc = op, 1
			return nil
		}
		op, err := p.valueOpd(d, t, vDst, word)
		if err != nil {
			return err
		}
		in.Dst[0], in.NDst, in.NSrc = op, 1, uint8(n)
		return nil
	}
	op, err := p.valueOpd(d, t, vDst, word)
	if err != nil {
		return err
	}
	in.Dst[0], in.NDst = op, 1
	if a.kind == rkName && !p.isRegOrSpecial(a) {
		if _, top, ok := p.opaqueName(p.bytes(a.tok)); ok && !a.hasOff {
			// mov.u64 d, texref: the handle of a texture, sampler or
			// surface reference.
			if t != traces.U64 && t != traces.B64 && t != traces.S64 {
				return p.errAt(a.pos, "%s: the handle of %s is a .u64 value", word, p.bytes(a.tok))
			}
			in.Src[0], in.NSrc = top, 1
			return nil
		}
		if kindOf(t) == tkdFloat || t == traces.Pred || t.Size() < 4 {
			return p.errAt(a.pos, "%s: the address of %s needs a 32- or 64-bit integer type", word, p.bytes(a.tok))
		}
		op, err = p.symOpd(a, 4, idx, word)
	} else {
		op, err = p.valueOpd(a, t, 0, word)
	}
	if err != nil {
		return err
	}
	in.Src[0], in.NSrc = op, 1
	return nil
}

// decSet: setp p[|q], a, b[, {!}c] and set d, a, b[, {!}c].
func (p *ptxParser) decSet(in *traces.Inst, setp bool, word []byte, pos traces.Pos) error {
	n := 3
	if in.Bool != traces.BoolNone {
		n = 4
	}
	if err := p.want(n, word, pos); err != nil {
		return err
	}
	d := &p.raw[0]
	st := in.Type2
	if setp {
		st = in.Type
		q := d.pipe
		d.pipe = token{}
		op, err := p.valueOpd(d, traces.Pred, vDst, word)
		if err != nil {
			return err
		}
		in.Dst[0], in.NDst = op, 1
		if q.kind == tkWord {
			d.pipe = q
			op, err := p.pipeOpd(d, word)
			if err != nil {
				return err
			}
			in.Dst[1], in.NDst = op, 2
		}
	} else {
		op, err := p.valueOpd(d, in.Type, vDst, word)
		if err != nil {
			return err
		}
		in.Dst[0], in.NDst = op, 1
	}
	for k := 0; k < 2; k++ {
		op, err := p.valueOpd(&p.raw[1+k], st, 0, word)
		if err != nil {
			return err
		}
		in.Src[k] = op
	}
	in.NSrc = 2
	if n == 4 {
		op, err := p.valueOpd(&p.raw[3], traces.Pred, vNegOK, word)
		if err != nil {
			return err
		}
		in.Src[2], in.NSrc = op, 3
	}
	return nil
}

// decShfl: shfl.sync.mode.b32 d[|p], a, b, c, membermask (no membermask
// without .sync).
func (p *ptxParser) decShfl(in *traces.Inst, word []byte, pos traces.Pos) error {
	n := 4
	if in.Flags.Has(traces.FlagSync) {
		n = 5
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
	if q.kind == tkWord {
		d.pipe = q
		op, err := p.pipeOpd(d, word)
		if err != nil {
			return err
		}
		in.Dst[1], in.NDst = op, 2
	}
	for k := 1; k < n; k++ {
		op, err := p.valueOpd(&p.raw[k], traces.B32, 0, word)
		if err != nil {
			return err
		}
		in.Src[k-1] = op
	}
	in.NSrc = uint8(n - 1)
	return nil
}

// decVote: vote.sync.mode.pred d, {!}a, membermask; .ballot.b32 for ballot.
func (p *ptxParser) decVote(in *traces.Inst, word []byte, pos traces.Pos) error {
	want := traces.Pred
	if in.Mode == traces.VoteBallot {
		want = traces.B32
	}
	if in.Type != want {
		return p.errAt(pos, "%s: this vote mode needs .%s", word, want)
	}
	n := 2
	if in.Flags.Has(traces.FlagSync) {
		n = 3
	}
	if err := p.want(n, word, pos); err != nil {
		return err
	}
	op, err := p.valueOpd(&p.raw[0], in.Type, vDst, word)
	if err != nil {
		return err
	}
	in.Dst[0], in.NDst = op, 1
	if op, err = p.valueOpd(&p.raw[1], traces.Pred, vNegOK, word); err != nil {
		return err
	}
	in.Src[0], in.NSrc = op, 1
	if n == 3 {
		if op, err = p.valueOpd(&p.raw[2], traces.B32, 0, word); err != nil {
			return err
		}
		in.Src[1], in.NSrc = op, 2
	}
	return nil
}

// decBar decodes bar/barrier: .sync/.arrive (a{, b}), .red (d, a{, b},
// {!}c with Src[1] OpdNone when b is absent) and bar.warp.sync (membermask).
func (p *ptxParser) decBar(in *traces.Inst, sf *sufs, word []byte, pos traces.Pos) error {
	isBar := len(word) >= 4 && string(word[:4]) == "bar."
	sync := in.Flags.Has(traces.FlagSync)
	in.Flags &^= traces.FlagSync
	if isBar {
		in.Flags |= traces.FlagAligned
	}
	if sf.barK != vBarRed && (sf.seen&mkBarRed != 0 || in.Type != traces.TypeNone) {
		return p.errAt(pos, "%s: a reduction operation or type is only valid with .red", word)
	}
	switch sf.barK {
	case vBarWarp:
		if !isBar || !sync || sf.seen&(mkScope|mkAligned) != 0 {
			return p.errAt(pos, "%s: expected bar.warp.sync", word)
		}
		in.Mode = traces.BarWarpSync
		in.Flags = traces.FlagSync
		if err := p.want(1, word, pos); err != nil {
			return err
		}
		op, err := p.valueOpd(&p.raw[0], traces.B32, 0, word)
		if err != nil {
			return err
		}
		in.Src[0], in.NSrc = op, 1
		return nil
	case vBarArrive:
		if sync {
			return p.errAt(pos, "%s: .arrive and .sync together", word)
		}
		in.Mode = traces.BarArrive
		if err := p.want(2, word, pos); err != nil {
			return err
		}
		return p.barSrcs(in, 0, 2, word)
	case vBarRed:
		if sf.seen&mkBarRed == 0 {
			return p.errAt(pos, "%s: missing the reduction (.popc, .and, .or)", word)
		}
		want := traces.Pred
		if in.Mode == traces.BarRedPopc {
			want = traces.U32
		}
		if in.Type != want {
			return p.errAt(pos, "%s: this reduction needs .%s", word, want)
		}
		if p.nraw != 3 && p.nraw != 4 {
			return p.errAt(pos, "%s: expected 3 or 4 operands, found %d", word, p.nraw)
		}
		op, err := p.valueOpd(&p.raw[0], in.Type, vDst, word)
		if err != nil {
			return err
		}
		in.Dst[0], in.NDst = op, 1
		if err := p.barSrcs(in, 1, p.nraw-1, word); err != nil {
			return err
		}
		if p.nraw == 3 {
			in.Src[1] = traces.Operand{}
		}
		if op, err = p.valueOpd(&p.raw[p.nraw-1], traces.Pred, vNegOK, word); err != nil {
			return err
		}
		in.Src[2], in.NSrc = op, 3
		return nil
	}
	if !sync {
		return p.errAt(pos, "%s: expected .sync, .arrive, .red or .warp.sync", word)
	}
	in.Mode = traces.BarSync
	if p.nraw != 1 && p.nraw != 2 {
		return p.errAt(pos, "%s: expected 1 or 2 operands, found %d", word, p.nraw)
	}
	return p.barSrcs(in, 0, p.nraw, word)
}

// barSrcs decodes raw[from:to] as .u32 barrier id and thread count.
func (p *ptxParser) barSrcs(in *traces.Inst, from, to int, word []byte) error {
	for k := from; k < to; k++ {
		op, err := p.valueOpd(&p.raw[k], traces.U32, 0, word)
		if err != nil {
			return err
		}
		in.Src[k-from] = op
	}
	in.NSrc = uint8(to - from)
	return nil
}

// decCvt: cvt d, a; and cvt.frnd.f16x2.f32 d, a, b (packs a into the upper
// half, b into the lower).
func (p *ptxParser) decCvt(in *traces.Inst, word []byte, pos traces.Pos) error {
	n := 1
	if (in.Type == traces.F16x2 || in.Type == traces.BF16x2) && in.Type2 == traces.F32 {
		n = 2
	}
	if err := p.want(1+n, word, pos); err != nil {
		return err
	}
	op, err := p.valueOpd(&p.raw[0], in.Type, vDst|vRelaxed, word)
	if err != nil {
		return err
	}
	in.Dst[0], in.NDst = op, 1
	for k := 0; k < n; k++ {
		if op, err = p.valueOpd(&p.raw[1+k], in.Type2, vRelaxed, word); err != nil {
			return err
		}
		in.Src[k] = op
	}
	in.NSrc = uint8(n)
	return nil
}

func (p *ptxParser) decCvta(in *traces.Inst, sf *sufs, word []byte, pos traces.Pos, idx int32) error {
	switch sf.space {
	case traces.SpaceGlobal, traces.SpaceShared, traces.SpaceLocal, traces.SpaceConst, traces.SpaceParam:
	case traces.SpaceNone:
		return p.errAt(pos, "%s: missing the state space", word)
	default:
		return p.errAt(pos, "%s: bad state space for cvta", word)
	}
	in.Space = sf.space
	if err := p.want(2, word, pos); err != nil {
		return err
	}
	op, err := p.valueOpd(&p.raw[0], in.Type, vDst, word)
	if err != nil {
		return err
	}
	in.Dst[0], in.NDst = op, 1
	a := &p.raw[1]
	if a.kind == rkName && !p.isRegOrSpecial(a) {
		if in.Flags.Has(traces.FlagTo) {
			return p.errAt(a.pos, "%s: cvta.to converts a generic address register, not a variable", word)
		}
		op, err = p.symOpd(a, 4, idx, word)
		if err == nil && op.Space != traces.SpaceNone && op.Space != in.Space {
			return p.errAt(a.pos, "%s: %s is a .%s variable", word, p.bytes(a.tok), op.Space)
		}
	} else {
		op, err = p.valueOpd(a, in.Type, 0, word)
	}
	if err != nil {
		return err
	}
	in.Src[0], in.NSrc = op, 1
	return nil
}

func (p *ptxParser) decIsspacep(in *traces.Inst, sf *sufs, word []byte, pos traces.Pos) error {
	switch sf.space {
	case traces.SpaceGlobal, traces.SpaceShared, traces.SpaceLocal, traces.SpaceConst, traces.SpaceParam:
	default:
		return p.errAt(pos, "%s: missing or bad state space", word)
	}
	in.Space = sf.space
	if err := p.want(2, word, pos); err != nil {
		return err
	}
	op, err := p.valueOpd(&p.raw[0], traces.Pred, vDst, word)
	if err != nil {
		return err
	}
	in.Dst[0], in.NDst = op, 1
	at := traces.U64
	if p.prog.AddressSize == 32 {
		at = traces.U32
	}
	if op, err = p.valueOpd(&p.raw[1], at, 0, word); err != nil {
		return err
	}
	in.Src[0], in.NSrc = op, 1
	return nil
}
