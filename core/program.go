package core

import (
	"math/bits"

	"github.com/gpusim/gpusim/config"
	"github.com/gpusim/gpusim/traces"
)

// Program is what the timing model needs of each static instruction of a
// kernel, computed once per launch: the unit it goes to, its latency and
// initiation interval (per-opcode overrides applied), and the scoreboard
// slots it reads and writes. Index len(Kernel.Code) is the implicit exit.
// It is read-only after NewProgram and shared by every SM.
//
// Everything here comes from the kernel's dependency data
// (traces.KernelDeps), which the instruction tables' rows give in
// ISA-neutral terms: core never looks at an opcode or an operand.
//
// The scoreboard is a hardware interlock for every dependency. Hazards are
// what the dependency data says an instruction waits for: for PTX the
// registers, predicates and carry flag it reads or writes, for AMD the
// registers (VGPRs, SGPRs, VCC, EXEC, M0, SCC, MODE) it reads, since values
// are computed at issue and a wave issues in order. A reader waits for the
// last writer issued before it (whose result time replaces any earlier
// writer's). GFX9 has an interlock for VALU results read by VALU; GFX11
// and GFX12 rely on s_delay_alu hints for them instead, but a hint only
// tells the hardware the delay a dependency needs, which the interlock
// computes itself: the two give the same timing for code that carries
// correct hints. s_delay_alu and the other pure hints (TimingHint)
// therefore execute in no time (SM.skipHints), while s_nop N idles the
// wave N+1 cycles, its issue included (instInfo.nop). A VOPD pair issues as
// one instruction: the X half's entry holds both halves' slots.
type Program struct {
	kernel *traces.Kernel
	insts  []instInfo
	// slots holds every instruction's scoreboard slots: insts[pc].use
	// indexes the ones it waits for, insts[pc].def the ones it writes.
	slots  []int32
	nslots int
	routes []config.Route

	// Expansions (expand.go): exps[insts[pc].xp] is the machine code the
	// instruction issues as, its micro-ops in mops (their dependences on
	// earlier ops in odeps); maxSeq is the longest sequence.
	exps   []expansion
	mops   []microOp
	odeps  []int32
	maxSeq int
	// hintRun is the longest run of consecutive pure hints (SM.skipHints
	// executes one ahead of a warp's next instruction).
	hintRun int
}

// span is a range [lo, hi) of Program.slots.
type span struct{ lo, hi int32 }

// instInfo is one static instruction's timing data.
type instInfo struct {
	unit    int32  // index into Machine.Units
	lat     Cycle  // cycles from issue until the result can be read
	init    uint32 // initiation interval in cycles
	lanes   uint32 // the unit's lanes (it takes ceil(threads/lanes) cycles)
	use     span   // scoreboard slots whose pending writes it waits for
	def     span   // scoreboard slots written
	reduce  bool   // a read-modify-write without a result (PTX red, AMD atomics without return)
	membar  bool   // waits for the warp's outstanding memory instructions
	hasDefs bool
	device  bool // reaches state other SMs share (traces.InstDeps.Device): Gate orders it
	// ahead: a step may execute it ahead of the other SMs (SM.StepAhead):
	// it does not reach shared state, nor, for a hint, does the
	// instruction after its run of hints (executed in the same step).
	ahead bool

	// AMD.
	sync bool  // adds or retires wait-counter entries: reconcile the wave's queues after it
	wait bool  // s_waitcnt / s_wait_*: holds the wave until the entries it retires complete
	smem bool  // scalar memory: timed through the scalar (constant) cache
	hint bool  // a pure hint: executed in no time (SM.skipHints)
	pair bool  // the X half of a VOPD pair: Step executes it and the next instruction
	nop  Cycle // s_nop: cycles the wave idles, its issue included

	xp int32 // index into Program.exps: issues as the machine code ptxas emits (expand.go); -1 as itself
	// Asynchronous copies (async.go).
	async      bool  // its access is an async copy, completing into the open group
	commit     bool  // closes the open group
	waitGroup  bool  // holds the warp until all but waitN groups complete
	bulk       bool  // the bulk-group queue rather than cp.async's
	mbarSignal bool  // its copies' completion signals the block's mbarriers
	mbarWait   bool  // an mbarrier wait: holds until those signals
	asyncAny   bool  // any of the above
	waitN      uint8 // groups a wait leaves in flight
}

