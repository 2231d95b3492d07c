package vop3

// Opcode names one row of the opcode table: an instruction independent of
// generation. Its number in a given generation is looked up with OpcodeIn.
type Opcode uint8

// The instructions of the table. The f32 division macro uses VDivScaleF32,
// VRcpF32, VFmaF32 (or VFmacF32 / VMadF32), VDivFmasF32 and VDivFixupF32.
const (
	OpInvalid Opcode = iota

	VDivFixupF32
	VDivFmasF32
	VDivScaleF32
	VFmaF32
	VMadF32
	VMadLegacyF32
	VFmaLegacyF32
	VFmaDx9ZeroF32
	VMed3F32
	VMin3F32
	VMax3F32
	VMed3NumF32
	VMin3NumF32
	VMax3NumF32
	VCubeidF32
	VCubescF32
	VCubetcF32
	VCubemaF32
	VLdexpF32

	VDivFixupF64
	VDivFmasF64
	VDivScaleF64
	VFmaF64
	VAddF64
	VMulF64
	VMinF64
	VMaxF64
	VMinNumF64
	VMaxNumF64
	VLdexpF64

	VAddF32
	VSubF32
	VSubrevF32
	VMulF32
	VMinF32
	VMaxF32
	VMinNumF32
	VMaxNumF32
	VFmacF32
	VMacF32
	VMulLegacyF32
	VMulDx9ZeroF32
	VCndmaskB32

	VRcpF32
	VRsqF32
	VSqrtF32
	VExpF32
	VLogF32
	VRcpIflagF32
	VFrexpMantF32
	VRcpF64
	VRsqF64
	VSqrtF64
	VMovB32

	VDivFixupF16
	VFmaF16
	VMadF16
	VMed3F16
	VMin3F16
	VMax3F16
	VMed3NumF16
	VMin3NumF16
	VMax3NumF16

	VBfiB32
	VBfeU32
	VBfeI32
	VAlignbitB32
	VAlignbyteB32
	VMed3I32
	VMed3U32
	VMin3I32
	VMin3U32
	VMax3I32
	VMax3U32
	VLshlAddU32
	VAddLshlU32
	VAdd3U32
	VXadU32
	VMadU32U24
	VMadI32I24
	VMulLoU32
	VMulHiU32
	VMulHiI32

	VMadU64U32
	VMadI64I32
	VMadCoU64U32
	VMadCoI64I32
	VAddCoU32
	VSubCoU32
	VSubrevCoU32
	VAddcCoU32
	VSubbCoU32
	VAddCoCiU32
	VSubCoCiU32
	VAddU32
	VSubU32
	VAddNcU32
	VSubNcU32

	numOpcodes
)

// srcType is what a source slot holds; it decides register width, how
// constants are spelled and which constants are inline.
type srcType uint8

const (
	tNone srcType = iota
	tF32          // 32-bit float
	tF16          // 16-bit float (low or, with op_sel, high half of a VGPR)
	tF64          // 64-bit float: register pair; a literal is the high dword
	tB32          // 32-bit integer
	tB64          // 64-bit integer: register pair
	tMask         // lane mask (wave-size SGPRs), no constants
)

// regs is the number of 32-bit registers a value of the type occupies.
func (t srcType) regs(g Gen) uint8 {
	switch t {
	case tF64, tB64:
		return 2
	case tMask:
		return g.maskWidth()
	}
	return 1
}

// mods is the set of modifiers a row accepts.
type mods uint16

const (
	abs0 mods = 1 << iota
	abs1
	abs2
	neg0
	neg1
	neg2
	mClamp
	mOMod
	mOpSel

	fp1  = abs0 | neg0 | mClamp | mOMod
	fp2  = fp1 | abs1 | neg1
	fp3  = fp2 | abs2 | neg2
	fp3s = fp3 | mOpSel                        // 16-bit ops with op_sel
	fpB  = neg0 | neg1 | neg2 | mClamp | mOMod // VOP3B: no ABS field
	cnd  = abs0 | abs1 | neg0 | neg1           // v_cndmask_b32_e64
	none = mods(0)
)

// famSet is a set of families.
type famSet uint8

const (
	inGFX9 famSet = 1 << iota
	inGFX10
	inGFX11
	inGFX12
	inAll = inGFX9 | inGFX10 | inGFX11 | inGFX12
)

