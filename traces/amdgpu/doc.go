// Package amdgpu is the AMDGPU assembly front end: it reads what LLVM's
// AMDGPU backend writes for GFX9 to GFX12 (the .amdhsa_kernel descriptor,
// the amdhsa.kernels metadata and the instructions) and returns the
// decoded program representation of package traces (Parse). Mnemonics,
// their spellings per target, operand signatures and the target table come
// from package traces; VOP3 text is checked against the VOP3 codec
// (traces/amdgpu/vop3). Errors are *diag.Error values with the file, line
// and column.
//
// It imports traces and traces/amdgpu/vop3 (and diag) of the project.
package amdgpu
