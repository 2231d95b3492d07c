package core

import (
	"math/bits"

	"github.com/gpusim/gpusim/traces"
	"github.com/gpusim/gpusim/warp"
)

// Step runs cycle now: every partition whose warps can have changed state
// evaluates them and issues up to issue_width ready warps. An error is the
// simulated program's fault.
//
// Partitions go in turn starting from a different one each cycle (now mod
// partitions), so that units shared by the SM are arbitrated round robin.
func (s *SM) Step(now Cycle) error {
	n := len(s.parts)
	first := int(modCycle(now, Cycle(n)))
	for k := range s.parts {
		i := first + k
		if i >= n {
			i -= n
		}
		if !s.every && s.pwake[i] > now {
			continue
		}
		p := &s.parts[i]
		if len(p.warps) == 0 {
			continue
		}
		if err := s.stepPartition(p, now); err != nil {
			return err
		}
	}
	s.updateWake()
	return nil
}

// stepPartition evaluates p's warps at cycle now and issues.
func (s *SM) stepPartition(p *partition, now Cycle) error {
	// The warps that can issue (in p.warps order), and the earliest wake
	// of the others. Warps woken while this one issues (a barrier's
	// release, wakeWaiting) lower its wake themselves.
	cands := p.cands[:0]
	wake := Never
	due := now // the warps due: woken by now (every one when cycle by cycle)
	if s.every {
		due = Never
	}
	ws := p.ws[:len(p.warps)]
	for i := range ws {
		if w := ws[i].wake; w > due {
			wake = min(wake, w)
			continue
		}
		sl := p.warps[i]
		if u := ws[i].sel; u >= 0 {
			// It waited for its issue slot since its last evaluation:
			// nothing of its own has changed since (hold, scoreboard,
			// barrier and membar change only when it issues). If its
			// unit accepts it, eval would say ready: its slot is not
			// read.
			s.setSel(p, i, -1)
			if s.unitNext(p, u) <= now {
				ws[i].cand = true
				cands = append(cands, cand{sl: sl, i: int32(i), u: u, kept: true})
				continue
			}
		}
		r, t, pc := s.eval(p, sl, now)
		if r == ready && s.prog.insts[pc].hint {
			// AMD hints ahead: executed at once, then the instruction
			// after them is evaluated.
			if err := s.skipHints(sl, now); err != nil {
				return err
			}
			r, t, pc = s.eval(p, sl, now)
		}
		if r == ready {
			ws[i].cand = true
			cands = append(cands, cand{sl: sl, i: int32(i), u: sl.nunit})
			continue
		}
		s.setState(sl, r, pc, now)
		ws[i].wake = t
		if t == Never && !sl.parked {
			sl.parked = true
			s.blocks[sl.blk].parked++
		}
		wake = min(wake, t)
	}
	p.cands = cands
	s.pwake[p.idx] = Never
	if s.policy == policyTwoLevel {
		s.twoLevel(p)
	}
	if len(cands) > 0 && modCycle(now, s.interv) == p.phase {
		if err := s.issueReady(p, now); err != nil {
			return err
		}
	}
	if len(cands) > 0 {
		next := s.nextSlot(p, now)
		for _, c := range cands {
			// (A warp that issued and exited has wake Never.)
			if p.ws[c.i].cand {
				p.ws[c.i].cand = false
				if !c.kept { // (else NotSelected at npc still)
					s.setState(c.sl, NotSelected, c.sl.npc, now)
				}
				f := s.unitNext(p, c.u)
				if f > now+1 && s.ahead {
					// An issue took its unit past the next cycle: eval
					// would find it pipe_busy then, until f at least
					// (nothing of its own changes before it issues, and
					// unit instances only get busier).
					s.setState(c.sl, PipeBusy, c.sl.npc, now+1)
					p.ws[c.i].wake = f
				} else {
					s.setSel(p, int(c.i), c.u)
					p.ws[c.i].wake = next
					if s.interv > 1 && f > now+1 {
						// Its unit is busy before its next issue slot.
						p.ws[c.i].wake = now + 1
					}
				}
			}
			wake = min(wake, p.ws[c.i].wake)
		}
	}
	if p.exits > 0 {
		live, ws := p.warps[:0], p.ws[:0]
		for i, sl := range p.warps {
			if !sl.exited {
				if p.greedy == int32(i)+1 {
					p.greedy = int32(len(live)) + 1 // (it moves with its warp)
				}
				sl.widx = int32(len(live))
				live = append(live, sl)
				ws = append(ws, p.ws[i])
			} else if !p.ws[i].ahead {
				p.blockers--
			}
		}
		clear(p.warps[len(live):])
		p.warps, p.ws = live, ws
		if s.interv > 1 {
			// The warps moved: the waiting sets again (their counts in
			// selWait stay, an exited warp having issued: sel -1).
			clear(p.selBits)
			for j, w := range p.ws {
				if w.sel >= 0 {
					p.selRow(w.sel)[j>>6] |= 1 << uint(j&63)
				}
			}
		}
		p.exits = 0
	}
	s.pwake[p.idx] = min(s.pwake[p.idx], wake)
	return nil
}

