package ptx

import "github.com/gpusim/gpusim/traces"

// Modifier rules per instruction (which combinations PTX defines) and the
// minimum target and PTX ISA version of each form. Facts from the PTX ISA
// manual's instruction descriptions ("PTX ISA Notes" and "Target ISA
// Notes" of each instruction).

func isHalf(t traces.Type) bool {
	return t == traces.F16 || t == traces.F16x2 || t == traces.BF16 || t == traces.BF16x2
}
func isBF(t traces.Type) bool { return t == traces.BF16 || t == traces.BF16x2 }

// checkMods validates the types and modifiers of one instruction and
// finishes the Inst fields that depend on them.
func (p *ptxParser) checkMods(in *traces.Inst, sf *sufs, info *opInfo, word []byte, pos traces.Pos, mn []byte) error {
	bad := func(format string, args ...any) error {
		return p.errAt(pos, string(word)+": "+format, args...)
	}
	if info.form == fmVideo {
		return p.checkVideo(in, sf, info, word, pos, mn)
	}
	switch {
	case info.types2 != 0:
		if sf.ntypes != 2 {
			return bad("expected two type suffixes (destination and source)")
		}
	case info.types != 0:
		if sf.ntypes == 0 && !info.optTy && info.form != fmAtom {
			return bad("missing type suffix")
		}
		if sf.ntypes > 1 {
			return bad("too many type suffixes")
		}
	default:
		if sf.ntypes > 0 {
			return bad("%s takes no type suffix", mn)
		}
	}
	in.Type, in.Type2 = sf.types[0], sf.types[1]
	if in.Type != traces.TypeNone && !info.types.has(in.Type) {
		return bad(".%s is not a valid type for %s", in.Type, mn)
	}
	if in.Type2 != traces.TypeNone && !info.types2.has(in.Type2) {
		return bad(".%s is not a valid source type for %s", in.Type2, mn)
	}
	t := in.Type
	f := t.IsFloat()
	has := func(c modMask) bool { return sf.seen&c != 0 }
	for c := modMask(1); c != 0 && c <= info.req; c <<= 1 {
		if info.req&c != 0 && !has(c) {
			return bad("%s needs %s", mn, catWords(c))
		}
	}
	rnd := has(mkRnd)
	switch in.Op {
	case traces.OpAdd, traces.OpSub, traces.OpMul, traces.OpMad, traces.OpFma:
		if !f {
			if rnd || has(mkFtz) || has(mkRelu) {
				return bad("rounding, .ftz and .relu apply to floating-point types only")
			}
			if has(mkSat) && !(t == traces.S32 && (in.Op == traces.OpAdd || in.Op == traces.OpSub || in.Op == traces.OpMad && in.Flags.Has(traces.FlagHi))) {
				return bad(".sat is valid only for add.s32, sub.s32 and mad.hi.s32")
			}
			if has(mkCC) && t.Size() < 4 {
				return bad(".cc needs a 32- or 64-bit type")
			}
			if in.Op == traces.OpMul || in.Op == traces.OpMad {
				if !has(mkHiLo) && !has(mkWide) {
					return bad("integer %s needs .lo, .hi or .wide", mn)
				}
				if has(mkHiLo) && has(mkWide) {
					return bad(".wide cannot be combined with .hi or .lo")
				}
				if has(mkWide) && t.Size() > 4 {
					return bad(".wide needs a 16- or 32-bit type")
				}
				if has(mkCC) && !has(mkHiLo) {
					return bad(".cc needs .lo or .hi")
				}
			}
			break
		}
		if has(mkHiLo) || has(mkWide) || has(mkCC) {
			return bad(".hi, .lo, .wide and .cc apply to integer types only")
		}
		if isHalf(t) && in.Rnd != traces.RndNone && in.Rnd != traces.RndRN {
			return bad(".%s supports only .rn rounding", t)
		}
		if (in.Op == traces.OpFma || in.Op == traces.OpMad) && !rnd {
			return bad("%s.%s needs a rounding modifier (.rn, .rz, .rm, .rp)", mn, t)
		}
		if has(mkFtz) && t != traces.F32 && t != traces.F16 && t != traces.F16x2 {
			return bad(".ftz is not valid for .%s", t)
		}
		if has(mkSat) && t != traces.F32 && t != traces.F16 && t != traces.F16x2 {
			return bad(".sat is not valid for .%s", t)
		}
		if has(mkRelu) && (!isHalf(t) || in.Op != traces.OpFma) {
			return bad(".relu is valid only for fma on 16-bit float types")
		}
	case traces.OpMul24, traces.OpMad24, traces.OpMadc, traces.OpDp2a:
		if !has(mkHiLo) {
			return bad("%s needs .lo or .hi", mn)
		}
		if has(mkSat) && !(t == traces.S32 && in.Flags.Has(traces.FlagHi)) {
			return bad(".sat needs .hi.s32")
		}
	case traces.OpDiv:
		if !f {
			if rnd || has(mkFtz|mkSat|mkApprox|mkFull) {
				return bad("floating-point modifiers on an integer division")
			}
			break
		}
		n := 0
		for _, c := range []modMask{mkRnd, mkApprox, mkFull} {
			if has(c) {
				n++
			}
		}
		if t == traces.F64 {
			if !rnd || n != 1 || has(mkFtz|mkSat) {
				return bad("div.f64 needs exactly a rounding modifier (.rn, .rz, .rm, .rp)")
			}
		} else if n != 1 {
			return bad("div.f32 needs exactly one of .approx, .full or a rounding modifier")
		}
		if has(mkSat) {
			return bad(".sat is not valid for div")
		}
	case traces.OpRcp, traces.OpSqrt:
		switch {
		case t == traces.F32 && has(mkApprox) == rnd:
			return bad("%s.f32 needs exactly one of .approx or a rounding modifier", mn)
		case t == traces.F64 && in.Op == traces.OpRcp && has(mkApprox) && (rnd || !has(mkFtz)):
			return bad("rcp.approx.f64 needs .ftz")
		case t == traces.F64 && !has(mkApprox) && (!rnd || has(mkFtz)):
			return bad("%s.f64 needs a rounding modifier and no .ftz", mn)
		case t == traces.F64 && in.Op == traces.OpSqrt && has(mkApprox):
			return bad("sqrt.approx.f64 does not exist; use a rounding modifier")
		}
	case traces.OpRsqrt, traces.OpSin, traces.OpCos, traces.OpLg2, traces.OpEx2, traces.OpTanh:
		if !has(mkApprox) {
			return bad("%s needs .approx", mn)
		}
		if in.Op == traces.OpEx2 && isBF(t) && !has(mkFtz) {
			return bad("ex2.approx.%s needs .ftz", t)
		}
		if has(mkFtz) && (t == traces.F16 || t == traces.F16x2 || in.Op == traces.OpTanh) {
			return bad(".ftz is not valid for %s.%s", mn, t)
		}
	case traces.OpAbs, traces.OpNeg:
		if has(mkFtz) && t != traces.F32 && t != traces.F16 && t != traces.F16x2 {
			return bad(".ftz is not valid for .%s", t)
		}
	case traces.OpMin, traces.OpMax:
		if !f && has(mkFtz|mkNaN|mkXorsign|mkAbs) {
			return bad(".ftz, .NaN and .xorsign.abs apply to floating-point types only")
		}
		if has(mkXorsign) != has(mkAbs) {
			return bad(".xorsign and .abs go together")
		}
		if has(mkFtz) && t != traces.F32 && t != traces.F16 && t != traces.F16x2 {
			return bad(".ftz is not valid for .%s", t)
		}
		if t == traces.F64 && has(mkNaN|mkXorsign) {
			return bad(".NaN and .xorsign are not valid for .f64")
		}
	case traces.OpSetp, traces.OpSet:
		if in.Cmp == traces.CmpNone {
			return bad("missing the comparison (.eq, .lt, ...)")
		}
		ct := t
		if in.Op == traces.OpSet {
			ct = in.Type2
			if t == traces.F16 || t == traces.F16x2 || isBF(t) {
				if !isHalf(ct) {
					return bad("a .%s result needs a 16-bit float comparison", t)
				}
			}
		}
		if msg := cmpValid(in.Cmp, ct); msg != "" {
			return bad("%s", msg)
		}
		if has(mkFtz) && ct != traces.F32 && ct != traces.F16 && ct != traces.F16x2 {
			return bad(".ftz is not valid for .%s", ct)
		}
	case traces.OpSlct:
		if has(mkFtz) && in.Type2 != traces.F32 {
			return bad(".ftz needs an .f32 selector")
		}
	case traces.OpShf:
		if !has(mkShfDir) || !has(mkShfMode) {
			return bad("shf needs .l or .r and .wrap or .clamp")
		}
	case traces.OpTestp:
		if in.Mode == 0 {
			return bad("missing the test (.finite, .infinite, .number, .notanumber, .normal, .subnormal)")
		}
	case traces.OpShfl:
		if in.Mode == 0 {
			return bad("missing the mode (.up, .down, .bfly, .idx)")
		}
	case traces.OpVote:
		if in.Mode == 0 {
			return bad("missing the mode (.all, .any, .uni, .ballot)")
		}
	case traces.OpMatch:
		if in.Mode != traces.VoteAny && in.Mode != traces.VoteAll {
			return bad("match takes .any or .all")
		}
	case traces.OpRedux:
		switch in.Atom {
		case traces.AtomAdd, traces.AtomMin, traces.AtomMax:
			if t != traces.U32 && t != traces.S32 {
				return bad("redux.%s takes .u32 or .s32", atomNames[in.Atom])
			}
		case traces.AtomAnd, traces.AtomOr, traces.AtomXor:
			if t != traces.B32 {
				return bad("redux.%s takes .b32", atomNames[in.Atom])
			}
		default:
			return bad("redux takes .add, .min, .max, .and, .or or .xor")
		}
	case traces.OpCvt:
		if msg := cvtCheck(in, sf); msg != "" {
			return bad("%s", msg)
		}
	case traces.OpLd, traces.OpSt, traces.OpLdu:
		if msg := orderCheck(in, sf); msg != "" {
			return bad("%s", msg)
		}
	case traces.OpAtom, traces.OpRed:
		if sf.order == vOrderWeak || (in.Op == traces.OpRed && sf.order == vOrderAcquire) {
			return bad("memory order not valid for %s", mn)
		}
	case traces.OpMembar:
		if sf.membar == (sf.scope != 0) && !has(mkProxy) {
			return bad("membar needs exactly one of .cta, .gl, .sys")
		}
	case traces.OpFence:
		if !has(mkProxy) && sf.scope == 0 {
			return bad("fence needs a scope (.cta, .cluster, .gpu, .sys)")
		}
		if has(mkOrder) && sf.order != vOrderSC && sf.order != vOrderAcqRel {
			return bad("fence takes .sc or .acq_rel")
		}
	}
	return nil
}