// has reports whether f is in the set. CDNA 5 spells its VOP3 text as RDNA
// 4 does (the same layout), so it is in a set when GFX12 is.
func (s famSet) has(f Family) bool {
	if f == CDNA5 {
		f = GFX12
	}
	return s&(1<<famIndex(f)) != 0
}

// na marks a generation that lacks the instruction.
const na = -1

// row describes one instruction.
type row struct {
	name  string             // canonical mnemonic without the _e64 suffix
	alias string             // an older spelling LLVM also accepts
	op    [numFamilies]int16 // OP field (bits 25:16) per family, na if absent (or unknown: see CDNA5)
	e64   famSet             // families where the canonical text ends in _e64
	need  feature            // target features required
	dst64 bool               // destination is a VGPR pair
	carry bool               // VOP3B: bits 14:8 hold a lane-mask destination
	src   [3]srcType         // source slots in order; tNone ends the list
	mods  mods               // accepted modifiers
	vcc   bool               // reads VCC implicitly (counts on the constant bus)
}

// rows is the opcode table, indexed by Opcode. Opcode numbers were read off
// llvm-mc-19 for every family and agree with AMD's ISA manuals and with
// llvm/lib/Target/AMDGPU/VOP3Instructions.td, VOP2Instructions.td and
// VOP1Instructions.td (promoted VOP1 ops sit at 0x140+op on GFX9 and 0x180+op
// on GFX10+, promoted VOP2 ops at 0x100+op).
var rows = [numOpcodes]row{
	// f32, three sources.
	VDivFixupF32:   {name: "v_div_fixup_f32", op: [numFamilies]int16{0x1de, 0x15f, 0x227, 0x227, 0x227}, src: [3]srcType{tF32, tF32, tF32}, mods: fp3},
	VDivFmasF32:    {name: "v_div_fmas_f32", op: [numFamilies]int16{0x1e2, 0x16f, 0x237, 0x237, na}, src: [3]srcType{tF32, tF32, tF32}, mods: fp3, vcc: true},
	VDivScaleF32:   {name: "v_div_scale_f32", op: [numFamilies]int16{0x1e0, 0x16d, 0x2fc, 0x2fc, na}, carry: true, src: [3]srcType{tF32, tF32, tF32}, mods: fpB},
	VFmaF32:        {name: "v_fma_f32", op: [numFamilies]int16{0x1cb, 0x14b, 0x213, 0x213, na}, src: [3]srcType{tF32, tF32, tF32}, mods: fp3},
	VMadF32:        {name: "v_mad_f32", op: [numFamilies]int16{0x1c1, 0x141, na, na, na}, need: featMadMacF32, src: [3]srcType{tF32, tF32, tF32}, mods: fp3},
	VMadLegacyF32:  {name: "v_mad_legacy_f32", op: [numFamilies]int16{0x1c0, 0x140, na, na, na}, need: featMadMacF32, src: [3]srcType{tF32, tF32, tF32}, mods: fp3},
	VFmaLegacyF32:  {name: "v_fma_legacy_f32", op: [numFamilies]int16{na, 0x140, na, na, na}, need: featFmaLegacy, src: [3]srcType{tF32, tF32, tF32}, mods: fp3},
	VFmaDx9ZeroF32: {name: "v_fma_dx9_zero_f32", alias: "v_fma_legacy_f32", op: [numFamilies]int16{na, na, 0x209, 0x209, na}, src: [3]srcType{tF32, tF32, tF32}, mods: fp3},
	VMed3F32:       {name: "v_med3_f32", op: [numFamilies]int16{0x1d6, 0x157, 0x21f, na, na}, src: [3]srcType{tF32, tF32, tF32}, mods: fp3},
	VMin3F32:       {name: "v_min3_f32", op: [numFamilies]int16{0x1d0, 0x151, 0x219, na, na}, src: [3]srcType{tF32, tF32, tF32}, mods: fp3},
	VMax3F32:       {name: "v_max3_f32", op: [numFamilies]int16{0x1d3, 0x154, 0x21c, na, na}, src: [3]srcType{tF32, tF32, tF32}, mods: fp3},
	VMed3NumF32:    {name: "v_med3_num_f32", alias: "v_med3_f32", op: [numFamilies]int16{na, na, na, 0x231, na}, src: [3]srcType{tF32, tF32, tF32}, mods: fp3},
	VMin3NumF32:    {name: "v_min3_num_f32", alias: "v_min3_f32", op: [numFamilies]int16{na, na, na, 0x229, na}, src: [3]srcType{tF32, tF32, tF32}, mods: fp3},
	VMax3NumF32:    {name: "v_max3_num_f32", alias: "v_max3_f32", op: [numFamilies]int16{na, na, na, 0x22a, na}, src: [3]srcType{tF32, tF32, tF32}, mods: fp3},
	VCubeidF32:     {name: "v_cubeid_f32", op: [numFamilies]int16{0x1c4, 0x144, 0x20c, 0x20c, na}, src: [3]srcType{tF32, tF32, tF32}, mods: fp3},
	VCubescF32:     {name: "v_cubesc_f32", op: [numFamilies]int16{0x1c5, 0x145, 0x20d, 0x20d, na}, src: [3]srcType{tF32, tF32, tF32}, mods: fp3},
	VCubetcF32:     {name: "v_cubetc_f32", op: [numFamilies]int16{0x1c6, 0x146, 0x20e, 0x20e, na}, src: [3]srcType{tF32, tF32, tF32}, mods: fp3},
	VCubemaF32:     {name: "v_cubema_f32", op: [numFamilies]int16{0x1c7, 0x147, 0x20f, 0x20f, na}, src: [3]srcType{tF32, tF32, tF32}, mods: fp3},
	VLdexpF32:      {name: "v_ldexp_f32", op: [numFamilies]int16{0x288, 0x362, 0x31c, 0x31c, na}, src: [3]srcType{tF32, tB32}, mods: fp1},

	// f64.
	VDivFixupF64: {name: "v_div_fixup_f64", op: [numFamilies]int16{0x1df, 0x160, 0x228, 0x228, na}, dst64: true, src: [3]srcType{tF64, tF64, tF64}, mods: fp3},
	VDivFmasF64:  {name: "v_div_fmas_f64", op: [numFamilies]int16{0x1e3, 0x170, 0x238, 0x238, na}, dst64: true, src: [3]srcType{tF64, tF64, tF64}, mods: fp3, vcc: true},
	VDivScaleF64: {name: "v_div_scale_f64", op: [numFamilies]int16{0x1e1, 0x16e, 0x2fd, 0x2fd, na}, dst64: true, carry: true, src: [3]srcType{tF64, tF64, tF64}, mods: fpB},
	VFmaF64:      {name: "v_fma_f64", op: [numFamilies]int16{0x1cc, 0x14c, 0x214, 0x214, na}, dst64: true, src: [3]srcType{tF64, tF64, tF64}, mods: fp3},
	VAddF64:      {name: "v_add_f64", op: [numFamilies]int16{0x280, 0x164, 0x327, 0x102, na}, e64: inGFX12, dst64: true, src: [3]srcType{tF64, tF64}, mods: fp2},
	VMulF64:      {name: "v_mul_f64", op: [numFamilies]int16{0x281, 0x165, 0x328, 0x106, na}, e64: inGFX12, dst64: true, src: [3]srcType{tF64, tF64}, mods: fp2},
	VMinF64:      {name: "v_min_f64", op: [numFamilies]int16{0x282, 0x166, 0x329, na, na}, dst64: true, src: [3]srcType{tF64, tF64}, mods: fp2},
	VMaxF64:      {name: "v_max_f64", op: [numFamilies]int16{0x283, 0x167, 0x32a, na, na}, dst64: true, src: [3]srcType{tF64, tF64}, mods: fp2},
	VMinNumF64:   {name: "v_min_num_f64", alias: "v_min_f64", op: [numFamilies]int16{na, na, na, 0x10d, na}, e64: inAll, dst64: true, src: [3]srcType{tF64, tF64}, mods: fp2},
	VMaxNumF64:   {name: "v_max_num_f64", alias: "v_max_f64", op: [numFamilies]int16{na, na, na, 0x10e, na}, e64: inAll, dst64: true, src: [3]srcType{tF64, tF64}, mods: fp2},
	VLdexpF64:    {name: "v_ldexp_f64", op: [numFamilies]int16{0x284, 0x168, 0x32b, 0x32b, na}, dst64: true, src: [3]srcType{tF64, tB32}, mods: fp1},

	// VOP2 promoted to VOP3 (printed with _e64).
	VAddF32:        {name: "v_add_f32", op: [numFamilies]int16{0x101, 0x103, 0x103, 0x103, na}, e64: inAll, src: [3]srcType{tF32, tF32}, mods: fp2},
	VSubF32:        {name: "v_sub_f32", op: [numFamilies]int16{0x102, 0x104, 0x104, 0x104, na}, e64: inAll, src: [3]srcType{tF32, tF32}, mods: fp2},
	VSubrevF32:     {name: "v_subrev_f32", op: [numFamilies]int16{0x103, 0x105, 0x105, 0x105, na}, e64: inAll, src: [3]srcType{tF32, tF32}, mods: fp2},
	VMulF32:        {name: "v_mul_f32", op: [numFamilies]int16{0x105, 0x108, 0x108, 0x108, na}, e64: inAll, src: [3]srcType{tF32, tF32}, mods: fp2},
	VMinF32:        {name: "v_min_f32", op: [numFamilies]int16{0x10a, 0x10f, 0x10f, na, na}, e64: inAll, src: [3]srcType{tF32, tF32}, mods: fp2},
	VMaxF32:        {name: "v_max_f32", op: [numFamilies]int16{0x10b, 0x110, 0x110, na, na}, e64: inAll, src: [3]srcType{tF32, tF32}, mods: fp2},
	VMinNumF32:     {name: "v_min_num_f32", alias: "v_min_f32", op: [numFamilies]int16{na, na, na, 0x115, na}, e64: inAll, src: [3]srcType{tF32, tF32}, mods: fp2},
	VMaxNumF32:     {name: "v_max_num_f32", alias: "v_max_f32", op: [numFamilies]int16{na, na, na, 0x116, na}, e64: inAll, src: [3]srcType{tF32, tF32}, mods: fp2},
	VFmacF32:       {name: "v_fmac_f32", op: [numFamilies]int16{0x13b, 0x12b, 0x12b, 0x12b, na}, e64: inAll, need: featFmacF32, src: [3]srcType{tF32, tF32}, mods: fp2},
	VMacF32:        {name: "v_mac_f32", op: [numFamilies]int16{0x116, 0x11f, na, na, na}, e64: inAll, need: featMadMacF32, src: [3]srcType{tF32, tF32}, mods: fp2},
	VMulLegacyF32:  {name: "v_mul_legacy_f32", op: [numFamilies]int16{na, 0x107, na, na, na}, e64: inAll, src: [3]srcType{tF32, tF32}, mods: fp2},
	VMulDx9ZeroF32: {name: "v_mul_dx9_zero_f32", alias: "v_mul_legacy_f32", op: [numFamilies]int16{na, na, 0x107, 0x107, na}, e64: inAll, src: [3]srcType{tF32, tF32}, mods: fp2},
	VCndmaskB32:    {name: "v_cndmask_b32", op: [numFamilies]int16{0x100, 0x101, 0x101, 0x101, na}, e64: inAll, src: [3]srcType{tB32, tB32, tMask}, mods: cnd},

	// VOP1 promoted to VOP3 (printed with _e64).
	VRcpF32:       {name: "v_rcp_f32", op: [numFamilies]int16{0x162, 0x1aa, 0x1aa, 0x1aa, na}, e64: inAll, src: [3]srcType{tF32}, mods: fp1},
	VRsqF32:       {name: "v_rsq_f32", op: [numFamilies]int16{0x164, 0x1ae, 0x1ae, 0x1ae, na}, e64: inAll, src: [3]srcType{tF32}, mods: fp1},
	VSqrtF32:      {name: "v_sqrt_f32", op: [numFamilies]int16{0x167, 0x1b3, 0x1b3, 0x1b3, na}, e64: inAll, src: [3]srcType{tF32}, mods: fp1},
	VExpF32:       {name: "v_exp_f32", op: [numFamilies]int16{0x160, 0x1a5, 0x1a5, 0x1a5, na}, e64: inAll, src: [3]srcType{tF32}, mods: fp1},
	VLogF32:       {name: "v_log_f32", op: [numFamilies]int16{0x161, 0x1a7, 0x1a7, 0x1a7, na}, e64: inAll, src: [3]srcType{tF32}, mods: fp1},
	VRcpIflagF32:  {name: "v_rcp_iflag_f32", op: [numFamilies]int16{0x163, 0x1ab, 0x1ab, 0x1ab, na}, e64: inAll, src: [3]srcType{tF32}, mods: fp1},
	VFrexpMantF32: {name: "v_frexp_mant_f32", op: [numFamilies]int16{0x174, 0x1c0, 0x1c0, 0x1c0, na}, e64: inAll, src: [3]srcType{tF32}, mods: fp1},
	VRcpF64:       {name: "v_rcp_f64", op: [numFamilies]int16{0x165, 0x1af, 0x1af, 0x1af, na}, e64: inAll, dst64: true, src: [3]srcType{tF64}, mods: fp1},
	VRsqF64:       {name: "v_rsq_f64", op: [numFamilies]int16{0x166, 0x1b1, 0x1b1, 0x1b1, na}, e64: inAll, dst64: true, src: [3]srcType{tF64}, mods: fp1},
	VSqrtF64:      {name: "v_sqrt_f64", op: [numFamilies]int16{0x168, 0x1b4, 0x1b4, 0x1b4, na}, e64: inAll, dst64: true, src: [3]srcType{tF64}, mods: fp1},
	VMovB32:       {name: "v_mov_b32", op: [numFamilies]int16{0x141, 0x181, 0x181, 0x181, na}, e64: inAll, src: [3]srcType{tB32}, mods: none},

	// f16 with op_sel.
	VDivFixupF16: {name: "v_div_fixup_f16", op: [numFamilies]int16{0x207, 0x35f, 0x254, 0x254, na}, src: [3]srcType{tF16, tF16, tF16}, mods: fp3s},
	VFmaF16:      {name: "v_fma_f16", op: [numFamilies]int16{0x206, 0x34b, 0x248, 0x248, na}, src: [3]srcType{tF16, tF16, tF16}, mods: fp3s},
	VMadF16:      {name: "v_mad_f16", op: [numFamilies]int16{0x203, na, na, na, na}, src: [3]srcType{tF16, tF16, tF16}, mods: fp3s},
	VMed3F16:     {name: "v_med3_f16", op: [numFamilies]int16{0x1fa, 0x357, 0x24f, na, na}, src: [3]srcType{tF16, tF16, tF16}, mods: fp3s},
	VMin3F16:     {name: "v_min3_f16", op: [numFamilies]int16{0x1f4, 0x351, 0x249, na, na}, src: [3]srcType{tF16, tF16, tF16}, mods: fp3s},
	VMax3F16:     {name: "v_max3_f16", op: [numFamilies]int16{0x1f7, 0x354, 0x24c, na, na}, src: [3]srcType{tF16, tF16, tF16}, mods: fp3s},
	VMed3NumF16:  {name: "v_med3_num_f16", alias: "v_med3_f16", op: [numFamilies]int16{na, na, na, 0x232, na}, src: [3]srcType{tF16, tF16, tF16}, mods: fp3s},
	VMin3NumF16:  {name: "v_min3_num_f16", alias: "v_min3_f16", op: [numFamilies]int16{na, na, na, 0x22b, na}, src: [3]srcType{tF16, tF16, tF16}, mods: fp3s},
	VMax3NumF16:  {name: "v_max3_num_f16", alias: "v_max3_f16", op: [numFamilies]int16{na, na, na, 0x22c, na}, src: [3]srcType{tF16, tF16, tF16}, mods: fp3s},

	// 32-bit integer.
	VBfiB32:       {name: "v_bfi_b32", op: [numFamilies]int16{0x1ca, 0x14a, 0x212, 0x212, na}, src: [3]srcType{tB32, tB32, tB32}},
	VBfeU32:       {name: "v_bfe_u32", op: [numFamilies]int16{0x1c8, 0x148, 0x210, 0x210, na}, src: [3]srcType{tB32, tB32, tB32}},
	VBfeI32:       {name: "v_bfe_i32", op: [numFamilies]int16{0x1c9, 0x149, 0x211, 0x211, na}, src: [3]srcType{tB32, tB32, tB32}},
	VAlignbitB32:  {name: "v_alignbit_b32", op: [numFamilies]int16{0x1ce, 0x14e, 0x216, 0x216, na}, src: [3]srcType{tB32, tB32, tB32}},
	VAlignbyteB32: {name: "v_alignbyte_b32", op: [numFamilies]int16{0x1cf, 0x14f, 0x217, 0x217, na}, src: [3]srcType{tB32, tB32, tB32}},
	VMed3I32:      {name: "v_med3_i32", op: [numFamilies]int16{0x1d7, 0x158, 0x220, 0x220, na}, src: [3]srcType{tB32, tB32, tB32}},
	VMed3U32:      {name: "v_med3_u32", op: [numFamilies]int16{0x1d8, 0x159, 0x221, 0x221, na}, src: [3]srcType{tB32, tB32, tB32}},
	VMin3I32:      {name: "v_min3_i32", op: [numFamilies]int16{0x1d1, 0x152, 0x21a, 0x21a, na}, src: [3]srcType{tB32, tB32, tB32}},
	VMin3U32:      {name: "v_min3_u32", op: [numFamilies]int16{0x1d2, 0x153, 0x21b, 0x21b, na}, src: [3]srcType{tB32, tB32, tB32}},
	VMax3I32:      {name: "v_max3_i32", op: [numFamilies]int16{0x1d4, 0x155, 0x21d, 0x21d, na}, src: [3]srcType{tB32, tB32, tB32}},
	VMax3U32:      {name: "v_max3_u32", op: [numFamilies]int16{0x1d5, 0x156, 0x21e, 0x21e, na}, src: [3]srcType{tB32, tB32, tB32}},
	VLshlAddU32:   {name: "v_lshl_add_u32", op: [numFamilies]int16{0x1fd, 0x346, 0x246, 0x246, na}, src: [3]srcType{tB32, tB32, tB32}},
	VAddLshlU32:   {name: "v_add_lshl_u32", op: [numFamilies]int16{0x1fe, 0x347, 0x247, 0x247, na}, src: [3]srcType{tB32, tB32, tB32}},
	VAdd3U32:      {name: "v_add3_u32", op: [numFamilies]int16{0x1ff, 0x36d, 0x255, 0x255, na}, src: [3]srcType{tB32, tB32, tB32}},
	VXadU32:       {name: "v_xad_u32", op: [numFamilies]int16{0x1f3, 0x345, 0x245, 0x245, na}, src: [3]srcType{tB32, tB32, tB32}},
	VMadU32U24:    {name: "v_mad_u32_u24", op: [numFamilies]int16{0x1c3, 0x143, 0x20b, 0x20b, na}, src: [3]srcType{tB32, tB32, tB32}, mods: mClamp},
	VMadI32I24:    {name: "v_mad_i32_i24", op: [numFamilies]int16{0x1c2, 0x142, 0x20a, 0x20a, na}, src: [3]srcType{tB32, tB32, tB32}, mods: mClamp},
	VMulLoU32:     {name: "v_mul_lo_u32", op: [numFamilies]int16{0x285, 0x169, 0x32c, 0x32c, na}, src: [3]srcType{tB32, tB32}},
	VMulHiU32:     {name: "v_mul_hi_u32", op: [numFamilies]int16{0x286, 0x16a, 0x32d, 0x32d, na}, src: [3]srcType{tB32, tB32}},
	VMulHiI32:     {name: "v_mul_hi_i32", op: [numFamilies]int16{0x287, 0x16c, 0x32e, 0x32e, na}, src: [3]srcType{tB32, tB32}},

	// VOP3B integer ops with a carry-out, and carry-in forms.
	VMadU64U32:   {name: "v_mad_u64_u32", op: [numFamilies]int16{0x1e8, 0x176, 0x2fe, na, na}, dst64: true, carry: true, src: [3]srcType{tB32, tB32, tB64}, mods: mClamp},
	VMadI64I32:   {name: "v_mad_i64_i32", op: [numFamilies]int16{0x1e9, 0x177, 0x2ff, na, na}, dst64: true, carry: true, src: [3]srcType{tB32, tB32, tB64}, mods: mClamp},
	VMadCoU64U32: {name: "v_mad_co_u64_u32", alias: "v_mad_u64_u32", op: [numFamilies]int16{na, na, na, 0x2fe, na}, dst64: true, carry: true, src: [3]srcType{tB32, tB32, tB64}, mods: mClamp},
	VMadCoI64I32: {name: "v_mad_co_i64_i32", alias: "v_mad_i64_i32", op: [numFamilies]int16{na, na, na, 0x2ff, na}, dst64: true, carry: true, src: [3]srcType{tB32, tB32, tB64}, mods: mClamp},
	VAddCoU32:    {name: "v_add_co_u32", op: [numFamilies]int16{0x119, 0x30f, 0x300, 0x300, na}, e64: inGFX9, carry: true, src: [3]srcType{tB32, tB32}, mods: mClamp},
	VSubCoU32:    {name: "v_sub_co_u32", op: [numFamilies]int16{0x11a, 0x310, 0x301, 0x301, na}, e64: inGFX9, carry: true, src: [3]srcType{tB32, tB32}, mods: mClamp},
	VSubrevCoU32: {name: "v_subrev_co_u32", op: [numFamilies]int16{0x11b, 0x319, 0x302, 0x302, na}, e64: inGFX9, carry: true, src: [3]srcType{tB32, tB32}, mods: mClamp},
	VAddcCoU32:   {name: "v_addc_co_u32", op: [numFamilies]int16{0x11c, na, na, na, na}, e64: inAll, carry: true, src: [3]srcType{tB32, tB32, tMask}, mods: mClamp},
	VSubbCoU32:   {name: "v_subb_co_u32", op: [numFamilies]int16{0x11d, na, na, na, na}, e64: inAll, carry: true, src: [3]srcType{tB32, tB32, tMask}, mods: mClamp},
	VAddCoCiU32:  {name: "v_add_co_ci_u32", op: [numFamilies]int16{na, 0x128, 0x120, 0x120, na}, e64: inAll, carry: true, src: [3]srcType{tB32, tB32, tMask}, mods: mClamp},
	VSubCoCiU32:  {name: "v_sub_co_ci_u32", op: [numFamilies]int16{na, 0x129, 0x121, 0x121, na}, e64: inAll, carry: true, src: [3]srcType{tB32, tB32, tMask}, mods: mClamp},
	VAddU32:      {name: "v_add_u32", op: [numFamilies]int16{0x134, na, na, na, na}, e64: inAll, src: [3]srcType{tB32, tB32}, mods: mClamp},
	VSubU32:      {name: "v_sub_u32", op: [numFamilies]int16{0x135, na, na, na, na}, e64: inAll, src: [3]srcType{tB32, tB32}, mods: mClamp},
	VAddNcU32:    {name: "v_add_nc_u32", alias: "v_add_u32", op: [numFamilies]int16{na, 0x125, 0x125, 0x125, na}, e64: inAll, src: [3]srcType{tB32, tB32}, mods: mClamp},
	VSubNcU32:    {name: "v_sub_nc_u32", alias: "v_sub_u32", op: [numFamilies]int16{na, 0x126, 0x126, 0x126, na}, e64: inAll, src: [3]srcType{tB32, tB32}, mods: mClamp},
}

