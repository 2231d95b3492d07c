// Package warp owns what the execution of NVIDIA warps (package warp/ptx)
// and AMD wavefronts (package warp/amd) share: the Result of one Step and
// the memory Access it made, the Fault a simulated program raises, the
// completion queues AMD waits retire, the round-robin functional loop
// (RunRoundRobin, and RunBudget with instruction and turn limits and a stop
// channel), the Place of a warp that a diagnosis reports, and the lane
// helpers (MaxWidth lanes per lane mask, LowMask, LoadN/StoreN
// little-endian access). The timing model (package
// core) drives both kinds of warp through these types without knowing
// which ISA it runs.
//
// It imports alu, mem and traces of the project, never warp/ptx or
// warp/amd.
package warp