// catWords lists the modifiers of a category a row requires (reqmods=),
// for the error when none is given.
func catWords(c modMask) string {
	switch c {
	case mkShfMode:
		return ".wrap or .clamp"
	case mkShfDir:
		return ".l or .r"
	case mkHiLo:
		return ".hi or .lo"
	case mkRnd:
		return "a rounding modifier (.rn, .rz, .rm, .rp)"
	}
	return "a " + catName(c) + " modifier"
}

// cmpValid checks a comparison against the compared type.
func cmpValid(c traces.CmpOp, t traces.Type) string {
	switch kindOf(t) {
	case tkdBits:
		if c != traces.CmpEQ && c != traces.CmpNE {
			return "bit-size types compare only with .eq and .ne"
		}
	case tkdInt:
		if c >= traces.CmpEQU {
			return "unordered comparisons apply to floating-point types only"
		}
		if t.IsSigned() && c >= traces.CmpLO && c <= traces.CmpHS {
			return ".lo, .ls, .hi and .hs apply to unsigned types only"
		}
	case tkdFloat:
		if c >= traces.CmpLO && c <= traces.CmpHS {
			return ".lo, .ls, .hi and .hs apply to unsigned types only"
		}
	}
	return ""
}

// cvtCheck applies the PTX rules for cvt rounding: integer rounding is
// required for float-to-integer and allowed for same-type float; float
// rounding is required for integer-to-float and narrowing float-to-float,
// and illegal otherwise.
func cvtCheck(in *traces.Inst, sf *sufs) string {
	d, s := in.Type, in.Type2
	df, sfl := d.IsFloat(), s.IsFloat()
	r := in.Rnd
	irnd := r >= traces.RndRNI && r <= traces.RndRPI
	frnd := r >= traces.RndRN && r <= traces.RndRNA
	if (d == traces.F16x2 || d == traces.BF16x2) && s != traces.F32 || s == traces.F16x2 || s == traces.BF16x2 {
		return "packed conversions convert two .f32 values into .f16x2 or .bf16x2 only"
	}
	if r == traces.RndRNA && d != traces.TF32 {
		return ".rna is valid only for conversions to .tf32"
	}
	if d == traces.TF32 && (s != traces.F32 || (r != traces.RndRNA && !(frnd && sf.seen&mkSatfinite != 0))) {
		return "conversion to .tf32 is cvt.rna.tf32.f32 or cvt.frnd.satfinite.tf32.f32"
	}
	if s == traces.TF32 {
		return ".tf32 is not a valid source type"
	}
	if sf.seen&mkRelu != 0 && !(df && isHalf(d) && s == traces.F32) {
		return ".relu is valid only for conversions from .f32 to 16-bit float types"
	}
	switch {
	case df && sfl:
		narrowing := d.Size() < s.Size() || (d == traces.F16x2 || d == traces.BF16x2) || (d != s && d.Size() == s.Size())
		switch {
		case d == s:
			if frnd {
				return "a same-type float conversion takes only integer rounding (.rni, .rzi, .rmi, .rpi)"
			}
		case narrowing:
			if !frnd {
				return "a narrowing float conversion needs a rounding modifier (.rn, .rz, .rm, .rp)"
			}
		default:
			if r != traces.RndNone {
				return "a widening float conversion takes no rounding modifier"
			}
		}
	case df:
		if !frnd {
			return "an integer-to-float conversion needs a rounding modifier (.rn, .rz, .rm, .rp)"
		}
	case sfl:
		if !irnd {
			return "a float-to-integer conversion needs an integer rounding modifier (.rni, .rzi, .rmi, .rpi)"
		}
	default:
		if r != traces.RndNone {
			return "an integer conversion takes no rounding modifier"
		}
	}
	if sf.seen&mkFtz != 0 && d != traces.F32 && s != traces.F32 {
		return ".ftz applies only when the source or destination is .f32"
	}
	return ""
}

