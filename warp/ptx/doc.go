// Package ptx executes NVIDIA warps: per-warp state and "execute the
// instruction at this warp's PC for its active lanes", bit-exactly per the
// PTX ISA. Floating-point arithmetic whose rounding matters goes through
// package alu; memory goes through package mem. The timing model (package
// core) drives warps through package warp's Step/Result types.
//
// Value registers are laid out reg-major, regs[row*width+lane], one 64-bit
// row per register and two for a .b128 register; predicates are lane masks;
// a warp also has the carry flag, the active mask, the reconvergence stack
// and per-lane call frames. A kernel is compiled once (Compile) into one
// small record per static instruction whose execute function the
// instruction's semantics function (one per opcode of the PTX table,
// traces/_gen) chose by type and modifiers, so that the per-instruction hot
// path does no string handling, no map look-ups and no allocation. A Launch
// holds what a kernel launch shares (grid, memory, numerics model); a Block
// is one CTA (its warps, shared memory, barriers) with a functional Run.
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
// It imports warp, alu, mem and traces.
package ptx
