// Package mem owns gpusim's memory state spaces: global memory (allocations at
// explicit base addresses with guard gaps between them), the constant bank,
// the kernel parameter buffer, per-block shared memory, per-thread local
// memory and per-thread parameter frames, and the generic address space that
// maps windows onto them; and the timing of memory: coalescing of a warp's
// addresses into sectors and lines, shared-memory bank conflicts, sectored
// set-associative LRU caches (an L1 per SM, a shared L2) and DRAM with a
// latency and a bandwidth queue (timing*.go, coalesce.go, banks.go, cache.go,
// dram.go, hierarchy.go).
//
// The functional part decides what an access returns: a bounds and alignment
// check followed by a copy, and every bad access is a *Fault value, never a
// panic. The timing part decides only when: it never changes a value.
//
// Byte order is little-endian everywhere. None of the types here is safe for
// concurrent use; the simulator drives memory from one goroutine per launch.
package mem