// eval is the state of warp sl (of partition p) at cycle now and until
// when it lasts at least; ready means it can issue now.
func (s *SM) eval(p *partition, sl *slot, now Cycle) (Reason, Cycle, int32) {
	pc := sl.npc
	if sl.hold > now {
		if sl.holdPC >= 0 {
			pc = sl.holdPC
		}
		return sl.holdWhy, sl.hold, pc
	}
	if sl.waiting {
		// Only a barrier instruction makes a warp wait; another warp's
		// instruction may have released it since.
		if sl.w.Waiting() {
			if sl.barPC >= 0 {
				pc = sl.barPC
			}
			return Barrier, Never, pc
		}
		sl.waiting = false
	}
	info := &s.prog.insts[pc]
	if t := sl.sbAt; t > now {
		if sl.sbLong {
			return LongScoreboard, t, pc
		}
		return ShortScoreboard, t, pc
	}
	if info.membar && sl.memDone > now {
		return Membar, sl.memDone, pc
	}
	if f := s.nextFree(p, sl); f > now {
		return PipeBusy, f, pc
	}
	return ready, now, pc
}

// issue issues warp sl's next instruction at cycle now.
func (s *SM) issue(p *partition, sl *slot, now Cycle) error {
	w := sl.w
	pc := sl.npc
	info := &s.prog.insts[pc]
	if info.xp >= 0 {
		return s.issueOp(p, sl, now) // the machine code ptxas emits (expand.go)
	}
	s.setState(sl, Selected, pc, now)
	_, inst := s.unitFree(p, info.unit)
	s.order(info, now)
	res, err := w.Step(uint64(now))
	if err != nil {
		return err
	}
	if res.Kind == warp.KindBarrier {
		sl.waiting = w.Waiting()
	}
	threads := bits.OnesCount64(res.Active) // the lanes at the instruction
	occ := occupancy(info.init, info.lanes, threads)
	s.free[inst] = now + occ
	s.stats.UnitBusy[info.unit] += uint64(occ)
	if s.interv > 1 {
		s.wakeWaiting(p, info.unit, now)
	}
	n := uint64(1)
	if info.pair {
		n = 2 // a VOPD pair: two instructions in one issue
	}
	s.stats.WarpInsts += n
	s.stats.ThreadInsts += n * uint64(bits.OnesCount64(res.Exec))
	p.stats.Issued++
	b := &s.blocks[sl.blk]
	done := now + info.lat
	long := false
	ack := done // AMD: when the wait counter entry completes
	if res.Mem != nil {
		d := s.port.access(p.cu, sl.gw, now, res.Mem, info)
		done, long = max(d, now+1), true
		sl.memDone = max(sl.memDone, done)
		b.drain = max(b.drain, done)
		ack = done
		if sl.wave != nil && (res.Mem.Kind == warp.AccessStore || info.reduce) && accessSpace(res.Mem) != traces.SpaceShared {
			ack = done + s.storeAck
		}
	}
	for _, r := range s.prog.slots[info.def.lo:info.def.hi] {
		sl.sb[r] = newSB(done, info.unit, long)
	}
	// Selected covers this cycle; from the next the warp is evaluated
	// again (a taken branch holds it for the branch unit's latency plus
	// scheduler.taken_branch_penalty).
	sl.hold, sl.holdWhy, sl.holdPC = now+1, NoInstruction, -1
	sl.setWake(now + 1)
	if res.Kind == warp.KindBranch || res.Kind == warp.KindDiverged {
		sl.hold = now + max(1, info.lat) + s.takenBranch
	}
	if res.Kind == warp.KindBarrier && sl.wave != nil {
		// AMD: the wait counts on the barrier instruction, as for s_waitcnt.
		sl.barPC = pc
	}
	lat := done - now
	if info.nop > 1 {
		// s_nop N: the wave idles N+1 cycles, this one included.
		sl.hold, sl.holdWhy, sl.holdPC = now+info.nop, ShortScoreboard, pc
	}
	if info.sync && sl.wave != nil {
		// AMD: the wave may not go past a wait (or a counter overflow)
		// before the memory operations it retired complete.
		if t := syncQueues(sl, ack); t > sl.hold {
			sl.hold, sl.holdWhy, sl.holdPC = t, LongScoreboard, pc
			if info.wait {
				lat = t - now
			}
		}
	}
	if info.asyncAny {
		// Async copies: a wait holds the warp until the copies it waits
		// for complete (wait_group, on the wait's PC).
		if t := s.asyncIssue(sl, b, info, done); t > sl.hold {
			sl.hold, sl.holdWhy, sl.holdPC = t, WaitGroup, pc
			lat = t - now
		}
	}
	s.addLatency(pc, now, lat)
	if info.pair {
		s.addLatency(pc+1, now, lat)
	}
	if s.hook != nil {
		s.announce(sl, pc, info, now, done, long, ack, lat, occ, res)
	}
	if s.policy == policyGTO {
		p.greedy = sl.widx + 1
	}
	p.lastAge = sl.age
	if res.Kind == warp.KindExited {
		s.exit(p, sl, b, now)
	} else {
		s.scoreboard(sl)
		s.settle(sl, now)
	}
	if b.parked > 0 {
		// This instruction may have completed a barrier (the last
		// arrival, or an exit the barrier no longer waits for).
		s.release(b, now)
	}
	return nil
}

