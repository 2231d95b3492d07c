package report

import (
	"fmt"
	"sort"
	"strings"

	"github.com/gpusim/gpusim/config"
	"github.com/gpusim/gpusim/core"
	"github.com/gpusim/gpusim/sim"
)

// The timeline: a Chrome trace-event JSON file (docs/timeline.md) of one
// run or one program's launches, written from core's tracer hook. Each
// launch gets a TimelineLaunch, a core.Listener that files compact records
// of what happened: every issue (a slice on its scheduler's or warp slot's
// track), every warp's stall spans (per-warp tracks only), every memory
// access's completion (a marker bound to its issue by a flow), every
// block's residency on a block-slot track and the barriers it waited at.
// Finish adds the launch's slice and its counter tracks (active warps, IPC,
// DRAM bandwidth, from sim.Samples); WriteJSON writes it all.
//
// The size is bounded by a window of simulated time rather than by
// sampling: the file holds every event that starts in [from, until), where
// until is the end of the run, or, when the events after from would exceed
// the cap, the earliest cycle at which they do. A timeline is read to see
// exactly what competed for each scheduler, cycle by cycle; dropping every
// Nth block or event would leave idle-looking gaps that never happened,
// while a window is complete as far as it goes, and -timeline-from moves it
// to the part of a long run one wants to see (the report's plots over
// time show where that is).

// DefaultTimelineEvents is the default cap on a timeline's events: about
// 95 MB of JSON at some 190 bytes an event (docs/timeline.md).
const DefaultTimelineEvents = 500_000

// TimelineTracks chooses what a timeline's instruction tracks are.
type TimelineTracks uint8

const (
	// ByPartition: one track per SM partition (scheduler), a slice per
	// instruction it issued.
	ByPartition TimelineTracks = iota
	// ByWarp: one track per warp slot, with its issues and the spans it
	// stalled (by reason) in between.
	ByWarp
)

// String is the -timeline-by value.
func (b TimelineTracks) String() string {
	if b == ByWarp {
		return "warp"
	}
	return "partition"
}

// ParseTimelineTracks reads a -timeline-by value.
func ParseTimelineTracks(s string) (TimelineTracks, error) {
	switch s {
	case "partition", "":
		return ByPartition, nil
	case "warp":
		return ByWarp, nil
	}
	return 0, fmt.Errorf("unknown timeline tracks %q (partition, warp)", s)
}

// TimelineOptions choose a timeline's tracks and bound its size.
type TimelineOptions struct {
	By TimelineTracks
	// MaxEvents caps the events (every record but the names of processes
	// and tracks); 0 means DefaultTimelineEvents.
	MaxEvents int
	// From is the first cycle of the window, on the device clock (a run's
	// only launch starts at cycle 0).
	From uint64
}

// Timeline gathers the events of one run's launches, in launch order on
// the device clock. It is used from one goroutine (a run steps its SMs on
// one).
type Timeline struct {
	opt      TimelineOptions
	max      int
	machine  *config.Machine
	mhz      float64
	recs     []tlRec
	until    uint64 // the window's end (exclusive); ^0 while it is open
	before   uint64 // events before From
	after    uint64 // events at or after until
	flows    uint32 // flow ids handed out
	launches []*TimelineLaunch
	end      uint64 // the last cycle of the last finished launch
}

// NewTimeline starts an empty timeline.
func NewTimeline(opt TimelineOptions) (*Timeline, error) {
	if opt.MaxEvents < 0 {
		return nil, fmt.Errorf("the timeline's event cap must be positive, got %d", opt.MaxEvents)
	}
	if opt.By > ByWarp {
		return nil, fmt.Errorf("unknown timeline tracks %d", opt.By)
	}
	t := &Timeline{opt: opt, max: opt.MaxEvents, until: ^uint64(0)}
	if t.max == 0 {
		t.max = DefaultTimelineEvents
	}
	return t, nil
}

// tlKind is what a record is.
type tlKind uint8

const (
	recIssue   tlKind = iota // a slice per issued instruction
	recStall                 // a warp's span in a state other than selected (ByWarp)
	recMemory                // a memory access's completion marker
	recBlock                 // a block's residency on its block-slot track
	recBarrier               // a block's wait at a barrier, inside its residency
	recLaunch                // a launch on the kernels track
	recCounter               // one value of a counter track
)

// Local track numbers within a process (tid = pid*tidStride + local).
const (
	tidStride    = 10000
	trackBlocks  = 5000 // + block slot
	trackMemory  = 9000
	trackKernels = 1
)

