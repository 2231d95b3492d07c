package main

import (
	"fmt"
	"strings"
)

// The SASS class table: which instruction key (traces.Inst.UnitKey, the
// name [opcodes], [latency] and [initiation] route) costs each machine
// opcode, so that a preset's unit classes and figures time the machine
// code as they time the PTX. One row per opcode; a row may look at the
// modifiers (MUFU's function, a conversion's 64-bit types). The sources are
// the pipes NVIDIA's whitepapers and the microbenchmark papers put these
// instructions on (FMA pipe: FFMA/FADD/FMUL and, from Volta on, IMAD;
// ALU: integer add, logic, shifts, compares, selects; MUFU/XU: special
// functions and conversions; FP64; half precision; memory; branch). An
// opcode without a row stops the generator: it must be classified, never
// guessed.
var classes = map[string]func(op string) string{
	// FP32 (FMA pipe).
	"FFMA": fixed("fma.f32"), "FADD": fixed("add.f32"), "FMUL": fixed("mul.f32"),
	"FMNMX": fixed("max.f32"), "FSETP": fixed("setp.f32"), "FSET": fixed("set.f32"),
	"FSEL": fixed("slct.f32"), "FSWZADD": fixed("add.f32"),
	// FCHK checks a division's operands for the slow path. Its pipe is not
	// published; ptxas gives it a write barrier like MUFU's. Costed as an
	// FP32 test (testp.f32) until measured.
	"FCHK": fixed("testp.f32"),
	// IMAD and its aliases (IMAD.MOV, IMAD.IADD, IMAD.SHL, IMAD.WIDE, IMAD.HI,
	// IMAD.X) and IMUL: the integer multiply-add, costed as mad.u32 (the
	// preset's IMAD figures).
	"IMAD": fixed("mad.u32"), "IMUL": fixed("mul.u32"),
	// Integer ALU.
	"IADD3": fixed("add.s32"), "IADD": fixed("add.s32"), "IABS": fixed("abs.s32"),
	"IMNMX": fixed("max.s32"), "ISETP": fixed("setp.s32"), "ICMP": fixed("setp.s32"),
	"LOP3": fixed("lop3"), "LOP": fixed("and"), "PLOP3": fixed("and"),
	"SHF": fixed("shf"), "SHL": fixed("shl"), "SHR": fixed("shr"),
	"LEA": fixed("shl"), "SEL": fixed("selp"), "MOV": fixed("mov"), "PRMT": fixed("prmt"),
	"SGXT": fixed("bfe"), "BMSK": fixed("bfi"), "IDP": fixed("dp4a"), "IDP4A": fixed("dp4a"),
	"P2R": fixed("mov"), "R2P": fixed("mov"), "CS2R": fixed("mov"), "S2R": fixed("mov"),
	"VABSDIFF": fixed("sad"), "VABSDIFF4": fixed("sad"),
	"FLO": fixed("bfind"), "POPC": fixed("popc"), "BREV": fixed("brev"),
	"ULDC": fixed("mov"), "UMOV": fixed("mov"), "UIADD3": fixed("add.s32"), "ULOP3": fixed("lop3"),
	"UIMAD": fixed("mad.u32"), "USHF": fixed("shf"), "UISETP": fixed("setp.s32"), "USEL": fixed("selp"),
	// MUFU: one key per function.
	"MUFU": mufu,
	// Conversions (the XU/MUFU pipe on Turing, "all other type conversions"
	// 16 per clock per SM in the CUDA guide); a 64-bit type routes to the
	// preset's cvt.f64 row.
	"I2F": conv, "F2I": conv, "F2F": conv, "I2I": conv, "FRND": conv, "F2FP": conv, "I2IP": conv,
	// GA10x and Ada add I2FP/F2IP, int32 <-> f32 conversions with a fixed
	// latency (ptxas gives them no scoreboard barrier) on the FP32/INT32
	// datapath: costed as FP32.
	"I2FP": fixed("add.f32"), "F2IP": fixed("add.f32"),
	// FP64.
	"DFMA": fixed("fma.f64"), "DADD": fixed("add.f64"), "DMUL": fixed("mul.f64"),
	"DSETP": fixed("setp.f64"), "DMNMX": fixed("max.f64"),
	// Half precision (HFMA2.MMA, the form ptxas uses to load constants,
	// runs there too).
	"HFMA2": fixed("fma.f16x2"), "HADD2": fixed("add.f16x2"), "HMUL2": fixed("mul.f16x2"),
	"HSETP2": fixed("setp.f16x2"), "HSET2": fixed("set.f16x2"), "HMNMX2": fixed("max.f16x2"),
	// Memory (the slow paths spill to the local stack).
	"LDG": fixed("ld.global"), "STG": fixed("st.global"), "LDS": fixed("ld.shared"), "STS": fixed("st.shared"),
	"LDL": fixed("ld.local"), "STL": fixed("st.local"), "LDC": fixed("ld.const"), "LD": fixed("ld"), "ST": fixed("st"),
	"SHFL": fixed("shfl"), "VOTE": fixed("vote"), "MEMBAR": fixed("membar"),
	// Control.
	"BRA": fixed("bra"), "BRX": fixed("bra"), "JMP": fixed("bra"), "CALL": fixed("call"), "RET": fixed("ret"),
	"EXIT": fixed("exit"), "BSSY": fixed("bra"), "BSYNC": fixed("bra"), "WARPSYNC": fixed("bra"),
	"BMOV": fixed("bra"), "YIELD": fixed("bra"), "NOP": fixed("bra"),
}

func fixed(key string) func(string) string { return func(string) string { return key } }

// mufu names the key of a MUFU function.
// The type modifier (MUFU.EX2.F16) picks the key's type; f32 without one.
func mufu(op string) string {
	parts := strings.Split(op, ".")
	if len(parts) < 2 {
		return ""
	}
	ty := "f32"
	if len(parts) > 2 {
		ty = strings.ToLower(parts[2])
	}
	fn := map[string]string{
		"EX2": "ex2", "LG2": "lg2", "RCP": "rcp", "RSQ": "rsqrt", "SQRT": "sqrt",
		"SIN": "sin", "COS": "cos", "TANH": "tanh",
	}[parts[1]]
	switch parts[1] {
	case "RCP64H":
		return "rcp.f64"
	case "RSQ64H":
		return "rsqrt.f64"
	case "":
		return ""
	}
	if fn == "" {
		return ""
	}
	return fn + "." + ty
}

// conv keys a conversion by its widest type: cvt.f64 with a 64-bit type
// (F64, S64, U64), else cvt.f32.
func conv(op string) string {
	for _, m := range strings.Split(op, ".")[1:] {
		if strings.HasSuffix(m, "64") {
			return "cvt.f64"
		}
	}
	return "cvt.f32"
}

// keyOf returns the instruction key that costs a machine opcode.
func keyOf(op string) (string, error) {
	base, _, _ := strings.Cut(op, ".")
	f, ok := classes[base]
	if !ok {
		return "", fmt.Errorf("SASS opcode %s has no class (tools/sassexp/classes.go)", op)
	}
	k := f(op)
	if k == "" {
		return "", fmt.Errorf("SASS opcode %s has no class (tools/sassexp/classes.go)", op)
	}
	return k, nil
}
