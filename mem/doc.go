// Package mem owns gpusim's memory state spaces: global memory (allocations at
// explicit base addresses with guard gaps between them), the constant bank,
// the kernel parameter buffer, per-block shared memory, per-thread local
// memory and per-thread parameter frames, and the generic address space that
// maps windows onto them. This file set is the functional part: every access
// is a bounds and alignment check followed by a copy, and every bad access is
// a *Fault value, never a panic. The timing of memory (caches, banks,
// coalescing) lives elsewhere and never changes what an access returns.
//
// Byte order is little-endian everywhere. None of the types here is safe for
// concurrent use; the simulator drives memory from one goroutine per launch.
package mem
