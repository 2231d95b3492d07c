package ptx

import "github.com/gpusim/gpusim/traces"

// Warp-level matrix instructions: wmma.load, wmma.store, wmma.mma, mma,
// ldmatrix, stmatrix and movmatrix. Their qualifiers are read into
// Inst.Mat; the forms PTX defines are traces' tables (traces/matrix.go),
// so the front end, the executor and the machine-model key check agree.
// Fragments are vector operands (traces.OpdVec) whose registers live in
// the function's vecs, linked into Kernel.Vecs.

// Categories that may repeat, in order (layouts, element types), or whose
// words combine (.xor.popc, async-copy and mbarrier qualifiers).
const matrixRepeats = mkLayout | mkMatType | mkMatOp | mkMbar

// Categories matrixSuffix reads.
const matrixCats = mkShape | mkFrag | mkMatNum | mkTrans | mkPolicy | matrixRepeats

// Values of mkMbar words (bit positions in sufs.mbar).
const (
	vMbarParity = iota
	vMbarExpectTx
	vMbarNoComplete
	vMbarNoInc
	vMbarCompleteTx // .mbarrier::complete_tx::bytes (cp.async.bulk)
	vMbarBulkGroup  // .bulk_group (cp.async.bulk)
	vMbarRead       // .read (cp.async.bulk.wait_group)
)

// Values of mkMatOp words (bit positions in sufs.matOps).
const (
	vMatXor = iota
	vMatAnd
	vMatPopc
)

// matrixSuffixes adds the suffix words of matrix, async-copy and mbarrier
// instructions to the suffix table m.
func matrixSuffixes(m map[string]sufInfo) {
	// Several of these words read otherwise in other instructions (.a and
	// .b are also tld4 components, .b an unformatted surface access, type
	// names element types): each is one more reading of the word.
	one := func(w string, c modMask, v uint32) { addReading(m, w, c, v) }
	for s := traces.ShapeM8N8; ; s++ {
		name := s.String()
		if name == "" {
			break
		}
		one(name, mkShape, uint32(s))
	}
	one("a", mkFrag, uint32(traces.FragA))
	one("b", mkFrag, uint32(traces.FragB))
	one("c", mkFrag, uint32(traces.FragC))
	one("d", mkFrag, uint32(traces.FragD))
	one("row", mkLayout, uint32(traces.LayoutRow))
	one("col", mkLayout, uint32(traces.LayoutCol))
	one("x1", mkMatNum, 1)
	one("x2", mkMatNum, 2)
	one("x4", mkMatNum, 4)
	one("trans", mkTrans, 1)
	for e := traces.ElemF16; ; e++ {
		name := e.String()
		if name == "?" {
			break
		}
		one(name, mkMatType, uint32(e)) // also a type name, but for .s4 .u4 .b1
	}
	one("xor", mkMatOp, vMatXor)
	one("and", mkMatOp, vMatAnd)
	one("popc", mkMatOp, vMatPopc)
	for w, v := range map[string]uint32{"parity": vMbarParity, "expect_tx": vMbarExpectTx, "noComplete": vMbarNoComplete,
		"noinc": vMbarNoInc, "mbarrier::complete_tx::bytes": vMbarCompleteTx, "bulk_group": vMbarBulkGroup, "read": vMbarRead} {
		one(w, mkMbar, v)
	}
	one("fractional", mkPolicy, uint32(traces.PolicyFractional))
	one("range", mkPolicy, uint32(traces.PolicyRange))
	one("cvt", mkPolicy, uint32(traces.PolicyCvt))
	// gpusim launches no clusters (every CTA is a cluster of one), so the
	// .shared::cluster window is the CTA's own shared memory.
	one("shared::cluster", mkSpace, uint32(traces.SpaceShared))
}

// matrixSuffix records one matrix, async-copy or mbarrier qualifier.
func (p *ptxParser) matrixSuffix(in *traces.Inst, sf *sufs, alt sufAlt, word []byte, pos traces.Pos) error {
	switch alt.cat {
	case mkShape:
		in.Mat.Shape = traces.MatShape(alt.val)
	case mkFrag:
		in.Mat.Frag = uint8(alt.val)
	case mkLayout:
		if sf.nlay == len(sf.layouts) {
			return p.errAt(pos, "%s: more than two layouts", word)
		}
		sf.layouts[sf.nlay] = uint8(alt.val)
		sf.nlay++
	case mkMatNum:
		sf.matNum = uint8(alt.val)
	case mkTrans:
		in.Mat.Trans = true
	case mkMatType:
		if sf.nmt == len(sf.mtypes) {
			return p.errAt(pos, "%s: too many type suffixes", word)
		}
		sf.mtypes[sf.nmt] = traces.MatElem(alt.val)
		sf.nmt++
	case mkMatOp:
		sf.matOps |= 1 << alt.val
	case mkMbar:
		sf.mbar |= 1 << alt.val
	case mkPolicy:
		sf.policy = alt.val
	case mkSpace:
		if sf.space2 != traces.SpaceNone {
			return p.errAt(pos, "%s: more than two state spaces", word)
		}
		sf.space2 = traces.Space(alt.val)
	}
	return nil
}

