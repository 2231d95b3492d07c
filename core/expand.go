package core

import (
	"fmt"
	"math/bits"

	"github.com/gpusim/gpusim/config"
	"github.com/gpusim/gpusim/traces"
	"github.com/gpusim/gpusim/warp"
)

// Expansions: a PTX instruction whose form has a row in the machine's
// expansion table (config gpu.expansions, docs/expansions.md) issues as the
// machine code ptxas emits for it, a sequence of micro-operations, each a
// warp instruction of its own unit class:
//
//   - each op takes one issue slot (the warp issues at most one a cycle)
//     and occupies an instance of its own unit (Unit.IssueCycles of the
//     warp's threads);
//   - an op waits on the scoreboard for the PTX sources it reads, for the
//     results of the earlier ops of the sequence it reads, and (the first
//     op) for the guard and the instruction's implicit reads; an op writing
//     the destination also for the destination's pending write;
//   - a taken control transfer of the machine code (the BRA around the
//     slow path's call, a CALL, a RET) holds the warp for the branch unit's
//     latency plus scheduler.taken_branch_penalty, as a PTX branch does;
//   - the values are computed once, by the bit-exact model, when the first
//     op issues (package warp executes the PTX instruction then); the
//     destination becomes readable when the last-ready op writing it has
//     its result;
//   - when an executing lane's operands take the code's data-dependent slow
//     path (warp.Result.Slow), the warp issues the fast ops up to the slow
//     path's branch and then the slow code's ops instead of the rest.
//
// A form ptxas folds into no machine instruction (a conversion that only
// renames a register) executes in no time, as an AMD hint does: no issue
// slot, no unit; its destination is readable when its sources are. A
// guarded one issues as itself (ptxas needs a predicated move for it).
//
// Rows are found once per static instruction when the program is built, by
// the instruction's form from the dependency data (traces.InstDeps.Form),
// never by its text; the hot loop reads only the resolved micro-ops.
// config.ExpansionForm.Schedule times a row the same way, for one warp on
// an idle SM.

// microOp is one machine instruction of an expansion, resolved on the
// machine.
type microOp struct {
	unit  int32
	lat   Cycle
	init  uint32
	lanes uint32 // the unit's lanes
	use   span   // Program.slots: the scoreboard slots it waits for
	deps  span   // Program.odeps: positions in its sequence of the ops whose results it reads
	out   bool   // writes (part of) the destination
	taken bool   // a control transfer that leaves the next instruction on this path
}

// expansion is one static instruction's micro-operations: the fast path
// Program.mops[fast], and the slow path's ops Program.mops[slow], issued
// after fast op branch (which then goes the other way) instead of the fast
// ops after it.
type expansion struct {
	fast, slow span
	branch     int32
	free       bool // no machine instruction: executes in no time
	srcs       span // free: Program.slots: its source slots (traces.InstDeps.Src's, in order)
}

// expState is a slot's expanded instruction in progress.
type expState struct {
	pc     int32 // the instruction (-1: none in progress)
	pos    int32 // the sequence position of the next op
	slow   bool  // on the slow path
	first  Cycle // the first op's issue
	done   Cycle // when the destination is readable, so far
	unit   int32 // the unit of the op that made it so
	thr    int   // the warp's threads at the instruction (unit occupancy)
	exec   int   // threads that executed it (guard true)
	opDone []Cycle
}

// PCUnit is one unit class's part in an expanded instruction (PCStats.Units):
// its micro-ops issued, the cycles they occupied its instances, and the
// warp-cycles the instruction waited on it: for one of its results
// (scoreboard, short or long) or for an instance to accept an op
// (pipe_busy). A wait for a PTX source counts on the unit that computes it.
type PCUnit struct {
	Ops, Busy            uint64
	Scoreboard, PipeBusy uint64
}

// Expansion describes the machine code the instruction at pc issues as
// (the implicit exit: none): the fast path's ops and the slow path's
// (after the fast ops up to its branch), 0 and 0 for an instruction that
// issues as itself; free is a form of no machine instruction.
func (p *Program) Expansion(pc int) (fast, slow int, free bool) {
	x := p.insts[pc].xp
	if x < 0 {
		return 0, 0, false
	}
	e := &p.exps[x]
	if e.free {
		return 0, 0, true
	}
	f, s := int(e.fast.hi-e.fast.lo), int(e.slow.hi-e.slow.lo)
	if s > 0 {
		s += int(e.branch) + 1
	}
	return f, s, false
}

// OpUnit is the unit class (index into Machine.Units) of op k of the
// sequence the instruction at pc issues on its fast (slow: slow) path.
func (p *Program) OpUnit(pc, k int, slow bool) int {
	e := &p.exps[p.insts[pc].xp]
	return int(p.seqOp(e, int32(k), slow).unit)
}

// firstUnit is the unit the first issue of the instruction at pc needs:
// its own, its first micro-op's, or none (-1) for a form of no machine
// instruction.
func (p *Program) firstUnit(pc int32) int32 {
	info := &p.insts[pc]
	if info.xp < 0 {
		return info.unit
	}
	if e := &p.exps[info.xp]; !e.free {
		return p.mops[e.fast.lo].unit
	}
	return -1
}