// settle is for warp sl, which issued at now, when all that holds its
// next instruction at now+1 is the scoreboard: eval would find that wait
// until sbAt, and nothing but the warp's own next issue changes sbAt, hold
// or waiting. The warp enters the wait at now+1 and sleeps until sbAt,
// without that evaluation (and without its partition stepping at now+1
// for it), when s.ahead.
func (s *SM) settle(sl *slot, now Cycle) {
	if !s.ahead || sl.waiting || sl.hold > now+1 || sl.sbAt <= now+1 {
		return
	}
	r := ShortScoreboard
	if sl.sbLong {
		r = LongScoreboard
	}
	s.setState(sl, r, sl.npc, now+1)
	sl.setWake(sl.sbAt)
}

// skipHints executes the pure hints (AMD s_delay_alu, s_clause, ...) at
// warp sl's next instruction at cycle now, in no time: a hint is consumed
// by the instruction buffer, taking no issue slot, no unit and no cycle of
// its wave; the delay s_delay_alu describes is the scoreboard's interlock
// (amd_program.go). They count as executed instructions with latency 0.
func (s *SM) skipHints(sl *slot, now Cycle) error {
	for s.prog.insts[sl.npc].hint {
		pc := sl.npc
		s.order(&s.prog.insts[pc], now)
		res, err := sl.w.Step(uint64(now))
		if err != nil {
			return err
		}
		if res.Kind == warp.KindBarrier {
			sl.waiting = sl.w.Waiting()
		}
		s.stats.WarpInsts++
		s.stats.ThreadInsts += uint64(bits.OnesCount64(res.Exec))
		s.addLatency(pc, now, 0)
		if info := &s.prog.insts[pc]; info.xp >= 0 {
			s.rename(sl, info) // a PTX form of no machine instruction (expand.go)
		}
		if s.hook != nil {
			s.hook.Issue(IssueEvent{Where: s.where(sl, pc), Cycle: now, Unit: -1, Threads: bits.OnesCount64(res.Exec), Insts: 1})
		}
		s.scoreboard(sl)
	}
	return nil
}

// scoreboard finds the warp's next instruction and when the scoreboard
// lets it issue: when the last of the slots it reads or writes lands.
func (s *SM) scoreboard(sl *slot) {
	pc := sl.w.PC()
	info := &s.prog.insts[pc]
	use := info.use
	if info.xp >= 0 && !s.prog.exps[info.xp].free {
		use = s.prog.mops[s.prog.exps[info.xp].fast.lo].use // its first micro-op's (expand.go)
	}
	t, long, from := sl.pending(s.prog.slots[use.lo:use.hi])
	sl.npc, sl.sbAt, sl.sbLong, sl.nunit, sl.sbUnit = pc, t, long, s.prog.firstUnit(pc), from
	if ws := &sl.part.ws[sl.widx]; ws.ahead != info.ahead {
		ws.ahead = info.ahead
		if info.ahead {
			sl.part.blockers--
		} else {
			sl.part.blockers++
		}
	}
}

// nextFree is when an instance of the unit warp sl's next issue needs
// accepts it (0 when it needs none).
func (s *SM) nextFree(p *partition, sl *slot) Cycle { return s.unitNext(p, sl.nunit) }