// takesPolicy reports forms whose .L2::cache_hint adds a cache-policy
// operand gpusim reads (and ignores: a hint).
func takesPolicy(f form) bool { return f == fmCpAsync }

// needSync checks the mandatory .sync and, from PTX ISA 6.3 on, .aligned
// of a warp-level matrix instruction.
func (p *ptxParser) needSync(in *traces.Inst, word []byte, pos traces.Pos) error {
	if !in.Flags.Has(traces.FlagSync) {
		return p.errAt(pos, "%s: needs .sync", word)
	}
	if p.ptxVer >= 63 && !in.Flags.Has(traces.FlagAligned) {
		return p.errAt(pos, "%s: needs .aligned (PTX ISA 6.3 and later)", word)
	}
	if p.ptxVer < 63 && in.Flags.Has(traces.FlagAligned) {
		return p.errAt(pos, "%s: .aligned requires PTX ISA 6.3 or later (.version is %s)", word, p.prog.Version)
	}
	return nil
}

// vecOpd decodes a fragment: a vector of n registers of type t (a single
// register is accepted where n is 1, as {r} and r mean the same), appended
// to the function's vecs.
func (p *ptxParser) vecOpd(r *rawOpd, t traces.Type, n int, dst bool, word []byte) (traces.Operand, error) {
	fl := vflag(0)
	if dst {
		fl = vDst
	}
	if r.kind != rkVec {
		if n != 1 || r.kind != rkName {
			return traces.Operand{}, p.errAt(r.pos, "%s: expected a vector of %d .%s registers", word, n, t)
		}
		op, err := p.valueOpd(r, t, fl, word)
		if err != nil {
			return op, err
		}
		if op.Kind != traces.OpdReg {
			return traces.Operand{}, p.errAt(r.pos, "%s: a fragment element must be a register", word)
		}
		start := int32(len(p.fn.vecs))
		p.fn.vecs = append(p.fn.vecs, op.Reg)
		return traces.Operand{Kind: traces.OpdVec, Reg: start, Imm: 1}, nil
	}
	if r.en != n {
		return traces.Operand{}, p.errAt(r.pos, "%s: expected a vector of %d .%s registers, found %d", word, n, t, r.en)
	}
	start := int32(len(p.fn.vecs))
	for k := 0; k < n; k++ {
		e := p.elemRaw(p.elems[r.e0+k])
		op, err := p.valueOpd(&e, t, fl, word)
		if err != nil {
			return op, err
		}
		if op.Kind != traces.OpdReg {
			return traces.Operand{}, p.errAt(e.pos, "%s: a fragment element must be a register", word)
		}
		p.fn.vecs = append(p.fn.vecs, op.Reg)
	}
	return traces.Operand{Kind: traces.OpdVec, Reg: start, Imm: uint64(n)}, nil
}

// matSpace sets the state space of a matrix memory instruction: generic,
// .global or .shared (ldmatrix and stmatrix: generic or .shared).
func (p *ptxParser) matSpace(in *traces.Inst, sf *sufs, addr *traces.Operand, r *rawOpd, sharedOnly bool, word []byte, pos traces.Pos) error {
	if err := p.memSpace(in, sf, addr, word, r); err != nil {
		return err
	}
	switch in.Space {
	case traces.SpaceGeneric, traces.SpaceShared:
		return nil
	case traces.SpaceGlobal:
		if !sharedOnly {
			return nil
		}
	}
	if sharedOnly {
		return p.errAt(pos, "%s: works on .shared or generic addresses", word)
	}
	return p.errAt(pos, "%s: works on .global, .shared or generic addresses", word)
}

