package traces

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
)

// typeMask is a set of Types.
type typeMask uint32

func tm(ts ...Type) typeMask {
	var m typeMask
	for _, t := range ts {
		m |= 1 << t
	}
	return m
}

func (m typeMask) has(t Type) bool { return t < numTypes && m&(1<<t) != 0 }

// Frequently used type sets.
var (
	tmBits    = tm(B16, B32, B64)
	tmU       = tm(U16, U32, U64)
	tmS       = tm(S16, S32, S64)
	tmInt     = tmU | tmS
	tmF       = tm(F32, F64)
	tmHalf    = tm(F16, F16x2, BF16, BF16x2)
	tmLdSt    = tm(B8, B16, B32, B64, B128, U8, U16, U32, U64, S8, S16, S32, S64, F16, F16x2, BF16, BF16x2, F32, F64)
	tmCvt     = tm(U8, U16, U32, U64, S8, S16, S32, S64, F16, F16x2, BF16, BF16x2, TF32, F32, F64)
	tmSet     = tmBits | tmInt | tmF | tmHalf
	tmMov     = tm(Pred, B16, B32, B64, B128, U16, U32, U64, S16, S32, S64, F16, BF16, F32, F64)
	tmSelp    = tmBits | tmInt | tmF | tm(F16, BF16)
	tmAddrInt = tm(U32, U64)
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
)

type opInfo struct {
	op     Opcode
	form   form
	mods   modMask  // allowed modifier categories
	types  typeMask // allowed principal types; 0 when the mnemonic takes none
	types2 typeMask // allowed second types; 0 when the mnemonic takes one or none
	dst    slot
	src    [4]slot
	optTy  bool // the type suffix may be omitted (bar, membar...)
}

const (
	fltMods = mkType | mkRnd | mkFtz | mkSat
	memMods = mkType | mkSpace | mkVec | mkCacheOp | mkHint | mkOrder | mkScope | mkVolatile
)

