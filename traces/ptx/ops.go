package ptx

import "github.com/gpusim/gpusim/traces"

// The PTX instruction table: for each mnemonic, which modifiers and type
// suffixes it accepts and what its operands are. Facts follow the PTX ISA
// manual (NVIDIA, "Parallel Thread Execution ISA", versions 6.0-8.5),
// chapter 9 "Instruction Set".

// modMask is a set of modifier categories (one bit per category).
type modMask uint64

// Modifier categories.
const (
	mkType      modMask = 1 << iota // a type suffix (.f32)
	mkRnd                           // .rn .rz .rm .rp
	mkRndI                          // .rni .rzi .rmi .rpi
	mkRna                           // .rna
	mkFtz                           // .ftz
	mkSat                           // .sat
	mkApprox                        // .approx
	mkFull                          // .full
	mkUni                           // .uni
	mkCC                            // .cc
	mkHiLo                          // .hi .lo
	mkWide                          // .wide
	mkSpace                         // a state space
	mkVec                           // .v2 .v4
	mkNC                            // .nc
	mkVolatile                      // .volatile
	mkCacheOp                       // .ca .cg .cs .lu .cv .wb .wt .mmio: cache operators, no effect on results
	mkHint                          // .L1::evict_* .L2::evict_* .L2::64B ...: cache hints, no effect on results
	mkOrder                         // .weak .relaxed .acquire .release .acq_rel .sc
	mkScope                         // .cta .gpu .sys .cluster
	mkCmp                           // comparison operator
	mkBool                          // .and .or .xor combining a predicate
	mkAtomOp                        // atomic operation
	mkRelu                          // .relu
	mkNaN                           // .NaN
	mkXorsign                       // .xorsign
	mkAbs                           // .abs
	mkTo                            // .to
	mkShfDir                        // .l .r
	mkShfMode                       // .wrap .clamp
	mkShiftAmt                      // .shiftamt
	mkSync                          // .sync
	mkAligned                       // .aligned
	mkShfl                          // .up .down .bfly .idx
	mkVote                          // .all .any .uni .ballot
	mkBarKind                       // .arrive .red .warp
	mkBarRed                        // .popc .and .or (bar.red)
	mkTestp                         // .finite .infinite .number .notanumber .normal .subnormal
	mkPrmt                          // .f4e .b4e .rc8 .ecl .ecr .rc16
	mkNoftz                         // .noftz
	mkSatfinite                     // .satfinite
	mkLevel                         // .L1 .L2 (prefetch)
	mkMembar                        // .gl (membar)
	mkProxy                         // .proxy .alias .async (fence/membar proxy forms)
	mkMask                          // .mask (pmevent)
	mkVmad                          // .shr7 .shr15 .po (vmad)

	// Matrix and async-copy qualifiers (matrix.go, async.go).
	mkShape   // .m16n8k16 ... .m8n8
	mkFrag    // .a .b .c .d (wmma.load/store)
	mkLayout  // .row .col (wmma.mma and mma take two, in order)
	mkMatNum  // .x1 .x2 .x4 (ldmatrix/stmatrix)
	mkTrans   // .trans
	mkMatType // element types of matrix instructions, in order (.f32.f16.f16.f32; also .s4 .u4 .b1)
	mkMatOp   // .xor .and .popc (single-bit mma)
	mkMbar    // .parity .expect_tx .noComplete .noinc .mbarrier::complete_tx::bytes .bulk_group .read
	mkPolicy  // .fractional .range .cvt (createpolicy)
)

// Texture and surface modifier categories (tex.go), numbered from the top
// bit down so that they stay apart from categories added above.
const (
	mkGeom     modMask = 1 << (63 - iota) // .1d .2d .3d .a1d .a2d .cube .acube .2dms .a2dms
	mkTexMode                             // .base .level .grad
	mkComp                                // .r .g .b .a (tld4)
	mkTexQuery                            // txq/suq queries; istypep's .texref .samplerref .surfref
	mkSuClamp                             // .trap .clamp .zero (surfaces)
	mkSuFmt                               // .b .p (surfaces)
)

// The categories counted up from bit 0 must stay below those counted down
// from bit 63: this constant does not compile once they meet.
const _ = uint64(mkSuFmt/(mkPolicy<<1)) - 1

// addReading adds one reading of suffix word w to m: a word may read
// differently in different instructions (.b is a matrix fragment, a tld4
// component and an unformatted surface access), and each row takes the
// reading of a category it allows. Too many readings for one word is a
// mistake in these tables, found when the front end is first used.
func addReading(m map[string]sufInfo, w string, c modMask, v uint32) {
	si := m[w]
	for i := range si {
		if si[i].cat == 0 {
			si[i] = sufAlt{c, v}
			m[w] = si
			return
		}
	}
	panic("ptx: suffix " + w + " has too many readings")
}

