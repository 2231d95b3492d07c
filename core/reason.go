package core

import "github.com/gpusim/gpusim/mem"

// Cycle is a time or a duration in core clock cycles (the memory model's
// type, so that completion times pass through unchanged).
type Cycle = mem.Cycle

// Never is a time that does not come: the wake time of a warp that waits
// for something only another warp can do (a barrier).
const Never = ^Cycle(0)

// Reason is the state of an active warp in one cycle: issued, ready but not
// picked, or the reason it could not issue. The names follow Nsight
// Compute's warp states where they mean the same thing.
type Reason uint8

const (
	// Selected: the warp issued an instruction this cycle.
	Selected Reason = iota
	// NotSelected: the warp could have issued, but the scheduler picked
	// another one (or had no issue slot this cycle, or, under two_level,
	// the warp is outside the active set).
	NotSelected
	// ShortScoreboard: the next instruction reads or writes a register
	// whose value a functional unit (not memory) is still computing (AMD:
	// reads; also the idle cycles of an s_nop, counted on the s_nop).
	ShortScoreboard
	// LongScoreboard: the next instruction reads or writes a register that
	// a memory instruction (any space) has not yet delivered. AMD: the
	// wave passed an s_waitcnt (or s_wait_*) whose memory operations have
	// not all completed; counted on the wait.
	LongScoreboard
	// PipeBusy: the unit the next instruction needs is still occupied by
	// earlier warp instructions (pipe throttle).
	PipeBusy
	// Barrier: the warp waits at a block barrier (and the cycle it is
	// released). PTX counts it on the instruction after bar.sync, AMD on
	// the s_barrier (s_barrier_wait) itself.
	Barrier
	// Membar: a membar/fence waits for the warp's outstanding memory
	// instructions to complete.
	Membar
	// NoInstruction: the warp waits for its next instruction after a
	// control transfer (bra, call, ret): the branch unit's latency.
	NoInstruction
	// WaitGroup: the warp waits for asynchronous copies to complete:
	// cp.async.wait_group / wait_all (cp.async.bulk.wait_group) for its
	// committed groups, or an mbarrier test_wait/try_wait for the copies
	// that signal the block's mbarriers (async.go); counted on the wait.
	WaitGroup
	// NumReasons is the number of states.
	NumReasons
)

var reasonNames = [NumReasons]string{
	"selected", "not_selected", "short_scoreboard", "long_scoreboard",
	"pipe_busy", "barrier", "membar", "no_instruction", "wait_group",
}

// String is the state's name in reports ("long_scoreboard").
func (r Reason) String() string {
	if r < NumReasons {
		return reasonNames[r]
	}
	return "?"
}

// ready is the evaluation result of a warp that can issue now; it is never
// stored as a state.
const ready = NumReasons
