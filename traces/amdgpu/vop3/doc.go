// Package vop3 encodes and decodes AMD VOP3 vector instructions (the 64-bit
// VOP3A and VOP3B formats, plus the trailing 32-bit literal dword of GFX10 and
// later) for five instruction-set generations: GFX9 (CDNA 1-4: gfx900 …
// gfx942, gfx950), GFX10 (RDNA 1-2: gfx1010 … gfx1036), GFX11 (RDNA 3 and
// 3.5: gfx1100 … gfx1153), GFX12 (RDNA 4: gfx1200, gfx1201) and CDNA 5
// (gfx1250, gfx1251, which LLVM calls GFX12.5; RDNA 4's layout, and only the
// opcodes a source states: see CDNA5).
//
// It owns one opcode table (table.go): a row per instruction with its opcode
// number in each generation, the target features it needs, its operand shape
// and the modifiers it takes. Get a Gen with ParseGen ("gfx1100",
// "gfx1030:wave64"), then
//
//	b, err := vop3.Assemble(g, "v_div_fixup_f32 v5, v1, v2, s3")
//	text, n, err := vop3.Disassemble(g, b)
//	in, n, err := vop3.Decode(g, b) // typed form for the AMDGPU front end
//
// Text is parsed and printed exactly as LLVM 19's AMDGPU assembler
// (llvm-mc-19) spells it; ShowEncoding reproduces its -show-encoding lines.
// Assembly errors are *SyntaxError (line:col: message), decoding errors
// *DecodeError; nothing panics on bad input.
//
// Where it differs from llvm-mc-19, on purpose:
//   - only VOP3 is emitted, so a mnemonic that also has a VOP1/VOP2 form
//     must carry its _e64 suffix (v_add_f32_e64, v_rcp_f32_e64);
//   - fp modifiers on an integer literal of an f64 source (neg(0x3ff80000))
//     are accepted: LLVM prints them but cannot read them back;
//   - text LLVM wrongly accepts is rejected: |x| on VOP3B sources (LLVM drops
//     the bit), src_scc as a VOP3B destination, exec_lo as a wave32 lane-mask
//     source, src_vccz/src_execz on GFX11+ when a modifier is attached;
//   - decoding is as strict as assembling, so Assemble(Disassemble(b)) == b:
//     bits in fields the instruction lacks, nonzero unused source fields,
//     reserved source codes, lds_direct, an f16 literal with a nonzero high
//     half, an f64 literal whose high dword is 1..64 (its only spelling reads
//     back as an inline integer) and constant-bus violations are errors;
//   - a literal holding an inline value (a non-minimal word no assembler
//     emits) decodes and prints like LLVM, as the inline constant, and so
//     re-assembles to the shorter inline form;
//   - gfx950 is unknown to LLVM 19; it is modelled on gfx942;
//   - gfx1250 and gfx1251 are unknown to LLVM 19: CDNA 5 has RDNA 4's VOP3
//     layout and, of the table's instructions, only v_div_fixup_f32 (opcode
//     551), as AMD's machine-readable ISA specification gives them; the
//     other rows are refused there rather than guessed.
//
// Facts carried over, with their sources:
//   - field layout and the v_div_fixup_f32 opcodes: AMD's GCN/CDNA/RDNA ISA
//     manuals ("VOP3A/VOP3B" microcode formats), summarised in the project's
//     encoding spec;
//   - special-register source numbers (VCC 106, TTMP 108+ on GFX9+, M0 124 and
//     NULL 125 before GFX11, swapped on GFX11+, EXEC 126, apertures 235-238,
//     POPS_EXITING_WAVE_ID 239, VCCZ 251, EXECZ 252, SCC 253):
//     llvm/lib/Target/AMDGPU/SIRegisterInfo.td (Apache-2.0 WITH LLVM-exception);
//   - constant-bus and literal rules: LLVM's AMDGPUAsmParser
//     (validateConstantBusLimitations, validateVOPLiteral);
//   - opcode numbers and operand rules: confirmed per generation against
//     llvm-mc-19 and the vectors of llvm/test/MC/AMDGPU (see testdata).
//
// The package imports nothing else of the project.
package vop3
