package traces

// AMDGPU opcodes and the AMD-only parts of the program representation. The
// AMDGPU front end (ParseAMDGPU) fills these in; opcodes are numbered from
// OpAMDBase (amdgpu_opcodes.go holds the list and the table describing each).

// AMDEnc is an AMD instruction's encoding family, as AMD's ISA manuals name
// them. A VOP1, VOP2 or VOPC instruction written with its `_e64` suffix is
// encoded as VOP3 (Inst.Flags has FlagAMDVOP3).
type AMDEnc uint8

// Encoding families.
const (
	AMDEncNone  AMDEnc = iota
	AMDEncSOP1         // scalar, one source
	AMDEncSOP2         // scalar, two sources
	AMDEncSOPC         // scalar compare into SCC
	AMDEncSOPK         // scalar with a 16-bit immediate
	AMDEncSOPP         // scalar program control (branches, waits, hints)
	AMDEncSMEM         // scalar memory
	AMDEncVOP1         // vector, one source
	AMDEncVOP2         // vector, two sources
	AMDEncVOP3         // vector, VOP3-only instructions
	AMDEncVOPC         // vector compare into a lane mask
	AMDEncDS           // LDS
	AMDEncFLAT         // FLAT and GLOBAL memory
	AMDEncMUBUF        // buffer instructions (only the cache-control ones)
)

// AMDClass says what kind of work an AMD instruction is: which execution
// path runs it and, for reports, what it is. (The machine model routes
// instructions to units by mnemonic, config [opcodes].)
type AMDClass uint8

// Instruction classes.
const (
	AMDClassNone    AMDClass = iota
	AMDClassSALU             // scalar ALU (also MODE changes)
	AMDClassSMEM             // scalar memory load (lgkmcnt / kmcnt)
	AMDClassVALU             // vector ALU
	AMDClassTrans            // vector transcendental (v_rcp, v_rsq, v_sqrt, v_exp, ...)
	AMDClassVMEM             // vector memory: global and flat
	AMDClassLDS              // LDS (ds_*)
	AMDClassBranch           // branches, s_endpgm, s_getpc/s_setpc, s_trap
	AMDClassBarrier          // s_barrier, s_barrier_signal, s_barrier_wait
	AMDClassWait             // s_waitcnt and the s_wait_* counters
	AMDClassHint             // no architectural effect: s_nop, s_delay_alu, s_clause, ...
	AMDClassMessage          // s_sendmsg
	AMDClassCache            // cache write-back/invalidate (no effect on values)
)

// AMDMem is what a DS or FLAT instruction does with memory.
type AMDMem uint8

// Memory operation kinds.
const (
	AMDMemNone       AMDMem = iota
	AMDMemLoad              // load Bytes per lane
	AMDMemLoad2             // ds_read2: two loads at offset0*Bytes and offset1*Bytes
	AMDMemLoad2st64         // ds_read2st64: offsets in units of 64*Bytes
	AMDMemStore             // store Bytes per lane
	AMDMemStore2            // ds_write2
	AMDMemStore2st64        // ds_write2st64
	AMDMemAtomic            // read-modify-write with Atom (returns the old value when it has a destination)
	AMDMemCmpst             // ds_cmpst: data0 is the compare value, data1 the new value
	AMDMemCmpstore          // ds_cmpstore (GFX11+): data0 is the new value, data1 the compare value
	AMDMemBpermute          // ds_bpermute_b32: lane i reads data of lane addr[i]/4
	AMDMemPermute           // ds_permute_b32: lane i writes its data to lane addr[i]/4
	AMDMemSwizzle           // ds_swizzle_b32
	AMDMemNop               // ds_nop
)

