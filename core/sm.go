package core

import (
	"fmt"

	"github.com/gpusim/gpusim/config"
	"github.com/gpusim/gpusim/mem"
	"github.com/gpusim/gpusim/warp"
)

// Warp is what the timing model needs of one warp (AMD: wavefront): the
// execution side lives in packages warp/ptx and warp/amd, whose *Warp and
// *Wave implement it (package sim checks that).
type Warp interface {
	// Step executes the instruction at PC for the active lanes, with now
	// as the value of the clock registers.
	Step(now uint64) (warp.Result, error)
	// PC is the static index of the next instruction.
	PC() int32
	// ActiveMask is the set of lanes that will execute the next instruction.
	ActiveMask() uint64
	// Waiting reports whether the warp is blocked at a barrier.
	Waiting() bool
}

// Wave is what the timing model needs beyond Warp of an AMD wavefront: its
// queues of outstanding memory operations, one per wait counter (package
// warp's Queue), which s_waitcnt retires. *amd.Wave (package warp/amd)
// implements it.
type Wave interface {
	Warp
	// Outstanding is the number of entries of queue q not yet retired.
	Outstanding(q warp.Queue) int
	// Enqueued is the set of queues (bit q for queue q) the last Step
	// added an entry to.
	Enqueued() uint8
}

// SMConfig is what an SM is built from.
type SMConfig struct {
	// ID numbers the SM (dispatch unit) from 0.
	ID      int
	Machine *config.Machine
	Program *Program
	// Memory times memory instructions; nil times them as their unit's
	// latency alone.
	Memory *mem.Hierarchy
	// Width is the warp width in lanes.
	Width int
	// Stats receives this SM's counters (NewSM sizes its slices); PC, of
	// length Program.Len(), receives the per-instruction counters and may
	// be shared by all SMs.
	Stats *SMStats
	PC    []PCStats
	// CycleByCycle evaluates every warp of every partition in every cycle
	// Step is called for, instead of only when something can have
	// changed. It gives the same numbers, slower: a check on the event
	// skipping.
	CycleByCycle bool
	// Listener, when not nil, receives the SM's events (trace.go).
	Listener Listener
	// Gate, when not nil, is waited on before every instruction that
	// reaches state other SMs share (gate.go); Latencies, when not nil,
	// receives the per-instruction latencies instead of PC (for a merge
	// in one thread's order). Both are for SMs stepped on several
	// goroutines.
	Gate      Gate
	Latencies *LatencyLog
}

// Scheduling policies.
const (
	policyLRR = iota
	policyGTO
	policyOldest
	policyTwoLevel
)

// SM is one streaming multiprocessor (AMD: compute unit, or work-group
// processor when CUs pair up): resident blocks, their warps spread over the
// partitions, the partitions' schedulers and units, and the scoreboards. It
// is driven by Admit, Step and Retire with nondecreasing times.
type SM struct {
	// What a step reads on every call comes first, in the struct's first
	// cache lines: an SM's state leaves the cache while the others step.
	parts  []partition
	free   []Cycle // per unit instance: the cycle it accepts the next warp instruction
	prog   *Program
	pcs    []PCStats
	wake   Cycle
	retire Cycle // the earliest retireAt of a resident block
	// pwake[i] is when partition i's warps may change state (the earliest
	// of their wakes, or earlier), dense so that a step reads one line.
	pwake  []Cycle
	interv Cycle
	every  bool // CycleByCycle
	// ahead: a warp's state at the next cycle may be set when a step
	// already knows what the evaluation then would find (settle), so that
	// its partition need not step for it. Not under two_level, whose
	// active set changes when its partition steps, nor with a listener,
	// which receives the states in the order the steps find them.
	ahead  bool
	policy int
	issueW int
	hook   Listener    // nil: no events
	gate   Gate        // nil: one goroutine steps every SM
	lats   *LatencyLog // nil: latencies go to pcs
	// deferring: the step runs ahead of the other SMs (StepAhead), and the
	// latencies that would take a place in their table go to later,
	// applied from laterHead on in the single-threaded order (ahead.go).
	deferring bool
	later     LatencyLog
	laterHead int
	slots     []slot
	blocks    []blockState
	stats     *SMStats
	// launch is how long after its dispatch a block's warps may issue
	// (sm.block_launch_latency); takenBranch what a control transfer adds
	// to the branch's latency (scheduler.taken_branch_penalty).
	launch, takenBranch Cycle
	// storeAck is how long after the memory pipeline accepts an AMD global
	// store the L2 acknowledges it (memory.store_ack_latency): when its
	// wait counter entry completes.
	storeAck Cycle
	// selWait[g.lo] counts the warps, over the partitions that share the
	// instances g, whose warpSched.sel is the unit class of g: when it is
	// 0 an issue into g wakes nobody (wakeWaiting; kept only for an
	// issue_interval above 1).
	selWait []int32

	id     int
	port   memPort
	twoLvl int

	nactive int   // active warps
	since   Cycle // last occupancy bookkeeping time
	used    int   // warp slots of resident blocks
	nblocks int   // resident blocks
	age     uint64
	seq     uint64 // two_level pending order
	// open gives, per state, the warp states up to a cycle without
	// reading a slot (CountTo).
	open [NumReasons]openStates
}