// ptxOps maps a mnemonic (the opcode's first part) to its description.
var ptxOps = map[string]*opInfo{
	"mov":        {op: OpMov, form: fmMov, mods: mkType, types: tmMov},
	"ld":         {op: OpLd, form: fmLd, mods: memMods | mkNC, types: tmLdSt},
	"ldu":        {op: OpLdu, form: fmLd, mods: mkType | mkSpace | mkVec, types: tmLdSt},
	"st":         {op: OpSt, form: fmSt, mods: memMods, types: tmLdSt},
	"prefetch":   {op: OpPrefetch, form: fmPrefetch, mods: mkSpace | mkLevel | mkHint},
	"prefetchu":  {op: OpPrefetch, form: fmPrefetch, mods: mkLevel},
	"cvta":       {op: OpCvta, form: fmCvta, mods: mkType | mkSpace | mkTo, types: tmAddrInt},
	"cvt":        {op: OpCvt, form: fmCvt, mods: mkType | mkRnd | mkRndI | mkRna | mkFtz | mkSat | mkRelu | mkSatfinite, types: tmCvt, types2: tmCvt},
	"isspacep":   {op: OpIsspacep, form: fmIsspacep, mods: mkSpace},
	"shfl":       {op: OpShfl, form: fmShfl, mods: mkType | mkSync | mkShfl, types: tm(B32)},
	"prmt":       {op: OpPrmt, form: fmGeneric, mods: mkType | mkPrmt, types: tm(B32), dst: slT, src: [4]slot{slT, slT, slB32}},
	"activemask": {op: OpActivemask, form: fmGeneric, mods: mkType, types: tm(B32), dst: slT},

	"add":   {op: OpAdd, form: fmGeneric, mods: fltMods | mkCC, types: tmInt | tmF | tmHalf, dst: slT, src: [4]slot{slT, slT}},
	"sub":   {op: OpSub, form: fmGeneric, mods: fltMods | mkCC, types: tmInt | tmF | tmHalf, dst: slT, src: [4]slot{slT, slT}},
	"mul":   {op: OpMul, form: fmGeneric, mods: fltMods | mkHiLo | mkWide, types: tmInt | tmF | tmHalf, dst: slT, src: [4]slot{slT, slT}},
	"mad":   {op: OpMad, form: fmGeneric, mods: fltMods | mkHiLo | mkWide | mkCC, types: tmInt | tmF, dst: slT, src: [4]slot{slT, slT, slT}},
	"mul24": {op: OpMul24, form: fmGeneric, mods: mkType | mkHiLo, types: tm(U32, S32), dst: slT, src: [4]slot{slT, slT}},
	"mad24": {op: OpMad24, form: fmGeneric, mods: mkType | mkHiLo | mkSat, types: tm(U32, S32), dst: slT, src: [4]slot{slT, slT, slT}},
	"sad":   {op: OpSad, form: fmGeneric, mods: mkType, types: tmInt, dst: slT, src: [4]slot{slT, slT, slT}},
	"div":   {op: OpDiv, form: fmGeneric, mods: fltMods | mkApprox | mkFull, types: tmInt | tmF, dst: slT, src: [4]slot{slT, slT}},
	"rem":   {op: OpRem, form: fmGeneric, mods: mkType, types: tmInt, dst: slT, src: [4]slot{slT, slT}},
	"abs":   {op: OpAbs, form: fmGeneric, mods: mkType | mkFtz, types: tmS | tmF | tmHalf, dst: slT, src: [4]slot{slT}},
	"neg":   {op: OpNeg, form: fmGeneric, mods: mkType | mkFtz, types: tmS | tmF | tmHalf, dst: slT, src: [4]slot{slT}},
	"min":   {op: OpMin, form: fmGeneric, mods: mkType | mkFtz | mkNaN | mkXorsign | mkAbs, types: tmInt | tmF | tmHalf, dst: slT, src: [4]slot{slT, slT}},
	"max":   {op: OpMax, form: fmGeneric, mods: mkType | mkFtz | mkNaN | mkXorsign | mkAbs, types: tmInt | tmF | tmHalf, dst: slT, src: [4]slot{slT, slT}},
	"popc":  {op: OpPopc, form: fmGeneric, mods: mkType, types: tm(B32, B64), dst: slU32, src: [4]slot{slT}},
	"clz":   {op: OpClz, form: fmGeneric, mods: mkType, types: tm(B32, B64), dst: slU32, src: [4]slot{slT}},
	"bfind": {op: OpBfind, form: fmGeneric, mods: mkType | mkShiftAmt, types: tm(U32, U64, S32, S64), dst: slU32, src: [4]slot{slT}},
	"fns":   {op: OpFns, form: fmGeneric, mods: mkType, types: tm(B32), dst: slT, src: [4]slot{slB32, slU32, slS32}},
	"brev":  {op: OpBrev, form: fmGeneric, mods: mkType, types: tm(B32, B64), dst: slT, src: [4]slot{slT}},
	"bfe":   {op: OpBfe, form: fmGeneric, mods: mkType, types: tm(U32, U64, S32, S64), dst: slT, src: [4]slot{slT, slU32, slU32}},
	"bfi":   {op: OpBfi, form: fmGeneric, mods: mkType, types: tm(B32, B64), dst: slT, src: [4]slot{slT, slT, slU32, slU32}},
	"dp4a":  {op: OpDp4a, form: fmGeneric, mods: mkType, types: tm(U32, S32), types2: tm(U32, S32), dst: slDp, src: [4]slot{slT, slT2, slDp}},
	"dp2a":  {op: OpDp2a, form: fmGeneric, mods: mkType | mkHiLo, types: tm(U32, S32), types2: tm(U32, S32), dst: slDp, src: [4]slot{slT, slT2, slDp}},
	"addc":  {op: OpAddc, form: fmGeneric, mods: mkType | mkCC, types: tm(U32, S32, U64, S64), dst: slT, src: [4]slot{slT, slT}},
	"subc":  {op: OpSubc, form: fmGeneric, mods: mkType | mkCC, types: tm(U32, S32, U64, S64), dst: slT, src: [4]slot{slT, slT}},
	"madc":  {op: OpMadc, form: fmGeneric, mods: mkType | mkCC | mkHiLo, types: tm(U32, S32, U64, S64), dst: slT, src: [4]slot{slT, slT, slT}},

	"and":  {op: OpAnd, form: fmGeneric, mods: mkType, types: tmBits | tm(Pred), dst: slT, src: [4]slot{slT, slT}},
	"or":   {op: OpOr, form: fmGeneric, mods: mkType, types: tmBits | tm(Pred), dst: slT, src: [4]slot{slT, slT}},
	"xor":  {op: OpXor, form: fmGeneric, mods: mkType, types: tmBits | tm(Pred), dst: slT, src: [4]slot{slT, slT}},
	"not":  {op: OpNot, form: fmGeneric, mods: mkType, types: tmBits | tm(Pred), dst: slT, src: [4]slot{slT}},
	"cnot": {op: OpCnot, form: fmGeneric, mods: mkType, types: tmBits, dst: slT, src: [4]slot{slT}},
	"lop3": {op: OpLop3, form: fmLop3, mods: mkType, types: tm(B32), dst: slT, src: [4]slot{slT, slT, slT, slB32}},
	"shf":  {op: OpShf, form: fmGeneric, mods: mkType | mkShfDir | mkShfMode, types: tm(B32), dst: slT, src: [4]slot{slT, slT, slU32}},
	"shl":  {op: OpShl, form: fmGeneric, mods: mkType, types: tmBits, dst: slT, src: [4]slot{slT, slU32}},
	"shr":  {op: OpShr, form: fmGeneric, mods: mkType, types: tmBits | tmInt, dst: slT, src: [4]slot{slT, slU32}},

	"fma":      {op: OpFma, form: fmGeneric, mods: fltMods | mkRelu, types: tmF | tmHalf, dst: slT, src: [4]slot{slT, slT, slT}},
	"rcp":      {op: OpRcp, form: fmGeneric, mods: mkType | mkRnd | mkFtz | mkApprox, types: tmF, dst: slT, src: [4]slot{slT}},
	"sqrt":     {op: OpSqrt, form: fmGeneric, mods: mkType | mkRnd | mkFtz | mkApprox, types: tmF, dst: slT, src: [4]slot{slT}},
	"rsqrt":    {op: OpRsqrt, form: fmGeneric, mods: mkType | mkFtz | mkApprox, types: tmF, dst: slT, src: [4]slot{slT}},
	"sin":      {op: OpSin, form: fmGeneric, mods: mkType | mkFtz | mkApprox, types: tm(F32), dst: slT, src: [4]slot{slT}},
	"cos":      {op: OpCos, form: fmGeneric, mods: mkType | mkFtz | mkApprox, types: tm(F32), dst: slT, src: [4]slot{slT}},
	"lg2":      {op: OpLg2, form: fmGeneric, mods: mkType | mkFtz | mkApprox, types: tm(F32), dst: slT, src: [4]slot{slT}},
	"ex2":      {op: OpEx2, form: fmGeneric, mods: mkType | mkFtz | mkApprox, types: tm(F32) | tmHalf, dst: slT, src: [4]slot{slT}},
	"tanh":     {op: OpTanh, form: fmGeneric, mods: mkType | mkApprox, types: tm(F32) | tmHalf, dst: slT, src: [4]slot{slT}},
	"testp":    {op: OpTestp, form: fmGeneric, mods: mkType | mkTestp, types: tmF, dst: slPred, src: [4]slot{slT}},
	"copysign": {op: OpCopysign, form: fmGeneric, mods: mkType, types: tmF, dst: slT, src: [4]slot{slT, slT}},

	"set":  {op: OpSet, form: fmSet, mods: mkType | mkCmp | mkBool | mkFtz, types: tm(U32, S32, F32, F16, F16x2, BF16, BF16x2), types2: tmSet},
	"setp": {op: OpSetp, form: fmSetp, mods: mkType | mkCmp | mkBool | mkFtz, types: tmSet},
	"selp": {op: OpSelp, form: fmGeneric, mods: mkType, types: tmSelp, dst: slT, src: [4]slot{slT, slT, slPred}},
	"slct": {op: OpSlct, form: fmGeneric, mods: mkType | mkFtz, types: tmBits | tmInt | tmF, types2: tm(S32, F32), dst: slT, src: [4]slot{slT, slT, slT2}},

	"bra":   {op: OpBra, form: fmBra, mods: mkUni},
	"call":  {op: OpCall, form: fmCall, mods: mkUni},
	"ret":   {op: OpRet, form: fmNone, mods: mkUni},
	"exit":  {op: OpExit, form: fmNone},
	"trap":  {op: OpTrap, form: fmNone},
	"brkpt": {op: OpBrkpt, form: fmNone},

	"bar":       {op: OpBar, form: fmBar, mods: mkType | mkSync | mkBarKind | mkBarRed | mkScope | mkAligned, types: tm(U32, Pred), optTy: true},
	"barrier":   {op: OpBar, form: fmBar, mods: mkType | mkSync | mkBarKind | mkBarRed | mkScope | mkAligned, types: tm(U32, Pred), optTy: true},
	"membar":    {op: OpMembar, form: fmNone, mods: mkScope | mkMembar | mkProxy},
	"fence":     {op: OpFence, form: fmNone, mods: mkOrder | mkScope | mkProxy | mkSpace},
	"atom":      {op: OpAtom, form: fmAtom, mods: mkType | mkSpace | mkOrder | mkScope | mkAtomOp | mkNoftz | mkHint | mkVec, types: tmBits | tm(U32, S32, U64, S64, F32, F64) | tmHalf},
	"red":       {op: OpRed, form: fmRed, mods: mkType | mkSpace | mkOrder | mkScope | mkAtomOp | mkNoftz | mkHint | mkVec, types: tmBits | tm(U32, S32, U64, S64, F32, F64) | tmHalf},
	"vote":      {op: OpVote, form: fmVote, mods: mkType | mkSync | mkVote, types: tm(Pred, B32)},
	"nanosleep": {op: OpNanosleep, form: fmGeneric, mods: mkType, types: tm(U32), src: [4]slot{slT}},
	"pmevent":   {op: OpPmevent, form: fmGeneric, mods: mkMask, src: [4]slot{slU32}},
}

