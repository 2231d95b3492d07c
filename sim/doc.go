// Package sim owns a whole simulated GPU run: loading a launch (launch files,
// buffers and kernel arguments), placing blocks, driving execution (the
// functional mode here; the cycle-level clock when the timing model runs,
// on one goroutine, where an SM whose steps touch only itself runs ahead of
// the others (runAhead in timing.go), or on several, with the same results:
// timing_parallel.go),
// the counters every issue and stall lands in, and the reports that are
// views over those counters. It also bounds a run: Limits stop a kernel
// that does not terminate, or an interrupted one, with its statistics so
// far marked Partial and where every unfinished warp stands; a memory
// budget is checked against everything a launch will allocate before it
// is allocated (budget.go, footprint.go). A Device keeps memory and loaded
// modules between launches for the CUDA runtime (package sim/cuda).
package sim
