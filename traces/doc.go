// Package traces owns the front ends that turn what a compiler emitted (PTX for
// NVIDIA warps, AMDGPU assembly for AMD wavefronts) into the decoded program
// representation that the rest of gpusim executes: a Program of Kernels, each a
// flat, linked slice of Inst values with typed operands, modifiers, source
// positions and a unit-class key. Decoding happens once; nothing downstream
// looks at instruction text again.
//
// It imports nothing else of the project.
package traces