// orderCheck validates ld/st memory-order qualifiers (.relaxed.scope,
// .acquire.scope, .release.scope, .volatile, .weak).
func orderCheck(in *traces.Inst, sf *sufs) string {
	o := sf.order
	if in.Flags.Has(traces.FlagVolatile) && o != 0 {
		return ".volatile cannot be combined with a memory order"
	}
	switch o {
	case vOrderAcquire:
		if in.Op == traces.OpSt {
			return "st cannot be .acquire"
		}
	case vOrderRelease:
		if in.Op != traces.OpSt {
			return "ld cannot be .release"
		}
	case vOrderAcqRel, vOrderSC:
		return "ld/st take .relaxed, .acquire or .release"
	}
	switch {
	case (o == vOrderRelaxed || o == vOrderAcquire || o == vOrderRelease) && sf.scope == 0:
		return "a memory order needs a scope (.cta, .cluster, .gpu, .sys)"
	case sf.scope != 0 && (o == 0 || o == vOrderWeak):
		return "a scope needs .relaxed, .acquire or .release"
	}
	return ""
}

// need is a minimum target and PTX ISA version (major*10+minor).
type need struct {
	sm, ptx int
}

func maxNeed(a, b need) need {
	if b.sm > a.sm {
		a.sm = b.sm
	}
	if b.ptx > a.ptx {
		a.ptx = b.ptx
	}
	return a
}