// typeMask is a set of Types.
type typeMask uint32

func tm(ts ...traces.Type) typeMask {
	var m typeMask
	for _, t := range ts {
		m |= 1 << t
	}
	return m
}

func (m typeMask) has(t traces.Type) bool { return t < traces.NumTypes && m&(1<<t) != 0 }

// Frequently used type sets.
var (
	tmBits    = tm(traces.B16, traces.B32, traces.B64)
	tmU       = tm(traces.U16, traces.U32, traces.U64)
	tmS       = tm(traces.S16, traces.S32, traces.S64)
	tmInt     = tmU | tmS
	tmF       = tm(traces.F32, traces.F64)
	tmHalf    = tm(traces.F16, traces.F16x2, traces.BF16, traces.BF16x2)
	tmLdSt    = tm(traces.B8, traces.B16, traces.B32, traces.B64, traces.B128, traces.U8, traces.U16, traces.U32, traces.U64, traces.S8, traces.S16, traces.S32, traces.S64, traces.F16, traces.F16x2, traces.BF16, traces.BF16x2, traces.F32, traces.F64)
	tmCvt     = tm(traces.U8, traces.U16, traces.U32, traces.U64, traces.S8, traces.S16, traces.S32, traces.S64, traces.F16, traces.F16x2, traces.BF16, traces.BF16x2, traces.TF32, traces.F32, traces.F64)
	tmSet     = tmBits | tmInt | tmF | tmHalf
	tmMov     = tm(traces.Pred, traces.B16, traces.B32, traces.B64, traces.B128, traces.U16, traces.U32, traces.U64, traces.S16, traces.S32, traces.S64, traces.F16, traces.BF16, traces.F32, traces.F64)
	tmSelp    = tmBits | tmInt | tmF | tm(traces.F16, traces.BF16)
	tmAddrInt = tm(traces.U32, traces.U64)
)

// slot says what an operand position holds and, for type checking and
// immediates, at which type.
type slot uint8

const (
	slNone slot = iota
	slT         // the instruction type
	slT2        // the second type suffix
	slWide      // twice the width of the instruction type (mul.wide, mad.wide)
	slU32       // a .u32 value (shift amounts, bit positions)
	slS32       // a .s32 value
	slB32       // a .b32 value
	slPred      // a predicate
	slDp        // dp4a/dp2a accumulator and result: .s32 if either source is signed, else .u32
)

// form selects the operand decoder.
type form uint8

const (
	fmGeneric form = iota // dst, then the src slots
	fmNone                // no operands
	fmMov
	fmLd
	fmSt
	fmAtom
	fmRed
	fmSetp
	fmSet
	fmShfl
	fmVote
	fmBar
	fmBra
	fmCall
	fmPrefetch
	fmCvt
	fmCvta
	fmIsspacep
	fmLop3
	// Texture and surface instructions (tex.go).
	fmTex
	fmTld4
	fmTxq
	fmSuld
	fmSust
	fmSured
	fmIstypep
	fmMatch    // match, elect: d{|p}, sources
	fmVideo    // the video instructions (video.go)
	fmWmma     // wmma.load, wmma.store
	fmMma      // wmma.mma, mma
	fmLdmatrix // ldmatrix, stmatrix, movmatrix
	fmCpAsync  // cp.async, cp.async.bulk
	fmMbar     // mbarrier.*, cp.async.mbarrier.arrive
	fmPolicy   // createpolicy, discard, applypriority
)

type opInfo struct {
	op     traces.Opcode
	form   form
	mods   modMask  // allowed modifier categories
	types  typeMask // allowed principal types; 0 when the mnemonic takes none
	types2 typeMask // allowed second types; 0 when the mnemonic takes one or none
	dst    slot
	src    [4]slot
	optTy  bool    // the type suffix may be omitted (bar, membar...)
	req    modMask // modifier categories that must be given (checkMods)
}

const (
	fltMods = mkType | mkRnd | mkFtz | mkSat
	memMods = mkType | mkSpace | mkVec | mkCacheOp | mkHint | mkOrder | mkScope | mkVolatile
)

// sufAlt is one reading of a suffix word: its category and value (a Type,
// Space, Rounding, CmpOp, BoolOp, AtomOp, Flags, Mode or vector width,
// by category).
type sufAlt struct {
	cat modMask
	val uint32
}

// sufInfo lists the readings of a suffix word; the first one whose category
// the mnemonic accepts wins (".and" is a BoolOp for setp, an AtomOp for atom).
type sufInfo [4]sufAlt