// Processes: the GPU (kernels and counters), then one per SM.
const (
	pidGPU   = 1
	pidFirst = 2
)

// Counters, in the order of their tracks.
const (
	counterWarps = iota
	counterIPC
	counterDRAM
	numCounters
)

// tlRec is one event, in cycles of the device clock. Which fields mean
// what depends on kind (the writer, timeline_json.go, reads them): an
// issue keeps its latency in a, its threads in b, its warp instructions in
// sub and its unit in val (-1: a hint); a memory completion its latency in
// a, its bytes in b and the cycles to its acknowledgement in val; a stall
// its reason in sub; a counter which one in sub and its value in val.
type tlRec struct {
	start, end uint64
	val        float64 // counter value
	kind       tlKind
	sub        uint8 // stall: the reason; counter: which
	launch     int32
	sm         int32 // -1: the GPU process
	track      int32 // the local track
	pc         int32
	block      int32 // the block's number in its grid
	warp       int32 // the warp in its block; barrier: warps that waited
	a, b       uint32
	flow       uint32 // memory flow id (issue and completion), 0 for none
	// issue of an expanded instruction (core.IssueEvent.Op/Ops/Slow): this
	// is machine instruction op of ops; ops 0 for an instruction that
	// issues as itself.
	op, ops uint16
	slow    bool
}

// add files a record under the window rule: an event is kept when it
// starts in the window (a launch's slice when it reaches into it).
func (t *Timeline) add(r tlRec) {
	if r.kind == recLaunch && r.end > t.opt.From {
		// A launch's slice is kept when it reaches into the window.
	} else if r.start < t.opt.From {
		t.before++
		return
	}
	if r.start >= t.until {
		t.after++
		return
	}
	if len(t.recs) == cap(t.recs) {
		// Double up to the cap (append's growth for large slices is
		// slower, and copies the records more often).
		grown := make([]tlRec, len(t.recs), min(max(2*cap(t.recs), 1024), t.max+1))
		copy(grown, t.recs)
		t.recs = grown
	}
	t.recs = append(t.recs, r)
	if len(t.recs) > t.max {
		t.trim()
	}
}

// trim closes (or narrows) the window: it keeps the events that start
// before the cycle at which the cap's seven eighths are reached, so that
// the events still arriving inside the window (spans and blocks that end
// later) rarely need another trim.
func (t *Timeline) trim() {
	keep := t.max - t.max/8
	starts := make([]uint64, len(t.recs))
	for i := range t.recs {
		starts[i] = t.recs[i].start
	}
	sort.Slice(starts, func(i, j int) bool { return starts[i] < starts[j] })
	t.until = starts[keep]
	n := 0
	for _, r := range t.recs {
		if r.start < t.until {
			t.recs[n] = r
			n++
		}
	}
	t.after += uint64(len(t.recs) - n)
	t.recs = t.recs[:n]
	for _, l := range t.launches {
		l.lastIssue = -1
	}
}

// TimelineLaunch is the listener of one launch (core.Listener).
type TimelineLaunch struct {
	t      *Timeline
	id     int32
	start  uint64 // the launch's first cycle on the device clock
	name   string // the kernel's symbol
	label  string // what its slice is called (SetName), "" for the symbol
	grid   [3]uint32
	block  [3]uint32
	insts  []tlInst // per PC (the implicit exit last)
	units  []string
	last   uint64 // the latest cycle an event reached
	fault  string
	stats  *sim.KernelStats
	closed bool

	admitted  int32
	handles   []tlBlock // by block handle
	slots     [][]bool  // per SM: block slots in use
	lastIssue int       // index of the last issue record, -1 after a trim
	barriers  []tlRec   // by block handle: its barrier group not yet filed
}

// tlInst is what the writer names an instruction by.
type tlInst struct {
	name string // the mnemonic
	line int    // in the trace file
	src  string // file:line of the original source, "" without .loc
}

// tlBlock is a resident block.
type tlBlock struct {
	cta, slot, sm int32
	admit         uint64
	warps         int32
}

