package traces

// Opcode is a decoded instruction's operation. PTX opcodes carry the PTX
// mnemonic's meaning (types, rounding and other suffixes live in Inst
// fields); AMD opcodes are numbered from OpAMDBase. Both lists, and every
// fact about each opcode, are generated from the instruction tables
// (ptxops_gen.go, amdops_gen.go; see table.go).
type Opcode uint16

// OpAMDBase is the first AMDGPU opcode, so that both ISAs share one Opcode
// type.
const OpAMDBase Opcode = 0x400

// PTXOpInfo is one row of the PTX table: what gpusim knows about a PTX
// opcode beyond how the front end reads it (traces/ptx) and what it
// computes (warp/ptx).
type PTXOpInfo struct {
	Name   string // the mnemonic without suffixes
	Syntax string // the forms as the PTX ISA writes them
	// Uses and Defs are the implicit registers it reads and writes;
	// CCDefs those it writes when the .cc modifier is given.
	Uses, Defs, CCDefs Implicit
	Numerics           Numerics // families its semantics may use
	Timing             Timing
	Need               Need // minimum target and PTX ISA of every form
	// SpaceKey: the machine-model key is mnemonic.space ("ld.global"),
	// not mnemonic.type.
	SpaceKey bool
	// ShapeKey: the machine-model key is mnemonic.shape.dtype.atype
	// ("mma.m16n8k16.f32.f16"; Matrix.Key), the facts a multiply-
	// accumulate's rate depends on.
	ShapeKey bool
	// LaneWise: the semantics read value-register operands only in the
	// lanes that execute the instruction and write every value-register
	// destination whole in exactly those lanes, so a lane's register
	// changes only when that lane's own thread writes it (the fact that
	// lets registers whose values are never live at once share storage).
	LaneWise bool
	unitRule uint8 // index into ptxUnitRules: the unit class by type
}

// PTXOp returns the row of PTX opcode o, or nil when o is not one.
func PTXOp(o Opcode) *PTXOpInfo {
	if o == OpInvalid || o >= NumPTXOpcodes {
		return nil
	}
	return &ptxOpTable[o]
}

// String is the mnemonic without suffixes.
func (o Opcode) String() string {
	if o == OpInvalid {
		return "invalid"
	}
	if p := PTXOp(o); p != nil {
		return p.Name
	}
	if a := AMDOp(o); a != nil {
		return a.Name
	}
	return "?"
}

// IsMemory reports opcodes whose machine-model key is their state space
// (ld, ldu, st, atom, red, prefetch).
func (o Opcode) IsMemory() bool {
	p := PTXOp(o)
	return p != nil && p.SpaceKey
}

// UnitKey is the key by which the machine model's tables ([opcodes],
// [latency], [initiation]) find this instruction: the mnemonic and its
// principal type ("fma.f32", "ex2.f16x2", "mul.wide.s32" is "mul.s32"),
// for memory instructions the mnemonic and the state space ("ld.global",
// "st.shared"), for multiply-accumulates the mnemonic, shape and types
// ("mma.m16n8k16.f32.f16"), and for AMD the canonical mnemonic. The machine model looks
// the full key up first, then the bare mnemonic. It is computed once per
// static instruction, never in the hot loop.
func (in *Inst) UnitKey() string {
	op := in.Op.String()
	if p := PTXOp(in.Op); p != nil && p.ShapeKey && in.Mat.Shape != ShapeNone {
		return op + "." + in.Mat.Key()
	}
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