// ptxUnsupported lists PTX mnemonics that exist but gpusim does not
// execute: they get a "not supported" error rather than "unknown".
var ptxUnsupported = map[string]bool{
	"tex": true, "tld4": true, "txq": true, "suld": true, "sust": true, "sured": true, "suq": true,
	"istypep": true, "ldmatrix": true, "stmatrix": true, "movmatrix": true, "mma": true, "wmma": true,
	"wgmma": true, "cp": true, "mbarrier": true, "match": true, "redux": true, "elect": true,
	"griddepcontrol": true, "setmaxnreg": true, "getctarank": true, "mapa": true, "alloca": true,
	"stacksave": true, "stackrestore": true, "brx": true, "applypriority": true, "discard": true,
	"createpolicy": true, "multimem": true, "tensormap": true, "clusterlaunchcontrol": true,
	"szext": true, "bmsk": true, "tcgen05": true,
	"vabsdiff": true, "vadd": true, "vsub": true, "vmin": true, "vmax": true, "vshl": true, "vshr": true,
	"vmad": true, "vset": true, "vabsdiff2": true, "vadd2": true, "vsub2": true, "vavrg2": true,
	"vmin2": true, "vmax2": true, "vset2": true, "vabsdiff4": true, "vadd4": true, "vsub4": true,
	"vavrg4": true, "vmin4": true, "vmax4": true, "vset4": true,
}