// partition is one scheduler with its warps and units.
type partition struct {
	// warps, ws, cands and units first: every step reads them.
	warps []*slot // active warps, oldest first
	// ws[i] is what a step reads of warps[i] before it needs the slot,
	// kept here so that a step scans one dense array.
	ws []warpSched
	// cands is stepPartition's scratch: the warps that can issue, in
	// warps order.
	cands []cand
	units []span // per unit class: its instances in SM.free
	idx   int32  // index in SM.parts (and SM.pwake)
	// blockers counts the warps whose next instruction a step ahead may
	// not execute (warpSched.ahead false).
	blockers int32
	phase    Cycle // issue slot: cycles with now % interval == phase
	stats    *PartitionStats
	cu       int // the memory model's SM index of this partition's CU
	// selBits[u*selWords:(u+1)*selWords] is the set of the i whose
	// ws[i].sel is u, which wakeWaiting reads; it is kept only for an
	// issue_interval above 1 (setSel).
	selBits  []uint64
	selWords int
	exits    int    // warps that exited in this step (to drop from warps)
	greedy   int32  // gto: 1 + the index in warps of the warp issued last, 0 for none
	lastAge  uint64 // lrr: age of the warp issued last
	nactive  int    // two_level: warps in the active set
	n        int    // active warps
	since    Cycle
}

// openStates are an SM's active warps in one state: how many (n), and
// the cycles its partitions counted in that state less the sum of those
// warps' since, modulo 2^64 (acc). flush adds the same to both, so acc
// changes only when a warp enters or leaves the state; the cycles in the
// state up to b, counted or not, are n*b + acc.
type openStates struct {
	n, acc uint64
}

// sbEntry is a warp's scoreboard entry for one dependency slot: when its
// pending value lands (ready), whether from memory (long), and the unit
// class computing it (from, -1: none; stall attribution), in one 8-byte
// word so that a warp's entries take few cache lines: bit 0 long, bits
// 1-41 ready, bits 42-63 from+1. A ready time is at most 2^41-1 (the
// clock stops at 2^39, MaxTimingCycles, and no latency is above 2^20);
// NewSM checks that unit classes fit.
type sbEntry uint64

const (
	sbReadyBits = 41
	sbFromShift = 1 + sbReadyBits
	sbMaxReady  = 1<<sbReadyBits - 1
	sbMaxUnits  = 1<<(64-sbFromShift) - 1
)

func newSB(ready Cycle, from int32, long bool) sbEntry {
	e := sbEntry(min(ready, sbMaxReady))<<1 | sbEntry(from+1)<<sbFromShift
	if long {
		e |= 1
	}
	return e
}

func (e sbEntry) ready() Cycle { return Cycle(e>>1) & sbMaxReady }