// AMDOpInfo describes one AMD opcode: its canonical mnemonic, encoding,
// class, operand signature (for the front end) and the facts the executor
// needs (data type, comparison, atomic operation, memory access size).
type AMDOpInfo struct {
	Name  string   // canonical mnemonic, without an encoding suffix
	Enc   AMDEnc   // encoding family
	Class AMDClass // kind of work
	// Sig is the operand signature the front end parses: comma-separated
	// slots "role:type" (amdgpu_sig.go documents the roles), or a keyword
	// for formats with their own syntax ("smem", "ds", "flat", "waitcnt").
	Sig    string
	Type   Type   // principal (destination or data) type
	Type2  Type   // source type of a conversion
	Cmp    CmpOp  // v_cmp/v_cmpx/s_cmp/s_cmpk condition
	Cmpx   bool   // v_cmpx: writes EXEC
	Atom   AtomOp // atomic operation
	Bytes  uint8  // memory: bytes per lane (per element for ds_*2), SMEM: bytes loaded
	Mem    AMDMem // DS/FLAT: what the access does
	Return bool   // DS atomics: the _rtn form (returns the old value)
	Flat   bool   // flat_* (generic address) rather than global_*

	// SrcTypes are the types of the value sources the signature names, in
	// written order (TypeNone past the last and for lane masks); a float
	// type is the width abs/neg modifiers act on. FloatMods: the b32 data
	// sources take f32 abs/neg modifiers too (v_cndmask_b32_e64).
	SrcTypes  [5]Type
	FloatMods bool

	Unit       string   // unit class of the machine model (AMDOpInfo.Unit)
	Uses, Defs Implicit // implicit registers read and written
	Numerics   Numerics // families its semantics use
	Timing     Timing
	// Unsupported, when not empty, says why gpusim reads the instruction
	// but cannot execute it yet (its semantics refuse it with that
	// reason).
	Unsupported string
}

// AMD-only comparison conditions of v_cmp/v_cmpx (v_cmp_f_*, v_cmp_t_*,
// v_cmp_tru_*) and atomic operations (ds_sub, ds_rsub, *_atomic_sub).
const (
	CmpAMDFalse CmpOp  = 0x40 + iota // always false
	CmpAMDTrue                       // always true
	AtomAMDSub  AtomOp = 0x40 + iota // old - data
	AtomAMDRsub                      // data - old
)

// AMDOp returns the description of AMD opcode o, or nil when o is not one.
func AMDOp(o Opcode) *AMDOpInfo {
	if o < OpAMDBase || o >= NumAMDOpcodes {
		return nil
	}
	return &amdOpTable[o-OpAMDBase]
}

// IsAMD reports whether o is an AMD opcode.
func (o Opcode) IsAMD() bool { return o >= OpAMDBase && o < NumAMDOpcodes }

// AMDFamily is an AMDGPU instruction-set generation.
type AMDFamily uint8

// The instruction-set generations: GFX9 to GFX12 are what the AMDGPU front
// end reads; the VOP3 codec also encodes CDNA 5.
const (
	AMDFamilyNone AMDFamily = iota
	GFX9                    // Vega, CDNA 1-4: gfx900 .. gfx950 (wave64)
	GFX10                   // RDNA 1-2: gfx1010 .. gfx1036 (wave32 by default)
	GFX11                   // RDNA 3, 3.5: gfx1100 .. gfx1153 (wave32 by default)
	GFX12                   // RDNA 4: gfx1200, gfx1201 (wave32 by default)
	CDNA5                   // CDNA 5, GFX12.5 in LLVM: gfx1250, gfx1251 (wave32)
)

// String returns "GFX9" .. "GFX12", "CDNA5".
func (f AMDFamily) String() string {
	switch f {
	case GFX9:
		return "GFX9"
	case GFX10:
		return "GFX10"
	case GFX11:
		return "GFX11"
	case GFX12:
		return "GFX12"
	case CDNA5:
		return "CDNA5"
	}
	return "GFX?"
}