// seqOp is op k of e's fast or slow sequence.
func (p *Program) seqOp(e *expansion, k int32, slow bool) *microOp {
	if slow && k > e.branch {
		return &p.mops[e.slow.lo+k-e.branch-1]
	}
	return &p.mops[e.fast.lo+k]
}

// seqLen is the length of e's fast or slow sequence.
func seqLen(e *expansion, slow bool) int32 {
	if slow {
		return e.branch + 1 + e.slow.hi - e.slow.lo
	}
	return e.fast.hi - e.fast.lo
}

// expand resolves the rows of machine m's expansion table for every
// instruction of the kernel.
func (p *Program) expand(d *traces.Deps, m *config.Machine) error {
	for pc := range p.insts {
		p.insts[pc].xp = -1
	}
	tab := m.Expansions()
	if tab == nil || p.kernel.AMD != nil {
		return nil
	}
	for pc := 0; pc < len(p.kernel.Code); pc++ {
		id, info := &d.Insts[pc], &p.insts[pc]
		f, ok := tab.Form(id.Form)
		if !ok {
			continue
		}
		e := expansion{branch: -1}
		if len(f.Ops) == 0 {
			if id.Guard >= 0 {
				continue // a predicated move: issues as itself
			}
			e.free = true
			e.srcs.lo = int32(len(p.slots))
			for _, r := range id.Src {
				if r >= 0 {
					p.slots = append(p.slots, r)
				}
			}
			e.srcs.hi = int32(len(p.slots))
			info.hint, info.use = true, span{}
			p.exps = append(p.exps, e)
			info.xp = int32(len(p.exps) - 1)
			continue
		}
		var err error
		if e.fast, err = p.addOps(id, f.Ops, true, f, m); err != nil {
			return err
		}
		if f.Slow != nil && len(f.SlowOps) > 0 {
			e.branch = int32(f.Slow.Branch)
			if e.slow, err = p.addOps(id, f.SlowOps, false, f, m); err != nil {
				return err
			}
		}
		p.maxSeq = max(p.maxSeq, int(seqLen(&e, false)), int(seqLen(&e, true)))
		p.exps = append(p.exps, e)
		info.xp = int32(len(p.exps) - 1)
	}
	return nil
}

// addOps resolves ops (of row f; fast: its fast path's) for the
// instruction id and appends them to Program.mops.
func (p *Program) addOps(id *traces.InstDeps, ops []config.MicroOp, fast bool, f *config.ExpansionForm, m *config.Machine) (span, error) {
	defs := p.slots[id.Def.Lo:id.Def.Hi]
	// What the instruction waits for beyond its destinations and sources:
	// the guard and the row's implicit reads.
	var other []int32
	for _, r := range p.slots[id.Use.Lo:id.Use.Hi] {
		if !has(defs, r) && !has(id.Src[:], r) {
			other = append(other, r)
		}
	}
	lo := int32(len(p.mops))
	for j := range ops {
		op := &ops[j]
		r, ok := m.Route(op.Key)
		if !ok {
			return span{}, fmt.Errorf("%s: %s: op %s: key %q has no route on %s", m.Expansions(), f.PTX, op.SASS, op.Key, m.File())
		}
		mo := microOp{unit: int32(r.Unit), lat: Cycle(max(r.Latency, 0)), init: uint32(max(r.Initiation, 1)),
			lanes: unitLanes(m, r.Unit), out: op.Out, taken: op.Taken}
		s := int32(len(p.slots))
		add := func(x int32) {
			if x >= 0 && !has(p.slots[s:], x) {
				p.slots = append(p.slots, x)
			}
		}
		for _, k := range op.In {
			if k < len(id.Src) {
				add(id.Src[k])
			}
		}
		if fast && j == 0 {
			for _, x := range other {
				add(x)
			}
		}
		if op.Out {
			for _, x := range defs {
				add(x)
			}
		}
		mo.use = span{s, int32(len(p.slots))}
		ds := int32(len(p.odeps))
		for _, k := range op.Deps {
			p.odeps = append(p.odeps, int32(k))
		}
		mo.deps = span{ds, int32(len(p.odeps))}
		p.mops = append(p.mops, mo)
	}
	return span{lo, int32(len(p.mops))}, nil
}

func has(xs []int32, x int32) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// opWait is when op k of sl's instruction in progress may issue as far as
// the scoreboard goes, whether that wait is on memory, and the unit whose
// result it waits for (-1: none).
func (s *SM) opWait(sl *slot, op *microOp) (Cycle, bool, int32) {
	t, long, from := sl.pending(s.prog.slots[op.use.lo:op.use.hi])
	x := &sl.x
	e := &s.prog.exps[s.prog.insts[x.pc].xp]
	for _, d := range s.prog.odeps[op.deps.lo:op.deps.hi] {
		if c := x.opDone[d]; c > t {
			t, long, from = c, false, s.prog.seqOp(e, d, x.slow).unit
		}
	}
	return t, long, from
}

