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
)

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
)

type opInfo struct {
	op     traces.Opcode
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
	"mov":        {op: traces.OpMov, form: fmMov, mods: mkType, types: tmMov},
	"ld":         {op: traces.OpLd, form: fmLd, mods: memMods | mkNC, types: tmLdSt},
	"ldu":        {op: traces.OpLdu, form: fmLd, mods: mkType | mkSpace | mkVec, types: tmLdSt},
	"st":         {op: traces.OpSt, form: fmSt, mods: memMods, types: tmLdSt},
	"prefetch":   {op: traces.OpPrefetch, form: fmPrefetch, mods: mkSpace | mkLevel | mkHint},
	"prefetchu":  {op: traces.OpPrefetch, form: fmPrefetch, mods: mkLevel},
	"cvta":       {op: traces.OpCvta, form: fmCvta, mods: mkType | mkSpace | mkTo, types: tmAddrInt},
	"cvt":        {op: traces.OpCvt, form: fmCvt, mods: mkType | mkRnd | mkRndI | mkRna | mkFtz | mkSat | mkRelu | mkSatfinite, types: tmCvt, types2: tmCvt},
	"isspacep":   {op: traces.OpIsspacep, form: fmIsspacep, mods: mkSpace},
	"shfl":       {op: traces.OpShfl, form: fmShfl, mods: mkType | mkSync | mkShfl, types: tm(traces.B32)},
	"prmt":       {op: traces.OpPrmt, form: fmGeneric, mods: mkType | mkPrmt, types: tm(traces.B32), dst: slT, src: [4]slot{slT, slT, slB32}},
	"activemask": {op: traces.OpActivemask, form: fmGeneric, mods: mkType, types: tm(traces.B32), dst: slT},

	"add":   {op: traces.OpAdd, form: fmGeneric, mods: fltMods | mkCC, types: tmInt | tmF | tmHalf, dst: slT, src: [4]slot{slT, slT}},
	"sub":   {op: traces.OpSub, form: fmGeneric, mods: fltMods | mkCC, types: tmInt | tmF | tmHalf, dst: slT, src: [4]slot{slT, slT}},
	"mul":   {op: traces.OpMul, form: fmGeneric, mods: fltMods | mkHiLo | mkWide, types: tmInt | tmF | tmHalf, dst: slT, src: [4]slot{slT, slT}},
	"mad":   {op: traces.OpMad, form: fmGeneric, mods: fltMods | mkHiLo | mkWide | mkCC, types: tmInt | tmF, dst: slT, src: [4]slot{slT, slT, slT}},
	"mul24": {op: traces.OpMul24, form: fmGeneric, mods: mkType | mkHiLo, types: tm(traces.U32, traces.S32), dst: slT, src: [4]slot{slT, slT}},
	"mad24": {op: traces.OpMad24, form: fmGeneric, mods: mkType | mkHiLo | mkSat, types: tm(traces.U32, traces.S32), dst: slT, src: [4]slot{slT, slT, slT}},
	"sad":   {op: traces.OpSad, form: fmGeneric, mods: mkType, types: tmInt, dst: slT, src: [4]slot{slT, slT, slT}},
	"div":   {op: traces.OpDiv, form: fmGeneric, mods: fltMods | mkApprox | mkFull, types: tmInt | tmF, dst: slT, src: [4]slot{slT, slT}},
	"rem":   {op: traces.OpRem, form: fmGeneric, mods: mkType, types: tmInt, dst: slT, src: [4]slot{slT, slT}},
	"abs":   {op: traces.OpAbs, form: fmGeneric, mods: mkType | mkFtz, types: tmS | tmF | tmHalf, dst: slT, src: [4]slot{slT}},
	"neg":   {op: traces.OpNeg, form: fmGeneric, mods: mkType | mkFtz, types: tmS | tmF | tmHalf, dst: slT, src: [4]slot{slT}},
	"min":   {op: traces.OpMin, form: fmGeneric, mods: mkType | mkFtz | mkNaN | mkXorsign | mkAbs, types: tmInt | tmF | tmHalf, dst: slT, src: [4]slot{slT, slT}},
	"max":   {op: traces.OpMax, form: fmGeneric, mods: mkType | mkFtz | mkNaN | mkXorsign | mkAbs, types: tmInt | tmF | tmHalf, dst: slT, src: [4]slot{slT, slT}},
	"popc":  {op: traces.OpPopc, form: fmGeneric, mods: mkType, types: tm(traces.B32, traces.B64), dst: slU32, src: [4]slot{slT}},
	"clz":   {op: traces.OpClz, form: fmGeneric, mods: mkType, types: tm(traces.B32, traces.B64), dst: slU32, src: [4]slot{slT}},
	"bfind": {op: traces.OpBfind, form: fmGeneric, mods: mkType | mkShiftAmt, types: tm(traces.U32, traces.U64, traces.S32, traces.S64), dst: slU32, src: [4]slot{slT}},
	"fns":   {op: traces.OpFns, form: fmGeneric, mods: mkType, types: tm(traces.B32), dst: slT, src: [4]slot{slB32, slU32, slS32}},
	"brev":  {op: traces.OpBrev, form: fmGeneric, mods: mkType, types: tm(traces.B32, traces.B64), dst: slT, src: [4]slot{slT}},
	"bfe":   {op: traces.OpBfe, form: fmGeneric, mods: mkType, types: tm(traces.U32, traces.U64, traces.S32, traces.S64), dst: slT, src: [4]slot{slT, slU32, slU32}},
	"bfi":   {op: traces.OpBfi, form: fmGeneric, mods: mkType, types: tm(traces.B32, traces.B64), dst: slT, src: [4]slot{slT, slT, slU32, slU32}},
	"dp4a":  {op: traces.OpDp4a, form: fmGeneric, mods: mkType, types: tm(traces.U32, traces.S32), types2: tm(traces.U32, traces.S32), dst: slDp, src: [4]slot{slT, slT2, slDp}},
	"dp2a":  {op: traces.OpDp2a, form: fmGeneric, mods: mkType | mkHiLo, types: tm(traces.U32, traces.S32), types2: tm(traces.U32, traces.S32), dst: slDp, src: [4]slot{slT, slT2, slDp}},
	"addc":  {op: traces.OpAddc, form: fmGeneric, mods: mkType | mkCC, types: tm(traces.U32, traces.S32, traces.U64, traces.S64), dst: slT, src: [4]slot{slT, slT}},
	"subc":  {op: traces.OpSubc, form: fmGeneric, mods: mkType | mkCC, types: tm(traces.U32, traces.S32, traces.U64, traces.S64), dst: slT, src: [4]slot{slT, slT}},
	"madc":  {op: traces.OpMadc, form: fmGeneric, mods: mkType | mkCC | mkHiLo, types: tm(traces.U32, traces.S32, traces.U64, traces.S64), dst: slT, src: [4]slot{slT, slT, slT}},

	"and":  {op: traces.OpAnd, form: fmGeneric, mods: mkType, types: tmBits | tm(traces.Pred), dst: slT, src: [4]slot{slT, slT}},
	"or":   {op: traces.OpOr, form: fmGeneric, mods: mkType, types: tmBits | tm(traces.Pred), dst: slT, src: [4]slot{slT, slT}},
	"xor":  {op: traces.OpXor, form: fmGeneric, mods: mkType, types: tmBits | tm(traces.Pred), dst: slT, src: [4]slot{slT, slT}},
	"not":  {op: traces.OpNot, form: fmGeneric, mods: mkType, types: tmBits | tm(traces.Pred), dst: slT, src: [4]slot{slT}},
	"cnot": {op: traces.OpCnot, form: fmGeneric, mods: mkType, types: tmBits, dst: slT, src: [4]slot{slT}},
	"lop3": {op: traces.OpLop3, form: fmLop3, mods: mkType, types: tm(traces.B32), dst: slT, src: [4]slot{slT, slT, slT, slB32}},
	"shf":  {op: traces.OpShf, form: fmGeneric, mods: mkType | mkShfDir | mkShfMode, types: tm(traces.B32), dst: slT, src: [4]slot{slT, slT, slU32}},
	"shl":  {op: traces.OpShl, form: fmGeneric, mods: mkType, types: tmBits, dst: slT, src: [4]slot{slT, slU32}},
	"shr":  {op: traces.OpShr, form: fmGeneric, mods: mkType, types: tmBits | tmInt, dst: slT, src: [4]slot{slT, slU32}},

	"fma":      {op: traces.OpFma, form: fmGeneric, mods: fltMods | mkRelu, types: tmF | tmHalf, dst: slT, src: [4]slot{slT, slT, slT}},
	"rcp":      {op: traces.OpRcp, form: fmGeneric, mods: mkType | mkRnd | mkFtz | mkApprox, types: tmF, dst: slT, src: [4]slot{slT}},
	"sqrt":     {op: traces.OpSqrt, form: fmGeneric, mods: mkType | mkRnd | mkFtz | mkApprox, types: tmF, dst: slT, src: [4]slot{slT}},
	"rsqrt":    {op: traces.OpRsqrt, form: fmGeneric, mods: mkType | mkFtz | mkApprox, types: tmF, dst: slT, src: [4]slot{slT}},
	"sin":      {op: traces.OpSin, form: fmGeneric, mods: mkType | mkFtz | mkApprox, types: tm(traces.F32), dst: slT, src: [4]slot{slT}},
	"cos":      {op: traces.OpCos, form: fmGeneric, mods: mkType | mkFtz | mkApprox, types: tm(traces.F32), dst: slT, src: [4]slot{slT}},
	"lg2":      {op: traces.OpLg2, form: fmGeneric, mods: mkType | mkFtz | mkApprox, types: tm(traces.F32), dst: slT, src: [4]slot{slT}},
	"ex2":      {op: traces.OpEx2, form: fmGeneric, mods: mkType | mkFtz | mkApprox, types: tm(traces.F32) | tmHalf, dst: slT, src: [4]slot{slT}},
	"tanh":     {op: traces.OpTanh, form: fmGeneric, mods: mkType | mkApprox, types: tm(traces.F32) | tmHalf, dst: slT, src: [4]slot{slT}},
	"testp":    {op: traces.OpTestp, form: fmGeneric, mods: mkType | mkTestp, types: tmF, dst: slPred, src: [4]slot{slT}},
	"copysign": {op: traces.OpCopysign, form: fmGeneric, mods: mkType, types: tmF, dst: slT, src: [4]slot{slT, slT}},

	"set":  {op: traces.OpSet, form: fmSet, mods: mkType | mkCmp | mkBool | mkFtz, types: tm(traces.U32, traces.S32, traces.F32, traces.F16, traces.F16x2, traces.BF16, traces.BF16x2), types2: tmSet},
	"setp": {op: traces.OpSetp, form: fmSetp, mods: mkType | mkCmp | mkBool | mkFtz, types: tmSet},
	"selp": {op: traces.OpSelp, form: fmGeneric, mods: mkType, types: tmSelp, dst: slT, src: [4]slot{slT, slT, slPred}},
	"slct": {op: traces.OpSlct, form: fmGeneric, mods: mkType | mkFtz, types: tmBits | tmInt | tmF, types2: tm(traces.S32, traces.F32), dst: slT, src: [4]slot{slT, slT, slT2}},

	"bra":   {op: traces.OpBra, form: fmBra, mods: mkUni},
	"call":  {op: traces.OpCall, form: fmCall, mods: mkUni},
	"ret":   {op: traces.OpRet, form: fmNone, mods: mkUni},
	"exit":  {op: traces.OpExit, form: fmNone},
	"trap":  {op: traces.OpTrap, form: fmNone},
	"brkpt": {op: traces.OpBrkpt, form: fmNone},

	"bar":       {op: traces.OpBar, form: fmBar, mods: mkType | mkSync | mkBarKind | mkBarRed | mkScope | mkAligned, types: tm(traces.U32, traces.Pred), optTy: true},
	"barrier":   {op: traces.OpBar, form: fmBar, mods: mkType | mkSync | mkBarKind | mkBarRed | mkScope | mkAligned, types: tm(traces.U32, traces.Pred), optTy: true},
	"membar":    {op: traces.OpMembar, form: fmNone, mods: mkScope | mkMembar | mkProxy},
	"fence":     {op: traces.OpFence, form: fmNone, mods: mkOrder | mkScope | mkProxy | mkSpace},
	"atom":      {op: traces.OpAtom, form: fmAtom, mods: mkType | mkSpace | mkOrder | mkScope | mkAtomOp | mkNoftz | mkHint | mkVec, types: tmBits | tm(traces.U32, traces.S32, traces.U64, traces.S64, traces.F32, traces.F64) | tmHalf},
	"red":       {op: traces.OpRed, form: fmRed, mods: mkType | mkSpace | mkOrder | mkScope | mkAtomOp | mkNoftz | mkHint | mkVec, types: tmBits | tm(traces.U32, traces.S32, traces.U64, traces.S64, traces.F32, traces.F64) | tmHalf},
	"vote":      {op: traces.OpVote, form: fmVote, mods: mkType | mkSync | mkVote, types: tm(traces.Pred, traces.B32)},
	"nanosleep": {op: traces.OpNanosleep, form: fmGeneric, mods: mkType, types: tm(traces.U32), src: [4]slot{slT}},
	"pmevent":   {op: traces.OpPmevent, form: fmGeneric, mods: mkMask, src: [4]slot{slU32}},
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