// AMDKernel is what an AMDGPU kernel adds to Kernel: its kernel descriptor
// (the `.amdhsa_kernel` block) and the launch ABI from the `amdhsa.kernels`
// metadata. Everything a launcher needs to start a wave as the hardware and
// the HSA runtime do is here.
type AMDKernel struct {
	Target   string    // processor, e.g. "gfx1100"
	Family   AMDFamily // its instruction-set generation
	WaveSize int       // 32 or 64

	// Kernel argument (kernarg) segment: its size and alignment, and the
	// hidden arguments the runtime fills in (explicit arguments are
	// Kernel.Params, in metadata order).
	KernargSize  uint64
	KernargAlign uint64
	Hidden       []AMDHiddenArg
	// DynamicSharedArgs are the indices in Kernel.Params of OpenCL `__local`
	// pointer arguments (metadata dynamic_shared_pointer): the launcher
	// gives each an LDS allocation after the static LDS and passes its LDS
	// address (the launch file's value for it is the byte size).
	DynamicSharedArgs []int

	// LDS bytes allocated statically (.amdhsa_group_segment_fixed_size);
	// Kernel.SharedSize holds the same value. Private (scratch) bytes per
	// work-item; gpusim runs only kernels that need none.
	GroupSegmentSize   uint64
	PrivateSegmentSize uint64
	DynamicStack       bool

	// User SGPRs, in the order the hardware loads them from s0: the private
	// segment buffer (4 SGPRs), dispatch packet pointer (2), queue pointer
	// (2), kernarg segment pointer (2), dispatch id (2), flat scratch init
	// (2), private segment size (1); then KernargPreload SGPRs of preloaded
	// kernel arguments. UserSGPRCount is where the system SGPRs start.
	UserSGPRCount       int
	PrivateSegmentBuf   bool
	DispatchPtr         bool
	QueuePtr            bool
	KernargSegmentPtr   bool
	DispatchID          bool
	FlatScratchInit     bool
	PrivateSegmentSizeS bool
	KernargPreload      int // SGPRs of preloaded kernel arguments
	KernargPreloadOff   int // kernarg offset (in dwords) of the preloaded arguments

	// System SGPRs after the user SGPRs: workgroup ids X, Y, Z, workgroup
	// info, private segment wave offset. With ArchitectedSGPRs (GFX12) the
	// workgroup ids are in TTMP registers instead: ttmp9 = X, ttmp7[15:0] =
	// Y, ttmp7[31:16] = Z.
	WorkgroupID      [3]bool
	WorkgroupInfo    bool
	PrivateWaveOff   bool
	ArchitectedSGPRs bool

	// Work-item ids in VGPRs: WorkitemIDs+1 components (X; X,Y; X,Y,Z). With
	// PackedTID (gfx90a, gfx942, GFX11, GFX12) they share v0: X in bits 0-9,
	// Y in 10-19, Z in 20-29; otherwise X, Y, Z are v0, v1, v2.
	WorkitemIDs int
	PackedTID   bool

	// Register use (.amdhsa_next_free_vgpr / _sgpr, and the metadata's
	// counts), for occupancy.
	NextFreeVGPR int
	NextFreeSGPR int
	AccumOffset  int // gfx90a/gfx942: first AccVGPR (unified register file)
	VGPRCount    int
	SGPRCount    int

	// Mode is the initial MODE register: bits 1:0 f32 rounding, 3:2 f16/f64
	// rounding, 5:4 f32 denormal mode, 7:6 f16/f64 denormal mode, 8 DX10
	// clamp, 9 IEEE (AMD ISA manuals, "MODE register").
	Mode uint32

	MaxFlatWorkgroupSize int
	UniformWorkgroupSize bool
}

// AMDHiddenArg is a hidden kernel argument the runtime writes into the
// kernarg segment (metadata `.value_kind: hidden_*`).
type AMDHiddenArg struct {
	Kind   string // the value kind without "hidden_", e.g. "block_count_x"
	Offset uint64
	Size   uint64
}

// MODE register fields (AMD ISA manuals, "MODE"; the same bits on GFX9 to
// GFX12 for what gpusim uses).
const (
	AMDModeRoundF32   = 0x3 << 0 // rounding of f32: 0 nearest even, 1 +Inf, 2 -Inf, 3 zero
	AMDModeRoundF64   = 0x3 << 2 // rounding of f16 and f64
	AMDModeDenormF32  = 0x3 << 4 // f32 denormals: 0 flush in and out, 1 allow in, flush out, 2 flush in, allow out, 3 allow both
	AMDModeDenormF64  = 0x3 << 6 // f16 and f64 denormals, same encoding
	AMDModeDX10Clamp  = 1 << 8
	AMDModeIEEE       = 1 << 9
	AMDModeDenormBits = 4 // shift of the f32 denormal field
)
