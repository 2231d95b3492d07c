package traces

// This file is the decoded program representation: the contract between the
// front ends (which produce it) and warp/core/sim (which execute and time it).
// Semantics are those of the source ISA (the PTX ISA manual for ISAPTX); the
// representation only removes the strings. Everything here is plain data:
// read-only after the front end returns.

// ISA names the instruction set a Program was written in.
type ISA uint8

const (
	ISANone   ISA = iota
	ISAPTX        // NVIDIA PTX, warps of 32 threads
	ISAAMDGPU     // AMDGPU assembly, wavefronts of 32 or 64 lanes
)

func (i ISA) String() string {
	switch i {
	case ISAPTX:
		return "ptx"
	case ISAAMDGPU:
		return "amdgpu"
	}
	return "none"
}

// Pos is a 1-based position in the trace file. Line 0 means unknown.
type Pos struct {
	Line int32
	Col  int32
}

// SrcLoc is a position in the program's original source (from PTX `.loc`):
// File indexes Program.Files; Line 0 means none.
type SrcLoc struct {
	File int32
	Line int32
	Col  int32
}

// Program is one parsed trace file.
type Program struct {
	Path        string // the file as given on the command line
	ISA         ISA
	Version     string // PTX `.version` ("7.0"), or the AMDGPU code object version
	Target      string // PTX `.target` first word ("sm_75"); AMDGPU "gfx1100"
	AddressSize int    // 64 or 32

	// Module-scope variables. Globals live in one global-memory segment of
	// GlobalSize bytes whose base address the simulator chooses at load time;
	// Consts likewise in the constant bank. Var.Offset is relative to the
	// segment. Module-scope .shared variables are listed in every kernel's
	// SharedVars (they are per block).
	Globals    []Var
	GlobalSize uint64
	Consts     []Var
	ConstSize  uint64

	Files   map[int32]string // `.file` index -> file name, for SrcLoc
	Kernels []*Kernel

	// Texturing (ir_tex.go): the module's mode and its module-scope
	// .texref, .samplerref and .surfref variables.
	TexMode TexMode
	TexRefs []TexRef

	// Funcs names the module's device functions with a body by their
	// number (FuncSpan.ID); function i's address as a value is FuncAddr(i).
	Funcs []string
}

// Kernel returns the kernel of that name, or nil.
func (p *Program) Kernel(name string) *Kernel {
	for _, k := range p.Kernels {
		if k.Name == name {
			return k
		}
	}
	return nil
}

// Var is a variable in a memory segment: its name, element type, byte offset
// within its segment, size, alignment and initial bytes (nil: zero).
type Var struct {
	Name   string
	Space  Space
	Type   Type // element type (B8 for byte arrays)
	Offset uint64
	Size   uint64
	Align  uint64
	Init   []byte
	// Relocs are the elements of Init that hold addresses, filled in
	// when the module is loaded.
	Relocs []Reloc
	Pos    Pos
}

// Param is one kernel parameter: its byte offset in the kernel parameter
// buffer, its type (for scalars) and its size (arrays/structs: Type is the
// element type, Size the whole).
type Param struct {
	Name   string
	Type   Type
	Offset uint64
	Size   uint64
	Align  uint64
	// Pointer is true when the front end knows the parameter is a pointer
	// (PTX `.ptr` attribute, or AMDGPU metadata `global_buffer`). PTX
	// pointers usually arrive as plain .u64; the launch file decides.
	Pointer bool
	// Opaque is set for a PTX `.param .texref`, `.samplerref` or
	// `.surfref` parameter: 8 bytes holding a handle (Type U64).
	Opaque OpaqueKind
}

// Reg describes one value register of a kernel's linked image.
type Reg struct {
	Name string // as written, e.g. "%r12"; for .func registers "func:%r12"
	Type Type   // declared type; its Size() is the register's width
}

