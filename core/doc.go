// Package core is the timing model of one SM (AMD: one CU, or one WGP when
// CUs pair up): its partitions (NVIDIA sub-cores, AMD SIMDs), each with a
// warp scheduler (lrr, gto, oldest, two_level) that issues up to
// issue_width warps per cycle; a scoreboard on every value register,
// predicate and the carry flag of every resident warp (AMD: VGPRs, SGPRs,
// VCC, EXEC, M0, SCC and MODE); and functional units as pipelines with
// lanes, latency and initiation from the machine model. Core is
// ISA-neutral: what each instruction reads, writes and where it goes comes
// from the kernel's dependency data (traces.KernelDeps), which the
// instruction tables' rows (implicit registers, unit class, timing facts)
// give; it never names an opcode or an operand kind (program.go).
// Instructions execute at issue (package warp computes the values); the
// pipeline decides when their results become visible. With the machine's
// expansion table (config gpu.expansions) a PTX instruction issues as the
// machine code ptxas emits for it: its micro-operations, each an issue slot
// on its own unit with its own scoreboard waits, the values computed at the
// first (expand.go). Memory instructions take their completion time from
// the memory hierarchy (package mem). AMD loads reach their registers at the s_waitcnt that
// retires them, and the wave waits there until they have arrived
// (amd_wait.go).
//
// Every cycle, every active warp of a partition is in exactly one state
// (Reason). States are kept lazily: a warp's state changes only at events
// (an issue, a result landing, a unit freeing, a barrier releasing), so a
// caller may jump the clock to the next event (SM.Wake) and the time in
// between lands on each warp's current state at once. The counters live in
// SMStats and PCStats values that the caller (package sim) owns. A step
// that touches only the SM may run ahead of the other SMs' (ahead.go,
// gate.go for the parallel clock's ordering of the others).
//
// An optional Listener (trace.go, SMConfig.Listener) receives every issue,
// warp-state span, completion, memory access and block admission and
// retirement, with the cycle, SM, partition, warp slot, block and PC: the
// counters are the sums of these events, and a timeline writer can attach
// there. With no listener the hook costs one nil check per event site.
package core