// sufAlt is one reading of a suffix word: its category and value (a Type,
// Space, Rounding, CmpOp, BoolOp, AtomOp, Flags, Mode or vector width,
// by category).
type sufAlt struct {
	cat modMask
	val uint32
}

// sufInfo lists the readings of a suffix word; the first one whose category
// the mnemonic accepts wins (".and" is a BoolOp for setp, an AtomOp for atom).
type sufInfo [3]sufAlt

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
	for t := Type(1); t < numTypes; t++ {
		one(t.String(), mkType, uint32(t))
	}
	one("rn", mkRnd, uint32(RndRN))
	one("rz", mkRnd, uint32(RndRZ))
	one("rm", mkRnd, uint32(RndRM))
	one("rp", mkRnd, uint32(RndRP))
	one("rni", mkRndI, uint32(RndRNI))
	one("rzi", mkRndI, uint32(RndRZI))
	one("rmi", mkRndI, uint32(RndRMI))
	one("rpi", mkRndI, uint32(RndRPI))
	one("rna", mkRna, uint32(RndRNA))
	one("ftz", mkFtz, uint32(FlagFtz))
	one("sat", mkSat, uint32(FlagSat))
	one("approx", mkApprox, uint32(FlagApprox))
	one("full", mkFull, uint32(FlagFull))
	one("cc", mkCC, uint32(FlagCC))
	m["lo"] = sufInfo{{mkHiLo, uint32(FlagLo)}, {mkCmp, uint32(CmpLO)}}
	m["hi"] = sufInfo{{mkHiLo, uint32(FlagHi)}, {mkCmp, uint32(CmpHI)}}
	one("wide", mkWide, uint32(FlagWide))
	for _, s := range []struct {
		w string
		v Space
	}{{"global", SpaceGlobal}, {"shared", SpaceShared}, {"shared::cta", SpaceShared}, {"local", SpaceLocal},
		{"const", SpaceConst}, {"param", SpaceParam}, {"param::entry", SpaceParam}, {"param::func", SpaceParamFrame}} {
		one(s.w, mkSpace, uint32(s.v))
	}
	one("v2", mkVec, 2)
	one("v4", mkVec, 4)
	one("nc", mkNC, uint32(FlagNC))
	one("volatile", mkVolatile, uint32(FlagVolatile))
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
		v CmpOp
	}{{"eq", CmpEQ}, {"ne", CmpNE}, {"lt", CmpLT}, {"le", CmpLE}, {"gt", CmpGT}, {"ge", CmpGE},
		{"ls", CmpLS}, {"hs", CmpHS}, {"equ", CmpEQU}, {"neu", CmpNEU}, {"ltu", CmpLTU},
		{"leu", CmpLEU}, {"gtu", CmpGTU}, {"geu", CmpGEU}, {"num", CmpNUM}, {"nan", CmpNAN}} {
		one(c.w, mkCmp, uint32(c.v))
	}
	m["and"] = sufInfo{{mkBool, uint32(BoolAnd)}, {mkAtomOp, uint32(AtomAnd)}, {mkBarRed, uint32(BarRedAnd)}}
	m["or"] = sufInfo{{mkBool, uint32(BoolOr)}, {mkAtomOp, uint32(AtomOr)}, {mkBarRed, uint32(BarRedOr)}}
	m["xor"] = sufInfo{{mkBool, uint32(BoolXor)}, {mkAtomOp, uint32(AtomXor)}}
	m["popc"] = sufInfo{{mkBarRed, uint32(BarRedPopc)}}
	one("exch", mkAtomOp, uint32(AtomExch))
	one("cas", mkAtomOp, uint32(AtomCas))
	one("add", mkAtomOp, uint32(AtomAdd))
	one("inc", mkAtomOp, uint32(AtomInc))
	one("dec", mkAtomOp, uint32(AtomDec))
	one("min", mkAtomOp, uint32(AtomMin))
	one("max", mkAtomOp, uint32(AtomMax))
	one("relu", mkRelu, uint32(FlagRelu))
	one("NaN", mkNaN, uint32(FlagNaN))
	one("xorsign", mkXorsign, uint32(FlagXorSign))
	one("abs", mkAbs, uint32(FlagAbs))
	one("to", mkTo, uint32(FlagTo))
	one("l", mkShfDir, vShfDirL)
	one("r", mkShfDir, vShfDirR)
	one("wrap", mkShfMode, vShfWrap)
	one("clamp", mkShfMode, vShfClamp)
	one("shiftamt", mkShiftAmt, uint32(FlagShiftAmt))
	one("sync", mkSync, uint32(FlagSync))
	one("aligned", mkAligned, uint32(FlagAligned))
	one("up", mkShfl, uint32(ShflUp))
	one("down", mkShfl, uint32(ShflDown))
	one("bfly", mkShfl, uint32(ShflBfly))
	one("idx", mkShfl, uint32(ShflIdx))
	one("all", mkVote, uint32(VoteAll))
	one("any", mkVote, uint32(VoteAny))
	m["uni"] = sufInfo{{mkUni, uint32(FlagUni)}, {mkVote, uint32(VoteUni)}}
	one("ballot", mkVote, uint32(VoteBallot))
	one("arrive", mkBarKind, vBarArrive)
	one("red", mkBarKind, vBarRed)
	one("warp", mkBarKind, vBarWarp)
	for _, t := range []struct {
		w string
		v Mode
	}{{"finite", TestFinite}, {"infinite", TestInfinite}, {"number", TestNumber},
		{"notanumber", TestNotANumber}, {"normal", TestNormal}, {"subnormal", TestSubnormal}} {
		one(t.w, mkTestp, uint32(t.v))
	}
	for _, t := range []struct {
		w string
		v Mode
	}{{"f4e", PrmtF4E}, {"b4e", PrmtB4E}, {"rc8", PrmtRC8}, {"ecl", PrmtECL}, {"ecr", PrmtECR}, {"rc16", PrmtRC16}} {
		one(t.w, mkPrmt, uint32(t.v))
	}
	one("noftz", mkNoftz, 0)
	one("satfinite", mkSatfinite, uint32(FlagSatFinite))
	one("L1", mkLevel, vLevelL1)
	one("L2", mkLevel, vLevelL2)
	one("proxy", mkProxy, 0)
	one("alias", mkProxy, 0)
	one("async", mkProxy, 0)
	one("mask", mkMask, 0)
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