// decWmma decodes wmma.load.{a,b,c} r, [p]{, stride} and wmma.store.d
// [p], r{, stride}.
func (p *ptxParser) decWmma(in *traces.Inst, sf *sufs, word []byte, pos traces.Pos, idx int32) error {
	store := in.Op == traces.OpWmmaStore
	m := &in.Mat
	if err := p.needSync(in, word, pos); err != nil {
		return err
	}
	switch {
	case m.Frag == traces.FragNone:
		return p.errAt(pos, "%s: missing the fragment (.a, .b or .c; .d for a store)", word)
	case store && m.Frag != traces.FragD:
		return p.errAt(pos, "%s: wmma.store stores the .d fragment", word)
	case !store && m.Frag == traces.FragD:
		return p.errAt(pos, "%s: wmma.load loads .a, .b or .c", word)
	case m.Shape == traces.ShapeNone:
		return p.errAt(pos, "%s: missing the shape (.m16n16k16, ...)", word)
	case sf.nlay != 1:
		return p.errAt(pos, "%s: expected one layout (.row or .col)", word)
	case sf.nmt != 1:
		return p.errAt(pos, "%s: expected one element type", word)
	}
	m.ALayout, m.A = sf.layouts[0], sf.mtypes[0]
	f, ok := traces.LookupWmmaFrag(m.Shape, m.Frag, m.A)
	if !ok {
		return p.errAt(pos, "%s: .%s has no .%s fragment of .%s elements", word, m.Shape, fragName(m.Frag), m.A)
	}
	if f.Layout != traces.LayoutNone && m.ALayout != f.Layout {
		return p.errAt(pos, "%s: the .%s fragment of .%s is .%s only", word, fragName(m.Frag), m.A, layoutName(f.Layout))
	}
	if p.nraw != 2 && p.nraw != 3 {
		return p.errAt(pos, "%s: expected 2 or 3 operands, found %d", word, p.nraw)
	}
	ri, ai := 0, 1
	if store {
		ri, ai = 1, 0
	}
	addr, err := p.addrOpd(&p.raw[ai], 4, idx, word)
	if err != nil {
		return err
	}
	if err := p.matSpace(in, sf, &addr, &p.raw[ai], false, word, pos); err != nil {
		return err
	}
	frag, err := p.vecOpd(&p.raw[ri], traces.FragRegType(m.A), traces.FragRegs(true, m.Shape, m.Frag, m.A), !store, word)
	if err != nil {
		return err
	}
	in.Src[0], in.NSrc = addr, 1
	if store {
		in.Src[1], in.NSrc = frag, 2
	} else {
		in.Dst[0], in.NDst = frag, 1
	}
	if p.nraw == 3 {
		op, err := p.valueOpd(&p.raw[2], traces.U32, 0, word)
		if err != nil {
			return err
		}
		in.Src[in.NSrc] = op
		in.NSrc++
	}
	return nil
}

// decMma decodes wmma.mma and mma: d, a, b, c, each a fragment vector.
func (p *ptxParser) decMma(in *traces.Inst, sf *sufs, word []byte, pos traces.Pos) error {
	wmma := in.Op == traces.OpWmmaMma
	m := &in.Mat
	if err := p.needSync(in, word, pos); err != nil {
		return err
	}
	if m.Shape == traces.ShapeNone || m.Shape == traces.ShapeM8N8 {
		return p.errAt(pos, "%s: missing the shape (.m16n8k16, ...)", word)
	}
	if sf.nlay != 2 {
		return p.errAt(pos, "%s: expected two layouts (.row.col, ...)", word)
	}
	m.ALayout, m.BLayout = sf.layouts[0], sf.layouts[1]
	switch {
	case sf.nmt == 4:
		m.D, m.A, m.B, m.C = sf.mtypes[0], sf.mtypes[1], sf.mtypes[2], sf.mtypes[3]
	case sf.nmt == 2 && wmma && (sf.mtypes[0] == traces.ElemF16 || sf.mtypes[0] == traces.ElemF32):
		// wmma.mma.*.dtype.ctype: .f16 multiplicands.
		m.D, m.A, m.B, m.C = sf.mtypes[0], traces.ElemF16, traces.ElemF16, sf.mtypes[1]
	default:
		return p.errAt(pos, "%s: expected the element types .dtype.atype.btype.ctype", word)
	}
	switch sf.matOps {
	case 0:
	case 1<<vMatXor | 1<<vMatPopc:
		m.BitOp = traces.BitXor
	case 1<<vMatAnd | 1<<vMatPopc:
		m.BitOp = traces.BitAnd
	default:
		return p.errAt(pos, "%s: a single-bit operation is .xor.popc or .and.popc", word)
	}
	f, ok := traces.LookupMMA(wmma, m)
	if !ok {
		return p.errAt(pos, "%s: PTX defines no %s.%s with .%s.%s.%s.%s%s (dtype, atype, btype, ctype)", word, in.Op,
			m.Shape, m.D, m.A, m.B, m.C, bitOpWords(m.BitOp))
	}
	if !f.AnyLayout && (m.ALayout != traces.LayoutRow || m.BLayout != traces.LayoutCol) {
		return p.errAt(pos, "%s: .%s with .%s takes .row.col only", word, m.Shape, m.A)
	}
	intForm := m.D == traces.ElemS32
	if in.Flags.Has(traces.FlagSatFinite) && (!intForm || m.A == traces.ElemB1) {
		return p.errAt(pos, "%s: .satfinite applies to .s8/.u8/.s4/.u4 forms only", word)
	}
	if in.Rnd != traces.RndNone && (!wmma || m.A != traces.ElemF64) {
		return p.errAt(pos, "%s: a rounding modifier applies to the .f64 wmma.mma only", word)
	}
	if err := p.want(4, word, pos); err != nil {
		return err
	}
	d, err := p.vecOpd(&p.raw[0], traces.FragRegType(m.D), traces.FragRegs(wmma, m.Shape, traces.FragD, m.D), true, word)
	if err != nil {
		return err
	}
	in.Dst[0], in.NDst = d, 1
	for i, fr := range [3]struct {
		frag uint8
		e    traces.MatElem
	}{{traces.FragA, m.A}, {traces.FragB, m.B}, {traces.FragC, m.C}} {
		op, err := p.vecOpd(&p.raw[1+i], traces.FragRegType(fr.e), traces.FragRegs(wmma, m.Shape, fr.frag, fr.e), false, word)
		if err != nil {
			return err
		}
		in.Src[i] = op
	}
	in.NSrc = 3
	return nil
}