// formNeed gives the minimum target and PTX version of the decoded form.
func formNeed(in *traces.Inst, sf *sufs) need {
	t := in.Type
	n := need{}
	if row := traces.PTXOp(in.Op); row != nil {
		// What every form of the opcode needs is in its row (need=).
		n = need{row.Need.SM, row.Need.PTX}
	}
	half := func() {
		switch {
		case isBF(t):
			n = maxNeed(n, need{80, 70})
		case t == traces.F16 || t == traces.F16x2:
			n = maxNeed(n, need{53, 42})
		}
	}
	switch in.Op {
	case traces.OpAdd, traces.OpSub, traces.OpMul:
		half()
		if isBF(t) {
			n = maxNeed(n, need{90, 78})
		}
	case traces.OpFma, traces.OpNeg, traces.OpAbs:
		half()
		if in.Flags.Has(traces.FlagRelu) {
			n = maxNeed(n, need{80, 70})
		}
	case traces.OpMin, traces.OpMax:
		if isHalf(t) {
			n = maxNeed(n, need{80, 70})
		}
		if in.Flags.Has(traces.FlagNaN) {
			n = maxNeed(n, need{80, 70})
		}
		if in.Flags.Has(traces.FlagXorSign) {
			n = maxNeed(n, need{86, 72})
		}
	case traces.OpSetp, traces.OpSet:
		ct := t
		if in.Op == traces.OpSet {
			ct = in.Type2
			if isHalf(t) {
				n = maxNeed(n, need{53, 42})
			}
		}
		if isBF(ct) {
			n = maxNeed(n, need{90, 78})
		} else if ct == traces.F16 || ct == traces.F16x2 {
			n = maxNeed(n, need{53, 42})
		}
	case traces.OpEx2, traces.OpTanh:
		switch {
		case isBF(t):
			n = need{90, 78}
		case t == traces.F16 || t == traces.F16x2:
			n = need{75, 70}
		case in.Op == traces.OpTanh:
			n = need{75, 70}
		}
	case traces.OpCvt:
		d, s := t, in.Type2
		switch {
		case s == traces.BF16 && d == traces.F32:
			// cvt.f32.bf16 (with or without .ftz): sm_80 and PTX ISA 7.1,
			// as ptxas (CUDA 11.8) requires and LLVM's NVPTX backend
			// emits it (fpextend bf16 -> f32: hasPTX<71>, hasSM<80>); the
			// other conversions from .bf16 are sm_90 (PTX ISA cvt, Target
			// ISA notes).
			n = need{80, 71}
		case isBF(s) || (d == traces.BF16 && s != traces.F32):
			n = need{90, 78}
		case d == traces.BF16 || d == traces.BF16x2 || d == traces.F16x2 || d == traces.TF32:
			n = need{80, 70}
			if d == traces.TF32 && in.Rnd != traces.RndRNA {
				n = need{90, 78}
			}
		}
		if in.Flags.Has(traces.FlagRelu) || in.Flags.Has(traces.FlagSatFinite) {
			n = maxNeed(n, need{80, 70})
		}
	case traces.OpAtom, traces.OpRed:
		switch {
		case isBF(t):
			n = need{90, 78}
		case t == traces.F16:
			n = need{70, 63}
		case t == traces.F16x2:
			n = need{60, 62}
		case t == traces.F64:
			n = need{60, 50}
		case in.Atom == traces.AtomCas && t == traces.B16:
			n = need{70, 63}
		}
		if sf.scope != 0 {
			n = maxNeed(n, need{60, 50})
		}
		if sf.order != 0 {
			n = maxNeed(n, need{70, 63})
		}
	case traces.OpLd, traces.OpSt:
		if sf.order != 0 {
			n = need{70, 60}
		}
		if in.Flags.Has(traces.FlagNC) {
			n = maxNeed(n, need{32, 31})
		}
		if t == traces.B128 {
			n = maxNeed(n, need{70, 83})
		}
	case traces.OpShfl, traces.OpVote:
		if in.Flags.Has(traces.FlagSync) {
			n = need{30, 60}
		}
	case traces.OpBar:
		if in.Mode == traces.BarWarpSync {
			n = need{30, 60}
		}
	}
	return n
}

// checkTarget rejects forms the module's .target or .version lacks.
func (p *ptxParser) checkTarget(in *traces.Inst, sf *sufs, word []byte, pos traces.Pos) error {
	n := p.asyncNeed(in, sf, matrixNeed(in, formNeed(in, sf)))
	if n.sm > p.sm {
		return p.errAt(pos, "%s: requires sm_%d or later (.target is %s)", word, n.sm, p.prog.Target)
	}
	if n.ptx > p.ptxVer {
		return p.errAt(pos, "%s: requires PTX ISA %d.%d or later (.version is %s)", word, n.ptx/10, n.ptx%10, p.prog.Version)
	}
	if (in.Op == traces.OpShfl || in.Op == traces.OpVote) && !in.Flags.Has(traces.FlagSync) && p.sm >= 70 {
		return p.errAt(pos, "%s: the form without .sync is not supported on sm_70 and later", word)
	}
	return nil
}
