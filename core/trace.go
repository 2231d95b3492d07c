package core

import (
	"github.com/gpusim/gpusim/traces"
	"github.com/gpusim/gpusim/warp"
)

// The tracer hook. An SM announces what happens in it, as akita's hookable
// components do, to an optional Listener (SMConfig.Listener): every issue,
// every span of time a warp spent in one state (the stall reasons), every
// result's completion, every memory access and every block's admission and
// retirement, each with the cycle, the SM, the partition, the warp slot,
// the block and the static instruction it concerns. The counters the
// reports are built from (SMStats, PartitionStats, PCStats) are exactly
// the sums of these events, so they could be one listener; a timeline
// writer (a Perfetto trace of warps and units) is another.
//
// The hook costs nothing when it is off: each event site is one nil check,
// and with no listener no event is built, no interface is called and
// nothing is allocated. Events are plain values passed by value; a
// listener that keeps one keeps a copy. A listener is called from the
// goroutine that steps the SM, in simulation order for each SM; events of
// different SMs interleave as the caller steps them (package sim steps
// SMs in index order each cycle). Within one SM, the cycles of successive
// events never decrease, except that a CompleteEvent and a MemoryEvent are
// announced at issue and carry their (later) completion cycle.
//
// Everything a listener needs to name things is in the events and in the
// Machine and Program the SM was built from: Unit indexes Machine.Units,
// PC indexes Program.Kernel().Code (PC == len(Code) is the implicit exit),
// Block is the handle the caller passed to Admit.

// Listener receives an SM's events. Implementations embed NopListener to
// take only the events they want.
type Listener interface {
	// Issue: a warp issued an instruction (or, for an AMD hint, executed
	// it in no time).
	Issue(IssueEvent)
	// State: a warp spent [Start, End) in one state at one instruction;
	// the span closes when the warp changes state or instruction, exits,
	// or the SM finishes. Every cycle of an active warp is in exactly one
	// span.
	State(StateEvent)
	// Complete: the result of an issued instruction becomes readable (the
	// scoreboard releases its registers) at Done.
	Complete(CompleteEvent)
	// Memory: a memory instruction's access, timed by the memory model.
	Memory(MemoryEvent)
	// Block: a block became resident or retired.
	Block(BlockEvent)
}

// Where identifies the warp an event is about.
type Where struct {
	SM        int   // SMConfig.ID
	Partition int   // the scheduler (sub-core, SIMD) within the SM
	Slot      int   // the warp slot within the SM (SM-wide numbering)
	Block     int   // the block's handle (Admit)
	Warp      int   // the warp's index within its block
	PC        int32 // the static instruction (index into Kernel.Code)
}

// IssueEvent is one issue.
type IssueEvent struct {
	Where
	Cycle Cycle
	// Unit indexes Machine.Units; -1 for an AMD hint (s_delay_alu,
	// s_clause, ...), which takes no unit and no cycle.
	Unit int
	// Latency is the cycles from issue until the result is readable
	// (memory: until the data is back or the store accepted; a wait: until
	// the entries it retires complete), as PCStats.Latency records it.
	Latency Cycle
	// Occupancy is how long the unit instance is busy with it (its
	// initiation interval, or more when the warp has more threads than the
	// unit has lanes).
	Occupancy Cycle
	// Threads is the number of lanes that executed it (guard true).
	Threads int
	// Insts is the warp instructions it stands for: 2 for an AMD VOPD
	// pair, else 1.
	Insts int
	// Exited: the instruction retired the warp's last lanes.
	Exited bool
	// Op and Ops: the instruction issues as the machine code ptxas emits
	// for it (the machine model's expansion table, expand.go), and this is
	// micro-op Op of a sequence of Ops (on the slow path: the fast ops up
	// to its branch, then the slow code's). Each op is its own IssueEvent
	// on its own unit, with its own latency and occupancy; op 0 carries
	// Insts 1 and Threads (the instruction executes then), the others
	// Insts 0. Ops is 0 for an instruction that issues as itself.
	Op, Ops int
	// Slow: the warp takes the expansion's slow path.
	Slow bool
}

// StateEvent is a span of time one warp spent in one state.
type StateEvent struct {
	Where
	State      Reason
	Start, End Cycle
}

// CompleteEvent is the completion of one issued instruction's result.
type CompleteEvent struct {
	Where
	Issued, Done Cycle
	// Long: the result comes from memory (long_scoreboard for readers).
	Long bool
	// Ops is the length of the micro-op sequence of an expanded
	// instruction (0: it issued as itself): it is announced once, at its
	// last op, with Issued its first op's issue; Done - Issued is then the
	// latency PCStats records.
	Ops int
}

// MemoryEvent is one warp memory access.
type MemoryEvent struct {
	Where
	// CU is the memory model's SM index of the access (a WGP-mode SM spans
	// two CUs).
	CU    int
	Kind  warp.AccessKind
	Space traces.Space // the space the access went to (its first lane's)
	// Reduce: a read-modify-write without a result (PTX red, AMD atomics
	// without return).
	Reduce bool
	Lanes  int // lanes that accessed memory
	Bytes  int // bytes per lane
	// Issued and Done are when it was issued and when it completed; Ack
	// is when its AMD wait counter entry completes (a global store's L2
	// acknowledgement), equal to Done otherwise.
	Issued, Done, Ack Cycle
}

// BlockEvent is a block's admission (Retired false) or retirement.
type BlockEvent struct {
	SM      int
	Block   int // the handle passed to Admit
	Warps   int
	Cycle   Cycle
	Retired bool
}

// NopListener ignores every event; embed it to implement only some.
type NopListener struct{}

func (NopListener) Issue(IssueEvent)       {}
func (NopListener) State(StateEvent)       {}
func (NopListener) Complete(CompleteEvent) {}
func (NopListener) Memory(MemoryEvent)     {}
func (NopListener) Block(BlockEvent)       {}

// Listeners sends every event to each of its listeners in order.
type Listeners []Listener

func (ls Listeners) Issue(e IssueEvent) {
	for _, l := range ls {
		l.Issue(e)
	}
}

func (ls Listeners) State(e StateEvent) {
	for _, l := range ls {
		l.State(e)
	}
}

func (ls Listeners) Complete(e CompleteEvent) {
	for _, l := range ls {
		l.Complete(e)
	}
}

func (ls Listeners) Memory(e MemoryEvent) {
	for _, l := range ls {
		l.Memory(e)
	}
}

func (ls Listeners) Block(e BlockEvent) {
	for _, l := range ls {
		l.Block(e)
	}
}

// where describes warp sl at instruction pc for an event.
func (s *SM) where(sl *slot, pc int32) Where {
	w := Where{SM: s.id, Partition: int(sl.pidx), Slot: int(sl.id), Warp: int(sl.wib), PC: pc}
	if sl.blk >= 0 {
		w.Block = s.blocks[sl.blk].handle
	}
	return w
}