// NewProgram resolves every instruction of k (and the implicit exit) to
// its unit on machine m and records its scoreboard slots; an instruction
// whose form has a row in m's expansion table gets that row's micro-ops
// (expand.go). An instruction
// the machine model does not route (no [opcodes] key, no unit of its
// class, no default) is an error positioned at the machine file's
// [opcodes] table.
func NewProgram(k *traces.Kernel, m *config.Machine) (*Program, error) {
	d := traces.KernelDeps(k)
	p := &Program{kernel: k, insts: make([]instInfo, len(d.Insts)), nslots: d.NumSlots, slots: d.Slots}
	routes, err := m.RoutesFor(len(d.Insts), func(pc int) ([]string, string) {
		id := &d.Insts[pc]
		names := make([]string, 0, 1+len(id.Names))
		return append(append(names, id.Key), id.Names...), id.Class
	})
	if err != nil {
		return nil, err
	}
	p.routes = routes
	for pc := range p.insts {
		id, r, info := &d.Insts[pc], routes[pc], &p.insts[pc]
		info.unit = int32(r.Unit)
		info.lat = Cycle(max(r.Latency, 0))
		info.init = uint32(max(r.Initiation, 1))
		info.lanes = unitLanes(m, r.Unit)
		info.def = span{id.Def.Lo, id.Def.Hi}
		info.use = span{id.Use.Lo, id.Use.Hi}
		info.hasDefs = id.Def.Hi > id.Def.Lo
		t := id.Timing
		info.reduce = t&traces.TimingReduce != 0
		info.device = id.Device
		info.membar = t&traces.TimingMembar != 0
		info.sync = t&traces.TimingCounted != 0
		info.wait = t&traces.TimingWait != 0
		info.smem = t&traces.TimingScalarMem != 0
		info.hint = t&traces.TimingHint != 0
		info.nop = Cycle(id.Nop)
		info.pair = id.Pair
		info.async = t&traces.TimingAsync != 0
		info.commit = t&traces.TimingCommit != 0
		info.waitGroup = t&traces.TimingWaitGroup != 0
		info.bulk = t&traces.TimingBulk != 0
		info.mbarSignal = t&traces.TimingMbarSignal != 0
		info.mbarWait = t&traces.TimingMbarWait != 0
		info.asyncAny = info.async || info.commit || info.waitGroup || info.mbarSignal || info.mbarWait
		info.waitN = id.Wait
	}
	if err := p.expand(d, m); err != nil {
		return nil, err
	}
	// Backwards, so that a hint takes ahead from the instruction after it.
	run := 0 // consecutive hints from pc on
	for pc := len(p.insts) - 1; pc >= 0; pc-- {
		info := &p.insts[pc]
		info.ahead = !info.device
		if !info.hint {
			run = 0
			continue
		}
		run++
		p.hintRun = max(p.hintRun, run)
		if pc+1 < len(p.insts) {
			info.ahead = p.insts[pc+1].ahead
		}
	}
	return p, nil
}

// Kernel is the kernel the program was built from.
func (p *Program) Kernel() *traces.Kernel { return p.kernel }

// Len is the number of static instructions plus one (the implicit exit).
func (p *Program) Len() int { return len(p.insts) }

// Route is where the instruction at pc goes on the machine.
func (p *Program) Route(pc int) config.Route { return p.routes[pc] }

// Slots is the number of scoreboard slots per warp: value registers,
// predicates and the carry flag (AMD: VGPRs, the scalar file, SCC and
// MODE).
func (p *Program) Slots() int { return p.nslots }

// unitLanes is unit class u's lanes: an instruction of t threads occupies
// it for ceil(t/lanes) cycles (at least its initiation interval).
func unitLanes(m *config.Machine, u int) uint32 { return uint32(max(1, m.Units[u].Lanes)) }

// occupancy is how long an instruction of threads threads holds a unit of
// lanes lanes (unitLanes) and initiation interval init: ceil(threads/lanes)
// cycles, at least init; a shift for a power-of-two width (every preset's),
// no division on every issue.
func occupancy(init, lanes uint32, threads int) Cycle {
	t := uint32(threads) + lanes - 1
	if lanes&(lanes-1) == 0 {
		t >>= uint(bits.TrailingZeros32(lanes))
	} else {
		t /= lanes
	}
	return max(Cycle(init), Cycle(t))
}