// FuncSpan is the range [Start, End) of Kernel.Code that holds one function
// body (the kernel's own body is the first span), and the function's part
// of a thread's state in the linked kernel.
type FuncSpan struct {
	Name       string
	Start, End int32
	// ID is the function's number in Program.Funcs (-1 for the kernel).
	ID int32
	// Regs and Preds are its value registers and predicates; Frame and
	// Local the bytes of the parameter frame and of .local memory that
	// belong to it (its formals, call-site .param variables and .local
	// variables), as [Lo, Hi) ranges.
	Regs, Preds  Span
	Frame, Local Slot // Off, Size
	// Params and Rets are its formal and return parameters in the frame.
	Params, Rets []Slot
	// Recursive: the function is on a cycle of the call graph (direct
	// calls, and indirect calls to the functions whose address the module
	// takes), so it can be active more than once in a thread: every call
	// to it saves its registers, predicates, frame and .local bytes and
	// its return restores them. StackFrame is what one activation takes of
	// the thread's call stack (the launch's stack limit): the return
	// address, its .local bytes and the registers live across its calls,
	// as ptxas lays out a frame (ptxas -v's own figure replaces it when
	// known).
	Recursive  bool
	StackFrame uint64
}

// Copy moves Size bytes inside a thread's parameter frame (SpaceParamFrame)
// from offset From to offset To.
type Copy struct {
	From, To, Size uint64
}

// CallSite is a resolved `call`: jump to Entry after copying the argument
// bytes into the callee's formal parameters; on the callee's `ret`, copy the
// return bytes back and continue after the call.
//
// An indirect call (Indirect) reads the callee's address from Inst.Src[0]
// per thread; ArgSlots and RetSlots are the caller's argument and result
// variables, matched at run time against the callee's FuncSpan Params and
// Rets (Entry and Func are -1). A call to the device runtime (Builtin)
// has no body either: ArgSlots and RetSlots are what it reads and writes.
type CallSite struct {
	Callee string
	Entry  int32 // index into Kernel.Code; -1 for indirect and builtin calls
	Func   int32 // index into Kernel.Funcs of the callee; -1 likewise
	Args   []Copy
	Rets   []Copy

	Indirect           bool
	Builtin            Builtin
	ArgSlots, RetSlots []Slot
}

// Kernel is an entry point, linked: Code holds the kernel's body followed by
// the body of every device function reachable from it, with registers of all
// of them renumbered into one register file and every label and call
// resolved to an index into Code.
type Kernel struct {
	Name   string
	Pos    Pos
	Params []Param
	// ParamSize is the size of the kernel parameter buffer (SpaceParam).
	ParamSize uint64

	Code  []Inst
	Funcs []FuncSpan
	Calls []CallSite
	// FuncByID maps a module function number (Program.Funcs) to its index
	// in Funcs, -1 when the kernel does not link it: an indirect call to
	// such an address faults.
	FuncByID []int32
	// Recursive: some function of Funcs is Recursive, so threads need a
	// call stack (its size is the launch's stack limit).
	Recursive bool

	// Register files: value registers (64-bit slots, interpreted by their
	// declared width) and predicate registers (one bit per lane).
	Regs     []Reg
	NumPreds int32
	Preds    []string // predicate register names, index = predicate number

	// Per-block shared memory: static variables (module-scope and this
	// kernel's) laid out from offset 0; dynamic `extern .shared` arrays all
	// start at SharedSize rounded up to DynSharedAlign.
	SharedVars     []Var
	SharedSize     uint64
	DynSharedAlign uint64

	// Per-thread memory: .local variables (LocalSize bytes, from offset 0)
	// and the parameter frame used by .func parameters and call-site .param
	// declarations (FrameSize bytes).
	LocalVars []Var
	LocalSize uint64
	FrameSize uint64

	// AMD holds what only AMDGPU kernels have (kernel descriptor, launch
	// ABI, initial MODE); nil for PTX.
	AMD *AMDKernel

	// Vecs holds the registers of every vector operand (OpdVec) of Code,
	// the matrix fragments (matrix.go).
	Vecs []int32

	// Performance directives; 0 means absent.
	MaxNTid      [3]int32
	ReqNTid      [3]int32
	MaxNReg      int32
	MinNCTAPerSM int32
}

// Operand kinds.
type OperandKind uint8