// issueOp issues the next micro-op of warp sl's expanded instruction at
// cycle now (the first executes the instruction).
func (s *SM) issueOp(p *partition, sl *slot, now Cycle) error {
	pc := sl.npc
	info := &s.prog.insts[pc]
	e := &s.prog.exps[info.xp]
	x := &sl.x
	s.setState(sl, Selected, pc, now)
	if x.pc != pc {
		// The first op: the instruction executes.
		w := sl.w
		x.pc, x.pos, x.first, x.done, x.unit = pc, 0, now, now, -1
		s.order(info, now)
		res, err := w.Step(uint64(now))
		if err != nil {
			return err
		}
		if res.Kind == warp.KindBarrier {
			sl.waiting = w.Waiting()
		}
		x.thr = bits.OnesCount64(res.Active) // the lanes at the instruction
		x.exec = bits.OnesCount64(res.Exec)
		x.slow = res.Slow && e.slow.hi > e.slow.lo
		s.stats.WarpInsts++
		s.stats.ThreadInsts += uint64(x.exec)
		if x.slow {
			s.pcs[pc].Slow++
		}
	}
	k := x.pos
	op := s.prog.seqOp(e, k, x.slow)
	_, inst := s.unitFree(p, op.unit)
	occ := occupancy(op.init, op.lanes, x.thr)
	s.free[inst] = now + occ
	s.stats.UnitBusy[op.unit] += uint64(occ)
	if s.interv > 1 {
		s.wakeWaiting(p, op.unit, now)
	}
	p.stats.Issued++
	done := now + op.lat
	x.opDone[k] = done
	if op.out && done >= x.done {
		x.done, x.unit = done, op.unit
	}
	pu := &s.pcs[pc].Units[op.unit]
	pu.Ops++
	pu.Busy += uint64(occ)
	sl.hold, sl.holdWhy, sl.holdPC = now+1, NoInstruction, -1
	sl.setWake(now + 1)
	taken := op.taken
	if x.slow && k == e.branch {
		taken = !taken // the slow path's branch goes the other way
	}
	if taken {
		sl.hold = now + max(1, op.lat) + s.takenBranch
	}
	n := seqLen(e, x.slow)
	if s.hook != nil {
		s.traceOp(sl, pc, now, op, occ, k, n)
	}
	if s.policy == policyGTO {
		p.greedy = sl.widx + 1
	}
	p.lastAge = sl.age
	if k+1 < n {
		x.pos = k + 1
		next := s.prog.seqOp(e, k+1, x.slow)
		sl.sbAt, sl.sbLong, sl.sbUnit = s.opWait(sl, next)
		sl.nunit = next.unit
		s.settle(sl, now)
		return nil
	}
	// The last op: the destination is readable when its last result is.
	if x.unit < 0 {
		x.done, x.unit = done, op.unit
	}
	for _, r := range s.prog.slots[info.def.lo:info.def.hi] {
		sl.sb[r] = newSB(x.done, x.unit, false)
	}
	s.addLatency(pc, now, x.done-x.first)
	if s.hook != nil {
		s.traceComplete(sl, pc, n)
	}
	x.pc = -1
	s.scoreboard(sl)
	if b := &s.blocks[sl.blk]; b.parked > 0 {
		s.release(b, now)
	}
	s.settle(sl, now)
	return nil
}

// traceOp announces the issue of micro-op k of n of warp sl's expanded
// instruction pc at now to the listener (out of issueOp, whose frame and
// registers stay those of the run without one).
//
//go:noinline
func (s *SM) traceOp(sl *slot, pc int32, now Cycle, op *microOp, occ Cycle, k, n int32) {
	x := &sl.x
	ev := IssueEvent{Where: s.where(sl, pc), Cycle: now, Unit: int(op.unit), Latency: op.lat, Occupancy: occ,
		Op: int(k), Ops: int(n), Slow: x.slow}
	if k == 0 {
		ev.Threads, ev.Insts = x.exec, 1
	}
	s.hook.Issue(ev)
}

// traceComplete announces the completion of warp sl's expanded
// instruction pc, of n micro-ops, to the listener.
//
//go:noinline
func (s *SM) traceComplete(sl *slot, pc int32, n int32) {
	x := &sl.x
	s.hook.Complete(CompleteEvent{Where: s.where(sl, pc), Issued: x.first, Done: x.done, Ops: int(n)})
}

// rename executes warp sl's next instruction, a form of no machine
// instruction, in no time: its destination is readable when its sources
// (and any pending write of it) are.
func (s *SM) rename(sl *slot, info *instInfo) {
	srcs := s.prog.exps[info.xp].srcs
	t, long, from := sl.pending(s.prog.slots[srcs.lo:srcs.hi])
	for _, r := range s.prog.slots[info.def.lo:info.def.hi] {
		if e := sl.sb[r]; e.ready() > t {
			t, long, from = e.ready(), e.long(), e.from()
		}
	}
	for _, r := range s.prog.slots[info.def.lo:info.def.hi] {
		sl.sb[r] = newSB(t, from, long)
	}
}