// String returns the canonical mnemonic without any _e64 suffix.
func (o Opcode) String() string {
	if o == OpInvalid || o >= numOpcodes {
		return "<invalid opcode>"
	}
	return rows[o].name
}

// NumSrc returns how many source operands the instruction has.
func (o Opcode) NumSrc() int {
	if o >= numOpcodes {
		return 0
	}
	n := 0
	for n < 3 && rows[o].src[n] != tNone {
		n++
	}
	return n
}

// HasCarryOut reports whether the instruction is VOP3B: a lane-mask
// destination (carry-out or v_div_scale's VCC) in bits 14:8.
func (o Opcode) HasCarryOut() bool { return o < numOpcodes && rows[o].carry }

// OpcodeIn returns the 10-bit OP field of o in generation g, and false when
// g lacks the instruction.
func OpcodeIn(g Gen, o Opcode) (uint16, bool) {
	if o == OpInvalid || o >= numOpcodes || !g.valid() {
		return 0, false
	}
	r := &rows[o]
	n := r.op[famIndex(g.fam)]
	if n < 0 || !g.has(r.need) {
		return 0, false
	}
	return uint16(n), true
}

// Mnemonic returns the text LLVM prints for o in generation g, with the _e64
// suffix where that generation also has a shorter encoding.
func Mnemonic(g Gen, o Opcode) string {
	if o == OpInvalid || o >= numOpcodes || !g.valid() {
		return o.String()
	}
	r := &rows[o]
	if r.e64.has(g.fam) {
		return r.name + "_e64"
	}
	return r.name
}

// lookupOp finds the row a decoder should use for an OP field value.
func lookupOp(g Gen, op uint16) Opcode {
	for o := Opcode(1); o < numOpcodes; o++ {
		if n, ok := OpcodeIn(g, o); ok && n == op {
			return o
		}
	}
	return OpInvalid
}