const (
	OpdNone    OperandKind = iota
	OpdReg                 // value register Reg; a `_` sink in a destination is OpdNone
	OpdPred                // predicate register Reg (Neg: written `!p`)
	OpdImm                 // immediate: Imm holds the bits as a register of the operand's width would (zero-extended)
	OpdSpecial             // special register Special (%tid.x, %clock64, ...)
	OpdMem                 // memory address [base+offset]: (Reg >= 0 ? R[Reg] : 0) + segment base of Space (if not SpaceNone) + int64(Imm)
	OpdSym                 // the address of a variable: segment base of Space + Imm (Imm = the variable's offset + any +N)
	OpdLabel               // a code address: Imm is an index into Kernel.Code (only in data contexts; branches use Inst.Target)
)

// PTX operand kinds of instruction families documented with the family,
// set apart from the kinds above (and from the AMD kinds, amd_ir.go). One
// block, so that no two kinds share a value.
const (
	OpdVec    OperandKind = 0x20 + iota // a vector of value registers (matrix.go)
	OpdTexRef                           // a texture, sampler or surface reference (ir_tex.go)
)

// Operand is one source or destination. It is small and flat on purpose.
type Operand struct {
	Kind    OperandKind
	Neg     bool       // predicate source negated (`!p`), or integer/float operand negated where the ISA allows it
	Space   Space      // OpdMem/OpdSym: the segment of the named variable; SpaceNone for a plain register address
	Special SpecialReg // OpdSpecial
	Reg     int32      // OpdReg/OpdPred: index into Kernel.Regs / predicate file; OpdMem: base register or -1
	Imm     uint64     // OpdImm bits; OpdMem/OpdSym byte offset (two's complement)
}

// Inst is one decoded instruction. Fields not used by an opcode are zero.
//
// Operand conventions (PTX): Dst[0..NDst) then Src[0..NSrc) in the order the
// ISA writes them, with these exceptions:
//   - ld.vN/ldu.vN: Dst[0..N) are the vector elements; Src[0] the address.
//   - st.vN: Src[0] is the address, Src[1..N] the elements.
//   - setp with two results `p|q`: Dst[0]=p, Dst[1]=q.
//   - shfl.sync with `d|p`: Dst[0]=d, Dst[1]=p.
//   - atom: Dst[0]=d, Src[0]=address, Src[1]=b (Src[2]=c for cas).
//   - red/st: no Dst.
//   - bra: Target is the destination index in Code; Reconv the
//     reconvergence point (see Reconv; len(Code) = exit).
//   - call: Target is the index into Kernel.Calls; an indirect call's
//     Src[0] is the register holding the callee's address (calls.go).
//   - video instructions: see video.go.
type Inst struct {
	Op    Opcode
	Type  Type     // principal type suffix (cvt: destination type; set: destination type)
	Type2 Type     // second type suffix (cvt: source type; set/slct: comparison/source type)
	Space Space    // ld/st/atom/red/cvta/prefetch/isspacep state space (SpaceGeneric when omitted)
	Rnd   Rounding // rounding modifier
	Cmp   CmpOp    // set/setp/slct comparison
	Bool  BoolOp   // set/setp predicate combination
	Atom  AtomOp   // atom/red operation
	Mode  Mode     // per-opcode sub-mode (see the Mode constants)
	Vec   uint8    // vector width of ld/st (1, 2, 4)
	Geom  Geom     // texture and surface instructions: the geometry (ir_tex.go)
	Flags Flags
	Mat   Matrix // warp-level matrix qualifiers (wmma, mma, ldmatrix, ...; matrix.go)

	Guard    int32 // guarding predicate register, -1 for none
	GuardNeg bool  // guard written `@!p`

	NDst, NSrc uint8
	Dst        [4]Operand
	Src        [5]Operand
	// Ext holds further source operands of the instructions that have
	// more than Src holds (the coordinate and gradient vectors of the
	// texture and surface instructions, ir_tex.go): registers and
	// immediates only, never memory or variable operands. nil for most.
	Ext []Operand

	Target int32 // bra: target index; call: call-site index
	// Reconv (bra) is the index where the lanes split by the branch wait
	// for each other: the first instruction of the branch block's
	// immediate post-dominator in its function span, or the exit
	// (len(Code) in the kernel's body, the span's End in a .func) when the
	// paths meet only there. Paths that leave the span early do not hold
	// the join back: when lanes of two successors would otherwise run the
	// same code before the post-dominator (an early `ret`/`exit` inside an
	// if, reaching the shared final `ret`), the branch reconverges at the
	// immediate post-dominator of the graph in which only the span's final
	// block reaches the exit and every other way out (a guarded
	// ret/exit/trap, an unguarded one before the final block, a taken
	// branch to a block that is only ret/exit/trap) ends its path, as a
	// pre-Volta compiler places SSY; every branch its lanes reach before
	// that point uses the same graph, so the points nest. Lanes that leave
	// inside the region simply retire.
	Reconv int32

	Pos  Pos    // position in the trace file
	Loc  SrcLoc // original source position from `.loc`, if any
	Text string // the instruction as written (whitespace normalised), for reports only
}

