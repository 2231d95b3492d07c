package traces

// Opcode is a decoded instruction's operation. PTX opcodes carry the PTX
// mnemonic's meaning; types, rounding and other suffixes live in Inst fields.
// AMD opcodes are added in their own block when the AMDGPU front end lands.
type Opcode uint16

// PTX opcodes, one row per mnemonic.
const (
	OpInvalid Opcode = iota

	// Data movement and conversion.
	OpMov      // mov: register, immediate, special register or variable address
	OpLd       // ld: load from a state space (Vec elements)
	OpLdu      // ldu: load uniform (same as ld.global here)
	OpSt       // st: store
	OpPrefetch // prefetch/prefetchu: a hint; no architectural effect
	OpCvta     // cvta: convert address between generic and a space (FlagTo: generic -> space)
	OpCvt      // cvt: type conversion (Type = dest, Type2 = source)
	OpIsspacep // isspacep: does a generic address fall in a space
	OpShfl     // shfl.sync: exchange within a warp
	OpPrmt     // prmt: byte permute
	OpActivemask

	// Integer and shared integer/float arithmetic.
	OpAdd
	OpSub
	OpMul
	OpMad
	OpMul24
	OpMad24
	OpSad
	OpDiv
	OpRem
	OpAbs
	OpNeg
	OpMin
	OpMax
	OpPopc
	OpClz
	OpBfind
	OpFns
	OpBrev
	OpBfe
	OpBfi
	OpDp4a
	OpDp2a
	OpAddc // addc: add with carry-in
	OpSubc // subc: subtract with borrow-in
	OpMadc // madc: multiply-add with carry-in

	// Logic and shifts.
	OpAnd
	OpOr
	OpXor
	OpNot
	OpCnot
	OpLop3
	OpShf
	OpShl
	OpShr

	// Floating point (beyond the shared arithmetic above).
	OpFma
	OpRcp
	OpSqrt
	OpRsqrt
	OpSin
	OpCos
	OpLg2
	OpEx2
	OpTanh
	OpTestp
	OpCopysign

	// Comparison and selection.
	OpSet
	OpSetp
	OpSelp
	OpSlct

	// Control flow.
	OpBra
	OpCall
	OpRet
	OpExit
	OpTrap
	OpBrkpt

	// Synchronisation, communication, atomics.
	OpBar    // bar.sync/barrier.sync/bar.arrive/bar.red (Mode)
	OpMembar // membar.{cta,gl,sys}: ordering only
	OpFence  // fence.*: ordering only
	OpAtom   // atom: read-modify-write, returns the old value
	OpRed    // red: read-modify-write, no result
	OpVote   // vote.sync (Mode)
	OpNanosleep
	OpPmevent

	NumPTXOpcodes // one past the last PTX opcode
)

var opcodeNames = [NumPTXOpcodes]string{
	OpInvalid: "invalid",
	OpMov:     "mov", OpLd: "ld", OpLdu: "ldu", OpSt: "st", OpPrefetch: "prefetch", OpCvta: "cvta",
	OpCvt: "cvt", OpIsspacep: "isspacep", OpShfl: "shfl", OpPrmt: "prmt", OpActivemask: "activemask",
	OpAdd: "add", OpSub: "sub", OpMul: "mul", OpMad: "mad", OpMul24: "mul24", OpMad24: "mad24",
	OpSad: "sad", OpDiv: "div", OpRem: "rem", OpAbs: "abs", OpNeg: "neg", OpMin: "min", OpMax: "max",
	OpPopc: "popc", OpClz: "clz", OpBfind: "bfind", OpFns: "fns", OpBrev: "brev", OpBfe: "bfe",
	OpBfi: "bfi", OpDp4a: "dp4a", OpDp2a: "dp2a", OpAddc: "addc", OpSubc: "subc", OpMadc: "madc",
	OpAnd: "and", OpOr: "or", OpXor: "xor", OpNot: "not", OpCnot: "cnot", OpLop3: "lop3",
	OpShf: "shf", OpShl: "shl", OpShr: "shr",
	OpFma: "fma", OpRcp: "rcp", OpSqrt: "sqrt", OpRsqrt: "rsqrt", OpSin: "sin", OpCos: "cos",
	OpLg2: "lg2", OpEx2: "ex2", OpTanh: "tanh", OpTestp: "testp", OpCopysign: "copysign",
	OpSet: "set", OpSetp: "setp", OpSelp: "selp", OpSlct: "slct",
	OpBra: "bra", OpCall: "call", OpRet: "ret", OpExit: "exit", OpTrap: "trap", OpBrkpt: "brkpt",
	OpBar: "bar", OpMembar: "membar", OpFence: "fence", OpAtom: "atom", OpRed: "red",
	OpVote: "vote", OpNanosleep: "nanosleep", OpPmevent: "pmevent",
}

// String is the mnemonic without suffixes.
func (o Opcode) String() string {
	if o < NumPTXOpcodes {
		return opcodeNames[o]
	}
	if o >= OpAMDBase {
		return amdOpcodeName(o)
	}
	return "?"
}

// OpAMDBase is the first AMDGPU opcode. AMD opcodes (amdgpu_ops.go) are
// numbered from here so that both ISAs share one Opcode type.
const OpAMDBase Opcode = 0x400

// IsMemory reports opcodes that access a memory state space.
func (o Opcode) IsMemory() bool {
	switch o {
	case OpLd, OpLdu, OpSt, OpAtom, OpRed:
		return true
	}
	return false
}

// UnitKey is the key by which the machine model's opcode table maps this
// instruction to a unit class and latency: the mnemonic and its principal
// type ("fma.f32", "ex2.f16x2", "mul.wide.s32" is "mul.s32"), or for memory
// instructions the mnemonic and the state space ("ld.global", "st.shared").
// The machine model looks the full key up first, then the bare mnemonic.
// It is computed once per static instruction, never in the hot loop.
func (in *Inst) UnitKey() string {
	op := in.Op.String()
	if in.Op.IsMemory() {
		if in.Space == SpaceNone {
			return op
		}
		return op + "." + in.Space.String()
	}
	if in.Type == TypeNone {
		return op
	}
	return op + "." + in.Type.String()
}
