// Package warp owns the functional execution of NVIDIA warps and AMD
// wavefronts: per-warp state and "execute the instruction at this warp's PC
// for its active lanes", bit-exactly per the ISA. Floating-point arithmetic
// whose rounding matters goes through package alu; memory goes through
// package mem. The timing model (package core) drives both kinds through the
// same Step/Result interface.
//
// PTX warps (warp.go, compile.go and friends): value registers laid out
// reg-major, regs[row*width+lane], one 64-bit row per register and two for a
// .b128 register; predicate lane masks, the carry flag, the active mask, the
// reconvergence stack and per-lane call frames. A kernel is compiled once
// (Compile) into one small record per static instruction with its execute
// function chosen by opcode and type, so that the per-instruction hot path
// does no string handling, no map look-ups and no allocation. A Launch holds
// what a kernel launch shares (grid, memory, numerics model); a Block is one
// CTA (its warps, shared memory, barriers) with a functional Run.
//
// Divergence uses a post-dominator SIMT stack: a divergent bra pushes the
// fall-through and taken paths above a reconvergence entry at the
// instruction's Reconv index (traces.Inst.Reconv: the immediate
// post-dominator, with early exits not holding the join back; the
// fall-through path runs first); ret and exit retire lanes from every entry,
// so lanes that leave inside a region never block the others' join. Calls
// push a frame entry, so calls inside divergent code and divergent returns
// inside callees reconverge at the instruction after the call.
//
// AMD wavefronts (wave*.go): 32 or 64 lanes with VGPRs, SGPRs, EXEC, VCC,
// SCC, M0 and MODE, set up as the kernel descriptor and the dispatch ABI
// say (CompileWave, WaveLaunch, WaveBlock, Wave). The program manages
// divergence itself through EXEC. A load's result is written to its
// registers only when an s_waitcnt (or GFX12 s_wait_*) covers it, in both
// modes, as on silicon; the wait queues are exposed for the timing model.
package warp