// Flags are boolean instruction modifiers.
type Flags uint32

const (
	FlagFtz        Flags = 1 << iota // .ftz
	FlagSat                          // .sat (float: clamp to [0,1]; integer: saturate)
	FlagApprox                       // .approx
	FlagFull                         // .full (div.full.f32)
	FlagUni                          // .uni (bra.uni, call.uni)
	FlagCC                           // .cc: writes the carry flag (add.cc, sub.cc, mad.cc)
	FlagHi                           // .hi (mul/mad)
	FlagLo                           // .lo (mul/mad)
	FlagWide                         // .wide (mul/mad)
	FlagNC                           // ld.global.nc
	FlagVolatile                     // ld/st .volatile
	FlagRelu                         // .relu (cvt, fma on f16)
	FlagNaN                          // .NaN (min/max propagate NaN)
	FlagXorSign                      // .xorsign.abs (min/max)
	FlagAbs                          // .abs (min/max .xorsign.abs)
	FlagTo                           // cvta.to (generic -> space); without it cvta is space -> generic
	FlagShiftClamp                   // shf .clamp (without it: .wrap)
	FlagShiftLeft                    // shf.l (without it: shf.r)
	FlagShiftAmt                     // bfind.shiftamt
	FlagAligned                      // bar.sync / barrier.sync.aligned: all threads execute the same barrier
	FlagSync                         // the .sync form of shfl/vote/bar (membermask operand present)
	FlagSatFinite                    // .satfinite
)

// Has reports whether all of f2 are set.
func (f Flags) Has(f2 Flags) bool { return f&f2 == f2 }

// Mode is a per-opcode sub-mode.
type Mode uint8

// shfl modes.
const (
	ShflUp Mode = iota + 1
	ShflDown
	ShflBfly
	ShflIdx
)

// vote modes.
const (
	VoteAll Mode = iota + 1
	VoteAny
	VoteUni
	VoteBallot
)

// bar/barrier modes.
const (
	BarSync    Mode = iota + 1 // bar.sync / barrier.sync / bar (wait)
	BarArrive                  // bar.arrive: count, do not wait
	BarRedPopc                 // bar.red.popc.u32
	BarRedAnd                  // bar.red.and.pred
	BarRedOr                   // bar.red.or.pred
)

// testp modes.
const (
	TestFinite Mode = iota + 1
	TestInfinite
	TestNumber
	TestNotANumber
	TestNormal
	TestSubnormal
)

// prmt modes (PrmtDefault for the plain form).
const (
	PrmtDefault Mode = iota
	PrmtF4E
	PrmtB4E
	PrmtRC8
	PrmtECL
	PrmtECR
	PrmtRC16
)

// Type is an instruction or register type.
type Type uint8

const (
	TypeNone Type = iota
	Pred
	B8
	B16
	B32
	B64
	B128
	U8
	U16
	U32
	U64
	S8
	S16
	S32
	S64
	F16
	F16x2
	BF16
	BF16x2
	TF32
	F32
	F64
	NumTypes // the number of types (one past the last)
)

