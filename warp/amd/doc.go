// Package amd executes AMD wavefronts: 32 or 64 lanes with VGPRs, SGPRs,
// EXEC, VCC, SCC, M0 and MODE, set up as the kernel descriptor and the
// dispatch ABI say (Compile, NewLaunch, Block, Wave). The program manages
// divergence itself through EXEC. A load's result is written to its
// registers only when an s_waitcnt (or GFX12 s_wait_*) covers it, in both
// modes, as on silicon; the wait queues (package warp's Queue) are exposed
// for the timing model.
//
// A kernel is compiled once into one record per static instruction whose
// execute function the instruction's semantics function (one per opcode of
// the AMD table, traces/_gen) chose; the hot path does no string handling,
// no map look-ups and no allocation. Floating-point arithmetic goes through
// package alu with the wave's MODE; memory through package mem.
//
// It imports warp, alu, mem and traces.
package amd
