// Package traces owns the decoded program representation that the rest of
// gpusim executes, and the instruction tables. A Program is Kernels, each a
// flat, linked slice of Inst values with typed operands, modifiers, source
// positions and an opcode; decoding happens once, and nothing downstream
// looks at instruction text again. The front ends that produce it are
// traces/ptx (PTX) and traces/amdgpu (AMDGPU assembly, with the VOP3 codec
// traces/amdgpu/vop3).
//
// The instruction tables (ptxops_gen.go, amdops_gen.go, generated from
// _gen/ptx.ops and _gen/amd.ops by `go generate`; table.go) hold every fact
// about an instruction: its name and spellings per target, its operand
// signature, its unit class, the registers it reads and writes without
// naming them, its numerics families and its timing facts. KernelDeps turns
// them and the operands into the ISA-neutral dependency data the timing
// model reads (deps.go). The AMD processor table (amd_target.go) and
// inline constants (amd_const.go) are the ones the front end and the VOP3
// codec share.
//
// It imports nothing else of the project but diag.
package traces