// order is ready<<1 | long: entries compare by when they land, then
// memory after the rest.
func (e sbEntry) order() uint64 { return uint64(e) & (1<<sbFromShift - 1) }
func (e sbEntry) long() bool    { return e&1 != 0 }
func (e sbEntry) from() int32   { return int32(e>>sbFromShift) - 1 }

// warpSched is a warp's part of its partition's dense array.
type warpSched struct {
	// wake is when the warp's state may change: it is evaluated then.
	wake Cycle
	// sel is the unit class the warp needs when it waits, able to issue,
	// for the partition's next issue slot (state NotSelected, not a
	// candidate now), else -1. Only the end of a step sets it (the warps
	// not selected); the next evaluation clears it.
	sel int32
	// cand: the warp can issue in this step and has not been tried yet
	// (false between steps).
	cand bool
	// ahead: the warp's next instruction may be executed by a step ahead
	// of the other SMs (instInfo.ahead, CanStepAhead).
	ahead bool
}

// cand is a warp that can issue at the step: warps[i] of its partition,
// the unit class u its issue needs (-1: none), and kept: it was waiting
// for its issue slot since its last evaluation (warpSched.sel), so its
// state is NotSelected at its next instruction already and its slot was
// not read.
type cand struct {
	sl   *slot
	i, u int32
	kept bool
}

// setSel records that warp j of partition p waits for its issue slot
// needing unit class u (-1: it does not).
func (s *SM) setSel(p *partition, j int, u int32) {
	w := &p.ws[j]
	if old := w.sel; old != u {
		w.sel = u
		if s.interv > 1 { // else no wakeWaiting
			s.selIndex(p, j, old, u)
		}
	}
}

// selIndex moves warp j of partition p from unit class old's waiting set
// to u's (-1: none).
func (s *SM) selIndex(p *partition, j int, old, u int32) {
	bit := uint64(1) << uint(j&63)
	if old >= 0 {
		p.selRow(old)[j>>6] &^= bit
		s.selWait[p.units[old].lo]--
	}
	if u >= 0 {
		p.selRow(u)[j>>6] |= bit
		s.selWait[p.units[u].lo]++
	}
}

// selRow is the set of p's warps waiting for their issue slot that need
// unit class u, a bit per warp index.
func (p *partition) selRow(u int32) []uint64 {
	return p.selBits[int(u)*p.selWords : int(u+1)*p.selWords]
}

// pending is when the last of warp sl's scoreboard slots rs lands,
// whether it waits on memory (on a tie, memory wins, then the later slot)
// and the unit computing it (-1: nothing pending).
func (sl *slot) pending(rs []int32) (Cycle, bool, int32) {
	var best sbEntry // so far; 0 is nothing pending (ready 0, from -1)
	for _, r := range rs {
		// Later, or as late and from memory: e.ready() > ready, or
		// e.ready() == ready && e.long().
		if e := sl.sb[r]; e.order() > best.order()&^1 {
			best = e
		}
	}
	return best.ready(), best.long(), best.from()
}

// wake is when warp sl's state may change: it is evaluated again then.
func (sl *slot) wake() Cycle { return sl.part.ws[sl.widx].wake }

// setWake sets warp sl's wake.
func (sl *slot) setWake(t Cycle) { sl.part.ws[sl.widx].wake = t }