// unitNext is when an instance of unit class u available to partition p
// accepts a warp instruction (0 for u -1: none needed).
func (s *SM) unitNext(p *partition, u int32) Cycle {
	if u < 0 {
		return 0
	}
	f, _ := s.unitFree(p, u)
	return f
}

// exit retires warp sl, which issued its last instruction at now.
func (s *SM) exit(p *partition, sl *slot, b *blockState, now Cycle) {
	s.flush(sl, now+1)
	s.closeState(sl.state, sl.since)
	sl.exited = true
	p.exits++
	sl.setWake(Never)
	if sl.inActive {
		sl.inActive = false
		p.nactive--
	}
	if p.greedy == sl.widx+1 {
		p.greedy = 0
	}
	s.countWarps(p, now+1, -1)
	b.live--
	if b.live == 0 {
		b.retireAt = max(now+1, b.drain)
		s.retire = min(s.retire, b.retireAt)
	}
}

// release wakes the warps of block b that a barrier let go at now: they
// may issue from the next cycle.
func (s *SM) release(b *blockState, now Cycle) {
	for _, id := range b.slots {
		sl := &s.slots[id]
		if !sl.parked || sl.w.Waiting() {
			continue
		}
		sl.parked, sl.waiting = false, false
		b.parked--
		sl.hold, sl.holdWhy, sl.holdPC = now+1, Barrier, sl.barPC
		sl.setWake(now + 1)
		s.pwake[sl.pidx] = min(s.pwake[sl.pidx], now+1)
	}
}

// wakeWaiting is for machines whose partitions issue only every
// issue_interval cycles: a warp that can issue but waits for its
// partition's slot (NotSelected) sleeps until that slot, unless the unit it
// needs becomes busy before then, when it is pipe_busy instead. An issue
// into unit class u at now by partition p makes it busy: the waiting warps
// of every partition sharing those instances that need u are evaluated
// again when cycle-by-cycle stepping would next see them (now for a
// partition that steps after p in this cycle, else now+1).
func (s *SM) wakeWaiting(p *partition, u int32, now Cycle) {
	g := p.units[u]
	if s.selWait[g.lo] == 0 {
		return
	}
	n := len(s.parts)
	first := int(modCycle(now, Cycle(n)))
	at := turnOf(int(p.idx), first, n) // p's turn in this cycle (Step)
	for i := range s.parts {
		q := &s.parts[i]
		if q.units[u] != g {
			continue
		}
		t := now + 1
		if turnOf(i, first, n) > at {
			t = now
		}
		for k, m := range q.selRow(u) {
			for ; m != 0; m &= m - 1 {
				if j := k<<6 + bits.TrailingZeros64(m); q.ws[j].wake > t {
					q.ws[j].wake = t
					s.pwake[i] = min(s.pwake[i], t)
				}
			}
		}
	}
}

// turnOf is the turn of partition i in a step whose first partition is
// first, of n (both below n): (i - first) mod n without a division.
func turnOf(i, first, n int) int {
	if t := i - first; t >= 0 {
		return t
	}
	return i - first + n
}

// unitFree is when the first instance of unit class u available to
// partition p accepts a warp instruction, and that instance.
func (s *SM) unitFree(p *partition, u int32) (Cycle, int32) {
	g := p.units[u]
	best, at := s.free[g.lo], g.lo
	for k := g.lo + 1; k < g.hi; k++ {
		if s.free[k] < best {
			best, at = s.free[k], k
		}
	}
	return best, at
}

// announce sends the events of one issue to the listener: the issue, the
// completion of its result and its memory access.
func (s *SM) announce(sl *slot, pc int32, info *instInfo, now, done Cycle, long bool, ack, lat, occ Cycle, res warp.Result) {
	w := s.where(sl, pc)
	insts := 1
	if info.pair {
		insts = 2
	}
	s.hook.Issue(IssueEvent{Where: w, Cycle: now, Unit: int(info.unit), Latency: lat, Occupancy: occ,
		Threads: bits.OnesCount64(res.Exec), Insts: insts, Exited: res.Kind == warp.KindExited})
	s.hook.Complete(CompleteEvent{Where: w, Issued: now, Done: done, Long: long})
	for a := res.Mem; a != nil; a = a.Next {
		s.hook.Memory(MemoryEvent{Where: w, CU: sl.part.cu, Kind: a.Kind, Space: accessSpace(a), Reduce: info.reduce,
			Lanes: bits.OnesCount64(a.Mask), Bytes: a.Size, Issued: now, Done: done, Ack: ack})
	}
}
