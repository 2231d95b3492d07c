package traces

// AMDGPU opcodes and the AMD-only parts of the program representation. The
// AMDGPU front end fills these in; opcodes are numbered from OpAMDBase.

// amdOpcodeName names an AMD opcode ("?" when unknown).
func amdOpcodeName(o Opcode) string {
	return "?"
}

// AMDKernel is what an AMDGPU kernel adds to Kernel: its kernel descriptor
// (`.amdhsa_kernel` block) and launch ABI from the `amdhsa.kernels` metadata.
type AMDKernel struct{}