// slot is one warp slot: the warp resident there and its timing state.
// The fields eval reads come first, in the slot's first cache line; its
// wake time lives in the partition (partition.ws).
type slot struct {
	// The first slotHotBytes: what eval, setState and the end of a step
	// read. A step that reaches the slot at all touches them.
	hold  Cycle // the warp cannot issue before hold ...
	sbAt  Cycle // see npc
	since Cycle // when the warp entered state (at pc)
	part  *partition
	// npc is the warp's next instruction; sbAt is when the scoreboard lets
	// it issue (the last of its pending slots lands), sbLong whether that
	// slot waits on memory. Both change only when the warp issues.
	npc     int32
	holdPC  int32 // ... and the time counts on this PC (-1: npc)
	nunit   int32 // the unit the next issue needs (-1: none)
	pc      int32
	holdWhy Reason
	state   Reason
	sbLong  bool
	// waiting: the warp's last instruction left it waiting at a barrier
	// (Warp.Waiting then); another warp may have released it since.
	waiting bool
	widx    int32 // the warp's index in part.warps and part.ws

	// What an issue reads of every warp follows, in the next two lines:
	// from exited to pidx.
	exited bool
	// parked: the warp waits at a barrier with no wake time; a release
	// (by any instruction of another warp of its block) unparks it.
	parked   bool
	inActive bool
	blk      int32

	w       Warp
	memDone Cycle     // the warp cannot pass a membar before memDone
	sb      []sbEntry // per scoreboard slot
	sbUnit  int32     // the unit whose result sbAt waits for (-1: none)
	barPC   int32     // AMD: the barrier instruction the wave waits at (-1: PTX, npc)
	// wave is the warp as an AMD wavefront (nil for PTX warps); pend
	// mirrors its wait-counter queues with completion cycles.
	wave Wave
	age  uint64
	gw   uint64 // GPU-unique warp number (local memory layout)
	id   int32
	wib  int32 // the warp's index in its block
	pidx int32 // index of part in SM.parts

	// x is an expanded instruction in progress (expand.go).
	x expState

	pend [waveQueues]cycleRing

	// acp is the warp's asynchronous copies in time (async.go).
	acp asyncState

	pendSeq uint64
	_       [slotPad]byte // to a whole number of cache lines (TestSlotLayout)
}

// slotPad makes a slot a whole number of cache lines, so that in SM.slots
// each slot's first slotHotBytes lie in one line: Go allocates an array of
// 32 KiB or more line-aligned, and a smaller one of a type with pointers 8
// bytes past a line (its allocation header), so the hot fields end 8
// bytes before the line does (TestSlotLayout).
const (
	slotHotBytes = 56
	slotPad      = 56
)

// blockState is one resident block.
type blockState struct {
	used     bool
	handle   int
	live     int     // warps not exited
	parked   int     // warps parked at a barrier
	drain    Cycle   // when its last memory instruction completes
	mbarDone Cycle   // when the async copies signalling its mbarriers complete (async.go)
	retireAt Cycle   // Never while warps run
	slots    []int32 // its warp slots
}