// decLdmatrix decodes ldmatrix r, [p]; stmatrix [p], r; movmatrix d, a.
func (p *ptxParser) decLdmatrix(in *traces.Inst, sf *sufs, word []byte, pos traces.Pos, idx int32) error {
	m := &in.Mat
	if err := p.needSync(in, word, pos); err != nil {
		return err
	}
	if m.Shape != traces.ShapeM8N8 {
		return p.errAt(pos, "%s: expected the shape .m8n8", word)
	}
	m.A = traces.ElemB16
	if in.Op == traces.OpMovmatrix {
		if !m.Trans {
			return p.errAt(pos, "%s: needs .trans", word)
		}
		if err := p.want(2, word, pos); err != nil {
			return err
		}
		d, err := p.valueOpd(&p.raw[0], traces.B32, vDst, word)
		if err != nil {
			return err
		}
		a, err := p.valueOpd(&p.raw[1], traces.B32, 0, word)
		if err != nil {
			return err
		}
		in.Dst[0], in.NDst, in.Src[0], in.NSrc = d, 1, a, 1
		return nil
	}
	if sf.matNum == 0 {
		return p.errAt(pos, "%s: missing the number of matrices (.x1, .x2, .x4)", word)
	}
	m.Num = sf.matNum
	if err := p.want(2, word, pos); err != nil {
		return err
	}
	store := in.Op == traces.OpStmatrix
	ri, ai := 0, 1
	if store {
		ri, ai = 1, 0
	}
	addr, err := p.addrOpd(&p.raw[ai], 4, idx, word)
	if err != nil {
		return err
	}
	if err := p.matSpace(in, sf, &addr, &p.raw[ai], true, word, pos); err != nil {
		return err
	}
	frag, err := p.vecOpd(&p.raw[ri], traces.B32, int(m.Num), !store, word)
	if err != nil {
		return err
	}
	in.Src[0], in.NSrc = addr, 1
	if store {
		in.Src[1], in.NSrc = frag, 2
	} else {
		in.Dst[0], in.NDst = frag, 1
	}
	return nil
}

// matrixNeed is the minimum target and PTX ISA of a decoded matrix form.
func matrixNeed(in *traces.Inst, n need) need {
	m := &in.Mat
	switch in.Op {
	case traces.OpWmmaLoad, traces.OpWmmaStore:
		if f, ok := traces.LookupWmmaFrag(m.Shape, m.Frag, m.A); ok {
			n = maxNeed(n, need{f.Need.SM, f.Need.PTX})
		}
	case traces.OpWmmaMma, traces.OpMma:
		if f, ok := traces.LookupMMA(in.Op == traces.OpWmmaMma, m); ok {
			n = maxNeed(n, need{f.Need.SM, f.Need.PTX})
		}
	}
	return n
}

func fragName(f uint8) string {
	return [...]string{"", "a", "b", "c", "d"}[f%5]
}

func layoutName(l uint8) string {
	return [...]string{"", "row", "col"}[l%3]
}

func bitOpWords(b uint8) string {
	switch b {
	case traces.BitXor:
		return ".xor.popc"
	case traces.BitAnd:
		return ".and.popc"
	}
	return ""
}
