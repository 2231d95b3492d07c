package warp

// Completion queues: a warp's outstanding memory operations, in the order
// they issued, by the counter a wait instruction names. AMD waves park a
// load's data in its queue until s_waitcnt (GFX12 s_wait_*) retires the
// entry; the timing model (package core) mirrors each queue with
// completion cycles. PTX warps have none (their loads complete through the
// scoreboard).

// Queue is one queue of outstanding memory operations.
type Queue uint8

// The queues, by the hardware counter that counts them (GFX9: vmcnt counts
// vector loads and stores together; GFX10/GFX11: vmcnt loads, vscnt
// stores; lgkmcnt LDS and scalar memory together; GFX12: loadcnt,
// storecnt, dscnt, kmcnt one each).
const (
	QueueVMLoad  Queue = iota // vector memory loads (and returning atomics)
	QueueVMStore              // vector memory stores (and non-returning atomics)
	QueueLDS                  // LDS operations (and the LDS half of FLAT)
	QueueSMEM                 // scalar memory loads
	NumQueues                 // the number of queues
)