var typeNames = [NumTypes]string{
	TypeNone: "", Pred: "pred", B8: "b8", B16: "b16", B32: "b32", B64: "b64", B128: "b128",
	U8: "u8", U16: "u16", U32: "u32", U64: "u64", S8: "s8", S16: "s16", S32: "s32", S64: "s64",
	F16: "f16", F16x2: "f16x2", BF16: "bf16", BF16x2: "bf16x2", TF32: "tf32", F32: "f32", F64: "f64",
}

var typeSizes = [NumTypes]uint8{
	Pred: 1, B8: 1, B16: 2, B32: 4, B64: 8, B128: 16, U8: 1, U16: 2, U32: 4, U64: 8,
	S8: 1, S16: 2, S32: 4, S64: 8, F16: 2, F16x2: 4, BF16: 2, BF16x2: 4, TF32: 4, F32: 4, F64: 8,
}

func (t Type) String() string {
	if t < NumTypes {
		return typeNames[t]
	}
	return "?"
}

// Size is the width in bytes (Pred: 1).
func (t Type) Size() int {
	if t < NumTypes {
		return int(typeSizes[t])
	}
	return 0
}

// Bits is the width in bits.
func (t Type) Bits() int { return 8 * t.Size() }

// IsSigned reports an sN type.
func (t Type) IsSigned() bool { return t >= S8 && t <= S64 }

// IsFloat reports a floating-point type (including packed and tf32).
func (t Type) IsFloat() bool { return t >= F16 && t <= F64 }

// TypeByName returns the type named by a PTX suffix without the dot ("f32").
func TypeByName(s string) (Type, bool) {
	for t := Type(1); t < NumTypes; t++ {
		if typeNames[t] == s {
			return t, true
		}
	}
	return TypeNone, false
}

// Space is a memory state space.
type Space uint8

const (
	SpaceNone       Space = iota
	SpaceReg              // .reg
	SpaceGeneric          // generic addressing (ld/st without a space)
	SpaceGlobal           // .global
	SpaceShared           // .shared (per block)
	SpaceLocal            // .local (per thread)
	SpaceConst            // .const
	SpaceParam            // kernel parameter buffer (per launch, read-only)
	SpaceParamFrame       // .func parameters and call-site .param (per thread)
	numSpaces
)

var spaceNames = [numSpaces]string{"", "reg", "generic", "global", "shared", "local", "const", "param", "param"}

func (s Space) String() string {
	if s < numSpaces {
		return spaceNames[s]
	}
	return "?"
}

// Rounding modifiers.
type Rounding uint8

const (
	RndNone Rounding = iota
	RndRN            // .rn: to nearest even
	RndRZ            // .rz: toward zero
	RndRM            // .rm: toward -Inf
	RndRP            // .rp: toward +Inf
	RndRNA           // .rna: to nearest, ties away (cvt to tf32)
	RndRNI           // .rni: to nearest even integer
	RndRZI           // .rzi
	RndRMI           // .rmi
	RndRPI           // .rpi
)

// Comparison operators of set/setp/slct.
type CmpOp uint8

const (
	CmpNone CmpOp = iota
	CmpEQ
	CmpNE
	CmpLT
	CmpLE
	CmpGT
	CmpGE
	CmpLO // unsigned <
	CmpLS // unsigned <=
	CmpHI // unsigned >
	CmpHS // unsigned >=
	CmpEQU
	CmpNEU
	CmpLTU
	CmpLEU
	CmpGTU
	CmpGEU
	CmpNUM
	CmpNAN
)

// Predicate combination of set/setp (`.and`, `.or`, `.xor` with a third
// predicate source).
type BoolOp uint8

const (
	BoolNone BoolOp = iota
	BoolAnd
	BoolOr
	BoolXor
)

// Atomic operations of atom/red.
type AtomOp uint8

const (
	AtomNone AtomOp = iota
	AtomAnd
	AtomOr
	AtomXor
	AtomExch
	AtomCas
	AtomAdd
	AtomInc
	AtomDec
	AtomMin
	AtomMax
)

// SpecialReg names a read-only special register.
type SpecialReg uint8