// Launch starts the listener of a launch that begins at cycle start of
// the device clock; a launch never starts before the previous one ended.
// The first launch's machine names the timeline's clock.
func (t *Timeline) Launch(p *sim.Prepared, start uint64) *TimelineLaunch {
	if t.machine == nil {
		t.machine, t.mhz = p.Machine, p.Machine.GPU.ClockMHz
	}
	start = max(start, t.end)
	l := &TimelineLaunch{t: t, id: int32(len(t.launches)), start: start, name: p.Kernel.Name,
		grid: p.Spec.Grid, block: p.Spec.Block, last: start, lastIssue: -1}
	code := p.Kernel.Code
	l.insts = make([]tlInst, len(code)+1)
	for pc := range code {
		in := &code[pc]
		l.insts[pc] = tlInst{name: sim.Mnemonic(in), line: int(in.Pos.Line)}
		if in.Loc.Line > 0 {
			file := p.Program.Files[in.Loc.File]
			if i := strings.LastIndexAny(file, `/\`); i >= 0 {
				file = file[i+1:]
			}
			l.insts[pc].src = fmt.Sprintf("%s:%d", file, in.Loc.Line)
		}
	}
	l.insts[len(code)] = tlInst{name: "exit", line: int(p.Kernel.Pos.Line)}
	for _, u := range p.Machine.Units {
		l.units = append(l.units, u.Name)
	}
	l.slots = make([][]bool, p.Machine.DispatchUnits())
	t.launches = append(t.launches, l)
	return l
}

// SetName names the launch's slice (a demangled kernel name, say); the
// kernel's symbol stays in its arguments.
func (l *TimelineLaunch) SetName(name string) { l.label = name }

func (l *TimelineLaunch) at(c core.Cycle) uint64 {
	v := l.start + uint64(c)
	l.last = max(l.last, v)
	return v
}

// cta is the block number of a handle.
func (l *TimelineLaunch) cta(handle int) int32 {
	if handle >= 0 && handle < len(l.handles) {
		return l.handles[handle].cta
	}
	return -1
}

func (l *TimelineLaunch) issueTrack(w *core.Where) int32 {
	if l.t.opt.By == ByWarp {
		return int32(w.Slot)
	}
	return int32(w.Partition)
}

// Issue files a slice per issued instruction: one cycle long (an AMD hint,
// which takes no cycle, none).
func (l *TimelineLaunch) Issue(e core.IssueEvent) {
	s := l.at(e.Cycle)
	end := s + 1
	if e.Unit < 0 {
		end = s
	}
	l.last = max(l.last, end)
	n := len(l.t.recs)
	l.t.add(tlRec{kind: recIssue, start: s, end: end, launch: l.id, sm: int32(e.SM), track: l.issueTrack(&e.Where),
		pc: e.PC, block: l.cta(e.Block), warp: int32(e.Warp), a: uint32(e.Latency), b: uint32(e.Threads),
		sub: uint8(e.Insts), val: float64(e.Unit), op: uint16(e.Op), ops: uint16(e.Ops), slow: e.Slow})
	l.lastIssue = -1
	if len(l.t.recs) == n+1 {
		l.lastIssue = n
	}
}

// State files a warp's stall spans (per-warp tracks) and gathers the
// barrier waits of a block's warps released at the same cycle into one
// slice from the first arrival to the release, filed once the group is
// complete (the block's next barrier, its retirement or the launch's end),
// so that the window judges it by its first arrival.
func (l *TimelineLaunch) State(e core.StateEvent) {
	s, end := l.at(e.Start), l.at(e.End)
	if l.t.opt.By == ByWarp && e.State != core.Selected {
		l.t.add(tlRec{kind: recStall, start: s, end: end, launch: l.id, sm: int32(e.SM), track: int32(e.Slot),
			pc: e.PC, block: l.cta(e.Block), warp: int32(e.Warp), sub: uint8(e.State)})
	}
	if e.State != core.Barrier || e.Block < 0 || e.Block >= len(l.handles) {
		return
	}
	for len(l.barriers) <= e.Block {
		l.barriers = append(l.barriers, tlRec{})
	}
	b := &l.barriers[e.Block]
	if b.kind == recBarrier && b.end == end && b.sm == int32(e.SM) {
		b.start = min(b.start, s)
		b.warp++
		return
	}
	l.flushBarrier(e.Block)
	h := &l.handles[e.Block]
	*b = tlRec{kind: recBarrier, start: s, end: end, launch: l.id, sm: int32(e.SM), track: trackBlocks + h.slot,
		pc: e.PC, block: h.cta, warp: 1}
}

// flushBarrier files a block's pending barrier group.
func (l *TimelineLaunch) flushBarrier(handle int) {
	if handle < len(l.barriers) && l.barriers[handle].kind == recBarrier {
		l.t.add(l.barriers[handle])
		l.barriers[handle] = tlRec{}
	}
}

// Complete: results that do not come from memory are the issue slices'
// latency argument; nothing more to file.
func (l *TimelineLaunch) Complete(core.CompleteEvent) {}

// Memory files the completion marker of an access, bound to its issue.
func (l *TimelineLaunch) Memory(e core.MemoryEvent) {
	l.t.flows++
	flow := l.t.flows
	if i := l.lastIssue; i >= 0 {
		r := &l.t.recs[i]
		if r.sm == int32(e.SM) && r.pc == e.PC && r.start == l.start+uint64(e.Issued) {
			r.flow = flow
		}
	}
	done := l.at(e.Done)
	l.at(e.Ack)
	l.t.add(tlRec{kind: recMemory, start: done, end: done, launch: l.id, sm: int32(e.SM), track: trackMemory,
		pc: e.PC, block: l.cta(e.Block), warp: int32(e.Warp), a: uint32(e.Done - e.Issued), b: uint32(e.Lanes * e.Bytes),
		val: float64(e.Ack - e.Done), flow: flow})
}

// Block numbers blocks in their order of admission, which is grid order
// (package sim dispatches so), gives each a block slot on its SM, and
// files its residency when it retires.
func (l *TimelineLaunch) Block(e core.BlockEvent) {
	for len(l.handles) <= e.Block {
		l.handles = append(l.handles, tlBlock{cta: -1, slot: -1})
	}
	h := &l.handles[e.Block]
	if e.SM < 0 || e.SM >= len(l.slots) {
		return
	}
	slots := l.slots[e.SM]
	if !e.Retired {
		slot := 0
		for slot < len(slots) && slots[slot] {
			slot++
		}
		if slot == len(slots) {
			slots = append(slots, false)
			l.slots[e.SM] = slots
		}
		slots[slot] = true
		*h = tlBlock{cta: l.admitted, slot: int32(slot), sm: int32(e.SM), admit: l.at(e.Cycle), warps: int32(e.Warps)}
		l.admitted++
		return
	}
	if h.slot < 0 {
		return // not admitted by this launch
	}
	l.flushBarrier(e.Block)
	end := l.at(e.Cycle)
	l.t.add(tlRec{kind: recBlock, start: h.admit, end: end, launch: l.id, sm: int32(e.SM), track: trackBlocks + h.slot,
		block: h.cta, warp: h.warps})
	if h.slot >= 0 && int(h.slot) < len(slots) {
		slots[h.slot] = false
	}
	h.slot = -1
}

// Finish ends the launch: st are its counters (nil when it did not run to
// the end; err then says why). Blocks still resident end at the last
// event; the launch's slice and its counter tracks are filed.
func (l *TimelineLaunch) Finish(st *sim.KernelStats, err error) {
	if l.closed {
		return
	}
	l.closed = true
	t := l.t
	end := l.last
	if st != nil && st.Timing != nil {
		end = l.start + st.Timing.Cycles
	}
	if err != nil {
		l.fault = err.Error()
	}
	for i := range l.handles {
		if h := &l.handles[i]; h.slot >= 0 {
			l.Block(core.BlockEvent{SM: int(h.sm), Block: i, Warps: int(h.warps), Cycle: core.Cycle(end - l.start), Retired: true})
		}
	}
	for i := range l.barriers {
		l.flushBarrier(i)
	}
	l.stats = st
	t.add(tlRec{kind: recLaunch, start: l.start, end: end, launch: l.id, sm: -1, track: trackKernels})
	if st != nil && st.Timing != nil {
		l.counters(&st.Timing.Samples)
	}
	t.end = max(t.end, end)
}

// counters files the launch's counter tracks: per sampling interval the
// average active warps, the IPC and the DRAM bandwidth over the GPU (each
// value holds until the next; launches follow each other without a gap).
func (l *TimelineLaunch) counters(s *sim.Samples) {
	t := l.t
	for i := 0; i < s.Len(); i++ {
		c := float64(s.Cycles(i))
		if c == 0 {
			continue
		}
		at := l.start + s.Start(i)
		t.add(tlRec{kind: recCounter, start: at, end: at, launch: l.id, sm: -1, sub: counterWarps, val: float64(s.ActiveWarpCycles[i]) / c})
		t.add(tlRec{kind: recCounter, start: at, end: at, launch: l.id, sm: -1, sub: counterIPC, val: float64(s.WarpInsts[i]) / c})
		bytes := float64(s.DRAMReadBytes[i] + s.DRAMWriteBytes[i])
		// bytes per cycle times cycles per second, in GB/s.
		t.add(tlRec{kind: recCounter, start: at, end: at, launch: l.id, sm: -1, sub: counterDRAM, val: bytes / c * t.mhz / 1e3})
	}
}