// NewSM builds an idle SM.
func NewSM(c SMConfig) (*SM, error) {
	m := c.Machine
	if c.Program == nil || c.Stats == nil || len(c.PC) != c.Program.Len() {
		return nil, fmt.Errorf("core: SM %d: missing program or counters", c.ID)
	}
	if c.Width < 1 || c.Width > warp.MaxWidth {
		return nil, fmt.Errorf("core: warp width %d: must be 1..%d", c.Width, warp.MaxWidth)
	}
	if len(m.Units) > sbMaxUnits {
		return nil, fmt.Errorf("core: %d unit classes: at most %d", len(m.Units), sbMaxUnits)
	}
	cus := max(1, m.GPU.CUsPerWGP)
	nparts := m.SM.Partitions * cus
	s := &SM{
		id: c.ID, prog: c.Program, stats: c.Stats, pcs: c.PC, every: c.CycleByCycle, hook: c.Listener,
		gate: c.Gate, lats: c.Latencies,
		issueW: max(1, m.Scheduler.IssueWidth), interv: Cycle(max(1, m.Scheduler.IssueInterval)),
		twoLvl: max(1, m.Scheduler.TwoLevelActive), storeAck: Cycle(max(0, m.Memory.StoreAckLatency)),
		launch: Cycle(max(0, m.SM.BlockLaunchLatency)), takenBranch: Cycle(max(0, m.Scheduler.TakenBranchPenalty)),
		parts:  make([]partition, nparts),
		pwake:  make([]Cycle, nparts),
		slots:  make([]slot, nparts*m.SM.WarpsPerPartition),
		blocks: make([]blockState, m.SM.MaxBlocks*cus),
		wake:   Never,
		retire: Never,
	}
	switch m.Scheduler.Policy {
	case config.PolicyLRR:
		s.policy = policyLRR
	case config.PolicyGTO:
		s.policy = policyGTO
	case config.PolicyOldest:
		s.policy = policyOldest
	case config.PolicyTwoLevel:
		s.policy = policyTwoLevel
	default:
		return nil, m.Errorf("scheduler.policy", "unknown policy %q", m.Scheduler.Policy)
	}
	s.ahead = s.policy != policyTwoLevel && s.hook == nil
	s.port = newMemPort(c.Memory, c.Program.Kernel(), c.Width)
	c.Stats.UnitBusy = make([]uint64, len(m.Units))
	c.Stats.Partitions = make([]PartitionStats, nparts)
	for i := range s.parts {
		p := &s.parts[i]
		p.stats = &c.Stats.Partitions[i]
		p.units = make([]span, len(m.Units))
		p.cu = c.ID*cus + i/m.SM.Partitions
		p.phase = Cycle(i) % s.interv
		p.idx = int32(i)
		s.pwake[i] = Never
		p.warps = make([]*slot, 0, m.SM.WarpsPerPartition)
		p.ws = make([]warpSched, 0, m.SM.WarpsPerPartition)
		p.selWords = (m.SM.WarpsPerPartition + 63) / 64
		p.selBits = make([]uint64, len(m.Units)*p.selWords)
		p.cands = make([]cand, 0, m.SM.WarpsPerPartition)
	}
	// Unit instances: Count per partition, or Count per CU shared by its
	// partitions.
	for u := range m.Units {
		unit := &m.Units[u]
		if unit.Scope == config.ScopeSM {
			for cu := 0; cu < cus; cu++ {
				lo := int32(len(s.free))
				s.free = append(s.free, make([]Cycle, unit.Count)...)
				for i := cu * m.SM.Partitions; i < (cu+1)*m.SM.Partitions; i++ {
					s.parts[i].units[u] = span{lo, lo + int32(unit.Count)}
				}
			}
			continue
		}
		for i := range s.parts {
			lo := int32(len(s.free))
			s.free = append(s.free, make([]Cycle, unit.Count)...)
			s.parts[i].units[u] = span{lo, lo + int32(unit.Count)}
		}
	}
	n := c.Program.Slots()
	for i := range s.slots {
		sl := &s.slots[i]
		sl.id, sl.blk = int32(i), -1
		sl.part, sl.pidx = &s.parts[i%nparts], int32(i%nparts)
		sl.gw = uint64(c.ID)*uint64(len(s.slots)) + uint64(i)
		sl.sb = make([]sbEntry, n)
		sl.x.opDone = make([]Cycle, c.Program.maxSeq)
		sl.exited = true
	}
	s.selWait = make([]int32, len(s.free)) // indexed by an instance group's first instance
	for i := range s.blocks {
		s.blocks[i].slots = make([]int32, 0, len(s.slots))
	}
	// Expanded instructions count per unit class.
	for pc := range c.PC {
		if c.Program.insts[pc].xp >= 0 && c.PC[pc].Units == nil {
			c.PC[pc].Units = make([]PCUnit, len(m.Units))
		}
	}
	return s, nil
}

// FreeWarps is the number of free warp slots.
func (s *SM) FreeWarps() int { return len(s.slots) - s.used }

// Blocks is the number of resident blocks.
func (s *SM) Blocks() int { return s.nblocks }

// WarpInsts is the number of warp instructions the SM has issued so far.
func (s *SM) WarpInsts() uint64 { return s.stats.WarpInsts }

// StepInstsMax bounds the warp instructions one Step can issue: each
// partition's issue width, every issue a VOPD pair at most, and the pure
// hints each warp slot's warp may execute ahead of its next instruction.
func (s *SM) StepInstsMax() uint64 {
	return uint64(len(s.parts)*s.issueW*2) + uint64(len(s.slots)*s.prog.hintRun)
}