// Values of categories without an ir.go enum.
const (
	vShfDirL = iota + 1
	vShfDirR
	vShfWrap
	vShfClamp
	vBarArrive
	vBarRed
	vBarWarp
	vScopeCTA
	vScopeGPU
	vScopeSys
	vScopeCluster
	vOrderWeak
	vOrderRelaxed
	vOrderAcquire
	vOrderRelease
	vOrderAcqRel
	vOrderSC
	vLevelL1
	vLevelL2
	vHintCacheHint // .L2::cache_hint: takes an extra operand
	vHintOther
)

var ptxSuffixes = func() map[string]sufInfo {
	m := map[string]sufInfo{}
	one := func(w string, c modMask, v uint32) { m[w] = sufInfo{{c, v}} }
	for t := traces.Type(1); t < traces.NumTypes; t++ {
		one(t.String(), mkType, uint32(t))
	}
	one("rn", mkRnd, uint32(traces.RndRN))
	one("rz", mkRnd, uint32(traces.RndRZ))
	one("rm", mkRnd, uint32(traces.RndRM))
	one("rp", mkRnd, uint32(traces.RndRP))
	one("rni", mkRndI, uint32(traces.RndRNI))
	one("rzi", mkRndI, uint32(traces.RndRZI))
	one("rmi", mkRndI, uint32(traces.RndRMI))
	one("rpi", mkRndI, uint32(traces.RndRPI))
	one("rna", mkRna, uint32(traces.RndRNA))
	one("ftz", mkFtz, uint32(traces.FlagFtz))
	one("sat", mkSat, uint32(traces.FlagSat))
	one("approx", mkApprox, uint32(traces.FlagApprox))
	one("full", mkFull, uint32(traces.FlagFull))
	one("cc", mkCC, uint32(traces.FlagCC))
	m["lo"] = sufInfo{{mkHiLo, uint32(traces.FlagLo)}, {mkCmp, uint32(traces.CmpLO)}}
	m["hi"] = sufInfo{{mkHiLo, uint32(traces.FlagHi)}, {mkCmp, uint32(traces.CmpHI)}}
	one("wide", mkWide, uint32(traces.FlagWide))
	for _, s := range []struct {
		w string
		v traces.Space
	}{{"global", traces.SpaceGlobal}, {"shared", traces.SpaceShared}, {"shared::cta", traces.SpaceShared}, {"local", traces.SpaceLocal},
		{"const", traces.SpaceConst}, {"param", traces.SpaceParam}, {"param::entry", traces.SpaceParam}, {"param::func", traces.SpaceParamFrame}} {
		one(s.w, mkSpace, uint32(s.v))
	}
	one("v2", mkVec, 2)
	one("v4", mkVec, 4)
	one("nc", mkNC, uint32(traces.FlagNC))
	one("volatile", mkVolatile, uint32(traces.FlagVolatile))
	for _, w := range []string{"ca", "cg", "cs", "lu", "cv", "wb", "wt"} {
		one(w, mkCacheOp, 0)
	}
	m["cta"] = sufInfo{{mkScope, vScopeCTA}}
	m["gpu"] = sufInfo{{mkScope, vScopeGPU}}
	m["sys"] = sufInfo{{mkScope, vScopeSys}}
	m["cluster"] = sufInfo{{mkScope, vScopeCluster}}
	one("gl", mkMembar, 0)
	one("weak", mkOrder, vOrderWeak)
	one("relaxed", mkOrder, vOrderRelaxed)
	one("acquire", mkOrder, vOrderAcquire)
	one("release", mkOrder, vOrderRelease)
	one("acq_rel", mkOrder, vOrderAcqRel)
	one("sc", mkOrder, vOrderSC)
	one("mmio", mkCacheOp, 0) // .mmio.relaxed.sys: memory-mapped I/O, no effect on results here
	for _, c := range []struct {
		w string
		v traces.CmpOp
	}{{"eq", traces.CmpEQ}, {"ne", traces.CmpNE}, {"lt", traces.CmpLT}, {"le", traces.CmpLE}, {"gt", traces.CmpGT}, {"ge", traces.CmpGE},
		{"ls", traces.CmpLS}, {"hs", traces.CmpHS}, {"equ", traces.CmpEQU}, {"neu", traces.CmpNEU}, {"ltu", traces.CmpLTU},
		{"leu", traces.CmpLEU}, {"gtu", traces.CmpGTU}, {"geu", traces.CmpGEU}, {"num", traces.CmpNUM}, {"nan", traces.CmpNAN}} {
		one(c.w, mkCmp, uint32(c.v))
	}
	m["and"] = sufInfo{{mkBool, uint32(traces.BoolAnd)}, {mkAtomOp, uint32(traces.AtomAnd)}, {mkBarRed, uint32(traces.BarRedAnd)}}
	m["or"] = sufInfo{{mkBool, uint32(traces.BoolOr)}, {mkAtomOp, uint32(traces.AtomOr)}, {mkBarRed, uint32(traces.BarRedOr)}}
	m["xor"] = sufInfo{{mkBool, uint32(traces.BoolXor)}, {mkAtomOp, uint32(traces.AtomXor)}}
	m["popc"] = sufInfo{{mkBarRed, uint32(traces.BarRedPopc)}}
	one("exch", mkAtomOp, uint32(traces.AtomExch))
	one("cas", mkAtomOp, uint32(traces.AtomCas))
	one("add", mkAtomOp, uint32(traces.AtomAdd))
	one("inc", mkAtomOp, uint32(traces.AtomInc))
	one("dec", mkAtomOp, uint32(traces.AtomDec))
	one("min", mkAtomOp, uint32(traces.AtomMin))
	one("max", mkAtomOp, uint32(traces.AtomMax))
	one("relu", mkRelu, uint32(traces.FlagRelu))
	one("NaN", mkNaN, uint32(traces.FlagNaN))
	one("xorsign", mkXorsign, uint32(traces.FlagXorSign))
	one("abs", mkAbs, uint32(traces.FlagAbs))
	one("to", mkTo, uint32(traces.FlagTo))
	one("l", mkShfDir, vShfDirL)
	one("r", mkShfDir, vShfDirR)
	one("wrap", mkShfMode, vShfWrap)
	one("clamp", mkShfMode, vShfClamp)
	one("shiftamt", mkShiftAmt, uint32(traces.FlagShiftAmt))
	one("sync", mkSync, uint32(traces.FlagSync))
	one("aligned", mkAligned, uint32(traces.FlagAligned))
	one("up", mkShfl, uint32(traces.ShflUp))
	one("down", mkShfl, uint32(traces.ShflDown))
	one("bfly", mkShfl, uint32(traces.ShflBfly))
	one("idx", mkShfl, uint32(traces.ShflIdx))
	one("all", mkVote, uint32(traces.VoteAll))
	one("any", mkVote, uint32(traces.VoteAny))
	m["uni"] = sufInfo{{mkUni, uint32(traces.FlagUni)}, {mkVote, uint32(traces.VoteUni)}}
	one("ballot", mkVote, uint32(traces.VoteBallot))
	one("arrive", mkBarKind, vBarArrive)
	one("red", mkBarKind, vBarRed)
	one("warp", mkBarKind, vBarWarp)
	for _, t := range []struct {
		w string
		v traces.Mode
	}{{"finite", traces.TestFinite}, {"infinite", traces.TestInfinite}, {"number", traces.TestNumber},
		{"notanumber", traces.TestNotANumber}, {"normal", traces.TestNormal}, {"subnormal", traces.TestSubnormal}} {
		one(t.w, mkTestp, uint32(t.v))
	}
	for _, t := range []struct {
		w string
		v traces.Mode
	}{{"f4e", traces.PrmtF4E}, {"b4e", traces.PrmtB4E}, {"rc8", traces.PrmtRC8}, {"ecl", traces.PrmtECL}, {"ecr", traces.PrmtECR}, {"rc16", traces.PrmtRC16}} {
		one(t.w, mkPrmt, uint32(t.v))
	}
	one("noftz", mkNoftz, 0)
	one("satfinite", mkSatfinite, uint32(traces.FlagSatFinite))
	one("L1", mkLevel, vLevelL1)
	one("L2", mkLevel, vLevelL2)
	one("proxy", mkProxy, 0)
	one("alias", mkProxy, 0)
	one("async", mkProxy, 0)
	one("mask", mkMask, 0)
	addTexSuffixes(m)
	one("shr7", mkVmad, uint32(traces.VideoShr7))
	one("shr15", mkVmad, uint32(traces.VideoShr15))
	one("po", mkVmad, uint32(traces.VideoPlusOne))
	matrixSuffixes(m)
	return m
}()

// hintSuffix classifies the `.L1::x` / `.L2::x` cache-hint words (the
// lexer keeps "::" inside a word). It reports false for other words.
func hintSuffix(w []byte) (val uint32, ok bool) {
	if len(w) < 5 || w[0] != 'L' || (w[1] != '1' && w[1] != '2') || w[2] != ':' || w[3] != ':' {
		return 0, false
	}
	switch string(w[4:]) {
	case "cache_hint":
		return vHintCacheHint, true
	case "evict_normal", "evict_first", "evict_last", "evict_unchanged", "no_allocate", "64B", "128B", "256B":
		return vHintOther, true
	}
	return 0, false
}