const (
	SRegNone SpecialReg = iota
	SRegTidX
	SRegTidY
	SRegTidZ
	SRegNtidX
	SRegNtidY
	SRegNtidZ
	SRegCtaidX
	SRegCtaidY
	SRegCtaidZ
	SRegNctaidX
	SRegNctaidY
	SRegNctaidZ
	SRegLaneID
	SRegWarpID
	SRegNWarpID
	SRegSMID
	SRegNSMID
	SRegGridID
	SRegClock
	SRegClockHi
	SRegClock64
	SRegGlobalTimer
	SRegLanemaskEq
	SRegLanemaskLe
	SRegLanemaskLt
	SRegLanemaskGe
	SRegLanemaskGt
	SRegDynamicSmemSize
	SRegTotalSmemSize
	SRegWarpSize // WARP_SZ
	// SRegEnvReg is %envreg0..%envreg31; the operand's Imm is the number.
	SRegEnvReg
	SRegGlobalTimerLo
	SRegGlobalTimerHi
	SRegReservedSmemBegin
	SRegReservedSmemEnd
	SRegReservedSmemCap
	// SRegReservedSmemOffset is %reserved_smem_offset_0/_1 (Imm).
	SRegReservedSmemOffset
	NumPTXSpecials // one past the last PTX special register
)

// BarWarpSync is `bar.warp.sync membermask`: the threads named in the mask
// (Src[0]) wait for one another; FlagSync is set. (Appended for the PTX
// front end.)
const BarWarpSync Mode = BarRedOr + 1

// PTX operand conventions beyond those listed on Inst (appended with the
// PTX front end, which produces them):
//   - mov with Vec = N > 1: `mov.bX d, {a, b, ...}` packs (NDst = 1,
//     Src[0..N) the elements, Src[0] the least significant) and
//     `mov.bX {a, b, ...}, d` unpacks (Dst[0..N), Dst[0] the least
//     significant; a `_` element is OpdNone). Vec is 0 for a plain mov.
//   - ld/st/ldu: Vec is 1 for a scalar access.
//   - ld.param/st.param: Space is SpaceParam for a kernel parameter and
//     SpaceParamFrame for .func parameters and call-site .param variables.
//   - bar.sync/barrier.sync/bar.arrive: Src[0] the barrier id, Src[1] the
//     thread count when written (NSrc 1 or 2). bar.red: Dst[0] the result,
//     Src[0] the barrier id, Src[1] the thread count (OpdNone when omitted),
//     Src[2] the predicate (Neg for `!c`); NSrc = 3. FlagAligned on the
//     `bar.sync/arrive/red` forms and on `barrier.*.aligned`.
//   - setp/set with a BoolOp: Src[2] is the predicate c (Neg for `!c`).
//   - vote: Src[0] the predicate (Neg for `!a`), Src[1] the membermask
//     (.sync). shfl: Src[0..3) a, b, c, Src[3] the membermask (.sync).
//   - cvt.frnd.f16x2.f32 / .bf16x2.f32 d, a, b: Src[0] = a becomes the upper
//     half, Src[1] = b the lower half.
//   - mul.wide/mad.wide: Dst[0] (and mad's Src[2]) are twice Type's width.
//   - lop3: Src[3] is the truth table (OpdImm). bfi f, a, b, c, d: Dst[0] =
//     f, Src = a, b, c, d. fns: Src = mask, base, offset.
//   - cvta: Src[0] is a register or an OpdSym (variable address);
//     isspacep/testp: Dst[0] is the predicate.
//   - bra inside a .func whose paths meet only at the function's return:
//     Reconv is that FuncSpan's End.
//   - A function body that can run off its end gets an explicit `ret`
//     (Text "ret (implicit)") at the position of its closing brace.
//   - Dynamic (`.extern .shared x[]`) arrays are listed in SharedVars with
//     Size 0 at their offset, SharedSize rounded up to DynSharedAlign.
//   - OpdSym and a variable in OpdMem address the variable in its own state
//     space (Space), as PTX's `mov.u64 %rd, var` does; cvta makes it generic.
