// Package warp owns the functional execution of PTX warps: per-warp state
// (value registers laid out reg-major, regs[row*width+lane] with one 64-bit
// row per register and two for a .b128 register, predicate lane masks, the carry flag, the active mask, the reconvergence stack and the
// per-lane call frames) and "execute the instruction at this warp's PC for its
// active lanes", bit-exactly per the PTX ISA. Floating-point arithmetic whose
// rounding matters goes through package alu; memory goes through package mem.
//
// A kernel is compiled once (Compile) into a pre-decoded form: one small
// record per static instruction with its execute function chosen by opcode and
// type, so that the per-instruction hot path does no string handling, no map
// look-ups and no allocation. A Launch holds what a kernel launch shares
// (grid, memory, numerics model); a Block is one CTA (its warps, shared
// memory, barriers) with a functional Run; Warp.Step executes one warp
// instruction and reports what happened in a Result value, which the timing
// model (package core) uses.
//
// Divergence uses a post-dominator SIMT stack: a divergent bra pushes the
// fall-through and taken paths above a reconvergence entry at the
// instruction's Reconv index (traces.Inst.Reconv: the immediate
// post-dominator, with early exits not holding the join back; the
// fall-through path runs first); ret and exit retire lanes from every entry,
// so lanes that leave inside a region never block the others' join. Calls push a frame entry, so calls inside
// divergent code and divergent returns inside callees reconverge at the
// instruction after the call.
package warp