// Admit makes a block resident at cycle now: its warps take the free slots
// with the lowest numbers (slot i belongs to partition i mod partitions),
// with empty scoreboards. handle is the caller's name for the block,
// returned by Retire. The warps may issue from now plus the machine's
// sm.block_launch_latency on.
func (s *SM) Admit(handle int, warps []Warp, now Cycle) error {
	bi := -1
	for i := range s.blocks {
		if !s.blocks[i].used {
			bi = i
			break
		}
	}
	if bi < 0 || len(warps) > s.FreeWarps() {
		return fmt.Errorf("core: SM %d cannot hold another block of %d warps", s.id, len(warps))
	}
	b := &s.blocks[bi]
	b.used, b.handle, b.live, b.drain, b.retireAt, b.parked = true, handle, len(warps), now, Never, 0
	b.mbarDone = 0
	b.slots = b.slots[:0]
	next := 0
	for wi, w := range warps {
		for s.slots[next].blk >= 0 {
			next++
		}
		sl := &s.slots[next]
		sl.wib = int32(wi)
		b.slots = append(b.slots, sl.id)
		clear(sl.sb)
		sl.x.pc = -1
		sl.w, sl.blk, sl.age = w, int32(bi), s.age
		s.age++
		// Until the launch latency has passed the warp holds its slot and
		// waits for its first instruction (no_instruction).
		sl.hold, sl.holdWhy, sl.holdPC, sl.barPC, sl.memDone = now+s.launch, NoInstruction, -1, -1, now
		sl.wave = nil
		if s.prog.kernel.AMD != nil {
			sl.wave, _ = w.(Wave)
		}
		for q := range sl.pend {
			sl.pend[q].reset()
		}
		sl.acp.reset()
		sl.npc, sl.sbAt, sl.sbLong = w.PC(), 0, false
		sl.nunit, sl.sbUnit = s.prog.firstUnit(sl.npc), -1
		sl.state, sl.pc, sl.since = NotSelected, sl.npc, now
		s.openState(NotSelected, now)
		sl.exited, sl.inActive, sl.parked, sl.waiting = false, false, false, false
		sl.pendSeq = s.seq
		s.seq++
		p := sl.part
		sl.widx = int32(len(p.warps))
		p.warps = append(p.warps, sl)
		// Not waiting for a slot (sel -1): it is evaluated at now, before
		// any issue could concern it.
		ahead := s.prog.insts[sl.npc].ahead
		p.ws = append(p.ws, warpSched{wake: now, sel: -1, ahead: ahead})
		if !ahead {
			p.blockers++
		}
		s.pwake[p.idx] = now
		s.countWarps(p, now, 1)
	}
	s.stats.Blocks++
	if s.hook != nil {
		s.hook.Block(BlockEvent{SM: s.id, Block: handle, Warps: len(warps), Cycle: now})
	}
	s.used += len(warps)
	s.nblocks++
	if len(warps) == 0 {
		b.retireAt = now
		s.retire = min(s.retire, now)
	}
	s.wake = min(s.wake, now)
	return nil
}

// Retire frees the blocks that finished by cycle now (every warp exited and
// every memory instruction complete) and appends their handles to done.
func (s *SM) Retire(now Cycle, done []int) []int {
	if s.retire > now {
		return done
	}
	s.retire = Never
	for i := range s.blocks {
		b := &s.blocks[i]
		if !b.used {
			continue
		}
		if b.retireAt > now {
			s.retire = min(s.retire, b.retireAt)
			continue
		}
		for _, id := range b.slots {
			s.slots[id].blk, s.slots[id].w = -1, nil
		}
		if s.hook != nil {
			s.hook.Block(BlockEvent{SM: s.id, Block: b.handle, Warps: len(b.slots), Cycle: b.retireAt, Retired: true})
		}
		b.used = false
		s.used -= len(b.slots)
		s.nblocks--
		done = append(done, b.handle)
	}
	s.updateWake()
	return done
}

// RetireAt is the earliest cycle at which a resident block retires (Never
// while every resident block has warps running).
func (s *SM) RetireAt() Cycle { return s.retire }

// Wake is the next cycle at which Step can change anything (a warp may
// issue or change state, or a block retires), Never when the SM is idle or
// every warp waits at a barrier.
func (s *SM) Wake() Cycle { return s.wake }

func (s *SM) updateWake() {
	w := s.retire
	for _, pw := range s.pwake {
		w = min(w, pw)
	}
	s.wake = w
}
