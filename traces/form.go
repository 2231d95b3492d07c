package traces

import "strings"

// Form is a PTX instruction's form: its mnemonic with every modifier that
// changes the machine code ptxas emits for it and its type suffixes, in the
// order the PTX ISA writes them ("div.rn.ftz.f32", "setp.lt.and.s32",
// "cvt.rzi.s32.f64", "shf.l.wrap.b32", "prmt.b32.f4e"). It is built from the
// decoded fields alone, never from the instruction's text, so two spellings
// of one instruction have one form. The expansion tables
// (config/presets/expand) key their rows on it; it is computed once per
// static instruction (KernelDeps), never in the hot loop. AMD instructions
// have no form ("").
//
// Left out, because no PTX form of the tables depends on them: state
// spaces, vector widths, cache, ordering and scope qualifiers of memory
// instructions, and the synchronisation suffixes (.sync, .aligned, .uni).
func (in *Inst) Form() string {
	p := PTXOp(in.Op)
	if p == nil {
		return ""
	}
	var b strings.Builder
	b.WriteString(p.Name)
	dot := func(s string) {
		if s != "" {
			b.WriteByte('.')
			b.WriteString(s)
		}
	}
	f := in.Flags
	if in.Op == OpShf {
		if f.Has(FlagShiftLeft) {
			dot("l")
		} else {
			dot("r")
		}
		if f.Has(FlagShiftClamp) {
			dot("clamp")
		} else {
			dot("wrap")
		}
	}
	dot(cmpNames[in.Cmp%CmpOp(len(cmpNames))])
	dot(boolNames[in.Bool%BoolOp(len(boolNames))])
	if in.Op == OpTestp {
		dot(testpNames[in.Mode%Mode(len(testpNames))])
	}
	flag := func(x Flags, s string) {
		if f.Has(x) {
			dot(s)
		}
	}
	flag(FlagApprox, "approx")
	flag(FlagFull, "full")
	dot(rndNames[in.Rnd%Rounding(len(rndNames))])
	flag(FlagHi, "hi")
	flag(FlagLo, "lo")
	flag(FlagWide, "wide")
	flag(FlagShiftAmt, "shiftamt")
	flag(FlagFtz, "ftz")
	flag(FlagSat, "sat")
	flag(FlagRelu, "relu")
	flag(FlagSatFinite, "satfinite")
	flag(FlagNaN, "NaN")
	flag(FlagXorSign, "xorsign")
	flag(FlagAbs, "abs")
	flag(FlagCC, "cc")
	dot(in.Type.String())
	dot(in.Type2.String())
	if in.Op == OpPrmt {
		dot(prmtNames[in.Mode%Mode(len(prmtNames))])
	}
	return b.String()
}

// The suffix spellings of the decoded fields (the PTX ISA's; index = value).
var (
	cmpNames = [...]string{CmpNone: "", CmpEQ: "eq", CmpNE: "ne", CmpLT: "lt", CmpLE: "le", CmpGT: "gt", CmpGE: "ge",
		CmpLO: "lo", CmpLS: "ls", CmpHI: "hi", CmpHS: "hs", CmpEQU: "equ", CmpNEU: "neu", CmpLTU: "ltu", CmpLEU: "leu",
		CmpGTU: "gtu", CmpGEU: "geu", CmpNUM: "num", CmpNAN: "nan"}
	boolNames = [...]string{BoolNone: "", BoolAnd: "and", BoolOr: "or", BoolXor: "xor"}
	rndNames  = [...]string{RndNone: "", RndRN: "rn", RndRZ: "rz", RndRM: "rm", RndRP: "rp", RndRNA: "rna",
		RndRNI: "rni", RndRZI: "rzi", RndRMI: "rmi", RndRPI: "rpi"}
	testpNames = [...]string{0: "", TestFinite: "finite", TestInfinite: "infinite", TestNumber: "number",
		TestNotANumber: "notanumber", TestNormal: "normal", TestSubnormal: "subnormal"}
	prmtNames = [...]string{PrmtDefault: "", PrmtF4E: "f4e", PrmtB4E: "b4e", PrmtRC8: "rc8", PrmtECL: "ecl",
		PrmtECR: "ecr", PrmtRC16: "rc16"}
)
